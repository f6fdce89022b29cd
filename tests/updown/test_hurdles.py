"""Hurdling with Jump&Sprint (000_8d1d7816ee944f3b.txt, "Leaper": "You may make a Jump&Sprint
check to hurdle a barrier or leap over an obstacle as part of a Big Action movement";
"Obstacles": "You may hurdle over an object of ¼ your height ... in stride"; "Prone":
"jumping over the enemy (Jump&Sprint DC20+)"). The skill chapter's DCs are lost:
data/hurdles.csv rebuilds them, each inferred row saying why."""

from __future__ import annotations

import pytest

from lfgcombat import Creature, HexMap
from lfgcombat.engine import Encounter
from lfgcombat.errors import IllegalActionError
from lfgcombat.rules.movement.movement_modes import MovementModeError, body_height_ft, hurdle_dc
from lfgcombat.io.tables import load_table, parse_source
from encounter.helpers import mk, refused


def test_heights_come_from_the_sizes_table() -> None:
    """The middle of each size's Height/Length range ("Creature Size Category Table")."""
    assert body_height_ft("medium") == 5.5 and body_height_ft("small") == 3.0
    assert body_height_ft("diminutive") == 0.75 and body_height_ft("large") == 11.0
    with pytest.raises(MovementModeError, match="unknown size"):
        body_height_ft("enormous")


@pytest.mark.parametrize("size, barrier, dc", [
    ("medium", 1, None),   # a quarter of 5.5 ft or less: in stride ("Obstacles")
    ("medium", 2, 10), ("medium", 4, 15), ("medium", 5.5, 20), ("medium", 8, 25),
    ("small", 1.5, 10),    # half of a Small creature's 3 ft
    ("large", 5, 10),      # a Large creature (11 ft) clears a man-high wall easily
])
def test_the_dc_follows_the_barrier_as_a_share_of_the_jumpers_height(size, barrier, dc):
    assert hurdle_dc(size, barrier).dc == dc


def test_a_prone_enemy_is_dc_20_as_the_text_says() -> None:
    assert hurdle_dc("medium", prone_enemy=True).dc == 20


def test_a_leaper_adds_half_its_x_to_the_height_it_clears() -> None:
    """"A vertical leap may be increased by +(X/2) feet": Leaper 10 clears 5 ft more, so a
    4-ft barrier (DC 15) counts as 0 ft - in stride."""
    h = hurdle_dc("medium", 4, leaper=10)
    assert h.effective_ft == 0 and h.dc is None
    assert hurdle_dc("medium", 7.5, leaper=10).dc == 10  # 2.5 ft left: under half its height


def test_too_tall_or_bad_barriers_are_refused() -> None:
    with pytest.raises(IllegalActionError, match="climb it or fly"):
        hurdle_dc("medium", 9)
    for bad in (-1, "tall", True):
        with pytest.raises(MovementModeError, match="barrier_ft"):
            hurdle_dc("medium", bad)


def test_every_rebuilt_dc_is_marked_inferred_with_why() -> None:
    t = load_table("hurdles")
    for _, row in t.iterrows():
        cites, why = parse_source(row["source"])
        assert cites
        if row["hurdle"] in ("low", "high", "head", "overhead"):
            assert why and "lost" in why
        else:  # the text's own: in stride, the prone enemy's DC20
            assert why is None


def _jumpers(leaper: int = 0, jump: int = 0) -> Encounter:
    line = "Move Speed 30" + (f", Leaper {leaper}" if leaper else "")
    d = Creature.from_dict({"name": "Deinonychus", "level": 3, "max_hp": 30, "speed": 30,
                            "initiative_rating": 40, "movement": line,
                            "skills": {"jump&sprint": jump}})
    m = HexMap(8, 3)
    m.place(d, (1, 1), "raptors")
    m.place(mk("Far"), (7, 1), "foes")
    return Encounter([d, mk("Far")], map=m, seed=2).start()


def test_the_encounter_rolls_the_check_and_logs_it() -> None:
    enc = _jumpers(jump=4)
    ev = enc.hurdle("Deinonychus", 4)  # DC 15
    assert ev.kind == "hurdled" and ev.data["dc"] == 15
    roll = next(e for e in reversed(enc.log) if e.kind == "roll")
    assert roll.data["total"] == ev.data["total"] == roll.data["natural"] + 4
    assert ev.data["success"] == (ev.data["total"] >= 15)
    assert enc.actions_left("Deinonychus").big == 2  # part of a movement: no action spent
    stride = enc.hurdle("Deinonychus", 1)
    assert stride.data["dc"] is None and stride.data["success"] and stride.data["total"] is None
    again = Encounter._from_header(enc._header())
    for e in enc.log:
        if e.command:
            again._do(e.kind, dict(e.data))
    assert again.snapshot() == enc.snapshot()


