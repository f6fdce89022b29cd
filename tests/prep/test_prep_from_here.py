"""``simulate(encounter)``: GM prep plays a fight on from where it stands (issue 25, item 1).

A fight already under way is played to its end from its current state (positions on its
map, HP, conditions, the round, whose turn, actions spent), and every simulated fight
replays as an encounter whose log begins with the real fight's
(lfgcombat/prep/from_here.py). Small runs, fixed seeds, in this process (one chunk).
"""

from __future__ import annotations

import numpy as np
import pytest

from lfgcombat import Encounter
from lfgcombat.creature import load_example
from lfgcombat.prep import PrepError, simulate
from lfgcombat.prep.from_here import _fight, _frozen, dice_so_far, prepare_here, start_of
from lfgcombat.prep.replay import ScriptedEncounter
from lfgcombat.prep.tactics import TacticsError

from .from_here_helpers import clearing_fight, in_round_three, last_one_standing, orcs


def _run(enc, n, seed=1, **kw):
    return simulate(enc, n, seed=seed, progress=False, chunk_size=max(n, 1), **kw)


@pytest.fixture(scope="module")
def round_three():
    enc = in_round_three()
    return enc, enc.snapshot(), _run(enc, 6, seed=4)


def test_a_fight_in_round_three_is_played_on_from_that_rounds_hp_and_positions(round_three):
    enc, _, r = round_three
    start = r.scenario.start
    assert start.where == "round 3, Wulfric's turn"
    for seed in (0, 12345):  # the rebuilt start and a run's copy of it: the real fight itself
        rebuilt = start.encounter(seed)
        copy = _fight(_frozen(start), seed)
        for e in (rebuilt, copy):
            assert e.snapshot() == enc.snapshot()
            assert e.round == 3 and e.current == "Wulfric"
            assert e.actions_left("Wulfric").little == 0  # its 5-foot step is spent
    now = {n: enc.state(n)["hp"] for n in r.names}
    assert now["Orc 1"] < enc.state("Orc 1")["max_hp"]  # the GM's fire in round 2
    assert list(r.spec.start_hp) == [now[n] for n in r.names]
    assert (r.hp <= np.array([now[n] for n in r.names])).all()  # nobody starts fresh
    assert (r.rounds >= 3).all()


def test_every_simulated_fight_replays_beginning_with_the_real_log(round_three):
    enc, _, r = round_three
    real = list(enc.log)
    for i in range(r.n):
        rep = r.replay(i)  # checks winner, rounds, HP, deaths, felled, dealt
        assert isinstance(rep, ScriptedEncounter)
        assert list(rep.log)[:len(real)] == real
        assert len(rep.log) > len(real)


def test_a_replayed_fight_saves_and_loads(round_three, tmp_path):
    _, _, r = round_three
    rep = r.replay(0)
    back = ScriptedEncounter.load(rep.save(tmp_path / "fight.jsonl"))
    assert back.snapshot() == rep.snapshot()


def test_simulating_leaves_the_real_fight_as_it_was(round_three):
    enc, before, _ = round_three
    assert enc.snapshot() == before


def test_the_result_reports_fights_seconds_and_p_win_with_intervals(round_three):
    _, _, r = round_three
    assert r.n == 6 and r.requested == 6 and not r.partial
    assert 0 < r.seconds < 600
    for side in ("party", "orcs"):
        p, lo, hi = r.p_win(side)
        assert 0 <= lo <= p <= hi <= 1
    assert "round 3, Wulfric's turn" in r.notes[0]
    assert "tier" in repr(r) and list(r.readable().index) == ["party", "orcs", "draw"]


