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

Every ruleset GM prep plays (``lfg``, ``classic``, ``wounds``) is played here: the tactics
attack and target only creatures still fighting by :meth:`Encounter.standing()
<lfgcombat.Encounter.standing>`'s rule, never ``hp > 0`` (under wounds a creature at 0 HP
fights on with its Wounds; under classic a disabled hero sits out until it is mobile, then
fights with its one limited action); a fight is won once at most one side has anyone
standing; the aftermath plays the turns on while anyone may still die; and an
:class:`Outcome`'s ``hp`` is the ruleset's HP track. :mod:`lfgcombat.prep.standing` says
what each of these is under each ruleset, citing its text.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import compress
from typing import Any

import numpy as np

from ..engine import Encounter
from ..errors import IllegalActionError
from ..rules.attacks import resolve_weapon
from .choices import (before_attacks, charge_in, choose_attack_scored, choose_defense,
                      move_or_stay)
from .maneuvers import MANEUVERS, choose_maneuver, flank_in, play_maneuver
from .spec import FightSpec, Scenario, scenario_weapons, weapon_notes
from .standing import STANDING, at_risk, track

__all__ = ["play", "play_on", "Outcome", "young_collections_spaced"]


class Outcome(dict):
    """What one fight came to: winner (side index, -1 draw), rounds, and per creature hp
    (its ruleset's HP track, :func:`~lfgcombat.prep.standing.track`), dead, felled (index
    of who last took it out of the fight, -1 nobody) and dealt (the track its attacks took
    off its targets: HP, and under wounds Wounds too)."""


def _ranked(cur: int, policy: int, side, hp, up, danger, rng) -> list[int]:
    """The foes of ``cur`` still fighting (``up``), the policy's choice first (then the
    sides' order); ``weakest`` is the lowest on the HP track (under wounds a foe at 0 HP
    with fewer Wounds left first)."""
    mine = side[cur]
    foes = [c for c in compress(range(len(side)), up) if side[c] != mine]
    if policy == 0:
        foes.sort(key=lambda c: (hp[c], c))
    elif policy == 2:
        foes.sort(key=lambda c: (-danger[c], c))
    elif policy == 3 and len(foes) > 1:
        first = foes.pop(int(rng.random() * len(foes)))
        foes.insert(0, first)
    return foes


