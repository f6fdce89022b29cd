"""Reach and the threatened area: which hexes a creature can strike.

``000_8d1d7816ee944f3b.txt``, "Reach & Threatened Area" ("A medium-sized character
wielding a normal melee weapon threatens up to 5 feet"; unarmed, ranged-only, prone,
grappled, blinded and helpless creatures threaten nothing: read from the conditions data),
"Creature Size: Size, Space, Reach", and "Line of Effect (LoE)" (no reach through a wall).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from lfgcombat.battlemap.grid import FEET_PER_CELL, Cell

from .altitude import distance_3d
from .kept import kept
from .space import _Space


class _Reach(_Space):
    """The cells each creature threatens, and who threatens whom."""

    def threatened(self, name: str, altitude: int | None = None) -> frozenset:
        """The cells ``name`` threatens: within its reach of its footprint, on the map.

        "A medium-sized character wielding a normal melee weapon threatens up to 5 feet";
        larger creatures and reach weapons further; "If you are unarmed, you do not
        threaten"; "Most Ranged-Only Weapons do not threaten (Exception: Loaded Crossbows
        Threaten out to 10 feet)"; prone, grappled, pinned, blinded and helpless creatures
        do not threaten (``000_8d1d7816ee944f3b.txt``, "Reach & Threatened Area"; "Prone";
        "Grappled Condition"). Reach 0 (Tiny, Diminutive) threatens only its own hex.
        The threatened area is 000_8d1d7816ee944f3b.txt, "Threaten" (where it can strike at
        any moment); its distance the wielded weapon's 000_8d1d7816ee944f3b.txt, "Melee Reach"
        (the Natural Reach unless the weapon, a longspear or halberd, alters it).

        Args:
            name: The creature.
            altitude: The altitude (feet) at which the cells are threatened: the ground
                (0) by default. A flyer threatens the ground only within its reach by the
                3D rule of :mod:`lfgcombat.battlemap.altitude`, and a creature on the
                ground threatens a flyer's cells the same way.
        """
        level = 0 if altitude is None else int(altitude)
        key = ("thr", name, level)
        here = self._kept_here()
        found = here.get(key)
        if found is not None:
            return found
        p = self._p(name)
        threatens = self._threatens(name)
        reach = self._reach(name) if threatens else 0
        # what the cells depend on (lfgcombat.battlemap.kept): kept across moves and fights
        out = here[key] = kept(
            ("thr", self._static_key(), p.cells, self._altitude.get(name, 0), level,
             threatens, reach), lambda: self._threatened(p, name, level, threatens, reach))
        return out

    def _threatened(self, p: Any, name: str, level: int, threatens: bool,
                    reach: int) -> frozenset:
        """:meth:`threatened` computed: ``p`` is ``name``'s placing, ``threatens`` and
        ``reach`` what it threatens with."""
        v = abs(self._altitude.get(name, 0) - level)
        out: frozenset
        if not threatens:
            out = frozenset()
        else:
            if reach <= 0:
                out = p.cells if not v else frozenset()
            elif distance_3d(0, v) > reach:
                out = frozenset()
            else:
                s: set = set()
                for c in p.cells:
                    s.update(self.geometry.within_ft(c, reach))
                # walls as high as the lower of the two altitudes (the walls' heights)
                lo = min(self._altitude.get(name, 0), level)
                low_walls = self.wall_height is not None or self._wall_heights
                wkey = ("walls", lo if low_walls else 0)
                walls = self._cache.get(wkey)
                if walls is None:
                    walls = self._cache[wkey] = frozenset(
                        c for c in self._terrain if self._blocks_at(c, lo))
                out = frozenset((s - (p.cells if not v else frozenset()) - walls) & self._cells)
                if v:
                    d = self.geometry.distance_ft
                    out = frozenset(c for c in out if distance_3d(
                        min(d(f, c) for f in p.cells), v) <= reach)
                if walls and reach > FEET_PER_CELL:
                    out = frozenset(c for c in out if self._reaches(p.cells, c, walls))
        return out

    def _reaches(self, cells: frozenset, c: Cell, walls: frozenset) -> bool:
        """Whether a weapon can reach ``c`` from one of ``cells`` without passing through a
        wall: a threatened hex is one where the creature "is capable of striking a foe", and
        "Total Cover blocks Line of Sight and Line of Effect" (``000_8d1d7816ee944f3b.txt``,
        "Reach & Threatened Area"; "Line of Effect (LoE)"). Decision: a straight line of
        hexes from one of its hexes to ``c`` (either way, so a line along hex edges may
        pass on either side) with no wall between."""
        g = self.geometry
        for f in cells:
            if g.distance(f, c) <= 1:
                return True
            for line in (g.line(f, c), g.line(c, f)):
                if not any(x in walls for x in line[1:-1]):
                    return True
        return False

    def threatened_by_enemies(self, name: str) -> dict[Cell, list[str]]:
        """Cell → the enemies of ``name`` threatening it."""
        out: dict[Cell, list[str]] = {}
        level = self._level(name)
        for e in self.enemies(name):
            for c in self.threatened(e, level):
                out.setdefault(c, []).append(e)
        return out

    def threatens_creature(self, attacker: str, target: str) -> bool:
        """Whether ``attacker`` threatens any cell of ``target``'s footprint (at the
        target's altitude)."""
        return bool(self.threatened(attacker, self._level(target)) & self._p(target).cells)


    def _threat_cells(self, name: str, exempt: Iterable[str] = ()) -> frozenset:
        ex = set(exempt)
        level = self._level(name)
        s: set = set()
        for e in self.enemies(name):
            if e not in ex:
                s |= self.threatened(e, level)
        return frozenset(s)

    def _retreat_from(self, name: str) -> list[str]:
        cells = self._p(name).cells
        level = self._level(name)
        return [e for e in self.enemies(name) if self.threatened(e, level) & cells]

