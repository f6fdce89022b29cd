"""GM prep on Dask (issue 12): the same seed gives the same fights whatever the backend and
however many workers (seed streams keyed by parameter point and chunk)."""

from __future__ import annotations

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")

from lfgcombat.creature import load_example  # noqa: E402
from lfgcombat.prep import simulate, sweep  # noqa: E402


def _sides():
    return {"party": [load_example("wulfric"), load_example("mayat")],
            "foes": [load_example("troll"), load_example("orc")]}


def _build(orcs):
    return {"party": [load_example("sokaris")],
            "orcs": [load_example("orc").replace(name=f"Orc {i}") for i in range(orcs)]}


def _duel():
    return {"a": [load_example("orc").replace(name="Orc A")],
            "b": [load_example("orc").replace(name="Orc B")]}


def test_dask_one_and_two_workers_match_local():
    local = simulate(_sides(), 3000, seed=7, chunk_size=1000, progress=False)
    local_sweep = sweep({"orcs": [1, 2]}, _build, 1000, seed=3, progress=False).frame
    local_ref = simulate(_duel(), 6, seed=5, tier="reference", chunk_size=2, progress=False)
    for workers in (1, 2):
        with distributed.LocalCluster(n_workers=workers, threads_per_worker=1,
                                      processes=True, dashboard_address=None) as cluster, \
                distributed.Client(cluster) as client:
            r = simulate(_sides(), 3000, seed=7, chunk_size=1000, backend=client,
                         progress=False)
            for k in ("winner", "rounds", "hp", "dead", "felled", "dealt"):
                assert np.array_equal(getattr(r, k), getattr(local, k)), (workers, k)
            s = sweep({"orcs": [1, 2]}, _build, 1000, seed=3, backend=client,
                      progress=False).frame
            assert s.equals(local_sweep)
            ref = simulate(_duel(), 6, seed=5, tier="reference", chunk_size=2,
                           backend=client, progress=False)  # real encounters on the workers
            for k in ("winner", "rounds", "hp", "dead", "felled", "dealt"):
                assert np.array_equal(getattr(ref, k), getattr(local_ref, k)), (workers, k)
            if workers == 2:  # a scheduler address: a Client of its own, closed afterwards
                r = simulate(_sides(), 2000, seed=7, chunk_size=1000,
                             backend=cluster.scheduler_address, progress=False)
                assert np.array_equal(r.winner, local.winner[:2000])


def test_backend_dask_opens_and_closes_a_local_cluster(monkeypatch):
    opened = []
    real = distributed.LocalCluster

    def spy(*args, **kwargs):
        kwargs.update(n_workers=1, threads_per_worker=1)
        cluster = real(*args, **kwargs)
        opened.append(cluster)
        return cluster

    monkeypatch.setattr(distributed, "LocalCluster", spy)
    r = simulate({"a": [load_example("orc")], "b": [load_example("goblin")]}, 200, seed=1,
                 backend="dask", progress=False)
    local = simulate({"a": [load_example("orc")], "b": [load_example("goblin")]}, 200,
                     seed=1, progress=False)
    assert np.array_equal(r.winner, local.winner)
    assert len(opened) == 1 and opened[0].status.name == "closed"


def test_a_run_without_numba_says_so(monkeypatch):
    from lfgcombat.prep import run as prep_run
    monkeypatch.setattr(prep_run, "NUMBA_ACTIVE", False)
    r = simulate({"a": [load_example("orc")], "b": [load_example("goblin")]}, 20, seed=1,
                 progress=False)
    assert any("numba" in note and "75x" in note for note in r.notes)
    monkeypatch.setattr(prep_run, "NUMBA_ACTIVE", True)
    r = simulate({"a": [load_example("wulfric")], "b": [load_example("chessan")]}, 20,
                 seed=1, progress=False)
    assert not r.notes  # one size, one weapon each: nothing else to say
