"""Tactics that choose a weapon by the kit's exact odds (issue 25, item 2, the weapon part).

Rules at work: 000_8d1d7816ee944f3b.txt, "Attack Rolls" and "Critical Hits" (what the exact
odds of an attack count). Issue 25's done-when: "A creature with a dagger listed first and
a greatsword second fights with the greatsword when that is better (its P(win) matches a
greatsword-only twin's within the intervals), and the replayed fight's log says why."
"""

from __future__ import annotations

import dataclasses

import pytest

from lfgcombat.creature import load_example
from lfgcombat.prep import PRESETS, simulate
from lfgcombat.prep.spec import scenario_weapons
from lfgcombat.prep.tactics import Tactics, TacticsError


def _hero(*weapons: str):
    return load_example("wulfric").replace(name="Hero", weapons=list(weapons))


def _fight(hero):
    return {"party": [hero],
            "orcs": [load_example("orc").replace(name=f"Orc {i}") for i in (1, 2)]}


@pytest.fixture(scope="module")
def runs():
    kw = dict(progress=False, tier="fast")
    return {"best": simulate(_fight(_hero("dagger", "greatsword")), 6000, tactics="brutal",
                             seed=11, **kw),
            "twin": simulate(_fight(_hero("greatsword")), 6000, tactics="focus_fire",
                             seed=12, **kw),
            "first": simulate(_fight(_hero("dagger", "greatsword")), 6000,
                              tactics="focus_fire", seed=13, **kw)}


def test_the_best_weapon_is_the_greatsword_and_the_notes_say_why(runs):
    notes = " ".join(runs["best"].notes)
    assert "Hero fights with its greatsword" in notes and "dagger" in notes
    assert "fights with its" not in " ".join(runs["first"].notes)


def test_best_plays_as_the_greatsword_only_twin_and_first_as_the_dagger(runs):
    p, lo, hi = runs["best"].p_win("party")
    tp, tlo, thi = runs["twin"].p_win("party")
    assert lo <= thi and tlo <= hi, (p, tp)  # the intervals overlap
    fp, flo, fhi = runs["first"].p_win("party")
    assert fhi < min(lo, tlo), (fp, p, tp)  # the dagger is clearly worse


def test_the_replayed_fight_begins_with_the_note_and_swings_the_greatsword(runs):
    enc = runs["best"].replay(0)
    notes = [e.data["text"] for e in enc.log if e.kind == "note"]
    assert notes and "greatsword" in notes[0]
    swings = {e.data.get("weapon") for e in enc.log if e.kind == "attack" and e.actor == "Hero"}
    assert swings == {"greatsword"}


def test_the_reference_tier_swings_the_same_weapon():
    r = simulate(_fight(_hero("dagger", "greatsword")), 4, tactics="brutal", seed=3,
                 tier="reference", progress=False, backend=None)
    enc = r.replay(0)
    assert {e.data.get("weapon") for e in enc.log
            if e.kind == "attack" and e.actor == "Hero"} == {"greatsword"}
    assert any("greatsword" in e.data["text"] for e in enc.log if e.kind == "note")


def test_first_stays_the_encounters_default_weapon():
    from lfgcombat.prep.run import prepare_run
    scenario, _ = prepare_run(_fight(_hero("dagger", "greatsword")), "lfg", "focus_fire")
    assert scenario_weapons(scenario)[0] == "dagger"  # as Encounter.attack with no weapon
    scenario, _ = prepare_run(_fight(_hero("dagger", "greatsword")), "lfg", "brutal")
    assert scenario_weapons(scenario) == ("greatsword", "greataxe", "greataxe")


def test_a_weapon_policy_is_data_and_a_bad_one_is_refused_by_name():
    brutal = PRESETS["brutal"]
    assert brutal.weapon == "best" and dataclasses.replace(brutal, weapon="first").weapon == "first"
    with pytest.raises(TacticsError, match=r"unknown tactics weapon 'bets'.*did you mean 'best'"):
        Tactics(weapon="bets")
    assert "weapon best" in Tactics("nearest", weapon="best").label
