"""GM prep's tables give every probability with its 95% Wilson interval (issue 12)."""

from __future__ import annotations

import numpy as np
import pytest

from lfgcombat.creature import load_example
from lfgcombat.prep import compare, simulate, wilson
from lfgcombat.prep.result import format_p


@pytest.fixture(scope="module")
def result():
    orcs = [load_example("orc").replace(name=f"Orc {i}") for i in range(3)]
    return simulate({"party": [load_example("mayat")], "orcs": orcs}, 3000, seed=12,
                    progress=False)


def test_kill_matrix_with_intervals(result):
    tidy = result.kill_matrix(intervals=True)
    km = result.kill_matrix()
    for (a, t), row in tidy.iterrows():
        k = int(np.count_nonzero(result.felled[:, result.names.index(t)]
                                 == result.names.index(a)))
        assert row["p"] == pytest.approx(km.loc[a, t]) == pytest.approx(k / result.n)
        assert (row["lo"], row["hi"]) == pytest.approx(wilson(k, result.n))


def test_rounds_distribution_with_intervals_and_quantiles(result):
    d = result.rounds_distribution(intervals=True)
    assert d["p"].sum() == pytest.approx(1.0)
    assert (d["lo"] <= d["p"]).all() and (d["p"] <= d["hi"]).all()
    r = int(d.index[0])
    assert (d.loc[r, "lo"], d.loc[r, "hi"]) == pytest.approx(
        wilson(int((result.rounds == r).sum()), result.n))
    attrs = result.summary().attrs
    assert attrs["rounds_median"] == float(np.quantile(result.rounds, 0.5))
    assert attrs["rounds_q90"] == float(np.quantile(result.rounds, 0.9))


def test_comparison_summary_p_has_a_wilson_interval():
    sides = {"a": [load_example("orc")], "b": [load_example("goblin")]}
    c = compare(sides, 2000, switches=[{}, {"killer_criticals": True}], seed=3,
                progress=False)
    s = c.summary()
    for (label, side), row in s.iterrows():
        k = round(row["p"] * row["n"])
        assert (row["p_lo"], row["p_hi"]) == pytest.approx(wilson(k, row["n"]))


def test_intervals_are_never_shown_as_a_point_near_one():
    assert format_p(0.9996, 0.9992, 0.9999) == "1.000 [0.999, 1.000]"
    assert format_p(0.99996, 0.99992, 0.99999) == "1.0000 [0.9999, 1.0000]"
    assert format_p(0.5, 0.47, 0.53) == "0.50 [0.47, 0.53]"
    assert format_p(1.0, 1.0, 1.0) == "1.00 [1.00, 1.00]"


def test_readable_summary_and_plot_error_bars(result):
    table = result.readable()
    assert "P(win)" in table.columns and table.index.name is None
    assert list(table.index) == ["party", "orcs", "draw"]
    fig = result.plot()
    per_creature = fig.axes[2]
    bars = [c for c in per_creature.containers if hasattr(c, "errorbar")]
    assert len(bars) == 2 and all(c.errorbar is not None for c in bars)
    assert "median" in fig.axes[1].get_title()


def test_stopped_early_is_not_interrupted_and_stops_near_the_width():
    sides = {"a": [load_example("mayat")], "b": [load_example("ogre")]}
    r = simulate(sides, 100_000, seed=2, stop_at_width=0.05, progress=False)
    assert r.stopped_early and not r.interrupted and r.partial
    widths = [r.p_win(s)[2] - r.p_win(s)[1] for s in r.sides]
    assert max(widths) < 0.05
    assert max(widths) > 0.04  # checked often enough to stop near the width asked
    assert "stopped early" in repr(r) and "interrupted" not in repr(r)


def test_interrupted_is_not_stopped_early():
    def interrupt(done, total):
        raise KeyboardInterrupt
    r = simulate({"a": [load_example("orc")], "b": [load_example("goblin")]}, 5000,
                 seed=1, chunk_size=1000, progress=False, callback=interrupt)
    assert r.interrupted and not r.stopped_early and r.n == 1000
    assert "interrupted" in repr(r) and "stopped early" not in repr(r)
    full = simulate({"a": [load_example("orc")], "b": [load_example("goblin")]}, 50,
                    seed=1, progress=False)
    assert not (full.partial or full.interrupted or full.stopped_early)
