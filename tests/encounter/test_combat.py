"""Tests of :mod:`lfgcombat.rules.attacks.combat`, from 000_8d1d7816ee944f3b.txt "Charge Attack",
"Running in Combat – Full Details:", "Determine Cover", "Concealment", "High Ground / Low
Ground", "COMBAT ACTIONS for BEGINNERS". Split from the former tests/test_encounter.py (issue
10); every test names its heading.
"""

from __future__ import annotations

from lfgcombat import HexMap
from lfgcombat.engine import Encounter

from .helpers import BOW, SWORD, _last_attack, _range_fight, duel, mk, refused


def test_charge_attack_after_running_ten_feet_adds_2_innate_damage():
    """"Charge Attack: A melee or thrown weapon attack made on your turn directly after
    Running at least 10 feet. A Charge Attack grants a +2 Innate Bonus to melee & thrown
    weapon damage"."""
    enc = duel(map_=True, seed=2).start()
    refused(enc, enc.attack, "Hero", "Orc", charge=True, match="directly after Running")
    enc.run("Hero", (3, 1))  # 10 feet to the Orc
    enc.attack("Hero", "Orc", charge=True)
    att = enc.log.of_kind("attack")[-1].data
    assert att["charge"] and "Charge Attack: +2 Innate damage" in att["modifiers"][0]
    dmg_roll = [e for e in enc.log.of_kind("roll") if "damage" in e.data["label"]][-1]
    assert dmg_roll.data["expression"].endswith("+2")
    # not directly after the run any more
    enc2 = duel(map_=True, seed=2).start()
    enc2.run("Hero", (3, 1))
    enc2.free("Hero", "speak")
    refused(enc2, enc2.attack, "Hero", "Orc", charge=True, match="directly after Running")
    # a shot is not a Charge Attack
    cs = [mk("Archer", init=40, weapons=[BOW]), mk("Orc")]
    m = HexMap(12, 4)
    m.place(cs[0], (1, 1), "a")
    m.place(cs[1], (9, 1), "b")
    enc3 = Encounter(cs, map=m, seed=1).start()
    enc3.run("Archer", (4, 1))
    refused(enc3, enc3.attack, "Archer", "Orc", charge=True, match="not a shot")


def test_running_gives_minus_2_ac_against_melee_until_the_next_turn():
    """"Running in Combat – Full Details:": "You suffer -2 AC against Melee Attacks until the
    start of your next turn"."""
    enc = duel(map_=True, seed=2).start()
    ac = enc.creature("Hero").ac.value
    enc.run("Hero", (3, 1))
    enc.end_turn(next="Orc")
    enc.attack("Orc", "Hero")
    att = enc.log.of_kind("attack")[-1].data
    assert att["against"] == ac - 2 and "running: -2 AC against melee" in att["modifiers"][0]
    enc.end_turn(next="Ally").end_turn(next="Brute").end_turn(next="Hero")
    enc.end_turn(next="Orc")
    enc.attack("Orc", "Hero")
    assert enc.log.of_kind("attack")[-1].data["against"] == ac


def test_running_ac_against_ranged_attacks_depends_on_the_angle():
    """"Running in Combat – Full Details:": "-2 Penalty to AC against Ranged Attacks if
    running directly towards the attacker. You gain a +2 Tactical Bonus on AC against Ranged
    Attacks from indirect angles"."""
    cs = [mk("Hero", init=40), mk("Front", weapons=[BOW]), mk("Side", weapons=[BOW])]
    m = HexMap(16, 8)
    m.place(cs[0], (1, 3), "party")
    m.place(cs[1], (14, 3), "foes")
    m.place(cs[2], (7, 7), "foes")
    enc = Encounter(cs, map=m, seed=5).start()
    ac = enc.creature("Hero").armor_class("ac", against="ranged").value
    enc.run("Hero", (7, 3))  # straight towards Front
    enc.end_turn(next="Front")
    enc.attack("Front", "Hero")
    front = enc.log.of_kind("attack")[-1].data
    enc.end_turn(next="Side")
    enc.attack("Side", "Hero")
    side = enc.log.of_kind("attack")[-1].data
    assert "directly towards" in front["modifiers"][0]
    assert "indirect angles" in side["modifiers"][0]
    assert side["against"] - front["against"] == 4
    assert (front["against"], side["against"]) == (ac - 2, ac + 2)


