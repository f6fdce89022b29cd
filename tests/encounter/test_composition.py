"""The Encounter is composed from rule classes whose order does not matter.

Issue 10: "one module per rule heading ... A module receives a small typed context
(Protocol), not the whole Encounter." Each rule class sees the encounter through its
``...Context`` Protocol (checked by mypy in ``make lint``); here, at run time, no rule class
overrides another's method (a rule that adds to another's step is called by name, e.g.
:meth:`CombatRules._encounter_situation` calls ``_flight_situation`` and
``_close_fight_situation``), so the order of the bases cannot change a fight: the golden fights
replay event for event with the bases reversed.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from lfgcombat import Encounter
from lfgcombat.encounter import core

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
RULE_CLASSES = [b for b in Encounter.__bases__ if b is not core._Contexts]


def test_the_rule_classes_are_the_encounters_bases():
    names = [b.__name__ for b in RULE_CLASSES]
    assert len(names) >= 25 and all(n.endswith("Rules") for n in names), names


def test_no_rule_class_overrides_another():
    defined: dict[str, list[str]] = defaultdict(list)
    for rules in RULE_CLASSES:
        for klass in rules.__mro__:
            if klass is object:
                continue
            for attr in vars(klass):
                if not attr.startswith("__"):
                    defined[attr].append(klass.__name__)
    twice = {a: sorted(set(c)) for a, c in defined.items() if len(set(c)) > 1}
    assert twice == {}, f"rule classes overriding each other (order-dependent): {twice}"


def _reversed_encounter() -> type:
    """The Encounter with its rule classes in the opposite order."""
    return type("ReversedEncounter", (*reversed(RULE_CLASSES), core._Contexts),
                dict(vars(Encounter)))


@pytest.mark.parametrize("stem", ["melee-1", "gm-edits", "skirmish-top-down"])
@pytest.mark.filterwarnings("ignore:.*first format")
def test_golden_fights_replay_with_the_bases_reversed(stem):
    path = GOLDEN / f"{stem}.jsonl"
    reference = Encounter.load(path)
    flipped = _reversed_encounter().load(path)
    assert [e.to_json() for e in flipped.log] == [e.to_json() for e in reference.log]
    assert len(reference.log) > 20
    assert flipped.table().equals(reference.table())
