"""The tracker's attack row: attacker, target, weapon and options, with the exact odds of
the attack as :meth:`lfgcombat.Encounter.attack` would make it, before it is rolled.

No rules here: the preview asks the engine for the attack as it would roll it now
(:meth:`lfgcombat.Encounter.attack_preview`: the same checks and situation as
:meth:`lfgcombat.Encounter.attack` - the map's cover, flanking, Gang Up, Aim, Fight
Defensively, Run, Charge... - computed instead of rolled, under every ruleset), and shows its
exact odds, the AC or Defense the roll is against and the modifiers the attack's log line
will list. A refusal there is shown before the click, and the button is disabled. A ranged
attack on the map also shows the exact chance it strikes each creature around the target
(:meth:`lfgcombat.Encounter.unintended_odds`, what the encounter's Accuracy by Volume plays
after a miss). 000_8d1d7816ee944f3b.txt, "Attacks Per Turn", "Charge Attack", "Power
Attack (Attack Action, No AOO)", "Active Defense", "Accuracy by Volume (Unintended
Targets)".

The targets offered are the attacker's foes; its allies only when the GM ticks "allies
too" (the engine allows attacking an ally; the widget does not suggest it). Once the fight
is over the row offers nothing until the GM plays on (the tracker's ``halted``).
"""

from __future__ import annotations

import html
import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from lfgcombat.engine.log.words import ac_words, cover_words
from lfgcombat.errors import LfgError
from lfgcombat.rules.turns.round_offers import round_offers

from .attackpanel import odds_html, policy_odds_html, weapon_names
from .tracker_ui import button, dropdown, row, set_options

if TYPE_CHECKING:  # pragma: no cover
    from .initiative import InitiativeTracker

UNARMED = "unarmed strike"
_OPTIONS = (("power_attack", "Power Attack", "−2 AC until your next turn for more damage "
             "(Power Attack)"),
            ("charge", "Charge", "a melee or thrown attack directly after running at least "
             "10 ft: +2 Innate damage (Charge Attack)"),
            ("thrown", "thrown", "throw the weapon (a ranged attack)"))
_DEFENSES = [("none", ""), ("Active Parry", "parry"), ("Active Dodge", "dodge")]



def _go_tip(cost: str) -> str:
    """The Attack button's tooltip: what an attack costs in the ruleset's words
    (``ActionEconomy.attack_cost``)."""
    return (f"roll the attack ({cost}); the map gives distance, flanking, cover, "
            "concealment, high ground and terrain")