def test_an_attack_roll_row_says_what_it_was_against_and_how_it_went():
    """log.to_dataframe(): "one row per event: ... expression, natural, total, against,
    outcome" (issue 6) - the attack roll's row reads alone; its damage roll's row does not
    claim an AC."""
    enc = duel(map_=True, seed=3).start()
    enc.move("Hero", (3, 1))
    enc.attack("Hero", "Orc")
    df = enc.log.to_dataframe()
    att = df[(df.kind == "attack") & ~df.command].iloc[-1]
    rolls = df[(df.kind == "roll") & (df.step == att.step)]
    first = rolls.iloc[0]
    assert first.expression.startswith("1d20") and first.against == 10
    assert first.outcome == att.outcome
    assert (first.total >= first.against) == (att.outcome in ("hit", "critical"))
    assert rolls.iloc[1:].against.isna().all() and rolls.iloc[1:].outcome.isna().all()
    assert first.text.endswith(f"-> {att.outcome}") and first.text.count(" vs ") == 1


def test_the_map_gives_cover_and_total_cover_refuses_the_attack():
    """"Determine Cover": a line through an occupied space gives cover; "Total Cover blocks
    Line of Sight and Line of Effect"; "Most attacks require a direct, straight line of
    effect from attacker to the target" (000_8d1d7816ee944f3b.txt, "Line of Effect (LoE)")."""
    plain = _range_fight()
    plain.attack("Archer", "Orc", "longbow")
    base_ac = _last_attack(plain).data["against"]
    assert _last_attack(plain).data["modifiers"] == []
    # a creature of the target's size directly in front of it: +4 Good Cover ("Wulfric is
    # standing directly in front of Mayat, providing her with Good Cover", "Cover Examples")
    screened = _range_fight(blocker=(6, 2))
    screened.attack("Archer", "Orc", "longbow")
    att = _last_attack(screened)
    assert att.data["against"] == base_ac + 4 and "good cover" in att.data["modifiers"][0]
    # an orc further along the line, not next to the target: +2 partial cover (an ally
    # there would be ignored: "you may ignore the cover provided by 1 allied creature of
    # your size ... not directly adjacent to the target")
    assert not _range_fight(blocker=(4, 2)).map.cover("Archer", "Orc").bonus
    partial = _range_fight(blocker=(4, 2), blocker_side="orcs")
    partial.attack("Archer", "Orc", "longbow")
    att = _last_attack(partial)
    assert att.data["against"] == base_ac + 2 and "partial cover" in att.data["modifiers"][0]
    # the GM's word wins: cover=0 (an arc over the shoulder)
    over = _range_fight(blocker=(6, 2))
    over.attack("Archer", "Orc", "longbow", cover=0)
    assert _last_attack(over).data["against"] == base_ac
    # a wall across the whole map: total cover, the attack is refused and nothing spent
    walled = _range_fight(terrain={"wall": [(4, r) for r in range(5)]})
    e = refused(walled, walled.attack, "Archer", "Orc", "longbow", match="total cover")
    assert "Line of Effect" in str(e)
    walled.attack("Archer", "Orc", "longbow", cover="good")  # the GM rules a lob over it
    assert _last_attack(walled).data["against"] == base_ac + 4


