"""Tests of :mod:`lfgcombat.rules.health.health`, from 000_8d1d7816ee944f3b.txt "Injury & Injured
Threshold", "Unconscious & Dying", "Stabilize when Dying", "Death", "Bleed X", "Healing lost
HP", "Temporary Hit Points (TempHP)". Split from the former tests/test_encounter.py (issue
10); every test names its heading.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lfgcombat import Creature
from lfgcombat.engine import Encounter

from .helpers import duel, mk, refused


def test_damage_temp_hp_first_unconscious_weakened_bleed_and_death():
    """"Temporary Hit Points": lost first; "Unconscious & Dying": at 0 HP or less "you fall
    unconscious and gain +1 Weakened Stage", by slashing or piercing "also Bleed 1"; "Death":
    "a negative number of HP equal to its CON Score"; the text's example: "A character with
    18 HP and a 13 CON Score is struck for 20 damage. They fall unconscious at -2 HP and
    suffer Bleed 1 ... If they reach -13 HP, they die"."""
    pc = Creature.from_dict({"name": "PC", "class": "rogue", "level": 2, "max_hp": 18,
                             "abilities": {"con": 13}, "initiative_rating": 40})
    enc = Encounter([pc, mk("Orc")], sides={"a": ["PC"], "b": ["Orc"]}, seed=3).start()
    enc.temp_hp("PC", 100)
    assert enc.state("PC")["temp_hp"] == 4  # capped at 25% of 18
    enc.damage("PC", 24, "slashing")
    s = enc.state("PC")
    assert s["hp"] == -2 and s["temp_hp"] == 0 and s["status"] == "dying"
    assert "weakened 1" in s["conditions"] and "bleed 1" in s["conditions"]
    assert enc.actions_left("PC").big == 0  # Unconscious: cannot act
    enc.damage("PC", 11)
    assert enc.state("PC")["hp"] == -13 and enc.state("PC")["dead"]
    refused(enc, enc.heal, "PC", 5, match="dead")


def test_heal_reduces_bleed_and_wakes_above_zero():
    """"Healing lost HP": "If you are suffering Bleed 3 and you are healed +2HP, you are now
    suffering only Bleed 1"; "If your current Hit Point total is raised above 0HP, you regain
    consciousness"."""
    enc = Encounter([mk("A", level=5, init=40), mk("B")], sides={"a": ["A"], "b": ["B"]},
                    seed=1)
    enc.add_condition("A", "bleed 3")
    enc.heal("A", 2)
    assert "bleed 1" in enc.state("A")["conditions"]
    enc.heal("A", 1)
    assert not any(c.startswith("bleed") for c in enc.state("A")["conditions"])
    enc.damage("A", enc.state("A")["hp"] + 1, "bludgeoning")
    assert enc.state("A")["status"] == "unconscious"
    enc.heal("A", 3)
    assert enc.state("A")["status"] == "conscious" and enc.state("A")["hp"] == 2


def test_bleed_ablaze_act_at_turn_start_and_dying_rolls_to_stabilize():
    """"Bleed X": "X Biological Damage per round"; "Ablaze": "1d6 Fire Damage as soon as the
    condition begins, plus 1d6 Fire Damage each additional round"; "Stabilize when Dying":
    "a DC20 FORT Save once per round to reduce the bleeding by 1"."""
    enc = Encounter([mk("A", level=5, init=40), mk("B")], sides={"a": ["A"], "b": ["B"]},
                    seed=21)
    hp0 = enc.state("A")["hp"]
    enc.add_condition("A", "ablaze")
    first = enc.log.of_kind("roll")[-1].data["total"]
    assert enc.state("A")["hp"] == hp0 - first
    enc.add_condition("A", "bleed 2")
    enc.start()  # A's first turn begins: fire and bleeding
    dmg = [e for e in enc.log.of_kind("damage") if e.round == 1]
    assert [e.data["type"] for e in dmg] == ["fire", "biological"]
    assert dmg[1].data["amount"] == 2
    # a dying creature rolls its stabilizing save at the start of its turn
    enc2 = Encounter([mk("A", level=5), mk("B", init=40)], sides={"a": ["A"], "b": ["B"]},
                     seed=2).start()
    enc2.damage("A", enc2.state("A")["hp"], "slashing")
    assert enc2.state("A")["status"] == "dying"
    enc2.end_turn(next="A")
    save = [e for e in enc2.log.of_kind("roll") if "stabilize" in e.data["label"]]
    assert save and save[0].data["against"] == 20


