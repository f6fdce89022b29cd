"""GM prep plays out the dying after a fight (issue 12 review): who dies counts those who
bleed out once their side has lost.

Rules: 000_8d1d7816ee944f3b.txt, "Unconscious & Dying", "Stabilize when Dying", "Bleed X",
"Death": a dying creature bleeds and may roll the DC20 FORT Save once per round until it is
stable or dead; nobody heals it when its side has lost.
"""

from __future__ import annotations

import math

from scipy import stats

from lfgcombat.creature import load_example
from lfgcombat.prep import simulate
from lfgcombat.prep.reference import play
from lfgcombat.prep.run import fight_words

ALPHA = 0.001


def _wiped_out():
    """Wulfric alone against six orcs: he nearly always loses, often left dying."""
    orcs = [load_example("orc").replace(name=f"Orc {i}") for i in range(6)]
    return {"party": [load_example("wulfric")], "orcs": orcs}


def test_reference_fights_end_with_nobody_dying():
    r = simulate(_wiped_out(), 10, seed=2, tier="reference", progress=False)
    for i in range(r.n):
        w = fight_words(r.seed, 0, i // r.chunk_size, r.chunk_size)[i % r.chunk_size]
        enc, out = play(r.scenario, r.spec, int(w[0]), int(w[1]))
        assert out["rounds"] == r.rounds[i]
        assert all(enc.state(n).status != "dying" for n in r.names), i


def test_deaths_after_the_fight_agree_between_tiers():
    """P(Wulfric dies), the fast tier against the reference tier: before the aftermath was
    played the fast tier counted a Wulfric left dying as alive (P(dead) 0.10 instead of
    0.21: 200 reference fights tell the two apart at z = 4; the fights themselves replay
    exactly in test_prep_replay.py). The reference fights run on both cores (a process pool:
    the same fights as in this process)."""
    sides = _wiped_out()
    fast = simulate(sides, 20_000, seed=5, progress=False)
    ref = simulate(sides, 200, seed=5, tier="reference", progress=False, backend="processes")
    assert fast.p_win("orcs")[0] > 0.95
    k1, k2 = int(fast.dead[:, 0].sum()), int(ref.dead[:, 0].sum())
    p = (k1 + k2) / (fast.n + ref.n)
    z = (k1 / fast.n - k2 / ref.n) / math.sqrt(p * (1 - p) * (1 / fast.n + 1 / ref.n))
    assert abs(z) < stats.norm.isf(ALPHA / 2), (k1 / fast.n, k2 / ref.n)
    # the aftermath leaves nobody dying: at 0 HP or less means dead or stopped bleeding,
    # and a dropped Wulfric dies far more often than he lies there at the end of the fight
    assert fast.p_any_dead("party")[0] > 0.1
