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

Results are cached by memory, not by count (:data:`MAX_CACHE_BYTES` per cache, least
recently used dropped first): one ``1000d1000`` distribution is megabytes. The exact
work limit counts what combining terms costs, so ``31d1000+31d1000`` is refused at once
with a message to use ``exact=False``. Imports only :mod:`lfgcombat.dice.notation`, never
:mod:`lfgcombat.dice` (which uses this module for ``Roll.p_at_least``).

Why not ``icepool`` for this: on this kit's own limits it is too slow or fails
(``100d100`` takes tens of seconds; ``1000d6`` overflows Python's recursion limit). It is
the baseline in ``make bench`` and the oracle in the tests instead.
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
from collections import OrderedDict
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd

from .notation import Dice, DiceExpr, Fortune, parse
from ..errors import DiceError
from ..shortrepr import short

__all__ = ["pmf", "at_least", "at_most", "mean", "EXACT_WORK_LIMIT", "MAX_CACHE_BYTES"]

#: Largest "work" computed with integer counts: the sum over dice of the running outcome
#: span, plus the product of the lengths of every two distributions combined.
EXACT_WORK_LIMIT = 2_000_000
#: Largest work for which float odds are computed from the exact counts and rounded once
#: (``at_least("1d20+5", 16, "fortunate")`` is ``0.75``, not ``0.7500000000000001``).
EXACT_FLOAT_WORK = 50_000
# Above this many multiply-adds a convolution goes through the FFT.
_DIRECT_CONVOLVE_LIMIT = 20_000_000

Dist = tuple[int, np.ndarray]  # (lowest outcome, weights of outcomes lowest, lowest+1, ...)


def _work(expr: DiceExpr) -> int:
    """The cost of the exact computation, in big-integer multiply-adds.

    Each die of a term costs the running span of its outcomes (the sliding-window sums);
    combining a term with the running total costs the product of their lengths (the
    convolution), which is what makes ``31d1000+31d1000`` expensive though each half is
    cheap.
    """
    length, work = 1, 0
    for d in expr.dice:
        span = 1
        for _ in range(d.count):
            span += d.sides - 1
            work += span
        work += length * span
        length += span - 1
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


class _ByteCache:
    """A least-recently-used cache bounded by the memory its values take, not their count.

    A big expression's distribution takes megabytes (``1000d1000`` has a million
    outcomes), so a cache of 512 entries could hold gigabytes; this one keeps at most
    ``max_bytes`` and drops the least recently used entries to stay under it. A value
    larger than the whole budget is computed but not kept.
    """

    def __init__(self, func: Callable[..., Any], max_bytes: int) -> None:
        self._func = func
        self.max_bytes = max_bytes
        self._entries: OrderedDict[tuple, tuple[Any, int]] = OrderedDict()
        self._bytes = 0
        self._hits = self._misses = 0
        functools.update_wrapper(self, func)

    def __call__(self, *key: Any) -> Any:
        entry = self._entries.get(key)
        if entry is not None:
            self._hits += 1
            self._entries.move_to_end(key)
            return entry[0]
        self._misses += 1
        value = self._func(*key)
        size = _nbytes(value)
        if size <= self.max_bytes:
            self._entries[key] = (value, size)
            self._bytes += size
            while self._bytes > self.max_bytes:
                _, (_, dropped) = self._entries.popitem(last=False)
                self._bytes -= dropped
        return value

    def cache_clear(self) -> None:
        """Forget every entry."""
        self._entries.clear()
        self._bytes = self._hits = self._misses = 0

    def cache_info(self) -> dict[str, int]:
        """``hits``, ``misses``, ``entries``, ``bytes`` and ``max_bytes``."""
        return {"hits": self._hits, "misses": self._misses, "entries": len(self._entries),
                "bytes": self._bytes, "max_bytes": self.max_bytes}


def _nbytes(value: tuple[int, Any]) -> int:
    """About how much memory a cached ``(low, weights)`` takes."""
    weights = value[1]
    if isinstance(weights, np.ndarray) and weights.dtype != object:
        return int(weights.nbytes) + 200
    # Fractions: two big integers each, about as long as the largest denominator.
    last = weights[-1] if len(weights) else Fraction(0)
    bits = max(Fraction(last).denominator.bit_length(), 64)
    return len(weights) * (2 * (bits // 8 + 32) + 64) + 200


def _frozen(arr: np.ndarray) -> np.ndarray:
    arr.flags.writeable = False
    return arr


def _counts(expr: DiceExpr, fortune: Fortune | None) -> tuple[int, tuple[int, ...], int]:
    """``(lowest outcome, integer count of each outcome, total count)``: the exact odds as
    whole numbers (``P(outcome) = count / total``)."""
    if _work(expr) > EXACT_WORK_LIMIT:
        raise DiceError(
            f"{expr} is too large for exact fractions (work {_work(expr):,} > "
            f"{EXACT_WORK_LIMIT:,}, counting the dice and the combining of its terms); use "
            "pmf(..., exact=False), which handles every legal expression.",
            expr=str(expr), position=None, expected="a smaller expression or exact=False")
    low, weights = _dist(expr, True)
    weights = _apply_fortune(weights, fortune)
    counts = tuple(int(w) for w in weights)
    return low, counts, sum(counts)


def _small(expr: DiceExpr) -> bool:
    """Whether float odds of ``expr`` come from its exact counts (cheap: at most
    :data:`EXACT_FLOAT_WORK`), so a simple fraction such as 3/4 prints as ``0.75``."""
    return _work(expr) <= EXACT_FLOAT_WORK


def _compute(expr: DiceExpr, fortune: Fortune | None, exact: bool) -> tuple[int, Any]:
    if exact or _small(expr):
        low, counts, total = (_counts_cached if _small(expr) else _counts)(expr, fortune)
        if exact:
            return low, tuple(Fraction(c, total) for c in counts)
        # int / int is correctly rounded: no float noise from summing float faces
        return low, _frozen(np.array([c / total for c in counts], dtype=np.float64))
    low, weights = _dist(expr, False)
    weights = _apply_fortune(weights, fortune)
    return low, _frozen(np.asarray(weights / weights.sum(), dtype=np.float64))


#: The most memory (bytes) the odds caches keep, each: :func:`pmf` and :func:`at_least`.
MAX_CACHE_BYTES = 64 * 1024 * 1024

#: ``_cached(expr, fortune, exact)`` -> ``(lowest outcome, probabilities)``, kept by memory.
_cached = _ByteCache(_compute, MAX_CACHE_BYTES)

#: ``_counts_cached(expr, fortune)`` -> :func:`_counts` of a small expression (by count:
#: small expressions have few outcomes).
_counts_cached = functools.lru_cache(maxsize=1024)(_counts)


def _survival_of(expr: DiceExpr, fortune: Fortune | None) -> tuple[int, np.ndarray]:
    """``(lowest outcome, P(total >= outcome) for each outcome)``; from the exact counts
    for a small expression (each probability correctly rounded)."""
    if _small(expr):
        low, counts, total = _counts_cached(expr, fortune)
        tails = itertools.accumulate(reversed(counts))
        return low, _frozen(np.array([t / total for t in tails][::-1], dtype=np.float64))
    low, probs = _cached(expr, fortune, False)
    return low, _frozen(np.cumsum(probs[::-1])[::-1])


_survival = _ByteCache(_survival_of, MAX_CACHE_BYTES)


def _whole(value: Any, name: str) -> int:
    """``value`` as an int, or a :class:`DiceError` naming the argument ``name``."""
    if not isinstance(value, bool):
        try:
            return operator.index(value)
        except TypeError:
            pass
        if isinstance(value, (float, np.floating)) and math.isfinite(value) \
                and float(value).is_integer():
            return int(value)
    raise DiceError(f"{name} must be a whole number such as 15, not {short(value)}"
                    + (" (a fraction would silently round)" if isinstance(value, float)
                       and math.isfinite(value) else ""),
                    expr=None, position=None, expected=f"{name}: a whole number")


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
    if not isinstance(exact, (bool, np.bool_)):
        raise DiceError(f"exact must be True or False, not {short(exact)}", expr=None,
                        expected="exact: True or False")
    low, probs = _cached(parsed, fortune, bool(exact))
    index = pd.RangeIndex(low, low + len(probs), name="outcome")
    name = f"P({parsed}{', ' + fortune.value if fortune else ''})"
    return pd.Series(list(probs) if exact else np.array(probs), index=index, name=name,
                     dtype=object if exact else np.float64)


def at_least(expr: str | int | DiceExpr, target: int,
             fortune: Fortune | str | None = None) -> float:
    """P(total >= target), e.g. the chance an attack roll meets an AC.

    Args:
        expr: A dice expression.
        target: The number to meet or beat: a whole number (an int, a whole float such as
            ``16.0``, or a :class:`~lfgcombat.creature.stats.Stat`); ``16.5`` is refused rather
            than read as 16.
        fortune: As in :func:`pmf`.

    Returns:
        The probability, 0.0 to 1.0.

    Raises:
        DiceError: a bad expression or fortune, or a ``target`` that is not a whole number.
    """
    parsed = parse(expr)
    target = _whole(target, "target")
    low, surv = _survival(parsed, Fortune.coerce(fortune))
    i = target - low
    if i <= 0:
        return 1.0
    if i >= len(surv):
        return 0.0
    return float(min(1.0, surv[i]))


def at_most(expr: str | int | DiceExpr, target: int,
            fortune: Fortune | str | None = None) -> float:
    """P(total <= target); arguments and errors as in :func:`at_least`."""
    parsed = parse(expr)
    target = _whole(target, "target")
    luck = Fortune.coerce(fortune)
    if _small(parsed):  # 1 - P(>= target + 1) in whole counts, then one rounding
        low, counts, total = _counts_cached(parsed, luck)
        i = min(max(target + 1 - low, 0), len(counts))
        return sum(counts[:i]) / total
    return 1.0 - at_least(parsed, target + 1, luck)


def mean(expr: str | int | DiceExpr, fortune: Fortune | str | None = None) -> float:
    """The expected total."""
    parsed = parse(expr)
    luck = Fortune.coerce(fortune)
    if _small(parsed):
        low, counts, total = _counts_cached(parsed, luck)
        return float(Fraction(sum((low + i) * c for i, c in enumerate(counts)), total))
    series = pmf(parsed, luck)
    return float((series.index.to_numpy() * series.to_numpy()).sum())
