"""Archery in the encounter: Unintended Targets on the map (000_8d1d7816ee944f3b.txt,
"Accuracy by Volume (Unintended Targets)"), their exact odds against sampling, and volleys
("Volley Shots & Indirect Fire")."""

from __future__ import annotations

import pytest

from lfgcombat import Creature, HexMap, IllegalActionError
from lfgcombat.rules.archery.archery import Bystander
from lfgcombat.rules.attacks.unintended import shoot_into_a_crowd
from lfgcombat.rules.attacks.odds import attack_odds
from lfgcombat.dice import Roller
from lfgcombat.engine import Encounter
from encounter.helpers import BOW, mk, refused

JAVELIN = {"name": "javelin", "damage": "1d6", "crit": "20/x2", "damage_type": "p",
           "range_increment": 30}


def melee_fight(seed: int) -> Encounter:
    """An archer shooting an orc locked in melee with her friend."""
    cs = [mk("Archer", init=40, weapons=[BOW]), mk("Friend", level=1), mk("Orc", level=5)]
    m = HexMap(12, 5)
    m.place(cs[0], (1, 2), "party")
    m.place(cs[1], (7, 2), "party")
    m.place(cs[2], (8, 2), "orcs")
    return Encounter(cs, map=m, seed=seed).start()


def test_exact_unintended_odds_agree_with_sampling():
    archer = mk("Archer", weapons=[BOW])
    orc, friend = mk("Orc", level=8), mk("Friend", level=1)
    near = [Bystander(friend, "adjacent", 5)]
    odds = attack_odds(archer, orc, "longbow", exact=True, bystanders=near, distance_ft=30)
    p = odds.unintended["Friend"]
    assert 0 < p < 1
    roller, n, struck = Roller(7), 3000, 0
    for _ in range(n):
        _first, who, second = shoot_into_a_crowd(archer, orc, "longbow", roller, near,
                                                 distance_ft=30)
        struck += who == "Friend" and second.hit
    sigma = (float(p) * (1 - float(p)) / n) ** 0.5
    assert abs(struck / n - float(p)) < 4 * sigma + 1e-9


def test_melee_attack_has_no_unintended_odds():
    a, t = mk("A"), mk("T")
    assert attack_odds(a, t, "longsword", bystanders=[Bystander(mk("F"), "adjacent", 5)]
                       ).unintended == {}


def test_the_encounter_sends_a_miss_to_the_friend_and_replays():
    for seed in range(1, 60):
        enc = melee_fight(seed)
        odds = enc.unintended_odds("Archer", "Orc")
        assert set(odds) == {"Friend"}
        enc.attack("Archer", "Orc")
        kinds = [e.kind for e in enc.log]
        if "unintended" in kinds and enc.log[-1].target == "Friend":
            break
    else:
        pytest.fail("no seed sent the arrow to the friend")
    ev = next(e for e in enc.log if e.kind == "unintended")
    assert ev.data["struck"] == "Friend" and "Accuracy by Volume" in ev.data["rule"]
    again = Encounter._from_header(enc._header())
    for e in enc.log:
        if e.command:
            again._do(e.kind, dict(e.data))
    assert again.snapshot() == enc.snapshot()


def test_volley_over_a_wall():
    cs = [mk("Archer", init=40, weapons=[BOW, JAVELIN]), mk("Orc", level=1),
          mk("Sword", weapons=[{"name": "longsword", "damage": "1d8", "crit": "19-20/x2",
                                 "damage_type": "s"}])]
    m = HexMap.from_text("terrain: |\n  . . . # . .\n   . . . # . .\n  . . . # . .\n")
    m.place(cs[0], (1, 1), "party")
    m.place(cs[1], (5, 1), "orcs")
    m.place(cs[2], (0, 0), "party")
    enc = Encounter(cs, map=m, seed=3).start()
    refused(enc, enc.volley, "Archer", (5, 1), "longsword", match="cannot volley")
    m.ceiling = 20  # the GM's edit: recorded as a map_edit step at the next command
    with pytest.raises(IllegalActionError, match="clearance"):
        enc.volley("Archer", (5, 1), "longbow")
    assert [e for e in enc.log if e.kind == "map_edit"][-1].data["ceiling"] == 20
    refused(enc, enc.volley, "Archer", (5, 1), "longbow", match="clearance")
    m.ceiling = None
    out = enc.volley("Archer", (5, 1), "longbow")
    ev = next(e for e in enc.log if e.kind == "volley" and not e.command)
    assert ev.data["miss_chance"] == 50  # the orc is behind the wall, unseen
    assert ev.data["modifiers"] in (-10, 0)  # -10, or +10 Innate on a natural 20
    assert out["target"] == "Orc"

