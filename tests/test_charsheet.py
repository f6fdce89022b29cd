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
    return row.split("<b class='lfg-value'")[1].split(">", 1)[1].split("</b>")[0]


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


# -- issue 11: fitting boxes, whole messages, files named as the user named them ------------

def test_dropdowns_and_labels_are_wide_enough():
    sheet = CharacterSheet(wizard())

    def em(value: str) -> float:
        return float(value.removesuffix("em"))
    for key in ("size", "kind"):
        w = sheet._fields[key]
        longest = max(len(str(o)) for o in w.options)  # "diminutive", "enemy"
        room = em(w.layout.width) - em(w.style.description_width)
        assert room >= 0.6 * longest + 2, (key, room, longest)  # ~0.6em a letter + the arrow
    cond = sheet._fields["conditions"]
    assert em(cond.style.description_width) >= 0.6 * len(cond.description) + 0.5


def test_the_form_keeps_its_width_when_a_why_opens():
    sheet = CharacterSheet(wizard())
    form, stats = sheet.children[1].children
    assert form.layout.flex == "0 0 auto" and stats.layout.flex == "1 1 0"
    assert "white-space:pre-wrap" in stats.value  # an explanation wraps in its column


def test_every_label_fits_its_description_box():
    """Audit of issue 11: at JupyterLab's font "speed ft" showed as "peed ft" in a 5em box."""
    sheet = CharacterSheet(wizard())
    described = [*sheet._fields.values(), sheet._add, sheet._path]
    for w in described:
        width = float(w.style.description_width.removesuffix("em"))
        assert width >= 0.7 * len(w.description) + 1, (w.description, width)


def test_an_opened_why_spans_the_whole_stats_table():
    """The explanation sits under its stat in one full-width cell, not in a narrow column."""
    sheet = CharacterSheet(wizard())
    row = sheet._stats.value.split("<tr class='lfg-stat-hr'>")[1].split("</tr>")[0]
    assert row.count("<td") == 1 and "<details>" in row and "<summary" in row
    summary, body = row.split("</summary>")
    assert "lfg-value" in summary and "why" in summary
    assert "<pre" in body and "Hit Rating" in body


def test_a_multi_line_error_shows_every_line():
    sheet = CharacterSheet(wizard())
    d = sheet.creature.to_dict()
    d["level"], d["abilities"]["con"] = 0, 0
    assert not sheet.apply(d)
    assert len(sheet.error.splitlines()) > 1
    for line in sheet.error.splitlines():
        assert line.replace("'", "&#x27;").replace('"', "&quot;") in sheet._status.value \
            or line in sheet._status.value
    assert sheet._status.value.count("<br>") >= len(sheet.error.splitlines()) - 1


