"""The Encounter is one plain state with the rules as functions over it.

Issue 24, "One plain state": each rule module of :mod:`lfgcombat.engine` is plain
functions whose first argument is the state (``st``, the :class:`~lfgcombat.Encounter`); the
Encounter lists the ones that are its methods (``attack = combat.attack``) and the state
attributes they share. No rule objects, no contexts, no delegation. These tests hold that
shape: every ``st.X`` a rule function uses is on the Encounter, the facade keeps the rules'
names, docs and signatures, a subclass's override is what the rules call (prep's
``ScriptedEncounter`` relies on it), and copies are independent.
"""

from __future__ import annotations

import ast
import copy
import inspect
import pickle
from pathlib import Path

import pytest

import lfgcombat.engine as package
from lfgcombat import Encounter
from lfgcombat.creature import load_example

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
RULE_MODULES = sorted(p for d in ("engine", "rules")
                      for p in (Path(package.__file__).parent.parent / d).rglob("*.py")
                      if p.name not in ("encounter.py", "__init__.py"))


def _duel(cls: type = Encounter) -> Encounter:
    return cls([load_example("wulfric"), load_example("orc")],
               sides={"party": ["Wulfric"], "orcs": ["Orc"]}, seed=1)


def _state_names() -> set[str]:
    """What the Encounter holds: its class's members and annotations, and the attributes
    ``__init__`` and ``_reset`` set on a fresh encounter."""
    names = set(dir(Encounter)) | set(vars(_duel()))
    for klass in Encounter.__mro__:
        names |= set(getattr(klass, "__annotations__", {}))
    return names


def _uses_of_st(path: Path) -> list[tuple[str, int]]:
    """``st.X`` in the functions of ``path`` whose first argument is ``st``."""
    found = []
    for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(fn, ast.FunctionDef) or not fn.args.args:
            continue
        if fn.args.args[0].arg != "st":
            continue
        for node in ast.walk(fn):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id == "st"):
                found.append((node.attr, node.lineno))
    return found


def test_the_rule_modules_are_functions_over_the_state():
    assert Encounter.__mro__ == (Encounter, object)
    with_rules = [p for p in RULE_MODULES if _uses_of_st(p)]
    assert len(with_rules) >= 25, [p.name for p in with_rules]
    for p in RULE_MODULES:  # no rule classes, contexts or a composition left
        tree = ast.parse(p.read_text(encoding="utf-8"))
        classes = [n.name for n in tree.body if isinstance(n, ast.ClassDef)]
        assert not [c for c in classes if c.endswith(("Rules", "Context"))], (p.name, classes)
    assert not (Path(package.__file__).parent / "composition.py").exists()


def test_every_name_a_rule_uses_of_the_state_is_the_encounters():
    """The static check that replaces the contexts: ``st.X`` in a rule function is a
    method, property or state attribute of the Encounter (mypy checks the same)."""
    names = _state_names()
    missing = [f"{p.name}:{line} st.{attr}" for p in RULE_MODULES
               for attr, line in _uses_of_st(p) if attr not in names]
    assert missing == []


def test_the_facade_keeps_the_rules_names_docs_and_signatures():
    assert Encounter.attack.__doc__ and Encounter.attack.__name__ == "attack"
    assert Encounter.attack.__module__ == "lfgcombat.rules.attacks.combat"
    params = list(inspect.signature(Encounter.move).parameters)
    assert params[:3] == ["st", "name", "to"]
    assert list(inspect.signature(_duel().move).parameters)[:2] == ["name", "to"]
    enc = _duel()
    assert enc.start() is enc  # a rule returning the state returns the encounter


def test_a_subclass_override_is_what_the_rules_call():
    calls = []

    class Noting(Encounter):
        def _header(self):
            calls.append("header")
            return super()._header()

    enc = _duel(Noting)
    enc.start()
    assert isinstance(enc.fork(), Noting)  # replay.fork calls st._header(): the override
    assert calls


def test_a_subclass_property_is_what_the_rules_read():
    """A subclass replacing a rule's property (the Momentum rule's switch): the rules read
    the subclass's."""
    class NoKnockdown(Encounter):
        @property
        def knockdown_after_strike(self) -> bool:
            return False

    assert _duel(NoKnockdown).knockdown_after_strike is False
    assert _duel().knockdown_after_strike is True


@pytest.mark.parametrize("stem", ["melee-1", "gm-edits", "skirmish-top-down"])
@pytest.mark.filterwarnings("ignore:.*first format")
def test_golden_fights_replay_through_the_rule_functions(stem):
    path = GOLDEN / f"{stem}.jsonl"
    enc = Encounter.load(path)
    again = Encounter.load(path)
    assert len(enc.log) > 20
    assert [e.to_json() for e in again.log] == [e.to_json() for e in enc.log]
    assert enc.fork().table().equals(enc.table())


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_a_copy_plays_on_by_itself(how):
    enc = _duel()
    enc.start()
    other = pickle.loads(pickle.dumps(enc)) if how == "pickle" else copy.deepcopy(enc)
    assert other.table().equals(enc.table())
    current = other.current
    other.end_turn()  # the copy plays on; the original is untouched
    assert enc.current == current and other.current != current
