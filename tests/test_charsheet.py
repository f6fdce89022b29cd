"""CharacterSheet: edits go through the engine; bad edits keep the last valid creature."""

from __future__ import annotations

import pytest

from lfgcombat.creature import Creature, load_example
from lfgcombat.widgets import CharacterSheet


def wizard() -> Creature:
    return Creature.from_dict({"name": "Mayla", "class": "wizard", "level": 3,
                               "abilities": {"str": 8, "dex": 14, "con": 12, "int": 16,
                                             "wis": 10, "cha": 10}})


def stat_value(sheet: CharacterSheet, name: str) -> str:
    html = sheet._stats.value
    row = html.split(f"<tr class='lfg-stat-{name}'>")[1].split("</tr>")[0]
    return row.split("<b class='lfg-value'>")[1].split("</b>")[0]


def test_level_edit_updates_hp_live():
    """The text's level 3 wizard with 12 CON has 17 HP; at level 4 she has 4 more + 1."""
    sheet = CharacterSheet(wizard())
    assert stat_value(sheet, "max_hp") == "17"
    sheet._fields["level"].value = 4
    assert sheet.creature.level == 4
    assert stat_value(sheet, "max_hp") == "22"
    assert "why" in sheet._stats.value and "HP/level" in sheet._stats.value


def test_invalid_edit_shows_error_beside_field_and_keeps_creature():
    sheet = CharacterSheet(wizard())
    before = sheet.creature
    sheet._fields["level"].value = -1
    assert sheet.creature is before
    assert "level" in sheet.error
    assert "out of range" in sheet._errors["level"].value
    assert "keeps the last valid" in sheet._status.value
    sheet._fields["level"].value = 5  # a valid edit clears the error
    assert sheet.error == "" and sheet._errors["level"].value == ""
    assert sheet.creature.level == 5


def test_conditions_change_derived_stats():
    sheet = CharacterSheet(load_example("wulfric"))
    ac = int(stat_value(sheet, "ac"))
    sheet._add.value = "prone"
    assert "prone" in sheet._fields["conditions"].value
    assert sheet.creature.conditions
    assert int(stat_value(sheet, "ac")) == ac  # Prone's AC penalty is against melee only
    sheet._fields["conditions"].value = "staggered"
    assert int(stat_value(sheet, "ac")) == ac - 2  # Staggered: -2 AC
    sheet._fields["conditions"].value = "sleepy"
    assert "did you mean &#x27;asleep&#x27;" in sheet._errors["conditions"].value
    assert [a.condition.value for a in sheet.creature.conditions] == ["staggered"]


def test_ability_error_lands_beside_the_ability():
    sheet = CharacterSheet(wizard())
    sheet._fields["con"].value = 0
    assert "construct" in sheet._errors["con"].value
    assert sheet.creature.abilities["con"] == 12


def test_save_and_load_round_trip(tmp_path):
    sheet = CharacterSheet(wizard())
    path = tmp_path / "mayla.yaml"
    sheet.save(str(path))
    assert "saved" in sheet._status.value
    sheet._fields["level"].value = 7
    sheet.load(str(path))
    assert sheet.creature == wizard()
    assert sheet._fields["level"].value == 3
    sheet.load(str(tmp_path / "missing.yaml"))
    assert "lfg-error" in sheet._status.value and sheet.creature == wizard()


def test_upload_imports_a_file(tmp_path):
    sheet = CharacterSheet(wizard())
    data = (load_example("rock").save(tmp_path / "rock.yaml")).read_bytes()
    sheet._on_upload({"new": [{"name": "rock.yaml", "content": memoryview(data)}]})
    assert sheet.creature.name == "Rock"


def test_setting_creature_refills_the_form():
    sheet = CharacterSheet(wizard())
    sheet.creature = load_example("ogre")
    assert sheet._fields["name"].value == sheet.creature.name
    assert sheet._fields["size"].value == "large"
    assert repr(sheet).startswith("CharacterSheet(")


def test_refuses_a_non_creature():
    with pytest.raises(TypeError, match="Creature"):
        CharacterSheet({"name": "x"})
