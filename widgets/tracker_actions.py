"""The tracker's other actions: movement (by map click or by typed cell), the special
actions, and casting a spell. Each button calls one public :class:`lfgcombat.Encounter`
method; the engine spends the action, offers the AOO it provokes and refuses what the
rules forbid.

000_8d1d7816ee944f3b.txt, "Running in Combat – Full Details", "Retreat (Big Action)",
"5-Foot Step", "Prone", "Aim (Big Action, Provokes AOO)", "Fight Defensively (Big Action,
No AOO)", "Protect Action (Big Action, No AOO)", "Actions in Combat What can I do on my
turn?" (casting).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from lfgcombat.errors import LfgError
from lfgcombat.rules.turns.round_offers import of_no_use, round_offers

from .tracker_ui import button, dropdown, row, set_options

if TYPE_CHECKING:  # pragma: no cover
    from .initiative import InitiativeTracker

#: The movement actions a map click (or the Go button) takes, as (label, engine method).
MOVES = [("Move", "move"), ("5-foot step", "five_foot_step"), ("Run", "run"),
         ("Retreat", "retreat")]
#: The special actions without a destination, as (label, engine method).
SPECIALS = [("Aim", "aim"), ("Fight defensively", "fight_defensively"),
            ("Protect an ally", "protect"), ("Stand up", "stand_up"),
            ("Drop prone", "drop_prone")]
_NOBODY = ("(no target)", "")
#: The labels of a ruleset round's single actions (``Encounter.ruleset.economy.
#: single_actions``: 002_2a3a79475ca2a541.txt, "Single Actions:"; 003_de0e94afd49609a7.txt,
#: Total Defense); an action without a label here shows its key.
ROUND_LABELS = {"heroic_action": "Heroic Action", "standard_action": "Standard Action",
                "stabilize": "Stabilize a dying creature", "total_defense": "Total Defense",
                "stand_up": "Stand up"}
#: The single actions with rows of their own (the attack row, the Cast row).
_OWN_ROWS = ("attack", "cast_spell")
#: The abilities a Heroic Action may roll ("Heroic Action": "adds the appropriate ability
#: modifier").
ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
#: Each ability in words, for the menu (its value stays the short name the engine takes).
ABILITY_WORDS = {"str": "Strength", "dex": "Dexterity", "con": "Constitution",
                 "int": "Intelligence", "wis": "Wisdom", "cha": "Charisma"}


def parse_cell(text: str) -> tuple[int, int]:
    """``"3, 4"`` or ``"(3 4)"`` -> ``(3, 4)`` (a map's column and row).

    Raises:
        LfgError: not two whole numbers; says what to type.
    """
    nums = re.findall(r"-?\d+", text or "")
    if len(nums) != 2 or re.sub(r"[-\d\s,()]", "", text or ""):
        raise LfgError(f"to: type the hex as column, row (e.g. 3, 4), not {text!r}")
    return int(nums[0]), int(nums[1])


class ActionControls(W.VBox):
    """Movement, special actions and casting, for the acting creature.

    Args:
        tracker: The :class:`~lfgcombat.widgets.InitiativeTracker`.

    CSS hooks: ``.lfg-move-action`` (how a map click moves), ``.lfg-move-to`` and the button
    ``.lfg-move``; ``.lfg-special``, ``.lfg-special-ally`` and ``.lfg-do-special``;
    ``.lfg-cast-spell``, ``.lfg-cast-level``, ``.lfg-cast-target``, ``.lfg-cast-note`` (the
    GM's words for the log), ``.lfg-cast-swift`` and ``.lfg-cast``;
    ``.lfg-cast-perseverance`` (the caster's Perseverance bonus);
    ``.lfg-aoo-mode`` and ``.lfg-aoo-names`` (who takes the AOO provoked); the rows
    ``.lfg-aoo-row``, ``.lfg-move-row``, ``.lfg-act-row`` and ``.lfg-cast-row``, each hidden
    when the acting creature cannot use it now (the tracker's ``.lfg-hidden-rows`` line
    says why).
    """

    def __init__(self, tracker: "InitiativeTracker") -> None:
        self.tracker = tracker
        self.who = dropdown("who", "lfg-actor", width="14em")
        self.move_action = dropdown("a map click does", "lfg-move-action", MOVES,
                                    width="19em")
        self.move_to = W.Text(description="or to hex", placeholder="col, row e.g. 3, 4",
                              layout=W.Layout(width="15em"),
                              style={"description_width": "initial"})
        self.move_to.add_class("lfg-move-to")
        self.go = button("Go", "lfg-move", self.move_typed,
                         "move to the hex typed (column, row) with the action chosen")
        self.special = dropdown("action", "lfg-special", SPECIALS, width="15em")
        self.ally = dropdown("ally", "lfg-special-ally", width="13em")
        self.target = dropdown("target", "lfg-special-target", width="13em")
        self._build_heroic_controls()
        self.do = button("Do it", "lfg-do-special", self.do_special,
                         "take the chosen action now (it is spent; AOO offered if it "
                         "provokes)")
        self._build_cast_controls()
        self._build_aoo_controls()
        #: Why the Act or Cast button is off now (the engine's refusal of a dry run).
        self.why = W.HTML()
        self._build_rows()
        self._filling = False  # inside refresh: one dry run at its end, not one a choice
        self._memo: dict[tuple, str] = {}  # the specials' dry runs, within one refresh
        for w in (self.special, self.ally, self.target, self.ability, self.level,
                  self.spell_target, self.swift):
            w.observe(lambda _c: self._filling or self.check_offers(), "value")
        self.move_action.observe(lambda c: self._map_action(c["new"]), "value")
        self.special.observe(lambda _c: self._show_ally(), "value")
        # another creature acts: what the last one typed is its own (a new user saw
        # Wulfric's "swing from the chandelier" offered in Orc 2's Act row)
        self.who.observe(lambda _c: self._blank_notes(), "value")
        self._show_ally()

    def _blank_notes(self) -> None:
        for w in (self.what, self.spell, self.spell_note):
            w.value = ""

    def _build_rows(self) -> None:
        """The AOO, Move, Act and Cast rows (each hidden when it offers nothing now)."""
        self._aoo_row = row(self.aoo_mode, self.aoo_names, title="AOO:")
        self._aoo_row.add_class("lfg-aoo-row")
        self.move_row = row(self.who, self.move_action, self.move_to, self.go, title="Move:")
        self.move_row.add_class("lfg-move-row")
        self.act_row = row(self.special, self.ally, self.target, self.ability, self.gm_mod,
                           self.environment, self.what, self.do, title="Act:")
        self.act_row.add_class("lfg-act-row")
        self.cast_row = row(self.spell, self.level, self.spell_target, self.spell_note,
                            self.swift, self.perseverance, self.cast_button, title="Cast:")
        self.cast_row.add_class("lfg-cast-row")
        super().__init__(children=[self._aoo_row, self.move_row, self.act_row,
                                   self.cast_row, self.why])
        self.add_class("lfg-action-rows")

    def _build_cast_controls(self) -> None:
        """The spell's name, level, target and note, swift casting, the caster's
        Perseverance, and the Cast button ("Actions in Combat What can I do on my
        turn?")."""
        self.spell = W.Text(description="spell", placeholder="its name, e.g. Sleep",
                            layout=W.Layout(width="15em"), style={"description_width": "initial"})
        self.spell.add_class("lfg-cast-spell")
        self.level = W.BoundedIntText(value=0, min=0, max=9, description="level",
                                      layout=W.Layout(width="8em"),
                                      style={"description_width": "initial"})
        self.level.add_class("lfg-cast-level")
        self.spell_target = dropdown("target", "lfg-cast-target", [_NOBODY], width="14em")
        self.spell_note = W.Text(description="note", placeholder="for the log (optional)",
                                 tooltip="your words on the casting, shown in the log after "
                                         "the spell and its target",
                                 layout=W.Layout(width="17em"),
                                 style={"description_width": "initial"})
        self.spell_note.add_class("lfg-cast-note")
        self.swift = W.Checkbox(value=False, description="swift (no AOO)", indent=False,
                                layout=W.Layout(width="auto"))
        self.swift.add_class("lfg-cast-swift")
        self.perseverance = W.Text(description="Perseverance", placeholder="bonus",
                                   tooltip="the caster's Perseverance skill bonus: a pending "
                                           "check (interrupted, injured...) is rolled with "
                                           "it; blank: only recorded",
                                   layout=W.Layout(width="13em"),
                                   style={"description_width": "initial"})
        self.perseverance.add_class("lfg-cast-perseverance")
        self.cast_button = button("Cast", "lfg-cast", self.cast,
                                  "cast a spell: a Big Action that provokes AOO (one spell "
                                  "per turn)")

    def _build_heroic_controls(self) -> None:
        """The Heroic Action's ability, the GM's modifier, "vs the environment" and what it
        attempts (classic's single action)."""
        self.ability = dropdown("ability", "lfg-heroic-ability",
                                [(ABILITY_WORDS[a], a) for a in ABILITIES], width="11em")
        self.gm_mod = W.IntText(value=0, description="GM's mod",
                                tooltip="the GM's ability modifier for the opposed d20",
                                layout=W.Layout(width="9em"),
                                style={"description_width": "initial"})
        self.gm_mod.add_class("lfg-heroic-gm-mod")
        self.environment = W.Checkbox(value=False, description="vs the environment (+2)",
                                      indent=False, layout=W.Layout(width="auto"))
        self.environment.add_class("lfg-heroic-environment")
        self.what = W.Text(description="what", placeholder="what it attempts (optional)",
                           layout=W.Layout(width="16em"),
                           style={"description_width": "initial"})
        self.what.add_class("lfg-special-what")

    def _build_aoo_controls(self) -> None:
        """Who takes the AOO a move, an aim, standing up or a spell provokes: everyone
        offered one, nobody, or the creatures picked ("What actions normally Provoke AOO?").
        The choice is the tracker's ``aoo`` (map clicks use it too)."""
        start = getattr(self.tracker, "aoo", "all")
        mode = "all" if start == "all" else ("none" if start is None else "pick")
        self.aoo_mode = dropdown("taken by", "lfg-aoo-mode", [("everyone offered one", "all"),
                                                      ("nobody", "none"),
                                                      ("the creatures picked", "pick")],
                                 width="19em", value=mode)
        picked = list(start) if mode == "pick" else []
        names = list(self.tracker.encounter.names)
        self.aoo_names = W.SelectMultiple(options=names,
                                          value=[n for n in picked if n in names],
                                          rows=min(4, max(1, len(names))),
                                          layout=W.Layout(width="auto", min_width="12em"))
        self.aoo_names.add_class("lfg-aoo-names")
        self.aoo_mode.observe(lambda _c: self._set_aoo(), "value")
        self.aoo_names.observe(lambda _c: self._set_aoo(), "value")
        self._set_aoo()

    def _set_aoo(self) -> None:
        mode = self.aoo_mode.value
        self.aoo_names.layout.display = None if mode == "pick" else "none"
        self.tracker.aoo = ("all" if mode == "all" else None if mode == "none"
                            else list(self.aoo_names.value))

    def _perseverance(self) -> int | None:
        text = self.perseverance.value.strip()
        if not text:
            return None
        if not re.fullmatch(r"[+-]?\d{1,3}", text):
            raise LfgError(f"Perseverance: type the caster's skill bonus as a whole number "
                           f"(e.g. 5 or -1), or leave it blank; not {text[:40]!r}")
        return int(text)

    def _map_action(self, action: str) -> None:
        bm = self.tracker.battlemap
        if bm is not None:
            bm.action = action
            if bm.selected is not None:
                bm.select(bm.selected)  # its reach for the new action

    def _show_ally(self) -> None:
        """Show the inputs the chosen action needs: Protect's ally, Stabilize's target,
        the Heroic Action's ability and the GM's modifier, a note of what is attempted."""
        what = self.special.value
        shown = {self.ally: what == "protect", self.target: what == "stabilize",
                 self.ability: what == "heroic_action", self.gm_mod: what == "heroic_action",
                 self.environment: what == "heroic_action",
                 self.what: what in ("heroic_action", "standard_action")}
        for w, show in shown.items():
            w.layout.display = None if show else "none"

    def _singles(self) -> list[str]:
        """The ruleset round's single actions without a row of their own (none: lfg)."""
        economy = self.tracker.encounter.ruleset.economy
        return [a for a in getattr(economy, "single_actions", ()) if a not in _OWN_ROWS]

    def _specials(self) -> list[tuple[str, str]]:
        """The special actions the engine's round has: lfg's (``SPECIALS``), or - for a
        ruleset whose round is its economy's single actions (classic, wounds) - those
        single actions without a row of their own, and standing up."""
        singles = self._singles()
        if not singles:
            return list(SPECIALS)
        return [(ROUND_LABELS.get(a, a.replace("_", " ")), a)
                for a in [*singles, "stand_up"]]

    def refresh(self) -> None:
        """Offer the acting creatures, their allies to protect, the special actions the
        engine takes now (:meth:`usable_specials`) and the spell targets; hide the rows
        the acting creature cannot use now (issue 26, item 1) and say which of Act and
        Cast the engine refuses as chosen (:meth:`check_offers`)."""
        t, enc = self.tracker, self.tracker.encounter
        self._filling = True
        self._memo: dict[tuple, str] = {}  # the specials' dry runs of this redraw
        try:
            self._fill(enc)
            self._offer_rows(t, enc)
        finally:
            self._filling = False
            self._memo = {}

    def _offer_rows(self, t: Any, enc: Any) -> None:
        """Hide the AOO, Move and Cast rows the acting creature cannot use now; lfg's
        casting options only under lfg's round; the Act and Cast buttons as chosen."""
        off = enc.current is None or bool(t.halted)  # halted: the fight is over
        self.go.disabled = off
        nobody = t.nobody_acts()
        t.offer_row(self._aoo_row, "AOO", nobody or self._aoo_refusal())
        t.offer_row(self.move_row, "Move", nobody or self._move_refusal())
        lfg_round = not self._singles()  # swift casting and Perseverance are lfg's
        for w in (self.swift, self.perseverance):
            w.layout.display = None if lfg_round else "none"
        self.cast_button.tooltip = (
            "cast a spell: a Big Action that provokes AOO (one spell per turn)" if lfg_round
            else f"cast a spell: the {enc.ruleset.name} round's single action")
        self.check_offers()

    def _aoo_refusal(self) -> str:
        """Why the AOO row has nothing to choose ("" when it has): no creature but the
        acting one makes Attacks of Opportunity in its round (``round_offers``: classic's
        round has none)."""
        enc = self.tracker.encounter
        me = self.who.value
        if any(round_offers(enc, n).aoo for n in enc.names if n != me):
            return ""
        return "nobody else makes Attacks of Opportunity"

    def _move_refusal(self) -> str:
        """Why the acting creature cannot move now ("" when it can): on a map, the engine
        reaches no hex with any movement action offered (``Encounter.reachable``)."""
        enc = self.tracker.encounter
        me = self.who.value
        hexmap = getattr(enc, "map", None)
        if me is None or hexmap is None or me not in hexmap:
            return ""
        actions = [self.move_action.value] + [a for _l, a in self.move_action.options
                                              if a != self.move_action.value]
        for action in actions:
            try:
                if len(enc.reachable(me, action)):
                    return ""
            except LfgError:
                continue
        return f"{me} can reach no hex now"

    def _fill(self, enc: Any) -> None:
        """Offer the acting creatures, their allies, the round's specials (the Act row
        hidden when the engine takes none now), the spell targets and the movement
        actions of the round."""
        with self.hold_trait_notifications():
            set_options(self.who, list(enc.acting))
            me = self.who.value
            alive = [n for n in enc.names if not enc.state(n)["dead"]]
            allies = [n for n in alive if me and n != me and enc.side(n) == enc.side(me)]
            set_options(self.ally, allies)
            set_options(self.target, [n for n in alive if n != me])
            set_options(self.spell_target, [_NOBODY] + [(n, n) for n in alive])
        # the ruleset's round moves by its Move Action (classic) or Half Actions (wounds)
        set_options(self.move_action, list(MOVES) if not self._singles() else [MOVES[0]])
        nobody = self.tracker.nobody_acts()
        specials = self._specials()
        usable = [] if nobody else self.tracker.remembered(  # once per step of the fight
            "specials", (self.who.value, tuple(specials), tuple(self.ally.options),
                         tuple(self.target.options), *self._act_inputs()),
            lambda: tuple(self._usable(specials)))
        set_options(self.special, [(label, key) for label, key, _a, _x in usable])
        # Protect's allies and Stabilize's targets: those the engine takes now
        for key, box in (("protect", self.ally), ("stabilize", self.target)):
            took = [(a if key == "protect" else x) for _l, k, a, x in usable if k == key]
            if took:
                set_options(box, took)
        self.tracker.offer_row(self.act_row, "Act", nobody or (
            "" if usable else "no action of its round usable now"))
        self._show_ally()

    def _usable(self, specials: list[tuple[str, str]]
                ) -> list[tuple[str, str, Any, Any]]:
        """The special actions of the round the engine takes now, as (label, key, ally,
        target) - Protect once per ally it takes, Stabilize once per target (dry runs on
        a fork, one per redraw while the engine refuses; issue 26, item 1: the menu
        offers only what the acting creature can do now) - but none the engine says is
        of no use to it (:func:`~lfgcombat.rules.turns.round_offers.of_no_use`: Aim
        without a ranged or thrown weapon)."""
        enc, me = self.tracker.encounter, self.who.value
        useless = of_no_use(enc, me) if me in enc.names else {}  # Aim without a bow
        with self.tracker.dry_runs():
            return [(label, key, a, x) for label, key in specials if key not in useless
                    for a, x in self._special_tries(key)
                    if not self._special_refusal(key, a, x)]

    def _act_inputs(self) -> tuple:
        """What the Act row's calls read of the row besides the action, the ally and the
        target (the Heroic Action's, the Standard Action's note)."""
        return (self.ability.value, self.gm_mod.value, self.environment.value,
                self.what.value)

    def _cast_inputs(self) -> tuple:
        """What the Cast row's call reads of the row."""
        return (self.who.value, self.spell.value, self.level.value, self.spell_target.value,
                self.spell_note.value, self.swift.value, self.perseverance.value)

    def _special_tries(self, key: str) -> list[tuple[Any, Any]]:
        """The (ally, target) a dry run of ``key`` is asked with: Protect each ally
        offered, Stabilize each target offered, the rest as chosen."""
        if key == "protect":
            return [(a, None) for a in (list(self.ally.options) or [None])]
        if key == "stabilize":
            return [(None, x) for x in (list(self.target.options) or [None])]
        return [(None, None)]

    def usable_specials(self) -> list[tuple[str, str]]:
        """The special actions the acting creature can take now, as (label, key): those
        of its round (:meth:`_specials`) that the engine takes in a dry run - Protect with
        some ally, Stabilize on some creature, the rest as they are. None while nobody
        acts or once the fight is over (the Act menu holds exactly these)."""
        me = self.who.value
        if me is None or self.tracker.nobody_acts():
            return []
        return list(dict.fromkeys((label, key) for label, key, _a, _x
                                  in self._usable(self._specials())))

    def _special_refusal(self, key: str, ally: str | None, target: str | None) -> str:
        """The engine's refusal of the special ``key`` now (a dry run), asked once per
        redraw: the Act button's check of the chosen one uses the same answer."""
        memo_key = (key, ally if key == "protect" else None,
                    target if key == "stabilize" else None)
        if not self._filling:  # outside a refresh the fight may have changed
            return self.tracker.dry_run(lambda e: self._special_call(e, key, ally, target,
                                                                      probe=True))
        if memo_key not in self._memo:
            self._memo[memo_key] = self.tracker.remembered(
                "special", (self.who.value, *memo_key, *self._act_inputs()),
                lambda: self.tracker.dry_run(
                    lambda e: self._special_call(e, key, ally, target, probe=True)))
        return self._memo[memo_key]

    def _actor(self) -> str:
        if self.who.value is None:
            raise LfgError("nobody is acting: start the encounter or choose who goes next")
        return self.who.value

    def move_typed(self) -> None:
        """Move the chosen creature to the typed hex with the chosen movement action."""
        t = self.tracker
        try:
            to = parse_cell(self.move_to.value)
        except LfgError as exc:
            t._say(str(exc), error=True)
            return
        t.move(to, name=self.who.value, action=self.move_action.value)

    def do_special(self) -> None:
        """Take the chosen special action (Protect needs the ally chosen)."""
        self.tracker._attempt(self._special_call(self.tracker.encounter))

    def _special_call(self, enc: Any, what: str | None = None, ally: str | None = None,
                      target: str | None = None, probe: bool = False) -> Callable[[], Any]:
        """The chosen special action (or ``what``, with ``ally`` or ``target``) as one call
        on ``enc`` (the encounter, or a fork of it for the dry run that says whether it is
        legal now: ``probe``, the AOO it provokes offered but not struck - whether the
        engine takes the action does not hang on the AOO's roll, issue 26 item 5)."""
        t = self.tracker
        what = self.special.value if what is None else what
        ally = self.ally.value if ally is None else ally
        target = self.target.value if target is None else target

        def do() -> Any:
            name = self._actor()
            if what == "protect":
                if not ally:
                    raise LfgError("Protect: choose the ally to protect in 'ally' (an ally "
                                   "adjacent to you)")
                return enc.protect(name, ally)
            if what == "heroic_action":
                return enc.heroic_action(name, str(self.ability.value),
                                         int(self.gm_mod.value),
                                         environment=bool(self.environment.value),
                                         what=self.what.value.strip() or None)
            if what == "stabilize":
                if not target:
                    raise LfgError("Stabilize: choose the Disabled creature in 'target'")
                return enc.act(name, "stabilize", target=target)
            if what not in dict(SPECIALS).values() and what != "stand_up":
                # a single action of the ruleset's round (Standard Action, Total Defense)
                return enc.act(name, what, note=self.what.value.strip() or None)
            if what in ("aim", "stand_up") and not self._singles():  # lfg: AOO offered
                return getattr(enc, what)(name, aoo=None if probe else t.aoo)
            return getattr(enc, what)(name)
        return do

    def cast(self) -> None:
        """Cast the chosen spell (a name, a level, an optional target and note: the log
        says "Chessan casts Sleep on Orc 1 (note)"). A spell with no name is refused here,
        nothing cast: the log would say only "casts a spell" (issue 26, item 1: "Spells
        take a name, a target and a note, and the log says what was cast"); the engine
        still takes a nameless spell from code (``Encounter.cast(name, level)``)."""
        if not self.spell.value.strip():
            self.tracker.error = ("Cast: type the spell's name in 'spell' first (e.g. "
                                  "Sleep): the log says what was cast.")
            self.tracker._say(self.tracker.error, error=True)
            return
        self.tracker._attempt(self._cast_call(self.tracker.encounter))

    def _cast_call(self, enc: Any, probe: bool = False) -> Callable[[], Any]:
        """The chosen spell as one call on ``enc`` (the encounter, or a fork of it for the
        dry run: ``probe``, the AOO it provokes offered but not struck)."""
        t = self.tracker
        spell = self.spell.value.strip() or None
        target = self.spell_target.value or None
        note = self.spell_note.value.strip()
        said = {"note": note} if note else {}  # none: the call as before
        if self._singles():  # the ruleset's round: a spell is its single action, no AOO
            return lambda: enc.cast(self._actor(), int(self.level.value), spell,
                                    target=target, **said)
        return lambda: enc.cast(self._actor(), int(self.level.value), spell,
                                target=target, swift=bool(self.swift.value),
                                aoo=None if self.swift.value or probe else t.aoo,
                                perseverance=self._perseverance(), **said)

    def check_offers(self) -> None:
        """Disable the Act and Cast buttons the acting creature cannot use now as chosen,
        saying why (issue 26, item 1): the engine's own refusal of the same call on a fork
        (a dry run; nothing is rolled or logged here) - no rule is checked in the widget.
        The Cast row is hidden when the engine refuses even the plainest spell (level 0,
        no target): the creature cannot cast now, whatever is chosen."""
        t, enc = self.tracker, self.tracker.encounter
        off = enc.current is None or t.halted
        why: list[str] = []
        cast_why = t.nobody_acts()
        chosen = (self.special.value, self.ally.value, self.target.value)
        for label, b in (("Act", self.do), ("Cast", self.cast_button)):
            refusal = "" if off else (
                (self._special_refusal(*chosen) if chosen[0] else "no action usable now")
                if label == "Act" else t.remembered(
                    "cast", self._cast_inputs(),
                    lambda: t.dry_run(lambda e: self._cast_call(e, probe=True))))
            b.disabled = bool(off or refusal)
            if refusal and label == "Cast" and not cast_why:
                cast_why = t.remembered("cast plainly", (self.who.value,), lambda: t.dry_run(
                    lambda e: lambda: e.cast(self._actor(), 0, None)))
            hidden = (cast_why if label == "Cast"
                      else self.act_row.layout.display == "none")  # said in the line
            if refusal and not hidden:
                why.append(f"{label}: not now - {refusal}")
        t.offer_row(self.cast_row, "Cast", cast_why)
        self.why.value = ("" if not why else "<div class='lfg-action-why' style='color:#7b5e00;"
                          "font-size:12px'>" + "<br>".join(html.escape(w) for w in why)
                          + "</div>")


def _refusal(call: Callable[[], Any]) -> str:
    """What the engine says against ``call`` ("" when it takes it)."""
    try:
        call()
    except Exception as exc:  # noqa: BLE001 - a refusal (LfgError) or a fault: shown
        return str(exc) if isinstance(exc, LfgError) else f"{type(exc).__name__}: {exc}"
    return ""


class DryRuns:
    """The engine's refusals of the calls the rows offer, asked on a fork (a dry run:
    nothing is rolled or logged in the fight). Within one redraw a fork that refused a
    call is used again for the next: a refusal leaves the fork as it was (the engine's
    contract, DESIGN.md), and a call it took is undone on it (:meth:`_rewind`), so a
    redraw forks about once, not once per row (issue 26, item 5)."""

    def __init__(self, encounter: Any) -> None:
        self.encounter = encounter
        self._spare: Any = None
        self._step: Any = None  # the step of the fight the answers in _answers are for
        self._answers: dict[tuple, Any] = {}

    def step(self) -> tuple:
        """What every answer depends on in the fight: its log (length and last event),
        its map's version (the GM's edits) and its terrain's."""
        enc = self.encounter
        log, hexmap = enc.log, getattr(enc, "map", None)
        return (len(log), log[-1] if len(log) else None,
                None if hexmap is None else (hexmap.version, hexmap.terrain_version))

    def remembered(self, what: str, inputs: tuple, ask: Callable[[], Any]) -> Any:
        """``ask()`` (an offer made of dry runs), asked once per step of the fight and
        ``inputs`` (the widget's choices it depends on): a redraw that changed nothing
        in the fight - the GM ticked a box, opened a menu - asks the engine nothing
        again (issue 26, item 5). Forgotten as soon as the fight moves on."""
        step = self.step()
        if step != self._step:
            self._step, self._answers = step, {}
        key = (what, inputs)
        if key not in self._answers:
            self._answers[key] = ask()
        return self._answers[key]

    def clear(self) -> None:
        """Forget the spare fork (the fight may change after this)."""
        self._spare = None

    def take(self) -> Any:
        """A fork of the fight as it stands, for the caller to change: the spare one a
        refusal left, or a new one."""
        fork, self._spare = self._spare or self.encounter.fork(), None
        return fork

    def refusal(self, make: Callable[[Any], Callable[[], Any]]) -> str:
        """What the engine says against ``make(fork)()`` ("" when it takes it)."""
        fork = self.take()
        mark = len(fork.log)
        try:
            make(fork)()
        except LfgError as exc:  # a refusal: the fork is unchanged, kept for the next
            self._spare = fork
            return str(exc)
        except Exception as exc:  # noqa: BLE001 - a fault: shown, the fork dropped
            return f"{type(exc).__name__}: {exc}"
        self._rewind(fork, mark)
        return ""

    def _rewind(self, fork: Any, mark: int) -> None:
        """Undo on ``fork`` the steps a dry run took, back to its first ``mark`` events,
        and keep it for the next (issue 26, item 5: a fork restores its checkpoint of the
        state it was made from, cheaper than a new fork); dropped if it does not come
        back to exactly that log."""
        steps = sum(1 for e in list(fork.log)[mark:] if e.command)
        try:
            if steps:
                fork.undo(steps)
        except LfgError:
            return
        if len(fork.log) == mark:
            self._spare = fork
