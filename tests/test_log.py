"""The event log (lfgcombat.engine.log) and the encounter's save / load / replay.

DESIGN.md, "How data flows": "every change is an Event appended to the log; state =
replay(log)"; "save is 'write the log'; load is 'replay'. Replaying a saved log must
reproduce the state exactly." Issue 6: "Loading a damaged or hand-edited file that does
not replay raises LfgError naming the line and the reason".
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from lfgcombat import Creature, HexMap, LfgError
from lfgcombat.engine import Encounter
from lfgcombat.engine.log import Event, EventLog, LogFormatError, read_jsonl, write_jsonl

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


def full(kind: str, command: bool = False, **given) -> dict:
    """``given``, and ``None`` for every other field the kind requires (issue 24, item 4: an
    event missing a required field is refused where it is built)."""
    from lfgcombat.engine.log import COMMAND_TYPES, EFFECT_TYPES
    cls = (COMMAND_TYPES if command else EFFECT_TYPES)[kind]
    return {**{k: None for k in cls.FIELDS if k not in cls.OPTIONAL}, **given}


def lines(path) -> list[str]:
    return open(path, encoding="utf-8").read().splitlines()


def write(path, ls: list[str]) -> None:
    open(path, "w", encoding="utf-8").write("\n".join(ls) + "\n")


def as_version_1(ls: list[str]) -> list[str]:
    """The same save as a version-1 file (no engine version, no digest): its header is
    trusted, so a hand edit reaches the replay check."""
    h = json.loads(ls[0])
    for key in ("format_version", "engine", "digest"):
        del h[key]
    h["version"] = 1
    return [json.dumps(h)] + ls[1:]


# ------------------------------------------------------------------ events


def test_event_json_round_trip_and_checks():
    e = Event(3, 1, "roll", False, 2, "Orc", "Orc", "Hero", full("roll", total=14, faces=[9]))
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
    broken = Event(0, 0, "note", False, 0, None, None, None, {"text": object()})
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
    ls = as_version_1(lines(p))
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
    ls = as_version_1(lines(p))
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
    ls = as_version_1(lines(p))
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


# ------------------------------------------------------------------ typed events (issue 10, 6)


def test_event_builds_the_class_of_its_kind():
    from lfgcombat.engine.log import COMMAND_TYPES, EFFECT_KINDS, EFFECT_TYPES, effects, commands
    roll = Event(3, 1, "roll", False, 2, "Orc", "Orc", "Hero", full("roll", total=14))
    assert type(roll) is effects.Roll and isinstance(roll, Event)
    cmd = Event(seq=4, step=2, kind="damage", command=True,
                data=full("damage", True, name="Hero"))
    assert type(cmd) is commands.DamageCommand
    effect = Event(5, 2, "damage", False, target="Hero", data=full("damage", amount=2))
    assert type(effect) is effects.Damage and effect != cmd
    assert list(EFFECT_KINDS) == list(EFFECT_TYPES) and len(EFFECT_KINDS) == 58  # +5 issue 14, +19 issue 15, +5 issue 13
    assert {"move", "attack", "end_turn", "cast", "note"} <= set(COMMAND_TYPES)
    # a kind nobody declared stays a plain Event in memory (the encounter decides commands)
    assert type(Event(0, 0, "teleport", True)) is Event
    with pytest.raises(LfgError, match="Roll is the effect 'roll'"):
        effects.Roll(0, 0, "damage")


def test_equality_is_by_kind_and_every_field():
    a = Event(3, 1, "roll", False, 2, "Orc", "Orc", "Hero", full("roll", total=14))
    assert a == Event(3, 1, "roll", False, 2, "Orc", "Orc", "Hero", full("roll", total=14))
    assert a != Event(3, 1, "roll", False, 2, "Orc", "Orc", "Hero", full("roll", total=15))
    assert a != Event(3, 1, "note", False, 2, "Orc", "Orc", "Hero", {"text": "14"})
    assert a != Event(3, 1, "roll", True, 2, "Orc", "Orc", "Hero", full("roll", total=14))


def test_every_engine_event_uses_only_its_declared_fields():
    """The classes' FIELDS tell the truth about what the engine records (a golden fight and
    the test fight)."""
    from lfgcombat.engine.log import Event as E
    from pathlib import Path
    events = list(fight().log)
    for path in sorted((Path(__file__).parent / "golden").glob("*.jsonl")):
        events += [e for _, e in read_jsonl(path)[1]]
    kinds = set()
    for e in events:
        assert type(e) is not E, f"{e.kind} has no class"
        assert set(e.data) <= set(type(e).FIELDS), (e.kind, set(e.data) - set(type(e).FIELDS))
        kinds.add((e.kind, e.command))
    assert len(kinds) > 30


def test_describe_moved_into_the_classes_writes_the_same_text():
    """tests/golden/event-texts.json: events of every kind the encounter tests make, with
    the text the old 105-line if-chain gave them (notebooks 18 and 20 print it)."""
    from pathlib import Path
    cases = json.loads((Path(__file__).parent / "golden" / "event-texts.json").read_text())
    assert len(cases) > 50
    for case in cases:
        assert Event.from_json(case["event"]).describe() == case["text"]


# ------------------------------------------------------------------ versioned saves (issue 10, 7)


def test_a_save_carries_format_engine_and_digest(tmp_path):
    import lfgcombat
    p = fight().save(tmp_path / "f.jsonl")
    h = json.loads(lines(p)[0])
    assert (h["format"], h["version"], h["format_version"]) == ("lfgcombat-encounter", 2, 2)
    assert h["engine"] == lfgcombat.__version__
    assert h["rules"] == {"revision": lfgcombat._version.RULES_REVISION,
                          "tables": lfgcombat.engine.log.savefile.tables_fingerprint()}
    assert h["digest"]["algorithm"] == "sha256" and len(h["digest"]["file"]) == 64
    header, events = read_jsonl(p)
    assert header.verified and header.format_version == 2
    assert header.engine == lfgcombat.__version__


def test_a_hand_edited_roll_in_a_version_2_file_is_refused_naming_the_line(tmp_path):
    p = fight().save(tmp_path / "f.jsonl")
    ls = lines(p)
    i = next(k for k, ln in enumerate(ls) if '"kind": "roll"' in ln)
    obj = json.loads(ls[i])
    obj["data"]["total"] += 1
    ls[i] = json.dumps(obj)
    write(p, ls)
    with pytest.raises(LogFormatError, match=rf"line {i + 1}: this event was edited or "
                                             "damaged after the file was saved"):
        Encounter.load(p)


def test_a_header_edit_in_a_version_2_file_is_refused(tmp_path):
    """Issue 11, "Bad input" 1: +1 to a creature's level used to load as another fight."""
    p = fight().save(tmp_path / "f.jsonl")
    ls = lines(p)
    h = json.loads(ls[0])
    h["creatures"][0]["level"] += 1
    write(p, [json.dumps(h)] + ls[1:])
    with pytest.raises(LogFormatError, match="line 1: the header was edited or damaged"):
        Encounter.load(p)


