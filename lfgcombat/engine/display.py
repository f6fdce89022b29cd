"""An encounter's rich notebook display: the initiative table as HTML.

000_8d1d7816ee944f3b.txt, "Rounds, Initiative, & Turn Order: 1 Round represents 6 seconds of
combat." (Selective Initiative: each creature's card is "Ready" until it has taken its turn,
then "Done") and "Taking Your Turn" (the actions a creature has). The table shows, per
combatant, whether it is acting now, its card, initiative, hit points, the actions it has
(what it will have on its turn, for a creature still to act) and its conditions and effects.

Pure HTML from :meth:`~lfgcombat.engine.Encounter.table` and
:meth:`~lfgcombat.engine.Encounter.state`: no widget library, no rules of its own.
"""

from __future__ import annotations

import html
from typing import Any

__all__ = ["encounter_html"]

_TABLE = ('<table class="lfg-encounter" style="border-collapse:collapse;font-size:0.92em">'
          "<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")
_CELL = 'style="padding:2px 8px;border-bottom:1px solid #ddd;text-align:{align}"'
_COLUMNS = (("", "left"), ("name", "left"), ("side", "left"), ("card", "left"),
            ("init", "right"), ("HP", "right"), ("actions", "left"), ("conditions", "left"))


def _cell(text: str, align: str = "left", tag: str = "td") -> str:
    return f"<{tag} {_CELL.format(align=align)}>{text}</{tag}>"


def _hp(row: Any, temp: int) -> str:
    hp, top = int(row["hp"]), int(row["max_hp"])
    frac = max(0.0, min(1.0, hp / top)) if top else 0.0
    colour = "#2f855a" if frac > 0.5 else "#b7791f" if frac > 0.25 else "#c53030"
    extra = f" +{temp} temp" if temp else ""
    return f'<span style="color:{colour}">{hp}/{top}</span>{extra}'


def _row(enc: Any, row: Any) -> str:
    name = str(row["name"])
    s = enc.state(name)
    e = html.escape
    mark = "▶" if row["acting"] else ""
    status = "" if s["status"] == "conscious" else f" ({e(str(s['status']))})"
    card = e(str(row["card"])) + (" · dead" if s["dead"] else "")
    init = "—" if s["initiative"] is None else str(s["initiative"])
    a = s["actions_left"]
    acts = f"{a.big} Big · {a.little} Little · {a.reactions} React"
    conds = ", ".join([*s["conditions"], *s["effects"]])
    style = ' style="background:#fffbea;font-weight:600"' if row["acting"] else (
        ' style="color:#888"' if s["done"] or s["dead"] else "")
    cells = [_cell(mark), _cell(e(name) + status), _cell(e(str(row["side"]))), _cell(card),
             _cell(init, "right"), _cell(_hp(row, int(s["temp_hp"] or 0)), "right"),
             _cell(acts), _cell(e(conds))]
    return f'<tr data-name="{e(name)}"{style}>{"".join(cells)}</tr>'


def encounter_html(enc: Any) -> str:
    """The encounter's initiative table as HTML (Jupyter's rich display).

    Args:
        enc: An :class:`~lfgcombat.engine.Encounter`.

    Returns:
        A caption (round, who acts, the initiative mode) and one row per combatant:
        acting marker, name and status, side, card (Ready/Done), initiative, HP, actions,
        conditions and effects; names and labels HTML-escaped.
    """
    e = html.escape
    if not enc._started:
        when = "not started"
    else:
        when = f"round {enc.round}" + (" (Surprise Round)" if enc.surprise_round else "")
    who = enc.current
    caption = (f"<b>Encounter</b> · {when} · "
               + (f"acting: <b>{e(str(who))}</b>" if who is not None else "nobody acting")
               + f" · {e(enc.initiative_mode.replace('_', ' '))} initiative"
               + f" · {len(enc.log)} events")
    head = "".join(_cell(c, a, "th") for c, a in _COLUMNS)
    rows = "".join(_row(enc, row) for _, row in enc.table().iterrows())
    return f"<div>{caption}</div>" + _TABLE.format(head=head, rows=rows)