def test_a_leaper_hurdles_in_stride_what_others_roll_for() -> None:
    enc = _jumpers(leaper=10)
    assert enc.hurdle("Deinonychus", 4).data["dc"] is None


def test_a_bad_hurdle_is_refused_and_changes_nothing() -> None:
    enc = _jumpers()
    refused(enc, enc.hurdle, "Deinonychus", 20, match="climb it or fly")
    refused(enc, enc.hurdle, "Far", 2, match="turn")


# -- a leap longer than X: the Jump&Sprint check (000_8d1d7816ee944f3b.txt, "Leaper": "You
# cannot fail on a horizontal jump of X feet or less"; the DC inferred, the chapter lost) --
def test_a_leap_of_x_needs_no_check_and_past_x_the_dc_is_the_feet_beyond() -> None:
    from lfgcombat.rules.movement.movement_modes import leap_dc, leap_landing_ft
    assert leap_dc(10, 10) is None and leap_dc(20, 5) is None  # cannot fail
    assert (leap_dc(10, 15), leap_dc(10, 30), leap_dc(20, 45)) == (5, 20, 25)
    for x, feet in ((10, 30), (20, 45), (5, 40)):
        dc = leap_dc(x, feet)
        assert dc is not None
        assert leap_landing_ft(x, dc, feet) == feet  # meeting the DC carries all the way
        short = leap_landing_ft(x, dc - 1, feet)
        assert x <= short < feet and short % 5 == 0  # never short of X
    with pytest.raises(MovementModeError, match="whole number"):
        leap_dc(-10, 20)
    with pytest.raises(MovementModeError, match="Leaper"):
        leap_landing_ft(10, 2.5, 20)  # type: ignore[arg-type]


def _stream(seed: int, jump: int = 0) -> Encounter:
    """A Deinonychus (Leaper 10) before a stream four hexes wide."""
    d = Creature.from_dict({"name": "Deino", "level": 3, "max_hp": 30, "speed": 30,
                            "initiative_rating": 40, "movement": "Move Speed 30, Leaper 10",
                            "skills": {"jump&sprint": jump}})
    m = HexMap.from_text("terrain: |\n  . . ~ ~ ~ ~ . . . . . .\n")
    m.place(d, (1, 0), "raptors")
    m.place(mk("Far"), (11, 0), "foes")
    return Encounter([d, mk("Far")], map=m, seed=seed).start()


