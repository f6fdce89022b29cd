"""Space: where a creature may stand, placing it, the Half Hex Rule and the Cramped condition.

Sharing a space: 000_8d1d7816ee944f3b.txt, "Situations involving creatures in the same space".

``000_8d1d7816ee944f3b.txt``: "Creature Size: Size, Space, Reach" and "Size Categories"
(footprints), "Space in Combat Gameplay" (sharing a hex, Cramped; "Friends & Enemies in
Combat", "Tiny (T) & Diminutive (D)"), "Moving in Combat – Terrain, Creatures, & Other
Issues" (000_8d1d7816ee944f3b.txt, "Occupied Space": no creature ends its movement in a space
a friend or foe holds; "Accidental / Illegal Locations"; "Tight Spaces"), and "Using
the Battle Map – Measuring Distance in Combat" ("Half Hex Rule": "you can never have more
space occupied than is available").
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Mapping
from typing import Any

from lfgcombat.creature import Creature
from lfgcombat.errors import IllegalActionError
from lfgcombat.battlemap.grid import Cell

from .core import CellLike, _Placed, _Turn
from .reading import _as_int, _kept_on, _read, _size_name, _sizes, condition_flags
from .rules import R_HALF, R_ILLEGAL, R_SPACE
from .altitude import R_ALTITUDE, check_altitude, check_ceiling, headroom_problem
from .terrain import Terrain, _lies_as_a_body, _Terrain
from .values import CrossSection, Relocation, Token, _and, _at, _short, _Why

def _creature_name(creature: Any) -> str:
    """The name of a creature to place; refuses one without a name."""
    name = getattr(creature, "name", None)
    if not isinstance(name, str) or not name:
        raise IllegalActionError(f"a creature needs a name to be placed, got {_short(creature)}")
    return name


class _Space(_Terrain):
    """Who may stand where: footprints, sharing, the Half Hex Rule, legal positions, Cramped."""

    _ceiling: int | None = None  # the :attr:`ceiling`'s value (None: open sky)

    def _share_ok(self, mover: str | None, m_side: str, m_size: str, other: str, *, ending: bool,
                  share: bool = False) -> bool:
        """May ``mover`` be in a cell together with ``other``? ("Space in Combat Gameplay";
        "Friends & Enemies in Combat"; "Tiny (T) & Diminutive (D)").

        000_8d1d7816ee944f3b.txt, "Friends & Enemies in Combat – Moving around Other
        Creatures:": no ending in an occupied space; 000_8d1d7816ee944f3b.txt, "Occupied
        Space-Enemy": no moving through an enemy unless it is helpless or 3+ sizes apart.
        """
        o = self._placed[other]
        mo, oo = int(_sizes()[m_size]["order"]), o.order
        m_small, o_small = float(_sizes()[m_size]["space_hexes"]) < 1, o.space < 1
        enemy = o.side != m_side
        if m_small != o_small:  # Tiny/Diminutive share with larger creatures
            return True
        if m_small and o_small:
            return True  # capacity is checked separately
        if enemy:
            if abs(mo - oo) >= 3:  # "3+ size categories" smaller or larger: through, and stop
                return True
            return (not ending) and self._helpless(other)
        if abs(mo - oo) >= 2:  # "2+ size categories smaller than you without penalty"
            return True
        if share:  # a GM placement into an ally's hex ("Accidental / Illegal Locations")
            return True
        return not ending  # allies: through, but not to end in

    def _small_capacity_ok(self, cells: Iterable[Cell], m_space: float, skip: str | None) -> bool:
        if m_space >= 1:
            return True
        for c in cells:
            used = sum(self._placed[n].space for n in self._occupants.get(c, ())
                       if n != skip and self._placed[n].space < 1)
            if used + m_space > 1 + 1e-9:
                return False
        return True

    # -- the Half Hex Rule: room across a row ---------------------------------------------
    def _runs_of(self, terrain: Mapping[Cell, Terrain]) -> dict[Cell, tuple[tuple, float]]:
        """Each cell of a row run with a half hex -> (the run's cells, its width in hexes)."""
        runs: dict[Cell, tuple[tuple, float]] = {}
        if self.grid != "hex" or Terrain.HALF not in terrain.values():
            return runs
        for r in range(self.height):
            run: list[Cell] = []
            for col in range(self.width + 1):
                cell = self.cell(col, r) if col < self.width else None
                if cell is not None and terrain.get(cell) not in (Terrain.WALL, Terrain.DOOR):
                    run.append(cell)
                    continue
                if any(terrain.get(x) is Terrain.HALF for x in run):
                    info = (tuple(run), sum(0.5 if terrain.get(x) is Terrain.HALF else 1.0
                                            for x in run))
                    for x in run:
                        runs[x] = info
                run = []
        return runs

    def _half_runs(self) -> dict[Cell, tuple[tuple, float]]:
        runs = self._cache.get("half_runs")
        if runs is None:
            runs = self._cache["half_runs"] = self._runs_of(self._terrain)
        return runs

    def _cell_fill(self, c: Cell, skip: str | None = None, extra: float = 0.0) -> float:
        """5-foot spaces taken in one cell: its occupants' space, at most 1."""
        return min(1.0, extra + sum(min(1.0, self._placed[o].space)
                                    for o in self._occupants.get(c, ()) if o != skip))

    def _section(self, info: tuple[tuple, float], skip: str | None = None,
                 add: frozenset = frozenset(), add_space: float = 0.0) -> CrossSection:
        run, width = info
        cols = [self.offset(x)[0] for x in run]
        used = sum(self._cell_fill(x, skip, add_space if x in add else 0.0) for x in run)
        holds = tuple(dict.fromkeys(o for x in run for o in self._occupants.get(x, ())
                                    if o != skip))
        return CrossSection(self.offset(run[0])[1], (min(cols), max(cols)), run, 5 * width,
                            math.floor(width + 1e-9), used, holds)

    def _over_capacity(self, terrain: Mapping[Cell, Terrain]) -> list[CrossSection]:
        runs = self._runs_of(terrain)
        out = []
        for info in {v[0]: v for v in runs.values()}.values():
            cs = self._section(info)
            if cs.over:
                out.append(cs)
        return out

    def _check_terrain_edit(self, cells: list, kind: Terrain) -> None:
        """The Half Hex Rule for a terrain edit: "you can never have more space occupied
        than is available": no edit may crowd a cross-section with half hexes (one that
        already was stays as the GM left it)."""
        if kind is not Terrain.HALF and not self._half_runs():
            return
        after = dict(self._terrain)
        for c in cells:
            if kind is Terrain.NORMAL:
                after.pop(c, None)
            else:
                after[c] = kind
        already = {x for cs in self._over_capacity(self._terrain) for x in cs.cells}
        for cs in self._over_capacity(after):
            if not set(cs.cells) <= already:
                raise IllegalActionError(
                    f"cannot make {len(cells)} cell(s) {kind.value}: the cross-section at "
                    f"row {cs.row} would be {cs.width_ft:g} ft wide (room for {cs.room}) and "
                    f"holds {_and(cs.holds)}: \"you can never have more space occupied than "
                    "is available\"; move someone first", R_HALF)

    def cross_section(self, where: CellLike) -> CrossSection | None:
        """The room across the row at ``where`` when that row's run has half hexes (else
        ``None``: a row without half hexes is not limited beyond one creature a hex).

        "Half Hex Rule: ... you may use half of a hexagon as a full hex without suffering
        penalties. When using this rule, you can never have more space occupied than is
        available" (``000_8d1d7816ee944f3b.txt``, "Using the Battle Map – Measuring Distance
        in Combat"). Decisions: on pointy-top offset rows, walls running north-south cut
        hexes in half, so the room is measured across the row: the run of non-wall cells
        around ``where`` bounded by walls or the map's edge, a half hex 2.5 ft and any other
        cell 5 ft wide. A creature may end its movement (or be placed) in it only if the
        5-foot spaces taken, counting it, stay within that width (a creature of 5 ft or more
        takes one per hex, Tiny 1/4, Diminutive 1/16); passing through is not limited.

        Example: a 10-ft hallway's row ``# h . h #`` holds two Medium creatures, on any two
        of its three cells.
        """
        info = self._half_runs().get(self._as_cell(where))
        return None if info is None else self._section(info)

    def _cross_section_why(self, cells: frozenset, mover: str | None, size: str) -> _Why | None:
        runs = self._half_runs()
        if not runs:
            return None
        space = min(1.0, float(_sizes()[size]["space_hexes"]))
        seen: set = set()
        for c in sorted(cells, key=lambda x: self.offset(x)[::-1]):
            info = runs.get(c)
            if info is None or info[0] in seen:
                continue
            seen.add(info[0])
            cs = self._section(info, mover, cells, space)
            if cs.over:
                cols = (f"column {cs.columns[0]}" if cs.columns[0] == cs.columns[1]
                        else f"columns {cs.columns[0]}-{cs.columns[1]}")
                what = (f"that already holds {_and(cs.holds)}" if cs.holds
                        else f"with room for {cs.room} creature{'s' if cs.room != 1 else ''} "
                             "of 5 ft")
                return _Why(f"{_at(c)} is in a "
                            f"{cs.width_ft:g}-ft-wide cross-section (row {cs.row}, {cols}) "
                            f"{what}: \"you can never have more space occupied than is "
                            "available\"", R_HALF)
        return None

    def _why_not_stand(self, cells: frozenset, mover: str | None, side: str, size: str,
                       *, ending: bool, share: bool = False) -> str | None:
        level = self._level(mover) if mover is not None else self._placing_at
        for c in sorted(cells):
            why = self._cell_refusal(c, mover, side, size, level, ending=ending, share=share)
            if why:
                return why
        if ending and not self._small_capacity_ok(cells, float(_sizes()[size]["space_hexes"]),
                                                  mover):
            return "that hex already holds as many Tiny/Diminutive creatures as fit"
        if ending:
            return self._cross_section_why(cells, mover, size)
        return None

    def _cell_refusal(self, c: Cell, mover: str | None, side: str, size: str, level: int, *,
                      ending: bool, share: bool) -> str | None:
        """Why ``mover`` (or a creature being placed) may not be in ``c`` at ``level``."""
        if c not in self._cells:
            return f"{_at(c)} is off this {self.width}x{self.height} map"
        t = self._terrain.get(c)
        if t is not None and self._blocks_at(c, level):
            return f"{_at(c)} is {'a closed door' if t is Terrain.DOOR else 'a wall'}"
        if mover is not None:
            refused = self._mode_refuses(c, mover)
            if refused:
                return refused
        for o in self._occupants.get(c, ()):
            if o == mover or self._level(o) != level:
                continue  # one flies above the other: no shared space
            if not self._share_ok(mover, side, size, o, ending=ending, share=share):
                rel = "an enemy" if self._placed[o].side != side else "an ally"
                return f"{_at(c)} is occupied by {o} ({rel})"
        return None

    def place(self, creature: Any, where: CellLike, side: str = "party", *,
              reach_ft: int | None = None, threatens: bool | None = None,
              speed: int | None = None, share: bool = False, fallback: bool = False,
              altitude: int = 0) -> Token:
        """Put a creature on the map with its footprint by size.

        Medium and Small take 1 hex, Large 3 contiguous, Huge 7, Gargantuan 10 (rows 3-4-3);
        Tiny and Diminutive share a hex (4 or 16 to a hex) and may share with larger creatures
        (``000_8d1d7816ee944f3b.txt``, "Size Categories"; "Space in Combat Gameplay"). On the
        square grid Large is 2x2 and Huge 3x3 ("Square Grid - Space, Radius, Reach").

        Args:
            creature: Anything with ``name`` and ``size`` (see :class:`MapCreature`).
            where: The anchor cell (a ``Hex``/``Square`` or ``(col, row)``).
            side: Its side; creatures of other sides are enemies.
            reach_ft: Threat reach in feet, overriding the creature's.
            threatens: Whether it threatens, overriding the creature's.
            speed: Move Speed in feet, overriding the creature's.
            share: A GM placement that may put the creature in an ally's hex ("the GM may
                place you in the same hex as an ally, causing both of you the Cramped
                condition": ``000_8d1d7816ee944f3b.txt``, "Accidental / Illegal
                Locations"); foes, walls and the map's edge still refuse. See
                :meth:`cramped`. Off by default: "You cannot end your movement in a space
                occupied by either a friend or foe" ("Occupied Space").
            fallback: If ``where`` is not a legal position, place the creature at the
                nearest legal space instead (:meth:`nearest_legal`, which also says why).
            altitude: Feet above the ground of its hex, in 5-foot steps (a flyer, a
                swimmer below the surface, a climber up a wall; see
                :mod:`lfgcombat.battlemap.altitude`). Creatures at different altitudes do
                not share space.

        Returns:
            The placed :class:`Token`.

        Raises:
            IllegalActionError: Name already on the map, off the map, into a wall, into an
                occupied space (without ``fallback``), or at an altitude where its body
                would pass the map's :attr:`ceiling`; nothing is changed.
        """
        name = _creature_name(creature)
        _check_placement_args(side, reach_ft, threatens, speed, share, fallback)
        self._refuse_placed(name)
        size = _size_name(getattr(creature, "size", "medium"))
        roof = headroom_problem(self.ceiling, name, size, check_altitude(altitude))
        if roof:
            raise IllegalActionError(f"cannot place {name} ({size}): {roof}", R_ALTITUDE)
        anchor, cells = self._placement_spot(name, side, size, self._as_cell(where),
                                             check_altitude(altitude), fallback, share)
        row = _sizes()[size]
        self._placed[name] = _Placed(creature, side, anchor, cells, size, int(row["order"]),
                                     float(row["space_hexes"]), speed, reach_ft, threatens)
        for c in cells:
            self._occupants.setdefault(c, []).append(name)
        if altitude:
            self._altitude[name] = altitude
        self._turn[name] = _Turn()
        self._changed()
        return self.token(name)

    def _refuse_placed(self, name: str) -> None:
        """Refuse to place ``name`` a second time."""
        if name in self._placed:
            raise IllegalActionError(f"{name} is already on the map at "
                                     f"{_at(self._placed[name].anchor)}; use move() or remove() "
                                     "first", R_SPACE)

    def _placement_spot(self, name: str, side: str, size: str, anchor: Cell, level: int,
                        fallback: bool, share: bool) -> tuple[Cell, frozenset]:
        """The anchor and footprint where ``name`` is placed at ``level`` (the nearest legal
        spot with ``fallback``); refuses one it may not stand in."""
        self._placing_at = level
        try:
            if fallback:
                anchor = self._legal_spot(name, None, side, size, anchor, (), share).cell
            cells = self._footprint_at(size, anchor)
            why = self._why_not_stand(cells, None, side, size, ending=True, share=share)
        finally:
            self._placing_at = 0
        if why:
            raise IllegalActionError(f"cannot place {name} ({size}) at {_at(anchor)}: {why}",
                                     getattr(why, "rule", R_SPACE))
        return anchor, cells

    def set_altitude(self, name: str, feet: int) -> None:
        """The GM sets ``name``'s altitude above its hex (5-foot steps; 0 lands it).

        Raises:
            MapFormatError: not a multiple of 5 from 0 to the maximum.
            IllegalActionError: no such creature, another creature already holds that
                space at that altitude, or its body would pass the map's :attr:`ceiling`.
                Nothing changes.

        On an encounter's map, a fighter's altitude set here between the encounter's
        steps is the encounter's ``set_altitude`` command (recorded, so save, load, fork
        and undo keep it; issue 23, item 16's class).
        """
        hook = getattr(self, "_altitude_hook", None)
        if hook is not None and hook(name, feet):
            return
        p = self._p(name)
        level = check_altitude(feet)
        roof = headroom_problem(self.ceiling, name, p.size, level)
        if roof:
            raise IllegalActionError(roof, R_ALTITUDE)
        for c in p.cells:
            for o in self._occupants.get(c, ()):
                if o != name and self._altitude.get(o, 0) == level and not self._share_ok(
                        name, p.side, p.size, o, ending=True):
                    raise IllegalActionError(f"{o} already holds {_at(c)} at {level} ft",
                                             R_SPACE)
        self._set_level(name, level)

    # -- the ceiling (000_8d1d7816ee944f3b.txt, "Other Types of Movement", "Volley Shots &
    # Indirect Fire": volleys need clearance under it; bodies fit under it) --------------
    @property
    def ceiling(self) -> int | None:
        """Height of the ceiling above the ground in feet (``None``: open sky); volleys
        need clearance under it (000_8d1d7816ee944f3b.txt, "Volley Shots & Indirect Fire")
        and every creature's body fits under it (:func:`~lfgcombat.battlemap.altitude.
        headroom_problem`). Setting it is :meth:`set_ceiling`."""
        return self._ceiling

    @ceiling.setter
    def ceiling(self, feet: int | None) -> None:
        self.set_ceiling(feet)

    def set_ceiling(self, feet: int | None) -> None:
        """The GM sets the ceiling (feet from 5; ``None``: open sky).

        Raises:
            AltitudeError: not whole feet from 5 up (a MapFormatError).
            IllegalActionError: it would come down through a creature in the air (its body
                would pass it: bring the flyer down first); nothing changes.
        """
        feet = check_ceiling(self, feet)
        if feet == self._ceiling:
            return
        self._ceiling = feet
        self._terrain_version += 1  # a static layer: an encounter records the GM's edit
        self._changed()

    # -- accidental / illegal locations ---------------------------------------------------
    def _legal_spot(self, name: str, mover: str | None, side: str, size: str, wanted: Cell,
                    path: Iterable[Cell], share: bool) -> Relocation:
        def why(anchor: Cell) -> str | None:
            return self._why_not_stand(self._footprint_at(size, anchor), mover, side, size,
                                       ending=True, share=share)

        def sharers(anchor: Cell) -> tuple[str, ...]:
            cells = self._footprint_at(size, anchor)
            return tuple(sorted({o for c in cells for o in self._occupants.get(c, ())
                                 if o != mover and self._placed[o].side == side
                                 and not self._share_ok(mover, side, size, o, ending=True)}))

        reason = why(wanted)
        if reason is None:
            return Relocation(name, wanted, wanted, "as_asked", "", sharers(wanted))
        steps = [c for c in path if c != wanted]
        for c in reversed(steps):
            if (mover is not None and c == self._placed[mover].anchor) or why(c) is None:
                return Relocation(name, wanted, c, "last_legal_on_path", reason, sharers(c))
        # nearest by grid distance from the wanted anchor; ties: top row first, then left
        d = self.geometry.distance
        for c in sorted(self._cells,
                        key=lambda c: (d(c, wanted), self.offset(c)[1], self.offset(c)[0])):
            if why(c) is None:
                return Relocation(name, wanted, c, "nearest", reason, sharers(c))
        raise IllegalActionError(f"there is no legal position for {name} ({size}) anywhere on this "
                                 f"map ({reason})", R_ILLEGAL)

    def nearest_legal(self, who: Any, where: CellLike, *, path: Iterable[CellLike] = (),
                      side: str | None = None, share: bool = False) -> Relocation:
        """Where ``who`` goes if it would end up at ``where``.

        000_8d1d7816ee944f3b.txt, "Accidental / Illegal Locations":
        "If you accidentally end up in a location that is not a legal position, such as in an
        enemy's hex or within a wall or table, you are instead placed in the last legal
        position along your movement path. If none is available, the nearest legal space
        should be used at GM Discretion. In these circumstances, the GM may place you in the
        same hex as an ally, causing both of you the Cramped condition"
        (``000_8d1d7816ee944f3b.txt``, "Moving in Combat – Terrain, Creatures, & Other
        Issues"). Only asks; changes nothing (see :meth:`relocate`).

        Decisions: a legal position is one the creature could end a movement in
        (:meth:`place`'s rules; its own current space does not count against it, and its
        current anchor, on the path, is always legal). "Within a table": a wall here; an
        obstacle can be stood on ("Obstacles"). The GM's discretion is modelled as: the
        nearest legal anchor by grid distance from ``where``, ties to the upper row, then
        the left column (deterministic); walls between do not matter. ``share=True`` is the
        GM allowing an ally's hex (then :attr:`Relocation.shares_with` names the allies).

        Args:
            who: A placed creature's name, or a creature object not on the map yet.
            where: The anchor it would end at (may be off the map).
            path: The movement path (anchors, start first) that led there, if any.
            side: The side of an unplaced creature (default ``"party"``).
            share: Whether an ally's hex counts as legal (the GM's option).

        Raises:
            IllegalActionError: No legal position on the whole map.
        """
        wanted = self._as_cell(where)
        cells = [self._as_cell(c) for c in path]
        if isinstance(who, str):
            p = self._p(who)
            return self._legal_spot(who, who, p.side, p.size, wanted, cells, share)
        name = getattr(who, "name", None)
        if not isinstance(name, str) or not name:
            raise IllegalActionError(f"a creature needs a name, got {who!r}")
        size = _size_name(getattr(who, "size", "medium"))
        return self._legal_spot(name, None, side or "party", size, wanted, cells, share)

    def relocate(self, name: str, where: CellLike, *, path: Iterable[CellLike] = (),
                 share: bool = False) -> Relocation:
        """Put a placed creature that "accidentally" ended at ``where`` (knocked back,
        pushed, teleported...) in the legal position :meth:`nearest_legal` picks, and say
        where and why. A GM placement, not movement: it spends no feet and provokes no AOO
        (``000_8d1d7816ee944f3b.txt``, "Accidental / Illegal Locations").

        Raises:
            IllegalActionError: No legal position anywhere; nothing changes.
        """
        rel = self.nearest_legal(name, where, path=path, share=share)
        p = self._placed[name]
        if rel.cell != p.anchor:
            for c in p.cells:
                self._occupants[c].remove(name)
                if not self._occupants[c]:
                    del self._occupants[c]
            p.anchor = rel.cell
            p.cells = self._footprint_at(p.size, p.anchor)
            for c in p.cells:
                self._occupants.setdefault(c, []).append(name)
            self._changed()
        return rel

    # -- space: the Cramped condition ------------------------------------------------------
    def cramped(self, name: str) -> tuple[str, ...]:
        """Why ``name`` has the Cramped condition from where it stands (empty: it has not).

        "In combat, if you occupy the same space as an allied or indifferent creature within
        1 size category of your own, you both gain the Cramped condition. Grappling does not
        cause the cramped condition"; "You may occupy the same space as a creature 2+ size
        categories smaller than you without penalty"; Tiny and Diminutive creatures share
        "without issue"; "Two Large Size+ creatures may share 1 hex (or 33%) of their total
        space with one another without penalty. Anything beyond that causes the Cramped
        condition" (``000_8d1d7816ee944f3b.txt``, "Space in Combat Gameplay"); "If stuck in
        the same space an ally, you both gain the Cramped condition" ("Moving in Combat –
        Terrain, Creatures, & Other Issues").

        Decisions: the map knows sides, not attitudes: a creature of the same side is an
        ally, any other side a foe (foes who share, 3+ sizes apart or helpless, cause no
        Cramped); no creature is "indifferent". A pair in which either creature is
        grappled, grappling or pinned is taken to be the grapple and causes nothing. The
        2+ size rule frees both creatures. Two Large+ creatures may share
        ``max(1, hexes of the smaller footprint // 3)`` hexes (1 for Large, the text's
        "1 hex (or 33%)"). Crowds and tight spaces are the GM's to add. Kept until
        creatures move or read differently (:meth:`_kept_here`).
        """
        return self._keep_here(("cramped", name), lambda: (
            () if name in self._placed and not self._crowded() else self._cramped(name)))

    def _crowded(self) -> bool:
        """Whether a cell holds two creatures or the map has a tight space (if not, nobody
        is Cramped by where it stands); kept until creatures move (an encounter asks
        for every creature after every step: issue 24, item 6; read straight from the
        readings kept here, without a reading's call per step: issue 24, "Fast")."""
        here = self._kept_here()
        found = here.get("crowded")
        if found is None:
            found = here["crowded"] = (any(len(v) > 1 for v in self._occupants.values())
                                       or Terrain.TIGHT in self._terrain.values())
        return found

    def _cramped(self, name: str) -> tuple[str, ...]:
        """:meth:`cramped` worked out."""
        p = self._p(name)
        if p.space < 1:
            return ()
        out = self._tight_space(p.cells) if self._terrain else []
        sharing = self._sharing(name, p.cells)
        if not sharing:
            return tuple(out)
        mine: frozenset[str] | None = None  # its in_a_grapple conditions, read if it shares
        large = int(_sizes()["large"]["order"])
        for o in sharing:
            q = self._placed[o]
            shared = p.cells & q.cells
            if (not shared or q.space < 1 or q.side != p.side
                    or self._level(o) != self._level(name)):
                continue
            if mine is None:  # data/conditions.csv: in_a_grapple
                mine = condition_flags(p.creature).grappling
            if mine or condition_flags(q.creature).grappling:
                continue
            if abs(p.order - q.order) >= 2:
                continue
            if p.order >= large and q.order >= large:
                free = max(1, min(len(p.cells), len(q.cells)) // 3)
                if len(shared) <= free:
                    continue
                out.append(f"shares {len(shared)} hexes with {o} ({q.size}); two Large+ creatures "
                           f"may share only {free} without penalty ({R_SPACE})")
                continue
            out.append(f"shares {_at(sorted(shared)[0])} with {o} ({q.size}, an ally within 1 size "
                       f"category): both are Cramped ({R_SPACE})")
        return tuple(out)

    def _sharing(self, name: str, cells: frozenset) -> list[str]:
        """The other creatures on any of ``cells`` (``name``'s), in placement order."""
        if not self._someone_shares(cells):  # most creatures, most steps
            return []
        return [o for o, q in self._placed.items()
                if o != name and not cells.isdisjoint(q.cells)]

    def _someone_shares(self, cells: frozenset) -> bool:
        """Whether two creatures stand on one of ``cells`` (by the occupancy index: a
        creature alone on its cells skips the scan of every creature; issue 24, item 6)."""
        occupants = self._occupants
        for c in cells:  # a plain loop: most footprints are one cell
            if len(occupants.get(c, ())) > 1:
                return True
        return False

    def _tight_space(self, cells: frozenset) -> list[str]:
        """Why a creature on ``cells`` is Cramped by a tight space (empty: it is not)."""
        tight = sorted(c for c in cells if self._terrain.get(c) is Terrain.TIGHT)
        if not tight:
            return []
        return [f"it is in a tight space at {tuple(self.geometry.offset(tight[0]))}: "
                "\"you are cramped while doing so\" (000_8d1d7816ee944f3b.txt, "
                "\"Moving in Combat – Terrain, Creatures, & Other Issues\", Tight Spaces)"]

    def conditions_from_space(self, name: str) -> tuple[str, ...]:
        """Conditions the map gives ``name`` from where it stands: ``("cramped",)`` when
        :meth:`cramped` has reasons, else ``()`` (for the encounter or the GM to apply; the
        map does not change the creature). Cramped: "Half Move Speed, -2AC, -2 REF Save, -2
        Attack Rolls, -2 Physical Skills" (``000_8d1d7816ee944f3b.txt``, "Space in Combat
        Gameplay")."""
        return ("cramped",) if self.cramped(name) else ()

    def placement(self, name: str) -> dict[str, Any]:
        """The keyword arguments of :meth:`place` that put ``name`` back where it stands
        (``where`` as ``(col, row)``, ``side``, the overrides given at placement, and
        ``share=True`` when it stands in an ally's hex, which only the GM's ``share``
        allows). The encounter uses it to rebuild the map when it replays its log."""
        p = self._p(name)
        out = {"where": self.offset(p.anchor), "side": p.side, "reach_ft": p.reach,
               "threatens": p.threatens, "speed": p.speed, "share": self._shares(name)}
        if self._altitude.get(name):
            out["altitude"] = self._altitude[name]
        return out

    def _shares(self, name: str) -> bool:
        """Whether ``name`` stands in a hex only the GM's ``share`` allows (an ally's)."""
        p = self._placed[name]
        return any(o != name and self._level(o) == self._level(name)
                   and not self._share_ok(name, p.side, p.size, o, ending=True)
                   for c in p.cells for o in self._occupants.get(c, ()))

    def remove(self, name: str) -> None:
        """Take a creature off the map."""
        p = self._p(name)
        for c in p.cells:
            self._occupants[c].remove(name)
            if not self._occupants[c]:
                del self._occupants[c]
        del self._placed[name]
        self._turn.pop(name, None)
        self._altitude.pop(name, None)
        self._changed()

    def update(self, creature: Any) -> None:
        """Swap in a new version of a placed creature (same name), e.g. after a condition
        changed; its position and side stay. When the map reads the new version as the old
        (:func:`_as_the_map_reads`: a wound, most often), the readings of where creatures
        stand are kept (:meth:`_kept_here`)."""
        p = self._p(creature.name)
        given = getattr(creature, "size", "medium")
        # the same size value as the version it replaces: the same size (issue 24, "Fast")
        size = (p.size if given is getattr(p.creature, "size", "medium")
                else _size_name(given))
        if size != p.size:
            raise IllegalActionError(f"{creature.name} changed size ({p.size} -> {size}); remove() "
                                     "and place() it again", R_SPACE)
        old, p.creature = p.creature, creature
        self._changed(places=not _reads_the_same(old, creature))


#: A :class:`~lfgcombat.creature.Creature`'s fields but its HP.
_SHEET_FIELDS = tuple(f.name for f in dataclasses.fields(Creature)
                      if f.name not in ("current_hp", "temp_hp"))


def _reads_the_same(old: Any, new: Any) -> bool:
    """Whether the map reads ``new`` as ``old`` (:func:`_as_the_map_reads`). A copy with
    other HP only (a wound: every other field the same object, or for the conditions and
    bonuses an equal one: :data:`_REMADE`), the same conditions in effect (as
    :func:`lfgcombat.creature.kept.keep_stats` compares them) and alive or dead alike is
    known to, without reading it (issue 25, item 4: a map fight's every hit)."""
    if old is new:
        return True
    if type(old) is Creature and type(new) is Creature:
        have, made = old.__dict__, new.__dict__
        if all(have[k] is made[k] or (k in _REMADE and have[k] == made[k])
               for k in _SHEET_FIELDS) and old.is_dead == new.is_dead:
            a, b = old.active_conditions, new.active_conditions
            if a is b or (a.entries == b.entries and a.superseded == b.superseded):
                _hand_over(have.get("_map_reads"), new)
                return True
            if _map_blind_change(a.entries, b.entries):
                _hand_over(have.get("_map_reads"), new, _MAP_BLIND_READS)
                return True
    return _as_the_map_reads(old) == _as_the_map_reads(new)


def _map_blind_change(was: tuple, now: tuple) -> bool:
    """Whether two creatures' conditions in effect differ only by conditions the map does
    not read (:func:`_map_blind`: Injured, Bleed, Weakened...), so that
    :func:`_as_the_map_reads` reads them alike (issue 25, item 4: a wound past the
    Injured Threshold, a bleed, made the map read the creature through again)."""
    old, new = set(was), set(now)
    return all(_map_blind(e.condition, e.spec) for e in old ^ new)


#: The conditions that flag nothing :func:`_as_the_map_reads` reads by name: Prone
#: (standing up), Helpless, and a body's (Unconscious, Paralyzed).
_READ_BY_NAME = frozenset({"prone", "helpless", "unconscious", "paralyzed"})

#: Condition -> whether the map reads nothing of it (:func:`_map_blind`).
_BLIND: dict[Any, bool] = {}


def _map_blind(condition: Any, spec: Any) -> bool:
    """Whether a condition in effect changes nothing :func:`_as_the_map_reads` reads: none
    of the map's flags (``data/conditions.csv``: immobile, cannot_run, cannot_5ft_step,
    threatens false, cannot_be_flanked, in_a_grapple) and none read by name
    (:data:`_READ_BY_NAME`). ``tests/battlemap/test_map_blind_conditions.py`` holds every
    condition of the table to it."""
    blind = _BLIND.get(condition)
    if blind is None:
        blind = _BLIND[condition] = not (
            spec.immobile or spec.cannot_run or spec.cannot_5ft_step or not spec.threatens
            or spec.cannot_be_flanked or spec.in_a_grapple
            or condition.value in _READ_BY_NAME)
    return blind


#: The fields an encounter's view of a creature makes anew at every change of it (its
#: conditions and bonuses, each a tuple of frozen values): an equal one reads the same, as
#: the same one does (issue 24, "Fast": a replay's every touch of a creature with a
#: condition or a bonus made the map read its new copy through).
_REMADE = frozenset({"conditions", "bonuses"})


#: The readings kept on a creature (:func:`~lfgcombat.battlemap.reading._kept_on`) that
#: read no HP but through the conditions in effect and death (:func:`_reads_the_same`).
_HP_FREE_READS = frozenset({"<as the map reads>", "<kept token>", "<conditions>",
                            "<condition flags>", "a_body", "lies_as_a_body", "<threatens>"})


#: The readings of :data:`_HP_FREE_READS` that read no condition map-blind
#: (:func:`_map_blind`): handed on when only such conditions changed.
_MAP_BLIND_READS = frozenset({"<as the map reads>", "a_body", "lies_as_a_body",
                              "<threatens>"})


def _hand_over(reads: dict | None, new: Creature, which: frozenset = _HP_FREE_READS) -> None:
    """Give ``new`` the readings of ``which`` kept on its original (wounded, or changed in
    map-blind conditions only)."""
    if not reads:
        return
    mine = new.__dict__.setdefault("_map_reads", {})
    for key, value in reads.items():
        if key[0] in which and key not in mine:
            mine[key] = value


def _as_the_map_reads(creature: Any) -> tuple:
    """Everything the readings of :meth:`_MapCore._kept_here` read from a creature: its
    conditions' flags (``data/conditions.csv``: moving, threatening, flanking, grappling,
    helpless) and whether Prone is among them (:meth:`_MapCore._threatens` as if it stood
    up), whether it lies as a body, and its own verdicts on threatening, helplessness,
    death and reach (:meth:`_MapCore._threatens`, :meth:`_MapCore._reach`). Its hit
    points are not read there, nor conditions without a flag (Injured, a Bleed's level).
    Kept on a :class:`~lfgcombat.creature.Creature`
    (:func:`~lfgcombat.battlemap.reading._kept_on`)."""
    def now() -> tuple:
        f = condition_flags(creature)
        return ((f.immobile, f.cannot_run, f.cannot_5ft_step, f.no_threat, f.helpless,
                 f.unflankable, f.grappling, "prone" in f.names),
                _lies_as_a_body(creature), _read(creature, "threatens"),
                _read(creature, "helpless", "is_helpless"), _read(creature, "is_dead"),
                _as_int(_read(creature, "threat_reach_ft", "reach_ft", "reach")))
    return _kept_on(creature, ("<as the map reads>",), now)


def _check_placement_args(side: Any, reach_ft: Any, threatens: Any, speed: Any, share: Any,
                          fallback: Any) -> None:
    """The GM's arguments of :meth:`_Space.place`: a side name, whole feet, true/false.

    Raises:
        IllegalActionError: Naming the argument and what it must be.
    """
    if not isinstance(side, str) or not side.strip():
        raise IllegalActionError(f"side must be a name (e.g. 'party'), got {_short(side)}", R_SPACE)
    for field, v in (("reach_ft", reach_ft), ("speed", speed)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, int)
                              or not 0 <= v <= 10_000 or v % 5):
            raise IllegalActionError(f"{field} must be whole feet from 0 to 10000 in 5-ft steps "
                                     f"(a hex is 5 feet; or None for the creature's own), got "
                                     f"{_short(v)}", R_SPACE)
    for field, v in (("threatens", threatens), ("share", share), ("fallback", fallback)):
        if v is not None and not isinstance(v, bool):
            raise IllegalActionError(f"{field} must be True or False, got {_short(v)}", R_SPACE)