def test_a_volley_needs_a_weapon_the_archer_carries():
    """"Volley Shots & Indirect Fire" is made with the archer's own bow, javelin or
    grenade: a longbow it does not carry is refused, naming what it carries, and nothing
    changes (issue 26: the Volley took any "longbow")."""
    cs = [mk("Archer", init=40, weapons=[JAVELIN]), mk("Orc", level=1)]
    m = HexMap(8, 3)
    m.place(cs[0], (1, 1), "party")
    m.place(cs[1], (5, 1), "orcs")
    enc = Encounter(cs, map=m, seed=3).start()
    refused(enc, enc.volley, "Archer", (5, 1), "longbow", match="carries no longbow")
    with pytest.raises(IllegalActionError, match="javelin"):
        enc.volley("Archer", (5, 1), "longbow")
    assert enc.volley("Archer", (5, 1), " Javelin ")["target"] == "Orc"  # its own



def test_volley_needs_an_attack_left():
    cs: list[Creature] = [mk("Archer", init=40, weapons=[BOW]), mk("Orc", level=1)]
    m = HexMap(10, 3)
    m.place(cs[0], (0, 1), "party")
    m.place(cs[1], (6, 1), "orcs")
    enc = Encounter(cs, map=m, seed=1).start()
    enc.volley("Archer", (6, 1), "longbow")
    enc.volley("Archer", (6, 1), "longbow")
    refused(enc, enc.volley, "Archer", (6, 1), "longbow", match="attack")


def test_the_encounters_unintended_odds_are_exact_against_its_own_attacks():
    """Encounter.unintended_odds makes the new roll as the encounter does: the Friend 10 ft
    behind the Orc is 40 ft away (the second range increment, -2) and the Orc covers it
    (+2 AC, "Cover - Additional Rules"). 600 attacks of the encounter agree with the exact
    figure within 4 sigma; the figure made with the first roll's situation (the Orc's
    range, no cover) would not."""
    bow = dict(BOW, range_increment=30)
    cs = [mk("Archer", init=40, weapons=[bow]), mk("Friend", level=1, max_hp=100_000),
          mk("Orc", level=8, max_hp=100_000, armor={"rating": 8})]
    m = HexMap(14, 5)
    m.place(cs[0], (1, 2), "party")
    m.place(cs[1], (9, 2), "party")
    m.place(cs[2], (7, 2), "orcs")
    enc = Encounter(cs, map=m, seed=5, initiative="top_down",
                    top_down_flat_footed=False).start()
    p = float(enc.unintended_odds("Archer", "Orc")["Friend"])
    situation, *_ = enc._encounter_situation("Archer", "Orc", bow, {}, None)
    rough = float(attack_odds(enc._view("Archer"), enc._view("Orc"), bow,
                              bystanders=enc.bystanders("Archer", "Orc"),
                              **situation).unintended["Friend"])
    n, struck = 600, 0
    for _ in range(n):
        assert enc.current == "Archer"
        since = len(enc.log)
        enc.attack("Archer", "Orc")
        shots = [e for e in list(enc.log)[since:] if e.kind == "attack" and not e.command]
        struck += len(shots) == 2 and shots[-1].target == "Friend" and shots[-1].data["hit"]
        enc.end_turn().end_turn().end_turn()  # Top-Down: the Archer opens every round
    sigma = (p * (1 - p) / n) ** 0.5
    assert abs(struck / n - p) < 4 * sigma
    assert abs(rough - p) > 4 * sigma  # the first roll's situation would be found wrong


def _volley_field(seed: int) -> Encounter:
    cs = [mk("Archer", init=40, weapons=[BOW, JAVELIN]), mk("Orc", level=1)]
    m = HexMap(10, 3)
    m.place(cs[0], (0, 1), "party")
    m.place(cs[1], (6, 1), "orcs")
    return Encounter(cs, map=m, seed=seed).start()