class AttackControls(W.VBox):
    """Attack from the tracker: choose, see the odds, click Attack.

    Args:
        tracker: The :class:`~lfgcombat.widgets.InitiativeTracker` (its encounter and its
            status line).

    CSS hooks: ``.lfg-attack-attacker``, ``.lfg-attack-target``, ``.lfg-attack-allies``
    (the "allies too" checkbox), ``.lfg-attack-weapon``, ``.lfg-attack-defense``,
    ``.lfg-attack-option`` (checkboxes), ``.lfg-attack-odds`` (the preview; ``lfg-error``
    inside when refused, ``lfg-attack-off`` once the fight is over) and the button
    ``.lfg-attack``.
    """

    def __init__(self, tracker: "InitiativeTracker") -> None:
        self.tracker = tracker
        self.attacker = dropdown("attacker", "lfg-attack-attacker", width="15em")
        self.target = dropdown("target", "lfg-attack-target", width="15em")
        self.weapon = dropdown("weapon", "lfg-attack-weapon", width="17em")
        self.defense = dropdown("target defends", "lfg-attack-defense", _DEFENSES, width="17em")
        self.options = {}
        for key, label, tip in _OPTIONS:
            box = W.Checkbox(value=False, description=label, indent=False, tooltip=tip,
                             layout=W.Layout(width="auto", margin="0 8px 0 0"))
            box.add_class("lfg-attack-option")
            box.add_class(f"lfg-attack-{key.replace('_', '-')}")
            self.options[key] = box
        self.allies = W.Checkbox(value=False, description="allies too", indent=False,
                                 tooltip="offer the attacker's allies as targets too (after "
                                         "its foes): attacking an ally is a deliberate choice",
                                 layout=W.Layout(width="auto", margin="0 8px 0 0"))
        self.allies.add_class("lfg-attack-allies")
        self.odds = W.HTML()
        self.odds.add_class("lfg-attack-odds")
        self.go = button("Attack", "lfg-attack", self.attack,
                         _go_tip(tracker.encounter.ruleset.economy.attack_cost))
        self.go.button_style = "danger"
        self._shown: Any = None
        #: The preview's :class:`~lfgcombat.rules.attacks.AttackSetup` and
        #: :class:`~lfgcombat.rules.attacks.odds.AttackOdds` (``None`` when refused); ``refusal``
        #: says why.
        self.setup: Any = None
        self.odds_shown: Any = None
        self.refusal = ""
        #: The modifiers the preview lists (the map's cover, terrain...), as the engine
        #: logs them for the attack on the chosen target (Gang Up aside).
        self.explained: list[str] = []
        self._weapons_of: str | None = None
        self._target_turn: tuple | None = None
        self._chosen: str | None = None  # the target the GM picked this turn
        self._filling = False  # inside refresh: a target change is not the GM's choice
        self._unreadable: list[str] = []
        self._default_key: Any = None  # the step :meth:`_take_default` last asked for
        self._default: str | None = None
        self._previews_step: Any = None  # the step :meth:`_seen` last answered for
        self._previews: dict[tuple, Any] = {}
        super().__init__(children=[
            row(self.attacker, self.target, self.allies, self.weapon, title="Attack:"),
            row(self.defense, *self.options.values(), self.go),
            self.odds])
        self.add_class("lfg-attack-row")
        self.attacker.observe(lambda _c: self._fill_weapons(), "value")
        self.target.observe(self._target_chosen, "value")
        self.allies.observe(lambda _c: self.refresh(), "value")
        for w in (self.target, self.weapon, self.defense, *self.options.values()):
            w.observe(lambda _c: self.preview(), "value")

    def pick(self, name: str) -> str | None:
        """Make ``name`` the target, as a click on its token on the battle map does (the
        map's ``target_picker``, issue 26): the preview shows that attack's exact odds
        before the roll. Returns what the preview says, in words; ``None`` when the row
        does not offer ``name`` as a target now (the acting creature itself, an ally
        without "allies too", the fallen, nobody acting, the fight over): the map then
        selects the token as usual."""
        if self.tracker.halted or name not in [v for _l, v in self.target.options]:
            return None
        self.target.value = name  # observed: the GM's choice, and the preview
        self.preview()
        text = html.unescape(re.sub(r"<[^>]+>", " ", self.odds.value))
        return f"Attack target: {name}. " + " ".join(text.split())

    def _target_chosen(self, change: dict) -> None:
        """Remember the GM's own choice of target (kept while the turn lasts, and chosen
        again when it stands again after an undo)."""
        if not self._filling and change["new"] is not None:
            self._chosen = change["new"]

    @property
    def situation(self) -> dict[str, Any]:
        """The keys passed to :meth:`~lfgcombat.Encounter.attack` (the rest the map gives)."""
        sit: dict[str, Any] = {k: True for k, box in self.options.items() if box.value}
        if self.defense.value:
            sit["active_defense"] = self.defense.value
        return sit

    def _fill_weapons(self) -> None:
        enc = self.tracker.encounter
        name = self.attacker.value
        names: list[str] = []
        self._unreadable: list[str] = []
        if name is not None:
            names, self._unreadable = weapon_names(enc.creature(name).weapons)
        # a new attacker starts on its first weapon; the same one keeps its choice
        keep = self.weapon.value if name == self._weapons_of else None
        self._weapons_of = name
        set_options(self.weapon, names + [UNARMED], keep=keep if keep else "")
        self.preview()

    def refresh(self) -> None:
        """Offer the acting creatures as attackers and their foes alive as targets (with
        "allies too" ticked, their allies after them, marked as allies)."""
        enc = self.tracker.encounter
        tip = _go_tip(enc.ruleset.economy.attack_cost)
        if self.go.tooltip != tip:
            self.go.tooltip = tip
        was, self._filling = self._filling, True
        try:
            with self.hold_trait_notifications():
                set_options(self.attacker, list(enc.acting))
                me = self.attacker.value
                # a new attacker or a new turn starts on the first foe, allies not offered;
                # within one turn the GM's choice is kept, and comes back when its creature
                # stands again (after an undo)
                turn = (me, enc.current, len(enc.log.of_kind("turn_start")))
                if turn != self._target_turn:
                    self._target_turn, self._chosen = turn, None
                    self.allies.value = False
                set_options(self.target, self._targets(me), keep=self._chosen or "")
            self._offer_options()
            self._fill_weapons()  # previewed below, once
            if self._chosen is None:
                self._take_default(me)
        finally:
            self._filling = was
        self.preview()

    def _take_default(self, me: str | None) -> None:
        """Make the first target the engine's dry run lets ``me`` attack now with the
        chosen weapon the target (issue 26, item 1: the default target is one the
        creature can strike - a foe in reach - not the first foe listed); the first one
        listed stays when the engine takes none. The GM's own choice is never changed."""
        t = self.tracker
        targets = [v for _l, v in self.target.options]
        if me is None or not targets or t.nobody_acts():
            return
        enc, weapon, sit = t.encounter, self.weapon.value, self.situation
        log = enc.log
        key = (len(log), log[-1] if len(log) else None, me, weapon,
               tuple(sorted(sit.items())), tuple(targets))
        if self._default_key != key:  # the engine's read-only preview, no dry run
            took = next((x for x in targets
                         if not isinstance(self._seen(me, x, weapon, sit), Exception)), None)
            self._default_key, self._default = key, took
        if self._default is not None and self.target.value != self._default:
            self.target.value = self._default

    def _offer_options(self) -> None:
        """Show only the attack options the attacker's round has (issue 26:
        :func:`lfgcombat.rules.turns.round_offers.round_offers`; classic's and wounds' attacks take
        none
        of lfg's); an option not offered is cleared, so it never reaches the attack."""
        me = self.attacker.value
        enc = self.tracker.encounter
        offered = (round_offers(enc, me).attack_options if me is not None else
                   round_offers(enc, enc.names[0]).attack_options)
        for key, box in self.options.items():
            box.layout.display = None if key in offered else "none"
            if key not in offered and box.value:
                box.value = False
        defends = "active_defense" in offered
        self.defense.layout.display = None if defends else "none"
        if not defends and self.defense.value:
            self.defense.value = ""

    def _targets(self, me: str | None) -> list[tuple[str, str]]:
        """``me``'s foes alive, those in reach first (whom one usually attacks), then -
        only when asked for - its allies, labelled as such: an engine that lets a creature
        attack an ally is no reason to offer one by default (issue 23)."""
        if me is None:
            return []
        enc = self.tracker.encounter
        alive = [n for n in enc.names if n != me and not enc.state(n)["dead"]]
        mine = enc.side(me)
        foes = sorted((n for n in alive if enc.side(n) != mine),
                      key=lambda n: not self._in_reach(me, n))
        allies = [n for n in alive if enc.side(n) == mine] if self.allies.value else []
        return [(n, n) for n in foes] + [(f"{n} (ally)", n) for n in allies]

    def _in_reach(self, attacker: str | None, target: str) -> bool:
        """Whether the map shows ``attacker`` threatening ``target`` (False off the map)."""
        hexmap = getattr(self.tracker.encounter, "map", None)
        if attacker is None or hexmap is None:
            return False
        try:
            return bool(hexmap.threatens_creature(attacker, target))
        except Exception:  # noqa: BLE001 - an unplaced creature is simply not in reach
            return False

    def _key(self) -> tuple:
        enc = self.tracker.encounter
        return (len(enc.log), enc.log[-1].seq if len(enc.log) else None, self.attacker.value,
                self.target.value, self.weapon.value, tuple(sorted(self.situation.items())))

    def _nothing_to_preview(self) -> bool:
        """Say why there is no attack to preview, and hide the row when nobody acts or
        the fight is over (issue 26, item 1); ``False`` when there is one."""
        enc = self.tracker.encounter
        halted = self.tracker.halted
        nobody = self.tracker.nobody_acts()
        if nobody:  # nobody acts, or the fight is over: the row is hidden (issue 26)
            self.tracker.offer_row(self, "Attack", nobody)
        if halted:  # the fight is over: nothing to offer until the GM plays on
            self._shown = None
            self.setup = self.odds_shown = None
            self.explained = []
            self.refusal = halted
            self.odds.value = ("<div class='lfg-attack-off' style='color:#7b5e00'>"
                               f"{html.escape(halted)}</div>")
            self.go.disabled = True
            return True
        if self.attacker.value is None or self.target.value is None or enc.current is None:
            self._shown = None
            self.setup = self.odds_shown = None
            self.explained = []
            self.refusal = "nobody to attack with or to attack"
            if not nobody:  # no foe left: the row stays for "allies too"
                self.tracker.offer_row(self, "Attack", "")
            self.odds.value = ("" if self.attacker.value is None or enc.current is None else
                               "<div style='color:#555'>No foe left to attack (tick "
                               "&quot;allies too&quot; to attack an ally).</div>")
            self.go.disabled = True
            return True
        return False

    def preview(self) -> None:
        """Show the exact odds of the chosen attack, or why the engine would refuse it."""
        if self._filling:  # inside refresh: previewed once, at its end
            return
        if self._nothing_to_preview():
            return
        enc = self.tracker.encounter
        key = self._key()
        if key == self._shown:
            return
        self._shown = key
        note = ""
        if self._unreadable:
            note = (f"<div style='color:#9c4221'>{html.escape(self.attacker.value)} has "
                    f"weapon entries without a name the kit can read: "
                    f"{html.escape(', '.join(self._unreadable))}; they are not offered."
                    "</div>")
        # the engine's own answer: the attack as it would roll it now
        seen = self._seen(self.attacker.value, self.target.value, self.weapon.value,
                          self.situation)
        try:
            if isinstance(seen, Exception):  # a refusal (LfgError) or an engine fault
                raise seen
            setup = getattr(seen.odds, "setup", None)  # None: a ruleset's attack policy
            odds = (seen.odds if setup is None else
                    self._with_unintended(enc, seen.odds, setup))
        except Exception as exc:  # noqa: BLE001 - shown here, never raised into the
            # encounter's listeners or the kernel
            self._refuse(exc, note)
            self.tracker.offer_row(self, "Attack", "" if self._other_attack() else
                                   self.refusal)
            return
        self.tracker.offer_row(self, "Attack", "")
        self.go.disabled = False
        self.setup, self.odds_shown, self.refusal = setup, odds, ""
        self.explained = list(seen.modifiers)
        gang_up = [f"Gang Up: +{seen.gang_up} Tactical"] if seen.gang_up else []
        situation = "".join(f"<div style='color:#555'>· {html.escape(cover_words(m))}</div>"
                            for m in self.explained + gang_up)
        target = html.escape(self.target.value)
        if setup is not None:
            self.odds.value = note + (
                f"<div><code>{html.escape(setup.line)}</code> vs {target} "
                f"({html.escape(ac_words(str(setup.ac_name)))} {seen.against})</div>"
                f"{situation}"
                f"{odds_html(odds)}")
            return
        self.odds.value = note + (
            f"<div><code>{html.escape(odds.summary())}</code> "
            f"<span style='color:#555'>({html.escape(enc.ruleset.name)} rules, the "
            f"situation as the roll will have it)</span></div>{situation}"
            f"{policy_odds_html(odds)}")

    def _seen(self, me: str, target: str, weapon: Any, sit: dict[str, Any]) -> Any:
        """:meth:`lfgcombat.Encounter.attack_preview` of this attack (read-only: no fork,
        nothing rolled), or the exception it raised; asked once per step of the fight
        (issue 26, item 5: the default target and the preview share the answer, and a
        redraw that changed nothing asks nothing again)."""
        enc = self.tracker.encounter
        log = enc.log
        step = (len(log), log[-1] if len(log) else None,
                enc.map.version if getattr(enc, "map", None) is not None else None)
        if step != self._previews_step:
            self._previews_step, self._previews = step, {}
        key = (me, target, weapon, tuple(sorted(sit.items())))
        if key not in self._previews:
            try:
                self._previews[key] = enc.attack_preview(me, target, weapon, **sit)
            except Exception as exc:  # noqa: BLE001 - shown by preview(), never raised
                self._previews[key] = exc.with_traceback(None)  # kept: no frames held
        return self._previews[key]

    def _other_attack(self) -> bool:
        """Whether the engine takes some other attack of the acting creature now - the
        chosen one without its options, or another target or weapon offered (dry runs on
        a fork; issue 26, item 1): then the row stays, its button off for the attack as
        chosen; else the creature cannot attack now and the row is hidden."""
        t = self.tracker
        me, chosen = self.attacker.value, (self.target.value, self.weapon.value)
        targets = [v for _l, v in self.target.options]
        weapons = [w[1] if isinstance(w, tuple) else w for w in self.weapon.options]
        tries = ([(chosen, {})] if self.situation else []) + [
            ((x, w), self.situation) for x in targets for w in weapons if (x, w) != chosen]
        with t.dry_runs():
            return any(not t.dry_run(lambda e, x=x, w=w, sit=sit: lambda: e.attack(
                me, x, w, **sit)) for (x, w), sit in tries)

    def _with_unintended(self, enc: Any, odds: Any, setup: Any) -> Any:
        """``odds`` with the encounter's chance of striking each Unintended Target (a
        ranged attack on the map, the encounter playing Accuracy by Volume; otherwise as
        given). Asked of the encounter itself, before the attack: nothing is rolled or
        logged."""
        if (getattr(setup, "mode", None) != "ranged" or getattr(enc, "map", None) is None
                or not getattr(enc, "accuracy_by_volume", False)):
            return odds
        found = enc.unintended_odds(self.attacker.value, self.target.value,
                                    self.weapon.value, **self.situation)
        return replace(odds, unintended=dict(found)) if found else odds

    def _refuse(self, exc: Exception, note: str) -> None:
        """Show why the attack cannot be made now, and disable its button."""
        self.setup = self.odds_shown = None
        self.explained = []
        self.refusal = str(exc) if isinstance(exc, LfgError) else f"{type(exc).__name__}: {exc}"
        self.go.disabled = True
        self.odds.value = note + (
            "<div class='lfg-error' style='color:#b00020;white-space:pre-wrap'>"
            f"Not possible now: {html.escape(self.refusal)}</div>")

    def attack(self) -> Any:
        """Roll the chosen attack through the encounter (its rolls go to the dice log).

        Returns:
            The :class:`~lfgcombat.rules.attacks.AttackResult`, or ``None`` when refused (the
            status line says why).
        """
        a, t, w = self.attacker.value, self.target.value, self.weapon.value
        halted = self.tracker.halted
        if halted:
            self.tracker.error = halted
            self.tracker._say(f"Not allowed: {halted}", error=True)
            return None
        if a is None or t is None:
            self.tracker._say("Attack: choose an attacker (the acting creature) and a "
                              "target first.", error=True)
            return None
        return self.tracker._attempt(
            lambda: self.tracker.encounter.attack(a, t, w, **self.situation))
