"""Golden fight logs: saved fights that every later engine must load and replay exactly.

Issue 10 ("Safety net first"): the encounter is being split into rule-named modules; these
files pin what a fight *is* while that happens. Loading a file re-executes every command
with the recorded seed and compares every effect event with the file
(:meth:`lfgcombat.Encounter.load`), so a refactor that changes any roll, any AOO, any turn
order or any HP change fails here, naming the line. The final public table is compared too.

The files are written by ``tools/make_golden.py`` (notebook 20's fight, 000_8d1d7816ee944f3b.txt
"COMBAT GAMEPLAY – OVERVIEW:", and seeded random skirmishes under each initiative of
"Rounds, Initiative, & Turn Order", "Alternative Initiative Option #1" and "#2"; melees with every command; and a melee in which
the GM edits the map between steps, mixed with declined turns, interrupts and undo).
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from lfgcombat import Encounter
from lfgcombat.engine.log import UnverifiedSaveWarning, read_jsonl

GOLDEN = Path(__file__).resolve().parent / "golden"
FILES = sorted(GOLDEN.glob("*.jsonl"))
COLUMNS = ["name", "side", "card", "acting", "hp", "status", "conditions"]


def test_there_are_golden_fights():
    assert {p.stem for p in FILES} >= {"parley", "skirmish-selective",
                                       "skirmish-round-by-round", "skirmish-top-down",
                                       "melee-1", "gm-edits"}


def test_the_gm_edits_fight_mixes_map_edits_with_declines_and_interrupts():
    """gm-edits.jsonl (today's format, with the rules it was played under) pins the GM's
    map edits made between steps, one of them left unrecorded until a declined turn."""
    header, numbered = read_jsonl(GOLDEN / "gm-edits.jsonl")
    assert header.verified and header.rules is not None
    commands = [e for _, e in numbered if e.command]
    kinds = {e.kind for e in commands}
    assert {"map_edit", "interrupt", "move"} <= kinds
    assert any(a.kind == "end_turn" and a.data.get("declined") and b.kind == "map_edit"
               for a, b in zip(commands, commands[1:]))


def _load(path: Path) -> Encounter:
    """Load a golden fight; the first-format ones warn that their header is unverified."""
    if '"version": 1,' in path.read_text().split("\n", 1)[0]:
        with pytest.warns(UnverifiedSaveWarning, match="first format"):
            enc = Encounter.load(path)
        assert enc.verified is False
        return enc
    enc = Encounter.load(path)
    assert enc.verified is True
    return enc


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_fight_replays(path: Path):
    enc = _load(path)
    lines = path.read_text().splitlines()
    assert len(enc.log) == len(lines) - 1  # every event replayed (line 1 is the header)
    expected = pd.read_csv(path.with_suffix(".table.csv"), keep_default_na=False)
    got = enc.table()[COLUMNS].astype(str).reset_index(drop=True)
    pd.testing.assert_frame_equal(got, expected.astype(str), check_dtype=False)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_fight_undo_and_fork_agree(path: Path):
    """A fork is the same fight; undoing three steps leaves exactly the log's prefix."""
    enc = _load(path)
    fork = enc.fork()
    assert fork.snapshot() == enc.snapshot()
    enc.undo(3)
    kept = len(enc.log)
    assert 0 < kept < len(fork.log)
    assert list(enc.log) == list(fork.log)[:kept]
    assert sum(e.command for e in fork.log[kept:]) == 3
