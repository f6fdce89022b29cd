"""Tests of :mod:`lfgcombat.rules.actions.reactions`, from 000_8d1d7816ee944f3b.txt "Reactions &
AOO:", "Multiple Opponents", "Advanced Option - Ignore an enemy". Split from the former
tests/test_encounter.py (issue 10); every test names its heading.
"""

from __future__ import annotations

from lfgcombat import HexMap
from lfgcombat.engine import Encounter

from .helpers import _ignore_fight, _line_up, duel, mk, refused


def test_active_parry_spends_the_targets_reaction():
    """"Reactions & AOO:": "You can use a Reaction to do one of these 3 things: AOO,
    Interrupt Turn, Active Parry"."""
    enc = duel().start()
    enc.attack("Hero", "Orc", active_defense="parry")
    assert enc.actions_left("Orc").reactions == 0
    refused(enc, enc.attack, "Hero", "Orc", active_defense="parry", match="Reaction")


def test_gang_up_example_rock_crysta_sokaris_wulfric():
    """"Multiple Opponents": "Rock & Crysta both swing at an enemy Orc. When Sokaris then
    tosses a dagger at the Orc, he gains a +1 Tactical Bonus ... If Wulfric also attacks the
    Orc this round, he gains a +2 Tactical Bonus ... If the Orc survives these attacks and
    finally takes its turn, these bonuses are removed."."""
    party = [mk(n, init=50 if n == "Rock" else 0) for n in ["Rock", "Crysta", "Sokaris", "Wulfric"]]
    enc = Encounter(party + [mk("Orc", max_hp=900)],
                    sides={"party": [c.name for c in party], "orcs": ["Orc"]}, seed=9).start()
    expected = {"Rock": 0, "Crysta": 0, "Sokaris": 1, "Wulfric": 2}
    order = ["Rock", "Crysta", "Sokaris", "Wulfric"]
    for i, who in enumerate(order):
        assert enc.current == who
        assert enc.gang_up_bonus(who, "Orc") == expected[who]
        enc.attack(who, "Orc")
        assert enc.log.of_kind("attack")[-1].data["gang_up"] == expected[who]
        enc.end_turn(next=order[i + 1] if i + 1 < len(order) else "Orc")
    assert enc.gang_up_bonus("Wulfric", "Orc") == 0  # the Orc took its turn


def test_move_offers_aoo_to_each_threatening_enemy_with_a_reaction():
    """"What actions normally Provoke AOO?": "Exiting a threatened hex provokes AOO from any
    creature threatening that hex"; "Reactions & AOO": "Making an AOO expends a
    Reaction"."""
    enc = duel(map_=True).start()
    enc.move("Hero", (3, 1))  # next to the Orc at (4, 1)
    enc.end_turn(next="Orc")
    enc.end_turn(next="Ally")
    enc.end_turn(next="Brute")
    enc.end_turn(next="Hero")
    before = len(enc.log)
    enc.move("Hero", (1, 5), aoo="all")
    offered = [e for e in list(enc.log)[before:] if e.kind == "aoo_offered"]
    assert [e.actor for e in offered] == ["Orc"] and offered[0].data["taken"]
    assert enc.actions_left("Orc").reactions == 0
    assert enc.log.of_kind("aoo")[-1].data["outcome"] == "attack"
    strike = enc.log.of_kind("attack")[-1]
    assert strike.actor == "Orc" and strike.target == "Hero" and strike.data["aoo"]


def test_aoo_choices_are_checked_before_anything_moves():
    enc = duel(map_=True).start()
    enc.move("Hero", (3, 1))
    enc.end_turn(next="Orc").end_turn(next="Ally").end_turn(next="Brute").end_turn(next="Hero")
    refused(enc, enc.move, "Hero", (1, 5), aoo=["Brute"], match="does not threaten")
    enc.move("Hero", (1, 5), aoo=None)  # declined: offered, not taken
    assert enc.actions_left("Orc").reactions == 1
    assert not enc.log.of_kind("aoo_offered")[-1].data["taken"]


