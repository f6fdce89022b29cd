"""What many simulated fights came to, with honest intervals.

Every probability comes with a 95% Wilson score interval (Wilson 1927), which stays inside
[0, 1] and keeps its coverage near 0 and 1, where the plain normal interval fails.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from .kernel import fight_word
from .from_here import replay_here
from .replay import OUTCOME_KEYS, replay_fight
from .spec import FightSpec, PrepError, Scenario
from .standing import dropped as dropped_by_ruleset

__all__ = ["wilson", "paired_difference", "SimResult", "Z95", "format_p", "format_pct",
           "format_points", "READABLE"]

#: Readable headings of :meth:`SimResult.readable`, by the key of :meth:`SimResult.summary`.
READABLE = {"win": "P(win)", "any_dropped": "P(one of its creatures dropped)",
            "any_dead": "P(one of its creatures dies)"}

Z95 = 1.959963984540054


def wilson(k: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``k`` successes in ``n`` trials (``(nan, nan)`` for
    ``n == 0``)."""
    if n <= 0:
        return (math.nan, math.nan)
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    # at k = 0 (k = n) the bound is exactly 0 (1); rounding left ~1e-17 there
    return (0.0 if k <= 0 else max(0.0, mid - half), 1.0 if k >= n else min(1.0, mid + half))


def paired_difference(up: int, down: int, n: int, z: float = Z95
                      ) -> tuple[float, float, float]:
    """The difference of two proportions measured on the same ``n`` paired trials, with
    its 95% score interval (Tango 1998, "Equivalence test and confidence interval for the
    difference in proportions for the paired-sample design"): ``up`` trials are a success
    under the second variant only, ``down`` under the first only.

    The interval is every difference ``D`` a score test does not reject: ``|b - c - nD|
    <= z sqrt(n (2 q(D) + D (1 - D)))``, ``q(D)`` the constrained maximum-likelihood
    share of ``down`` trials. Unlike mean +- 1.96 standard errors it keeps a width when
    no trial changed (about ``z**2 / n`` each side, as the rule of three) and stays
    inside [-1, 1].

    Returns:
        ``(difference, lo, hi)``; ``(nan, nan, nan)`` for ``n == 0``.
    """
    if n <= 0:
        return (math.nan, math.nan, math.nan)
    b, c = float(up), float(down)
    diff = (b - c) / n

    def score(d: float) -> float:
        w = -b - c + (2 * n - b + c) * d
        q = (-w + math.sqrt(max(0.0, w * w + 8 * n * c * d * (1 - d)))) / (4 * n)
        var = n * (2 * q + d * (1 - d))
        if var <= 0:
            return math.copysign(math.inf, b - c - n * d) if b - c != n * d else 0.0
        return (b - c - n * d) / math.sqrt(var)

    def bound(inside: float, outside: float, target: float) -> float:
        """Where ``score`` crosses ``target`` between ``inside`` (score 0) and
        ``outside`` (-1 or 1); ``outside`` itself when it never does."""
        if abs(score(outside)) <= z:
            return outside
        for _ in range(100):
            mid = (inside + outside) / 2
            if (score(mid) - target) * (1 if target > 0 else -1) < 0:
                inside = mid
            else:
                outside = mid
        return (inside + outside) / 2
    return (diff, bound(diff, -1.0, z), bound(diff, 1.0, -z))


def format_p(p: float, lo: float, hi: float) -> str:
    """``p [lo, hi]`` with as few decimals (2 to 6) as keep the interval's ends apart, so
    a narrow interval near 0 or 1 never reads as ``[1.00, 1.00]``."""
    if any(math.isnan(x) for x in (p, lo, hi)):
        return "n/a"
    for d in range(2, 7):
        if round(lo, d) != round(hi, d) or lo == hi:
            break
    return f"{p:.{d}f} [{lo:.{d}f}, {hi:.{d}f}]"


def format_pct(p: float, lo: float, hi: float) -> str:
    """``p [lo, hi]`` in % (``75.8% [75.6%, 76.0%]``), for a panel: one decimal, more (up
    to four) where that alone keeps the interval's ends apart, so a narrow interval near 0
    or 100% never reads as ``[100.0%, 100.0%]``."""
    if any(math.isnan(x) for x in (p, lo, hi)):
        return "n/a"
    for d in range(1, 5):
        if round(100 * lo, d) != round(100 * hi, d) or lo == hi:
            break
    return f"{100 * p:.{d}f}% [{100 * lo:.{d}f}%, {100 * hi:.{d}f}%]"


