"""Widgets for issue 15: the BattleMap's altitude and door/water/climbable colours, the
tracker's up/down and through rows, the AttackPanel's Unintended Target odds. The widgets
only call the engine (000_8d1d7816ee944f3b.txt, "Other Types of Movement"; "Accuracy by
Volume (Unintended Targets)"; "Breaking down doors, walls, & other barricades")."""

from __future__ import annotations

import pytest

from lfgcombat import Creature, HexMap
from lfgcombat.battlemap import Terrain
from lfgcombat.dice import Roller
from lfgcombat.engine import Encounter
from lfgcombat.widgets.attackpanel import AttackPanel
from lfgcombat.widgets.battlemap import TERRAIN_COLORS, BattleMap
from lfgcombat.widgets.initiative import InitiativeTracker
from encounter.helpers import BOW, mk


def test_every_terrain_kind_has_a_colour():
    assert set(TERRAIN_COLORS) == set(Terrain)
    assert len({TERRAIN_COLORS[t] for t in (Terrain.DOOR, Terrain.DOOR_OPEN,
                                             Terrain.DOOR_BROKEN)}) == 3


def test_the_battlemap_shows_and_sets_altitude():
    m = HexMap(6, 3)
    m.place(mk("Hawk"), (1, 1))
    bm = BattleMap(m)
    bm.set_altitude("Hawk", 15)
    assert m.altitude("Hawk") == 15
    assert "&uarr;15" in bm._labels["Hawk"].icon.html
    bm.set_altitude("Hawk", 7)
    assert m.altitude("Hawk") == 15 and "multiple of 5" in bm.status_text


def test_the_battlemap_draws_and_sets_each_walls_height():
    """Walls that are not full height carry a label with their height and a
    ``wall_height`` property; the GM's change redraws them, a bad one is refused."""
    m = HexMap.from_text("terrain: |\n  . # # .\n   . # . .\nwall_height: 20\n"
                         "wall_heights:\n  - {at: [1, 1], height: 10}\n")
    bm = BattleMap(m)
    texts = sorted(lb.icon.html for lb in bm.wall_label_layer.layers)
    assert len(texts) == 3 and sum("10ft" in t for t in texts) == 1
    props = {(f["properties"]["col"], f["properties"]["row"]): f["properties"]
             for f in bm.terrain_layer.data["features"]}
    assert props[(1, 1)]["wall_height"] == 10 and props[(2, 0)]["wall_height"] == 20
    assert "wall_height" not in props[(0, 0)]
    bm.set_wall_height((2, 0), 5)
    assert m.wall_top((2, 0)) == 5
    assert any("5ft" in lb.icon.html for lb in bm.wall_label_layer.layers)
    bm.set_wall_height((0, 0), 10)
    assert "not a wall" in bm.status_text and m.wall_top((0, 0)) is None


def test_the_attackpanel_shows_unintended_odds():
    a = mk("Mayat", weapons=[BOW])
    p = AttackPanel([a, mk("Orc"), mk("Wulfric")], Roller(1), attacker="Mayat", target="Orc")
    assert "lfg-unintended" not in p._odds.value
    p._near.value = ("Wulfric",)
    assert set(p.odds.unintended) == {"Wulfric"}
    assert "a miss strikes instead" in p._odds.value


def test_the_tracker_flies_and_forces_a_door_through_the_engine():
    g = Creature.from_dict({"name": "Griffon", "level": 6, "max_hp": 60, "speed": 50,
                            "initiative_rating": 40,
                            "movement": "Move Speed 50, Fly 110 [average]"})
    m = HexMap.from_text("terrain: |\n  . . . . + . .\n")
    m.place(g, (0, 0), "beasts")
    enc = Encounter([g], map=m, seed=1).start()
    t = InitiativeTracker(enc, BattleMap(m))
    t.play_on.value = True  # one side only: the fight is "over" until the GM plays on
    rows = t.updown_rows
    rows.mode.value, rows.to.value, rows.altitude.value = "fly", "3, 0", "10"
    rows.move()
    assert m.altitude("Griffon") == 10 and t.error == ""
    # issue 26: only the modes the engine gives the griffon a speed in are offered
    assert [m for _l, m in rows.mode.options] == ["fly", "walk"]
    rows.mode.value, rows.to.value, rows.altitude.value = "walk", "2, 0", "10"
    rows.move()
    assert "walk" in t.error  # refused (walking keeps to the ground), shown, nothing changed
    rows.what.value, rows.at.value = "force_door", "4, 0"
    rows.do_through()  # 10 ft up, the door is out of reach: refused, shown, nothing changed
    assert "10 ft from the door" in t.error and m.door((4, 0)).state == "closed"
    enc.end_turn()
    rows.mode.value, rows.to.value, rows.altitude.value = "fly", "3, 0", "0"
    rows.move()
    assert m.altitude("Griffon") == 0 and t.error == ""
    rows.do_through()
    forced = [e for e in enc.log if e.kind == "forced"]
    assert t.error == "" and len(forced) == 1 and forced[0].data["at"] == [4, 0]
    assert m.door((4, 0)).state == ("broken" if forced[0].data["success"] else "closed")


