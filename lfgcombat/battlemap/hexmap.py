"""The battle map, :class:`HexMap`: terrain, creatures' footprints and reach, movement, AOO,
flanking, cover.

Everything follows ``000_8d1d7816ee944f3b.txt``; each method cites the heading it
implements. The class is assembled from one layer per rule area (each a module of
:mod:`lfgcombat.battlemap` whose docstring names its headings):

==============  ===========================================================================
``core``        state, cells, creatures, distance ("Using the Battle Map – Measuring ...")
``terrain``     terrain and elevation ("Moving in Combat – Terrain, Creatures, & ...")
``space``       placing, sharing, the Half Hex Rule, illegal locations, Cramped
``reach``       the threatened area ("Reach & Threatened Area")
``moves``       budget, 5-foot step, run, retreat, AOO provoked
``pathing``     :meth:`~HexMap.reachable` and :meth:`~HexMap.path`
``actions``     :meth:`~HexMap.move` and :meth:`~HexMap.trade_spaces`
``flanking``    "Flanking / Being Flanked"
``sight``       cover, line of sight and effect, concealment, high ground
``display``     pictures, rich display, the GM's background picture
``textformat``  :meth:`~HexMap.from_text` and :meth:`~HexMap.to_text`
``doors``       doors closed, open, broken ("Breaking down doors, walls, & other ...")
``altitude``    the 3D distance rule (used by ``core``, ``reach``, ``moves``)
==============  ===========================================================================

What a creature's conditions allow (immobile, cannot run or 5-foot step, threatens) is
read from ``data/conditions.csv`` (:mod:`lfgcombat.battlemap.reading`).
"""

from __future__ import annotations

from .doors import _Doors

__all__ = ["HexMap"]


class HexMap(_Doors):
    """A battle map of ``width x height`` cells (hexes in offset rows, or squares).

    It holds terrain, elevation, placed creatures and the GM's background picture; it
    answers questions (:meth:`distance`, :meth:`threatened`, :meth:`reachable`,
    :meth:`provokers`, :meth:`is_flanked`, :meth:`cover`, :meth:`high_ground`,
    :meth:`cramped`, :meth:`nearest_legal`) and changes state only through :meth:`place`,
    :meth:`relocate`, :meth:`move`, :meth:`trade_spaces`, :meth:`remove`,
    :meth:`set_terrain` and friends. A move the rules forbid raises
    :class:`~lfgcombat.errors.IllegalActionError` naming the rule, and changes nothing:
    every mutating method validates first and only then writes.

    Cells are :class:`~lfgcombat.battlemap.grid.Hex` (or :class:`~lfgcombat.battlemap.grid.Square`
    on the
    square grid); wherever a cell is expected you may also pass ``(col, row)`` offset
    coordinates, and wherever a creature or a cell is expected (distance, cover...) a
    creature's name.

    A facade: its methods are defined by the layers listed in
    :mod:`lfgcombat.battlemap.hexmap` (each under 600 lines), one per rule area, stacked
    so each layer may use the ones below it.

    Size exception: counted with its layers this class is the whole map (12 layers, one per
    rule area: cells and tokens, terrain, space and the Half Hex Rule, reach, move rules,
    pathing, actions, flanking, sight and cover, display, the text format, doors); each
    layer is a module under 800 lines and a class under 600, and uses only the layers below
    it, so a reader changes the Half Hex Rule in ``space`` without reading ``sight``. Its 77
    public methods are the one object the widgets, the encounter and the map text share.

    Args:
        width: Columns.
        height: Rows.
        grid: ``"hex"`` (the default) or ``"square"`` (the text's "Option – Square Grid").
        advanced_five_foot_step: The "Advanced Rule Option" of the 5-Foot Step (off: the
            Simple Rule).
        ruleset: A ruleset whose switches give the defaults of the two above.

    Example:
        >>> m = HexMap(10, 6)
        >>> m.distance((0, 0), (6, 0))
        30
    """
