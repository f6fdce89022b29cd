"""The Encounter is one rule object per rule class, each holding only its context.

Issue 10: "one module per rule heading ... A module receives a small typed context
(Protocol), not the whole Encounter." mypy checks each rule module against its
``...Context`` Protocol (``make lint``); :mod:`lfgcombat.encounter.composition` makes the same
contexts hold at run time. These tests show that it does: the rule classes are not the
encounter's bases, a rule object refuses a name its context does not declare (reading,
calling or setting it), every name a rule module uses of ``self`` is its own or declared,
and a subclass's override is what the rules call.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections import defaultdict
from pathlib import Path

import pytest

from lfgcombat import Encounter
from lfgcombat.creature import load_example
from lfgcombat.encounter import composition, core
from lfgcombat.encounter.composition import ContextError, context_of, members_of
from lfgcombat.encounter.reactions import ReactionsRules

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
RULE_CLASSES = list(Encounter._lfg_rules)


def _duel(cls: type = Encounter) -> Encounter:
    return cls([load_example("wulfric"), load_example("orc")],
               sides={"party": ["Wulfric"], "orcs": ["Orc"]}, seed=1)


def test_the_rule_classes_are_not_the_encounters_bases():
    assert Encounter.__mro__ == (Encounter, object)
    names = [r.__name__ for r in core.RULE_CLASSES]
    assert len(names) >= 25 and all(n.endswith("Rules") for n in names), names
    assert set(core.RULE_CLASSES) <= set(RULE_CLASSES)  # plus shared bases (SkillChecks)


def test_each_rule_class_has_a_context_and_one_rule_object_per_encounter():
    enc = _duel()
    assert set(enc._rules) == set(RULE_CLASSES)
    for rule, obj in enc._rules.items():
        assert obj._lfg_rule is rule
        assert context_of(rule).__name__.endswith("Context")
        assert not hasattr(obj, "__dict__"), f"{rule.__name__}'s object could hold state"
    other = _duel()
    assert other._rules[ReactionsRules] is not enc._rules[ReactionsRules]


def test_no_rule_class_overrides_another():
    defined: dict[str, list[str]] = defaultdict(list)
    for rules in RULE_CLASSES:
        for attr in vars(rules):
            if not attr.startswith("__"):
                defined[attr].append(rules.__name__)
    twice = {a: sorted(set(c)) for a, c in defined.items() if len(set(c)) > 1}
    assert twice == {}, f"rule classes overriding each other: {twice}"


def test_a_rule_object_refuses_what_its_context_does_not_declare():
    enc = _duel()
    reactions = enc._rules[ReactionsRules]
    declared = members_of(context_of(ReactionsRules))
    assert "_fighter" in declared.methods and "_f" in declared.state
    assert reactions._fighter("Orc") is enc._f["Orc"]       # a declared method
    assert reactions._f is enc._f                            # declared state, the encounter's
    assert hasattr(enc, "cast") and "cast" not in declared.methods  # casting's
    with pytest.raises(ContextError, match=r"ReactionsRules used 'cast'.*ReactionsContext"):
        reactions.cast
    with pytest.raises(ContextError, match="ReactionsRules used 'ruleset'"):
        getattr(reactions, "ruleset", None)  # no silent default for an undeclared name
    with pytest.raises(ContextError, match="ReactionsRules set 'round'"):
        reactions.round = 7
    assert enc.round == 0  # nothing changed


def test_declared_state_is_the_encounters_state():
    enc = _duel()
    turns = next(o for r, o in enc._rules.items() if r.__name__ == "TurnsRules")
    turns.round = 5
    assert enc.round == 5 and "round" in vars(enc)
    enc.round = 1
    assert turns.round == 1


def test_every_name_a_rule_module_uses_of_self_is_its_own_or_declared():
    """The static twin of the run-time check: ``self.X`` (and ``getattr(self, "X", ...)``)
    in a rule class is one of its own members or in its context."""
    problems = []
    for rule in RULE_CLASSES:
        own = {n for k in rule.__mro__ if k is not object for n in vars(k)}
        ctx = members_of(context_of(rule))
        allowed = own | ctx.state | ctx.methods
        tree = ast.parse(textwrap.dedent(inspect.getsource(rule)))
        for node in ast.walk(tree):
            name = None
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id == "self"):
                name = node.attr
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                  and node.func.id in ("getattr", "hasattr", "setattr") and len(node.args) > 1
                  and isinstance(node.args[0], ast.Name) and node.args[0].id == "self"
                  and isinstance(node.args[1], ast.Constant)):
                name = node.args[1].value
            if name is not None and name not in allowed:
                problems.append(f"{rule.__name__}: self.{name} (line {node.lineno})")
    assert problems == []


def test_the_facade_keeps_the_rules_names_docs_and_signatures():
    assert Encounter.attack.__doc__ and "attack" in Encounter.attack.__name__
    params = list(inspect.signature(Encounter.move).parameters)
    assert params[:3] == ["self", "name", "to"]
    enc = _duel()
    assert enc.start() is enc  # a rule method returning its object returns the encounter


def test_a_subclass_override_is_what_the_rules_call():
    calls = []

    class Noting(Encounter):
        def _header(self):
            calls.append("header")
            return super()._header()

    enc = _duel(Noting)
    enc.start()
    enc.fork()  # ReplayRules.fork calls self._header(): the override
    assert calls and isinstance(enc.fork(), Noting)


def test_a_rule_using_super_is_refused():
    @composition.rules(context_of(ReactionsRules))
    class Sneaky:
        def _hello(self):
            return super().__repr__()

    class Facade:
        pass
    try:
        with pytest.raises(ContextError, match="super"):
            composition.compose(Facade, [Sneaky])
    finally:
        composition._CONTEXTS.pop(Sneaky)


@pytest.mark.parametrize("stem", ["melee-1", "gm-edits", "skirmish-top-down"])
@pytest.mark.filterwarnings("ignore:.*first format")
def test_golden_fights_replay_through_the_rule_objects(stem):
    path = GOLDEN / f"{stem}.jsonl"
    enc = Encounter.load(path)
    again = Encounter.load(path)
    assert len(enc.log) > 20
    assert [e.to_json() for e in again.log] == [e.to_json() for e in enc.log]
    assert enc.fork().table().equals(enc.table())


def test_the_type_checkers_picture_lists_the_same_rule_classes():
    """``_Rules`` (under ``TYPE_CHECKING``, what mypy and a user's editor see) and
    :data:`RULE_CLASSES` (what the facade delegates to) name the same classes."""
    tree = ast.parse(Path(core.__file__).read_text(encoding="utf-8"))
    rules = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == "_Rules")
    static = [b.id for b in rules.bases if isinstance(b, ast.Name) and b.id != "_Contexts"]
    assert static == [r.__name__ for r in core.RULE_CLASSES]


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_a_copy_gets_rule_objects_of_its_own(how):
    import copy
    import pickle
    enc = _duel()
    enc.start()
    other = pickle.loads(pickle.dumps(enc)) if how == "pickle" else copy.deepcopy(enc)
    assert other.table().equals(enc.table())
    for rule, obj in other._rules.items():
        assert obj._RuleObject__encounter is other
    current = other.current
    other.end_turn()  # the copy plays on; the original is untouched
    assert enc.current == current and other.current != current


def test_a_subclass_property_is_what_the_rules_read():
    """A subclass replacing a rule's property (the Momentum rule's switch): the rule object
    reads the subclass's, as the facade does."""
    from lfgcombat.encounter.momentum import MomentumRules

    class NoKnockdown(Encounter):
        @property
        def knockdown_after_strike(self) -> bool:
            return False

    enc = _duel(NoKnockdown)
    assert enc.knockdown_after_strike is False
    assert enc._rules[MomentumRules].knockdown_after_strike is False
    assert _duel()._rules[MomentumRules].knockdown_after_strike is True


def test_a_patch_of_the_facade_made_before_an_encounter_is_built_is_seen_by_every_rule(
        monkeypatch):
    _duel()  # rule objects' classes already made once
    seen = []
    original = Encounter._emit

    def spy(self, kind, **kw):
        seen.append(kind)
        return original(self, kind, **kw)
    monkeypatch.setattr(Encounter, "_emit", spy)
    enc = _duel()
    enc.start()
    assert len(seen) == len(enc.log) and "start" in seen  # ReplayRules' own calls too
