"""Rule variants on common random numbers, and parameter sweeps.

:func:`compare` plays the same fights (the same seed streams, fight for fight) under each
variant - another ruleset or optional rules switched on ("Killer Criticals (Optional
Rule)", "Perfect Critical (Optional Rule)", 000_8d1d7816ee944f3b.txt) - so the difference
between two variants is measured on paired fights, with a paired 95% interval that is much
narrower than two independent runs would give.

:func:`sweep` plays every point of a grid (party level, number of foes, a rule switch...)
and returns a tidy table, one row per point, side and measure; ``sweep_result.replay(point,
i)`` rebuilds fight ``i`` of a point as an encounter, and ``sweep_result.result(point)``
plays a point's fights again (the same fights) as a full :class:`SimResult`.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import secrets
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from ..engine import Encounter
from ..rulesets import Ruleset
from .from_here import prepare_here
from .replay import replay_seeded
from .result import SimResult, paired_difference, wilson
from .fast_here import fast_here, here_refusal, reference_here
from .run import (DEFAULT_CHUNK, HERE_CHUNK, _check, _execute, _here_arguments, _is_client,
                  _result, _ruleset, open_backend, prepare_run)
from .limits import check_points, check_results, warn_if_long
from .spec import MAX_ROUNDS, PrepError, choose_tier
from .tactics import Tactics

__all__ = ["compare", "Comparison", "sweep", "Sweep", "MEASURES"]

#: What a sweep reports per side: P(win), P(one of its creatures dies), P(one is dropped).
MEASURES = ("win", "any_dead", "any_dropped")
_SWITCHES = tuple(f.name for f in dataclasses.fields(Ruleset) if f.name != "name")
#: The grid's keys that are not ``build``'s: the rule switches and the ruleset.
_AXES = _SWITCHES + ("ruleset",)


def _indicator(r: SimResult, side: str, measure: str) -> np.ndarray:
    s = r.sides.index(side)
    m = np.array([k == s for k in r.scenario.side_of])
    if measure == "win":
        return (r.winner == s).astype(float)
    if measure == "any_dead":
        return (r.dead[:, m] > 0).any(axis=1).astype(float)
    if measure == "any_dropped":
        return r.dropped[:, m].any(axis=1).astype(float)
    raise PrepError(f"measure must be one of {', '.join(MEASURES)}, not {measure!r}")


@dataclass(frozen=True, eq=False)
class Comparison:
    """Variants played on the same fights.

    Attributes:
        labels: One per variant.
        results: One :class:`SimResult` per variant (same seed, same fight indices).
    """

    labels: tuple[str, ...]
    results: tuple[SimResult, ...]

    @property
    def partial(self) -> bool:
        """Whether some variant played fewer fights than asked (Ctrl-C): the variants run
        one after another, so the later ones may have none; :meth:`summary` pairs the
        fights every variant played (its ``n`` column) and says so in its ``attrs``."""
        return any(r.partial for r in self.results)

    @property
    def notes(self) -> tuple[str, ...]:
        """Every variant's run notes (what a tier left out), each once, in order."""
        return tuple(dict.fromkeys(n for r in self.results for n in r.notes))

    def summary(self, measure: str | None = None) -> pd.DataFrame:
        """Per variant, side and measure: P(measure) with its 95% Wilson interval
        (``p_lo``, ``p_hi``), its difference from the first variant (``diff``) with a
        paired 95% interval (``diff_lo``, ``diff_hi``: Tango's score interval over the
        same fights, :func:`~lfgcombat.prep.result.paired_difference`, which keeps a width
        of about 4/n each side when no fight changed), and ``changed``: the fights whose
        outcome the variant changed. The first variant's own row is exactly 0.

        Args:
            measure: One of :data:`MEASURES` (``"win"``, ``"any_dead"``,
                ``"any_dropped"``): index ``(variant, side)``; ``None`` (the default):
                all three, index ``(variant, side, measure)`` - P(win) alone is often
                1.0 against 1.0 while the variants differ in who dies.

        Raises:
            PrepError: an unknown measure.
        """
        if measure is not None and measure not in MEASURES:
            raise PrepError(f"measure must be one of {', '.join(MEASURES)} or None (all "
                            f"three), not {measure!r}")
        base = self.results[0]
        rows = []
        for label, r in zip(self.labels, self.results):
            n = min(base.n, r.n)
            for side in base.sides:
                for m in (MEASURES if measure is None else (measure,)):
                    x = _indicator(r, side, m)[:n]
                    x0 = _indicator(base, side, m)[:n]
                    d = x - x0
                    up, down = int(np.count_nonzero(d > 0)), int(np.count_nonzero(d < 0))
                    diff, dlo, dhi = ((0.0, 0.0, 0.0) if r is base
                                      else paired_difference(up, down, n))
                    lo, hi = wilson(float(x.sum()), n)
                    rows.append({"variant": label, "side": side, "measure": m,
                                 "p": x.mean() if n else math.nan, "p_lo": lo, "p_hi": hi,
                                 "diff": diff, "diff_lo": dlo, "diff_hi": dhi,
                                 "changed": up + down, "n": n})
        index = ["variant", "side"] + (["measure"] if measure is None else [])
        out = pd.DataFrame(rows)
        if measure is not None:
            out = out.drop(columns="measure")
        out = out.set_index(index)
        out.attrs["partial"] = self.partial
        return out


    def plot(self, measure: str = "win", side: str | None = None):
        """One plot: per variant, P(``measure``) of ``side`` (default the first) with its
        95% interval, and its paired difference from the first variant with its paired
        interval (:meth:`summary`). Needs matplotlib (``lfgcombat[lab]``).

        Returns:
            The matplotlib Figure.

        Raises:
            PrepError: an unknown measure or side.
        """
        import matplotlib.pyplot as plt
        side = self.results[0].sides[self.results[0]._side(side)]
        s = self.summary(measure).xs(side, level="side")
        fig, axes = plt.subplots(1, 2, figsize=(11, 0.6 * len(s) + 1.6))
        y = np.arange(len(s))[::-1]
        for ax, key, title in ((axes[0], "p", f"P({measure}) of {side}, 95% CI"),
                               (axes[1], "diff", f"difference from {s.index[0]}, paired 95% CI")):
            lo, hi = s[f"{key}_lo"], s[f"{key}_hi"]
            ax.errorbar(s[key], y, xerr=[(s[key] - lo).clip(lower=0),
                                         (hi - s[key]).clip(lower=0)],
                        fmt="o", capsize=4, color="#4a7ab5")
            ax.set_yticks(y, list(s.index))
            ax.set_title(title)
        axes[0].set_xlim(0, 1)
        axes[1].axvline(0, color="#888", lw=1)
        fig.tight_layout()
        plt.close(fig)
        return fig