def test_a_truncated_version_2_file_is_refused(tmp_path):
    p = fight().save(tmp_path / "f.jsonl")
    ls = lines(p)
    write(p, ls[:-2])
    with pytest.raises(LogFormatError, match=rf"line {len(ls) - 1}: the file has "
                                             rf"{len(ls) - 2} lines but was saved with "
                                             rf"{len(ls)}: lines were removed"):
        read_jsonl(p)


@pytest.mark.parametrize("rules", ["1", {"revision": "1", "tables": "ab"},
                                   {"revision": 1}, None])
def test_a_header_whose_rules_are_not_a_revision_and_a_fingerprint_is_refused(tmp_path, rules):
    """Even with a matching digest (another writer): the header's ``rules`` is
    ``{"revision": <int>, "tables": <str>}`` or absent (a save from before it existed)."""
    from lfgcombat.engine.log import file_digest
    p = fight().save(tmp_path / "f.jsonl")
    ls = lines(p)
    h = json.loads(ls[0])
    h["rules"] = rules
    h["digest"] = file_digest(h, [json.loads(x) for x in ls[1:]])
    write(p, [json.dumps(h)] + ls[1:])
    with pytest.raises(LogFormatError, match="line 1: the header's rules .* are not "
                                             r"\{\"revision\""):
        read_jsonl(p)


