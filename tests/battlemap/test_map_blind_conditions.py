"""Conditions the map reads nothing of (lfgcombat/battlemap/space.py, ``_map_blind``;
issue 25, item 4: a wound past the Injured Threshold or a Bleed made the map read the
creature through again).

Every condition of ``data/conditions.csv`` is gained by a creature standing on a map; for
each one ``_map_blind`` calls blind, the map's readings of the creature read fresh are the
ones it had without it (000_8d1d7816ee944f3b.txt, "Reach & Threatened Area", "Flanking /
Being Flanked", "Difficult Terrain": what the map reads of a creature's conditions are
their flags and Prone, Helpless, Unconscious and Paralyzed by name), and the map's
``update`` keeps its readings of where creatures stand exactly when they are the same.
"""

from __future__ import annotations

import pytest

from lfgcombat.battlemap import HexMap, kept
from lfgcombat.battlemap.space import _as_the_map_reads, _map_blind, _reads_the_same
from lfgcombat.creature import load_example
from lfgcombat.rules.conditions.conditions import Condition

from .test_map_kept_here import _fresh, _kept


def _gained(creature, condition: Condition):
    """``creature`` with ``condition`` gained (a valued one at 2), read fresh."""
    try:
        return creature.with_condition(condition.value)
    except Exception:  # noqa: BLE001 - a condition that needs its value
        return creature.with_condition({"condition": condition.value, "value": 2})


def _fresh_reading(creature) -> tuple:
    copy = creature.replace()  # nothing kept on it yet
    return _as_the_map_reads(copy)


def _entries(creature) -> set:
    return set(creature.active_conditions.entries)


@pytest.mark.parametrize("condition", list(Condition), ids=lambda c: c.value)
def test_a_map_blind_condition_reads_as_none_and_the_others_are_not_called_blind(condition):
    base = load_example("wulfric")
    new = _gained(base, condition)
    added = _entries(new) ^ _entries(base)
    assert added, f"{condition.value}: nothing in effect changed"
    blind = all(_map_blind(e.condition, e.spec) for e in added)
    if blind:
        assert _fresh_reading(new) == _fresh_reading(base)
    if condition.value in ("prone", "helpless", "unconscious", "paralyzed", "grappled",
                           "pinned", "blinded", "asleep", "dying"):
        assert not blind, f"{condition.value} changes what the map reads"


def test_the_table_has_blind_conditions_and_injured_is_one():
    base = load_example("wulfric")
    hurt = base.replace(current_hp=int(base.injured_threshold) - 1)
    added = _entries(hurt) ^ _entries(base)
    assert {e.condition.value for e in added} == {"injured"}
    assert all(_map_blind(e.condition, e.spec) for e in added)
    assert _reads_the_same(base, hurt)


@pytest.fixture(autouse=True)
def _forget():
    kept.clear()
    yield
    kept.clear()


@pytest.mark.parametrize("condition", ["injured"] + [c.value for c in Condition])
def test_a_creature_updated_on_the_map_keeps_readings_that_are_fresh(condition):
    m = HexMap(8, 6)
    m.place(load_example("wulfric"), (3, 2), side="party")
    m.place(load_example("orc").replace(name="Orc 1"), (4, 2), side="orcs")
    m.place(load_example("orc").replace(name="Orc 2"), (2, 2), side="orcs")
    for n in m.names:
        m.start_turn(n)
    _kept(m)  # read once: kept
    wulfric = m._placed["Wulfric"].creature
    if condition == "injured":
        new = wulfric.replace(current_hp=int(wulfric.injured_threshold) - 1)
    else:
        new = _gained(wulfric, Condition(condition))
    m.update(new)
    assert _kept(m) == _fresh(m)
