"""The reference tier: each simulated fight is a real :class:`~lfgcombat.Encounter`.

Every rule the engine has applies, and every roll is in the encounter's log. The Knockdown
a strike rolls by itself ("Momentum of Impact") is played only with ``knockdown=True``
(:attr:`~lfgcombat.prep.spec.Scenario.knockdown`; the tactics then stand a Prone creature
up at the start of its turn, a Move Action that may provoke); by default the fight is built
with ``knockdown_after_strike=False``, so that the fast tier and the exact chain, which
leave it out, agree with it and fast-tier fights replay. The tactics of
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


def _standing(side, hp, dead) -> set[int]:
    return {side[c] for c in range(len(side)) if not dead[c] and hp[c] > 0}


class _Fight:
    """One reference fight under way: the encounter and what the tactics track."""

    def __init__(self, scenario: Scenario, spec: FightSpec, enc: Encounter, rng) -> None:
        self.names = scenario.names
        self.index = {n: i for i, n in enumerate(self.names)}
        self.side = list(scenario.side_of)
        self.weapons = [_weapon(c) for c in scenario.creatures]
        self.policy = [t.code for t in (scenario.tactics[s] for s in self.side)]
        self.kite = [scenario.tactics[s].archers == "keep_distance" for s in self.side]
        self.danger = spec.danger
        self.knockdown = scenario.knockdown
        self.enc = enc
        self.rng = rng
        self.hp = [int(c.hp) for c in scenario.creatures]
        self.dead = [False] * len(self.names)
        self.felled = [-1] * len(self.names)
        self.dealt = [0] * len(self.names)

    def refresh(self, i: int) -> None:
        s = self.enc.state(self.names[i])
        self.hp[i], self.dead[i] = int(s["hp"]), bool(s["dead"])

    def over(self) -> int | None:
        """The winning side (-1: nobody standing) once at most one side stands, else None."""
        up = _standing(self.side, self.hp, self.dead)
        return (up.pop() if up else -1) if len(up) <= 1 else None

    def stand_up(self, cur: int) -> int | None:
        """With the Knockdown played: a Prone ``cur`` stands up first (a Move Action,
        provoking as the encounter says; foes offered an AOO take it). The winner if an
        AOO ends the fight."""
        me = self.names[cur]
        if "prone" not in self.enc.state(me)["conditions"]:
            return None
        try:
            self.enc.stand_up(me, aoo="all")
        except IllegalActionError:
            return None  # it cannot stand (no Move Action left...): it fights on prone
        for i in range(len(self.names)):
            self.refresh(i)
        return self.over()

    def turn(self, cur: int) -> int | None:
        """``cur``'s attacks by its tactics; the winner if the fight ends in this turn."""
        me = self.names[cur]
        if self.knockdown:
            won = self.stand_up(cur)
            if won is not None:
                return won
        while self.hp[cur] > 0 and not self.dead[cur] and \
                self.enc.actions_left(me).attacks > 0:
            ranked = _ranked(cur, self.policy[cur], self.side, self.hp, self.dead,
                             self.danger, self.rng)
            if not ranked:
                return None
            t = _target_on_map(self.enc, self.names, cur, ranked, self.weapons[cur],
                               nearest=self.policy[cur] == 1, kite=self.kite[cur])
            self.refresh(cur)  # an AOO on the way may have dropped it
            if self.hp[cur] <= 0 or self.dead[cur]:
                return self.over()
            if t < 0:
                return None  # nobody in reach even after moving
            before = self.hp[t]
            try:
                self.enc.attack(me, self.names[t], self.weapons[cur])
            except IllegalActionError:
                return None  # out of reach or range: the turn ends
            self.refresh(t)
            self.dealt[cur] += before - self.hp[t]
            if before > 0 and (self.hp[t] <= 0 or self.dead[t]):
                self.felled[t] = cur
                won = self.over()
                if won is not None:
                    return won
        return None

    def hand_over(self, cur: int, limit: int) -> int | None:
        """End ``cur``'s turn, choosing the next by the tactics; -1 at the round limit."""
        choices = self.enc.choices()
        own = [n for n in choices if self.side[self.index[n]] == self.side[cur]]
        nxt = own[0] if own else (choices[0] if choices else None)
        rnd = self.enc.round
        self.enc.end_turn(next=nxt)
        for i in range(len(self.names)):  # bleeding and stabilizing at a turn's start
            if self.hp[i] <= 0 and not self.dead[i]:
                self.refresh(i)
        if self.enc.round > limit or (self.enc.round == rnd and nxt is None):
            return -1
        return None

    def aftermath(self, limit: int = 1000) -> None:
        """After the fight the dying keep taking their turns, bleeding and rolling the DC20
        FORT Save to stabilize, until each is stable or dead ("Unconscious & Dying",
        "Stabilize when Dying", "Death"); the others just end theirs."""
        start = self.enc.round
        while any(self.enc.state(n).status == "dying" for n in self.names):
            if self.enc.round - start > limit:  # pragma: no cover - clotting ends it
                break
            choices = self.enc.choices()
            self.enc.end_turn(next=choices[0] if choices else None)
        for i in range(len(self.names)):
            self.refresh(i)