def test_one_hero_left_at_1_hp_against_three_fresh_orcs_is_nearly_lost():
    """The done-when: a side with one creature left at 1 HP against three fresh foes. Fresh,
    Wulfric and Chessan beat the three orcs nearly always (fast tier: 0.998 [0.996,
    0.999] in 2000 fights); with Chessan dead and Wulfric at 1 HP, in the middle of the
    fight, one orc's hit drops him (the fast tier's twin from a fresh start: 0.00015
    [0.00005, 0.00044] in 20000 fights)."""
    fresh = simulate({"party": [load_example("wulfric"), load_example("chessan")],
                      "orcs": orcs(3)}, 400, seed=3, progress=False)
    r = _run(last_one_standing(1, started=True), 40, seed=3)
    assert r.p_win("party")[2] < 0.1  # the upper end of its interval
    assert fresh.p_win("party")[1] > 0.9  # the lower end of the fresh start's
    assert (r.dead[:, r.names.index("Chessan")] == 1).all()  # dead it stays


def test_a_wounded_start_matches_its_fresh_twin_within_the_intervals():
    """Before the start, Wulfric at 60 HP (Chessan dead) against three orcs is the fight of
    a Wulfric written at 60 HP alone against them: the same chances (the fast tier's twin,
    20000 fights: 0.470 [0.463, 0.477]) within the reference run's interval."""
    twin = simulate({"party": [load_example("wulfric").replace(current_hp=60)],
                     "orcs": orcs(3)}, 20000, seed=3, progress=False)
    r = _run(last_one_standing(60, started=False), 60, seed=3)
    p, lo, hi = r.p_win("party")
    tp, tlo, thi = twin.p_win("party")
    assert lo <= tp <= hi
    assert 0.25 < p < 0.7


def test_an_interrupt_under_way_is_played_on_not_called_a_draw():
    """Mayat has interrupted the orc's move: when her Interrupt Turn ends, the orc's turn
    goes on ("When your Interrupt Turn is complete, the creature you interrupted completes
    their turn", 000_8d1d7816ee944f3b.txt, "Interrupt Turn"); before the fix the tactics
    took the paused turn's return for a round with nobody left and called every fight a
    draw."""
    enc = clearing_fight(seed=3)
    enc.start(aware=["Orc 1", "Orc 2", "Wulfric"])
    while enc.current != "Orc 2":
        choices = enc.choices()
        enc.end_turn(next="Orc 2" if "Orc 2" in choices else choices[0])
    enc.move("Orc 2", (5, 3))
    enc.interrupt("Wulfric", before="move")
    assert enc.interrupted == ["Orc 2"]
    r = _run(enc, 4, seed=2)
    assert (r.winner >= 0).all()
    assert list(r.replay(0).log)[:len(enc.log)] == list(enc.log)


def test_dice_so_far_keeps_both_attempts_of_a_fortunate_roll_in_order():
    from lfgcombat.dice import Roller
    roller = Roller(seed=9)
    for fortune in ("fortunate", "unfortunate", None, "fortunate"):
        roller.roll("1d20+2", fortune=fortune)
    again = Roller(seed=9)
    assert dice_so_far(roller) == [(20, again.roll("1d20").total) for _ in range(7)]


def test_a_fight_already_over_is_refused_with_what_to_do():
    enc = last_one_standing(1, started=True)
    enc.damage("Wulfric", 30)
    before = enc.snapshot()
    with pytest.raises(PrepError, match="already over.*only orcs"):
        _run(enc, 3)
    assert enc.snapshot() == before


@pytest.mark.parametrize("n", [0, -3, 2.5, True, "100"])
def test_n_must_be_a_positive_whole_number(n):
    with pytest.raises(PrepError, match="n \\(the number of fights\\) must be a whole"):
        simulate(last_one_standing(1, started=True), n, progress=False)


@pytest.mark.parametrize("kw, words", [
    (dict(tier="fastest"), "tier must be one of"), (dict(map=object()), "leave map out"),
    (dict(ruleset="classic"), "leave ruleset out"), (dict(knockdown=True), "leave knockdown"),
    (dict(switches={"killer_criticals": True}), "leave switches out"),
    (dict(max_rounds=0), "max_rounds must be a whole number")])
