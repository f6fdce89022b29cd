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
from lfgcombat.engine.replay import Difference
from lfgcombat.engine.log import LogFormatError, engine_version, file_digest

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
    from lfgcombat.engine.log import UnverifiedSaveWarning
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


# -------------------------------------------- a rules change, simulated end to end (issue 10, 7)


def _temp_hp_fight(tmp_path: Path) -> Path:
    """A short fight with a Temporary HP gain ("Temporary Hit Points (TempHP)")."""
    enc = duel(map_=True, seed=3).start()
    enc.move("Hero", (3, 1))
    enc.temp_hp("Hero", 4)
    enc.attack("Hero", "Orc")
    enc.end_turn(next="Orc")
    return enc.save(tmp_path / "fight.jsonl")


def _change_the_rules(monkeypatch, *, bump: bool = True) -> None:
    """A rules change in the engine's code (simulated: a Temporary HP gain grants one more
    than asked), with the rules revision bumped as the commit of such a fix must."""
    import lfgcombat._version
    from lfgcombat.rules.health.vitals import Vitals

    gain = Vitals.gain_temp_hp
    monkeypatch.setattr(Vitals, "gain_temp_hp", lambda self, amount: gain(self, amount + 1))
    if bump:
        monkeypatch.setattr(lfgcombat._version, "RULES_REVISION",
                            lfgcombat._version.RULES_REVISION + 1)


def _event(path: Path, kind: str) -> dict:
    return next(e for e in map(json.loads, path.read_text().splitlines()[1:])
                if e["kind"] == kind and not e["command"])


def test_a_save_records_the_rules_it_was_played_under(tmp_path):
    import lfgcombat._version
    from lfgcombat.engine.log import read_jsonl, rules_stamp
    header, _ = read_jsonl(_temp_hp_fight(tmp_path))
    assert header["rules"] == header.rules == rules_stamp()
    assert header.rules["revision"] == lfgcombat._version.RULES_REVISION
    assert re.fullmatch(r"[0-9a-f]{16}", header.rules["tables"])


def test_a_save_played_under_older_rules_is_refused_naming_the_event(tmp_path, monkeypatch):
    path = _temp_hp_fight(tmp_path)
    gain = _event(path, "temp_hp")
    _change_the_rules(monkeypatch)
    import lfgcombat._version
    rev = lfgcombat._version.RULES_REVISION
    with pytest.raises(LogFormatError, match=(
            rf"the rules changed since this save was written: it was played under lfgcombat "
            rf"\S+ \(rules revision {rev - 1}, tables \w+\), and under lfgcombat \S+ \(rules "
            rf"revision {rev}, tables \w+\) event #{gain['seq']} differs: replay gives "
            rf".*\(changed: rules revision {rev - 1} -> {rev}; Encounter\.load")) as info:
        Encounter.load(path)
    assert info.value.line == gain["seq"] + 2
    assert "data.after: recorded 4, replayed 5" in str(info.value)


def test_rederive_under_changed_rules_lists_every_difference(tmp_path, monkeypatch):
    path = _temp_hp_fight(tmp_path)
    gain = _event(path, "temp_hp")
    _change_the_rules(monkeypatch)
    enc = Encounter.load(path, rederive=True)
    found = {(d.seq, d.field): (d.recorded, d.now) for d in enc.rederived}
    assert found == {
        (gain["seq"], "data.after"): (4, 5),
        (gain["seq"], "data.events"): (["gains 4 Temporary HP: 0 -> 4"],
                                       ["gains 5 Temporary HP: 0 -> 5"])}
    assert all(d.line == gain["seq"] + 2 for d in enc.rederived)
    assert (f"event #{gain['seq']} (line {gain['seq'] + 2}): data.after recorded 4, now 5"
            in [d.describe() for d in enc.rederived])
    assert enc.state("Hero").temp_hp == 5  # today's rules
    # saved again, the fight carries today's rules and loads under them without a word
    again = Encounter.load(enc.save(tmp_path / "again.jsonl"))
    assert again.snapshot() == enc.snapshot()


