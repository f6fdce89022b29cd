"""Saving and loading files safely (lfgcombat.io._files, lfgcombat.engine.log.savefile).

Issue 11, "Bad input" 7: "bad save paths raise raw OS errors naming the temp file; saving
onto a symlink replaces the link; a saved file's mode is forced to 0600; temp files are
left after a kill; ``Encounter.load("/dev/zero")`` reads without limit; saving onto a device
file replaces it. Refuse non-regular targets, keep the existing mode, clean up, cap what a
load reads." DESIGN.md: "save is 'write the log'" (atomically).
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys

import pytest

from lfgcombat import Creature, Encounter, HexMap, LfgError
from lfgcombat.io import _files
from lfgcombat.io._files import FileError, atomic_write_text, read_text_capped
from lfgcombat.engine.log import LogFormatError, read_jsonl, write_jsonl

SWORD = {"name": "longsword", "damage": "1d8", "crit": "19-20/x2", "damage_type": "s"}


def small_fight(*, attack: bool = False, hero: str = "Hero") -> Encounter:
    """``hero`` and an orc on a small map: a move, (an attack,) the GM's damage (the save
    tests' one small fight: tests/test_savefile_fast.py, tests/test_savefile_fuzz.py)."""
    cs = [Creature.from_dict({"name": n, "class": "fighter", "level": 3,
                              "initiative_rating": i, "weapons": [SWORD]})
          for n, i in ((hero, 40), ("Orc", 0))]
    m = HexMap(6, 4)
    for c, at, side in zip(cs, [(1, 1), (4, 1)], ["party", "orcs"]):
        m.place(c, at, side)
    enc = Encounter(cs, map=m, seed=3).start()
    enc.move(hero, (3, 1))
    if attack:
        enc.attack(hero, "Orc")
    enc.damage("Orc", 4, "slashing", by=hero)
    return enc


def leftovers(folder) -> list[str]:
    return sorted(n for n in os.listdir(folder) if n.endswith(_files.TEMP_SUFFIX))


# ------------------------------------------------------------------ saving


def test_a_missing_folder_names_the_users_path_not_a_temp_file(tmp_path):
    target = tmp_path / "nowhere" / "fight.jsonl"
    with pytest.raises(FileError, match=rf"cannot save {target}: the folder .*nowhere does "
                                        "not exist") as err:
        small_fight().save(target)
    assert isinstance(err.value, LfgError) and _files.TEMP_SUFFIX not in str(err.value)


def test_an_unwritable_folder_names_the_users_path(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root may write into a read-only folder")
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(FileError, match=rf"cannot save {folder / 'f.jsonl'}: "
                                            "Permission denied"):
            small_fight().save(folder / "f.jsonl")
    finally:
        folder.chmod(0o700)


def test_saving_onto_a_symlink_is_refused_and_changes_nothing(tmp_path):
    real = tmp_path / "real.jsonl"
    real.write_text("precious\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    with pytest.raises(FileError, match=rf"cannot save {link}: it is a symbolic link; save "
                                        "to the file it points to"):
        small_fight().save(link)
    assert link.is_symlink() and real.read_text() == "precious\n"
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("make, kind", [
    (lambda p: p.mkdir(), "a folder"),
    (lambda p: os.mkfifo(p), "a pipe"),
])
def test_saving_onto_a_non_regular_file_is_refused(tmp_path, make, kind):
    target = tmp_path / "thing"
    make(target)
    with pytest.raises(FileError, match=rf"cannot save {target}: it is {kind}; choose a "
                                        "file name"):
        small_fight().save(target)
    assert leftovers(tmp_path) == []


def test_creature_saves_refuse_symlinks_too(tmp_path):
    real = tmp_path / "real.yaml"
    real.write_text("x: 1\n")
    (tmp_path / "orc.yaml").symlink_to(real)
    orc = Creature.from_dict({"name": "Orc", "class": "fighter", "level": 1})
    with pytest.raises(LfgError, match="symbolic link"):
        orc.save(tmp_path / "orc.yaml")
    assert real.read_text() == "x: 1\n"


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o600])
def test_an_existing_file_keeps_its_mode(tmp_path, mode):
    target = tmp_path / "f.jsonl"
    target.write_text("old\n")
    target.chmod(mode)
    small_fight().save(target)
    assert stat.S_IMODE(target.stat().st_mode) == mode
    assert Encounter.load(target).snapshot() == small_fight().snapshot()


def test_a_new_file_gets_the_usual_mode(tmp_path):
    """Not 0600: 0666 less the umask, like any file the user's programs create."""
    umask = os.umask(0o022)
    os.umask(umask)
    target = small_fight().save(tmp_path / "f.jsonl")
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask


def test_a_failing_save_removes_its_temp_file_and_keeps_the_old_one(tmp_path, monkeypatch):
    target = small_fight().save(tmp_path / "f.jsonl")
    old = target.read_text()

    def full_disk(src, dst):
        raise OSError(28, "No space left on device", str(src))
    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(FileError, match=rf"cannot save {target}: No space left") as err:
        small_fight().save(target)
    assert _files.TEMP_SUFFIX not in str(err.value)
    monkeypatch.undo()
    assert target.read_text() == old and leftovers(tmp_path) == []


