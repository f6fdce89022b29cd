"""InitiativeTracker: the Ready/Done cards of Selective Initiative, and a GM's cockpit that
runs a whole fight by clicks, driving an :class:`lfgcombat.Encounter`.

000_8d1d7816ee944f3b.txt, "Selective Initiative – Suggestion": "give each player (and
monster) an index card that says “Ready” on one side and “Done” on the other side ... This
helps keep track of which creatures have already acted and who can be selected to act next."

Thin by design: every answer comes from :class:`lfgcombat.Encounter` - whose turn it is
(``current``, ``acting``, ``interrupted``), who may go next (``choices()``), each card
(``state(name)``), the actions left (``actions_left(name).explain()``) - and every button
calls one public engine method (``start``, ``end_turn``, ``decline_turn``,
``act_together``, ``interrupt``, ``ready``, ``move``/``five_foot_step``/``run``/
``retreat``, ``attack``, ``cast``, ``aim``, ``fight_defensively``, ``protect``,
``stand_up``, ``drop_prone``, ``damage``, ``heal``, ``add_condition``,
``remove_condition``, ``undo``). A refusal is shown in the status line with the rule it
cites; the engine has already left the state as it was. No error reaches the kernel: what
the engine raises is shown in the widget. The widget redraws on
:meth:`lfgcombat.Encounter.subscribe`, so a step taken in code shows at once.

With a :class:`~lfgcombat.widgets.BattleMap` of the encounter's map, the acting creature
is selected on the map when its turn begins and a click on a hex moves it through the
engine with the movement action chosen in the "Move:" row; a click on a foe's token makes
it the Attack row's target, whose exact odds the preview shows before the roll (the map's
``target_picker``: :meth:`~lfgcombat.widgets.tracker_attack.AttackControls.pick`).

Once the fight is over (:attr:`lfgcombat.Encounter.over`: at most one side stands) the
tracker offers no attack, move or action - their buttons are off and the banner and the
attack row say why - until the GM ticks "Play on" (to stabilize the dying, say); the turn
order, the GM's damage, healing and conditions, and Undo stay. With a
:class:`~lfgcombat.widgets.DiceLog` (or ``dicelog=True``), the encounter's rolls are listed
newest first.

CSS hooks (for styling and for the browser tests): the widget is ``.lfg-initiative``; the
words above the controls ``.lfg-info`` (one HTML value); the round line ``.lfg-round``
(``data-round``), the banner ``.lfg-over`` once the fight is over
and the GM's ``.lfg-play-on`` checkbox under it, whose turn ``.lfg-current``
(``data-current``);
the legend ``.lfg-legend``; the cards ``.lfg-card`` with ``data-name`` and ``data-side``
and the classes ``lfg-card-ready`` or ``lfg-card-done``, ``lfg-card-acting``,
``lfg-card-interrupted``, ``lfg-card-down`` (0 HP or less) and ``lfg-card-dead``; inside a
card ``.lfg-card-face`` ("Ready"/"Done"), ``.lfg-hp-bar``, ``.lfg-hp-text`` and
``.lfg-conditions``. Buttons: ``.lfg-start``; one ``.lfg-next`` per legal next creature
(its text is the name, its colour its side's), ``.lfg-end-turn``, ``.lfg-deadlock``,
``.lfg-interrupt`` (with the ``.lfg-interrupter`` dropdown, the ``.lfg-interrupt-also``
tags for more interrupters at once and the ``.lfg-interrupt-before`` dropdown of the
action about to be taken), ``.lfg-ready`` (with ``.lfg-ready-trigger`` and
``.lfg-ready-action``), ``.lfg-undo`` (the last step, kept as a branch the history
rows resume); ``.lfg-open-prep`` (GM prep of this fight: a
:class:`~lfgcombat.widgets.prep.PrepPanel` of the encounter, shown in ``.lfg-prep-box``);
one ``.lfg-decline`` per creature the chooser may pick instead when the acting creature,
chosen by an ally, would rather go later (``Encounter.decline_turn``); ``.lfg-together``
(with the ``.lfg-together-ally`` dropdown and ``.lfg-together-bonus``); the attack row (see
:class:`~lfgcombat.widgets.tracker_attack.AttackControls`), the move/act/cast rows
(:class:`~lfgcombat.widgets.tracker_actions.ActionControls`) and the GM's rows
(:class:`~lfgcombat.widgets.tracker_gm.GMControls`); ``.lfg-hidden-rows``, the rows
hidden now, one line per reason, each reason whole (issue 26: a row the acting creature
cannot use now is hidden, asked of the engine - :meth:`InitiativeTracker.offer_row`);
``.lfg-actions-left``;
the turn reminders ``.lfg-reminders`` (one ``li`` per reminder, ``data-when`` start or end and
``data-name``: :func:`lfgcombat.rules.turns.turn_reminders.turn_reminders`); the history rows
(:class:`~lfgcombat.widgets.tracker_history.HistoryControls`: back to any step or roll,
and the branches undone); the status line ``.lfg-tracker-status`` (``lfg-error`` on a
refusal).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import ipywidgets as W
import traitlets

from lfgcombat.engine import Encounter
from lfgcombat.errors import LfgError
from lfgcombat.engine.log.effects import Moved
from lfgcombat.engine.log.words import cell_words
from lfgcombat.rules.citations import headings_only
from lfgcombat.battlemap import Reachable

from .chances import chances
from .tracker_actions import ActionControls, DryRuns
from .tracker_close import CloseControls
from .tracker_updown import UpDownControls
from .tracker_attack import AttackControls
from .tracker_cards import Panel, card_html, legend_html
from .tracker_gm import GMControls
from .tracker_history import HistoryControls, reminders_html
from .tracker_ui import (SIDE_COLORS, More, button, clicked_now, hold_tree, html_words,
                         no_null_titles, order_children, place_after, row, send_held,
                         widget_tree)
from .tracker_turns import TurnControls

__all__ = ["InitiativeTracker"]


#: The kinds of log line the tracker cites even after a citation of their own (a roll's,
#: damage's, spell's or spent action's line may name a rule that is not its own); every
#: other kind is cited only when its line cites nothing yet (issue 26, item 2).
_CITED_ALWAYS = ("roll", "damage", "spell", "spend", "single_action")
#: The kinds the tracker words its own way (:meth:`InitiativeTracker._describe`); every
#: other line is the log's (:meth:`~lfgcombat.engine.log.EventLog.line`).
_OWN_WORDS = frozenset({"attack", "turn_end", "aoo", "moved", "aoo_offered", "interrupt"})

class InitiativeTracker(TurnControls, W.VBox):
    """The Selective Initiative table of an :class:`~lfgcombat.Encounter`, as buttons.

    Args:
        encounter: The encounter to show and drive.
        battlemap: A :class:`~lfgcombat.widgets.BattleMap` of ``encounter.map`` (optional):
            its tokens follow the encounter, and clicking a hex moves the acting creature
            through the engine.
        dicelog: A :class:`~lfgcombat.widgets.DiceLog` of ``encounter.roller``, or ``True``
            to make one (optional).
        aoo: Who takes the AOO a move, an aim, a spell or standing up provokes: ``"all"``
            (every enemy offered one; the default) or ``None`` (offered, not taken).

    Attributes:
        round: The encounter's round (a traitlet).
        current: Whose turn it is, a creature or group (a traitlet; ``None`` before start).
        error: The engine's message for the last refused action ("" after a legal one).
        status: The status line (an ``HTML`` widget); its text is :attr:`status_text`.
        attack_row: The :class:`~lfgcombat.widgets.tracker_attack.AttackControls`.
        action_rows: The :class:`~lfgcombat.widgets.tracker_actions.ActionControls`.
        close_rows: The :class:`~lfgcombat.widgets.tracker_close.CloseControls` (the close
            fight: maneuvers, Knockdown, skill actions, special abilities).
        gm_rows: The :class:`~lfgcombat.widgets.tracker_gm.GMControls`.
        play_on: The GM's "Play on" checkbox, shown once the fight is over: ticked, the
            attacks, moves and actions are offered again (:attr:`halted`).

    Raises:
        TypeError: ``encounter`` is not an Encounter, or ``battlemap``/``dicelog`` is not
            one of the encounter's own (another map or roller would show another fight).
    """

    round = traitlets.Int(0)
    current = traitlets.Unicode(None, allow_none=True)
    error = traitlets.Unicode("")

    def __init__(self, encounter: Encounter, battlemap: Any = None, dicelog: Any = None, *,
                 aoo: Any = "all", **kwargs: Any) -> None:
        dicelog = self._check_parts(encounter, battlemap, dicelog)
        self.encounter = encounter
        self.battlemap = battlemap
        self.dicelog = dicelog
        if dicelog is not None and getattr(dicelog, "cite", "") is None:
            dicelog.cite = self._roll_rule  # each roll's rule, from the fight's ruleset
            dicelog.refresh()
        self.aoo = aoo
        self._acting_shown: str | None = None
        self._busy = False  # inside one of our own engine calls
        self._seen = list(encounter.log)
        self._map_key: Any = None  # the step the map's highlight was last drawn for
        self._dry = DryRuns(encounter)
        #: The words above the controls, one HTML value sent once a click at most (issue
        #: 26, item 5): the round and who acts, the legend, the cards, what the acting
        #: creature has left, the reminders and the rows not offered now.
        self._info = Panel()
        self._round = self._info.part()
        self._legend = self._info.part()
        self._cards = self._info.part()
        self._actions = self._info.part()
        self._reminders = self._info.part()  # issue 26: the turn's end / next start brings
        #: One short line: the rows hidden now and why (issue 26, item 1).
        self._hidden_line = self._info.part("lfg-hidden-rows")
        self.status = W.HTML()
        self._hidden: dict[str, str] = {}  # a row hidden now -> why (the engine's words)
        self._build_play_on()
        self._build_turn_controls()
        self.attack_row = AttackControls(self)
        self.action_rows = ActionControls(self)
        self.close_rows = CloseControls(self)  # issue 14: the close fight
        self.updown_rows = UpDownControls(self)  # issue 15: fly/swim/climb/leap, doors, volley
        self.gm_rows = GMControls(self)
        self.history_rows = HistoryControls(self)  # issue 26: back to any line, branches
        self._build_prep()
        extra = [w for w in (battlemap, dicelog) if w is not None]
        #: The box whose children are the tracker's rows (the status line moves among
        #: them): the tracker itself, or with a map its left column (:meth:`_columns`).
        self.rows_box: W.Box = self
        # the GM prep panel opens below the map and the dice log, never between the
        # tracker's rows and the map (it would push the map down)
        kids = (self._panel() + extra if battlemap is None
                else [self._columns(self._panel(), extra)])
        super().__init__(children=kids + [self._prep_box], **kwargs)
        self.add_class("lfg-initiative")
        order_children(self.rows_box)  # the status line then moves by one order (place_after)
        if battlemap is not None:
            self._drive_map(battlemap)
        self.play_on.observe(lambda _c: self._play_on_changed(), "value")
        self._unseen: list[W.Widget] = []  # the history's widgets, held while More is shut
        self.more.rows.layout.observe(lambda _c: self._hold_unseen(), "display")
        self._hold_unseen()
        self._unsubscribe: Callable[[], None] | None = encounter.subscribe(
            lambda _enc: self.refresh())
        self.refresh()
        self._say(self._hint())

    @staticmethod
    def _check_parts(encounter: Any, battlemap: Any, dicelog: Any) -> Any:
        """Refuse another fight's map or roller; ``dicelog=True`` makes the DiceLog.
        Returns the DiceLog (or ``None``)."""
        if not isinstance(encounter, Encounter):
            raise TypeError(f"InitiativeTracker needs a lfgcombat.Encounter, not "
                            f"{type(encounter).__name__}")
        if battlemap is not None and getattr(battlemap, "hexmap", None) is not encounter.map:
            raise TypeError("the BattleMap must show the encounter's own map: "
                            "BattleMap(encounter.map)")
        if dicelog is True:
            from .dicelog import DiceLog
            dicelog = DiceLog(encounter.roller)
        if dicelog is not None and getattr(dicelog, "roller", None) is not encounter.roller:
            raise TypeError("the DiceLog must watch the encounter's roller: "
                            "DiceLog(encounter.roller), or dicelog=True")
        return dicelog

    def _build_play_on(self) -> None:
        #: Ticked by the GM to go on acting after the fight is over (:attr:`halted`).
        self.play_on = W.Checkbox(value=False, description="Play on", indent=False,
                                  tooltip="the fight is over: tick to offer attacks, moves and "
                                          "actions again (e.g. to stabilize the dying)",
                                  layout=W.Layout(width="auto", display="none"))
        self.play_on.add_class("lfg-play-on")

    def _build_prep(self) -> None:
        """The "GM prep of this fight" button and the (hidden) box its panel opens in."""
        #: The GM prep panel of this fight, made by the "GM prep" button (issue 25, item 5).
        self.prep_panel: Any = None
        self._prep_button = button("GM prep of this fight", "lfg-open-prep", self.toggle_prep,
                                   "open the GM prep panel below the map: it plays "
                                   "this fight on from where it stands, many times")
        self._prep_box = W.VBox(layout=W.Layout(display="none"))
        self._prep_box.add_class("lfg-prep-box")

    def _panel(self) -> list[W.Widget]:
        """The tracker's rows, top to bottom: the words (one HTML, :class:`~lfgcombat.
        widgets.tracker_cards.Panel`), the turn's buttons, the controls; the history, the
        chances and GM prep behind "More…" (issue 26, item 5: used now and then, they made
        the tracker tall). The status line shows after the rows of the button clicked
        (:meth:`_say`)."""
        #: The rows behind "More…" (:class:`~lfgcombat.widgets.tracker_ui.More`).
        self.more = More([self.history_rows,
                          chances(self.encounter),  # "chances from here" (GM prep, issue 25)
                          row(self._prep_button)],
                         "the history (back to any line), the chances from here and GM prep")
        return [self._info, row(self.play_on), *self._turn_rows(), self.attack_row,
                self.action_rows, self.close_rows, self.updown_rows, self.gm_rows,
                row(self._undo), self.more, self.status]

    def _columns(self, rows: list[W.Widget], side: list[W.Widget]) -> W.HBox:
        """With a map: the rows in a left column, the map and the dice log in a right one,
        one above the other on a narrow page (issue 26, a new user: under the 1,890 px of
        rows, every turn meant scrolling down to click a hex and back up to pass the turn).

        CSS hooks: ``.lfg-tracker-columns``, ``.lfg-tracker-controls``, ``.lfg-tracker-side``.
        """
        self.rows_box = W.VBox(rows, layout=W.Layout(flex="1 1 34em", min_width="0"))
        self.rows_box.add_class("lfg-tracker-controls")
        right = W.VBox(side, layout=W.Layout(flex="1 1 36em", min_width="0"))
        right.add_class("lfg-tracker-side")
        both = W.HBox([self.rows_box, right],
                      layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))
        both.add_class("lfg-tracker-columns")
        return both

    def _hold_unseen(self) -> None:
        """While "More…" is shut, the history rows (the event log's and the dice log's
        lists, which change at every step) follow the fight in the kernel but send the
        page nothing; opening "More…" sends each its latest state, once (issue 26, item
        5: a click sends only what the GM can see change)."""
        if self.more.is_open:
            unseen, self._unseen = self._unseen, []
            send_held(unseen)  # noting what the page then has (a later undo's lists)
            return
        if not self._unseen:
            no_null_titles(self.history_rows)  # sent now: a held label would say "null"
            self._unseen = [w for w in widget_tree(self.history_rows) if not w._holding_sync]
            for w in self._unseen:
                w._holding_sync = True

    def _drive_map(self, battlemap: Any) -> None:
        """Route the map's clicks through the engine, and its highlight to the engine's
        answers; one status line (the map's messages show in the tracker's)."""
        battlemap.mover = self._move_on_map
        battlemap.feet_source = self._feet_left_on_map  # the highlight: the engine's feet
        battlemap.reach_source = self._reach_on_map  # and what provokes by its ruleset
        battlemap.moves_off = lambda: self.halted and (  # the fight is over: no move
            "The fight is over: no move is offered (tick 'Play on' to move again).")
        battlemap.target_picker = self._pick_on_map  # a click on a foe: the target
        battlemap.flank_rule = self.encounter.ruleset.cite_event("flanking")  # its words
        self.action_rows.move_action.value = battlemap.action  # the map's choice stands
        battlemap.status.layout.display = "none"
        battlemap.status.observe(self._map_said, "value")
        # the tracker owns the turns: the map's "New turn" (every token may move again,
        # the turn unchanged) was one click from undoing the engine's movement budgets
        battlemap.new_turn_button.layout.display = "none"

    # -- status -----------------------------------------------------------------------------
    def _say(self, text: str, error: bool = False) -> None:
        color = "#b00020" if error else "#222"
        cls = "lfg-tracker-status lfg-error" if error else "lfg-tracker-status"
        body = "<br>".join(html.escape(line) for line in text.splitlines())
        self.status.value = (f'<div class="{cls}" style="color:{color};line-height:1.4">'
                             f'{body}</div>')
        place_after(self.rows_box, self.status, clicked_now())  # next to the button clicked

    def _map_said(self, _change: Any) -> None:
        text = self.battlemap.status_text
        if not self._busy and text and text != self.status_text:
            self._say(text, error="lfg-error" in self.battlemap.status.value
                      or text.startswith("Not allowed"))

    @property
    def status_text(self) -> str:
        """The status line as plain text."""
        text = re.sub(r"<(?!br)[^>]+>", "", self.status.value)
        return html.unescape(text.replace("<br>", "\n"))

    def _hint(self) -> str:
        enc = self.encounter
        if enc.current is None:
            return ("Start the encounter: click Start to roll initiative (everyone aware)."
                    if enc.round == 0 else "Nobody is left to act.")
        who = ", ".join(enc.acting) or enc.current
        if enc.choices():
            return f"{who} acting. When its turn is done, choose who goes next."
        return f"{who} acting. End the turn when it is done."

    def _roll_rule(self, label: str | None) -> str:
        """The citation of the rule a roll of the dice log plays, from the fight's ruleset
        (issue 26, item 2), by heading; the ruleset's text when it names none."""
        rules = self.encounter.ruleset
        return headings_only(rules.cite_event("roll", label) or rules.text)

    def _cited(self, e: Any) -> str | None:
        """:meth:`_describe`'s line followed by the citation of its rule, of any kind the
        engine's log cites (``EventLog.rule_of``: turn starts and rules, health states,
        fumbles, spells' notes... - issue 26, h26z item 5); once: not after a line that
        cites already (but :data:`_CITED_ALWAYS`). A line the log finds says nothing is
        left out (:meth:`EventLog.says_something`: a health report after a hit that said
        it all); a line the tracker does not word its own way is the log's
        (:meth:`EventLog.line`: the ruleset's words for a death, a turn's start)."""
        log = self.encounter.log
        if not log.says_something(e):
            return None
        text = self._describe(e) if e.kind in _OWN_WORDS else log.line(e)
        if text and (e.kind in _CITED_ALWAYS or ".txt" not in text):
            rule = log.rule_of(e)
            text += f" ({rule})" if rule else ""
        return text

    @staticmethod
    def _describe(e: Any) -> str | None:
        """One readable line for an event (``None``: not worth a line here)."""
        d = e.data
        if e.kind in ("attack", "turn_end", "aoo"):
            return None  # an attack reads best as its rolls (said once) and its damage
        if e.kind == "moved":
            left = f", {d.get('feet_left')} ft left" if d.get("feet_left") else ""
            to = f" to {cell_words(d['path'][-1])}" if d.get("path") else ""  # no map: none
            verb = Moved.VERBS.get(str(d.get("action")), "moves")  # the log's own words
            feet = "" if d.get("action") == "five_foot_step" else f" {d.get('feet')} ft"
            return f"{e.actor} {verb}{feet}{to}{left}"
        if e.kind == "aoo_offered":
            verb = "takes" if d.get("taken") else "is offered (not taken)"
            return f"{e.actor} {verb} an AOO against {e.target}"
        if e.kind == "interrupt":
            checks = ", ".join(f"{k} {v}" for k, v in (d.get("checks") or {}).items())
            won = d.get("winner")
            return (f"{', '.join(d.get('interrupters', []))} tries to interrupt {e.target} "
                    f"({checks}): " + (f"{won} interrupts" if won else "it fails"))
        return e.describe()

    def _happened(self, before: list) -> str:
        """The effect events new since the log was ``before``, one a line, each once (after
        the common prefix: undo and ``decline_turn`` rewrite the log's tail) - except the
        rolls: each is its own roll, so two alike both show (a classic critical rolls its
        damage twice, 002_2a3a79475ca2a541.txt, "Critical Hit")."""
        now = list(self.encounter.log)
        since = 0
        while since < min(len(before), len(now)) and before[since] == now[since]:
            since += 1
        lines: list[str] = []
        for e in now[since:]:
            t = None if e.command else self._cited(e)
            if t and (e.kind == "roll" or t not in lines):
                lines.append(t)
        if len(lines) > 12:
            lines = lines[:5] + [f"... ({len(lines) - 10} more)"] + lines[-5:]
        return "\n".join(lines)

    def _attempt(self, do: Callable[[], Any]) -> Any:
        """Run one engine call; show what happened, or the refusal and its rule. Nothing
        the engine raises leaves the widget (a click has no caller to catch it)."""
        since = list(self.encounter.log)
        self._busy = True
        try:
            with self._held_parts():
                result = do()
        except LfgError as exc:  # IllegalActionError names the rule; nothing changed
            self.error = str(exc)
            self._say(f"Not allowed: {exc}", error=True)
            return None
        except Exception as exc:  # noqa: BLE001 - shown, never raised into the kernel
            self.error = f"{type(exc).__name__}: {exc}"
            self._say(f"The engine could not do that ({self.error}); nothing was changed.",
                      error=True)
            return None
        finally:
            self._busy = False
        self.error = ""
        said = self._happened(since)
        self._say(said or self._hint())
        return result

    @contextmanager
    def _held_parts(self) -> Iterator[None]:
        """The dice log and the map drawn once, at the end of one engine call (issue 26,
        item 5: an attack's three rolls, a step's map change and new acting creature)."""
        with ExitStack() as stack:
            for part in (self.dicelog, self.battlemap):
                hold = getattr(part, "hold", None)
                if hold is not None:
                    stack.enter_context(hold())
            yield

    # -- drawing ----------------------------------------------------------------------------
    def _side_colors(self) -> dict[str, str]:
        enc = self.encounter
        sides = list(dict.fromkeys(enc.side(n) for n in enc.names))
        if self.battlemap is not None and hasattr(self.battlemap, "_side_color"):
            # the map's tokens keep their colours; sides off the map come after
            for s in sides:
                self.battlemap._side_color(s)
            return {s: self.battlemap._side_color(s) for s in sides}
        return {s: SIDE_COLORS[i % len(SIDE_COLORS)] for i, s in enumerate(sides)}

    def refresh(self) -> None:
        """Redraw from the encounter (called after every engine step): each widget is
        sent once, and only when what it shows changed (issue 26, item 5)."""
        self._dry.clear()
        self._in_redraw = True
        try:
            with hold_tree(self):
                self._redraw()
                no_null_titles(self)  # a row shown or made since: no title="null"
        finally:
            self._in_redraw = False
            self._dry.clear()

    @contextmanager
    def dry_runs(self) -> Iterator[None]:
        """Dry runs in a batch outside a redraw (a menu's options asked one by one): a
        fork that refused is used again within it, as within a redraw."""
        if getattr(self, "_in_redraw", False):
            yield
            return
        self._in_redraw = True
        try:
            yield
        finally:
            self._in_redraw = False
            self._dry.clear()

    def dry_run(self, make: Callable[[Any], Callable[[], Any]]) -> str:
        """The engine's refusal of ``make(fork)()`` on a fork of the encounter ("" when it
        takes it; nothing changes in the fight). Within one redraw, a fork that refused is
        used again (:class:`~lfgcombat.widgets.tracker_actions.DryRuns`)."""
        refusal = self._dry.refusal(make)
        if not getattr(self, "_in_redraw", False):
            self._dry.clear()  # outside a redraw the fight may change before the next
        return refusal

    def remembered(self, what: str, inputs: tuple, ask: Callable[[], Any]) -> Any:
        """``ask()`` - an offer the engine's dry runs make - asked once per step of the
        fight and ``inputs`` (:meth:`~lfgcombat.widgets.tracker_actions.DryRuns.
        remembered`): a redraw after a click that changed nothing in the fight asks the
        engine nothing again (issue 26, item 5)."""
        return self._dry.remembered(what, inputs, ask)

    def _redraw(self) -> None:
        enc = self.encounter
        over = bool(enc.round) and enc.over
        if self.play_on.value and not over:  # standing again (an undo, a heal): play as usual
            self.play_on.value = False  # observed: refreshes
            return
        self.play_on.layout.display = None if over else "none"
        self.round = enc.round
        self.current = enc.current
        acting = enc.acting
        paused = {n for u in enc.interrupted for n in enc.members(u)}
        colors = self._side_colors()
        label = (f"Round {enc.round}" + (" · Surprise Round" if enc.surprise_round else "")
                 if enc.round else "Not started")
        now = enc.current or "nobody"
        why = (f" (interrupting {', '.join(enc.interrupted)})" if enc.interrupted else "")
        self._round.value = (
            f'<div class="lfg-round" data-round="{enc.round}" style="font:600 14px sans-serif">'
            f'{html.escape(label)}</div>{self._over_html()}<div class="lfg-current" '
            f'data-current="{html.escape(enc.current or "")}">Acting: <b>'
            f'{html.escape(now)}</b>{html.escape(why)}</div>')
        self._legend.value = legend_html(colors)
        rolled = enc.log.of_kind("initiative")
        declined = set(rolled[-1].data.get("declined") or ()) if rolled else set()
        self._cards.show({n: card_html(n, enc.state(n), colors[enc.side(n)], n in acting,
                                       n in paused, declined=n in declined)
                          for n in enc.names})
        self._refresh_turns(colors)
        self._actions.value = ('<div class="lfg-actions-left" style="font:12px/1.4 '
                               'monospace">') + \
            "<br>".join(html.escape(enc.actions_left(n).explain()).replace("\n", "<br>")
                        for n in acting) + "</div>"
        self._reminders.value = reminders_html(enc, acting)
        for part in (self.action_rows, self.close_rows, self.updown_rows, self.gm_rows,
                     self.attack_row, self.history_rows):
            part.refresh()
        log = list(enc.log)
        if not self._busy and log != self._seen:  # a step taken in code
            self._say(self._happened(self._seen) or self._hint())
        self._seen = log
        self._sync_map(acting)
        self._sync_dicelog()

    def offer_row(self, box: W.Widget, label: str, why: str) -> None:
        """Show ``box`` (a row labelled ``label``) when ``why`` is empty; else hide it and
        say why in the one short line of what is hidden (issue 26, item 1: only what the
        acting creature can do now is offered; ``why`` is the engine's or the ruleset's
        answer - a dry run's refusal, a ruleset policy - never the widget's own rule)."""
        display = None if not why else "none"
        if box.layout.display != display:
            box.layout.display = display
        if why:
            self._hidden[label] = why
        else:
            self._hidden.pop(label, None)
        self._draw_hidden()

    @property
    def hidden_rows(self) -> dict[str, str]:
        """The rows hidden now, each with why (in the order they were hidden)."""
        return dict(self._hidden)

    @property
    def shown_text(self) -> dict[str, str]:
        """What the tracker's rows above its controls show now, as plain words (tags left
        out; read-only, for notebooks and tests): ``round`` (the round and who acts),
        ``cards``, ``actions`` (what the acting creature has left), ``reminders`` (what the
        turn's end or the next start brings), ``hidden`` (the rows not offered, and why)."""
        rows = {"round": self._round, "cards": self._cards, "actions": self._actions,
                "reminders": self._reminders, "hidden": self._hidden_line}
        return {key: html_words(w.value) for key, w in rows.items()}

    def _draw_hidden(self) -> None:
        """The rows hidden, named in one line that opens (a ``details``) to one line per
        reason, each reason whole (its rule too), the rows it hides first: a long reason
        wraps, never cut (issue 26)."""
        by_why: dict[str, list[str]] = {}
        for label, why in self._hidden.items():
            by_why.setdefault(" ".join(why.split()), []).append(label)
        parts = [f"<li><b>{html.escape(', '.join(labels))}</b>: {html.escape(why)}</li>"
                 for why, labels in by_why.items()]
        style = ('style="font:12px/1.4 sans-serif;color:#666;white-space:normal;'
                 'overflow-wrap:anywhere"')
        if len(by_why) == 1:  # one reason (the fight is over...): said whole at once
            (why, labels), = by_why.items()
            value = (f'<div class="lfg-hidden-why" {style}>Not offered now - <b>'
                     f"{html.escape(', '.join(labels))}</b>: {html.escape(why)}</div>")
        else:
            value = ("" if not parts else
                     f'<details class="lfg-hidden-why" {style}><summary style="cursor:'
                     f"pointer\">Not offered now: {html.escape(', '.join(self._hidden))} "
                     '(why)</summary><ul style="margin:0;padding-left:1.4em">'
                     + "".join(parts) + "</ul></details>")
        if self._hidden_line.value != value:
            self._hidden_line.value = value

    def nobody_acts(self) -> str:
        """Why nothing is offered to an acting creature now ("" when one acts and the
        fight goes on): before the start, nobody left, or the fight over (:attr:`halted`)."""
        enc = self.encounter
        if self.halted:
            return "the fight is over (tick 'Play on' to go on)"
        if enc.current is None or not enc.acting:
            return "nobody is acting yet" if enc.round == 0 else "nobody is acting"
        return ""

    def toggle_prep(self) -> None:
        """Show the GM prep panel of this fight (``PrepPanel(encounter=...)``, made on the
        first click: it plays the fight on from where it stands), or hide it again."""
        if self.prep_panel is None:
            try:
                from .prep import PrepPanel
                self.prep_panel = PrepPanel(encounter=self.encounter)
            except Exception as exc:  # noqa: BLE001 - shown, never raised into the kernel
                self._say(f"GM prep could not open: {exc}", error=True)
                return
            self._prep_box.children = (self.prep_panel,)
        shown = self._prep_box.layout.display != "none"
        self._prep_box.layout.display = "none" if shown else None
        self._prep_button.description = ("GM prep of this fight" if shown
                                         else "Hide GM prep")

    @property
    def halted(self) -> str:
        """Why the tracker offers no attack, move or action now ("" when it does): the
        fight is over (:attr:`lfgcombat.Encounter.over`) and the GM has not ticked
        :attr:`play_on`. The turn order, the GM's own damage, healing and conditions, and
        Undo stay (the dying still bleed)."""
        enc = self.encounter
        if not enc.round or not enc.over or self.play_on.value:
            return ""
        return (f"The fight is over ({self._who_stands()}): attacks, moves and actions are "
                "off. Tick 'Play on' to go on anyway (e.g. to stabilize the dying).")

    def _play_on_changed(self) -> None:
        """The GM ticked or cleared "Play on": the rows, and the map's highlight (what it
        offers to move to), follow."""
        self.refresh()
        if self.battlemap is not None and self.battlemap.hexmap is self.encounter.map:
            self.battlemap.redraw()

    def _who_stands(self) -> str:
        up = [(side, names) for side, names in self.encounter.standing().items() if names]
        return f"{up[0][0]} stands ({', '.join(up[0][1])})" if up else "nobody stands"

    def _over_html(self) -> str:
        """A banner once at most one side has anyone standing (``Encounter.over``): who
        stands, and that the GM may still play on (the dying bleed until stabilized)."""
        enc = self.encounter
        if not enc.round or not enc.over:
            return ""
        then = ("You play on: attacks, moves and actions are offered again."
                if self.play_on.value else
                "Attacks, moves and actions are off; tick 'Play on' below to go on.")
        return ('<div class="lfg-over" style="margin:4px 0;padding:4px 8px;background:#fff3cd;'
                'border:1px solid #d6a700;border-radius:4px;font:600 13px sans-serif">'
                f"The fight is over: {html.escape(self._who_stands())}. Turns go on only if "
                f"you play them (the dying still bleed). {html.escape(then)}</div>")

    def _sync_map(self, acting: list[str]) -> None:
        bm = self.battlemap
        if bm is None or bm.hexmap is not self.encounter.map:
            return
        lead = next((n for n in acting if n in bm.hexmap), None)
        log = self.encounter.log
        key = (len(log), log[-1].seq if len(log) else None)
        if lead != self._acting_shown:  # a new turn: select its creature (its reach shows)
            self._acting_shown = lead
            if lead is not None:
                self._map_key = key
                moves = self.action_rows.move_action
                if moves.value != "move" and "move" in [v for _k, v in moves.options]:
                    moves.value = "move"  # a click moves again: the last creature's 5-foot
                bm.action = "move"        # step or run is not the next one's
                bm.select(lead)
                return
        if key != self._map_key:  # a step that moved nobody may change the reach (wounds:
            self._map_key = key   # a spell spends a Half Action): the highlight follows;
            bm.redraw()           # only what changed is sent

    def _pick_on_map(self, name: str) -> str | None:
        """A click on ``name``'s token: the Attack row's target when it offers ``name``
        (:meth:`~lfgcombat.widgets.tracker_attack.AttackControls.pick`), said in the status
        line even when the map's own line already says the same words."""
        said = self.attack_row.pick(name)
        if said is not None:
            self._say(said)
        return said

    def _feet_left_on_map(self, name: str) -> int | None:
        """The feet the engine says ``name`` has left this turn (``Encounter.state(name).
        budget["remaining_ft"]``: classic's Move Action, wounds' Half Actions), for the
        BattleMap's highlight; ``None`` where the engine keeps no such budget (lfg: the
        map's budget for the action)."""
        enc = self.encounter
        if name not in enc.names:
            return None
        left = (enc.state(name).budget or {}).get("remaining_ft")
        return None if left is None else int(left)

    def _reach_on_map(self, name: str, action: str) -> Any:
        """What the engine says ``name`` can reach with ``action`` and which cells provoke
        under the encounter's ruleset (``Encounter.reachable``), for the BattleMap's
        highlight; ``None`` for a token the encounter does not play (the map's answer);
        nothing once the fight is over (:attr:`halted`)."""
        enc = self.encounter
        if name not in enc.names or name not in enc.map:
            return None
        if self.halted:  # the fight is over: the map offers no move either
            return Reachable(name, action, 0, {}, frozenset())
        return enc.reachable(name, action)

    def _sync_dicelog(self) -> None:
        """Undo and load replay with a fresh Roller: point the DiceLog at it."""
        log = self.dicelog
        roller = self.encounter.roller
        if log is None or log.roller is roller:
            return
        unsubscribe = getattr(log, "_unsubscribe", None)
        if unsubscribe is not None:
            unsubscribe()
        log.roller = roller
        redraw = getattr(log, "_rolled", log.refresh)  # waits for a hold under way
        log._unsubscribe = roller.subscribe(lambda _roll: redraw())
        log.refresh()

    def close(self) -> None:
        """Stop following the encounter (and stop moving through it from the map)."""
        # getattr: a tracker refused in __init__ is closed half-built by Widget.__del__
        unsubscribe = getattr(self, "_unsubscribe", None)
        if unsubscribe is not None:
            unsubscribe()
            self._unsubscribe = None
        bm = getattr(self, "battlemap", None)
        if bm is not None and bm.mover == self._move_on_map:
            bm.mover = None
            bm.feet_source = None
            bm.reach_source = None
            bm.target_picker = None
            bm.status.unobserve(self._map_said, "value")
            bm.status.layout.display = None
        if getattr(self, "prep_panel", None) is not None:
            self.prep_panel.close()
        for pool in (getattr(self, "_next_pool", {}), getattr(self, "_decline_pool", {})):
            for b in pool.values():
                b.close()
        super().close()

    def __repr__(self) -> str:
        enc = self.encounter
        rnd = f"round {enc.round}" + (" (surprise)" if enc.surprise_round else "")
        return (f"InitiativeTracker({rnd}, current={enc.current!r}, "
                f"next={enc.choices()!r})")
