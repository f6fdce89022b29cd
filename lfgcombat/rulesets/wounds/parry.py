"""The Shield Parry of the ``wounds`` ruleset.

003_de0e94afd49609a7.txt, "Any attack made against a character wearing a shield": "the
shield-wearer may make an opposed attack roll against their attacker - if he meets or
exceeds the enemy attack roll, they successfully deflect the attack using the shield. A
shield may be used to attempt to deflect a number of attacks per turn equal to its Parry
Bonus. When a shield is used to successfully deflect an attack, the shield takes the
damage in place of its wielder [...] your Armor Check Penalty applies to Parry attempts."

The shield is an object ("Hardness": "Subtract hardness from each damage instance. Only
excess damage is subtracted from HP."; "Hit Points": broken at half, destroyed at 0), see
:mod:`.objects`.

Decisions where the text is open (inferred): the parry roll is an attack roll, so a
natural 1 / 20 gives -5 / +5 on it as on every attack roll ("Combat Statistics"); the
Armor Check Penalty is given as a number <= 0 and added; a destroyed shield cannot parry.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from lfgcombat.dice import Roll, Roller
from lfgcombat.errors import IllegalActionError

from ._base import check_int, rule
from .attacks import adjusted_total
from .objects import ObjectState

__all__ = ["Shield", "ParryResult", "parry", "parry_odds"]

_PARRY = rule("Any attack made against a character wearing a shield")


@dataclass(frozen=True)
class Shield:
    """A shield that parries: its Parry Bonus, its object state, parries used this turn.

    Attributes:
        parry_bonus: Parries per turn (>= 1).
        state: Hardness and Hit Points (:class:`~lfgcombat.rulesets.wounds.objects.ObjectState`).
        used: Parry attempts made this turn.
    """

    parry_bonus: int
    state: ObjectState
    used: int = 0

    def __post_init__(self) -> None:
        check_int("parry_bonus", self.parry_bonus, 1)
        check_int("used", self.used, 0, self.parry_bonus)

    @property
    def parries_left(self) -> int:
        """Attempts left this turn (0 once the shield is destroyed)."""
        return 0 if self.state.destroyed else self.parry_bonus - self.used

    def new_turn(self) -> "Shield":
        """The next turn: the count of attempts starts again (none made: the same value,
        itself; issue 24, "Fast")."""
        return replace(self, used=0) if self.used else self


@dataclass(frozen=True)
class ParryResult:
    """One parry attempt: the roll, its result, whether it deflected, the shield after."""

    roll: Roll
    total: int
    deflected: bool
    shield: Shield


def parry(roller: Roller, shield: Shield, attack_bonus: int, armor_check_penalty: int,
          attacker_total: int, damage: int, who: str = "") -> ParryResult:
    """Attempt a parry against an attack roll of ``attacker_total``.

    Args:
        roller: The dice.
        shield: The shield.
        attack_bonus: The wielder's attack bonus.
        armor_check_penalty: The Armor Check Penalty (<= 0).
        attacker_total: The attacker's attack result (Nat 1 / Nat 20 included).
        damage: The attack's damage, which the shield takes on a deflection.
        who: The wielder's name, for the dice label (``"Wulfric parries, vs 20"``).

    Raises:
        WoundsError: naming a field that is not a whole number in range.
        IllegalActionError: no parry left this turn (Parry Bonus spent, or shield destroyed).
    """
    bonus = check_int("attack_bonus", attack_bonus) + check_int(
        "armor_check_penalty", armor_check_penalty, None, 0)
    check_int("attacker_total", attacker_total)
    check_int("damage", damage, 0)
    if shield.parries_left <= 0:
        raise IllegalActionError(f"no parry left this turn (Parry Bonus {shield.parry_bonus}"
                                 f", {shield.used} used)", _PARRY)
    roll = roller.roll(f"1d20{bonus:+d}", label=(f"{who} parries, vs {attacker_total}" if who else
                                                   f"parry vs {attacker_total}"))
    total = adjusted_total(roll.natural or 1, bonus)
    deflected = total >= attacker_total
    state = shield.state.damage(damage) if deflected else shield.state
    return ParryResult(roll, total, deflected, replace(shield, state=state,
                                                       used=shield.used + 1))


def parry_odds(attack_bonus: int, armor_check_penalty: int, attacker_bonus: int) -> Fraction:
    """Exact P(deflect): both sides roll d20 (Nat 1 -5, Nat 20 +5); ties go to the parry
    ("meets or exceeds").

    Raises:
        WoundsError: naming a field that is not a whole number in range.
    """
    bonus = check_int("attack_bonus", attack_bonus) + check_int(
        "armor_check_penalty", armor_check_penalty, None, 0)
    other = check_int("attacker_bonus", attacker_bonus)
    wins = sum(1 for a in range(1, 21) for b in range(1, 21)
               if adjusted_total(a, bonus) >= adjusted_total(b, other))
    return Fraction(wins, 400)
