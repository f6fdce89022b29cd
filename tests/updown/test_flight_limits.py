"""The Fly Speed maneuverability chart's limits in play: turns per move and the Minimum
Flight Speed (000_8d1d7816ee944f3b.txt, "Fly Speed – Flight & Maneuverability": "During a
single Normal Move (Big Action), the creature may make the indicated number of direction
changes, turning up to 90 degrees each time"; "A creature that moves less than this amount
in a single round while airborne begins to fall")."""

from __future__ import annotations

import pytest

from lfgcombat import Creature, HexMap
from lfgcombat.engine import Encounter
from lfgcombat.rules.movement.flight import path_turns
from lfgcombat.battlemap.grid import Hex, Square
from encounter.helpers import mk, refused


def bat(man: str, text: str = "terrain: |\n" + ("  " + " ".join(["."] * 12) + "\n") * 8
        ) -> Encounter:
    b = Creature.from_dict({"name": "Bat", "level": 2, "max_hp": 20, "speed": 10,
                            "initiative_rating": 40,
                            "movement": f"Move Speed 10, Fly 60 [{man}], Climb 10"})
    m = HexMap.from_text(text)
    m.place(b, (1, 1), "bats")
    m.place(mk("Far"), (11, 7), "foes")
    return Encounter([b, mk("Far")], map=m, seed=1).start()


def replayed(enc: Encounter) -> Encounter:
    again = Encounter._from_header(enc._header())
    for e in enc.log:
        if e.command:
            again._do(e.kind, dict(e.data))
    return again


@pytest.mark.parametrize("path, heading, turns", [
    ([Hex(0, 0), Hex(1, 0), Hex(2, 0)], None, 0),
    ([Hex(0, 0), Hex(1, 0), Hex(1, 1)], None, 1),  # 60 degrees: one turn
    ([Hex(0, 0), Hex(1, 0), Hex(0, 1)], None, 2),  # 120 degrees: more than 90, two
    ([Hex(0, 0), Hex(1, 0), Hex(0, 0)], None, 2),  # turning back
    ([Hex(0, 0), Hex(0, 1)], (1.0, 0.0), 1),  # a turn from the last leg's heading counts
    ([Square(0, 0), Square(1, 0), Square(1, 1)], None, 1),  # 90 degrees: one
    ([Square(0, 0), Square(1, 0), Square(0, 1)], None, 2),  # 135 degrees: two
])
def test_path_turns_counts_a_turn_per_90_degrees(path, heading, turns) -> None:
    assert path_turns(path, heading)[0] == turns


def test_a_clumsy_flyer_turns_once_per_move_and_a_second_turn_is_refused() -> None:
    enc = bat("clumsy")
    enc.move("Bat", (4, 1), mode="fly", altitude=5)  # straight east: no turn
    assert enc.movement_budget("Bat").turns == 0
    enc.move("Bat", (5, 3), mode="fly")  # south-east: its one turn
    assert enc.movement_budget("Bat").turns == 1
    err = refused(enc, enc.move, "Bat", (2, 3), mode="fly", match="at most 1 per move")
    assert "clumsy" in str(err)
    enc.move("Bat", (7, 6), mode="fly")  # straight on south-east: no turn
    assert enc.movement_budget("Bat").remaining("fly") == 0
    # a new Big Action turns again, counted from the heading it flies on with: back west
    # (120 degrees from south-east) is two turns, south-west one
    refused(enc, enc.move, "Bat", (4, 6), mode="fly", match="at most 1 per move")
    enc.move("Bat", (6, 7), mode="fly")
    assert enc.movement_budget("Bat").turns == 1 and enc.actions_left("Bat").big == 0


def test_a_zigzagging_cheapest_path_is_flown_as_two_straight_legs() -> None:
    """The cheapest path there zigzags (three turns); a Poor flyer (two turns) flies it as
    two straight legs of the same length instead."""
    enc = bat("poor")
    enc.move("Bat", (4, 1), mode="fly", altitude=5)
    enc.move("Bat", (4, 5), mode="fly")
    b = enc.movement_budget("Bat")
    assert b.turns == 2 and b.legs[-1] == ("fly", 20)
    assert enc.map.offset(enc.map.token("Bat").anchor) == (4, 5)


