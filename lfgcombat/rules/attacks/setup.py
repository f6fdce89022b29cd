"""What :func:`~lfgcombat.rules.attacks.prepare` computes: an attack up to the dice.

000_8d1d7816ee944f3b.txt, "Attack Roll Annotations" (:attr:`AttackSetup.line`), "Minimum
Damage", "Critical Hits", "Precision Damage [+Prec]", "Killer Criticals (Optional Rule)",
"Weakened" ("Conditions – Full Details"), "Resistance - Damage Resistance (DR), Elemental
Resistance, Energy Resistance" (:class:`DamagePlan`) and "Active Defense - Active Parry &
Active Dodge" (:class:`DefensePlan`).

These are values shared by the rolled attack (:mod:`lfgcombat.rules.attacks.resolve`) and its exact
odds (:mod:`lfgcombat.rules.attacks.odds`): both turn a :class:`DamagePlan`'s numbers into damage
with the same methods.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..damage import (Applied, DamageSpec, DamageType, Resistances, apply_resistance,
                      best_type)
from lfgcombat.dice import DiceExpr, Fortune, Roller
from lfgcombat.rulesets import Ruleset
from . import resolve as _resolve
from .rules import R_CONCEAL
from .situation import Situation
from ..weapons import Weapon

if TYPE_CHECKING:
    from lfgcombat.creature.stats import Stat, Term
    from .resolve import AttackResult

__all__ = ["DamagePlan", "DefensePlan", "AttackSetup"]


@dataclass(frozen=True)
class DamagePlan:
    """How a hit's damage is rolled and what happens to it (shared by rolls and odds).

    Attributes:
        normal: Weapon damage on a normal hit (weapon dice + STR + enhancement + ...).
        critical: The same multiplied by the Critical Multiplier ("3 x (1d8+2) = 3d8+6").
        spec: The weapon's damage types.
        forced_type: The one type used (a Knockout Strike's bludgeoning, a chosen
            ``[x/y]`` type); ``None``: the most effective against the target.
        precision: Precision damage dice (``None`` when none or not allowed).
        extras: Extra dice never multiplied (``1d6 [fire]``).
        weakened_pct: The attacker's Weakened change to physical damage (-10 per stage).
        killer_minimum: Killer Criticals' least critical damage (``None``: off or not
            allowed against this target).
        qualities: What the weapon counts as for DR X/Y.
        resistances: The target's resistances.
        creature_type: ``living``, ``undead`` or ``construct``.
        terms: The parts of the weapon damage, for explanations.
        notes: What was left out and why.
    """

    normal: DiceExpr
    critical: DiceExpr
    spec: DamageSpec
    forced_type: DamageType | None
    precision: DiceExpr | None
    extras: tuple[DamageSpec, ...]
    weakened_pct: int
    killer_minimum: int | None
    qualities: tuple[str, ...]
    resistances: Resistances
    creature_type: str
    terms: tuple["Term", ...] = ()
    notes: tuple[str, ...] = ()
    # Memo of physical()/extra() results: both are pure and called once per rolled hit.
    _memo: dict = field(default_factory=dict, compare=False, hash=False, repr=False)

    def weapon_after(self, rolled: int, critical: bool) -> int:
        """The weapon part after the attacker's Weakened stage and Killer Criticals.

        Weakened: "-10% physical damage" per stage, rounded down (inferred), to the weapon
        damage only. Killer Criticals: "A Critical Hit always deals a minimum amount of
        damage ... If your maximum damage output is less than this amount ... just deal
        the percentage instead of rolling your weapon damage" - so the minimum replaces the
        weapon damage (precision and extra dice are still added) and "Damage Resistance
        applies after this calculation".

        Args:
            rolled: The weapon damage rolled.
            critical: A Critical Hit.

        Returns:
            The weapon part.
        """
        w = rolled * (100 + self.weakened_pct) // 100 if self.weakened_pct else rolled
        if critical and self.killer_minimum is not None:
            w = max(w, self.killer_minimum)
        return w

    def physical(self, weapon_part: int, precision: int, critical: bool) -> Applied:
        """The strike's physical damage after DR: at least 1 before DR
        (000_8d1d7816ee944f3b.txt, "Minimum Damage"),
        precision added to the weapon's total before DR ("Precision Damage [+Prec]"), the
        most effective type of ``[x/y]``/``[x+y]``, and a critical "always deals at least 1
        physical damage" after DR.

        Args:
            weapon_part: The weapon part (see :meth:`weapon_after`).
            precision: Precision damage rolled.
            critical: A Critical Hit.

        Returns:
            The damage as applied to the target.
        """
        amount = max(1, weapon_part + precision)
        key = (amount, critical)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        self._memo[key] = out = self._physical(amount, critical)
        return out

    def _physical(self, amount: int, critical: bool) -> Applied:
        if self.forced_type is not None:
            return apply_resistance(amount, self.forced_type, self.resistances,
                                    creature_type=self.creature_type,
                                    qualities=self.qualities, critical=critical)
        return best_type(self.spec, amount, self.resistances, creature_type=self.creature_type,
                         qualities=self.qualities, critical=critical)

    def extra(self, spec: DamageSpec, rolled: int) -> Applied:
        """An extra die's damage (fire, positive energy...) after resistance; never
        multiplied. Healing energy gives a negative ``taken``.

        Args:
            spec: The extra damage (one of :attr:`extras`).
            rolled: What its dice rolled.

        Returns:
            The damage as applied to the target.
        """
        key = (spec, rolled)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        self._memo[key] = out = best_type(spec, max(0, rolled), self.resistances,
                                          creature_type=self.creature_type,
                                          qualities=self.qualities)
        return out


@dataclass(frozen=True)
class DefensePlan:
    """An Active Parry or Active Dodge the target makes against this attack.

    Attributes:
        kind: ``parry`` or ``dodge``.
        bonus: The target's bonus on its defence roll.
        fortune: Fortunate/Unfortunate on the defence roll.
        attack_bonus: The attacker's bonus against this defence (Knockdown, Anti-Shield).
    """

    kind: str
    bonus: "Stat"
    fortune: Fortune | None
    attack_bonus: "Stat"


@dataclass(frozen=True)
class AttackSetup:
    """One attack, checked and computed up to the dice (see
    :func:`~lfgcombat.rules.attacks.prepare`).

    Attributes:
        attacker, target: The creatures (``target`` with the situation's conditions:
            flanked, flat-footed, helpless; flat-footed against an invisible attacker).
        weapon: The weapon.
        situation: The :class:`Situation`.
        ruleset: The :class:`Ruleset`.
        mode: ``melee`` or ``ranged``.
        bonus: The attack bonus (a :class:`Stat`: HR, ability, size, typed bonuses and
            penalties).
        fortune: Fortunate/Unfortunate on the attack roll after cancelling.
        ac: The AC it is compared with (AC, FFAC or TouchAC) as a :class:`Stat`.
        confirm_ac: What a threat is confirmed against (ACvsCrit, or TouchAC).
        miss_chance: % Miss Chance.
        damage: The :class:`DamagePlan`.
        defense: The target's Active Defense, if any.
        auto_critical: A strike on a Helpless foe: a Critical Hit without rolling.
        notes: Rules applied, in words.
        consequences: What the attack does to the attacker afterwards (Power Attack's -2
            AC...).
    """

    attacker: Any
    target: Any
    weapon: Weapon
    situation: Situation
    ruleset: Ruleset
    mode: str
    bonus: "Stat"
    fortune: Fortune | None
    ac: "Stat"
    confirm_ac: "Stat"
    miss_chance: int
    damage: DamagePlan
    defense: DefensePlan | None
    auto_critical: bool
    notes: tuple[str, ...]
    consequences: tuple[str, ...]

    @property
    def ac_name(self) -> str:
        """``AC``, ``FFAC``, ``TouchAC`` or ``ACvsCrit``: what the attack roll is against."""
        return _AC_NAMES[self.ac.name]

    @property
    def confirm_name(self) -> str:
        """``TouchAC`` or ``ACvsCrit``: what a threat is confirmed against."""
        return "TouchAC" if self.confirm_ac.name == "touch_ac" else "ACvsCrit"

    @property
    def line(self) -> str:
        """The attack in the text's annotation format ("Attack Roll Annotations"):
        ``Battleaxe: +6 / 20 / x3 / 1d8+2 [s+b]`` (range increment after the multiplier
        for projectile weapons; extra dice after the main damage).

        Remembered on the damage plan (a frozen value, kept across attacks with the same
        weapon and situation) with the weapon, the mode and the bonus it reads (issue 24,
        "Fast": every attack's explanation wrote it again)."""
        w, memo = self.weapon, self.damage._memo
        key = ("line", id(w), self.mode, self.bonus.value)
        kept = memo.get(key)
        if kept is not None and kept[0] is w:
            return kept[1]
        text = self._line()
        memo[key] = (w, text)
        return text

    def _line(self) -> str:
        """:attr:`line`, written."""
        w = self.weapon
        rng = f" / {w.range_increment} ft" if w.range_increment and self.mode == "ranged" else ""
        dmg = f"{self.damage.normal} [{w.types_text()}]"
        for e in self.damage.extras:
            dmg += f" + {e}"
        if self.damage.precision is not None:
            dmg += f" + {self.damage.precision} [prec]"
        return (f"{w.name}: {self.bonus.value:+d} / {w.threat_text} / x{w.multiplier}{rng} / "
                f"{dmg}")

    def explain(self) -> str:
        """The attack line, the bonus, the AC and the damage parts.

        Returns:
            Readable lines.
        """
        out = [self.line, self.bonus.explain()]
        out.append(self.ac.explain())
        if self.defense is not None:
            out.append(f"Active {self.defense.kind.title()}: " + self.defense.bonus.explain())
        if self.miss_chance:
            out.append(f"{self.miss_chance}% miss chance ({R_CONCEAL})")
        out += [f"note: {n}" for n in self.notes + self.damage.notes]
        return "\n".join(out)

    def resolve(self, roller: Roller) -> "AttackResult":
        """Roll this attack: attack roll (and Active Defense roll), % miss chance, the
        confirmation of a threat, damage, then what the hit sets off (a Perfect Critical's
        limb, a Knockout Strike's FORT Save); see :func:`lfgcombat.rules.attacks.resolve.roll`.

        Args:
            roller: The seeded :class:`~lfgcombat.dice.Roller`.

        Returns:
            The :class:`~lfgcombat.rules.attacks.AttackResult`.

        Raises:
            WeaponError: ``roller`` is not a Roller.
        """
        return _resolve.roll(self, roller)


#: What each AC the attack roll may be against is called (:attr:`AttackSetup.ac_name`).
_AC_NAMES = {"ac": "AC", "ff_ac": "FFAC", "touch_ac": "TouchAC", "ac_vs_crit": "ACvsCrit"}