def test_aoo_strikes_at_the_hex_where_it_is_provoked_and_the_move_goes_on():
    """"What actions normally Provoke AOO?": "Exiting a threatened hex provokes AOO from any
    creature threatening that hex"; "Reactions & AOO:": a Reaction "immediately interrupts
    the turn order". The move is split there: each AOO is resolved with the mover standing on
    the hex it is leaving, then the move goes on with the feet left."""
    enc = _line_up()
    before = len(enc.log)
    enc.move("Runner", (12, 2), aoo="all")
    evs = [e for e in list(enc.log)[before:] if e.kind in ("moved", "aoo_offered", "attack")
           and not e.command]
    assert [e.kind for e in evs] == ["moved", "aoo_offered", "attack", "moved",
                                     "aoo_offered", "attack", "moved"]
    moved = [e.data for e in evs if e.kind == "moved"]
    offers = [e for e in evs if e.kind == "aoo_offered"]
    assert [o.actor for o in offers] == ["E1", "E2"]
    for seg, offer in zip(moved, offers):  # the AOO is made where that part ended
        assert seg["path"][-1] == offer.data["at"]
    assert moved[0]["path"][0] == [1, 2] and moved[-1]["path"][-1] == [12, 2]
    assert [m["part"] for m in moved] == [0, 1, 2]
    assert sum(m["feet"] for m in moved) == 55 and moved[-1]["feet_left"] == 5
    assert enc.map.offset(enc.map.token("Runner").anchor) == (12, 2)


def test_a_mover_dropped_by_an_aoo_stops_there_and_the_rest_is_lost(tmp_path):
    """"Interrupted while Running: ... the rest of your movement for this action is lost"
    ("Running in Combat – Full Details:"), applied to any move stopped by an AOO: the Hero,
    at 1 HP, leaves the Orc's hex; the Orc's AOO drops it where it stands, and the log shows
    where it stopped. Save -> load replays it exactly."""
    enc = duel(map_=True, seed=1).start()
    enc.move("Hero", (3, 1))
    enc.end_turn(next="Orc").end_turn(next="Ally").end_turn(next="Brute").end_turn(next="Hero")
    enc.damage("Hero", enc.state("Hero")["hp"] - 1)
    enc.move("Hero", (1, 5), aoo="all")
    assert enc.log.of_kind("attack")[-1].data["hit"]
    stop = enc.log.of_kind("move_stopped")[-1]
    assert stop.actor == "Hero" and stop.data["at"] == [3, 1] and stop.data["to"] == [1, 5]
    assert "dying" in stop.data["why"]
    assert enc.map.offset(enc.map.token("Hero").anchor) == (3, 1)
    assert not [e for e in enc.log.of_kind("moved") if e.round == 2]
    assert enc.state("Hero")["status"] == "dying"
    assert "stops at column 3, row 1" in enc.log.to_dataframe().text.iloc[stop.seq]
    again = Encounter.load(enc.save(tmp_path / "f.jsonl"))
    assert again.snapshot() == enc.snapshot()
    enc.undo()
    assert enc.map.offset(enc.map.token("Hero").anchor) == (3, 1)
    assert enc.state("Hero")["hp"] == 1


def test_a_dropped_mover_never_reaches_the_next_foe_whose_reaction_stays_unspent():
    """The rest of the move is lost with the mover: the second foe's AOO, provoked farther
    along the path, never comes, so its Reaction is not spent ("Making an AOO expends a
    Reaction")."""
    for seed in range(1, 30):
        enc = _line_up(seed=seed)
        enc.damage("Runner", 199)  # 1 HP left
        enc.move("Runner", (12, 2), aoo="all")
        if enc.log.of_kind("move_stopped"):
            break
    stop = enc.log.of_kind("move_stopped")[-1].data
    assert stop["at"] == [4, 2] and stop["lost_path"][-1] == [12, 2]
    assert [e.actor for e in enc.log.of_kind("aoo_offered")] == ["E1"]
    assert enc.actions_left("E2").reactions == 1 and enc.actions_left("E1").reactions == 0


