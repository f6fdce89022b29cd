"""The fast tier under ``classic`` held to the reference tier (issue 25, item 4).

002_2a3a79475ca2a541.txt: "How to attack another creature", "Criticals and fumbles",
"Critical Hit" (the attacks: the engine's exact odds), "Stabilizing a Disabled Character"
(disabled at 0 HP, the DC12 FORT and DC14 CON checks, the mobile hero's limited attack,
the optional 1 HP a round), "Death" (-10), "Conditions" (Flat-footed before its first
turn). The kernel's numbers are the engine's (checked here against
``ClassicAttacks.attack_odds``); its fights agree with real encounters in distribution -
P(win) by a binomial test, the round the fight ends in by a chi-square test, P(dead) per
creature by a binomial test (Holm over the creatures) - on notebook 41's brawl and on an
orc brawl in which heroes go down and get up again; the same check rejects a kernel whose
disabled heroes never become mobile (its power, stated). A few hundred reference fights a
test: the reference tier plays ~10 classic fights a second.
"""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import numpy as np
import pytest
from scipy import stats

from lfgcombat.creature import load_example
from lfgcombat.prep import exact_duel, simulate
from lfgcombat.prep.kernel import fight_states, fight_words, run_fights
from lfgcombat.prep.replay import ReplayError
from lfgcombat.prep.run import prepare_run
from lfgcombat.prep.spec import PrepError, fast_tier_plays, prep_choices
from lfgcombat.rulesets import Ruleset

from .rulesets_helpers import orc_brawl, orc_duel, written

ALPHA = 0.001


def brawl41() -> dict:
    """Notebook 41's brawl: Wulfric and Chessan (level 5) against two orcs."""
    fields = {"wulfric": dict(bab=5, prowess=3, good_saves=["fort", "will"]),
              "chessan": dict(bab=3, prowess=1, good_saves=["fort", "will"])}
    heroes = [load_example(n).replace(level=5, **f) for n, f in fields.items()]
    orc = load_example("orc").replace(bab=3, prowess=1, good_saves=["fort", "ref"])
    return {"party": heroes, "orcs": [orc.replace(name=f"Orc {i}") for i in (1, 2)]}


def rounds_chi2_p(observed: np.ndarray, probs: np.ndarray) -> float:
    """p-value of a chi-square test of observed rounds against P(round r) (``probs[r-1]``),
    bins with fewer than 5 expected pooled with their neighbours from the right."""
    n = observed.shape[0]
    obs = np.bincount(observed, minlength=len(probs) + 1)[1:len(probs) + 1]
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


def agreement_pvalues(fast, ref) -> dict[str, float]:
    """The p-values of the reference fights against the fast tier's (taken as the truth):
    P(win) of the first side, the rounds distribution, P(dead) of each creature."""
    out = {"win": stats.binomtest(int((ref.winner == 0).sum()), ref.n,
                                  float((fast.winner == 0).mean())).pvalue,
           "rounds": rounds_chi2_p(ref.rounds, np.bincount(fast.rounds)[1:] / fast.n)}
    for c, name in enumerate(fast.names):
        p = float(fast.dead[:, c].mean())
        k = int(ref.dead[:, c].sum())
        out[f"dead {name}"] = stats.binomtest(k, ref.n, p).pvalue if 0 < p < 1 else (
            1.0 if k == p * ref.n else 0.0)
    return out


def agrees(fast, ref) -> bool:
    """Every p-value of :func:`agreement_pvalues` above ``ALPHA`` after Holm's correction."""
    p = np.sort(np.array(list(agreement_pvalues(fast, ref).values())))
    return bool(all(p[i] > ALPHA / (len(p) - i) for i in range(len(p))))


FIGHTS = {"brawl41": (brawl41, 200, 41), "orc_brawl": (orc_brawl, 150, 42)}