def test_an_edited_digest_is_refused(tmp_path):
    p = fight().save(tmp_path / "f.jsonl")
    ls = lines(p)
    h = json.loads(ls[0])
    h["digest"]["file"] = "0" * 64
    write(p, [json.dumps(h)] + ls[1:])
    with pytest.raises(LogFormatError, match="line 1: the digest in the header was edited"):
        read_jsonl(p)


def test_reformatting_a_version_2_file_keeps_it_valid(tmp_path):
    """The digest covers the data, not the spacing: a file re-indented by a tool loads."""
    enc = fight()
    p = enc.save(tmp_path / "f.jsonl")
    write(p, [json.dumps(json.loads(ln), indent=None, separators=(",", ":"), sort_keys=True)
              for ln in lines(p)])
    assert Encounter.load(p).snapshot() == enc.snapshot()


def test_version_1_files_load_unverified():
    from pathlib import Path
    path = Path(__file__).parent / "golden" / "parley.jsonl"
    header, events = read_jsonl(path)
    assert header["version"] == 1 and header.format_version == 1
    assert header.verified is False and header.engine is None
    assert len(events) == len(lines(path)) - 1


def test_a_newer_format_is_refused_saying_to_update(tmp_path):
    p = fight().save(tmp_path / "f.jsonl")
    ls = lines(p)
    h = json.loads(ls[0])
    h["version"] = h["format_version"] = 3
    h["engine"] = "9.0"
    write(p, [json.dumps(h)] + ls[1:])
    with pytest.raises(LogFormatError, match=r"line 1: unsupported version 3 \(written by "
                                             r"lfgcombat 9.0\).*update lfgcombat"):
        read_jsonl(p)


def test_writer_sets_its_own_header_keys(tmp_path):
    enc = fight()
    header = {**enc._header(), "version": 1, "digest": "x", "engine": "0.0"}
    p = write_jsonl(tmp_path / "f.jsonl", header, enc.log)
    h, _ = read_jsonl(p)
    assert h.verified and h["version"] == 2 and h["engine"] != "0.0"


def test_replay_mismatch_says_the_rules_changed(tmp_path):
    """Issue 10, 7: a save whose replay differs under a newer engine: "the rules changed
    since it was written" and which event differs."""
    from lfgcombat.engine.log import SaveHeader, engine_version, replay_mismatch_message, rules_stamp
    recorded = Event(7, 2, "roll", False, 1, "Orc", "Orc", "Hero", full("roll", total=14))
    replayed = Event(7, 2, "roll", False, 1, "Orc", "Orc", "Hero", full("roll", total=15))
    now = rules_stamp()
    old = SaveHeader({"engine": "0.0.1", "rules": now}, format_version=2, engine="0.0.1",
                     verified=True)
    msg = replay_mismatch_message(old, recorded, replayed)
    today = (f"lfgcombat {engine_version()} (rules revision {now['revision']}, tables "
             f"{now['tables']})")
    assert msg.startswith("the rules changed since this save was written: it was played "
                          f"under lfgcombat 0.0.1 (rules revision {now['revision']}, tables "
                          f"{now['tables']}), and under {today} event #7 differs: replay "
                          "gives <Event #7")
    assert "= 15" in msg and "where the log records <Event #7" in msg and "= 14" in msg
    assert "(data.total: recorded 14, replayed 15) (changed: lfgcombat 0.0.1 -> " in msg
    assert msg.endswith("Encounter.load(path, rederive=True) replays it under today's rules "
                        "and lists every difference)")
    same = SaveHeader({"rules": now}, format_version=2, engine=engine_version(),
                      verified=True)
    assert "bug in lfgcombat" in replay_mismatch_message(same, recorded, None)
    assert "replay gives no event" in replay_mismatch_message(same, recorded, None)
    # a format-2 save from before the header recorded the rules: they may have changed
    before = SaveHeader({}, format_version=2, engine=engine_version(), verified=True)
    assert replay_mismatch_message(before, recorded, replayed).startswith(
        "the rules may have changed since this save was written: it was played under "
        f"lfgcombat {engine_version()} (before saves recorded the rules revision)")
    v1 = SaveHeader({}, format_version=1, engine=None, verified=False)
    assert "hand-edited or damaged file, or the rules changed" in replay_mismatch_message(
        v1, None, replayed)
    assert "rules changed since this save" in replay_mismatch_message(
        {"engine": "0.0.1", "digest": {}}, recorded, replayed)


