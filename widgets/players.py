"""PlayersScreen: the players' view of a fight, for a second screen (issue 26, item 3).

It follows the same :class:`~lfgcombat.Encounter` as the GM's tracker
(:meth:`~lfgcombat.Encounter.subscribe`) and draws only :func:`lfgcombat.engine.players_view.
players_view` - the map with the creatures the party can perceive, the order of play, the
Ready/Done cards with conditions, the party's hit points and the foes' health as words.
What the players may know is the engine's to say; this widget holds no rules. What it does
not show never reaches the browser: every HTML it sends is drawn from that value alone.

The GM keeps a creature from the players by a click in the tracker (its GM rows' "Keep
from the players" toggles, :class:`~lfgcombat.widgets.tracker_gm.KeepFromPlayers`), or in
code with :func:`keep_from_players`: every screen open on the fight hides it, and so does
one opened later. Not a fight event: undo and "back to here" leave it.

The map is an SVG picture of the encounter's hex map drawn from the view (the GM's
BattleMap draws every token of the map and is driven by clicks; this one is read-only).

CSS hooks (for styling and the browser tests): the widget is ``.lfg-players``; the round
line ``.lfg-players-round`` (``data-round``) and who acts ``.lfg-players-acting`` ("Waiting
for the next turn" while no creature the party perceives acts, hidden actor or none); the map
``.lfg-players-map`` with one ``.lfg-players-token`` per perceived creature
(``data-name``); the cards ``.lfg-players-card`` (``data-name``, ``data-health``), their
``.lfg-players-health``.
"""

from __future__ import annotations

import html
import weakref
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from lfgcombat.errors import LfgError
from lfgcombat.engine import Encounter
from lfgcombat.engine.players_view import PlayersView, players_view

from .battlemap import TERRAIN_COLORS
from .tracker_cards import Panel
from .tracker_ui import SIDE_COLORS, html_words

__all__ = ["PlayersScreen", "keep_from_players", "kept_from_players", "screens_of",
           "watch_screens"]

_HEALTH_COLORS = {"unhurt": "#38a169", "bloodied": "#dd6b20", "down": "#718096"}
_TERRAIN = {getattr(k, "value", str(k)): v for k, v in TERRAIN_COLORS.items()}
_SCALE = 18.0  # pixels per hex size


#: The open players' screens of each encounter (:func:`screens_of`). Weak: a fight or a
#: screen no one holds any longer is forgotten.
_SCREENS: "weakref.WeakKeyDictionary[Encounter, weakref.WeakSet[PlayersScreen]]" = (
    weakref.WeakKeyDictionary())
#: Who wants to know when a screen of an encounter opens, closes or hides other creatures
#: (:func:`watch_screens`: a tracker's "Keep from the players" toggles), weakly held.
_WATCHERS: "weakref.WeakKeyDictionary[Encounter, list[weakref.WeakMethod]]" = (
    weakref.WeakKeyDictionary())


def watch_screens(encounter: Encounter, method: Callable[[], Any]) -> None:
    """Call ``method()`` (a bound method, held weakly) when a players' screen of
    ``encounter`` opens, closes or changes what it hides."""
    _WATCHERS.setdefault(encounter, []).append(weakref.WeakMethod(method))  # type: ignore[arg-type]


def _tell(encounter: Encounter) -> None:
    """Tell the watchers of ``encounter`` (:func:`watch_screens`); forget the gone ones."""
    alive = []
    for ref in _WATCHERS.get(encounter, []):
        method = ref()
        if method is not None:
            alive.append(ref)
            method()
    if encounter in _WATCHERS:
        _WATCHERS[encounter] = alive


def _names(names: Any) -> tuple[str, ...]:
    """``names`` (one name, an iterable of names or ``None``) as a tuple, each once."""
    if isinstance(names, str):
        return (names,)
    return tuple(dict.fromkeys(names or ()))


def screens_of(encounter: Encounter) -> list["PlayersScreen"]:
    """The players' screens open on ``encounter`` now (made and not closed), oldest first."""
    return sorted(_SCREENS.get(encounter, ()), key=lambda s: s._made)


def kept_from_players(encounter: Encounter) -> tuple[str, ...]:
    """The creatures kept from the players of ``encounter``: those the GM chose
    (:func:`keep_from_players`) and those any open screen hides (its ``hidden=``), in the
    fight's order (a name an undo took out of the fight after it)."""
    kept = set(encounter.kept_from_players)
    for screen in screens_of(encounter):
        kept.update(screen.hidden)
    order = {n: i for i, n in enumerate(encounter.names)}
    return tuple(sorted(kept, key=lambda n: (order.get(n, len(order)), n)))