def test_bleed_clots_after_ten_rounds():
    """"Bleed X": "After 10 rounds of bleeding, the wound begins to clot, and the Bleed X
    amount is reduced by 1 per round"."""
    big = mk("A", level=10, init=40, max_hp=500)
    enc = Encounter([big, mk("B")], sides={"a": ["A"], "b": ["B"]}, seed=1)
    enc.add_condition("A", "bleed 3")
    enc.start()
    for _ in range(11):
        enc.end_turn(next="B").end_turn(next="A")
    amounts = [e.data["amount"] for e in enc.log.of_kind("damage")]
    assert amounts[:10] == [3] * 10 and amounts[10] == 2 and amounts[11] == 1


def test_the_texts_dying_example_through_the_encounter_matches_vitals():
    """"Death", Ex: "A character with 18 HP and a 13 CON Score is struck for 20 damage. They
    fall unconscious at -2 HP and suffer Bleed 1. If they are not healed, they may continue to
    bleed 1 HP per round. If they reach -13 HP, they die." The encounter and
    :class:`lfgcombat.rules.health.vitals.Vitals` give the same verdicts, step by step."""
    from lfgcombat.rules.health.vitals import Vitals
    pc = Creature.from_dict({"name": "PC", "class": "rogue", "level": 2, "max_hp": 18,
                             "abilities": {"con": 13}, "initiative_rating": 40})
    enc = Encounter([pc, mk("Orc")], sides={"a": ["PC"], "b": ["Orc"]}, seed=3).start()
    v = Vitals.from_creature(pc).damage(20, "slashing")
    enc.damage("PC", 20, "slashing")
    s = enc.state("PC")
    assert (s["hp"], s["status"]) == (v.hp, "dying") == (-2, "dying")
    assert "bleed 1" in s["conditions"] and "weakened 1" in s["conditions"]
    dmg = enc.log.of_kind("damage")[-1].data
    assert dmg["events"] == list(v.events)  # the log says what Vitals decided
    statuses = [e.data["status"] for e in enc.log.of_kind("vitals")]
    assert "unconscious" in statuses
    # "they may continue to bleed 1 HP per round": at the start of each of its turns
    enc.end_turn(next="Orc")
    enc.end_turn(next="PC")
    assert enc.state("PC")["hp"] == -3  # bled 1 before its stabilizing save
    assert enc.log.of_kind("damage")[-1].data["source"] == "bleed"


def test_temp_hp_add_up_to_a_quarter_of_max_hp_as_vitals_says():
    """"Temporary Hit Points (TempHP)": "A character with maximum 36HP may never have more
    than 9 Temporary HP"; "Temporary Hit Points are lost first". Several gains add up to the
    cap (the Vitals decision; the encounter no longer has its own)."""
    a = mk("A", init=40, max_hp=36)
    enc = Encounter([a, mk("B")], sides={"a": ["A"], "b": ["B"]}, seed=1)
    enc.temp_hp("A", 5)
    enc.temp_hp("A", 3)
    assert enc.state("A")["temp_hp"] == 8
    enc.temp_hp("A", 5)
    assert enc.state("A")["temp_hp"] == 9
    assert enc.log.of_kind("temp_hp")[-1].data["cap"] == 9
    enc.damage("A", 12, "fire")
    s = enc.state("A")
    assert s["temp_hp"] == 0 and s["hp"] == 36 - 3