class _Fight:
    """One reference fight under way: the encounter and what the tactics track (each
    creature's HP track, death, and whether it is still fighting by
    :meth:`Encounter.standing() <lfgcombat.Encounter.standing>`'s rule)."""

    def __init__(self, scenario: Scenario, spec: FightSpec, enc: Encounter, rng) -> None:
        self.names = scenario.names
        self.index = {n: i for i, n in enumerate(self.names)}
        self.side = list(scenario.side_of)
        self.weapons = list(scenario_weapons(scenario))
        self.policy = [t.code for t in (scenario.tactics[s] for s in self.side)]
        self.kite = [scenario.tactics[s].archers == "keep_distance" for s in self.side]
        self.danger = spec.danger
        self.knockdown = scenario.knockdown
        self.scenario = scenario
        self.n_attacks = spec.n_attacks
        self.odds_play = [bool(scenario.tactics[s].turn_choices) for s in self.side]
        # a Shield Bash or a Trip may leave anyone Prone: the tactics stand them up then
        # (and play the maneuvers, Grab and Pin among them, only then)
        self.stand = self.knockdown or any(
            getattr(t, k) == "odds" for t in scenario.tactics for k in MANEUVERS)
        self.flags: dict = {}  # what this turn's Aim / Fight Defensively add to its attacks
        self.charging = False  # it ran at its target this turn: the first attack charges
        self.made = 0  # attacks made this turn
        self.hp_loss = bool(scenario.ruleset.hp_loss_per_round)
        self.enc = enc
        self.rng = rng
        self.hp = [0] * len(self.names)
        self.dead = [False] * len(self.names)
        self.up = [True] * len(self.names)
        self.felled = [-1] * len(self.names)
        self.risk = [False] * len(self.names)  # may still die if the turns go on (at_risk)
        self.dealt = [0] * len(self.names)
        self.seen: int | None = None  # the log's length at the last refresh_all
        self.last: Any = None  # and its last event then

    def refresh(self, i: int) -> None:
        s = self.enc._standing_state(self.names[i])  # state()'s hp, status, dead, vitals
        self.hp[i], self.dead[i] = track(s), bool(s["dead"])
        self.up[i] = s["status"] in STANDING
        self.risk[i] = at_risk(s, self.hp_loss)

    def refresh_all(self) -> None:
        """Refresh every creature the log has named (as actor or target) since the last
        call: a change of HP, standing or death is an event about its creature. Everyone
        the first time, or when the log is no longer the one seen (a step rebuilt)."""
        log = self.enc.log
        n, seen, last = len(log), self.seen, self.last
        if seen is None or n < seen or (seen and log[seen - 1] is not last):
            touched = None
        elif n == seen:
            touched = set()  # nothing happened since (issue 25, item 4: no slice, no walk)
        else:
            touched = {name for e in log[seen:] for name in (e.actor, e.target)}
        self.seen, self.last = n, (log[n - 1] if n else None)
        if touched is None:
            for i in range(len(self.names)):
                self.refresh(i)
            return
        index = self.index  # those named, in the names' order as before
        for i in sorted(index[name] for name in touched if name in index):
            self.refresh(i)

    def over(self) -> int | None:
        """The winning side (-1: nobody standing) once at most one side stands, else None."""
        sides = set(compress(self.side, self.up))  # the sides of those still fighting
        return (sides.pop() if sides else -1) if len(sides) <= 1 else None

    def stand_up(self, cur: int) -> int | None:
        """With the Knockdown played: a Prone ``cur`` stands up first (a Move Action,
        provoking as the encounter says; foes offered an AOO take it). The winner if an
        AOO ends the fight."""
        me = self.names[cur]
        if not _prone(self.enc, me):
            return None
        try:
            self.enc.stand_up(me, aoo="all")
        except IllegalActionError:
            return None  # it cannot stand (no Move Action left...): it fights on prone
        self.refresh_all()
        return self.over()

    def turn(self, cur: int) -> int | None:
        """``cur``'s attacks by its tactics; the winner if the fight ends in this turn."""
        me = self.names[cur]
        if self.stand:
            won = self.stand_up(cur)
            if won is not None:
                return won
        self.flags, self.made, self.charging = {}, 0, False
        while self.up[cur] and self.enc.actions_left(me).attacks > 0:
            t = self.target(cur)
            if not self.up[cur]:
                return self.over()  # an AOO on the way dropped it
            if t >= 0 and self.made == 0 and self.odds_play[cur]:
                self.prepare(cur, t)
                if not self.up[cur]:
                    return self.over()  # Aim provoked
            if t < 0 or not self.strike(cur, t):
                return None  # nobody in reach even after moving, or refused: turn ends
            won = self.over()
            if won is not None:
                return won
        return None

    def target(self, cur: int) -> int:
        """``cur``'s target by its tactics among the foes still fighting (on a map after
        moving to it, :func:`_target_on_map`); -1: nobody."""
        ranked = _ranked(cur, self.policy[cur], self.side, self.hp, self.up, self.danger,
                         self.rng)
        if not ranked:
            return -1
        if self.enc.map is not None and self.made == 0 and self.odds_play[cur]:
            first = min(ranked, key=lambda c: self.enc.map.distance(
                self.names[cur], self.names[c])) if self.policy[cur] == 1 else ranked[0]
            why = charge_in(self.scenario, self.enc, cur, first, self.weapons[cur])
            if why:
                self.charging = True
                self.enc.note(why)
                self.refresh_all()  # an AOO on the way may have dropped it
                return first
            why = flank_in(self.scenario, self.enc, cur, first, self.weapons[cur])
            if why:
                self.enc.note(why)
                self.refresh_all()  # an AOO on the way may have dropped it
        t = _target_on_map(self.enc, self.names, cur, ranked, self.weapons[cur],
                           nearest=self.policy[cur] == 1, kite=self.kite[cur])
        if self.enc.map is not None:
            self.refresh_all()  # an AOO on the way may have dropped it
        return t

    def foes(self, cur: int) -> list[int]:
        """The foes of ``cur`` still fighting."""
        side, mine = self.side, self.side[cur]
        return [c for c in compress(range(len(side)), self.up) if side[c] != mine]

    def prepare(self, cur: int, t: int) -> None:
        """Before ``cur``'s first attack, under turn choices by exact odds: Aim or Fight
        Defensively when the odds say so (:func:`~lfgcombat.prep.choices.before_attacks`),
        with a GM note saying why."""
        self.flags, why = before_attacks(self.scenario, self.enc, cur, t, self.weapons[cur],
                                         self.foes(cur), self.weapons, self.n_attacks)
        if why:
            self.enc.note(why)
            self.refresh_all()

    def attack(self, cur: int, t: int) -> None:
        """``cur``'s attack on ``t``: with its weapon, or under turn choices by exact odds
        (:mod:`lfgcombat.prep.choices`) the weapon and options the odds choose, and ``t``'s
        Active Defense, each with a GM note saying why; a choice the encounter refuses
        falls back to the plain attack (refused in turn: IllegalActionError)."""
        me, them, weapon = self.names[cur], self.names[t], self.weapons[cur]
        if not (self.odds_play[cur] or self.odds_play[t]):
            self.enc.attack(me, them, weapon)
            return
        sit: dict = {}
        if self.odds_play[cur]:
            weapon, sit, why, score = choose_attack_scored(
                self.scenario, self.enc, cur, t, weapon, self.made, self.flags,
                self.foes(cur), self.weapons, self.n_attacks)
            if self.maneuver(cur, t, weapon, score):
                return
        else:
            why = ""
        defense, guard = choose_defense(self.scenario, self.enc, cur, t, weapon, sit,
                                        self.made, self.flags)
        extra = dict(sit, **({"active_defense": defense} if defense else {}))
        if self.charging and self.made == 0:
            extra["charge"] = True
        if extra or weapon != self.weapons[cur]:
            try:
                self.enc.attack(me, them, weapon, **extra)
            except IllegalActionError:
                self.enc.attack(me, them, self.weapons[cur])
                return
            for text in (why, guard):
                if text:
                    self.enc.note(text)
            return
        self.enc.attack(me, them, weapon)

    def maneuver(self, cur: int, t: int, weapon: str, score: tuple) -> bool:
        """A Shield Bash or a Trip instead of ``cur``'s attack on ``t`` when the exact odds
        say so (:func:`~lfgcombat.prep.maneuvers.choose_maneuver`), with a GM note saying
        why; ``False``: the attack follows (not chosen, or the encounter refused it)."""
        if not self.stand or self.charging and self.made == 0:
            return False
        kind, why = choose_maneuver(self.scenario, self.enc, cur, t, weapon, score,
                                    self.made, self.flags, self.weapons, self.n_attacks)
        if kind is None:
            return False
        try:
            play_maneuver(self.enc, self.names[cur], self.names[t], kind)
        except IllegalActionError:
            return False
        self.enc.note(why)
        return True

    def strike(self, cur: int, t: int) -> bool:
        """``cur`` attacks ``t`` (:meth:`attack`), counting the track it takes off and who
        took ``t`` out of the fight; ``False`` when the encounter refuses the attack (out
        of reach or range)."""
        before, was_up = self.hp[t], self.up[t]
        try:
            self.attack(cur, t)
        except IllegalActionError:
            return False
        self.made += 1
        if self.enc.map is not None:
            self.refresh_all()  # a miss may strike another ("Unintended Targets")
        else:
            self.refresh(t)
        self.dealt[cur] += before - self.hp[t]
        if was_up and not self.up[t]:
            self.felled[t] = cur
        return True

    def hand_over(self, cur: int, limit: int) -> int | None:
        """End ``cur``'s turn, choosing the next by the tactics; the winner if a turn's
        start ends the fight (a bleeding creature drops), -1 at the round limit. The end of
        an Interrupt Turn hands back to the turn it paused ("When your Interrupt Turn is
        complete, the creature you interrupted completes their turn",
        000_8d1d7816ee944f3b.txt, "Interrupt Turn: How does an Interrupt Turn work?"):
        nobody is chosen then, and that is no stalled round (a fight played on from an
        interrupt under way, :mod:`lfgcombat.prep.from_here`)."""
        choices = self.enc.choices()
        own = [n for n in choices if self.side[self.index[n]] == self.side[cur]]
        nxt = own[0] if own else (choices[0] if choices else None)
        rnd = self.enc.round
        resumes = bool(self.enc.interrupted)  # an interrupt's end: the paused turn goes on
        self.enc.end_turn(next=nxt)
        acting = set(self.enc.acting)
        for i in range(len(self.names)):  # a turn's start: bleeding, stabilizing, mobile
            if (not self.up[i] and not self.dead[i]) or self.names[i] in acting:
                self.refresh(i)
        won = self.over()
        if won is not None:
            return won
        if self.enc.round > limit or (self.enc.round == rnd and nxt is None and not resumes):
            return -1
        return None

    def aftermath(self, limit: int = 1000) -> None:
        """After the fight the turns go on while anyone may still die (:func:`at_risk`:
        lfg's dying bleed and roll the DC20 FORT Save to stabilize, "Unconscious & Dying",
        "Stabilize when Dying", "Death"; classic's disabled heroes still losing HP roll the
        DC12 FORT check, "Stabilizing a Disabled Character", until stable or dead at -10;
        nobody under wounds); the others just end theirs."""
        start = self.enc.round
        self.seen = None  # everyone read afresh once, then those the turns name
        self.refresh_all()
        while any(self.risk):
            if self.enc.round - start > limit:  # pragma: no cover - clotting ends it
                break
            choices = self.enc.choices()
            self.enc.end_turn(next=choices[0] if choices else None)
            self.refresh_all()  # a change of who may die is an event about its creature


