"""Saves and map texts that must not hurt the kit (issue 23, items 15, 16, 19, 20, 21, 22).

Issue 23: "Whatever the kit writes it must read back"; "A read-only file replaced ...
Refuse, as the OS would"; "A YAML alias bomb through map text ... protect every YAML the
kit reads the same way" (DESIGN.md: "save is 'write the log'; load is 'replay'").
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from lfgcombat import Creature, Encounter, HexMap, LfgError
from lfgcombat.io import _files
from lfgcombat.io._files import FileError
from lfgcombat.battlemap import MapFormatError
from lfgcombat.engine.log import LogFormatError, file_digest

SWORD = {"name": "longsword", "damage": "1d8", "crit": "19-20/x2", "damage_type": "s"}


def small_fight(text: str | None = None) -> Encounter:
    """Hero and an orc on a small map (``text``, or a plain 6x4 one)."""
    cs = [Creature.from_dict({"name": n, "class": "fighter", "level": 3,
                              "initiative_rating": i, "weapons": [SWORD]})
          for n, i in (("Hero", 40), ("Orc", 0))]
    m = HexMap.from_text(text) if text else HexMap(6, 4)
    for c, at, side in zip(cs, [(1, 1), (4, 1)], ["party", "orcs"]):
        m.place(c, at, side)
    return Encounter(cs, map=m, seed=3).start()


def resign(path: Path, edit) -> None:
    """Edit a save's header and events (``edit(header, events)``) and recompute the
    digest, as someone who means harm (or another program) would."""
    lines = path.read_text().splitlines()
    h = json.loads(lines[0])
    events = [json.loads(x) for x in lines[1:]]
    edit(h, events)
    h["digest"] = file_digest(h, events)
    path.write_text("\n".join([json.dumps(h)] + [json.dumps(e) for e in events]) + "\n")


def alias_bomb(levels: int = 7) -> str:
    """A map text whose ``name`` is ``9**levels`` strings built from nine-fold aliases."""
    rows = ['  - &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    prev = "a"
    for ch in "bcdefghijk"[:levels - 1]:
        rows.append(f"  - &{ch} [" + ",".join([f"*{prev}"] * 9) + "]")
        prev = ch
    return ("terrain: |\n  . . . . . .\n   . . . . . .\n  . . . . . .\n   . . . . . .\n"
            "wall_heights:\n" + "\n".join(rows) + f"\nname: *{prev}\n")


# ------------------------------------------------------------------ item 15: YAML


def test_a_map_text_alias_bomb_is_refused_at_once_in_few_words():
    # refused for its aliases before any is expanded (no timing asserted: no timed tests)
    with pytest.raises(MapFormatError, match=r"aliases \(\*\) are not allowed") as err:
        HexMap.from_text(alias_bomb())
    assert len(str(err.value)) < 600


def test_a_save_whose_header_map_is_an_alias_bomb_is_refused(tmp_path):
    path = small_fight().save(tmp_path / "f.jsonl")
    resign(path, lambda h, ev: h.update(map=alias_bomb()))
    with pytest.raises(LogFormatError, match=r"aliases \(\*\) are not allowed") as err:
        Encounter.load(path)
    assert len(str(err.value)) < 800


def test_map_texts_keep_their_yaml_line_in_refusals():
    with pytest.raises(MapFormatError, match="not valid YAML") as err:
        HexMap.from_text("terrain: |\n  . .\ncreatures: [\n")
    assert err.value.line is not None


# ------------------------------------------------------------------ item 20: read-only


@pytest.mark.parametrize("mode", [0o444, 0o400, 0o044])
def test_a_read_only_save_is_refused_and_left_alone(tmp_path, mode):
    target = tmp_path / "f.jsonl"
    target.write_text("keep me\n")
    target.chmod(mode)
    with pytest.raises(FileError, match=r"cannot save .*f\.jsonl: it is read-only \(mode "
                                        rf"{mode:04o}\); make it writable first"):
        small_fight().save(target)
    assert target.read_text() == "keep me\n"
    assert stat.S_IMODE(target.stat().st_mode) == mode
    assert not [n for n in os.listdir(tmp_path) if n.endswith(_files.TEMP_SUFFIX)]
    target.chmod(0o644)  # made writable, the save goes through
    small_fight().save(target)
    assert list(Encounter.load(target).log) == list(small_fight().log)


# ------------------------------------------------------------------ item 19: size


def test_a_save_larger_than_a_load_reads_is_refused_when_saving(tmp_path, monkeypatch):
    enc = small_fight()
    size = len(enc.save(tmp_path / "ok.jsonl").read_bytes())
    monkeypatch.setattr(_files, "MAX_READ_BYTES", size // 2)  # as a huge fight would be
    with pytest.raises(LogFormatError, match="larger than"):
        Encounter.load(tmp_path / "ok.jsonl")  # what load refuses ...
    target = tmp_path / "big.jsonl"
    with pytest.raises(FileError, match=r"cannot save .*big\.jsonl: the save would be .* "
                                        "MiB .*so it could never be loaded; nothing was "
                                        "written") as err:
        enc.save(target)  # ... save refuses first, in words
    assert isinstance(err.value, LfgError) and not target.exists()
    monkeypatch.setattr(_files, "MAX_READ_BYTES", size)  # exactly what load still reads
    enc.save(target)
    assert list(Encounter.load(target).log) == list(enc.log)


# ------------------------------------------------------------------ item 21: words


def classic_duel() -> Encounter:
    from lfgcombat.creature import load_example
    hero = load_example("wulfric").replace(level=5, bab=5)
    orc = load_example("orc").replace(bab=3)
    enc = Encounter([hero, orc], sides={"party": ["Wulfric"], "orcs": ["Orc"]},
                    ruleset="classic", seed=1).start()
    enc.damage("Orc", 3, "slashing", by="Wulfric")
    return enc


def test_a_save_whose_health_event_holds_nonsense_is_refused_in_words(tmp_path):
    path = classic_duel().save(tmp_path / "f.jsonl")

    def edit(h, events):
        next(e for e in events if e["kind"] == "health")["data"]["events"] = 5
    resign(path, edit)
    with pytest.raises(LogFormatError, match=r"records data lfgcombat never writes: .*health "
                                             r"\(its data cannot be described.*the file was "
                                             "edited"):
        Encounter.load(path)


@pytest.mark.parametrize("entry, says", [
    ("{at: ''}", "object #1: needs name and at"),
    ("{name: c, at: ''}", r"object #1: at must be \[col, row\]"),
    ("{name: c, at: [1, 0], hp: x}", "object #1: hp must be a whole number of HP, got 'x'"),
    ("{name: c, at: [1, 0], hp: 99}", "object #1: hp of treasure_chest is 0 to 15 HP"),
    ("{name: c, at: [1, 0], broken: 7}", "object #1: broken is true or false, got 7"),
    ("{name: c, at: [1, 0], items: potion}", "object #1: items is a list of texts"),
    ("{name: c, at: [1, 0], lid: 1}", "object #1: unknown field.*'lid'"),
    ("{name: c, at: [9, 0]}", r"object #1: \(9, 0\) is off this 3x1 map"),
])
def test_a_bad_map_object_is_refused_naming_the_field(entry, says):
    with pytest.raises(MapFormatError, match=says):
        HexMap.from_text(f"terrain: |\n  . . .\nobjects:\n  - {entry}\n")


def test_a_null_object_hp_is_full_hp_and_survives_save_and_load(tmp_path):
    text = ("terrain: |\n  . . . . . .\n   . . . . . .\n  . . . . . .\n   . . . . . .\n"
            "objects:\n  - {name: chest, at: [2, 3], hp: null, broken: null}\n"
            "  - {name: box, at: [3, 3], hp: 4, broken: true}\n")
    enc = small_fight(text)
    chest = enc.map.map_object("chest").object
    assert chest.hp == chest.spec.hp and not chest.broken
    again = Encounter.load(enc.save(tmp_path / "f.jsonl"))
    assert again.map.map_objects() == enc.map.map_objects()
    assert again.map.map_object("box").object.hp == 4


def test_a_picture_name_of_5000_characters_is_refused_in_the_status_line(tmp_path,
                                                                        monkeypatch):
    from lfgcombat.widgets import BattleMap
    from lfgcombat.widgets.mapimage import image_url
    monkeypatch.chdir(tmp_path)
    name = "a" * 5000 + ".png"
    with pytest.raises(LfgError, match="a path of 5,004 characters; at most 1,000") as err:
        image_url(name)
    assert len(str(err.value)) < 300
    m = HexMap(4, 3)
    bm = BattleMap(m)
    bm.background_box.value = name
    bm.background_button.click()  # was: OSError "File name too long"
    assert "Not allowed" in bm.status_text and "5,004 characters" in bm.status_text
    assert m.background is None and len(bm.status_text) < 600


# ------------------------------------------------------------------ item 22: paths, nonsense


ESCAPES = ["../../../x.png", "/etc/x.png", "~/x.png", "pics/../../x.png", "..\\x.png",
           "C:\\x.png"]


@pytest.mark.parametrize("image", ESCAPES)
def test_a_picture_outside_the_folder_is_refused_when_set_or_read(image, tmp_path,
                                                                  monkeypatch):
    from lfgcombat.widgets import BattleMap
    from lfgcombat.widgets.mapimage import image_url
    with pytest.raises(MapFormatError, match="leaves the folder of the notebook"):
        HexMap(2, 2).set_background(image)
    with pytest.raises(LfgError, match="leaves the folder of the notebook"):
        image_url(image, base=tmp_path)
    # a map text naming it loads (an older save keeps the name it was given); the
    # BattleMap neither reads nor embeds the file, and says why
    m = HexMap.from_text(f"terrain: |\n  . .\nbackground: {{image: {json.dumps(image)}}}\n")
    assert m.background.image == image
    monkeypatch.chdir(tmp_path)
    bm = BattleMap(m)
    assert bm.background_layer is None
    assert "cannot be shown" in bm.status_text and "leaves the folder" in bm.status_text


def test_pictures_inside_the_folder_and_urls_are_kept():
    for image in ("cellar.png", "maps/cellar.png", "./a..b.png", "https://example.org/x.png"):
        assert HexMap(2, 2).set_background(image).image == image


def test_a_save_or_a_map_edit_naming_a_picture_outside_loads_but_is_not_read(tmp_path,
                                                                            monkeypatch):
    from lfgcombat.widgets import BattleMap
    secret = tmp_path / "secret.png"
    secret.write_bytes(b"\x89PNG")
    folder = tmp_path / "notebooks"
    folder.mkdir()
    monkeypatch.chdir(folder)
    enc = small_fight()
    enc.map.set_terrain((0, 0), "difficult")
    path = enc.save(folder / "f.jsonl")

    def edit(h, events):
        h["map"] += "background: {image: ../secret.png}\n"
        step = next(e for e in events if e["kind"] == "map_edit")
        step["data"]["background"] = {"image": "../secret.png", "opacity": 1}
    resign(path, edit)
    again = Encounter.load(path)
    assert again.map.background.image == "../secret.png"
    bm = BattleMap(again.map)
    assert bm.background_layer is None and "leaves the folder" in bm.status_text


def test_a_link_out_of_the_folder_is_not_embedded(tmp_path):
    from lfgcombat.widgets.mapimage import image_url
    outside = tmp_path / "secret.png"
    outside.write_bytes(b"\x89PNG")
    folder = tmp_path / "notebooks"
    folder.mkdir()
    (folder / "map.png").symlink_to(outside)
    with pytest.raises(LfgError, match="leads out of"):
        image_url("map.png", base=folder)
    with pytest.raises(LfgError, match="leaves the folder"):
        image_url("../secret.png", base=folder)
    assert image_url("secret.png", base=tmp_path).startswith("data:image/png")


@pytest.mark.parametrize("field", ["wall_height: 7", "wall_heights:\n  - {at: [0, 0], height: 7}"])
def test_wall_heights_go_in_5_foot_steps_either_way(field):
    with pytest.raises(MapFormatError, match=r"is a multiple of 5 feet, got 7 \(.*"
                                             "Other Types of Movement"):
        HexMap.from_text(f"terrain: |\n  # .\n{field}\n")
    for ok in ("wall_height: 15", "wall_heights:\n  - {at: [0, 0], height: 15}"):
        assert HexMap.from_text(f"terrain: |\n  # .\n{ok}\n").wall_top((0, 0)) == 15


@pytest.mark.parametrize("hp", ["x", "-1", "99"])
def test_door_hp_refusals_speak_of_hp_not_feet(hp):
    with pytest.raises(MapFormatError, match="HP") as err:
        HexMap.from_text(f"terrain: |\n  . +\ndoors:\n  - {{at: [1, 0], hp: {hp}}}\n")
    assert "feet" not in str(err.value)


BIG = "x" * 2_000_000


@pytest.mark.parametrize("text", [
    f"terrain: |\n  . .\nname: [{BIG}]\n",
    f"terrain: |\n  . .\nbackground: {{image: {BIG}}}\n",
    f"terrain: |\n  . .\ncreatures:\n  - {{name: a, at: [0, 0], conditions: [{BIG}]}}\n",
    f"terrain: |\n  . +\ndoors:\n  - {{at: [1, 0], object: {BIG}}}\n",
    f"terrain: |\n  . .\nobjects:\n  - {{name: a, at: [0, 0], items: [{BIG}, 1]}}\n",
    f"terrain: |\n  . .\nname: [{BIG}\n",
], ids=["name", "background", "conditions", "door", "items", "yaml"])
def test_map_refusals_quote_a_short_prefix_of_a_huge_value(text, monkeypatch):
    from lfgcombat.battlemap import textformat
    monkeypatch.setattr(textformat, "MAX_TEXT_CHARS", 10 * len(BIG))
    monkeypatch.setattr("lfgcombat.io.datafile.MAX_FILE_BYTES", 10 * len(BIG))
    with pytest.raises(MapFormatError) as err:
        HexMap.from_text(text)
    assert len(str(err.value)) < 800


@pytest.mark.parametrize("case", ["ruleset", "initiative", "map_options", "move", "damage",
                                  "effect"])
def test_save_refusals_quote_a_short_prefix_of_a_huge_value(tmp_path, case):
    enc = small_fight()
    enc.move("Hero", (3, 1))
    enc.damage("Orc", 4, "slashing", by="Hero")
    path = enc.save(tmp_path / "f.jsonl")

    def edit(h, events):
        def cmd(kind):
            return next(e for e in events if e["kind"] == kind and e["command"])
        {"ruleset": lambda: h.update(ruleset={"name": BIG}),
         "initiative": lambda: h.update(initiative=BIG),
         "map_options": lambda: h.update(map_options={BIG: 1}),
         "move": lambda: cmd("move")["data"].update(to=BIG),
         "damage": lambda: cmd("damage")["data"].update(type=BIG),
         "effect": lambda: events[-1]["data"].update(amount=BIG)}[case]()
    resign(path, edit)
    with pytest.raises(LogFormatError) as err:
        Encounter.load(path)
    assert len(str(err.value)) < 1000


def test_map_texts_follow_the_creature_files_caps():
    """The one safe loader (lfgcombat.io.datafile): a repeated key, a 40-digit number and
    nesting past its depth are refused in a map text too."""
    for text, says in (("terrain: |\n  . .\nterrain: |\n  . .\n", "appears twice"),
                       ("terrain: |\n  . .\nceiling: " + "9" * 40 + "\n", "40 digits"),
                       ("terrain: |\n  . .\nname: " + "[" * 40 + "]" * 40 + "\n",
                        "nested more than")):
        with pytest.raises(MapFormatError, match=says):
            HexMap.from_text(text)