def _label(v: Any) -> str:
    if isinstance(v, Ruleset):
        return v.describe()
    if isinstance(v, Tactics):
        return v.label
    if isinstance(v, Mapping):
        return (", ".join(f"{k}={_label(val)}" for k, val in v.items())
                or "optional rules off")
    return str(v)


def compare(sides: Mapping[str, Sequence] | Encounter, n: int = 10_000, *,
            rulesets: Sequence[Any] | None = None,
            switches: Sequence[Mapping[str, Any]] | None = None, ruleset: Any = None,
            tactics: Any = "weakest", seed: int | None = None, backend: Any = None,
            tier: str | None = None, progress: bool = True, max_rounds: int = MAX_ROUNDS,
            knockdown: bool = False, callback: Callable[[int, int], None] | None = None
            ) -> Comparison:
    """Play the same ``n`` fights under each variant (common random numbers).

    The variants are rulesets (``rulesets=[...]``), optional-rule switches
    (``switches=[...]``) or tactics: ``tactics=["focus_fire", "spread_out"]`` ("how much
    do tactics matter?"; each a target policy, a preset of
    :data:`~lfgcombat.prep.tactics.PRESETS`, a :class:`~lfgcombat.prep.Tactics` or a
    mapping side -> any of these, so ``{"party": "threat_first"}`` changes the party's
    alone). ``sides`` may be an :class:`~lfgcombat.Encounter`, before it starts or in the
    middle of a fight: each variant plays it on from where it stands on the same seeds
    (tactics variants only, since its rules are its own).

    Every variant plays on the one tier :func:`simulate` picks (an Encounter's: the fast
    tier where the kernel starts from it under every variant's tactics), so that fight
    ``i`` has the same seeds in each; the notes say why. Under different rulesets the same
    seeds are not the same rolls: the pairing narrows the interval less, and stays valid.

    Args:
        sides, n, tactics, backend, tier, progress, max_rounds, knockdown, callback: As
            :func:`simulate` (``callback(done, total)`` counts every variant's fights).
        rulesets: The variants as rulesets, e.g. ``["lfg", "classic", "wounds"]``.
        switches: Or as optional-rule switches over ``ruleset``, e.g.
            ``[{}, {"killer_criticals": True}]``.
        seed: The root seed shared by every variant.

    Returns:
        A :class:`Comparison`.

    Raises:
        PrepError: not exactly one kind of variants, or fewer than two (:func:`_variants`);
            beyond :data:`~lfgcombat.prep.limits.MAX_RESULT_VALUES`; rule variants of an
            Encounter; or what :func:`simulate` refuses.
        TacticsError: an unknown tactics variant.
    """
    began = time.perf_counter()
    kind, variants = _variants(rulesets, switches, tactics)
    if isinstance(sides, Encounter):
        tier, note, points = _encounter_points(sides, variants, kind, n, seed, tier,
                                               max_rounds, (ruleset, knockdown))
    else:
        tier, note, points = _points(sides, variants, kind, n, seed, tier, max_rounds,
                                     ruleset, tactics, knockdown)
    check_results(n, [len(sc.creatures) for sc, _ in points], "comparison")
    root = int(seed) if seed is not None else secrets.randbits(63)
    size = HERE_CHUNK if isinstance(sides, Encounter) and tier != "fast" else DEFAULT_CHUNK[tier]
    with open_backend(backend) as be:
        parts, status = _execute([(sc, sp, 0) for sc, sp in points], n, tier, root, size,
                                 be, progress, None, None, callback)
    seconds = time.perf_counter() - began
    results = tuple(dataclasses.replace(_result(sc, sp, tier, root, 0, size, n, ch, status)
                                        .noted(note), seconds=seconds)
                    for (sc, sp), ch in zip(points, parts))
    return Comparison(tuple(_label(v) for v in variants), results)


