"""Exact odds of dice expressions: the probability of every total, with Fortunate/Unfortunate.

``pmf("2d6+3")`` is computed, not sampled: the dice of a term are combined by convolution
(repeated squaring for floats, sliding-window sums of integer counts for exact fractions),
terms are combined by convolution, and Fortunate/Unfortunate come from the cumulative distribution
(``P(max of two <= x) = F(x)^2``; 000_8d1d7816ee944f3b.txt, "Conditions", Fortunate).

Two modes:

* float (default): probabilities as float64, exact to floating-point rounding (absolute
  error below 1e-12; big convolutions go through the FFT). Handles every expression the
  parser accepts (up to 1,000 dice of up to 1,000 sides) in about a second.
* ``exact=True``: probabilities as :class:`fractions.Fraction` from integer counts, for
  expressions up to :data:`EXACT_WORK_LIMIT` (bigger ones raise :class:`DiceError`).

Why not ``icepool`` for this: on this kit's own limits it is too slow or fails
(``100d100`` takes tens of seconds; ``1000d6`` overflows Python's recursion limit). It is
the baseline in ``make bench`` and the oracle in the tests instead.
"""

from __future__ import annotations

import functools
from fractions import Fraction

import numpy as np
import pandas as pd

from .dice import Dice, DiceExpr, Fortune, parse
from .errors import DiceError

__all__ = ["pmf", "at_least", "at_most", "mean", "EXACT_WORK_LIMIT"]

#: Largest "work" (sum over dice of the running outcome span) computed with integer counts.
EXACT_WORK_LIMIT = 2_000_000
# Above this many multiply-adds a convolution goes through the FFT.
_DIRECT_CONVOLVE_LIMIT = 20_000_000

Dist = tuple[int, np.ndarray]  # (lowest outcome, weights of outcomes lowest, lowest+1, ...)


def _work(expr: DiceExpr) -> int:
    span, work = 1, 0
    for d in expr.dice:
        for _ in range(d.count):
            span += d.sides - 1
            work += span
    return work


def _dice_dist(d: Dice, exact: bool) -> Dist:
    """Distribution of ``d.count`` dice of ``d.sides`` sides (counts if exact, else probs)."""
    s = d.sides
    if exact:
        # Integer counts by sliding-window sums: one die at a time, exact big integers.
        weights = np.empty(1, dtype=object)
        weights[0] = 1
        for _ in range(d.count):
            n = len(weights)
            prefix = np.concatenate((np.zeros(1, dtype=object), np.cumsum(weights)))
            k = np.arange(n + s - 1)
            weights = prefix[np.minimum(k + 1, n)] - prefix[np.maximum(k + 1 - s, 0)]
    else:
        # Probabilities by repeated squaring: about 2*log2(count) convolutions.
        weights, base, n = np.ones(1), np.full(s, 1.0 / s), d.count
        while n:
            if n & 1:
                weights = _convolve(weights, base)
            n >>= 1
            if n:
                base = _convolve(base, base)
    low = d.count
    if d.sign < 0:
        return -(low + len(weights) - 1), weights[::-1].copy()
    return low, weights