def test_a_javelin_volleys_as_a_thrown_weapon():
    """"Volley Shots & Indirect Fire": bows, javelins/spears and grenade-like items volley;
    a javelin is thrown, so 30 ft is range, not melee reach."""
    enc = _volley_field(1)
    out = enc.volley("Archer", (6, 1), "javelin")
    ev = next(e for e in enc.log if e.kind == "volley" and not e.command)
    assert out["target"] == "Orc" and ev.data["weapon"] == "javelin"
    assert ev.data["modifiers"] in (-10, 0)


def test_a_volley_at_an_empty_hex_can_still_come_down_on_a_creature_nearby():
    """Indirect Fire aims at a hex; with nobody in it, it cannot hit there, and a miss
    strikes a creature within 10 ft (Accuracy by Volume); the Orc is 5 ft away."""
    struck = set()
    for seed in range(1, 40):
        enc = _volley_field(seed)
        out = enc.volley("Archer", (5, 1), "longbow")
        assert out["target"] is None and out["hit"] is False
        un = [e for e in enc.log if e.kind == "unintended"]
        struck |= {e.data["struck"] for e in un}
    assert struck == {"Orc"}


def _volley_over_the_wall(seed: int) -> Encounter:
    """The Archer volleys at the Orc behind a full wall; the Gob stands 5 ft behind it."""
    cs = [mk("Archer", init=40, weapons=[BOW]), mk("Orc", level=1), mk("Gob", level=1)]
    m = HexMap.from_text("terrain: |\n  . . . # . . .\n   . . . # . . .\n  . . . # . . .\n")
    m.place(cs[0], (1, 1), "party")
    m.place(cs[1], (5, 1), "orcs")
    m.place(cs[2], (6, 1), "orcs")
    return Encounter(cs, map=m, seed=seed).start()


def test_a_volleys_miss_comes_down_as_indirect_fire_without_criticals():
    """The volley's new roll on its Unintended Target is still Indirect Fire: "These
    attacks lose the Anti-Armor property and cannot deal Precision Damage or Critical
    Hits" (000_8d1d7816ee944f3b.txt, "Volley Shots & Indirect Fire"), made "with a -4
    Penalty" (000_8d1d7816ee944f3b.txt, "Accuracy by Volume (Unintended Targets)") in
    place of the -10, with the 50% miss chance against the unseen Gob behind the wall.
    Its hits agree with the exact chance (archery.volley_hit_odds) within sampling."""
    from fractions import Fraction
    from math import sqrt

    from lfgcombat.rules.archery.archery import volley, volley_hit_odds
    from lfgcombat.rules.attacks.prepare import prepare

    hits = n = 0
    p = None
    for seed in range(1, 251):
        enc = _volley_over_the_wall(seed)
        enc.volley("Archer", (5, 1), "longbow")
        assert not any(e.kind == "attack" for e in enc.log)  # no ordinary attack roll
        shots = [e for e in enc.log if e.kind == "volley" and not e.command]
        if len(shots) < 2:
            continue
        second = shots[1]
        assert second.target == "Gob" and second.data["miss_chance"] == 50
        assert second.data["modifiers"] in (-4, 6)  # -4, or +10 Innate on a natural 20
        assert "Accuracy by Volume" in second.data["rule"]
        if p is None:
            setup = prepare(enc._view("Archer"), enc._view("Gob"), "longbow",
                            distance_ft=enc.map.distance("Archer", "Gob"))
            plan = volley("longbow", 1000, seen=False)
            from dataclasses import replace
            p = volley_hit_odds(int(setup.bonus), int(setup.ac), replace(plan, penalty=-4))
        n += 1
        hits += bool(second.data["hit"])
    assert p is not None and n > 100
    assert isinstance(p, Fraction) and 0 < p < 1
    assert abs(hits / n - float(p)) < 4 * sqrt(float(p) * (1 - float(p)) / n)


def test_a_volley_whose_miss_strikes_replays_from_a_save():
    enc = next(e for e in (_volley_over_the_wall(s) for s in range(1, 60))
               if e.volley("Archer", (5, 1), "longbow") and sum(
                   1 for x in e.log if x.kind == "volley" and not x.command) == 2)
    again = Encounter._from_header(enc._header())
    for e in enc.log:
        if e.command:
            again._do(e.kind, dict(e.data))
    assert again.snapshot() == enc.snapshot()


