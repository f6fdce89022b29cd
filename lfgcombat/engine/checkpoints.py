"""Checkpoints: snapshots of an encounter's state every few events, so undo, fork and the
replay after a refused step re-run only the tail of the log, not the whole fight.

DESIGN.md, "How data flows": the state is the replay of the log. A :class:`Checkpoint` is the
state after the log's first ``events`` events (deep copies of the fighters, the turn frames,
the round...; the dice roller's generator state and its history; the map's layers and
tokens). Restoring it and replaying the events after it gives exactly the state of a full
replay (``tests/encounter/test_replay_checkpoints.py`` checks it on the golden fights).

Also here: the map's *static layers* (terrain, elevation, background picture) as a plain
JSON value, which the ``map_edit`` command records when the GM edits the map mid-fight, and
a :class:`LayerEdit`, the cells one such edit changed, which an undo or a declined turn puts
back on top of the layers its rebuild leaves.

Memory: one checkpoint holds the encounter's per-fighter state, a tuple of references to
the rolls made so far (8 bytes a roll; the rolls are shared) and the map's dictionaries;
the log is not copied (a checkpoint refers to its prefix). Measured by ``make bench``
(tracemalloc): about 34 KiB a checkpoint for 4 combatants on a 10x6 map, 76 checkpoints
(2.5 MiB) for a 2,000-event fight, :data:`EVERY` events apart.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..battlemap.terrain import DEFAULT_DOOR, Terrain
from ..battlemap.values import Background
from ..dice import Roller
from ..errors import LfgError
from ..rules.objects.objects import ObjectState
from .state import _Fighter

__all__ = ["EVERY", "TAIL", "SPARSE", "Checkpoint", "due", "take", "restore_into",
           "map_layers", "set_map_layers", "LayerEdit", "layer_edit"]

#: A checkpoint is taken at the end of the first step that brings the log this many events
#: past the previous one (an undo then replays at most about this many events).
EVERY = 25

#: During a replay of a log whose end is known (a load, an undo, a fork), the checkpoints
#: more than :data:`TAIL` events before that end are taken :data:`SPARSE` events apart
#: only (an undo near the end, the common one, still replays at most about :data:`EVERY`
#: events; one deep into the fight replays at most about :data:`SPARSE`): a load of a
#: 2,000-event save took 76 checkpoints, about half of what it kept and a twentieth of its
#: time (issue 24, item 6). A fight played live takes them every :data:`EVERY` events.
TAIL = 10 * EVERY
SPARSE = 4 * EVERY

#: Attributes of an encounter that are not state: fixed at construction (the creatures,
#: sides, map object, ruleset, seed...), the log itself (checkpoints refer to its prefix),
#: the listeners, caches and replay bookkeeping. Every other instance attribute is state and
#: is copied, so a state attribute added by a rule module is covered without a change here
#: (it must be plain data: values, lists, dicts, dataclasses; an attribute that refers to
#: the encounter, its map or a widget belongs in this set).
NOT_STATE = frozenset({
    "ruleset", "initiative_policy", "_groups", "_initial", "_names", "_side_of", "_unit_of",
    "seed", "map", "_map_text", "_anchors", "_placements", "_listeners", "_log",
    "_replaying", "_checkpoints", "_map_layers0", "_seen_terrain", "_seen_layers",
    "rederived", "roller",
    "_views", "_view_memo", "_depth", "_updown0", "_state_cache", "_reach_cache",
    "checkpoint_every", "_replay_end",
    # the table's, not the fight's: undo leaves it (the players' screen)
    "kept_from_players",
    # a cache holding the log itself (swallow_whole._swallowed_ever): a checkpoint that
    # deep-copied it copied the whole log (a load 3.5x slower)
    "_swallow_scan"})


@dataclass(frozen=True)
class Checkpoint:
    """The state after the log's first ``events`` events (never changed once taken:
    restoring deep-copies out of it).

    Attributes:
        events: How many events of the log it follows.
        state: The encounter's state attributes (see :data:`NOT_STATE`), deep-copied.
        rng: The dice roller's generator state.
        rolls: The roller's history then (the rolls are frozen values, shared).
        board: The map's layers and tokens then (``None`` without a map).
    """

    events: int
    state: Mapping[str, Any]
    rng: Any
    rolls: tuple[Any, ...]
    board: Mapping[str, Any] | None


def _frozen(value: Any) -> bool:
    """A frozen dataclass instance: a value the rules replace, never change in place."""
    kind = type(value)
    found = _FROZEN_TYPES.get(kind)
    if found is None:
        params = getattr(kind, "__dataclass_params__", None)
        found = _FROZEN_TYPES[kind] = params is not None and params.frozen
    return found


_FROZEN_TYPES: dict[type, bool] = {}


def _share_frozen(memo: dict[int, Any], values: Any) -> None:
    """Put the frozen values among ``values`` (and in the lists among them) in ``memo``."""
    for v in values:
        if _frozen(v):
            memo[id(v)] = v
        elif type(v) is list:
            for item in v:
                if _frozen(item):
                    memo[id(item)] = item


def _memo(enc: Any, state: Mapping[str, Any] | None = None) -> dict[int, Any]:
    """Objects a deep copy shares instead of copying: the creatures and every other frozen
    value of the state and of the fighter records (a turn budget, readied action, effects,
    a ruleset's record, the turn frames: frozen dataclasses, replaced and never changed in
    place), so a checkpoint copies only what changes in place (issue 24, "Fast":
    checkpoints deep-copied the whole state). ``state``: the state to scan (default the
    encounter's own)."""
    memo: dict[int, Any] = {id(c): c for c in enc._initial.values()}
    if state is None:
        state = {k: v for k, v in vars(enc).items() if k not in NOT_STATE}
    _share_frozen(memo, state.values())
    for f in state.get("_f", {}).values():
        _share_frozen(memo, vars(f).values())
    return memo


def _board(m: Any) -> dict[str, Any]:
    """The map's changing state (its private dictionaries, copied one level deep: the
    values are frozen cells and creatures, or small records copied here)."""
    return {
        "terrain": dict(m._terrain), "elevation": dict(m._elevation),
        "background": m._background,
        "placed": {n: _shallow(p) for n, p in m._placed.items()},
        "occupants": {c: list(v) for c, v in m._occupants.items()},
        "turn": {n: _copy_turn(t) for n, t in m._turn.items()},
        # issue 15: altitudes, doors (frozen ObjectStates), objects, the ceiling
        "updown": m.updown_state() if hasattr(m, "updown_state") else None,
    }


def _shallow(record: Any) -> Any:
    """``copy.copy`` of one of the map's plain records (a placed creature, a turn's
    movement: plain dataclasses), without ``copy``'s protocol (issue 24, "Fast")."""
    out = object.__new__(type(record))
    out.__dict__.update(record.__dict__)
    return out


def _copy_turn(t: Any) -> Any:
    out = _shallow(t)
    out.notes = list(t.notes)
    return out


def _set_board(m: Any, b: Mapping[str, Any]) -> None:
    """Put a map back as :func:`_board` found it (the widgets hear it once: see
    :meth:`~lfgcombat.battlemap.HexMap.hold`)."""
    static = (m._terrain, m._elevation, m._background) != (b["terrain"], b["elevation"],
                                                           b["background"])
    m._terrain = dict(b["terrain"])
    m._elevation = dict(b["elevation"])
    m._background = b["background"]
    m._placed = {n: _shallow(p) for n, p in b["placed"].items()}
    m._occupants = {c: list(v) for c, v in b["occupants"].items()}
    m._turn = {n: _copy_turn(t) for n, t in b["turn"].items()}
    if b.get("updown") is not None:
        m.set_updown_state(b["updown"])
    if static:
        m._terrain_version += 1
    m._changed()


def due(enc: Any, every: int) -> bool:
    """Whether a checkpoint of ``enc`` is due now (after a whole step): ``every`` events
    past the last one; during a replay whose end is known (``enc._replay_end``), more
    than :data:`TAIL` events before that end, :data:`SPARSE` events past it (the first
    checkpoint is always taken)."""
    cps = enc._checkpoints
    n = len(enc._log)
    since = n - (cps[-1].events if cps else 0)
    if since < every:
        return False
    end = enc.__dict__.get("_replay_end")
    return end is None or not cps or end - n <= TAIL or since >= SPARSE


def take(enc: Any) -> Checkpoint:
    """A checkpoint of ``enc`` as it stands (after a whole step).

    Args:
        enc: The encounter (an :class:`~lfgcombat.engine.Encounter`).

    Returns:
        The :class:`Checkpoint`; nothing in it is shared with ``enc`` but frozen values.
    """
    state = {k: v for k, v in vars(enc).items() if k not in NOT_STATE}
    return Checkpoint(len(enc._log), _deep_state(state, _memo(enc, state)),
                      enc.roller._rng.getstate(), tuple(enc.roller.history),
                      _board(enc.map) if enc.map is not None else None)


#: Values a deep copy gives back as they are.
_ATOMIC = frozenset({int, bool, str, float, type(None)})


def _deep_state(state: Mapping[str, Any], memo: dict[int, Any]) -> dict[str, Any]:
    """``copy.deepcopy(dict(state), memo)``, with the plain values kept as they are
    without the copy's dispatch (most of an encounter's attributes: issue 24, "Fast"),
    and the fighter records, lists and dicts copied by :func:`_copied`."""
    return {k: v if type(v) in _ATOMIC else _copied(v, memo) for k, v in state.items()}


_MISSING = object()


def _copied(value: Any, memo: dict[int, Any]) -> Any:
    """``copy.deepcopy(value, memo)`` for what a checkpoint holds, without the copy's
    dispatch for the common containers (issue 24, "Fast": the fighters' records were most of
    a checkpoint's cost): a plain value as it is, a value already in ``memo`` (the frozen
    values :func:`_memo` shares, or one met before) as ``memo`` has it, a list, a dict with
    plain keys and a fighter record (``_Fighter``) copied here, item by item; anything else
    by :func:`copy.deepcopy` itself. A container is put in ``memo`` before its items are
    copied, as ``deepcopy`` does (an object met twice is copied once)."""
    t = type(value)
    if t in _ATOMIC:
        return value
    found = memo.get(id(value), _MISSING)
    if found is not _MISSING:
        return found
    if t is list:
        out: Any = []
        memo[id(value)] = out
        out.extend([v if type(v) in _ATOMIC else _copied(v, memo) for v in value])
        return out
    if t is dict and _ATOMIC.issuperset(map(type, value)):
        out = {}
        memo[id(value)] = out
        out.update({k: v if type(v) in _ATOMIC else _copied(v, memo)
                    for k, v in value.items()})
        return out
    if t is _Fighter:
        out = object.__new__(t)
        memo[id(value)] = out
        out.__dict__.update({k: v if type(v) in _ATOMIC else _copied(v, memo)
                             for k, v in value.__dict__.items()})
        return out
    return copy.deepcopy(value, memo)


def restore_into(enc: Any, cp: Checkpoint) -> None:
    """Make ``enc``'s state the checkpoint's (its log is set by the caller): a fresh
    roller with the generator state and history of then, as a replay builds one.

    Args:
        enc: The encounter (the one the checkpoint was taken of, or a fork of it).
        cp: The checkpoint; it is copied from, never changed.
    """
    for k, v in _deep_state(cp.state, _memo(enc, cp.state)).items():
        setattr(enc, k, v)
    roller = Roller(enc.seed)
    roller._rng.setstate(cp.rng)
    roller.history = list(cp.rolls)
    enc.roller = roller
    enc._views = {}
    if enc.map is not None and cp.board is not None:
        _set_board(enc.map, cp.board)


def map_layers(m: Any) -> dict[str, Any]:
    """The map's static layers as JSON: the ``map_edit`` command's arguments.

    Args:
        m: The :class:`~lfgcombat.battlemap.HexMap`.

    Returns:
        A dict of the layers, as
        ``{"terrain": [[col, row, kind], ...], "elevation": [[col, row, feet], ...],
        "background": {"image": ..., "opacity": ...} | None,
        "wall_height": [[col, row, feet], ...], "ceiling": feet | None,
        "doors": [[col, row, {"object", "hp", "broken", "forced", "lock", "trap"}], ...]}``
        (the walls with their own height; the ceiling, ``None`` for open sky; every door
        cell's door, so a door the GM painted over and painted again replays as the new
        plain door it is, issue 23 item 16).
    """
    bg = m.background
    return {
        "terrain": sorted([*m.offset(c), t.value] for c, t in m._terrain.items()),
        "elevation": sorted([*m.offset(c), ft] for c, ft in m._elevation.items()),
        "background": ({"image": bg.image, "opacity": bg.opacity} if bg is not None
                       else None),
        "wall_height": sorted([*m.offset(c), ft] for c, ft in m._wall_heights.items()),
        "ceiling": m.ceiling,
        "doors": sorted([*m.offset(c), _door_value(m, c, t)] for c, t in m._terrain.items()
                        if t.is_door),
    }


def _door_value(m: Any, c: Any, t: Terrain) -> dict[str, Any]:
    """A door cell's door as JSON: what it is made of, its HP left, forced open, a failed
    attempt to force it, its lock and trap (a door cell without a recorded door is a plain
    one, as :meth:`~lfgcombat.battlemap.HexMap.door` makes it)."""
    st = m._doors.get(c) or ObjectState.new(DEFAULT_DOOR, broken=t is Terrain.DOOR_BROKEN)
    return {"object": st.spec.name, "hp": st.hp, "broken": st.broken,
            "forced": st.forced_attempted, "lock": m._door_lock.get(c, 0),
            "trap": m._door_trap.get(c, "")}


#: ``set_map_layers``' "leave the ceiling as it is" (an old ``map_edit`` has no ceiling).
_KEEP: Any = object()


def _cell(m: Any, field: str, entry: Any) -> Any:
    if not (isinstance(entry, list) and len(entry) == 3 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in entry[:2])):
        raise LfgError(f"map_edit: each {field} entry is [col, row, value], got {entry!r:.60}")
    cell = m.cell(entry[0], entry[1])
    if cell not in m.cells:
        raise LfgError(f"map_edit: {field} cell ({entry[0]}, {entry[1]}) is off the "
                       f"{m.width}x{m.height} map; give cells on the map")
    return cell


