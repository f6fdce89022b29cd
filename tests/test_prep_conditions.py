"""GM prep's fast tier with starting conditions, and the notes on what it leaves out
(issue 12: the fast tier covers "the common conditions", declared explicitly).

The fast tier plays the starting conditions of
:data:`lfgcombat.prep.spec.FAST_TIER_CONDITIONS` - static changes to numbers the engine
already gives it (000_8d1d7816ee944f3b.txt, "Conditions – Full Details"; "Prone",
"Flat-Footed", "Weakened", ...) - and refuses the rest, naming what it plays and the
reference tier. Checked three ways: the numbers move as the condition table says, fast-tier
fights with every supported condition replay die for die as real encounters (a kernel
number that differed from the encounter's would make the replay refuse), and the tiers
agree statistically on a fight that starts with conditions (where the conditions move
P(win) by many standard errors). A run with Perfect Critical's injuries ("Perfect Critical
(Optional Rule)"), which the fast tier hands to the reference tier, says so in its notes.
"""

from __future__ import annotations

import pytest
from scipy import stats
from test_prep_tiers import rounds_mc_p

from lfgcombat import Ruleset
from lfgcombat.creature import load_example
from lfgcombat.prep import PrepError, compare, exact_duel, simulate, sweep
from lfgcombat.prep.run import KNOCKDOWN_NOTE, PERFECT_CRITICAL_NOTE, prepare_run
from lfgcombat.prep.spec import FAST_TIER_CONDITIONS

ALPHA = 0.001


def _orcs(a_conditions=(), b_conditions=()):
    return {"a": [load_example("orc").replace(name="Orc A", conditions=list(a_conditions))],
            "b": [load_example("orc").replace(name="Orc B", conditions=list(b_conditions))]}


def _pc(notes) -> bool:
    """Whether ``notes`` carry the Perfect Critical note (with its count of fights)."""
    return any(n.startswith(PERFECT_CRITICAL_NOTE + ": ") for n in notes)


def test_perfect_critical_injuries_are_noted_on_the_fast_tier_only():
    on = Ruleset("lfg", perfect_critical=True)
    fast = simulate(_orcs(), 50, seed=1, ruleset=on, progress=False)
    assert _pc(fast.notes)
    assert "Injured Threshold" in PERFECT_CRITICAL_NOTE and "reference tier" in \
        PERFECT_CRITICAL_NOTE
    assert not _pc(simulate(_orcs(), 50, seed=1, progress=False).notes)
    ref = simulate(_orcs(), 2, seed=1, ruleset=on, tier="reference", progress=False)
    assert not _pc(ref.notes)  # the reference tier plays them
    both = compare(_orcs(), 50, switches=[{}, {"perfect_critical": True}], seed=1,
                   progress=False)
    assert [_pc(r.notes) for r in both.results] == [False, True]
    sw = sweep({"perfect_critical": [False, True]}, lambda: _orcs(), 50, seed=1,
               progress=False)
    assert [_pc(sw.result(p).notes) for p in (0, 1)] == [False, True]


def test_foes_of_different_sizes_are_told_the_knockdown_is_left_out():
    """Momentum of Impact's Knockdown (a strike on a smaller foe) is played by neither tier
    by default (both keep it out so that they agree and fast fights replay): every run,
    comparison and sweep with foes of different sizes says so, in its notes and its
    summary's attrs, and names the switch that plays it (tests/test_prep_knockdown.py)."""
    small = {"a": [load_example("orc")], "b": [load_example("goblin")]}
    for tier, n in (("fast", 50), ("reference", 2)):
        r = simulate(small, n, seed=1, tier=tier, progress=False)
        assert KNOCKDOWN_NOTE in r.notes and KNOCKDOWN_NOTE in r.summary().attrs["notes"]
    assert "Momentum of Impact" in KNOCKDOWN_NOTE and "Prone" in KNOCKDOWN_NOTE
    assert "tier='reference', knockdown=True" in KNOCKDOWN_NOTE
    assert KNOCKDOWN_NOTE not in simulate(_orcs(), 50, seed=1, progress=False).notes
    smalls = {"a": [load_example("goblin")], "b": [load_example("viper")]}  # both Small
    assert KNOCKDOWN_NOTE not in simulate(smalls, 20, seed=1, progress=False).notes
    pc = compare(small, 50, switches=[{}, {"perfect_critical": True}], seed=1,
                 progress=False)
    assert KNOCKDOWN_NOTE in pc.notes and _pc(pc.notes)
    sw = sweep({"goblin": [False, True]}, lambda goblin: small if goblin else _orcs(), 50,
               seed=1, progress=False)
    assert KNOCKDOWN_NOTE in sw.notes
    assert KNOCKDOWN_NOTE in sw.result({"goblin": True}).notes
    assert KNOCKDOWN_NOTE not in sw.result({"goblin": False}).notes


