"""Swim, Climb, Leap and Fly in the encounter (000_8d1d7816ee944f3b.txt, "Other Types of
Movement"; "Leaper"; "Flying"; "Fly Speed – Flight & Maneuverability")."""

from __future__ import annotations

import pytest

from lfgcombat import Creature, HexMap
from lfgcombat.creature import CreatureError
from lfgcombat.engine import Encounter
from encounter.helpers import mk, refused

GRIFFON = {"name": "Griffon", "level": 6, "max_hp": 60, "speed": 50, "initiative_rating": 40,
           "movement": "Move Speed 50, Fly 110 [average], Leaper 20"}


def griffon_fight() -> Encounter:
    g = Creature.from_dict(GRIFFON)
    m = HexMap.from_text("terrain: |\n" + "  " + " ".join(["."] * 26) + "\n"
                         + "   " + " ".join(["."] * 26) + "\n" + "  " + " ".join(["."] * 26)
                         + "\n")
    m.place(g, (0, 1), "beasts")
    m.place(mk("Far"), (25, 0), "foes")
    return Encounter([g, mk("Far")], map=m, seed=1).start()


def test_the_griffon_leaps_walks_and_flies_in_one_big_action():
    """"the Griffon could Leap 20 feet, move 30 more feet along the ground, and then fly an
    additional 60 feet" (000_8d1d7816ee944f3b.txt, "Other Types of Movement")."""
    enc = griffon_fight()
    assert enc.speeds("Griffon").fly == 110
    enc.move("Griffon", (4, 1), mode="leap")
    enc.move("Griffon", (10, 1))
    enc.move("Griffon", (18, 1), mode="fly", altitude=10)  # 40 ft across + 20 to rise
    assert enc.map.altitude("Griffon") == 10
    b = enc.movement_budget("Griffon")
    assert b is not None and b.spent == 110 and b.remaining("fly") == 0
    assert enc.actions_left("Griffon").big == 1  # one Big Action for all three


def test_the_budget_is_shared_and_refusals_change_nothing():
    enc = griffon_fight()
    enc.move("Griffon", (10, 1))  # its 50 ft of ground
    assert enc.movement_budget("Griffon").remaining("fly") == 60
    refused(enc, enc.move, "Griffon", (1, 1), mode="swim", match="no swim speed")
    refused(enc, enc.move, "Griffon", (3, 1), mode="burrow", match="mode")
    enc.move("Griffon", (14, 1), mode="fly", altitude=20)  # 20 across + 40 to rise
    assert enc.movement_budget("Griffon").spent == 110
    refused(enc, enc.move, "Griffon", (15, 1), match="20 ft up")
    refused(enc, enc.five_foot_step, "Griffon", (15, 1), match="5-Foot Step")


def test_swim_and_climb_need_their_terrain_and_speed():
    otter = Creature.from_dict({"name": "Otter", "level": 1, "max_hp": 8, "speed": 20,
                                "initiative_rating": 40, "movement": "Swim 40, Climb 10"})
    m = HexMap.from_text("terrain: |\n  . ~ ~ ~ ~ ^ ^\n")
    m.place(otter, (1, 0), "beasts")
    enc = Encounter([otter], map=m, seed=2).start()
    enc.move("Otter", (4, 0), mode="swim")  # 15 ft of water at 5 ft a hex
    assert enc.movement_budget("Otter").spent == 15
    refused(enc, enc.move, "Otter", (6, 0), mode="swim", match="not water")
    enc.move("Otter", (5, 0), mode="climb", altitude=5)  # 5 ft across, 5 ft up
    assert enc.map.altitude("Otter") == 5


def test_a_fly_run_and_a_dive_replay_from_a_save():
    enc = griffon_fight()
    enc.set_altitude("Griffon", 30)
    enc.run("Griffon", (20, 1), mode="fly", altitude=10)
    ev = next(e for e in enc.log if e.kind == "ran_mode")
    assert ev.data["dive_attack"] and ev.data["descended_ft"] == 20
    again = Encounter._from_header(enc._header())
    for e in enc.log:
        if e.command:
            again._do(e.kind, dict(e.data))
    assert again.snapshot() == enc.snapshot()
    assert again.map.altitude("Griffon") == 10


