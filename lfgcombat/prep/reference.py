"""The reference tier: each simulated fight is a real :class:`~lfgcombat.Encounter`.

Every rule the engine has applies and every roll is in the encounter's log; the tactics of
:mod:`lfgcombat.prep.tactics` play every side. A fight is fixed by two numbers drawn from
its seed stream: the encounter's dice seed and the seed of the tactics' own choices (the
``random`` target policy), so :func:`play` rebuilds any fight exactly.
"""

from __future__ import annotations

import numpy as np

from ..encounter import Encounter
from ..errors import IllegalActionError
from .spec import FightSpec, Scenario, _weapon

__all__ = ["play", "Outcome"]


class Outcome(dict):
    """What one fight came to: winner (side index, -1 draw), rounds, and per creature hp,
    dead, felled (index of who dropped it, -1 nobody) and dealt (HP damage dealt)."""


def _ranked(cur: int, policy: int, side, hp, dead, danger, rng) -> list[int]:
    """The conscious foes of ``cur``, the policy's choice first (then the sides' order)."""
    foes = [c for c in range(len(side)) if side[c] != side[cur] and not dead[c] and hp[c] > 0]
    if policy == 0:
        foes.sort(key=lambda c: (hp[c], c))
    elif policy == 2:
        foes.sort(key=lambda c: (-danger[c], c))
    elif policy == 3 and len(foes) > 1:
        first = foes.pop(int(rng.random() * len(foes)))
        foes.insert(0, first)
    return foes


def _dropped(enc: Encounter, name: str) -> bool:
    s = enc.state(name)
    return bool(s["dead"]) or int(s["hp"]) <= 0


def _standing(side, hp, dead) -> set[int]:
    return {side[c] for c in range(len(side)) if not dead[c] and hp[c] > 0}


def play(scenario: Scenario, spec: FightSpec, dice_seed: int, tactics_seed: int,
         max_rounds: int | None = None, map=None) -> tuple[Encounter, Outcome]:
    """Play one fight in a real encounter with the scenario's tactics.

    Args:
        scenario: Who fights, the ruleset and tactics.
        spec: Its numbers (the ``dangerous`` policy's danger scores).
        dice_seed: The encounter's seed.
        tactics_seed: The seed of the tactics' choices.
        max_rounds: A draw after this many rounds (default the spec's).
        map: A :class:`~lfgcombat.HexMap` with everyone placed (``None``: the open field).

    Returns:
        The encounter as the fight ended, and its :class:`Outcome`.
    """
    names = scenario.names
    index = {n: i for i, n in enumerate(names)}
    side = list(scenario.side_of)
    weapons = [_weapon(c) for c in scenario.creatures]
    policy = [t.code for t in (scenario.tactics[s] for s in side)]
    limit = spec.max_rounds if max_rounds is None else max_rounds
    enc = Encounter(list(scenario.creatures), sides=scenario.sides(), map=map,
                    ruleset=scenario.ruleset, seed=int(dice_seed))
    rng = np.random.Generator(np.random.PCG64(int(tactics_seed)))
    hp = [int(c.hp) for c in scenario.creatures]
    dead = [False] * len(names)
    felled = [-1] * len(names)
    dealt = [0] * len(names)
    enc.start()
    winner = None
    while winner is None:
        cur = index[enc.current]
        if hp[cur] > 0 and not dead[cur]:
            while enc.actions_left(names[cur]).attacks > 0:
                ranked = _ranked(cur, policy[cur], side, hp, dead, spec.danger, rng)
                if not ranked:
                    break
                t = _target_on_map(enc, names, cur, ranked, weapons[cur])
                if t < 0 or _dropped(enc, names[cur]):
                    break  # nobody in reach, or felled by an AOO on the way
                before = hp[t]
                try:
                    enc.attack(names[cur], names[t], weapons[cur])
                except IllegalActionError:
                    break  # out of reach or range even after moving: the turn ends
                s = enc.state(names[t])
                hp[t], dead[t] = int(s["hp"]), bool(s["dead"])
                dealt[cur] += before - hp[t]
                if before > 0 and (hp[t] <= 0 or dead[t]):
                    felled[t] = cur
                    up = _standing(side, hp, dead)
                    if len(up) <= 1:
                        winner = up.pop() if up else -1
                        break
        if winner is not None:
            break
        choices = enc.choices()
        own = [n for n in choices if side[index[n]] == side[cur]]
        nxt = (own or choices or [None])[0]
        rnd = enc.round
        enc.end_turn(next=nxt)
        if enc.round > limit or (enc.round == rnd and nxt is None):
            winner = -1
        for n in names:  # bleeding and stabilizing at the start of the new turn
            if hp[index[n]] <= 0 and not dead[index[n]]:
                s = enc.state(n)
                hp[index[n]], dead[index[n]] = int(s["hp"]), bool(s["dead"])
    rounds = min(enc.round, limit)
    return enc, Outcome(winner=winner, rounds=rounds, hp=hp, dead=[int(d) for d in dead],
                        felled=felled, dealt=dealt)


def _target_on_map(enc: Encounter, names: list[str], cur: int, ranked: list[int],
                   weapon) -> int:
    """The target: the policy's first choice on the open field. On a map, the first foe in
    the policy's order within reach (or in sight, for an archer); if none, the creature
    closes in on its first choice and then takes the first in reach (-1: nobody)."""
    if enc.map is None:
        return ranked[0]
    from ..attacks import resolve_weapon
    me = names[cur]
    view = enc.creature(me)
    if resolve_weapon(view, weapon).is_projectile:
        return ranked[0]
    reach = int(view.reach.value)
    for t in ranked:
        if enc.map.distance(me, names[t]) <= reach:
            return t
    _approach(enc, me, names[ranked[0]], weapon)
    for t in ranked:
        if enc.map.distance(me, names[t]) <= reach:
            return t
    return -1


def _approach(enc: Encounter, name: str, target: str, weapon) -> None:
    """On a map, a melee attacker out of reach spends a Move Action to get as close to its
    target as it can, preferring cells it reaches without provoking AOO (foes that are
    offered an AOO take it); an archer shoots from where it stands. On the open field there
    is nothing to do."""
    if enc.map is None:
        return
    from ..attacks import resolve_weapon
    hmap = enc.map
    view = enc.creature(name)
    if resolve_weapon(view, weapon).is_projectile:
        return
    if hmap.distance(name, target) <= int(view.reach.value):
        return
    if enc.actions_left(name).big < 1:
        return
    where = hmap.reachable(name)
    cells = [c for c in where if c not in where.provoking] or list(where)
    if not cells:
        return
    goal = min(cells, key=lambda c: (hmap.distance(c, target), where.cost[c]))
    if hmap.distance(goal, target) < hmap.distance(name, target):
        enc.move(name, goal, aoo="all")