def set_map_layers(m: Any, terrain: Any, elevation: Any, background: Any,
                   wall_height: Any = None, ceiling: Any = _KEEP, doors: Any = None) -> None:
    """Set the map's static layers to ``map_layers``' value (the ``map_edit`` command).

    Args:
        m: The :class:`~lfgcombat.battlemap.HexMap`.
        terrain: ``[[col, row, kind], ...]`` for every cell that is not normal.
        elevation: ``[[col, row, feet], ...]`` for every cell not at 0 ft.
        background: ``{"image": ..., "opacity": ...}`` or ``None``.
        wall_height: ``[[col, row, feet], ...]`` for every wall with its own height;
            ``None`` (a ``map_edit`` saved before walls had heights): left as they are.
        ceiling: The ceiling in feet or ``None`` (open sky); left out (a ``map_edit``
            saved before the ceiling was one of its layers): left as it is. Set as
            recorded, with no check (it was checked when the GM set it).
        doors: ``[[col, row, {...}], ...]`` (:func:`map_layers`): every door cell's door;
            ``None`` (a ``map_edit`` saved before doors were one of its layers): a cell
            that is no longer a door loses its door, a new door cell gets a plain one, the
            others keep theirs (as painting the terrain does).

    Raises:
        LfgError: a malformed entry (naming the field); nothing is changed.
    """
    if not isinstance(terrain, list) or not isinstance(elevation, list):
        raise LfgError("map_edit: terrain and elevation are lists of [col, row, value]")
    ter = _terrain_layer(m, terrain)
    ele = _elevation_layer(m, elevation)
    bg = _background_layer(background)
    walls = _wall_heights(m, wall_height, ter)
    ceiling = _ceiling_layer(m, ceiling)
    door_state = _doors(m, doors, ter)
    if (ter, ele, bg, walls, ceiling) == (m._terrain, m._elevation, m._background,
                                          m._wall_heights, m.ceiling):
        if door_state != (m._doors, m._door_lock, m._door_trap):
            m._doors, m._door_lock, m._door_trap = door_state
            m._terrain_version += 1
            m._changed()
        return
    m._terrain, m._elevation, m._background, m._wall_heights = ter, ele, bg, walls
    m._doors, m._door_lock, m._door_trap = door_state
    m._ceiling = ceiling  # as the GM set it (checked then)
    m._terrain_version += 1
    m._changed()


