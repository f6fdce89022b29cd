"""The GM's own hand on the fight: damage (with its type), healing and conditions, through
:meth:`lfgcombat.Encounter.damage`, :meth:`~lfgcombat.Encounter.heal`,
:meth:`~lfgcombat.Encounter.add_condition` and :meth:`~lfgcombat.Encounter.remove_condition`
(000_8d1d7816ee944f3b.txt, "Taking Damage", "Damage in Combat", "Conditions (Sometimes
called Status Effects)"). The engine parses the damage type and the condition text.

And what the players' screen shows: :class:`KeepFromPlayers`, one toggle per creature, keeps
a creature from the players (:func:`lfgcombat.widgets.players.keep_from_players`).
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from lfgcombat.errors import LfgError
from lfgcombat.rules.damage import DamageType

from .players import keep_from_players, kept_from_players, screens_of, watch_screens
from .tracker_ui import ROW, button, dropdown, row, set_options

if TYPE_CHECKING:  # pragma: no cover
    from .initiative import InitiativeTracker

_TYPES = [("untyped", "")] + [(f"{d.value} [{d.abbreviation}]", d.value) for d in DamageType]
#: Words the rules text hyphenates ("Flat-Footed", in
#: 000_8d1d7816ee944f3b.txt, "Conditions (Sometimes called Status Effects)").
_HYPHENED = {"flat_footed": "flat-footed"}


def condition_words(catalogue: Any) -> dict[str, str]:
    """The ruleset's own conditions (its ``ConditionCatalogue.conditions()``) in words, each
    with what :meth:`lfgcombat.Encounter.add_condition` takes: ``{"broken arm":
    "broken_arm", "flat-footed": "flat_footed"}`` for lfg and wounds (lfg's table), classic's
    names as its table writes them (``"Flat-footed"``) (issue 26, items 1-2)."""
    out: dict[str, str] = {}
    for c in catalogue.conditions():
        key = str(getattr(c, "value", c))
        out[_HYPHENED.get(key, key.replace("_", " "))] = key
    return out


class GMControls(W.VBox):
    """Damage, heal and give or remove conditions, for any creature, at any time.

    Args:
        tracker: The :class:`~lfgcombat.widgets.InitiativeTracker`.

    CSS hooks: ``.lfg-gm-who``, ``.lfg-gm-amount``, ``.lfg-gm-type``, the buttons
    ``.lfg-gm-damage`` and ``.lfg-gm-heal``; ``.lfg-gm-condition`` (type or pick, e.g.
    "bleed 2"), ``.lfg-gm-rounds`` and the buttons ``.lfg-gm-add`` and ``.lfg-gm-remove``.
    """

    def __init__(self, tracker: "InitiativeTracker") -> None:
        self.tracker = tracker
        self.who = dropdown("creature", "lfg-gm-who", width="16em")
        self._unchosen = self._refreshing = False  # see refresh: nobody chosen after a death
        self.who.observe(self._chosen, "value")
        self.amount = W.BoundedIntText(value=1, min=0, max=10_000, description="amount",
                                       layout=W.Layout(width="9em"),
                                       style={"description_width": "initial"})
        self.amount.add_class("lfg-gm-amount")
        self.type = dropdown("type", "lfg-gm-type", _TYPES, width="15em")
        self.damage_button = button("Damage", "lfg-gm-damage", self.damage,
                                    "deal this damage (temporary HP first; DR and "
                                    "resistances by type)")
        self.heal_button = button("Heal", "lfg-gm-heal", self.heal,
                                  "heal this many hit points, up to the maximum")
        #: The ruleset's conditions in words -> what ``add_condition`` takes.
        self.words = condition_words(tracker.encounter.ruleset.condition_catalogue)
        self.condition = W.Combobox(options=list(self.words), ensure_option=False,
                                    description="condition", placeholder="e.g. prone, bleed 2",
                                    layout=W.Layout(width="18em"),
                                    style={"description_width": "initial"})
        self.condition.add_class("lfg-gm-condition")
        self.rounds = W.BoundedIntText(value=0, min=0, max=1000, description="rounds",
                                       tooltip="0: until removed", layout=W.Layout(width="9em"),
                                       style={"description_width": "initial"})
        self.rounds.add_class("lfg-gm-rounds")
        self.add_button = button("Add", "lfg-gm-add", self.add_condition,
                                 "give the condition (rounds 0: until removed)")
        self.remove_button = button("Remove", "lfg-gm-remove", self.remove_condition,
                                    "remove the condition (all of it)")
        #: The toggles that keep a creature from the players' screen (:class:`KeepFromPlayers`).
        self.keep = KeepFromPlayers(tracker)
        super().__init__(children=[
            row(self.who, self.amount, self.type, self.damage_button, self.heal_button,
                title="GM:"),
            row(self.condition, self.rounds, self.add_button, self.remove_button),
            self.keep])
        self.add_class("lfg-gm-rows")
        self._timed: dict[str, bool] = {}  # takes_durations' answers
        self._examples: list[str] | None = None  # examples, once the engine is asked
        self.who.observe(lambda _c: self.refresh(), "value")

    def refresh(self) -> None:
        """Offer every creature not dead; the "rounds" box only for a creature the engine
        gives a condition with a duration (:meth:`takes_durations`)."""
        if self._refreshing:  # a value set below: its observer must not refresh again
            return
        self.keep.refresh()
        enc = self.tracker.encounter
        chosen, alive = self.who.value, [n for n in enc.names if not enc.state(n)["dead"]]
        # the chosen creature died: nobody is chosen until the GM chooses (the next Damage
        # asks), never a quiet switch to the first creature with the amount still in the box
        self._unchosen = self._unchosen or (chosen is not None and chosen not in alive)
        self._refreshing = True
        try:
            set_options(self.who, alive)
            if self._unchosen:
                self.who.value = None
        finally:
            self._refreshing = False
        if self._examples is None and self.who.value is not None:
            self._examples = self.examples(self.who.value)
            self.condition.placeholder = "e.g. " + ", ".join(self._examples)
        timed = self.who.value is None or self.takes_durations(self.who.value)
        self.rounds.layout.display = None if timed else "none"
        if not timed and self.rounds.value:
            self.rounds.value = 0
        self.add_button.tooltip = ("give the condition (rounds 0: until removed)" if timed
                                   else "give the condition (until removed: under this "
                                        "ruleset the GM removes it when it ends)")

    def _chosen(self, change: dict) -> None:
        """The GM chose a creature (not a refresh): the menu follows the choice again."""
        if change["new"] is not None and not self._refreshing:
            self._unchosen = False

    def takes_durations(self, name: str) -> bool:
        """Whether the engine gives ``name`` a condition for some rounds (issue 26, item 1:
        classic's and wounds' records refuse durations, "remove the condition when it
        ends"): dry runs on a fork of the first of the catalogue's conditions the engine
        gives it without a duration, then with one - refused only with one, no duration.
        Asked once per creature (its ruleset's answer, which does not change); ``True``
        when no condition is taken at all (the engine's refusal then says why)."""
        known = self._timed.get(name)
        if known is not None:
            return known
        t = self.tracker
        with t.dry_runs():
            for key in list(self.words.values())[:6]:
                if not t.dry_run(lambda e, k=key: lambda: e.add_condition(name, k)):
                    timed = t.dry_run(lambda e, k=key: lambda: e.add_condition(name, k, 1))
                    known = self._timed[name] = not timed
                    return known
        return True

    #: Examples for the box, the first two the ruleset takes (lfg's and classic's Bleed
    #: takes an amount, "Bleed X"; wounds' Bleed none, 003_de0e94afd49609a7.txt).
    _EXAMPLES = ("prone", "bleed 2", "bleed", "stunned")

    def examples(self, name: str) -> list[str]:
        """Two condition entries the engine gives ``name`` under its ruleset (dry runs on
        a fork, asked once): the box's placeholder, so its example is never refused."""
        t = self.tracker
        with t.dry_runs():
            taken = [x for x in self._EXAMPLES if not t.dry_run(
                lambda e, k=self._key(x): lambda: e.add_condition(name, k))]
        return taken[:2] or ["prone"]

    def _say_missing(self, what: str) -> bool:
        if self.who.value is None:
            self.tracker._say(f"{what}: choose a creature first.", error=True)
            return True
        return False

    def damage(self) -> None:
        """Deal the amount of the chosen type to the chosen creature."""
        if self._say_missing("Damage"):
            return
        enc, who = self.tracker.encounter, self.who.value
        self.tracker._attempt(lambda: enc.damage(who, int(self.amount.value),
                                                 self.type.value or None))

    def heal(self) -> None:
        """Heal the chosen creature by the amount."""
        if self._say_missing("Heal"):
            return
        enc, who = self.tracker.encounter, self.who.value
        self.tracker._attempt(lambda: enc.heal(who, int(self.amount.value)))

    def _condition_text(self, verb: str) -> str | None:
        """The typed or picked condition as ``add_condition`` takes it: a name in words
        (with an amount: "bleed 2") mapped back to the catalogue's own (:attr:`words`);
        anything else as typed (the engine finds it or says what it knows)."""
        text = self.condition.value.strip()
        if not text:
            self.tracker._say(f"{verb}: type or pick a condition in 'condition' first "
                              f"({self.condition.placeholder}).", error=True)
            return None
        return self._key(text)

    def _key(self, text: str) -> str:
        """``text`` as ``add_condition`` takes it (:meth:`_condition_text`)."""
        head, _, tail = text.rpartition(" ")
        name, amount = (head.strip(), tail) if head and tail.isdigit() else (text, "")
        key = {w.lower(): k for w, k in self.words.items()}.get(name.lower())
        return text if key is None else f"{key} {amount}".strip()

    def add_condition(self) -> None:
        """Give the typed condition (for ``rounds`` rounds, or until removed)."""
        text = self._condition_text("Add")
        if text is None or self._say_missing("Add"):
            return
        enc, who, rounds = self.tracker.encounter, self.who.value, int(self.rounds.value)
        self.tracker._attempt(lambda: enc.add_condition(who, text, rounds or None))

    def remove_condition(self) -> None:
        """Remove the typed condition."""
        text = self._condition_text("Remove")
        if text is None or self._say_missing("Remove"):
            return
        enc, who = self.tracker.encounter, self.who.value
        self.tracker._attempt(lambda: enc.remove_condition(who, text))


class KeepFromPlayers(W.VBox):
    """"Keep from the players": one toggle per creature the players' screen could show
    (every creature but the party's own, which the party always sees), and a line saying in
    words who is kept. A toggle pressed keeps its creature off every
    :class:`~lfgcombat.widgets.PlayersScreen` open on the fight, and off one opened later
    (:func:`~lfgcombat.widgets.players.keep_from_players`: a creature that made its Hide
    check, or one the GM has not revealed yet - 000_8d1d7816ee944f3b.txt, "COMBAT GAMEPLAY
    – OVERVIEW": "The GM determines awareness and the position of all the combatants").

    Undo-safe: keeping a creature from the players is not a fight event (what a screen
    shows is the table's matter, not the fight's), so it is not logged and no engine call
    is made - Undo, "back to here" and a branch resumed leave it as the GM set it, and never
    show a creature kept. The toggles show what every open screen hides, ``hidden=`` given
    in code too.

    Args:
        tracker: The :class:`~lfgcombat.widgets.InitiativeTracker`.

    CSS hooks: the row ``.lfg-keep-rows``, each toggle ``.lfg-keep`` (its text the
    creature's name), the line ``.lfg-keep-line``.
    """

    def __init__(self, tracker: "InitiativeTracker") -> None:
        self.tracker = tracker
        #: The toggles by creature.
        self.toggles: dict[str, W.ToggleButton] = {}
        self._box = W.HBox(layout=W.Layout(**ROW))
        self.line = W.HTML()
        self.line.add_class("lfg-keep-line")
        self._offered: tuple[str, ...] | None = None
        self._setting = False  # inside refresh: a toggle set there is not a click
        super().__init__(children=[row(self._box, title="Keep from the players:"),
                                   self.line])
        self.add_class("lfg-keep-rows")
        watch_screens(tracker.encounter, self.refresh)  # a screen opened later: at once
        self.refresh()

    def offered(self) -> list[str]:
        """The creatures a toggle is offered for: all but the players' own side (the side
        of the open screens; with none open, the side named "party", if any)."""
        enc = self.tracker.encounter
        parties = {s.party for s in screens_of(enc)}
        if not parties:
            parties = {"party"}
        return [n for n in enc.names if enc.side(n) not in parties]

    def refresh(self) -> None:
        """The toggles as the screens hide now, and the line in words (cheap: the toggles
        are made again only when the creatures offered change)."""
        enc = self.tracker.encounter
        offered = tuple(self.offered())
        if offered != self._offered:
            self._offered = offered
            self.toggles = {n: self._toggle(n) for n in offered}
            self._box.children = list(self.toggles.values())
        kept = kept_from_players(enc)
        self._setting = True
        try:
            for n, b in self.toggles.items():
                if b.value != (n in kept):
                    b.value = n in kept
                b.icon = "eye-slash" if n in kept else "eye"
        finally:
            self._setting = False
        self.line.value = self._line(kept)

    def _toggle(self, name: str) -> W.ToggleButton:
        b = W.ToggleButton(value=False, description=name, icon="eye",
                           tooltip=f"keep {name} from the players' screen (pressed: kept)",
                           layout=W.Layout(width="auto"))
        b.add_class("lfg-keep")
        b.observe(lambda change, n=name: self._flip(n, bool(change["new"])), "value")
        return b

    def _line(self, kept: tuple[str, ...]) -> str:
        open_ = bool(screens_of(self.tracker.encounter))
        if kept:
            text = (f"Kept from the players: {', '.join(kept)} - their screen shows no token "
                    "or card of " + ("it." if len(kept) == 1 else "them."))
        else:
            text = "The players' screen shows every creature the party can perceive."
        if not open_:
            text += " (No players' screen is open on this fight: one opened later follows this.)"
        return f'<span style="font-size:12px;color:#555">{html.escape(text)}</span>'

    def keep(self, name: str, kept: bool = True) -> None:
        """Keep ``name`` from the players (``kept=False``: show it again when the party can
        perceive it), as a click on its toggle does."""
        if self._setting:
            return
        enc = self.tracker.encounter
        now = [n for n in kept_from_players(enc) if n != name] + ([name] if kept else [])
        try:
            keep_from_players(enc, now)
        except LfgError as exc:
            self.tracker._say(f"Keep from the players: {exc}", error=True)
        self.refresh()
        said = (f"{name} is kept from the players' screen." if kept else
                f"{name} is no longer kept from the players (their screen shows it when the "
                "party can perceive it).")
        self.tracker._say(said + " Not a fight event: nothing is logged, Undo leaves it.")

    def _flip(self, name: str, kept: bool) -> None:
        if not self._setting:
            self.keep(name, kept)
