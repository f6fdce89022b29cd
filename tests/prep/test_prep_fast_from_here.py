"""``simulate(encounter)`` on the fast tier: "chances from here" in compiled fights (issue
25; lfgcombat/prep/fast_here.py).

A fight under way on the open field, by lfg's rules, starts the kernel from its state: HP
as they stand, the dead and the dying with their Bleed (000_8d1d7816ee944f3b.txt, "Bleed
X", "Stabilize when Dying"), the round, whose turn and the attacks it has spent ("Attacks
Per Turn"), who has acted ("Rounds, Initiative, & Turn Order") and Gang Up's record
("Multiple Opponents"). Held to the reference tier's fights from the same place by the
statistical tests of tests/test_prep_agreement.py, and fight for fight by exact replays.
What the kernel cannot start from is refused by name.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from lfgcombat import Encounter, Ruleset
from lfgcombat.creature import load_example
from lfgcombat.prep import PrepError, simulate
from lfgcombat.prep.replay import ScriptedEncounter

from .test_fast_classic import ALPHA, agreement_pvalues, agrees
from .from_here_helpers import (brawl_sides, brawl_under_way, in_round_three,
                                last_one_standing, orcs)


def _run(enc, n, seed=1, **kw):
    return simulate(enc, n, seed=seed, progress=False, **kw)


@pytest.fixture(scope="module")
def brawl():
    enc = brawl_under_way()
    return enc, enc.snapshot(), _run(enc, 20_000, seed=3)


def test_an_open_field_fight_under_way_plays_on_the_fast_tier_from_its_state(brawl):
    enc, before, r = brawl
    assert r.tier == "fast" and r.n == 20_000
    assert enc.snapshot() == before  # the real fight is left as it was
    assert "round 2, Orc 1's turn" in r.notes[0] and "on the fast tier" in r.notes[0]
    names = r.names
    now = np.array([enc.state(n).hp for n in names])
    assert list(r.spec.start_hp) == list(now)
    here, turn0 = r.spec.here, r.spec.turn0
    assert list(turn0) == [names.index("Orc 1"), 2, 1, 0]  # its one attack made
    assert here[1, names.index("Orc 7")] == 1  # dying, Bleed 1
    assert list(r.spec.here_seen[names.index("Orc 4"), :here[4, names.index("Orc 4")]]) \
        == [names.index("Orc 1")]  # Gang Up: Orc 1 has attacked Orc 4 this round
    assert (r.rounds >= 2).all()
    assert (r.hp <= now[None, :]).all()  # nobody heals
    dead = [names.index(n) for n in enc.names if enc.state(n).dead]
    assert (r.dead[:, dead] == 1).all() and (r.felled[:, dead] == -1).all()


def test_the_fast_tier_agrees_with_the_reference_tier_from_the_same_place(brawl):
    """The fast tier's 20,000 fights from round 2 taken as the truth for 150 reference
    fights from the same place, by the tests that hold classic's and wounds' kernels to
    the reference tier (tests/prep/test_fast_classic.py, :func:`agrees`): P(win) and each
    creature's P(dead) by binomial tests, the round the fight ends in by a chi-square
    test, Holm-corrected at ALPHA."""
    enc, _, fast = brawl
    ref = _run(enc, 150, seed=4, tier="reference", backend="processes")
    assert ref.tier == "reference"
    assert 0.15 < float((fast.winner == 0).mean()) < 0.6
    assert agrees(fast, ref), agreement_pvalues(fast, ref)


def test_every_fast_fight_from_here_replays_beginning_with_the_real_log(brawl):
    """Each fight is the kernel's dice played by a real encounter rebuilt from the fight's
    log: a kernel that started from another state (an attack too many, Gang Up forgotten,
    the dying orc not bleeding) would hit where the encounter misses and be refused."""
    enc, _, r = brawl
    real = list(enc.log)
    picks = dict.fromkeys([*range(12), r.median_fight(), *r.worst("red", share=0.0005)])
    for i in picks:
        rep = r.replay(i)  # checks winner, rounds, HP, deaths, felled, dealt
        assert isinstance(rep, ScriptedEncounter)
        assert list(rep.log)[:len(real)] == real and rep.over


def test_one_creature_left_at_1_hp_against_three_fresh_foes_on_the_fast_tier():
    """The done-when, on the fast tier: Chessan dead, Wulfric at 1 HP on his turn against
    three fresh orcs. Fresh, the two beat the orcs nearly always; from here one orc's hit
    drops Wulfric (his three attacks first): the reference tier's 40 fights agree."""
    enc = last_one_standing(1, started=True)
    r = _run(enc, 20_000, seed=3)
    assert r.tier == "fast"
    chessan, wulfric = r.names.index("Chessan"), r.names.index("Wulfric")
    assert list(r.spec.turn0) == [wulfric, 1, 0, 3]
    assert r.p_win("party")[2] < 0.01
    assert (r.dead[:, chessan] == 1).all() and (r.dealt[:, chessan] == 0).all()
    assert (r.felled[:, wulfric] >= 0).mean() > 0.99  # an orc drops him
    ref = _run(enc, 40, seed=3, tier="reference")
    assert stats.binomtest(int((ref.winner == 1).sum()), ref.n,
                           float((r.winner == 1).mean())).pvalue > ALPHA