def keep_from_players(encounter: Encounter, names: Any) -> tuple[str, ...]:
    """Keep exactly ``names`` from the players: every players' screen open on
    ``encounter`` hides them (:attr:`PlayersScreen.hidden`), and a screen opened on it later
    starts with them hidden (000_8d1d7816ee944f3b.txt, "COMBAT GAMEPLAY – OVERVIEW": "The
    GM determines awareness and the position of all the combatants").

    Not a fight event: what the players' screen shows is the table's matter, not the
    fight's, so it is not logged - undo, "back to here", a branch resumed, a save and its
    replay neither change it nor reveal a creature kept (a name an undo takes out of the
    fight stays kept, for when a redo brings it back). It is kept on the encounter
    (:attr:`~lfgcombat.engine.Encounter.kept_from_players`), so its save (in the header),
    a load of that save and its forks keep the same creatures from the players.

    Args:
        encounter: The fight.
        names: The creatures to keep from the players (names; empty: none).

    Returns:
        The names kept now.

    Raises:
        LfgError: a name is not a creature of the fight (nothing changes).
    """
    names = _names(names)
    unknown = [n for n in names if n not in encounter.names]
    if unknown:
        raise LfgError(f"keep from the players: no creature {', '.join(map(repr, unknown))} "
                       f"in this fight; give creatures of {', '.join(encounter.names)}")
    encounter.kept_from_players = names
    for screen in screens_of(encounter):
        screen._hide(names)
    _tell(encounter)
    return names


def _default_party(encounter: Encounter) -> str:
    """The side named "party", or an error that asks which side the players are."""
    sides = list(dict.fromkeys(encounter.side(n) for n in encounter.names))
    if "party" in sides:
        return "party"
    raise LfgError(f"PlayersScreen: which side are the players? This fight has no side named "
                   f"'party'; give party= one of {', '.join(map(repr, sides))}")


#: A label's font size on the players' map (SVG units; the map grows up to 2.5 times on a
#: TV), its smallest, and a letter's width as a share of the size (sans-serif, about).
_LABEL_SIZE, _LABEL_MIN, _LETTER = 9.0, 5.5, 0.62


def _hex_width(geo: Any, m: Any) -> float:
    """A hex's width in map units (corner to corner, across)."""
    xs = [x for x, _ in geo.corners(m.cell(0, 0), 1.0)]
    return max(xs) - min(xs)


def _label_lines(name: str, width: float) -> tuple[list[str], float]:
    """A token's name as lines that fit ``width`` and their font size: two words or more
    on two lines ("Orc" over "Shaman"), the size shrunk to fit (never under
    ``_LABEL_MIN``), a line still too long cut with "…" (the card below names it whole;
    issue 26: "Wulfri|Orc Sham" ran over the next hex)."""
    words = name.split()
    lines = [words[0], " ".join(words[1:])] if len(words) > 1 and len(name) > 6 else [name]
    size = min(_LABEL_SIZE, width / (_LETTER * max(len(line) for line in lines)))
    if size < _LABEL_MIN:
        size = _LABEL_MIN
        room = max(2, int(width / (_LETTER * size)))
        lines = [line if len(line) <= room else line[:room - 1] + "…" for line in lines]
    return lines, round(size, 1)


def _token_label(name: str, x: float, y: float, hex_width: float) -> str:
    """The SVG label of a token centred at ``(x, y)``: within its hex, with a white halo."""
    lines, size = _label_lines(name, 0.9 * hex_width)
    top = y + 0.35 * size - 0.55 * size * (len(lines) - 1)
    spans = "".join(f'<tspan x="{x:.1f}" y="{top + 1.1 * size * i:.1f}">'
                    f'{html.escape(line)}</tspan>' for i, line in enumerate(lines))
    return (f'<text class="lfg-players-label" text-anchor="middle" font-size="{size:g}" '
            'font-family="sans-serif" font-weight="600" fill="#111" stroke="#fff" '
            f'stroke-width="{size / 4:.1f}" paint-order="stroke">{spans}</text>')


