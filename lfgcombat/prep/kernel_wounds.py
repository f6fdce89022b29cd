"""The fast tier under ``wounds`` (003_de0e94afd49609a7.txt): many fights in a compiled loop.

The numbers come from the engine (:mod:`lfgcombat.prep.fast_wounds`); only the dice loop
and the Hit Points / Wounds state live here:

* "Combat Statistics" (Nat 1 -5, Nat 20 +5, the confirmation roll, the critical's
  multiplied damage - the tactics' choice, as the reference tier's, is the engine's default
  ``multiply`` - and a player's Instant Kill): one draw per attack from the engine's exact
  odds of that attack (:func:`lfgcombat.rulesets.wounds.combatant.creature_attack_odds`), an Instant
  Kill its own outcome; "Attacking an enemy usually involves spending your Half Action":
  an attack per Half Action, two a turn (the ruleset's ``attacks_per_turn``).
* "When a character is subject to a damage-dealing effect": damage goes to Hit Points,
  then what is left to Wounds (:meth:`WoundsVitals.damage
  <lfgcombat.rulesets.wounds.health.WoundsVitals.damage>`); a creature at 0 HP fights on; at 0
  Wounds it is dead (inferred by the engine). An Instant Kill leaves it at 0 Wounds.
* Initiative: the wounds default, lfg's Round-by-Round ("Alternative Initiative Option #1
  - Round-By-Round", 000_8d1d7816ee944f3b.txt): every round each living creature rolls
  1d20 + its wounds check bonus, the one that acted last in the previous round +5 Innate;
  the highest opens (ties: the higher bonus, then a random order); then the tactics hand
  the turn to the first ally who has not acted, else the first foe (the sides' order).

The same target policies as the reference tier (:func:`lfgcombat.prep.kernel_classic._pick`
with every living creature up). What the fast tier leaves out (refused, or said in the
run's notes: :func:`lfgcombat.prep.fast_wounds.wounds_problems`): shields' parries, Barrier
and Shell (nobody gains one in a run's fights: the tactics cast no spell; a creature
starting with one is refused), energy riders, Total Defense, starting conditions, the
``wounds`` critical choice. The fights agree with the reference tier in distribution
(tests/prep/test_fast_wounds.py), not die for die: they cannot be replayed as encounters.
"""

from __future__ import annotations

import numpy as np

from .kernel import NUMBA_ACTIVE, _compile, _d20, _uniform
from .kernel_classic import _draw, _pick, _sides_up

__all__ = ["run_wounds", "wounds_loaded", "INSTANT_KILL"]

#: The damage value standing for an Instant Kill in the numbers' distributions.
INSTANT_KILL = -1


def _jit(fn):
    return _compile(fn) if NUMBA_ACTIVE else fn


@_jit
def _opener(st, init_bonus, dead, last, last_bonus):
    """A round's first: each living creature rolls 1d20 + its bonus (+``last_bonus`` for
    ``last``, who acted last in the previous round); the highest total, then the higher
    bonus, then a random order."""
    best = -1.0e18
    first = -1
    for c in range(init_bonus.shape[0]):
        if dead[c]:
            continue
        total = _d20(st) + init_bonus[c] + (last_bonus if c == last else 0)
        key = total * 1000.0 + init_bonus[c] + 0.5 * _uniform(st)
        if key > best:
            best = key
            first = c
    return first


@_jit
def _next(cur, side, dead, acted):
    """The first living ally of ``cur`` who has not acted, else the first living creature
    who has not (-1: the round is over)."""
    for c in range(side.shape[0]):
        if not dead[c] and not acted[c] and side[c] == side[cur]:
            return c
    for c in range(side.shape[0]):
        if not dead[c] and not acted[c]:
            return c
    return -1


@_jit
def _strike(st, cur, t, hp, wounds, dead, track, wounds_max, dmg_values, dmg_cdf, dmg_len):
    """``cur``'s attack on ``t``: Hit Points, then Wounds; dead at 0 Wounds. Returns the
    track it takes off."""
    d = _draw(_uniform(st), dmg_values[cur, t], dmg_cdf[cur, t], dmg_len[cur, t])
    if d == 0:
        return 0
    before = track[t]
    if d == INSTANT_KILL:
        wounds[t] = 0
    else:
        taken = min(hp[t], d)
        hp[t] -= taken
        wounds[t] = max(0, wounds[t] - (d - taken))
    if wounds[t] == 0:
        dead[t] = 1
    track[t] = hp[t] - (wounds_max[t] - wounds[t])
    return before - track[t]