def test_standing_up_the_aoo_comes_first_and_a_dropped_creature_stays_down():
    """"What actions normally Provoke AOO?": "Standing up from Prone"; the AOO strikes as it
    gets up (still prone); if it drops the creature, it neither stands nor moves."""
    for seed in range(1, 40):
        e = duel(map_=True, seed=seed).start()
        e.move("Hero", (3, 1))
        e.drop_prone("Hero")
        e.damage("Hero", e.state("Hero")["hp"] - 1)
        e.stand_up("Hero", (2, 1), aoo="all")
        if e.log.of_kind("move_stopped"):
            break
    stop = e.log.of_kind("move_stopped")[-1]
    assert stop.data["action"] == "stand_up"
    assert "prone" in e.state("Hero")["conditions"]
    assert e.map.offset(e.map.token("Hero").anchor) == (3, 1)
    kinds_ = [x.kind for x in e.log if not x.command]
    assert kinds_.index("aoo_offered") < kinds_.index("move_stopped")


def test_ignore_an_enemy_flat_footed_against_it_and_it_is_fortunate():
    """"Advanced Option - Ignore an enemy": "You must use a swift action on your turn to
    designate the foe ... You are considered Flat-Footed against this foe ... an enemy you
    ignore is Fortunate on all attacks made against you. Their attacks do not count towards
    the number of attackers this round, and they cannot cause you to be Flanked."."""
    enc = _ignore_fight()
    assert enc.map.is_flanked("Hero")  # Gob and Orc on opposite sides
    refused(enc, enc.ignore_enemy, "Hero", "Ally", match="not an enemy")
    refused(enc, enc.act, "Hero", "ignore_enemy", match="own method")
    enc.ignore_enemy("Hero", "Gob")
    assert enc.actions_left("Hero").little == 0  # a Swift Action
    assert any("ignoring Gob" in x for x in enc.state("Hero")["effects"])
    ff_ac = enc.creature("Hero").armor_class("ff_ac").value
    enc.end_turn(next="Gob")
    enc.attack("Gob", "Hero")
    att = enc.log.of_kind("attack")[-1].data
    roll = [e for e in enc.log.of_kind("roll") if e.actor == "Gob"
            and "attacks" in e.data["label"]][-1]
    assert roll.data["fortune"] == "fortunate"
    assert att["against"] == ff_ac and "ignores Gob" in att["modifiers"][0]
    assert enc.gang_up_bonus("Gob", "Hero") == 0 and "Gob" not in enc.snapshot()["gang"].get(
        "Hero", [])
    enc.end_turn(next="Orc")
    enc.attack("Orc", "Hero")  # Gob cannot flank: the Orc's attack is not against a flanked Hero
    assert not enc.log.of_kind("attack")[-1].data["modifiers"]
    assert enc.log.of_kind("attack")[-1].data["against"] == enc.creature("Hero").ac.value
    enc.end_turn(next="Ally").end_turn(next="Hero")  # 1 round: over at Hero's next turn
    assert not any("ignoring" in x for x in enc.state("Hero")["effects"])


def test_the_ignorer_takes_no_reaction_against_the_ignored_foe():
    """Decision: Flat-Footed against the ignored foe ("You cannot take Reactions"), the
    ignorer gets no AOO against it."""
    enc = _ignore_fight()
    enc.ignore_enemy("Hero", "Gob")
    enc.end_turn(next="Gob")
    refused(enc, enc.move, "Gob", (1, 4), aoo=["Hero"], match="ignores Gob")
    enc.move("Gob", (1, 4), aoo="all")
    assert not [e for e in enc.log.of_kind("aoo_offered") if e.actor == "Hero"]


