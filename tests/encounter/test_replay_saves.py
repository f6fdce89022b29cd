"""Versioned saves and replay (issue 10, item 7): a save whose replay differs is refused
saying why (the rules changed since it was written, a bug, or an unverifiable version-1
file) and naming the event; ``Encounter.load(path, rederive=True)`` replays the commands
under today's rules and reports every difference. And the GM's map edits made mid-fight
are recorded (``map_edit``) so fork, undo and save/load keep them.
000_8d1d7816ee944f3b.txt, "Difficult Terrain" for the edited terrain's effect.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from lfgcombat import Encounter
from lfgcombat.encounter.replay import Difference
from lfgcombat.log import LogFormatError, engine_version, file_digest

from .helpers import duel

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def _fight(tmp_path: Path) -> Path:
    enc = duel(map_=True, seed=3).start()
    enc.move("Hero", (3, 1))
    enc.attack("Hero", "Orc")
    enc.end_turn(next="Orc")
    return enc.save(tmp_path / "fight.jsonl")


def _rewrite(path: Path, edit, engine: str | None = None) -> int:
    """Change the first roll's total with ``edit`` (and the engine), recompute the digest
    (as another engine writing the file would); returns the changed event's seq."""
    lines = path.read_text().splitlines()
    h = json.loads(lines[0])
    events = [json.loads(x) for x in lines[1:]]
    roll = next(e for e in events if e["kind"] == "roll")
    edit(roll)
    if engine is not None:
        h["engine"] = engine
    h["digest"] = file_digest(h, events)
    path.write_text("\n".join([json.dumps(h)] + [json.dumps(e) for e in events]) + "\n")
    return roll["seq"]


def _bump(roll: dict) -> None:
    roll["data"]["total"] += 1


def test_a_save_from_another_engine_that_replays_differently_says_the_rules_changed(tmp_path):
    path = _fight(tmp_path)
    seq = _rewrite(path, _bump, engine="0.0.9")
    with pytest.raises(LogFormatError, match=(
            r"the rules changed since this save was written: it was played under lfgcombat "
            rf"0\.0\.9.* event #{seq} differs")) as info:
        Encounter.load(path)
    assert info.value.line == seq + 2  # line 1 is the header, event #0 line 2
    assert "data.total" in str(info.value)


def test_an_intact_save_of_this_engine_that_replays_differently_is_called_a_bug(tmp_path):
    path = _fight(tmp_path)
    seq = _rewrite(path, _bump)
    with pytest.raises(LogFormatError, match=rf"event #{seq} does not replay although the file "
                       rf"is intact.*lfgcombat {re.escape(engine_version())}.*bug"):
        Encounter.load(path)


def test_a_version_1_save_cannot_tell_an_edit_from_a_rules_change(tmp_path):
    path = _fight(tmp_path)
    lines = path.read_text().splitlines()
    h = json.loads(lines[0])
    for k in ("format_version", "engine", "digest"):
        del h[k]
    h["version"] = 1
    events = [json.loads(x) for x in lines[1:]]
    roll = next(e for e in events if e["kind"] == "roll")
    _bump(roll)
    path.write_text("\n".join([json.dumps(h)] + [json.dumps(e) for e in events]) + "\n")
    with pytest.raises(LogFormatError, match="a version-1 save records neither"):
        Encounter.load(path)


def test_rederive_replays_the_commands_under_todays_rules_and_lists_every_difference(tmp_path):
    path = _fight(tmp_path)
    original = Encounter.load(path)
    assert original.rederived is None
    seq = _rewrite(path, lambda r: r["data"].update(total=r["data"]["total"] + 1, natural=99),
                   engine="0.0.9")
    enc = Encounter.load(path, rederive=True)
    fields = {(d.seq, d.field) for d in enc.rederived}
    assert fields == {(seq, "data.total"), (seq, "data.natural")}
    d = next(d for d in enc.rederived if d.field == "data.natural")
    assert isinstance(d, Difference) and d.recorded == 99 and d.now != 99 and d.line == seq + 2
    # the encounter is today's replay: the same as the unaltered file's
    assert enc.snapshot() == original.snapshot() and list(enc.log) == list(original.log)