def test_a_rules_change_without_a_bumped_revision_is_called_a_bug(tmp_path, monkeypatch):
    """The same change with the revision left as it was: the file says it was played under
    these very rules, so the difference is reported as a bug (bump RULES_REVISION)."""
    path = _temp_hp_fight(tmp_path)
    gain = _event(path, "temp_hp")
    _change_the_rules(monkeypatch, bump=False)
    with pytest.raises(LogFormatError, match=rf"event #{gain['seq']} does not replay although "
                       r"the file is intact .* written under these same rules.*bug"):
        Encounter.load(path)


def test_an_edited_rules_table_counts_as_a_rules_change(tmp_path, monkeypatch):
    from lfgcombat.engine.log import savefile
    path = _temp_hp_fight(tmp_path)
    monkeypatch.setattr(savefile, "tables_fingerprint", lambda: "0" * 16)
    _change_the_rules(monkeypatch, bump=False)
    with pytest.raises(LogFormatError, match=r"the rules changed since this save was written"
                       r".*tables 0{16}\) event #\d+ differs.*changed: the rules tables"):
        Encounter.load(path)


def test_a_save_written_before_saves_recorded_the_rules_may_have_changed(tmp_path,
                                                                         monkeypatch):
    """A format-2 save of lfgcombat 0.1.0 before the header carried ``rules`` (as
    parley-v2.jsonl): it loads; under changed rules it is refused as a possible rules
    change, and rederive still lists the differences."""
    path = _temp_hp_fight(tmp_path)
    lines = path.read_text().splitlines()
    h = json.loads(lines[0])
    del h["rules"]
    events = [json.loads(x) for x in lines[1:]]
    h["digest"] = file_digest(h, events)
    path.write_text("\n".join([json.dumps(h)] + lines[1:]) + "\n")
    assert Encounter.load(path).verified
    gain = _event(path, "temp_hp")
    _change_the_rules(monkeypatch)
    with pytest.raises(LogFormatError, match=(
            r"the rules may have changed since this save was written: it was played under "
            r"lfgcombat \S+ \(before saves recorded the rules revision\).*"
            rf"event #{gain['seq']} differs")):
        Encounter.load(path)
    assert {d.seq for d in Encounter.load(path, rederive=True).rederived} == {gain["seq"]}


def test_the_golden_saves_of_both_formats_meet_changed_rules_honestly(monkeypatch):
    """A first-format golden fight (melee-1, with Temporary HP) cannot tell a rules change
    from an edit; rederive lists what today's rules change in it."""
    from lfgcombat.engine.log import UnverifiedSaveWarning
    _change_the_rules(monkeypatch)
    with pytest.raises(LogFormatError,
                       match="a hand-edited or damaged file, or the rules changed"):
        Encounter.load(GOLDEN / "melee-1.jsonl")
    with pytest.warns(UnverifiedSaveWarning):
        enc = Encounter.load(GOLDEN / "melee-1.jsonl", rederive=True)
    assert enc.rederived and {d.field for d in enc.rederived} >= {"data.after"}
    # parley-v2 (format 2, no rules recorded) has no Temporary HP: unchanged
    assert Encounter.load(GOLDEN / "parley-v2.jsonl", rederive=True).rederived == []


# ------------------------- the GM's unrecorded map edit meets a declined turn or an undo


def _chosen_ally() -> Encounter:
    """Hero chose Ally to go next; Ally may still decline ("Initiative Problems:")."""
    enc = duel(map_=True).start()
    enc.end_turn(next="Ally")
    assert enc.decline_choices() == ["Orc", "Brute"]
    return enc


def _reloads(enc: Encounter, tmp_path: Path) -> None:
    assert Encounter.load(enc.save(tmp_path / "f.jsonl")).snapshot() == enc.snapshot()
    assert enc.fork().snapshot() == enc.snapshot()