#: "Momentum of Impact" (000_8d1d7816ee944f3b.txt): the Encounter rolls a Knockdown after
#: every strike that lands on a smaller foe. By default GM prep plays it in neither tier (the
#: fast tier has no knockdown and its fights must replay exactly as encounters), so both
#: tiers agree; the run's notes say so when a fight has foes of different sizes. The
#: reference tier plays it with ``knockdown=True`` (:attr:`Scenario.knockdown`).
KNOCKDOWN = False


def play(scenario: Scenario, spec: FightSpec, dice_seed: int, tactics_seed: int,
         max_rounds: int | None = None, map=None, *, encounter: Encounter | None = None,
         rng=None) -> tuple[Encounter, Outcome]:
    """Play one fight in a real encounter with the scenario's tactics.

    Args:
        scenario: Who fights, the ruleset and tactics.
        spec: Its numbers (the ``dangerous`` policy's danger scores).
        dice_seed: The encounter's seed.
        tactics_seed: The seed of the tactics' choices.
        max_rounds: A draw after this many rounds (default the spec's).
        map: A :class:`~lfgcombat.HexMap` with everyone placed (``None``: the open field).
        encounter: The encounter to play in, not started (default: a new one of the
            scenario, on ``map``, seeded with ``dice_seed``).
        rng: The source of the tactics' choices (``.random()`` in [0, 1); default a
            generator seeded with ``tactics_seed``).

    Returns:
        The encounter after the fight and its aftermath (the dying played out until stable
        or dead), and its :class:`Outcome` (``rounds``: of the fight itself).
    """
    limit = spec.max_rounds if max_rounds is None else max_rounds
    if encounter is None:
        encounter = Encounter(list(scenario.creatures),
                              sides=scenario.sides(), map=map, ruleset=scenario.ruleset,
                              seed=int(dice_seed),
                              knockdown_after_strike=KNOCKDOWN or scenario.knockdown)
    if rng is None:
        rng = np.random.Generator(np.random.PCG64(int(tactics_seed)))
    f = _Fight(scenario, spec, encounter, rng)
    f.enc.start()
    winner = None
    while winner is None:
        cur = f.index[str(f.enc.current)]
        winner = f.turn(cur)
        if winner is None:
            winner = f.hand_over(cur, limit)
    rounds = min(f.enc.round, limit)
    f.aftermath()
    return f.enc, Outcome(winner=winner, rounds=rounds, hp=f.hp,
                          dead=[int(d) for d in f.dead], felled=f.felled, dealt=f.dealt)


def _target_on_map(enc: Encounter, names: list[str], cur: int, ranked: list[int],
                   weapon, *, nearest: bool = False, kite: bool = True) -> int:
    """The target: the policy's first choice on the open field. On a map (``nearest``: the
    foes by hex distance first), an archer keeps its distance (:func:`_keep_distance`) and
    shoots the policy's first choice; a melee creature takes the first foe within reach,
    and if none, closes in on its first choice and then takes the first in reach (-1:
    nobody)."""
    if enc.map is None:
        return ranked[0]
    from ..attacks import resolve_weapon
    me = names[cur]
    hmap = enc.map
    if nearest:
        ranked = sorted(ranked, key=lambda t: hmap.distance(me, names[t]))
    view = enc.creature(me)
    if resolve_weapon(view, weapon).is_projectile:
        if kite:
            _keep_distance(enc, me, [names[t] for t in ranked])
        return ranked[0]
    reach = int(view.reach.value or 0)
    for t in ranked:
        if hmap.distance(me, names[t]) <= reach:
            return t
    _approach(enc, me, names[ranked[0]], weapon)
    for t in ranked:
        if hmap.distance(me, names[t]) <= reach:
            return t
    return -1


def _keep_distance(enc: Encounter, name: str, foes: list[str]) -> None:
    """"Archers keep distance": an archer within the reach of a conscious foe spends a Move
    Action moving to the reachable cell farthest from its nearest foe (ties: the cheapest),
    preferring cells it reaches without provoking AOO (foes offered an AOO take it). Not
    threatened, out of Big Actions or with nowhere farther to go, it stays."""
    hmap = enc.map
    if hmap is None or enc.actions_left(name).big < 1 or not foes:
        return
    if not any(hmap.distance(name, f) <= int(enc.creature(f).reach.value or 0)
               for f in foes):
        return
    where = hmap.reachable(name)
    cells = [c for c in where if c not in where.provoking] or list(where)
    if not cells:
        return

    def gap(cell) -> int:
        return min(hmap.distance(cell, f) for f in foes)
    goal = max(cells, key=lambda c: (gap(c), -where.cost[c]))
    if gap(goal) > min(hmap.distance(name, f) for f in foes):
        enc.move(name, goal, aoo="all")


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
    if hmap.distance(name, target) <= int(view.reach.value or 0):
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