def _terrain_layer(m: Any, terrain: list[Any]) -> dict[Any, Terrain]:
    """The ``terrain`` layer checked: ``{cell: kind}`` of the cells not normal."""
    ter: dict[Any, Terrain] = {}
    for e in terrain:
        try:
            ter[_cell(m, "terrain", e)] = Terrain(e[2])
        except ValueError:
            raise LfgError(f"map_edit: unknown terrain {e[2]!r:.40}; the kinds are "
                           + ", ".join(t.value for t in Terrain)) from None
    return {c: t for c, t in ter.items() if t is not Terrain.NORMAL}


def _elevation_layer(m: Any, elevation: list[Any]) -> dict[Any, int]:
    """The ``elevation`` layer checked: ``{cell: feet}`` of the cells not at 0 ft."""
    ele: dict[Any, int] = {}
    for e in elevation:
        cell = _cell(m, "elevation", e)
        if isinstance(e[2], bool) or not isinstance(e[2], int):
            raise LfgError(f"map_edit: elevation is whole feet, got {e[2]!r:.40}")
        ele[cell] = e[2]
    return {c: v for c, v in ele.items() if v}


def _background_layer(background: Any) -> Background | None:
    """The ``background`` layer checked."""
    if background is not None and not isinstance(background, dict):
        raise LfgError("map_edit: background is {\"image\": ..., \"opacity\": ...} or null")
    return (Background(str(background.get("image") or ""), background.get("opacity", 1.0))
            if background else None)


