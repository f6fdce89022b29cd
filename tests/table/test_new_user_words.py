"""Issue 26, item 2, "Words from the ruleset": what a new user still met playing notebooks
20 (lfg), 30 (classic) and 31 (wounds) by clicks in the tracker.

* A hit was said twice under classic: its damage line, then a health line that said nothing
  more ("Orc 1: HP 21 (9 slashing damage from Chessan)"); wounds showed "Brann: HP 18 (the
  start of its turn)", a report with nothing to say.
* Classic's ordinary damage cited "Death" and "Stabilizing a Disabled Character"
  (002_2a3a79475ca2a541.txt) while nobody was disabled nor dead.
* lfg's Orc Shaman died under "Death", its orcs under "NPC & Enemy Death"
  (000_8d1d7816ee944f3b.txt): a boss dies at -CON score, a goon at -level; the line says so.
* Wounds said "Grub is dead (HP 0)": under wounds a creature dies when its Wounds run out
  (003_de0e94afd49609a7.txt; at 0 Wounds, inferred: lfgcombat.rulesets.wounds.health).
* Classic's GM rolled a Heroic Action at "1d20+0" (002_2a3a79475ca2a541.txt, "Heroic
  Action").
"""

from __future__ import annotations

import re

from lfgcombat import Creature
from lfgcombat.creature import load_example
from lfgcombat.engine import Encounter
from lfgcombat.engine.log.events import Event
from lfgcombat.widgets import DiceLog
from lfgcombat.widgets.initiative import InitiativeTracker

CLASSIC, WOUNDS = "002_2a3a79475ca2a541.txt", "003_de0e94afd49609a7.txt"
#: A health report line: ``Orc: HP 21 (...)``.
HEALTH_LINE = re.compile(r"^\w[\w ]*: HP -?\d+ \(")


def classic_duel(seed: int = 3) -> Encounter:
    w = load_example("wulfric").replace(bab=5)
    orc = load_example("orc").replace(bab=3)
    return Encounter([w, orc], sides={"party": ["Wulfric"], "orcs": ["Orc"]}, seed=seed,
                     ruleset="classic")


def wounds_duel(seed: int = 31) -> Encounter:
    brann = Creature.from_dict({
        "name": "Brann", "level": 3, "max_hp": 24, "kind": "pc", "ruleset": ["wounds"],
        "abilities": {"str": 16, "dex": 12, "con": 14}, "prowess": 2,
        "good_saves": ["fort", "ref"], "weapons": ["longsword"]})
    grub = Creature.from_dict({
        "name": "Grub", "level": 2, "max_hp": 16, "ruleset": ["wounds"],
        "abilities": {"str": 16, "con": 12}, "prowess": 1, "good_saves": ["fort", "will"],
        "weapons": ["greataxe"]})
    return Encounter([brann, grub], sides={"party": ["Brann"], "foes": ["Grub"]},
                     ruleset="wounds", seed=seed)


def test_classic_says_a_plain_hit_once_and_a_state_change_in_full() -> None:
    enc = classic_duel()
    t = InitiativeTracker(enc)
    t.start()
    enc.damage("Orc", 5)  # 38 -> 33: nothing but HP changed
    said = t.status_text.splitlines()
    assert any("Orc takes 5" in line for line in said), said
    assert not [line for line in said if HEALTH_LINE.match(line)], said
    enc.damage("Orc", enc.state("Orc").hp)  # 0 HP: disabled, a state change
    said = t.status_text.splitlines()
    assert [line for line in said if HEALTH_LINE.match(line) and "disabled" in line], said


def test_the_log_decides_once_which_health_lines_say_something() -> None:
    enc = classic_duel().start()
    enc.damage("Orc", 5)
    enc.damage("Orc", enc.state("Orc").hp)
    health = enc.log.of_kind("health")
    assert [enc.log.says_something(e) for e in health] == [False, True]
    assert all(enc.log.says_something(e) for e in enc.log.of_kind("damage"))


def test_wounds_leaves_out_an_empty_health_report() -> None:
    enc = wounds_duel()
    t = InitiativeTracker(enc)
    t.start()
    for _ in range(4):  # an attack uses a parry; the next turn's start gives it back
        enc.attack(enc.current, "Grub" if enc.current == "Brann" else "Brann")
        enc.end_turn()
    empty = [e for e in enc.log.of_kind("health") if not e.data.get("events")]
    assert empty, "the fight had no empty report to leave out"
    assert not any(enc.log.says_something(e) for e in empty)
    assert "(the start of its turn)" not in t.status_text