def test_perfect_maneuverability_turns_freely() -> None:
    enc = bat("perfect")
    enc.move("Bat", (4, 1), mode="fly", altitude=5)
    enc.move("Bat", (4, 3), mode="fly")
    enc.move("Bat", (2, 3), mode="fly")
    assert enc.movement_budget("Bat").turns >= 4


def test_a_flyer_that_flies_too_little_falls_at_the_end_of_its_turn() -> None:
    enc = bat("average")  # at least 2 hexes a round
    enc.set_altitude("Bat", 30)
    enc.end_turn()
    stall = next(e for e in enc.log if e.kind == "flyer_stalls")
    assert stall.data["flown_hexes"] == 0 and stall.data["minimum_hexes"] == 2
    assert enc.map.altitude("Bat") == 0
    assert enc.state("Bat")["hp"] < 20  # 30 ft of fall
    again = replayed(enc)
    assert again.snapshot() == enc.snapshot() and again.map.altitude("Bat") == 0


def test_a_flyer_that_flies_its_minimum_stays_aloft() -> None:
    enc = bat("average")
    enc.move("Bat", (3, 1), mode="fly", altitude=10)  # 2 hexes across, 20 ft to rise
    enc.end_turn()
    assert enc.map.altitude("Bat") == 10
    assert not [e for e in enc.log if e.kind in ("flyer_stalls", "flyer_falls")]


def test_hovering_and_clinging_flyers_do_not_fall() -> None:
    perfect = bat("perfect")
    perfect.set_altitude("Bat", 30)
    perfect.end_turn()
    assert perfect.map.altitude("Bat") == 30
    wall = "terrain: |\n" + ("  " + " ".join(["^"] * 12) + "\n") * 8
    clinging = bat("clumsy", wall)
    clinging.move("Bat", (1, 1), mode="climb", altitude=10)
    clinging.end_turn()
    assert clinging.map.altitude("Bat") == 10


def test_undoing_the_end_of_turn_puts_a_stalled_flyer_back_aloft() -> None:
    enc = bat("poor")  # at least 3 hexes a round
    enc.set_altitude("Bat", 30)
    enc.move("Bat", (3, 1), mode="fly")  # only 2 hexes across
    enc.end_turn()
    assert enc.map.altitude("Bat") == 0 and enc.state("Bat")["hp"] < 20
    enc.undo()
    assert enc.map.altitude("Bat") == 30 and enc.state("Bat")["hp"] == 20


def test_a_flyer_falling_300_feet_spends_its_next_big_action_regaining_control() -> None:
    """"you will fall about 300 feet in 1 round ... you can spend a Big Action to regain
    control" (000_8d1d7816ee944f3b.txt, "Falling while Flying & Regaining Control")."""
    enc = bat("average")
    enc.set_altitude("Bat", 500)
    enc.end_turn()  # it did not fly: it stalls and falls 300 ft
    assert enc.map.altitude("Bat") == 200
    assert enc.actions_left("Bat").big == 2  # its next turn is still to come
    enc.end_turn(next="Bat")  # Far's turn ends; Far chooses the Bat to open the round
    assert enc.current == "Bat"
    assert any(e.kind == "flyer_regains" for e in enc.log)
    assert enc.actions_left("Bat").big == 1
    assert replayed(enc).snapshot() == enc.snapshot()


def test_a_perfect_flyer_regains_control_after_50_feet_without_a_big_action() -> None:
    enc = bat("perfect")
    enc.set_altitude("Bat", 500)
    enc.fall_from_flight("Bat")
    assert enc.map.altitude("Bat") == 450
    enc.end_turn()
    enc.end_turn(next="Bat")
    assert not any(e.kind == "flyer_regains" for e in enc.log)
    assert enc.actions_left("Bat").big == 2