def _ceiling_layer(m: Any, ceiling: Any) -> int | None:
    """The ``ceiling`` layer checked (:data:`_KEEP`: the map's own)."""
    if ceiling is _KEEP:
        return m.ceiling
    if ceiling is not None and (isinstance(ceiling, bool) or not isinstance(ceiling, int)
                                or ceiling < 5):
        raise LfgError(f"map_edit: the ceiling is whole feet from 5 up or null, got "
                       f"{ceiling!r:.40}")
    return ceiling


def _wall_heights(m: Any, layer: Any, ter: Mapping[Any, Terrain]) -> dict[Any, int]:
    """The ``wall_height`` layer checked (issue 15's per-hex wall heights); kept on the wall
    cells of ``ter`` only."""
    if layer is None:
        return {c: ft for c, ft in m._wall_heights.items() if ter.get(c) is Terrain.WALL}
    if not isinstance(layer, list):
        raise LfgError("map_edit: wall_height is a list of [col, row, feet]")
    out: dict[Any, int] = {}
    for e in layer:
        cell = _cell(m, "wall_height", e)
        if isinstance(e[2], bool) or not isinstance(e[2], int) or e[2] < 5 or e[2] % 5:
            raise LfgError(f"map_edit: a wall's height is a multiple of 5 feet, got "
                           f"{e[2]!r:.40}")
        if ter.get(cell) is Terrain.WALL:
            out[cell] = e[2]
    return out