def test_a_bad_movement_line_is_refused():
    with pytest.raises(CreatureError, match="did you mean 'perfect'"):
        Creature.from_dict({"name": "X", "level": 1, "max_hp": 5,
                            "movement": "Fly 50 [Perfekt]"})


def test_a_knocked_down_flyer_drops_ten_feet_and_is_prone_only_on_landing():
    """"they fall 10 feet down ... If they reach the ground, they fall prone"
    (000_8d1d7816ee944f3b.txt, "“Trip”or “Knockdown” a flying creature")."""
    enc = griffon_fight()
    enc.set_altitude("Griffon", 15)
    enc.add_condition("Griffon", "prone", by="Far")
    assert enc.map.altitude("Griffon") == 5
    assert "prone" not in str(enc.state("Griffon")["conditions"]).lower()
    enc.add_condition("Griffon", "prone", by="Far")
    assert enc.map.altitude("Griffon") == 0
    assert "prone" in str(enc.state("Griffon")["conditions"]).lower()


def test_a_flyer_that_loses_flight_falls_300_feet_then_regains_control():
    enc = griffon_fight()
    enc.set_altitude("Griffon", 500)
    enc.fall_from_flight("Griffon")
    assert enc.map.altitude("Griffon") == 200
    enc.fall_from_flight("Griffon", regains=False)
    assert enc.map.altitude("Griffon") == 0
    assert enc.state("Griffon")["hp"] < 60


def test_a_dive_attack_strikes_as_a_charge_one_die_larger():
    g = dict(GRIFFON, weapons=[{"name": "claw", "damage": "1d6", "crit": "20/x2",
                                "damage_type": "s", "natural": True}])
    griffon = Creature.from_dict(g)
    m = HexMap(12, 3)
    m.place(griffon, (0, 1), "beasts")
    m.place(mk("Orc"), (6, 1), "foes")
    enc = Encounter([griffon, mk("Orc")], map=m, seed=4).start()
    refused(enc, enc.dive_attack, "Griffon", "Orc", match="Run")
    enc.set_altitude("Griffon", 20)
    enc.run("Griffon", (5, 1), mode="fly", altitude=0)
    enc.dive_attack("Griffon", "Orc", "claw")
    dive = next(e for e in enc.log if e.kind == "dive_attack")
    assert dive.data["damage"] == "1d8" and dive.data["descended_ft"] == 20
    attack = next(e for e in enc.log if e.kind == "attack" and not e.command)
    assert attack.data["charge"] is True


def test_undo_puts_the_flyer_back_at_its_altitude():
    enc = griffon_fight()
    enc.move("Griffon", (6, 1), mode="fly", altitude=20)
    enc.move("Griffon", (8, 1), mode="fly", altitude=10)
    enc.undo()
    assert enc.map.altitude("Griffon") == 20
    assert enc.movement_budget("Griffon").spent == 70


def test_a_charge_after_a_leap_that_lands_in_reach():
    """"You may make a Charge Attack after making successful Jump&Sprint check to land
    within reach of an opponent" (000_8d1d7816ee944f3b.txt, "Leaper")."""
    raptor = Creature.from_dict({"name": "Raptor", "level": 4, "max_hp": 40, "speed": 40,
                                 "initiative_rating": 40, "movement": "Leaper 10",
                                 "weapons": [{"name": "claw", "damage": "1d6",
                                              "crit": "20/x2", "damage_type": "s",
                                              "natural": True}]})
    m = HexMap(10, 3)
    m.place(raptor, (0, 1), "beasts")
    m.place(mk("Orc"), (5, 1), "foes")
    enc = Encounter([raptor, mk("Orc")], map=m, seed=6).start()
    refused(enc, enc.move, "Raptor", (2, 1), mode="leap", charge=True, match="no enemy")
    enc.move("Raptor", (4, 1), mode="leap", charge=True)
    enc.attack("Raptor", "Orc", "claw", charge=True)
    assert next(e for e in enc.log if e.kind == "attack" and not e.command).data["charge"]


