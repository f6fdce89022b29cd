"""Small building blocks shared by the InitiativeTracker's panels (no rules here).

Every control gets a visible label (``description`` or a :class:`ipywidgets.Label` before
it) and a CSS class the browser tests find it by.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import ipywidgets as W
from ipywidgets.widgets.widget_description import DescriptionWidget

#: Card and button colours by side, in the order the sides are given (the BattleMap's).
SIDE_COLORS = ["#2b6cb0", "#c53030", "#2f855a", "#b7791f", "#6b46c1", "#319795"]
#: Row layout: wrap on narrow outputs, centre vertically.
ROW = dict(flex_flow="row wrap", align_items="center")


def no_null_titles(root: W.Widget) -> None:
    """Give every description widget under ``root`` (``root`` too) whose ``tooltip`` is
    ``None`` an empty one: ipywidgets 8 copies a description's tooltip into its label's
    ``title``, and ``None`` shows in the page as ``title="null"`` (issue 26, item 2). A
    widget whose tooltip was set is left alone (a second walk sends nothing)."""
    stack = [root]
    while stack:
        w = stack.pop()
        if isinstance(w, DescriptionWidget) and w.tooltip is None:
            w.tooltip = ""
        stack.extend(c for c in getattr(w, "children", ()) if isinstance(c, W.Widget))


def button(text: str, css: str, do: Callable[[], Any], tip: str) -> W.Button:
    """A button with a tooltip and a CSS class that calls ``do()`` when clicked."""
    b = W.Button(description=text, tooltip=tip, layout=W.Layout(width="auto"))
    b.add_class(css)
    b.on_click(lambda _b: do())
    return b


def dropdown(label: str, css: str, options: Any = (), width: str = "15em",
             **kw: Any) -> W.Dropdown:
    """A labelled dropdown whose label is never cut: the label takes the room its text
    needs (``description_width: initial``), the box the rest of ``width``."""
    d = W.Dropdown(options=options, description=label,
                   layout=W.Layout(width=width, min_width=width),
                   style={"description_width": "initial"}, **kw)
    d.add_class(css)
    fit(d)
    return d


def fit(d: W.Dropdown) -> None:
    """Widen a dropdown (never below its ``min_width``) so its label and its longest option
    both show whole ("Bartholomew the Magnificent", not "Bartholomew the Ma"): about 0.62em
    a letter, plus the arrow and padding.

    Args:
        d: A dropdown made by :func:`dropdown` (its ``min_width`` is the narrowest it gets).
    """
    labels = [str(o[0]) if isinstance(o, tuple) else str(o) for o in d.options]
    longest = max((len(t) for t in labels), default=0)
    need = 0.62 * (len(d.description or "") + longest) + 4
    base = float(str(d.layout.min_width or "0em").removesuffix("em") or 0)
    d.layout.width = f"{max(base, round(need, 1)):g}em"


def row(*children: W.Widget, title: str | None = None) -> W.HBox:
    """A wrapping row, with an optional bold title at its start."""
    head = [W.HTML(f"<b>{html.escape(title)}</b>&nbsp;")] if title else []
    return W.HBox(head + list(children), layout=W.Layout(**ROW))


def set_options(d: W.Dropdown, options: list, keep: Any = None) -> None:
    """Replace a dropdown's options, keeping its value when it is still offered."""
    keep = d.value if keep is None else keep
    values = [o[1] if isinstance(o, tuple) else o for o in options]
    if list(d.options) != list(options):
        d.options = options
        if d.layout.min_width:
            fit(d)
    d.value = keep if keep in values else (values[0] if values else None)


def swatch(color: str, text: str) -> str:
    """A coloured square and its text, for legends."""
    return (f'<span style="display:inline-block;width:11px;height:11px;background:{color};'
            f'border-radius:2px;vertical-align:middle;margin:0 3px 0 8px"></span>'
            f'{html.escape(text)}')


def widget_tree(root: W.Widget) -> list[W.Widget]:
    """``root`` and every widget under it: the children of boxes, and each one's layout
    and style (not a map's layers: the BattleMap holds its own)."""
    out: list[W.Widget] = []
    seen: set[int] = set()
    stack = [root]
    while stack:
        w = stack.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        out.append(w)
        for name in ("layout", "style"):
            part = getattr(w, name, None)
            if isinstance(part, W.Widget):
                stack.append(part)
        if isinstance(w, W.Box):
            stack.extend(w.children)
    return out


@contextmanager
def hold_tree(root: W.Widget) -> Iterator[None]:
    """Send each widget under ``root`` one message at the end, with its final state
    (issue 26, item 5): a redraw that sets a dropdown's options and then its value, or
    previews an attack for the old target and then the new, sends one update per widget
    changed, not one per step. Nested holds send at the outermost end. (As
    ``Widget.hold_sync`` on each, without a context manager per widget: a tracker has
    hundreds, and entering them all cost more than the rest of a redraw.)"""
    held = [w for w in widget_tree(root) if not w._holding_sync]
    for w in held:
        w._holding_sync = True
    try:
        yield
    finally:
        for w in held:
            w._holding_sync = False
            if w._states_to_send:
                w.send_state(w._states_to_send)
                w._states_to_send.clear()