class PlayersScreen(W.VBox):
    """What the players see: open it in its own browser window for a TV.

    Args:
        encounter: The encounter (the GM's; the screen follows it live).
        party: The players' side (default: the side named ``"party"``; a fight without one
            must name it - the first creature's side was the default, and a fight that listed
            a monster first showed the monsters' exact HP as the players' own).
        hidden: Creatures the GM keeps from the players (names; see
            :func:`lfgcombat.engine.players_view.perceived`). Change it later with :attr:`hidden`.

    Attributes:
        view: The :class:`~lfgcombat.engine.players_view.PlayersView` drawn now.
        shown_text: What the screen shows, as plain words (read-only).

    Raises:
        TypeError: ``encounter`` is not an Encounter.
        LfgError: ``party`` is not a side (or, left out, the fight has no side named
            ``"party"``), or ``hidden`` names nobody in the fight.
    """

    def __init__(self, encounter: Encounter, party: str | None = None, hidden: Any = (),
                 **kwargs: Any) -> None:
        if not isinstance(encounter, Encounter):
            raise TypeError(f"PlayersScreen needs a lfgcombat.Encounter, not "
                            f"{type(encounter).__name__}")
        self.encounter = encounter
        self.party = party if party is not None else _default_party(encounter)
        # the GM's choice in a tracker of this fight (:func:`keep_from_players`) holds for a
        # screen opened later too: it never shows, even once, a creature kept
        self._hidden = _names(_names(hidden) + encounter.kept_from_players)
        players_view(encounter, self.party, self._hidden)  # refused: nothing changes
        # kept on the encounter too, so its save and its forks keep them (a new user's
        # notebook hid a foe by ``hidden=``, and a load showed it)
        encounter.kept_from_players = self._hidden
        self.view: PlayersView = players_view(encounter, self.party, self._shown_hidden())
        # one HTML value, sent once a step at most (issue 26, item 5: each widget's update
        # is a message the page handles on its own)
        self._panel = Panel("lfg-players-panel")
        self._round = self._panel.part()
        self._map = self._panel.part()
        self._cards = self._panel.part()
        self._ground: tuple[Any, str, tuple[float, ...]] = (None, "", ())
        super().__init__(children=[self._panel], **kwargs)
        self.add_class("lfg-players")
        self._unsubscribe: Callable[[], None] | None = encounter.subscribe(
            lambda _enc: self.refresh())
        PlayersScreen._count += 1
        self._made = PlayersScreen._count
        _SCREENS.setdefault(encounter, weakref.WeakSet()).add(self)
        self.refresh()
        _tell(encounter)  # a tracker's toggles show this screen's party and hidden

    _count = 0  # screens made, for :func:`screens_of`'s order

    def _shown_hidden(self) -> tuple[str, ...]:
        """The hidden names now in the fight (an undo may take a creature out of it: its
        name stays hidden, for when it comes back)."""
        names = self.encounter.names
        return tuple(n for n in self._hidden if n in names)

    @property
    def hidden(self) -> tuple[str, ...]:
        """The creatures the GM keeps from the players (set it to change them)."""
        return self._hidden

    @hidden.setter
    def hidden(self, names: Any) -> None:
        self._hide(names)
        enc = self.encounter  # what every open screen hides, kept with the fight
        enc.kept_from_players = _names(n for s in screens_of(enc) for n in s.hidden)
        _tell(enc)

    def _hide(self, names: Any) -> None:
        """Set :attr:`hidden` without telling the watchers (:func:`keep_from_players`
        tells them once for every screen)."""
        names = _names(names)
        players_view(self.encounter, self.party, names)  # refused: nothing changes
        self._hidden = names
        self.refresh()

    @property
    def shown_text(self) -> dict[str, str]:
        """What the screen shows now, as plain words (tags left out; read-only, for
        notebooks and tests): ``round`` (the round and who acts), ``cards`` (the cards in
        order of play: name, Ready/Done, the party's HP, the health word, conditions) and
        ``map`` (the creatures whose tokens it draws, by name, "" without a map)."""
        return {"round": html_words(self._round.value), "cards": html_words(self._cards.value),
                "map": ", ".join(t.name for t in self.view.tokens)}

    def refresh(self) -> None:
        """Redraw from the engine's players' view (after every step)."""
        v = players_view(self.encounter, self.party, self._shown_hidden())
        self.view = v
        colors = self._colors()
        with self._panel.hold_sync():  # one message, when anything changed
            self._round.value = _round_html(v)
            self._map.value = self._map_svg(v, colors)
            self._cards.value = ('<div class="lfg-players-cards">'
                                 + "".join(_card_html(c, colors) for c in v.cards) + "</div>")

    def _colors(self) -> dict[str, str]:
        sides = list(dict.fromkeys(self.encounter.side(n) for n in self.encounter.names))
        return {s: SIDE_COLORS[i % len(SIDE_COLORS)] for i, s in enumerate(sides)}

    def _map_svg(self, v: PlayersView, colors: dict[str, str]) -> str:
        m = self.encounter.map
        if m is None or v.map_size is None:
            return ""
        geo = m.geometry

        xs: list[float] = []
        ys: list[float] = []

        def points(col: int, row: int, shrink: float = 1.0) -> str:
            pts = [(x * _SCALE, y * _SCALE) for x, y in geo.corners(m.cell(col, row), shrink)]
            xs.extend(x for x, _ in pts)
            ys.extend(y for _, y in pts)
            return " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)

        key = (v.map_size, v.terrain, m.terrain_version)
        if self._ground[0] != key:  # the ground is drawn again only when it changed
            width, height = v.map_size
            terrain = {(c, r): t for c, r, t in v.terrain}
            ground = []
            for row in range(height):
                for col in range(width):
                    fill = _TERRAIN.get(terrain.get((col, row), "normal"), "#f4f1e6")
                    ground.append(f'<polygon points="{points(col, row)}" fill="{fill}" '
                                  'stroke="#bbb" stroke-width="0.6"/>')
            box = (min(xs) - 2, min(ys) - 2, max(xs) + 2, max(ys) + 2)
            self._ground = (key, "".join(ground), box)
        shapes = [self._ground[1]]
        for t in v.tokens:
            color = colors.get(t.side, "#444")
            name = html.escape(t.name)
            body = "".join(f'<polygon points="{points(c, r, 0.8)}" fill="{color}" '
                           f'fill-opacity="{0.35 if t.down else 0.9}" stroke="#000" '
                           'stroke-width="0.8"/>' for c, r in t.cells)
            x, y = geo.to_pixel(m.cell(*t.cells[0]))
            label = _token_label(t.name, x * _SCALE, y * _SCALE, _hex_width(geo, m) * _SCALE)
            shapes.append(f'<g class="lfg-players-token" data-name="{name}">'
                          f'<title>{name}</title>{body}{label}</g>')
        x0, y0, x1, y1 = self._ground[2]
        return (f'<svg class="lfg-players-map" viewBox="{x0:.1f} {y0:.1f} {x1 - x0:.1f} '
                f'{y1 - y0:.1f}" width="{x1 - x0:.0f}" height="{y1 - y0:.0f}" '
                # as wide as its view, up to 2.5 times its own size: in a window of its own
                # on a TV the map grows with the window (it stayed about 290 px wide)
                f'style="width:100%;max-width:{2.5 * (x1 - x0):.0f}px;height:auto">'
                + "".join(shapes) + "</svg>")

    def close(self) -> None:
        """Stop following the encounter."""
        unsubscribe = getattr(self, "_unsubscribe", None)
        if unsubscribe is not None:
            unsubscribe()
            self._unsubscribe = None
        enc = getattr(self, "encounter", None)  # a screen refused in __init__ has none
        if enc is not None and enc in _SCREENS and self in _SCREENS[enc]:
            _SCREENS[enc].discard(self)
            _tell(enc)
        super().close()

    def __repr__(self) -> str:
        v = self.view
        return (f"PlayersScreen(party={v.party!r}, round {v.round}, "
                f"{len(v.cards)} creatures seen)")


