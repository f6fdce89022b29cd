"""Flanking: who flanks a creature, and why not.

``000_8d1d7816ee944f3b.txt``, "Flanking / Being Flanked": "If two attackers threaten you
in melee from opposite sides, you are flanked ... To Flank a Small or Medium creature,
there must be at least 1 hex of space between threatening enemies ... Creatures who do not
threaten cannot cause a creature to be flanked"; "Grappled Condition" and "Pinned": "You
cannot be flanked".
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from lfgcombat.battlemap.grid import FEET_PER_CELL, Cell

from .actions import _Actions
from .reading import _sizes, condition_flags
from .values import Flanking

class _Flanking(_Actions):
    """Flanking pairs, by the geometry of the threatening enemies around a creature."""

    def _centroid(self, cells: Iterable[Cell]) -> tuple[float, float]:
        pts = [self.geometry.to_pixel(c) for c in cells]
        return (sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts))

    def flanking(self, name: str, *, ignored: Iterable[str] = ()) -> Flanking:
        """Who flanks ``name``, with the reason.

        "If two attackers threaten you in melee from opposite sides, you are flanked ... To
        Flank a Small or Medium creature, there must be at least 1 hex of space between
        threatening enemies. To Flank a Large creature ... at least 2 hexes ... Creatures who
        do not threaten cannot cause a creature to be flanked" (``000_8d1d7816ee944f3b.txt``,
        "Flanking / Being Flanked"). Decisions: "opposite sides" means the directions from
        the target's centre to the two attackers are at least 120° apart (on hexes, not
        neighbouring directions); "space between" is the nearest distance between the two
        attackers' footprints minus one; Huge and Gargantuan need 3 and 4 hexes (the text's
        scale, "shift the scale appropriately"). Grappled and pinned creatures cannot be
        flanked; foes ``ignored`` with the "Ignore an enemy" option cannot flank. Kept until
        creatures move or read differently (:meth:`_kept_here`).
        """
        ign = frozenset(ignored)
        return self._keep_here(("flanking", name, ign), lambda: self._flanking(name, ign))

    def _flanking(self, name: str, ign: frozenset) -> Flanking:
        """:meth:`flanking` worked out."""
        t = self._p(name)
        held = condition_flags(t.creature).unflankable  # data/conditions.csv
        if held:
            return Flanking(name, (), f"{', '.join(sorted(held))} "
                                      "creatures cannot be flanked")
        threats = [e for e in self.enemies(name)
                   if e not in ign and self.threatens_creature(e, name)]
        row = _sizes()[t.size]
        try:
            gap = max(1, int(float(str(row["space_ft"]).split("x")[0]) // FEET_PER_CELL))
        except ValueError:
            gap = 1
        pairs = self._opposite_pairs(t.cells, threats, gap)
        if pairs:
            reason = ""
        elif not threats:
            reason = "no enemy threatens it"
        elif len(threats) == 1:
            reason = f"only {threats[0]} threatens it"
        else:
            reason = ("no two threatening enemies on opposite sides with "
                      f"{gap} hex{'es' if gap > 1 else ''} of space between them")
        return Flanking(name, tuple(sorted(pairs)), reason)

    def _opposite_pairs(self, target: Iterable[Cell], threats: list[str],
                        gap: int) -> list[tuple[str, str]]:
        """The pairs of ``threats`` on opposite sides of the ``target`` cells (at least
        120 degrees apart seen from its centre) with at least ``gap`` cells between them,
        each pair in name order."""
        cx, cy = self._centroid(target)
        pairs: list[tuple[str, str]] = []
        for i, a in enumerate(threats):
            for b in threats[i + 1:]:
                fa, fb = self._placed[a].cells, self._placed[b].cells
                between = min(self.geometry.distance(x, y) for x in fa for y in fb) - 1
                if between < gap:
                    continue
                ax, ay = self._centroid(fa)
                bx, by = self._centroid(fb)
                va, vb = (ax - cx, ay - cy), (bx - cx, by - cy)
                na, nb = math.hypot(*va), math.hypot(*vb)
                if na == 0 or nb == 0:
                    continue
                cos = (va[0] * vb[0] + va[1] * vb[1]) / (na * nb)
                if cos <= -0.5 + 1e-9:  # at least 120 degrees apart
                    pairs.append((a, b) if a <= b else (b, a))
        return pairs

    def is_flanked(self, name: str, *, ignored: Iterable[str] = ()) -> bool:
        """Whether ``name`` is flanked (-2 AC); see :meth:`flanking`."""
        return self.flanking(name, ignored=ignored).flanked

    def flankers(self, name: str, *, ignored: Iterable[str] = ()) -> list[str]:
        """The enemies flanking ``name`` (every member of a flanking pair); see :meth:`flanking`."""
        return self.flanking(name, ignored=ignored).flankers

