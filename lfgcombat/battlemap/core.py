"""The map's state and the questions every rule asks: cells, creatures, distance.

``_MapCore`` holds what a battle map is made of (cells, terrain, elevation, placed
creatures, this turn's movement, the GM's background picture) and answers the basic
questions: which cell ``(col, row)`` means, who stands where, each creature's speed, reach,
helplessness and threatening, and distance: "Count the number of hexes from you to your
target ... Multiply the number of hexes by 5" (``000_8d1d7816ee944f3b.txt``, "Using the
Battle Map – Measuring Distance in Combat"; "Option – Square Grid"). The rules are layered
on it by the other modules of :mod:`lfgcombat.battlemap`; :class:`~lfgcombat.battlemap.HexMap`
is the finished map.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Union

from lfgcombat.errors import IllegalActionError
from lfgcombat.battlemap.grid import Cell, Geometry, Hex, Square, map_geometry
from lfgcombat.rules.movement.movement_modes import speeds_of
from lfgcombat.rulesets import coerce_ruleset

from .altitude import distance_3d
from .kept import kept, static_id
from .reading import _as_int, _conditions, _kept_on, _read, _sizes, condition_flags
from .rules import R_DISTANCE
from .values import Background, CellError, MapFormatError, Token, _at, _short

#: The most cells a map has across or down.
MAX_SIDE = 1_000
#: The key of :meth:`_MapCore._kept_here`'s readings in a map's cache.
_STABLE = "<kept here>"
#: A size's space (``space_hexes``, ``space_ft`` of ``data/sizes.csv``) by size name.
_SPACES: dict[str, tuple[float, str]] = {}

if TYPE_CHECKING:
    from .terrain import Terrain

@dataclass
class _Placed:
    creature: Any
    side: str
    anchor: Cell
    cells: frozenset
    size: str
    order: int
    space: float
    speed: int | None
    reach: int | None
    threatens: bool | None


@dataclass
class _Turn:
    moved_ft: int = 0
    stepped: bool = False
    after_step_ft: int = 0  # moved after a 5-foot step (the Advanced Rule Option's half)
    notes: list[str] = field(default_factory=list)


CellLike = Union[Cell, tuple[int, int]]
Where = Union[str, Cell, tuple[int, int]]
ACTIONS = ("move", "five_foot_step", "retreat", "run")


class _Hold:
    """:meth:`_MapCore.hold`'s block: the map's listeners wait until the outermost block
    ends, then hear once if the map changed meanwhile (whatever the block raised)."""

    __slots__ = ("_map", "_before")

    def __init__(self, m: Any) -> None:
        self._map = m
        self._before = 0

    def __enter__(self) -> Any:
        m = self._map
        m._held += 1
        self._before = m._version
        return m

    def __exit__(self, *exc: object) -> None:
        m = self._map
        m._held -= 1
        if not m._held and m._version != self._before:
            for fn in list(m._listeners):
                fn(m)


class _MapCore:
    """The state of a battle map of ``width x height`` cells and its basic questions.

    Args:
        width: Columns.
        height: Rows.
        grid: ``"hex"`` (the default) or ``"square"`` (the text's "Option – Square Grid").
        advanced_five_foot_step: The "Advanced Rule Option" of the 5-Foot Step (off: the
            Simple Rule).

        ruleset: A ruleset (or its name) whose switches give the defaults of ``grid`` and
            ``advanced_five_foot_step``.

    Raises:
        MapFormatError: ``width`` or ``height`` is not a whole number of at least 1.
    """

    def __init__(self, width: int, height: int, *, grid: str | None = None,
                 advanced_five_foot_step: bool | None = None, ruleset: Any = None) -> None:
        # The ruleset's switches ("Square Grid" option, the Advanced 5-Foot Step) are the
        # defaults; an explicit argument wins.
        rules = coerce_ruleset(ruleset)
        grid = rules.grid if grid is None else grid
        if advanced_five_foot_step is None:
            advanced_five_foot_step = rules.advanced_five_foot_step
        if (isinstance(width, bool) or isinstance(height, bool) or not isinstance(width, int)
                or not isinstance(height, int) or width < 1 or height < 1):
            raise MapFormatError(f"a map needs whole numbers of at least 1x1 cells, got "
                                 f"{_short(width)}x{_short(height)}")
        if width > MAX_SIDE or height > MAX_SIDE:
            raise MapFormatError(f"a map is at most {MAX_SIDE}x{MAX_SIDE} cells, got "
                                 f"{_short(width)}x{_short(height)}")
        self.width = width
        self.height = height
        self.geometry: Geometry = map_geometry(grid)
        self.advanced_five_foot_step = advanced_five_foot_step
        self._cells: frozenset = frozenset(self.geometry.cell(c, r) for r in range(height)
                                           for c in range(width))
        self._terrain: dict[Cell, Terrain] = {}
        self._elevation: dict[Cell, int] = {}
        self._placed: dict[str, _Placed] = {}
        self._occupants: dict[Cell, list[str]] = {}
        self._turn: dict[str, _Turn] = {}
        self._version = 0
        self._terrain_version = 0
        self._cache: dict[Any, Any] = {}
        self._listeners: list = []
        self._held = 0  # inside hold(): listeners wait
        self._background: Background | None = None
        self._altitude: dict[str, int] = {}  # feet above the ground of its hex (0: left out)
        self._moving: dict[str, tuple[str, int]] = {}  # a move under way: (mode, altitude)
        self._doors: dict[Cell, Any] = {}  # door cell -> its ObjectState
                                           # (lfgcombat.rules.objects.objects)
        self._door_lock: dict[Cell, int] = {}  # door cell -> the lock's -5..+5 on the Break DC
        self._door_trap: dict[Cell, str] = {}  # door cell -> its trap, set off when forced
        #: Unattended objects by label (a chest): (cell, its ObjectState, fragile items)
        self._objects: dict[str, tuple[Cell, Any, tuple[str, ...]]] = {}
        #: Height of the ceiling above the ground in feet (``None``: open sky); volleys need
        #: clearance under it (000_8d1d7816ee944f3b.txt, "Volley Shots & Indirect Fire").
        self.ceiling: int | None = None
        #: Height of the map's walls in feet (``None``: full height, to the ceiling or the
        #: sky); a creature at or above it passes and sees over them (``wall_height`` in the
        #: map text). Closed doors always block.
        self.wall_height: int | None = None
        #: Walls with their own height in feet (``wall_heights`` in the map text; the GM's
        #: :meth:`set_wall_height`); other walls are :attr:`wall_height` tall.
        self._wall_heights: dict[Cell, int] = {}
        self._placing_at = 0  # the altitude of a creature being placed
        #: An encounter's recorder of the GM's :meth:`set_altitude` (``None``: no
        #: encounter): called first, it returns ``True`` when it made the change as a step.
        self._altitude_hook: Callable[[str, int], bool] | None = None

    # -- basics --------------------------------------------------------------------------
    @property
    def grid(self) -> str:
        """``"hex"`` or ``"square"``."""
        return self.geometry.kind

    @property
    def cells(self) -> frozenset:
        """Every cell on the map."""
        return self._cells

    @property
    def version(self) -> int:
        """Grows by one with every change (widgets use it to know when to redraw)."""
        return self._version

    @property
    def terrain_version(self) -> int:
        """Grows with every terrain or elevation edit only (a widget redraws its terrain
        layer then, and never for a move)."""
        return self._terrain_version

    def cell(self, col: int, row: int) -> Cell:
        """The cell at offset coordinates ``(col, row)`` (0-based, row 0 at the top)."""
        return self.geometry.cell(col, row)

    def offset(self, cell: Cell) -> tuple[int, int]:
        """``(col, row)`` of a cell."""
        return self.geometry.offset(cell)

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            return item in self._placed
        return item in self._cells

    def as_cell(self, where: CellLike) -> Cell:
        """A cell from a ``Hex``/``Square`` or ``(col, row)`` offset coordinates."""
        return self._as_cell(where)

    def _as_cell(self, where: CellLike) -> Cell:
        if isinstance(where, (Hex, Square)):
            if (self.grid == "hex") != isinstance(where, Hex):
                raise CellError(f"{_short(where)} is not a cell of a {self.grid} map; use "
                                f"{'Hex' if self.grid == 'hex' else 'Square'} cells or (col, row)")
            return where
        if isinstance(where, tuple) and len(where) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) for v in where):
            return self.geometry.cell(*where)
        raise CellError(f"expected a {'Hex' if self.grid == 'hex' else 'Square'} or (col, row) of "
                        f"two whole numbers, got {_short(where)}")

    def _static_key(self) -> int:
        """What the map's static layers are (geometry, size, terrain with doors, wall
        heights) as a small number (:func:`~lfgcombat.battlemap.kept.static_id`): the part
        of a kept reading's key that moves never change. Kept with a copy of the layers
        it was made of, and made again when they differ (a comparison of two dicts)."""
        memo = self.__dict__.get("_static_memo")
        now = (self.geometry, self.width, self.height, self.wall_height)
        if (memo is not None and memo[0] == now and memo[1] == self._terrain
                and memo[2] == self._wall_heights):
            return memo[3]
        k = static_id((repr(self.geometry), self.width, self.height,
                       frozenset(self._terrain.items()), self.wall_height,
                       frozenset(self._wall_heights.items())))
        self.__dict__["_static_memo"] = (now, dict(self._terrain), dict(self._wall_heights), k)
        return k

    def _changed(self, *, places: bool = True) -> None:
        """The map changed: its version grows and its readings are forgotten, except, when
        ``places`` is false (a turn started, a creature's new version reads the same to
        the map: :meth:`_Space.update`), the readings of where creatures stand and what
        they can do there (:meth:`_kept_here`)."""
        self._version += 1
        stable = None if places else self._cache.get(_STABLE)
        self._cache.clear()
        if stable is not None:
            self._cache[_STABLE] = stable
        if not self._held:
            for fn in list(self._listeners):
                fn(self)

    def _kept_here(self) -> dict[Any, Any]:
        """The readings kept until creatures move, are placed, removed or read differently
        by the map (a condition, death: :meth:`_Space.update`), or the terrain changes:
        cover, flanking, threatened cells, threatening, Cramped and distance between
        creatures. They read neither this turn's movement nor a creature's hit points, so a
        turn's start and a wound keep them (issue 25, item 4: a map fight reads them some
        60 times and its creatures move some 8 times). Held inside the map's cache, so
        whatever empties it (a move under way: :meth:`moving`) empties them too."""
        found = self._cache.get(_STABLE)
        if found is None:
            # the readings of this very state as another map or fight made them (issue 25,
            # item 4: GM prep plays the same start again and again; a fight's 30 states
            # here were some 6 not seen before), else a new dict
            key = self._here_key()
            found = self._cache[_STABLE] = {} if key is None else kept(("here", key), dict)
        return found

    def _here_key(self) -> tuple | None:
        """Everything the readings of :meth:`_kept_here` depend on, to find them again
        when the map stands as it stood (:mod:`~lfgcombat.battlemap.kept`); ``None``: none
        (here: a map of no creatures' kind known; the map's search part says,
        :meth:`~lfgcombat.battlemap.pathing._Pathing._here_key`)."""
        return None

    def _keep_here(self, key: Any, make: Callable[[], Any]) -> Any:
        """``make()``, kept among the readings of where creatures stand
        (:meth:`_kept_here`) under ``key``; a key that is no key (a bad argument) is made
        now, so ``make`` says what is wrong."""
        here = self._kept_here()
        try:
            found = here.get(key)
        except TypeError:
            return make()
        if found is None:
            found = here[key] = make()
        return found

    def hold(self) -> _Hold:
        """Within the block, changes do not call the listeners; at its end they are called
        once if anything changed (an encounter replaying its log moves creatures many
        times, and a widget should redraw once, not after every step). Blocks nest.

        A plain context manager (:class:`_Hold`), not a generator's: every command of an
        encounter runs inside one, and a load re-runs hundreds (issue 24, item 6)."""
        return _Hold(self)

    def observe(self, fn: Callable[[Any], None]) -> None:
        """Call ``fn(map)`` after every change (the widget redraws its small layers)."""
        self._listeners.append(fn)

    def unobserve(self, fn: Callable[[Any], None]) -> None:
        """Stop calling ``fn`` (see :meth:`observe`)."""
        if fn in self._listeners:
            self._listeners.remove(fn)


    def _cells_on_map(self, where: CellLike | Iterable[CellLike]) -> list:
        """One cell or many, each checked to be on the map (nothing is changed)."""
        many = (where if not isinstance(where, (Hex, Square)) and not
                (isinstance(where, tuple) and len(where) == 2 and isinstance(where[0], int))
                else [where])
        cells = [self._as_cell(w) for w in many]
        for c in cells:
            if c not in self._cells:
                raise IllegalActionError(f"{_at(c)} is off this {self.width}x{self.height} map",
                                         R_DISTANCE)
        return cells


    # -- creatures -----------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        """The creatures on the map, in placement order."""
        return list(self._placed)

    def _p(self, name: str) -> _Placed:
        try:
            return self._placed[name]
        except KeyError:
            raise IllegalActionError(f"no creature named {name!r} on the map; on it: "
                                     f"{', '.join(self._placed) or 'nobody'}") from None

    def token(self, name: str) -> Token:
        """A snapshot of a placed creature (side, footprint, reach, threatening...); one per
        state of the map (kept until its next change: a frozen value)."""
        key = ("token", name)
        found = self._cache.get(key)
        if found is None:
            p = self._p(name)
            found = self._cache[key] = Token(
                name, p.side, p.anchor, p.cells, p.size, self._speed(name), self._reach(name),
                self._threatens(name), self._helpless(name), _conditions(p.creature))
        return found

    def speed_ft(self, name: str) -> int:
        """``token(name).speed_ft`` without building the rest of the token: the Move Speed
        the map moves ``name`` by now (its flying, swimming or climbing speed while it
        moves so; a Move Speed the GM gave at placing)."""
        self._p(name)
        return self._speed(name)

    def tokens(self) -> list[Token]:
        """A :class:`Token` of every placed creature, in placement order."""
        return [self.token(n) for n in self._placed]

    def side(self, name: str) -> str:
        """The side of a placed creature."""
        return self._p(name).side

    def creature(self, name: str) -> Any:
        """The creature object placed under ``name``."""
        return self._p(name).creature

    def at(self, where: CellLike) -> list[str]:
        """Names of the creatures occupying a cell."""
        return list(self._occupants.get(self._as_cell(where), ()))

    def footprint(self, name: str) -> frozenset:
        """The cells a placed creature occupies."""
        return self._p(name).cells

    def enemies(self, name: str) -> list[str]:
        """The creatures of other sides than ``name``'s, in placement order."""
        s = self._p(name).side
        return [n for n, p in self._placed.items() if p.side != s]

    def allies(self, name: str) -> list[str]:
        """The other creatures of ``name``'s side, in placement order."""
        s = self._p(name).side
        return [n for n, p in self._placed.items() if p.side == s and n != name]

    def _footprint_at(self, size: str, anchor: Cell) -> frozenset:
        space = _SPACES.get(size)
        if space is None:  # data/sizes.csv, read once a size
            row = _sizes()[size]
            space = _SPACES[size] = (float(row["space_hexes"]), str(row["space_ft"]))
        return self.geometry.footprint(anchor, *space)

    def _speed(self, name: str) -> int:
        p = self._placed[name]
        moving = self._moving.get(name)
        if moving is not None and moving[0] in ("fly", "swim", "climb"):
            return speeds_of(p.creature).speed(moving[0])  # the mode's speed
        if p.speed is not None:
            return p.speed
        v = _as_int(_read(p.creature, "move_speed", "speed", "move_speed_ft"))
        return 30 if v is None else v

    def _reach(self, name: str) -> int:
        p = self._placed[name]
        if p.reach is not None:
            return p.reach
        v = _as_int(_read(p.creature, "threat_reach_ft", "reach_ft", "reach"))
        if v is not None:
            return v
        return int(_sizes()[p.size]["reach_ft"])

    def _helpless(self, name: str) -> bool:
        p = self._placed[name]
        v = _read(p.creature, "helpless", "is_helpless")
        if v is True or _read(p.creature, "is_dead") is True:
            return True
        return condition_flags(p.creature).helpless

    def _threatens(self, name: str, *, but_for_prone: bool = False) -> bool:
        """Whether ``name`` threatens now: its own verdict (or the GM's override) and no
        condition whose ``threatens`` column is false (``data/conditions.csv``: Prone,
        Grappled, Pinned, Blinded, Helpless...). ``but_for_prone``: as if it stood up.
        Kept until creatures move or read differently (:meth:`_kept_here`)."""
        return self._keep_here(("threatens", name, but_for_prone),
                               lambda: self._threatens_now(name, but_for_prone))

    def _threatens_now(self, name: str, but_for_prone: bool) -> bool:
        """:meth:`_threatens` read now: from the creature (kept on it, a frozen value:
        :func:`~lfgcombat.battlemap.reading._kept_on`) and the GM's override."""
        p = self._placed[name]
        return _kept_on(p.creature, ("<threatens>", p.threatens, but_for_prone),
                        lambda: self._threatens_of(name, p, but_for_prone))

    def _threatens_of(self, name: str, p: _Placed, but_for_prone: bool) -> bool:
        """Whether the creature placed as ``p`` threatens (see :meth:`_threatens`)."""
        flags = condition_flags(p.creature)
        conds = flags.names
        if p.threatens is not None:
            base = p.threatens
        else:
            v = _read(p.creature, "threatens")
            base = True if v is None else bool(v)
            if but_for_prone and not base and "prone" in conds:
                base = True  # the creature's own verdict counted Prone; judge without it
        blocking = flags.no_threat
        if but_for_prone:
            blocking = blocking - {"prone"}
        return base and not blocking and not self._helpless(name)

    def start_turn(self, name: str) -> None:
        """Forget what ``name`` moved this turn (5-foot step and movement bookkeeping)."""
        self._p(name)
        self._turn[name] = _Turn()
        self._changed(places=False)  # where creatures stand and what they do: unchanged

    def moved_this_turn(self, name: str) -> int:
        """Feet ``name`` has moved since its turn started."""
        self._p(name)
        return self._turn[name].moved_ft

    # -- distance ------------------------------------------------------------------------
    def _cells_of(self, where: Where) -> frozenset:
        if isinstance(where, str):
            return self._p(where).cells
        return frozenset([self._as_cell(where)])

    def distance(self, a: Where, b: Where) -> int:
        """Feet between two creatures (nearest cells of their footprints) or cells.

        "Count the number of hexes from you to your target ... Do not count the hex in which
        you are standing. Multiply the number of hexes by 5" (``000_8d1d7816ee944f3b.txt``,
        "Using the Battle Map – Measuring Distance in Combat"); on squares the 5/10
        diagonal rule ("Option – Square Grid"). Creatures at different altitudes (a cell
        is at the ground) are farther apart by the 3D rule of
        :mod:`lfgcombat.battlemap.altitude`. Kept until creatures move (:meth:`_kept_here`).
        """
        return self._keep_here(("distance", a, b), lambda: self._distance(a, b))

    def _distance(self, a: Where, b: Where) -> int:
        """:meth:`distance` worked out."""
        ca, cb = self._cells_of(a), self._cells_of(b)
        d = self.geometry.distance_ft
        flat = min(d(x, y) for x in ca for y in cb)
        v = self._level(a) - self._level(b)
        return flat if not v else distance_3d(flat, v)

    def distances_to(self, cells: Iterable[Cell], b: Where) -> list[int]:
        """``[distance(c, b) for c in cells]`` (:meth:`distance`) for cells of this map,
        worked out together: the cells a mover can reach, each measured to its target
        (issue 25, item 4: a map fight asks for some 40 at every approach)."""
        tc, lv = self._cells_of(b), self._level(b)
        d = self.geometry.distance_ft
        if len(tc) == 1:  # a target of one cell: no nearest cell to look for
            (y,) = tc
            flat = [d(c, y) for c in cells]
        else:
            flat = [min(d(c, y) for y in tc) for c in cells]
        return flat if not lv else [distance_3d(f, -lv) for f in flat]

    def _level(self, where: Where) -> int:
        """The altitude of a creature (during a move, the one it moves at); 0 for a cell."""
        if not isinstance(where, str):
            return 0
        moving = self._moving.get(where)
        return moving[1] if moving is not None else self._altitude.get(where, 0)

    def altitude(self, name: str) -> int:
        """Feet ``name`` is above the ground of its hex (0: on the ground), in 5-foot
        steps (000_8d1d7816ee944f3b.txt, "Other Types of Movement")."""
        self._p(name)
        return self._altitude.get(name, 0)

    def snapshot(self) -> tuple:
        """A comparable value of the whole state (tests use it: a refused action leaves it
        equal)."""
        return (self.grid, self.width, self.height, tuple(sorted(self._terrain.items())),
                tuple(sorted(self._elevation.items())), tuple(sorted(self._altitude.items())),
                tuple(sorted((c, s.hp, s.broken, s.forced_attempted)
                             for c, s in self._doors.items())), self.ceiling, self.wall_height,
                tuple(sorted(self._wall_heights.items())),
                tuple((k, c, s.hp, s.broken, s.forced_attempted, i)
                      for k, (c, s, i) in sorted(self._objects.items())),
                tuple((n, p.side, p.anchor, tuple(sorted(p.cells)))
                      for n, p in self._placed.items()),
                tuple(sorted((c, tuple(v)) for c, v in self._occupants.items())),
                tuple((n, t.moved_ft, t.stepped, t.after_step_ft)
                      for n, t in sorted(self._turn.items())),
                self._background)

