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
