"""Tests for the rules tables (``data/*.csv``) and their loader, ``lfgcombat.io.tables``.

Known values cite the heading of ``000_8d1d7816ee944f3b.txt`` they come from.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from importlib import resources
import os
from pathlib import Path

import pandas as pd
import pytest

from lfgcombat.errors import RulesDataError
from lfgcombat.io.tables import SCHEMAS, load_table, parse_source, table_names

# $LFG_SEEDS, else shared/seeds beside the repo (as tests/conftest.py:seeds_dir)
SEEDS = Path(os.environ.get("LFG_SEEDS") or Path(__file__).parents[1].parent / "shared" / "seeds")
TEXT = "000_8d1d7816ee944f3b.txt"

COLUMNS = {
    "die_steps": ["step", "die", "source"],
    "bonus_types": ["type", "abbreviation", "stacking", "maximum", "lost_when_flat_footed",
                    "ac_values", "description", "source"],
    "damage_types": ["type", "abbreviation", "category", "multiplied_on_crit", "resisted_by",
                     "notes", "source"],
    "sizes": ["size", "code", "order", "space_hexes", "space_ft", "reach_ft", "reach_hexes",
              "attack_ac_mod", "wrestling_mod", "hide_move_silent_mod",
              "acro_climb_jump_mod", "height", "weight", "source"],
    "classes": ["class", "hp_per_level", "hr_progression", "source"],
    "save_ratings": ["level", "hr_high", "hr_medium", "hr_low", "save_high", "save_low",
                     "source"],
    "conditions": list(__import__("lfgcombat.rules.conditions.conditions").rules.conditions.conditions.CONDITIONS_SCHEMA.columns),
}


def by(name: str, key: str) -> pd.DataFrame:
    return load_table(name).set_index(key)


# --- every table loads ------------------------------------------------------------------

def test_table_names() -> None:
    """Every CSV in data/ is a known table with a schema, and every known table has a file."""
    import lfgcombat  # noqa: F401 - importing the package registers every module's schema
    # The per-ruleset tables (data/classic/, data/wounds/) are named "<ruleset>/<stem>" and
    # registered by their ruleset's modules.
    import lfgcombat.rulesets.classic.conditions  # noqa: F401
    import lfgcombat.rulesets.wounds.objects  # noqa: F401
    import lfgcombat.rulesets.wounds.saves  # noqa: F401
    data = Path(__file__).parents[1] / "data"
    assert table_names() == sorted(p.relative_to(data).with_suffix("").as_posix()
                                   for p in data.rglob("*.csv"))
    assert set(COLUMNS) <= set(table_names())


@pytest.mark.parametrize("name", sorted(COLUMNS))
def test_table_loads_with_its_columns(name: str) -> None:
    df = load_table(name)
    assert list(df.columns) == COLUMNS[name]
    assert len(df) > 0
    assert df[SCHEMAS[name].key].is_unique


@pytest.mark.parametrize("name", sorted(COLUMNS))
def test_path_argument_reads_the_same_table(name: str, tmp_path: Path) -> None:
    copy = tmp_path / f"{name}.csv"
    copy.write_text(_packaged_text(name), encoding="utf-8")
    pd.testing.assert_frame_equal(load_table(name, path=copy), load_table(name))


# --- known values from the text -----------------------------------------------------------

def test_die_chain_in_order() -> None:
    # 000_8d1d7816ee944f3b.txt, "Damage Die Size"
    df = load_table("die_steps")
    assert df.step.tolist() == list(range(15))
    assert df.die.tolist() == ["1", "1d2", "1d3", "1d4", "1d6", "1d8", "1d10", "2d6", "2d8",
                               "3d6", "3d8", "3d10", "4d8", "4d10", "4d12"]


def test_size_modifiers_small_and_large() -> None:
    # 000_8d1d7816ee944f3b.txt, "Armor Class (AC) - What is it?" and "Attack Rolls":
    # Small +1, Large -1 SizeMod to AC and to Attack Rolls.
    sizes = by("sizes", "size")
    assert sizes.attack_ac_mod.to_dict() == {
        "diminutive": 4, "tiny": 2, "small": 1, "medium": 0, "large": -1, "huge": -2,
        "gargantuan": -4}


def test_size_space_and_reach_from_the_text() -> None:
    # 000_8d1d7816ee944f3b.txt, "Size Categories" and "Other Size Categories"
    sizes = by("sizes", "size")
    assert sizes.index.tolist() == ["diminutive", "tiny", "small", "medium", "large", "huge",
                                    "gargantuan"]
    assert sizes.code.tolist() == list("DTSMLHG")
    assert sizes.order.tolist() == list(range(-3, 4))
    assert sizes.loc["large", "space_hexes"] == 3
    assert sizes.loc["large", "reach_ft"] == 10
    assert sizes.loc["large", "reach_hexes"] == 2
    assert sizes.loc["large", "space_ft"] == "10x10"
    assert sizes.loc["huge", "space_hexes"] == 7
    assert sizes.loc["huge", "space_ft"] == "15x15"
    assert 10 <= sizes.loc["gargantuan", "space_hexes"] <= 12
    for size in ("small", "medium"):
        assert sizes.loc[size, ["space_hexes", "reach_ft", "reach_hexes"]].tolist() == [1, 5, 1]
        assert sizes.loc[size, "space_ft"] == "5x5"
    # Four Tiny or 16 Diminutive creatures fit into a single hex; both have Reach 0.
    assert sizes.loc["tiny", "space_hexes"] == 1 / 4
    assert sizes.loc["diminutive", "space_hexes"] == 1 / 16
    assert sizes.loc[["tiny", "diminutive"], "reach_ft"].tolist() == [0, 0]
    assert 10 <= sizes.loc["huge", "reach_ft"] <= 15
    assert sizes.loc["gargantuan", "reach_ft"] <= 20
    assert sizes.loc["medium", "height"] == "4-7 ft"
    assert sizes.loc["large", "height"] == "9-13 ft"
    assert (sizes.reach_hexes * 5 == sizes.reach_ft).all()


def test_size_modifiers_are_zero_at_medium_and_monotonic() -> None:
    sizes = load_table("sizes")
    mods = ["attack_ac_mod", "wrestling_mod", "hide_move_silent_mod", "acro_climb_jump_mod"]
    assert (sizes.loc[sizes["size"] == "medium", mods] == 0).all(axis=None)
    assert sizes.attack_ac_mod.is_monotonic_decreasing
    assert sizes.wrestling_mod.is_monotonic_increasing
    assert sizes.hide_move_silent_mod.is_monotonic_decreasing
    assert sizes.acro_climb_jump_mod.is_monotonic_decreasing


def test_hp_per_level_of_every_class() -> None:
    # 000_8d1d7816ee944f3b.txt, "Player Character Classes - HP per Level"
    assert by("classes", "class").hp_per_level.to_dict() == {
        "barbarian": 10, "bard": 6, "priest": 4, "war priest": 6, "druid": 4, "fighter": 8,
        "ranger": 8, "rogue": 6, "sorcerer": 4, "wizard": 4}


def test_hr_progressions() -> None:
    # 000_8d1d7816ee944f3b.txt, "Hit Rating (HR)": High/Mid/Low HR by class.
    hr = by("classes", "class").hr_progression.to_dict()
    assert {c for c, p in hr.items() if p == "high"} == {"barbarian", "fighter", "ranger"}
    assert {c for c, p in hr.items() if p == "low"} == {"priest", "sorcerer", "wizard"}
    assert {c for c, p in hr.items() if p == "medium"} == {"bard", "druid", "rogue",
                                                           "war priest"}


def test_fourteen_bonus_types_with_abbreviations() -> None:
    # 000_8d1d7816ee944f3b.txt, "Bonuses & Penalties"
    assert by("bonus_types", "type").abbreviation.to_dict() == {
        "alchemical": "alc", "attractive": "att", "class": "c", "cover": "cvr", "dodge": "d",
        "enhance": "e", "focus": "f", "gear": "g", "helm": "h", "innate": "i", "morale": "m",
        "power": "p", "social": "s", "tactical": "t"}


def test_bonus_stacking_maximum_and_ac_values() -> None:
    # 000_8d1d7816ee944f3b.txt, "Bonuses & Penalties", "Class (c)", "Dodge (d)", "Innate (i)"
    bonus = by("bonus_types", "type")
    assert bonus.loc["innate", "stacking"] == "stack"
    assert bonus.loc["dodge", "stacking"] == "stack"
    assert bonus.loc["class", "stacking"] == "per_source"
    # "Saving Throws", Important Note: "Gear Bonuses from different types of gear may
    # stack"; "Tactical (t)": "Bonuses from different tactics can stack".
    assert set(bonus.loc[["gear", "tactical"], "stacking"]) == {"across_sources"}
    assert set(bonus.stacking.drop(["innate", "dodge", "class", "gear", "tactical"])) == {
        "highest"}
    # "Unlike other bonuses, Innate Bonuses to any score do not have a +5 Maximum."
    assert pd.isna(bonus.loc["innate", "maximum"])
    # Cover is the documented exception: the Protect Action grants Superior Cover (+6AC).
    assert pd.isna(bonus.loc["cover", "maximum"])
    assert (bonus.maximum.drop(["innate", "cover"]) == 5).all()
    assert bonus.lost_when_flat_footed[bonus.lost_when_flat_footed].index.tolist() == ["dodge"]
    assert bonus.loc["dodge", "ac_values"].split(";") == ["ac", "touch_ac", "ac_vs_crit"]
    everything = ["ac", "ff_ac", "touch_ac", "ac_vs_crit"]
    # "Innate Bonus to AC adds to all AC Values"; "A Power Bonus to AC adds to all AC Values"
    assert bonus.loc["innate", "ac_values"].split(";") == everything
    assert bonus.loc["power", "ac_values"].split(";") == everything


def test_twelve_damage_types() -> None:
    # 000_8d1d7816ee944f3b.txt, "Damage in Combat"
    dmg = by("damage_types", "type")
    assert dmg.abbreviation.to_dict() == {
        "slashing": "s", "piercing": "p", "bludgeoning": "b", "acid": "acid", "cold": "cold",
        "electricity": "elec", "fire": "fire", "positive": "PE", "negative": "NE",
        "force": "force", "biological": "bio", "precision": "prec"}
    assert dmg.category.to_dict() == {
        "slashing": "physical", "piercing": "physical", "bludgeoning": "physical",
        "acid": "elemental", "cold": "elemental", "electricity": "elemental",
        "fire": "elemental", "positive": "energy", "negative": "energy", "force": "energy",
        "biological": "special", "precision": "special"}
    # Physical Damage is multiplied on Critical Hits; Elemental, Energy and Special are not.
    assert dmg.multiplied_on_crit[dmg.multiplied_on_crit].index.tolist() == [
        "slashing", "piercing", "bludgeoning"]


def test_damage_resistances() -> None:
    # 000_8d1d7816ee944f3b.txt, "Resistance - Damage Resistance (DR), Elemental Resistance,
    # Energy Resistance", "Energy Resistance X" (no Force Resistance), "Biological Damage
    # [Bio]" (ignores DR), "Precision Damage [+Prec]" (extension of the weapon's damage).
    dmg = by("damage_types", "type")
    assert dmg.resisted_by.to_dict() == {
        "slashing": "damage_resistance", "piercing": "damage_resistance",
        "bludgeoning": "damage_resistance", "acid": "elemental_resistance",
        "cold": "elemental_resistance", "electricity": "elemental_resistance",
        "fire": "elemental_resistance", "positive": "energy_resistance",
        "negative": "energy_resistance", "force": "none", "biological": "none",
        "precision": "damage_resistance"}


# --- sources ----------------------------------------------------------------------------

def _inferred(name: str, key: str) -> dict[str, str | None]:
    return {k: parse_source(s)[1] for k, s in by(name, key).source.items()}


def test_every_source_parses() -> None:
    for name in table_names():
        for source in load_table(name).source:
            cited, why = parse_source(source)
            assert cited or why, source


def test_inferred_values_are_marked() -> None:
    sizes = _inferred("sizes", "size")
    for size in ("diminutive", "tiny", "huge", "gargantuan"):
        assert sizes[size] and "attack_ac_mod" in sizes[size]
    for size in ("small", "large"):  # text gives AC/attack, space, reach; not the skills
        assert sizes[size] and "wrestling_mod" in sizes[size]
        assert "attack_ac_mod" not in sizes[size].split("(")[0]
    assert sizes["medium"] and "weight" in sizes["medium"]
    assert "reach 15" in sizes["huge"]
    assert "10 hexes" in sizes["gargantuan"]

    classes = _inferred("classes", "class")
    assert classes.pop("war priest") is not None
    assert set(classes.values()) == {None}

    bonus = _inferred("bonus_types", "type")
    assert "maximum" in bonus["cover"] and "ac_values" in bonus["helm"]
    assert all(bonus[t] is None for t in bonus if t not in ("cover", "helm"))

    dmg = _inferred("damage_types", "type")
    assert "resisted_by" in dmg["precision"]
    assert all(dmg[t] is None for t in dmg if t != "precision")

    assert set(_inferred("die_steps", "step").values()) == {None}


def test_parse_source() -> None:
    assert parse_source(f'{TEXT}, "Damage Die Size"') == ([(TEXT, "Damage Die Size")], None)
    assert parse_source(f'{TEXT}, "A"; {TEXT}, "B, C"; inferred: why; and more') == (
        [(TEXT, "A"), (TEXT, "B, C")], "why; and more")
    assert parse_source("inferred: the table is missing") == ([], "the table is missing")
    for bad in ("", "Damage Die Size", f"{TEXT}, Damage Die Size", f'{TEXT}, "A";inferred: x',
                "inferred:", f'"{TEXT}", "A"'):
        with pytest.raises(ValueError):
            parse_source(bad)


@pytest.mark.skipif(not (SEEDS / TEXT).is_file(),
                    reason=f"the rules texts are not checked out next to the repo ({SEEDS})")
def test_cited_headings_occur_in_the_text() -> None:
    lines: dict[str, list[str]] = {}
    for name in table_names():
        for line_no, source in enumerate(load_table(name).source, start=2):
            for file, heading in parse_source(source)[0]:
                if file not in lines:
                    assert (SEEDS / file).is_file(), f"{name}.csv line {line_no}: no {file}"
                    lines[file] = [ln.strip() for ln in
                                   (SEEDS / file).read_text(encoding="utf-8").splitlines()]
                assert any(ln == heading or (ln.startswith(heading)
                                             and not ln[len(heading)].isalnum())
                           for ln in lines[file]), (
                    f"data/{name}.csv line {line_no}: heading {heading!r} is not a line "
                    f"(or the start of one) in {file}")


@pytest.mark.skipif(not (SEEDS / TEXT).is_file(),
                    reason=f"the rules texts are not checked out next to the repo ({SEEDS})")
def test_die_chain_matches_the_text() -> None:
    text = (SEEDS / TEXT).read_text(encoding="utf-8").splitlines()
    chain = text[text.index(next(ln for ln in text if ln.startswith("Damage Die Size"))) + 1]
    dice = [tok for tok in chain.split() if re.fullmatch(r"1|\d+d\d+", tok)]
    assert dice == load_table("die_steps").die.tolist()


# --- bad input --------------------------------------------------------------------------

def _packaged_text(name: str) -> str:
    return resources.files("lfgcombat.data").joinpath(f"{name}.csv").read_text(encoding="utf-8")


def _broken(tmp_path: Path, name: str, edit: Callable[[list[list[str]]], None]) -> Path:
    """Write the packaged table with ``edit`` applied to its rows (row 0 = the header)."""
    rows = list(csv.reader(io.StringIO(_packaged_text(name))))
    edit(rows)
    path = tmp_path / f"broken_{name}.csv"
    with path.open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh, lineterminator="\n").writerows(rows)
    return path


def _set(row: int, column: str, value: str, name: str) -> Callable[[list[list[str]]], None]:
    def edit(rows: list[list[str]]) -> None:
        rows[row][COLUMNS[name].index(column)] = value
    return edit


BAD = {
    # name: (table, edit, line, column, words in the message)
    "typo'd column": ("bonus_types", _set(0, "abbreviation", "abreviation", "bonus_types"),
                      1, "abbreviation",
                      ["missing column(s) 'abbreviation'", "unexpected column 'abreviation'",
                       "did you mean 'abbreviation'"]),
    "extra column": ("classes", lambda rows: [r.append("x") for r in rows], 1, "x",
                     ["unexpected column 'x'"]),
    "non-integer": ("classes", _set(2, "hp_per_level", "six", "classes"), 3, "hp_per_level",
                    ["'six'", "not an integer", "from 1 to 20"]),
    "float in an int column": ("sizes", _set(5, "reach_ft", "10.0", "sizes"), 6, "reach_ft",
                               ["'10.0'", "not an integer"]),
    "int out of range": ("die_steps", lambda rows: rows.append(["15", "5d12", rows[1][2]]),
                         17, "step", ["'15'", "out of range", "from 0 to 14"]),
    "value out of the closed set": ("damage_types", _set(4, "category", "elementa",
                                                         "damage_types"),
                                    5, "category",
                                    ["'elementa'", "one of physical, elemental, energy, "
                                     "special"]),
    "bad member of a set": ("bonus_types", _set(5, "ac_values", "ac;touch", "bonus_types"),
                            6, "ac_values", ["'ac;touch'", "ac, ff_ac, touch_ac, ac_vs_crit"]),
    "bad boolean": ("damage_types", _set(1, "multiplied_on_crit", "yes", "damage_types"), 2,
                    "multiplied_on_crit", ["'yes'", "'true' or 'false'"]),
    "missing source": ("sizes", _set(3, "source", "", "sizes"), 4, "source",
                       ["''", "not a valid source", "inferred: <why>"]),
    "unquoted heading": ("die_steps", _set(2, "source", f"{TEXT}, Damage Die Size",
                                           "die_steps"),
                         3, "source", ["not a valid source"]),
    "empty text cell": ("bonus_types", _set(9, "description", "", "bonus_types"), 10,
                        "description", ["''", "is empty"]),
    "padded cell": ("classes", _set(1, "hr_progression", "high ", "classes"), 2,
                    "hr_progression", ["leading or trailing spaces"]),
    "duplicate key": ("classes", lambda rows: rows.append(list(rows[6])), 12, "class",
                      ["duplicate value 'fighter'", "already on line 7"]),
    "duplicate unique column": ("damage_types", _set(3, "abbreviation", "s", "damage_types"),
                                4, "abbreviation", ["duplicate value 's'", "line 2"]),
    "broken sequence": ("die_steps", lambda rows: rows.__setitem__(slice(2, 4), rows[3:1:-1]),
                        3, "step", ["value 2 breaks the sequence", "expected 1"]),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_table_raises_naming_file_line_and_column(case: str, tmp_path: Path) -> None:
    name, edit, line, column, words = BAD[case]
    path = _broken(tmp_path, name, edit)
    with pytest.raises(RulesDataError) as info:
        load_table(name, path=path)
    err = info.value
    assert (err.file, err.row, err.column) == (str(path), line, column)
    message = str(err)
    assert message.startswith(f"{path}, row {line}, column {column!r}: ")
    for word in words:
        assert word in message


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.csv"
    path.write_text("", encoding="utf-8")
    with pytest.raises(RulesDataError, match="empty; expected a header") as info:
        load_table("die_steps", path=path)
    assert (info.value.file, info.value.row, info.value.column) == (str(path), 1, None)
    assert "step, die, source" in str(info.value)


def test_header_without_rows(tmp_path: Path) -> None:
    path = tmp_path / "header.csv"
    path.write_text("step,die,source\n", encoding="utf-8")
    with pytest.raises(RulesDataError, match="no rows") as info:
        load_table("die_steps", path=path)
    assert (info.value.row, info.value.column) == (2, None)


def test_blank_line_between_rows(tmp_path: Path) -> None:
    lines = _packaged_text("classes").splitlines()
    path = tmp_path / "blank.csv"
    path.write_text("\n".join(lines[:3] + [""] + lines[3:]) + "\n\n", encoding="utf-8")
    with pytest.raises(RulesDataError, match="blank line") as info:
        load_table("classes", path=path)
    assert info.value.row == 4


def test_trailing_blank_lines_are_fine(tmp_path: Path) -> None:
    path = tmp_path / "trailing.csv"
    path.write_text(_packaged_text("classes") + "\n\n", encoding="utf-8")
    pd.testing.assert_frame_equal(load_table("classes", path=path), load_table("classes"))


def test_too_many_fields(tmp_path: Path) -> None:
    lines = _packaged_text("die_steps").splitlines()
    lines[4] += ",extra"
    path = tmp_path / "wide.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(RulesDataError, match="cannot parse") as info:
        load_table("die_steps", path=path)
    assert (info.value.file, info.value.row) == (str(path), 5)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match="cannot read") as info:
        load_table("sizes", path=tmp_path / "nope.csv")
    assert info.value.file == str(tmp_path / "nope.csv")


def test_unknown_table_lists_the_known_ones() -> None:
    with pytest.raises(RulesDataError) as info:
        load_table("die_step")
    message = str(info.value)
    assert "unknown table 'die_step'" in message
    for name in COLUMNS:
        assert name in message


# --- copies -----------------------------------------------------------------------------

def test_load_table_returns_a_copy() -> None:
    first = load_table("sizes")
    first.loc[first["size"] == "large", "attack_ac_mod"] = 99
    first["space_hexes"] = 0.0
    first.loc[0, "size"] = "colossal"
    second = load_table("sizes")
    assert second is not first
    assert second["size"].tolist()[0] == "diminutive"
    assert second.set_index("size").loc["large", "attack_ac_mod"] == -1
    assert second.space_hexes.tolist()[4] == 3


def test_every_data_table_is_known_whatever_is_imported_first():
    """``load_table("classic/conditions")`` works in a fresh interpreter that imported only
    :mod:`lfgcombat.io.tables`: the rulesets' tables do not wait for their modules' imports."""
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-c", "from lfgcombat.io.tables import table_names; "
                          "print(' '.join(table_names()))"],
                         capture_output=True, text=True, check=True).stdout.split()
    data = Path(__file__).resolve().parents[1] / "data"
    on_disk = {str(p.relative_to(data).with_suffix("")) for p in data.rglob("*.csv")}
    assert len(on_disk) > 15
    assert on_disk <= set(out), on_disk - set(out)