def _attack(man: str, altitude: int, target_man: str | None = None) -> dict:
    b = Creature.from_dict({"name": "Bat", "level": 2, "max_hp": 20, "speed": 10,
                            "initiative_rating": 40, "weapons": ["longsword"],
                            "movement": f"Move Speed 10, Fly 60 [{man}]"})
    orc = mk("Orc", movement=f"Fly 40 [{target_man}]") if target_man else mk("Orc")
    m = HexMap(6, 3)
    m.place(b, (1, 1), "bats", altitude=altitude)
    m.place(orc, (2, 1), "foes", altitude=altitude if target_man else 0)
    enc = Encounter([b, orc], map=m, seed=1).start()
    enc.attack("Bat", "Orc")
    return [e for e in enc.log if e.kind == "attack" and not e.command][-1].data


def test_the_charts_combat_limits_apply_to_airborne_clumsy_and_poor_flyers() -> None:
    """data/maneuverability.csv's attack_mod / ac_mod (inferred): Clumsy -2, Poor -1."""
    average, clumsy = _attack("average", 5), _attack("clumsy", 5)
    assert clumsy["bonus"] == average["bonus"] - 2
    assert any("clumsy flight" in m for m in clumsy["modifiers"])
    grounded = _attack("clumsy", 0)  # on the ground: no flight penalty (nor high ground)
    assert not any("flight" in m for m in grounded["modifiers"])
    assert _attack("average", 5, "poor")["against"] == _attack("average", 5, "average")[
        "against"] - 1


def test_a_fight_with_flight_saves_and_loads(tmp_path) -> None:
    """Issue 15's events are declared in lfgcombat.engine.log, so a save holding them loads and
    replays to the same state."""
    enc = bat("average")
    enc.move("Bat", (4, 1), mode="fly", altitude=5)
    enc.set_altitude("Bat", 500)
    enc.end_turn()  # 3 hexes flown: it keeps its lift
    enc.end_turn(next="Bat")
    enc.fall_from_flight("Bat")  # 300 ft down; the next turn's Big Action regains control
    path = enc.save(tmp_path / "flight.jsonl")
    again = Encounter.load(path)
    assert again.snapshot() == enc.snapshot()
    assert {"moved_mode", "altitude_set", "flyer_falls"} <= {e.kind for e in again.log}


# -- paths of several legs (000_8d1d7816ee944f3b.txt, "Fly Speed – Flight & Maneuverability":
# "the creature may make the indicated number of direction changes, turning up to 90 degrees
# each time. You must move at least 5 feet in the same direction between turns") -----------
#: A bar of wall below the flyer's start: around it the cheapest path zigzags, yet a path of
#: three or four straight legs needs fewer turns.
BAR = """terrain: |
  . . . . . . . . . .
   . . . . . . . . . .
  . . # # # # # . . .
   . . . . . . . . . .
  . . . . . . . . . .
   . . . . . . . . . .
   # # # # # # # # # #
  . . . . . . . . . .
"""
#: A serpentine corridor: each bend costs turns (one per 60 degrees on hexes).
SNAKE = """terrain: |
  . . . . . .
   # # # # # .
  . . . . . .
   . # # # # #
  . . . . . .
   # # # # # .
  . . . . . .
   # # # # # #
  . . . . . .
"""


def flyer(man: str, text: str, start: tuple[int, int], far: tuple[int, int]) -> Encounter:
    b = Creature.from_dict({"name": "Bat", "level": 2, "max_hp": 20, "speed": 10,
                            "initiative_rating": 40,
                            "movement": f"Move Speed 10, Fly 120 [{man}]"})
    m = HexMap.from_text(text)
    m.place(b, start, "bats", altitude=5)
    m.place(mk("Far"), far, "foes")  # walled off below the last wall row
    return Encounter([b, mk("Far")], map=m, seed=1).start()


