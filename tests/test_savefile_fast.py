"""A save's reading without work it need not do (issue 24, item 6: loading a 2,000-event
save): each short way is compared with the long way it replaces.

* the whole-file digest is checked alone; the line checksums, which only say *where* a
  file differs, are made only when it does (lfgcombat/engine/log/savefile.py);
* a line that is one JSON value and nothing else is read by the decoder's scanner straight;
  any other line by ``decode``, so every refusal (bad JSON, a key twice, NaN, a BOM) is the
  one it always was.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from lfgcombat import Creature, Encounter
from lfgcombat.engine.log import LogFormatError, read_jsonl
from lfgcombat.engine.log import savefile

from test_savefile import SWORD, small_fight  # the same small fight the save-file tests play


def _fight() -> Encounter:
    """:func:`small_fight` with an attack, its hero named outside ASCII (its JSON escaped)."""
    return small_fight(attack=True, hero="Héro \u00e9")


def test_the_whole_digest_alone_is_the_file_digests(tmp_path):
    path = _fight().save(tmp_path / "f.jsonl")
    lines = path.read_text(encoding="utf-8").splitlines()
    header, events = json.loads(lines[0]), [json.loads(x) for x in lines[1:]]
    assert savefile._whole_digest(header, events) == header["digest"]["file"]
    assert (savefile._whole_digest(header, events)
            == savefile.file_digest(header, events)["file"])
    odd = {"text": "a\ud800b", "n": [1, 2.5, None, True]}  # a lone surrogate, as written
    assert savefile._whole_digest(header, [odd]) == savefile.file_digest(header, [odd])["file"]


def test_a_changed_event_is_still_named_by_its_line(tmp_path):
    path = _fight().save(tmp_path / "f.jsonl")
    lines = path.read_text(encoding="utf-8").splitlines()
    obj = json.loads(lines[3])
    obj["round"] = 7
    lines[3] = json.dumps(obj)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(LogFormatError, match="this event was edited") as err:
        read_jsonl(path)
    assert err.value.line == 4


@pytest.mark.parametrize("line", [
    '{"a": 1, "b": [1, 2, {"c": null}]}', '  {"a": 1}  ', '{"a": 1}\r', '[1, 2]', '3',
    '"text"', '{"a": 1, "a": 2}', '{"a": {"b": 1, "b": 1}}', '{"a": NaN}', '{"a": 1} {}',
    '{"a": 1', '', '\ufeff{"a": 1}', '{"a": Infinity}', '{"a": 1e999}', "[" * 5000,
])
def test_a_line_is_read_as_decode_reads_it(line):
    def outcome(read):
        try:
            return "ok", read(line)
        except (ValueError, RecursionError) as exc:
            return type(exc).__name__, str(exc)
    assert outcome(savefile._scanned) == outcome(savefile._DECODER.decode)


def test_a_saved_fight_loads_the_same(tmp_path):
    enc = _fight()
    path = enc.save(tmp_path / "f.jsonl")
    assert [e.to_json() for e in Encounter.load(path).log] == [e.to_json() for e in enc.log]


# -- a save written today is checked as read, without encoding its events again ----------

def _lines(path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")[:-1]


def test_a_new_save_keeps_its_layout_and_its_digest_covers_its_lines_as_written(tmp_path):
    """The lines read as before (the event's keys in order, JSON's spacing); the digest
    adds ``text``, over the canonical header and the event lines as written (and the
    ``file`` digest), beside the canonical ``file`` digest every kit checks."""
    path = _fight().save(tmp_path / "f.jsonl")
    lines = _lines(path)
    assert lines[0].startswith('{"format": "lfgcombat-encounter", ')
    assert all(ln.startswith('{"seq": ') for ln in lines[1:]) and len(lines) > 5
    header = json.loads(lines[0])
    digest = header.pop("digest")
    canonical = json.dumps(header, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    whole = f"{canonical}\n" + "".join(ln + "\n" for ln in lines[1:]) + digest["file"]
    assert digest["text"] == hashlib.sha256(whole.encode()).hexdigest()
    assert digest["file"] == savefile.file_digest(header, map(json.loads, lines[1:]))["file"]


def test_an_intact_new_save_is_checked_without_encoding_its_events_again(tmp_path,
                                                                          monkeypatch):
    path = _fight().save(tmp_path / "f.jsonl")
    calls = []
    real = savefile._canonical
    monkeypatch.setattr(savefile, "_canonical", lambda obj: calls.append(1) or real(obj))
    header, events = read_jsonl(path)
    assert header.verified and len(events) == len(_lines(path)) - 1
    assert len(calls) == 1  # the header's line alone


def _read_the_long_way(path):
    """read_jsonl without its short way for an intact save (every line parsed, checked
    and encoded again for the file digest)."""
    import unittest.mock
    with unittest.mock.patch.object(savefile, "_read_intact", lambda text, where: None):
        return read_jsonl(path)


def _outcome(read, path):
    try:
        header, events = read(path)
        return "ok", dict(header), [(ln, type(e), vars(e)) for ln, e in events]
    except LogFormatError as exc:
        return "refused", str(exc), exc.line


def _header_edit(edit):
    def change(ls):
        h = json.loads(ls[0])
        edit(h)
        ls[0] = json.dumps(h, ensure_ascii=False)
    return change


@pytest.mark.parametrize("edit, loads", [
    (lambda ls: ls.__setitem__(4, ls[4].replace('"round": ', '"round": 1', 1)), False),
    (lambda ls: ls.__setitem__(2, ls[2].replace('"seq": 1,', '"seq":1 ,', 1)), True),
    (lambda ls: ls.__setitem__(2, ls[2] + "  "), True),
    (lambda ls: ls.__setitem__(2, json.dumps(json.loads(ls[2]), sort_keys=True)), True),
    (lambda ls: ls.append(""), False),  # a blank line
    (lambda ls: ls.__setitem__(3, ls[3] + " {}"), False),  # two values on one line
    (lambda ls: ls.__setitem__(3, ls[3].replace('"data": {', '"data": {"x": 1, "x": 1, ',
                                                1)), False),
    (lambda ls: ls.insert(3, ls[3]), False),
    (lambda ls: ls.pop(2), False),
    (lambda ls: ls.pop(), False),
    (lambda ls: ls.__setitem__(0, ls[0].replace('"seed": 3', '"seed": 4', 1)), False),
    (_header_edit(lambda h: h["digest"].update(file="0" * 64)), False),
    (_header_edit(lambda h: h["digest"].update(text="0" * 64)), True),
    (_header_edit(lambda h: h["digest"].pop("text")), True),
    (_header_edit(lambda h: h["digest"].update(algorithm="md5")), False),
    (_header_edit(lambda h: h["digest"].update(lines=h["digest"]["lines"][:-1])), False),
    (_header_edit(lambda h: h.update(version=1)), False),
], ids=["value", "spacing", "trailing spaces", "keys sorted", "blank line", "two values",
        "key twice", "line twice", "line removed", "last line removed", "header",
        "file digest", "text digest", "no text digest", "algorithm", "line sums",
        "version 1"])
def test_a_changed_new_save_is_refused_or_read_as_the_long_way_reads_it(tmp_path, edit,
                                                                         loads):
    """Whatever is changed in a save written today, the reader says what it always said:
    the same refusal naming the same line, or (spacing, the ``text`` digest) the same
    events, checked by the ``file`` digest."""
    path = _fight().save(tmp_path / "f.jsonl")
    lines = _lines(path)
    edit(lines)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    long_way = _outcome(_read_the_long_way, path)
    assert long_way[0] == ("ok" if loads else "refused"), long_way
    assert _outcome(read_jsonl, path) == long_way


def test_an_intact_save_reads_as_the_long_way_reads_it(tmp_path):
    path = _fight().save(tmp_path / "f.jsonl")
    assert _outcome(read_jsonl, path) == _outcome(_read_the_long_way, path)
    assert _outcome(read_jsonl, path)[0] == "ok"


def test_a_save_without_its_last_newline_still_loads(tmp_path):
    enc = _fight()
    path = enc.save(tmp_path / "f.jsonl")
    path.write_text(path.read_text(encoding="utf-8").rstrip("\n"), encoding="utf-8")
    assert [e.to_json() for e in Encounter.load(path).log] == [e.to_json() for e in enc.log]


def test_a_save_with_quotes_backslashes_and_line_separators_in_a_name_reads_the_short_way(
        tmp_path, monkeypatch):
    """JSON's escapes, a character outside the BMP and U+2028 (a line break to
    ``str.splitlines``, not to a save's lines) read the short way, as the long way reads
    them."""
    name = 'Orc "Big" \\ \U0001F600\u2028x'
    cs = [Creature.from_dict({"name": n, "class": "fighter", "level": 3,
                              "initiative_rating": i, "weapons": [SWORD]})
          for n, i in (("Héro", 40), (name, 0))]
    enc = Encounter(cs, sides={"a": ["Héro"], "b": [name]}, seed=3).start()
    enc.attack("Héro", name)
    path = enc.save(tmp_path / "f.jsonl")
    assert _outcome(read_jsonl, path) == _outcome(_read_the_long_way, path)
    calls = []
    real = savefile._canonical
    monkeypatch.setattr(savefile, "_canonical", lambda obj: calls.append(1) or real(obj))
    assert Encounter.load(path).snapshot() == enc.snapshot() and len(calls) == 1
