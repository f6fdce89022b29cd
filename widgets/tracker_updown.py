"""The tracker's rows for issue 15: moving by mode (fly, swim, climb, leap) to a hex and an
altitude, Run by mode, the GM's altitude, forcing and opening doors, striking objects, and
volleys. Each button calls one public :class:`lfgcombat.Encounter` method; the engine spends
the action and refuses what the rules forbid (000_8d1d7816ee944f3b.txt, "Other Types of
Movement", "Volley Shots & Indirect Fire", "Breaking down doors, walls, & other
barricades"). No rules live here.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from lfgcombat.errors import LfgError
from lfgcombat.rules.weapons import weapon_entries
from lfgcombat.rules.turns.round_offers import round_offers

from .tracker_actions import _refusal, parse_cell
from .tracker_ui import button, dropdown, row, set_options

if TYPE_CHECKING:  # pragma: no cover
    from .initiative import InitiativeTracker

#: The movement modes offered, as (label, mode).
MODES = [("Fly", "fly"), ("Swim", "swim"), ("Climb", "climb"), ("Leap", "leap"),
         ("Walk", "walk")]
#: What the "through" row does, as (label, what).
THROUGH = [("Open door", "open_door"), ("Force door / chest", "force_door"),
           ("Strike door / object", "attack_object"), ("Volley at hex", "volley")]


class UpDownControls(W.VBox):
    """Move by mode, run by mode, set an altitude; open, force or strike a door or object;
    volley at a hex.

    CSS hooks: ``.lfg-mode``, ``.lfg-mode-to``, ``.lfg-mode-altitude``, ``.lfg-mode-move``,
    ``.lfg-mode-run``, ``.lfg-set-altitude``; ``.lfg-through``, ``.lfg-through-at``,
    ``.lfg-through-weapon``, ``.lfg-through-do``; the rows ``.lfg-updown-row`` and
    ``.lfg-through-row`` (hidden when they offer the acting creature nothing).
    """

    def __init__(self, tracker: "InitiativeTracker") -> None:
        self.tracker = tracker
        self.mode = dropdown("mode", "lfg-mode", MODES, width="10em")
        self.to = _text("to hex", "col, row e.g. 3, 4", "lfg-mode-to")
        self.altitude = _text("altitude ft", "blank: stay", "lfg-mode-altitude")
        self.move_button = button("Move", "lfg-mode-move", self.move,
                                  "move the acting creature by this mode (one budget with "
                                  "its other movement this Big Action)")
        self.run_button = button("Run", "lfg-mode-run", self.run,
                                 "run by this mode (fly, swim, climb) in a straight line; a "
                                 "fly Run descending 10 ft or more allows a Dive Attack")
        self.set_alt = button("Set altitude (GM)", "lfg-set-altitude", self.set_altitude,
                              "the GM puts the acting creature at this altitude (logged)")
        self.what = dropdown("do", "lfg-through", THROUGH, width="16em")
        self.at = _text("at", "door hex 'col, row' or object label", "lfg-through-at")
        self.weapon = _text("weapon", "e.g. longbow, maul", "lfg-through-weapon")
        self.do_button = button("Do it", "lfg-through-do", self.do_through,
                                "open / force / strike the door or object, or volley at "
                                "the hex")
        #: Why Move, Run or Do it is off now (the engine's refusal of a dry run).
        self.why = W.HTML()
        #: The "Through:" row, hidden when it offers nothing (:meth:`offered`).
        self.through_row = row(self.what, self.at, self.weapon, self.do_button,
                               title="Through:")
        #: The "Up/down:" row, hidden for a creature that only walks (:meth:`_modes`).
        self.updown_row = row(self.mode, self.to, self.altitude, self.move_button,
                              self.run_button, self.set_alt, title="Up/down:")
        self.updown_row.add_class("lfg-updown-row")
        self.through_row.add_class("lfg-through-row")
        super().__init__(children=[self.updown_row, self.through_row, self.why])
        self.add_class("lfg-updown-rows")
        self._filling = False  # inside refresh: one check at its end
        for w in (self.mode, self.to, self.altitude, self.what, self.at, self.weapon):
            w.observe(lambda _c: self._filling or self.check_offers(), "value")

    def _actor(self) -> str:
        acting = self.tracker.encounter.acting
        if not acting:
            raise LfgError("nobody is acting: start the encounter or choose who goes next")
        who = getattr(getattr(self.tracker, "action_rows", None), "who", None)
        return who.value if who is not None and who.value in acting else acting[0]

    def _altitude(self) -> int | None:
        text = self.altitude.value.strip()
        if not text:
            return None
        if not text.isdigit():
            raise LfgError(f"altitude: type whole feet (e.g. 10), or leave it blank; not "
                           f"{text[:30]!r}")
        return int(text)

    def move(self) -> None:
        """Move by the chosen mode to the typed hex and altitude."""
        self.tracker._attempt(self._moving("move", self.tracker.encounter))

    def run(self) -> None:
        """Run by the chosen mode to the typed hex and altitude."""
        self.tracker._attempt(self._moving("run", self.tracker.encounter))

    def _moving(self, how: str, enc: Any) -> Callable[[], Any]:
        """The chosen move or run as one call on ``enc`` (the encounter, or a fork of it
        for the dry run)."""
        t = self.tracker
        return lambda: getattr(enc, how)(self._actor(), parse_cell(self.to.value),
                                         aoo=t.aoo, mode=self.mode.value,
                                         altitude=self._altitude())

    def set_altitude(self) -> None:
        """The GM sets the acting creature's altitude."""
        t, enc = self.tracker, self.tracker.encounter

        def do() -> Any:
            feet = self._altitude()
            if feet is None:
                raise LfgError("altitude: type the feet to set (0 lands it)")
            return enc.set_altitude(self._actor(), feet)
        t._attempt(do)

    def do_through(self) -> None:
        """Open, force or strike a door or object, or volley at a hex."""
        self.tracker._attempt(self._through(self.tracker.encounter))

    def _through(self, enc: Any, what: str | None = None, at: Any = None,
                 weapon: str | None = None) -> Callable[[], Any]:
        """The chosen door, object or volley action as one call on ``enc``; ``what``,
        ``at`` and ``weapon`` stand in for what is chosen or typed (a probe: :meth:`offered`)."""
        what = what or self.what.value
        given, probe_weapon = at, weapon

        def do() -> Any:
            name = self._actor()
            text = self.at.value.strip()
            at: Any = given if given is not None else parse_cell(text) if any(
                ch.isdigit() for ch in text[:1]) or text.startswith("(") else text
            if what == "open_door":
                return enc.open_door(name, at)
            if what == "force_door":
                return enc.force_door(name, at)
            weapon = probe_weapon or self.weapon.value.strip()
            if not weapon:
                doing = "a volley" if what == "volley" else "attacking an object"
                raise LfgError(f"For {doing}, type the weapon to use in the weapon box")
            if what == "attack_object":
                return enc.attack_object(name, at, weapon)
            return enc.volley(name, at, weapon)
        return do

    def refresh(self) -> None:
        """Buttons off when nobody acts, or the fight is over (the tracker's ``halted``)."""
        off = self.tracker.encounter.current is None or bool(self.tracker.halted)
        self.set_alt.disabled = off  # the GM's own hand
        offered = list(self.tracker.remembered(  # once per step of the fight
            "through offers", (tuple(self.tracker.encounter.acting), self.at.value,
                               self.weapon.value, repr(self.tracker.aoo)),
            lambda: tuple(self.offered())))
        self._filling = True
        try:
            set_options(self.mode, self._modes())
            set_options(self.what, offered or THROUGH[:1])
        finally:
            self._filling = False
        t = self.tracker
        nobody = t.nobody_acts()
        t.offer_row(self.updown_row, "Up/down", nobody or self._modes_refusal())
        t.offer_row(self.through_row, "Through", nobody or (
            "" if offered else "no door, object or volley here"))
        self.check_offers()

    def _inputs(self) -> tuple:
        """What this row's calls read of the row and the tracker (with the fight: what
        their dry runs' answers depend on)."""
        return (tuple(self.tracker.encounter.acting), self.mode.value, self.to.value,
                self.altitude.value, self.what.value, self.at.value, self.weapon.value,
                repr(self.tracker.aoo))

    def _modes_refusal(self) -> str:
        """Why the Up/down row offers nothing to the acting creature ("" when it does):
        the engine gives it no speed but walking (``Encounter.speeds``: no Fly, Swim,
        Climb or Leap; the Move row walks)."""
        enc = self.tracker.encounter
        me = self._actor()
        try:
            speeds = enc.speeds(me)
        except LfgError:
            return ""  # the engine cannot read its speeds: the row's refusal says why
        if any(speeds.speed(m) for _l, m in MODES if m != "walk"):
            return ""
        return f"{me} only walks (no Fly, Swim, Climb or Leap)"


    def offered(self) -> list[tuple[str, str]]:
        """What the "Through:" row offers the acting creature now (issue 26, item 1): the
        door actions when the map has a door (forcing and striking also a map object),
        the volley when the engine's dry run takes one with a weapon the creature carries
        (at a foe's hex); under a ruleset's own round (classic, wounds: ``round_offers``)
        only those the engine's dry run takes, asked at the map's first door or object
        (the refusal of an action the round lacks comes first). Nothing
        while nobody acts or once the fight is over."""
        t, enc = self.tracker, self.tracker.encounter
        if enc.current is None or t.halted or not enc.acting:
            return []
        hexmap = enc.map
        doors = [d.cell for d in hexmap.doors()] if hexmap is not None else []
        things = [o.label for o in hexmap.map_objects()] if hexmap is not None else []
        there = {"open_door": doors[:1], "force_door": (doors + things)[:1],
                 "attack_object": (doors + things)[:1], "volley": [self._volley_hex()]}
        lfg = round_offers(enc, self._actor()).lfg_round
        out = []
        with t.dry_runs():
            for label, what in THROUGH:
                if not there[what]:
                    continue
                if (lfg and what != "volley") or any(
                        not t.dry_run(lambda e, w=what, arm=arm: self._through(
                            e, w, there[w][0], arm)) for arm in self._arms(what)):
                    out.append((label, what))
        return out

    def _volley_hex(self) -> Any:
        """Where a dry run's volley is aimed: the first foe's hex on the map, else
        (0, 0)."""
        enc = self.tracker.encounter
        me = self._actor()
        for n in enc.names if enc.map is not None else []:
            if enc.side(n) != enc.side(me) and not enc.state(n)["dead"] and n in enc.map:
                return enc.map.offset(min(enc.map.footprint(n)))
        return (0, 0)

    def _arms(self, what: str) -> list[str]:
        """The weapons a dry run of ``what`` is asked with: the one typed, else each the
        acting creature carries (a volley needs its own bow, javelin or grenade: the
        engine refuses another), else a longbow (a door or object's own refusal)."""
        typed = self.weapon.value.strip()
        if typed:
            return [typed]
        enc = self.tracker.encounter
        names = [str(w.get("name")) for w in weapon_entries(enc.creature(self._actor()))
                 if hasattr(w, "get") and w.get("name")]
        return names if what == "volley" and names else ["longbow"]

    def _modes(self) -> list[tuple[str, str]]:
        """The modes the acting creature moves by (issue 26, item 2): those the engine
        gives it a speed in (``Encounter.speeds(name).speed(mode)``: a Fly Speed, a Swim
        Speed, Leaper X...; the engine refuses the others); every mode while nobody
        acts, or when the engine cannot read the creature's speeds (its refusal then
        says why)."""
        enc = self.tracker.encounter
        if not enc.acting:
            return list(MODES)
        try:
            speeds = enc.speeds(self._actor())
        except LfgError:
            return list(MODES)
        return [(label, m) for label, m in MODES if speeds.speed(m)] or list(MODES)

    def check_offers(self) -> None:
        """Move, Run and Do it are off, saying why, while the engine refuses them as
        chosen (a hex still to type, a mode the creature lacks...): the same call on a fork
        (issue 26, item 1; nothing is rolled or logged in the fight)."""
        enc = self.tracker.encounter
        off = enc.current is None or bool(self.tracker.halted)
        why: list[str] = []
        for label, b, make in (("Move", self.move_button, lambda e: self._moving("move", e)),
                               ("Run", self.run_button, lambda e: self._moving("run", e)),
                               ("Through", self.do_button, self._through)):
            # a hex not typed yet is refused by the parsing alone: no fork for it (speed);
            # an empty box is no refusal to explain, only a button to wait for its hex
            blank = b is not self.do_button and not str(self.to.value).strip()
            typed = "" if b is self.do_button or blank else _refusal(
                lambda: parse_cell(self.to.value))
            refusal = "" if off or blank else typed or self.tracker.remembered(
                f"up/down {label}", self._inputs(), lambda make=make: self.tracker.dry_run(make))
            b.disabled = bool(off or blank or refusal)
            box = self.through_row if b is self.do_button else self.updown_row
            if refusal and box.layout.display != "none":  # a hidden row: said in the line
                why.append(f"{label}: not now - {refusal}")
        self.why.value = ("" if not why else "<div class='lfg-action-why' style='color:#7b5e00;"
                          "font-size:12px'>" + "<br>".join(html.escape(w) for w in why)
                          + "</div>")


def _text(description: str, placeholder: str, css: str) -> W.Text:
    box = W.Text(description=description, placeholder=placeholder,
                 layout=W.Layout(width="14em"), style={"description_width": "initial"})
    box.add_class(css)
    return box
