"""``compare(encounter, tactics=[...])`` of a fight under way on the fast tier (issue 25).

Where :func:`~lfgcombat.prep.simulate` plays a fight under way on the fast tier (the open
field under lfg's rules, lfgcombat/prep/fast_here.py), ``compare`` plays each tactics
variant there too, with the same refusals and the same notes; every variant keeps the
same seeds (common random numbers), so its fights are those ``simulate`` plays with that
tactics, fight for fight, and the paired differences agree with the reference tier's
within their intervals. Rules: 000_8d1d7816ee944f3b.txt ("Rounds, Initiative, & Turn
Order", "Multiple Opponents", "Bleed X").
"""

from __future__ import annotations

import numpy as np
import pytest

from lfgcombat.prep import PrepError, compare, simulate

from .from_here_helpers import brawl_under_way, in_round_three

KEYS = ("winner", "rounds", "hp", "dead", "felled", "dealt")
TACTICS = ["weakest", "random"]


@pytest.fixture(scope="module")
def brawl():
    enc = brawl_under_way()
    return enc, compare(enc, 3000, tactics=TACTICS, seed=5, progress=False)


def test_each_variant_plays_on_the_fast_tier_the_fights_simulate_plays(brawl):
    """Common random numbers: variant ``k``'s fight ``i`` is ``simulate``'s fight ``i``
    with that tactics and seed, on the same (fast) tier, with the same notes."""
    enc, c = brawl
    assert [r.tier for r in c.results] == ["fast", "fast"]
    for tactics, r in zip(TACTICS, c.results):
        alone = simulate(enc, 3000, tactics=tactics, seed=5, progress=False)
        assert alone.tier == "fast" and r.notes == alone.notes
        assert r.chunk_size == alone.chunk_size
        for k in KEYS:
            assert np.array_equal(getattr(r, k), getattr(alone, k)), (tactics, k)
    rep = c.results[1].replay(3)
    assert list(rep.log)[:len(enc.log)] == list(enc.log)


def test_the_paired_differences_agree_with_the_reference_tiers(brawl):
    """The same comparison on the reference tier (real encounters from the fight's log,
    60 fights): each side's paired difference in P(win), P(a death) and P(one dropped)
    and its interval overlap the fast tier's."""
    enc, fast = brawl
    ref = compare(enc, 60, tactics=TACTICS, seed=6, tier="reference", backend="processes",
                  progress=False)
    assert [r.tier for r in ref.results] == ["reference", "reference"]
    f = fast.summary().loc["random"]
    r = ref.summary().loc["random"]
    for key in f.index:
        lo = max(f.loc[key, "diff_lo"], r.loc[key, "diff_lo"])
        hi = min(f.loc[key, "diff_hi"], r.loc[key, "diff_hi"])
        assert lo <= hi, (key, f.loc[key].to_dict(), r.loc[key].to_dict())
    assert fast.summary().loc["random"]["changed"].max() > 0  # the tactics do differ


def test_a_fight_the_kernel_cannot_start_from_is_refused_as_simulate_refuses_it():
    """On a map: ``tier="fast"`` is refused with simulate's words; left out, every variant
    plays on the reference tier with simulate's note saying why."""
    enc = in_round_three()
    with pytest.raises(PrepError) as theirs:
        simulate(enc, 4, tier="fast", progress=False)
    with pytest.raises(PrepError) as ours:
        compare(enc, 4, tactics=["focus_fire", "closest_first"], tier="fast", progress=False)
    assert str(ours.value) == str(theirs.value)
    assert "on a map" in str(ours.value)


def test_one_variant_the_kernel_cannot_play_puts_every_variant_on_the_reference_tier():
    """``brutal`` chooses at every attack (turn choices, the reference tier's alone): so
    that fight ``i`` keeps its seeds in both variants, both play on the reference tier, the
    notes saying why as simulate's do; ``tier="fast"`` is refused naming it."""
    enc = brawl_under_way()
    c = compare(enc, 2, tactics=["weakest", "brutal"], seed=2, progress=False)
    assert [r.tier for r in c.results] == ["reference", "reference"]
    alone = simulate(enc, 2, tactics="brutal", seed=2, progress=False)
    assert alone.tier == "reference"
    why = alone.notes[1]
    assert why.startswith("Played on the reference tier") and "cannot start" in why
    assert all(r.notes[1] == why for r in c.results)
    with pytest.raises(PrepError, match="the fast tier cannot play this fight on"):
        compare(enc, 2, tactics=["weakest", "brutal"], tier="fast", progress=False)