def test_the_map_gives_concealment_difficult_terrain_and_high_ground():
    """"Concealment": fog gives 20% miss chance; "Standing on Difficult Terrain imposes a -2
    penalty on Attacks & -2AC"; "High Ground / Low Ground": +1 Tactical on melee attack
    rolls from above, "+1 Innate Bonus to weapon damage" for a ranged attack from 10 ft
    above (000_8d1d7816ee944f3b.txt)."""
    fog = _range_fight(terrain={"fog": [(7, 2)]})
    fog.attack("Archer", "Orc", "longbow")
    assert any("20% miss chance" in x for x in _last_attack(fog).data["modifiers"])
    plain = _range_fight()
    plain.attack("Archer", "Orc", "longbow")
    base = _last_attack(plain).data
    mud = _range_fight(terrain={"difficult": [(1, 2), (7, 2)]})
    mud.attack("Archer", "Orc", "longbow")
    d = _last_attack(mud).data
    assert d["against"] == base["against"] - 2 and d["bonus"] == base["bonus"] - 2
    assert sum("difficult terrain" in x for x in d["modifiers"]) == 2
    off = _range_fight(terrain={"difficult": [(1, 2), (7, 2)]})
    off.attack("Archer", "Orc", "longbow", terrain=False)
    assert _last_attack(off).data["against"] == base["against"]
    high = _range_fight(elevation={10: [(1, 2)]})
    high.attack("Archer", "Orc", "longbow")
    assert any("+1 ranged weapon damage" in x for x in _last_attack(high).data["modifiers"])
    # melee from above: +1 Tactical; switched off with high_ground=False
    cs = [mk("Hero", init=40), mk("Orc")]
    m = HexMap(6, 4)
    m.set_elevation([(1, 1)], 5)
    m.place(cs[0], (1, 1), "party")
    m.place(cs[1], (2, 1), "orcs")
    enc = Encounter(cs, sides={"party": ["Hero"], "orcs": ["Orc"]}, map=m, seed=4).start()
    twin = enc.fork()
    enc.attack("Hero", "Orc")
    twin.attack("Hero", "Orc", high_ground=False)
    assert _last_attack(enc).data["bonus"] == _last_attack(twin).data["bonus"] + 1
    refused(twin, twin.attack, "Hero", "Orc", high_ground="yes", match="True")


def test_a_loaded_crossbow_shoots_as_a_little_action_and_must_be_loaded_again():
    """"LITTLE ACTIONS: ... Shoot a loaded Crossbow" (000_8d1d7816ee944f3b.txt, "COMBAT
    ACTIONS for BEGINNERS"); loading a ranged weapon provokes AOO ("What actions normally
    Provoke AOO?")."""
    xbow = {"name": "light crossbow", "damage": "1d8", "crit": "19-20/x2",
            "damage_type": "p", "range_increment": 80}
    cs = [mk("Hero", init=40, level=5, weapons=[xbow, SWORD]), mk("Orc")]
    enc = Encounter(cs, sides={"party": ["Hero"], "orcs": ["Orc"]}, seed=2).start()
    enc.attack("Hero", "Orc", "light crossbow", distance_ft=30)
    left = enc.actions_left("Hero")
    assert (left.big, left.little) == (2, 0)
    assert enc.log.of_kind("spend")[-1].data["action"] == "shoot_loaded_crossbow"
    assert enc.state("Hero")["unloaded"] == ["light crossbow"]
    refused(enc, enc.attack, "Hero", "Orc", "light crossbow", distance_ft=30,
            match="not loaded")
    enc.act("Hero", "load_ranged_weapon")  # the Little is gone: in place of a Big
    assert enc.state("Hero")["unloaded"] == [] and enc.actions_left("Hero").big == 1
    enc.attack("Hero", "Orc", "light crossbow", distance_ft=30)  # a Little in place of a Big
    assert enc.actions_left("Hero").big == 0
    # a level 1 crossbowman has 1 attack a turn, however cheap the shot
    cs1 = [mk("Gob", init=40, level=1, weapons=[xbow, SWORD]), mk("Orc")]
    low = Encounter(cs1, sides={"a": ["Gob"], "b": ["Orc"]}, seed=2).start()
    low.attack("Gob", "Orc", "light crossbow", distance_ft=30)
    refused(low, low.attack, "Gob", "Orc", "longsword", match="attack")