def _variants(rulesets: Any, switches: Any, tactics: Any) -> tuple[str, list]:
    """:func:`compare`'s kind of variants (``"rulesets"``, ``"switches"`` or
    ``"tactics"``) and the variants.

    Raises:
        PrepError: not exactly one kind given, or fewer than two variants.
    """
    kinds = [k for k, given in (("rulesets", rulesets is not None),
                                ("switches", switches is not None),
                                ("tactics", isinstance(tactics, (list, tuple)))) if given]
    if len(kinds) != 1:
        raise PrepError("give the variants as rulesets=[...], as switches=[{...}, {...}] or "
                        "as tactics=[...], one of the three"
                        + (f" (got {' and '.join(kinds)})" if kinds else ""))
    variants = list(rulesets if rulesets is not None else switches if switches is not None
                    else tactics)
    if len(variants) < 2:
        raise PrepError(f"compare needs two or more variants, got {len(variants)}")
    return kinds[0], variants


def _points(sides: Any, variants: list, kind: str, n: Any, seed: Any, tier: str | None,
            max_rounds: int, ruleset: Any, tactics: Any, knockdown: bool
            ) -> tuple[str, str | None, list[tuple]]:
    """:func:`compare`'s tier, its note and each variant's scenario and numbers."""
    if kind == "tactics":
        chosen = [_ruleset(ruleset, None)] * len(variants)
        plays = variants
    else:
        chosen = [_ruleset(v, None) if kind == "rulesets" else _ruleset(ruleset, v)
                  for v in variants]
        plays = [tactics] * len(variants)
    tier, note = choose_tier(tier, chosen, plays)
    _check(n, tier, seed, None, None)
    check = "the fast tier" if tier == "fast" else None
    return tier, note, [prepare_run(sides, rs, t, None, max_rounds, check, knockdown=knockdown)
                        for rs, t in zip(chosen, plays)]


