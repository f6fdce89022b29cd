"""The damage of a hit, planned before the dice: what is rolled and what the target takes.

000_8d1d7816ee944f3b.txt, "Three Attack Types – Basic, Heavy, Ranged:" and "Minimum
Damage" (STR to damage), "Basic Unarmed Attacks – Punch & Kick:", "Damage in Combat"
(strength ratings), "Critical Hits" (the multiplied damage), "Special Actions in Combat"
(Power Attack's larger dice, the Knockout Strike's bludgeoning), "How do I read or write the
damage for an attack or spell?" (choosing a type of ``[x/y]``), "Precision Damage [+Prec]",
"Concealment - What is it?", "Killer Criticals (Optional Rule)" and "Weakened" ("Conditions –
Full Details").

:func:`damage_plan` is a step of :func:`~lfgcombat.rules.attacks.prepare`; it builds the
:class:`~lfgcombat.rules.attacks.DamagePlan` both the rolled attack and its odds use.
"""

from __future__ import annotations

from typing import Any

from ..damage import DamageType, Resistances
from lfgcombat.dice import DiceExpr, parse
from lfgcombat.rulesets import Ruleset
from ..weapons import step_damage
from .formulas import multiply_damage, strength_damage
from .rules import R_CONCEAL, R_DAMAGE_TYPES, R_KILLER, R_SPECIAL, R_UNARMED, illegal
from .setup import DamagePlan
from .situation import Situation
from ..weapons import Weapon

from lfgcombat.creature.stats import Term
__all__ = ["damage_plan", "damage_attack_type", "creature_kind"]


def creature_kind(target: Any) -> str:
    """``undead``, ``construct`` or ``living``: what energy damage does to it.

    Args:
        target: The creature.

    Returns:
        The kind.
    """
    ctype = target.creature_type.value
    return ctype if ctype in ("undead", "construct") else "living"


def damage_attack_type(w: Weapon, mode: str, sit: Situation) -> str:
    """The attack type that sets STR to damage: ``unarmed`` for the basic unarmed strike,
    ``basic`` for a thrown weapon ("Thrown weapons deal damage as Basic Attacks"), ``heavy``
    for a one-handed weapon in both hands, else the weapon's own.

    Args:
        w: The weapon.
        mode: ``melee`` or ``ranged``.
        sit: The situation (``two_handed``).

    Returns:
        ``basic``, ``heavy``, ``ranged`` or ``unarmed``.
    """
    if w.is_unarmed:
        return "unarmed"
    if mode == "ranged" and not w.is_projectile:
        return "basic"
    if sit.two_handed:
        return "heavy"
    return w.attack_type


def _flat_damage(attacker: Any, w: Weapon, attack_type: str,
                 sit: Situation) -> tuple[int, tuple[Any, ...]]:
    """(the flat damage added to the dice, its parts as terms).

    STR by attack type (000_8d1d7816ee944f3b.txt, "Dealing Damage with Attacks:"); none for a
    Ranged Attack (000_8d1d7816ee944f3b.txt, "Ranged Attack": "only the listed Weapon Damage").
    """
    str_mod = attacker.ability_mod("str")
    str_part = strength_damage(attack_type, str_mod)
    terms = [Term(f"{w.name} dice", 0)]
    if attack_type != "ranged":
        label = {"basic": "STRMod (Basic Attack)", "heavy": "1.5 x STRMod rounded down "
                 "(Heavy Attack)", "unarmed": "half STRMod (basic unarmed attack)"}[attack_type]
        terms.append(Term(label + (" - a negative STRMod is not subtracted" if str_mod < 0
                                   else ""), str_part))
    else:
        terms.append(Term("Ranged Attack: no STRMod", 0))
    flat = str_part
    for label, value in ((f"+{w.enhancement} enhancement", w.enhancement),
                         (f"strength rating ({w.strength_rating})", w.strength_rating),
                         ("situation", sit.damage_bonus)):
        if value:
            terms.append(Term(label, value))
            flat += value
    return flat, tuple(terms)