def test_arguments_an_encounter_does_not_take_are_refused(kw, words):
    enc = last_one_standing(1, started=True)
    with pytest.raises(PrepError, match=words):
        simulate(enc, 3, progress=False, **kw)


def test_unknown_tactics_are_refused_by_name():
    with pytest.raises(TacticsError, match="unknown tactics target 'bravest'.*or a preset: focus_fire"):
        simulate(last_one_standing(1, started=True), 3, tactics="bravest", progress=False)


def test_the_encounters_own_ruleset_may_be_named():
    r = _run(last_one_standing(1, started=True), 2, ruleset="lfg")
    assert r.n == 2


def test_a_fight_past_the_round_limit_and_groups_are_refused():
    enc = in_round_three()
    with pytest.raises(PrepError, match="round 3, past the round limit max_rounds=2"):
        simulate(enc, 2, max_rounds=2, progress=False)
    party = [load_example("wulfric")]
    grouped = Encounter(party + orcs(2), sides={"party": ["Wulfric"],
                                                "orcs": ["Orc 1", "Orc 2"]},
                        groups={"orcs": ["Orc 1", "Orc 2"]}, seed=1)
    with pytest.raises(PrepError, match="orcs share one turn as a group"):
        prepare_here(grouped, None, 60)


def test_the_start_is_read_without_changing_the_fight():
    enc = in_round_three()
    before = enc.snapshot()
    start = start_of(enc)
    assert enc.snapshot() == before
    assert len(start.dice) == sum(len(r.faces) + (len(r.other.faces) if r.other else 0)
                                  for r in enc.roller.history)


@pytest.mark.parametrize("ruleset", ["classic", "wounds", "round_by_round", "top_down"])
def test_every_ruleset_and_initiative_plays_on_from_mid_fight(ruleset):
    """Classic and wounds (their own records of health), and lfg's Round-by-Round and
    Top-Down Initiative: played on in round 2 by the encounter's own rules."""
    from lfgcombat import Ruleset

    from .rulesets_helpers import orc_brawl
    rs = (Ruleset("lfg", initiative=ruleset) if ruleset in ("round_by_round", "top_down")
          else Ruleset(ruleset))
    sides = orc_brawl()
    enc = Encounter([c for m in sides.values() for c in m],
                    sides={s: [c.name for c in m] for s, m in sides.items()}, ruleset=rs, seed=3)
    enc.start()
    while enc.round < 2:
        choices = enc.choices()
        enc.end_turn(next=choices[0] if choices else None)
    r = _run(enc, 2, seed=2)
    assert r.scenario.ruleset == enc.ruleset and (r.rounds >= 2).all()
    assert list(r.replay(1).log)[:len(enc.log)] == list(enc.log)


def test_a_fight_under_way_plays_in_small_chunks():
    """Each reference fight under way takes tenths of a second: chunks of HERE_CHUNK
    fights, so the bar moves and Ctrl-C keeps what was played."""
    from lfgcombat.prep.run import HERE_CHUNK
    r = simulate(last_one_standing(1, started=True), 2, seed=1, progress=False,
                 tier="reference")  # on the open field it would be the fast tier's
    assert r.chunk_size == HERE_CHUNK == 5


def test_a_replayed_fast_tier_fight_plays_on_from_mid_fight():
    """The PrepPanel opens the worst fight as a ScriptedEncounter (its dice the fast tier's
    draws); taken back a few steps, it plays on from there, its own script kept."""
    r = simulate({"party": [load_example("wulfric"), load_example("chessan")],
                  "orcs": orcs(3)}, 200, seed=5, progress=False)
    enc = r.replay(r.worst("party")[0])
    enc.undo(25)
    assert isinstance(enc, ScriptedEncounter) and not enc.over
    here = _run(enc, 2, seed=1)
    assert list(here.replay(1).log)[:len(enc.log)] == list(enc.log)
