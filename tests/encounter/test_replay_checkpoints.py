"""Checkpoints (:mod:`lfgcombat.engine.checkpoints`): undo and fork restore the nearest
state snapshot and replay only the tail, and that gives exactly the state of a full replay
(DESIGN.md, "How data flows": state = replay(log)). Issue 10, "Targets": "with checkpoints
(state snapshots every k events, verified by the replay test)".
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from lfgcombat import Encounter
from lfgcombat.engine import checkpoints
from lfgcombat.engine.checkpoints import EVERY
from lfgcombat.engine.log import EventLog, read_jsonl

from .helpers import duel, undo_beside_full_replay

# The golden fights include first-format saves, which warn that their header is unverified
# (tests/test_golden.py checks that warning); here only the replay matters.
pytestmark = pytest.mark.filterwarnings("ignore::lfgcombat.engine.log.UnverifiedSaveWarning")


GOLDEN = Path(__file__).resolve().parents[1] / "golden"
FILES = sorted(GOLDEN.glob("*.jsonl"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_undo_from_a_checkpoint_gives_the_state_of_a_full_replay(path: Path):
    enc = Encounter.load(path)
    assert enc._checkpoints, "a golden fight is long enough to have checkpoints"
    steps = [e.seq for e in enc.log if e.command]
    rng = random.Random(path.stem)
    for n in sorted(rng.sample(range(1, len(steps)), 3)):
        undo_beside_full_replay(enc, n, steps[-n])


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_fork_from_a_checkpoint_is_the_fight_and_plays_on_identically(path: Path):
    enc = Encounter.load(path)
    fork = enc.fork()
    assert fork.snapshot() == enc.snapshot() and list(fork.log) == list(enc.log)
    assert fork.map is not enc.map and fork.roller is not enc.roller
    for e in (enc, fork):
        e.note("after the fork")
        e.undo(4)
    assert fork.snapshot() == enc.snapshot()


def test_checkpoints_are_taken_every_so_many_events_and_dropped_by_undo():
    enc = duel(map_=True).start()
    for _ in range(30):
        enc.end_turn(next=enc.choices()[0] if enc.choices() else None)
        enc.note("x")
    counts = [c.events for c in enc._checkpoints]
    assert counts == sorted(counts) and counts[0] >= EVERY
    assert all(b - a >= EVERY for a, b in zip(counts, counts[1:]))
    enc.undo(10)
    assert all(c.events <= len(enc.log) for c in enc._checkpoints)


def test_a_checkpoint_is_never_changed_by_playing_on():
    enc = duel(map_=True).start()
    while not enc._checkpoints:
        enc.note("x")
    cp = enc._checkpoints[0]
    hp = cp.state["_f"]["Orc"].to_dict()
    board = dict(cp.board["placed"])
    enc.damage("Orc", 3)
    enc.move("Hero", (3, 1))
    assert cp.state["_f"]["Orc"].to_dict() == hp
    assert cp.board["placed"].keys() == board.keys()
    assert all(cp.board["placed"][n] is board[n] for n in board)
    assert cp.board["placed"]["Hero"].anchor != enc.map._placed["Hero"].anchor


def test_take_and_restore_round_trip_the_state():
    enc = duel(map_=True).start()
    enc.move("Hero", (3, 1))
    enc.damage("Orc", 4)
    cp = checkpoints.take(enc)
    before = enc.snapshot()
    enc.end_turn(next="Orc")
    enc.add_condition("Ally", "ablaze")
    enc._log._truncate(cp.events)
    checkpoints.restore_into(enc, cp)
    assert enc.snapshot() == before


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_checkpoint_restores_the_state_the_replay_had_there(path: Path):
    """Play a golden fight's commands one by one, noting the state whenever a checkpoint is
    taken; restoring each checkpoint (into another encounter, as a fork does) gives exactly
    that state, rolls and map included."""
    header, numbered = read_jsonl(path)
    enc = Encounter._from_header(header)
    seen: dict[int, dict] = {}
    for _, ev in numbered:
        if ev.command:
            enc._do(ev.kind, dict(ev.data))
            if enc._checkpoints and enc._checkpoints[-1].events not in seen:
                seen[enc._checkpoints[-1].events] = enc.snapshot()
    assert list(enc.log) == [e for _, e in numbered]
    assert [c.events for c in enc._checkpoints] == list(seen)
    other = Encounter._from_header(header)
    for cp in enc._checkpoints:
        other._log = EventLog(list(enc.log)[:cp.events])
        checkpoints.restore_into(other, cp)
        assert other.snapshot() == seen[cp.events], f"checkpoint at {cp.events} events"


def test_checkpoints_across_map_edits_restore_the_map_of_then():
    """The GM's edits between checkpoints: each checkpoint restores the terrain and
    elevation of its moment, and undo from one gives a full replay's state."""
    enc = duel(map_=True).start()
    seen: dict[int, dict] = {}

    def note_state(e: Encounter) -> None:  # after every step: the map_edit one too
        if e._checkpoints and e._checkpoints[-1].events not in seen:
            seen[e._checkpoints[-1].events] = e.snapshot()
    enc.subscribe(note_state)
    for i in range(3 * EVERY):
        enc.map.set_terrain((i % 12, 6), "difficult" if i % 3 else "normal")
        enc.map.set_elevation((i % 12, 7), 5 * (i % 4))
        enc.note(f"edit {i}")
    assert len(seen) >= 3
    for cp in enc._checkpoints:
        other = enc.fork()
        other._log._truncate(cp.events)
        checkpoints.restore_into(other, cp)
        assert other.snapshot() == seen[cp.events]
    full = enc.fork()
    full._checkpoints = []
    full.undo(7)
    enc.undo(7)
    assert enc.snapshot() == full.snapshot()


def test_without_checkpoints_a_fight_plays_and_undoes_to_the_same_state():
    """``checkpoint_every = None`` (GM prep's simulated fights) takes no checkpoint; undo
    then replays from the start, to the very state the checkpointed fight reaches."""
    with_cp, without = duel(), duel()
    without.checkpoint_every = None
    for enc in (with_cp, without):
        enc.start()
        for _ in range(12):
            me = enc.current
            foe = next(n for n in enc.names if enc.side(n) != enc.side(me)
                       and not enc.state(n).dead)
            if enc.state(me).actions_left.attacks:
                enc.attack(me, foe)
            choices = enc.choices()
            enc.end_turn(next=choices[0] if choices else None)
    assert with_cp._checkpoints and not without._checkpoints
    assert list(without.log) == list(with_cp.log)
    for enc in (with_cp, without):
        enc.undo(5)
    assert without.snapshot() == with_cp.snapshot()
    assert list(without.log) == list(with_cp.log)


def test_the_prep_reference_tier_keeps_no_checkpoints():
    from lfgcombat.creature import load_example
    from lfgcombat.prep.reference import play
    from lfgcombat.prep.run import prepare_run
    scenario, spec = prepare_run({"a": [load_example("orc").replace(name="Orc A")],
                                  "b": [load_example("goblin").replace(name="Gob B")]},
                                 None, "weakest")
    enc, _ = play(scenario, spec, 3, 4)
    assert enc.checkpoint_every is None and not enc._checkpoints
