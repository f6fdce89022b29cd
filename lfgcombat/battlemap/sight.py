"""Sight: cover, line of sight and of effect, concealment, and high ground.

000_8d1d7816ee944f3b.txt, "Cover & Concealment": how terrain and the environment hide and
shield a target; the sections below it are these:

``000_8d1d7816ee944f3b.txt``: "Determine Cover", "Cover - What is it?", "Cover - Additional
Rules", "Cover on Large+ Creatures", "Cover Examples", "Line of Sight (LoS)", "Line of
Effect (LoE)", "Locating Targets", "Concealment" (fog: partial concealment, 20% miss
chance) and "High Ground / Low Ground".

Sight in three dimensions (a decision: the text draws its lines on the flat map, and says
only that "High ground may allow you to shoot over some pieces of cover", "High Ground &
Ranged Attacks"). The lines of "Determine Cover" are drawn on the map as always; height
decides only what stands in their way:

* Every creature is a vertical column from its altitude (feet above its hex, see
  :mod:`~lfgcombat.battlemap.altitude`) up to its altitude plus its height: the middle of
  its size's Height/Length range in ``data/sizes.csv`` ("Creature Size Category Table":
  Small 3 ft, Medium 5.5 ft, Large 11 ft;
  :func:`lfgcombat.rules.movement.movement_modes.body_height_ft`).
  A creature sees from, and is seen in, the whole of that column. A cell is a point on the
  ground.
* Between the two columns the lines span a band: at a hex ``f`` of the way along (hexes
  counted from the origin hex), from the line joining the two feet to the line joining the
  two heads, each interpolated linearly.
* A wall with a height (``wall_height``, ``wall_heights``: :meth:`HexMap.wall_top`) that is
  at or below the bottom of the band is passed over: no cover from it. One above the whole
  band is a wall as always (it hides; all hidden is Total Cover, no sight). One in between
  hides the lower part of the target only: it counts as a low obstacle - cover, never
  total, and it does not block sight (the text's "low wall", "Cover - Additional Rules").
  Full-height walls and closed doors always block.
* A creature in between is in the way (cover, "Cover - Additional Rules") only where its
  column meets the band: a flyer above (or a swimmer below) every line is not.

On flat ground every band reaches the ground, so every creature in between is in the way
and every wall hides the target at least in part: maps without altitudes read as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from lfgcombat.battlemap.grid import FEET_PER_CELL, Cell
from lfgcombat.rules.movement.movement_modes import body_height_ft

from .core import Where
from .flanking import _Flanking
from .kept import kept
from .terrain import Terrain, _lies_as_a_body
from .values import Cover, CoverLevel, HighGround, _at

Point = tuple[float, float]


@dataclass(frozen=True)
class _Shot:
    """One cover question, worked out once for every origin hex of the attacker."""

    target: Where
    a_cells: frozenset
    t_cells: frozenset
    a_name: str | None
    t_name: str | None
    a_label: str
    t_label: str
    t_order: int
    a_side: str | None
    ranged: bool
    far: bool
    samples: tuple[Point, ...]
    body: tuple[Point, ...]
    centers: tuple[Point, ...]
    a_col: tuple[float, float] = (0.0, 0.0)  # the attacker's body: (feet, top of head)
    t_col: tuple[float, float] = (0.0, 0.0)  # the target's (this module's docstring)


class _Sight(_Flanking):
    """What one creature (or cell) sees of another, and the cover it has."""

    def _blockers(self) -> dict[Cell, str]:
        b = self._cache.get("blockers")
        if b is None:
            b = {c: ("wall" if t.blocks else t.value) for c, t in self._terrain.items()
                 if t.blocks or t is Terrain.OBSTACLE}  # a closed door hides like a wall
            self._cache["blockers"] = b
        return b

    def _poly(self, c: Cell) -> list[tuple[float, float]]:
        key = ("poly", c)
        v = self._cache.get(key)
        if v is None:
            v = self.geometry.corners(c, 0.98)
            self._cache[key] = v
        return v

    def _samples(self, c: Cell, scale: float = 0.9) -> list[tuple[float, float]]:
        key = ("samp", c, scale)
        v = self._cache.get(key)
        if v is None:
            center = self.geometry.to_pixel(c)
            corners = self.geometry.corners(c, scale)
            mids = [((x1 + x2) / 2, (y1 + y2) / 2) for (x1, y1), (x2, y2)
                    in zip(corners, corners[1:] + corners[:1])]
            v = [center] + corners + mids
            self._cache[key] = v
        return v

    def _corridor(self, origin: Cell, targets: Iterable[Cell]) -> set:
        out: set = set()
        geom = self.geometry
        for t in targets:
            for h in geom.line(origin, t):
                if h in out:
                    continue
                out.add(h)
                for n in geom.neighbors(h):
                    out.add(n)
                    out.update(geom.neighbors(n))
        return out

    def cover(self, attacker: Where, target: Where, *, ranged: bool = True) -> Cover:
        """The cover ``target`` has against ``attacker``.

        "Draw an imaginary line from the center of your hex to the center of your target's
        hex. If the line passes through an occupied space, or strikes a wall or other solid
        object, your target has cover. If you cannot draw a line from center to center, try
        ... any part of your target's hex. If this works, your target has cover, but not
        total cover. If you cannot ... they have Total Cover. If you can draw a line from the
        center of your hex to every part of your target's hex without interruption, then
        your target does not have cover. An attack for a larger creature can originate from
        the center of any one of its occupied hexes" (``000_8d1d7816ee944f3b.txt``,
        "Determine Cover").

        How it is computed: "every part" of the target is sampled as the centre, the six
        corners and the six edge midpoints of each of its hexes (pulled 10% inwards); a line
        is interrupted by a wall or obstacle hex it enters (lines grazing an edge are not),
        or by a creature's hex. Walls and obstacles count only when they hide part of the
        target's body, the same samples pulled 50% inwards: "Cover assumes a direction of
        attack. If an attack comes from a direction that does not risk striking the piece of
        cover, then you gain no Cover Bonus against the attack" ("Cover - What is it?") -
        so a shot straight down a corridor, or past a wall beside the line, gives none,
        although the wall hexes touch the rim of the target's hex. Levels (the Cover table
        is missing; decisions):

        * total: every sample is hidden by walls (obstacles are low: they never give total
          cover, and do not block sight);
        * good (+4): at least half the samples hidden by walls or obstacles ("If you can only
          see half of an Ogre, it has Good Cover", 000_8d1d7816ee944f3b.txt, "Cover on Large+
          Creatures"), or a creature
          of the target's size or larger standing adjacent to the target on the centre line
          ("Wulfric is standing directly in front of Mayat, providing her with Good Cover",
          "Cover Examples");
        * partial (+2): any other interruption, including creatures "the same size or larger
          than your target" ("Cover - Additional Rules"); smaller creatures give none, nor
          do bodies on the ground - the dead, the unconscious and the paralyzed (inferred:
          "Bodies of dead & unconscious ... where they lie", "A paralyzed creature occupies
          space as if a dead body"; a prone creature still covers).

        Ranged attacks (``ranged=True``) also apply: "If you are directly adjacent to an object
        providing you cover (such as a low wall, tree, or an ally), your ranged attacks
        ignore that piece of cover when attacking enemies at least 10 feet away" (obstacles
        and creatures, not walls), and "you may ignore the cover provided by 1 allied creature
        of your size who is in your line of sight to the target but not directly adjacent to
        the target". The attacker's best origin hex and best ignored ally are chosen.

        Args:
            attacker: A creature's name, or a cell.
            target: A creature's name, or a cell.
            ranged: Apply the ranged-attack exceptions.
        """
        return self._keep_here(  # kept until creatures move (_kept_here)
            ("cover", attacker, target, ranged),
            lambda: kept(self._cover_key(attacker, target, ranged),
                         lambda: self._cover(attacker, target, ranged)))

    def _cover_key(self, attacker: Where, target: Where, ranged: bool) -> tuple:
        """Everything :meth:`_cover` reads (:mod:`~lfgcombat.battlemap.kept`): the static
        layers, the two bodies (label, cells, column, size order, side), and every creature
        standing on a cell near a line between them (its corridor) with what decides
        whether it is in the way (cells, column, size order, side, lying as a body)."""
        a_cells, t_cells = self._cells_of(attacker), self._cells_of(target)
        kind = self.geometry.kind  # the corridor's lines and neighbours: the grid's alone
        corridor: frozenset | set = frozenset()
        for origin in a_cells:
            near_line = kept(("corridor", kind, origin, t_cells),
                             lambda: frozenset(self._corridor(origin, t_cells)))
            corridor = near_line if not corridor else corridor | near_line
        # the few occupied cells looked up in the corridor, not its many cells in them
        near = {o for c, os in self._occupants.items() if c in corridor for o in os}
        return ("cover", self._static_key(), ranged,
                self._body_key(attacker, a_cells), self._body_key(target, t_cells),
                tuple(sorted((o, self._body_key(o, self._placed[o].cells)) for o in near)))

    def _body_key(self, where: Where, cells: frozenset) -> tuple:
        """A creature's (or a cell's) part of a cover key (:meth:`_cover_key`)."""
        if not isinstance(where, str):
            return (self._label(where), cells)
        key = ("body", where)
        here = self._kept_here()
        found = here.get(key)
        if found is None:
            p = self._placed[where]
            found = here[key] = (where, cells, self._column(where), p.order, p.side,
                                        _lies_as_a_body(p.creature))
        return found

    def _label(self, where: Where) -> str:
        """A creature's name, or the repr of a cell."""
        return where if isinstance(where, str) else repr(self._as_cell(where))

    def _cover(self, attacker: Where, target: Where, ranged: bool) -> Cover:
        a_name = attacker if isinstance(attacker, str) else None
        t_name = target if isinstance(target, str) else None
        t_cells = sorted(self._cells_of(target))
        shot = _Shot(
            target=target, a_cells=frozenset(self._cells_of(attacker)), t_cells=frozenset(t_cells),
            a_name=a_name, t_name=t_name,
            a_label=self._label(attacker), t_label=self._label(target),
            t_order=self._placed[t_name].order if t_name else 0,
            a_side=self._placed[a_name].side if a_name else None, ranged=ranged,
            far=self.distance(attacker, target) >= 2 * FEET_PER_CELL,
            samples=tuple(s for c in t_cells for s in self._samples(c)),
            body=tuple(s for c in t_cells for s in self._samples(c, 0.5)),
            centers=tuple(self.geometry.to_pixel(c) for c in t_cells),
            a_col=self._column(attacker), t_col=self._column(target))
        best: Cover | None = None
        for origin in sorted(shot.a_cells):
            for cand in self._covers_from(shot, origin):
                if best is None or _better(cand, best):
                    best = cand
        assert best is not None
        return best

    def _on_the_line(self, shot: _Shot, origin: Cell, corridor: set
                     ) -> tuple[list[tuple[Cell, str]], dict[str, list[Cell]], list[str]]:
        """Walls/obstacles and creatures near the line from ``origin``, and what is ignored."""
        blockers = self._blockers()
        solid: list[tuple[Cell, str]] = []
        creatures: dict[str, list[Cell]] = {}
        ignored: list[str] = []
        for c in corridor:
            if c in shot.t_cells or c == origin or c in shot.a_cells:
                continue
            kind = blockers.get(c)
            if kind is not None:
                kind = self._wall_reading(shot, origin, c, kind)
            if kind is not None:
                if (shot.ranged and shot.far and kind == "obstacle" and
                        self.geometry.distance(c, origin) == 1):
                    ignored.append(f"adjacent obstacle {_at(c)}")
                    continue
                solid.append((c, kind))
            for o in self._occupants.get(c, ()):
                if o in (shot.a_name, shot.t_name) or not self._in_band(shot, origin, c, o):
                    continue  # above (or below) every line between the two: not in the way
                if self._placed[o].order < shot.t_order:
                    continue  # "Creatures 1 or more size categories smaller ... do not"
                if _lies_as_a_body(self._placed[o].creature):
                    continue  # a body on the ground is not in the way (_lies_as_a_body)
                creatures.setdefault(o, []).append(c)
        return solid, creatures, ignored

    def _column(self, where: Where) -> tuple[float, float]:
        """A body as a vertical column: (its feet, the top of its head) above the ground, in
        feet: a creature's altitude and altitude + :func:`~lfgcombat.rules.movement.movement_modes.
        body_height_ft` of its size; a cell is a point on the ground."""
        if not isinstance(where, str):
            return (0.0, 0.0)
        lo = float(self._level(where))
        return lo, lo + body_height_ft(self._placed[where].size)

    def _band(self, shot: _Shot, origin: Cell, c: Cell) -> tuple[float, float]:
        """The heights the lines between the two bodies pass at ``c``: from the line joining
        their feet to the line joining their heads, interpolated by hexes along the line."""
        d = self.geometry.distance
        total = min(d(origin, t) for t in shot.t_cells)
        f = d(origin, c) / total if total else 1.0
        (alo, ahi), (tlo, thi) = shot.a_col, shot.t_col
        return alo + (tlo - alo) * f, ahi + (thi - ahi) * f

    def _wall_reading(self, shot: _Shot, origin: Cell, c: Cell, kind: str) -> str | None:
        """What a wall of some height (:meth:`wall_top`) in ``c`` is to this line: ``None``
        when even the line between the feet passes over it, ``"obstacle"`` when it hides
        only the lower part of the target (a low wall: cover, never total, no block to
        sight), else the wall it is. Full-height walls, closed doors and obstacles are
        what they are."""
        top = self.wall_top(c) if kind == "wall" else None
        if top is None:
            return kind
        bottom, head = self._band(shot, origin, c)
        if bottom >= top:
            return None
        return "obstacle" if head > top else kind

    def _in_band(self, shot: _Shot, origin: Cell, c: Cell, o: str) -> bool:
        """Whether creature ``o`` in ``c`` is in the way: its body meets the band of lines
        between the two bodies there (on flat ground every body does, as in 2D)."""
        lo, hi = self._column(o)
        bottom, head = self._band(shot, origin, c)
        return lo <= head and hi >= bottom

    def _hidden(self, shot: _Shot, ox: float, oy: float, solid: list[tuple[Cell, str]]
                ) -> tuple[int, int, set]:
        """How many samples walls hide, how many walls or obstacles hide, and which hide."""
        hidden_wall = hidden_solid = 0
        solid_hit: set = set()
        for sx, sy in shot.samples:
            w = s = False
            for c, kind in solid:
                if _seg_hits(ox, oy, sx, sy, self._poly(c)):
                    s = True
                    solid_hit.add((c, kind))
                    w = w or kind == "wall"
            hidden_wall += w
            hidden_solid += s
        # "Cover assumes a direction of attack. If an attack comes from a direction that
        # does not risk striking the piece of cover, then you gain no Cover Bonus": a
        # wall or obstacle that hides only the rim of the target's hex (the hexes beside
        # a corridor) covers nothing; it must hide part of the body (the inner half)
        if hidden_solid and hidden_wall < len(shot.samples) and not any(
                _seg_hits(ox, oy, sx, sy, self._poly(c))
                for sx, sy in shot.body for c, _k in solid):
            return 0, 0, set()
        return hidden_wall, hidden_solid, solid_hit

    def _creatures_hit(self, shot: _Shot, ox: float, oy: float,
                       creatures: dict[str, list[Cell]], ignored: list[str]) -> dict[str, bool]:
        """Creatures the lines cross -> whether they cross the centre line (adjacent allies of
        a ranged attacker far from its target are ignored and added to ``ignored``)."""
        cr_hit: dict[str, bool] = {}
        for o, cells in creatures.items():
            hit_center = any(_seg_hits(ox, oy, tx, ty, self._poly(c))
                             for c in cells for tx, ty in shot.centers)
            if hit_center or any(_seg_hits(ox, oy, sx, sy, self._poly(c))
                                 for c in cells for sx, sy in shot.samples):
                cr_hit[o] = hit_center
        if shot.ranged and shot.a_side is not None and shot.a_name is not None:
            for o in sorted(cr_hit):
                if (self._placed[o].side == shot.a_side and shot.far
                        and self.distance(shot.a_name, o) == FEET_PER_CELL):
                    ignored.append(f"adjacent ally {o}")
                    del cr_hit[o]
        return cr_hit

    def _covers_from(self, shot: _Shot, origin: Cell) -> Iterator[Cover]:
        """Every reading of the cover from one origin hex (with and without ignoring one
        ally of the attacker's size)."""
        corridor = self._corridor(origin, shot.t_cells)
        solid, creatures, ignored = self._on_the_line(shot, origin, corridor)
        ox, oy = self.geometry.to_pixel(origin)
        hidden_wall, hidden_solid, solid_hit = self._hidden(shot, ox, oy, solid)
        frac = hidden_solid / len(shot.samples)
        cr_hit = self._creatures_hit(shot, ox, oy, creatures, ignored)
        options: list[tuple[dict, str | None]] = [(cr_hit, None)]
        if shot.ranged and shot.a_side is not None and shot.a_name is not None:
            a_order = self._placed[shot.a_name].order
            for o in sorted(cr_hit):
                po = self._placed[o]
                if (po.side == shot.a_side and po.order == a_order and
                        self.distance(o, shot.target) > FEET_PER_CELL):
                    options.append(({k: v for k, v in cr_hit.items() if k != o}, o))
        fog = any(self._terrain.get(c) is Terrain.FOG and c not in shot.a_cells and (
            c in shot.t_cells
            or any(_seg_hits(ox, oy, tx, ty, self._poly(c)) for tx, ty in shot.centers))
            for c in corridor)
        for hits, ally in options:
            if hidden_wall == len(shot.samples):
                level = CoverLevel.TOTAL
            elif frac >= 0.5:
                level = CoverLevel.GOOD
            elif hidden_solid:
                level = CoverLevel.PARTIAL
            else:
                level = CoverLevel.NONE
            bl = [f"{k} {_at(c)}" for c, k in sorted(solid_hit)]
            for o, center in sorted(hits.items()):
                adj = shot.t_name is not None and self.distance(o, shot.t_name) == FEET_PER_CELL
                lv = CoverLevel.GOOD if (center and adj) else CoverLevel.PARTIAL
                if level.value < lv.value:
                    level = lv
                bl.append(f"creature {o}" + (" (directly in front)" if center and adj else ""))
            ig = list(ignored) + ([f"one ally of the attacker's size {ally}"] if ally else [])
            yield Cover(shot.a_label, shot.t_label, level, shot.ranged, origin, round(frac, 3),
                        tuple(bl), tuple(ig), 20 if fog else 0)

    def line_of_sight(self, a: Where, b: Where) -> bool:
        """Whether ``a`` and ``b`` can see each other: "Total Concealment & Total Cover block
        Line of Sight" (``000_8d1d7816ee944f3b.txt``, "Line of Sight (LoS)"). Only walls give
        total cover here; fog gives partial concealment, which does not block it. Sight is
        mutual ("Wulfric & Chessan cannot see Orc#1, and Orc#1 can't see them", "Cover
        Examples"): a line from the centre of either one's hex to any part of the other's
        is a line both can see along, so total cover both ways is needed to block it (the
        cover test itself, and Line of Effect, go from the attacker's centre)."""
        if self._wall_free(a, b):
            return True
        return (self.cover(a, b, ranged=False).level is not CoverLevel.TOTAL
                or self.cover(b, a, ranged=False).level is not CoverLevel.TOTAL)

    def line_of_effect(self, a: Where, b: Where) -> bool:
        """Whether an attack can travel from ``a`` to ``b``: "Total Cover blocks Line of Sight
        and Line of Effect ... Concealment does not block Line of Effect"
        (``000_8d1d7816ee944f3b.txt``, "Line of Effect (LoE)")."""
        if self._wall_free(a, b):
            return True
        return self.cover(a, b, ranged=False).level is not CoverLevel.TOTAL

    def _wall_free(self, a: Where, b: Where) -> bool:
        """Whether the map has no wall (nor closed door) at all, so that nothing gives
        ``b`` Total Cover from ``a``: only samples hidden by walls make it (:meth:`_hidden`),
        and obstacles and creatures never do. Then :meth:`line_of_sight` and
        :meth:`line_of_effect` hold without reading the cover (issue 25, item 4: every
        miss of a shot on a map asks it for each creature around the target). ``a`` and
        ``b`` are checked as :meth:`cover` checks them (an unknown name, a cell off the
        grid: the same error)."""
        self._cells_of(a)
        self._cells_of(b)
        found = self._cache.get("<wall free>")
        if found is None:
            found = self._cache["<wall free>"] = "wall" not in self._blockers().values()
        return found

    def concealment(self, attacker: Where, target: Where) -> int:
        """Miss chance in percent from fog on the line or around the target (0 or 20:
        000_8d1d7816ee944f3b.txt, "Partial Concealment - 20% Miss Chance";
        000_8d1d7816ee944f3b.txt, "Concealment").

        000_8d1d7816ee944f3b.txt, "Determine Concealment": the map's line of sight and its
        fog stand for the GM's ruling (the GM may still pass ``concealment=``).
        """
        return self.cover(attacker, target).concealment

    def high_ground(self, attacker: Where, target: Where) -> HighGround:
        """High/low ground modifiers from the map's elevations.

        "If you are positioned above your opponent ... +1 Tactical Bonus on Attack Rolls ...
        below ... -1 Attack Penalty"; "If you make a physical ranged attack against an enemy
        at least 10 feet below you, you gain a +1 Innate Bonus to weapon damage"
        (``000_8d1d7816ee944f3b.txt``, "High Ground / Low Ground";
        000_8d1d7816ee944f3b.txt, "High Ground & Ranged Attacks"). A creature's height is
        the highest ground under its footprint (decision). Only terrain counts, so creatures
        of different sizes get nothing from their size alone, as the text says. Kept until
        creatures move (:meth:`_kept_here`).
        """
        return self._keep_here(("high ground", attacker, target),
                               lambda: self._high_ground(attacker, target))

    def _high_ground(self, attacker: Where, target: Where) -> HighGround:
        """:meth:`high_ground` worked out."""
        ha = max(self._elevation.get(c, 0) for c in self._cells_of(attacker)) + self._level(
            attacker)  # a flyer's altitude is above its ground (lfgcombat.battlemap.altitude)
        hb = max(self._elevation.get(c, 0) for c in self._cells_of(target)) + self._level(target)
        d = ha - hb
        la = attacker if isinstance(attacker, str) else repr(self._as_cell(attacker))
        lb = target if isinstance(target, str) else repr(self._as_cell(target))
        return HighGround(la, lb, d, (d > 0) - (d < 0), 1 if d >= 10 else 0)