def test_goons_die_at_minus_level_bosses_at_minus_con():
    """"NPC & Enemy Death": "Goons, basic monsters, & most NPCs die when they reach (-Level)
    HP ... Boss villains ... may use the PC rules for dying"."""
    goon = Creature.from_dict({"name": "Goon", "level": 3, "kind": "goon", "max_hp": 10})
    boss = Creature.from_dict({"name": "Boss", "level": 3, "kind": "boss", "max_hp": 10,
                               "abilities": {"con": 14}})
    enc = Encounter([goon, boss, mk("Hero", init=40)],
                    sides={"foes": ["Goon", "Boss"], "party": ["Hero"]}, seed=1)
    enc.damage("Goon", 13, "bludgeoning")
    enc.damage("Boss", 13, "bludgeoning")
    assert enc.state("Goon")["dead"] and enc.state("Goon")["status"] == "dead"
    assert not enc.state("Boss")["dead"] and enc.state("Boss")["status"] == "unconscious"
    enc.damage("Boss", 11)
    assert enc.state("Boss")["dead"]  # -14 = -CON score
    dead = [e for e in enc.log.of_kind("vitals") if e.data["status"] == "dead"]
    assert [e.target for e in dead] == ["Goon", "Boss"]
    assert "NPC & Enemy Death" in dead[0].data["rule"] and "Death" in dead[1].data["rule"]


def test_bleed_stacks_to_the_level_from_each_slashing_strike_while_down():
    """"Unconscious & Dying": "If struck to 0HP or less by a Slashing or Piercing weapon, you
    also gain Bleed 1"; "Bleed X": "X cannot be greater than the affected creature's level"
    (Vitals: every such strike at 0 HP or less adds Bleed 1)."""
    a = mk("A", level=2, init=40, max_hp=60, abilities={"con": 30})
    enc = Encounter([a, mk("B")], sides={"a": ["A"], "b": ["B"]}, seed=1)
    enc.damage("A", 61, "piercing")
    enc.damage("A", 1, "slashing")
    enc.damage("A", 1, "slashing")
    conds = enc.state("A")["conditions"]
    assert "bleed 2" in conds and "weakened 1" in conds  # capped at level 2; one fall


def test_unconscious_falls_prone_and_wakes_when_healed_above_zero_still_prone():
    """"Unconscious & Dying": "An Unconscious creature falls Prone ... and is Helpless";
    "If your current Hit Point total is raised above 0HP, you regain consciousness".
    Decision: the fall to Prone outlasts the unconsciousness (standing up is a Big Action)."""
    enc = Encounter([mk("A", init=40), mk("B")], sides={"a": ["A"], "b": ["B"]}, seed=1)
    enc.damage("A", enc.state("A")["hp"], "bludgeoning")
    s = enc.state("A")
    assert s["status"] == "unconscious" and "prone" in s["conditions"]
    assert any(c.startswith("helpless") for c in s["conditions"])
    enc.heal("A", 5)
    s = enc.state("A")
    assert s["status"] == "conscious" and "prone" in s["conditions"]
    assert [e.data["status"] for e in enc.log.of_kind("vitals")][-1] == "conscious"


def test_natural_healing_is_refused_while_bleeding():
    """"Healing lost HP": "You cannot heal naturally if you are bleeding"."""
    enc = Encounter([mk("A", init=40), mk("B")], sides={"a": ["A"], "b": ["B"]}, seed=1)
    enc.damage("A", 10, "slashing")
    enc.add_condition("A", "bleed 1")
    refused(enc, enc.heal, "A", 3, source="natural", match="heal naturally")
    enc.heal("A", 3, source="heal_skill")
    assert not any(c.startswith("bleed") for c in enc.state("A")["conditions"])