def _convolve(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    if a.dtype == object or len(a) * len(b) <= _DIRECT_CONVOLVE_LIMIT:
        if a.dtype == object:
            out = np.zeros(len(a) + len(b) - 1, dtype=object)
            out[:] = 0
            small, big = (a, b) if len(a) <= len(b) else (b, a)
            for i, w in enumerate(small):
                out[i:i + len(big)] += w * big
            return out
        return np.convolve(a, b)
    size = len(a) + len(b) - 1
    nfft = 1 << (size - 1).bit_length()
    out = np.fft.irfft(np.fft.rfft(a, nfft) * np.fft.rfft(b, nfft), nfft)[:size]
    np.clip(out, 0.0, None, out=out)
    return out / out.sum()


def _dist(expr: DiceExpr, exact: bool) -> Dist:
    low = expr.constant
    if exact:
        weights = np.empty(1, dtype=object)
        weights[0] = 1
    else:
        weights = np.ones(1)
    for d in expr.dice:
        dlow, dweights = _dice_dist(d, exact)
        low += dlow
        weights = _convolve(weights, dweights)
    return low, weights


def _apply_fortune(weights: np.ndarray, fortune: Fortune | None) -> np.ndarray:
    if fortune is None:
        return weights
    cdf = np.cumsum(weights)
    total = cdf[-1]
    if fortune is Fortune.FORTUNATE:  # the better of two: P(max <= x) = F(x)^2
        sq = cdf * cdf
    else:  # the worse of two: P(min <= x) = 1 - (1 - F(x))^2
        rest = total - cdf
        sq = total * total - rest * rest
    return np.diff(np.concatenate((np.zeros(1, dtype=sq.dtype), sq)))


@functools.lru_cache(maxsize=512)
def _cached(expr: DiceExpr, fortune: Fortune | None, exact: bool) -> tuple[int, tuple]:
    if exact and _work(expr) > EXACT_WORK_LIMIT:
        raise DiceError(
            f"{expr} is too large for exact fractions (work {_work(expr):,} > "
            f"{EXACT_WORK_LIMIT:,}); use pmf(..., exact=False), which handles every legal "
            "expression.", expr=str(expr), position=None, expected="a smaller expression")
    low, weights = _dist(expr, exact)
    weights = _apply_fortune(weights, fortune)
    if exact:
        total = sum(weights)
        probs = tuple(Fraction(int(w), int(total)) for w in weights)
    else:
        weights = weights / weights.sum()
        probs = tuple(float(w) for w in weights)
    return low, probs


def pmf(expr: str | int | DiceExpr, fortune: Fortune | str | None = None,
        exact: bool = False) -> pd.Series:
    """The probability of every total of ``expr``.

    Args:
        expr: A dice expression (see :func:`lfgcombat.dice.parse`).
        fortune: ``"fortunate"`` / ``"unfortunate"``: the better / worse of two rolls.
        exact: Return :class:`fractions.Fraction` values instead of floats.

    Returns:
        A Series indexed by outcome (ascending, every outcome from the minimum to the
        maximum), summing to 1, named after the expression.

    Raises:
        DiceError: for a bad expression or fortune, or ``exact=True`` on a huge expression.
    """
    parsed = parse(expr)
    fortune = Fortune.coerce(fortune)
    low, probs = _cached(parsed, fortune, bool(exact))
    index = pd.RangeIndex(low, low + len(probs), name="outcome")
    name = f"P({parsed}{', ' + fortune.value if fortune else ''})"
    return pd.Series(list(probs), index=index, name=name,
                     dtype=object if exact else np.float64)


@functools.lru_cache(maxsize=512)
def _survival(expr: DiceExpr, fortune: Fortune | None) -> tuple[int, np.ndarray]:
    low, probs = _cached(expr, fortune, False)
    arr = np.asarray(probs)
    return low, np.cumsum(arr[::-1])[::-1]


def at_least(expr: str | int | DiceExpr, target: int,
             fortune: Fortune | str | None = None) -> float:
    """P(total >= target), e.g. the chance an attack roll meets an AC.

    Args:
        expr: A dice expression.
        target: The number to meet or beat.
        fortune: As in :func:`pmf`.
    """
    parsed = parse(expr)
    low, surv = _survival(parsed, Fortune.coerce(fortune))
    i = int(target) - low
    if i <= 0:
        return 1.0
    if i >= len(surv):
        return 0.0
    return float(min(1.0, surv[i]))


def at_most(expr: str | int | DiceExpr, target: int,
            fortune: Fortune | str | None = None) -> float:
    """P(total <= target)."""
    return 1.0 - at_least(expr, int(target) + 1, fortune)


def mean(expr: str | int | DiceExpr, fortune: Fortune | str | None = None) -> float:
    """The expected total."""
    series = pmf(expr, fortune)
    return float((series.index.to_numpy() * series.to_numpy()).sum())
