"""The map text format: a small YAML document a GM can write by hand.

Read by :meth:`HexMap.from_text <lfgcombat.battlemap.HexMap.from_text>`, written by
:meth:`~lfgcombat.battlemap.HexMap.to_text`::

    # the ford -- comments go on their own lines, outside the blocks
    grid: hex
    terrain: |
      . . . , , ~ ~ . . .
       . . , , ~ ~ . # # .
      . o . . ~ ~ . # . .
    elevation: |
      0 0 0 0 0 0 0 1 1 1
       0 0 0 0 0 0 0 1 1 1
      0 0 0 0 0 0 0 1 1 1
    elevation_step: 5
    background: {image: ford.png, opacity: 0.8}
    creatures:
      - {name: Wulfric, at: [1, 1], side: party}
      - {name: Ogre, at: [8, 2], side: monsters, size: large, speed: 30}

``terrain`` has one character per cell, rows top to bottom; spaces are ignored, so odd
rows may be indented to look like hexes. ``elevation`` (optional) has one digit 0-9 per
cell, times ``elevation_step`` feet (default 5). ``background`` (optional) is the GM's
picture under the grid (``image``: a path inside the notebook's folder, or a URL: the
BattleMap reads no file outside it; ``opacity`` 0..1, default 1).
``creatures`` (optional) places creatures at ``[col, row]`` with a side (default
``party``) and, for plain tokens, ``size``, ``speed``, ``reach``, ``threatens``,
``conditions`` (for creature objects given to ``from_text``, ``speed``, ``reach`` and
``threatens`` override their own); ``share: true`` lets a creature stand in an ally's hex
(the GM's ``share``, see :meth:`~lfgcombat.battlemap.HexMap.place`). ``grid`` is ``hex``
(default) or ``square`` ("Option – Square Grid").
Legend: ``.`` normal, ``,`` difficult, ``#`` wall, ``o`` obstacle, ``~`` water, ``%`` fog,
``=`` tight, ``h`` half hex (the Half Hex Rule; hex maps only), ``^`` climbable (a wall or
cliff to climb), ``+`` closed door, ``'`` open door, ``/`` broken door. A bare block of rows
(no ``key:`` lines) is read as the terrain alone.

Doors are good wooden doors unless ``doors:`` says otherwise: ``- {at: [3, 1], object:
strong_wooden_door, lock: 5, trap: poison needle, hp: 12, forced: true}`` (a row of
``data/objects.csv``; ``lock`` -5..+5 on the Break DC; ``hp`` left; ``forced``: a failed
attempt to force it was made). ``objects: [{name: chest, at: [4, 1], object: small_chest,
items: [potion], hp: 10, broken: false}]`` are unattended objects ("Breaking Open a
Treasure Chest"; ``hp`` left, up to the object's own). ``ceiling: 20`` is the height of
the ceiling in feet (absent: open sky), which volleys need clearance under.
``wall_height: 10`` is how tall the walls are, in 5-foot steps like every height ("Other
Types of Movement"; absent: full height): a creature at that altitude or above flies and
sees over them (closed doors still block); ``wall_heights: [{at: [4, 1], height: 15}]``
gives single wall cells their own height (older texts without it read as before). A
creature entry's ``altitude: 30`` is its height above its hex in feet (5-foot steps).

A hallway 10 feet wide running north-south, drawn with half hexes (rows alternate two
whole hexes, and a whole hex between two halves; see
:meth:`~lfgcombat.battlemap.HexMap.cross_section`)::

    terrain: |
      # # . . #
       # h . h #
      # # . . #

Every field is checked before the map is built: a wrong one raises
:class:`~lfgcombat.battlemap.values.MapFormatError` naming the field, its line and what
is expected (``000_8d1d7816ee944f3b.txt``, "Using the Battle Map – Measuring Distance in
Combat" for the grid; the creature fields follow "Creature Size: Size, Space, Reach",
"Movement in Combat", "Reach & Threatened Area" and "Conditions – Full Details").
"""

from __future__ import annotations

import copy
import functools
import json
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from lfgcombat.rules.conditions.conditions import parse_condition
from lfgcombat.io.datafile import DataFileError, load_text
from lfgcombat.errors import LfgError
from lfgcombat.battlemap.grid import Cell
from lfgcombat.rules.objects.objects import ObjectState

from .core import MAX_SIDE
from .display import _Display
from .reading import _size_name, _sizes
from .terrain import _HALF_ON_SQUARES, DEFAULT_DOOR, TERRAIN_CHARS, Terrain
from .values import Background, Figure, MapFormatError, _short
from .altitude import MAX_ALTITUDE_FT, R_ALTITUDE, headroom_problem