def test_the_attacks_left_of_a_turn_under_way_take_the_penalty_of_those_made():
    """Wulfric has made one of his three attacks: the kernel plays the other two, the
    first with the Consecutive Attack Penalty of one attack made ("Attacks Per Turn"); a
    kernel that started the turn afresh (a third attack, or no penalty) would hit where
    the replayed encounter misses, and the replay would be refused."""
    enc = last_one_standing(60, started=True)
    assert enc.current == "Wulfric"
    enc.attack("Wulfric", "Orc 1")
    r = _run(enc, 30, seed=2)
    assert r.tier == "fast"
    assert list(r.spec.turn0) == [r.names.index("Wulfric"), 1, 1, 2]
    for i in range(r.n):
        assert list(r.replay(i).log)[:len(enc.log)] == list(enc.log)


def test_a_dying_creatures_turn_under_way_is_not_bled_twice():
    """Orc 7 lies dying on its own turn: its Bleed has ticked and its save is rolled as
    the turn began ("Bleed X", "Stabilize when Dying"), so the kernel starts after them
    (rounds bled 1); every fight replays exactly from the real log."""
    enc = brawl_under_way()
    while enc.current != "Orc 7":
        choices = enc.choices()
        enc.end_turn(next="Orc 7" if "Orc 7" in choices else choices[0])
    assert enc.state("Orc 7").status == "dying"
    r = _run(enc, 40, seed=5)
    seven = r.names.index("Orc 7")
    assert r.tier == "fast" and r.spec.turn0[0] == seven
    assert r.spec.here[1, seven] == 1 and r.spec.here[2, seven] == 1  # Bleed 1, bled once
    for i in range(r.n):
        assert list(r.replay(i).log)[:len(enc.log)] == list(enc.log)


def test_threat_first_ranks_foes_as_the_reference_tier_does_from_here():
    """The ``dangerous`` scores (and the weapons) are those the reference tier reads of the
    fight as it stands, the dying orc's too, not those of a stand-in on its feet: both
    tiers choose the same targets, and every fight replays exactly."""
    from lfgcombat.prep.from_here import prepare_here
    enc = brawl_under_way()
    r = _run(enc, 30, seed=6, tactics="threat_first")
    _, ref = prepare_here(enc, "threat_first", 60)
    assert r.tier == "fast"
    assert np.allclose(r.spec.danger, ref.danger)
    for i in range(r.n):
        r.replay(i)


def _on_map():
    enc = in_round_three()
    return enc, "on a map"


def _stunned():
    enc = last_one_standing(30, started=True)
    enc.add_condition("Orc 2", "stunned", rounds=2)
    return enc, "Orc 2 starts with the condition stunned"


def _classic():
    from .rulesets_helpers import orc_brawl
    sides = orc_brawl()
    enc = Encounter([c for m in sides.values() for c in m],
                    sides={s: [c.name for c in m] for s, m in sides.items()},
                    ruleset="classic", seed=3)
    enc.start()
    return enc, "under classic"


def _perfect():
    sides = brawl_sides()
    enc = Encounter([c for m in sides.values() for c in m],
                    sides={s: [c.name for c in m] for s, m in sides.items()},
                    ruleset=Ruleset("lfg", perfect_critical=True), seed=3)
    enc.start()
    return enc, "Perfect Critical is on"


