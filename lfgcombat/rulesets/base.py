"""The :class:`Ruleset` value and the registry of named rulesets.

A ruleset is a *definition* (:class:`RulesetDefinition`: the rules text it implements, its
aliases, and the policies it is built from) plus the optional-rule switches a table picks
(:class:`Ruleset`: a frozen value, compared and saved as its name and switches). Definitions
are registered by name; ``Ruleset("LFG")``, ``Ruleset("000")`` and
``Ruleset("000_8d1d7816ee944f3b.txt")`` all find ``lfg``.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any, cast

from ..errors import LfgError
from ..rules.health.saves import SavingThrows
from .event_rules import LFG_EVENT_RULES, EventRules
from .reminders import TurnReminders
from .initiative import INITIATIVE_POLICIES, InitiativePolicy, TopDownInitiative
from .policies import (
    ActionEconomy,
    AttackResolution,
    ConditionCatalogue,
    DamageModel,
    HealthModel,
)

__all__ = ["Ruleset", "RulesetError", "RulesetDefinition", "register", "unregister",
           "registered", "definition", "LFG_SWITCHES", "lfg_switches_of"]


#: Lines of the turn order a ruleset's table may leave to its initiative policy's rule.
_ORDER_LINES = ("initiative", "round_start", "round_end")


class RulesetError(LfgError, ValueError):
    """An unknown ruleset, one not implemented yet, or a bad switch value."""


@dataclass(frozen=True)
class RulesetDefinition:
    """A named ruleset: its text and the policies it is built from.

    A new ruleset is ``dataclasses.replace(LFG_DEFINITION, name=..., text=..., <only the
    slots that differ>)``, registered with :func:`register`.

    Attributes:
        name: The canonical name (``"lfg"``).
        text: The rules file it implements.
        aliases: Other names that find it (case-insensitive).
        implemented: ``False``: named but refused with a clear error (not playable yet).
        initiative: ``Ruleset(initiative=...)`` value -> policy class.
        economy: The action economy.
        attacks: Attack rolls and criticals.
        health: Hit points, dying and death.
        damage: Damage types.
        conditions: The condition catalogue (its data file).
        refusal: Extra words for the "not implemented yet" error.
        default_initiative: The ``initiative`` option a :class:`Ruleset` of it gets when
            none is given (``selective`` for lfg; ``top_down`` for classic, whose one
            initiative is a d20 order).
        lfg_switches: Which of lfg's optional rules (:data:`LFG_SWITCHES`) it plays;
            ``None`` (the default): all of them (lfg, a toy made from ``LFG_DEFINITION``);
            a ruleset of another text declares its own (classic and wounds: ``()``,
            neither 002 nor 003 has Killer Criticals, Perfect Critical or the advanced
            5-Foot Step). :func:`lfg_switches_of` answers.
        sheet_rows: The ruleset's own character-sheet rows of a creature (a tuple of rows
            with ``key``, ``label``, ``value``, ``explain``), which the CharacterSheet shows
            in place of lfg's statistics; ``None`` (lfg's): the creature's own stats.
        reminders: What its rules bring at the start and end of a turn (lfg's
            :class:`~lfgcombat.rulesets.reminders.TurnReminders`, or a subclass), for
            :func:`lfgcombat.rules.turns.turn_reminders.turn_reminders`.
        saves: Its saving throws (lfg's :class:`~lfgcombat.rules.health.saves.SavingThrows`,
            or a subclass with a bonus of its own), which
            :func:`~lfgcombat.rules.health.saves.saving_throw` and ``save_odds`` ask.
        event_rules: The citations of its attack, damage and roll lines (what a view of the
            log shows beside them: :class:`~lfgcombat.rulesets.event_rules.EventRules`).
        fast_kernel: The module (a dotted path, imported only when GM prep asks) building
            the numbers of a compiled kernel of its own for GM prep's fast tier
            (``<name>_spec``, ``<name>_problems``, and ``RULESET``: the ruleset it was
            written for); ``None``: lfg's kernel while every slot is lfg's, else the
            reference tier only (:mod:`lfgcombat.prep.tiers`).
    """

    name: str
    text: str
    aliases: tuple[str, ...] = ()
    implemented: bool = True
    initiative: Mapping[str, type[InitiativePolicy]] = field(
        default_factory=lambda: MappingProxyType(dict(INITIATIVE_POLICIES)))
    economy: ActionEconomy = ActionEconomy()
    attacks: AttackResolution = AttackResolution()
    health: HealthModel = HealthModel()
    damage: DamageModel = DamageModel()
    conditions: ConditionCatalogue = ConditionCatalogue()
    refusal: str = ""
    default_initiative: str = "selective"
    lfg_switches: tuple[str, ...] | None = None
    sheet_rows: Callable[[Any], tuple[Any, ...]] | None = None
    reminders: TurnReminders = TurnReminders()
    saves: SavingThrows = SavingThrows()
    fast_kernel: str | None = None
    event_rules: EventRules = LFG_EVENT_RULES

    def __post_init__(self) -> None:
        for name in ("name", "text"):
            if not isinstance(getattr(self, name), str) or not getattr(self, name).strip():
                raise RulesetError(f"a ruleset's {name} is a non-empty string, not "
                                   f"{getattr(self, name)!r}")
        if not isinstance(self.aliases, tuple) or not all(
                isinstance(a, str) and a.strip() for a in self.aliases):
            raise RulesetError(f"aliases is a tuple of names, not {self.aliases!r}")
        for slot, kind in _SLOTS.items():
            if not isinstance(getattr(self, slot), kind):
                raise RulesetError(f"the {slot} slot must be an instance of {kind.__name__} "
                                   "(or of a subclass overriding what differs), not "
                                   f"{getattr(self, slot)!r}")
        bad = [k for k, cls in dict(self.initiative).items()
               if not (isinstance(cls, type) and issubclass(cls, InitiativePolicy)
                       and cls.name == k)]
        if bad or not self.initiative:
            raise RulesetError("initiative maps each option's name to its InitiativePolicy "
                               f"class (whose name is that option); wrong: {bad or 'empty'}")
        if self.lfg_switches is not None and (
                not isinstance(self.lfg_switches, tuple)
                or not set(self.lfg_switches) <= set(LFG_SWITCHES)):
            raise RulesetError(f"lfg_switches is a tuple of lfg's optional rules "
                               f"({', '.join(LFG_SWITCHES)}), not {self.lfg_switches!r}")
        _check_record_hooks(self)
        if self.default_initiative not in self.initiative:
            raise RulesetError(f"default_initiative {self.default_initiative!r} is not one "
                               f"of the initiative options {', '.join(self.initiative)}")


    @property
    def has_exact_attack_odds(self) -> bool:
        """Whether ``attack_odds(..., ruleset=)`` answers for this ruleset: its attack
        policy gives odds of its own, or rolls lfg's attacks (whose odds are lfg's)."""
        return (callable(getattr(self.attacks, "attack_odds", None))
                or not self.attacks.rolls_own_attacks)

    def own_attack_odds(self) -> Callable[..., Any] | None:
        """The attack policy's own ``attack_odds``; ``None`` when lfg's exact odds are this
        ruleset's (its policy rolls lfg's attacks).

        Raises:
            RulesetError: the policy rolls attacks of its own and gives no exact odds.
        """
        own = getattr(self.attacks, "attack_odds", None)
        if callable(own):
            return cast("Callable[..., Any]", own)
        if self.attacks.rolls_own_attacks:
            raise RulesetError(
                f"{self.name!r} has no exact attack odds: its attack policy "
                f"({type(self.attacks).__name__}) rolls attacks of its own and defines no "
                "attack_odds(attacker, target, weapon, **situation)")
        return None

    def own_attack_roll(self) -> Callable[..., Any]:
        """The attack policy's own ``attack(roller, attacker, target, weapon,
        **situation)``: one attack rolled by its rules outside an encounter (the
        AttackPanel's Roll under a ruleset with its own odds).

        Raises:
            RulesetError: the policy gives exact odds of its own but no such roll.
        """
        own = getattr(self.attacks, "attack", None)
        if not callable(own):
            raise RulesetError(
                f"{self.name!r} has no attack roll outside an encounter: its attack policy "
                f"({type(self.attacks).__name__}) defines no attack(roller, attacker, "
                "target, weapon, **situation); roll the attack in an Encounter")
        return cast("Callable[..., Any]", own)


_SLOTS: dict[str, type] = {"economy": ActionEconomy, "attacks": AttackResolution,
                           "health": HealthModel, "damage": DamageModel,
                           "conditions": ConditionCatalogue, "reminders": TurnReminders,
                           "saves": SavingThrows}

#: The hooks a ruleset keeping a record of each combatant (its health model's
#: ``combatant``) must give, by slot: the encounter plays such a combatant through them.
_RECORD_HOOKS: dict[str, tuple[str, ...]] = {
    "economy": ("start_turn", "spend", "end_turn", "budget", "actions_left"),
    "attacks": ("encounter_attack",),
    "health": ("take_damage", "heal", "report")}


def _check_record_hooks(spec: RulesetDefinition) -> None:
    """Refuse a ruleset whose health model keeps records but leaves a record hook lfg's
    (which keeps none), naming each missing hook, when it is defined rather than at its
    first turn."""
    if not spec.health.keeps_records:
        return
    missing = [f"{type(getattr(spec, slot)).__name__}.{hook}"
               for slot, hooks in _RECORD_HOOKS.items() for hook in hooks
               if getattr(type(getattr(spec, slot)), hook) is getattr(_SLOTS[slot], hook)]
    if missing:
        raise RulesetError(
            f"the {spec.name} ruleset's health model keeps a record of each combatant "
            f"(HealthModel.combatant), so the encounter plays it through the record hooks; "
            f"define {', '.join(missing)} (see lfgcombat.rulesets, \"How to add a ruleset\")")


_DEFINITIONS: dict[str, RulesetDefinition] = {}
_ALIASES: dict[str, str] = {}


def register(definition: RulesetDefinition) -> RulesetDefinition:
    """Add a ruleset to the registry (its name and aliases, case-insensitive).

    Raises:
        RulesetError: not a :class:`RulesetDefinition`, or the name or an alias already
            belongs to another ruleset.
    """
    if not isinstance(definition, RulesetDefinition):
        raise RulesetError(f"register() takes a RulesetDefinition (e.g. dataclasses.replace("
                           f"LFG_DEFINITION, name=..., ...)), not {definition!r}")
    keys = [definition.name, *definition.aliases, definition.text]
    for k in keys:
        owner = _ALIASES.get(k.strip().lower())
        if owner is not None and owner != definition.name:
            raise RulesetError(f"{k!r} already names the ruleset {owner!r}; pick another "
                               "name or alias")
    for k in [k for k, owner in _ALIASES.items() if owner == definition.name]:
        del _ALIASES[k]  # a definition registered again: its old aliases go
    _DEFINITIONS[definition.name] = definition
    for k in keys:
        _ALIASES[k.strip().lower()] = definition.name
    return definition


def unregister(name: str) -> RulesetDefinition:
    """Remove a ruleset (by its name or an alias) and every name that found it, e.g. one a
    test or a plugin registered; a :class:`Ruleset` already made keeps its definition's
    name but can no longer be built again.

    Args:
        name: The ruleset's name or one of its aliases.

    Returns:
        The definition removed.

    Raises:
        RulesetError: no ruleset has that name, or it is ``lfg`` (the default every other
            part of the kit plays by).
    """
    spec = definition(name)
    if spec.name == "lfg":
        raise RulesetError("'lfg' is the default ruleset and cannot be unregistered")
    del _DEFINITIONS[spec.name]
    for key in [k for k, owner in _ALIASES.items() if owner == spec.name]:
        del _ALIASES[key]
    return spec


@contextlib.contextmanager
def registered(spec: RulesetDefinition) -> Iterator[RulesetDefinition]:
    """Register ``spec`` for the length of a ``with`` block (a test's or a notebook's toy
    ruleset), then remove it again, even if the block raises::

        with registered(dataclasses.replace(LFG_DEFINITION, name="toy", text="toy.txt",
                                            aliases=(), economy=OneAttack())):
            Encounter([...], ruleset="toy")

    Args:
        spec: The definition to register (its name and aliases must be free).

    Yields:
        The registered definition.

    Raises:
        RulesetError: the name or an alias already belongs to another ruleset.
    """
    if spec.name in _DEFINITIONS:
        raise RulesetError(f"{spec.name!r} is already registered; pick another name")
    register(spec)
    try:
        yield spec
    finally:
        if _DEFINITIONS.get(spec.name) is spec:
            unregister(spec.name)


def definition(name: str) -> RulesetDefinition:
    """The registered ruleset called ``name`` (or one of its aliases), implemented or not.

    Raises:
        RulesetError: no ruleset has that name.
    """
    key = _ALIASES.get(name.strip().lower()) if isinstance(name, str) else None
    if key is None:
        raise RulesetError(f"unknown ruleset {name!r}; the rulesets are "
                           + ", ".join(f"{n!r} ({d.text})" for n, d in _DEFINITIONS.items()))
    return _DEFINITIONS[key]


def names() -> tuple[str, ...]:
    """The registered rulesets, in registration order."""
    return tuple(_DEFINITIONS)


def implemented() -> tuple[str, ...]:
    """The registered rulesets that can be played."""
    return tuple(n for n, d in _DEFINITIONS.items() if d.implemented)


#: lfg's optional rules (000_8d1d7816ee944f3b.txt), each with the heading that has it.
LFG_SWITCHES: Mapping[str, str] = MappingProxyType({
    "killer_criticals": "Killer Criticals (Optional Rule)",
    "perfect_critical": "Perfect Critical (Optional Rule)",
    "advanced_five_foot_step": "5-Foot Step"})
_LFG_TEXT = "000_8d1d7816ee944f3b.txt"


def lfg_switches_of(spec: RulesetDefinition) -> tuple[str, ...]:
    """The lfg optional rules (:data:`LFG_SWITCHES`) ``spec`` plays: its own
    ``lfg_switches`` (classic and wounds declare none), else all of them (lfg, a toy built
    from it); no ruleset is named here, the definition says."""
    return tuple(LFG_SWITCHES) if spec.lfg_switches is None else spec.lfg_switches


def _check_lfg_switches(ruleset: "Ruleset", spec: RulesetDefinition) -> None:
    """Refuse an lfg optional rule switched on under a ruleset that does not have it."""
    has = lfg_switches_of(spec)
    for switch, heading in LFG_SWITCHES.items():
        if getattr(ruleset, switch) is True and switch not in has:
            raise RulesetError(
                f"{switch} is an optional rule of lfg ({_LFG_TEXT}, \"{heading}\"); the "
                f"{spec.name} ruleset ({spec.text}) does not have it: leave it off, or play "
                f"Ruleset('lfg', {switch}=True)")


_GRIDS = ("hex", "square")
#: Switches only some rulesets have (their health model lists them in ``switches``).
_OWN_SWITCHES = ("hp_loss_per_round",)


@dataclass(frozen=True)
class Ruleset:
    """A ruleset and its optional-rule switches (all off by default).

    Args:
        name: ``"lfg"`` or an alias (``"LFG"``, ``"000"``, its file name); ``"classic"``
            (``"002"``); ``"wounds"`` (``"003"``).
        killer_criticals: 000_8d1d7816ee944f3b.txt, "Killer Criticals (Optional Rule)".
        perfect_critical: 000_8d1d7816ee944f3b.txt, "Perfect Critical (Optional Rule)".
        advanced_five_foot_step: the advanced 5-Foot Step option ("5-Foot Step").
        initiative: ``selective`` / ``round_by_round`` / ``top_down`` (the options of the
            ruleset; ``None``, the default, is the ruleset's own default: ``selective``
            for lfg, ``top_down`` for classic).
        grid: ``hex`` / ``square``.
        top_down_flat_footed: Top-Down's "Any creature who has not yet acted in combat is
            considered Flat-Footed" (on by default; the GM may switch it off).
        hp_loss_per_round: 002_2a3a79475ca2a541.txt, "Stabilizing a Disabled Character":
            "Optional: If a character goes below 0 HP, they lose 1 HP per round until they
            stabilize" (only a ruleset whose health model lists it in ``switches``).

    Raises:
        RulesetError: unknown name, a name not implemented yet, or a bad switch value.

    Example:
        >>> Ruleset("lfg", killer_criticals=True).killer_criticals
        True
        >>> Ruleset("LFG") == Ruleset()
        True
    """

    name: str = "lfg"
    killer_criticals: bool = False
    perfect_critical: bool = False
    advanced_five_foot_step: bool = False
    initiative: str = None  # type: ignore[assignment]  # None: the definition's default
    grid: str = "hex"
    top_down_flat_footed: bool = True
    hp_loss_per_round: bool = False

    def __post_init__(self) -> None:
        spec = definition(self.name)
        object.__setattr__(self, "name", spec.name)
        if not spec.implemented:
            raise RulesetError(
                f"ruleset {spec.name!r} ({spec.text}) is not implemented yet; use "
                "Ruleset('lfg') (000_8d1d7816ee944f3b.txt), optionally with "
                "killer_criticals=True / perfect_critical=True" + spec.refusal)
        if self.initiative is None:
            object.__setattr__(self, "initiative", spec.default_initiative)
        for switch in _OWN_SWITCHES:
            if getattr(self, switch) is True and switch not in getattr(spec.health,
                                                                      "switches", ()):
                raise RulesetError(f"{switch} is an optional rule the {spec.name} ruleset "
                                   "does not have (classic has it: 002_2a3a79475ca2a541.txt, "
                                   "\"Stabilizing a Disabled Character\"); leave it off")
        _check_lfg_switches(self, spec)
        choices = {"initiative": tuple(spec.initiative), "grid": _GRIDS}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in choices:
                if value not in choices[f.name]:
                    raise RulesetError(f"{f.name} must be one of "
                                       f"{', '.join(choices[f.name])}, not {value!r}")
            elif f.type in ("bool", bool) and not isinstance(value, bool):
                raise RulesetError(f"{f.name} is a switch: True or False, not {value!r}")

    @staticmethod
    def names() -> tuple[str, ...]:
        """The registered rulesets (implemented or not): ``("lfg", "classic", "wounds")``."""
        return names()

    @property
    def definition(self) -> RulesetDefinition:
        """The registered definition this ruleset plays by.

        Raises:
            RulesetError: its ruleset was unregistered since (:func:`unregister`).
        """
        spec = _DEFINITIONS.get(self.name)  # the canonical name: one dict lookup
        if spec is None:
            raise RulesetError(f"the ruleset {self.name!r} is no longer registered")
        return spec

    @property
    def text(self) -> str:
        """The rules file this ruleset implements."""
        return self.definition.text

    @property
    def initiative_policy(self) -> InitiativePolicy:
        """The initiative policy the ``initiative`` switch picks."""
        cls = self.definition.initiative[self.initiative]
        if issubclass(cls, TopDownInitiative):
            return cls(flat_footed=self.top_down_flat_footed)
        return cls()

    @property
    def economy(self) -> ActionEconomy:
        """The action economy policy."""
        return self.definition.economy

    @property
    def attack_resolution(self) -> AttackResolution:
        """The attack and critical resolution policy."""
        return self.definition.attacks

    @property
    def health(self) -> HealthModel:
        """The health model (HP, dying, death)."""
        return self.definition.health

    @property
    def damage_model(self) -> DamageModel:
        """The damage model (damage types)."""
        return self.definition.damage

    @property
    def condition_catalogue(self) -> ConditionCatalogue:
        """The condition catalogue (its data file)."""
        return self.definition.conditions

    def cite_event(self, kind: str, label: str | None = None, states: Sequence[str] = (),
                   hp: int | None = None) -> str | None:
        """The citation of an ``attack``, ``damage`` or ``roll`` line this ruleset played
        (its :attr:`RulesetDefinition.event_rules`; an initiative roll, the initiative
        order and a round's start and end, when the table names none: the initiative
        policy's ``rule``), e.g. ``000_8d1d7816ee944f3b.txt, "Attack Rolls"`` for lfg's
        attack; ``None`` for another kind, or a roll the ruleset names no rule for.

        Args:
            kind: The event's kind.
            label: A roll's label (what it is for).
            states: A damage or health line's changes of state, in words (its
                ``events``: :attr:`~lfgcombat.rulesets.event_rules.EventRules.states`).
            hp: A damage or health line's HP after it.
        """
        rules = self.definition.event_rules
        found = rules.cite(kind, label, states, hp)
        if found is not None:
            return found
        if kind in _ORDER_LINES or (kind == "roll"
                                    and "initiative" in str(label or "").lower()):
            return self.initiative_policy.rule
        return rules.roll if kind == "roll" else None

    def event_words(self, status: str) -> str | None:
        """This ruleset's words for a change of status line (``vitals``) of ``status``, a
        format of ``who`` and ``hp`` (:meth:`~lfgcombat.rulesets.event_rules.EventRules.words`;
        ``None``: the line's own words)."""
        return self.definition.event_rules.words(status)

    def switches(self) -> dict[str, object]:
        """The optional rules and their settings (everything but the name; a switch of one
        ruleset's own, such as ``hp_loss_per_round``, only when it is on, so an lfg save
        records what it always did)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "name"
                and not (f.name in _OWN_SWITCHES and getattr(self, f.name) is False)}

    def replace(self, **changes: Any) -> "Ruleset":
        """A copy with some switches changed (validated like a new ruleset)."""
        return dataclasses.replace(self, **changes)

    def killer_critical_minimum(self, multiplier: int, max_hp: int) -> int | None:
        """The least damage a Critical Hit deals under Killer Criticals (``None`` when off):
        000_8d1d7816ee944f3b.txt, "Killer Criticals (Optional Rule)", asked of the attack
        policy (:meth:`AttackResolution.killer_critical_minimum`: 52 HP, x2 -> 10; 74 HP,
        x3 -> 21, the text's two examples)."""
        if not self.killer_criticals:
            return None
        return self.attack_resolution.killer_critical_minimum(multiplier, max_hp)

    def describe(self) -> str:
        """One line: the name and the switches that differ from the defaults."""
        defaults = {f.name: f.default for f in fields(self)}
        defaults["initiative"] = self.definition.default_initiative
        defaults.update({k: False for k in _OWN_SWITCHES})
        on = [k for k, v in self.switches().items() if v is True and defaults[k] is False]
        other = [f"{k}={v}" for k, v in self.switches().items()
                 if v != defaults[k] and not (v is True and defaults[k] is False)]
        extra = ", ".join(on + other)
        return f"{self.name} ({self.text})" + (f" with {extra}" if extra else "")