def _doors(m: Any, layer: Any, ter: Mapping[Any, Terrain]) -> tuple[dict, dict, dict]:
    """The doors (object states, locks, traps) of the door cells of ``ter``: as the
    ``doors`` layer says, or (``None``) kept where the cell stays a door; a door cell
    with none gets a plain door."""
    if layer is None:
        doors = {c: s for c, s in m._doors.items() if c in ter and ter[c].is_door}
        locks = {c: v for c, v in m._door_lock.items() if c in doors}
        traps = {c: v for c, v in m._door_trap.items() if c in doors}
    elif not isinstance(layer, list):
        raise LfgError("map_edit: doors is a list of [col, row, {object, hp, ...}]")
    else:
        doors, locks, traps = {}, {}, {}
        for e in layer:
            cell = _cell(m, "doors", e)
            if not isinstance(e[2], dict) or ter.get(cell) is None or not ter[cell].is_door:
                raise LfgError(f"map_edit: a door is {{object, hp, broken, forced, lock, "
                               f"trap}} on a door cell, got {e!r:.60}")
            doors[cell], locks[cell], traps[cell] = _door_state(e[2])
    for c, t in ter.items():
        if t.is_door and c not in doors:
            doors[c] = ObjectState.new(DEFAULT_DOOR, broken=t is Terrain.DOOR_BROKEN)
    return doors, {c: v for c, v in locks.items() if v}, {c: v for c, v in traps.items() if v}


def _door_state(d: Mapping[str, Any]) -> tuple[ObjectState, int, str]:
    """One door of the ``doors`` layer, checked: its object state, lock and trap."""
    try:
        st = ObjectState.new(d.get("object", DEFAULT_DOOR))
    except (LfgError, TypeError):
        raise LfgError(f"map_edit: unknown door object {d.get('object')!r:.40}") from None
    hp, lock, trap = d.get("hp", st.hp), d.get("lock", 0), d.get("trap", "")
    flags = (d.get("broken", False), d.get("forced", False))
    if (isinstance(hp, bool) or not isinstance(hp, int) or not 0 <= hp <= st.spec.hp
            or isinstance(lock, bool) or not isinstance(lock, int) or not -5 <= lock <= 5
            or not isinstance(trap, str) or not all(isinstance(f, bool) for f in flags)):
        raise LfgError(f"map_edit: a door's hp is 0 to {st.spec.hp}, its lock -5 to +5, its "
                       f"trap text, broken and forced true or false; got {dict(d)!r:.80}")
    return replace(st, hp=hp, broken=flags[0], forced_attempted=flags[1]), lock, trap