@pytest.fixture(scope="module")
def runs():
    """Per fight: the fast tier's 20,000 fights and the reference tier's few hundred."""
    out = {}
    for key, (make, n, seed) in FIGHTS.items():
        sides = make()
        fast = simulate(sides, 20_000, ruleset="classic", tier="fast", seed=seed,
                        progress=False)
        ref = simulate(sides, n, ruleset="classic", tier="reference", seed=seed + 100,
                       progress=False, backend="processes")
        out[key] = (sides, fast, ref)
    return out


@pytest.mark.parametrize("key", list(FIGHTS))
def test_the_fast_tier_agrees_with_real_encounters_under_classic(runs, key):
    _, fast, ref = runs[key]
    assert fast.tier == "fast" and ref.tier == "reference"
    pvalues = agreement_pvalues(fast, ref)
    assert agrees(fast, ref), pvalues
    assert 0.2 < float((fast.winner == 0).mean()) < 0.8  # balanced: the test has power


def test_the_check_rejects_a_kernel_whose_heroes_never_get_up(runs):
    """Its power: in the orc brawl a disabled orc that never becomes mobile
    ("Stabilizing a Disabled Character") is never struck again, and far fewer die."""
    sides, fast, ref = runs["orc_brawl"]
    mutant = dataclasses.replace(fast.spec.fast_numbers,
                                 mobile_p=np.zeros_like(fast.spec.fast_numbers.mobile_p))
    spec = dataclasses.replace(fast.spec, fast_numbers=mutant)
    out = run_fights(spec, fight_states(fight_words(5, 0, 0, 20_000)))
    assert abs(out["dead"].mean() - fast.dead.mean()) > 0.05
    wrong = SimpleNamespace(winner=out["winner"], rounds=out["rounds"], dead=out["dead"],
                            n=20_000, names=fast.names)
    assert not agrees(wrong, ref)


def test_the_numbers_are_the_engines_attack_odds():
    """Each attack's damage (0 for a miss) is ``ClassicAttacks.attack_odds`` with the
    conditions the encounter passes: none, the target Flat-footed, the attacker a mobile
    disabled hero (-5 to hit and damage)."""
    sides = brawl41()
    _, spec = prepare_run(sides, "classic", "weakest")
    rs = Ruleset("classic")
    num = spec.fast_numbers
    wulfric, orc = sides["party"][0], sides["orcs"][0]
    for lim, s, kw in ((0, 0, {}), (0, 1, {"target_conditions": ("Flat-footed",)}),
                       (1, 0, {"limited": True, "attacker_conditions": ("Disabled",)})):
        odds = rs.attack_resolution.attack_odds(wulfric, orc, "longsword", **kw).damage
        n = num.dmg_len[0, 2, lim, s]
        values = num.dmg_values[0, 2, lim, s, :n]
        probs = np.diff(np.concatenate([[0.0], num.dmg_cdf[0, 2, lim, s, :n]]))
        assert list(values) == [int(k) for k, v in odds.items() if v]
        assert np.allclose(probs, [float(v) for v in odds.to_numpy() if v])
    assert list(num.init_bonus) == [1, 0, 0, 0]  # DEX modifiers (ClassicInitiative)
    assert num.stabilize_p[0, 0] == pytest.approx(11 / 20)  # d20 + 2 >= 12
    assert num.mobile_p[1, 1] == pytest.approx(8 / 20)  # Chessan: d20 + 1 >= 14
    assert num.death_at == -10 and num.flat_footed == 1 and num.hp_loss == 0


def test_the_optional_hp_loss_is_played_and_agrees():
    """``hp_loss_per_round``: below 0 and not stable, 1 HP a round, the fight played on
    after it ends while anyone still loses HP; more die than without it."""
    sides = orc_duel()
    switch = {"hp_loss_per_round": True}
    fast = simulate(sides, 20_000, ruleset="classic", switches=switch, tier="fast", seed=3,
                    progress=False)
    plain = simulate(sides, 20_000, ruleset="classic", tier="fast", seed=3, progress=False)
    assert fast.spec.fast_numbers.hp_loss == 1
    assert fast.dead.mean() > plain.dead.mean() + 0.02
    ref = simulate(sides, 150, ruleset="classic", switches=switch, tier="reference",
                   seed=4, progress=False, backend="processes")
    assert agrees(fast, ref), agreement_pvalues(fast, ref)


