"""The tracker's turn-order controls: start, who goes next (by side colour), ending a turn,
the GM's deadlock rule, going later, acting together, interrupting, readying and undo.

000_8d1d7816ee944f3b.txt, "Rounds, Initiative, & Turn Order", "Taking Your Turn",
"Initiative Problems", "Interrupt Turn", "Prepare to Interrupt". Every button calls one
public :class:`lfgcombat.Encounter` method through the tracker's ``_attempt``.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from lfgcombat.engine import actions_table
from lfgcombat.engine.timeline import step_lines
from lfgcombat.errors import IllegalActionError, LfgError
from lfgcombat.rules.turns.interrupts import readied_action_problem
from lfgcombat.rules.turns.round_offers import of_no_use, round_offers

from .tracker_ui import ROW, button, dropdown, on_click, place_after, row, set_options

_MOVES = ("move", "five_foot_step", "run", "retreat")


class TurnControls:
    """Mixin of :class:`~lfgcombat.widgets.InitiativeTracker`: the turn-order rows and the
    methods their buttons call (code may call them too)."""

    encounter: Any
    battlemap: Any
    aoo: Any
    error: str
    halted: str
    offer_row: Any
    nobody_acts: Any
    dry_run: Any
    remembered: Any
    rows_box: Any
    _cards: Any
    _info: Any

    def _build_turn_controls(self) -> None:
        self._last_buttons: list[W.Button] = []
        self._decline_buttons: list[W.Button] = []
        #: The "next" and "instead" buttons made so far, by unit (reused, issue 26 item 5).
        self._next_pool: dict[str, W.Button] = {}
        self._decline_pool: dict[str, W.Button] = {}
        self._start = button("Start", "lfg-start", self.start,
                             "roll initiative and begin round 1 (everyone aware)")
        self._next_label = W.HTML()
        self._next = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self._end = button("End turn", "lfg-end-turn", self.end_turn,
                           "end this turn without choosing (an interrupt turn is over: the "
                           "interrupted creature resumes)")
        self._deadlock = button("GM: lowest initiative next", "lfg-deadlock", self.deadlock,
                                "Initiative Problems: force the lowest Initiative Roll to go "
                                "next")
        self._undo = button("Undo", "lfg-undo", self.undo, "undo the last step")
        self._interrupter = dropdown("interrupt by", "lfg-interrupter", width="17em")
        self._interrupt_for: tuple[str, ...] = ()  # the acting creatures it was offered for
        self._also = W.TagsInput(allowed_tags=[], allow_duplicates=False,
                                 placeholder="+ others at once", layout=W.Layout(width="14em"))
        self._also.add_class("lfg-interrupt-also")
        acts = actions_table()  # offered by name, in words (issue 26: "Labels in words")
        self._before = dropdown("before", "lfg-interrupt-before", [("any action", "")] + [
            (n, a) for a, n in zip(acts["action"], acts["name"])], width="15em",
            value="")
        self._interrupt = button("Interrupt", "lfg-interrupt", self._interrupt_clicked,
                                 "spend a Reaction: opposed Initiative Checks (several at "
                                 "once: only the highest succeeds)")
        self._trigger = W.Text(description="trigger", placeholder="e.g. the orc charges",
                               layout=W.Layout(width="17em"),
                               style={"description_width": "initial"})
        self._trigger.add_class("lfg-ready-trigger")
        readyable = [(n, a) for a, n, t in zip(acts["action"], acts["name"], acts["type"])
                     if t == "big"]
        #: Every Big Action of the table (what Ready may hold); the menu offers those the
        #: acting creature can take (:meth:`_readyable`).
        self._ready_all = readyable
        self._ready_action = dropdown("readied action", "lfg-ready-action", readyable,
                                      width="16em", value="attack" if ("Attack", "attack")
                                      in readyable else None)
        self._ready = button("Ready", "lfg-ready", self._ready_clicked,
                             "Prepare to Interrupt: a Big Action now, the prepared action "
                             "when the trigger occurs")
        self._decline_label = W.HTML()
        self._decline = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self._together_ally = dropdown("act together with", "lfg-together-ally",
                                       width="21em")
        self._together_bonus = W.BoundedIntText(value=0, min=0, max=5,
                                                description="GM's Tactical +",
                                                layout=W.Layout(width="13em"),
                                                style={"description_width": "initial"})
        self._together_bonus.add_class("lfg-together-bonus")
        self._together = button(
            "Act together", "lfg-together",
            lambda: self.act_together(self._together_ally.value, self._together_bonus.value),
            "Taking Your Turn: you and an ally act at the same time (the GM may grant a "
            "Tactical Bonus)")

    def _turn_rows(self) -> list[W.Widget]:
        # issue 26: shown only when a round of the fight has interrupts / readied actions
        self._interrupt_row = row(self._interrupter, W.Label("also"), self._also,
                                  self._before, self._interrupt, title="Interrupt:")
        self._ready_row = row(self._trigger, self._ready_action, self._ready, title="Ready:")
        self._together_row = row(self._together_ally, self._together_bonus, self._together)
        self._interrupt_row.add_class("lfg-interrupt-row")
        self._ready_row.add_class("lfg-ready-row")
        return [
            W.HBox([self._start, self._next_label, self._next, self._end, self._deadlock],
                   layout=W.Layout(**ROW)),
            W.HBox([self._decline_label, self._decline], layout=W.Layout(**ROW)),
            self._together_row,
            self._interrupt_row, self._ready_row]

    def _unit_buttons(self, pool: dict[str, W.Button], units: list[str], css: str,
                      do: Any, colors: dict[str, str], tip: Any) -> list[W.Button]:
        """One button per unit, in its side's colour, kept from one redraw to the next
        (issue 26, item 5: a redraw changes a button only where its text, tip or colour
        changed; none is made again)."""
        enc = self.encounter
        out = []
        for unit in units:
            b = pool.get(unit)
            color = colors[enc.side(enc.members(unit)[0])]
            if b is None:  # made whole: one message opens it
                b = pool[unit] = W.Button(
                    description=unit, tooltip=tip(unit), layout=W.Layout(width="auto"),
                    style=W.ButtonStyle(button_color=color, text_color="white"),
                    _dom_classes=(css,))
                on_click(b, lambda u=unit: do(u))
            if b.style.button_color != color:
                b.style.button_color = color
            if b.tooltip != tip(unit):
                b.tooltip = tip(unit)
            out.append(b)
        return out

    def _refresh_turns(self, colors: dict[str, str]) -> None:
        enc = self.encounter
        acting = enc.acting
        now = enc.current or "nobody"
        choices = enc.choices()
        # a fixed order: nobody chooses, the order says who goes next; the tip names the
        # unit only, so that a button kept from turn to turn sends nothing (issue 26, item 5)
        verb = ("the turn ends; the order says {u} ({side}) goes next"
                if enc.initiative_policy.fixed_order
                else "the acting creature ends its turn and chooses {u} ({side}) to go next")
        self._last_buttons = self._unit_buttons(
            self._next_pool, choices, "lfg-next", self.choose, colors,
            lambda u: verb.format(u=u, side=enc.side(enc.members(u)[0])))
        if tuple(self._next.children) != tuple(self._last_buttons):
            self._next.children = tuple(self._last_buttons)
        self._next_label.value = ("<b>next:</b>&nbsp;" if choices else "")
        self._start.layout.display = None if enc.round == 0 and enc.current is None else "none"
        instead = enc.decline_choices()
        chooser = enc.log.of_kind("turn_start")[-1].data.get("chosen_by") if instead else None
        self._decline_buttons = self._unit_buttons(
            self._decline_pool, instead, "lfg-decline", self.decline, colors,
            lambda u: f"{now} asks {chooser} to pick {u} instead, and goes later")
        if tuple(self._decline.children) != tuple(self._decline_buttons):
            self._decline.children = tuple(self._decline_buttons)
        self._decline_label.value = (
            f"<i>Option:</i> if {html.escape(now)} would rather go later, "
            f"{html.escape(chooser or '')} picks instead:&nbsp;" if instead else "")
        partners = enc.together_choices()
        set_options(self._together_ally, partners)
        # the row shows or hides whole (one message; the button's own display, under a
        # hidden row, waits until the row shows: issue 26, item 5)
        for w in (self._together_row, self._together):
            if w.layout.display != (None if partners else "none"):
                w.layout.display = None if partners else "none"
        under_way = enc.current is not None
        acting_now = under_way and not self.halted  # the fight is over: no interrupt/ready
        self._end.layout.display = None if (under_way and not choices) else "none"
        self._deadlock.layout.display = None if len(choices) > 1 else "none"
        for w in (self._interrupt, self._interrupter, self._also, self._before, self._ready,
                  self._trigger, self._ready_action):
            w.disabled = not acting_now
        nobody = self.nobody_acts()
        # asked once per step of the fight (a redraw that changed nothing asks nothing)
        others, why = ([], nobody) if nobody else self.remembered(
            "interrupters", tuple(acting), lambda: self._interrupters(acting))
        others = list(others)
        self._offer_interrupters(acting, others)
        self.offer_row(self._interrupt_row, "Interrupt", why)
        ready_why, readyable = (nobody, None) if nobody else self.remembered(
            "ready", (tuple(acting), self._ready_action.value),
            lambda: self._ready_offer(acting))
        if readyable is not None:
            set_options(self._ready_action, list(readyable))
        self.offer_row(self._ready_row, "Ready", ready_why)
        self._also.allowed_tags = others
        self._also.value = [n for n in self._also.value if n in others]

    def _offer_interrupters(self, acting: list[str], others: list[str]) -> None:
        """Offer ``others`` (those the engine takes) in "interrupt by", the acting
        creatures' foes first; a new turn chooses its first foe, or nobody when only allies
        may: a new user's one click spent an ally's Reaction on a failed interrupt of a
        friend (issue 26; 000_8d1d7816ee944f3b.txt, "Interrupt Turn – Details and
        Clarifications:": an interrupt costs the interrupter's Reaction)."""
        enc = self.encounter
        sides = {enc.side(n) for n in acting}
        foes = [n for n in others if enc.side(n) not in sides]
        options = foes + [n for n in others if n not in foes]
        keep = self._interrupter.value if self._interrupt_for == tuple(acting) else None
        self._interrupt_for = tuple(acting)
        want = keep if keep in options else (foes[0] if foes else None)
        set_options(self._interrupter, options, want)
        if want is None:
            self._interrupter.value = None  # only allies: the GM chooses one, if any

    def _interrupters(self, acting: list[str]) -> tuple[tuple[str, ...], str]:
        """Who may interrupt the acting creature now, and why nobody may ("" when some
        may): those whose round has interrupts (``round_offers``) and whose interrupt the
        engine takes on a fork (a dry run: "You cannot interrupt the creature that acts
        first in the round", a Reaction used, ... - 000_8d1d7816ee944f3b.txt, "Interrupt
        Turn – Details and Clarifications:"). Those with their Reaction unused first.

        Fewer forks: those likely taken (not done, Reaction unused, or holding a readied
        action) are tried all at once first - when the engine takes that, it takes each
        alone (its checks are each interrupter's; none is stricter for one) - and the
        others one by one (a refusal reuses the fork)."""
        enc = self.encounter
        others = [n for n in enc.names if n not in acting and not enc.state(n)["dead"]
                  and round_offers(enc, n).interrupts]
        if not others:
            return (), "nobody else's round has interrupts"
        states = {n: enc.state(n) for n in others}
        others.sort(key=lambda n: bool(states[n]["reaction_used"]))
        likely = [n for n in others if states[n]["ready"]
                  or not (states[n]["done"] or states[n]["reaction_used"])]
        taken: list[str] = []
        if len(likely) > 1 and not self.dry_run(lambda e: lambda: e.interrupt(likely)):
            taken = likely
        first = ""
        for n in others:
            if n in taken:
                continue
            refusal = self.dry_run(lambda e, n=n: lambda: e.interrupt(n))
            if refusal:
                first = first or refusal
            else:
                taken.append(n)
        return tuple(n for n in others if n in taken), "" if taken else first

    def _ready_offer(self, acting: list[str]) -> tuple[str, tuple | None]:
        """Why the acting creature cannot ready an action now ("" when it can) and, when
        it can, the actions its Ready menu offers (:meth:`_readyable`)."""
        refusal = self._ready_refusal(acting)
        return refusal, None if refusal else tuple(self._readyable(acting[0]))

    def _ready_refusal(self, acting: list[str]) -> str:
        """Why the acting creature cannot ready an action now ("" when it can): its
        round has no readied actions (``round_offers``), or the engine refuses readying
        each action offered (dry runs on a fork, the chosen one first, with a trigger
        still to type: "Prepare to Interrupt" is a Big Action). The same refusal for two
        actions running ends the tries: it is not about the action held (23 dry runs a
        redraw were 2 when the Big Actions are spent)."""
        enc = self.encounter
        me = acting[0]
        if not round_offers(enc, me).ready:
            return f"not in {me}'s round"
        chosen = self._ready_action.value
        useless = of_no_use(enc, me)  # never offered (:meth:`_readyable`), so never tried
        actions = [a for a in [chosen] + [a for _l, a in self._ready_all if a != chosen]
                   if a not in useless]
        first = last = ""
        for action in actions:  # the chosen one first; a refusal leaves the fork for the next
            refusal = self.dry_run(lambda e, a=action: lambda: e.ready(me, "the trigger", a))
            if not refusal:
                return ""
            if refusal == last:  # the same words for two actions running: not about the
                return first     # action held ("Ally has 0 Big Action left: ..."), as
            first, last = first or refusal, refusal  # the Close row asks (issue 26, item 5)
        return first

    #: The readied actions the engine can try now with the creature's name alone (or, for
    #: Wake Up, a creature to rouse): offered only when that dry run is taken. (Aim is not
    #: among them: the engine takes an Aim from any creature, bow or not.)
    _TRIED_NOW = ("stand_up", "fight_defensively", "wake_up")

    def _readyable(self, me: str) -> list[tuple[str, str]]:
        """The Big Actions ``me`` may hold with Ready now (issue 26, item 1): each of the
        table's, but Stand Up from Prone, Fight Defensively and Wake Up only when the
        engine takes that action of ``me`` now on a fork (not prone: no Stand Up; nobody
        asleep, ``me`` or an ally: no Wake Up) - a dry run, no rule here; none the engine
        says ``me`` could never take (``readied_action_problem``: no Shield Bash without a
        shield, no Ready inside Ready) or of no use to it (``of_no_use``: Aim without a
        ranged weapon, a door action on a map with no door; ``ready()`` still takes them)."""
        enc = self.encounter
        useless = of_no_use(enc, me)
        allies = [me] + [n for n in enc.names if n != me and enc.side(n) == enc.side(me)
                         and not enc.state(n)["dead"]]

        def takes(action: str) -> bool:
            if action == "wake_up":
                return any(not self.dry_run(lambda e, x=x: lambda: e.act(
                    me, "wake_up", target=x)) for x in allies)
            return not self.dry_run(lambda e: lambda: getattr(e, action)(me))
        return [(label, a) for label, a in self._ready_all
                if a not in useless and not readied_action_problem(enc, me, a)
                and (a not in self._TRIED_NOW or takes(a))]

    # -- actions (the buttons call these; code may too) --------------------------------------
    def start(self, aware: Any = None) -> None:
        """Roll initiative and begin the fight (``Encounter.start``; everyone aware unless
        ``aware`` names who is)."""
        self._attempt(lambda: self.encounter.start(aware=aware))

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
            The :class:`~lfgcombat.engine.InterruptResult`, or ``None`` if refused.
        """
        return self._attempt(lambda: self.encounter.interrupt(interrupter, before=before))

    def _interrupt_clicked(self) -> None:
        first = self._interrupter.value
        if first is None:
            self._say("Interrupt: choose who interrupts in 'interrupt by' first.", error=True)
            return
        who = [first] + [n for n in self._also.value if n != first]
        self.interrupt(who[0] if len(who) == 1 else who, before=self._before.value or None)

    def _ready_clicked(self) -> None:
        if not self._trigger.value.strip():
            self.error = "no trigger"
            self._say("Ready: type the trigger in the 'trigger' box first (what the "
                      "creature waits for, e.g. 'the orc charges'), then click Ready.",
                      error=True)
            return
        self.ready(self._trigger.value.strip(), self._ready_action.value)

    def ready(self, trigger: str, action: str = "attack", name: str | None = None) -> None:
        """The acting creature (or ``name``) prepares to interrupt (``Encounter.ready``)."""
        who = name or (self.encounter.acting[0] if self.encounter.acting else "")
        self._attempt(lambda: self.encounter.ready(who, trigger, action))

    def move(self, to: Any, name: str | None = None, action: str = "move") -> None:
        """Move the acting creature (or ``name``) through the engine, as a map click does."""
        who = name or (self.encounter.acting[0] if self.encounter.acting else "")
        self._attempt(lambda: self._engine_move(who, to, action))

    def undo(self) -> None:
        """Undo the last step, keeping it as a branch the GM can return to (issue 26, item
        4): "back to" the step before it (:meth:`lfgcombat.engine.timeline.Timeline.back_to`,
        the history rows' "Resume branch" returns to it). The fight's first step has no
        step before it to go back to: it is undone as before (``Encounter.undo()``)."""
        history = getattr(self, "history_rows", None)
        lines = step_lines(self.encounter)
        if history is None or len(lines) < 2:
            self._attempt(lambda: self.encounter.undo())
            return
        history._go(lambda: history.timeline.back_to(lines[-2].seq))

    def _engine_move(self, name: str, to: Any, action: str) -> None:
        if action not in _MOVES:
            raise LfgError(f"the map's action {action!r} is not a movement action; use one "
                           f"of {', '.join(_MOVES)}")
        enc = self.encounter
        if not name:
            raise LfgError("nobody is acting: start the encounter or choose who goes next")
        if action == "five_foot_step":
            enc.five_foot_step(name, to)
        else:
            getattr(enc, action)(name, to, aoo=self.aoo)

    def _move_on_map(self, name: str, cell: Any, action: str) -> str:
        """The BattleMap's mover: the engine moves ``name``; a refusal raises for the map.
        Under the tracker the map's own status line is hidden (the tracker's says it all,
        once). Once the fight is over a click moves nobody until the GM plays on."""
        if self.halted:
            self.error = self.halted
            raise IllegalActionError(self.halted)
        self.move(cell, name=name, action=action)
        # the result under the map clicked; with the map beside the rows, under the cards
        place_after(self.rows_box, self.status,
                    self.battlemap if self.rows_box is self else self._info)
        if self.error:
            raise IllegalActionError(self.error)
        return self.status_text
