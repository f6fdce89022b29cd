""""How much do tactics matter?": ``compare(sides, tactics=[...])`` and the named presets
(issue 25, items 3 and 2 in part; lfgcombat/prep/compare.py, lfgcombat/prep/tactics.py).

The same fights (common random numbers) under each tactics, with the paired differences
and their intervals that ``compare`` gives for rule variants. Small runs, fixed seeds.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from lfgcombat.creature import load_example
from lfgcombat.prep import PrepError, Tactics, compare, simulate
from lfgcombat.prep.tactics import PRESETS, TacticsError, coerce_tactics

from .from_here_helpers import in_round_three, orcs


def _sides():
    return {"party": [load_example("wulfric").replace(current_hp=50),
                      load_example("mayat").replace(current_hp=40)], "orcs": orcs(4)}


@pytest.fixture(scope="module")
def by_tactics():
    return compare(_sides(), 3000, tactics=["focus_fire", "spread_out"], seed=1,
                   progress=False)


def test_tactics_variants_are_paired_with_intervals(by_tactics):
    s = by_tactics.summary("win")
    assert list(dict.fromkeys(s.index.get_level_values("variant"))) == ["focus_fire",
                                                                        "spread_out"]
    first, other = s.loc[("focus_fire", "party")], s.loc[("spread_out", "party")]
    assert first["diff"] == 0 and first["changed"] == 0
    assert other["diff_lo"] <= other["diff"] <= other["diff_hi"]
    assert other["diff"] == pytest.approx(other["p"] - first["p"])
    assert other["diff_hi"] < 0  # spreading the blows out loses fights focus fire wins
    assert other["changed"] > 0 and other["n"] == 3000


def test_each_variant_plays_the_fights_simulate_plays_with_that_tactics(by_tactics):
    alone = simulate(_sides(), 3000, tactics="spread_out", seed=1, progress=False)
    assert np.array_equal(alone.winner, by_tactics.results[1].winner)
    assert np.array_equal(alone.hp, by_tactics.results[1].hp)
    assert by_tactics.results[0].seconds == by_tactics.results[1].seconds > 0


def test_a_side_may_change_its_tactics_alone():
    c = compare(_sides(), 200, tactics=["weakest", {"party": "threat_first"}], seed=2,
                progress=False)
    assert c.labels == ("weakest", "party=threat_first")
    assert c.results[1].scenario.tactics == (PRESETS["threat_first"], Tactics())


def test_presets_are_named_preferences_a_gm_can_change():
    assert coerce_tactics("hold_ground", ["a"])["a"] == Tactics("weakest", "stand")
    mine = dataclasses.replace(PRESETS["focus_fire"], archers="stand", name="mine")
    assert mine.label == "mine" and mine == PRESETS["hold_ground"]
    assert Tactics("random", "stand").label == "random, archers stand"
    assert {t.target for t in PRESETS.values()} <= {"weakest", "nearest", "dangerous",
                                                   "random"}


def test_a_fight_under_way_compares_its_tactics_from_where_it_stands():
    enc = in_round_three()
    c = compare(enc, 4, tactics=["focus_fire", "closest_first"], seed=3, progress=False)
    assert [r.scenario.start.where for r in c.results] == ["round 3, Wulfric's turn"] * 2
    assert c.results[0].tier == "reference"
    rep = c.results[1].replay(0)
    assert list(rep.log)[:len(enc.log)] == list(enc.log)


@pytest.mark.parametrize("kw, words", [
    (dict(tactics=["weakest"]), "two or more variants, got 1"),
    (dict(tactics=["weakest", "random"], switches=[{}, {"killer_criticals": True}]),
     "one of the three \\(got switches and tactics\\)"),
    (dict(), "one of the three$")])
def test_bad_variants_are_refused(kw, words):
    with pytest.raises(PrepError, match=words):
        compare(_sides(), 10, progress=False, **kw)


def test_an_unknown_preset_says_did_you_mean():
    with pytest.raises(TacticsError, match="did you mean 'spread_out'"):
        compare(_sides(), 10, tactics=["focus_fire", "spread_ot"], progress=False)


def test_rule_variants_of_a_fight_under_way_are_refused():
    with pytest.raises(PrepError, match="compare its tactics"):
        compare(in_round_three(), 4, rulesets=["lfg", "classic"], progress=False)


def test_the_comparison_plots_p_and_the_paired_differences(by_tactics):
    fig = by_tactics.plot(side="party")
    left, right = fig.axes
    assert [t.get_text() for t in right.get_yticklabels()] == ["focus_fire", "spread_out"]
    assert "paired 95% CI" in right.get_title() and "P(win) of party" in left.get_title()
    with pytest.raises(PrepError, match="no side 'elves'"):
        by_tactics.plot(side="elves")