def test_classic_plays_fast_by_default_and_says_what_it_does_not_play():
    assert fast_tier_plays(Ruleset("classic"))
    assert prep_choices(Ruleset("classic"))["tiers"] == ("fast", "reference")
    sides = orc_duel()
    r = simulate(sides, 50, ruleset="classic", seed=1, progress=False)
    assert r.tier == "fast" and not any("reference tier" in n for n in r.notes[:1])
    with pytest.raises(PrepError, match=r"exact duel plays lfg's rules only.*"
                                        r"simulate\(\.\.\., tier='reference'\)"):
        exact_duel(*[s[0] for s in sides.values()], ruleset="classic")
    with pytest.raises(ReplayError, match="fast-tier classic fight cannot be replayed.*"
                                          "tier='reference'"):
        r.replay(0)
    shaken = {"a": [written("orc", name="Orc A", conditions=["prone"])],
              "b": [written("orc", name="Orc B")]}
    with pytest.raises(PrepError, match="Orc A starts with .*tier='reference'"):
        simulate(shaken, 10, ruleset="classic", tier="fast", progress=False)


def exact_pvalues(result, exact: dict) -> dict[str, float]:
    """p-values of a run against an exact duel (:mod:`tests.prep.exact_rulesets`): P(win)
    of the first creature, the rounds distribution, P(dead) of each."""
    out = {"win": stats.binomtest(int((result.winner == 0).sum()), result.n,
                                  float(exact["win"][0])).pvalue,
           "rounds": rounds_chi2_p(result.rounds, np.asarray(exact["rounds"]))}
    for c in (0, 1):
        out[f"dead {c}"] = stats.binomtest(int(result.dead[:, c].sum()), result.n,
                                           float(exact["dead"][c])).pvalue
    return out


def test_both_tiers_agree_with_the_exact_classic_duel():
    """Wulfric (level 10) against an ogre: P(win) 0.582, 9.5 rounds, the loser dead one
    time in four. The exact chain (tests/prep/exact_rulesets.py) from the kernel's numbers;
    20,000 fast-tier and 150 reference-tier duels held to it (Holm over the p-values)."""
    from .exact_rulesets import classic_duel
    ogre = load_example("ogre").replace(bab=5, prowess=2, good_saves=["fort", "ref"])
    sides = {"a": [written("wulfric")], "b": [ogre]}
    _, spec = prepare_run(sides, "classic", "weakest")
    exact = classic_duel(spec)
    assert exact["win"][0] == pytest.approx(0.582, abs=0.001)
    fast = simulate(sides, 20_000, ruleset="classic", tier="fast", seed=61, progress=False)
    ref = simulate(sides, 150, ruleset="classic", tier="reference", seed=62,
                   progress=False, backend="processes")
    for run in (fast, ref):
        p = np.sort(list(exact_pvalues(run, exact).values()))
        assert all(p[i] > ALPHA / (len(p) - i) for i in range(len(p))), \
            (run.tier, exact_pvalues(run, exact))


def test_kernel_loaded_asks_the_kernel_that_plays_the_spec():
    """The runs' compile bar and time estimate ask whether classic's own kernel is ready
    (``kernel_loaded(spec)``), not lfg's."""
    from lfgcombat.prep.kernel import kernel_loaded
    from lfgcombat.prep.kernel_classic import classic_loaded
    _, spec = prepare_run(orc_duel(), "classic", "weakest")
    run_fights(spec, fight_states(fight_words(0, 0, 0, 1)))
    assert kernel_loaded(spec) is True and classic_loaded()
