"""Small building blocks shared by the InitiativeTracker's panels (no rules here).

Every control gets a visible label (``description`` or a :class:`ipywidgets.Label` before
it) and a CSS class the browser tests find it by.
"""

from __future__ import annotations

import html
import re
import weakref
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


#: The button whose click is being handled now (``None`` between clicks): the tracker shows
#: the click's result next to it (:func:`place_after`).
_CLICKED: list[W.Widget] = []
#: For each click being handled, the child of each root (:func:`order_children`) that held
#: its button when it was clicked, by the root's id: the click may take the button away
#: (a "next" button is gone once its creature's turn begins), its row stays.
_CLICKED_ROWS: list[dict[int, W.Widget]] = []
#: The boxes whose children :func:`place_after` orders (those :func:`order_children` numbered).
_ROOTS: "weakref.WeakSet[W.Box]" = weakref.WeakSet()


def clicked_now() -> W.Widget | None:
    """The button whose click is being handled now (a :func:`button` or one made with
    :func:`on_click`), else ``None`` (a step taken in code, a click on the map)."""
    return _CLICKED[-1] if _CLICKED else None


def _holder(root: W.Box, anchor: W.Widget) -> W.Widget | None:
    """The child of ``root`` that holds ``anchor`` (boxes' children only), else ``None``."""
    for kid in root.children:
        stack = [kid]
        while stack:
            w = stack.pop()
            if w is anchor:
                return kid
            if isinstance(w, W.Box):
                stack.extend(w.children)
    return None


def on_click(b: W.Button, do: Callable[[], Any]) -> None:
    """Call ``do()`` when ``b`` is clicked, :func:`clicked_now` saying ``b`` meanwhile (and
    :func:`place_after` knowing the row it was clicked in, even once the click took it
    away)."""
    def clicked(_b: Any) -> None:
        rows = {id(r): kid for r in list(_ROOTS) if (kid := _holder(r, b)) is not None}
        _CLICKED.append(b)
        _CLICKED_ROWS.append(rows)
        try:
            do()
        finally:
            _CLICKED.pop()
            _CLICKED_ROWS.pop()
    b.on_click(clicked)


def button(text: str, css: str, do: Callable[[], Any], tip: str) -> W.Button:
    """A button with a tooltip and a CSS class that calls ``do()`` when clicked."""
    b = W.Button(description=text, tooltip=tip, layout=W.Layout(width="auto"))
    b.add_class(css)
    on_click(b, do)
    return b


def place_after(root: W.Box, widget: W.Widget, anchor: W.Widget | None) -> bool:
    """Show ``widget`` (a child of ``root``) right after the child of ``root`` that holds
    ``anchor`` (a button clicked, a map), by the children's CSS flex ``order``: nothing is
    drawn again, only the orders change (issue 26, item 5: a click's result shows next to
    the controls that made it, not hundreds of pixels below). Returns whether it moved;
    ``anchor`` outside ``root`` (or ``None``) leaves it where it is."""
    if anchor is None:
        return False
    kids = list(root.children)
    was = (_CLICKED_ROWS[-1].get(id(root)) if _CLICKED and _CLICKED[-1] is anchor
           else None)  # the row the button was clicked in (the click may have taken it)
    at = next((i for i, kid in enumerate(kids) if kid is not widget and (
        kid is was if was is not None else any(w is anchor for w in widget_tree(kid)))),
        None)
    if at is None:
        return False
    order_children(root, widget, 2 * at + 1)
    return True


def order_children(root: W.Box, widget: W.Widget | None = None, at: int | None = None
                   ) -> None:
    """Number ``root``'s children in CSS flex ``order`` (``2 * i``: room between each two)
    and give ``widget`` the order ``at`` (its own place when ``None``). Done once when
    the tracker is made, so a click's :func:`place_after` changes one order only."""
    _ROOTS.add(root)
    for i, kid in enumerate(root.children):
        want = str(at if kid is widget and at is not None else 2 * i)
        if kid.layout.order != want:
            kid.layout.order = want