@pytest.mark.parametrize("man, text, start, to, needs", [
    ("clumsy", BAR, (4, 0), (8, 3), 1),    # two legs: its one turn
    ("poor", BAR, (4, 0), (7, 5), 2),      # three legs; the cheapest path zigzags 3 turns
    ("average", BAR, (4, 0), (4, 4), 3),   # four legs round the bar; cheapest: 4 turns
    ("good", SNAKE, (0, 0), (0, 3), 4),    # five legs down the corridor
    ("perfect", SNAKE, (0, 0), (0, 6), 9),  # nine turns: Perfect turns as often as it likes
])
def test_a_flyer_flies_a_path_of_several_legs_within_its_turns(man, text, start, to, needs
                                                                 ) -> None:
    """Each class flies its allowed number of turns, in as many straight legs as that
    makes (a path the two-leg fallback refused for Poor and Average)."""
    enc = flyer(man, text, start, (0, 8) if text == SNAKE else (0, 7))
    enc.move("Bat", to, mode="fly")
    assert enc.map.offset(enc.map.token("Bat").anchor) == to
    budget = enc.movement_budget("Bat")
    assert budget.turns == needs  # the fewest turns there, not the cheapest path's zigzag
    moved = next(e for e in reversed(enc.log) if e.kind == "moved")
    cells = [enc.map._as_cell(tuple(c)) for c in moved.data["path"]]
    assert path_turns(cells)[0] == needs
    assert replayed(enc).snapshot() == enc.snapshot()


@pytest.mark.parametrize("man, text, start, to, allowed", [
    ("clumsy", BAR, (4, 0), (7, 4), 1),   # three legs needed: two turns
    ("poor", BAR, (4, 0), (4, 4), 2),     # four legs needed: three turns
    ("average", SNAKE, (0, 0), (0, 3), 3),  # five legs needed: four turns
    ("good", SNAKE, (0, 0), (1, 4), 4),   # five turns needed
])
def test_a_path_needing_more_turns_than_the_class_allows_is_refused(man, text, start, to,
                                                                     allowed) -> None:
    enc = flyer(man, text, start, (0, 8) if text == SNAKE else (0, 7))
    err = refused(enc, enc.move, "Bat", to, mode="fly", match=f"at most {allowed} per move")
    assert man in str(err)


def test_a_turn_from_the_heading_of_the_same_big_action_counts_in_a_multi_leg_path() -> None:
    """A Poor flyer heading west must turn about before its three legs to (7, 5): two
    turns fresh, three after flying west in the same Big Action - refused."""
    fresh = flyer("poor", BAR, (1, 0), (0, 7))
    fresh.move("Bat", (7, 5), mode="fly")
    assert fresh.movement_budget("Bat").turns == 2
    enc = flyer("poor", BAR, (4, 0), (0, 7))
    enc.move("Bat", (1, 0), mode="fly")  # west: no turn yet, but a heading
    refused(enc, enc.move, "Bat", (7, 5), mode="fly", match="at most 2 per move")


# -- a fly Run's turns ("Running in Combat – Full Details:": "You must Run in a straight
# line"; "Fly Speed – Flight & Maneuverability": the turns per Normal Move) -----------------
def test_a_fly_run_counts_the_turn_onto_its_line_from_the_way_it_flew_this_turn() -> None:
    """A Clumsy flyer that flew east cannot Run back west (two turns) in its next Big
    Action; south-east (one turn) it may, and a fly move after the Run turns from the Run's
    heading."""
    enc = bat("clumsy")
    enc.move("Bat", (5, 1), mode="fly", altitude=5)  # east, 60 ft: 20 ft to rise, 8 hexes
    err = refused(enc, enc.run, "Bat", (1, 1), mode="fly", match="at most 1 per move")
    assert "straight line" in str(err)
    enc.run("Bat", (7, 5), mode="fly")  # south-east: one turn onto the Run's line
    ran = next(e for e in reversed(enc.log) if e.kind == "ran_mode")
    assert ran.data["feet"] == 20
    assert enc.actions_left("Bat").big == 0
    assert enc._flight_heading("Bat") is not None


def test_a_fly_run_along_a_slanting_hex_line_makes_no_turns() -> None:
    """The hex line of a Run to a cell off the six axes steps in two directions, yet it is
    the straight line the Run must take: no turns are counted along it (a fresh Clumsy
    flyer runs it)."""
    enc = bat("clumsy")
    enc.set_altitude("Bat", 10)
    enc.run("Bat", (9, 4), mode="fly")
    assert enc.map.offset(enc.map.token("Bat").anchor) == (9, 4)
    line = [enc.map._as_cell(tuple(c)) for c in
            next(e for e in reversed(enc.log) if e.kind == "moved").data["path"]]
    assert path_turns(line)[0] > 1  # the cells zigzag; the Run is straight