def test_injured_is_logged_when_the_threshold_is_crossed():
    """"Injury & Injured Threshold": "If you are reduced to an amount of HP less than or equal
    to your Injured Threshold, you become Injured ... automatically removed when you heal
    above your Injured Threshold"."""
    enc = Encounter([mk("A", init=40, max_hp=40), mk("B")], sides={"a": ["A"], "b": ["B"]},
                    seed=1)
    enc.damage("A", 30, "fire")
    assert "injured" in [e.data["status"] for e in enc.log.of_kind("vitals")]
    enc.heal("A", 10)
    assert enc.log.of_kind("vitals")[-1].data["status"] == "no longer injured"


def test_a_successful_stabilizing_save_stops_the_bleeding():
    """"Stabilize when Dying": "you may attempt a DC20 FORT Save once per round to reduce the
    bleeding by 1. If the bleeding stops, you are unconscious while at 0HP or less"."""
    a = Creature.from_dict({"name": "A", "class": "fighter", "level": 5, "max_hp": 40,
                            "bonuses": [{"to": "fort", "value": 30, "type": "innate",
                                         "source": "test"}]})
    enc = Encounter([a, mk("B", init=40)], sides={"a": ["A"], "b": ["B"]}, seed=2).start()
    enc.damage("A", 41, "slashing")
    enc.end_turn(next="A")
    save = [e for e in enc.log.of_kind("roll") if "stabilize" in e.data["label"]][-1]
    assert save.data["against"] == 20 and save.data["outcome"] == "success"
    s = enc.state("A")
    assert s["status"] == "unconscious" and s["hp"] == -2  # bled 1, then stable
    assert enc.log.of_kind("vitals")[-1].data["status"] == "stable"


@settings(max_examples=40, deadline=None)
@given(ops=st.lists(st.tuples(st.sampled_from(["damage", "heal", "temp"]), st.integers(0, 25),
                              st.sampled_from(["slashing", "piercing", "fire", None])),
                    max_size=12))
def test_encounter_hp_is_exactly_what_vitals_says(ops):
    """DESIGN.md: one set of rules. The same damage, healing and Temporary HP applied to a
    :class:`lfgcombat.rules.health.vitals.Vitals` and through the encounter give the same HP, Temporary HP,
    Bleed, Weakened stage and death."""
    from lfgcombat.rules.health.vitals import Vitals
    a = mk("A", level=3, init=40, max_hp=30)
    enc = Encounter([a, mk("B")], sides={"a": ["A"], "b": ["B"]}, seed=1)
    v = Vitals.from_creature(a)
    for op, n, dtype in ops:
        if v.dead or v.weakened >= 5:
            break
        if op == "damage":
            v = v.damage(n, dtype or "bludgeoning", struck=dtype is not None)
            enc.damage("A", n, dtype)
        elif op == "heal":
            v = v.heal(n, "magic")
            enc.heal("A", n)
        else:
            v = v.gain_temp_hp(n)
            enc.temp_hp("A", n)
        s = enc.state("A")
        bleed = next((int(c.split()[1]) for c in s["conditions"] if c.startswith("bleed ")), 0)
        weak = next((int(c.split()[1][0]) for c in s["conditions"]
                     if c.startswith("weakened ")), 0)
        assert (s["hp"], s["temp_hp"], bleed, weak, s["dead"]) == (
            v.hp, v.temp_hp, v.bleed, v.weakened, v.dead)


def test_an_unknown_damage_type_is_refused_naming_the_types():
    """"Damage in Combat": damage has a type; the ruleset's damage model names them."""
    enc = duel().start()
    err = refused(enc, enc.damage, "Orc", 3, "plasma", match="unknown damage type 'plasma'")
    assert "fire" in str(err) and "slashing" in str(err)
    enc.damage("Orc", 3, "fire")
    assert enc.log.of_kind("damage")[-1].data["type"] == "fire"