class More(W.VBox):
    """Rows used now and then, behind a "More…" button (closed at first: the tracker
    stays short; issue 26, item 5).

    Args:
        rows: The rows it holds.
        what: What they are, for the button's tooltip.

    CSS hooks: the button ``.lfg-more``, the rows' box ``.lfg-more-rows``.
    """

    def __init__(self, rows: list[W.Widget], what: str) -> None:
        self.toggle = button("More…", "lfg-more", self.flip, f"show or hide {what}")
        self.rows = W.VBox(rows, layout=W.Layout(display="none"))
        self.rows.add_class("lfg-more-rows")
        super().__init__(children=[row(self.toggle), self.rows])

    @property
    def is_open(self) -> bool:
        """Whether the rows show."""
        return self.rows.layout.display != "none"

    def flip(self, show: bool | None = None) -> None:
        """Show the rows (or hide them; ``show`` ``None``: the other way)."""
        show = not self.is_open if show is None else bool(show)
        self.rows.layout.display = None if show else "none"
        self.toggle.description = "Less" if show else "More…"


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
    """Widen a dropdown (never below its ``min_width``, nor below the width it had) so its
    label and its longest option both show whole ("Bartholomew the Magnificent", not
    "Bartholomew the Ma"): about 0.62em a letter, plus the arrow and padding.

    Args:
        d: A dropdown made by :func:`dropdown` (its ``min_width`` is the narrowest it gets).
    """
    labels = [str(o[0]) if isinstance(o, tuple) else str(o) for o in d.options]
    longest = max((len(t) for t in labels), default=0)
    need = 0.62 * (len(d.description or "") + longest) + 4
    base = float(str(d.layout.min_width or "0em").removesuffix("em") or 0)
    now = str(d.layout.width or "")
    # never narrower again: the menus change with the acting creature, and a width that
    # followed them was one more message a click and a row that jumped (issue 26, item 5)
    was = float(now.removesuffix("em")) if now.endswith("em") else 0.0
    want = f"{max(base, round(need, 1), was):g}em"
    if now != want:
        d.layout.width = want


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