#: The longest map text read (characters).
MAX_TEXT_CHARS = 1_000_000
#: The largest Move Speed, reach or elevation step a map text may give, in feet.
MAX_FEET = 10_000
_TOP_KEYS = ("grid", "terrain", "elevation", "elevation_step", "background", "creatures", "name",
             "doors", "ceiling", "objects", "wall_height", "wall_heights")
_CREATURE_KEYS = ("name", "at", "side", "size", "speed", "reach", "threatens", "conditions",
                  "share", "altitude")
_DOOR_KEYS = ("at", "object", "hp", "lock", "trap", "forced")
_OBJECT_KEYS = ("name", "at", "object", "items", "hp", "broken")
_YAML_WORDS = frozenset({"yes", "no", "true", "false", "null", "on", "off", "y", "n", "~"})


class _TextFormat(_Display):
    """Reading and writing the map text format (this module's docstring)."""

    @classmethod
    def from_text(cls, text: str, creatures: Mapping[str, Any] | Iterable[Any] | None = None,
                  **kwargs: Any) -> Any:
        """Read a map from the text format (:mod:`lfgcombat.battlemap.textformat`).

        Args:
            text: The map (YAML with ``terrain:``..., or just the terrain rows).
            creatures: Creature objects by name (or an iterable of them) for the names in
                ``creatures:``; names not given become :class:`Figure` from the entry's
                ``size``, ``speed``, ``reach``, ``threatens`` and ``conditions``.
            **kwargs: Passed to :class:`HexMap` (e.g. ``advanced_five_foot_step=True``).

        Returns:
            The new map.

        Raises:
            MapFormatError: The text does not follow the format: the message names the
                field, its line and what is expected.
            IllegalActionError: A creature cannot stand where the text puts it.
        """
        if not isinstance(text, str):
            raise MapFormatError(f"a map text is a string (YAML or rows of terrain), got "
                                 f"{type(text).__name__} {_short(text)}")
        if len(text) > MAX_TEXT_CHARS:
            raise MapFormatError(f"the map text has {len(text):,} characters; at most "
                                 f"{MAX_TEXT_CHARS:,} are read")
        lines = text.splitlines()
        doc = _document(text, lines)
        is_yaml = doc is not None
        doc = doc if doc is not None else {"terrain": text}
        rows = _terrain_rows(doc, lines, is_yaml)
        grid = _grid(doc, lines, rows, kwargs.pop("grid", "hex"))
        elevation = _elevations(doc, lines, rows)
        background = _background(doc.get("background"), _block_line(lines, "background"))
        entries = _creature_entries(doc, lines, len(rows[0][1]), len(rows))
        doors = _door_entries(doc, lines)
        ceiling = doc.get("ceiling")
        if ceiling is not None:
            ceiling = _whole(ceiling, "ceiling", _block_line(lines, "ceiling"), 5)
        m = cls(len(rows[0][1]), len(rows), grid=grid, **kwargs)
        m._fill_ground(rows, elevation)
        m._fill_doors(doors, _block_line(lines, "doors"))
        m.ceiling = ceiling
        wall_height = doc.get("wall_height")
        if wall_height is not None:
            m.wall_height = _wall_height_field(wall_height, "wall_height",
                                               _block_line(lines, "wall_height"))
        m._fill_wall_heights(doc.get("wall_heights"), _block_line(lines, "wall_heights"))
        m._fill_objects(doc.get("objects"), _block_line(lines, "objects"))
        m._background = background
        _check_headroom_entries(entries, creatures, ceiling, _block_line(lines, "creatures"))
        m._place_entries(entries, creatures)
        m._version = 0
        return m

    def _fill_ground(self, rows: list[tuple[int, str]],
                     elevation: dict[tuple[int, int], int]) -> None:
        """Set the checked terrain rows and elevations on a new map (no change counted)."""
        for row_i, (_ln, r) in enumerate(rows):
            for col, ch in enumerate(r):
                if TERRAIN_CHARS[ch] is not Terrain.NORMAL:
                    self._terrain[self.cell(col, row_i)] = TERRAIN_CHARS[ch]
        for (col, row_i), feet in elevation.items():
            self._elevation[self.cell(col, row_i)] = feet
        for c, t in self._terrain.items():
            if t.is_door:
                self._doors[c] = ObjectState.new(DEFAULT_DOOR, broken=t is Terrain.DOOR_BROKEN)

    def _fill_doors(self, entries: list[dict[str, Any]], ln: int) -> None:
        """Set the ``doors:`` entries on the door cells of a new map."""
        for e in entries:
            c = self.cell(*e["at"])
            t = self._terrain.get(c)
            if t is None or not t.is_door:
                raise MapFormatError(f"doors: {list(e['at'])} is not a door cell ('+', \"'\" "
                                     "or '/' in the terrain)", ln or None)
            try:
                obj = ObjectState.new(e.get("object", DEFAULT_DOOR),
                                      broken=t is Terrain.DOOR_BROKEN)
            except LfgError as exc:
                raise MapFormatError(f"doors: {_clip(str(exc))}", ln or None) from None
            hp = e.get("hp", obj.spec.hp)
            if not 0 <= hp <= obj.spec.hp:
                raise MapFormatError(f"doors: hp of {obj.spec.name} is 0 to {obj.spec.hp} HP, "
                                     f"got {hp}", ln or None)
            self._doors[c] = replace(obj, hp=hp, forced_attempted=e.get("forced", False))
            if e.get("lock"):
                self._door_lock[c] = e["lock"]
            if e.get("trap"):
                self._door_trap[c] = e["trap"]

    def _place_entries(self, entries: list[dict[str, Any]],
                       creatures: Mapping[str, Any] | Iterable[Any] | None) -> None:
        """Place the checked ``creatures:`` entries (creature objects given win over
        plain :class:`Figure` tokens)."""
        given: dict[str, Any] = {}
        if isinstance(creatures, Mapping):
            given = dict(creatures)
        elif creatures is not None:
            objects: Iterable[Any] = creatures
            given = {c.name: c for c in objects}
        for entry in entries:
            name = entry["name"]
            obj = given.get(name)
            overrides: dict[str, Any] = {}
            if obj is None:
                obj = Figure(name, entry.get("size", "medium"), entry.get("speed", 30),
                             entry.get("reach"), entry.get("threatens", True),
                             entry.get("conditions", ()))
            else:  # a creature object given: the entry's numbers override its own
                for key, arg in (("speed", "speed"), ("reach", "reach_ft"),
                                 ("threatens", "threatens")):
                    if entry.get(key) is not None:
                        overrides[arg] = entry[key]
            self.place(obj, entry["at"], entry.get("side", "party"),
                       share=entry.get("share", False), altitude=entry.get("altitude", 0),
                       **overrides)

    def to_text(self, creatures: bool = True) -> str:
        """The map in the text format (round-trips through :meth:`from_text`).

        Args:
            creatures: Write the ``creatures:`` entries too.

        Returns:
            The text, ending with a newline.

        Raises:
            LfgError: Elevations that do not fit one digit times a common step.
        """
        out = [f"grid: {self.grid}", "terrain: |"]
        out += self._block_rows(
            lambda c: self._terrain.get(c, Terrain.NORMAL).char)
        if self._elevation:
            vals = set(self._elevation.values())
            step = functools.reduce(math.gcd, vals)
            if max(vals) // step > 9 or min(vals) < 0:
                raise LfgError("elevations do not fit the one-digit text format "
                               f"(values {sorted(vals)})")
            out += [f"elevation_step: {step}", "elevation: |"]
            out += self._block_rows(lambda c: str(self._elevation.get(c, 0) // step))
        out += self._door_lines()
        out += self._object_lines()
        if self.ceiling is not None:
            out.append(f"ceiling: {self.ceiling}")
        if self.wall_height is not None:
            out.append(f"wall_height: {self.wall_height}")
        if self._wall_heights:
            out.append("wall_heights:")
            out += [f"  - {{at: [{', '.join(map(str, self.offset(c)))}], height: {ft}}}"
                    for c, ft in sorted(self._wall_heights.items())]
        if self._background is not None:
            bg = self._background
            out.append(f"background: {{image: {_yaml_str(bg.image)}, opacity: {bg.opacity:g}}}")
        if creatures and self._placed:
            out.append("creatures:")
            out += [self._creature_line(n) for n in self._placed]
        return "\n".join(out) + "\n"

    def _fill_wall_heights(self, raw: Any, ln: int) -> None:
        """Set the ``wall_heights:`` entries (``- {at: [col, row], height: 10}``: a wall
        cell with its own height in feet, a multiple of 5) on a new map."""
        if raw is None:
            return
        if not isinstance(raw, list):
            raise MapFormatError("wall_heights must be a list of entries ('- {at: [col, row], "
                                 f"height: 10}}'), got {_short(raw)}", ln or None)
        for i, e in enumerate(raw):
            who = f"wall_heights #{i + 1}:"
            if not isinstance(e, dict) or set(e) != {"at", "height"}:
                raise MapFormatError(f"{who} is {{at: [col, row], height: feet}}, got "
                                     f"{_short(e)}", ln or None)
            at = _at_field(e["at"], who, ln or None, 0, 0)
            c = self.geometry.cell(*at)
            if c not in self._cells or self._terrain.get(c) is not Terrain.WALL:
                raise MapFormatError(f"{who} {list(at)} is not a wall cell ('#') of this map",
                                     ln or None)
            self._wall_heights[c] = _wall_height_field(e["height"], f"{who} height", ln)

    def _fill_objects(self, raw: Any, ln: int) -> None:
        """The ``objects:`` entries: ``- {name: chest, at: [c, r], object: treasure_chest,
        items: [potion], hp: 10, broken: false}``, every field checked
        (:func:`_object_entry`; 000_8d1d7816ee944f3b.txt, "Breaking Open a Treasure
        Chest")."""
        if raw is None:
            return
        if not isinstance(raw, list):
            raise MapFormatError("objects must be a list of entries ('- {name: ..., at: [col, "
                                 f"row], object: ...}}'), got {_short(raw)}", ln or None)
        for i, e in enumerate(raw):
            who = f"object #{i + 1}:"
            entry = _object_entry(who, e, ln or None)
            try:
                place = getattr(self, "place_object")  # the doors layer, above this one
                o = place(entry["name"], entry["at"], entry.get("object", "treasure_chest"),
                          items=entry.get("items", ()))
            except LfgError as exc:
                raise MapFormatError(f"{who} {_clip(str(exc))}", ln or None) from None
            hp = entry.get("hp", o.object.hp)
            if hp > o.object.spec.hp:
                raise MapFormatError(f"{who} hp of {o.object.spec.name} is 0 to "
                                     f"{o.object.spec.hp} HP, got {hp}", ln or None)
            st = replace(o.object, hp=hp, broken=entry.get("broken", False))
            self._objects[o.label] = (o.cell, st, o.items)

    def _object_lines(self) -> list[str]:
        out = []
        for k, (c, st, items) in sorted(self._objects.items()):
            col, row = self.offset(c)
            extra = f", object: {st.spec.name}"
            if items:
                extra += f", items: [{', '.join(_yaml_str(i) for i in items)}]"
            if st.hp != st.spec.hp:
                extra += f", hp: {st.hp}"
            if st.broken:
                extra += ", broken: true"
            out.append(f"  - {{name: {_yaml_str(k)}, at: [{col}, {row}]{extra}}}")
        return ["objects:"] + out if out else []

    def _door_lines(self) -> list[str]:
        """The ``doors:`` entries of the doors that are not plain good wooden doors."""
        out = []
        for c in sorted(self._doors):
            st = self._doors[c]
            extra = ""
            if st.spec.name != DEFAULT_DOOR:
                extra += f", object: {st.spec.name}"
            if st.hp != st.spec.hp:
                extra += f", hp: {st.hp}"
            if self._door_lock.get(c):
                extra += f", lock: {self._door_lock[c]}"
            if self._door_trap.get(c):
                extra += f", trap: {_yaml_str(self._door_trap[c])}"
            if st.forced_attempted:
                extra += ", forced: true"
            if extra:
                col, row = self.offset(c)
                out.append(f"  - {{at: [{col}, {row}]{extra}}}")
        return ["doors:"] + out if out else []

    def _block_rows(self, char: Callable[[Cell], str]) -> list[str]:
        """The rows of a text block, one ``char(cell)`` per cell (odd hex rows indented)."""
        out = []
        for r in range(self.height):
            row = " ".join(char(self.cell(c, r)) for c in range(self.width))
            out.append("  " + (" " if self.grid == "hex" and r % 2 else "") + row)
        return out

    def _creature_line(self, name: str) -> str:
        """The ``creatures:`` entry of a placed creature, as one flow-mapping line."""
        p = self._placed[name]
        col, row = self.offset(p.anchor)
        extra = f", size: {p.size}" if p.size != "medium" else ""
        speed, reach, threatens = p.speed, p.reach, p.threatens  # place() overrides
        figure = isinstance(p.creature, Figure)
        if isinstance(p.creature, Figure):
            f = p.creature
            speed = f.speed if speed is None else speed
            reach = f.reach_ft if reach is None else reach
            threatens = f.threatens if threatens is None else threatens
            if f.conditions:
                extra += f", conditions: [{', '.join(f.conditions)}]"
        if speed is not None and not (figure and speed == 30):
            extra += f", speed: {speed}"
        if reach is not None:
            extra += f", reach: {reach}"
        if threatens is not None and not (figure and threatens):
            extra += f", threatens: {'true' if threatens else 'false'}"
        if self._shares(name):
            extra += ", share: true"
        if self._altitude.get(name):
            extra += f", altitude: {self._altitude[name]}"
        return (f"  - {{name: {_yaml_str(name)}, at: [{col}, {row}], "
                f"side: {_yaml_str(p.side)}{extra}}}")


@functools.lru_cache(maxsize=32)
def _parsed(text: str) -> Any:
    """The YAML of a map text, kept by its text: an encounter builds its map again from the
    same text at every fork and replay, and the YAML reader is most of that (issue 26,
    item 5: a tracker click forks the fight to try the next action). Handed out copied."""
    return load_text(text, "yaml", "the text")


def _document(text: str, lines: list[str]) -> dict | None:
    """The YAML document of a map text (``None``: a bare block of terrain rows), read by
    the kit's one safe loader (:func:`lfgcombat.io.datafile.load_text`: no anchors or
    aliases, bounded nesting, size and numbers), as creature files are."""
    if not any(_key_line(ln) for ln in lines):
        return None
    try:
        doc = copy.deepcopy(_parsed(text))
    except DataFileError as e:
        raise MapFormatError(str(e), e.line) from None
    if not isinstance(doc, dict):
        raise MapFormatError("expected 'key: value' lines (grid, terrain, elevation, creatures)")
    unknown = [k for k in doc if k not in _TOP_KEYS]
    if unknown:
        raise MapFormatError(f"unknown key(s) {', '.join(_short(k) for k in unknown)}; known: "
                             + ", ".join(_TOP_KEYS), _block_line(lines, str(unknown[0])) or None)
    if doc.get("name") is not None and not isinstance(doc["name"], str):
        raise MapFormatError(f"name (of the map) must be text, got {_short(doc['name'])}",
                             _block_line(lines, "name"))
    return doc


def _grid(doc: dict, lines: list[str], rows: list[tuple[int, str]], default: Any) -> Any:
    """The ``grid:`` entry (``default`` when absent), checked against the terrain rows."""
    grid = doc.get("grid", default)
    if grid not in ("hex", "square"):
        raise MapFormatError(f"grid must be hex or square, got {_short(grid)}",
                             _block_line(lines, "grid"))
    if grid == "square":
        for ln, r in rows:
            if Terrain.HALF.char in r:
                raise MapFormatError(f"'{Terrain.HALF.char}' (half hex): " + _HALF_ON_SQUARES,
                                     ln)
    return grid


def _terrain_rows(doc: dict, lines: list[str], is_yaml: bool) -> list[tuple[int, str]]:
    """The terrain block's rows ``(line, characters)``, checked."""
    terrain_txt = doc.get("terrain")
    if not isinstance(terrain_txt, str) or not terrain_txt.strip():
        raise MapFormatError("the 'terrain' block is missing or empty (rows of terrain "
                             "characters after 'terrain: |')",
                             _block_line(lines, "terrain") or None)
    rows = _rows(terrain_txt, _block_line(lines, "terrain") if is_yaml else 0)
    width = len(rows[0][1])
    if width > MAX_SIDE or len(rows) > MAX_SIDE:
        raise MapFormatError(f"the map is {width}x{len(rows)} cells; at most {MAX_SIDE} across "
                             "and down are read")
    for ln, r in rows:
        if len(r) != width:
            raise MapFormatError(f"row has {len(r)} cells, the first row has {width}", ln)
        for ch in r:
            if ch not in TERRAIN_CHARS:
                legend = ", ".join(f"{k!r} {v.value}" for k, v in TERRAIN_CHARS.items())
                raise MapFormatError(f"unknown terrain character {ch!r}; legend: " + legend, ln)
    return rows


def _elevations(doc: dict, lines: list[str],
                rows: list[tuple[int, str]]) -> dict[tuple[int, int], int]:
    """``(col, row) -> feet`` from the elevation block (cells at 0 left out)."""
    if doc.get("elevation") is None:
        if doc.get("elevation_step") is not None:
            _whole(doc["elevation_step"], "elevation_step", _block_line(lines, "elevation_step"), 1)
        return {}
    step = doc.get("elevation_step", 5)
    _whole(step, "elevation_step", _block_line(lines, "elevation_step"), 1)
    if not isinstance(doc["elevation"], str):
        raise MapFormatError(f"elevation must be rows of digits after 'elevation: |', got "
                             f"{_short(doc['elevation'])}", _block_line(lines, "elevation"))
    erows = _rows(doc["elevation"], _block_line(lines, "elevation"))
    if len(erows) != len(rows):
        raise MapFormatError(f"elevation has {len(erows)} rows, terrain has {len(rows)}",
                             erows[0][0])
    out = {}
    for row_i, (ln, r) in enumerate(erows):
        if len(r) != len(rows[0][1]):
            raise MapFormatError(f"elevation row has {len(r)} cells, expected "
                                 f"{len(rows[0][1])}", ln)
        for col, ch in enumerate(r):
            if ch not in "0123456789":  # str.isdigit() takes '²' and other scripts' digits
                raise MapFormatError(f"elevation must be digits 0-9, got {ch!r}", ln)
            if ch != "0":
                out[(col, row_i)] = int(ch) * step
    return out


def _door_entries(doc: dict, lines: list[str]) -> list[dict[str, Any]]:
    """The ``doors:`` entries, each field checked (:func:`_door_entry`)."""
    raw = doc.get("doors")
    ln = _block_line(lines, "doors") or None
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise MapFormatError(f"doors must be a list of entries ('- {{at: [col, row], object: "
                             f"...}}'), got {_short(raw)}", ln)
    return [_door_entry(f"door #{i + 1}:", e, ln) for i, e in enumerate(raw)]


def _door_entry(who: str, e: Any, ln: int | None) -> dict[str, Any]:
    """One ``doors:`` entry: at, object, hp, lock (-5..+5), trap (text), forced."""
    if not isinstance(e, dict) or "at" not in e:
        raise MapFormatError(f"{who} needs at: [col, row], got {_short(e)}", ln)
    unknown = [k for k in e if k not in _DOOR_KEYS]
    if unknown:
        raise MapFormatError(f"{who} unknown field(s) {', '.join(_short(k) for k in unknown)}; "
                             "known: " + ", ".join(_DOOR_KEYS), ln)
    d: dict[str, Any] = {"at": _at_field(e["at"], who, ln, 0, 0)}
    for key, kind, what in (("object", str, "a name from data/objects.csv"),
                            ("trap", str, "text"), ("forced", bool, "true or false")):
        if e.get(key) is not None:
            if not isinstance(e[key], kind):
                raise MapFormatError(f"{who} {key} is {what}, got {_short(e[key])}", ln)
            d[key] = e[key]
    if e.get("hp") is not None:
        d["hp"] = _whole(e["hp"], f"{who} hp", ln, 0, unit="HP")
    lock = e.get("lock", 0)
    if isinstance(lock, bool) or not isinstance(lock, int) or not -5 <= lock <= 5:
        raise MapFormatError(f"{who} lock is -5 to +5, got {_short(lock)}", ln)
    d["lock"] = lock
    return d


def _object_entry(who: str, e: Any, ln: int | None) -> dict[str, Any]:
    """One ``objects:`` entry: name (text), at ([col, row]), object (a row of
    ``data/objects.csv``), items (texts), hp (whole HP), broken (true or false); a null
    field is left out, as in ``doors:``."""
    if not isinstance(e, dict) or "name" not in e or "at" not in e:
        raise MapFormatError(f"{who} needs name and at: [col, row], got {_short(e)}", ln)
    unknown = [k for k in e if k not in _OBJECT_KEYS]
    if unknown:
        raise MapFormatError(f"{who} unknown field(s) {', '.join(_short(k) for k in unknown)}; "
                             "known: " + ", ".join(_OBJECT_KEYS), ln)
    if not isinstance(e["name"], str) or not e["name"].strip():
        raise MapFormatError(f"{who} name must be text, got {_short(e['name'])}", ln)
    out: dict[str, Any] = {"name": e["name"], "at": _at_field(e["at"], who, ln, 0, 0)}
    for key, ok, what in (("object", lambda v: isinstance(v, str), "a name from "
                           "data/objects.csv"),
                          ("items", lambda v: isinstance(v, list)
                           and all(isinstance(i, str) for i in v), "a list of texts"),
                          ("broken", lambda v: isinstance(v, bool), "true or false")):
        if e.get(key) is not None:
            if not ok(e[key]):
                raise MapFormatError(f"{who} {key} is {what}, got {_short(e[key])}", ln)
            out[key] = e[key]
    if e.get("hp") is not None:
        out["hp"] = _whole(e["hp"], f"{who} hp", ln, 0, unit="HP")
    return out


def _background(raw: Any, line: int) -> Background | None:
    """The ``background:`` entry as a :class:`Background` (``None`` when absent)."""
    if raw is None:
        return None
    if isinstance(raw, str):
        raw = {"image": raw}
    if not isinstance(raw, dict) or "image" not in raw:
        raise MapFormatError(f"background must be {{image: <path or URL>, opacity: 0..1}}, got "
                             f"{_short(raw)}", line or None)
    unknown = [k for k in raw if k not in ("image", "opacity")]
    if unknown:
        raise MapFormatError(f"background: unknown key(s) {', '.join(_short(k) for k in unknown)}; "
                             "known: image, opacity", line or None)
    try:
        return Background(raw["image"], raw.get("opacity", 1.0))
    except MapFormatError as e:
        raise MapFormatError(str(e).removeprefix("map text: "), line or None) from None


def _check_headroom_entries(entries: list[dict[str, Any]], creatures: Any,
                            ceiling: int | None, ln: int | None) -> None:
    """Refuse a ``creatures:`` entry whose ``altitude`` puts its body through the map's
    ``ceiling`` (:func:`lfgcombat.battlemap.altitude.headroom_problem`)."""
    if ceiling is None:
        return
    given = creatures if isinstance(creatures, Mapping) else {
        getattr(c, "name", None): c for c in creatures or ()}
    for e in entries:
        size = getattr(given.get(e["name"]), "size", None) or e.get("size", "medium")
        why = headroom_problem(ceiling, e["name"], _size_name(size), e.get("altitude", 0))
        if why:
            raise MapFormatError(f"{_short(e['name'], 40)}: altitude {e['altitude']} under "
                                 f"ceiling: {ceiling}: {why} ({R_ALTITUDE})", ln or None)


def _creature_entries(doc: dict, lines: list[str], width: int, height: int) -> list[dict[str, Any]]:
    """The ``creatures:`` entries, every field checked (see :func:`_creature_entry`)."""
    raw = doc.get("creatures")
    ln = _block_line(lines, "creatures") or None
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise MapFormatError("creatures must be a list of entries "
                             f"('- {{name: ..., at: [col, row]}}'), got {_short(raw)}", ln)
    entries = [_creature_entry(i, e, ln, width, height) for i, e in enumerate(raw)]
    names = [e["name"] for e in entries]
    dup = next((n for n in names if names.count(n) > 1), None)
    if dup is not None:
        raise MapFormatError(f"creature name {dup!r} is used twice; names must be unique", ln)
    return entries


def _creature_entry(i: int, entry: Any, ln: int | None, width: int, height: int) -> dict[str, Any]:
    """One creature entry with every field checked and normalised."""
    if not isinstance(entry, dict) or "name" not in entry or "at" not in entry:
        raise MapFormatError(f"creature #{i + 1} needs at least name and at: [col, row], got "
                             f"{_short(entry)}", ln)
    name = _entry_name(i, entry["name"], ln)
    who = f"{_short(name, 40)}:"
    unknown = [k for k in entry if k not in _CREATURE_KEYS]
    if unknown:
        raise MapFormatError(f"{who} unknown field(s) {', '.join(_short(k) for k in unknown)}; "
                             "known: " + ", ".join(_CREATURE_KEYS), ln)
    out: dict[str, Any] = {"name": name, "at": _at_field(entry["at"], who, ln, width, height)}
    side = entry.get("side", "party")
    if isinstance(side, int) and not isinstance(side, bool):
        side = str(side)
    if not isinstance(side, str) or not side.strip():
        raise MapFormatError(f"{who} side must be text (e.g. party, monsters), got "
                             f"{_short(side)}", ln)
    out["side"] = side
    out.update(_entry_options(entry, who, ln))
    return out


def _entry_name(i: int, name: Any, ln: int | None) -> str:
    """A creature entry's name: text (a plain whole number is read as text)."""
    if isinstance(name, int) and not isinstance(name, bool) and abs(name) < 10**12:
        name = str(name)
    if not isinstance(name, str) or not name.strip():
        raise MapFormatError(f"creature #{i + 1}: name must be text, got {_short(name)}", ln)
    return name


def _entry_options(entry: dict, who: str, ln: int | None) -> dict[str, Any]:
    """A creature entry's optional fields (size, speed, reach, threatens, share,
    conditions), checked in that order; absent or null ones are left out."""
    out: dict[str, Any] = {}
    if entry.get("size") is not None:
        size = entry["size"]
        if not isinstance(size, str) or size.lower() not in _sizes():
            raise MapFormatError(f"{who} size must be one of {', '.join(_sizes())}, got "
                                 f"{_short(size)}", ln)
        out["size"] = size.lower()
    if entry.get("speed") is not None:
        out["speed"] = _whole(entry["speed"], f"{who} speed", ln, 0)
    if entry.get("altitude") is not None:
        out["altitude"] = _altitude_field(entry["altitude"], who, ln)
    if entry.get("reach") is not None:
        out["reach"] = _whole(entry["reach"], f"{who} reach", ln, 0)
    for flag in ("threatens", "share"):
        if entry.get(flag) is not None:
            if not isinstance(entry[flag], bool):
                raise MapFormatError(f"{who} {flag} must be true or false, got "
                                     f"{_short(entry[flag])}", ln)
            out[flag] = entry[flag]
    if entry.get("conditions") is not None:
        out["conditions"] = _conditions_field(entry["conditions"], who, ln)
    return out


def _altitude_field(value: Any, who: str, ln: int | None) -> int:
    """``altitude: 30``: whole feet in 5-foot steps."""
    feet = _whole(value, f"{who} altitude", ln, 0)
    if feet % 5:
        raise MapFormatError(f"{who} altitude is in 5-foot steps, got {feet}", ln)
    return feet


def _at_field(at: Any, who: str, ln: int | None, width: int, height: int) -> tuple[int, int]:
    """``at: [col, row]``: two whole numbers on the map."""
    if not (isinstance(at, list) and len(at) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in at)):
        raise MapFormatError(f"{who} at must be [col, row] (two whole numbers), got "
                             f"{_short(at)}", ln)
    col, row = at
    if max(abs(col), abs(row)) > MAX_SIDE:  # place() refuses the others, naming the rule
        raise MapFormatError(f"{who} at {_short(at)} is off this {width}x{height} map (columns "
                             f"0-{width - 1}, rows 0-{height - 1})", ln)
    return col, row


def _whole(value: Any, field: str, ln: int | None, least: int, unit: str = "feet",
           most: int = MAX_FEET) -> int:
    """A whole number of ``unit`` (feet, HP) from ``least`` to ``most`` (refused
    otherwise)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise MapFormatError(f"{field} must be a whole number of {unit}, got {_short(value)}",
                             ln or None)
    if not least <= value <= most:
        raise MapFormatError(f"{field} must be from {least} to {most} {unit}, got "
                             f"{_short(value)}", ln or None)
    return value


def _wall_height_field(value: Any, field: str, ln: int | None) -> int:
    """A wall's height (``wall_height``, a ``wall_heights`` entry's ``height``): whole
    feet, a multiple of 5 from 5 up, as :meth:`HexMap.set_wall_height` takes (heights
    and altitudes go in 5-foot steps: 000_8d1d7816ee944f3b.txt, "Other Types of
    Movement")."""
    feet = _whole(value, field, ln, 5, most=MAX_ALTITUDE_FT)
    if feet % 5:
        raise MapFormatError(f"{field} is a multiple of 5 feet, got {feet} ({R_ALTITUDE})",
                             ln or None)
    return feet


def _conditions_field(raw: Any, who: str, ln: int | None) -> tuple[str, ...]:
    """``conditions: [prone, bleed 2]`` (or one name): each a condition of the rules."""
    items = [raw] if isinstance(raw, str) else raw
    if not isinstance(items, list) or not all(isinstance(c, str) for c in items):
        raise MapFormatError(f"{who} conditions must be a list of condition names, got "
                             f"{_short(raw)}", ln)
    for c in items:
        try:
            parse_condition(c)
        except LfgError as e:
            raise MapFormatError(f"{who} conditions: {_short(str(e), 200)}", ln) from None
    return tuple(items)


def _clip(text: str, limit: int = 240) -> str:
    """A message quoted in another, cut to about ``limit`` characters."""
    return text if len(text) <= limit else text[: limit - 4] + " ..."


def _key_line(line: str) -> bool:
    s = line.split("#", 1)[0].rstrip()
    head = s.split(":", 1)[0]
    return ":" in s and not line.startswith((" ", "\t")) and head.strip().replace("_", "").isalnum()


def _block_line(lines: list[str], key: str) -> int:
    for i, ln in enumerate(lines, 1):
        if ln.startswith(key + ":"):
            return i
    return 0


def _rows(block: str, start_line: int) -> list[tuple[int, str]]:
    out = []
    for i, raw in enumerate(block.splitlines()):
        cells = "".join(raw.split())
        if cells:
            out.append((start_line + i + 1 if start_line else i + 1, cells))
    if not out:
        raise MapFormatError("no rows", start_line or None)
    return out


def _yaml_str(s: str) -> str:
    """``s`` as a YAML scalar inside a flow mapping: plain when safe, else quoted."""
    if (s and s[0].isalpha() and s.replace(" ", "").isalnum() and s == s.strip()
            and s.lower() not in _YAML_WORDS):
        return s
    quoted = repr(s)
    if quoted.startswith("'") and "\\" not in quoted:
        return quoted
    return json.dumps(s, ensure_ascii=False)