def _engine_records() -> list[tuple[str, str, bool, set[str]]]:
    """(file:line, kind, command, literal data keys) of every ``_emit("kind", data={...})``
    and ``_do("kind", {...})`` in the encounter's source (a module or a package)."""
    import ast
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent / "lfgcombat"
    files = [root / "encounter.py"] if (root / "encounter.py").exists() else []
    files += [p for d in ("engine", "rules") for p in sorted((root / d).rglob("*.py"))]
    found = []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                continue
            name = getattr(node.func, "attr", getattr(node.func, "id", None))
            if name in ("_emit", "emit"):
                command = any(k.arg == "command" for k in node.keywords)
                data = next((k.value for k in node.keywords if k.arg == "data"), None)
            elif name in ("_do", "do"):
                command, data = True, node.args[1] if len(node.args) > 1 else None
            else:
                continue
            keys = ({k.value for k in data.keys if isinstance(k, ast.Constant)}
                    if isinstance(data, ast.Dict) else set())
            found.append((f"{path.name}:{node.lineno}", node.args[0].value, command, keys))
    return found


def test_the_engine_records_only_declared_kinds_and_fields():
    """Every event the encounter's source builds from a dict literal has a class, and its
    keys are the class's FIELDS (the declaration stays true while the encounter changes)."""
    from lfgcombat.engine.log import COMMAND_TYPES, EFFECT_TYPES
    found = _engine_records()
    assert len(found) > 60, ("found few _emit/_do calls: were they renamed? update "
                             "_engine_records")
    for where, kind, command, keys in found:
        cls = (COMMAND_TYPES if command else EFFECT_TYPES).get(kind)
        assert cls is not None, f"{where}: {'command' if command else 'effect'} {kind!r} " \
                                "has no class in lfgcombat.engine.log"
        assert keys <= set(cls.FIELDS), f"{where}: {kind} records {keys - set(cls.FIELDS)}"


def test_a_version_2_golden_file_loads_verified():
    """tests/golden/parley-v2.jsonl: notebook 20's fight saved in format 2, so later engines
    keep reading format 2 (tests/test_golden.py replays it and compares its table)."""
    from pathlib import Path
    header, events = read_jsonl(Path(__file__).parent / "golden" / "parley-v2.jsonl")
    assert header.verified and header.format_version == 2 and header["engine"]
    parley, _ = read_jsonl(Path(__file__).parent / "golden" / "parley.jsonl")
    writer = ("version", "format_version", "engine", "digest")
    assert ({k: v for k, v in header.items() if k not in writer}
            == {k: v for k, v in parley.items() if k not in writer})


def test_differences_name_each_field():
    from lfgcombat.engine.log import differences
    a = Event(3, 1, "damage", False, 2, "Orc", "Orc", "Hero",
              full("damage", amount=7, damage={"slashing": 7}, hp_after=30))
    b = Event(3, 1, "damage", False, 2, "Orc", "Orc", "Hero",
              full("damage", amount=8, damage={"slashing": 8}, hp_after=30,
                   temp_hp_before=5))  # an optional field, absent from the recorded one
    assert differences(a, b) == ["data.amount: recorded 7, replayed 8",
                                 "data.damage.slashing: recorded 7, replayed 8",
                                 "data.temp_hp_before: recorded '(absent)', replayed 5"]
    assert differences(a, a) == []
    effect = Event(3, 1, "note", False, 2, "Orc", "Orc", "Hero", {"text": "7"})
    c = Event(3, 1, "note", True, 2, "Orc", "Orc", "Hero", {"text": "7"})
    assert differences(effect, c) == ["command: recorded False, replayed True"]
    many = Event(4, 2, "note", False, 3, "x", "y", "z", {"text": "t"})
    assert differences(a, many)[-1].startswith("... and ")