def test_the_notes_name_the_weapons_the_tactics_leave_unused():
    """The tactics strike with one weapon a creature, its first (both tiers): a run names
    each creature with others and what it uses; putting a weapon first chooses it."""
    sides = {"a": [load_example("sokaris")], "b": [load_example("orc")]}
    for tier, n in (("fast", 20), ("reference", 2)):
        notes = [x for x in simulate(sides, n, seed=1, tier=tier, progress=False).notes
                 if "one weapon a creature" in x]
        assert len(notes) == 1, notes
        assert "Sokaris attacks with its dagger (never: dagger (off hand))" in notes[0]
        assert "Orc attacks with its greataxe (never: javelin)" in notes[0]
    orc = load_example("orc")
    thrower = orc.replace(weapons=[orc.weapons[1]])
    r = simulate({"a": [load_example("wulfric")], "b": [thrower]}, 20, seed=1,
                 progress=False)
    assert not [x for x in r.notes if "one weapon a creature" in x]


def test_conditions_change_the_fast_tiers_numbers_as_the_table_says():
    """data/conditions.csv: Prone -4 on attack rolls and -4 AC against melee; Distressed
    -2 on d20 rolls (attacks, initiative) and -2 AC; Flat-Footed loses the Dodge and Shield
    bonuses; Weakened 2 -2 on d20 rolls and AC, -20% physical damage."""
    _, plain = prepare_run(_orcs(), "lfg", "weakest")
    for cond, attack, ac, init in (("prone", -4, -4, 0), ("distressed", -2, -2, -2),
                                   ("weakened 2", -2, -2, -2)):
        _, spec = prepare_run(_orcs([cond]), "lfg", "weakest")
        assert spec.bonus[0, 1, 0] - plain.bonus[0, 1, 0] == attack, cond
        assert spec.ac[1, 0] - plain.ac[1, 0] == ac, cond
        assert spec.init_bonus[0] - plain.init_bonus[0] == init, cond
    _, weak = prepare_run(_orcs(["weakened 2"]), "lfg", "weakest")
    assert weak.dmg_values[0, 1, 0, :weak.dmg_len[0, 1, 0]].max() < \
        plain.dmg_values[0, 1, 0, :plain.dmg_len[0, 1, 0]].max()
    shield = {"a": [load_example("wulfric")], "b": [load_example("orc")]}
    _, ff = prepare_run({"a": [load_example("wulfric").replace(conditions=["flat footed"])],
                         "b": [load_example("orc")]}, "lfg", "weakest")
    _, base = prepare_run(shield, "lfg", "weakest")
    assert ff.ac[1, 0] < base.ac[1, 0]


REPLAYED = [
    {"Mayat": ["prone", "weakened 2"], "Sokaris": ["flat footed"], "Orc": ["distressed"],
     "Ogre": ["staggered", "cramped"]},
    {"Mayat": ["encumbered"], "Sokaris": ["deaf", "weakened 4"],
     "Orc": ["heavily encumbered"], "Ogre": ["hindered", "flanked", "prone"]},
]


@pytest.mark.parametrize("conditions", REPLAYED)
def test_fast_tier_fights_with_conditions_replay_die_for_die(conditions):
    """An archer, a rogue (Sneak Attack's precision damage on a Flat-Footed or Heavily
    Encumbered foe), an orc and an ogre, every supported condition on one of them: each
    fight replays exactly as a real encounter that carries the conditions."""
    named = {"Mayat": load_example("mayat").replace(level=4),
             "Sokaris": load_example("sokaris").replace(level=4),
             "Orc": load_example("orc"), "Ogre": load_example("ogre").replace(current_hp=40)}
    cs = {k: c.replace(conditions=conditions.get(k, [])) for k, c in named.items()}
    r = simulate({"red": [cs["Mayat"], cs["Sokaris"]], "blue": [cs["Orc"], cs["Ogre"]]},
                 40, seed=13, progress=False)
    for i in dict.fromkeys([r.median_fight(), *r.worst(share=0.1), *range(6)]):
        enc = r.replay(i)
        assert [enc.state(n)["hp"] for n in r.names] == list(r.hp[i])
    assert {str(a.condition.value) for c in cs.values() for a in c.conditions} <= \
        set(FAST_TIER_CONDITIONS)