def test_an_unrecorded_map_edit_survives_a_declined_turn(tmp_path):
    """The decline takes the chooser's end_turn back and makes it again: the GM's edit,
    made after that end_turn, used to be wiped by the rebuild (lost, not recorded)."""
    enc = _chosen_ally()
    enc.map.set_terrain((6, 6), "difficult")
    enc.decline_turn(next="Orc")
    assert enc.current == "Orc"
    assert enc.map.terrain((6, 6)).value == "difficult"
    assert [e.kind for e in enc.log.commands] == ["start", "end_turn", "map_edit"]
    assert enc.log.commands[1].data["declined"] == ["Ally"]
    _reloads(enc, tmp_path)


def test_a_refused_decline_keeps_the_unrecorded_edit_unrecorded():
    enc = _chosen_ally()
    enc.map.set_elevation((6, 6), 10)
    before = enc.snapshot()
    with pytest.raises(Exception, match="cannot be chosen instead"):
        enc.decline_turn(next="Hero")
    assert enc.snapshot() == before  # the edit is on the map and still to be recorded
    enc.note("next step")
    assert [e.kind for e in enc.log.commands][-2:] == ["map_edit", "note"]


def test_undo_keeps_only_the_cells_of_the_unrecorded_edit(tmp_path):
    """A recorded edit undone stays undone; the GM's later, unrecorded edit is made again on
    top of what the undo leaves (before, its whole layers were recorded, bringing the undone
    edit back at another point of the log)."""
    enc = duel(map_=True).start()
    enc.map.set_terrain((6, 6), "difficult")
    enc.note("the GM's first edit is recorded with this step")
    enc.map.set_terrain((7, 6), "difficult")  # not yet recorded
    enc.undo(2)  # the note and the first edit
    assert enc.map.terrain((6, 6)).value == "normal"
    assert enc.map.terrain((7, 6)).value == "difficult"
    assert [e.kind for e in enc.log.commands] == ["start", "map_edit"]
    assert enc.log.commands[-1].data["terrain"] == [[7, 6, "difficult"]]
    _reloads(enc, tmp_path)


def test_an_unrecorded_edit_is_recorded_before_an_interrupt(tmp_path):
    enc = duel(map_=True).start()
    enc.end_turn(next="Ally")
    enc.move("Ally", (2, 3))
    enc.map.set_terrain((4, 2), "difficult")
    enc.interrupt("Orc")
    assert [e.kind for e in enc.log.commands][-2:] == ["map_edit", "interrupt"]
    _reloads(enc, tmp_path)
    enc.undo()  # the interrupt: the edit stays, as a step of its own
    assert enc.map.terrain((4, 2)).value == "difficult"
    _reloads(enc, tmp_path)


def test_a_recorded_map_edit_does_not_stop_a_decline_and_is_kept(tmp_path):
    """Saving (or forking) records the GM's edit as a ``map_edit`` step; that is nobody's
    action, so the chosen creature may still decline, and the edit (with one made after
    the save, not yet recorded) comes after the chooser's new end_turn."""
    enc = _chosen_ally()
    enc.map.set_terrain((6, 6), "difficult")
    enc.save(tmp_path / "before.jsonl")  # records the edit
    enc.map.set_elevation((7, 6), 10)  # and another, not yet recorded
    enc.decline_turn(next="Brute")
    assert enc.current == "Brute"
    assert [e.kind for e in enc.log.commands] == ["start", "end_turn", "map_edit"]
    assert (enc.map.terrain((6, 6)).value, enc.map.elevation((7, 6))) == ("difficult", 10)
    _reloads(enc, tmp_path)


def test_a_refused_decline_after_a_recorded_edit_changes_nothing():
    enc = _chosen_ally()
    enc.map.set_terrain((6, 6), "difficult")
    enc.fork()  # records the edit
    enc.map.set_elevation((7, 6), 10)
    before = enc.snapshot()
    with pytest.raises(Exception, match="cannot be chosen instead"):
        enc.decline_turn(next="Hero")
    assert enc.snapshot() == before
