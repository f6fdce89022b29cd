"""The fast tier under ``classic`` (002_2a3a79475ca2a541.txt): many fights in a compiled loop.

The numbers come from the engine (:mod:`lfgcombat.prep.fast_classic`); only the dice loop
and the health state machine live here, each step citing the classic text:

* "How to attack another creature", "Criticals and fumbles", "Critical Hit": one attack a
  round ("characters can only attack once per round", "Single Actions:"); its damage (0 for
  a miss or a fumble, doubled dice on a critical) is drawn from the engine's exact odds of
  that attack (:func:`lfgcombat.rulesets.classic.combatant.creature_attack_odds`), by the attacker's
  state (normal, or a mobile disabled hero's limited attack at -5 to hit and damage) and
  the target's (normal, Flat-footed before its first turn, mobile disabled).
* Initiative (:class:`~lfgcombat.rulesets.classic.ClassicInitiative`, inferred by the
  engine): d20 + its check bonus, highest first, then the higher bonus, ties in a random
  order; a fixed order for the fight (Top-Down), every creature Flat-footed until its first
  turn begins.
* "Stabilizing a Disabled Character": at 0 HP or below a hero is disabled and out of the
  fight; at the start of each of its turns it makes the DC12 FORT check until stable, then
  the DC14 CON check until mobile; a mobile hero stands again with one limited action
  (it attacks at once on the turn it becomes mobile). "Death": dead at -10 or lower. The
  optional "lose 1 HP per round until they stabilize" (``hp_loss_per_round``), before the
  check; the fight then plays on turn by turn after it ends while a hero still loses HP.

The same policies as the reference tier (:mod:`lfgcombat.prep.reference`) pick the targets
among the foes still fighting (up: above 0 HP, or mobile; never the dead). A fight is won
once at most one side has anyone up.

Dice: the kernel's generator (:func:`lfgcombat.prep.kernel._uniform`, MRG32k3a), one draw
per attack (its damage by the exact odds), per check and per initiative roll: the fights
agree with the reference tier in distribution (tests/prep/test_fast_classic.py), not die
for die, so a fast-tier classic fight cannot be replayed as an encounter
(:func:`lfgcombat.prep.replay.replay_fast` says so).
"""

from __future__ import annotations

import numpy as np

from .kernel import NUMBA_ACTIVE, _compile, _d20, _uniform

__all__ = ["run_classic", "classic_loaded"]


def _jit(fn):
    return _compile(fn) if NUMBA_ACTIVE else fn


@_jit
def _draw(u, values, cdf, n):
    """The value of a padded distribution (its first ``n`` entries) at uniform ``u``."""
    for i in range(n - 1):
        if u <= cdf[i]:
            return values[i]
    return values[n - 1]


@_jit
def _order(st, init_bonus, order):
    """The Top-Down order: 1d20 + check bonus each (in the creatures' order), highest
    total first, then the higher bonus; ties in a random order (the engine rolls them off,
    every order of a tied group alike)."""
    c_n = init_bonus.shape[0]
    key = np.zeros(c_n)
    for c in range(c_n):
        key[c] = (_d20(st) + init_bonus[c]) * 1000.0 + init_bonus[c]
    for c in range(c_n):
        key[c] += 0.5 * _uniform(st)
    idx = np.argsort(-key)
    for j in range(c_n):
        order[j] = idx[j]


@_jit
def _up(c, hp, dead, mobile):
    """Still fighting: alive and above 0 HP, or a mobile disabled hero."""
    return dead[c] == 0 and (hp[c] > 0 or mobile[c] == 1)


@_jit
def _pick(st, cur, policy, side, hp, dead, mobile, danger):
    """The target of ``cur`` among the foes up, by its side's policy
    (:mod:`lfgcombat.prep.tactics`): weakest (lowest HP), nearest (the first: the open
    field), dangerous (highest danger), random; ties to the first in the sides' order."""
    best = -1
    m = 0
    for c in range(side.shape[0]):
        if side[c] == side[cur] or not _up(c, hp, dead, mobile):
            continue
        m += 1
        if best < 0:
            best = c
        elif policy == 0 and hp[c] < hp[best]:
            best = c
        elif policy == 2 and danger[c] > danger[best]:
            best = c
    if policy == 3 and m > 1:
        r = int(_uniform(st) * m)
        for c in range(side.shape[0]):
            if side[c] == side[cur] or not _up(c, hp, dead, mobile):
                continue
            if r == 0:
                return c
            r -= 1
    return best