@_jit
def _fight(st, side, policy, start_hp, start_wounds, wounds_max, init_bonus, last_bonus,
           n_attacks, danger, dmg_values, dmg_cdf, dmg_len, max_rounds, track, dead, felled,
           dealt):
    """One fight; returns (winner, rounds)."""
    c_n = side.shape[0]
    n_sides = int(side.max()) + 1
    hp = start_hp.copy()
    wounds = start_wounds.copy()
    acted = np.zeros(c_n, np.int64)
    ones = np.ones(c_n, np.int64)
    for c in range(c_n):
        dead[c] = 0
        felled[c] = -1
        dealt[c] = 0
        track[c] = hp[c] - (wounds_max[c] - wounds[c])
    rnd = 1
    cur = _opener(st, init_bonus, dead, -1, last_bonus)
    while True:
        for _ in range(n_attacks[cur]):
            t = _pick(st, cur, policy[cur], side, track, dead, ones, danger)
            if t < 0:
                break
            dealt[cur] += _strike(st, cur, t, hp, wounds, dead, track, wounds_max,
                                  dmg_values, dmg_cdf, dmg_len)
            if dead[t]:
                felled[t] = cur
                count, last = _sides_up(side, track, dead, ones, n_sides)
                if count <= 1:
                    return last, rnd
        acted[cur] = 1
        nxt = _next(cur, side, dead, acted)
        if nxt < 0:
            rnd += 1
            if rnd > max_rounds:
                return -1, max_rounds
            acted[:] = 0
            nxt = _opener(st, init_bonus, dead, cur, last_bonus)
        cur = nxt


@_jit
def _run(states, side, policy, start_hp, start_wounds, wounds_max, init_bonus, last_bonus,
         n_attacks, danger, dmg_values, dmg_cdf, dmg_len, max_rounds, winner, rounds, hp,
         dead, felled, dealt):
    st = np.zeros(6, np.int64)
    for i in range(states.shape[0]):
        for j in range(6):
            st[j] = states[i, j]
        w, r = _fight(st, side, policy, start_hp, start_wounds, wounds_max, init_bonus,
                      last_bonus, n_attacks, danger, dmg_values, dmg_cdf, dmg_len,
                      max_rounds, hp[i], dead[i], felled[i], dealt[i])
        winner[i] = w
        rounds[i] = r


def run_wounds(spec, states: np.ndarray) -> dict[str, np.ndarray]:
    """Play one wounds fight per row of ``states`` (as
    :func:`lfgcombat.prep.kernel.run_fights`, whose outputs it gives; ``hp`` the HP track:
    Hit Points less the Wounds lost, :func:`lfgcombat.prep.standing.track`)."""
    num = spec.fast_numbers
    n = states.shape[0]
    c = spec.side.shape[0]
    out = {"winner": np.zeros(n, np.int64), "rounds": np.zeros(n, np.int64),
           "hp": np.zeros((n, c), np.int64), "dead": np.zeros((n, c), np.int64),
           "felled": np.zeros((n, c), np.int64), "dealt": np.zeros((n, c), np.int64)}
    _run(np.ascontiguousarray(states, dtype=np.int64), spec.side, spec.policy,
         num.start_hp, num.start_wounds, num.wounds_max, num.init_bonus,
         int(num.last_bonus), spec.n_attacks, np.asarray(spec.danger, dtype=float),
         num.dmg_values, num.dmg_cdf, num.dmg_len, int(spec.max_rounds), out["winner"],
         out["rounds"], out["hp"], out["dead"], out["felled"], out["dealt"])
    return out


def wounds_loaded() -> bool:
    """Whether this process has the wounds kernel compiled (or loaded from the cache)."""
    return not NUMBA_ACTIVE or bool(getattr(_run, "signatures", ()))