def test_classic_ordinary_damage_cites_no_death_rule() -> None:
    enc = classic_duel().start()
    enc.damage("Orc", 5)
    hit = enc.log.of_kind("damage")[-1]
    rule = enc.log.rule_of(hit) or ""
    assert CLASSIC in rule and "Death" not in rule and "Disabled" not in rule, rule
    enc.damage("Orc", enc.state("Orc").hp)  # 0 HP: disabled
    down = enc.log.of_kind("damage")[-1]
    assert "Stabilizing a Disabled Character" in (enc.log.rule_of(down) or "")
    assert '"Death"' not in (enc.log.rule_of(down) or "")
    enc.damage("Orc", 20)  # -20: dead ("-10 or lower")
    dead = enc.log.of_kind("damage")[-1]
    assert '"Death"' in (enc.log.rule_of(dead) or "")
    health = [e for e in enc.log.of_kind("health") if e.data.get("events") == ["dead"]]
    assert health and '"Death"' in (enc.log.rule_of(health[-1]) or "")


def test_classic_nonlethal_damage_cites_its_rule() -> None:
    enc = classic_duel().start()
    enc.damage("Orc", 5, nonlethal=True)
    assert "Nonlethal Damage" in (enc.log.rule_of(enc.log.of_kind("damage")[-1]) or "")


def test_lfg_death_lines_say_why_a_boss_and_a_goon_cite_different_rules() -> None:
    boss = Event(seq=0, step=0, kind="vitals", round=1, actor=None, target="Orc Shaman",
                  command=False, data={"status": "dead", "hp": -13, "threshold": -12,
                                       "rule": '000_8d1d7816ee944f3b.txt, "Death"'})
    goon = Event(seq=0, step=0, kind="vitals", round=1, actor=None, target="Orc 1",
                  command=False, data={"status": "dead", "hp": -4, "threshold": -3,
                                       "rule": '000_8d1d7816ee944f3b.txt, "NPC & Enemy '
                                               'Death"'})
    assert "-CON" in boss.describe() and "boss" in boss.describe(), boss.describe()
    assert "-level" in goon.describe() and "goon" in goon.describe(), goon.describe()


def test_lfg_fight_death_lines_name_the_threshold() -> None:
    shaman = load_example("orc_shaman")
    orc = load_example("orc")
    enc = Encounter([shaman, orc], sides={"a": ["Orc Shaman"], "b": ["Orc"]}, seed=1).start()
    enc.damage("Orc Shaman", shaman.hp + 30)
    enc.damage("Orc", orc.hp + 30)
    lines = [enc.log.line(e) for e in enc.log.of_kind("vitals")
             if e.data.get("status") == "dead"]
    assert any("Orc Shaman is dead" in x and "boss" in x for x in lines), lines
    assert any(x.startswith("Orc is dead") and "goon" in x for x in lines), lines


def test_wounds_death_says_the_wounds_ran_out_and_cites_003() -> None:
    enc = wounds_duel().start()
    t = InitiativeTracker(enc)
    enc.damage("Grub", 200)
    dead = [e for e in enc.log.of_kind("vitals") if e.data.get("status") == "dead"]
    assert dead
    line = enc.log.line(dead[-1])
    assert "Wounds" in line and "(HP 0)" not in line, line
    assert WOUNDS in (enc.log.rule_of(dead[-1]) or "")
    assert any("Grub is dead" in x and "Wounds" in x and WOUNDS in x
               for x in t.status_text.splitlines()), t.status_text


def test_a_roll_with_no_modifier_says_1d20() -> None:
    roll = Event(seq=0, step=0, kind="roll", round=1, actor="Wulfric", target=None,
                command=False, data={"expression": "1d20+0", "faces": [7], "natural": 7,
                                     "total": 7, "fortune": None, "other": None,
                                     "label": "Heroic Action (GM)", "against": None,
                                     "outcome": None})
    assert "1d20 = 7" in roll.describe() and "+0" not in roll.describe(), roll.describe()


def test_the_classic_heroic_action_shows_1d20_in_the_dice_log_and_the_tracker() -> None:
    enc = classic_duel()
    dice = DiceLog(enc.roller)
    t = InitiativeTracker(enc, dicelog=dice)
    t.start()
    enc.heroic_action(enc.current, "str")
    gm = [e for e in enc.log.of_kind("roll") if "GM" in str(e.data.get("label"))]
    assert gm and gm[-1].data["expression"] == "1d20+0"  # the event keeps what it rolled
    assert "1d20+0" not in t.status_text and "1d20 =" in t.status_text, t.status_text
    assert "1d20+0" not in dice._table.value
