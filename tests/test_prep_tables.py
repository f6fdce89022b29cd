"""GM prep's tables give every probability with its 95% Wilson interval (issue 12)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from lfgcombat.creature import load_example
from lfgcombat.prep import PrepError, compare, simulate, wilson
from lfgcombat.prep.compare import MEASURES, _indicator
from lfgcombat.prep.result import Z95, format_p, paired_difference


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
    assert s.index.names == ["variant", "side", "measure"]
    for (label, side, measure), row in s.iterrows():
        k = round(row["p"] * row["n"])
        assert (row["p_lo"], row["p_hi"]) == pytest.approx(wilson(k, row["n"]))


def test_comparison_summary_reports_every_measure_by_default():
    """P(win) alone is often 1.0 against 1.0 (issue 12 review): the orc ambush of notebook
    40 is such a fight. The default summary has P(win), P(a creature dies) and P(one is
    dropped) per variant and side, each with the fights the variant changed; one measure
    by name gives the (variant, side) table."""
    party = [load_example(n) for n in ("wulfric", "chessan", "mayat", "sokaris")]
    orcs = [load_example("orc_shaman")] + [load_example("orc").replace(name=f"Orc {i}")
                                           for i in (1, 2, 3)]
    c = compare({"party": party, "orcs": orcs}, 3000,
                switches=[{}, {"killer_criticals": True}], seed=4, progress=False)
    s = c.summary()
    assert set(s.index.get_level_values("measure")) == set(MEASURES)
    kc = c.labels[1]
    assert s.loc[(kc, "party", "win"), "p"] == s.loc[(c.labels[0], "party", "win"), "p"] == 1
    win = s.loc[(kc, "party", "win")]
    assert win["changed"] == 0 and win["diff_lo"] < 0 < win["diff_hi"]  # 0, not [0, 0]
    dead = s.loc[(kc, "party", "any_dead")]
    a = _indicator(c.results[1], "party", "any_dead")
    b = _indicator(c.results[0], "party", "any_dead")
    assert dead["changed"] == int((a != b).sum()) > 10
    assert dead["diff"] == pytest.approx(a.mean() - b.mean())
    assert dead["diff_lo"] < dead["diff"] < dead["diff_hi"]
    base = s.loc[c.labels[0]]
    assert (base["changed"] == 0).all() and (base[["diff", "diff_lo", "diff_hi"]] == 0).all().all()
    one = c.summary("any_dead")
    assert one.index.names == ["variant", "side"] and "measure" not in one.columns
    assert one.loc[(kc, "party"), "diff_hi"] == pytest.approx(dead["diff_hi"])
    with pytest.raises(PrepError, match="measure must be one of win, any_dead, any_dropped "
                                        "or None"):
        c.summary("deaths")


@pytest.mark.parametrize("p_up,p_down,n,most", [(0.03, 0.01, 200, 0.975),
                                                (0.2, 0.1, 100, 0.975),
                                                (0.002, 0.0, 500, 1.0)])
def test_paired_difference_interval_covers_as_it_says(p_up, p_down, n, most):
    """Tango's score interval for a paired difference: over 4,000 sampled experiments of
    ``n`` paired fights (a fight changes up with ``p_up``, down with ``p_down``) it covers
    the true difference about 95% of the time (the binomial spread of 4,000 coverages is
    +- 0.7%; score intervals are near nominal, Tango 1998, Newcombe 1998), and at least
    that where about one fight in the whole run changes (a discrete count: conservative).
    There the mean +- 1.96 standard errors of the per-fight differences, [0, 0] whenever
    no fight changed, covers far less."""
    rng = np.random.default_rng(int(n + 1000 * p_up))
    cells = rng.multinomial(n, [p_up, p_down, 1 - p_up - p_down], size=4000)
    truth = p_up - p_down
    hits = wald = 0
    for up, down, _ in cells:
        _, lo, hi = paired_difference(int(up), int(down), n)
        assert -1 <= lo <= (up - down) / n <= hi <= 1
        hits += lo <= truth <= hi
        d = np.r_[np.ones(up), -np.ones(down), np.zeros(n - up - down)]
        half = Z95 * d.std(ddof=1) / math.sqrt(n)
        wald += d.mean() - half <= truth <= d.mean() + half
    assert 0.93 < hits / 4000 <= most, hits / 4000
    if p_down == 0:
        assert wald / 4000 < 0.75, wald / 4000


def test_paired_difference_without_a_change_keeps_a_width():
    d, lo, hi = paired_difference(0, 0, 3000)
    z2 = Z95 ** 2
    assert d == 0 and hi == pytest.approx(z2 / (3000 + z2), rel=1e-6) and lo == -hi
    assert paired_difference(50, 0, 50)[2] == 1 and paired_difference(0, 50, 50)[1] == -1
    assert all(np.isnan(paired_difference(0, 0, 0)))


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