def test_a_volley_into_a_full_height_wall_is_refused_and_changes_nothing():
    """"Select a hex you wish to strike with your projectile" (000_8d1d7816ee944f3b.txt,
    "Volley Shots & Indirect Fire"): a hex filled by a wall to the sky is no place for it
    to come down; a low wall's hex (wall_heights) can be aimed at."""
    enc = _volley_over_the_wall(1)
    refused(enc, enc.volley, "Archer", (3, 1), "longbow", match="full-height wall")
    enc.map.set_wall_height((3, 0), 5)
    out = enc.volley("Archer", (3, 0), "longbow")
    assert out["target"] is None


def _d20_of(enc: Encounter, label: str) -> str:
    return str([r for r in enc.roller.history if label in (r.label or "")][-1].expr)


def test_a_second_volley_in_a_turn_takes_the_consecutive_attack_penalty():
    """A volley is an attack: the turn's second one is at -2 ("Consecutive Attack
    Penalty"), as a second ordinary shot is (000_8d1d7816ee944f3b.txt, "Volley Shots &
    Indirect Fire": the attack roll with its penalties)."""
    enc = _volley_field(1)
    enc.volley("Archer", (6, 1), "longbow")
    first = _d20_of(enc, "volleys at")
    enc.volley("Archer", (6, 1), "longbow")
    plain = _volley_field(1)
    plain.attack("Archer", "Orc", "longbow")
    plain.attack("Archer", "Orc", "longbow")
    shots = [str(r.expr) for r in plain.roller.history if str(r.expr).startswith("1d20")
             and "initiative" not in (r.label or "")]
    assert (first, _d20_of(enc, "volleys at")) == tuple(shots[:2])
    assert first != shots[1]


def test_an_aimed_volley_uses_up_the_aim_and_range_finding_needs_it():
    """"Range-Finding & Trajectory with Craft(Academia) – (DC15+): Use an Aim Action to
    attempt a Craft(Academia) Check to gain a +2 Innate Bonus on an Indirect Fire
    Attack, +1 additional per 5 points by which you surpass DC15"; Aim's +1 Focus is
    for "your next ranged attack this turn" (000_8d1d7816ee944f3b.txt, "Aim (Big Action,
    Provokes AOO)")."""
    from lfgcombat.rules.archery.archery import range_finding_bonus

    enc = _volley_field(2)
    refused(enc, enc.volley, "Archer", (6, 1), "longbow", range_finding=20,
            match="has not aimed")
    enc.aim("Archer")
    assert any(e.lost_on_action for e in enc._f["Archer"].effects)
    enc.volley("Archer", (6, 1), "longbow", range_finding=True)
    assert not any(e.lost_on_action for e in enc._f["Archer"].effects)  # used up
    check = [r for r in enc.roller.history if "Craft(Academia)" in (r.label or "")]
    assert len(check) == 1
    shot = next(e for e in enc.log if e.kind == "volley" and not e.command).data
    nat20 = 10 if shot["natural"] == 20 else 0
    assert shot["modifiers"] == -10 + range_finding_bonus(check[0].total) + nat20
    given = _volley_field(2)
    given.aim("Archer")
    given.volley("Archer", (6, 1), "longbow", range_finding=26)  # the GM's roll: +4
    shot = next(e for e in given.log if e.kind == "volley" and not e.command).data
    assert shot["modifiers"] == -10 + 4 + (10 if shot["natural"] == 20 else 0)
    again = Encounter._from_header(enc._header())
    for e in enc.log:
        if e.command:
            again._do(e.kind, dict(e.data))
    assert again.snapshot() == enc.snapshot()


def test_the_clearance_a_volley_needs_is_above_the_archer():
    """"This attack requires a vertical clearance of at least 50 feet with a bow"
    (000_8d1d7816ee944f3b.txt, "Volley Shots & Indirect Fire"): under a 60-ft ceiling an
    archer on the ground has it, one flying 30 ft up has 30 ft (enough for a javelin)."""
    enc = _volley_field(3)
    enc.map.ceiling = 60
    enc.set_altitude("Archer", 30)
    refused(enc, enc.volley, "Archer", (6, 1), "longbow", match="needs 50 ft of vertical "
            "clearance, not 30")
    enc.volley("Archer", (6, 1), "javelin")
    ground = _volley_field(3)
    ground.map.ceiling = 60
    ground.volley("Archer", (6, 1), "longbow")
    assert sum(1 for e in ground.log if e.kind == "volley" and not e.command) >= 1