def _encounter_points(enc: Encounter, variants: list, kind: str, n: Any, seed: Any,
                      tier: str | None, max_rounds: int, rules: tuple
                      ) -> tuple[str, None, list[tuple]]:
    """:func:`compare`'s tier and each tactics variant's scenario and numbers for a fight
    under way (:func:`~lfgcombat.prep.from_here.prepare_here`), on the tier
    :func:`~lfgcombat.prep.simulate` picks for it: the fast tier when its kernel can start
    from where the fight stands under every variant's tactics, else the reference tier for
    all (so that fight ``i`` has the same seeds in each), each variant's notes saying why
    as simulate's do (:func:`~lfgcombat.prep.fast_here.here_refusal`).

    Raises:
        PrepError: rule variants, a ruleset or Knockdown other than the encounter's (in
            ``rules``); ``tier="fast"`` where the kernel cannot start from here, in
            simulate's words.
    """
    if kind != "tactics":
        raise PrepError(f"an Encounter plays by its own rules ({enc.ruleset.describe()}): "
                        f"compare its tactics (tactics=[...]), not {kind}; to compare rules, "
                        "compare the creatures from a fresh start (compare({side: "
                        "[creatures]}, ...))")
    _here_arguments(enc, rules[0], None, None, rules[1])
    _check(n, tier or "reference", seed, None, None)
    prepared = [prepare_here(enc, t, max_rounds) for t in variants]
    if tier == "reference":
        return "reference", None, prepared
    problems = here_refusal(enc, [sc for sc, _ in prepared], tier)
    if problems:
        return "reference", None, [(sc, reference_here(sp, problems)) for sc, sp in prepared]
    return "fast", None, [(sc, fast_here(enc, sc, sp, max_rounds)) for sc, sp in prepared]