def test_rederive_of_an_unchanged_golden_fight_finds_nothing():
    from lfgcombat.log import UnverifiedSaveWarning
    with pytest.warns(UnverifiedSaveWarning):  # parley.jsonl is a first-format save
        enc = Encounter.load(GOLDEN / "parley.jsonl", rederive=True)
    assert enc.rederived == []
    assert Encounter.load(GOLDEN / "parley-v2.jsonl", rederive=True).rederived == []


def test_rederive_lists_a_command_todays_rules_refuse_and_plays_on(tmp_path):
    path = _fight(tmp_path)
    lines = path.read_text().splitlines()
    h = json.loads(lines[0])
    events = [json.loads(x) for x in lines[1:]]
    move = next(e for e in events if e["kind"] == "move")
    move["data"]["to"] = [11, 7]  # too far: refused today
    h["digest"] = file_digest(h, events)
    path.write_text("\n".join([json.dumps(h)] + [json.dumps(e) for e in events]) + "\n")
    enc = Encounter.load(path, rederive=True)
    refused = [d for d in enc.rederived if d.field == "command"]
    assert refused[0].seq == move["seq"]  # and the attack that needed the move after it
    assert refused[0].now.startswith("refused: ")
    assert any(d.field == "event" for d in enc.rederived)  # its effects are gone


def test_a_terrain_edit_made_mid_fight_is_kept_by_fork_undo_and_save(tmp_path):
    enc = duel(map_=True).start()
    enc.move("Hero", (3, 1))
    enc.map.set_terrain((4, 1), "difficult")  # the GM edits the map, not a command
    fork = enc.fork()
    assert enc.log.commands[-1].kind == "map_edit"
    assert fork.map.terrain((4, 1)).value == "difficult"
    assert fork.snapshot() == enc.snapshot()
    enc.damage("Orc", 2)
    enc.undo()  # the damage; the edit stays
    assert enc.map.terrain((4, 1)).value == "difficult"
    loaded = Encounter.load(enc.save(tmp_path / "edited.jsonl"))
    assert loaded.snapshot() == enc.snapshot()
    assert loaded.map.terrain_modifiers("Orc") == enc.map.terrain_modifiers("Orc") != {}
    enc.undo()  # the recorded edit is a step like any other
    assert enc.map.terrain((4, 1)).value == "normal"
    assert enc.log.commands[-1].kind == "move"


def test_an_edit_not_yet_recorded_survives_an_undo_of_the_step_before_it():
    enc = duel(map_=True).start()
    enc.move("Hero", (3, 1))
    enc.map.set_elevation((6, 6), 10)  # the GM raises a hill, then takes back the move
    enc.undo()
    assert enc.map.elevation((6, 6)) == 10
    assert [e.kind for e in enc.log.commands] == ["start", "map_edit"]
    assert enc.map.offset(enc.map.token("Hero").anchor) == (1, 1)
    assert enc.fork().snapshot() == enc.snapshot()


def test_a_map_edit_command_names_its_bad_field():
    enc = duel(map_=True).start()
    before = enc.snapshot()
    with pytest.raises(Exception, match="map_edit: terrain cell"):
        enc._do("map_edit", {"terrain": [[40, 1, "difficult"]], "elevation": [],
                             "background": None})
    assert enc.snapshot() == before


def test_a_command_another_engine_recorded_and_todays_rules_refuse_says_the_rules_changed(
        tmp_path):
    path = _fight(tmp_path)
    lines = path.read_text().splitlines()
    h = json.loads(lines[0])
    events = [json.loads(x) for x in lines[1:]]
    move = next(e for e in events if e["kind"] == "move")
    move["data"]["to"] = [11, 7]  # refused today: too far
    h["engine"] = "0.0.9"
    h["digest"] = file_digest(h, events)
    path.write_text("\n".join([json.dumps(h)] + [json.dumps(e) for e in events]) + "\n")
    with pytest.raises(LogFormatError, match=(
            r"the rules changed since this save was written: it was played under lfgcombat "
            rf"0\.0\.9.* event #{move['seq']} differs: the 'move' command does not replay")):
        Encounter.load(path)