def test_a_save_from_before_accuracy_by_volume_has_no_unintended_odds():
    """A save written before "Accuracy by Volume (Unintended Targets)" was in the kit
    replays without it (its misses strike nobody else), so the exact chance of striking a
    bystander there is none; the attack itself is still checked."""
    enc = melee_fight(3)
    assert set(enc.unintended_odds("Archer", "Orc")) == {"Friend"}
    header = enc._header()
    header["accuracy_by_volume"] = False
    old = Encounter._from_header(header)
    assert not old.accuracy_by_volume
    assert old.unintended_odds("Archer", "Orc") == {}
    with pytest.raises(IllegalActionError, match="Melee Reach"):
        old.unintended_odds("Archer", "Orc", "longsword")


def test_a_dead_wolf_in_front_no_longer_covers_crysta():
    """Issue 23 item 12: the Dire Wolf, killed, still gave Crysta Good Cover (+4, "directly
    in front"). A body lying where it fell is not in the way (inferred from "Bodies of dead
    & unconscious ... where they lie" and "Cover - Additional Rules",
    000_8d1d7816ee944f3b.txt; lfgcombat.battlemap.terrain._lies_as_a_body); undo brings the
    living wolf, and its cover, back."""
    from lfgcombat.creature import load_example
    from lfgcombat.battlemap import CoverLevel
    m = HexMap(12, 3)
    cs = [load_example(n) for n in ("orc", "dire_wolf", "crysta")]
    m.place(cs[0], (0, 1), "orcs")
    m.place(cs[1], (7, 1), "wolves")
    m.place(cs[2], (9, 1), "party")
    enc = Encounter(cs, map=m, seed=1).start()
    assert enc.map.cover("Orc", "Crysta").level is CoverLevel.GOOD
    enc.damage("Dire Wolf", 500)
    assert enc.state("Dire Wolf").dead
    assert enc.map.cover("Orc", "Crysta").level is CoverLevel.NONE
    enc.undo()
    assert enc.map.cover("Orc", "Crysta").level is CoverLevel.GOOD


@pytest.mark.parametrize("ruleset", ["classic", "wounds"])
def test_a_record_s_body_gives_no_cover_by_its_ruleset(ruleset):
    """Issue 23 item 12 under a ruleset keeping records (the issue-23 audit): a classic
    wolf knocked out (Unconscious at -1 to -9, 002_2a3a79475ca2a541.txt, "Stabilizing a
    Disabled Character") or paralyzed, and a dead wounds wolf, lie where they fell
    (``MapStanding.lying``) and cover no one; a classic wolf merely Disabled still stands
    in the way."""
    from lfgcombat.battlemap import CoverLevel
    extra = ({"bab": 3, "ruleset": ["classic"]} if ruleset == "classic"
             else {"prowess": 1, "good_saves": ["fort", "ref"], "ruleset": ["wounds"]})
    arch = Creature.from_dict({"name": "Archer", "level": 3, "max_hp": 20,
                               "initiative_rating": 40, "weapons": ["shortbow"], **extra})
    wolf = Creature.from_dict({"name": "Wolf", "level": 3, "max_hp": 20, "size": "large",
                               **extra})
    cry = Creature.from_dict({"name": "Crysta", "level": 3, "max_hp": 20, **extra})
    m = HexMap(12, 3)
    m.place(arch, (0, 1), "a")
    m.place(wolf, (7, 1), "b")
    m.place(cry, (9, 1), "b")
    enc = Encounter([arch, wolf, cry], map=m, seed=1, ruleset=ruleset).start()
    assert enc.map.cover("Archer", "Crysta").level is CoverLevel.GOOD
    if ruleset == "classic":
        enc.damage("Wolf", 20)  # 0 HP: Disabled, still in the way
        assert enc.map.cover("Archer", "Crysta").level is CoverLevel.GOOD
        enc.damage("Wolf", 4)  # -4: Unconscious
        assert enc.state("Wolf").status == "unconscious"
        assert enc.map.cover("Archer", "Crysta").level is CoverLevel.NONE
        enc.undo(2)
        enc.add_condition("Wolf", "Paralyzed")
    else:
        enc.damage("Wolf", 500)
        assert enc.state("Wolf").dead
    assert enc.map.cover("Archer", "Crysta").level is CoverLevel.NONE
