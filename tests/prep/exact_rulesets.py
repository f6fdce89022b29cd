"""Exact duels under classic and wounds: Markov chains over both creatures' HP built from
the fast tier's numbers (the engine's exact attack odds), for GM prep's tier tests.

lfg's chain (:mod:`lfgcombat.prep.exact`) plays lfg's rules only; these two play the duel
as the classic and wounds kernels do, from the same numbers, so that the kernels' dice
loops, health state machines and initiative are checked against exact answers (and the
reference tier, real encounters, against the same answers):

* classic (002_2a3a79475ca2a541.txt): one attack a round ("Single Actions:"), a fixed order
  from one initiative roll each (the higher total, then the higher bonus, then a fair
  roll-off), the second Flat-footed against the opener's first attack ("Conditions":
  "A character who has not yet acted during a combat is Flat-footed"); in a duel the fight
  is over as soon as one drops to 0 HP or below ("Stabilizing a Disabled Character":
  disabled), dead if at -10 or below ("Death").
* wounds (003_de0e94afd49609a7.txt): two attacks a turn (its Half Actions); Hit Points then
  Wounds are one pool (damage takes HP first, the rest from Wounds; dead at 0 Wounds, an
  Instant Kill at once): the loser dies; every round both roll 1d20 + bonus, the one that
  acted last +5 ("Alternative Initiative Option #1 - Round-By-Round",
  000_8d1d7816ee944f3b.txt).
"""

from __future__ import annotations

import numpy as np


def _first(b0: int, b1: int, plus0: int = 0, plus1: int = 0) -> float:
    """P(creature 0 acts first): the higher 1d20 + bonus (+ ``plus``), then the higher
    bonus, then a fair roll-off."""
    p = 0.0
    for x in range(1, 21):
        for y in range(1, 21):
            k0, k1 = (x + b0 + plus0, b0), (y + b1 + plus1, b1)
            p += (1.0 if k0 > k1 else 0.5 if k0 == k1 else 0.0) / 400
    return p


def _dist(values: np.ndarray, cdf: np.ndarray, n: int) -> list[tuple[int, float]]:
    probs = np.diff(np.concatenate([[0.0], cdf[:n]]))
    return [(int(v), float(p)) for v, p in zip(values[:n], probs) if p > 0]


def _strike(state: np.ndarray, actor: int, dist, dead_below: int | None):
    """Push the joint state (axis 0: creature 0's HP or pool 1..H, index 0 unused) through
    one attack of ``actor``: (the state still in play, P(dropped), P(dropped and dead))."""
    s = state if actor == 0 else state.T
    out = np.zeros_like(s)
    n_t = s.shape[1] - 1
    dropped = dead = 0.0
    for d, q in dist:
        if d == 0:
            out += q * s
            continue
        if d < 0:  # an Instant Kill
            dropped += q * s.sum()
            dead += q * s.sum()
            continue
        if d < n_t:
            out[:, 1:n_t + 1 - d] += q * s[:, 1 + d:]
        low = s[:, 1:min(d, n_t) + 1].sum()
        dropped += q * low
        if dead_below is None:
            dead += q * low
        else:  # HP after = h - d <= dead_below  <=>  h <= d + dead_below
            dead += q * s[:, 1:max(0, min(d + dead_below, n_t)) + 1].sum()
    return (out if actor == 0 else out.T), dropped, dead


def classic_duel(spec, max_rounds: int = 60) -> dict:
    """The exact classic duel of ``spec`` (two creatures, the classic kernel's numbers).

    Returns:
        ``win`` (P per creature), ``rounds`` (P(ends in round r), index r - 1), ``dead``
        (P per creature of ending dead).
    """
    num = spec.fast_numbers
    hp = [int(h) for h in spec.start_hp]
    win, dead, rounds = [0.0, 0.0], [0.0, 0.0], np.zeros(max_rounds)
    p0 = _first(int(num.init_bonus[0]), int(num.init_bonus[1]))
    for first, weight in ((0, p0), (1, 1 - p0)):
        state = np.zeros((hp[0] + 1, hp[1] + 1))
        state[hp[0], hp[1]] = weight
        for rnd in range(1, max_rounds + 1):
            for actor in (first, 1 - first):
                t = 1 - actor
                s = 1 if rnd == 1 and actor == first and num.flat_footed else 0
                n = int(num.dmg_len[actor, t, 0, s])
                dist = _dist(num.dmg_values[actor, t, 0, s], num.dmg_cdf[actor, t, 0, s], n)
                state, gone, died = _strike(state, actor, dist, int(num.death_at))
                win[actor] += gone
                dead[t] += died
                rounds[rnd - 1] += gone
    return {"win": win, "rounds": rounds, "dead": dead}


def wounds_duel(spec, max_rounds: int = 60) -> dict:
    """The exact wounds duel of ``spec`` (two creatures, the wounds kernel's numbers), as
    :func:`classic_duel` returns it (the loser always dies)."""
    num = spec.fast_numbers
    pool = [int(num.start_hp[i] + num.start_wounds[i]) for i in (0, 1)]
    b = [int(x) for x in num.init_bonus]
    bonus = int(num.last_bonus)
    dists = {a: _dist(num.dmg_values[a, 1 - a], num.dmg_cdf[a, 1 - a],
                      int(num.dmg_len[a, 1 - a])) for a in (0, 1)}
    win, rounds = [0.0, 0.0], np.zeros(max_rounds)
    start = np.zeros((pool[0] + 1, pool[1] + 1))
    start[pool[0], pool[1]] = 1.0
    by_last = {None: start}
    for rnd in range(1, max_rounds + 1):
        nxt: dict = {0: np.zeros_like(start), 1: np.zeros_like(start)}
        for last, state in by_last.items():
            p0 = _first(b[0], b[1], bonus if last == 0 else 0, bonus if last == 1 else 0)
            for opener, w in ((0, p0), (1, 1 - p0)):
                s = w * state
                for actor in (opener, 1 - opener):
                    for _ in range(int(spec.n_attacks[actor])):
                        s, gone, _ = _strike(s, actor, dists[actor], None)
                        win[actor] += gone
                        rounds[rnd - 1] += gone
                nxt[1 - opener] += s
        by_last = nxt
    return {"win": win, "rounds": rounds, "dead": [win[1], win[0]]}
