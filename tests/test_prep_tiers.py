"""The two tiers of GM prep agree on twenty generated balanced fights, and the check has
power (issue 12: "A statistical test checks the tiers agree (win probability and rounds
distribution within sampling error) on at least 20 generated fights").

Twenty small fights (1v1, 1v2, 2v1, 2v2) are drawn by a seeded generator from the example
creatures (PCs at levels 1-10, every target policy, Killer Criticals on and off); a fight
is kept only when the fast tier rates it balanced (0.2 < P(red wins) < 0.8) and short
enough for the reference tier to play quickly, else another is drawn. At each fight the
reference tier (real encounters, every rule) plays ``N_REF`` fights and the fast tier
``N_FAST``; the tests:

* per fight, P(red wins): Fisher's exact test on the 2x2 table of wins;
* per fight, the round the fight ends in: chi-square of the reference rounds against the
  fast tier's distribution, sparse bins pooled (``rounds_chi2_p``);
* over all fights, a signed Stouffer test of the P(win) differences (a rule slipped on one
  side shifts every fight the same way) and Fisher's combination of the rounds p-values;

42 p-values in all, held at a family-wise error rate of ``FWER`` by Holm's step-down.
The same procedure, on the same reference fights, must reject a deliberately altered fast
tier: +1 to hit for one side (Stouffer z = -7.0 when measured), 1 damage less on every
strike, Injured left out (one fight, p = 3e-6 against Holm's 2e-4), no Critical Hits: the
check can fail. It cannot see Gang Up, which needs three attackers on one foe (these
fights have at most two a side; with 3-vs-1 shapes added it still could not, +1 for the
third attacker is too small for 80 reference fights): tests/test_prep_agreement.py holds
Gang Up against an exact chain and by exact replay. Rules:
000_8d1d7816ee944f3b.txt, "Attack Rolls", "Critical Hits", "Attacks Per Turn", "Hit Points
(HP) - Taking Damage, Injury, Death:".
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from scipy import stats

from lfgcombat import Ruleset
from lfgcombat.creature import load_example
from lfgcombat.prep.kernel import fight_states, fight_words, run_fights
from lfgcombat.prep.run import _execute, _result, prepare_run
from lfgcombat.prep.tactics import Tactics

FWER = 0.01
N_FIGHTS = 20
N_REF = 80
N_FAST = 20_000
POOL = ("orc", "goblin", "orc_shaman", "wulfric", "mayat", "sokaris", "chessan", "crysta",
        "rock", "ogre", "dire_wolf", "alligator", "viper")
SHAPES = ((1, 1), (1, 2), (2, 1), (2, 2))
#: A kept fight's fast-tier mean of creatures x rounds (the reference tier's cost) at most.
MAX_WORK = 16.0


def _draw_fight(rng: np.random.Generator):
    sides = {}
    for side, size in zip(("red", "blue"), SHAPES[int(rng.integers(len(SHAPES)))]):
        members = []
        for j in range(size):
            c = load_example(str(rng.choice(POOL)))
            changes: dict = {"name": f"{c.name} ({side} {j})"}
            if c.to_dict().get("class"):
                changes["level"] = int(rng.integers(1, 7))
            members.append(c.replace(**changes))
        sides[side] = members
    policy = str(rng.choice(["weakest", "nearest", "dangerous", "random"]))
    return sides, policy, Ruleset("lfg", killer_criticals=bool(rng.integers(0, 2)))


def _run(points, n, tier, seed, backend=None):
    """Every point's fights in one go: ``points`` are ``(scenario, spec, key)``."""
    size = 5000 if tier == "fast" else 20
    parts, status = _execute(points, n, tier, seed, size, backend, False, None, None)
    assert status == ""
    return [_result(sc, sp, tier, seed, key, size, n, ch, status)
            for (sc, sp, key), ch in zip(points, parts)]


def _probe(spec, start_hp) -> tuple[float, float]:
    """P(red wins) and the mean creatures x rounds of 500 fast-tier fights from ``start_hp``."""
    out = run_fights(dataclasses.replace(spec, start_hp=start_hp),
                     fight_states(fight_words(7, 0, 0, 500)))
    return float((out["winner"] == 0).mean()), float(out["rounds"].mean()) * len(start_hp)