#: The cycle collector's first threshold while reference fights are played (Python's
#: default is 700): see :func:`young_collections_spaced`.
YOUNG_THRESHOLD = 10_000

_gc_lock = threading.Lock()
_gc_users = 0  # chunks playing reference fights now (threads of one process)
_gc_before: tuple[int, ...] = ()  # the thresholds before the first of them


@contextmanager
def young_collections_spaced() -> Iterator[None]:
    """Play reference fights with the cycle collector's young generation collected every
    :data:`YOUNG_THRESHOLD` container allocations instead of every 700 (issue 24, item 6,
    "Fast"): a fight makes thousands of small containers (its events, their data, the
    creatures' readings) that refcounting frees or that live to its end, and the
    collections walked them again and again, now and then the whole heap (10-15% of a
    fight's time under ``classic`` and ``wounds``). Cyclic garbage is still collected (it
    counts towards the threshold). The thresholds are put back when the last chunk of this
    process ends, whatever happens; nothing a fight computes depends on them."""
    global _gc_users, _gc_before
    with _gc_lock:
        if _gc_users == 0:
            _gc_before = gc.get_threshold()
            if _gc_before[0]:  # (0: the collector's thresholds are off; left so)
                gc.set_threshold(max(YOUNG_THRESHOLD, _gc_before[0]), *_gc_before[1:])
        _gc_users += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_users -= 1
            if _gc_users == 0:
                gc.set_threshold(*_gc_before)


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
        encounter.checkpoint_every = None  # nobody undoes a simulated fight
    if rng is None:
        rng = np.random.Generator(np.random.PCG64(int(tactics_seed)))
    for text in weapon_notes(scenario):  # a weapon the tactics chose, and why (a GM note)
        encounter.note(text)
    encounter.start()
    return encounter, play_on(scenario, spec, encounter, rng, limit)