@dataclass(frozen=True, eq=False)
class Sweep:
    """A grid of simulations.

    Attributes:
        frame: Tidy: one row per point, side and measure, with the parameters, ``p``,
            ``lo``, ``hi`` (95% Wilson) and ``n``.
        params: The grid's parameter names.
        points: The grid's points, in order: ``{parameter: value}`` each.
        runs: Per point, its scenario, numbers and seed-stream key (what
            :meth:`result` and :meth:`replay` play again).
        tier, seed, chunk_size, n: How every point was run.
        notes: What the points' runs left out (:attr:`SimResult.notes`), each once.
    """

    frame: pd.DataFrame
    params: tuple[str, ...]
    points: tuple[dict[str, Any], ...] = ()
    runs: tuple[tuple[Any, Any, int], ...] = ()
    tier: str = "fast"
    seed: int = 0
    chunk_size: int = DEFAULT_CHUNK["fast"]
    n: int = 0
    notes: tuple[str, ...] = ()
    played: tuple[int, ...] = ()

    @property
    def partial(self) -> bool:
        """Whether some point played fewer than :attr:`n` fights (Ctrl-C): those points'
        rows have ``n`` below it, ``p`` NaN where none was played, and the heat map leaves
        them blank."""
        return any(k < self.n for k in self.played)

    def _point(self, point: int | Mapping[str, Any]) -> int:
        """The index of ``point``: an index into :attr:`points` or ``{parameter: value}``."""
        if isinstance(point, Mapping):
            for k, p in enumerate(self.points):
                if dict(point) == p:
                    return k
            raise PrepError(f"no grid point {dict(point)!r}; the points are "
                            + ", ".join(map(repr, self.points[:6]))
                            + (" ..." if len(self.points) > 6 else ""))
        if isinstance(point, bool) or not isinstance(point, (int, np.integer)) \
                or not 0 <= point < len(self.runs):
            raise PrepError(f"point must be a grid point {{parameter: value}} or its index "
                            f"0 to {len(self.runs) - 1}, not {point!r}")
        return int(point)

    def result(self, point: int | Mapping[str, Any]) -> SimResult:
        """The :class:`SimResult` of one grid point (an index or ``{parameter: value}``),
        its ``n`` fights played again from their seed streams: the very fights the sweep
        played, fight for fight (milliseconds on the fast tier; as long as the first time
        on the reference tier). The sweep keeps only its table, not every fight.

        Raises:
            PrepError: an unknown point.
        """
        k = self._point(point)
        sc, sp, key = self.runs[k]
        n = self.played[k] if self.played else self.n
        if n == 0:
            raise PrepError(f"grid point {self.points[k]!r} played no fights (the sweep was "
                            "interrupted before it); run the sweep again")
        parts, status = _execute([(sc, sp, key)], n, self.tier, self.seed,
                                 self.chunk_size, None, False, None, None)
        return _result(sc, sp, self.tier, self.seed, key, self.chunk_size, n, parts[0],
                       status)

    def replay(self, point: int | Mapping[str, Any], i: int):
        """Fight ``i`` of one grid point rebuilt exactly as a real
        :class:`~lfgcombat.Encounter`, as ``sweep.result(point).replay(i)`` would, without
        playing the point's other fights (:func:`~lfgcombat.prep.replay.replay_seeded`).

        Raises:
            PrepError: an unknown point, or ``i`` out of range.
            ReplayError: the fight cannot be replayed exactly (see :meth:`SimResult.replay`).
        """
        sc, sp, key = self.runs[self._point(point)]
        if isinstance(i, bool) or not isinstance(i, (int, np.integer)) or not 0 <= i < self.n:
            raise PrepError(f"fight index {i!r} out of range: each point has {self.n} fights "
                            f"(0 to {self.n - 1})")
        return replay_seeded(self.tier, sc, sp, self.seed, key, self.chunk_size, int(i))

    def _check_axes(self, measure: str, side: str, x: str, y: str | None) -> None:
        """Refuse a measure, side or parameter the sweep does not have."""
        for what, value, known in (("measure", measure, self.frame["measure"]),
                                   ("side", side, self.frame["side"])):
            choices = sorted({str(v) for v in known})
            if value not in choices:
                raise PrepError(f"unknown {what} {value!r}; this sweep has "
                                + ", ".join(map(repr, choices)))
        for axis in (x, y):
            if axis is not None and axis not in self.params:
                raise PrepError(f"unknown parameter {axis!r}; the sweep's parameters are "
                                + ", ".join(map(repr, self.params)))
        if x == y:
            raise PrepError(f"x and y are both {x!r}; give two different parameters")

    def heatmap(self, measure: str = "any_dead", side: str | None = None,
                x: str | None = None, y: str | None = None, ax=None):
        """A heat map of ``measure`` for ``side`` over two parameters (matplotlib).

        Returns:
            The matplotlib Figure.

        Raises:
            PrepError: an unknown measure, side or parameter; one parameter given twice.
        """
        import matplotlib.pyplot as plt
        side = side or str(self.frame["side"].iloc[0])
        x = x or self.params[0]
        y = y or (self.params[1] if len(self.params) > 1 else None)
        self._check_axes(measure, side, x, y)
        f = self.frame[(self.frame.side == side) & (self.frame.measure == measure)]
        table = (f.pivot_table(index=y, columns=x, values="p", dropna=False) if y is not None
                 else f.groupby(x)["p"].mean().to_frame().T.rename(index={"p": side}))
        if ax is None:
            fig, ax = plt.subplots(figsize=(1 + 0.8 * table.shape[1], 1 + 0.6 * table.shape[0]))
        else:
            fig = ax.figure
        im = ax.imshow(table.values, origin="lower", cmap="magma_r", vmin=0, vmax=1,
                       aspect="auto")
        ax.set_xticks(range(table.shape[1]), table.columns)
        ax.set_yticks(range(table.shape[0]), table.index)
        ax.set_xlabel(x)
        ax.set_ylabel(y or "")
        for (i, j), v in np.ndenumerate(table.values):
            ax.text(j, i, "not run" if np.isnan(v) else f"{v:.2f}", ha="center",
                    va="center", color="white" if v > 0.5 else "black", fontsize=8)
        ax.set_title(f"P({measure.replace('_', ' ')}) for {side}"
                     + (" (interrupted: partial)" if self.partial else ""))
        fig.colorbar(im, ax=ax)
        plt.close(fig)
        return fig


