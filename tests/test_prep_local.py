"""GM prep on this machine (issue 12: "``backend=None`` runs locally (all cores)"; "a
progress bar ... on every run longer than a second").

``backend=None`` plays the reference tier's chunks on a process pool (pure Python holds the
GIL, so threads would not help): forked from a script, started by a fork server from an
interactive session (a Jupyter kernel runs threads, which make forking unsafe), in this
process where it may not start processes; the fights are the same whatever the pool. The
fast tier's compiled kernel is prepared before the first chunk, with a bar when that takes
more than a second (the first run after an install compiles it for ~10-15 s).
"""

from __future__ import annotations

import sys
import time
import types

import numpy as np
import pytest

from lfgcombat.creature import load_example
from lfgcombat.prep import simulate
from lfgcombat.prep import run as prep_run

KEYS = ("winner", "rounds", "hp", "dead", "felled", "dealt")


def _sides():
    return {"a": [load_example("orc").replace(name="Orc A")],
            "b": [load_example("goblin").replace(name="Goblin B")]}


def _same(x, y) -> None:
    for key in KEYS:
        assert np.array_equal(getattr(x, key), getattr(y, key)), key


@pytest.fixture(autouse=True)
def a_script(monkeypatch):
    """Run as from a script (``__main__`` has a file), whatever runs the tests: pytest
    itself, or a pytest-xdist worker (whose ``__main__`` has none, like a kernel's)."""
    main = types.ModuleType("__main__")
    main.__file__ = "script.py"
    monkeypatch.setitem(sys.modules, "__main__", main)


@pytest.fixture
def pools(monkeypatch):
    """The start methods of the process pools ``backend=None`` opens, as they open."""
    opened: list[str | None] = []
    real = prep_run._processes

    def spy(args, tasks, method=None):
        opened.append(method)
        return real(args, tasks, method)
    monkeypatch.setattr(prep_run, "_processes", spy)
    monkeypatch.setattr(prep_run.os, "cpu_count", lambda: 2)
    return opened


def test_backend_none_plays_the_reference_tier_on_a_process_pool(pools, monkeypatch):
    pooled = simulate(_sides(), 6, seed=5, tier="reference", chunk_size=2, progress=False)
    assert pools == ["fork"]  # a script: forked
    monkeypatch.setattr(prep_run.os, "cpu_count", lambda: 1)
    alone = simulate(_sides(), 6, seed=5, tier="reference", chunk_size=2, progress=False)
    assert pools == ["fork"]  # one core: no pool
    _same(pooled, alone)
    assert pooled.n == 6 and not pooled.partial


def test_one_chunk_or_a_daemonic_process_plays_here(pools, monkeypatch):
    simulate(_sides(), 2, seed=5, tier="reference", progress=False)  # one chunk
    assert pools == []
    import multiprocessing
    monkeypatch.setattr(multiprocessing, "current_process",
                        lambda: types.SimpleNamespace(daemon=True))
    r = simulate(_sides(), 4, seed=5, tier="reference", chunk_size=2, progress=False)
    assert pools == [] and r.n == 4


def test_from_an_interactive_session_the_pool_is_started_by_a_fork_server(pools,
                                                                          monkeypatch):
    """A Jupyter kernel's ``__main__`` has no file and runs threads: the pool is started by
    a fork server (never forked from the kernel), and plays the very same fights."""
    script = simulate(_sides(), 4, seed=8, tier="reference", chunk_size=2, progress=False)
    monkeypatch.setitem(sys.modules, "__main__", types.ModuleType("__main__"))
    assert prep_run._start_method() == "forkserver"
    kernel = simulate(_sides(), 4, seed=8, tier="reference", chunk_size=2, progress=False)
    assert pools == ["fork", "forkserver"]
    _same(script, kernel)


def test_a_script_without_fork_plays_in_one_process(monkeypatch):
    import multiprocessing
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    assert prep_run._start_method() is None  # spawn would run the script again per worker
    monkeypatch.setitem(sys.modules, "__main__", types.ModuleType("__main__"))
    assert prep_run._start_method() == "spawn"


@pytest.fixture
def slow_compile(monkeypatch):
    """The kernel made to look unprepared, its preparation taking 2.5 s (its bar, shown
    after 1 s, counts the time from then on)."""
    calls: list[int] = []
    real = prep_run.run_fights

    def run_fights(spec, states):
        calls.append(states.shape[0])
        if len(calls) == 1:
            time.sleep(2.5)
        return real(spec, states)
    monkeypatch.setattr(prep_run, "kernel_loaded", lambda spec=None: False)
    monkeypatch.setattr(prep_run, "run_fights", run_fights)
    return calls


def test_preparing_the_fast_tier_shows_a_bar_when_it_takes_over_a_second(slow_compile,
                                                                         capsys):
    r = simulate(_sides(), 300, seed=4)
    assert slow_compile[0] == 1  # one fight prepares the kernel, before the chunks
    err = capsys.readouterr().err
    assert prep_run.COMPILING in err and "00:01" in err
    _same(r, simulate(_sides(), 300, seed=4, progress=False))


def test_no_bar_with_progress_off(slow_compile, capsys):
    simulate(_sides(), 300, seed=4, progress=False)
    assert slow_compile[0] == 1
    assert prep_run.COMPILING not in capsys.readouterr().err


def test_an_interrupted_preparation_is_an_empty_partial_result(monkeypatch):
    def interrupted(spec, progress):
        raise KeyboardInterrupt
    monkeypatch.setattr(prep_run, "_prepare_kernel", interrupted)
    r = simulate(_sides(), 300, seed=4, progress=False)
    assert r.interrupted and r.partial and r.n == 0


def test_ctrl_c_on_the_reference_pool_returns_the_fights_so_far_at_once(pools):
    """Interrupted after the first chunk, the run returns that chunk's fights, the same as
    a run of 2 (the pool's other chunks are dropped, not waited for and counted)."""
    sides = {"party": [load_example("wulfric"), load_example("mayat")],
             "foes": [load_example("troll"), load_example("ogre")]}

    def interrupt(done, total):
        raise KeyboardInterrupt
    r = simulate(sides, 40, seed=2, tier="reference", chunk_size=2, progress=False,
                 callback=interrupt)
    assert r.interrupted and r.n == 2 and pools == ["fork"]
    full = simulate(sides, 2, seed=2, tier="reference", progress=False)
    _same(r, full)
