"""How much work GM prep takes on: caps checked before a run starts, and how long it will take.

Every run keeps each fight's results (who won, the rounds, and per combatant HP, death,
who felled it and damage dealt: four 8-byte numbers a combatant and two a fight) so that any
fight can be replayed and any statistic computed afterwards. The caps below keep that, and
the numbers a fight is built from, within the memory of an ordinary machine; each refusal
says what to do instead. They are checked before any fight is played.

* :data:`MAX_FIGHTS` fights a run (per point of a sweep or variant of a comparison): at a
  million fights a probability's 95% interval is within +-0.1%, narrower than any table
  decision needs (``stop_at_width`` stops as soon as the answer is as precise as asked).
* :data:`MAX_RESULT_VALUES` combatant-results a run keeps (fights x combatants, summed over a
  sweep's points or a comparison's variants): about 330 MB at the cap.
* :data:`~lfgcombat.prep.spec.MAX_COMBATANTS` combatants a fight: the fast tier's numbers
  grow with the square of the combatants (every attacker against every target; 100 take
  ~15 s to build), and a reference fight of 100 plays 100 turns a round.
* :data:`MAX_POINTS` points a sweep (each point's fight is built on its own).
* :data:`MAX_EXACT_STATES` HP pairs in :func:`~lfgcombat.prep.exact_duel`'s chain (its
  time grows with the cube of the HP: ~5 s at 200 HP a side, ~1 min at 500).

How long: before a run of more than a few fights starts, a short timed pilot plays its first
fights (the same fights the run plays, so nothing changes) and :func:`estimate` scales the
time to the whole run over the workers it has. The progress bar shows the estimate; above
:data:`LONG_RUN_SECONDS` a :class:`LongRunWarning` says it too, with what makes the run
quicker. Shorter runs say nothing, so a notebook's outputs stay the same from run to run.
"""

from __future__ import annotations

import math
import os
import time
import warnings
from collections.abc import Callable, Sequence
from typing import Any

from .spec import MAX_COMBATANTS, PrepError

__all__ = ["MAX_FIGHTS", "MAX_RESULT_VALUES", "MAX_COMBATANTS", "MAX_POINTS",
           "MAX_EXACT_STATES", "LONG_RUN_SECONDS", "CONNECT_TIMEOUT", "LongRunWarning",
           "check_fights", "check_results", "check_points",
           "check_exact_states", "estimate", "warn_if_long", "duration"]

#: Fights a run plays at most (per point of a sweep, per variant of a comparison).
MAX_FIGHTS = 1_000_000
#: Fights x combatants a run keeps at most (summed over a sweep's points or a comparison's
#: variants): four int64 each (HP, dead, felled by, dealt), ~330 MB at the cap.
MAX_RESULT_VALUES = 10_000_000
#: Points in one sweep at most.
MAX_POINTS = 1_000
#: HP pairs ((HP of one + 1) x (HP of the other + 1)) in the exact duel's chain at most:
#: 500 HP a side, about a minute.
MAX_EXACT_STATES = 251_001
#: A run estimated to take longer than this warns before it starts (:class:`LongRunWarning`).
LONG_RUN_SECONDS = 120.0
#: Seconds to wait for a Dask scheduler named by its address before giving up.
CONNECT_TIMEOUT = 5


class LongRunWarning(UserWarning):
    """A GM prep run is estimated to take longer than :data:`LONG_RUN_SECONDS`."""


def _n(x: int) -> str:
    return f"{x:,}"


def check_fights(n: int) -> None:
    """Refuse more than :data:`MAX_FIGHTS` fights in one run.

    Raises:
        PrepError: saying why the cap is enough and what to do instead.
    """
    if n > MAX_FIGHTS:
        raise PrepError(
            f"n={_n(int(n))} fights is more than GM prep plays in one run (at most "
            f"{_n(MAX_FIGHTS)}: every fight's results are kept for replay, and at a million "
            "fights each probability is already within +-0.1%); ask for fewer, or give "
            "stop_at_width=0.005 to stop as soon as the answer is that precise")