def test_a_leap_past_x_rolls_jump_and_sprint_and_a_miss_lands_short() -> None:
    """Leaping 30 ft with Leaper 10 needs DC 20; a failure carries the check + X feet (in
    5-ft steps), so the jumper comes down in the stream; the budget pays what it leapt.
    Its success rate is the exact P(1d20 + 6 >= 20) = 7/20 within sampling."""
    from math import sqrt

    from lfgcombat.rules.movement.movement_modes import leap_landing_ft
    wins = 0
    n = 200
    for seed in range(1, n + 1):
        enc = _stream(seed, jump=6)
        enc.move("Deino", (7, 0), mode="leap")
        ev = next(e for e in enc.log if e.kind == "leap_check")
        assert ev.data["dc"] == 20 and ev.data["feet"] == 30
        roll = next(e for e in enc.log if e.kind == "roll" and "Jump&Sprint" in
                    str(e.data.get("label", "")))
        assert ev.data["total"] == roll.data["total"] == roll.data["natural"] + 6
        at = enc.map.offset(enc.map.token("Deino").anchor)
        assert ev.data["success"] == (ev.data["total"] >= 20)
        if ev.data["success"]:
            wins += 1
            assert at == (7, 0) and ev.data["landed_ft"] == 30
        else:
            assert ev.data["landed_ft"] == leap_landing_ft(10, ev.data["total"], 30) < 30
            assert at == (1 + ev.data["landed_ft"] // 5, 0)
        assert enc.movement_budget("Deino").spent == ev.data["landed_ft"]
    p = 7 / 20
    assert abs(wins / n - p) < 4 * sqrt(p * (1 - p) / n)


def test_a_leap_of_x_rolls_nothing_and_a_long_leap_replays() -> None:
    enc = _stream(1)
    rolls = len(enc.roller.history)
    enc.move("Deino", (3, 0), mode="leap")  # 10 ft: X
    assert len(enc.roller.history) == rolls and not any(e.kind == "leap_check"
                                                        for e in enc.log)
    enc.move("Deino", (7, 0), mode="leap")  # 20 ft more: DC 10
    assert any(e.kind == "leap_check" for e in enc.log)
    again = Encounter._from_header(enc._header())
    for e in enc.log:
        if e.command:
            again._do(e.kind, dict(e.data))
    assert again.snapshot() == enc.snapshot()


def test_a_leap_that_falls_short_of_the_foe_gives_no_charge() -> None:
    """"You may make a Charge Attack after making successful Jump&Sprint check to land
    within reach of an opponent" (000_8d1d7816ee944f3b.txt, "Leaper"): short of it, the
    leap stands and no Charge follows."""
    for seed in range(1, 80):
        raptor = Creature.from_dict({"name": "Raptor", "level": 4, "max_hp": 40,
                                     "speed": 40, "initiative_rating": 40,
                                     "movement": "Leaper 10",
                                     "weapons": [{"name": "claw", "damage": "1d6",
                                                  "crit": "20/x2", "damage_type": "s",
                                                  "natural": True}]})
        m = HexMap(12, 3)
        m.place(raptor, (0, 1), "beasts")
        m.place(mk("Orc"), (8, 1), "foes")
        enc = Encounter([raptor, mk("Orc")], map=m, seed=seed).start()
        enc.move("Raptor", (7, 1), mode="leap", charge=True)  # 35 ft: DC 25
        if not next(e for e in enc.log if e.kind == "leap_check").data["success"]:
            break
    else:
        pytest.fail("no seed failed a DC 25 leap")
    assert enc.map.offset(enc.map.token("Raptor").anchor) != (7, 1)
    refused(enc, enc.attack, "Raptor", "Orc", "claw", charge=True, match="[Cc]harge")


# -- a leap over a low wall hurdles it ("Leaper": "You may make a Jump&Sprint check to
# hurdle a barrier or leap over an obstacle as part of a Big Action movement") ------------
def _wall(seed: int, height: int, leaper: int = 10, jump: int = 4) -> Encounter:
    d = Creature.from_dict({"name": "Deino", "level": 3, "max_hp": 30, "speed": 30,
                            "initiative_rating": 40,
                            "movement": f"Move Speed 30, Leaper {leaper}",
                            "skills": {"jump&sprint": jump}})
    m = HexMap.from_text(f"terrain: |\n  . . . # . . . . . .\nwall_height: {height}\n")
    m.place(d, (1, 0), "raptors")
    m.place(mk("Far"), (9, 0), "foes")
    return Encounter([d, mk("Far")], map=m, seed=seed).start()


def test_a_leaper_clears_a_low_wall_in_stride_and_lands_beyond_it() -> None:
    """A 5-ft wall less Leaper 10's +X/2 is nothing to a Medium jumper: in stride, no
    roll (data/hurdles.csv); the leap (20 ft, DC 10 past X) comes down on the ground."""
    for seed in range(1, 30):
        enc = _wall(seed, 5)
        enc.move("Deino", (5, 0), mode="leap")
        hurdle = next(e for e in enc.log if e.kind == "hurdled").data
        assert hurdle["dc"] is None and hurdle["success"] and hurdle["barrier_ft"] == 5
        far = next(e for e in enc.log if e.kind == "leap_check").data
        assert (far["feet"], far["dc"]) == (20, 10)  # measured on the ground, not the arc
        at = enc.map.offset(enc.map.token("Deino").anchor)
        assert at == ((5, 0) if far["success"] else (1 + far["landed_ft"] // 5, 0))
        assert at != (3, 0) and enc.map.altitude("Deino") == 0  # never on the wall's top


def test_a_wall_of_the_jumpers_height_needs_dc_20_and_a_miss_stops_before_it() -> None:
    """A 10-ft wall less Leaper 10's 5 ft is a 5-ft barrier for a 5.5-ft jumper: the
    "head" row, DC 20 (inferred from d20's high jump). On a failure the leap stops on the
    last hex before the wall; its rate agrees with the exact P(1d20 + 4 >= 20) = 1/4."""
    from math import sqrt
    n, wins = 160, 0
    for seed in range(1, n + 1):
        enc = _wall(seed, 10)
        enc.move("Deino", (5, 0), mode="leap")
        hurdle = next(e for e in enc.log if e.kind == "hurdled").data
        assert hurdle["dc"] == 20 and hurdle["hurdle"] == "head"
        at = enc.map.offset(enc.map.token("Deino").anchor)
        if hurdle["success"]:
            wins += 1
            assert at[0] > 3
        else:
            assert at == (2, 0)
            assert not any(e.kind == "leap_check" for e in enc.log)  # 5 ft: within X
    assert abs(wins / n - 0.25) < 4 * sqrt(0.25 * 0.75 / n)


def test_too_tall_a_wall_or_a_full_wall_is_refused_and_changes_nothing() -> None:
    enc = _wall(1, 15)
    refused(enc, enc.move, "Deino", (5, 0), mode="leap", match="too tall to hurdle")
    full = HexMap.from_text("terrain: |\n  . . . # . . . . . .\n")
    d = Creature.from_dict({"name": "Deino", "level": 3, "max_hp": 30, "speed": 30,
                            "initiative_rating": 40, "movement": "Move Speed 30, Leaper 10"})
    full.place(d, (1, 0), "raptors")
    blocked = Encounter([d], map=full, seed=1).start()
    refused(blocked, blocked.move, "Deino", (5, 0), mode="leap", match="blocked")


def test_a_leap_over_a_wall_may_not_land_on_a_creature() -> None:
    enc = _wall(1, 5)
    enc.map.place(mk("Sitter"), (5, 0), "foes")
    refused(enc, enc.move, "Deino", (5, 0), mode="leap", match="cannot land")


def _open_field() -> Encounter:
    d = Creature.from_dict({"name": "Deino", "level": 3, "max_hp": 30, "speed": 30,
                            "initiative_rating": 40, "movement": "Move Speed 30, Leaper 10",
                            "skills": {"jump&sprint": 30}})  # a sure jumper: the DCs pass
    m = HexMap(14, 3)
    m.place(d, (0, 1), "raptors")
    m.place(mk("Far"), (13, 1), "foes")
    return Encounter([d, mk("Far")], map=m, seed=1).start()


def test_a_leap_carries_x_feet_past_the_movement_left_for_free() -> None:
    """"Whenever you jump horizontally, the distance traversed may be increased by up to
    +X feet if desired ... Creatures with the Leaper trait can jump distances up to their
    normal land Move Speed+X" (000_8d1d7816ee944f3b.txt, "Leaper"): Move Speed 30, Leaper
    10 leaps 40 ft on its 30 ft (the Griffon's 20-ft leap within its budget still spends 20,
    tests/updown/test_encounter_movement.py); 45 ft is refused and changes nothing."""
    enc = _open_field()
    refused(enc, enc.move, "Deino", (9, 1), mode="leap", match="carries at most 40 ft")
    enc.move("Deino", (8, 1), mode="leap")
    assert enc.map.offset(enc.map.token("Deino").anchor) == (8, 1)
    assert enc.movement_budget("Deino").spent == 30
    assert enc.actions_left("Deino").big == 1  # one Big Action
    after_a_walk = _open_field()
    after_a_walk.move("Deino", (2, 1))  # 10 ft on foot: 20 left, a leap of 30 reaches
    after_a_walk.move("Deino", (8, 1), mode="leap")
    assert after_a_walk.movement_budget("Deino").spent == 30
    assert after_a_walk.actions_left("Deino").big == 1


def test_a_leap_over_a_low_wall_must_fit_under_the_ceiling() -> None:
    """"Leaper" and the map's ceiling ("Other Types of Movement"): the arc over a 10-ft wall
    carries a 5.5-ft body to 15.5 ft, which a 15-ft ceiling does not leave; refused with
    the rule, nothing changes. Under a 20-ft ceiling the same leap is made."""
    from encounter.helpers import refused
    enc = _wall(1, 10)
    enc.map.ceiling = 15
    enc.record_map_edits()  # the GM's edit is a step of its own
    e = refused(enc, enc.move, "Deino", (5, 0), mode="leap", match="15-ft ceiling")
    assert '"Leaper"' in str(e) and "10-ft wall" in str(e)
    enc.map.ceiling = 20
    enc.record_map_edits()
    enc.move("Deino", (5, 0), mode="leap")
    assert any(ev.kind == "hurdled" for ev in enc.log)