def _conditioned(on: bool):
    a = load_example("orc").replace(name="Orc A", conditions=["prone"] if on else [])
    g = load_example("goblin").replace(conditions=["weakened 2", "staggered"] if on else [])
    b = load_example("orc").replace(name="Orc B",
                                    conditions=["hindered", "flat footed"] if on else [])
    return {"red": [a, g], "blue": [b]}


def test_tiers_agree_on_a_fight_starting_with_conditions():
    """A prone orc and a Weakened 2, Staggered goblin against a Hindered, Flat-Footed orc:
    the fast tier (20,000 fights) against the reference tier (300 real encounters carrying
    the conditions): Fisher's exact test of P(red wins), the Monte Carlo chi-square of the
    rounds. The power: the fast tier without the conditions gives P(red wins) 0.88
    instead of 0.73, which the same reference fights reject."""
    fast = simulate(_conditioned(True), 20_000, seed=81, progress=False)
    ref = simulate(_conditioned(True), 300, seed=82, tier="reference", progress=False,
                   backend="processes")
    plain = simulate(_conditioned(False), 20_000, seed=81, progress=False)
    kr = int((ref.winner == 0).sum())

    def fisher(f):
        kf = int((f.winner == 0).sum())
        return stats.fisher_exact([[kr, ref.n - kr], [kf, f.n - kf]]).pvalue
    assert fisher(fast) > ALPHA, (kr / ref.n, fast.p_win("red"))
    assert fisher(plain) < 1e-6, (kr / ref.n, plain.p_win("red"))
    probs = [float((fast.rounds == r).mean()) for r in range(1, int(fast.rounds.max()) + 1)]
    assert rounds_mc_p(ref.rounds, probs, seed=0) > ALPHA


def test_exact_duel_plays_the_supported_conditions_too():
    """The exact chain runs on the same numbers: a prone orc against a Hindered orc."""
    sides = _orcs(["prone"], ["hindered"])
    exact = exact_duel(*sides["a"], *sides["b"])
    plain = exact_duel(*_orcs()["a"], *_orcs()["b"])
    r = simulate(sides, 20_000, seed=91, progress=False)
    k = int((r.winner == 0).sum())
    assert exact.p_win[0] < plain.p_win[0] - 0.05
    assert stats.binomtest(k, r.n, exact.p_win[0]).pvalue > ALPHA, (k / r.n, exact.p_win)


@pytest.mark.parametrize("conditions,match", [
    (["frightened"], "condition frightened"), (["bleed 2"], "condition bleed"),
    (["weakened 5"], "condition weakened"), (["prone for 2 rounds"], "ends during the fight"),
    (["stunned"], "condition stunned")])
def test_other_conditions_are_refused_naming_what_is_played(conditions, match):
    with pytest.raises(PrepError, match=match) as err:
        simulate(_orcs(conditions), 10, seed=1, progress=False)
    text = str(err.value)
    assert "tier='reference'" in text and "flat footed" in text and "weakened 1-4" in text
    with pytest.raises(PrepError, match=match):
        exact_duel(*_orcs(conditions)["a"], *_orcs()["b"])


def test_the_repr_points_to_the_notes():
    r = simulate({"a": [load_example("wulfric")], "b": [load_example("troll")]}, 20, seed=1,
                 progress=False)  # the size note, the weapon chosen (its bite) and why
    assert len(r.notes) == 3 and repr(r).endswith("; 3 notes in .notes)")
    one = simulate({"a": [load_example("wulfric")], "b": [load_example("ogre")]}, 20, seed=1,
                   progress=False)
    assert one.notes == (KNOCKDOWN_NOTE,) and repr(one).endswith("; 1 note in .notes)")
    plain = simulate({"a": [load_example("wulfric")], "b": [load_example("chessan")]}, 20,
                     seed=1, progress=False)
    assert not plain.notes and "note" not in repr(plain)