def _round_html(v: PlayersView) -> str:
    label = (f"Round {v.round}" + (" · Surprise Round" if v.surprise else "")
             if v.round else "Not started")
    if v.over:  # no "may go next" after the last foe falls (a new user)
        line = "The fight is over"
    elif v.acting:
        nxt = f" · may go next: {', '.join(v.next)}" if v.next else ""
        line = f"Acting: <b>{html.escape(', '.join(v.acting))}</b>{html.escape(nxt)}"
    else:  # no perceived actor: the same words whoever (hidden or no one) acts
        line = "Waiting for the next turn" if v.round else "&nbsp;"
    return (f'<div class="lfg-players-round" data-round="{v.round}" '
            f'style="font:600 15px sans-serif">{html.escape(label)}</div>'
            f'<div class="lfg-players-acting" style="font:13px sans-serif">{line}</div>')


def _card_html(c: Any, colors: dict[str, str]) -> str:
    color = colors.get(c.side, "#444")
    ring = "box-shadow:0 0 0 2px #d69e2e;" if c.acting else ""
    hp = (f"HP {c.hp}/{c.max_hp} · " if c.ours and c.hp is not None else "")
    health = (f'<span class="lfg-players-health" style="color:{_HEALTH_COLORS[c.health]};'
              f'font-weight:600">{html.escape(c.health)}</span>')
    conds = html.escape(", ".join(c.conditions)) or "&nbsp;"
    return (f'<div class="lfg-players-card" data-name="{html.escape(c.name)}" '
            f'data-health="{c.health}" style="display:inline-block;vertical-align:top;'
            f'width:140px;margin:0 6px 6px 0;padding:4px 6px;border:1px solid #ccc;'
            f'border-left:6px solid {color};border-radius:4px;{ring}'
            f'font:13px/1.35 sans-serif"><b>{html.escape(c.name)}</b> '
            f'<span style="color:#666">{c.card}</span><br>{hp}{health}<br>'
            f'<span style="color:#555;font-size:12px">{conds}</span></div>')

