"""``make bench`` asks GM prep only for runs it accepts: the sweep of
``tests/bench/bench_prep.py`` (full and ``--quick``) keeps no more fights than prep's cap of
results (lfgcombat/prep/limits.py; a full ``make bench`` stopped at the sweep with a
PrepError once the cap came in and the sweep still asked for 100 points x 10,000 fights).
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest

from lfgcombat.prep.errors import PrepError
from lfgcombat.prep.limits import check_points, check_results

sys.path.insert(0, str(Path(__file__).resolve().parent / "bench"))
import bench_prep  # noqa: E402


def _combatants(points: int) -> list[int]:
    grid = bench_prep.sweep_grid(points)
    return [sum(len(side) for side in bench_prep.ambush(orcs, level).values())
            for orcs, level in itertools.product(grid["orcs"], grid["level"])]


@pytest.mark.parametrize("size", [bench_prep.SWEEP, bench_prep.SWEEP_QUICK],
                         ids=["full", "quick"])
def test_the_bench_sweep_is_one_prep_accepts(size):
    points, n = size
    counts = _combatants(points)
    assert len(counts) == points
    check_points(len(counts))
    check_results(n, counts, "sweep")


def test_the_old_full_sweep_was_refused():
    with pytest.raises(PrepError, match="at most n="):
        check_results(10_000, _combatants(100), "sweep")
