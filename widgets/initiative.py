"""InitiativeTracker: the Ready/Done cards of Selective Initiative, driving an Encounter.

000_8d1d7816ee944f3b.txt, "Selective Initiative – Suggestion": "give each player (and
monster) an index card that says “Ready” on one side and “Done” on the other side ... This
helps keep track of which creatures have already acted and who can be selected to act next."

Thin by design: every answer comes from :class:`lfgcombat.Encounter` - whose turn it is
(``current``, ``acting``, ``interrupted``), who may go next (``choices()``), each card
(``state(name)``), the actions left (``actions_left(name).explain()``) - and every button
calls one public engine method (``end_turn``, ``decline_turn``, ``act_together``,
``interrupt``, ``ready``, ``move``, ``undo``). A refusal
(:class:`~lfgcombat.IllegalActionError`) is shown in the status line with the rule it
cites; the engine has already left the state as it was. The widget redraws on
:meth:`lfgcombat.Encounter.subscribe`, so a step taken in code shows at once.

With a :class:`~lfgcombat.widgets.BattleMap` of the encounter's map, the acting creature
is selected on the map when its turn begins and a click on a hex moves it through the
engine (``Encounter.move``, or ``five_foot_step``/``run``/``retreat`` as the map's
``action`` says), spending its action and resolving the AOO it provokes. With a
:class:`~lfgcombat.widgets.DiceLog` (or ``dicelog=True``), the encounter's rolls are listed
newest first.

CSS hooks (for styling and for the browser tests): the widget is ``.lfg-initiative``; the
round line ``.lfg-round`` (``data-round``), whose turn ``.lfg-current`` (``data-current``);
the cards ``.lfg-card`` with ``data-name`` and ``data-side`` and the classes
``lfg-card-ready`` or ``lfg-card-done``, ``lfg-card-acting``, ``lfg-card-interrupted``,
``lfg-card-down`` (0 HP or less) and ``lfg-card-dead``; inside a card ``.lfg-card-face``
("Ready"/"Done"), ``.lfg-hp-bar``, ``.lfg-hp-text`` and ``.lfg-conditions``. Buttons: one
``.lfg-next`` per legal next creature (its text is the name), ``.lfg-end-turn``,
``.lfg-deadlock``, ``.lfg-interrupt`` (with the ``.lfg-interrupter`` dropdown, the
``.lfg-interrupt-also`` tags for more interrupters at once and the
``.lfg-interrupt-before`` dropdown of the action about to be taken),
``.lfg-ready`` (with ``.lfg-ready-trigger`` and ``.lfg-ready-action``), ``.lfg-undo``;
one ``.lfg-decline`` per creature the chooser may pick instead when the acting creature,
chosen by an ally, asks to go later (``Encounter.decline_turn``); ``.lfg-together`` (with
the ``.lfg-together-ally`` dropdown and ``.lfg-together-bonus``) to act together with an
ally (``Encounter.act_together``);
``.lfg-actions-left``; the status line ``.lfg-tracker-status`` (``lfg-error`` on a
refusal).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

import ipywidgets as W
import traitlets

from lfgcombat.encounter import Encounter, actions_table
from lfgcombat.errors import IllegalActionError, LfgError

__all__ = ["InitiativeTracker"]

#: Card colours by side, in the order the sides are given (the BattleMap's palette).
SIDE_COLORS = ["#2b6cb0", "#c53030", "#2f855a", "#b7791f", "#6b46c1", "#319795"]
_MOVES = ("move", "five_foot_step", "run", "retreat")
_CARD = ("display:inline-block;vertical-align:top;width:150px;margin:0 6px 6px 0;"
         "padding:4px 6px;border:1px solid #ccc;border-left:6px solid {color};"
         "border-radius:4px;background:{bg};font:12px/1.35 sans-serif;{extra}")


def _hp_color(frac: float) -> str:
    return "#38a169" if frac > 0.5 else "#d69e2e" if frac > 0.25 else "#e53e3e"


class InitiativeTracker(W.VBox):
    """The Selective Initiative table of an :class:`~lfgcombat.Encounter`, as buttons.

    Args:
        encounter: The encounter to show and drive.
        battlemap: A :class:`~lfgcombat.widgets.BattleMap` of ``encounter.map`` (optional):
            its tokens follow the encounter, and clicking a hex moves the acting creature
            through the engine.
        dicelog: A :class:`~lfgcombat.widgets.DiceLog` of ``encounter.roller``, or ``True``
            to make one (optional).
        aoo: Who takes the AOO a move through the map provokes: ``"all"`` (every enemy
            offered one; the default) or ``None`` (offered, not taken).

    Attributes:
        round: The encounter's round (a traitlet).
        current: Whose turn it is, a creature or group (a traitlet; ``None`` before start).
        error: The engine's message for the last refused action ("" after a legal one).
        status: The status line (an ``HTML`` widget); its text is :attr:`status_text`.

    Raises:
        TypeError: ``encounter`` is not an Encounter, or ``battlemap``/``dicelog`` is not
            one of the encounter's own (another map or roller would show another fight).
    """

    round = traitlets.Int(0)
    current = traitlets.Unicode(None, allow_none=True)
    error = traitlets.Unicode("")

    def __init__(self, encounter: Encounter, battlemap: Any = None, dicelog: Any = None, *,
                 aoo: Any = "all", **kwargs: Any) -> None:
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
        self.encounter = encounter
        self.battlemap = battlemap
        self.dicelog = dicelog
        self.aoo = aoo
        self._acting_shown: str | None = None
        self._busy = False  # inside one of our own engine calls
        self._seen = list(encounter.log)
        self._last_buttons: list[W.Button] = []

        self._round = W.HTML()
        self._cards = W.HTML()
        self._next_label = W.HTML()
        self._next = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self._end = self._button("End turn", "lfg-end-turn", self.end_turn,
                                 "end this turn without choosing (an interrupt turn is over: "
                                 "the interrupted creature resumes)")
        self._deadlock = self._button("GM: lowest initiative next", "lfg-deadlock",
                                      self.deadlock, "Initiative Problems: force the lowest "
                                      "Initiative Roll to go next")
        self._undo = self._button("Undo", "lfg-undo", self.undo, "undo the last step")
        self._interrupter = W.Dropdown(description="interrupt by",
                                       layout=W.Layout(width="17em"),
                                       style={"description_width": "6.5em"})
        self._interrupter.add_class("lfg-interrupter")
        self._also = W.TagsInput(allowed_tags=[], allow_duplicates=False,
                                 placeholder="+ others at once",
                                 layout=W.Layout(width="14em"))
        self._also.add_class("lfg-interrupt-also")
        self._before = W.Dropdown(options=[("any action", "")] + [
            (a, a) for a in actions_table()["action"]], value="", description="before",
            layout=W.Layout(width="15em"), style={"description_width": "3.5em"})
        self._before.add_class("lfg-interrupt-before")
        self._interrupt = self._button("Interrupt", "lfg-interrupt", self._interrupt_clicked,
                                       "spend a Reaction: opposed Initiative Checks (several "
                                       "at once: only the highest succeeds)")
        self._trigger = W.Text(placeholder="trigger, e.g. the orc charges",
                               layout=W.Layout(width="16em"))
        self._trigger.add_class("lfg-ready-trigger")
        acts = actions_table()
        readyable = [a for a, t in zip(acts["action"], acts["type"]) if t == "big"]
        self._ready_action = W.Dropdown(options=readyable,
                                        value="attack" if "attack" in readyable else None,
                                        layout=W.Layout(width="11em"))
        self._ready_action.add_class("lfg-ready-action")
        self._ready = self._button("Ready", "lfg-ready",
                                   lambda: self.ready(self._trigger.value,
                                                      self._ready_action.value),
                                   "Prepare to Interrupt: a Big Action now, the prepared "
                                   "action when the trigger occurs")
        self._decline_label = W.HTML()
        self._decline = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self._decline_buttons: list[W.Button] = []
        self._together_ally = W.Dropdown(description="act together with",
                                         layout=W.Layout(width="21em"),
                                         style={"description_width": "10em"})
        self._together_ally.add_class("lfg-together-ally")
        self._together_bonus = W.BoundedIntText(value=0, min=0, max=5,
                                                description="GM's Tactical +",
                                                layout=W.Layout(width="13em"),
                                                style={"description_width": "9em"})
        self._together_bonus.add_class("lfg-together-bonus")
        self._together = self._button(
            "Act together", "lfg-together",
            lambda: self.act_together(self._together_ally.value, self._together_bonus.value),
            "Taking Your Turn: you and an ally act at the same time (the GM may grant a "
            "Tactical Bonus)")
        self._actions = W.HTML()
        self.status = W.HTML()
        panel = [self._round, self._cards,
                 W.HBox([self._next_label, self._next, self._end, self._deadlock],
                        layout=W.Layout(flex_flow="row wrap", align_items="center")),
                 W.HBox([self._decline_label, self._decline],
                        layout=W.Layout(flex_flow="row wrap", align_items="center")),
                 W.HBox([self._together_ally, self._together_bonus, self._together],
                        layout=W.Layout(flex_flow="row wrap", align_items="center")),
                 self._actions,
                 W.HBox([self._interrupter, self._also, self._before, self._interrupt,
                         self._trigger,
                         self._ready_action, self._ready, self._undo],
                        layout=W.Layout(flex_flow="row wrap", align_items="center")),
                 self.status]
        extra = [w for w in (battlemap, dicelog) if w is not None]
        super().__init__(children=panel + extra, **kwargs)
        self.add_class("lfg-initiative")
        if battlemap is not None:
            battlemap.mover = self._move_on_map
        self._unsubscribe: Callable[[], None] | None = encounter.subscribe(
            lambda _enc: self.refresh())
        self.refresh()
        self._say(self._hint())

    # -- small helpers ----------------------------------------------------------------------
    @staticmethod
    def _button(text: str, css: str, do: Callable[[], Any], tip: str) -> W.Button:
        b = W.Button(description=text, tooltip=tip, layout=W.Layout(width="auto"))
        b.add_class(css)
        b.on_click(lambda _b: do())
        return b

    def _say(self, text: str, error: bool = False) -> None:
        color = "#b00020" if error else "#222"
        cls = "lfg-tracker-status lfg-error" if error else "lfg-tracker-status"
        body = "<br>".join(html.escape(line) for line in text.splitlines())
        self.status.value = (f'<div class="{cls}" style="color:{color};line-height:1.4">'
                             f'{body}</div>')

    @property
    def status_text(self) -> str:
        """The status line as plain text."""
        text = re.sub(r"<(?!br)[^>]+>", "", self.status.value)
        return html.unescape(text.replace("<br>", "\n"))

    def _hint(self) -> str:
        enc = self.encounter
        if enc.current is None:
            return "Start the encounter: encounter.start(aware=[...])." if enc.round == 0 \
                else "Nobody is left to act."
        who = ", ".join(enc.acting) or enc.current
        if enc.choices():
            return f"{who} acting. When its turn is done, choose who goes next."
        return f"{who} acting. End the turn when it is done."

    @staticmethod
    def _describe(e: Any) -> str | None:
        """One readable line for an event (``None``: not worth a line here)."""
        d = e.data
        if e.kind in ("attack", "turn_end", "aoo"):
            return None  # an attack reads best as its rolls and its damage
        if e.kind == "moved":
            left = f", {d.get('feet_left')} ft left" if d.get("feet_left") else ""
            return (f"{e.actor} {str(d.get('action', 'move')).replace('_', ' ')}s "
                    f"{d.get('feet')} ft to {tuple(d['path'][-1])}{left}")
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
        """The effect events new since the log was ``before``, one a line (after the common
        prefix: undo and ``decline_turn`` rewrite the log's tail)."""
        now = list(self.encounter.log)
        since = 0
        while since < min(len(before), len(now)) and before[since] == now[since]:
            since += 1
        lines = [t for e in now[since:] if not e.command
                 for t in [self._describe(e)] if t]
        if len(lines) > 12:
            lines = lines[:5] + [f"... ({len(lines) - 10} more)"] + lines[-5:]
        return "\n".join(lines)

    def _attempt(self, do: Callable[[], Any]) -> Any:
        """Run one engine call; show what happened, or the refusal and its rule."""
        since = list(self.encounter.log)
        self._busy = True
        try:
            result = do()
        except LfgError as exc:  # IllegalActionError names the rule; nothing changed
            self.error = str(exc)
            self._say(f"Not allowed: {exc}", error=True)
            return None
        finally:
            self._busy = False
        self.error = ""
        said = self._happened(since)
        self._say(said or self._hint())
        return result

    # -- actions (the buttons call these; code may too) --------------------------------------
    def choose(self, next: str) -> None:
        """The acting creature ends its turn and chooses ``next`` (``end_turn(next=)``)."""
        self._attempt(lambda: self.encounter.end_turn(next=next))

    def decline(self, next: str) -> None:
        """The acting creature, chosen by an ally, asks to go later; the ally picks ``next``
        instead (``Encounter.decline_turn``)."""
        self._attempt(lambda: self.encounter.decline_turn(next=next))

    def act_together(self, ally: str | None, tactical_bonus: int = 0,
                     name: str | None = None) -> None:
        """The acting creature (or ``name``) and ``ally`` act together
        (``Encounter.act_together``)."""
        who = name or (self.encounter.acting[0] if self.encounter.acting else "")
        self._attempt(lambda: self.encounter.act_together(
            who, ally or "", tactical_bonus=int(tactical_bonus or 0)))

    def end_turn(self) -> None:
        """End the turn without choosing (after an interrupt turn, or when the order
        decides)."""
        self._attempt(lambda: self.encounter.end_turn())

    def deadlock(self) -> None:
        """The GM's deadlock rule: the lowest Initiative Roll among the choices goes next."""
        self._attempt(lambda: self.encounter.end_turn(deadlock=True))

    def interrupt(self, interrupter: str | list[str], before: str | None = None) -> Any:
        """``interrupter`` tries to interrupt the acting creature (``Encounter.interrupt``).

        Returns:
            The :class:`~lfgcombat.encounter.InterruptResult`, or ``None`` if refused.
        """
        return self._attempt(lambda: self.encounter.interrupt(interrupter, before=before))

    def _interrupt_clicked(self) -> None:
        first = self._interrupter.value
        who = [first] + [n for n in self._also.value if n != first]
        self.interrupt(who[0] if len(who) == 1 else who, before=self._before.value or None)

    def ready(self, trigger: str, action: str = "attack", name: str | None = None) -> None:
        """The acting creature (or ``name``) prepares to interrupt (``Encounter.ready``)."""
        who = name or (self.encounter.acting[0] if self.encounter.acting else "")
        self._attempt(lambda: self.encounter.ready(who, trigger, action))

    def move(self, to: Any, name: str | None = None, action: str = "move") -> None:
        """Move the acting creature (or ``name``) through the engine, as a map click does."""
        who = name or (self.encounter.acting[0] if self.encounter.acting else "")
        self._attempt(lambda: self._engine_move(who, to, action))

    def undo(self) -> None:
        """Undo the last step (``Encounter.undo()``)."""
        self._attempt(lambda: self.encounter.undo())

    def _engine_move(self, name: str, to: Any, action: str) -> None:
        if action not in _MOVES:
            raise LfgError(f"the map's action {action!r} is not a movement action; use one "
                           f"of {', '.join(_MOVES)}")
        enc = self.encounter
        if action == "five_foot_step":
            enc.five_foot_step(name, to)
        else:
            getattr(enc, action)(name, to, aoo=self.aoo)

    def _move_on_map(self, name: str, cell: Any, action: str) -> str:
        """The BattleMap's mover: the engine moves ``name``; a refusal shows in both
        status lines (the map's and the tracker's)."""
        self.move(cell, name=name, action=action)
        if self.error:
            raise IllegalActionError(self.error)
        return self.status_text

    # -- drawing ----------------------------------------------------------------------------
    def _side_colors(self) -> dict[str, str]:
        enc = self.encounter
        sides = list(dict.fromkeys(enc.side(n) for n in enc.names))
        if self.battlemap is not None and hasattr(self.battlemap, "_side_color"):
            return {s: self.battlemap._side_color(s) for s in sides}  # match the tokens
        return {s: SIDE_COLORS[i % len(SIDE_COLORS)] for i, s in enumerate(sides)}

    def _card(self, name: str, color: str, acting: bool, paused: bool) -> str:
        s = self.encounter.state(name)
        face = "Done" if s["done"] else "Ready"
        classes = ["lfg-card", f"lfg-card-{face.lower()}"]
        if acting:
            classes.append("lfg-card-acting")
        if paused:
            classes.append("lfg-card-interrupted")
        if s["dead"]:
            classes.append("lfg-card-dead")
        elif s["hp"] <= 0:
            classes.append("lfg-card-down")
        frac = max(0.0, min(1.0, s["hp"] / s["max_hp"])) if s["max_hp"] else 0.0
        bg = "#fffbea" if acting else "#f1f1f1" if s["done"] else "#fff"
        extra = "box-shadow:0 0 0 2px #d69e2e;" if acting else ""
        if s["dead"]:
            extra += "opacity:0.55;"
        a = s["actions_left"]
        init = "—" if s["initiative"] is None else str(s["initiative"])
        temp = f" +{s['temp_hp']} temp" if s["temp_hp"] else ""
        status = "" if s["status"] == "conscious" else f" · {s['status']}"
        def norm(text: str) -> str:
            return text.replace("-", " ").replace("_", " ")
        # an effect's label says why (e.g. "flat-footed (unaware in the Surprise Round)")
        conds = ", ".join([c for c in s["conditions"]
                           if not any(norm(c) in norm(x) for x in s["effects"])]
                          + s["effects"])
        flags = []
        if acting:
            flags.append("acting")
        if paused:
            flags.append("interrupted")
        if s["ready"]:
            flags.append(f"readied: {s['ready']['action']} when {s['ready']['trigger']}")
        if s["full_round"]:
            flags.append(f"full-round: {s['full_round']}")
        e = html.escape
        return (
            f'<div class="{" ".join(classes)}" data-name="{e(name)}" data-side="{e(s["side"])}"'
            f' style="{_CARD.format(color=color, bg=bg, extra=extra)}">'
            f'<div><b>{e(name)}</b> <span class="lfg-card-face" style="float:right;'
            f'font-weight:600;color:{"#888" if s["done"] else "#2f855a"}">{face}</span></div>'
            f'<div style="color:#666">{e(s["side"])} · init {init}{e(status)}</div>'
            f'<div style="height:7px;background:#e2e2e2;border-radius:3px;margin:2px 0">'
            f'<div class="lfg-hp-bar" style="height:7px;width:{frac * 100:.0f}%;'
            f'background:{_hp_color(frac)};border-radius:3px"></div></div>'
            f'<div class="lfg-hp-text">HP {s["hp"]}/{s["max_hp"]}{temp}</div>'
            f'<div style="color:#555">{a.big} Big · {a.little} Little · {a.reactions} React'
            f'</div>'
            f'<div class="lfg-conditions" style="color:#9c4221">{e(conds)}</div>'
            + "".join(f'<div style="color:#2b6cb0">{e(f)}</div>' for f in flags)
            + "</div>")

    def refresh(self) -> None:
        """Redraw everything from the encounter (called after every engine step)."""
        enc = self.encounter
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
            f'{html.escape(label)}</div><div class="lfg-current" data-current='
            f'"{html.escape(enc.current or "")}">Acting: <b>{html.escape(now)}</b>'
            f'{html.escape(why)}</div>')
        self._cards.value = '<div class="lfg-cards">' + "".join(
            self._card(n, colors[enc.side(n)], n in acting, n in paused)
            for n in enc.names) + "</div>"
        choices = enc.choices()
        for b in self._last_buttons:
            b.close()
        buttons = []
        for unit in choices:
            b = self._button(unit, "lfg-next", lambda u=unit: self.choose(u),
                             f"{now} ends its turn and chooses {unit} to go next")
            b.button_style = "primary" if enc.side(enc.members(unit)[0]) == \
                (enc.side(acting[0]) if acting else None) else "warning"
            buttons.append(b)
        self._last_buttons = buttons
        self._next.children = tuple(buttons)
        self._next_label.value = ("<b>next:</b>&nbsp;" if choices else "")
        for b in self._decline_buttons:
            b.close()
        instead = enc.decline_choices()
        chooser = enc.log.of_kind("turn_start")[-1].data.get("chosen_by") if instead else None
        self._decline_buttons = [
            self._button(u, "lfg-decline", lambda u=u: self.decline(u),
                         f"{now} asks {chooser} to pick {u} instead, and goes later")
            for u in instead]
        self._decline.children = tuple(self._decline_buttons)
        self._decline_label.value = (
            f"<b>{html.escape(now)} would rather go later:</b>&nbsp;{html.escape(chooser or '')}"
            " picks instead&nbsp;" if instead else "")
        partners = enc.together_choices()
        keep_ally = self._together_ally.value
        self._together_ally.options = partners
        self._together_ally.value = keep_ally if keep_ally in partners else (
            partners[0] if partners else None)
        for w in (self._together_ally, self._together_bonus, self._together):
            w.layout.display = None if partners else "none"
        under_way = enc.current is not None
        self._end.layout.display = None if (under_way and not choices) else "none"
        self._deadlock.layout.display = None if len(choices) > 1 else "none"
        for w in (self._interrupt, self._interrupter, self._also, self._before, self._ready,
                  self._trigger,
                  self._ready_action):
            w.disabled = not under_way
        others = [n for n in enc.names if n not in acting and not enc.state(n)["dead"]]
        keep = self._interrupter.value
        self._interrupter.options = others
        self._interrupter.value = keep if keep in others else (others[0] if others else None)
        self._also.allowed_tags = others
        self._also.value = [n for n in self._also.value if n in others]
        self._actions.value = ('<div class="lfg-actions-left" style="font:12px/1.4 '
                               'monospace">') + \
            "<br>".join(html.escape(enc.actions_left(n).explain()).replace("\n", "<br>")
                        for n in acting) + "</div>"
        log = list(enc.log)
        if not self._busy and log != self._seen:  # a step taken in code
            self._say(self._happened(self._seen) or self._hint())
        self._seen = log
        self._sync_map(acting)
        self._sync_dicelog()

    def _sync_map(self, acting: list[str]) -> None:
        bm = self.battlemap
        if bm is None:
            return
        if bm.hexmap is not self.encounter.map:  # the engine never swaps its map; be safe
            return
        lead = next((n for n in acting if n in bm.hexmap), None)
        if lead != self._acting_shown:  # a new turn: select its creature (its reach shows)
            self._acting_shown = lead
            if lead is not None:
                bm.select(lead)

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
        log._unsubscribe = roller.subscribe(lambda _roll: log.refresh())
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
        for b in getattr(self, "_last_buttons", []) + getattr(self, "_decline_buttons", []):
            b.close()
        super().close()

    def __repr__(self) -> str:
        enc = self.encounter
        rnd = f"round {enc.round}" + (" (surprise)" if enc.surprise_round else "")
        return (f"InitiativeTracker({rnd}, current={enc.current!r}, "
                f"next={enc.choices()!r})")