@pytest.mark.parametrize("version", [3, 2.0, 1.0, True, "2", None])
def test_only_known_whole_number_versions_are_read(tmp_path, version):
    p = fight().save(tmp_path / "f.jsonl")
    ls = lines(p)
    h = json.loads(ls[0])
    h["version"] = version
    write(p, [json.dumps(h)] + ls[1:])
    with pytest.raises(LogFormatError, match="line 1: unsupported version"):
        read_jsonl(p)


def test_the_rules_tables_fingerprint_covers_every_table_and_ignores_line_endings(tmp_path):
    """The ``tables`` of a save's ``rules``: every CSV of the data package, the rulesets'
    folders too; an edit to any of them changes it, Windows line endings do not."""
    import shutil
    from pathlib import Path

    from lfgcombat.engine.log.savefile import folder_fingerprint, tables_fingerprint
    data = tmp_path / "data"
    shutil.copytree(Path(__file__).resolve().parents[1] / "data", data)
    assert folder_fingerprint(data) == tables_fingerprint()
    nested = sorted(data.glob("*/*.csv"))[0]  # a ruleset's table (data/classic/...)
    text = nested.read_bytes()
    nested.write_bytes(text.replace(b"\n", b"\r\n"))
    assert folder_fingerprint(data) == tables_fingerprint()
    nested.write_bytes(text + b"\n")
    assert folder_fingerprint(data) != tables_fingerprint()


@pytest.mark.parametrize("mode, verb", [("fly", "flies"), ("swim", "swims"),
                                        ("climb", "climbs"), ("leap", "leaps")])
def test_a_move_by_mode_reads_as_english(mode, verb):
    """000_8d1d7816ee944f3b.txt, "Other Types of Movement": the log says "Griffon flies",
    not "Griffon flys"."""
    e = Event(9, 1, "moved_mode", False, 4, "Griffon", "Griffon", None,
              full("moved_mode", mode=mode, feet=30, altitude=10))
    assert e.describe() == f"Griffon {verb} 30 ft (altitude 10 ft)"


def test_an_event_refuses_a_field_its_kind_does_not_record():
    """Issue 24, item 4: ``Event(..., "moved", ..., {"bogus_key": 1})`` built a ``Moved``;
    an unknown field is now refused where the event is built, naming the kind's fields."""
    from lfgcombat.engine.log.events import EventDataError
    with pytest.raises(EventDataError, match=r"'roll' effect records expression, faces.*"
                                             r"not 'bogus_key'"):
        Event(3, 1, "roll", False, 2, "Orc", "Orc", "Hero",
              full("roll", total=14, bogus_key=1))
    Event(3, 1, "roll", False, 2, "Orc", "Orc", "Hero", full("roll", total=14))  # known fields


def test_the_log_hands_out_events_nobody_can_edit(tmp_path):
    """Issue 24, item 4: a user who edited ``enc.log[-1].data`` made the next save refuse to
    replay; an event's data is now read-only (and the event frozen), and copies, pickles
    and saves of it read the same."""
    import copy
    import pickle
    from lfgcombat.engine.log.events import EventDataError
    enc = fight()
    e = enc.log[-1]
    for change in (lambda d: d.__setitem__("total", 1), lambda d: d.update(total=1),
                   lambda d: d.pop("total"), lambda d: d.clear(),
                   lambda d: d.setdefault("x", 1)):
        with pytest.raises(EventDataError, match="read-only"):
            change(e.data)
    assert copy.deepcopy(e) == e and pickle.loads(pickle.dumps(e)) == e
    assert json.loads(json.dumps(e.to_json()))["data"] == dict(e.data)
    again = Encounter.load(enc.save(tmp_path / "f.jsonl"))
    assert [x.to_json() for x in again.log] == [x.to_json() for x in enc.log]


def test_a_saved_event_with_a_field_its_kind_never_records_is_refused_in_words(tmp_path):
    """A file whose roll was edited to record a made-up field: refused naming the line and
    the kind's fields (a kit error, not a roll read with a field nobody knows)."""
    p = fight().save(tmp_path / "f.jsonl")
    ls = lines(p)
    i = next(n for n, ln in enumerate(ls) if '"kind": "roll"' in ln)
    ls[i] = ls[i].replace('"data": {', '"data": {"bogus_key": 1, ', 1)
    write(p, ls)
    with pytest.raises(LogFormatError, match=rf"line {i + 1}: a 'roll' effect records "
                                              r"expression, .* not 'bogus_key'"):
        read_jsonl(p)