def check_results(n: int, combatants: Sequence[int], what: str = "run") -> None:
    """Refuse a run that would keep more than :data:`MAX_RESULT_VALUES` results: ``n``
    fights of each of the points (or variants) whose combatants are ``combatants``.

    Raises:
        PrepError: naming the total, the cap and the largest ``n`` that fits.
    """
    per_fight = sum(int(c) for c in combatants)
    if n * per_fight <= MAX_RESULT_VALUES:
        return
    fits = max(1, MAX_RESULT_VALUES // per_fight)
    many = (f" x {len(combatants)} {'points' if what == 'sweep' else 'variants'}"
            if len(combatants) > 1 else "")
    raise PrepError(
        f"this {what} would keep {_n(n * per_fight)} combatant results ({_n(int(n))} fights"
        f"{many}, {per_fight} combatants{' in all' if many else ''}), more than the "
        f"{_n(MAX_RESULT_VALUES)} GM prep keeps in memory (every fight is kept for replay, "
        f"~330 MB at the cap); ask for at most n={_n(fits)}"
        + (", or split it into smaller ones" if many else ", or fewer combatants"))


def check_points(count: int) -> None:
    """Refuse a sweep of more than :data:`MAX_POINTS` points.

    Raises:
        PrepError: with the count and what to do instead.
    """
    if count > MAX_POINTS:
        raise PrepError(
            f"this grid has {_n(count)} points; a sweep plays at most {_n(MAX_POINTS)} (each "
            "point's fight is built and played on its own): take fewer values per key, e.g. "
            "every other level (range(1, 21, 2)), or sweep a part of the grid at a time")


def check_exact_states(hp: tuple[int, int], names: tuple[str, str]) -> None:
    """Refuse an exact duel whose chain has more than :data:`MAX_EXACT_STATES` HP pairs.

    Raises:
        PrepError: with both HP, the cap and what to use instead.
    """
    states = (int(hp[0]) + 1) * (int(hp[1]) + 1)
    if states > MAX_EXACT_STATES:
        side = math.isqrt(MAX_EXACT_STATES) - 1
        raise PrepError(
            f"exact_duel follows every pair of HP totals: {names[0]}'s {_n(int(hp[0]))} HP "
            f"and {names[1]}'s {_n(int(hp[1]))} HP make {_n(states)} pairs, more than its "
            f"{_n(MAX_EXACT_STATES)} (about {side} HP a side, a minute's work; the time "
            "grows with the cube of the HP); use simulate(...), which samples the same "
            "fight, or give the creatures fewer HP")


def duration(seconds: float) -> str:
    """``seconds`` in words a person reads: "about 40 s", "about 3 min", "about 2.5 h"."""
    if seconds < 90:
        return f"about {max(1, round(seconds))} s"
    if seconds < 5400:
        return f"about {round(seconds / 60)} min"
    if seconds < 2 * 86400:
        return f"about {seconds / 3600:.1f} h"
    return f"about {seconds / 86400:.1f} days"


def workers_of(backend: Any, tier: str, chunks: int) -> int:
    """How many chunks ``backend`` plays at once (at most ``chunks``): the cores here for
    ``None`` and ``"processes"`` (the fast tier without numba plays one at a time on
    ``None``), a Dask cluster's threads."""
    from .kernel import NUMBA_ACTIVE
    if hasattr(backend, "nthreads"):
        try:
            cores = sum(backend.nthreads().values())
        except Exception:  # noqa: BLE001 - an estimate only; a closed client says so later
            cores = 1
    elif backend is None and tier == "fast" and not NUMBA_ACTIVE:
        cores = 1
    else:
        cores = os.cpu_count() or 1
    return max(1, min(cores, chunks))


def estimate(pilot: Callable[[int], Any], fights: int, pilot_fights: int, workers: int,
             extra: float = 0.0) -> tuple[float, float]:
    """Time ``pilot(pilot_fights)`` (it plays the run's first fights) and scale it to
    ``fights`` over ``workers``, plus ``extra`` seconds (a sweep's points still to build).

    Returns:
        ``(estimated seconds of the run, seconds the pilot took)``.
    """
    t0 = time.perf_counter()
    pilot(pilot_fights)
    took = time.perf_counter() - t0
    return took / pilot_fights * fights / workers + extra, took


def warn_if_long(seconds: float, count: int, tier: str, advice: str = "",
                 what: str = "fights") -> None:
    """Warn (:class:`LongRunWarning`) when ``seconds`` is above :data:`LONG_RUN_SECONDS`,
    naming the estimate and what makes the run quicker (``count`` ``what``: its fights, or
    a sweep's points to build)."""
    if seconds <= LONG_RUN_SECONDS:
        return
    if what == "points":
        ways = ["fewer points (fewer values per key)", "fewer combatants a point",
                "more cores (backend=a dask Client builds the points on its workers)"]
        head = (f"this sweep of {_n(count)} points will take {duration(seconds)} to build "
                f"on this machine (timed on its first point{advice})")
    else:
        ways = ["fewer fights (n=2,000 gives P(win) within +-2%)",
                "stop_at_width=0.02 (simulate: stops once that precise)"]
        if tier == "reference":
            ways.append("the fast tier (tier='fast', lfg on the open field)")
        ways.append("more cores (backend=a dask Client)")
        head = (f"this GM prep run of {_n(count)} fights will take {duration(seconds)} on "
                f"this machine (estimated from its first fights{advice}); Ctrl-C (or the "
                "panel's Stop) keeps the fights played so far")
    warnings.warn(LongRunWarning(f"{head}. Quicker: {'; '.join(ways)}"), stacklevel=4)
