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


def test_dask_one_and_two_workers_match_local():
    local = simulate(_sides(), 3000, seed=7, chunk_size=1000, progress=False)
    local_sweep = sweep({"orcs": [1, 2]}, _build, 1000, seed=3, progress=False).frame
    for workers in (1, 2):
        with distributed.LocalCluster(n_workers=workers, threads_per_worker=1,
                                      processes=False, dashboard_address=None) as cluster, \
                distributed.Client(cluster) as client:
            r = simulate(_sides(), 3000, seed=7, chunk_size=1000, backend=client,
                         progress=False)
            for k in ("winner", "rounds", "hp", "dead", "felled", "dealt"):
                assert np.array_equal(getattr(r, k), getattr(local, k)), (workers, k)
            s = sweep({"orcs": [1, 2]}, _build, 1000, seed=3, backend=client,
                      progress=False).frame
            assert s.equals(local_sweep)