def _balance(spec) -> np.ndarray | None:
    """Starting HP that make the fight balanced and short: the stronger side's creatures
    start wounded (the same share of their HP), the share found by bisection; ``None``
    when no share does."""
    hp = spec.start_hp
    p, work = _probe(spec, hp)
    if 0.2 < p < 0.8:
        return hp if work <= MAX_WORK else None
    strong = spec.side == (0 if p > 0.5 else 1)
    lo, hi = 0.05, 1.0
    for _ in range(7):
        share = (lo + hi) / 2
        start = np.where(strong, np.maximum(1, np.round(hp * share)), hp).astype(np.int64)
        p, work = _probe(spec, start)
        if 0.3 < p < 0.7:
            return start if work <= MAX_WORK else None
        if (p > 0.5) == bool(strong[0]):  # the strong side still wins too often
            hi = share
        else:
            lo = share
    return None


def generated_points():
    """Twenty balanced, short fights: ``(scenario, spec, key)`` each."""
    rng = np.random.default_rng(20261201)
    points: list = []
    while len(points) < N_FIGHTS:
        sides, policy, ruleset = _draw_fight(rng)
        # the first weapon, as when these fights were chosen (the default is the best since
        # issue 25): the agreement check's power below is measured on these fights
        scenario, spec = prepare_run(sides, ruleset, Tactics(policy, weapon="first"))
        start = _balance(spec)
        if start is None:
            continue
        if (start != spec.start_hp).any():  # wounded: the creatures themselves start so
            hurt = iter(int(h) for h in start)
            sides = {s: [c.replace(current_hp=next(hurt)) for c in members]
                     for s, members in sides.items()}
            scenario, spec = prepare_run(sides, ruleset, Tactics(policy, weapon="first"))
            assert (spec.start_hp == start).all()
        points.append((scenario, spec, len(points)))
    return points


@pytest.fixture(scope="module")
def fights():
    points = generated_points()
    ref = _run(points, N_REF, "reference", 2026, backend="processes")
    return points, ref


def tier_pvalues(points, ref, seed: int = 99) -> tuple[np.ndarray, list[str]]:
    """The 42 p-values (and what each tests) comparing ``N_FAST`` fast-tier fights of
    each point with its reference fights ``ref``."""
    fast = _run(points, N_FAST, "fast", seed)
    pvalues, labels, zs, rounds_p = [], [], [], []
    for i, (f, r) in enumerate(zip(fast, ref)):
        kf, kr = int((f.winner == 0).sum()), int((r.winner == 0).sum())
        pvalues.append(stats.fisher_exact([[kr, r.n - kr], [kf, f.n - kf]]).pvalue)
        labels.append(f"fight {i}: P(win) ref {kr / r.n:.3f} fast {kf / f.n:.3f}")
        pf = kf / f.n
        zs.append((kr / r.n - pf) / math.sqrt(pf * (1 - pf) * (1 / r.n + 1 / f.n)))
        probs = np.bincount(f.rounds)[1:] / f.n
        rounds_p.append(rounds_mc_p(r.rounds, probs, seed=i))
        labels.append(f"fight {i}: rounds mean ref {r.rounds.mean():.2f} "
                      f"fast {f.rounds.mean():.2f}")
        pvalues.append(rounds_p[-1])
    stouffer = sum(zs) / math.sqrt(len(zs))
    pvalues.append(2 * stats.norm.sf(abs(stouffer)))
    labels.append(f"all fights: Stouffer z of P(win) differences {stouffer:.2f}")
    fisher = -2 * float(np.sum(np.log(np.maximum(rounds_p, 1e-300))))
    pvalues.append(stats.chi2.sf(fisher, 2 * len(rounds_p)))
    labels.append(f"all fights: Fisher's combination of the rounds tests {fisher:.1f}")
    return np.array(pvalues), labels


def _pooled_bins(probs: np.ndarray, n: int) -> list[np.ndarray]:
    """Rounds (indices into ``probs``) grouped from the first so that each group expects at
    least 5 of ``n`` fights; what is left joins the last group (as ``rounds_chi2_p``)."""
    groups: list[list[int]] = []
    cur: list[int] = []
    acc = 0.0
    for r, p in enumerate(probs):
        cur.append(r)
        acc += p * n
        if acc >= 5:
            groups.append(cur)
            cur, acc = [], 0.0
    if groups:
        groups[-1] += cur
    else:
        groups = [cur]
    return [np.array(g) for g in groups]