def test_a_poor_flyer_may_run_back_the_way_it_came() -> None:
    enc = bat("poor")  # two turns per move: turning about is allowed
    enc.move("Bat", (4, 1), mode="fly", altitude=5)
    enc.run("Bat", (1, 1), mode="fly")
    assert enc.map.offset(enc.map.token("Bat").anchor) == (1, 1)


# -- the Minimum Flight Speed on interrupt turns and readied actions ("Fly Speed – Flight &
# Maneuverability": "A creature that moves less than this amount in a single round while
# airborne begins to fall"; "Interrupt Turn: How does an Interrupt Turn work?"; "Prepare to
# Interrupt – “Ready Action” (Big Action)") ----------------------------------------------
def _flyers(**kw) -> Encounter:
    b = Creature.from_dict({"name": "Bat", "level": 5, "max_hp": 40, "speed": 10,
                            "initiative_rating": 50,
                            "movement": "Move Speed 10, Fly 60 [average]"})
    cs = [mk("Hero", init=40), b, mk("Orc"), mk("Brute")]
    m = HexMap(12, 8)
    for c, at, side in ((cs[0], (1, 6), "party"), (b, (1, 1), "party"),
                        (cs[2], (10, 6), "orcs"), (cs[3], (10, 1), "orcs")):
        m.place(c, at, side, altitude=30 if c is b else 0)
    return Encounter(cs, sides={"party": ["Hero", "Bat"], "orcs": ["Orc", "Brute"]},
                     map=m, seed=3, **kw)


def test_a_flyer_that_hovers_through_its_interrupt_turn_stalls_and_falls() -> None:
    """An Interrupt Turn is the flyer's turn taken early: flying too little in it stalls
    the flyer as at the end of a turn in order."""
    enc = _flyers().start(decline=["Bat"])
    enc.end_turn(next="Orc")
    assert enc.interrupt("Bat").winner == "Bat"
    enc.end_turn()  # it took its turn without flying
    assert any(e.kind == "flyer_stalls" for e in enc.log)
    assert enc.map.altitude("Bat") == 0


def test_a_flyer_that_flies_its_minimum_in_an_interrupt_turn_stays_aloft() -> None:
    enc = _flyers().start(decline=["Bat"])
    enc.end_turn(next="Orc")
    enc.interrupt("Bat")
    enc.move("Bat", (3, 1), mode="fly")
    enc.end_turn()
    assert enc.map.altitude("Bat") == 30
    assert not any(e.kind == "flyer_stalls" for e in enc.log)


def _readied() -> Encounter:
    """Top-Down: the Bat (first) readies without flying, the Hero acts, then the Orc."""
    enc = _flyers(initiative="top_down").start()
    assert enc.current == "Bat"
    enc.ready("Bat", "the orc moves", action="move")
    enc.end_turn()  # its round of flight is not over: no stall yet
    assert enc.map.altitude("Bat") == 30 and not any(e.kind == "flyer_stalls"
                                                     for e in enc.log)
    return enc


def test_a_readied_flyer_is_checked_when_its_readied_action_ends() -> None:
    enc = _readied()
    enc.end_turn()  # the Hero
    assert enc.current == "Orc"
    enc.interrupt("Bat")
    enc.end_turn()  # the readied action spent on nothing: it flew 0 hexes this round
    assert any(e.kind == "flyer_stalls" for e in enc.log)
    assert enc.map.altitude("Bat") == 0
    flying = _readied()
    flying.end_turn()
    flying.interrupt("Bat")
    flying.move("Bat", (3, 1), mode="fly")  # its readied move: 2 hexes, its minimum
    flying.end_turn()
    assert flying.map.altitude("Bat") == 30
    assert replayed(flying).snapshot() == flying.snapshot()


def test_a_readied_flyer_whose_trigger_never_came_stalls_at_its_next_turn() -> None:
    enc = _readied()
    while enc.round == 1:
        enc.end_turn()
    assert enc.current == "Bat"  # Top-Down: first again
    stall = next(e for e in enc.log if e.kind == "flyer_stalls")
    assert stall.data["flown_hexes"] == 0
    assert enc.map.altitude("Bat") == 0
    assert replayed(enc).snapshot() == enc.snapshot()
