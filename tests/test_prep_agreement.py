"""GM prep's tiers against each other and against the exact chain, with power (issue 12
review: a mutation removing every Critical Hit slipped through the older checks).

Balanced duels (P(win) well inside (0, 1), where Critical Hits, Injured and extra attacks
move the answer) compare the reference tier - real encounters, every rule - with the exact
Markov chain built from the fast tier's numbers: P(win) by a z-test and the whole
distribution of the round the duel ends in by a chi-square test. A four-against-three fight
compares the reference tier with the fast tier the same way. Injured and Gang Up each get
a fight where they matter, checked against an exact Markov chain with a stated power (a
kernel without the rule fails by many standard errors; see the report of issue 12's
review), and fast-tier fights where both act replay exactly as encounters. Rules:
000_8d1d7816ee944f3b.txt, "Attack Rolls", "Critical Hits", "Attacks Per Turn", "Multiple
Opponents", "Hit Points (HP) - Taking Damage, Injury, Death:".
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from scipy import stats

from lfgcombat.creature import load_example
from lfgcombat.prep import exact_duel, simulate
from lfgcombat.prep.exact import attack_damage_pmf, exact_chain
from lfgcombat.prep.run import prepare_run

ALPHA = 0.001


def rounds_chi2_p(observed_rounds: np.ndarray, probs: np.ndarray) -> float:
    """p-value of a chi-square test of observed rounds (1, 2, ...) against P(round r)
    (``probs[r - 1]``), the bins with fewer than 5 expected pooled with their neighbours
    from the right."""
    n = observed_rounds.shape[0]
    obs = np.bincount(observed_rounds, minlength=len(probs) + 1)[1:len(probs) + 1]
    o_bins, e_bins, o_acc, e_acc = [], [], 0.0, 0.0
    for o, p in zip(obs, probs):
        o_acc += o
        e_acc += p * n
        if e_acc >= 5:
            o_bins.append(o_acc)
            e_bins.append(e_acc)
            o_acc = e_acc = 0.0
    if o_bins:
        o_bins[-1] += o_acc
        e_bins[-1] += e_acc
    o_arr, e_arr = np.array(o_bins), np.array(e_bins)
    chi2 = float(((o_arr - e_arr) ** 2 / e_arr).sum())
    return float(stats.chi2.sf(chi2, max(1, len(o_arr) - 1)))


@pytest.mark.parametrize("a,b,expected", [("mayat", "ogre", 0.227),
                                          ("orc_shaman", "orc", 0.615)])
def test_balanced_duels_reference_tier_against_exact_chain(a, b, expected):
    x, y = load_example(a), load_example(b)
    exact = exact_duel(x, y)
    assert exact.p_win[0] == pytest.approx(expected, abs=0.001)
    ref = simulate({"a": [x], "b": [y]}, 200, seed=31, tier="reference", progress=False,
                   backend="processes")  # both cores: the same fights as in this process
    k = int((ref.winner == 0).sum())
    p = exact.p_win[0]
    z = (k / ref.n - p) / math.sqrt(p * (1 - p) / ref.n)
    assert abs(z) < stats.norm.isf(ALPHA / 2), (a, b, p, k / ref.n)
    assert rounds_chi2_p(ref.rounds, exact.rounds.values) > ALPHA


def test_tiers_agree_on_a_four_against_three_fight():
    """Two orcs and a goblin against three goblins and an orc: P(win) near 0.6, seven or
    eight rounds, Gang Up and Injured at work; the fast tier's 20,000 fights taken as the
    truth for 150 reference fights."""
    def n(c, name):
        return load_example(c).replace(name=name)
    sides = {"red": [n("orc", "Orc 1"), n("orc", "Orc 2"), n("goblin", "Goblin 0")],
             "blue": [n("goblin", f"Goblin {i}") for i in (1, 2, 3)] + [n("orc", "Orc 3")]}
    fast = simulate(sides, 20_000, seed=41, progress=False)
    ref = simulate(sides, 150, seed=42, tier="reference", progress=False, backend="processes")
    p = float((fast.winner == 0).mean())
    assert 0.3 < p < 0.9
    assert stats.binomtest(int((ref.winner == 0).sum()), ref.n, p).pvalue > ALPHA
    probs = np.bincount(fast.rounds, minlength=2)[1:] / fast.n
    assert rounds_chi2_p(ref.rounds, probs) > ALPHA


INJURED = ("injured_attack", "injured_ac", "injured_confirm_ac")


@pytest.mark.parametrize("a,b,seed", [("orc_shaman", "orc", 51), ("goblin", "goblin", 52)])
def test_injured_moves_the_duel_and_the_fast_tier_plays_it(a, b, seed):
    """"Injured" (-2 on d20 rolls and AC at or below the Injured Threshold): in these
    duels both sides spend rounds injured, so Injured lengthens nothing and P(win) barely
    moves, but the fight ends sooner. The exact chain without Injured's numbers ends the
    duel later by more than eight standard errors of the fast tier's mean (the test's power:
    a kernel that forgot Injured fails it); the fast tier's mean round and its rounds
    distribution agree with the exact chain with Injured."""
    x, y = load_example(a), load_example(b)
    if x.name == y.name:
        y = y.replace(name=f"{y.name} 2")
    _, spec = prepare_run({"a": [x], "b": [y]}, "lfg", "weakest")
    exact = exact_chain(spec, (x.name, y.name), (x.hp, y.hp))
    without = exact_chain(dataclasses.replace(
        spec, **{k: np.zeros_like(getattr(spec, k)) for k in INJURED}),
        (x.name, y.name), (x.hp, y.hp))
    r = simulate({"a": [x], "b": [y]}, 20_000, seed=seed, progress=False)
    se = exact.rounds_sd / math.sqrt(r.n)
    assert without.rounds_mean - exact.rounds_mean > 8 * se, (without.rounds_mean, se)
    assert abs(r.rounds.mean() - exact.rounds_mean) < stats.norm.isf(ALPHA / 2) * se, \
        (r.rounds.mean(), exact.rounds_mean, se)
    assert rounds_chi2_p(r.rounds, exact.rounds.values) > ALPHA


def test_gang_up_and_injured_fights_replay_exactly():
    """Six orcs around a troll: nearly every attack on the troll after the first of a round
    carries Gang Up's Tactical Bonus ("Multiple Opponents"), and the orcs and the troll
    fight on injured. Each fast-tier fight replayed as an encounter must come out the same,
    attack for attack: a kernel that forgot Gang Up or Injured hits where the encounter
    misses and the replay is refused. The encounters' logs show both rules at work."""
    sides = {"orcs": [load_example("orc").replace(name=f"Orc {i}") for i in range(6)],
             "troll": [load_example("troll")]}
    r = simulate(sides, 60, seed=61, progress=False)
    gang = injured = 0
    for i in dict.fromkeys([r.median_fight(), *r.worst(share=0.05), *range(4)]):
        enc = r.replay(i)
        log = enc.log.to_dataframe()
        attacks = [e.data for e in enc.log if e.kind == "attack" and not e.command]
        gang += sum(1 for d in attacks if d.get("gang_up"))
        injured += int((log.kind == "vitals").sum())
    assert gang > 20 and injured > 0, (gang, injured)


