"""The tracker's close-fight row: Wrestling maneuvers, Shield Bash, Knockdown, the natural
weapons' special attacks, the skill actions, Crushing Advance and special abilities. Each
choice calls one public :class:`lfgcombat.Encounter` method; the engine spends the action,
offers the AOO it provokes and refuses what the rules forbid (shown in the status line).

000_8d1d7816ee944f3b.txt, "Special Actions in Combat", "Momentum of Impact", "Crushing
Advance", "Natural Weapons", "Common Natural Weapons", "Special Abilities – 4 Different
Types".
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from lfgcombat.creature.close_keys import abilities_of
from lfgcombat.errors import LfgError
from lfgcombat.rules.actions.skill_actions_play import INSULT_EFFECTS

from .tracker_actions import parse_cell
from .tracker_ui import button, dropdown, row, set_options

if TYPE_CHECKING:  # pragma: no cover
    from .initiative import InitiativeTracker

#: The close-fight actions offered, as (label, key); the key picks the engine call below.
CLOSE_ACTIONS = [
    ("Wrestle: grab", "wrestle:grab"), ("Wrestle: trip", "wrestle:trip"),
    ("Wrestle: shove", "wrestle:shove"), ("Wrestle: pin", "wrestle:pin"),
    ("Break free of a grapple", "break_free"),
    ("Shield bash", "shield_bash"),
    ("Knockdown by hand (fights built without the automatic one)", "knockdown"),
    ("On a hit: grab", "hit:grab"), ("On a hit: trip", "hit:trip"),
    ("On a hit: shove", "hit:shove"), ("Follow-up Reaction attack", "follow_up"),
    ("Pounce (after a Charge)", "pounce"), ("Rake", "rake"),
    ("Demoralize", "skill:demoralize"), ("Dirty trick", "skill:dirty_trick"),
    ("Combat feint", "skill:feint"), ("Insult", "skill:insult"),
    ("Crushing advance (to hex)", "crushing_advance"),
    ("Step through smaller creatures (to hex)", "step_through"), ("Use an ability", "ability"),
    ("Swallow whole", "swallow_whole"), ("Swallowed prey: the round's damage", "digest"),
    ("Cut free (from inside)", "cut_free"), ("Force the way out", "force_out"),
    ("Regurgitate", "regurgitate")]
#: A Dirty Trick's "negative condition" choices offered (any condition of the catalogue
#: is accepted by the engine) and ``steal`` (the ``item`` field names the foe's weapon), and
#: an Insult's two effects (INSULT_EFFECTS).
DIRTY_TRICKS = ("distracted", "blinded", "deaf", "prone", "hindered", "flat_footed", "steal")
INSULTS = INSULT_EFFECTS
#: The effects in words (the value stays the engine's id): "make them Unfortunate or force
#: them to attack you next turn"
#: (000_8d1d7816ee944f3b.txt, "Perform(Comedy & Stories) – Insult an Opponent");
#: "Flat-Footed" as the Conditions heading hyphenates it.
EFFECT_WORDS = {"flat_footed": "flat-footed", "must_attack": "must attack you next turn",
                "steal": "steal their weapon"}


def effect_words(key: str) -> str:
    """A Dirty Trick's or an Insult's effect id in words (issue 26, item 1 of h26z)."""
    return EFFECT_WORDS.get(key, key.replace("_", " "))
#: Actions that need no target (the actor alone).
_SELF = ("crushing_advance", "step_through", "digest", "cut_free", "force_out",
         "break_free")
_NONE = ("(none)", "")
#: Every close action is offered only when the engine's dry run takes it for the acting
#: creature now (issue 26, item 1; :meth:`CloseControls.usable`): one that needs a target
#: is tried on the chosen one, then on each living creature (its foes first) until the
#: engine takes one; one that needs a hex on the typed one, else on each hex next to the
#: creature. Refusals keep the dry runs' fork
#: (:class:`~lfgcombat.widgets.tracker_actions.DryRuns`), so the probe costs one fork plus
#: one per option the engine takes.
_HEX_KEYS = ("crushing_advance", "step_through")


class CloseControls(W.VBox):
    """One row: the action, its target (or hex), the ability, the Do-it button.

    Args:
        tracker: The :class:`~lfgcombat.widgets.InitiativeTracker`.

    CSS hooks: ``.lfg-close-action``, ``.lfg-close-target``, ``.lfg-close-ability``,
    ``.lfg-close-to``, ``.lfg-close-condition`` (what a Dirty Trick or an Insult does),
    ``.lfg-close-item`` (the weapon a Dirty Trick steals) and the button ``.lfg-do-close``.
    """

    def __init__(self, tracker: "InitiativeTracker") -> None:
        self.tracker = tracker
        self.action = dropdown("close fight", "lfg-close-action", CLOSE_ACTIONS, width="22em")
        self.target = dropdown("target", "lfg-close-target", [_NONE], width="14em")
        self.ability = dropdown("ability", "lfg-close-ability", [_NONE], width="14em")
        self.to = W.Text(description="to hex", placeholder="col, row (optional)",
                         layout=W.Layout(width="14em"), style={"description_width": "initial"})
        self.to.add_class("lfg-close-to")
        self.condition = dropdown("effect", "lfg-close-condition", [_NONE], width="14em")
        self.item = W.Text(description="item", placeholder="the foe's weapon to steal",
                           layout=W.Layout(width="14em"), style={"description_width": "initial"})
        self.item.add_class("lfg-close-item")
        self.do = button("Do it", "lfg-do-close", self.do_close,
                         "take the chosen close-fight action now (the engine spends it and "
                         "offers the AOO it provokes)")
        #: Why Do it is off now (the engine's refusal of a dry run on a fork).
        self.why = W.HTML()
        super().__init__(children=[row(self.action, self.target, self.ability, self.to,
                                       self.condition, self.item, self.do, title="Close:"),
                                   self.why])
        self.add_class("lfg-close-rows")
        self.action.observe(lambda _c: self._show_fields(), "value")
        self.condition.observe(lambda _c: self._show_item(), "value")
        self._filling = False  # inside refresh: one dry run at its end
        self._usable_key: Any = None  # the fight's step :meth:`usable` last answered for
        self._usable: list[tuple[str, str]] = []
        self._targets_key: Any = None  # the step and choice :meth:`targets_for` answered
        self._targets: list[str] = []
        for w in (self.action, self.ability, self.to):
            w.observe(lambda _c: self._filling or self._chose(), "value")
        self.condition.observe(lambda _c: self._filling or self.check_offer(), "value")
        self.target.observe(lambda _c: self._filling or self._reoffer(), "value")
        self._show_fields()

    def _show_fields(self) -> None:
        key = str(self.action.value)
        self.ability.layout.display = None if key == "ability" else "none"
        self.to.layout.display = None if key in ("crushing_advance", "step_through",
                                                 "wrestle:shove",
                                                 "hit:shove", "shield_bash",
                                                 "regurgitate") else "none"
        self.target.layout.display = "none" if key in _SELF else None
        effects = {"skill:dirty_trick": DIRTY_TRICKS, "skill:insult": INSULTS}.get(key)
        self.condition.layout.display = None if effects else "none"
        set_options(self.condition, [_NONE] + [(effect_words(e), e) for e in effects or ()])
        self._show_item()

    def _show_item(self) -> None:
        self.item.layout.display = None if self.condition.value == "steal" else "none"

    def refresh(self) -> None:
        """Offer the acting creature's abilities, the close actions it can take now
        (:meth:`usable`) and, for the chosen one, the targets the engine takes
        (:meth:`targets_for`); the row is hidden when it has none."""
        enc = self.tracker.encounter
        me = self._acting()
        self._filling = True
        try:
            with self.hold_trait_notifications():
                own = abilities_of(enc.creature(me)) if me else ()
                set_options(self.ability, [_NONE] + [(a.text, a.name) for a in own])
        finally:
            self._filling = False
        self._reoffer()

    def _chose(self) -> None:
        """The GM chose another action, ability or hex: its targets, then its check."""
        self._offer_targets()
        self.check_offer()

    def _offer_targets(self) -> None:
        """The target menu: the creatures the engine takes for the chosen action now
        (:meth:`targets_for`), the chosen one kept when still taken."""
        taken = self.targets_for(str(self.action.value))
        self._filling = True
        try:
            set_options(self.target, [_NONE] + [(n, n) for n in taken])
        finally:
            self._filling = False

    def targets_for(self, key: str) -> list[str]:
        """The creatures the acting creature's close action ``key`` is offered against
        now: those the engine's dry run takes it on (issue 26, items 1-2: an ally a
        maneuver may not target, a foe out of reach, is not offered; the engine's own
        check decides, no rule is copied here). Every living creature but the actor while
        the engine takes it on none (the action is then not offered, or Do it says why);
        none for an action without a target. Asked again only when the fight, the actor,
        the action, its ability or the typed hex changed."""
        t, enc = self.tracker, self.tracker.encounter
        me = self._acting()
        if me is None or key in _SELF or key in _HEX_KEYS:
            return []
        everyone = [n for n in enc.names if n != me and not enc.state(n)["dead"]]
        if enc.current is None or t.halted:
            return everyone
        log = enc.log
        ability = self.ability.value or None
        if key == "ability" and ability is None:
            own = abilities_of(enc.creature(me))
            ability = own[0].name if own else None
        at = (len(log), log[-1] if len(log) else None, enc.current, me, key, ability,
              self.to.value.strip())
        if self._targets_key != at:
            with t.dry_runs():
                taken = [x for x in self.probe_targets(me) if x is not None and not
                         t.dry_run(lambda e, x=x: self._close_call(e, key, x, ability,
                                                                   probe=True))]
            order = {n: i for i, n in enumerate(enc.names)}
            self._targets_key, self._targets = at, sorted(taken, key=order.__getitem__)
        return list(self._targets) or everyone

    def _reoffer(self) -> None:
        """Offer :meth:`usable` (the chosen action kept when still offered), hide the row
        when nothing is usable, and say whether the chosen one is legal now."""
        offered = self.usable()
        self._filling = True
        try:
            set_options(self.action, offered or list(CLOSE_ACTIONS[:1]))
        finally:
            self._filling = False
        self._offer_targets()
        t = self.tracker
        t.offer_row(self, "Close", t.nobody_acts() or (
            "" if offered else "none usable now"))
        self._show_fields()
        self.check_offer()

    def usable(self) -> list[tuple[str, str]]:
        """The close actions offered to the acting creature now, as (label, key): those
        the engine's dry run takes now, under every ruleset's round (issue 26, item 1: a
        creature whose actions are spent is offered none). An action with a target is
        tried on the chosen one, then on each living creature (its foes first, the
        nearest first) until the engine takes one (:meth:`probe_targets`; Do it says why
        the chosen one is refused); a hex action on the typed hex, else on each hex next
        to the creature (:meth:`probe_hexes`). None while nobody acts or once the fight
        is over. Asked again only when the fight, the acting creature or the typed hex
        changed."""
        t, enc = self.tracker, self.tracker.encounter
        me = self._acting()
        if me is None or enc.current is None or t.halted:
            return []
        log = enc.log
        # the same fight, creature and hex: the same answer (the target chosen only
        # orders the tries), so a new choice of target asks nothing again
        key = (len(log), log[-1] if len(log) else None, enc.current, me,
               self.to.value.strip())
        if self._usable_key != key:
            self._usable_key, self._usable = key, self._probe_all(me)
        return list(self._usable)

    def _probe_all(self, me: str) -> list[tuple[str, str]]:
        """:meth:`usable` asked of the engine (dry runs on a fork)."""
        t, enc = self.tracker, self.tracker.encounter
        own = abilities_of(enc.creature(me))
        chosen = self.target.value
        targets = ([chosen] if chosen else []) + [
            x for x in self.probe_targets(me) if x != chosen]
        hexes = self.probe_hexes(me)
        first = own[0].name if own else None
        out = []
        with t.dry_runs():
            for label, key in CLOSE_ACTIONS:
                if key == "ability" and not own:
                    continue
                if self._takes(key, targets, hexes, first):
                    out.append((label, key))
        return out

    def _takes(self, key: str, targets: list[str | None], hexes: list[Any],
               ability: str | None) -> bool:
        """Whether the engine's dry run takes ``key`` with one of ``targets`` (or, for a
        hex action, one of ``hexes``); the first try it takes ends the search, and so
        does the same refusal for two tries running (not about the target or hex tried:
        "Ally has no attack left this turn" holds for every one)."""
        t = self.tracker
        tries: list[tuple[str | None, Any]] = (
            [(None, h) for h in hexes] if key in _HEX_KEYS else
            [(None, None)] if key in _SELF else [(x, None) for x in targets])
        last = None
        for x, h in tries:
            refusal = t.dry_run(lambda e, x=x, h=h: self._close_call(
                e, key, x, ability, probe=True, to=h))
            if not refusal:
                return True
            if refusal == last:
                return False
            last = refusal
        return False

    def probe_targets(self, me: str) -> list[str | None]:
        """The targets a close action is tried on: every living creature but ``me``, its
        foes first, the nearest first on a map (the likeliest taken: fewer dry runs);
        ``[None]`` when there is none."""
        enc = self.tracker.encounter
        alive = [n for n in enc.names if n != me and not enc.state(n)["dead"]]
        hexmap = getattr(enc, "map", None)

        def far(n: str) -> float:
            try:
                return float(hexmap.distance(me, n)) if hexmap is not None else 0.0
            except Exception:  # noqa: BLE001 - off the map: last
                return float("inf")
        alive.sort(key=lambda n: (enc.side(n) == enc.side(me), far(n)))
        return alive or [None]

    def probe_hexes(self, me: str) -> list[Any]:
        """The hexes a hex action is tried on: the typed one, else each hex of the map
        next to ``me``'s anchor, as (col, row) (``[None]`` off the map: the engine says
        what it needs)."""
        text = self.to.value.strip()
        if text:
            try:
                return [parse_cell(text)]
            except LfgError:
                return [None]
        hexmap = getattr(self.tracker.encounter, "map", None)
        if hexmap is None or me not in hexmap:
            return [None]
        anchor = hexmap.token(me).anchor
        return [hexmap.offset(c) for c in hexmap.geometry.neighbors(anchor)
                if c in hexmap.cells] or [None]

    def check_offer(self) -> None:
        """Disable Do it when the engine refuses the chosen close action for the acting
        creature now, saying why (issue 26, item 1): the same call on a fork (a dry run;
        nothing is rolled or logged in the fight)."""
        enc = self.tracker.encounter
        off = enc.current is None or bool(self.tracker.halted)
        refusal = "" if off else self.tracker.remembered(  # once per step of the fight
            "close", (self._acting(), self.action.value, self.target.value, self.ability.value,
                      self.to.value, self.condition.value, self.item.value,
                      repr(self.tracker.aoo)),
            lambda: self.tracker.dry_run(lambda e: self._close_call(e)))
        self.do.disabled = bool(off or refusal)
        # nothing chosen yet is a hint, not a refusal (a new user read "Close: not now -
        # Wrestle: grab: choose the target" in orange, before any click, as an error)
        hint = refusal.endswith("choose the target first")
        self.why.value = ("" if not refusal else "<div class='lfg-action-why' style='color:"
                          + ("#555" if hint else "#7b5e00") + ";font-size:12px'>"
                          + ("Close: " if hint else "Close: not now - ") + html.escape(refusal)
                          + "</div>")

    def _acting(self) -> str | None:
        who = getattr(self.tracker.action_rows, "who", None)
        value = getattr(who, "value", None)
        acting = self.tracker.encounter.acting
        return value if value in acting else (acting[0] if acting else None)

    def _to(self) -> Any:
        text = self.to.value.strip()
        return parse_cell(text) if text else None

    def do_close(self) -> None:
        """Take the chosen action with the chosen target, hex or ability."""
        self.tracker._attempt(self._close_call(self.tracker.encounter))

    def _close_call(self, enc: Any, key: str | None = None, target: str | None = None,
                    ability: str | None = None, probe: bool = False,
                    to: Any = None) -> Callable[[], Any]:
        """The chosen close action as one call on ``enc`` (the encounter, or a fork of it
        for the dry run); ``key``, ``target`` and ``ability`` replace the chosen ones.
        ``probe`` (:meth:`usable`) tries the action as plainly as it comes: to the hex
        ``to`` (else the typed one), a Dirty Trick's or an Insult's default effect, the
        AOO it provokes offered but not struck (whether the engine takes the action does
        not hang on the AOO's roll; striking it cost a dry run most of its time, issue 26
        item 5)."""
        t = self.tracker
        aoo = None if probe else t.aoo
        if key is None:
            key, target = str(self.action.value), self.target.value or None
            ability = self.ability.value or None
        label = dict((k, lab) for lab, k in CLOSE_ACTIONS).get(key, key)

        def do() -> Any:
            me = self._acting()
            if me is None:
                raise LfgError("nobody is acting: start the encounter or choose who goes next")
            kind, _, what = key.partition(":")
            if kind in ("crushing_advance", "step_through"):
                hex_to = to if probe and to is not None else self._to()
                if hex_to is None:
                    raise LfgError(f"{label}: type the hex it ends in (col, row)")
                return getattr(enc, kind)(me, hex_to, aoo=aoo)
            if kind in ("digest", "cut_free", "force_out", "break_free"):
                return getattr(enc, kind)(me)
            if kind == "ability":
                if not ability:
                    raise LfgError("Use an ability: choose one of its special abilities")
                return enc.use_ability(me, ability, target, aoo=aoo)
            if target is None:
                raise LfgError(f"{label}: choose the target first")
            return self._call(enc, kind, what, me, target, probe)
        return do

    def _call(self, enc: Any, kind: str, what: str, me: str, target: str,
              probe: bool = False) -> Any:
        aoo = None if probe else self.tracker.aoo  # a probe strikes no AOO (_close_call)
        if kind == "wrestle":
            return enc.wrestle(me, target, what, to=self._to(), aoo=aoo)
        if kind == "hit":
            return enc.hit_maneuver(me, target, what, to=self._to())
        if kind == "skill":
            condition = None if probe else (self.condition.value or None)
            item = (self.item.value.strip() or None) if condition == "steal" else None
            return enc.skill_action(me, what, target, aoo=aoo, condition=condition, item=item)
        if kind == "shield_bash":
            return enc.shield_bash(me, target, to=self._to())
        if kind == "regurgitate":
            return enc.regurgitate(me, target, to=self._to())
        return getattr(enc, kind)(me, target)  # knockdown, follow_up, pounce, rake, swallow
