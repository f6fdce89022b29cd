"""A save's reading without work it need not do (issue 24, item 6: loading a 2,000-event
save): each short way is compared with the long way it replaces.

* the whole-file digest is checked alone; the line checksums, which only say *where* a
  file differs, are made only when it does (lfgcombat/engine/log/savefile.py);
* a line that is one JSON value and nothing else is read by the decoder's scanner straight;
  any other line by ``decode``, so every refusal (bad JSON, a key twice, NaN, a BOM) is the
  one it always was.
"""

from __future__ import annotations

import json

import pytest

from lfgcombat import Encounter
from lfgcombat.engine.log import LogFormatError, read_jsonl
from lfgcombat.engine.log import savefile

from test_savefile import small_fight  # the same small fight the save-file tests play


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