def html_words(markup: str) -> str:
    """What an HTML widget's ``value`` shows, as one line of words: every tag a space,
    entities unescaped, runs of white space (``&nbsp;`` too) one space (for the widgets'
    ``shown_text``)."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


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


#: What a hidden widget sends all the same: whether it is off (a hidden button is disabled
#: on the page too, as in the kernel: nothing can click it) and its words (an HTML's or a
#: box's ``value``, and its tooltip: the page's text is the kernel's, shown or not, and
#: never ``title="null"``, :func:`no_null_titles`).
_ALWAYS_SENT = frozenset({"disabled", "value", "tooltip"})
#: The holds under way (:func:`hold_tree`), outermost first: each its widgets held.
_HOLDS: list[list[W.Widget]] = []
#: The layouts whose ``display: none`` hides widgets a hold left held (:func:`_park`).
_HIDERS: "weakref.WeakSet[W.Layout]" = weakref.WeakSet()


def _hidden_by(root: W.Widget) -> tuple[dict[int, W.Layout], set[int]]:
    """For each widget under ``root`` that the page does not show now - under a box whose
    layout says ``display: none``, or itself so hidden (its layout aside: that says it is
    hidden) - the outermost layout that hides it; and the ids of every widget under
    ``root`` (layouts and styles too)."""
    out: dict[int, W.Layout] = {}
    seen: set[int] = set()
    tree: set[int] = set()
    stack: list[tuple[W.Widget, W.Layout | None]] = [(root, None)]
    while stack:
        w, above = stack.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        lay = getattr(w, "layout", None)
        tree.update(id(x) for x in (w, lay, getattr(w, "style", None)) if x is not None)
        own = lay if isinstance(lay, W.Layout) and lay.display == "none" else None
        hider = above or own
        if hider is not None:
            out[id(w)] = hider
            style = getattr(w, "style", None)
            if isinstance(style, W.Widget):
                out[id(style)] = hider
        if above is not None and isinstance(lay, W.Widget):
            out[id(lay)] = above
        if isinstance(w, W.Box):
            stack.extend((kid, hider) for kid in w.children)
    return out, tree


#: What only the kernel sets, or the page too (a dropdown's ``index``: the page's choice
#: is noted, :func:`_forget`), of which a held widget sends nothing the page has already
#: (:func:`_not_on_page`).
_NOTED = frozenset({"_options_labels", "index", "allowed_tags", "display"})


def send_held(widgets: list[W.Widget]) -> None:
    """Stop holding ``widgets`` and send each what changed meanwhile, in one message; the
    layouts last (a row's controls are up to date before the row shows). What the page
    has already is not sent again (a hidden row's dropdown whose options went to another
    creature's and back: issue 26, item 5)."""
    for w in sorted(widgets, key=lambda w: isinstance(w, W.Layout)):
        w._holding_sync = False
        if w._states_to_send:
            if w.comm is not None:
                keys = _not_on_page(w, w._states_to_send)
                if keys:
                    w.send_state(keys)
            w._states_to_send.clear()


def _not_on_page(w: W.Widget, keys: set[str]) -> set[str]:
    """Of ``keys`` (changed while ``w`` was held), those whose value the page does not
    have by the last this module sent it (:data:`_NOTED` keys only); notes what is sent.
    A key sent otherwise since (a change made outside a hold) or set by the page is
    forgotten (:func:`_forget`), so it is sent."""
    noted = keys & _NOTED
    if not noted:
        return keys
    now = {k: getattr(w, k) for k in noted}  # the traits (cheaper than their JSON)
    page = w.__dict__.setdefault("_lfg_page", {})
    same = {k for k in noted if k in page and page[k] == now[k]}
    for k in noted - page.keys():
        w.observe(_forget, k)
    page.update(now)
    return keys - same


def _forget(change: dict) -> None:
    """A noted key changed with nothing to send it at the end of a hold (a change outside
    a hold, sent at once) or from the page (its ``_property_lock``): what the page has is
    no longer known."""
    w, name = change["owner"], change["name"]
    if not w._holding_sync or name in w._property_lock:
        w.__dict__.get("_lfg_page", {}).pop(name, None)


def _park(w: W.Widget, hider: W.Layout) -> None:
    """Keep what changed of ``w`` unsent while ``hider`` hides it: it is sent when it
    shows (:func:`_unpark`, :func:`_release`), not at every click (issue 26, item 5). A
    change made outside a hold is sent at once, as usual."""
    w._holding_sync = False
    parked = hider.__dict__.setdefault("_lfg_parked", [])
    if not any(x is w for x in parked):
        parked.append(w)
    if hider not in _HIDERS:
        _HIDERS.add(hider)
        hider.observe(_unpark, "display")


def _unpark(change: dict) -> None:
    """A hiding layout shows again: its parked widgets are sent - at the end of the hold
    under way (which parks again those still hidden), or now."""
    hider = change["owner"]
    if change["new"] == "none":
        return
    parked = hider.__dict__.pop("_lfg_parked", [])
    if _HOLDS:
        for w in parked:
            w._holding_sync = True
        _HOLDS[0].extend(parked)
    else:
        send_held(parked)


@contextmanager
def hold_tree(root: W.Widget) -> Iterator[None]:
    """Send each widget under ``root`` one message at the end, with its final state
    (issue 26, item 5): a redraw that sets a dropdown's options and then its value, or
    previews an attack for the old target and then the new, sends one update per widget
    changed, not one per step. Nested holds send at the outermost end. (As
    ``Widget.hold_sync`` on each, without a context manager per widget: a tracker has
    hundreds, and entering them all cost more than the rest of a redraw.)

    A widget the page does not show at the end (in a row hidden with ``display: none``)
    stays held: what changed is sent once when its row shows again (issue 26, item 5:
    the rows the acting creature cannot use followed every click, unseen) - but for
    whether it is off and its words (:data:`_ALWAYS_SENT`), sent at once."""
    held = [w for w in widget_tree(root) if not w._holding_sync]
    for w in held:
        w._holding_sync = True
    _HOLDS.append(held)
    try:
        yield
    finally:
        _HOLDS.pop()
        if _HOLDS:  # nested: the outermost hold sends
            _HOLDS[-1].extend(held)
        else:
            _release(root, held)


def _release(root: W.Widget, held: list[W.Widget]) -> None:
    """The end of the outermost hold: park what the page does not show, send the rest
    (and what was parked under ``root`` and shows now)."""
    hidden, tree = _hidden_by(root)
    mine = {id(w) for w in held}
    for hider in list(_HIDERS):
        parked = hider.__dict__.get("_lfg_parked", [])
        # those held now are decided below; of the others, those under root shown now
        # are sent, the rest stay parked
        rest = [w for w in parked if id(w) not in mine]
        shown = [w for w in rest if id(w) in tree and hidden.get(id(w)) is not hider]
        hider.__dict__["_lfg_parked"] = [w for w in rest if not any(w is x for x in shown)]
        held.extend(shown)
    send: list[W.Widget] = []
    for w in held:
        hider = hidden.get(id(w))
        if hider is None:
            send.append(w)
        else:
            _park(w, hider)
            _send_always(w)
    send_held(send)


def _send_always(w: W.Widget) -> None:
    """Send a parked widget's :data:`_ALWAYS_SENT` changes now (a hidden control is off on
    the page too, and its words are the kernel's)."""
    now = _ALWAYS_SENT & w._states_to_send
    if now:
        if w.comm is not None:
            w.send_state(now)
        w._states_to_send -= now
