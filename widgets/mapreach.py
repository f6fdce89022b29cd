"""How the BattleMap draws where the selected creature can move and which hexes provoke AOO.

The engine says which hexes a movement action reaches and which of them provoke
(:class:`lfgcombat.battlemap.Reachable`: ``safe`` and ``provoking``; 000_8d1d7816ee944f3b.txt,
"What actions normally Provoke AOO?": moving out of a threatened hex provokes). This module
only chooses how to draw them so that the map still reads when most hexes provoke - next to
a foe every hex a move reaches does, and outlining each of them in dashed orange flooded the
map (issue 23). The smaller group is the one marked:

- few provoke (no more than are safe): the safe hexes are green, the provoking ones have a
  dashed orange outline and a faint fill;
- most provoke: the provoking hexes are a pale orange wash without dashes (the terrain reads
  through) and the few safe ones are green with a bold dark green outline.

The legend says which drawing is in use, with the counts (:func:`reach_line`).
"""

from __future__ import annotations

import html
from typing import Any

__all__ = ["reach_styles", "reach_line", "reach_swatches", "most_provoke"]

_SAFE = {"color": "#2f855a", "weight": 1, "fillColor": "#68d391", "fillOpacity": 0.4,
         "className": "lfg-reach lfg-reach-safe"}
# few provoke: they are outlined (dashed) with a faint fill over the green around them
_PROVOKING = {"color": "#dd6b20", "weight": 1.5, "dashArray": "3 3", "fillColor": "#f6ad55",
              "fillOpacity": 0.12, "className": "lfg-reach lfg-reach-provoking"}
# most provoke: a pale wash, no dashes; the few safe hexes carry the marks
_PROVOKING_WASH = {"color": "#dd6b20", "weight": 0.75, "opacity": 0.7, "fillColor": "#f6ad55",
                   "fillOpacity": 0.3, "className": "lfg-reach lfg-reach-provoking"}
_SAFE_MARKED = {"color": "#1c4532", "weight": 2.5, "fillColor": "#48bb78", "fillOpacity": 0.5,
                "className": "lfg-reach lfg-reach-safe"}


def most_provoke(reach: Any) -> bool:
    """Whether more of the reachable hexes provoke AOO than are safe (then the safe ones
    are the marked ones)."""
    return len(reach.provoking) > len(reach.safe)


def reach_styles(reach: Any) -> tuple[dict, dict]:
    """The Leaflet styles of the safe and of the provoking hexes of ``reach`` (a
    :class:`~lfgcombat.battlemap.Reachable`): the smaller group is marked."""
    if most_provoke(reach):
        return _SAFE_MARKED, _PROVOKING_WASH
    return _SAFE, _PROVOKING


def _swatch(style: dict, text: str) -> str:
    border = "dashed" if style.get("dashArray") else "solid"
    # the fill as the map draws it: its colour at its opacity (a pale wash stays pale)
    fill = f"color-mix(in srgb, {style['fillColor']} {round(100 * style['fillOpacity'])}%, white)"
    css = (f"border:{max(1.0, style['weight'])}px {border} {style['color']};"
           f"background:{fill}")
    return (f'<span style="display:inline-block;width:12px;height:12px;{css};'
            f'vertical-align:middle;margin:0 3px 0 10px"></span>{html.escape(text)}')


def reach_swatches(reach: Any = None) -> str:
    """The legend's swatches for a selected token's hexes, as ``reach`` is drawn (none
    selected: the drawing used when few hexes provoke)."""
    if reach is not None and most_provoke(reach):
        return (_swatch(_PROVOKING_WASH, "can move there, provokes AOO")
                + _swatch(_SAFE_MARKED, "can move there safely"))
    return (_swatch(_SAFE, "can move there")
            + _swatch(_PROVOKING, "moving there provokes AOO"))


def reach_line(reach: Any) -> str:
    """One legend line for the selected token: how many hexes it can reach with the
    action, how many provoke AOO, and which of the two groups is marked (``.lfg-map-reach``,
    ``data-marked`` = ``safe`` or ``provoking``)."""
    n, p, s = len(reach), len(reach.provoking), len(reach.safe)
    who = html.escape(str(reach.name))
    where = f"the {n} hexes {who} can reach"
    if n == 0:
        text = f"{who} can reach no hex with this action."
    elif p == 0:
        text = f"{who} can reach {n} hexes (green); none provokes AOO."
    elif s == 0:
        text = f"all {n} hexes {who} can reach provoke AOO (pale orange): none is safe."
    elif p > s:
        text = (f"{p} of {where} provoke AOO (pale orange); the {s} safe ones are outlined "
                "green.")
    else:
        text = (f"{p} of {where} provoke AOO (dashed orange); the other {s} are safe "
                "(green).")
    action = html.escape(str(reach.action).replace("_", " ").capitalize())
    marked = "safe" if most_provoke(reach) else "provoking"
    return (f'<div class="lfg-map-reach" data-marked="{marked}"><b>{action}, '
            f"{int(reach.budget_ft)} ft:</b> {text}</div>")
