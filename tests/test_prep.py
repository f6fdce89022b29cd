"""GM prep (issue 12): the two tiers against each other and against exact answers.

Known answers: one-on-one fights solved exactly by a Markov chain over both HP totals
(:mod:`lfgcombat.prep.exact`), checked against the fast tier (many fights) and the reference
tier (real encounters). Agreement of the tiers on 20 generated fights, with its power:
tests/test_prep_tiers.py. Every run
is seeded (derandomized): the same fights on every machine. Rules: 000_8d1d7816ee944f3b.txt,
"Attack Rolls", "Critical Hits", "Attacks Per Turn", "Hit Points (HP) - Taking Damage,
Injury, Death:".
"""

from __future__ import annotations

import math
import os
import subprocess
import sys

import numpy as np
import pytest
from scipy import stats

from lfgcombat import Ruleset
from lfgcombat.creature import load_example
from lfgcombat.prep import PrepError, Tactics, compare, exact_duel, simulate, sweep, wilson
from lfgcombat.prep.exact import attack_damage_pmf
from lfgcombat.prep.run import prepare_run

ALPHA = 0.001  # false alarm rate of each statistical check


def z_prop(p_exact: float, k: int, n: int) -> float:
    """z of k successes in n against an exact probability."""
    se = math.sqrt(max(p_exact * (1 - p_exact), 1e-12) / n)
    return (k / n - p_exact) / se


def two_prop_z(k1: int, n1: int, k2: int, n2: int) -> float:
    p = (k1 + k2) / (n1 + n2)
    se = math.sqrt(max(p * (1 - p), 1e-12) * (1 / n1 + 1 / n2))
    return (k1 / n1 - k2 / n2) / se


DUELS = [("wulfric", "troll"), ("orc", "goblin"), ("mayat", "ogre"), ("orc_shaman", "orc")]


@pytest.mark.parametrize("a,b", DUELS)
def test_exact_duel_agrees_with_fast_tier(a, b):
    x, y = load_example(a), load_example(b)
    exact = exact_duel(x, y)
    assert sum(exact.p_win) + exact.p_draw == pytest.approx(1.0)
    r = simulate({"a": [x], "b": [y]}, 20_000, seed=11, progress=False)
    z = z_prop(exact.p_win[0], int((r.winner == 0).sum()), r.n)
    assert abs(z) < stats.norm.isf(ALPHA / 2), (a, b, exact.p_win, r.p_win("a"))
    # rounds: chi-square of the observed rounds against the exact distribution
    probs = exact.rounds.values
    obs = np.bincount(r.rounds, minlength=len(probs) + 1)[1:len(probs) + 1]
    keep = probs * r.n >= 5
    o = np.append(obs[keep], obs[~keep].sum())
    e = np.append(probs[keep], probs[~keep].sum()) * r.n
    o, e = o[e > 0], e[e > 0]
    chi2 = float(((o - e) ** 2 / e).sum())
    assert stats.chi2.sf(chi2, len(o) - 1) > ALPHA, (a, b, chi2)


def test_exact_duel_agrees_with_reference_tier():
    x, y = load_example("orc"), load_example("goblin")
    exact = exact_duel(x, y)
    r = simulate({"a": [x], "b": [y]}, 120, seed=5, tier="reference", progress=False)
    z = z_prop(exact.p_win[0], int((r.winner == 0).sum()), r.n)
    assert abs(z) < stats.norm.isf(ALPHA / 2), (exact.p_win, r.p_win("a"))
    mean_exact = float((exact.rounds.index.values * exact.rounds.values).sum())
    sd = float(np.sqrt((exact.rounds.values * (exact.rounds.index.values - mean_exact) ** 2).sum()))
    assert abs(r.rounds.mean() - mean_exact) < stats.norm.isf(ALPHA / 2) * sd / math.sqrt(r.n)


def test_attack_pmf_is_the_engines_attack_odds():
    """The fast tier's per-attack damage distribution is attack_odds' (one set of rules)."""
    from lfgcombat.rules.attacks.odds import attack_odds
    for ruleset in (Ruleset("lfg"), Ruleset("lfg", killer_criticals=True, perfect_critical=True)):
        a, t = load_example("mayat"), load_example("ogre")
        _, spec = prepare_run({"a": [a], "b": [t]}, ruleset, Tactics(weapon="first"))
        mine = attack_damage_pmf(spec, 0, 1, 1, False, False)
        odds = attack_odds(a, t, "longbow", ruleset=ruleset, previous_attacks=1)
        for dmg, p in odds.damage.items():
            assert mine.get(int(dmg), 0.0) == pytest.approx(float(p), abs=1e-12)