def format_points(d: float, lo: float, hi: float) -> str:
    """A paired difference of two chances and its interval in percentage points, signed
    (``+3.2 [+1.0, +5.4] points``), for a panel."""
    if any(math.isnan(x) for x in (d, lo, hi)):
        return "n/a"
    return f"{100 * d:+.1f} [{100 * lo:+.1f}, {100 * hi:+.1f}] points"


@dataclass(frozen=True, eq=False)
class SimResult:
    """The fights of one :func:`~lfgcombat.prep.simulate` call.

    Attributes:
        scenario: Who fought (creatures, sides, ruleset, tactics).
        spec: The scenario's numbers (the fast tier's tables).
        tier: ``fast`` or ``reference``.
        seed: The root seed: the same seed gives the same fights on any backend.
        point: The parameter point's key in the seed streams (0 for a single run).
        chunk_size: Fights per chunk (a chunk's fights share one seed stream).
        partial: ``True`` when fewer fights than asked were played (interrupted or
            stopped early).
        interrupted: Stopped by Ctrl-C (KeyboardInterrupt): the fights played so far.
        stopped_early: Stopped on purpose: every side's P(win) interval narrower than
            ``stop_at_width``.
        requested: Fights asked for.
        winner, rounds: Per fight.
        hp, dead, felled, dealt: Per fight and creature: ``hp`` the creature's place on
            its ruleset's HP track when the fight and its aftermath ended (HP; under
            wounds HP less the Wounds lost, :func:`~lfgcombat.prep.standing.track`),
            ``dead``, ``felled`` (who last took it out of the fight, -1 nobody) and
            ``dealt`` (the track its attacks took off its targets).
        map_text: The map the fights were played on (``None``: the open field).
        notes: What the run left out or how it ran (a rule a tier plays only in part,
            numba missing), one sentence each; also in :meth:`summary`'s ``attrs``.
        seconds: How long the run took, wall clock (a comparison's: all its variants
            together); ``nan`` when not measured.
    """

    scenario: Scenario
    spec: FightSpec
    tier: str
    seed: int
    point: int
    chunk_size: int
    partial: bool
    requested: int
    winner: np.ndarray
    rounds: np.ndarray
    hp: np.ndarray
    dead: np.ndarray
    felled: np.ndarray
    dealt: np.ndarray
    map_text: str | None = None
    notes: tuple[str, ...] = field(default=())
    interrupted: bool = False
    stopped_early: bool = False
    seconds: float = math.nan

    # ------------------------------------------------------------------ basics
    def noted(self, note: str | None) -> "SimResult":
        """This result with ``note`` first in its :attr:`notes` (itself when ``None``): how
        the run was played, e.g. the tier picked for it
        (:func:`~lfgcombat.prep.spec.choose_tier`)."""
        return dataclasses.replace(self, notes=(note,) + self.notes) if note else self

    @property
    def n(self) -> int:
        """Fights played."""
        return int(self.winner.shape[0])

    @property
    def sides(self) -> tuple[str, ...]:
        """The side names, in the order the results index them."""
        return self.scenario.side_names

    @property
    def names(self) -> list[str]:
        """The creatures' names, in the order the per-creature results index them."""
        return self.scenario.names

    def _side(self, side: str | None) -> int:
        if side is None:
            return 0
        if side not in self.sides:
            raise PrepError(f"no side {side!r}; the sides are {', '.join(self.sides)}")
        return self.sides.index(side)

    def _members(self, s: int) -> np.ndarray:
        return np.array([k == s for k in self.scenario.side_of])

    @property
    def dropped(self) -> np.ndarray:
        """Per fight and creature: out of the fight when it ended, by its ruleset
        (:func:`~lfgcombat.prep.standing.dropped`): ``lfg`` at 0 HP or less (or dead);
        ``classic`` at 0 HP or below (Disabled, a hero that became mobile again
        included); ``wounds`` dead (at 0 HP a creature fights on with its Wounds)."""
        return dropped_by_ruleset(self.scenario.ruleset.name, self.hp, self.dead)

    def _p(self, mask: np.ndarray) -> tuple[float, float, float]:
        k = float(np.count_nonzero(mask))
        lo, hi = wilson(k, self.n)
        return (k / self.n if self.n else math.nan, lo, hi)

    def p_win(self, side: str) -> tuple[float, float, float]:
        """P(``side`` wins) with its 95% Wilson interval: ``(p, lo, hi)``."""
        return self._p(self.winner == self._side(side))

    def p_draw(self) -> tuple[float, float, float]:
        """P(no side wins within the round limit)."""
        return self._p(self.winner < 0)

    def p_any_dead(self, side: str) -> tuple[float, float, float]:
        """P(at least one creature of ``side`` dies)."""
        return self._p(np.asarray((self.dead[:, self._members(self._side(side))] > 0)
                                  .any(axis=1)))

    def p_any_dropped(self, side: str) -> tuple[float, float, float]:
        """P(at least one creature of ``side`` is dropped (:attr:`dropped`): under lfg
        unconscious, dying or dead; classic Disabled or dead; wounds dead)."""
        return self._p(np.asarray(self.dropped[:, self._members(self._side(side))]
                                  .any(axis=1)))

    # ------------------------------------------------------------------ tables
    def summary(self) -> pd.DataFrame:
        """Per side: P(win), P(a creature of the side is dropped), P(one dies), each with
        its 95% interval; a ``draw`` row. ``attrs``: ``n``, ``tier``, ``partial``, the
        run's ``notes`` (what it left out) and the rounds' mean, median and 90th percentile
        (:meth:`rounds_stats`)."""
        rows = []
        for s in self.sides:
            row: dict[str, Any] = {"side": s}
            for key, fn in (("win", self.p_win), ("any_dropped", self.p_any_dropped),
                            ("any_dead", self.p_any_dead)):
                p, lo, hi = fn(s)
                row.update({f"p_{key}": p, f"p_{key}_lo": lo, f"p_{key}_hi": hi})
            rows.append(row)
        p, lo, hi = self.p_draw()
        rows.append({"side": "draw", "p_win": p, "p_win_lo": lo, "p_win_hi": hi})
        out = pd.DataFrame(rows).set_index("side")
        out.attrs.update(n=self.n, tier=self.tier, partial=self.partial,
                         interrupted=self.interrupted, stopped_early=self.stopped_early,
                         notes=self.notes, **self.rounds_stats())
        return out

    def readable(self) -> pd.DataFrame:
        """:meth:`summary` for people: per side, each probability as ``p [lo, hi]`` (95%
        Wilson, :func:`format_p`) under a plain heading."""
        s = self.summary()
        rows = {}
        for side in s.index:
            rows[side] = {head: format_p(*(float(s.loc[side, f"p_{k}{e}"])
                                           for e in ("", "_lo", "_hi")))
                          for k, head in READABLE.items() if side != "draw" or k == "win"}
        out = pd.DataFrame(rows).T.fillna("")
        out.index.name = None
        return out

    def rounds_stats(self) -> dict[str, float]:
        """The rounds a fight lasts: ``rounds_mean``, ``rounds_median`` and
        ``rounds_q90`` (the 90th percentile)."""
        if not self.n:
            return {"rounds_mean": math.nan, "rounds_median": math.nan, "rounds_q90": math.nan}
        return {"rounds_mean": float(self.rounds.mean()),
                "rounds_median": float(np.quantile(self.rounds, 0.5)),
                "rounds_q90": float(np.quantile(self.rounds, 0.9))}

    def rounds_distribution(self, intervals: bool = False) -> pd.Series | pd.DataFrame:
        """P(the fight ends in round r), r = 1, 2, ...

        Args:
            intervals: ``True``: a DataFrame with ``p`` and its 95% Wilson interval
                (``lo``, ``hi``) per round instead of the Series of ``p``.
        """
        k = np.bincount(self.rounds, minlength=2)[1:]
        last = max(1, int(self.rounds.max()) if self.n else 1)
        index = pd.RangeIndex(1, len(k) + 1, name="rounds")
        s = pd.Series(k / max(1, self.n), index=index, name="P(rounds)")
        if not intervals:
            return s[s.index <= last]
        ci = [wilson(float(x), self.n) for x in k]
        out = pd.DataFrame({"p": s.values, "lo": [c[0] for c in ci],
                            "hi": [c[1] for c in ci]}, index=index)
        return out[out.index <= last]

    def per_creature(self) -> pd.DataFrame:
        """Per creature: P(dropped) (:attr:`dropped`), P(dead) with intervals; HP lost
        (mean, 10/50/90% quantiles); damage dealt (mean); kills (creatures it dropped,
        mean).

        HP lost is the start of the creature's HP track less where the fight left it, and
        damage dealt what its attacks took off its targets' tracks
        (:func:`~lfgcombat.prep.standing.track`): under ``lfg`` and ``classic`` Hit Points
        (below 0 once down, so a blow past 0 counts in full; Temporary HP do not count);
        under ``wounds`` Hit Points and then Wounds, one track (Wound damage counts: a
        critical sent to Wounds counts where it lands)."""
        rows = []
        lost = self.spec.start_hp[None, :] - self.hp
        kills = np.stack([(self.felled == c).sum(axis=1) for c in range(len(self.names))], 1)
        for c, name in enumerate(self.names):
            pd_, lo, hi = self._p(self.dropped[:, c])
            pk, klo, khi = self._p(self.dead[:, c] > 0)
            q10, q50, q90 = np.quantile(lost[:, c], [0.1, 0.5, 0.9]) if self.n else [math.nan] * 3
            rows.append({"name": name, "side": self.sides[self.scenario.side_of[c]],
                         "p_dropped": pd_, "p_dropped_lo": lo, "p_dropped_hi": hi,
                         "p_dead": pk, "p_dead_lo": klo, "p_dead_hi": khi,
                         "hp_lost_mean": float(lost[:, c].mean()), "hp_lost_q10": float(q10),
                         "hp_lost_q50": float(q50), "hp_lost_q90": float(q90),
                         "damage_dealt_mean": float(self.dealt[:, c].mean()),
                         "kills_mean": float(kills[:, c].mean())})
        return pd.DataFrame(rows).set_index("name")

    def kill_matrix(self, intervals: bool = False) -> pd.DataFrame:
        """Kill attribution: P(row creature dropped column creature) in a fight.

        Args:
            intervals: ``True``: a tidy frame instead, one row per attacker and victim
                (``felled by``, ``felled``) with ``p`` and its 95% Wilson interval
                (``lo``, ``hi``).
        """
        n = len(self.names)
        k = np.zeros((n, n))
        for t in range(n):
            for a in range(n):
                k[a, t] = np.count_nonzero(self.felled[:, t] == a)
        if intervals:
            rows = [{"felled by": self.names[a], "felled": self.names[t],
                     "p": k[a, t] / max(1, self.n),
                     **dict(zip(("lo", "hi"), wilson(k[a, t], self.n)))}
                    for a in range(n) for t in range(n)]
            return pd.DataFrame(rows).set_index(["felled by", "felled"])
        return pd.DataFrame(k / max(1, self.n), index=pd.Index(self.names, name="felled by"),
                            columns=pd.Index(self.names, name="felled"))

    # ------------------------------------------------------------------ picking fights
    def severity(self, side: str | None = None) -> np.ndarray:
        """How bad each fight went for ``side`` (default the first): deaths first, then
        creatures dropped, then the share of its HP lost."""
        m = self._members(self._side(side))
        lost = ((self.spec.start_hp[None, m] - self.hp[:, m]).sum(axis=1)
                / max(1, int(self.spec.start_hp[m].sum())))
        return (1000.0 * (self.dead[:, m] > 0).sum(axis=1) + 100.0 * self.dropped[:, m].sum(axis=1)
                + lost)

    def median_fight(self, side: str | None = None) -> int:
        """The index of the median fight by :meth:`severity` (the lower median)."""
        order = np.argsort(self.severity(side), kind="stable")
        return int(order[(self.n - 1) // 2])

    def worst(self, side: str | None = None, share: float = 0.05) -> list[int]:
        """The indices of the worst ``share`` of fights for ``side``, worst first."""
        if not 0 < share <= 1:
            raise PrepError(f"share must be in (0, 1], not {share!r}")
        order = np.argsort(-self.severity(side), kind="stable")
        return [int(i) for i in order[:max(1, int(round(share * self.n)))]]

    def fight(self, i: int) -> dict[str, Any]:
        """Fight ``i``'s outcome: ``winner``, ``rounds`` and per creature ``hp``, ``dead``,
        ``felled``, ``dealt``.

        Raises:
            PrepError: ``i`` out of range.
        """
        if isinstance(i, bool) or not isinstance(i, (int, np.integer)) or not 0 <= i < self.n:
            raise PrepError(f"fight index {i!r} out of range: this result has {self.n} fights "
                            f"(0 to {self.n - 1})")
        return {k: getattr(self, k)[i] for k in OUTCOME_KEYS}

    def replay(self, i: int):
        """Fight ``i`` rebuilt exactly as a real :class:`~lfgcombat.Encounter` (tracker, map,
        dice log), played to its end: the same winner, rounds, HP, deaths, who dropped whom
        and damage dealt as the simulated fight (:mod:`lfgcombat.prep.replay`).

        Reference tier: the same encounter from its seed; a fight played on from where an
        encounter stood (``simulate(encounter)``): a
        :class:`~lfgcombat.prep.replay.ScriptedEncounter` whose log begins with that
        encounter's log (:mod:`lfgcombat.prep.from_here`). Fast tier: a
        :class:`~lfgcombat.prep.replay.ScriptedEncounter` whose dice are the kernel's draws
        of that fight.

        Raises:
            PrepError: ``i`` out of range.
            ReplayError: the fight cannot be replayed exactly (a rule the fast tier leaves
                out would act in the encounter); the message names it.
        """
        outcome = self.fight(i)
        words = fight_word(self.seed, self.point, i, self.chunk_size)
        if self.scenario.start is not None and self.tier == "fast":
            from .fast_here import replay_fast_here
            return replay_fast_here(self.scenario, self.spec, words, outcome)
        if self.scenario.start is not None:  # played on from where a fight stood
            return replay_here(self.scenario, self.spec, words, outcome)
        return replay_fight(self.tier, self.scenario, self.spec, words, outcome,
                            self.map_text)

    def _status(self) -> str:
        if self.interrupted:
            return f" of {self.requested} (partial: interrupted by Ctrl-C)"
        if self.stopped_early:
            return f" of {self.requested} (stopped early: the P(win) intervals are narrow enough)"
        return f" of {self.requested} (partial)" if self.partial else ""

    def __repr__(self) -> str:
        wins = ", ".join(f"{s} {self.p_win(s)[0]:.3f}" for s in self.sides)
        k = len(self.notes)
        notes = f"; {k} note{'s' * (k != 1)} in .notes" if k else ""
        return (f"SimResult({self.tier} tier, {self.n} fights{self._status()}"
                f": P(win) {wins}, draw {self.p_draw()[0]:.3f}{notes})")

    # ------------------------------------------------------------------ plots
    def plot(self, side: str | None = None):
        """Three panels: P(win) per side with intervals, the rounds distribution, and per
        creature P(dropped) / P(dead). Needs matplotlib (``lfgcombat[lab]``).

        Returns:
            The matplotlib Figure.
        """
        try:
            import matplotlib.pyplot as plt
        except ImportError as exc:  # pragma: no cover
            raise PrepError("plot() needs matplotlib: pip install 'lfgcombat[lab]'") from exc
        fig, axes = plt.subplots(1, 3, figsize=(13, 3.6))
        s = self.summary()
        lo = (s["p_win"] - s["p_win_lo"]).clip(lower=0)
        hi = (s["p_win_hi"] - s["p_win"]).clip(lower=0)
        axes[0].bar(s.index, s["p_win"], yerr=[lo, hi], capsize=4, color="#4a7ab5")
        axes[0].set_ylim(0, 1)
        axes[0].set_title(f"P(win), {self.n} fights, 95% CI")
        r = self.rounds_distribution(intervals=True)
        axes[1].bar(r.index, r["p"], yerr=[(r["p"] - r["lo"]).clip(lower=0),
                                           (r["hi"] - r["p"]).clip(lower=0)],
                    capsize=2, color="#888")
        st = self.rounds_stats()
        axes[1].set_title(f"rounds: median {st['rounds_median']:g}, "
                          f"90% within {st['rounds_q90']:g}")
        axes[1].set_xlabel("round the fight ends")
        pc = self.per_creature()
        x = np.arange(len(pc))
        for dx, key, label, color in ((-0.2, "p_dropped", "dropped", "#e0a040"),
                                      (0.2, "p_dead", "dead", "#b03030")):
            err = [(pc[key] - pc[f"{key}_lo"]).clip(lower=0),
                   (pc[f"{key}_hi"] - pc[key]).clip(lower=0)]
            axes[2].bar(x + dx, pc[key], 0.4, yerr=err, capsize=2, label=label, color=color)
        axes[2].set_xticks(x, pc.index, rotation=45, ha="right")
        axes[2].set_ylim(0, 1)
        axes[2].legend()
        axes[2].set_title("per creature, 95% CI")
        fig.tight_layout()
        plt.close(fig)
        return fig
