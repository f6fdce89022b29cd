"""Doors on the map: closed, open or broken, and what each door is made of.

``000_8d1d7816ee944f3b.txt``, "Moving in Combat – Terrain, Creatures, & Other Issues" (doors
in the way of movement), "Breaking down doors, walls, & other barricades" (force it open
with a Strength Check against its Break DC, "better or worse locking mechanisms ... can
modify the DC (up or down) by up to 5 points"; destroy it through its Hardness and HP;
"Both of these options will automatically set off any active traps on the door").

A door cell is a terrain kind (:class:`~lfgcombat.battlemap.Terrain` ``DOOR``, ``DOOR_OPEN``,
``DOOR_BROKEN``): a closed door blocks movement, sight, effect and reach like a wall; an
open or broken one blocks nothing. Each door is a row of ``data/objects.csv`` (its
Hardness, HP and Break DC, :class:`~lfgcombat.rules.objects.objects.ObjectState`), with a lock
modifier
and an optional trap. The rules of forcing and breaking are in
:mod:`lfgcombat.rules.objects.objects`;
this layer keeps the doors' state and refuses what the map cannot do.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from lfgcombat.rules.citations import cite
from lfgcombat.errors import IllegalActionError
from lfgcombat.battlemap.grid import Cell
from lfgcombat.rules.objects.objects import ObjectError, ObjectState

from ..shortrepr import short
from .core import CellLike
from .terrain import DEFAULT_DOOR, Terrain
from .textformat import _TextFormat
from .values import _at

__all__ = ["Door", "DOOR_STATES", "MapObject"]

R_DOORS = cite("Breaking down doors, walls, & other barricades")
R_CHEST = cite("Breaking Open a Treasure Chest")
#: A door's states and their terrain kinds.
DOOR_STATES = {"closed": Terrain.DOOR, "open": Terrain.DOOR_OPEN, "broken": Terrain.DOOR_BROKEN}
_STATE_OF = {v: k for k, v in DOOR_STATES.items()}


@dataclass(frozen=True)
class Door:
    """A door on the map.

    Attributes:
        cell: Where it is.
        state: ``closed`` (blocks movement and sight), ``open`` or ``broken``.
        object: Its :class:`~lfgcombat.rules.objects.objects.ObjectState` (kind, Hardness, HP left,
            Break DC, a failed attempt to force it).
        lock: The lock's modifier to the Break DC, -5 to +5.
        trap: Its trap (``""``: none); forcing or breaking it sets the trap off.
    """

    cell: Cell
    state: str
    object: ObjectState
    lock: int = 0
    trap: str = ""

    def __str__(self) -> str:
        trap = f"; trap: {self.trap}" if self.trap else ""
        return f"{self.state} door at {_at(self.cell)}: {self.object.describe(self.lock)}{trap}"

    def __repr__(self) -> str:
        return f"<{self}>"

    @property
    def blocks(self) -> bool:
        """A closed door blocks movement, sight and effect."""
        return self.state == "closed"


class _Doors(_TextFormat):
    """Doors: reading them, the GM setting them, opening, closing, forcing, breaking."""

    def door(self, where: CellLike) -> Door:
        """The door at ``where``.

        Raises:
            IllegalActionError: no door there ("a door where none is").
        """
        c = self._as_cell(where)
        t = self._terrain.get(c)
        if t is None or not t.is_door:
            raise IllegalActionError(f"there is no door at {_at(c)} (it is "
                                     f"{(t or Terrain.NORMAL).value})", R_DOORS)
        if c not in self._doors:  # a door drawn by a GM's map edit: a plain one
            self._doors[c] = ObjectState.new(DEFAULT_DOOR, broken=t is Terrain.DOOR_BROKEN)
        return Door(c, _STATE_OF[t], self._doors[c], self._door_lock.get(c, 0),
                    self._door_trap.get(c, ""))

    def doors(self) -> list[Door]:
        """Every door on the map, in cell order."""
        return [self.door(c) for c in sorted(c for c, t in self._terrain.items() if t.is_door)]

    def set_door(self, where: CellLike, object: str = "good_wooden_door", *,
                 state: str = "closed", lock: int = 0, trap: str = "") -> Door:
        """The GM puts a door at ``where`` (a row of ``data/objects.csv`` whose kind is
        door, bars or wall) in ``state`` with a lock modifier and a trap.

        Raises:
            ObjectError: an unknown object or one that is not a door, bars or a wall.
            IllegalActionError: a bad state or lock, a closed door on a creature, or off
                the map. Nothing changes.
        """
        obj = ObjectState.new(object)
        if obj.spec.kind not in ("door", "bars", "wall"):
            raise ObjectError(f"{object!r} is a {obj.spec.kind}, not a door, bars or wall "
                              f"({R_DOORS})")
        if state not in DOOR_STATES:
            raise IllegalActionError(f"state must be one of {', '.join(DOOR_STATES)}, not "
                                     f"{state!r}", R_DOORS)
        if isinstance(lock, bool) or not isinstance(lock, int) or not -5 <= lock <= 5:
            raise IllegalActionError(f"lock modifies the Break DC by -5 to +5, not {lock!r}",
                                     R_DOORS)
        if not isinstance(trap, str):
            raise IllegalActionError(f"trap must be text (what it does), not {trap!r}", R_DOORS)
        c = self._cells_on_map(where)[0]
        self.set_terrain(c, DOOR_STATES[state])  # refuses a closed door on a creature
        self._doors[c] = replace(obj, broken=state == "broken")
        self._set_door_extras(c, lock, trap)
        self._changed()
        return self.door(c)

    def _set_door_extras(self, c: Cell, lock: int, trap: str) -> None:
        if lock:
            self._door_lock[c] = lock
        else:
            self._door_lock.pop(c, None)
        if trap:
            self._door_trap[c] = trap
        else:
            self._door_trap.pop(c, None)

    def open_door(self, where: CellLike) -> Door:
        """Open a closed door (unlocked, or by the GM's say).

        Raises:
            IllegalActionError: no door there, or it is not closed.
        """
        d = self.door(where)
        if d.state != "closed":
            raise IllegalActionError(f"the door at {_at(d.cell)} is {d.state}, not closed",
                                     R_DOORS)
        self._terrain[d.cell] = Terrain.DOOR_OPEN
        self._terrain_version += 1
        self._changed()
        return self.door(d.cell)

    def close_door(self, where: CellLike) -> Door:
        """Close an open door.

        Raises:
            IllegalActionError: no door there, it is not open (a broken door stays
                broken), or a creature stands in the doorway.
        """
        d = self.door(where)
        if d.state != "open":
            raise IllegalActionError(f"the door at {_at(d.cell)} is {d.state}; only an open "
                                     "door closes", R_DOORS)
        if self._occupants.get(d.cell):
            raise IllegalActionError(f"{', '.join(self._occupants[d.cell])} stands in the "
                                     f"doorway at {_at(d.cell)}", R_DOORS)
        self._terrain[d.cell] = Terrain.DOOR
        self._terrain_version += 1
        self._changed()
        return self.door(d.cell)

    def _door_changed(self, cell: Cell, state: ObjectState) -> None:
        """Record a door's new object state (forced, hit); forced open or destroyed, it
        is broken: passable, blocking nothing."""
        self._doors[cell] = state
        if state.passable:
            self._terrain[cell] = Terrain.DOOR_BROKEN
        self._terrain_version += 1
        self._changed()

    # -- the changing state of issue 15, for checkpoints and replays -------------------
    def updown_state(self) -> dict[str, Any]:
        """Altitudes, doors, unattended objects, the ceiling and the walls' heights as a
        value (their contents are frozen: a checkpoint or a replay puts them back with
        :meth:`set_updown_state`)."""
        return {"altitude": dict(self._altitude), "doors": dict(self._doors),
                "door_lock": dict(self._door_lock), "door_trap": dict(self._door_trap),
                "objects": dict(self._objects), "ceiling": self.ceiling,
                "wall_height": self.wall_height, "wall_heights": dict(self._wall_heights)}

    def set_updown_state(self, state: dict[str, Any]) -> None:
        """Put back what :meth:`updown_state` returned (no check: it came from this map)."""
        self._altitude = dict(state["altitude"])
        self._doors = dict(state["doors"])
        self._door_lock = dict(state["door_lock"])
        self._door_trap = dict(state["door_trap"])
        self._objects = dict(state["objects"])
        self._ceiling = state["ceiling"]  # as it was: no check to make
        walls = (state.get("wall_height", self.wall_height),
                 dict(state.get("wall_heights", self._wall_heights)))
        if walls != (self.wall_height, self._wall_heights):
            self.wall_height, self._wall_heights = walls
            self._terrain_version += 1  # drawn with the terrain
        self._changed()

    # -- unattended objects: chests ---------------------------------------------------
    def place_object(self, label: str, where: CellLike, object: str = "treasure_chest", *,
                     items: tuple[str, ...] | list[str] = ()) -> MapObject:
        """Put an unattended object (a chest) on the map, with the fragile items inside it
        (000_8d1d7816ee944f3b.txt, "Breaking Open a Treasure Chest"). It does not block
        movement.

        Raises:
            ObjectError: an unknown object; IllegalActionError: a label in use, a bad item
                list or a cell off the map. Nothing changes.
        """
        if not isinstance(label, str) or not label.strip() or label in self._objects:
            raise IllegalActionError(f"label must be new text naming the object, not "
                                     f"{label!r}", R_DOORS)
        if isinstance(items, str) or not all(isinstance(i, str) for i in items):
            raise IllegalActionError(f"items are the names of the fragile things inside, not "
                                     f"{items!r}", R_CHEST)
        obj = ObjectState.new(object)
        c = self._cells_on_map(where)[0]
        self._objects[label] = (c, obj, tuple(items))
        self._changed()
        return self.map_object(label)

    def map_object(self, label: str) -> MapObject:
        """The unattended object ``label``.

        Raises:
            IllegalActionError: no such object on the map.
        """
        if label not in self._objects:
            raise IllegalActionError(f"no object {short(label)} on the map; on it: "
                                     f"{', '.join(self._objects) or 'none'}", R_DOORS)
        c, obj, items = self._objects[label]
        return MapObject(label, c, obj, items)

    def map_objects(self) -> list[MapObject]:
        """Every unattended object, by label."""
        return [self.map_object(k) for k in sorted(self._objects)]

    def _object_changed(self, label: str, state: ObjectState,
                        items: tuple[str, ...] | None = None) -> None:
        c, _old, old_items = self._objects[label]
        self._objects[label] = (c, state, old_items if items is None else items)
        self._changed()


@dataclass(frozen=True)
class MapObject:
    """An unattended object on the map: its label, cell, state and the fragile items
    inside (a chest's potions)."""

    label: str
    cell: Cell
    object: ObjectState
    items: tuple[str, ...] = ()