def _generated_fights(count: int):
    rng = np.random.default_rng(20261201)
    pool = ["orc", "goblin", "orc_shaman", "wulfric", "mayat", "sokaris", "chessan", "ogre"]
    fights = []
    for i in range(count):
        sides = {}
        for side in ("red", "blue"):
            members = []
            for j in range(int(rng.integers(1, 3))):
                c = load_example(str(rng.choice(pool)))
                level = int(rng.integers(1, 5))
                changes = {"name": f"{side} {j}"}
                if c.kind.value in ("pc",) or c.to_dict().get("class"):
                    changes["level"] = level
                members.append(c.replace(**changes))
            sides[side] = members
        policy = str(rng.choice(["weakest", "nearest", "dangerous", "random"]))
        # Perfect Critical stays off here: its injuries hand fights to the reference tier
        # (tests/test_prep_handover.py), which these generated fights would only slow down
        ruleset = Ruleset("lfg", killer_criticals=bool(rng.integers(0, 2)))
        rng.integers(0, 2)  # keep the generated fights as they were
        fights.append((sides, policy, ruleset))
    return fights


def _orc_ambush():
    party = [load_example(n) for n in ("wulfric", "chessan", "mayat", "sokaris")]
    orcs = [load_example("orc_shaman")] + [load_example("orc").replace(name=f"Orc {i}")
                                           for i in (1, 2, 3)]
    return {"party": party, "orcs": orcs}


def test_result_tables_and_intervals():
    r = simulate(_orc_ambush(), 3000, seed=1, progress=False)
    s = r.summary()
    assert list(s.index) == ["party", "orcs", "draw"]
    assert s.loc[["party", "orcs", "draw"], "p_win"].sum() == pytest.approx(1.0)
    assert (s["p_win_lo"] <= s["p_win"]).all() and (s["p_win"] <= s["p_win_hi"]).all()
    pc = r.per_creature()
    assert set(pc.index) == set(r.names)
    assert (pc["p_dead"] <= pc["p_dropped"]).all()
    km = r.kill_matrix()
    # every drop is attributed to somebody: the matrix's column sums are P(dropped by a blow)
    assert (km.sum(axis=0) <= pc["p_dropped"] + 1e-12).all()
    assert r.rounds_distribution().sum() == pytest.approx(1.0)
    assert not r.partial and r.n == 3000


def test_wilson_interval_known_values():
    # Wilson (1927); e.g. 0 of 10 -> [0, 0.2775], 5 of 10 -> [0.2366, 0.7634]
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)


def test_same_seed_same_fights_and_chunking_does_not_matter():
    a = simulate(_orc_ambush(), 1200, seed=9, progress=False)
    b = simulate(_orc_ambush(), 1200, seed=9, progress=False, backend="processes")
    for k in ("winner", "rounds", "hp", "dead", "felled", "dealt"):
        assert np.array_equal(getattr(a, k), getattr(b, k))
    c = simulate(_orc_ambush(), 1200, seed=10, progress=False)
    assert not np.array_equal(a.hp, c.hp)


def without_numba(code: str) -> np.ndarray:
    """Run ``code`` in a new Python with ``LFGCOMBAT_NO_NUMBA=1`` (the kernel as plain
    Python, ``NUMBA_ACTIVE`` checked off); it saves an array to ``sys.argv[1]``, returned."""
    code = ("import numpy as np, sys; from lfgcombat.prep import NUMBA_ACTIVE; "
            "assert not NUMBA_ACTIVE; " + code)
    out = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"prep-fallback-{os.getpid()}.npy")
    env = dict(os.environ, LFGCOMBAT_NO_NUMBA="1")
    subprocess.run([sys.executable, "-c", code, out], check=True, env=env)
    slow = np.load(out)
    os.unlink(out)
    return slow


def test_numpy_fallback_gives_identical_fights():
    """LFGCOMBAT_NO_NUMBA=1 runs the same kernel as plain Python: the same fights."""
    slow = without_numba(
        "from lfgcombat.prep import simulate; from lfgcombat.creature import load_example as L; "
        "r = simulate({'a': [L('wulfric')], 'b': [L('troll')]}, 300, seed=4, "
        "progress=False); np.save(sys.argv[1], np.c_[r.winner, r.rounds, r.hp])")
    r = simulate({"a": [load_example("wulfric")], "b": [load_example("troll")]}, 300, seed=4,
                 progress=False)
    assert np.array_equal(slow, np.c_[r.winner, r.rounds, r.hp])