def rounds_mc_p(observed: np.ndarray, probs: np.ndarray, seed: int, draws: int = 20_000
                ) -> float:
    """p-value of the pooled chi-square statistic of ``rounds_chi2_p`` (observed rounds
    1, 2, ... against P(round r) = ``probs[r - 1]``), calibrated by ``draws`` multinomial
    samples of as many fights from ``probs`` instead of the chi-square law, whose tail is
    too light with five expected to a bin (a first version of this test rejected agreeing
    tiers at p = 8e-5 that way; 1,500 more reference fights of that fight agreed, p = 0.75)."""
    n = observed.shape[0]
    probs = np.asarray(probs, float)
    counts = np.bincount(observed - 1, minlength=len(probs))[:len(probs)]
    bins = _pooled_bins(probs, n)
    e = np.array([probs[g].sum() for g in bins]) * n
    sims = np.random.default_rng(seed).multinomial(n, probs / probs.sum(), size=draws)
    sim_bins = np.stack([sims[:, g].sum(axis=1) for g in bins], axis=1)
    obs = np.array([counts[g].sum() for g in bins])
    stat = float(((obs - e) ** 2 / e).sum())
    sim_stat = ((sim_bins - e) ** 2 / e).sum(axis=1)
    return float((1 + np.count_nonzero(sim_stat >= stat - 1e-9)) / (1 + draws))


def holm_rejects(pvalues: np.ndarray, fwer: float = FWER) -> np.ndarray:
    """Holm's step-down: which hypotheses are rejected at family-wise error rate ``fwer``."""
    order = np.argsort(pvalues)
    reject = np.zeros(len(pvalues), bool)
    for rank, k in enumerate(order):
        if pvalues[k] > fwer / (len(pvalues) - rank):
            break
        reject[k] = True
    return reject


def test_holm_step_down():
    p = np.array([0.001, 0.04, 0.03, 0.5])
    assert holm_rejects(p, 0.05).tolist() == [True, False, False, False]
    assert holm_rejects(np.array([0.01, 0.012, 0.2]), 0.05).tolist() == [True, True, False]


def test_rounds_mc_p_calibrated_and_sensitive():
    """Under agreement the Monte Carlo p-value is uniform-ish; a shifted sample is rejected."""
    probs = np.array([0.05, 0.2, 0.3, 0.25, 0.12, 0.05, 0.02, 0.01])
    rng = np.random.default_rng(3)
    ps = [rounds_mc_p(rng.choice(8, 80, p=probs) + 1, probs, seed=k, draws=2000)
          for k in range(200)]
    assert 0.02 < np.mean(np.array(ps) < 0.1) < 0.2
    shifted = np.minimum(rng.choice(8, 80, p=probs) + 2, 8)
    assert rounds_mc_p(shifted, probs, seed=0) < 1e-3


def test_generated_fights_are_balanced_small_and_varied(fights):
    points, ref = fights
    assert len(points) == N_FIGHTS == len(ref)
    assert {len(sc.creatures) for sc, _, _ in points} == {2, 3, 4}
    assert len({sc.tactics[0].target for sc, _, _ in points}) == 4
    assert {sc.ruleset.killer_criticals for sc, _, _ in points} == {False, True}
    assert all(r.n == N_REF for r in ref)


def test_tiers_agree_on_twenty_generated_fights(fights):
    points, ref = fights
    pvalues, labels = tier_pvalues(points, ref)
    rejected = [f"{lab}: p={p:.2g}" for lab, p, x in zip(labels, pvalues, holm_rejects(pvalues))
                if x]
    assert not rejected, rejected


def _plus_one_to_hit_for_red(spec):
    bonus = spec.bonus.copy()
    bonus[spec.side == 0] += 1
    return dataclasses.replace(spec, bonus=bonus)


def _one_damage_less(spec):
    return dataclasses.replace(spec, dmg_values=np.maximum(0, spec.dmg_values - 1))


def _no_injured(spec):
    return dataclasses.replace(spec, **{k: np.zeros_like(getattr(spec, k)) for k in
                                        ("injured_attack", "injured_ac", "injured_confirm_ac")})


def _no_critical_hits(spec):
    return dataclasses.replace(spec, threat=np.full_like(spec.threat, 21))


@pytest.mark.parametrize("mutate", [_plus_one_to_hit_for_red, _one_damage_less, _no_injured,
                                    _no_critical_hits])
def test_the_agreement_check_detects_an_altered_fast_tier(fights, mutate):
    """The power of the procedure: the fast tier played from altered numbers (the test-only
    hook is the :class:`~lfgcombat.prep.spec.FightSpec` the kernel runs on) against the
    same reference fights must be rejected by Holm's procedure."""
    points, ref = fights
    altered = [(sc, mutate(sp), key) for sc, sp, key in points]
    pvalues, labels = tier_pvalues(altered, ref)
    assert holm_rejects(pvalues).any(), sorted(zip(pvalues.round(4), labels))[:4]
