"""Pathing: every cell a creature can end one movement in, its cost, and the best path.

Dijkstra over movement cost by the rules of ``000_8d1d7816ee944f3b.txt``, "Moving in
Combat – Terrain, Creatures, & Other Issues" (5 ft a hex, 10 ft into Difficult Terrain;
allies passable but not to end in; enemies block unless helpless or 3+ sizes apart; walls
block), "What actions normally Provoke AOO?" (paths that avoid provoking), "Movement in
Combat" (minimum movement), "Retreat Action / Disengage", "Running in Combat – Full
Details" and "Option – Square Grid" (5/10 diagonals).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from lfgcombat.creature import Creature
from lfgcombat.errors import IllegalActionError
from lfgcombat.battlemap.grid import FEET_PER_CELL, Cell
from lfgcombat.rules.movement.flight import planar, turns_between
from lfgcombat.rules.movement.movement_modes import speeds_of

from .core import CellLike
from .kept import kept, token
from .reading import _as_int, _conditions, _kept_on, _never_changes, _read, _speed_flag
from .space import _as_the_map_reads
from .terrain import _a_body
from .moves import _MoveRules
from .rules import R_MOVING, R_RETREAT
from .values import Provokers, _at, _Why

@dataclass(frozen=True, eq=False)
class Reachable(Mapping):
    """Where a creature can end one movement action, and at what cost.

    A read-only mapping of end cell (the footprint's anchor) to the feet of movement the
    cheapest path there spends: ``r[cell]``, ``cell in r``, ``len(r)``, ``r.items()``
    (cells in sorted order), ``r.get(cell)``.

    Attributes:
        name: The mover.
        action: ``"move"``, ``"retreat"``, ``"five_foot_step"`` or ``"run"``.
        budget_ft: Feet available.
        cost: End cell (the footprint's anchor) → feet of movement spent, cheapest path.
        provoking: End cells that no path within the budget reaches without provoking AOO.
        aoo_on_move: Whether a move can provoke at all where it is played (``False``: a
            ruleset whose moves provoke nothing, classic's: :meth:`explain` says so
            instead of counting none).
    """

    name: str
    action: str
    budget_ft: int
    cost: Mapping[Cell, int]
    provoking: frozenset
    _finder: Any = field(repr=False, compare=False, default=None)
    aoo_on_move: bool = field(compare=False, default=True)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cost", MappingProxyType(dict(self.cost)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Reachable):
            return (self.name, self.action, self.budget_ft, dict(self.cost), self.provoking) == (
                other.name, other.action, other.budget_ft, dict(other.cost), other.provoking)
        if isinstance(other, Mapping):
            return dict(self.cost) == dict(other.items())
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a mapping: compared by value, not hashed

    def __getitem__(self, cell: Cell) -> int:
        return self.cost[cell]

    def __contains__(self, cell: object) -> bool:
        return cell in self.cost

    def __iter__(self) -> Iterator[Cell]:
        return iter(sorted(self.cost))

    def __len__(self) -> int:
        return len(self.cost)

    @property
    def safe(self) -> frozenset:
        """End cells reachable without provoking any AOO."""
        return frozenset(self.cost) - self.provoking

    def path_to(self, cell: Cell, avoid_provoking: bool = True) -> list[Cell]:
        """A path (anchors, start first) to ``cell``; one without AOO when there is one."""
        if cell not in self.cost:
            raise KeyError(cell)
        return self._finder(cell, avoid_provoking and cell not in self.provoking)

    def with_provoking(self, cells: Iterable[Cell]) -> "Reachable":
        """The same ends, costs and paths, with only ``cells`` (those of them in
        :attr:`provoking`) still provoking: a ruleset's reading of who may take the AOO
        the map finds (the encounter's :meth:`~lfgcombat.engine.Encounter.reachable`;
        under ``classic`` nothing provokes). A cell no longer provoking keeps the path the
        map found to it, so :meth:`path_to` gives the path a move there takes."""
        keep = frozenset(cells) & self.provoking
        was, find = self.provoking, self._finder
        return replace(self, provoking=keep,
                       _finder=lambda c, safe: find(c, safe and c not in was))

    def explain(self) -> str:
        """One line: the mover, the action, the budget, how many cells and how many provoke
        (where no move provokes, as under classic, that it provokes nothing)."""
        head = f"{self.name} ({self.action}, {self.budget_ft} ft): {len(self.cost)} cells reachable"
        if not self.aoo_on_move:
            return f"{head} (no move provokes an Attack of Opportunity under these rules)"
        return f"{head}, {len(self.provoking)} of them only by provoking AOO"

    def __repr__(self) -> str:
        return (f"Reachable({self.name!r}, {self.action}, {self.budget_ft} ft: "
                f"{len(self.cost)} cells, {len(self.provoking)} provoking)")


def _copy_of(r: Reachable) -> Reachable:
    """A copy of ``r`` of its own, its fields the same values (the cells and costs a
    read-only view that nobody changes): what ``dataclasses.replace(r)`` makes, without
    checking and copying the fields again (issue 25, item 4: a tenth of a kept reach)."""
    c = object.__new__(Reachable)
    c.__dict__.update(r.__dict__)
    return c


#: A neighbour :meth:`_Pathing._steps` has not looked at yet.
_UNSEEN: Any = object()


def _unwind(prev: Mapping, state: tuple) -> list[Cell]:
    out = [state]
    while out[-1] in prev:
        out.append(prev[out[-1]])
    out.reverse()
    return [st[0] for st in out]


def _unwind_turns(prev: Mapping, state: tuple) -> list[Cell]:
    """The anchors of a turn search's path ending in ``state``, start first."""
    out = [state]
    while out[-1] in prev:
        out.append(prev[out[-1]])
    return [st[0] for st in reversed(out)]


def _cheapest(best: Mapping[tuple, int], prev: dict) -> tuple[dict, tuple[dict, dict]]:
    """From the search's states (anchor, diagonal parity): the cheapest per anchor."""
    cost: dict[Cell, int] = {}
    state_of: dict[Cell, tuple] = {}
    for (c, par), d in best.items():
        if c not in cost or d < cost[c]:
            cost[c] = d
            state_of[c] = (c, par)
    return cost, (state_of, prev)


def _dijkstra_choice(start: Cell, goal: Cell, settled: Mapping[Cell, int],
                     into: Mapping[Cell, list[tuple[int, Cell, int]]]) -> list[Cell]:
    """The path Dijkstra (:meth:`_Pathing._search`) keeps to ``goal``, from an A* search
    that settled every hex of every cheapest path (``settled``: hex -> cost; ``into``: hex
    -> the steps into it from settled hexes, as (cost, from, index among that hex's
    steps)).

    Dijkstra keeps for each hex the step from the hex it settled first among those giving
    the cheapest cost, and it settles hexes by (cost, when queued); a hex is queued when
    the hex it is kept from is settled, at its place among that hex's steps. So hexes of
    equal cost are settled in the order of (the rank of the hex kept, the step's index),
    ranked here cost by cost over the hexes of the cheapest paths (every step kept on a
    cheapest path comes from another hex of a cheapest path)."""
    cheapest = _cheapest_steps(start, goal, settled, into)
    rank: dict[Cell, int] = {start: 0}
    kept: dict[Cell, Cell] = {}
    by_cost: dict[int, list[Cell]] = {}
    for v in cheapest:
        by_cost.setdefault(settled[v], []).append(v)
    for c in sorted(by_cost):
        order = []
        for v in by_cost[c]:
            u, k = min(cheapest[v], key=lambda step: (rank[step[0]], step[1]))
            kept[v] = u
            order.append((rank[u], k, v))
        order.sort(key=lambda t: (t[0], t[1]))
        for _, _, v in order:
            rank[v] = len(rank)
    path = [goal]
    while path[-1] != start:
        path.append(kept[path[-1]])
    path.reverse()
    return path


def _cheapest_steps(start: Cell, goal: Cell, settled: Mapping[Cell, int],
                    into: Mapping[Cell, list[tuple[int, Cell, int]]]
                    ) -> dict[Cell, list[tuple[Cell, int]]]:
    """Every hex of a cheapest path to ``goal`` but the start, with its cheapest steps in
    (the hex it comes from, the step's index among that hex's steps)."""
    cheapest: dict[Cell, list[tuple[Cell, int]]] = {}
    todo = [goal]
    while todo:
        v = todo.pop()
        if v == start or v in cheapest:
            continue
        cheapest[v] = [(u, k) for c, u, k in into[v] if c == settled[v]]
        todo.extend(u for u, _ in cheapest[v] if u not in cheapest)
    return cheapest


def _token_of(c: Creature) -> int:
    """A :func:`~lfgcombat.battlemap.kept.token` of the creature as a movement's search
    reads it (equal readings, equal numbers), kept on it (a creature never changes once
    made): what the map's readings of it read (:func:`~lfgcombat.battlemap.space.
    _as_the_map_reads`: its conditions' flags, lying as a body, threatening, reach,
    helplessness, death), its conditions' names, its Move Speed and that speed's flags,
    and its speeds of other modes. Its HP are not read: the same positions reached by
    creatures of other HP (another fight from the same start, issue 25, item 4) find the
    same cells."""
    return _kept_on(c, ("<kept token>",), lambda: token(_as_a_search_reads(c)))


def _as_a_search_reads(c: Creature) -> tuple:
    """What :func:`_token_of` stands for."""
    return (_as_the_map_reads(c), _conditions(c),
            _as_int(_read(c, "move_speed", "speed", "move_speed_ft")),
            tuple(_speed_flag(c, f) for f in ("immobile", "can_run", "can_five_foot_step")),
            speeds_of(c))


def _token_here(c: Creature) -> int:
    """A :func:`~lfgcombat.battlemap.kept.token` of what the readings of where creatures
    stand read of a creature (:func:`~lfgcombat.battlemap.space._as_the_map_reads`: the
    map forgets them when it reads a creature differently), kept on it."""
    return _kept_on(c, ("<kept token here>",),
                    lambda: token(("here", _as_the_map_reads(c))))


class _Pathing(_MoveRules):
    """Where each movement action can take a creature, and by which path."""

    def _footprint_passable(self, name: str, anchor: Cell, avoid_names: frozenset,
                            through_helpless: bool) -> frozenset | None:
        """``name``'s footprint at ``anchor`` if it may pass through there, else ``None``."""
        p = self._placed[name]
        cells = self._footprint_at(p.size, anchor)
        how = self._cache.get(("passing", name))  # the same until the map's next change
        if how is None:
            # no terrain painted: nothing blocks, and only a swimmer or climber is refused
            # (_blocks_at, _mode_refuses); most maps of GM prep's fights (issue 25, item 4)
            how = self._cache[("passing", name)] = (
                self._level(name), not self._terrain and self._mode(name) not in ("swim", "climb"))
        level, open_ground = how
        on_map, occupants = self._cells, self._occupants
        for c in cells:
            if c not in on_map:
                return None
            if not open_ground and (self._blocks_at(c, level) or self._mode_refuses(c, name)):
                return None
            for o in occupants.get(c, ()):
                if o == name or self._level(o) != level:
                    continue
                if ((not through_helpless and self._placed[o].side != p.side) or o in avoid_names
                        or not self._share_ok(name, p.side, p.size, o, ending=False)):
                    return None
        return cells

    def _search(self, name: str, budget: int, *, avoid: frozenset = frozenset(),
                avoid_names: frozenset = frozenset(), through_helpless: bool = True,
                goal: Cell | None = None, difficult: dict | None = None
                ) -> tuple[dict, tuple[dict, dict]]:
        """Dijkstra over anchors (and diagonal parity on squares).

        Args:
            name: The mover.
            budget: Feet available.
            avoid: Cells whose exit provokes (edges leaving them are skipped).
            avoid_names: Creatures whose space is not entered.
            through_helpless: Whether enemies may be passed at all (not on a Retreat).
            goal: Stop when this anchor is settled: its cost, best state and path are
                then final, the same as the whole search's (every state cheaper than it
                is settled before it, so no later step can change them); the other
                anchors' costs may not be.
            difficult: Whether entering a footprint costs double, by anchor, as another
                search of the same mover on the same map found it (filled in here).

        Returns:
            (feet by anchor, (best state by anchor, predecessor by state)).
        """
        p = self._placed[name]
        best: dict[tuple, int] = {(p.anchor, 0): 0}
        prev: dict[tuple, tuple] = {}
        heap: list = [(0, 0, p.anchor, 0)]
        seq = 0
        # footprints and Difficult Terrain by anchor
        caches: tuple[dict, dict] = ({}, {} if difficult is None else difficult)
        while heap:
            d, _, cell, par = heapq.heappop(heap)
            if d > best.get((cell, par), math.inf):
                continue
            if goal is not None and cell == goal:  # (no Hex.__eq__ call a state without one)
                break
            for nb, npar, feet in self._steps(name, cell, par, caches,
                                              (avoid, avoid_names, through_helpless)):
                nd = d + feet
                if nd <= budget and nd < best.get((nb, npar), math.inf):
                    best[(nb, npar)] = nd
                    prev[(nb, npar)] = (cell, par)
                    seq += 1
                    heapq.heappush(heap, (nd, seq, nb, npar))
        return _cheapest(best, prev)

    def _steps(self, name: str, cell: Cell, par: int, caches: tuple[dict, dict],
               how: tuple[frozenset, frozenset, bool]) -> list[tuple[Cell, int, int]]:
        """The steps :meth:`_search` may take out of ``cell``: (the next anchor, its
        diagonal parity, the feet it costs), in the geometry's order of neighbours;
        ``how`` is the search's ``avoid``, ``avoid_names`` and ``through_helpless``."""
        avoid, avoid_names, through_helpless = how
        footprints, difficult = caches
        old = footprints.get(cell) or self._placed[name].cells
        if avoid and (old & avoid) and len(old) == 1:
            return []  # any step leaves this threatened hex
        geom = self.geometry
        square = geom.kind == "square"
        big = avoid and len(old) > 1
        out = []
        for nb in geom.neighbors(cell):
            cells = footprints.get(nb, _UNSEEN)  # one look-up a neighbour (issue 24, "Fast")
            if cells is _UNSEEN:
                cells = footprints[nb] = self._footprint_passable(name, nb, avoid_names,
                                                                  through_helpless)
            if cells is None or (big and ((old - cells) & avoid)):
                continue
            rough = difficult.get(nb)
            if rough is None:
                rough = difficult[nb] = self._effective_difficult(name, cells)
            if square and geom.is_diagonal(cell, nb):
                out.append((nb, 1 - par, FEET_PER_CELL * (2 if par else 1) * (2 if rough else 1)))
            else:
                out.append((nb, par, FEET_PER_CELL * 2 if rough else FEET_PER_CELL))
        return out

    def reachable(self, name: str, feet: int | None = None, *, action: str = "move") -> Reachable:
        """Every cell ``name`` can end one movement in, its cost, and which ones provoke.

        Dijkstra over movement cost: 5 ft a hex, 10 ft into Difficult Terrain (big
        creatures ignore it with less than half their hexes on it); allies passable but not
        to end in; enemies block unless helpless (or 3+ size categories apart); walls block
        (``000_8d1d7816ee944f3b.txt``, "Moving in Combat – Terrain, Creatures, & Other
        Issues"). A cell is *provoking* when every path to it within the budget exits a hex
        an enemy threatens ("What actions normally Provoke AOO?"). Big creatures:
        000_8d1d7816ee944f3b.txt, "Big creatures and Difficult Terrain"; allies:
        000_8d1d7816ee944f3b.txt, "Occupied Space-Ally/Friend" (a Run passes at most one,
        :meth:`~lfgcombat.battlemap.moves._MoveRules.run_path`).

        Args:
            name: The mover.
            feet: Feet available (default: Move Speed for ``move``/``retreat``, double for
                ``run``, 5 for ``five_foot_step``).
            action: ``"move"``, ``"five_foot_step"``, ``"retreat"`` or ``"run"``.

        Returns:
            :class:`Reachable` (empty if the action is not allowed now).

        Raises:
            IllegalActionError: No creature of that name on the map.
            ValueError: An unknown action.
        """
        self._p(name)
        key = ("reach", name, feet, action, self._moving.get(name))
        found = self._cache.get(key)
        if found is None:
            world = self._world_key(name)
            # a kept answer is handed out as a copy of its own: one per map state, as before
            found = self._cache[key] = (
                self._reachable_now(name, feet, action) if world is None else
                _copy_of(kept(("reachable", world, feet, action),
                              lambda: self._reachable_now(name, feet, action))))
        return found

    def _reachable_now(self, name: str, feet: int | None, action: str) -> Reachable:
        """:meth:`reachable` worked out."""
        start = self._placed[name].anchor
        try:
            self._refuse_action(name, action)
        except IllegalActionError:
            return Reachable(name, action, 0, {}, frozenset(), lambda c, safe: [start])
        budget = (self.budget(name, action) if feet is None
                  else self._budget(name, action, feet)[0])
        return (self._reachable_run(name, budget) if action == "run"
                else self._reachable_walk(name, action, budget))

    def _world_key(self, mover: str) -> tuple | None:
        """Everything a movement's reach can depend on (:mod:`~lfgcombat.battlemap.kept`):
        the static layers, elevations, doors and objects, the ceiling and the 5-foot step
        option, every creature as placed (a :class:`~lfgcombat.Creature` is a frozen
        value, compared by what a search reads of it: the mover's conditions, speeds...,
        by way of :func:`_token_of`, the others' by :meth:`_as_passed`) with its
        altitude and move under way, and the mover's movement this turn. ``None`` (worked
        out afresh) when a creature is not a :class:`~lfgcombat.Creature` (or a frozen
        dataclass of one)."""
        found = self._cache.get(("world", mover))
        if found is not None:
            return found[0]
        placed = self._placed_key(lambda n, p: _token_of(p.creature) if n == mover
                                  else self._as_passed(n, p))
        t = self._turn.get(mover)
        world = None if placed is None else (
            self._layers_key(), mover, placed,
            None if t is None else (t.moved_ft, t.stepped, t.after_step_ft))
        self._cache[("world", mover)] = (world,)
        return world

    def _placed_key(self, read: Any) -> tuple | None:
        """Every creature as placed, with ``read(name, placing)`` of it, its altitude and
        move under way (for :meth:`_world_key` and :meth:`_here_key`); ``None`` when a
        creature is not a :class:`~lfgcombat.Creature` (or a frozen dataclass of one)."""
        placed = []
        for n, p in self._placed.items():
            if not _never_changes(p.creature):
                return None
            placed.append((n, read(n, p), p.side, p.anchor, p.cells, p.size, p.order,
                           p.space, p.speed, p.reach, p.threatens, self._altitude.get(n),
                           self._moving.get(n)))
        return tuple(placed)

    def _layers_key(self) -> tuple:
        """The map's layers as its kept readings read them (for :meth:`_world_key` and
        :meth:`_here_key`): the static layers, elevations, the ceiling, the 5-foot step
        option, the doors and the objects."""
        return (self._static_key(), frozenset(self._elevation.items()), self.ceiling,
                self.advanced_five_foot_step,
                tuple(sorted((c, s.hp, s.broken, s.forced_attempted, self._door_lock.get(c),
                              self._door_trap.get(c)) for c, s in self._doors.items())),
                tuple((k, c, s.hp, s.broken, s.forced_attempted, i)
                      for k, (c, s, i) in sorted(self._objects.items())))

    def _provokers(self, name: str, p: Any, cells_path: list[Cell], action: str
                   ) -> Provokers:
        """:meth:`~lfgcombat.battlemap.moves._MoveRules._provokers`, kept
        (:mod:`~lfgcombat.battlemap.kept`) under everything a movement's search reads
        (:meth:`_world_key`: the enemies' threatened cells, the mover's speed, placing
        and level): a move played again from the same positions in another fight finds
        who may take an AOO without reading the threatened cells again (issue 25, item 4).
        Worked out afresh when a creature is of no known kind."""
        work = super()._provokers
        world = self._world_key(name)
        if world is None:
            return work(name, p, cells_path, action)
        return kept(("provokers", world, tuple(cells_path), action),
                    lambda: work(name, p, cells_path, action))

    def _as_passed(self, name: str, p: Any) -> tuple:
        """What a movement of *another* creature reads of ``name`` (placed as ``p``),
        besides its placing: whether it threatens and how far (the cells the mover may
        not leave unprovoked, :meth:`threatened`), whether it is helpless (an enemy the
        mover may pass, "Occupied Space-Enemy") and whether it is a body that makes
        Difficult Terrain (:func:`~lfgcombat.battlemap.terrain._a_body`). Not its
        conditions' names nor its speeds, read of the mover only: a fight's dying or
        bleeding bystander finds the reach kept for one merely unconscious (issue 25,
        item 4: more than half the searches were made again for such differences). The
        map's verdicts are kept with its readings of where creatures stand
        (:meth:`_kept_here`: they read what the map reads of a creature); whether it is a
        body is read of the creature (kept on it)."""
        def verdicts() -> tuple:
            threatens = self._threatens(name)
            return ("passed", threatens, self._reach(name) if threatens else 0,
                    self._helpless(name))
        return (*self._keep_here(("passed", name), verdicts), _a_body(p.creature))

    def _here_key(self) -> tuple | None:
        """Everything the readings kept until creatures move (:meth:`_kept_here`) depend
        on: what their making reads and what forgets them (a move, a placing, a creature
        read differently, :meth:`~lfgcombat.battlemap.space._Space.update`; terrain, doors,
        walls, altitude): the static layers, elevations, doors and objects, the ceiling,
        every creature as placed with what the map reads of it (:func:`_token_here`), its
        altitude and move under way, and who shares a cell in which order. ``None`` (a
        new dict) when a creature is not a :class:`~lfgcombat.Creature` (or a frozen
        dataclass of one). Not this turn's movement nor HP: a turn's start and a wound
        keep the readings (issue 25, item 4)."""
        placed = self._placed_key(lambda n, p: _token_here(p.creature))
        if placed is None:
            return None
        shared = tuple(sorted((c, tuple(os)) for c, os in self._occupants.items()
                              if len(os) > 1))
        return (self._layers_key(), placed, shared)

    def _reachable_run(self, name: str, budget: int) -> Reachable:
        """A Run's ends: every cell a straight run reaches ("Running in Combat")."""
        start = self._placed[name].anchor
        runs: dict[Cell, list[Cell]] = {}
        for c in self.geometry.within_ft(start, budget):
            if c == start or c not in self._cells:
                continue
            try:
                runs[c] = self.run_path(name, c, feet=budget)
            except IllegalActionError:
                continue
        cost = {c: self._path_cost(name, path) for c, path in runs.items()}
        prov = frozenset(c for c, path in runs.items() if self.provokers(name, path, action="run"))
        return Reachable(name, "run", budget, cost, prov, lambda c, safe: list(runs[c]))

    def _reachable_walk(self, name: str, action: str, budget: int) -> Reachable:
        """The ends of a move, 5-foot step or retreat, and which of them provoke."""
        p = self._placed[name]
        start = p.anchor
        minimum = action == "move" and self._speed(name) <= FEET_PER_CELL
        if minimum:  # "Minimum Movement": one hex, as a Big Action that provokes AOO
            budget = 2 * FEET_PER_CELL
        through_helpless = action != "retreat"
        difficult: dict = {}  # the two searches' Difficult Terrain: the same mover, the same map
        cost, (states, prev) = self._search(name, budget, through_helpless=through_helpless,
                                            difficult=difficult)
        if action == "five_foot_step":
            cost = {c: d for c, d in cost.items() if d == FEET_PER_CELL}
        if minimum:
            cost = {c: d for c, d in cost.items() if self.geometry.distance(c, start) <= 1}
        if action == "five_foot_step":  # "A 5-foot Step does not provoke AOO"
            safe_cost, safe_states, safe_prev = cost, states, prev
        elif minimum:
            threatened_now = bool(self._threat_cells(name) & p.cells)
            safe_cost, safe_states, safe_prev = (({}, {}, {}) if threatened_now
                                                 else (cost, states, prev))
        else:
            exempt = self._retreat_from(name) if action == "retreat" else []
            occ = frozenset(e for e in self.enemies(name) if e not in exempt)
            safe_cost, (safe_states, safe_prev) = self._search(
                name, budget, avoid=self._threat_cells(name, exempt), avoid_names=occ,
                through_helpless=through_helpless, difficult=difficult)
        ends = {c: d for c, d in cost.items() if c != start and self._why_not_stand(
            self._footprint_at(p.size, c), name, p.side, p.size, ending=True) is None}
        if action == "retreat":
            ends = {c: d for c, d in ends.items() if self._retreat_direction_ok(name, c) is None}
        provoking = frozenset(c for c in ends if c not in safe_cost)

        def finder(c: Cell, safe: bool) -> list[Cell]:
            if safe:
                return _unwind(safe_prev, safe_states[c])
            return _unwind(prev, states[c])

        return Reachable(name, action, budget, ends, provoking, finder)

    def path(self, name: str, to: CellLike, *, action: str = "move", feet: int | None = None,
             avoid_provoking: bool = True) -> list[Cell]:
        """The cheapest path (anchors, start first) for ``name`` to end at ``to``; one that
        provokes no AOO when there is one within the budget.

        Raises:
            IllegalActionError: ``to`` cannot be reached with this action now.
        """
        to = self._as_cell(to)
        if ("reach", name, feet, action, self._moving.get(name)) not in self._cache:
            found = self._kept_walk_path(name, to, action, feet, avoid_provoking)
            if found is not None:
                return list(found)
        r = self.reachable(name, feet, action=action)
        if to not in r:
            self._explain_unreachable(name, to, r)
        return r.path_to(to, avoid_provoking)

    def _kept_walk_path(self, name: str, to: Cell, action: str, feet: int | None,
                        avoid_provoking: bool) -> tuple[Cell, ...] | None:
        """:meth:`_walk_path`, kept (:mod:`~lfgcombat.battlemap.kept`) under everything a
        movement's search reads (:meth:`_world_key`, as :meth:`reachable` keeps its
        answer): a replay, an undo or a fork of the same fight, or a fight played again
        from the same start, finds the same path without searching again (issue 24,
        item 6)."""
        world = self._world_key(name)
        if world is None:
            found = self._walk_path(name, to, action, feet, avoid_provoking)
            return None if found is None else tuple(found)

        def search() -> tuple[Cell, ...] | None:
            found = self._walk_path(name, to, action, feet, avoid_provoking)
            return None if found is None else tuple(found)
        return kept(("path", world, to, action, feet, avoid_provoking), search)

    def _walk_path(self, name: str, to: Cell, action: str, feet: int | None,
                   avoid_provoking: bool) -> list[Cell] | None:
        """:meth:`path` of a move or retreat to one cell without every cell's search: the
        searches of :meth:`_reachable_walk` stopped at ``to`` (the same cost and path, as
        :meth:`_search` says). ``None`` when :meth:`reachable` must answer: another
        action, minimum movement, or ``to`` not an end (it then says why)."""
        p = self._p(name)
        if action not in ("move", "retreat") or to == p.anchor or (
                action == "move" and self._speed(name) <= FEET_PER_CELL):
            return None
        try:
            self._refuse_action(name, action)
        except IllegalActionError:
            return None
        if self._why_not_stand(self._footprint_at(p.size, to), name, p.side, p.size,
                               ending=True) is not None:
            return None
        if action == "retreat" and self._retreat_direction_ok(name, to) is not None:
            return None
        budget = (self.budget(name, action) if feet is None
                  else self._budget(name, action, feet)[0])
        through_helpless = action != "retreat"
        if avoid_provoking:
            exempt = self._retreat_from(name) if action == "retreat" else []
            occ = frozenset(e for e in self.enemies(name) if e not in exempt)
            found = self._path_to(name, budget, to, avoid=self._threat_cells(name, exempt),
                                  avoid_names=occ, through_helpless=through_helpless)
            if found is not None:
                return found
        return self._path_to(name, budget, to, through_helpless=through_helpless)

    def _path_to(self, name: str, budget: int, goal: Cell, *, avoid: frozenset = frozenset(),
                 avoid_names: frozenset = frozenset(), through_helpless: bool = True
                 ) -> list[Cell] | None:
        """The path :meth:`_search` finds to ``goal`` within ``budget`` (``None``: none):
        on hexes by :meth:`_astar` (the same path, fewer cells searched), on squares by
        :meth:`_search` stopped at ``goal``."""
        if self.grid == "hex":
            return self._astar(name, budget, goal, avoid=avoid, avoid_names=avoid_names,
                               through_helpless=through_helpless)
        cost, (states, prev) = self._search(name, budget, avoid=avoid,
                                            avoid_names=avoid_names,
                                            through_helpless=through_helpless, goal=goal)
        return _unwind(prev, states[goal]) if goal in cost and cost[goal] <= budget else None

    def _astar(self, name: str, budget: int, goal: Cell, *, avoid: frozenset = frozenset(),
               avoid_names: frozenset = frozenset(), through_helpless: bool = True
               ) -> list[Cell] | None:
        """:meth:`_search`'s path to ``goal`` on a hex map, by A* (issue 24, "Fast").

        The heuristic is the hex distance to ``goal`` times 5 ft: every step costs at least
        5 ft and changes that distance by at most one, so it never overestimates and A*
        settles a hex at its true cost. The search goes on until every hex whose cost plus
        heuristic is at most the goal's cost is settled: then every hex on any cheapest
        path is, with the steps into it that are cheapest (the same steps, in the same
        order, :meth:`_steps` gives Dijkstra). Among equally cheap paths Dijkstra keeps, for
        each hex, the step from the hex it settled first, and it settles hexes by cost,
        then by when they were queued: by the order of the hex they were reached from,
        then by their place among its steps. :func:`_dijkstra_choice` ranks the hexes of
        the cheapest paths that way and gives the path Dijkstra gives.

        Returns:
            The anchors, start first, or ``None`` when ``goal`` is beyond ``budget``.
        """
        p = self._placed[name]
        start = p.anchor
        far = self.geometry.distance
        cost: dict[Cell, int] = {start: 0}
        settled: dict[Cell, int] = {}
        into: dict[Cell, list[tuple[int, Cell, int]]] = {}  # (cost, from, step index)
        heap: list = [(FEET_PER_CELL * far(start, goal), 0, start)]
        caches: tuple[dict, dict] = ({}, {})
        how = (avoid, avoid_names, through_helpless)
        best: int | None = None
        while heap:
            f, d, cell = heapq.heappop(heap)
            if best is not None and f > best:
                break
            if cell in settled or d > cost[cell]:
                continue
            settled[cell] = d
            if cell == goal:
                best = d
                continue
            for k, (nb, _, feet) in enumerate(self._steps(name, cell, 0, caches, how)):
                nd = d + feet
                if nd > budget:
                    continue
                into.setdefault(nb, []).append((nd, cell, k))
                if nd < cost.get(nb, math.inf):
                    cost[nb] = nd
                    h = FEET_PER_CELL * far(nb, goal)
                    if nd + h <= budget:
                        heapq.heappush(heap, (nd + h, nd, nb))
        if best is None:
            return None
        return _dijkstra_choice(start, goal, settled, into)

    def turning_path(self, name: str, to: CellLike, *, feet: int, turns: int | None,
                     heading: tuple[float, float] | None = None, avoid_provoking: bool = True
                     ) -> list[Cell] | None:
        """The cheapest path for ``name`` to ``to`` within ``feet`` that makes at most
        ``turns`` direction changes: a flyer's path under the "Fly Speed – Flight &
        Maneuverability" chart ("During a single Normal Move (Big Action), the creature may
        make the indicated number of direction changes, turning up to 90 degrees each
        time"; counted by :func:`lfgcombat.rules.movement.flight.turns_between`). Any number of
        legs; ties
        go to fewer turns. With ``avoid_provoking`` a path that provokes no AOO is preferred
        when one exists.

        Args:
            name: The mover (the map's current mode and altitude apply).
            to: The end cell.
            feet: Feet available.
            turns: Direction changes allowed (``None``: unlimited).
            heading: The direction flown just before (a turn from it counts), or ``None``.

        Returns:
            The path (anchors, start first), or ``None`` when no path keeps the limit.
        """
        end = self._as_cell(to)
        if avoid_provoking:
            occ = frozenset(self.enemies(name))
            safe = self._turn_search(name, end, feet, turns, heading,
                                     self._threat_cells(name), occ)
            if safe is not None:
                return safe
        return self._turn_search(name, end, feet, turns, heading, frozenset(), frozenset())

    def _turn_search(self, name: str, end: Cell, budget: int, limit: int | None,
                     heading: tuple[float, float] | None, avoid: frozenset,
                     avoid_names: frozenset) -> list[Cell] | None:
        """Dijkstra over (anchor, diagonal parity, last step, turns so far) by (feet,
        turns); exits from ``avoid`` cells are skipped (they provoke)."""
        p = self._placed[name]
        start = (p.anchor, 0, heading, 0)
        best: dict[tuple, tuple[int, int]] = {start: (0, 0)}
        prev: dict[tuple, tuple] = {}
        heap: list = [(0, 0, 0, start)]
        seq = 0
        fps: dict[Cell, frozenset | None] = {}
        while heap:
            d, t, _, state = heapq.heappop(heap)
            cell = state[0]
            if cell == end and self._why_not_stand(self._footprint_at(p.size, end), name,
                                                   p.side, p.size, ending=True) is None:
                return _unwind_turns(prev, state)
            if best.get(state, (math.inf, 0)) < (d, t):
                continue
            if avoid and (fps.get(cell) or p.cells) & avoid:
                continue  # any step leaves a threatened hex
            for nxt, nd, nt in self._turn_steps(name, state, d, t, fps, avoid_names):
                if (limit is None or nt <= limit) and nd <= budget and (
                        (nd, nt) < best.get(nxt, (math.inf, 0))):
                    best[nxt], prev[nxt] = (nd, nt), state
                    seq += 1
                    heapq.heappush(heap, (nd, nt, seq, nxt))
        return None

    def _turn_steps(self, name: str, state: tuple, d: int, t: int, fps: dict,
                    avoid_names: frozenset) -> Iterator[tuple[tuple, int, int]]:
        """The steps out of a turn search's ``state``: (next state, feet, turns)."""
        cell, par, head, _ = state
        here = planar(cell)
        for nb in self.geometry.neighbors(cell):
            if nb not in fps:
                fps[nb] = self._footprint_passable(name, nb, avoid_names, True)
            cells = fps[nb]
            if cells is None:
                continue
            there = planar(nb)
            step_dir = (round(there[0] - here[0], 6), round(there[1] - here[1], 6))
            base, npar = FEET_PER_CELL, par
            if self.grid == "square" and self.geometry.is_diagonal(cell, nb):
                base, npar = FEET_PER_CELL * (2 if par else 1), 1 - par
            nd = d + base * (2 if self._effective_difficult(name, cells) else 1)
            nt = t + turns_between(head, step_dir)
            yield (nb, npar, step_dir, nt), nd, nt

    def _explain_unreachable(self, name: str, to: Cell, r: Reachable) -> None:
        p = self._placed[name]
        self._refuse_action(name, r.action)
        if to not in self._cells:
            raise IllegalActionError(f"{_at(to)} is off this {self.width}x{self.height} map",
                                     R_MOVING)
        if to == p.anchor:
            raise IllegalActionError(f"{name} is already at {_at(to)}", R_MOVING)
        why = self._why_not_stand(self._footprint_at(p.size, to), name, p.side, p.size, ending=True)
        if isinstance(why, _Why):
            raise IllegalActionError(f"{name} cannot end its movement at {_at(to)}: {why}",
                                     why.rule)
        if why:
            occupied = " is occupied by " in why
            raise IllegalActionError(f"{name} cannot end its movement at {_at(to)}: {why}" + (
                " (\"You cannot end your movement in a space occupied by either a friend or "
                "foe\")" if occupied else ""), R_MOVING)
        if r.action == "retreat":
            why = self._retreat_direction_ok(name, to)
            if why:
                raise IllegalActionError(f"{name} cannot retreat to {_at(to)}: {why}; \"You must "
                                         "attempt to move away from enemy units\"", R_RETREAT)
        if r.action == "five_foot_step":
            cells = self._footprint_at(p.size, to)
            if self.geometry.distance(to, p.anchor) == 1 and self._effective_difficult(name, cells):
                raise IllegalActionError(f"{_at(to)} is difficult terrain: \"You cannot take a "
                                         "5-foot Step into Difficult Terrain\"", R_MOVING)
        raise IllegalActionError(f"{name} cannot reach {_at(to)} with {r.budget_ft} ft "
                                 f"({r.action.replace('_', ' ')}): too far, or walls and enemies "
                                 "are in the way", R_MOVING)