def _forced_type(w: Weapon, sit: Situation) -> DamageType | None:
    """The one damage type used: a Knockout Strike's bludgeoning, or the type chosen."""
    if sit.knockout:
        if DamageType.BLUDGEONING not in w.spec.types or (
                w.spec.mode == "both" and len(w.spec.types) > 1):
            raise illegal(f"a Knockout Strike needs an attack that only deals bludgeoning "
                          f"damage; {w.name} deals [{w.types_text()}]", R_SPECIAL)
        return DamageType.BLUDGEONING
    if sit.damage_type is None:
        return None
    dt = DamageType.coerce(sit.damage_type)
    if dt not in w.spec.types or w.spec.mode == "both":
        raise illegal(f"{w.name} deals [{w.types_text()}]; "
                      + ("it deals every listed type at once" if w.spec.mode == "both"
                         else f"{dt.value} is not one of them"), R_DAMAGE_TYPES)
    return dt


def _precision(w: Weapon, sit: Situation, miss: int) -> tuple[DiceExpr | None, tuple[str, ...]]:
    if sit.precision is None:
        return None, ()
    if w.is_unarmed:
        return None, (f"no precision damage: basic unarmed attacks cannot deal it "
                      f"({R_UNARMED})",)
    if miss:
        return None, (f"no precision damage: the target has concealment ({R_CONCEAL})",)
    return parse(sit.precision), ()


def _killer(attacker: Any, tgt: Any, w: Weapon,
            rules: Ruleset) -> tuple[int | None, tuple[str, ...]]:
    """A critical's least damage under the optional rule
    (000_8d1d7816ee944f3b.txt, "Killer Criticals: A Critical Hit always deals a minimum"):
    a share of the target's maximum HP by the multiplier, and the notes when it does not
    apply."""
    if not rules.killer_criticals:
        return None, ()
    if tgt.size.order - attacker.size.order > 1:
        return None, (f"no Killer Critical: {tgt.name} is more than 1 size category "
                      f"larger ({R_KILLER})",)
    return rules.killer_critical_minimum(w.multiplier, tgt.max_hp.value), ()


def damage_plan(attacker: Any, tgt: Any, w: Weapon, mode: str, sit: Situation,
                rules: Ruleset, miss: int) -> DamagePlan:
    """The damage of a hit: dice (Power Attack: 2 sizes larger), STR by attack type,
    enhancement, strength rating, the situation's bonus; the critical multiplied; the type;
    precision (none through concealment); Killer Criticals; Weakened; the target's
    resistances.

    Args:
        attacker: The attacking creature.
        tgt: The situated target.
        w: The weapon.
        mode: ``melee`` or ``ranged``.
        sit: The situation.
        rules: The ruleset (Killer Criticals).
        miss: The % miss chance (precision damage needs none).

    Returns:
        The :class:`~lfgcombat.rules.attacks.DamagePlan`.

    Raises:
        IllegalActionError: a Knockout Strike without bludgeoning, a damage type the
            weapon does not deal.
    """
    notes: list[str] = []
    dice = w.damage
    if sit.power_attack:
        dice = step_damage(dice, 2)
        notes.append(f"Power Attack: {w.damage} -> {dice} (2 die sizes larger)")
    flat, terms = _flat_damage(attacker, w, damage_attack_type(w, mode, sit), sit)
    normal = parse(f"{dice}+{flat}") if flat else dice
    critical = multiply_damage(normal, w.multiplier)
    forced = _forced_type(w, sit)
    precision, precision_notes = _precision(w, sit, miss)
    killer, killer_notes = _killer(attacker, tgt, w, rules)
    notes += precision_notes + killer_notes
    weak = attacker.active_conditions.physical_damage_pct
    if weak:
        notes.append(f"Weakened: {weak}% physical damage (rounded down)")
    return DamagePlan(normal, critical, w.spec, forced, precision, w.extra, weak, killer,
                      w.qualities, Resistances.from_dict(tgt.resistances), creature_kind(tgt),
                      terms, tuple(notes))