@pytest.mark.parametrize("bad", [7, -5, 10_005, "high", True, 2.5])
def test_a_bad_altitude_is_refused_naming_the_rule_and_changes_nothing(bad):
    """An altitude is whole 5-ft steps above the hex (000_8d1d7816ee944f3b.txt, "Other
    Types of Movement": flyers, swimmers and climbers move in three dimensions; the map
    counts 5 ft a step): a bad one, to a move, a Run or the GM's set_altitude, is refused
    before anything is spent, and the message is about the call, not a map text."""
    from lfgcombat import IllegalActionError
    from lfgcombat.battlemap.altitude import AltitudeError
    from lfgcombat.battlemap.values import MapFormatError

    enc = griffon_fight()
    # a value that is no whole number is refused by the command's argument check first
    expected = AltitudeError if isinstance(bad, int) and not isinstance(bad, bool) else (
        AltitudeError, IllegalActionError)
    for call in (lambda: enc.move("Griffon", (3, 1), mode="fly", altitude=bad),
                 lambda: enc.run("Griffon", (8, 1), mode="fly", altitude=bad),
                 lambda: enc.set_altitude("Griffon", bad),
                 lambda: enc.map.place(mk("Late"), (5, 0), "foes", altitude=bad)):
        before = enc.snapshot()
        with pytest.raises(expected, match="altitude") as e:
            call()
        if isinstance(e.value, AltitudeError):
            assert isinstance(e.value, MapFormatError)  # what callers caught before
        assert "000_8d1d7816ee944f3b.txt" in str(e.value)
        assert not str(e.value).startswith("map text")
        assert enc.snapshot() == before and "Late" not in enc.map


def _cat_on_the_wall(up: int) -> Encounter:
    cat = Creature.from_dict({"name": "Cat", "level": 3, "max_hp": 60, "speed": 30,
                              "initiative_rating": 40,
                              "movement": "Move Speed 30, Climb 20, Leaper 20"})
    m = HexMap.from_text("terrain: |\n  . . ^ . . . . .\n")
    m.place(cat, (2, 0), "cats", altitude=up)
    m.place(mk("Far"), (7, 0), "dogs")
    return Encounter([cat, mk("Far")], map=m, seed=1).start()


@pytest.mark.parametrize("up", [15, 30, 60])
def test_a_leaper_jumping_down_from_a_wall_counts_the_fall_x_over_2_shorter(up):
    """"If purposefully jumping downwards, you reduce the effective distance of a fall by
    (X/2) feet. Ex: A creature with Leaper 20 can treat a 15-foot fall as only a 5-foot
    fall" (000_8d1d7816ee944f3b.txt, "Leaper"): the leap off the wall lands on the ground
    and deals falling_damage(..., leaper=20), the fall's own rule ("Falling & Falling
    Damage"); the leap across spends the land budget, the fall none."""
    from lfgcombat.rules.movement.falling import falling_damage

    enc = _cat_on_the_wall(up)
    enc.move("Cat", (4, 0), mode="leap", altitude=0)
    ev = next(e for e in enc.log if e.kind == "jumped_down")
    expect = falling_damage(60, up, "medium", leaper=20)
    assert ev.data["effective_ft"] == expect.effective_ft == max(0, up - 10)
    assert ev.data["damage"] == expect.applied.taken
    assert enc.state("Cat")["hp"] == 60 - expect.applied.taken
    if up == 15:
        assert ev.data["damage"] == 0  # the text's example: a 5-ft fall
    else:
        assert expect.applied.taken < falling_damage(60, up, "medium").applied.taken
    assert enc.map.altitude("Cat") == 0 and enc.movement_budget("Cat").spent == 10
    again = Encounter._from_header(enc._header())
    for e in enc.log:
        if e.command:
            again._do(e.kind, dict(e.data))
    assert again.snapshot() == enc.snapshot()


