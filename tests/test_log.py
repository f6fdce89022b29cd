"""The event log (lfgcombat.log) and the encounter's save / load / replay.

DESIGN.md, "How data flows": "every change is an Event appended to the log; state =
replay(log)"; "save is 'write the log'; load is 'replay'. Replaying a saved log must
reproduce the state exactly." Issue 6: "Loading a damaged or hand-edited file that does
not replay raises LfgError naming the line and the reason".
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import given, settings, strategies as st

from lfgcombat import Creature, HexMap, LfgError
from lfgcombat.encounter import Encounter
from lfgcombat.log import Event, EventLog, LogFormatError, read_jsonl, write_jsonl

SWORD = {"name": "longsword", "damage": "1d8", "crit": "19-20/x2", "damage_type": "s"}


def fight(seed: int = 5) -> Encounter:
    cs = [Creature.from_dict({"name": n, "class": "fighter", "level": 5,
                              "initiative_rating": i, "weapons": [SWORD]})
          for n, i in (("Hero", 40), ("Ally", 0), ("Orc", 0))]
    m = HexMap(8, 5)
    for c, at, side in zip(cs, [(1, 1), (1, 3), (4, 1)], ["party", "party", "orcs"]):
        m.place(c, at, side)
    enc = Encounter(cs, map=m, seed=seed).start()
    enc.move("Hero", (3, 1))
    enc.end_turn(next="Orc")
    enc.move("Orc", (6, 3), aoo="all")
    enc.damage("Hero", 7, "slashing", by="Orc")
    enc.add_condition("Ally", "ablaze")
    return enc


def lines(path) -> list[str]:
    return open(path, encoding="utf-8").read().splitlines()


def write(path, ls: list[str]) -> None:
    open(path, "w", encoding="utf-8").write("\n".join(ls) + "\n")


# ------------------------------------------------------------------ events


def test_event_json_round_trip_and_checks():
    e = Event(3, 1, "roll", False, 2, "Orc", "Orc", "Hero", {"total": 14, "faces": [9]})
    assert Event.from_json(json.loads(json.dumps(e.to_json()))) == e
    bad = e.to_json()
    del bad["seq"]
    with pytest.raises(LogFormatError, match="line 7.*missing seq"):
        Event.from_json(bad, line=7)
    with pytest.raises(LogFormatError, match="unknown event kind"):
        Event.from_json({**e.to_json(), "kind": "teleport"}, line=2)
    with pytest.raises(LogFormatError, match="round"):
        Event.from_json({**e.to_json(), "round": -1}, line=2)
    with pytest.raises(LogFormatError, match="data"):
        Event.from_json({**e.to_json(), "data": [1]}, line=2)


def test_dataframe_one_row_per_event_with_damage_by_type():
    enc = fight()
    df = enc.log.to_dataframe()
    assert len(df) == len(enc.log)
    for col in ("round", "turn", "actor", "target", "action", "expression", "natural",
                "total", "against", "outcome", "hp_before", "hp_after", "damage_slashing",
                "damage_fire", "text"):
        assert col in df.columns, col
    dmg = df[(df.kind == "damage") & ~df.command & (df.target == "Hero")].iloc[0]
    assert dmg.damage_slashing == 7 and dmg.hp_before - dmg.hp_after == 7
    rolls = df[df.kind == "roll"]
    assert (rolls.total.notna()).all() and rolls.expression.str.startswith("1d").all()


# ------------------------------------------------------------------ save / load


def test_save_load_replays_to_the_identical_state(tmp_path):
    enc = fight()
    p = enc.save(tmp_path / "fight.jsonl")
    ls = lines(p)
    assert json.loads(ls[0])["format"] == "lfgcombat-encounter"
    assert len(ls) == 1 + len(enc.log)
    again = Encounter.load(p)
    assert again.snapshot() == enc.snapshot()
    assert list(again.log) == list(enc.log)
    # resumed next week: the same seed gives the same next rolls
    enc.add_condition("Orc", "ablaze")
    again.add_condition("Orc", "ablaze")
    assert again.snapshot() == enc.snapshot()


def test_save_is_atomic(tmp_path):
    """Write to a temporary file, then rename: a failing save leaves the old file whole."""
    enc = fight()
    p = enc.save(tmp_path / "fight.jsonl")
    old = open(p, encoding="utf-8").read()
    broken = Event(0, 0, "note", False, 0, None, None, None, {"x": object()})
    with pytest.raises(TypeError):
        write_jsonl(p, {"format": "lfgcombat-encounter", "version": 1}, [broken])
    assert open(p, encoding="utf-8").read() == old
    assert os.listdir(tmp_path) == ["fight.jsonl"]


@pytest.mark.parametrize("damage, line, reason", [
    (lambda ls: ls[:0], 1, "blank line|empty"),
    (lambda ls: ls[:3] + ["{not json"] + ls[4:], 4, "not valid JSON"),
    (lambda ls: [ls[0].replace("lfgcombat-encounter", "x")] + ls[1:], 1, "not an lfgcombat"),
    (lambda ls: ls[:5] + ls[6:], 6, "seq"),
    (lambda ls: ls[:4] + [""] + ls[4:], 5, "blank line"),
])
def test_damaged_files_name_the_line(tmp_path, damage, line, reason):
    p = fight().save(tmp_path / "f.jsonl")
    write(p, damage(lines(p)))
    with pytest.raises(LogFormatError, match=rf"line {line}: .*({reason})"):
        Encounter.load(p)


def test_a_hand_edited_roll_does_not_replay(tmp_path):
    enc = fight()
    p = enc.save(tmp_path / "f.jsonl")
    ls = lines(p)
    i = next(k for k, ln in enumerate(ls) if '"kind": "roll"' in ln)
    obj = json.loads(ls[i])
    obj["data"]["total"] += 1
    ls[i] = json.dumps(obj)
    write(p, ls)
    with pytest.raises(LogFormatError, match=rf"line {i + 1}: replay gives"):
        Encounter.load(p)


def test_a_hand_edited_illegal_command_does_not_replay(tmp_path):
    """Moving the orc off the map: the replay refuses it, naming the line."""
    enc = fight()
    p = enc.save(tmp_path / "f.jsonl")
    ls = lines(p)
    i = next(k for k, ln in enumerate(ls) if '"kind": "move"' in ln and '"Orc"' in ln
             and '"command": true' in ln)
    obj = json.loads(ls[i])
    obj["data"]["to"] = [20, 20]
    ls[i] = json.dumps(obj)
    write(p, ls)
    with pytest.raises(LogFormatError, match=rf"line {i + 1}: the 'move' command does not "
                                             "replay"):
        Encounter.load(p)


def test_a_bad_header_is_refused(tmp_path):
    p = fight().save(tmp_path / "f.jsonl")
    ls = lines(p)
    h = json.loads(ls[0])
    h["creatures"][0]["level"] = 999
    write(p, [json.dumps(h)] + ls[1:])
    with pytest.raises(LogFormatError, match="line 1: bad header"):
        Encounter.load(p)


def test_read_jsonl_returns_line_numbers(tmp_path):
    p = fight().save(tmp_path / "f.jsonl")
    header, events = read_jsonl(p)
    assert header["seed"] == 5
    assert [ln for ln, _ in events] == list(range(2, 2 + len(events)))
    assert all(isinstance(e, Event) for _, e in events)


def test_event_log_is_read_only_sequence():
    enc = fight()
    log = enc.log
    assert isinstance(log, EventLog) and len(log) == len(list(log))
    assert log[0].command and log[0].kind == "start"
    assert [e.kind for e in log.commands][:3] == ["start", "move", "end_turn"]
    assert not hasattr(log, "append")


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), amount=st.integers(0, 40))
def test_round_trip_any_seed(tmp_path_factory, seed, amount):
    enc = fight(seed)
    enc.damage("Ally", amount, "piercing")
    p = enc.save(tmp_path_factory.mktemp("s") / "f.jsonl")
    assert Encounter.load(p).snapshot() == enc.snapshot()


def test_unknown_command_in_file_is_refused(tmp_path):
    p = fight().save(tmp_path / "f.jsonl")
    ls = lines(p)
    obj = json.loads(ls[-1])
    ls.append(json.dumps({**obj, "seq": obj["seq"] + 1, "step": obj["step"] + 1,
                          "kind": "teleport", "command": True, "data": {}}))
    write(p, ls)
    with pytest.raises(LfgError, match=f"line {len(ls)}"):
        Encounter.load(p)