# ------------------------------------------------------------------ fields enforced (issue 24, 4)


def test_an_event_missing_a_required_field_is_refused_where_it_is_built(tmp_path):
    """Issue 24, item 4: "an unknown or missing field is refused where the event is built":
    by ``Event(...)``, by the encounter's ``_emit`` (the log unchanged) and in a file (the
    line named); an optional field may be left out."""
    from lfgcombat.engine.log.events import EventDataError
    data = full("damage", amount=7)
    del data["hp_after"]
    with pytest.raises(EventDataError, match=r"'damage' effect is missing hp_after: it records "
                                             r"amount, type, .*; only temp_hp_before, "
                                             r"temp_hp_after may be left out"):
        Event(3, 1, "damage", False, 2, "Orc", "Orc", "Hero", data)
    Event(3, 1, "damage", False, 2, "Orc", "Orc", "Hero", full("damage"))  # optional left out
    with pytest.raises(EventDataError, match=r"'move' command is missing to: it records "
                                             r"name, to, aoo; every one is required"):
        Event(3, 1, "move", True, 2, None, "Orc", None, {"name": "Orc", "aoo": None})
    enc = fight()
    before = [e.to_json() for e in enc.log]
    with pytest.raises(EventDataError, match="'note' effect is missing text"):
        enc._emit("note", data={"rule": "x"})
    assert [e.to_json() for e in enc.log] == before
    p = enc.save(tmp_path / "f.jsonl")
    ls = lines(p)
    i = next(n for n, ln in enumerate(ls) if '"kind": "roll"' in ln)
    obj = json.loads(ls[i])
    del obj["data"]["total"]
    ls[i] = json.dumps(obj)
    write(p, ls)
    with pytest.raises(LogFormatError, match=rf"line {i + 1}: a 'roll' effect is missing "
                                              r"total: it records expression, faces"):
        read_jsonl(p)


_GOLDEN_DIR = Path(__file__).resolve().parent / "golden"


def _gm_damage(enc):
    """The damage effect of the GM's ``damage("Hero", 7, "slashing")`` in :func:`fight`."""
    cmd = next(c for c in enc.log if c.kind == "damage" and c.command)
    return next(e for e in enc.log if e.step == cmd.step and e.kind == "damage" and not e.command)


def _containers(value, found):
    """Every list and dict in ``value`` (at any depth), into ``found``."""
    if isinstance(value, (list, dict)):
        found.append(value)
        for v in (value.values() if isinstance(value, dict) else value):
            _containers(v, found)
    return found


def test_an_events_nested_values_are_read_only_too():
    """Issue 24, item 4: "``enc.log`` hands out immutable events": a list or dict inside an
    event's data refuses every change too (``ev.data["path"].append``, ``ev.data["x"]["y"] =
    1``), while it still reads, compares, prints and saves as the list or dict it was."""
    import copy
    import pickle
    from lfgcombat.engine.log.events import EventData, EventDataError, EventList
    enc = fight()
    moved = next(e for e in enc.log if e.kind == "moved")
    path = moved.data["path"]
    plain = json.loads(json.dumps(path))
    assert path == plain and isinstance(path, list) and str(path) == str(plain)
    for change in (lambda: path.append([0, 0]), lambda: path[0].append(1),
                   lambda: path.__setitem__(0, 1), lambda: path.__delitem__(0),
                   lambda: path.extend([]), lambda: path.insert(0, 1), lambda: path.pop(),
                   lambda: path.remove(path[0]), lambda: path.clear(), lambda: path.sort(),
                   lambda: path.reverse(), lambda: path.__iadd__([1]),
                   lambda: path.__imul__(2)):
        with pytest.raises(EventDataError, match="read-only"):
            change()
    damage = _gm_damage(enc)
    with pytest.raises(EventDataError, match="read-only"):
        damage.data["damage"]["slashing"] = 1
    assert damage.data["damage"] == {"slashing": 7}
    from lfgcombat.engine.log import UnverifiedSaveWarning
    with pytest.warns(UnverifiedSaveWarning, match="first format"):  # lists of dicts in dicts
        melee = Encounter.load(_GOLDEN_DIR / "melee-1.jsonl")
    effect = next(e for e in melee.log if e.kind == "effect_start"
                  and e.data["effect"].get("bonuses"))
    with pytest.raises(EventDataError, match="read-only"):
        effect.data["effect"]["bonuses"][0]["value"] = 9
    for e in [*enc.log, *melee.log]:  # nothing mutable anywhere
        for c in _containers(e.data, []):
            assert type(c) in (EventData, EventList), (e, c)
    again = pickle.loads(pickle.dumps(moved))
    assert again == moved and type(again.data["path"]) is EventList
    assert copy.deepcopy(moved).data["path"] is path
    with pytest.raises(EventDataError):
        again.data["path"].append(1)
    assert list(path) + [1] == plain + [1]  # a copy changes freely