def test_the_file_box_placeholder_loads(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    sheet = CharacterSheet(wizard())
    sheet.load(sheet._path.placeholder)
    assert sheet.creature.name.lower() == sheet._path.placeholder
    assert "loaded the example rock" in sheet._status.value
    sheet.load("")
    assert "type a file name" in sheet._status.value and "lfg-error" in sheet._status.value


def test_upload_messages_name_the_users_file(tmp_path):
    sheet = CharacterSheet(wizard())
    sheet._on_upload({"new": [{"name": "my hero.yaml", "content": memoryview(b"name: [1\n")}]})
    assert "my hero.yaml" in sheet._status.value and "upload" not in sheet._status.value
    assert "tmp" not in sheet._status.value and sheet.creature == wizard()
    good = load_example("rock").save(tmp_path / "rock.yaml").read_bytes()
    sheet._on_upload({"new": [{"name": "rock.yaml", "content": memoryview(good)}]})
    assert "loaded rock.yaml" in sheet._status.value


def test_save_asks_for_a_name_and_reports_a_missing_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    sheet = CharacterSheet(wizard())
    sheet.save("")
    assert "type a file name" in sheet._status.value and "mayla.yaml" in sheet._status.value
    assert not list(tmp_path.iterdir())  # nothing written
    sheet.save(str(tmp_path / "no" / "such" / "folder" / "mayla.yaml"))  # raised before
    assert "lfg-error" in sheet._status.value and not (tmp_path / "no").exists()
    sheet._path.value = "mayla.yaml"
    sheet._save.click()
    assert (tmp_path / "mayla.yaml").is_file() and "saved mayla.yaml" in sheet._status.value


def _both() -> Creature:
    """A creature written for the three rulesets, with each one's fields."""
    return Creature.from_dict({
        "name": "Brann", "class": "fighter", "level": 3, "ruleset": ["lfg", "classic", "wounds"],
        "abilities": {"str": 16, "dex": 14, "con": 14, "int": 10, "wis": 12, "cha": 8},
        "armor": {"rating": 4}, "shield_rating": 2, "bab": 3, "challenge_rating": 3,
        "prowess": 2, "good_saves": ["fort", "ref"], "wounds": 14, "barrier": "5/20",
        "shell": 6, "shield": {"parry_bonus": 2, "hardness": 5, "hp": 15,
                               "armor_check_penalty": -1}})


def test_the_sheet_follows_the_creatures_ruleset():
    """lfg by default; a creature written for wounds opens in wounds; the dropdown
    switches; every value comes from the engine's sheet rows."""
    from lfgcombat.rulesets.classic.sheet import sheet_rows as classic_rows
    from lfgcombat.rulesets.wounds.sheet import sheet_rows as wounds_rows
    assert CharacterSheet(wizard()).ruleset == "lfg"
    brann = _both()
    sheet = CharacterSheet(brann, ruleset="wounds")
    # 003, "Defense = 10+ Prowess + Dex": 10 + 2 + 2
    assert stat_value(sheet, "defense") == "14"
    assert stat_value(sheet, "wounds") == "14/14"
    assert stat_value(sheet, "barrier") == "Barrier 5/20" and stat_value(sheet, "shell") == "6"
    assert stat_value(sheet, "will") == "+0"  # bad base 1 at 3 HD, CHA -1
    assert "bad base save" in sheet._stats.value and "Parry 2" in sheet._stats.value
    for r in wounds_rows(brann):
        assert stat_value(sheet, r.key) == ("—" if r.value is None else r.value.replace(
            "&", "&amp;"))
    sheet._ruleset.value = "classic"
    assert sheet.ruleset == "classic"
    # 002, "Armor Class": 10 + armor 4 + shield 2 + DEX 2 + size 0 + natural 0
    assert stat_value(sheet, "ac") == "18" and stat_value(sheet, "bab") == "+3"
    assert stat_value(sheet, "cr") == "3" and stat_value(sheet, "disabled") == "no"
    assert [stat_value(sheet, r.key) for r in classic_rows(brann)] == [
        r.value for r in classic_rows(brann)]
    sheet._fields["level"].value = 4  # an edit keeps the chosen ruleset
    assert sheet.ruleset == "classic" and stat_value(sheet, "ac") == "18"
    sheet.ruleset = "lfg"
    assert stat_value(sheet, "max_hp") == "42"  # fighter 4: 8 x 4 + CON 2 x 4 + 2


def test_a_creature_written_for_wounds_opens_there_and_names_missing_fields():
    orc = Creature.from_dict({"name": "Grob", "level": 1, "max_hp": 9, "ruleset": ["wounds"]})
    sheet = CharacterSheet(orc)
    assert sheet.ruleset == "wounds"
    assert stat_value(sheet, "prowess") == "—" and "add &#x27;prowess: N&#x27;" in \
        sheet._stats.value
    sheet.ruleset = "classic"
    assert "is written for wounds, not classic" in sheet._stats.value


def test_an_unknown_ruleset_is_refused():
    with pytest.raises(ValueError, match="lfg, classic, wounds"):
        CharacterSheet(wizard(), ruleset="d&d")
    sheet = CharacterSheet(wizard())
    with pytest.raises(Exception, match="lfg, classic, wounds"):
        sheet.ruleset = "d&d"
    assert sheet.ruleset == "lfg"


def test_a_classic_sheet_shows_classic_saves_and_no_lfg_figures_on_top():
    """The issue-23 new-user test: a creature file written for classic (``conditions:
    [Shaken]``) opened the classic sheet under a headline of lfg's figures ("HR 1, FORT +5
    REF +2 WILL +1") and no classic save. Now the headline is who it is, and the sheet
    lists FORT, REF and WILL as the encounter and ``save_odds(..., ruleset="classic")``
    roll them (002_2a3a79475ca2a541.txt, "Conditions": Shaken -2 on all rolls)."""
    from lfgcombat.rules.health.saves import save_odds
    c = Creature.from_dict({"name": "Grak", "level": 3, "max_hp": 20, "ruleset": "classic",
                            "bab": 3, "abilities": {"con": 14}, "conditions": ["Shaken"]})
    sheet = CharacterSheet(c)
    assert sheet.ruleset == "classic"
    assert "HR" not in sheet._summary.value and "Grak, level 3" in sheet._summary.value
    html = sheet._stats.value
    for which, bonus in (("fort", "+0"), ("ref", "-2"), ("will", "-2")):
        row = html.split(f"lfg-stat-{which}", 1)[1].split("</tr>", 1)[0]
        assert bonus in row and "Shaken" in row
        assert save_odds(c, which, 15, ruleset="classic") == pytest.approx(
            (20 - (15 - int(bonus)) + 1) / 20)