def test_text_that_is_not_unicode_is_refused_cleanly(tmp_path):
    with pytest.raises(FileError, match="not a Unicode character"):
        atomic_write_text(tmp_path / "f.txt", "ok \ud800")
    assert os.listdir(tmp_path) == []


def test_temp_files_left_by_a_killed_save_are_removed_by_the_next_save(tmp_path):
    """A process killed mid-save leaves ``.f.jsonl.<pid>.<random>.lfgtmp``; the next save of
    the same file removes it (its process is gone), not one of a running process."""
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    stale = tmp_path / f".f.jsonl.{dead}.0123abcd{_files.TEMP_SUFFIX}"
    stale.write_text("half a save")
    alive = tmp_path / f".f.jsonl.{os.getppid()}.0123abcd{_files.TEMP_SUFFIX}"
    alive.write_text("a save in progress")
    other = tmp_path / f".g.jsonl.{dead}.0123abcd{_files.TEMP_SUFFIX}"
    other.write_text("another file's")
    small_fight().save(tmp_path / "f.jsonl")
    assert not stale.exists() and alive.exists() and other.exists()


@pytest.mark.parametrize("path", [None, "", 5, "a\0b"])
def test_bad_paths_are_refused_with_the_kits_error(tmp_path, path):
    with pytest.raises(FileError, match="the path must be a file name"):
        write_jsonl(path, {}, [])
    with pytest.raises(LogFormatError, match="the path must be a file name"):
        Encounter.load(path)


# ------------------------------------------------------------------ loading


@pytest.mark.parametrize("path, kind", [("/dev/zero", "a device"), ("/dev/null", "a device"),
                                        ("/", "a folder")])
def test_loading_a_non_regular_file_is_refused(path, kind):
    with pytest.raises(LogFormatError, match=rf"^{path}: cannot read the file: it is {kind}"):
        Encounter.load(path)


def test_loading_a_pipe_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(LogFormatError, match="it is a pipe"):
        read_jsonl(fifo)


def test_loading_reads_at_most_the_cap(tmp_path, monkeypatch):
    target = small_fight().save(tmp_path / "f.jsonl")
    monkeypatch.setattr(_files, "MAX_READ_BYTES", target.stat().st_size - 1)
    with pytest.raises(LogFormatError, match=r"larger than \d+ bytes, the most a saved encounter "
                                             r"is read to \(lfgcombat.io._files.MAX_READ_BYTES\)"):
        Encounter.load(target)
    monkeypatch.setattr(_files, "MAX_READ_BYTES", target.stat().st_size)
    assert Encounter.load(target).snapshot() == small_fight().snapshot()


def test_a_file_that_is_not_utf8_names_the_line(tmp_path):
    target = small_fight().save(tmp_path / "f.jsonl")
    data = target.read_bytes().split(b"\n")
    data[2] = data[2].replace(b'"seq"', b'"s\xffq"')
    target.write_bytes(b"\n".join(data))
    with pytest.raises(LogFormatError, match="line 3 is not UTF-8 text"):
        Encounter.load(target)


def test_a_missing_file_names_it(tmp_path):
    with pytest.raises(LogFormatError, match=r"nope.jsonl: cannot read the file: No such"):
        Encounter.load(tmp_path / "nope.jsonl")


def test_a_symlink_to_a_save_loads(tmp_path):
    """Reading through a link is harmless (only writing through one is refused)."""
    target = small_fight().save(tmp_path / "f.jsonl")
    (tmp_path / "link.jsonl").symlink_to(target)
    assert Encounter.load(tmp_path / "link.jsonl").snapshot() == small_fight().snapshot()


@pytest.mark.parametrize("text, why", [
    ('{"a": 1, "a": 2}', "appears twice"),
    ("[" * 5000 + "]" * 5000, "nested too deeply|not valid JSON"),
    ('{"n": ' + "9" * 5000 + "}", "not valid JSON"),
    ('{"n": NaN}', "NaN is not allowed"),
])
def test_hostile_json_is_refused_naming_the_line(tmp_path, text, why):
    target = tmp_path / "f.jsonl"
    target.write_text(text + "\n")
    with pytest.raises(LogFormatError, match=rf"line 1: .*({why})"):
        read_jsonl(target)


def test_an_escaped_lone_surrogate_is_refused_by_the_digest(tmp_path):
    target = small_fight().save(tmp_path / "f.jsonl")
    ls = target.read_text().split("\n")
    ls[2] = ls[2].replace('"label": "', '"label": "\\ud800', 1)  # a roll's own field
    target.write_text("\n".join(ls))
    with pytest.raises(LogFormatError, match="line 3: this event was edited"):
        Encounter.load(target)


def test_read_text_capped_refuses_and_reads(tmp_path):
    p = tmp_path / "t.txt"
    p.write_text("héllo\n")
    assert read_text_capped(p) == "héllo\n"
    with pytest.raises(FileError, match="larger than"):
        read_text_capped(p, limit=3, what="creature file")
    json.dumps(read_text_capped(p))  # plain str


def test_write_jsonl_refuses_what_is_not_a_header_or_events(tmp_path):
    with pytest.raises(LfgError, match="the header must be a mapping"):
        write_jsonl(tmp_path / "f.jsonl", ["not", "a", "header"], [])
    with pytest.raises(LfgError, match="events must be lfgcombat.engine.log.Event objects"):
        write_jsonl(tmp_path / "f.jsonl", {}, [{"seq": 0}])
    assert os.listdir(tmp_path) == []