def test_every_declared_field_is_a_read_only_attribute():
    """Issue 24, item 4: typed events: ``ev.amount``, ``ev.path``... read the event's
    ``data`` (an absent optional field gives its declared default); they cannot be set."""
    import dataclasses
    enc = fight()
    own = {x.name for x in dataclasses.fields(Event)}
    checked = 0
    for e in enc.log:
        for f in type(e).FIELDS:
            if f in own:  # kind, round, target...: an event's own attribute
                continue
            assert getattr(e, f) == e.data.get(f, type(e).OPTIONAL.get(f)), (e, f)
            checked += 1
    assert checked > 100
    damage = _gm_damage(enc)
    assert damage.amount == damage.data["amount"] == 7 and damage.hp_after == damage.data["hp_after"]
    with pytest.raises(AttributeError):
        damage.amount = 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        damage.data = {}
    cmd = Event(3, 1, "damage", True, 2, None, "Hero", None,
                {"name": "Hero", "amount": 7, "type": "fire", "by": None})
    assert cmd.nonlethal is False and "nonlethal" not in cmd.data  # its handler's default
    assert "amount" in type(damage).__dict__ and "kind" not in type(damage).__dict__


def test_a_commands_optional_fields_are_its_handlers_defaulted_arguments():
    """A command's data is its handler's keyword arguments: those with a default may be left
    out (a save written before the argument existed replays with it), the others are
    required."""
    import inspect
    from lfgcombat.engine.commands import handler
    from lfgcombat.engine.log import COMMAND_TYPES
    for kind, cls in COMMAND_TYPES.items():
        params = inspect.signature(handler(kind)).parameters
        assert set(cls.FIELDS) <= set(params), kind
        defaulted = {n: params[n].default for n in cls.FIELDS
                     if params[n].default is not inspect.Parameter.empty}
        assert set(cls.OPTIONAL) == set(defaulted), kind
        for name, default in defaulted.items():
            if default is None or isinstance(default, (bool, int, str)):
                assert cls.OPTIONAL[name] == default, (kind, name)


_GOLDEN = sorted(_GOLDEN_DIR.glob("*.jsonl"))


@pytest.mark.parametrize("path", _GOLDEN, ids=[p.stem for p in _GOLDEN])
def test_every_golden_log_loads_replays_and_saves_back_what_it_read(tmp_path, path):
    """Issue 24, item 4: "Saves of both formats keep loading and replaying identically": every
    golden fight (first format too) reads with every required field present, replays (each
    effect compared with the file's), saves the very events it read, and a save of it loads
    and saves back byte for byte."""
    import warnings
    from lfgcombat.engine.log import UnverifiedSaveWarning
    recorded = [json.loads(x) for x in lines(path)[1:]]
    _, numbered = read_jsonl(path)
    assert [e.to_json() for _, e in numbered] == recorded
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UnverifiedSaveWarning)
        enc = Encounter.load(path)
    first = enc.save(tmp_path / "a.jsonl")
    assert [json.loads(x) for x in lines(first)[1:]] == recorded
    second = Encounter.load(first).save(tmp_path / "b.jsonl")
    assert open(first, "rb").read() == open(second, "rb").read()
