"""Exact odds: pmf agrees with icepool (exact) and with sampling (chi-square)."""

from __future__ import annotations

from fractions import Fraction

import icepool
import numpy as np
import pytest
from scipy import stats

from lfgcombat.dice import Roller, parse
from lfgcombat.errors import DiceError
from lfgcombat.odds import at_least, at_most, mean, pmf


def icepool_die(text: str):
    total = icepool.Die([0])
    for t in parse(text).terms:
        if hasattr(t, "sides"):
            term = t.count @ icepool.d(t.sides)
            total = total + term if t.sign > 0 else total - term
        else:
            total = total + t.value
    return total


ORACLE = ["1d20+5", "2d6+3", "1d8+2+1d6", "3d8+6-1", "1d6-1d4", "4d12", "1", "1d2", "10d10"]


@pytest.mark.parametrize("text", ORACLE)
@pytest.mark.parametrize("fortune", [None, "fortunate", "unfortunate"])
def test_pmf_equals_icepool_exactly(text, fortune):
    die = icepool_die(text)
    if fortune == "fortunate":
        die = icepool.highest(die, die)
    elif fortune == "unfortunate":
        die = icepool.lowest(die, die)
    expected = {o: Fraction(q, die.denominator()) for o, q in die.items() if q}
    got = pmf(text, fortune, exact=True)
    assert {o: p for o, p in got.items() if p} == expected
    assert sum(got) == 1
    floats = pmf(text, fortune)
    assert np.allclose(floats.to_numpy(), [float(x) for x in got], atol=1e-12, rtol=0)


def test_pmf_shape():
    s = pmf("2d6+3")
    assert list(s.index) == list(range(5, 16))
    assert s.index.is_monotonic_increasing
    assert s.sum() == pytest.approx(1.0, abs=1e-12)
    assert s[10] == pytest.approx(6 / 36)
    assert s.name == "P(2d6+3)"


def test_d20_fortunate_known_values():
    """Better of two d20s: P(20) = 39/400; worse of two: P(20) = 1/400."""
    assert pmf("1d20", "fortunate", exact=True)[20] == Fraction(39, 400)
    assert pmf("1d20", "unfortunate", exact=True)[20] == Fraction(1, 400)
    assert at_least("1d20+5", 16) == pytest.approx(0.5)
    assert at_least("1d20+5", 16, "fortunate") == pytest.approx(0.75)
    assert at_least("1d20+5", 16, "unfortunate") == pytest.approx(0.25)
    assert at_least("1d20", -5) == 1.0 and at_least("1d20", 21) == 0.0
    assert at_most("2d6", 7) == pytest.approx(21 / 36)
    assert mean("2d6+3") == pytest.approx(10.0)


@pytest.mark.parametrize("text", ["1000d1000", "500d1000-500d1000", "1000d6"])
def test_largest_legal_expressions_have_odds(text):
    s = pmf(text)
    e = parse(text)
    assert (s.index[0], s.index[-1]) == (e.minimum, e.maximum)
    assert s.sum() == pytest.approx(1.0, abs=1e-9)
    assert (s >= 0).all()
    assert mean(text) == pytest.approx(e.constant + sum(
        d.sign * d.count * (d.sides + 1) / 2 for d in e.dice), rel=1e-6, abs=1e-6)


def test_exact_refuses_huge_but_float_works():
    with pytest.raises(DiceError, match="exact=False"):
        pmf("1000d1000", exact=True)


@pytest.mark.parametrize("text, fortune", [
    ("1d20+5", None), ("1d20+5", "fortunate"), ("1d20+5", "unfortunate"),
    ("2d6+3", None), ("1d8+2+1d6", "fortunate"), ("3d8+6-1", "unfortunate"),
])
def test_sampling_agrees_with_pmf(text, fortune):
    """Exact odds must agree with sampling: chi-square goodness of fit, fixed seed."""
    n = 20_000
    roller = Roller(seed=2026)
    samples = [roller.roll(text, fortune=fortune).total for _ in range(n)]
    probs = pmf(text, fortune)
    observed = np.array([samples.count(o) for o in probs.index])
    expected = probs.to_numpy() * n
    # Pool sparse tail cells so every expected count is at least 5.
    keep = expected >= 5
    obs = np.append(observed[keep], observed[~keep].sum())
    exp = np.append(expected[keep], expected[~keep].sum())
    if exp[-1] == 0:
        obs, exp = obs[:-1], exp[:-1]
    result = stats.chisquare(obs, exp)
    assert result.pvalue > 1e-3, (text, fortune, result)


def test_roll_knows_its_odds():
    r = Roller(seed=9).roll("1d20+5")
    assert r.p_at_least == pytest.approx((26 - r.total) / 20)