def sweep(grid: Mapping[str, Sequence[Any]], build: Callable[..., Mapping[str, Sequence]],
          n: int = 10_000, *, ruleset: Any = "lfg", tactics: Any = "weakest",
          seed: int | None = None, backend: Any = None, tier: str | None = None,
          progress: bool = True, max_rounds: int = MAX_ROUNDS, knockdown: bool = False
          ) -> Sweep:
    """Simulate every point of ``grid``.

    Args:
        grid: ``{"orcs": range(2, 9), "level": range(1, 7)}``; a key named like a rule
            switch (``killer_criticals``...) sets that switch instead of going to
            ``build``, and the key ``ruleset`` (``["lfg", "classic", "wounds"]``) the
            point's ruleset (its switches from the other keys).
        build: ``build(**point) -> sides`` for the other keys.
        n, ruleset, tactics, seed, backend, tier, progress, max_rounds, knockdown: As
            :func:`simulate` (``tier=None``: the fast tier when every point is lfg, else
            the reference tier for all, the notes saying so);
            point ``p`` (in the grid's order) draws from seed stream key ``p``.

    Returns:
        A :class:`Sweep`.

    Raises:
        PrepError: an empty grid, more than :data:`~lfgcombat.prep.limits.MAX_POINTS`
            points (refused before any is built), ``n`` x the points' combatants above
            :data:`~lfgcombat.prep.limits.MAX_RESULT_VALUES`, or what :func:`simulate`
            refuses. Building the points is timed on the first: when the rest will take
            longer than :data:`~lfgcombat.prep.limits.LONG_RUN_SECONDS`, a
            ``LongRunWarning`` says so first.
    """
    _check_grid(grid)
    names = tuple(grid)
    values = [list(grid[k]) for k in names]
    check_points(math.prod(len(v) for v in values))
    combos = list(itertools.product(*values))
    params = [dict(zip(names, values)) for values in combos]
    chosen = [_ruleset(point.get("ruleset", ruleset),
                       {k: v for k, v in point.items() if k in _SWITCHES} or None)
              for point in params]
    tier, note = choose_tier(tier, chosen, tactics)
    _check(n, tier, seed, None, None)
    root = int(seed) if seed is not None else secrets.randbits(63)
    jobs = [(_built(build, {k: v for k, v in point.items() if k not in _AXES}), rs, tactics,
             None, max_rounds, "the fast tier" if tier == "fast" else None, True, knockdown)
            for point, rs in zip(params, chosen)]
    check_results(n, [_count(job[0]) for job in jobs], "sweep")
    size = DEFAULT_CHUNK[tier]
    with open_backend(backend) as be:
        if _is_client(be):  # each point's numbers are built on the workers
            prepared = be.gather([be.submit(prepare_run, *job, pure=False) for job in jobs])
        else:
            prepared = _prepare_all(jobs)
        points = [(sc, sp, p) for p, (sc, sp) in enumerate(prepared)]
        parts, status = _execute(points, n, tier, root, size, be, progress, None, None)
    results = [_result(sc, sp, tier, root, p, size, n, ch, status)
               for (sc, sp, p), ch in zip(points, parts)]
    notes = dict.fromkeys(([note] if note else []) + [x for r in results for x in r.notes])
    played = tuple(sum(int(ch["winner"].shape[0]) for ch in c) for c in parts)
    return Sweep(_table(params, results), names, tuple(params), tuple(points), tier, root,
                 size, n, tuple(notes), played)


