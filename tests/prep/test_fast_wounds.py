"""The fast tier under ``wounds`` held to the reference tier (issue 25, item 4).

003_de0e94afd49609a7.txt: "Combat Statistics" (Nat 1 -5, Nat 20 +5, the confirmation, the
critical's multiplied damage, a player's Instant Kill: the engine's exact odds, checked
here against ``WoundsAttacks.attack_odds``), "When a character is subject to a
damage-dealing effect" (Hit Points, then Wounds; fighting on at 0 HP; dead at 0 Wounds),
"Attacking an enemy usually involves spending your Half Action" (two attacks a turn);
Round-by-Round Initiative with its +5 for the last to act (000_8d1d7816ee944f3b.txt,
"Alternative Initiative Option #1 - Round-By-Round"). The fights agree with real encounters
in distribution by the tests of tests/prep/test_fast_classic.py (P(win), the rounds, P(dead)
per creature, Holm), on notebook 41's brawl and an orc brawl; the same check rejects a
kernel that sends no damage on to Wounds (its power). What the kernel does not play (a
shield's parry, Barrier or Shell at the start, energy riders) is refused by name.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import numpy as np
import pytest

from lfgcombat.prep import simulate
from lfgcombat.prep.kernel import fight_states, fight_words, run_fights
from lfgcombat.prep.replay import ReplayError
from lfgcombat.prep.run import prepare_run
from lfgcombat.prep.spec import PrepError, fast_tier_plays
from lfgcombat.rulesets import Ruleset

from .rulesets_helpers import orc_brawl, written
from .test_fast_classic import SimpleNamespace, agreement_pvalues, agrees, brawl41

FIGHTS = {"brawl41": (brawl41, 200, 51), "orc_brawl": (orc_brawl, 150, 52)}


@pytest.fixture(scope="module")
def runs():
    """Per fight: the fast tier's 20,000 fights and the reference tier's few hundred."""
    out = {}
    for key, (make, n, seed) in FIGHTS.items():
        sides = make()
        fast = simulate(sides, 20_000, ruleset="wounds", tier="fast", seed=seed,
                        progress=False)
        ref = simulate(sides, n, ruleset="wounds", tier="reference", seed=seed + 100,
                       progress=False, backend="processes")
        out[key] = (sides, fast, ref)
    return out


@pytest.mark.parametrize("key", list(FIGHTS))
def test_the_fast_tier_agrees_with_real_encounters_under_wounds(runs, key):
    _, fast, ref = runs[key]
    assert fast.tier == "fast" and ref.tier == "reference"
    assert agrees(fast, ref), agreement_pvalues(fast, ref)
    assert 0.2 < float((fast.winner == 0).mean()) < 0.8  # balanced: the test has power


def test_the_check_rejects_a_kernel_without_wounds(runs):
    """Its power: a kernel whose creatures die at 0 HP (no Wounds to fight on with) ends
    the orc brawl rounds sooner, and the check says so."""
    _, fast, ref = runs["orc_brawl"]
    num = fast.spec.fast_numbers
    mutant = dataclasses.replace(num, start_wounds=np.ones_like(num.start_wounds),
                                 wounds_max=np.ones_like(num.wounds_max))
    out = run_fights(dataclasses.replace(fast.spec, fast_numbers=mutant),
                     fight_states(fight_words(5, 0, 0, 20_000)))
    assert fast.rounds.mean() - out["rounds"].mean() > 0.5
    wrong = SimpleNamespace(winner=out["winner"], rounds=out["rounds"], dead=out["dead"],
                            n=20_000, names=fast.names)
    assert not agrees(wrong, ref)


def test_the_numbers_are_the_engines_attack_odds():
    """Each attack's damage is ``WoundsAttacks.attack_odds`` (``multiply``), a player's
    Instant Kill (natural 20, confirmed on a natural 20, then a natural 20: 1/8000 when a
    20 hits) its own outcome, -1."""
    sides = brawl41()
    _, spec = prepare_run(sides, "wounds", "weakest")
    num = spec.fast_numbers
    rs = Ruleset("wounds")
    wulfric, orc = sides["party"][0], sides["orcs"][0]
    odds = rs.attack_resolution.attack_odds(wulfric, orc, "longsword")
    n = num.dmg_len[0, 2]
    values, cdf = num.dmg_values[0, 2, :n], num.dmg_cdf[0, 2, :n]
    probs = np.diff(np.concatenate([[0.0], cdf]))
    assert values[0] == -1 and probs[0] == pytest.approx(float(odds.p_instant_kill))
    assert odds.p_instant_kill == Fraction(1, 8000)
    hp = {int(k): float(v) for k, v in odds.hp_damage.items() if v}
    mean = sum(k * p for k, p in hp.items())
    crit_mean = float(odds.expected["multiply"][0])
    assert mean == pytest.approx(crit_mean)
    kill_free = sum(v * p for v, p in zip(values[1:], probs[1:]))
    assert kill_free < mean and kill_free > mean - 1  # the kill's damage taken out
    orc_on_wulfric = num.dmg_values[2, 0, :num.dmg_len[2, 0]]
    assert -1 not in orc_on_wulfric  # a goon rolls no Instant Kill ("Not normally
    # available to npcs or monsters")
    assert list(num.start_hp) == [52, 27, 38, 38] and list(num.wounds_max) == [14, 12, 12, 12]
    assert list(spec.n_attacks) == [2, 2, 2, 2] and num.last_bonus == 5
    assert list(num.init_bonus) == [1, 4, -1, -1]


def test_wounds_plays_fast_and_says_what_it_does_not_play():
    assert fast_tier_plays(Ruleset("wounds"))
    sides = orc_brawl()
    r = simulate(sides, 50, ruleset="wounds", seed=1, progress=False)
    assert r.tier == "fast"
    with pytest.raises(ReplayError, match="fast-tier wounds fight cannot be replayed.*"
                                          "tier='reference'"):
        r.replay(0)
    shielded = {"a": [written("orc", name="Orc A", shield={"parry_bonus": 2, "hardness": 5, "hp": 15,
                                                      "armor_check_penalty": -2})],
                "b": [written("orc", name="Orc B")]}
    with pytest.raises(PrepError, match="Orc A has a shield that parries.*tier='reference'"):
        simulate(shielded, 10, ruleset="wounds", tier="fast", progress=False)
    assert simulate(shielded, 2, ruleset="wounds", seed=1, tier="reference",
                    progress=False).n == 2


def test_the_notes_say_what_the_tactics_leave_out_in_either_tier():
    from lfgcombat.prep.fast_classic import CLASSIC_NOTE
    from lfgcombat.prep.fast_wounds import WOUNDS_NOTE
    sides = orc_brawl()
    for name, note in (("classic", CLASSIC_NOTE), ("wounds", WOUNDS_NOTE)):
        for tier in ("fast", "reference"):
            r = simulate(sides, 2, ruleset=name, tier=tier, seed=1, progress=False)
            assert note in r.notes and r.notes[0] != note  # after what "dropped" counts
    assert "Heroic Action" in CLASSIC_NOTE and "Barrier or Shell" in WOUNDS_NOTE


@pytest.mark.parametrize("hero,expected", [("mayat", 0.444), ("wulfric", 0.637)])
def test_both_tiers_agree_with_the_exact_wounds_duel(hero, expected):
    """A level-10 hero against an ogre: the exact chain (tests/prep/exact_rulesets.py,
    Round-by-Round with its +5, HP then Wounds, Instant Kills) from the kernel's numbers;
    20,000 fast-tier and 150 reference-tier duels held to it (Holm over the p-values)."""
    from lfgcombat.creature import load_example

    from .exact_rulesets import wounds_duel
    from .test_fast_classic import ALPHA, exact_pvalues
    ogre = load_example("ogre").replace(bab=5, prowess=2, good_saves=["fort", "ref"])
    sides = {"a": [written(hero)], "b": [ogre]}
    _, spec = prepare_run(sides, "wounds", "weakest")
    exact = wounds_duel(spec)
    assert exact["win"][0] == pytest.approx(expected, abs=0.001)
    without = wounds_duel(dataclasses.replace(spec, fast_numbers=dataclasses.replace(
        spec.fast_numbers, last_bonus=0)))  # power: Round-by-Round's +5 matters here
    se = (expected * (1 - expected) / 20_000) ** 0.5
    assert abs(without["win"][0] - exact["win"][0]) > 3 * se
    fast = simulate(sides, 20_000, ruleset="wounds", tier="fast", seed=71, progress=False)
    ref = simulate(sides, 150, ruleset="wounds", tier="reference", seed=72,
                   progress=False, backend="processes")
    for run in (fast, ref):
        p = np.sort(list(exact_pvalues(run, exact).values()))
        assert all(p[i] > ALPHA / (len(p) - i) for i in range(len(p))), \
            (run.tier, exact_pvalues(run, exact))


def test_another_initiative_goes_to_the_reference_tier_by_name():
    """The wounds kernel plays its own Round-by-Round; with another initiative the default
    tier is the reference tier, saying why, and the fast tier is refused in words."""
    rs = Ruleset("wounds", initiative="selective")
    assert not fast_tier_plays(rs)
    r = simulate(orc_brawl(), 2, ruleset=rs, seed=1, progress=False)
    assert r.tier == "reference" and "not wounds with initiative='selective'" in r.notes[0]
    with pytest.raises(PrepError, match="initiative='selective'.*wounds's own initiative "
                                        "only.*tier='reference'"):
        simulate(orc_brawl(), 2, ruleset=rs, tier="fast", progress=False)