def test_a_second_reaction_allows_a_second_aoo_at_the_consecutive_attack_penalty():
    """"Reactions & AOO:": "Other Reactions may be granted by class abilities, Feats";
    "If you have multiple Reactions, each consecutive AOO suffers a -2 Consecutive Attack
    Penalty" ("Attacks Per Turn": "your first AOO is at your full Attack Bonus, then the
    C.A.P. will be applied to any additional AOO you make this round")."""
    cs = [mk("Hero", init=40), mk("Ally"), mk("Orc", reactions=2), mk("Brute")]
    sides = {"party": ["Hero", "Ally"], "orcs": ["Orc", "Brute"]}
    m = HexMap(12, 8)
    for c, at, side in ((cs[0], (3, 1), "party"), (cs[1], (5, 2), "party"),
                        (cs[2], (4, 1), "orcs"), (cs[3], (8, 5), "orcs")):
        m.place(c, at, side)
    enc = Encounter(cs, sides=sides, map=m, seed=2).start()
    assert enc.actions_left("Orc").reactions == 2
    enc.move("Hero", (1, 5), aoo="all")
    enc.end_turn(next="Ally")
    enc.move("Ally", (8, 2), aoo="all")
    aoos = enc.log.of_kind("aoo")
    assert [(a.actor, a.target) for a in aoos] == [("Orc", "Hero"), ("Orc", "Ally")]
    assert [a.data["cap"] for a in aoos] == [0, -2]
    strikes = [e for e in enc.log.of_kind("attack") if e.data.get("aoo")]
    assert strikes[1].data["bonus"] == strikes[0].data["bonus"] - 2
    assert enc.actions_left("Orc").reactions == 0


def test_a_second_active_defense_in_a_round_is_at_minus_2():
    """"Active Defense": "If you have multiple Reactions, you suffer a -2 cumulative penalty
    to your Active Defense Roll each additional time you use an Active Defense in a single
    round"."""
    cs = [mk("Hero", init=40), mk("Ally", init=30), mk("Orc", reactions=2), mk("Brute")]
    enc = Encounter(cs, sides={"party": ["Hero", "Ally"], "orcs": ["Orc", "Brute"]},
                    seed=5).start()
    enc.attack("Hero", "Orc", active_defense="parry")
    enc.end_turn(next="Ally")
    enc.attack("Ally", "Orc", active_defense="parry")
    first, second = [e for e in enc.log.of_kind("attack") if e.target == "Orc"][-2:]

    def parry_bonus(event) -> int:
        line = next(ln for ln in event.data["text"].splitlines() if "Orc Active Parry" in ln)
        return int(line.split("1d20")[1].split(" ")[0])

    assert parry_bonus(second) == parry_bonus(first) - 2
    refused(enc, enc.attack, "Ally", "Orc", active_defense="parry", match="Reaction")
    refused(enc, enc.attack, "Ally", "Orc", defense_uses=0, match="encounter's to set")


def test_an_aoo_is_struck_with_a_melee_weapon_not_the_bow_listed_first():
    """"Anyone that threatens a creature that provokes AOO may use a Reaction to make an
    AOO" ("Reactions & AOO:"): it threatens with its melee weapon, so it strikes with it;
    a shortbow listed first (ranged-only by data/weapons.csv) is passed over."""
    from lfgcombat import Creature, HexMap
    gob = Creature.from_dict({"name": "Gob", "class": "fighter", "level": 3,
                              "weapons": ["shortbow", "shortsword"]})
    hero = Creature.from_dict({"name": "Hero", "class": "fighter", "level": 3,
                               "initiative_rating": 40, "weapons": ["longsword"]})
    m = HexMap(8, 4)
    m.place(hero, (2, 1), "party")
    m.place(gob, (3, 1), "foes")
    enc = Encounter([hero, gob], map=m, seed=2).start()
    assert enc.current == "Hero"
    enc.move("Hero", (0, 1), aoo="all")
    [aoo] = enc.log.of_kind("attack")
    assert aoo.actor == "Gob" and aoo.data["weapon"] == "shortsword"