def _exact_rounds_to_fell(spec, attackers: list[int], t: int, max_rounds: int) -> np.ndarray:
    """P(``t`` drops in round r) when ``attackers`` (identical, never dropped or injured)
    strike it once a turn each: a Markov chain over ``t``'s HP. Under the tactics'
    Selective Initiative the attackers always act as one block a round (the target's own
    turn changes nothing of its HP), and within a block the i-th to act is the i-th to
    attack the target since its turn began: Gang Up's +gang[i - 1] ("Multiple
    Opponents"), and Injured's -2 AC once its HP are at or below its threshold."""
    hp0 = int(spec.start_hp[t])
    state = np.zeros(hp0 + 1)
    state[hp0] = 1.0
    injured = np.arange(hp0 + 1) <= spec.injured_at[t]
    by_round = np.zeros(max_rounds + 1)
    for rnd in range(1, max_rounds + 1):
        for pos, a in enumerate(attackers):
            for k in range(int(spec.n_attacks[a])):
                gang = int(spec.gang[a, min(5, max(0, pos - 1))]) if spec.gang_ok[a, t] else 0
                out = np.zeros_like(state)
                out[0] = state[0]
                for hurt in (False, True):
                    live = np.where(injured == hurt, state, 0.0)
                    live[0] = 0.0
                    for d, p in attack_damage_pmf(spec, a, t, k, False, hurt, gang).items():
                        shifted = np.zeros_like(live)
                        if d <= 0:
                            shifted = live
                        else:
                            shifted[0] = live[1:d + 1].sum()
                            shifted[1:hp0 + 1 - d] = live[d + 1:]
                        out += p * shifted
                state = out
                by_round[rnd] += state[0]
                state[0] = 0.0
    return by_round[1:]


def test_gang_up_matters_and_the_fast_tier_plays_it():
    """Four orcs around a troll ("Multiple Opponents": each orc after the second to strike
    since the troll's turn began gains +1, +2...): with orcs too tough to drop (10,000 HP),
    the round the troll falls is an exact Markov chain over its HP. Without Gang Up's
    numbers the chain's mean round is later by more than eight standard errors of the fast
    tier's mean (the power: a kernel that forgot Gang Up fails); the fast tier's mean and
    rounds distribution agree with the chain with Gang Up."""
    orcs = [load_example("orc").replace(name=f"Orc {i}", max_hp=10_000) for i in range(4)]
    sides = {"orcs": orcs, "troll": [load_example("troll")]}
    _, spec = prepare_run(sides, "lfg", "weakest")
    probs = _exact_rounds_to_fell(spec, [0, 1, 2, 3], 4, 60)
    without = _exact_rounds_to_fell(
        dataclasses.replace(spec, gang=np.zeros_like(spec.gang)), [0, 1, 2, 3], 4, 60)
    r = np.arange(1, 61)
    mean, mean_without = float((r * probs).sum()), float((r * without).sum())
    assert probs.sum() == pytest.approx(1.0)
    fast = simulate(sides, 20_000, seed=71, progress=False)
    assert (fast.winner == 0).all()
    se = math.sqrt(float(((r - mean) ** 2 * probs).sum()) / fast.n)
    assert mean_without - mean > 8 * se, (mean, mean_without, se)
    assert abs(fast.rounds.mean() - mean) < stats.norm.isf(ALPHA / 2) * se, \
        (fast.rounds.mean(), mean, se)
    assert rounds_chi2_p(fast.rounds, probs) > ALPHA