@dataclass(frozen=True)
class LayerEdit:
    """What the GM changed on a map's static layers between two :func:`map_layers` values:
    only the cells (and the background) that differ, so the edit can be put on top of
    other layers (the layers a replay leaves after an undo or a declined turn).

    Attributes:
        terrain: ``{(col, row): kind}`` of every cell whose terrain changed (``"normal"``
            where it was cleared).
        elevation: ``{(col, row): feet}`` of every cell whose elevation changed (0 where
            it was cleared).
        background: ``(True, value)`` when the background changed to ``value``, else
            ``(False, None)``.
        wall_height: ``{(col, row): feet}`` of every wall whose own height changed (0
            where it was cleared).
        doors: ``{(col, row): door}`` of every door that changed (``None`` where a door
            cell's door went away).
    """

    terrain: Mapping[tuple[int, int], str]
    elevation: Mapping[tuple[int, int], int]
    background: tuple[bool, Any]
    wall_height: Mapping[tuple[int, int], int] = field(default_factory=dict)
    doors: Mapping[tuple[int, int], Any] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.terrain or self.elevation or self.background[0] or self.wall_height
                    or self.doors)

    def on(self, layers: Mapping[str, Any]) -> dict[str, Any]:
        """``layers`` (a :func:`map_layers` value) with this edit made on top.

        Args:
            layers: The layers to edit.

        Returns:
            The edited layers, in :func:`map_layers`' form (``map_edit``'s arguments).
        """
        ter = {(c, r): k for c, r, k in layers["terrain"]} | dict(self.terrain)
        ele = {(c, r): ft for c, r, ft in layers["elevation"]} | dict(self.elevation)
        walls = {(c, r): ft for c, r, ft in layers.get("wall_height") or []} | dict(
            self.wall_height)
        doors = {(c, r): d for c, r, d in layers.get("doors") or []} | dict(self.doors)
        changed, bg = self.background
        is_door = {t.value for t in Terrain if t.is_door}
        return {"terrain": sorted([c, r, k] for (c, r), k in ter.items() if k != "normal"),
                "elevation": sorted([c, r, ft] for (c, r), ft in ele.items() if ft),
                "background": bg if changed else layers["background"],
                "wall_height": sorted([c, r, ft] for (c, r), ft in walls.items() if ft),
                "doors": sorted([c, r, d] for (c, r), d in doors.items()
                                if d is not None and ter.get((c, r)) in is_door)}


def layer_edit(before: Mapping[str, Any], after: Mapping[str, Any]) -> LayerEdit:
    """The GM's edit that turned the layers ``before`` into ``after``.

    Args:
        before: The layers as the log left them (:func:`map_layers`' form).
        after: The layers on the map now.

    Returns:
        The :class:`LayerEdit` (false when nothing changed).
    """
    def cells(layer: list[list[Any]]) -> dict[tuple[int, int], Any]:
        return {(c, r): v for c, r, v in layer}
    t0, t1 = cells(before["terrain"]), cells(after["terrain"])
    e0, e1 = cells(before["elevation"]), cells(after["elevation"])
    w0, w1 = cells(before.get("wall_height") or []), cells(after.get("wall_height") or [])
    d0, d1 = cells(before.get("doors") or []), cells(after.get("doors") or [])
    return LayerEdit(
        {k: t1.get(k, "normal") for k in t0.keys() | t1.keys() if t0.get(k) != t1.get(k)},
        {k: e1.get(k, 0) for k in e0.keys() | e1.keys() if e0.get(k) != e1.get(k)},
        (True, after["background"]) if before["background"] != after["background"]
        else (False, None),
        {k: w1.get(k, 0) for k in w0.keys() | w1.keys() if w0.get(k) != w1.get(k)},
        {k: d1.get(k) for k in d0.keys() | d1.keys() if d0.get(k) != d1.get(k)})