@_jit
def _turn_start(st, c, hp, dead, stable, mobile, stabilize_p, mobile_p, hp_loss, death_at):
    """The start of ``c``'s turn ("Stabilizing a Disabled Character"): the optional loss of
    1 HP below 0 while not stable, then a disabled hero's DC12 FORT check (not stable yet)
    or DC14 CON check (stable, not mobile); chances by 0 HP (index 0) or below (1)."""
    if dead[c]:
        return
    if hp_loss and hp[c] < 0 and stable[c] == 0:
        hp[c] -= 1
        if hp[c] <= death_at:
            dead[c] = 1
            mobile[c] = 0
            stable[c] = 0
            return
    if hp[c] <= 0:
        below = 1 if hp[c] < 0 else 0
        if stable[c] == 0:
            if _uniform(st) < stabilize_p[c, below]:
                stable[c] = 1
        elif mobile[c] == 0:
            if _uniform(st) < mobile_p[c, below]:
                mobile[c] = 1


@_jit
def _sides_up(side, hp, dead, mobile, n_sides):
    up = np.zeros(n_sides, np.int64)
    for c in range(side.shape[0]):
        if _up(c, hp, dead, mobile):
            up[side[c]] = 1
    count = 0
    last = -1
    for s in range(n_sides):
        if up[s]:
            count += 1
            last = s
    return count, last


@_jit
def _at_risk(hp, dead, stable, hp_loss):
    """Anyone who may still die if the turns go on: below 0, not stable, losing 1 HP a
    round (the optional rule; nobody without it)."""
    if not hp_loss:
        return False
    for c in range(hp.shape[0]):
        if dead[c] == 0 and hp[c] < 0 and stable[c] == 0:
            return True
    return False


@_jit
def _attack(st, cur, t, hp, dead, stable, mobile, ff, dmg_values, dmg_cdf, dmg_len,
            death_at):
    """``cur``'s attack on ``t``: its damage by both states; returns the damage."""
    lim = 1 if mobile[cur] == 1 else 0
    ts = 1 if ff[t] == 1 else (2 if mobile[t] == 1 else 0)
    dmg = _draw(_uniform(st), dmg_values[cur, t, lim, ts], dmg_cdf[cur, t, lim, ts],
                dmg_len[cur, t, lim, ts])
    if dmg > 0:
        hp[t] -= dmg
        if hp[t] <= death_at:
            dead[t] = 1
            stable[t] = 0
            mobile[t] = 0
    return dmg


@_jit
def _fight(st, side, policy, start_hp, init_bonus, danger, dmg_values, dmg_cdf,  # noqa: C901
           dmg_len, stabilize_p, mobile_p, flat_footed, hp_loss, death_at, max_rounds, hp,
           dead, felled, dealt):
    """One fight and its aftermath; returns (winner, rounds)."""
    c_n = side.shape[0]
    n_sides = int(side.max()) + 1
    stable = np.zeros(c_n, np.int64)
    mobile = np.zeros(c_n, np.int64)
    ff = np.zeros(c_n, np.int64)
    order = np.zeros(c_n, np.int64)
    for c in range(c_n):
        hp[c] = start_hp[c]
        dead[c] = 0
        felled[c] = -1
        dealt[c] = 0
        ff[c] = flat_footed
    _order(st, init_bonus, order)
    rnd = 1
    i = 0
    winner = -2
    nxt = 0  # the order's place of the first turn after the fight (its aftermath)
    while winner == -2:
        cur = order[i]
        if dead[cur] == 0:
            ff[cur] = 0
            _turn_start(st, cur, hp, dead, stable, mobile, stabilize_p, mobile_p, hp_loss,
                        death_at)
            if _up(cur, hp, dead, mobile):
                t = _pick(st, cur, policy[cur], side, hp, dead, mobile, danger)
                if t >= 0:
                    dmg = _attack(st, cur, t, hp, dead, stable, mobile, ff, dmg_values,
                                  dmg_cdf, dmg_len, death_at)
                    dealt[cur] += dmg
                    if not _up(t, hp, dead, mobile):
                        felled[t] = cur
                        count, last = _sides_up(side, hp, dead, mobile, n_sides)
                        if count <= 1:
                            winner = last
                            nxt = (i + 1) % c_n
        i += 1
        if winner == -2 and i == c_n:
            i = 0
            rnd += 1
            if rnd > max_rounds:  # a draw, called once the next round's first turn began
                winner = -1
                rnd = max_rounds
                nxt = _draw_called(st, order, hp, dead, stable, mobile, stabilize_p,
                                   mobile_p, hp_loss, death_at)
    _aftermath(st, order, nxt, hp, dead, stable, mobile, stabilize_p, mobile_p, hp_loss,
               death_at)
    return winner, rnd


