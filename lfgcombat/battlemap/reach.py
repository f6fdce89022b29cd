"""Reach and the threatened area: which hexes a creature can strike.

``000_8d1d7816ee944f3b.txt``, "Reach & Threatened Area" ("A medium-sized character
wielding a normal melee weapon threatens up to 5 feet"; unarmed, ranged-only, prone,
grappled, blinded and helpless creatures threaten nothing: read from the conditions data),
"Creature Size: Size, Space, Reach", and "Line of Effect (LoE)" (no reach through a wall).
"""

from __future__ import annotations

from collections.abc import Iterable

from lfgcombat.grid import FEET_PER_CELL, Cell

from .space import _Space
from .terrain import Terrain


class _Reach(_Space):
    """The cells each creature threatens, and who threatens whom."""

    def threatened(self, name: str) -> frozenset:
        """The cells ``name`` threatens: within its reach of its footprint, on the map.

        "A medium-sized character wielding a normal melee weapon threatens up to 5 feet";
        larger creatures and reach weapons further; "If you are unarmed, you do not
        threaten"; "Most Ranged-Only Weapons do not threaten (Exception: Loaded Crossbows
        Threaten out to 10 feet)"; prone, grappled, pinned, blinded and helpless creatures
        do not threaten (``000_8d1d7816ee944f3b.txt``, "Reach & Threatened Area"; "Prone";
        "Grappled Condition"). Reach 0 (Tiny, Diminutive) threatens only its own hex.
        """
        key = ("thr", name)
        if key in self._cache:
            return self._cache[key]
        p = self._p(name)
        out: frozenset
        if not self._threatens(name):
            out = frozenset()
        else:
            reach = self._reach(name)
            if reach <= 0:
                out = p.cells
            else:
                s: set = set()
                for c in p.cells:
                    s.update(self.geometry.within_ft(c, reach))
                walls = self._cache.get("walls")
                if walls is None:
                    walls = self._cache["walls"] = frozenset(
                        c for c, t in self._terrain.items() if t is Terrain.WALL)
                out = frozenset((s - p.cells - walls) & self._cells)
                if walls and reach > FEET_PER_CELL:
                    out = frozenset(c for c in out if self._reaches(p.cells, c, walls))
        self._cache[key] = out
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
        for e in self.enemies(name):
            for c in self.threatened(e):
                out.setdefault(c, []).append(e)
        return out

    def threatens_creature(self, attacker: str, target: str) -> bool:
        """Whether ``attacker`` threatens any cell of ``target``'s footprint."""
        return bool(self.threatened(attacker) & self._p(target).cells)


    def _threat_cells(self, name: str, exempt: Iterable[str] = ()) -> frozenset:
        ex = set(exempt)
        s: set = set()
        for e in self.enemies(name):
            if e not in ex:
                s |= self.threatened(e)
        return frozenset(s)

    def _retreat_from(self, name: str) -> list[str]:
        cells = self._p(name).cells
        return [e for e in self.enemies(name) if self.threatened(e) & cells]

