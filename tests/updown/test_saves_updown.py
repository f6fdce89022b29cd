"""A save holding issue 15's commands and events (a forced door, a volley) loads and replays
to the same state (their event kinds are declared in :mod:`lfgcombat.engine.log.updown`)."""

from __future__ import annotations

from lfgcombat import HexMap
from lfgcombat.engine import Encounter
from updown.test_encounter_archery import BOW, JAVELIN, mk
from updown.test_encounter_breaking import fight


def test_a_forced_door_saves_and_loads(tmp_path) -> None:
    enc = fight(1)
    enc.force_door("Brute", (2, 1))
    again = Encounter.load(enc.save(tmp_path / "door.jsonl"))
    assert again.snapshot() == enc.snapshot()
    assert "forced" in {e.kind for e in again.log}


def test_a_volley_saves_and_loads(tmp_path) -> None:
    cs = [mk("Archer", init=40, weapons=[BOW, JAVELIN]), mk("Orc", level=1)]
    m = HexMap.from_text("terrain: |\n  . . . # . .\n   . . . # . .\n  . . . # . .\n")
    m.place(cs[0], (1, 1), "party")
    m.place(cs[1], (5, 1), "orcs")
    enc = Encounter(cs, map=m, seed=3).start()
    enc.volley("Archer", (5, 1), "longbow")
    again = Encounter.load(enc.save(tmp_path / "volley.jsonl"))
    assert again.snapshot() == enc.snapshot()
    assert "volley" in {e.kind for e in again.log if not e.command}