def _better(a: Cover, b: Cover) -> bool:
    if a.level.value != b.level.value:
        return a.level.value < b.level.value
    if a.blocked_fraction != b.blocked_fraction:
        return a.blocked_fraction < b.blocked_fraction
    return len(a.blockers) < len(b.blockers)


def _seg_hits(x1: float, y1: float, x2: float, y2: float, poly: list[tuple[float, float]]) -> bool:
    """Whether the segment enters the convex polygon (Cyrus–Beck clipping)."""
    # quick reject by bounding box
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    if (max(x1, x2) < min(xs) or min(x1, x2) > max(xs)
            or max(y1, y2) < min(ys) or min(y1, y2) > max(ys)):
        return False
    dx, dy = x2 - x1, y2 - y1
    t0, t1 = 0.0, 1.0
    n = len(poly)
    # orientation of the polygon
    area = sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1]
               for i in range(n))
    sgn = 1.0 if area > 0 else -1.0
    for i in range(n):
        ax, ay = poly[i]
        bx, by = poly[(i + 1) % n]
        # inward normal
        nx, ny = -(by - ay) * sgn, (bx - ax) * sgn
        num = nx * (x1 - ax) + ny * (y1 - ay)
        den = nx * dx + ny * dy
        if den == 0:
            if num < 0:
                return False
            continue
        t = -num / den
        if den > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return t1 - t0 > 1e-9

