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
from lfgcombat.rules.turns.round_offers import round_offers

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
#: Actions that need no target (the actor alone).
_SELF = ("crushing_advance", "step_through", "digest", "cut_free", "force_out",
         "break_free")
_NONE = ("(none)", "")
#: The close actions of lfg's round that any creature playing it may try (issue 26, item 1):
#: offered to it as they exist, the chosen one dry-run (:meth:`CloseControls.check_offer`).
#: Every other option - and every option for a creature playing its ruleset's own round
#: (classic, wounds: ``round_offers``) - is offered only when the engine's dry run takes it
#: for the acting creature now (a Pounce it has, a grapple to break, prey to swallow...).
#: Refusals keep the dry runs' fork (:class:`~lfgcombat.widgets.tracker_actions.DryRuns`),
#: so the probe costs one fork plus one per option the engine takes.
LFG_BASIC = ("wrestle:grab", "wrestle:trip", "wrestle:shove", "skill:demoralize",
             "skill:dirty_trick", "skill:feint", "skill:insult", "crushing_advance",
             "step_through")
#: The hex a probe of a hex action goes to when none is typed (the engine's refusal of an
#: action its round lacks comes first; under lfg's round they are not probed).
_PROBE_HEX = (0, 0)


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
        for w in (self.action, self.ability, self.to, self.condition):
            w.observe(lambda _c: self._filling or self.check_offer(), "value")
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
        set_options(self.condition, [_NONE] + [(e, e) for e in effects or ()])
        self._show_item()

    def _show_item(self) -> None:
        self.item.layout.display = None if self.condition.value == "steal" else "none"

    def refresh(self) -> None:
        """Offer the acting creature's foes (and everyone else), its abilities and the
        close actions it can take now (:meth:`usable`); the row is hidden when it has none."""
        enc = self.tracker.encounter
        me = self._acting()
        alive = [n for n in enc.names if not enc.state(n)["dead"] and n != me]
        self._filling = True
        try:
            with self.hold_trait_notifications():
                set_options(self.target, [_NONE] + [(n, n) for n in alive])
                own = abilities_of(enc.creature(me)) if me else ()
                set_options(self.ability, [_NONE] + [(a.text, a.name) for a in own])
        finally:
            self._filling = False
        self._reoffer()

    def _reoffer(self) -> None:
        """Offer :meth:`usable` (the chosen action kept when still offered), hide the row
        when nothing is usable, and say whether the chosen one is legal now."""
        offered = self.usable()
        self._filling = True
        try:
            set_options(self.action, offered or list(CLOSE_ACTIONS[:1]))
        finally:
            self._filling = False
        t = self.tracker
        t.offer_row(self, "Close", t.nobody_acts() or (
            "" if offered else "none usable now"))
        self._show_fields()
        self.check_offer()

    def usable(self) -> list[tuple[str, str]]:
        """The close actions offered to the acting creature now, as (label, key) (issue 26,
        item 1): under lfg's round, :data:`LFG_BASIC` and every other one the engine's dry
        run takes; under a ruleset's own round (classic, wounds), only those the dry run
        takes. None while nobody acts or once the fight is over. The target probed is the
        chosen one, else the first living creature of another side."""
        t, enc = self.tracker, self.tracker.encounter
        me = self._acting()
        if me is None or enc.current is None or t.halted:
            return []
        lfg = round_offers(enc, me).lfg_round
        own = abilities_of(enc.creature(me))
        target = self.target.value or self._probe_target(me)
        first = own[0].name if own else None
        out = []
        with t.dry_runs():
            for label, key in CLOSE_ACTIONS:
                if key == "ability" and not own:
                    continue
                if (lfg and key in LFG_BASIC) or not t.dry_run(
                        lambda e, k=key: self._close_call(e, k, target, first, probe=True)):
                    out.append((label, key))
        return out

    def _probe_target(self, me: str) -> str | None:
        enc = self.tracker.encounter
        alive = [n for n in enc.names if n != me and not enc.state(n)["dead"]]
        foes = [n for n in alive if enc.side(n) != enc.side(me)]
        return (foes or alive or [None])[0]

    def check_offer(self) -> None:
        """Disable Do it when the engine refuses the chosen close action for the acting
        creature now, saying why (issue 26, item 1): the same call on a fork (a dry run;
        nothing is rolled or logged in the fight)."""
        enc = self.tracker.encounter
        off = enc.current is None or bool(self.tracker.halted)
        refusal = "" if off else self.tracker.dry_run(lambda e: self._close_call(e))
        self.do.disabled = bool(off or refusal)
        self.why.value = ("" if not refusal else "<div class='lfg-action-why' style='color:"
                          f"#7b5e00;font-size:12px'>Close: not now - {html.escape(refusal)}"
                          "</div>")

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
                    ability: str | None = None, probe: bool = False) -> Callable[[], Any]:
        """The chosen close action as one call on ``enc`` (the encounter, or a fork of it
        for the dry run); ``key``, ``target`` and ``ability`` replace the chosen ones, and
        ``probe`` goes to :data:`_PROBE_HEX` when no hex is typed (:meth:`usable`)."""
        t = self.tracker
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
                to = _PROBE_HEX if probe and not self.to.value.strip() else self._to()
                if to is None:
                    raise LfgError(f"{label}: type the hex it ends in (col, row)")
                return getattr(enc, kind)(me, to, aoo=t.aoo)
            if kind in ("digest", "cut_free", "force_out", "break_free"):
                return getattr(enc, kind)(me)
            if kind == "ability":
                if not ability:
                    raise LfgError("Use an ability: choose one of its special abilities")
                return enc.use_ability(me, ability, target, aoo=t.aoo)
            if target is None:
                raise LfgError(f"{label}: choose the target")
            return self._call(enc, kind, what, me, target)
        return do

    def _call(self, enc: Any, kind: str, what: str, me: str, target: str) -> Any:
        aoo = self.tracker.aoo
        if kind == "wrestle":
            return enc.wrestle(me, target, what, to=self._to(), aoo=aoo)
        if kind == "hit":
            return enc.hit_maneuver(me, target, what, to=self._to())
        if kind == "skill":
            condition = self.condition.value or None
            item = (self.item.value.strip() or None) if condition == "steal" else None
            return enc.skill_action(me, what, target, aoo=aoo, condition=condition, item=item)
        if kind == "shield_bash":
            return enc.shield_bash(me, target, to=self._to())
        if kind == "regurgitate":
            return enc.regurgitate(me, target, to=self._to())
        return getattr(enc, kind)(me, target)  # knockdown, follow_up, pounce, rake, swallow
