"""Checkpoints taken by a load (:func:`lfgcombat.engine.checkpoints.due`): far from the end
of the log they are :data:`~lfgcombat.engine.checkpoints.SPARSE` events apart, near it
every :data:`~lfgcombat.engine.checkpoints.EVERY` events as in a fight played live, and an
undo or a fork from any of them gives exactly the state of a full replay (DESIGN.md, "How
data flows": state = replay(log); issue 24, item 6: a load of a 2,000-event save).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from lfgcombat import Encounter
from lfgcombat.engine.checkpoints import EVERY, SPARSE, TAIL

from .helpers import undo_beside_full_replay

pytestmark = pytest.mark.filterwarnings("ignore::lfgcombat.engine.log.UnverifiedSaveWarning")

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
#: The longest golden fights (more than TAIL events: some of their checkpoints are sparse).
FILES = [GOLDEN / f"{n}.jsonl" for n in ("gm-edits", "melee-3", "melee-1")]


def _played(path: Path) -> Encounter:
    """The fight of ``path`` as if played live: every command of its log run again on a
    fresh encounter (checkpoints every EVERY events)."""
    enc = Encounter.load(path)
    live = enc.fork()
    live._checkpoints = []
    live._rebuild([])
    events = list(enc.log)
    for e in events:
        if e.command:
            live._do(e.kind, dict(e.data))
    assert list(live.log) == events
    return live


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_load_takes_sparse_checkpoints_far_from_the_end_and_dense_near_it(path):
    enc = Encounter.load(path)
    end = len(enc.log)
    assert end > TAIL + SPARSE, "the fight is long enough to have sparse checkpoints"
    at = [c.events for c in enc._checkpoints]
    assert at[0] >= EVERY and at == sorted(at)
    for a, b in zip(at, at[1:]):
        assert b - a >= (EVERY if end - b <= TAIL else SPARSE), (a, b, end)
    # near the end, as dense as a fight played live: no gap wider than one step past EVERY
    steps = [e.seq for e in enc.log if e.command] + [end]
    widest = max(b - a for a, b in zip(steps, steps[1:]))
    tail = [a for a in at if end - a <= TAIL]
    assert tail and end - tail[-1] < EVERY + widest
    assert all(b - a < EVERY + widest for a, b in zip(tail, tail[1:]))
    live = _played(path)
    assert len(enc._checkpoints) < len(live._checkpoints)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_undo_from_a_sparse_or_dense_checkpoint_gives_the_full_replay(path):
    enc = Encounter.load(path)
    steps = [e.seq for e in enc.log if e.command]
    rng = random.Random(path.stem)
    deep = [n for n in range(1, len(steps)) if len(enc.log) - steps[-n] > TAIL]
    near = [n for n in range(1, len(steps)) if len(enc.log) - steps[-n] <= TAIL]
    for n in sorted(rng.sample(deep, 3) + rng.sample(near, 2)):
        trial, full, used = undo_beside_full_replay(enc, n, steps[-n])
        assert steps[-n] - (used.events if used else 0) < SPARSE + EVERY  # replayed
        # the undone fight plays on as the full replay does, and keeps its checkpoints
        for e in (trial, full):
            e.note("after the undo")
        assert trial.snapshot() == full.snapshot()


def test_a_fight_played_live_still_takes_a_checkpoint_every_EVERY_events():
    live = _played(FILES[0])
    at = [c.events for c in live._checkpoints]
    assert at[0] >= EVERY and all(EVERY <= b - a < SPARSE for a, b in zip(at, at[1:]))
    assert live.__dict__.get("_replay_end") is None
