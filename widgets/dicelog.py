"""DiceLog: a live table of a Roller's rolls, newest first, with the exact odds beside each.

Thin by design: it subscribes to :meth:`lfgcombat.Roller.subscribe` and redraws the table
from :meth:`lfgcombat.Roller.to_frame`; every number it shows comes from the engine.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from contextlib import AbstractContextManager

import ipywidgets as W
import traitlets

from lfgcombat.dice import Roller
from lfgcombat.engine.log.words import ac_words, dice_words

from .held import HeldDrawing

__all__ = ["DiceLog"]

_CELL = "padding:2px 8px;border-bottom:1px solid #ddd;text-align:{align}"
#: (header, frame column, alignment, the header's tooltip)
_COLUMNS = [
    ("#", "seq", "right", "the roll's number in the fight, from 1"),
    ("for", "label", "left", "what the roll is for"),
    ("roll", "expr", "left", "the dice expression"),
    ("dice", "faces", "left", "each die's face"),
    ("nat", "natural", "right", "the natural d20 (before modifiers)"),
    ("total", "total", "right", "the total kept"),
    ("fortune", "fortune", "left", "Fortunate: roll twice, keep the higher; Unfortunate: "
     "roll twice, keep the lower"),
    ("other roll", "other", "right", "the discarded total of a Fortunate/Unfortunate roll "
     "(the one not kept)"),
    ("P(≥ total)", "p_at_least", "right", "the exact chance to roll this total or more "
     "(blank for a % miss chance, where it means nothing)")]
#: The column a dice log with a ``cite`` shows last: the rule each roll plays.
_RULE_COLUMN = ("rule", "rule", "left", "the rule the roll plays: the rules text and its "
                "heading, from the fight's ruleset")
#: Said under the table: what the less obvious columns mean.
EXPLAIN = ("other roll: a Fortunate (keep the higher) or Unfortunate (keep the lower) roll "
           "rolls twice; this is the total not kept. P(≥ total): the exact chance of this "
           "total or more (not shown for a % miss chance).")


def _is_miss_chance(row: dict) -> bool:
    """A % Miss Chance roll (``Roller.miss_chance`` labels it so): a 1d10 read against the
    percentage, where P(≥ total) answers nothing."""
    return "miss chance" in str(row.get("label") or "").lower()


def _fmt(column: str, value, row: dict) -> str:
    if column == "p_at_least":
        return "" if _is_miss_chance(row) else f"{value:.1%}"
    if column == "seq":
        return str(int(value) + 1)
    if value is None or value != value or (column == "natural" and str(value) == "<NA>"):
        return ""
    if column == "faces":  # "3, 5", not a Python list "[3, 5]" (issue 26)
        text = ", ".join(str(f) for f in value) if isinstance(value, (list, tuple)) else str(value)
        return html.escape(text.removeprefix("[").removesuffix("]"))
    if column == "label":  # "vs ACvsCrit 15": "vs AC against criticals 15" (issue 26)
        return html.escape(ac_words(str(value)))
    if column == "expr":  # "1d20", not "1d20+0" (issue 26, item 2)
        return html.escape(dice_words(value))
    return html.escape(str(value))


class DiceLog(W.VBox):
    """The dice log of a :class:`~lfgcombat.Roller`, newest roll first.

    Args:
        roller: The roller to watch; every later roll appears at once.
        max_rows: How many of the newest rolls to show.
        cite: ``cite(label)``: the citation of the rule a roll plays (the
            :class:`~lfgcombat.widgets.InitiativeTracker` gives its encounter's ruleset's,
            issue 26, item 2); ``None``: no rule column.

    Type in the filter box to show only rolls whose label or expression contains the text.
    """

    filter = traitlets.Unicode("").tag(sync=False)
    max_rows = traitlets.Int(50).tag(sync=False)

    def __new__(cls, roller: Roller | None = None, *args, **kwargs):
        # Refuse before the widget exists: a half-built widget breaks in __del__.
        if not isinstance(roller, Roller):
            raise TypeError(f"DiceLog needs a lfgcombat.Roller, not {type(roller).__name__}; "
                            "make one with lfgcombat.Roller(seed=...)")
        return super().__new__(cls, roller, *args, **kwargs)

    def __init__(self, roller: Roller, max_rows: int = 50,
                 cite: Callable[[str | None], str | None] | None = None, **kwargs) -> None:
        self.roller = roller
        self.cite = cite
        self._title = W.HTML()
        self._search = W.Text(placeholder="filter by label or roll", layout=W.Layout(width="16em"))
        self._table = W.HTML()
        self._table.add_class("lfg-dicelog-rows")
        self._drawing = HeldDrawing(lambda: self.refresh())  # inside hold(): one at its end
        super().__init__(children=[W.HBox([self._title, self._search]), self._table], **kwargs)
        self.add_class("lfg-dicelog")
        self.max_rows = max_rows
        self._search.observe(lambda change: setattr(self, "filter", change["new"]), "value")
        self.observe(lambda _: self.refresh(), ["filter", "max_rows"])
        self._unsubscribe = roller.subscribe(lambda _roll: self._rolled())
        self.refresh()

    def _rolled(self) -> None:
        """A roll: redraw now, or once at the end of the :meth:`hold` under way."""
        self._drawing.ask()

    def hold(self) -> AbstractContextManager[None]:
        """Redraw once, at the end, for all the rolls made inside (issue 26, item 5: an
        attack rolls to hit, to confirm and for damage; the table is drawn once for the
        three, not three times). Nests."""
        return self._drawing.hold()

    def rows(self):
        """The rows shown now (a DataFrame, newest first, filtered and cut to max_rows)."""
        return self.roller.to_frame(newest_first=True, limit=self.max_rows,
                                    contains=self.filter)

    def refresh(self) -> None:
        """Redraw the table from the roller's history."""
        frame = self.rows()
        total = len(self.roller.history)
        title = f"<b>Dice log</b> (seed {html.escape(repr(self.roller.seed))})"
        if self._title.value != title:  # the count is in the table's HTML: one message a roll
            self._title.value = title
        count = (f"<div class='lfg-dicelog-count' style='font:12px sans-serif;color:#444'>"
                 f"{len(frame)} of {total} rolls</div>")
        columns = _COLUMNS + ([_RULE_COLUMN] if self.cite is not None else [])
        head = "".join(f"<th style='{_CELL.format(align=a)}' title='{html.escape(tip)}'>"
                       f"{html.escape(t)}</th>" for t, _, a, tip in columns)
        body = []
        for row in frame.to_dict("records"):
            nat = row["natural"]
            style = ""
            if nat == 20:
                style = "background:#e6f4ea"
            elif nat == 1:
                style = "background:#fde7e9"
            if self.cite is not None:
                row["rule"] = self.cite(row.get("label"))
            cells = "".join(f"<td style='{_CELL.format(align=a)}'>{_fmt(c, row[c], row)}</td>"
                            for _, c, a, _tip in columns)
            body.append(f"<tr class='lfg-roll' style='{style}'>{cells}</tr>")
        empty = "" if body else (f"<tr><td colspan='{len(columns)}' style='padding:4px 8px;"
                                 "color:#666'>no rolls yet</td></tr>")
        self._table.value = (
            count + "<table class='lfg-dicelog-table' style='border-collapse:collapse;"
            "font-family:monospace;font-size:12px'>"
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}{empty}</tbody></table>"
            f"<div class='lfg-dicelog-help' style='font:11px sans-serif;color:#666;"
            f"max-width:60em'>{html.escape(EXPLAIN)}</div>")

    def close(self) -> None:
        """Stop following the roller and close the widget."""
        self._unsubscribe()
        super().close()

    def __repr__(self) -> str:
        """``DiceLog(<roller>, showing N of M)`` (stable text for notebooks)."""
        return f"DiceLog({self.roller!r}, showing {len(self.rows())} of {len(self.roller.history)})"