def _table(params: Sequence[Mapping[str, Any]], results: Sequence[SimResult]) -> pd.DataFrame:
    """A sweep's tidy table: per point, side and measure (:data:`MEASURES`), the point's
    parameters, ``p`` with its 95% Wilson interval (``lo``, ``hi``) and ``n``."""
    rows = []
    for point, r in zip(params, results):
        for side in r.sides:
            for measure in MEASURES:
                k = _indicator(r, side, measure).sum()
                lo, hi = wilson(k, r.n)
                rows.append({**point, "side": side, "measure": measure,
                             "p": k / r.n if r.n else math.nan, "lo": lo, "hi": hi,
                             "n": r.n})
    return pd.DataFrame(rows)


def _count(sides: Any) -> int:
    """The combatants of ``build``'s sides (0 for what is not a mapping of lists: the
    checks of :func:`~lfgcombat.prep.run.prepare_run` refuse it with the reason)."""
    if not isinstance(sides, Mapping):
        return 0
    return sum(1 if not isinstance(m, Iterable) else len(list(m)) for m in sides.values())


def _prepare_all(jobs: list[tuple]) -> list[tuple]:
    """Each point's scenario and numbers (:func:`~lfgcombat.prep.run.prepare_run`), here;
    when building the others will take longer than
    :data:`~lfgcombat.prep.limits.LONG_RUN_SECONDS` (timed on the first), a
    :class:`~lfgcombat.prep.limits.LongRunWarning` says so first."""
    t0 = time.perf_counter()
    first = prepare_run(*jobs[0])
    warn_if_long((time.perf_counter() - t0) * (len(jobs) - 1), len(jobs), "fast",
                 advice=": building each point's fight, before any is played",
                 what="points")
    return [first] + [prepare_run(*job) for job in jobs[1:]]


def _check_grid(grid: Any) -> None:
    """Refuse a grid that is not ``{name: [values...]}`` with at least one value each."""
    if not isinstance(grid, Mapping) or not grid:
        raise PrepError("grid must map parameter names to non-empty lists of values, e.g. "
                        "{'orcs': [2, 3, 4]}")
    for k, v in grid.items():
        if isinstance(v, (str, bytes, Mapping)) or not isinstance(v, Iterable) \
                or len(list(v)) == 0:
            raise PrepError(f"grid[{k!r}] must be a non-empty list of values, e.g. "
                            f"{{{k!r}: [{v!r}]}}, not {v!r:.40}")


def _built(build: Callable[..., Mapping[str, Sequence]], point: Mapping[str, Any]
           ) -> Mapping[str, Sequence]:
    """``build(**point)``, a grid key ``build`` does not take refused by name."""
    import inspect
    try:
        params = inspect.signature(build).parameters
    except (TypeError, ValueError):  # pragma: no cover - builtins without a signature
        return build(**point)
    if not any(p.kind is p.VAR_KEYWORD for p in params.values()):
        extra = [k for k in point if k not in params]
        if extra:
            known = [k for k, p in params.items()
                     if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
            raise PrepError(f"build does not take the grid key(s) {', '.join(map(repr, extra))}"
                            f" (it takes {', '.join(known) or 'nothing'}; the keys it does "
                            f"not take must be rule switches: {', '.join(_SWITCHES)}, or "
                            "'ruleset')")
    return build(**point)
