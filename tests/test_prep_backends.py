"""GM prep's local backends: ``backend=None`` runs the compiled fast tier on every core
(threads: the kernel releases the GIL) and gives the same fights as one thread."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from lfgcombat.creature import load_example
from lfgcombat.prep import simulate
from lfgcombat.prep import run as prep_run
from lfgcombat.prep.kernel import NUMBA_ACTIVE


def _sides():
    return {"a": [load_example("orc")], "b": [load_example("goblin")]}


@pytest.mark.skipif(not NUMBA_ACTIVE, reason="threads help only the compiled kernel")
def test_backend_none_uses_all_cores_with_identical_results(monkeypatch):
    threads: set[int] = set()
    real = prep_run.run_chunk

    def spy(*args):
        threads.add(threading.get_ident())
        return real(*args)

    monkeypatch.setattr(prep_run, "run_chunk", spy)
    monkeypatch.setattr(prep_run.os, "cpu_count", lambda: 4)
    many = simulate(_sides(), 4000, seed=9, chunk_size=250, progress=False)
    assert len(threads) > 1
    threads.clear()
    monkeypatch.setattr(prep_run.os, "cpu_count", lambda: 1)
    one = simulate(_sides(), 4000, seed=9, chunk_size=250, progress=False)
    assert len(threads) == 1
    for key in ("winner", "rounds", "hp", "dead", "felled", "dealt"):
        assert np.array_equal(getattr(many, key), getattr(one, key)), key


def test_processes_backend_plays_creatures_with_sheet_sections_identically():
    """Creatures with skills or special abilities (sheet sections) reach a process pool's
    workers (they once failed to pickle) and play the very same fights there."""
    sides = {"a": [load_example("dire_wolf")], "b": [load_example("alligator")]}
    here = simulate(sides, 4, seed=3, tier="reference", progress=False, chunk_size=2)
    there = simulate(sides, 4, seed=3, tier="reference", progress=False, backend="processes",
                     chunk_size=2)
    for key in ("winner", "rounds", "hp", "dead", "felled", "dealt"):
        assert np.array_equal(getattr(here, key), getattr(there, key)), key


@pytest.mark.skipif(not NUMBA_ACTIVE, reason="the on-disk cache is numba's")
def test_kernel_compiles_without_a_writable_cache_directory(monkeypatch):
    """Where numba finds no writable cache directory (a read-only install, a user without a
    home) it refuses ``cache=True`` when decorating; the kernel then compiles uncached
    instead of failing to import."""
    from numba.core import caching

    from lfgcombat.prep import kernel
    monkeypatch.setattr(caching.CacheImpl, "_locator_classes", [])
    monkeypatch.setattr(kernel, "NUMBA_CACHED", True)

    def add(a, b):
        return a + b
    compiled = kernel._compile(add)
    assert compiled(2, 3) == 5 and hasattr(compiled, "py_func")
    assert kernel.NUMBA_CACHED is False
    assert kernel._compile(add, inline="always")(1, 1) == 2
