"""GM prep starts every creature as it is: current HP and Temporary HP (issue 12).

Rules: 000_8d1d7816ee944f3b.txt, "Hit Points (HP) - Taking Damage, Injury, Death:",
"Temporary Hit Points (TempHP)". A wounded start is checked against the exact chain (which
starts from the duellists' current HP) and Temporary HP against the reference tier (real
encounters); what the fast tier does not model is refused with a :class:`PrepError`.
"""

from __future__ import annotations

import math

import pytest
from scipy import stats

from lfgcombat.creature import load_example
from lfgcombat.prep import PrepError, exact_duel, simulate

ALPHA = 0.001

WOUNDED = [("wulfric", 30, "troll"), ("mayat", 70, "ogre"), ("orc", 20, "orc")]


def _pair(a: str, hp: int, b: str):
    x = load_example(a).replace(current_hp=hp)
    y = load_example(b)
    if y.name == x.name:
        y = y.replace(name=y.name + " 2")
    return x, y


@pytest.mark.parametrize("a,hp,b", WOUNDED)
def test_wounded_start_fast_tier_agrees_with_exact_chain(a, hp, b):
    x, y = _pair(a, hp, b)
    exact = exact_duel(x, y)
    r = simulate({"a": [x], "b": [y]}, 20_000, seed=3, progress=False)
    k = int((r.winner == 0).sum())
    p = exact.p_win[0]
    se = math.sqrt(max(p * (1 - p), 1e-12) / r.n)
    assert abs(k / r.n - p) < stats.norm.isf(ALPHA / 2) * se + 1.0 / r.n, (a, hp, b, p, k)
    assert int(r.hp[:, 0].max()) <= hp  # nobody heals: it never ends above its start
    lost = r.per_creature()["hp_lost_mean"].iloc[0]
    assert lost == pytest.approx(float((hp - r.hp[:, 0]).mean()))  # counted from the start


def test_temporary_hp_absorb_damage_first_in_the_fast_tier():
    """An orc with Temporary HP against an equal orc: the fast tier against the reference
    tier (which plays Vitals.damage), and against the same orc without them."""
    a = load_example("orc")
    b = a.replace(name="Orc 2", temp_hp=9)
    fast = simulate({"a": [a], "b": [b]}, 20_000, seed=4, progress=False)
    ref = simulate({"a": [a], "b": [b]}, 250, seed=4, tier="reference", progress=False,
                   backend="processes")
    k1, k2 = int((fast.winner == 1).sum()), int((ref.winner == 1).sum())
    p = (k1 + k2) / (fast.n + ref.n)
    z = (k1 / fast.n - k2 / ref.n) / math.sqrt(p * (1 - p) * (1 / fast.n + 1 / ref.n))
    assert abs(z) < stats.norm.isf(ALPHA / 2), (k1 / fast.n, k2 / ref.n)
    plain = simulate({"a": [a], "b": [b.replace(temp_hp=0)]}, 20_000, seed=4, progress=False)
    assert fast.p_win("b")[1] > plain.p_win("b")[2]  # Temporary HP help, beyond the noise


def test_what_the_fast_tier_does_not_model_is_refused():
    orc = load_example("orc")
    gob = load_example("goblin")
    scared = gob.replace(conditions=["frightened"])  # not a condition the fast tier plays
    with pytest.raises(PrepError, match="tier='reference'"):
        simulate({"a": [orc], "b": [scared]}, 10, seed=1, progress=False)
    with pytest.raises(PrepError, match="exact duel"):
        exact_duel(orc, scared)
    for tier in ("fast", "reference"):
        with pytest.raises(PrepError, match="0 HP or less"):
            simulate({"a": [orc], "b": [gob.replace(current_hp=0)]}, 10, seed=1, tier=tier,
                     progress=False)
    with pytest.raises(PrepError, match="Temporary HP"):
        exact_duel(orc, gob.replace(temp_hp=2))
    # the reference tier plays them
    r = simulate({"a": [orc], "b": [gob.replace(conditions=["frightened"])]}, 3, seed=1,
                 tier="reference", progress=False)
    assert r.n == 3
