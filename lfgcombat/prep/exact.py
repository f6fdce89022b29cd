"""Exact answers for one-on-one fights: a Markov chain over both creatures' HP.

A duel under the tactics of :mod:`lfgcombat.prep.tactics` is a Markov chain whose state is
the two creatures' HP: each attack moves it by the exact damage distribution of that attack
(the attack roll's 20 faces, the threat and its confirmation, the damage after DR from the
engine's tables, with Injured changing the d20 and the AC below the Injured Threshold).
Selective Initiative with one creature a side gives the turn order first, second | second,
first | first, second ... (the last to act in a round picks itself to open the next,
000_8d1d7816ee944f3b.txt, "Rounds, Initiative, & Turn Order"). The chain is pushed turn by
turn until no probability is left in play (or the round limit), giving P(win) per side and
the distribution of the round the duel ends in: the numbers the simulators must reproduce.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from ..creature import Creature
from .kernel import NO_THRESHOLD
from .limits import check_exact_states
from .run import prepare_run
from .spec import MAX_ROUNDS, FightSpec, PrepError

__all__ = ["exact_duel", "exact_chain", "ExactDuel", "attack_damage_pmf"]


@dataclass(frozen=True)
class ExactDuel:
    """The exact outcome of a duel: P(win) per creature, P(draw), P(ends in round r)."""

    names: tuple[str, str]
    p_win: tuple[float, float]
    p_draw: float
    rounds: pd.Series

    @property
    def rounds_mean(self) -> float:
        """The mean round the duel ends in (draws counted at the round limit)."""
        r = np.asarray(self.rounds.index, dtype=float)
        return float((r * self.rounds.to_numpy()).sum() + self.p_draw * r[-1])

    @property
    def rounds_sd(self) -> float:
        """The standard deviation of the round the duel ends in."""
        r = np.asarray(self.rounds.index, dtype=float)
        m = self.rounds_mean
        return float(np.sqrt(((r - m) ** 2 * self.rounds.to_numpy()).sum()
                             + self.p_draw * (r[-1] - m) ** 2))

    def summary(self) -> pd.DataFrame:
        """P(win) of each creature and P(draw) as a one-column table (exact, not sampled)."""
        return pd.DataFrame({"p_win": list(self.p_win) + [self.p_draw]},
                            index=pd.Index(list(self.names) + ["draw"], name="side"))


def _p_hit(b: int, ac: int, lo: int = 1) -> float:
    return sum(1 for n in range(lo, 21) if n == 20 or (n != 1 and n + b >= ac)) / 20


def attack_damage_pmf(spec: FightSpec, a: int, t: int, k: int, a_injured: bool,
                      t_injured: bool, extra_bonus: int = 0) -> dict[int, float]:
    """The exact damage of ``a``'s ``k``-th attack of the turn on ``t`` (0 for a miss);
    ``extra_bonus`` is added to the attack roll (Gang Up's Tactical Bonus, say)."""
    b = int(spec.bonus[a, t, k] + (spec.injured_attack[a] if a_injured else 0) + extra_bonus)
    ac = int(spec.ac[a, t] + (spec.injured_ac[t] if t_injured else 0))
    cac = int(spec.confirm_ac[a, t] + (spec.injured_confirm_ac[t] if t_injured else 0))
    th = int(spec.threat[a])
    p_hit = _p_hit(b, ac)
    p_threat = _p_hit(b, ac, th) if th <= 20 else 0.0
    p_conf = _p_hit(b, cac)
    p_perfect = p_threat * (1 / 20) if spec.perfect else 0.0
    p_crit = p_threat * p_conf - p_perfect
    out: dict[int, float] = {0: 1 - p_hit}
    for v, w in ((0, p_hit - p_threat * p_conf), (1, p_crit), (2, p_perfect)):
        if w <= 0:
            continue
        n = int(spec.dmg_len[a, t, v])
        vals = spec.dmg_values[a, t, v, :n]
        cdf = spec.dmg_cdf[a, t, v, :n]
        probs = np.diff(np.concatenate([[0.0], cdf]))
        for d, p in zip(vals, probs):
            out[int(d)] = out.get(int(d), 0.0) + w * float(p)
    return out


def _first_prob(spec: FightSpec) -> float:
    """P(creature 0 opens the duel): higher Initiative Check, then higher bonus, then a
    fair roll-off (the encounter's tie rule)."""
    b0, b1 = int(spec.init_bonus[0]), int(spec.init_bonus[1])
    p = 0.0
    for x in range(1, 21):
        for y in range(1, 21):
            k0, k1 = (x + b0, b0), (y + b1, b1)
            p += (1.0 if k0 > k1 else 0.5 if k0 == k1 else 0.0) / 400
    return p


def _attack(state: np.ndarray, spec: FightSpec, a: int, k: int) -> np.ndarray:
    """Push the joint HP distribution (axis 0: creature 0's HP, axis 1: creature 1's; index
    0 = dropped) through one attack of ``a`` (in play states only)."""
    t = 1 - a
    out = state.copy()
    live = state.copy()
    live[0, :] = 0
    live[:, 0] = 0
    out -= live
    if a == 1:
        live = live.T
        out = out.T
    n_a, n_t = live.shape
    inj_a = np.arange(n_a) <= spec.injured_at[a]
    inj_t = np.arange(n_t) <= spec.injured_at[t]
    for ia in (False, True):
        for it in (False, True):
            block = live * ((inj_a == ia)[:, None] & (inj_t == it)[None, :])
            if not block.any():
                continue
            for d, p in attack_damage_pmf(spec, a, t, k, ia, it).items():
                if d <= 0:
                    out += p * block
                    continue
                shifted = np.zeros_like(block)
                shifted[:, 0] += block[:, 1:d + 1].sum(axis=1) if d < n_t else block.sum(axis=1)
                if d < n_t:
                    shifted[:, 1:n_t - d] += block[:, d + 1:]
                out += p * shifted
    return out.T if a == 1 else out


def exact_duel(a: Creature, b: Creature | None = None, *, ruleset="lfg",
               max_rounds: int = MAX_ROUNDS, tol: float = 1e-12) -> ExactDuel:
    """The exact outcome of a one-on-one fight (see the module docstring).

    Args:
        a, b: The two creatures, given one by one: ``exact_duel(a, b)``.
        ruleset, max_rounds, tol: As :func:`exact_chain` and :func:`~lfgcombat.prep.simulate`.

    Raises:
        PrepError: not two creatures (a list, say), a creature starting at 0 HP or less,
            with a condition the fast tier does not play, or with Temporary HP
            (:func:`~lfgcombat.prep.spec.check_fast_tier`), or a bad ruleset; the chain is
            lfg's (its HP, Injured, dying at 0 HP): ``classic`` and ``wounds`` are refused
            by name, pointing to ``simulate(..., tier='reference')``; Perfect Critical on
            where one can injure (:func:`_check_no_injury`); HP too many for the chain
            (:func:`exact_chain`: :data:`~lfgcombat.prep.limits.MAX_EXACT_STATES`).
    """
    a, b = _two(a, b)
    scenario, spec = prepare_run({"a": [a], "b": [b]}, ruleset, "weakest",
                                 max_rounds=max_rounds, check="the exact duel", temp_hp=False)
    _check_no_injury(spec, (a.name, b.name))
    return exact_chain(spec, (a.name, b.name), (a.hp, b.hp), max_rounds, tol)


def _check_no_injury(spec: FightSpec, names: tuple[str, str]) -> None:
    """Refuse a duel in which a Perfect Critical can injure: the chain's state is the two HP
    totals, and a broken or severed limb ("Perfect Critical (Optional Rule)",
    000_8d1d7816ee944f3b.txt: at least the target's Injured Threshold) would change the
    attacks after it.

    Raises:
        PrepError: naming the strike, the threshold and what to use instead.
    """
    if not spec.perfect:
        return
    for x, t in ((0, 1), (1, 0)):
        n = int(spec.dmg_len[x, t, 2])
        top = int(spec.dmg_values[x, t, 2, :n].max()) if n else 0
        if spec.injured_at[t] != NO_THRESHOLD and top >= spec.injured_at[t]:
            raise PrepError(
                f"exact_duel leaves out a Perfect Critical's injuries, and here {names[x]}'s "
                f"Perfect Critical deals up to {top}, at least {names[t]}'s Injured "
                f"Threshold {int(spec.injured_at[t])} (a broken or severed limb changes the "
                "attacks after it); use simulate(...), whose fast tier plays them, or leave "
                "Perfect Critical off")


def _two(a: Any, b: Any) -> tuple[Creature, Creature]:
    """The two creatures of a duel, given one by one.

    Returns:
        ``(a, b)``.

    Raises:
        PrepError: naming what was given and how to call.
    """
    if isinstance(a, Creature) and isinstance(b, Creature):
        return a, b
    if isinstance(a, (list, tuple, dict, set)):
        given = f"a {type(a).__name__} of {len(a)}"
    elif b is None:
        given = f"only one ({type(a).__name__})"
    else:
        given = f"{type(a).__name__} and {type(b).__name__}"
    raise PrepError(f"exact_duel: a duel takes two creatures, given one by one as "
                    f"exact_duel(a, b), not {given}; for more than two use simulate(...)")


def exact_chain(spec: FightSpec, names: tuple[str, str], start: tuple[int, int],
                max_rounds: int = MAX_ROUNDS, tol: float = 1e-12) -> ExactDuel:
    """The Markov chain of :func:`exact_duel` on a duel's numbers (tests change one rule's
    numbers, e.g. Injured's, to measure how much that rule moves the answer).

    Args:
        spec: The duel's :class:`~lfgcombat.prep.spec.FightSpec` (two creatures).
        names: Their names.
        start: Their HP at the start.
        max_rounds: A draw after this many rounds.
        tol: Stop once less probability than this is still in play.

    Returns:
        The :class:`ExactDuel`.

    Raises:
        PrepError: more than :data:`~lfgcombat.prep.limits.MAX_EXACT_STATES` pairs of HP
            totals (500 HP a side, about a minute), pointing to ``simulate``.
    """
    hp0, hp1 = int(spec.max_hp[0]), int(spec.max_hp[1])
    check_exact_states((hp0, hp1), names)
    p_first0 = _first_prob(spec)
    win = [0.0, 0.0]
    by_round = np.zeros(max_rounds + 1)
    for first, weight in ((0, p_first0), (1, 1 - p_first0)):
        if weight <= 0:
            continue
        state = np.zeros((hp0 + 1, hp1 + 1))
        state[start[0], start[1]] = weight
        second = 1 - first
        for rnd in range(1, max_rounds + 1):
            order = (first, second) if rnd % 2 else (second, first)
            for actor in order:
                for k in range(int(spec.n_attacks[actor])):
                    state = _attack(state, spec, actor, k)
                ended0 = state[1:, 0].sum()   # creature 1 dropped: 0 wins
                ended1 = state[0, 1:].sum()
                win[0] += ended0
                win[1] += ended1
                by_round[rnd] += ended0 + ended1
                state[1:, 0] = 0
                state[0, 1:] = 0
            if state.sum() < tol:
                break
    p_draw = max(0.0, 1.0 - win[0] - win[1])
    rounds = pd.Series(by_round[1:], index=pd.RangeIndex(1, max_rounds + 1, name="rounds"),
                       name="P(rounds)")
    return ExactDuel((names[0], names[1]), (win[0], win[1]), p_draw, rounds)