def play_on(scenario: Scenario, spec: FightSpec, encounter: Encounter, rng,
            limit: int) -> Outcome:
    """Play a started fight on to its end with the scenario's tactics, from the turn it
    stands at (the acting creature spends the actions it has left), then its aftermath.

    Args:
        scenario: Who fights (the encounter's combatants, in its order), the tactics.
        spec: Its numbers (the ``dangerous`` policy's danger scores).
        encounter: The started encounter, played on in place.
        rng: The source of the tactics' choices (``.random()`` in [0, 1)).
        limit: A draw once the encounter's round passes this.

    Returns:
        The fight's :class:`Outcome` from here (``felled`` and ``dealt``: by the strikes
        played here; ``rounds``: the encounter's round when the fight ended).
    """
    f = _Fight(scenario, spec, encounter, rng)
    f.refresh_all()
    winner = f.over()
    while winner is None:
        cur = f.index[str(f.enc.current)]
        winner = f.turn(cur)
        if winner is None:
            winner = f.hand_over(cur, limit)
    rounds = min(f.enc.round, limit)
    f.aftermath()
    return Outcome(winner=winner, rounds=rounds, hp=f.hp, dead=[int(d) for d in f.dead],
                   felled=f.felled, dealt=f.dealt)


def _prone(enc: Encounter, name: str) -> bool:
    """Whether ``name`` is Prone: what :meth:`Encounter.state
    <lfgcombat.Encounter.state>`'s ``conditions`` say, read off the creature as it stands
    (its conditions are those of ``state()``) without building the whole state (issue 25,
    item 4: a read at every turn); a ruleset's own record asks ``state()``, whose
    conditions classic and wounds write as their texts do ("Prone"): compared without case
    (before, a Prone creature under classic or wounds never stood up)."""
    if enc._fighter(name).rules is not None:
        return any(str(c).lower() == "prone" for c in enc.state(name)["conditions"])
    return any(e.label == "prone" for e in enc.creature(name).active_conditions)


