"""Tactics that choose a weapon by the kit's exact odds, the default (issue 25, items 2 and 3).

Rules at work: 000_8d1d7816ee944f3b.txt, "Attack Rolls" and "Critical Hits" (what the exact
odds of an attack count). Issue 25's done-when: "A creature with a dagger listed first and
a greatsword second fights with the greatsword when that is better (its P(win) matches a
greatsword-only twin's within the intervals), and the replayed fight's log says why." - here
under the default tactics (``simulate`` with no ``tactics``: ``Tactics(weapon="best")``).
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
    kw = dict(progress=False)
    return {"best": simulate(_fight(_hero("dagger", "greatsword")), 6000, seed=11, **kw),
            "twin": simulate(_fight(_hero("greatsword")), 6000, seed=12, **kw),
            "first": simulate(_fight(_hero("dagger", "greatsword")), 6000,
                              tactics=Tactics(weapon="first"), seed=13, **kw)}


def test_the_default_tactics_choose_the_weapon_by_the_exact_odds_on_the_fast_tier(runs):
    assert Tactics() == Tactics(weapon="best")
    assert runs["best"].tier == "fast"  # the fast tier plays the default: no fall-back


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
    assert notes and "greatsword" in notes[0] and "exact expected damage" in notes[0]
    swings = {e.data.get("weapon") for e in enc.log if e.kind == "attack" and e.actor == "Hero"}
    assert swings == {"greatsword"}


def test_weapon_first_keeps_the_first_weapon_and_the_presets_are_data():
    sides = _fight(_hero("dagger", "greatsword"))
    from lfgcombat.prep.run import prepare_run
    first, _ = prepare_run(sides, None, Tactics(weapon="first"))
    best, _ = prepare_run(sides, None, "focus_fire")
    assert scenario_weapons(first)[0] == "dagger"
    assert scenario_weapons(best)[0] == "greatsword"
    assert PRESETS["brutal"].weapon == "best" and PRESETS["brutal"].power_attack == "odds"
    assert dataclasses.replace(PRESETS["brutal"], weapon="first").weapon == "first"


def test_an_unknown_weapon_policy_is_refused_with_the_choices():
    with pytest.raises(TacticsError, match="did you mean 'best'.*first, best"):
        Tactics(weapon="bset")


def test_the_reference_tier_swings_the_same_weapon():
    r = simulate(_fight(_hero("dagger", "greatsword")), 4, seed=3, tier="reference",
                 progress=False, backend=None)
    enc = r.replay(0)
    assert {e.data.get("weapon") for e in enc.log
            if e.kind == "attack" and e.actor == "Hero"} == {"greatsword"}
    assert any("greatsword" in e.data["text"] for e in enc.log if e.kind == "note")


def test_the_label_names_weapon_first_now_that_best_is_the_default():
    assert Tactics("nearest").label == "nearest"
    assert "weapon first" in Tactics("nearest", weapon="first").label


def test_a_near_tie_keeps_the_weapon_listed_first_across_rule_variants():
    """Mayat at level 5 against the orcs: longbow 4.006, short sword 4.017 under Killer
    Criticals (0.3% apart): the longbow, listed first, under every variant, so compared
    variants play the same weapon (prep/weapons.py, NEAR_TIE)."""
    from lfgcombat import Ruleset
    from lfgcombat.prep.run import prepare_run
    party = [load_example("mayat").replace(level=5)]
    orcs = [load_example("orc_shaman")] + [load_example("orc").replace(name=f"Orc {i}")
                                           for i in range(1, 5)]
    for rs in (Ruleset("lfg"), Ruleset("lfg", killer_criticals=True)):
        scenario, _ = prepare_run({"party": party, "orcs": orcs}, rs, None)
        assert scenario_weapons(scenario)[0] == "longbow", rs
