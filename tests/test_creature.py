"""Creatures and their combat statistics (``lfgcombat.creature``).

The text's worked examples come first; each cites 000_8d1d7816ee944f3b.txt and a heading.
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
import tempfile
import os
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lfgcombat.rules.conditions.conditions import Affliction, Condition, bleed_cap
from lfgcombat.creature import (ABILITIES, KEYS, MAX_LEVEL, STAT_NAMES, Abilities, Creature,
                                CreatureError, CreatureType, HRProgression, Size,
                                ability_mod, attacks_per_turn, example_names, hit_rating,
                                load_example, save_rating, save_ratings_table)
from lfgcombat.errors import LfgError
from lfgcombat.io.tables import load_table, parse_source

# $LFG_SEEDS, else shared/seeds beside the repo (as tests/conftest.py:seeds_dir)
SEEDS = Path(os.environ.get("LFG_SEEDS") or Path(__file__).parents[1].parent / "shared" / "seeds")
TEXT = "000_8d1d7816ee944f3b.txt"
CLASSES = load_table("classes")["class"].tolist()


def make(**kw) -> Creature:
    d = {"name": "Test", "level": 1, "class": "fighter"}
    d.update(kw)
    return Creature.from_dict(d)


# --- the text's worked examples ---------------------------------------------------------

def test_level_3_wizard_with_12_con_has_17_hp() -> None:
    # "Acquiring Hit Points": "Ex: Level 3 Wizard with 12 CON = 4HP/level from Wizard, +1
    # HP/Level from CONMod, +2 HP creation = 12+3+2 = 17 Hit Points".
    wizard = make(**{"class": "wizard", "level": 3, "abilities": {"con": 12}})
    assert wizard.max_hp.value == 17
    assert [t.value for t in wizard.max_hp.terms] == [12, 3, 2]
    assert "Acquiring Hit Points" in wizard.explain("max_hp")


@pytest.mark.parametrize("cls,level,hr,heading", [
    ("fighter", 4, 3, "Active Parry"),            # "Ex: Level 4 Fighter: 3HR+3str..."
    ("rogue", 5, 3, "Consecutive Attack Examples"),      # "Level 5 Rogue (HR3, ...)"
    ("priest", 6, 2, "Consecutive Attack Examples"),     # "Level 6 Priest (HR2, ...)"
    ("barbarian", 11, 9, "Consecutive Attack Examples"),  # "Level 11 Barbarian (HR9, ...)"
])
def test_hr_of_the_texts_examples(cls: str, level: int, hr: int, heading: str) -> None:
    assert make(**{"class": cls, "level": level}).hr.value == hr


def test_monster_hr_defaults_to_medium() -> None:
    # "Crushing Advance": "An elephant (Level 11 Huge, 28 STR) ... DC(10+7HR+9STRMod)".
    elephant = Creature.from_dict({"name": "Elephant", "level": 11, "size": "huge",
                                   "max_hp": 130, "abilities": {"str": 28}})
    assert elephant.hr.value == 7
    assert elephant.hr_progression_used is HRProgression.MEDIUM
    assert elephant.ability_mod("str") == 9


def test_hr_formulas() -> None:
    # "The Math behind HR": High = [0.74xlvl] round down +1; Medium 0.64xlvl; Low 0.49xlvl.
    for level in range(0, 60):
        assert hit_rating(level, "high") == int(0.74 * level + 1e-9) + 1
        assert hit_rating(level, "medium") == int(0.64 * level + 1e-9)
        assert hit_rating(level, "low") == int(0.49 * level + 1e-9)
    assert hit_rating(50, "high") == 38  # 0.74 x 50 = 37 exactly, no float error


def test_temporary_hp_cap() -> None:
    # "Temporary Hit Points (TempHP)": "A character with maximum 36HP may never have more
    # than 9 Temporary HP."
    c = Creature.from_dict({"name": "Ex", "level": 4, "max_hp": 36})
    assert c.temp_hp_cap.value == 9
    assert c.replace(temp_hp=9).temp_hp == 9
    with pytest.raises(CreatureError) as err:
        c.replace(temp_hp=10)
    assert err.value.fields == ("temp_hp",)
    assert "25%" in str(err.value)


def test_barbarian_fast_movement_and_encumbrance() -> None:
    # "Bonus/Penalty to Move Speed": 30' + Barbarian Fast Movement 10' = 40'; encumbered to
    # 75%: 40' x 0.75 = 30'.
    rock = load_example("rock")
    assert rock.speed == 30 and rock.move_speed.value == 40
    assert rock.move_speed.run_speed == 80
    assert rock.with_condition("encumbered").move_speed.value == 30


def test_rock_has_142_hp() -> None:
    # "Falling Damage": "Rock the Barbarian ... His MaxHP is 142".
    assert load_example("rock").max_hp.value == 142


def test_gang_boss_has_52_hp() -> None:
    # "Killer Criticals": "a Gang Boss (Level 5 Fighter, 52HP Max)": (8 + 2) x 5 + 2.
    assert make(level=5, abilities={"con": 14}).max_hp.value == 52


def test_ogre_example() -> None:
    # "Killer Criticals": "an Ogre (Level 6 Monster, 74HP Max)"; "Reach & Threatened Area":
    # "A large-sized ogre has a Natural Reach of 10 feet".
    ogre = load_example("ogre")
    assert (ogre.level, ogre.max_hp.value, ogre.size, ogre.reach.value) == (
        6, 74, Size.LARGE, 10)
    assert ogre.space.value == 3


def test_death_example() -> None:
    # "Death": "A character with 18 HP and a 13 CON Score ... If they reach -13 HP, they
    # die." "NPC & Enemy Death": goons die at (-Level) HP. (A character without a class
    # is a monster, kind npc, unless it says kind: pc.)
    pc = Creature.from_dict({"name": "Ex", "level": 2, "max_hp": 18, "kind": "pc",
                             "abilities": {"con": 13}})
    assert pc.death_threshold.value == -13
    assert not pc.replace(current_hp=-12).is_dead
    assert pc.replace(current_hp=-13).is_dead
    goon = pc.replace(kind="goon")
    assert goon.death_threshold.value == -2 and goon.replace(current_hp=-2).is_dead


# --- HP and injury ----------------------------------------------------------------------

def test_max_hp_at_least_1_per_level() -> None:
    # "Acquiring Hit Points": "You always gain at least 1HP each level." Wizard 4 - 5 < 1.
    weak = make(**{"class": "wizard", "level": 4, "abilities": {"con": 1}})
    assert weak.max_hp.value == 1 * 4 + 2
    assert "at least 1 HP each level" in weak.explain("max_hp")
    assert make(level=0).max_hp.value == 2  # "Even Level 0 creatures and Goons"


def test_injured_threshold() -> None:
    # "Injury & Injured Threshold": 25% of max HP; Injured at or below it; "Creatures with
    # 3 or fewer HP do not have an Injured Threshold."
    c = Creature.from_dict({"name": "Ex", "level": 4, "max_hp": 36})
    assert c.injured_threshold.value == 9
    assert not c.replace(current_hp=10).is_injured
    hurt = c.replace(current_hp=9)
    assert hurt.is_injured
    assert hurt.ac.value == c.ac.value - 2
    assert hurt.fort.value == c.fort.value - 2
    assert hurt.move_speed.value == 25
    assert "HP 9 at or below the Injured Threshold 9" in hurt.explain("ac")
    assert make(**{"class": "wizard", "level": 3, "abilities": {"con": 12}}
                ).injured_threshold.value == 4  # 17 / 4 rounded down
    tiny = Creature.from_dict({"name": "Rat", "level": 0, "max_hp": 3})
    assert tiny.injured_threshold.value is None
    assert not tiny.replace(current_hp=1).is_injured
    assert "3 or fewer HP" in tiny.explain("injured_threshold")
    assert Creature.from_dict({"name": "R", "level": 0, "max_hp": 4}).injured_threshold.value == 1


def test_current_hp_cannot_exceed_max() -> None:
    with pytest.raises(CreatureError, match="Healing can never"):
        make(current_hp=100)


# --- the AC family ----------------------------------------------------------------------

def ac4(c: Creature) -> tuple[int, int, int, int]:
    return (c.ac.value, c.ff_ac.value, c.touch_ac.value, c.ac_vs_crit.value)


@pytest.mark.parametrize("dex,expected", [
    # "If your DEXMod is +3 or higher: FFAC = AC-DEXMod-ShieldRating-Dodge Bonus"
    (16, (20, 14, 14, 21)),
    (20, (22, 14, 16, 23)),
    # "If your DEXMod is +2 or lower: FFAC = AC-ShieldRating-Dodge Bonus-2"
    (14, (19, 14, 13, 20)),
    (8, (16, 11, 10, 17)),
])
def test_ac_family_and_the_two_ffac_cases(dex: int, expected: tuple) -> None:
    # "What are the other kinds of AC? (FFAC, TouchAC, ACvsCrit)". Armor 4 (vs crit 5),
    # shield 2, a +1 Dodge bonus.
    c = make(abilities={"dex": dex}, armor={"rating": 4, "vs_crit": 5}, shield_rating=2,
             bonuses=[{"to": "ac", "value": 1, "type": "dodge"}])
    assert ac4(c) == expected
    ac, ff, touch, crit = expected
    dex_mod = ability_mod(dex)
    assert ff == (ac - dex_mod - 2 - 1 if dex_mod >= 3 else ac - 2 - 1 - 2)
    assert touch == ac - 4 - 2 - 0
    assert crit == ac - 4 + 5


def test_quick_calculations() -> None:
    # "A quick calculation for an average medium-sized character is: FFAC = 10+ArmorRating"
    # and "TouchAC = 10+DEXMod".
    c = make(abilities={"dex": 14}, armor=4)
    assert c.ff_ac.value == 10 + 4
    assert c.touch_ac.value == 10 + 2


def test_natural_armor_and_size() -> None:
    # "AC = 10+DEXMod+ArmorRating+NaturalArmorRating+ShieldRating+SizeMod"; "Small
    # creatures have a +1 SizeMod to AC. Large creatures have a -1 SizeMod to AC."
    base = make(natural_armor=3)
    assert base.ac.value == 13 and base.touch_ac.value == 10
    assert base.replace(size="small").ac.value == 14
    assert base.replace(size="L").ac.value == 12
    assert base.replace(size="small").melee_attack.value == base.melee_attack.value + 1
    assert base.replace(size="large").ranged_attack.value == base.ranged_attack.value - 1


def test_bonus_types_reach_the_ac_values_the_text_says() -> None:
    # "Power (p)": "A Power Bonus to AC adds to all AC Values"; "Dodge (d)": "adds to AC,
    # ACvsCrit, & TouchAC", lost when Flat-Footed; "Helm (h)": Armor Rating (not TouchAC).
    base = ac4(make())
    power = make(bonuses=[{"to": "ac", "value": 2, "type": "power", "source": "ring"}])
    assert ac4(power) == tuple(v + 2 for v in base)
    dodge = make(bonuses=[{"to": "ac", "value": 1, "type": "d"}])
    assert ac4(dodge) == (base[0] + 1, base[1], base[2] + 1, base[3] + 1)
    helm = make(bonuses=[{"to": "ac", "value": 1, "type": "helm"}])
    assert ac4(helm) == (base[0] + 1, base[1] + 1, base[2], base[3] + 1)
    assert "does not apply to TouchAC" in helm.explain("touch_ac")
    two = make(bonuses=[{"to": "ac", "value": 1, "type": "power", "source": "ring"},
                        {"to": "ac", "value": 2, "type": "power", "source": "necklace"}])
    assert two.ac.value == base[0] + 2  # "only the +2 Power Bonus from the necklace applies"
    assert "superseded" in two.explain("ac")


def test_armor_vs_crit_defaults_to_the_rating() -> None:
    c = make(armor={"rating": 4})
    assert c.armor.vs_crit == 4 and c.ac_vs_crit.value == c.ac.value


def test_ac_explains_itself() -> None:
    c = make(abilities={"dex": 14}, armor={"name": "chain shirt", "rating": 4},
             conditions=["flanked"])
    text = c.explain("ac")
    for part in ("base", "DEX mod (DEX 14)", "Armor Rating (chain shirt)", "flanked",
                 "Armor Class (AC) - What is it?"):
        assert part in text
    frame = c.ac.to_frame()
    assert frame["counts"].sum() == c.ac.value


# --- saves, initiative, attacks ---------------------------------------------------------

def test_saves_use_the_reconstructed_table() -> None:
    # "Saving Throws": FORT = Rating + CONMod, REF + DEXMod, WILL + WISMod.
    f = make(level=5, abilities={"con": 14, "dex": 12, "wis": 8})
    assert f.fort.value == save_rating(5, True) + 2 == 6
    assert f.ref.value == save_rating(5, False) + 1 == 2
    assert f.will.value == save_rating(5, False) - 1 == 0
    w = make(**{"class": "wizard", "level": 5})
    assert w.will.value == save_rating(5, True)
    assert "table inferred" in w.explain("will")
    given_ = make(save_ratings={"fort": 7, "ref": 1, "will": 2})
    assert (given_.fort.value, given_.ref.value, given_.will.value) == (7, 1, 2)


def test_save_bonuses_stack_by_type() -> None:
    # "Bonuses & Penalties": "+1 Power Bonus to REF Saves, ... +2 Dodge Bonus to REF
    # Saves, and ... +3 Morale Bonus to REF Saves, you would gain a total increase of +6".
    c = make(bonuses=[{"to": "ref", "value": 1, "type": "power"},
                      {"to": "ref", "value": 2, "type": "dodge"},
                      {"to": "saves", "value": 3, "type": "morale"}])
    assert c.ref.value == make().ref.value + 6
    assert c.fort.value == make().fort.value + 3


def test_save_ratings_table() -> None:
    table = save_ratings_table()
    assert table.level.tolist() == list(range(0, MAX_LEVEL + 1))
    for row in table.to_dict("records"):
        lvl = row["level"]
        assert row["hr_high"] == hit_rating(lvl, "high")
        assert row["hr_medium"] == hit_rating(lvl, "medium")
        assert row["hr_low"] == hit_rating(lvl, "low")
        assert row["save_high"] == 2 + lvl // 2 and row["save_low"] == lvl // 3
        cited, why = parse_source(row["source"])
        assert (TEXT, "The Math behind HR") in cited
        assert "save_high and save_low" in why


@pytest.mark.skipif(not (SEEDS / TEXT).is_file(), reason="rules texts not checked out")
def test_save_ratings_citations_occur_in_the_text() -> None:
    lines = [ln.strip() for ln in (SEEDS / TEXT).read_text(encoding="utf-8").splitlines()]
    for source in set(save_ratings_table().source):
        for _, heading in parse_source(source)[0]:
            assert any(ln == heading or (ln.startswith(heading)
                                         and not ln[len(heading)].isalnum()) for ln in lines)


def test_initiative_bonus() -> None:
    # "Rounds, Initiative, & Turn Order": "Initiative Check = 1d20 + Initiative Rating +
    # DEX Mod + WIS Mod".
    c = make(initiative_rating=2, abilities={"dex": 14, "wis": 12})
    assert c.initiative_bonus.value == 5


def test_attack_bonus() -> None:
    # "Attack Rolls": "Melee Attack Roll: 1d20+HR+STRMod+SizeMod". "Critical Hit Example
    # 1": "HR4, 14STR" attacks at "+6" - a level 5 fighter has HR 4.
    c = make(level=5, abilities={"str": 14, "dex": 16})
    assert c.hr.value == 4
    assert c.melee_attack.value == 6 and c.ranged_attack.value == 7


@pytest.mark.parametrize("level,big,attacks", [
    (0, 2, 1), (4, 2, 1), (5, 2, 2), (9, 2, 2), (10, 2, 3), (14, 2, 3), (15, 2, 4),
    (20, 2, 4), (3, 1, 1), (7, 1, 1), (12, 1, 2), (16, 1, 2), (16, 0, 0)])
def test_attacks_per_turn(level: int, big: int, attacks: int) -> None:
    # "Attacks Per Turn": levels 0-4: 1, 5-9: 2, 10-14: 3, 15+: 4.
    assert attacks_per_turn(level, big) == attacks


def test_attacks_per_turn_of_a_creature() -> None:
    assert make(level=11).attacks_per_turn.value == 3
    assert make(level=11, conditions=["staggered"]).attacks_per_turn.value == 2


def test_space_and_reach_from_the_size_table() -> None:
    assert (make().space.value, make().reach.value) == (1.0, 5)
    assert make(size="large").reach.value == 10 and make(size="large").space.value == 3.0
    assert make(size="tiny").reach.value == 0
    assert make(size="huge", reach=10).reach.value == 10


# --- explanations -----------------------------------------------------------------------

def test_every_stat_explains_itself() -> None:
    c = load_example("wulfric").with_condition("prone")
    stats = c.stats()
    assert list(stats) == list(STAT_NAMES)
    for name, stat in stats.items():
        text = c.explain(name)
        assert TEXT in text, name
        assert stat.name == name
    frame = c.stats_frame()
    assert list(frame.columns) == ["stat", "value", "explanation"]
    assert len(frame) == len(STAT_NAMES)
    with pytest.raises(KeyError, match="did you mean 'ac'"):
        c.stat("acc")


def test_summary_lists_conditions() -> None:
    s = load_example("sokaris").with_condition("unconscious").summary()
    assert s.startswith("Sokaris, level 10 rogue")
    assert "helpless (implied by unconscious)" in s


# --- validation -------------------------------------------------------------------------

def test_every_bad_field_is_named_at_once() -> None:
    bad = {"name": "X", "level": -1, "class": "wizzard", "abilites": {},
           "abilities": {"str": 0, "dex": 10}, "conditions": ["prone", "pron"],
           "size": "enormous", "speed": 33}
    with pytest.raises(CreatureError) as err:
        Creature.from_dict(bad)
    e = err.value
    assert set(e.fields) == {"level", "class", "abilites", "abilities.str", "conditions[1]",
                             "size", "speed"}
    text = str(e)
    for part in ("allowed: 0 to 20", "did you mean 'wizard'", "did you mean 'abilities'",
                 "did you mean 'prone'", "0 is allowed only for", "allowed: diminutive",
                 "in steps of 5"):
        assert part in text, part
    assert isinstance(e, LfgError) and isinstance(e, ValueError)


@pytest.mark.parametrize("d,field", [
    ({"level": -1}, "level"),
    ({"level": 21}, "level"),
    ({"level": "3"}, "level"),
    ({"abilities": {"con": 0}}, "abilities.con"),
    ({"abilities": {"dex": 0}, "creature_type": "undead"}, "abilities.dex"),
    ({"abilities": {"str": 100}}, "abilities.str"),
    ({"abilities": {"strength": 12}}, "abilities.strength"),
    ({"class": "paladin"}, "class"),
    ({"conditions": ["levitating"]}, "conditions[0]"),
    ({"conditions": "prone"}, "conditions"),
    ({"conditions": ["bleed 3"], "level": 2}, "conditions[0]"),
    ({"armour": {"rating": 2}}, "armour"),
    ({"armor": {"rating": -1}}, "armor.rating"),
    ({"kind": "minion"}, "kind"),
    ({"creature_type": "robot"}, "creature_type"),
    ({"save_ratings": {"fort": 2, "ref": 1}}, "save_ratings.will"),
    ({"bonuses": [{"to": "armor", "value": 1}]}, "bonuses[0].to"),
    ({"bonuses": [{"to": "ac", "value": 1, "type": "luck"}]}, "bonuses[0]"),
    ({"weapons": [{"name": "sword", "dmg": object()}]}, "weapons[0].dmg"),
    ({"name": ""}, "name"),
    ({"example": "yes"}, "example"),
])
def test_bad_input_names_the_field(d: dict, field: str) -> None:
    with pytest.raises(CreatureError) as err:
        make(**d)
    assert field in err.value.fields, str(err.value)


def test_zero_abilities_where_the_rules_allow_them() -> None:
    zombie = make(abilities={"con": 0}, creature_type="undead")
    assert zombie.abilities["con"] == 0 and zombie.death_threshold.value == 0
    golem = Creature.from_dict({"name": "Golem", "level": 5, "max_hp": 50,
                                "creature_type": "construct",
                                "abilities": {"con": 0, "int": 0}})
    assert golem.ability_mod("int") == -5


def test_monster_needs_max_hp() -> None:
    with pytest.raises(CreatureError) as err:
        Creature.from_dict({"name": "Blob", "level": 2})
    assert err.value.fields == ("max_hp",)


def test_not_a_mapping() -> None:
    with pytest.raises(CreatureError, match="expected a mapping"):
        Creature.from_dict(["name", "level"])


def test_missing_name_and_level() -> None:
    with pytest.raises(CreatureError) as err:
        Creature.from_dict({"class": "fighter"})
    assert set(err.value.fields) == {"name", "level"}


def test_the_constructor_validates_too() -> None:
    c = Creature(name="W", level=3, character_class="wizard",
                 abilities=Abilities(constitution=12), conditions=("bleed 2",))
    assert c.max_hp.value == 17
    assert c.conditions == (Affliction(Condition.BLEED, 2),)
    assert c == Creature.from_dict(c.to_dict())
    with pytest.raises(CreatureError):
        Creature(name="W", level=-1, character_class="wizard")


def test_immutable_and_changes_leave_the_original() -> None:
    c = make(level=3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.level = 4  # type: ignore[misc]
    d = c.replace(level=4, abilities={"con": 14})
    assert (c.level, c.abilities["con"], d.level, d.abilities["con"]) == (3, 10, 4, 14)
    with pytest.raises(CreatureError):
        c.replace(level=99)
    assert c.level == 3
    assert c.replace(class_="wizard").character_class == "wizard"
    assert hash(c) == hash(make(level=3))


def test_with_and_without_condition() -> None:
    c = make(level=3).with_condition("bleed 2").with_condition("prone")
    assert [str(a) for a in c.conditions] == ["bleed 2", "prone"]
    assert [str(a) for a in c.without_condition("bleed").conditions] == ["prone"]
    assert c.with_condition("bleed 5").conditions[0].value == bleed_cap(3)


# --- files ------------------------------------------------------------------------------

def test_save_and_load(tmp_path: Path) -> None:
    rock = load_example("rock").with_condition("weakened 2")
    for suffix in (".yaml", ".yml", ".json"):
        path = rock.save(tmp_path / f"rock{suffix}")
        assert Creature.load(path) == rock
    data = json.loads((tmp_path / "rock.json").read_text())
    assert data["conditions"] == ["weakened 2"] and data["class"] == "barbarian"


def test_load_never_runs_code(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    evil = tmp_path / "evil.yaml"
    evil.write_text(f"!!python/object/apply:os.system ['touch {marker}']\n")
    with pytest.raises(CreatureError, match="not valid YAML"):
        Creature.load(evil)
    assert not marker.exists()


def test_load_errors(tmp_path: Path) -> None:
    with pytest.raises(CreatureError, match="unknown file type"):
        Creature.load(tmp_path / "x.txt")
    with pytest.raises(CreatureError, match="cannot read"):
        Creature.load(tmp_path / "missing.yaml")
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: X\nlevel: 50\nclass: fighter\n")
    with pytest.raises(CreatureError) as err:
        Creature.load(bad)
    assert err.value.fields == ("level",) and "bad.yaml" in str(err.value)
    with pytest.raises(CreatureError, match="unknown file type"):
        make().save(tmp_path / "x.txt")
    assert not (tmp_path / "x.txt").exists()


def test_failed_save_keeps_the_old_file(tmp_path: Path, monkeypatch) -> None:
    path = make(level=2).save(tmp_path / "c.yaml")
    before = path.read_text()

    def boom(*a, **k):
        raise OSError("disk full")
    monkeypatch.setattr("lfgcombat.creature.os.replace", boom)
    with pytest.raises(OSError):
        make(level=5).save(path)
    assert path.read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.yaml"]


# --- examples ---------------------------------------------------------------------------

PARTY = {"wulfric": "fighter", "chessan": "priest", "mayat": "ranger", "sokaris": "rogue",
         "rock": "barbarian", "crysta": "bard"}
MONSTERS = ("orc", "orc_shaman", "goblin", "troll", "ogre",
            # issue 14: the monsters the close-fight text names
            "elephant", "alligator", "viper", "dire_wolf", "spider", "horse")


def test_examples() -> None:
    assert set(example_names()) == set(PARTY) | set(MONSTERS)
    for name in example_names():
        c = load_example(name)
        assert c.example and "Example data" in c.notes
        assert (c.character_class is None) == (name in MONSTERS)
    for name, cls in PARTY.items():
        assert load_example(name).character_class == cls
    assert load_example("Goblin").size is Size.SMALL
    assert load_example("troll").size is Size.LARGE
    with pytest.raises(CreatureError, match="did you mean 'ogre'"):
        load_example("ogr")


def test_example_files_say_they_are_examples() -> None:
    from importlib import resources
    folder = resources.files("lfgcombat.data").joinpath("creatures")
    for name in example_names():
        text = folder.joinpath(f"{name}.yaml").read_text(encoding="utf-8")
        assert text.startswith("# EXAMPLE DATA")
        assert yaml.safe_load(text)["example"] is True


def test_engine_imports_no_widgets() -> None:
    code = ("import sys, lfgcombat.creature, lfgcombat.rules.conditions.conditions, lfgcombat.rules.movement.movement; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'ipyleaflet')]"
            "; assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


# --- round trips (hypothesis) -----------------------------------------------------------

_TEXT = st.text(st.characters(whitelist_categories=("L", "N", "P", "Zs")), min_size=1,
                max_size=16).filter(lambda s: s.strip() != "")
_SIMPLE = ["prone", "flanked", "stunned", "fortunate", "unfortunate", "unconscious",
           "grappled", "encumbered", "blinded", "deaf", "injured", "ablaze"]


@st.composite
def creature_dicts(draw) -> dict:
    level = draw(st.integers(0, MAX_LEVEL))
    ctype = draw(st.sampled_from(list(CreatureType)))
    abilities = {k: draw(st.integers(1, 40)) for k in ABILITIES}
    d: dict = {"name": draw(_TEXT), "level": level, "abilities": abilities,
               "creature_type": ctype.value}
    cls = draw(st.sampled_from([None, *CLASSES]))
    if cls is None:
        d["max_hp"] = draw(st.integers(1, 400))
    else:
        d["class"] = cls
    if draw(st.booleans()):
        d["size"] = draw(st.sampled_from([s.value for s in Size]))
    if draw(st.booleans()):
        rating = draw(st.integers(0, 10))
        d["armor"] = {"rating": rating, "vs_crit": draw(st.integers(0, 12))}
        if draw(st.booleans()):
            d["armor"]["name"] = draw(_TEXT)
    for key, hi in (("shield_rating", 5), ("natural_armor", 8)):
        if draw(st.booleans()):
            d[key] = draw(st.integers(0, hi))
    if draw(st.booleans()):
        d["speed"] = 5 * draw(st.integers(0, 24))
    d["kind"] = draw(st.sampled_from(["pc", "npc", "goon", "boss"]))
    d["initiative_rating"] = draw(st.integers(-5, 10))
    if draw(st.booleans()):
        d["save_ratings"] = {k: draw(st.integers(-2, 15)) for k in ("fort", "ref", "will")}
    if draw(st.booleans()):
        d["hr_progression"] = draw(st.sampled_from(["high", "medium", "low"]))
    if draw(st.booleans()):
        d["reach"] = 5 * draw(st.integers(0, 4))
    d["weapons"] = draw(st.lists(st.fixed_dictionaries(
        {"name": _TEXT, "damage": st.sampled_from(["1d4", "1d8", "2d6"])},
        optional={"range_increment": st.integers(0, 24).map(lambda n: 5 * n),
                  "natural": st.booleans()}),
        max_size=2))
    d["resistances"] = draw(st.fixed_dictionaries({}, optional={
        "fire": st.integers(0, 10), "cold": st.integers(0, 10), "negative": st.integers(0, 5),
        "dr": st.builds(lambda x, y: f"{x}/{y}", st.integers(0, 15),
                        st.sampled_from(["-", "silver", "magic", "bludgeoning"]))}))
    conds = draw(st.lists(st.sampled_from(_SIMPLE), max_size=3, unique=True))
    if draw(st.booleans()):
        conds.append(f"bleed {draw(st.integers(1, bleed_cap(level)))}")
    if draw(st.booleans()):
        conds.append(f"weakened {draw(st.integers(1, 5))}")
    if draw(st.booleans()) and conds:
        conds[0] = f"{conds[0]} for {draw(st.integers(1, 9))} rounds"
    d["conditions"] = conds
    d["bonuses"] = draw(st.lists(st.fixed_dictionaries(
        {"to": st.sampled_from(["ac", "fort", "speed", "attack", "initiative"]),
         "value": st.integers(-3, 5)},
        optional={"type": st.sampled_from(["power", "dodge", "innate", "morale"]),
                  "source": _TEXT}).map(  # a speed changes in whole hexes (5 ft)
        lambda b: {**b, "value": 5 * b["value"]} if b["to"] == "speed" else b), max_size=3))
    d["example"] = draw(st.booleans())
    if draw(st.booleans()):
        d["notes"] = draw(_TEXT)
    c = Creature.from_dict(d)
    mx = c.max_hp.value
    if draw(st.booleans()):
        d["current_hp"] = draw(st.integers(-30, mx))
    d["temp_hp"] = draw(st.integers(0, mx // 4))
    return d


@given(creature_dicts())
@settings(max_examples=150, deadline=None)
def test_from_dict_to_dict_round_trip(d: dict) -> None:
    c = Creature.from_dict(d)
    assert Creature.from_dict(c.to_dict()) == c
    assert Creature.from_dict(c.to_dict()).to_dict() == c.to_dict()
    # every statistic can be computed for any valid creature
    for name in STAT_NAMES:
        assert c.explain(name)


@given(creature_dicts(), st.sampled_from([".yaml", ".json"]))
@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_save_load_loses_nothing(d: dict, suffix: str) -> None:
    c = Creature.from_dict(d)
    with tempfile.TemporaryDirectory() as tmp:
        path = c.save(Path(tmp) / f"c{suffix}")
        assert Creature.load(path) == c


def test_keys_are_documented() -> None:
    doc = Creature.__doc__ or ""
    for key in KEYS:
        field = {"class": "character_class", "max_hp": "max_hp_override",
                 "reach": "reach_override"}.get(key, key)
        assert field in doc, key


def test_doctests() -> None:
    import doctest

    import lfgcombat.creature
    import lfgcombat.rules.movement.movement
    for module in (lfgcombat.creature, lfgcombat.rules.movement.movement):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


def test_threatening_needs_a_weapon_that_threatens() -> None:
    """"Reach & Threatened Area": unarmed creatures don't threaten; melee weapons threaten
    the Natural Reach (or the weapon's own reach); most ranged-only weapons don't, but a
    loaded crossbow threatens 10 feet; a helpless creature threatens nothing."""
    base = {"name": "T", "class": "fighter", "level": 1,
            "abilities": {"str": 10, "dex": 10, "con": 10, "int": 10, "wis": 10, "cha": 10}}
    unarmed = Creature.from_dict(base)
    assert (unarmed.threatens, unarmed.threat_reach_ft) == (False, 0)
    sword = Creature.from_dict({**base, "weapons": [{"name": "longsword", "damage": "1d8"}]})
    assert (sword.threatens, sword.threat_reach_ft) == (True, 5)
    spear = Creature.from_dict({**base, "weapons": [{"name": "longspear", "damage": "1d8",
                                                      "reach": 10}]})
    assert spear.threat_reach_ft == 10
    bow = Creature.from_dict({**base, "weapons": [{"name": "longbow", "damage": "1d8",
                                                    "ranged": True}]})
    assert not bow.threatens
    crossbow = Creature.from_dict({**base, "weapons": [{"name": "light crossbow",
                                                         "damage": "1d8", "ranged": True}]})
    assert (crossbow.threatens, crossbow.threat_reach_ft) == (True, 10)
    ogre = load_example("ogre")
    assert ogre.threat_reach_ft == 10
    for condition in ("helpless", "unconscious", "paralyzed", "asleep", "prone"):
        assert not sword.with_condition(condition).threatens, condition


def test_tiny_creature_with_a_weapon_threatens_its_own_hex() -> None:
    """"Tiny (T) & Diminutive (D)": "a Reach of 0, meaning it must enter an opponent's hex to
    attack it in melee" - it threatens (reach 0), an unarmed one does not."""
    base = {"name": "Pixie", "level": 1, "max_hp": 4, "size": "tiny",
            "abilities": {"str": 4, "dex": 16, "con": 10, "int": 10, "wis": 10, "cha": 10}}
    armed = Creature.from_dict({**base, "weapons": [{"name": "needle", "damage": "1d2"}]})
    assert (armed.threatens, armed.threat_reach_ft) == (True, 0)
    assert not Creature.from_dict(base).threatens


def test_resistances_are_read_by_the_damage_rules() -> None:
    """"Resistance - Damage Resistance (DR), Elemental Resistance, Energy Resistance"."""
    base = {"name": "Demon", "level": 8, "max_hp": 60,
            "abilities": {"str": 16, "dex": 12, "con": 14, "int": 10, "wis": 10, "cha": 10}}
    demon = Creature.from_dict({**base, "resistances": {"dr": "10/mithryl", "fire": 5}})
    assert demon.resistance.best_dr(["steel"]).amount == 10
    assert Creature.from_dict(demon.to_dict()) == demon
    with pytest.raises(CreatureError) as info:
        Creature.from_dict({**base, "resistances": {"dr": "ten/-", "force": 3}})
    assert info.value.fields == ("resistances",)
    assert "Force Resistance" in str(info.value)


def test_threatening_reads_the_weapons_table() -> None:
    """A weapon named in data/weapons.csv needs no flags: a shortbow is ranged-only, a
    longspear has reach, the basic unarmed strike does not threaten ("Attacking Without
    Weapons": "You do not Threaten AOO with Basic Unarmed Attacks")."""
    base = {"name": "T", "class": "ranger", "level": 2,
            "abilities": {"str": 12, "dex": 14, "con": 10, "int": 10, "wis": 12, "cha": 10}}
    bow = Creature.from_dict({**base, "weapons": [{"name": "shortbow"}]})
    assert not bow.threatens
    fists = Creature.from_dict({**base, "weapons": [{"name": "unarmed strike"}]})
    assert not fists.threatens
    spear = Creature.from_dict({**base, "weapons": [{"name": "longspear"}]})
    assert spear.threat_reach_ft == 10


def test_extra_reactions_from_class_abilities_or_feats() -> None:
    """"Reactions & AOO:": "Other Reactions may be granted by class abilities, Feats, and so
    on" - the ``reactions`` key; conditions that forbid Reactions still win."""
    base = {"name": "Duelist", "class": "fighter", "level": 5}
    assert Creature.from_dict(base).actions.reactions == 1
    duelist = Creature.from_dict({**base, "reactions": 2})
    assert duelist.actions.reactions == 2 and "Feat" in duelist.actions.explain()
    assert Creature.from_dict(duelist.to_dict()) == duelist
    assert duelist.with_condition("flat-footed").actions.reactions == 0
    with pytest.raises(CreatureError) as info:
        Creature.from_dict({**base, "reactions": 0})
    assert info.value.fields == ("reactions",)