def _target_on_map(enc: Encounter, names: list[str], cur: int, ranked: list[int],
                   weapon, *, nearest: bool = False, kite: bool = True) -> int:
    """The target: the policy's first choice on the open field. On a map (``nearest``: the
    foes by hex distance first), an archer keeps its distance (:func:`_keep_distance`) and
    shoots the policy's first choice; a melee creature takes the first foe within reach,
    and if none, closes in on its first choice and then takes the first in reach (-1:
    nobody)."""
    if enc.map is None:
        return ranked[0]
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
        move_or_stay(enc, name, goal)


def _approach(enc: Encounter, name: str, target: str, weapon) -> None:
    """On a map, a melee attacker out of reach spends a Move Action to get as close to its
    target as it can, preferring cells it reaches without provoking AOO (foes that are
    offered an AOO take it); an archer shoots from where it stands. On the open field there
    is nothing to do."""
    if enc.map is None:
        return
    hmap = enc.map
    view = enc.creature(name)
    if resolve_weapon(view, weapon).is_projectile:
        return
    if hmap.distance(name, target) <= int(view.reach.value or 0):
        return
    if enc.actions_left(name).big < 1:
        return
    where = hmap.reachable(name)
    # the reachable cells unsorted (a Reachable lists its cells sorted: ties go to the
    # least cell, taken here by the key; issue 25, item 4: the sort was a tenth of this)
    cost = where.cost
    cells = [c for c in cost if c not in where.provoking] or list(cost)
    if not cells:
        return
    gaps = hmap.distances_to(cells, target)  # hmap.distance(c, target) for each cell
    gap = min(gaps)  # the nearest, then the cheapest of those (ties: the least cell)
    goal = min((c for c, g in zip(cells, gaps) if g == gap), key=lambda c: (cost[c], c))
    if gap < hmap.distance(name, target):
        move_or_stay(enc, name, goal)