@_jit
def _draw_called(st, order, hp, dead, stable, mobile, stabilize_p, mobile_p, hp_loss,
                 death_at):
    """The round limit calls a draw once the next round's first turn has begun: that of
    the first in the order not dead (its turn's start, :func:`_turn_start`: nothing for
    the dead). Returns the order's place of the turn after it (the aftermath's first)."""
    c_n = order.shape[0]
    first = 0
    while first < c_n - 1 and dead[order[first]]:
        first += 1
    _turn_start(st, order[first], hp, dead, stable, mobile, stabilize_p, mobile_p, hp_loss,
                death_at)
    return (first + 1) % c_n


@_jit
def _aftermath(st, order, i, hp, dead, stable, mobile, stabilize_p, mobile_p, hp_loss,
               death_at):
    """After the fight the turns go on in order from place ``i``, for their starts alone
    (the dying's saves, the optional HP loss), while anyone may still die
    (:func:`_at_risk`)."""
    c_n = order.shape[0]
    for _ in range(100000):
        if not _at_risk(hp, dead, stable, hp_loss):
            break
        c = order[i]
        if dead[c] == 0:
            _turn_start(st, c, hp, dead, stable, mobile, stabilize_p, mobile_p, hp_loss,
                        death_at)
        i = (i + 1) % c_n


@_jit
def _run(states, side, policy, start_hp, init_bonus, danger, dmg_values, dmg_cdf, dmg_len,
         stabilize_p, mobile_p, flat_footed, hp_loss, death_at, max_rounds, winner, rounds,
         hp, dead, felled, dealt):
    st = np.zeros(6, np.int64)
    for i in range(states.shape[0]):
        for j in range(6):
            st[j] = states[i, j]
        w, r = _fight(st, side, policy, start_hp, init_bonus, danger, dmg_values, dmg_cdf,
                      dmg_len, stabilize_p, mobile_p, flat_footed, hp_loss, death_at,
                      max_rounds, hp[i], dead[i], felled[i], dealt[i])
        winner[i] = w
        rounds[i] = r


def run_classic(spec, states: np.ndarray) -> dict[str, np.ndarray]:
    """Play one classic fight per row of ``states`` (as
    :func:`lfgcombat.prep.kernel.run_fights`, whose outputs it gives)."""
    num = spec.fast_numbers
    n = states.shape[0]
    c = spec.side.shape[0]
    out = {"winner": np.zeros(n, np.int64), "rounds": np.zeros(n, np.int64),
           "hp": np.zeros((n, c), np.int64), "dead": np.zeros((n, c), np.int64),
           "felled": np.zeros((n, c), np.int64), "dealt": np.zeros((n, c), np.int64)}
    _run(np.ascontiguousarray(states, dtype=np.int64), spec.side, spec.policy,
         spec.start_hp, num.init_bonus, np.asarray(spec.danger, dtype=float),
         num.dmg_values, num.dmg_cdf, num.dmg_len, num.stabilize_p, num.mobile_p,
         int(num.flat_footed), int(num.hp_loss), int(num.death_at), int(spec.max_rounds),
         out["winner"], out["rounds"], out["hp"], out["dead"], out["felled"], out["dealt"])
    return out


def classic_loaded() -> bool:
    """Whether this process has the classic kernel compiled (or loaded from the cache)."""
    return not NUMBA_ACTIVE or bool(getattr(_run, "signatures", ()))