def test_replay_rebuilds_the_reference_fight_exactly():
    r = simulate(_orc_ambush(), 6, seed=3, tier="reference", progress=False)
    i = r.worst()[0]
    enc = r.replay(i)
    hp = [enc.state(n)["hp"] for n in r.names]
    assert hp == list(r.hp[i])
    assert enc.log.to_dataframe().shape[0] > 0
    again = r.replay(i)
    assert again.snapshot() == enc.snapshot()
    fast = simulate(_orc_ambush(), 50, seed=3, progress=False)
    assert fast.replay(fast.median_fight()).round >= 1  # the same scenario, replayed


def test_compare_common_random_numbers_killer_criticals():
    c = compare(_orc_ambush(), 4000, switches=[{}, {"killer_criticals": True}], seed=2,
                progress=False)
    s = c.summary("any_dead")
    base = s.loc[c.labels[0]]
    assert (base["diff"] == 0).all()
    kc = s.loc[c.labels[1]].loc["orcs"]
    assert kc["diff_lo"] <= kc["diff"] <= kc["diff_hi"]
    # common random numbers: each variant is the very run simulate makes with that seed
    alone = simulate(_orc_ambush(), 4000, seed=2, switches={"killer_criticals": True},
                     progress=False)
    assert np.array_equal(alone.winner, c.results[1].winner)
    assert np.array_equal(alone.dead, c.results[1].dead)
    # and the paired interval is narrower than two independent runs' would be
    p0, p1 = base.loc["orcs", "p"], kc["p"]
    unpaired = 1.96 * math.sqrt((p0 * (1 - p0) + p1 * (1 - p1)) / 4000)
    assert 0 < (kc["diff_hi"] - kc["diff_lo"]) / 2 < unpaired


def test_sweep_is_tidy_and_keyed_by_point():
    def build(orcs):
        return {"party": [load_example("wulfric")],
                "orcs": [load_example("orc").replace(name=f"Orc {i}") for i in range(orcs)]}
    sw = sweep({"orcs": [1, 3], "killer_criticals": [False, True]}, build, 500, seed=1,
               progress=False)
    f = sw.frame
    assert set(f.columns) >= {"orcs", "killer_criticals", "side", "measure", "p", "lo", "hi"}
    assert len(f) == 4 * 2 * 3
    win = f[(f.side == "party") & (f.measure == "win") & (~f.killer_criticals)]
    assert win.set_index("orcs").loc[1, "p"] >= win.set_index("orcs").loc[3, "p"]
    fig = sw.heatmap("win", "party", x="orcs", y="killer_criticals")
    assert fig.axes
    for bad, match in (({"measure": "wins"}, "unknown measure 'wins'"),
                       ({"side": "orks"}, "unknown side 'orks'"),
                       ({"x": "level"}, "unknown parameter 'level'"),
                       ({"x": "orcs", "y": "orcs"}, "x and y are both 'orcs'")):
        with pytest.raises(PrepError, match=match):
            sw.heatmap(**bad)
    one = sweep({"orcs": [1, 3]}, build, 200, seed=1, progress=False)
    row = one.heatmap("win", "party")  # one parameter: one row, no crash
    assert row.axes[0].get_xlabel() == "orcs"


def test_bad_inputs_raise_prep_errors():
    sides = _orc_ambush()
    with pytest.raises(PrepError, match="(?s)classic ruleset needs fields.*Wulfric: bab"):
        simulate(sides, 10, ruleset="classic", progress=False)  # the examples lack bab
    with pytest.raises(PrepError, match=r"n \(the number of fights\) must be"):
        simulate(sides, 0, progress=False)
    with pytest.raises(PrepError, match="tier"):
        simulate(sides, 10, tier="quick", progress=False)
    with pytest.raises(PrepError, match="at least two"):
        simulate({"party": sides["party"]}, 10, progress=False)
    with pytest.raises(PrepError, match="Selective"):
        simulate(sides, 10, ruleset=Ruleset("lfg", initiative="top_down"), progress=False)
    with pytest.raises(PrepError, match="switch"):
        simulate(sides, 10, switches={"vorpal": True}, progress=False)
    with pytest.raises(PrepError, match="twice|named"):
        simulate({"a": [load_example("orc")], "b": [load_example("orc")]}, 10, progress=False)
    with pytest.raises(Exception, match="target must be"):
        Tactics("cowardly")


def test_stop_at_width_and_partial_flag():
    r = simulate({"a": [load_example("wulfric")], "b": [load_example("troll")]}, 50_000,
                 seed=1, stop_at_width=0.05, chunk_size=500, progress=False)
    assert r.partial and r.n < 50_000
    p, lo, hi = r.p_win("a")
    assert hi - lo < 0.05


