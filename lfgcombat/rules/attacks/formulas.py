"""The small pure formulas of attacks, shared by the rolled attack and its exact odds.

000_8d1d7816ee944f3b.txt, "Attack Rolls" (range penalty), "Attack Rolls - Automatic Success &
Failure: Nat20 & Nat1", "Three Attack Types – Basic, Heavy, Ranged:" and "Minimum Damage"
(STR to damage), "Critical Hits" (the multiplied damage), "Consecutive Attacks" (C.A.P.),
"Handedness & Using Both Hands (Two Weapon Fighting)", "Active Defense Limitations:",
"Concealment - What is it?" and "Damage Die Size" (stepping weapon dice).

:mod:`lfgcombat.rules.attacks.resolve` rolls with these functions and
:mod:`lfgcombat.rules.attacks.odds` enumerates them, so a rolled attack and its odds cannot
disagree on a rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

from lfgcombat.dice import DiceExpr, parse
from ..weapons import WeaponError, normal_name
from .rules import R_HANDS, illegal

if TYPE_CHECKING:
    from ..weapons import Weapon

__all__ = ["strength_damage", "range_penalty",
           "consecutive_attack_penalty", "off_hand_penalty", "hits", "hits_vs_defense",
           "CONCEALMENT", "COVER", "concealment_percent", "cover_bonus", "multiply_damage",
           "p_past_miss_chance"]


def strength_damage(attack_type: str, str_mod: int) -> int:
    """Extra damage from STR by attack type (000_8d1d7816ee944f3b.txt, "Three Attack Types
    – Basic, Heavy, Ranged:", "Minimum Damage", "Basic Unarmed Attacks – Punch & Kick:";
    000_8d1d7816ee944f3b.txt, "Heavy Attack": Weapon+(1.5xSTRMod)).

    000_8d1d7816ee944f3b.txt, "Basic Attack": a Basic Attack adds the STRMod (Weapon+STRMod).
    000_8d1d7816ee944f3b.txt, "Minimum Damage": a STRMod below zero is not added.

    Basic: ``+STRMod``; Heavy: ``+1.5 x STRMod`` rounded down (the pollaxe with +3 STRMod
    deals 1d8+4); Ranged: nothing; the basic unarmed strike: ``+half STRMod`` (rounded down,
    inferred). "If you have a STRMod below zero, you do NOT add your STRMod" - never negative.

    Args:
        attack_type: ``basic``, ``heavy``, ``ranged`` or ``unarmed``.
        str_mod: The attacker's STRMod.

    Returns:
        The damage added (>= 0).
    """
    pos = max(0, str_mod)
    return {"basic": pos, "heavy": (3 * pos) // 2, "ranged": 0, "unarmed": pos // 2}[attack_type]


def range_penalty(distance_ft: int, increment: int) -> int:
    """The Range Penalty: -2 per full Range Increment beyond the first
    (000_8d1d7816ee944f3b.txt, "Ranged Attack Roll").

    000_8d1d7816ee944f3b.txt, "Attack Rolls"; 000_8d1d7816ee944f3b.txt, "Range Penalty":
    "a cumulative -2 penalty for each fully divisible Range Increment to the target. Ranged
    Attacks made within one Range Increment suffer no penalty". Ex: Shortbow (60 ft) at
    200 ft: -6. A target at exactly one or two increments is still "within" that many
    increments (60 ft: 0; 120 ft: -2), so the penalty is ``-2 x (ceil(distance / increment) - 1)``.

    Args:
        distance_ft: Distance to the target in feet.
        increment: The weapon's Range Increment in feet.

    Returns:
        The penalty (0 or negative).
    """
    if distance_ft <= increment:
        return 0
    return -2 * ((distance_ft - 1) // increment)


def consecutive_attack_penalty(weapons: Iterable[str]) -> int:
    """The Consecutive Attack Penalty of the last attack in a turn's sequence.

    000_8d1d7816ee944f3b.txt, "Consecutive Attacks": each consecutive attack with the same
    weapon adds -2; one "made with a different weapon than the previous attack" adds -1
    (cumulative). Ex: mace, mace -> -2; sword, off-hand dagger -> -1; Dane Axe x3 -> -4.

    Args:
        weapons: The weapon of each attack made this turn, in order, ending with this one.

    Returns:
        The penalty (0 or negative).
    """
    seq = [normal_name(str(w)) for w in weapons]
    total = 0
    for prev, cur in zip(seq, seq[1:]):
        total -= 1 if cur != prev else 2
    return total


def off_hand_penalty(weapon: "Weapon", two_weapon_fighting: bool = False) -> int:
    """Attack penalty for an attack with only the off hand
    (000_8d1d7816ee944f3b.txt, "While wielding a weapon in each hand").

    000_8d1d7816ee944f3b.txt, "Handedness & Using Both Hands (Two Weapon Fighting)": "-2
    penalty. (Wielding a 1-Handed weapon in your Off-hand increases this penalty to -4)"; the
    Two-Weapon Fighting Feat "removes the -2 Penalty for attacks made with a light weapon in
    your Off-Hand" (a one-handed weapon keeps -2 with the feat: inferred, the feat removes
    the -2, not the increase).

    Args:
        weapon: The off-hand weapon.
        two_weapon_fighting: The attacker has the Two-Weapon Fighting Feat.

    Returns:
        The penalty (0 or negative).

    Raises:
        IllegalActionError: a two-handed weapon cannot be wielded in the off hand alone.
    """
    if weapon.hands == "two":
        raise illegal(f"{weapon.name} is two-handed: it cannot strike with only the off "
                      "hand", R_HANDS)
    if weapon.hands == "light" or weapon.is_unarmed or weapon.is_natural:
        return 0 if two_weapon_fighting else -2
    return -2 if two_weapon_fighting else -4


def hits(natural: int, total: int, ac: int) -> bool:
    """An attack roll hits: a Nat20 always, a Nat1 never, else total >= AC.

    000_8d1d7816ee944f3b.txt, "Attack Rolls - Automatic Success & Failure".

    Args:
        natural: The d20's face.
        total: The roll with its bonus.
        ac: The AC it is compared with.

    Returns:
        Whether it hits.
    """
    return natural == 20 or (natural != 1 and total >= ac)


def hits_vs_defense(a_nat: int, a_total: int, d_nat: int, d_total: int) -> bool:
    """An attack roll against an Active Parry/Dodge roll strikes.

    000_8d1d7816ee944f3b.txt, "Active Defense Limitations:": the attack strikes when the
    defence roll is "less than or equal to the attacker's roll"; "A Nat20 on an Active
    Defense automatically deflects/dodges the attack UNLESS the attacker also rolls a Nat20,
    in which case the results are tallied normally (vice versa - Nat20 Attack auto-hits
    unless defender also rolls Nat20)"; the same for Nat1 (auto-fails unless both roll 1).

    Args:
        a_nat, a_total: The attack roll's face and total.
        d_nat, d_total: The defence roll's face and total.

    Returns:
        Whether the attack strikes.
    """
    if (a_nat == 20 and d_nat == 20) or (a_nat == 1 and d_nat == 1):
        return a_total >= d_total
    for nat, strikes in ((a_nat, {20: True, 1: False}), (d_nat, {20: False, 1: True})):
        if nat in strikes:
            return strikes[nat]
    return a_total >= d_total


#: Named concealment levels and their % Miss Chance ("Concealment - What is it?"); total is
#: 000_8d1d7816ee944f3b.txt, "Total Concealment – 50% Miss Chance".
CONCEALMENT = {"none": 0, "partial": 20, "total": 50}
#: Named cover levels and their Cover bonus to AC (the text's values, see
#: :class:`lfgcombat.battlemap.CoverLevel`); barriers that stop attacks:
#: 000_8d1d7816ee944f3b.txt, "Cover - What is it?".
COVER = {"none": 0, "partial": 2, "good": 4, "superior": 6}


def concealment_percent(value: "str | int | None") -> int:
    """% Miss Chance of a concealment: ``"partial"`` 20, ``"total"`` 50, or a percentage.

    Args:
        value: A name of :data:`CONCEALMENT`, a percentage 0-100 or ``None``.

    Returns:
        The % Miss Chance.

    Raises:
        WeaponError: anything else.
    """
    if value is None:
        return 0
    if isinstance(value, str) and value.strip().lower() in CONCEALMENT:
        return CONCEALMENT[value.strip().lower()]
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 100:
        return value
    raise WeaponError(f"concealment must be 'partial' (20%), 'total' (50%), None or a "
                      f"percentage 0-100, not {value!r}")


def cover_bonus(value: "str | int") -> int:
    """The Cover bonus to AC of a cover level (:data:`COVER`) or a number given directly.

    Args:
        value: ``"partial"``, ``"good"``, ``"superior"`` (any case) or a whole number.

    Returns:
        The bonus.
    """
    return COVER[value.strip().lower()] if isinstance(value, str) else value


def multiply_damage(expr: DiceExpr, times: int) -> DiceExpr:
    """``times`` x (weapon damage + STR): the dice rolled ``times`` times and the flat part
    multiplied, as the text writes it: "3 x (1d8+2) = 3d8+6" ("Critical Hits";
    000_8d1d7816ee944f3b.txt, "Critical Hit Success - Critical Multiplier"). Only the
    weapon's damage and STR are multiplied; precision and extra dice are added after by
    :func:`~lfgcombat.rules.attacks.damage_plan.damage_plan`:
    000_8d1d7816ee944f3b.txt, "Multiply the Weapon’s Physical Damage
    (including any applicable STRMod)".

    Args:
        expr: The damage of a normal hit.
        times: The Critical Multiplier.

    Returns:
        The critical damage.
    """
    parts = []
    for d in expr.dice:
        parts.append(f"{'-' if d.sign < 0 else '+'}{d.count * times}d{d.sides}")
    c = expr.constant * times
    if c:
        parts.append(f"{'-' if c < 0 else '+'}{abs(c)}")
    text = "".join(parts).lstrip("+") or "0"
    return parse(text)


def p_past_miss_chance(percent: int, exact: bool = False) -> "float | Fraction":
    """P(a hit survives a % Miss Chance): "Roll 1d10 when determining the results of % Miss
    Chance" and a result at or below the tens digit misses ("Concealment - What is it?"), as
    :meth:`lfgcombat.dice.Roller.miss_chance` rolls it.

    Args:
        percent: The % Miss Chance (0-100).
        exact: A :class:`fractions.Fraction` instead of a float.

    Returns:
        ``1 - (percent // 10) / 10``.
    """
    if exact:
        return 1 - Fraction(percent // 10, 10)
    return 1 - (percent // 10) / 10
