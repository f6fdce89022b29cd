"""The Ready/Done cards of Selective Initiative, and their legend, as HTML.

000_8d1d7816ee944f3b.txt, "Selective Initiative – Suggestion": "give each player (and
monster) an index card that says “Ready” on one side and “Done” on the other side".
Everything shown comes from :meth:`lfgcombat.Encounter.state`; under a ruleset that keeps
its own record of each combatant (``classic``, ``wounds``) the card adds the record's
vitals from the state's ``vitals`` (Wounds, nonlethal damage, disabled, Barrier, Shell,
Total Defense, parries left) and counts its turn in the record's own actions (Half Actions).

:class:`Panel` shows the cards with the round and the other words above the controls as
one HTML value, sent only when it changed (issue 26, item 5: "the widget redraws only what
changed").
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as W

from .tracker_ui import swatch

_CARD = ("display:inline-block;vertical-align:top;width:150px;margin:0 6px 6px 0;"
         "padding:4px 6px;border:1px solid #ccc;border-left:6px solid {color};"
         "border-radius:4px;background:{bg};font:12px/1.35 sans-serif;{extra}")
ACTING_RING = "#d69e2e"


def hp_color(frac: float) -> str:
    """Green above half, amber above a quarter, red below."""
    return "#38a169" if frac > 0.5 else "#d69e2e" if frac > 0.25 else "#e53e3e"


def _norm(text: str) -> str:
    return text.replace("-", " ").replace("_", " ").casefold()  # "cramped" is "Cramped"


def vitals_text(vitals: dict[str, Any], said: frozenset[str] = frozenset()) -> str:
    """A ruleset record's vitals (``Encounter.state(name).vitals``) in words, those that
    are set: ``Wounds 7/12 · Barrier 10/90 · Shell 50 · nonlethal 3 · disabled...``; a
    flag among ``said`` (the card's status and conditions, :func:`_norm`) is not said
    again (issue 26: a disabled orc's card said "disabled" three times)."""
    v = vitals or {}
    parts = []
    if v.get("wounds") is not None:
        parts.append(f"Wounds {v['wounds']}/{v.get('wounds_max', '?')}")
    for key, label in (("barrier", None), ("shell", "Shell"), ("nonlethal", "nonlethal"),
                       ("bleed", "Bleed"), ("negative_levels", "negative levels")):
        if v.get(key):
            parts.append(str(v[key]) if label is None else f"{label} {v[key]}")
    for key in ("disabled", "stable", "mobile", "total_defense"):
        if v.get(key) is True and _norm(key) not in said:
            parts.append(key.replace("_", " "))
    if v.get("parries_left") is not None:
        parts.append(f"parries {v['parries_left']}, shield {v.get('shield_hp')} HP")
    if v.get("initiative_penalty"):
        parts.append(f"initiative {v['initiative_penalty']:+d}")
    return " · ".join(parts)


def _actions_text(s: dict[str, Any]) -> str:
    """The actions left: lfg's Big/Little/Reactions, or - for a combatant with a ruleset's
    record - the round in the engine's words (``actions_left.summary``: classic's single
    action and Move Action feet, wounds' Half Actions and AOO)."""
    a = s["actions_left"]
    summary = getattr(a, "summary", "")
    if summary:
        return str(summary)
    return f"{a.big} Big · {a.little} Little · {a.reactions} React"


def _flags(s: dict[str, Any], acting: bool, paused: bool) -> list[str]:
    flags = []
    if acting:
        flags.append("acting")
    if paused:
        flags.append("interrupted")
    if s["ready"]:
        flags.append(f"readied: {s['ready']['action']} when {s['ready']['trigger']}")
    if s["full_round"]:
        flags.append(f"full-round: {s['full_round']}")
    return flags


def _classes(s: dict[str, Any], face: str, acting: bool, paused: bool) -> str:
    """The card's CSS classes: its face, acting, interrupted, dead or down."""
    classes = ["lfg-card", f"lfg-card-{face.lower()}"]
    if acting:
        classes.append("lfg-card-acting")
    if paused:
        classes.append("lfg-card-interrupted")
    if s["dead"]:
        classes.append("lfg-card-dead")
    elif s["hp"] <= 0:
        classes.append("lfg-card-down")
    return " ".join(classes)


def _initiative_text(s: dict[str, Any], declined: bool) -> str:
    """``init 23``, or no roll and why: "only the creatures that are aware may roll
    initiative" (000_8d1d7816ee944f3b.txt, "AMBUSH! - What if you’re unaware?"), and an
    aware creature may decline to roll ("Rounds, Initiative, & Turn Order")."""
    if s["initiative"] is not None:
        return str(s["initiative"])
    if not s.get("aware", True):
        return "— (unaware: no roll)"
    return "— (declined)" if declined else "—"


def _conditions_text(s: dict[str, Any]) -> str:
    """Conditions and effects; an effect's label says why (e.g. "flat-footed (unaware in
    the Surprise Round)"), so a condition an effect names is not repeated. A dead
    creature's card says "Dead" once, on its face (what its HP would bring - unconscious,
    prone - no longer matters): none here."""
    return ", ".join(_condition_items(s))


def _condition_items(s: dict[str, Any]) -> list[str]:
    """The conditions and effects :func:`_conditions_text` joins."""
    if s["dead"]:
        return []
    return [c for c in s["conditions"]
            if not any(_norm(c) in _norm(x) for x in s["effects"])] + list(s["effects"])


#: An effect's label longer than this (letters: about two lines of a card) shows its word.
_LONG = 40


def _conditions_html(s: dict[str, Any]) -> str:
    """The conditions line: an effect labelled "what: what it does" longer than two
    lines of a card (:data:`_LONG`) shows its short word on the card, the sentence in its
    tooltip (issue 26: "shield bash: no Shield Rating against anyone but Orc Shaman"
    filled a card); a short one ("protecting Hero: Cramped") and conditions as they are."""
    long = {x for x in s["effects"] if ": " in x and len(x) > _LONG}
    parts = []
    for c in _condition_items(s):
        if c in long:
            head = c.split(": ", 1)[0]
            parts.append(f'<span class="lfg-effect" title="{html.escape(c)}" style="'
                         f'text-decoration:underline dotted">{html.escape(head)}</span>')
        else:
            parts.append(html.escape(c))
    return ", ".join(parts)


def card_html(name: str, s: dict[str, Any], color: str, acting: bool, paused: bool,
              declined: bool = False) -> str:
    """One creature's card from its :meth:`~lfgcombat.Encounter.state` ``s``.

    Args:
        name: The creature.
        s: Its state.
        color: Its side's colour.
        acting: Whether it acts now.
        paused: Whether its turn is paused by an interrupt.
        declined: Whether it declined to roll initiative (said beside "init —").

    Returns:
        The card's HTML.
    """
    face = "Done" if s["done"] else "Ready"
    frac = max(0.0, min(1.0, s["hp"] / s["max_hp"])) if s["max_hp"] else 0.0
    bg = "#fffbea" if acting else "#f1f1f1" if s["done"] else "#fff"
    extra = f"box-shadow:0 0 0 2px {ACTING_RING};" if acting else ""
    if s["dead"]:
        extra += "opacity:0.55;"
    init = _initiative_text(s, declined)
    temp = f" +{s['temp_hp']} temp" if s["temp_hp"] else ""
    conds = _conditions_text(s)
    said = frozenset(_norm(c) for c in conds.split(", ") if c)
    # a dead creature's card says "Dead" once, on its face (issue 26, h26z item 4): no
    # status, actions left (classic's summary is "dead") or conditions besides; a status
    # its conditions name (classic's Disabled) is said once, among them
    status = ("" if s["status"] in ("conscious", "dead") or _norm(s["status"]) in said
              else f" · {s['status']}")
    vitals = vitals_text(s.get("vitals") or {}, said | {_norm(s["status"])})
    actions = "" if s["dead"] else _actions_text(s)
    e = html.escape
    return (
        f'<div class="{_classes(s, face, acting, paused)}" data-name="{e(name)}"'
        f' data-side="{e(s["side"])}"'
        f' style="{_CARD.format(color=color, bg=bg, extra=extra)}">'
        f'<div><b>{e(name)}</b> <span class="lfg-card-face" style="float:right;'
        f'font-weight:600;color:{"#888" if s["done"] or s["dead"] else "#2f855a"}">'
        f'{"Dead" if s["dead"] else face}</span></div>'
        f'<div style="color:#666">{e(s["side"])} · init {init}{e(status)}</div>'
        f'<div style="height:7px;background:#e2e2e2;border-radius:3px;margin:2px 0">'
        f'<div class="lfg-hp-bar" style="height:7px;width:{frac * 100:.0f}%;'
        f'background:{hp_color(frac)};border-radius:3px"></div></div>'
        f'<div class="lfg-hp-text">HP {s["hp"]}/{s["max_hp"]}{temp}</div>'
        + (f'<div class="lfg-vitals" style="color:#6b46c1">{e(vitals)}</div>' if vitals
           else "")
        + f'<div style="color:#555">{e(actions)}</div>'
        f'<div class="lfg-conditions" style="color:#9c4221">{_conditions_html(s)}</div>'
        + "".join(f'<div style="color:#2b6cb0">{e(f)}</div>' for f in _flags(s, acting, paused))
        + "</div>")


def legend_html(colors: dict[str, str]) -> str:
    """What the colours mean: one swatch per side (cards' edges, tokens and the "next"
    buttons), the acting ring, and the Ready/Done faces."""
    sides = "".join(swatch(c, side) for side, c in colors.items())
    return (f'<div class="lfg-legend" style="font:11px sans-serif;color:#444">'
            f'<b>sides:</b>{sides}'
            f'<span style="display:inline-block;width:11px;height:11px;margin:0 3px 0 12px;'
            f'vertical-align:middle;box-shadow:0 0 0 2px {ACTING_RING}"></span>acting'
            f'&nbsp;&nbsp;<b style="color:#2f855a">Ready</b>: may still act this round '
            f'&nbsp;<b style="color:#888">Done</b>: has acted</div>')


class Panel(W.HTML):
    """Read-only parts shown as one HTML value (issue 26, item 5, "Fast": the page handles
    each widget's update message on its own, and a click's ~40 updates were most of its
    time in Chromium; the round, the cards, what is left, the reminders and the rows not
    offered changed together at most steps). Each :class:`Part` keeps its own ``value``;
    setting one composes the panel again, and the panel sends only when the whole changed
    (inside the tracker's hold: once a click).

    Args:
        css: The panel's CSS class (the tracker's ``.lfg-info``).
    """

    def __init__(self, css: str = "lfg-info") -> None:
        super().__init__(layout=W.Layout(margin="0"))
        self.add_class(css)
        self._parts: list[Part] = []

    def part(self, css: str = "") -> Part:
        """A new part at the end of the panel, wrapped in a ``div`` of class ``css`` when
        given (a CSS hook the part's own HTML does not carry)."""
        made = Part(self, css)
        self._parts.append(made)
        return made

    def compose(self) -> None:
        """Set the panel's value from its parts (sent only when it changed)."""
        value = "".join(p.html for p in self._parts)
        if self.value != value:
            self.value = value


class Part:
    """One part of a :class:`Panel`: its ``value`` is its HTML (read and set as an
    ``ipywidgets.HTML``'s)."""

    def __init__(self, panel: Panel, css: str = "") -> None:
        self._panel = panel
        self._css = css
        self._value = ""

    @property
    def value(self) -> str:
        """The part's HTML."""
        return self._value

    @value.setter
    def value(self, text: str) -> None:
        if text != self._value:
            self._value = text
            self._panel.compose()

    @property
    def html(self) -> str:
        """What the panel shows of it: its value, in a ``div`` of its CSS class if any."""
        return f'<div class="{self._css}">{self._value}</div>' if self._css else self._value

    def show(self, cards: Mapping[str, str]) -> None:
        """Show ``cards`` (creature -> its card's HTML, in order) as one row of cards
        (CSS ``.lfg-cards``)."""
        self.value = '<div class="lfg-cards">' + "".join(cards.values()) + "</div>"
