"""GM prep takes every weapon form a creature file may hold and the Encounter accepts: a
plain name (``weapons: [club]``), an entry mapping (``{name: club}``), and both mixed; the
fights play the weapon the Encounter itself attacks with when an attack names none (the
first listed), in both tiers, under ``Tactics(weapon="first")`` (the default chooses the
best by the exact odds since issue 25: tests/prep/test_prep_weapon_choice.py). Before, a plain name raised ``AttributeError: 'str' object
has no attribute 'get'`` in ``prep/spec.py``."""

from __future__ import annotations

import numpy as np
import pytest

from lfgcombat import Creature, Encounter
from lfgcombat.engine.log.effects import Attack
from lfgcombat.prep import Tactics, simulate

FIRST = Tactics(weapon="first")


def _pair(a_weapons, b_weapons):
    a = Creature.from_dict({"name": "A", "level": 2, "max_hp": 12, "weapons": a_weapons})
    b = Creature.from_dict({"name": "B", "level": 2, "max_hp": 12, "weapons": b_weapons})
    return {"a": [a], "b": [b]}


def _encounter_weapon(creature: Creature, foe: Creature) -> str:
    """The weapon the Encounter attacks with when ``attack()`` names none."""
    enc = Encounter([creature, foe], sides={"a": [creature.name], "b": [foe.name]}, seed=0)
    enc.start()
    if enc.current != creature.name:
        enc.end_turn(next=creature.name)
    enc.attack(creature.name, foe.name)
    return [e for e in enc.log if isinstance(e, Attack)][-1].data["weapon"]


PLAIN = (["club"], ["dagger", "club"])
MAPPED = ([{"name": "club"}], [{"name": "dagger"}, {"name": "club"}])
MIXED = (["club"], [{"name": "dagger"}, "club"])


@pytest.mark.parametrize("tier, n", [("fast", 200), ("reference", 3)])
def test_plain_weapon_names_play_as_their_entries(tier, n):
    """The same seeds give the same fights whether a weapon is written as a name or as
    ``{name: ...}``, or both mixed."""
    runs = [simulate(_pair(*w), n, seed=5, tier=tier, progress=False, tactics=FIRST)
            for w in (PLAIN, MAPPED, MIXED)]
    for r in runs[1:]:
        for k in ("winner", "rounds", "hp", "dealt"):
            assert np.array_equal(getattr(runs[0], k), getattr(r, k)), k
    assert any("B attacks with its dagger (never: club)" in note for note in runs[0].notes)


@pytest.mark.parametrize("tier", ["fast", "reference"])
def test_the_fight_plays_the_weapon_the_encounter_would(tier):
    sides = _pair(*PLAIN)
    a, b = sides["a"][0], sides["b"][0]
    expected = {"A": _encounter_weapon(a, b), "B": _encounter_weapon(b, a)}
    assert expected == {"A": "club", "B": "dagger"}
    r = simulate(sides, 2, seed=2, tier=tier, progress=False, tactics=FIRST)
    played = {(e.actor, e.data["weapon"]) for e in r.replay(0).log if isinstance(e, Attack)}
    assert played and played <= set(expected.items())
