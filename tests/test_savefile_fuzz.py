"""Generated damage to saved fights: only the kit's errors, never a different fight.

Issue 11, "Bad input": "Keep the generators as tests (hypothesis, bounded so `make test`
stays fast): each surface ... save files ... with a property 'only the kit's own errors,
nothing changed' and the numbers of inputs tried printed in the test log". And "Bad input"
1: "of 362 ±1 edits to the numbers in a saved fight's header ... 187 load without error and
give a different fight": a version-2 save refuses every one (its digest covers the header).
Run with ``-s`` (or ``-rP``) to see the counts.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from lfgcombat import Encounter, LfgError
from lfgcombat.engine.log import LogFormatError, UnverifiedSaveWarning, read_jsonl
from test_savefile import small_fight  # the same small fight the save-file tests play

FAST = settings(max_examples=100, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


def _fight() -> Encounter:
    return small_fight(attack=True)


@pytest.fixture(scope="module")
def saved(tmp_path_factory) -> tuple[bytes, Encounter]:
    enc = _fight()
    path = enc.save(tmp_path_factory.mktemp("fuzz") / "fight.jsonl")
    return path.read_bytes(), enc


def _load_or_refuse(path: Path, data: bytes, original: Encounter) -> bool:
    """Load ``data``: True if refused with the kit's error; if it loads it must be the
    original fight (only a change the digest cannot see: spacing, key order)."""
    path.write_bytes(data)
    try:
        enc = Encounter.load(path)
    except LfgError:
        return True
    assert enc.snapshot() == original.snapshot() and list(enc.log) == list(original.log)
    return False


def _numbers(obj: Any, at: tuple = ()) -> list[tuple]:
    """Paths to every number (not bool) in a JSON value."""
    if isinstance(obj, bool):
        return []
    if isinstance(obj, (int, float)):
        return [at]
    items = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(
        obj, list) else []
    return [p for k, v in items for p in _numbers(v, (*at, k))]


def _bump(obj: Any, at: tuple, by: int) -> Any:
    obj = json.loads(json.dumps(obj))
    inner = obj
    for k in at[:-1]:
        inner = inner[k]
    inner[at[-1]] += by
    return obj


def test_byte_flips_are_refused_or_harmless(saved, tmp_path):
    data, original = saved
    counts = {"tried": 0, "refused": 0}

    @FAST
    @given(pos=st.integers(0, len(data) - 1), byte=st.integers(0, 255))
    def flip(pos: int, byte: int) -> None:
        mutated = data[:pos] + bytes([byte]) + data[pos + 1:]
        counts["tried"] += 1
        counts["refused"] += _load_or_refuse(tmp_path / "f.jsonl", mutated, original)
    flip()
    print(f"\nbyte flips: {counts['tried']} tried, {counts['refused']} refused, "
          f"{counts['tried'] - counts['refused']} loaded as the same fight")
    assert counts["tried"] >= 100 and counts["refused"] > 0


def test_every_plus_minus_one_header_edit_is_refused(tmp_path):
    """Every number in the header (abilities, level, armor, save ratings, seed...) +1 and -1,
    in notebook 20's fight (tests/golden/parley.jsonl) saved today."""
    golden = Path(__file__).resolve().parent / "golden" / "parley.jsonl"
    with pytest.warns(UnverifiedSaveWarning):  # a first-format save, re-saved in today's
        lines = Encounter.load(golden).save(tmp_path / "parley.jsonl").read_text().split("\n")
    header = json.loads(lines[0])
    paths = _numbers(header)
    assert len(paths) > 100
    path = tmp_path / "f.jsonl"
    tried = 0
    for at in paths:
        for by in (1, -1):
            path.write_text("\n".join([json.dumps(_bump(header, at, by))] + lines[1:]))
            with pytest.raises(LogFormatError, match="line 1: "):
                read_jsonl(path)
            tried += 1
    print(f"\n±1 header edits: {tried} tried over {len(paths)} numbers, all refused")


def test_plus_minus_one_event_edits_are_refused(saved, tmp_path):
    data, original = saved
    lines = data.decode().split("\n")[:-1]
    counts = {"tried": 0}

    @FAST
    @given(st.data())
    def edit(draw: st.DataObject) -> None:
        i = draw.draw(st.integers(1, len(lines) - 1), label="line")
        obj = json.loads(lines[i])
        paths = _numbers(obj)
        at = draw.draw(st.sampled_from(paths), label="number")
        by = draw.draw(st.sampled_from([1, -1]), label="by")
        mutated = lines[:i] + [json.dumps(_bump(obj, at, by))] + lines[i + 1:]
        counts["tried"] += 1
        (tmp_path / "f.jsonl").write_text("\n".join(mutated) + "\n")
        with pytest.raises(LogFormatError, match=rf"line {i + 1}: "):
            Encounter.load(tmp_path / "f.jsonl")
    edit()
    print(f"\n±1 event edits: {counts['tried']} tried, all refused naming the line")


def test_truncations_are_refused_or_lose_only_the_last_newline(saved, tmp_path):
    data, original = saved
    counts = {"tried": 0, "refused": 0}

    @FAST
    @given(st.integers(0, len(data) - 1))
    def cut(n: int) -> None:
        counts["tried"] += 1
        refused = _load_or_refuse(tmp_path / "f.jsonl", data[:n], original)
        assert refused or n == len(data) - 1  # only the final newline may go
        counts["refused"] += refused
    cut()
    print(f"\ntruncations: {counts['tried']} tried, {counts['refused']} refused")


def test_duplicated_or_swapped_lines_are_refused(saved, tmp_path):
    data, original = saved
    lines = data.decode().split("\n")[:-1]
    counts = {"tried": 0}

    @FAST
    @given(i=st.integers(0, len(lines) - 1), j=st.integers(0, len(lines) - 1),
           swap=st.booleans())
    def shuffle(i: int, j: int, swap: bool) -> None:
        mutated = list(lines)
        if swap:
            if lines[i] == lines[j]:
                return
            mutated[i], mutated[j] = mutated[j], mutated[i]
        else:
            mutated.insert(j, lines[i])
        counts["tried"] += 1
        assert _load_or_refuse(tmp_path / "f.jsonl", ("\n".join(mutated) + "\n").encode(),
                               original)
    shuffle()
    print(f"\nduplicated/swapped lines: {counts['tried']} tried, all refused")


@pytest.mark.filterwarnings("ignore::lfgcombat.engine.log.UnverifiedSaveWarning")
def test_byte_flips_in_a_version_1_file_give_only_the_kits_errors(tmp_path):
    """A version-1 file (no digest) relies on the replay: still only LfgError."""
    enc = _fight()
    lines = enc.save(tmp_path / "v2.jsonl").read_text().split("\n")
    h = json.loads(lines[0])
    for key in ("format_version", "engine", "digest"):
        del h[key]
    h["version"] = 1
    data = "\n".join([json.dumps(h)] + lines[1:]).encode()
    counts = {"tried": 0, "refused": 0}

    @settings(max_examples=40, deadline=None, derandomize=True)
    @given(pos=st.integers(0, len(data) - 1), byte=st.sampled_from(b"0123456789 ,:{}[]\"ax"))
    def flip(pos: int, byte: int) -> None:
        counts["tried"] += 1
        path = tmp_path / "f.jsonl"
        path.write_bytes(data[:pos] + bytes([byte]) + data[pos + 1:])
        try:
            Encounter.load(path)
        except LfgError:
            counts["refused"] += 1
    flip()
    print(f"\nversion-1 byte flips: {counts['tried']} tried, {counts['refused']} refused, "
          "the rest loaded (a version-1 header is trusted)")
