"""Saves and map texts that must not hurt the kit (issue 23, items 15, 16, 19, 20, 21, 22).

Issue 23: "Whatever the kit writes it must read back"; "A read-only file replaced ...
Refuse, as the OS would"; "A YAML alias bomb through map text ... protect every YAML the
kit reads the same way" (DESIGN.md: "save is 'write the log'; load is 'replay'").
"""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path

import pytest

from lfgcombat import Creature, Encounter, HexMap, LfgError
from lfgcombat import _files
from lfgcombat._files import FileError
from lfgcombat.battlemap import MapFormatError
from lfgcombat.log import LogFormatError, file_digest

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
    t0 = time.perf_counter()
    with pytest.raises(MapFormatError, match=r"aliases \(\*\) are not allowed") as err:
        HexMap.from_text(alias_bomb())
    assert time.perf_counter() - t0 < 2 and len(str(err.value)) < 600


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
