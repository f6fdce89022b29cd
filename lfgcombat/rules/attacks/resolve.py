"""Rolling an attack: the dice of a prepared attack, in a fixed order, and the result.

000_8d1d7816ee944f3b.txt, "Attack Rolls", "Attack Rolls - Automatic Success & Failure: Nat20
& Nat1", "Critical Hits", "Concealment - What is it?" (the % miss chance's d10), "Active
Defense Limitations:", "Damage in Combat", "Perfect Critical (Optional Rule)" and "Special
Actions in Combat" (the Knockout Strike's FORT Save).

:func:`roll` makes every roll of one attack explicitly, in this order (the order is part of
every saved fight and notebook, which replay the same seed):

1. the attack roll, then the target's Active Parry/Dodge roll if it defends (none for an
   automatic critical on a Helpless foe);
2. the % miss chance (1d10), only if it hit and there is a miss chance;
3. the confirmation roll, only for a Critical Threat that was not lost to the miss chance;
4. the damage: the weapon dice (not rolled for a Perfect Critical: its maximum), the
   precision dice, each extra die in the weapon's order;
5. what the hit sets off, only on a hit: a Perfect Critical's limb (1d2 or 1d3), then a
   Knockout Strike's FORT Save.

The :class:`AttackResult` holds every roll; it rolls nothing itself (the target's vitals
after a hit that set off no roll are computed from the damage when first read). The target's
hit points are kept by the health model of the attack's ruleset
(``setup.ruleset.health.vitals``), never built here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

from ..conditions.conditions import Condition
from ..damage import Applied, DamageType
from lfgcombat.dice import MissChance, Roll, Roller
from lfgcombat.rulesets import Ruleset, coerce_ruleset
from ..health.saves import saving_throw
from ..health.vitals import Vitals
from .formulas import hits, hits_vs_defense
from ..weapons import WeaponError
from .rules import R_PERFECT, R_SPECIAL
from lfgcombat._made import made

if TYPE_CHECKING:
    from .setup import AttackSetup

__all__ = ["AttackResult", "roll", "after_effects", "vitals_after_damage"]


@dataclass(frozen=True)
class AttackResult:
    """One rolled attack, with every roll and the reason for each verdict.

    Attributes:
        setup: The :class:`~lfgcombat.rules.attacks.AttackSetup` it rolled.
        attack_roll: The d20 attack roll (``None`` for an automatic critical).
        defense_roll: The target's Active Parry/Dodge roll, if any.
        miss: The % miss chance roll, if one was made.
        threat: A Critical Threat was scored (before the miss chance).
        confirm_roll: The confirmation roll of a threat.
        hit, critical, perfect: The verdicts (``perfect``: Perfect Critical).
        why: Why it hit or missed.
        damage_rolls: The damage dice rolled.
        weapon_rolled: The weapon damage rolled (or the maximum for a Perfect Critical).
        weapon_part: After Weakened and Killer Criticals.
        precision: Precision damage rolled.
        damage: Each damage component after resistances (physical first).
        roller: The :class:`~lfgcombat.dice.Roller` it was rolled with.
        after_rolls: The rolls the hit set off (a Perfect Critical's limb, a Knockout
            Strike's FORT Save), made right after the damage.
        consequences: What the attack sets off beyond damage (Power Attack's -2 AC, limbs,
            knockout), in words.
        vitals_after: The target's vitals after the hit when the hit set off rolls (else
            ``None``: :attr:`target_after` computes them from the damage).
    """

    setup: AttackSetup
    attack_roll: Roll | None
    defense_roll: Roll | None
    miss: MissChance | None
    threat: bool
    confirm_roll: Roll | None
    hit: bool
    critical: bool
    perfect: bool
    why: str
    damage_rolls: tuple[Roll, ...]
    weapon_rolled: int
    weapon_part: int
    precision: int
    damage: tuple[Applied, ...]
    roller: Roller | None = field(repr=False, compare=False, default=None)
    after_rolls: tuple[Roll, ...] = ()
    consequences: tuple[str, ...] = ()
    vitals_after: Vitals | None = field(repr=False, compare=False, default=None)

    @cached_property
    def target_after(self) -> Vitals:
        """The target's :class:`~lfgcombat.rules.health.vitals.Vitals` after the attack (its HP,
        Bleed,
        Weakened stage, knockout, broken limbs). Computed from the damage when first read
        if the hit set off no roll (a pure computation: no dice)."""
        if self.vitals_after is not None:
            return self.vitals_after
        return vitals_after_damage(self.setup.target, self.damage if self.hit else (),
                                   ruleset=self.setup.ruleset)

    def _one_strike(self) -> tuple[Vitals, Vitals] | None:
        """``(the target's vitals before, after)`` of a hit whose one damage (taken > 0) set
        off no roll, worked out once and kept as :attr:`target_after` (issue 24, "Fast":
        the encounter's damage seam deals that very strike, and worked it out again);
        ``None`` for any other attack (:attr:`target_after` then as it is)."""
        if not self.hit or self.vitals_after is not None or len(self.damage) != 1:
            return None
        a = self.damage[0]
        if a.taken <= 0:
            return None
        before = self.setup.ruleset.health.vitals(self.setup.target)
        after = self.__dict__.get("target_after")
        if after is None:  # what target_after computes: this one damage, after resistances
            after = self.__dict__["target_after"] = before.damage(a.taken, a.type)
        return before, after

    @property
    def outcome(self) -> str:
        """``miss``, ``hit``, ``critical`` or ``perfect critical``."""
        if not self.hit:
            return "miss"
        if self.perfect:
            return "perfect critical"
        return "critical" if self.critical else "hit"

    @property
    def total(self) -> int:
        """Damage dealt after resistances (healing energy counts negative)."""
        return sum(a.taken for a in self.damage)

    @property
    def rolled(self) -> int:
        """Damage before resistances."""
        return sum(a.rolled for a in self.damage)

    @property
    def damage_by_type(self) -> dict[str, int]:
        """Damage dealt after resistances, by damage type."""
        out: dict[str, int] = {}
        for a in self.damage:
            out[a.type.value] = out.get(a.type.value, 0) + a.taken
        return out

    @property
    def rolls(self) -> tuple[Roll, ...]:
        """Every roll made, in order."""
        out = [r for r in (self.attack_roll, self.defense_roll) if r is not None]
        if self.miss is not None:
            out.append(self.miss.roll)
        if self.confirm_roll is not None:
            out.append(self.confirm_roll)
        return tuple(out) + self.damage_rolls + self.after_rolls

    def explain(self) -> str:
        """Every roll and verdict as readable lines.

        Returns:
            The account, one line per roll or verdict.
        """
        s = self.setup
        out = [f"{s.attacker.name} -> {s.target.name}: {s.line}"]
        if self.attack_roll is not None:
            out.append("  " + self.attack_roll.explain())
        if self.defense_roll is not None:
            out.append("  " + self.defense_roll.explain())
        out.append(f"  {self.outcome.upper()}: {self.why}")
        if self.miss is not None:
            out.append("  " + self.miss.explain())
        if self.threat:
            out += self._critical_lines()
        if self.hit:
            out += self._damage_lines()
        if self.consequences:
            out += [f"  {c}" for c in self.consequences]
        if self.hit and self.target_after is not None:
            out.append("  " + self.target_after.summary())
        return "\n".join(out)

    def _critical_lines(self) -> list[str]:
        if not (self.threat and self.confirm_roll is not None and self.attack_roll is not None):
            return []
        verdict = "confirmed" if self.critical else "not confirmed: a normal hit"
        out = [f"  critical threat (natural {self.attack_roll.natural} in "
               f"{self.setup.weapon.threat_text}): " + self.confirm_roll.explain()
               + f" -> {verdict}"]
        if self.perfect:
            out.append(f"  natural 20 on the confirmation: Perfect Critical, maximum "
                       f"physical damage ({R_PERFECT})")
        return out

    def _damage_lines(self) -> list[str]:
        d = self.setup.damage
        out = ["  " + r.explain() for r in self.damage_rolls]
        if self.perfect:
            out.append(f"  weapon damage {self.weapon_rolled} (maximum of {d.critical})")
        if self.weapon_part != self.weapon_rolled:
            out.append(f"  weapon damage {self.weapon_rolled} -> {self.weapon_part} "
                       + ("(Killer Criticals minimum "
                          f"{d.killer_minimum})" if self.critical and d.killer_minimum
                          and self.weapon_part == d.killer_minimum else
                          f"(Weakened {d.weakened_pct}%)"))
        out += [f"  {a}" for a in self.damage]
        out.append(f"  total {self.total} damage")
        return out

    def row(self) -> dict[str, Any]:
        """One log row: attacker, target, weapon, outcome, natural, total, AC, damage.

        Returns:
            The row as a dict.
        """
        s = self.setup
        return {"attacker": s.attacker.name, "target": s.target.name, "weapon": s.weapon.name,
                "outcome": self.outcome,
                "natural": None if self.attack_roll is None else self.attack_roll.natural,
                "attack": None if self.attack_roll is None else self.attack_roll.total,
                "ac": int(s.ac), "damage": self.total if self.hit else 0}

    def __repr__(self) -> str:
        dmg = f", {self.total} damage" if self.hit else ""
        return (f"<AttackResult {self.setup.attacker.name} -> {self.setup.target.name} with "
                f"{self.setup.weapon.name}: {self.outcome}{dmg}>")


# --------------------------------------------------------------------------- the rolls


class _ToHit(NamedTuple):
    """Steps 1-3: the d20s and their verdicts, in the order of :class:`AttackResult`'s
    fields (a named tuple: made at every attack and read once, issue 24, "Fast")."""

    attack_roll: Roll | None = None
    defense_roll: Roll | None = None
    miss: MissChance | None = None
    threat: bool = False
    confirm_roll: Roll | None = None
    hit: bool = False
    critical: bool = False
    perfect: bool = False
    why: str = ""


class _Damage(NamedTuple):
    """Step 4: the damage dice and what they deal, in the order of :class:`AttackResult`'s
    fields (a named tuple, as :class:`_ToHit`)."""

    rolls: tuple[Roll, ...] = ()
    weapon_rolled: int = 0
    weapon_part: int = 0
    precision: int = 0
    applied: tuple[Applied, ...] = ()


#: A miss's damage: none.
_NO_DAMAGE = _Damage()


def _nat(r: Roll) -> int:
    """The d20's face of an attack, defence or confirmation roll (always a d20 roll)."""
    if r.natural is None:  # pragma: no cover - every roll here is 1d20+X
        raise WeaponError(f"{r.expr} is not a d20 roll")
    return r.natural


def _d20(bonus: int) -> str:
    found = _D20.get(bonus)
    if found is None:
        found = _D20[bonus] = f"1d20{'+' if bonus >= 0 else '-'}{abs(bonus)}"
    return found


#: ``bonus -> "1d20+bonus"`` (:func:`_d20`): every attack roll writes one.
_D20: dict[int, str] = {}


def _why(r: Roll, ac: int, ac_name: str, hit: bool, natural: int | None = None) -> str:
    natural = r.natural if natural is None else natural
    if natural == 20:
        return "a natural 20 always hits"
    if natural == 1:
        return "a natural 1 always misses"
    return f"{r.total} {'>=' if hit else '<'} {ac_name} {ac}"


def _defense_why(a: Roll, d: Roll, hit: bool, kind: str) -> str:
    pair = f"attack {a.total} (nat {a.natural}) vs {kind} {d.total} (nat {d.natural})"
    if (a.natural, d.natural) in ((20, 20), (1, 1)):
        return f"{pair}: both natural {a.natural}, tallied normally"
    if a.natural == 20:
        return f"{pair}: a natural 20 attack strikes"
    if d.natural == 20:
        return f"{pair}: a natural 20 {kind} deflects"
    if a.natural == 1:
        return f"{pair}: a natural 1 attack fails"
    if d.natural == 1:
        return f"{pair}: a natural 1 {kind} fails"
    return f"{pair}: " + ("struck (not higher)" if hit else f"the {kind} is higher")


def _attack_roll(s: AttackSetup, roller: Roller) -> tuple[Roll, Roll | None, bool, str]:
    """Step 1: (attack roll, defence roll, hit, why)."""
    a, t, w = s.attacker.name, s.target.name, s.weapon.name
    if s.defense is None:
        ac = int(s.ac)
        r = roller.roll(_d20(int(s.bonus)), fortune=s.fortune,
                        label=f"{a} attacks {t} with {w} vs {s.ac_name} {ac}")
        nat = _nat(r)
        hit = hits(nat, r.total, ac)
        return r, None, hit, _why(r, ac, s.ac_name, hit, nat)
    kind = s.defense.kind
    r = roller.roll(_d20(int(s.defense.attack_bonus)), fortune=s.fortune,
                    label=f"{a} attacks {t} with {w} vs Active {kind.title()}")
    d = roller.roll(_d20(int(s.defense.bonus)), fortune=s.defense.fortune,
                    label=f"{t} Active {kind.title()}")
    hit = hits_vs_defense(_nat(r), r.total, _nat(d), d.total)
    return r, d, hit, _defense_why(r, d, hit, kind)


def _to_hit(s: AttackSetup, roller: Roller) -> _ToHit:
    """Steps 1-3: attack (and defence) roll, % miss chance, confirmation.

    000_8d1d7816ee944f3b.txt, "Critical Hit: If you scored a Critical Threat": a threat is
    confirmed by a second attack roll with the same bonus against ACvsCrit; unconfirmed, it
    is a normal hit.
    A hit whose natural roll is in the weapon's threat range is a threat, confirmed
    against the confirmation AC: 000_8d1d7816ee944f3b.txt, "Critical Threat".
    """
    if s.auto_critical:
        return _ToHit(threat=True, hit=True, critical=True,
                      why="a Big Action strike on a Helpless foe is a Critical Hit")
    attack_roll, defense_roll, hit, why = _attack_roll(s, roller)
    threat = hit and _nat(attack_roll) >= s.weapon.threat
    miss = None
    if hit and s.miss_chance:
        miss = roller.miss_chance(s.miss_chance,
                                  label=f"{s.miss_chance}% miss chance ({s.target.name})")
        if miss.missed:
            hit = threat = False
            why = "the % miss chance makes it miss"
    confirm = None
    critical = perfect = False
    if threat:
        confirm = roller.roll(_d20(int(s.bonus)), fortune=s.fortune,
                              label=f"{s.attacker.name} confirms the critical threat vs "
                                    f"{s.confirm_name} {int(s.confirm_ac)}")
        critical = hits(_nat(confirm), confirm.total, int(s.confirm_ac))
        perfect = critical and s.ruleset.perfect_critical and confirm.natural == 20
    return _ToHit(attack_roll, defense_roll, miss, threat, confirm, hit, critical, perfect,
                  why)


def _damage(s: AttackSetup, roller: Roller, critical: bool, perfect: bool) -> _Damage:
    """Step 4: weapon dice (the maximum for a Perfect Critical), precision, extra dice."""
    d, w = s.damage, s.weapon.name
    rolls: list[Roll] = []
    expr = d.critical if critical else d.normal
    if perfect:
        weapon_rolled = expr.maximum
    else:
        r = roller.roll(expr, label=f"{w} damage" + (" (critical)" if critical else ""))
        rolls.append(r)
        weapon_rolled = r.total
    weapon_part = d.weapon_after(weapon_rolled, critical)
    prec = 0
    if d.precision is not None:
        r = roller.roll(d.precision, label=f"{w} precision damage")
        rolls.append(r)
        prec = r.total
    applied = [d.physical(weapon_part, prec, critical)]
    for spec in d.extras:
        r = roller.roll(spec.expr, label=f"{w} {spec} damage")
        rolls.append(r)
        applied.append(d.extra(spec, r.total))
    return _Damage(tuple(rolls), weapon_rolled, weapon_part, prec, tuple(applied))


def _perfect_limb(physical: DamageType, roller: Roller) -> tuple[str, Roll]:
    """Which limb a Perfect Critical breaks or severs (inferred: "Use common sense":
    slashing severs an arm or a leg (1d2), bludgeoning and piercing break an arm, a leg
    or ribs (1d3)).

    The limbs and their conditions are the text's list:
    000_8d1d7816ee944f3b.txt, "Perfect Critical – Continued:".
    """
    if physical is DamageType.SLASHING:
        r = roller.roll("1d2", label="Perfect Critical: 1 severed arm, 2 severed leg")
        return ("severed_arm", "severed_leg")[r.total - 1], r
    r = roller.roll("1d3", label="Perfect Critical: 1 broken arm, 2 broken leg, "
                                 "3 broken ribs")
    return ("broken_arm", "broken_leg", "broken_ribs")[r.total - 1], r


def _knockout(s: AttackSetup, vit: Vitals, critical: bool, total: int,
              roller: Roller) -> tuple[Vitals, Roll | None, str]:
    """The Knockout Strike's FORT Save (DC = the damage dealt), when it is called for."""
    save = saving_throw(s.target, "fort", max(total, 0), roller,
                        label=f"{s.target.name} FORT Save vs knockout DC {max(total, 0)}")
    head = save.explain().splitlines()[0]
    if save.success:
        return vit, save.roll, f"Knockout Strike: {head}: stays conscious"
    return (vit.knock_out(), save.roll,
            f"Knockout Strike: {head}: unconscious yet stable, awakens within 1d10 minutes "
            f"({R_SPECIAL})")


def vitals_after_damage(target: Any, applied: tuple[Applied, ...], *,
                        ruleset: Ruleset | str | None = None) -> Vitals:
    """The target's vitals after the damage of a hit (healing energy heals the living).

    Args:
        target: The (situated) target.
        applied: The damage components after resistances.
        ruleset: The ruleset whose health model keeps the target's hit points (default
            ``lfg``: :class:`~lfgcombat.rules.health.vitals.Vitals`).

    Returns:
        New :class:`~lfgcombat.rules.health.vitals.Vitals`; nothing is rolled.
    """
    vit = coerce_ruleset(ruleset).health.vitals(target)
    for a in applied:
        if a.taken > 0:
            vit = vit.damage(a.taken, a.type)
        elif a.taken < 0 and not vit.dead:
            vit = vit.heal(-a.taken, "magic")
    return vit


def after_effects(s: AttackSetup, hit: _ToHit, damage: _Damage, roller: Roller
                  ) -> tuple[Vitals | None, tuple[Roll, ...], tuple[str, ...]]:
    """Step 5: the rolls the hit sets off and the target's vitals after them.

    Only a hit that is a Perfect Critical or a Knockout Strike can set off rolls; for any
    other attack nothing is rolled and the vitals are left to
    :attr:`AttackResult.target_after` (``None`` here).

    Args:
        s: The setup rolled.
        hit: Steps 1-3.
        damage: Step 4.
        roller: The roller.

    Returns:
        (the target's vitals afterwards or ``None``, the extra rolls, the consequences in
        words).
    """
    notes = list(s.consequences)
    if not (hit.hit and (hit.perfect or s.situation.knockout)):
        return None, (), tuple(notes)
    vit = vitals_after_damage(s.target, damage.applied, ruleset=s.ruleset)
    rolls: list[Roll] = []
    total = sum(a.taken for a in damage.applied)
    threshold = s.target.injured_threshold.value
    if hit.perfect and threshold is not None and total >= threshold and not vit.dead:
        limb, r = _perfect_limb(damage.applied[0].type, roller)
        rolls.append(r)
        vit = vit.gain(limb)
        notes.append(f"Perfect Critical: {total} damage >= the Injured Threshold "
                     f"{threshold}: {limb.replace('_', ' ')} ({R_PERFECT})")
    if s.situation.knockout and not vit.dead:
        unaware = s.situation.flat_footed or Condition.FLAT_FOOTED in s.target.active_conditions
        if (hit.critical and unaware) or vit.injured or vit.hp <= 0:
            vit, save_roll, note = _knockout(s, vit, hit.critical, total, roller)
            if save_roll is not None:
                rolls.append(save_roll)
            notes.append(note)
    return vit, tuple(rolls), tuple(notes)


def roll(setup: AttackSetup, roller: Roller) -> AttackResult:
    """Roll a prepared attack, every roll in the order this module's docstring gives.

    Args:
        setup: The :class:`~lfgcombat.rules.attacks.AttackSetup` from
            :func:`~lfgcombat.rules.attacks.prepare`.
        roller: The seeded :class:`~lfgcombat.dice.Roller`; each roll goes to its history
            with a label.

    Returns:
        The :class:`AttackResult`.

    Raises:
        WeaponError: ``roller`` is not a Roller (nothing is rolled).
    """
    if not isinstance(roller, Roller):
        raise WeaponError(f"roller must be a lfgcombat.Roller, not {type(roller).__name__}; "
                          "make one with Roller(seed=...)")
    to_hit = _to_hit(setup, roller)
    damage = _damage(setup, roller, to_hit.critical, to_hit.perfect) if to_hit.hit else _NO_DAMAGE
    vitals, rolls, notes = after_effects(setup, to_hit, damage, roller)
    # the result's fields are the verdicts', then the damage's, in their order
    return made(AttackResult, setup, *to_hit, *damage, roller, rolls, notes, vitals)