def test_a_leap_still_never_rises_and_a_swimmer_does_not_jump_down():
    enc = _cat_on_the_wall(0)
    refused(enc, enc.move, "Cat", (4, 0), mode="leap", altitude=10, match="on the ground")
    frog = Creature.from_dict({"name": "Frog", "level": 1, "max_hp": 8, "speed": 10,
                               "initiative_rating": 40,
                               "movement": "Move Speed 10, Swim 20, Leaper 10"})
    m = HexMap.from_text("terrain: |\n  . ~ ~ ~ .\n")
    m.place(frog, (1, 0), "frogs", altitude=10)
    pond = Encounter([frog], map=m, seed=1).start()
    refused(pond, pond.move, "Frog", (0, 0), mode="leap", altitude=0, match="on the ground")


def test_a_flyer_stays_under_the_ceiling():
    """The map knows its ceiling (000_8d1d7816ee944f3b.txt, "Other Types of Movement":
    flight moves in three dimensions - within the room): a body is a column of its size's
    height (data/sizes.csv; Medium 5.5 ft), so under a 20-ft ceiling a Medium flyer rises
    at most 10 ft; a move, a Run or the GM's set_altitude higher is refused, nothing
    changes; under the open sky there is no limit."""
    enc = griffon_fight()
    enc.map.ceiling = 20
    enc.record_map_edits()  # the GM's edit is a step of its own
    for call in (lambda: enc.move("Griffon", (3, 1), mode="fly", altitude=15),
                 lambda: enc.run("Griffon", (8, 1), mode="fly", altitude=20),
                 lambda: enc.set_altitude("Griffon", 30)):
        refused(enc, call, match="at most 10 ft up here")
    enc.move("Griffon", (3, 1), mode="fly", altitude=10)
    assert enc.map.altitude("Griffon") == 10
    sky = griffon_fight()
    sky.set_altitude("Griffon", 300)
    assert sky.map.altitude("Griffon") == 300


def test_a_flyer_asked_to_walk_is_told_it_is_up_in_the_air():
    """"Other Types of Movement": walking and leaping start and end on the ground; the
    refusal names where the flyer is (not the altitude asked) and changes nothing."""
    g = mk("Griffon", init=40, speed=50, movement="Move Speed 50, Fly 110 [average]")
    m = HexMap(8, 3)
    m.place(g, (0, 0), "beasts", altitude=10)
    enc = Encounter([g], map=m, seed=1).start()
    e = refused(enc, enc.move, "Griffon", (1, 0), mode="walk", altitude=5,
                match="Griffon is 10 ft up: it cannot walk from there")
    assert "mode='fly', altitude=0" in str(e)
    enc.move("Griffon", (1, 0), mode="fly", altitude=0)
    assert m.altitude("Griffon") == 0
    refused(enc, enc.move, "Griffon", (2, 0), mode="walk", altitude=5,
            match="Griffon cannot walk 5 ft up")


def test_a_climb_that_leaves_too_little_to_fly_on_says_what_the_climb_cost():
    """Issue 23 item 11 (notebook 24): "A Creature with Fly 30 [Poor] must spend 15 feet of
    movement to increase their altitude by 5 feet" (000_8d1d7816ee944f3b.txt, "Fly Speed –
    Flight & Maneuverability"): a Poor Griffon rising 10 ft spends 30 of its 60 ft of fly;
    the 40 ft across no longer fit, and the refusal says so instead of only "cannot
    reach"."""
    poor = Creature.from_dict({**GRIFFON, "movement": "Move Speed 50, Fly 110 [poor], Leaper 20"})
    m = HexMap.from_text("terrain: |\n" + "  " + " ".join(["."] * 26) + "\n")
    m.place(poor, (0, 0), "beasts")
    m.place(mk("Far"), (25, 0), "foes")
    enc = Encounter([poor, mk("Far")], map=m, seed=1).start()
    enc.move("Griffon", (4, 0), mode="leap")
    enc.move("Griffon", (10, 0))
    err = refused(enc, enc.move, "Griffon", (18, 0), mode="fly", altitude=10,
                  match="cannot reach")
    text = str(err)
    assert "rising 10 ft costs 30 ft" in text, text
    assert "poor" in text and "15 ft of movement per 5 ft up" in text, text
    assert "60 ft of fly left" in text and "needs 40 ft" in text, text
    assert "Fly Speed – Flight & Maneuverability" in text, text