# -- the AttackPanel's Roll plays the unintended shot (000_8d1d7816ee944f3b.txt, "Accuracy
# by Volume (Unintended Targets)"): the engine's unintended_shot, the same rolls as the
# encounter's, agreeing with the odds the panel shows
def _crowd_panel(seed: int) -> AttackPanel:
    a = mk("Mayat", weapons=[BOW])
    p = AttackPanel([a, mk("Orc", level=8), mk("Wulfric", level=1)], Roller(seed),
                    attacker="Mayat", target="Orc")
    p.choose(distance_ft=30, near=["Wulfric"])
    assert p._near.value == ("Wulfric",)
    return p


def test_the_attackpanel_roll_sends_a_miss_to_the_creature_next_to_the_target():
    seen = set()
    for seed in range(1, 80):
        p = _crowd_panel(seed)
        first = p.roll()
        after = p.last_unintended
        n = int(first.attack_roll.natural)
        if first.hit:
            assert after.struck is None and after.why == ""
        elif n == 1:
            assert after.struck is None and "natural 1 hits nothing" in after.why
            seen.add("nat1")
        elif after.struck == "Wulfric":
            seen.add("struck")
            assert after.result.setup.target.name == "Wulfric"
            assert "the miss flies on to Wulfric" in p._result.value
            assert "Accuracy by Volume" in p._result.value
            # the new roll is the roller's last attack roll, at -4 (second_situation)
            assert after.result.setup.bonus == first.setup.bonus - 4
        if {"struck", "nat1"} <= seen:
            break
    assert "struck" in seen


def test_the_attackpanel_roll_agrees_with_the_odds_it_shows():
    p = _crowd_panel(3)
    want = float(p.odds.unintended["Wulfric"])
    n, struck = 2000, 0
    for _ in range(n):
        p.roll()
        u = p.last_unintended
        struck += u.struck == "Wulfric" and u.result.hit
    sigma = (want * (1 - want) / n) ** 0.5
    assert abs(struck / n - want) < 4 * sigma + 1e-9


def test_the_attackpanel_roll_without_bystanders_or_in_melee_shoots_nobody_else():
    p = _crowd_panel(5)
    with pytest.raises(TypeError, match="near names creatures"):
        p.choose(near=["Nobody"])
    p.choose(near=())
    for _ in range(30):
        p.roll()
        assert p.last_unintended.struck is None and p.last_unintended.why == ""
    q = AttackPanel([mk("Hero"), mk("Orc"), mk("Wulfric")], Roller(2), attacker="Hero",
                    target="Orc")
    q._near.value = ("Wulfric",)
    for _ in range(30):
        q.roll()
        assert q.last_unintended.struck is None  # a melee miss finds no Unintended Target


def test_the_tracker_attack_preview_shows_the_encounters_unintended_odds():
    """000_8d1d7816ee944f3b.txt, "Accuracy by Volume (Unintended Targets)": before the
    archer shoots into melee the tracker's preview shows Encounter.unintended_odds, exactly,
    and asking rolls and logs nothing."""
    cs = [mk("Archer", init=40, weapons=[BOW]), mk("Friend", level=1), mk("Orc", level=5)]
    m = HexMap(12, 5)
    m.place(cs[0], (1, 2), "party")
    m.place(cs[1], (7, 2), "party")
    m.place(cs[2], (8, 2), "orcs")
    enc = Encounter(cs, map=m, seed=3).start()
    t = InitiativeTracker(enc, BattleMap(m))
    a = t.attack_row
    a.target.value = "Orc"
    assert a.attacker.value == "Archer" and a.weapon.value == "longbow"
    want = enc.unintended_odds("Archer", "Orc", "longbow")
    assert set(want) == {"Friend"}
    assert a.odds_shown.unintended == pytest.approx(want)
    assert "a miss strikes instead" in a.odds.value
    assert f"Friend {float(want['Friend']):.1%}" in a.odds.value
    rolls, logged = len(enc.roller.history), len(enc.log)
    a._shown = None
    a.preview()  # the preview asks the encounter; nothing is rolled or logged
    assert (len(enc.roller.history), len(enc.log)) == (rolls, logged)
    # the shot the preview promised is the one the encounter plays
    a.attack()
    assert enc.log.of_kind("attack")[0].actor == "Archer"


def test_the_battlemap_shows_a_ceiling_refusal_and_changes_nothing():
    """The GM's altitude under the map's ceiling (000_8d1d7816ee944f3b.txt, "Other Types of
    Movement"): refused in the status line, the token stays where it was."""
    m = HexMap(6, 3)
    m.ceiling = 20
    m.place(mk("Hawk"), (1, 1), altitude=10)
    bm = BattleMap(m)
    bm.set_altitude("Hawk", 20)
    assert m.altitude("Hawk") == 10 and "20-ft ceiling" in bm.status_text
    assert "&uarr;10" in bm._labels["Hawk"].icon.html