def test_plot_draws_three_panels():
    r = simulate(_orc_ambush(), 500, seed=1, progress=False)
    assert len(r.plot().axes) == 3


def test_fast_attack_samples_follow_the_exact_pmf():
    """The kernel's one attack (d20, threat, confirmation, damage after DR) against the exact
    per-attack distribution: a chi-square test over 200,000 attacks."""
    from lfgcombat.prep.kernel import fight_states, sample_attacks
    from lfgcombat.prep.run import fight_words
    ruleset = Ruleset("lfg", killer_criticals=True, perfect_critical=True)
    _, spec = prepare_run({"a": [load_example("wulfric")], "b": [load_example("ogre")]},
                          ruleset, "weakest")
    n = 200_000
    out = np.zeros(n, np.int64)
    st = fight_states(fight_words(5, 0, 0, 1))[0].copy()
    sample_attacks(st, n, int(spec.bonus[0, 1, 0]), int(spec.ac[0, 1]),
                   int(spec.confirm_ac[0, 1]), int(spec.threat[0]), spec.perfect,
                   spec.dmg_values, spec.dmg_cdf, spec.dmg_len, 0, 1, out)
    pmf = attack_damage_pmf(spec, 0, 1, 0, False, False)
    keys = sorted(pmf)
    e = np.array([pmf[k] for k in keys]) * n
    o = np.array([np.count_nonzero(out == k) for k in keys])
    assert o.sum() == n  # nothing outside the exact support
    big = e >= 5
    o2, e2 = np.append(o[big], o[~big].sum()), np.append(e[big], e[~big].sum())
    o2, e2 = o2[e2 > 0], e2[e2 > 0]
    assert stats.chi2.sf(float(((o2 - e2) ** 2 / e2).sum()), len(o2) - 1) > ALPHA


def test_keyboard_interrupt_returns_a_partial_result():
    calls = []

    def interrupt(done, total):
        calls.append(done)
        if len(calls) == 2:
            raise KeyboardInterrupt
    r = simulate(_orc_ambush(), 5000, seed=1, chunk_size=1000, progress=False,
                 callback=interrupt)
    assert r.partial and r.n == 2000 and r.requested == 5000
    assert "partial" in repr(r)


CLEARING = """
name: a small clearing
terrain: |
  . . . . . . . .
   . . . . . . . .
  . . . . . . . .
creatures:
  - {name: Wulfric, at: [1, 1], side: party}
  - {name: Mayat, at: [0, 0], side: party}
  - {name: Orc 1, at: [6, 1], side: orcs}
  - {name: Orc 2, at: [7, 2], side: orcs}
"""


def test_reference_tier_on_a_map_moves_and_replays():
    """With a map, melee closes in (moves through the Encounter, AOO included), the archer
    shoots from where she stands; the fast tier refuses the map."""
    from lfgcombat import HexMap
    party = [load_example("wulfric"), load_example("mayat")]
    orcs = [load_example("orc").replace(name=f"Orc {i}") for i in (1, 2)]
    hmap = HexMap.from_text(CLEARING, creatures=party + orcs)
    r = simulate({"party": party, "orcs": orcs}, 2, seed=4, tier="reference", map=hmap,
                 progress=False)
    assert r.n == 2 and (r.winner >= 0).all()
    enc = r.replay(0)
    log = enc.log.to_dataframe()
    movers = set(log[log.kind == "moved"].actor)
    assert "Wulfric" in movers and "Mayat" not in movers
    assert [enc.state(n)["hp"] for n in r.names] == list(r.hp[0])
    with pytest.raises(PrepError, match="open field"):
        simulate({"party": party, "orcs": orcs}, 2, map=hmap, progress=False)


def test_prep_imports_no_plotting_progress_or_cluster_libraries():
    """A simulation worker needs only the core install: importing lfgcombat.prep (and
    playing fights) loads neither matplotlib nor tqdm nor dask."""
    code = ("import sys; from lfgcombat.prep.run import run_chunk, prepare_run; "
            "from lfgcombat.creature import load_example as L; "
            "sc, sp = prepare_run({'a': [L('orc')], 'b': [L('goblin')]}, 'lfg', 'weakest'); "
            "run_chunk('fast', sc, sp, 1, 0, 0, 10, 10); "
            "bad = [m for m in ('matplotlib', 'tqdm', 'dask', 'distributed', 'ipywidgets') "
            "if m in sys.modules]; assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)