def _knockdown():
    party = [load_example("wulfric")]
    enc = Encounter(party + [load_example("ogre")], sides={"party": ["Wulfric"],
                                                           "big": ["Ogre"]}, seed=2)
    enc.start()
    return enc, "foes differ in size.*Knockdown"


@pytest.mark.parametrize("build", [_on_map, _stunned, _classic, _perfect, _knockdown])
def test_what_the_kernel_cannot_start_from_is_refused_by_name(build):
    """tier='fast' is refused naming why; left out, the reference tier plays it and the
    run's notes say why in the same words; the real fight is left as it was."""
    enc, words = build()
    before = enc.snapshot()
    with pytest.raises(PrepError, match=f"fast tier cannot play this fight on from where it "
                                        f"stands: .*{words}"):
        _run(enc, 2, tier="fast")
    r = _run(enc, 2)
    assert r.tier == "reference"
    assert any("cannot start from where this fight stands" in n for n in r.notes)
    assert enc.snapshot() == before


def test_turn_choices_are_refused_to_the_fast_tier_by_name():
    with pytest.raises(PrepError, match="turn choices by exact odds"):
        _run(last_one_standing(30, started=True), 2, tier="fast", tactics="brutal")


def test_a_paused_turn_is_refused_to_the_fast_tier():
    """(On the clearing's map, which is refused too: both are named.)"""
    from .from_here_helpers import clearing_fight
    enc = clearing_fight(seed=3)
    enc.start(aware=["Orc 1", "Orc 2", "Wulfric"])
    while enc.current != "Orc 2":
        choices = enc.choices()
        enc.end_turn(next="Orc 2" if "Orc 2" in choices else choices[0])
    enc.move("Orc 2", (5, 3))
    enc.interrupt("Wulfric", before="move")
    with pytest.raises(PrepError, match="Orc 2's turn is paused by an interrupt"):
        _run(enc, 2, tier="fast")


def test_before_the_start_with_everyone_up_the_kernel_rolls_initiative():
    """An encounter not started, everyone up: the kernel rolls initiative as a fresh run
    does (the same numbers as a simulate of the creatures as they stand)."""
    party = [load_example("wulfric").replace(current_hp=60)]
    enc = Encounter(party + orcs(3), sides={"party": ["Wulfric"],
                                            "orcs": ["Orc 1", "Orc 2", "Orc 3"]}, seed=5)
    here = _run(enc, 4000, seed=7)
    twin = simulate({"party": party, "orcs": orcs(3)}, 4000, seed=7, progress=False)
    assert here.tier == "fast"
    assert np.array_equal(here.winner, twin.winner) and np.array_equal(here.hp, twin.hp)
    assert list(here.replay(0).log)[:len(enc.log)] == list(enc.log)



@pytest.mark.parametrize("seed, point, chunk, size", [
    (0, 0, 0, 1), (1, 0, 0, 5000), (123456789012345, 3, 7, 17), (2 ** 62 + 5, 0, 1, 40_000),
    (7, 2, 0, 0)])
def test_the_seed_words_are_numpys_seed_sequence_words(seed, point, chunk, size):
    """fight_words hashes the SeedSequence's pool with numpy, not numpy's per-word loop
    (issue 25: the fast tier end to end): the very same words, so every fight is the
    same."""
    from lfgcombat.prep.kernel import fight_words
    ss = np.random.SeedSequence(seed, spawn_key=(point, chunk))
    expected = ss.generate_state(6 * size, np.uint32).reshape(size, 6)
    got = fight_words(seed, point, chunk, size)
    assert got.dtype == np.uint32 and np.array_equal(got, expected)


def test_a_creature_under_an_effect_is_named_with_the_effect_in_words():
    """Why the fast tier cannot start from here names the effect by its label ("Wulfric
    is under fighting defensively: -4 attack, +2 Dodge AC"), not its Python repr (a new
    user read "Effect(label=..., bonuses=({'to': 'attack', ...}), ...)" in GM prep's notes)."""
    from lfgcombat.prep.fast_here import _creature_problems

    enc = brawl_under_way()
    me = enc.current
    enc.end_turn(next=enc.choices()[0]) if enc.choices() else enc.end_turn()
    me = enc.current
    enc.fight_defensively(me)
    said = " ".join(_creature_problems(enc, me))
    assert f"{me} is under fighting defensively" in said and "Effect(" not in said
