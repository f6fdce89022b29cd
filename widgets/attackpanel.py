"""AttackPanel: pick attacker, target, weapon and situation; see the attack line and its exact
odds; roll it into the dice log.

Thin by design: every number comes from the engine - :func:`lfgcombat.rules.attacks.prepare`
(legality, the attack line in the text's annotation format), :func:`lfgcombat.rules.attacks.odds.
odds_for` (hit, critical, expected damage, the damage distribution) and
:meth:`lfgcombat.rules.attacks.AttackSetup.resolve` (the roll). An attack the rules forbid shows
the engine's message and disables the Roll button.

The creatures chosen ``next to target`` stand adjacent to it: the odds show the chance a
ranged miss strikes each (:func:`lfgcombat.rules.attacks.odds.unintended_attack_odds`), and Roll
plays the miss on as the encounter does (:func:`lfgcombat.rules.attacks.unintended.
unintended_shot`; 000_8d1d7816ee944f3b.txt, "Accuracy by Volume (Unintended Targets)").

Under another ruleset (``ruleset="wounds"`` or ``"classic"``) the panel asks that ruleset's
attack policy: :func:`lfgcombat.rules.attacks.odds` with ``ruleset=`` for the odds and
``attack_resolution.attack`` for the roll. Where the policy offers a critical choice
(``critical_choices``: wounds' ``multiply`` / ``wounds``) the panel shows a ``critical``
dropdown, and the odds show the expected damage of every choice.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import ipywidgets as W
import traitlets

from lfgcombat.rules.archery.archery import Bystander
from lfgcombat.rules.attacks.odds import unintended_attack_odds
from lfgcombat.rules.attacks.unintended import UnintendedResult, unintended_shot
from lfgcombat.rules.attacks.odds import AttackOdds, attack_odds, odds_for
from lfgcombat.rules.attacks import AttackSetup, prepare
from lfgcombat.rules.citations import headings_only
from lfgcombat.creature import Creature
from lfgcombat.dice import Roller
from lfgcombat.errors import LfgError
from lfgcombat.rulesets import Ruleset, RulesetError, definition

__all__ = ["AttackPanel", "AttackPanelError", "odds_html", "weapon_names"]

_TOGGLES = (("flanked", "target flanked"), ("flat_footed", "target flat-footed"),
            ("power_attack", "Power Attack"), ("fight_defensively", "Fight Defensively"),
            ("aim", "Aim"), ("touch", "touch attack"), ("thrown", "thrown"))
_RULES = (("killer_criticals", "Killer Criticals"), ("perfect_critical", "Perfect Critical"))
_NONE = "(none)"


def _creature_pool(creatures: Sequence[Creature] | Mapping[str, Creature], roller: Roller,
                   attacker: str | None, target: str | None) -> dict[str, Creature]:
    """The panel's creatures by name, once the arguments are checked.

    Raises:
        TypeError: not creatures, or not a Roller.
        AttackPanelError: ``attacker`` or ``target`` names no creature given.
    """
    values = list(creatures.values() if isinstance(creatures, Mapping) else creatures)
    if not values or not all(isinstance(c, Creature) for c in values):
        raise TypeError("AttackPanel needs lfgcombat.Creature values, e.g. "
                        "[load_example('rock'), load_example('orc')]")
    if not isinstance(roller, Roller):
        raise TypeError(f"AttackPanel needs a lfgcombat.Roller, not {type(roller).__name__}")
    pool = dict(creatures) if isinstance(creatures, Mapping) else {c.name: c for c in values}
    names = list(pool)
    for field, name in (("attacker", attacker), ("target", target)):
        if name is not None and name not in pool:
            raise AttackPanelError(f"{field}: no creature named {name!r}; give one of "
                                   f"{', '.join(map(repr, names))}")
    return pool


class AttackPanelError(LfgError, ValueError):
    """An AttackPanel argument it cannot use (it names the field and what to give)."""


def odds_html(odds: AttackOdds) -> str:
    """The odds of an attack as HTML: hit, critical, expected damage, the chance to drop
    the target, the chance to knock it prone (when it can be: a bigger striker), and the
    damage distribution when it hits as a small histogram.

    Args:
        odds: The engine's :class:`~lfgcombat.rules.attacks.odds.AttackOdds`.

    Returns:
        An HTML fragment (``.lfg-histogram`` holds the bars).
    """
    head = (f"<b>hit</b> {float(odds.p_hit):.1%} &middot; <b>critical</b> "
            f"{float(odds.p_crit):.1%} &middot; <b>expected damage</b> "
            f"{odds.expected_damage:.2f} &middot; <b>drops target</b> {odds.p_drop:.1%}")
    knockdown = odds.p_knockdown  # "Momentum of Impact": a bigger striker knocks down
    if knockdown:
        head += (f" &middot; <b class='lfg-knockdown'>knocked prone</b> {knockdown:.1%}")
    hit = [(k, float(p)) for k, p in odds.damage.items() if k != 0 and float(p) > 0]
    if not hit:
        return head + _unintended_html(odds)
    top = max(p for _, p in hit)
    bars = "".join(
        f"<div title='{k} damage: {p:.2%}' style='display:inline-block;width:6px;"
        f"margin-right:1px;background:#4c78a8;height:{max(1, round(40 * p / top))}px'></div>"
        for k, p in hit)
    low, high = hit[0][0], hit[-1][0]
    return (f"{head}{_unintended_html(odds)}<div class='lfg-histogram' style='display:flex;"
            f"align-items:flex-end;height:42px'>{bars}</div><small>damage {low} to {high} "
            "when it hits</small>")


def _odds_line(odds: Any) -> str:
    """A policy's odds in one line: its own ``summary()``, else the declared fields
    (:class:`lfgcombat.rulesets.AttackResolution`, "Optional members")."""
    summary = getattr(odds, "summary", None)
    if callable(summary):
        return str(summary())
    return (f"+{odds.bonus} vs AC {odds.ac}: hit {odds.p_hit:.1%}, critical "
            f"{odds.p_crit:.1%}, expected damage {odds.expected_damage:.2f}")


def policy_odds_html(odds: Any) -> str:
    """The odds a ruleset's attack policy computed (``classic``, ``wounds``): hit,
    critical, the Instant Kill where there is one, and one row per critical choice with its
    expected damage (``to_frame()``, both of wounds' choices), as HTML.

    Args:
        odds: The policy's odds (``p_hit``, ``p_crit``, ``summary()``; ``to_frame()`` and
            ``p_instant_kill`` where it has them).

    Returns:
        An HTML fragment (``.lfg-choices`` holds the table of choices).
    """
    head = (f"<b>hit</b> {float(odds.p_hit):.1%} &middot; <b>critical</b> "
            f"{float(odds.p_crit):.1%}")
    kill = getattr(odds, "p_instant_kill", None)
    if kill:
        head += f" &middot; <b>Instant Kill</b> {float(kill):.3%}"
    frame = odds.to_frame() if hasattr(odds, "to_frame") else None
    if frame is None or frame.empty:
        return head
    cols = list(frame.columns)
    rows = "".join("<tr>" + "".join(
        f"<td style='padding:0 6px'>{html.escape(f'{v:.2f}' if isinstance(v, float) else str(v))}"
        "</td>" for v in row) + "</tr>" for row in frame.itertuples(index=False))
    return (f"{head}<table class='lfg-choices' style='font-size:12px'><tr>"
            # the frame's column ids as words ("counted_in": "counted in"; issue 26)
            + "".join(f"<th style='padding:0 6px'>{html.escape(str(c).replace('_', ' '))}"
                      "</th>" for c in cols)
            + f"</tr>{rows}</table>")


def _unintended_html(odds: AttackOdds) -> str:
    """The chance that a miss strikes each creature next to the target (``.lfg-unintended``;
    000_8d1d7816ee944f3b.txt, "Accuracy by Volume (Unintended Targets)")."""
    found = getattr(odds, "unintended", None) or {}
    if not found:
        return ""
    parts = " &middot; ".join(f"{html.escape(n)} {float(p):.1%}" for n, p in found.items())
    return f"<div class='lfg-unintended'><b>a miss strikes instead</b> {parts}</div>"


def weapon_names(weapons: Any) -> tuple[list[str], list[str]]:
    """The names of a creature's weapon entries, and the entries without a readable name.

    Args:
        weapons: ``Creature.weapons`` (names or mappings with a ``name``).

    Returns:
        ``(names, unreadable)``: names in order without repeats; the entries shown as text.
    """
    names, bad = [], []
    for w in weapons or ():
        name = w.get("name") if isinstance(w, Mapping) else w if isinstance(w, str) else None
        if isinstance(name, str) and name.strip():
            names.append(name)
        else:
            bad.append(repr(w)[:40])
    return list(dict.fromkeys(names)), bad


class AttackPanel(W.VBox):
    """Choose an attack and see its odds; roll it.

    Args:
        creatures: The creatures to choose from (a list, or a mapping name -> creature).
        roller: The :class:`~lfgcombat.Roller` the Roll button uses (its history is the dice
            log).
        dicelog: A :class:`~lfgcombat.widgets.DiceLog` to show under the panel (optional).
        attacker, target: Names to start with (default: the first two creatures).
        ruleset: ``"lfg"`` (the default), ``"classic"`` or ``"wounds"``: whose attack rules
            the panel asks.

    CSS hooks: the widget is ``.lfg-attackpanel``; its dropdowns ``.lfg-panel-attacker``,
    ``.lfg-panel-target``, ``.lfg-panel-weapon``, ``.lfg-panel-fortune``,
    ``.lfg-panel-concealment``, ``.lfg-panel-cover``, the box ``.lfg-panel-distance``; the
    odds ``.lfg-panel-odds`` (``.lfg-histogram`` inside), a refusal in
    ``.lfg-panel-message`` (``.lfg-error``), the button ``.lfg-panel-roll`` and the result
    ``.lfg-attack-result``.

    Attributes:
        setup: The prepared attack (``None`` when the choice is illegal).
        odds: Its :class:`~lfgcombat.rules.attacks.odds.AttackOdds` (``None`` when illegal).
        error: The engine's message for an illegal choice ("" otherwise).
        last_result: The last rolled :class:`~lfgcombat.rules.attacks.AttackResult` (under
            another ruleset, its policy's result, e.g. a wounds attack).
        last_unintended: What that roll's miss set off among the creatures next to the
            target (:class:`~lfgcombat.rules.attacks.unintended.UnintendedResult`; ``None``
            before a roll or under another ruleset).
        ruleset_name: The ruleset whose rules the panel asks.
    """

    error = traitlets.Unicode("")
    last_result = traitlets.Any(None, allow_none=True)

    def __init__(self, creatures: Sequence[Creature] | Mapping[str, Creature], roller: Roller,
                 dicelog: W.Widget | None = None, attacker: str | None = None,
                 target: str | None = None, ruleset: str = "lfg", **kwargs: Any) -> None:
        pool = _creature_pool(creatures, roller, attacker, target)
        try:  # any implemented ruleset with exact attack odds (the ruleset says)
            spec = Ruleset(ruleset).definition
            self._own_odds = spec.own_attack_odds() is not None
        except RulesetError as exc:
            raise AttackPanelError(f"ruleset: {exc}") from None
        self.ruleset_name = spec.name
        self.creatures = pool
        self.roller = roller
        self._unreadable: list[str] = []
        self.setup: AttackSetup | None = None
        self.odds: AttackOdds | None = None
        self.last_unintended: UnintendedResult | None = None
        self._make_controls(list(pool), attacker, target)
        super().__init__(children=self._children(dicelog), **kwargs)
        self.add_class("lfg-attackpanel")
        self._fill_weapons()
        if dicelog is not None and getattr(dicelog, "cite", "") is None:
            dicelog.cite = self._roll_rule  # each roll's rule, from the panel's ruleset
            dicelog.refresh()
        self._attacker.observe(lambda _c: (self._fill_weapons(), self.refresh()), "value")
        for w in (self._target, self._weapon, self._fortune, self._concealment, self._cover,
                  self._distance, self._charge, self._near, self._critical,
                  *self._toggles.values(),
                  *self._rules.values(), *self._other.values()):
            w.observe(lambda _c: self.refresh(), "value")
        self.refresh()

    def _make_controls(self, names: list[str], attacker: str | None,
                       target: str | None) -> None:
        """Create the dropdowns, toggles, rules switches, outputs and the Roll button."""
        wide = dict(layout=W.Layout(width="16em"), style={"description_width": "5em"})
        self._attacker = W.Dropdown(options=names, value=attacker or names[0],
                                    description="attacker", **wide)
        self._target = W.Dropdown(options=names, value=target or names[min(1, len(names) - 1)],
                                  description="target", **wide)
        self._weapon = W.Dropdown(description="weapon", **wide)
        self._fortune = W.Dropdown(options=[_NONE, "fortunate", "unfortunate"],
                                   description="fortune", **wide)
        self._concealment = W.Dropdown(options=[_NONE, "partial", "total"],
                                       description="conceal", **wide)
        self._cover = W.Dropdown(options=[_NONE, "partial", "good", "superior"],
                                 description="cover", **wide)
        self._distance = W.IntText(value=5, description="dist. ft", **wide)
        # issue 14: feet run before a Charge Attack, for the Knockdown odds (+2 DC from 20)
        self._charge = W.IntText(value=0, description="charge ft", tooltip=(
            "feet run before this Charge Attack (0: no Charge): from 20 ft the Knockdown DC "
            "is +2 (Momentum of Impact); the Charge's own +2 to hit and damage are the "
            "encounter's"), **wide)
        # issue 15: the creatures next to the target a ranged miss may strike instead
        self._near = W.SelectMultiple(options=names, value=(), rows=min(4, len(names)),
                                      description="next to target", layout=W.Layout(
                                          width="16em"), style={"description_width": "7em"})
        self._toggles = {k: W.Checkbox(value=False, description=label, indent=False,
                                       layout=W.Layout(width="12em"))
                         for k, label in _TOGGLES}
        self._rules = {k: W.Checkbox(value=False, description=label, indent=False,
                                     layout=W.Layout(width="12em")) for k, label in _RULES}
        policy = definition(self.ruleset_name).attacks
        choices = getattr(policy, "critical_choices", ()) if self._own_odds else ()
        self._critical = W.Dropdown(options=list(choices) or [_NONE], description="critical",
                                    layout=W.Layout(width="16em",
                                                    display="" if choices else "none"),
                                    style={"description_width": "5em"})
        self._critical.add_class("lfg-panel-critical")
        self._other = {k: W.Checkbox(value=False, description=label, indent=False,
                                     layout=W.Layout(width="16em"))
                       for k, label in (getattr(policy, "odds_toggles", ())
                                        if self._own_odds else ())}
        self._line = W.HTML()
        self._odds = W.HTML()
        self._message = W.HTML()
        self._result = W.HTML()
        for css, w in (("attacker", self._attacker), ("target", self._target),
                       ("weapon", self._weapon), ("fortune", self._fortune),
                       ("concealment", self._concealment), ("cover", self._cover),
                       ("distance", self._distance), ("charge", self._charge),
                       ("near", self._near)):
            w.add_class(f"lfg-panel-{css}")
        self._odds.add_class("lfg-panel-odds")
        self._message.add_class("lfg-panel-message")
        self._roll = W.Button(description="Roll", button_style="primary", icon="dice")
        self._roll.add_class("lfg-panel-roll")
        self._roll.on_click(lambda _b: self.roll())

    def _children(self, dicelog: W.Widget | None) -> list[W.Widget]:
        """The panel's layout: the choices, the attack line, messages, odds, Roll, result."""
        if self._own_odds:  # its policy's own choices
            picks = W.HBox([W.VBox([self._attacker, self._target, self._weapon,
                                    self._critical]), W.VBox(list(self._other.values()))])
        else:
            picks = W.HBox([W.VBox([self._attacker, self._target, self._weapon]),
                            W.VBox([self._fortune, self._concealment, self._cover,
                                    self._distance, self._charge, self._near]),
                            W.VBox(list(self._toggles.values())),
                            W.VBox(list(self._rules.values()))])
        children = [picks, self._line, self._message, self._odds,
                    W.HBox([self._roll]), self._result]
        if dicelog is not None:
            children.append(dicelog)
        return children

    # ------------------------------------------------------------- choices

    def _fill_weapons(self) -> None:
        c = self.creatures[self._attacker.value]
        names, self._unreadable = weapon_names(c.weapons)
        self._weapon.options = list(dict.fromkeys(names + ["unarmed strike"]))
        self._weapon.value = self._weapon.options[0]

    def _roll_rule(self, label: str | None) -> str:
        """The citation of the rule a roll of the dice log plays, from the panel's ruleset
        (issue 26, item 2), by heading; the ruleset's text when it names none."""
        rules = self.ruleset
        return headings_only(rules.cite_event("roll", label) or rules.text)

    @property
    def ruleset(self) -> Ruleset:
        """The panel's ruleset with its rules switches (Killer/Perfect Critical), for a
        ruleset playing lfg's attacks."""
        return Ruleset(self.ruleset_name, **{k: w.value for k, w in self._rules.items()})

    @property
    def situation(self) -> dict[str, Any]:
        """The situation keys the panel passes to the engine."""
        if self._own_odds:
            sit = {k: True for k, w in self._other.items() if w.value}
            if self._critical.value != _NONE:
                sit["critical_choice"] = self._critical.value
            return sit
        sit: dict[str, Any] = {k: True for k, w in self._toggles.items() if w.value}
        if self._fortune.value != _NONE:
            sit["fortune"] = self._fortune.value
        if self._concealment.value != _NONE:
            sit["concealment"] = self._concealment.value
        if self._cover.value != _NONE:
            sit["cover"] = self._cover.value
        sit["distance_ft"] = self._distance.value
        return sit

    def choose(self, attacker: str | None = None, target: str | None = None,
               weapon: str | None = None, **situation: Any) -> "AttackPanel":
        """Set choices from code (what the dropdowns and toggles set by hand).

        Args:
            attacker, target, weapon: Names.
            **situation: ``fortune``, ``concealment``, ``cover``, ``distance_ft``,
                ``charge_ft`` (feet run before a Charge, for the Knockdown odds), the toggle
                keys (``flanked``, ``power_attack``...), the rules switches
                (``killer_criticals``, ``perfect_critical``) and ``near``: the names of the
                creatures next to the target (a ranged miss may strike them instead).
        """
        problem = self._choice_problem(attacker, target, weapon)
        if problem is not None:
            return self._refuse(problem)
        with self.hold_trait_notifications():
            if attacker is not None:
                self._attacker.value = attacker
            if target is not None:
                self._target.value = target
            if weapon is not None:
                self._weapon.value = weapon
            for key, value in situation.items():
                self._set_choice(key, value)
        self.refresh()
        return self

    def _choice_problem(self, attacker: str | None, target: str | None,
                        weapon: str | None) -> str | None:
        """Why :meth:`choose` cannot take these names (``None``: it can)."""
        for field, name in (("attacker", attacker), ("target", target)):
            if name is not None and name not in self.creatures:
                return (f"{field}: no creature named {name!r} here; choose one of "
                        f"{', '.join(self.creatures)}")
        if weapon is not None:
            weapons = self._weapon_choices(attacker or self._attacker.value)
            if weapon not in weapons:
                return (f"weapon: {attacker or self._attacker.value} has no weapon "
                        f"named {weapon!r}; choose one of {', '.join(weapons)}")
        return None

    def _set_choice(self, key: str, value: Any) -> None:
        """Set one situation key of :meth:`choose` on its toggle, switch or dropdown."""
        dropdowns = {"fortune": self._fortune, "concealment": self._concealment,
                     "cover": self._cover, "critical_choice": self._critical}
        if key in self._other:
            self._other[key].value = bool(value)
        elif key == "critical_choice" and value not in self._critical.options:
            raise TypeError(f"AttackPanel.choose: critical_choice is one of "
                            f"{', '.join(map(str, self._critical.options))}, not {value!r}")
        elif key in self._toggles:
            self._toggles[key].value = bool(value)
        elif key in self._rules:
            self._rules[key].value = bool(value)
        elif key in dropdowns:
            dropdowns[key].value = value or _NONE
        elif key == "distance_ft":
            self._distance.value = value
        elif key == "charge_ft":
            self._charge.value = value
        elif key == "near":
            names = (value,) if isinstance(value, str) else tuple(value or ())
            unknown = [n for n in names if n not in self._near.options]
            if unknown:
                raise TypeError(f"AttackPanel.choose: near names creatures of the panel "
                                f"({', '.join(self._near.options)}), not {unknown!r:.60}")
            self._near.value = names
        else:
            raise TypeError(f"AttackPanel.choose: unknown choice {key!r}")

    def _weapon_choices(self, attacker: str) -> list[str]:
        names, _bad = weapon_names(self.creatures[attacker].weapons)
        return list(dict.fromkeys(names + ["unarmed strike"]))

    def _refuse(self, message: str) -> "AttackPanel":
        """Show a refusal in the panel (nothing is rolled; the Roll button is disabled)."""
        self.setup = self.odds = None
        self.error = message
        self._line.value = ""
        self._odds.value = ""
        self._message.value = ("<div class='lfg-error' style='color:#b42318;"
                               f"white-space:pre-wrap'>{html.escape(message)}</div>")
        self._roll.disabled = True
        return self

    # ------------------------------------------------------------- engine

    def refresh(self) -> None:
        """Recompute the attack line and the odds from the current choices."""
        attacker = self.creatures[self._attacker.value]
        target = self.creatures[self._target.value]
        if self._attacker.value == self._target.value:
            self._refuse(f"{self._attacker.value} cannot attack itself: choose another "
                         "target")
            return
        if self._own_odds:
            self._refresh_policy(attacker, target)
            return
        try:
            setup = prepare(attacker, target, self._weapon.value, ruleset=self.ruleset,
                            **self.situation)
            odds = odds_for(setup)
            if self._charge.value:  # the Knockdown odds after a Charge of that many feet
                odds = odds.charging(self._charge.value)
            near = self._bystanders()
            if near:  # the engine's exact odds for each Unintended Target
                odds = replace(odds, unintended=unintended_attack_odds(
                    setup, near, self.situation))
        except Exception as exc:  # noqa: BLE001 - shown in the panel, never in the kernel
            self._refuse(str(exc) if isinstance(exc, LfgError)
                         else f"{type(exc).__name__}: {exc}")
            return
        self.setup, self.odds, self.error = setup, odds, ""
        self._roll.disabled = False
        self._message.value = self._unreadable_note()
        self._line.value = (f"<code>{html.escape(setup.line)}</code> vs "
                            f"{html.escape(target.name)} ({setup.ac_name} {setup.ac.value}, "
                            f"{setup.confirm_name} {setup.confirm_ac.value})")
        self._odds.value = self._odds_html(odds)

    def _bystanders(self) -> list[Bystander]:
        """The creatures chosen next to the target (each adjacent to it, 5 ft)."""
        return [Bystander(self.creatures[n], "adjacent", 5) for n in self._near.value
                if n not in (self._attacker.value, self._target.value)]

    _odds_html = staticmethod(lambda odds: odds_html(odds))

    def _refresh_policy(self, attacker: Creature, target: Creature) -> None:
        """The odds by another ruleset's attack policy (``attack_odds(..., ruleset=)``)."""
        try:
            odds = attack_odds(attacker, target, self._weapon.value,
                               ruleset=self.ruleset_name, **self.situation)
        except Exception as exc:  # noqa: BLE001 - shown in the panel, never in the kernel
            self._refuse(str(exc) if isinstance(exc, LfgError)
                         else f"{type(exc).__name__}: {exc}")
            return
        self.setup, self.odds, self.error = None, odds, ""
        self._roll.disabled = False
        self._message.value = self._unreadable_note()
        self._line.value = f"<code>{html.escape(_odds_line(odds))}</code>"
        self._odds.value = policy_odds_html(odds)

    def _unreadable_note(self) -> str:
        if not self._unreadable:
            return ""
        return ("<div class='lfg-warning' style='color:#9c4221'>"
                f"{html.escape(self._attacker.value)}'s weapon entries "
                f"{html.escape(', '.join(self._unreadable))} cannot be read (an entry is a "
                "weapon name or a mapping with a name); they are not offered, so only its "
                "other weapons and Unarmed Strike are.</div>")

    def roll(self) -> Any:
        """Roll the chosen attack (its rolls go to the roller's history, the dice log);
        under another ruleset, by its attack policy. A ranged miss with creatures next to
        the target goes on to an Unintended Target as the encounter plays it (the engine's
        :func:`~lfgcombat.rules.attacks.unintended.unintended_shot`: the choice among equals,
        the new roll at -4 without precision; a Nat 1 or the shield stops it), shown under
        the first roll and kept in :attr:`last_unintended`.

        Returns:
            The first attack's result (the Unintended Target's is in
            ``last_unintended.result``).
        """
        self.last_unintended = None
        if self._own_odds and self.odds is not None:
            try:
                roll = definition(self.ruleset_name).own_attack_roll()
            except RulesetError as exc:
                self._refuse(str(exc))
                return None
            result = roll(self.roller, self.creatures[self._attacker.value],
                                   self.creatures[self._target.value], self._weapon.value,
                                   **self.situation)
            self.last_result = result
            text = result.explain() if hasattr(result, "explain") else repr(result)
            self._result.value = ("<pre class='lfg-attack-result' style='font-size:12px'>"
                                  f"{html.escape(text)}</pre>")
            return result
        if self.setup is None:
            return None
        result = self.setup.resolve(self.roller)
        after = unintended_shot(self.setup, result, self._bystanders(), self.roller,
                                self.situation)
        self.last_unintended = after
        self.last_result = result
        text = result.explain()
        if after.why:
            text += "\n" + after.explain()
        self._result.value = ("<pre class='lfg-attack-result' style='font-size:12px'>"
                              f"{html.escape(text)}</pre>")
        return result

    def __repr__(self) -> str:
        if self._own_odds and self.odds is not None:
            return f"AttackPanel({_odds_line(self.odds)})"
        if self.setup is None:
            return f"AttackPanel(illegal: {self.error})"
        return (f"AttackPanel({self.setup.line} | {self._attacker.value} -> "
                f"{self._target.value}: hit {float(self.odds.p_hit):.1%}, crit "
                f"{float(self.odds.p_crit):.1%}, expected {self.odds.expected_damage:.2f})")
