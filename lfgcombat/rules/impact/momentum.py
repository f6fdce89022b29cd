"""Momentum of Impact: Knockdown and Crushing Advance.

000_8d1d7816ee944f3b.txt, "Momentum of Impact: Bigger Creatures hitting Smaller Creatures –
Getting Knocked Down" (cited below as "Momentum of Impact"):

* "If a creature strikes a foe at least 1 size category smaller than itself with any sort of
  physical attack, the target is subject to Knockdown": "Wrestling or Acrobatics check or be
  knocked Prone", "Knockdown DC = 10+HR+STRMod"; failing by 5+ -> "FORT Save DC15 (or Damage
  Taken, whichever is more) or be Confounded for 1 Round"; it "activates upon striking your
  target or their shield (If your attack misses by an amount less than or equal to the
  enemy's Shield Rating, their shield has been struck.)"
* Modifiers: +5 per size category beyond the first ("Max DC35. If the DC would be higher than
  35, creature struck is also Unfortunate"); Charge after 20 ft +2; Knockdown trait +2 (and
  works on the same size); Impact +1; Light and projectile weapons -2; Power Attack +2;
  cavalry count as the mount for Heavy or Charge attacks; none in a grapple; quadrupeds +4 to
  resist; flyers Unfortunate, and drop 10 ft (20 ft for Clumsy or Poor maneuverability).

"Crushing Advance: Very big creatures stepping on smaller creatures!" - a creature 3+ size
categories larger: (A) stepping into the space (:func:`crushing_step`), (B) the Big Action
(:func:`crushing_advance`), DC 10+HR+STRMod (:func:`crushing_advance_dc`; the elephant's
DC26). Both: fail -> Prone and (1d10+STRMod) or 25% of max HP bludgeoning, whichever is more.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from lfgcombat.shortrepr import short
from ..citations import cite
from lfgcombat.creature.size import Size
from lfgcombat.creature.stats import Stat, Term
from lfgcombat.dice import Fortune, Roll, Roller, net_fortune
from lfgcombat.errors import IllegalActionError, LfgError
from lfgcombat.dice.odds import pmf
from ..attacks.formulas import p_past_miss_chance
from lfgcombat.creature.close_keys import is_quadruped, skills_of
from ..conditions.conditions import Condition
from ..movement.movement_modes import speeds_of
from ..actions.skills import skill_bonus
from ..weapons import lookup_weapon

__all__ = ["MomentumError", "KnockdownDC", "knockdown_dc", "can_knock_down", "shield_struck",
           "KNOCKDOWN_CAP", "confound_fort_dc", "flyer_drop_ft", "resist_bonus",
           "p_knockdown", "p_strike_lands", "p_knocked_prone", "KnockdownCheck",
           "resist_knockdown", "crushing_advance_dc",
           "can_crush", "crushing_advance_ft", "CrushResult", "crushing_step",
           "crushing_advance", "crush_damage", "knockdown_odds", "flyer_maneuverability",
           "knocked_down_outcome", "knockdown_charge_ft"]

TEXT = "000_8d1d7816ee944f3b.txt"
RULE = cite("Momentum of Impact: Bigger Creatures hitting Smaller Creatures – Getting Knocked Down")
RULE_CRUSH = f'{TEXT}, "Crushing Advance: Very big creatures stepping on smaller creatures!"'
#: "Max DC35".
KNOCKDOWN_CAP = 35


class MomentumError(LfgError, ValueError):
    """A bad argument to a Momentum of Impact rule (names the argument)."""


def _size(creature: Any, field: str) -> Size:
    try:
        return Size.coerce(getattr(creature, "size", creature))
    except ValueError:
        raise MomentumError(f"{field}: needs a creature with a size, or a size, not "
                            f"{creature!r:.40}") from None


def _weapon(weapon: Any) -> Any:
    if weapon is None or not isinstance(weapon, str):
        return weapon
    return lookup_weapon(weapon)


def _hr_str(creature: Any, field: str, rule: str = RULE) -> None:
    """Refuse what is not a creature with an HR and a STR mod (the DCs' terms)."""
    if not (hasattr(creature, "hr") and callable(getattr(creature, "ability_mod", None))):
        raise MomentumError(f"{field}: needs a creature (its HR and STR mod: DC = "
                            f"10+HR+STRMod), not {creature!r:.40} ({rule})")


def _int(value: Any, field: str, lo: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo:
        raise MomentumError(f"{field}: a whole number >= {lo}, not {value!r:.40}")
    return int(value)


def knockdown_charge_ft(value: Any) -> int:
    """A Charge's run before the strike, checked: a whole number of feet >= 0 (20+ adds +2
    to the Knockdown DC, :func:`knockdown_dc`).

    Raises:
        MomentumError: a negative or non-whole distance.
    """
    return _int(value, "charge_ft")


@dataclass(frozen=True)
class KnockdownDC:
    """A Knockdown DC that explains itself.

    Attributes:
        stat: The DC as a :class:`~lfgcombat.creature.Stat` (terms, cap note, rule).
        applies: Whether this strike can knock the target down at all.
        reason: Why not, when it cannot.
        defender_unfortunate: The uncapped DC was above 35.
    """

    stat: Stat
    applies: bool
    reason: str = ""
    defender_unfortunate: bool = False

    @property
    def value(self) -> int:
        """The DC after the cap of 35."""
        return int(self.stat)

    def __int__(self) -> int:
        return self.value

    def explain(self) -> str:
        """Every term of the DC, the cap and the rule (and why not, if it cannot apply)."""
        head = "" if self.applies else f"no Knockdown: {self.reason}\n"
        return head + self.stat.explain()


def can_knock_down(attacker: Any, target: Any, *, weapon: Any = None,
                   in_grapple: bool = False) -> tuple[bool, str]:
    """Whether a physical strike can knock the target down (and why not).

    "at least 1 size category smaller"; the Knockdown trait "may cause Knockdown on a creature
    the same size as the wielder"; "The Knockdown trait does not apply to attacks or strikes
    made by creatures in a grapple" (Knockdown never comes from a grapple).

    Returns:
        ``(True, "")`` or ``(False, reason)``.
    """
    diff = size_gap(attacker, target)
    traits: frozenset[str] = getattr(_weapon(weapon), "traits", frozenset())
    if in_grapple:
        return False, "no Knockdown from strikes made in a grapple"
    if diff >= 1 or (diff == 0 and "knockdown" in traits):
        return True, ""
    if diff == 0:
        return False, "the target is the same size (only a Knockdown weapon knocks it down)"
    return False, "the target is larger than the attacker"


def size_gap(attacker: Any, target: Any) -> int:
    """How many size categories ``attacker`` is above ``target`` (negative: below)."""
    a, b = getattr(attacker, "size", attacker), getattr(target, "size", target)
    if type(a) is Size and type(b) is Size:  # two creatures' sizes (issue 24, "Fast")
        return a.order - b.order
    return _size(attacker, "attacker").order - _size(target, "target").order


def _modifier_terms(weapon: Any, charge_ft: int, power_attack: bool) -> list[Term]:
    terms: list[Term] = []
    if charge_ft >= 20:
        terms.append(Term(f"Charge after {charge_ft} ft (innate)", 2))
    traits: frozenset[str] = getattr(weapon, "traits", frozenset())
    if "knockdown" in traits:
        terms.append(Term("Knockdown trait (innate)", 2))
    if "impact" in traits:
        terms.append(Term("Impact trait (innate)", 1))
    if weapon is not None and (weapon.hands == "light" or weapon.is_projectile):
        terms.append(Term("light or projectile weapon", -2))
    if power_attack:
        terms.append(Term("Power Attack (innate)", 2))
    return terms


def knockdown_dc(attacker: Any, target: Any, *, weapon: Any = None, charge_ft: int = 0,
                 power_attack: bool = False, mount: Any = None,
                 in_grapple: bool = False) -> KnockdownDC:
    """The Knockdown DC of a physical strike: ``10 + HR + STRMod`` and its modifiers.

    000_8d1d7816ee944f3b.txt, "Momentum of Impact" (see the module docstring). The cap of 35
    applies to the final DC (inferred: the text states it with the size modifier, the
    biggest one; a DC above 35 from any source makes the defender Unfortunate instead).

    Args:
        attacker: The striking :class:`~lfgcombat.Creature` (``hr``, STR, ``size``).
        target: The creature struck (or its size).
        weapon: A :class:`~lfgcombat.Weapon` or weapon name (traits, light, projectile).
        charge_ft: Feet moved in a Charge before the strike (20+ -> +2).
        power_attack: The strike is a Power Attack (+2).
        mount: A cavalry rider's mount (creature or size): counts as its size for a Heavy
            attack or a Charge.
        in_grapple: The strike is made in a grapple (no Knockdown).

    Returns:
        The :class:`KnockdownDC`.

    Raises:
        MomentumError: a bad creature, size or distance. WeaponError: unknown weapon.
    """
    charge_ft = _int(charge_ft, "charge_ft")
    for field, flag in (("power_attack", power_attack), ("in_grapple", in_grapple)):
        if not isinstance(flag, bool):
            raise MomentumError(f"{field}: True or False, not {flag!r:.40} ({RULE})")
    weapon = _weapon(weapon)
    size = _size(attacker, "attacker")
    _hr_str(attacker, "attacker")
    heavy = getattr(weapon, "attack_type", None) == "heavy"
    if mount is not None and (heavy or charge_ft > 0):
        size = _size(mount, "mount")
    ok, why = can_knock_down(size, target, weapon=weapon, in_grapple=in_grapple)
    diff = size.order - _size(target, "target").order
    terms = [Term("base", 10), Term("HR", int(attacker.hr)),
             Term("STR mod", attacker.ability_mod("str"))]
    if diff >= 2:
        terms.append(Term(f"{diff - 1} size(s) beyond the first (+5 each)", 5 * (diff - 1)))
    terms += _modifier_terms(weapon, charge_ft, power_attack)
    raw = sum(t.value for t in terms)
    notes: tuple[str, ...] = ()
    if raw > KNOCKDOWN_CAP:
        notes = (f"DC {raw} capped at {KNOCKDOWN_CAP}; the defender is Unfortunate",)
    stat = Stat("knockdown_dc", min(raw, KNOCKDOWN_CAP), tuple(terms), notes=notes,
                rule=f"{RULE}: Knockdown DC = 10+HR+STRMod")
    return KnockdownDC(stat, ok, why, raw > KNOCKDOWN_CAP)


def shield_struck(miss_by: int, shield_rating: int) -> bool:
    """A miss by no more than the Shield Rating strikes the shield, so Knockdown still
    applies ("If your attack misses by an amount less than or equal to the enemy's Shield
    Rating, their shield has been struck", 000_8d1d7816ee944f3b.txt, "Momentum of Impact").

    Args:
        miss_by: AC minus the attack total (>= 1 for a miss).
        shield_rating: The defender's Shield Rating.
    """
    miss_by = _int(miss_by, "miss_by", 1)
    return miss_by <= _int(shield_rating, "shield_rating")


def confound_fort_dc(damage_taken: int) -> int:
    """"FORT Save DC15 (or Damage Taken, whichever is more) or be Confounded for 1 Round"."""
    return max(15, _int(damage_taken, "damage_taken"))


def flyer_drop_ft(maneuverability: str = "average") -> int:
    """Feet a flyer knocked down drops: 10, or 20 with Clumsy or Poor maneuverability."""
    m = str(maneuverability).strip().lower()
    if m not in ("clumsy", "poor", "average", "good", "perfect"):
        raise MomentumError(f"maneuverability: clumsy, poor, average, good or perfect, not "
                            f"{short(maneuverability)}")
    return 20 if m in ("clumsy", "poor") else 10


def resist_bonus(bonus: int, *, quadruped: bool = False) -> int:
    """The defender's Wrestling or Acrobatics bonus against Knockdown (+4 Innate for
    "Quadrupeds and creatures with more than 4 legs")."""
    if isinstance(bonus, bool) or not isinstance(bonus, int):
        raise MomentumError(f"bonus: a whole number, not {bonus!r:.40}")
    return bonus + (4 if quadruped else 0)


def _resist_fortune(dc: KnockdownDC, flying: bool, fortune: Any) -> Fortune | None:
    sources = [Fortune.coerce(fortune)]
    if dc.defender_unfortunate:
        sources.append(Fortune.UNFORTUNATE)
    if flying:
        sources.append(Fortune.UNFORTUNATE)
    return net_fortune(sources)


def p_knockdown(dc: KnockdownDC, bonus: int, *, quadruped: bool = False, flying: bool = False,
                fortune: Fortune | str | None = None) -> float:
    """Exact P(knocked prone) given the defender's Wrestling or Acrobatics bonus.

    The check fails below the DC (a total equal to the DC resists: inferred, as for saves).
    0 when the strike cannot knock down.
    """
    return float(_p_knockdown(dc, bonus, quadruped=quadruped, flying=flying, fortune=fortune))


def _p_knockdown(dc: KnockdownDC, bonus: int, *, quadruped: bool, flying: bool,
                 fortune: Fortune | str | None) -> Fraction:
    """:func:`p_knockdown` as a fraction (summed exactly, rounded by the caller)."""
    if not dc.applies:
        return Fraction(0)
    b = resist_bonus(bonus, quadruped=quadruped)
    faces = pmf("1d20", _resist_fortune(dc, flying, fortune), exact=True)
    return sum((p for face, p in zip(faces.index.tolist(), faces.tolist())
                if face + b < dc.value), Fraction(0))


def p_strike_lands(attack_bonus: int, ac: int, shield_rating: int = 0, *,
                   fortune: Fortune | str | None = None) -> float:
    """Exact P(the strike lands on the target or its shield), over the d20 faces.

    A hit ("A Natural 20 on an Attack Roll is always a success. A Natural 1 ... always a
    failure", "Attack Rolls") or a miss by no more than the Shield Rating (a Natural 1 never
    strikes the shield: inferred, it is "always a failure").
    """
    return float(_p_strike_lands(attack_bonus, ac, shield_rating, fortune=fortune))


def _p_strike_lands(attack_bonus: int, ac: int, shield_rating: int = 0, *,
                    fortune: Fortune | str | None = None) -> Fraction:
    """:func:`p_strike_lands` as a fraction."""
    b, a = _int(attack_bonus, "attack_bonus", -1000), _int(ac, "ac", -1000)
    sr = _int(shield_rating, "shield_rating")
    faces = pmf("1d20", Fortune.coerce(fortune), exact=True)
    lands = Fraction(0)
    for face, p in zip(faces.index.tolist(), faces.tolist()):
        total = face + b
        if face == 20 or (face != 1 and total >= a - sr):
            lands += p
    return lands


def p_knocked_prone(dc: KnockdownDC, *, attack_bonus: int, ac: int, shield_rating: int,
                    defender_bonus: int, quadruped: bool = False, flying: bool = False,
                    attack_fortune: Fortune | str | None = None,
                    resist_fortune: Fortune | str | None = None) -> float:
    """Exact P(an attack knocks its target Prone): P(the strike lands on the target or its
    shield) x :func:`p_knockdown` (the check is independent of the attack roll)."""
    land = _p_strike_lands(attack_bonus, ac, shield_rating, fortune=attack_fortune)
    return float(land * _p_knockdown(dc, defender_bonus, quadruped=quadruped, flying=flying,
                                     fortune=resist_fortune))


@dataclass(frozen=True)
class KnockdownCheck:
    """The defender's check against a Knockdown.

    Attributes:
        roll: The Wrestling/Acrobatics roll. dc: The DC.
        prone: Knocked Prone (a flyer only if its drop reaches the ground).
        failed_by: DC minus the total (<= 0 on a success).
        fort_dc: FORT DC against Confounded for 1 round when failing by 5+, else ``None``.
        drop_ft: Feet a knocked-down flyer drops (:func:`flyer_drop_ft`), else 0.
    """

    roll: Roll
    dc: int
    prone: bool
    failed_by: int
    fort_dc: int | None
    drop_ft: int = 0


def resist_knockdown(dc: KnockdownDC, bonus: int, *, roller: Roller, damage_taken: int = 0,
                     quadruped: bool = False, flying: bool = False,
                     fortune: Fortune | str | None = None, altitude_ft: int = 0,
                     maneuverability: str = "average") -> KnockdownCheck:
    """Roll the defender's Wrestling or Acrobatics check (the defender picks the bonus).

    A flyer that fails "drops 10 feet. If they reach the ground, they fall prone. If not,
    they regain control & continue flying" (20 ft for Clumsy or Poor maneuverability).

    Args:
        dc: The :class:`KnockdownDC`. bonus: Wrestling or Acrobatics bonus.
        roller: The dice. damage_taken: The strike's damage (for the FORT DC).
        quadruped: +4 to resist. flying: Unfortunate; drops instead of falling.
        fortune: Other Fortunate/Unfortunate sources.
        altitude_ft: A flyer's height above the ground.
        maneuverability: A flyer's maneuverability.

    Returns:
        The :class:`KnockdownCheck`.

    Raises:
        IllegalActionError: the strike cannot knock the target down.
    """
    if not dc.applies:
        raise IllegalActionError(f"no Knockdown check: {dc.reason}", RULE)
    b = resist_bonus(bonus, quadruped=quadruped)
    damage_taken = _int(damage_taken, "damage_taken")
    roll = roller.roll(f"1d20{b:+d}", _resist_fortune(dc, flying, fortune),
                       label=f"resist Knockdown DC {dc.value}")
    failed_by = dc.value - roll.total
    fort = confound_fort_dc(damage_taken) if failed_by >= 5 else None
    drop = flyer_drop_ft(maneuverability) if flying and failed_by > 0 else 0
    altitude = _int(altitude_ft, "altitude_ft")
    prone = failed_by > 0 and (not flying or altitude <= drop)
    return KnockdownCheck(roll, dc.value, prone, failed_by, fort, drop)


# --------------------------------------------------------------------------- Crushing Advance


def can_crush(larger: Any, smaller: Any) -> bool:
    """"A creature 3+ Size categories larger may step into occupied spaces"."""
    return _size(larger, "larger").order - _size(smaller, "smaller").order >= 3


def crushing_advance_ft(creature: Any) -> int:
    """"Move up to half your Move Speed in a straight line" (the current Move Speed, after
    conditions; rounded down to whole 5-ft hexes: inferred, as all map movement)."""
    speed = int(creature.move_speed.value)
    return (speed // 2) // 5 * 5


def crushing_advance_dc(creature: Any) -> Stat:
    """"Crushing Advance DC = 10+HR+STRMod" (Ex: an elephant, level 11 Huge, STR 28: DC26).

    Raises:
        MomentumError: not a creature (no HR and STR).
    """
    _hr_str(creature, "creature", RULE_CRUSH)
    terms = (Term("base", 10), Term("HR", int(creature.hr)),
             Term("STR mod", creature.ability_mod("str")))
    return Stat("crushing_advance_dc", sum(t.value for t in terms), terms,
                rule=f"{RULE_CRUSH}: Crushing Advance DC = 10+HR+STRMod")


def crush_damage(str_mod: int, max_hp: int, *, roller: Roller) -> tuple[Roll, int]:
    """"(1d10+STRMod) OR (25% Maximum HP) bludgeoning damage, whichever is more" (25%
    rounded down: inferred, as falling damage).

    Returns:
        The 1d10 roll and the damage.
    """
    max_hp = _int(max_hp, "max_hp", 1)
    roll = roller.roll(f"1d10{str_mod:+d}" if str_mod else "1d10", label="crushed")
    return roll, max(roll.total, max_hp // 4, 0)


@dataclass(frozen=True)
class CrushResult:
    """What a Crushing Advance (A or B) did to one smaller creature.

    Attributes:
        check: The REF/Acrobatics roll (``None`` if no check was needed).
        dc: The DC. prone: Knocked Prone. damage: Bludgeoning damage taken.
        displaced: ``"random"`` (moved to a random open adjacent hex), ``"chosen"`` (may stay
            or move where it likes) or ``None``.
        used_reaction: The creature spent its Reaction.
        stepped_on: (A) the 50% chance came up (``None`` for B or a dodge).
        fort_dc: FORT DC against Confounded when failing by 5+ (B), else ``None``.
    """

    check: Roll | None
    dc: int
    prone: bool
    damage: int
    displaced: str | None
    used_reaction: bool
    stepped_on: bool | None = None
    fort_dc: int | None = None


def _check_crush(larger: Any, smaller: Any) -> None:
    if not can_crush(larger, smaller):
        raise IllegalActionError(
            "Crushing Advance needs a creature 3+ size categories larger than the one in its "
            f"way ({_size(larger, 'larger').value} vs {_size(smaller, 'smaller').value})",
            RULE_CRUSH)


def crushing_step(larger: Any, smaller: Any, *, save_bonus: int, max_hp: int,
                  roller: Roller, use_reaction: bool = False) -> CrushResult:
    """(A) A much larger creature steps into the space without trying to harm.

    "The smaller creature may spend a Reaction to avoid the footsteps ... without incident";
    otherwise "a 50% Chance that the larger creature may step on" it, then "a DC15 REF Save
    or Acrobatics check": fail -> Prone and :func:`crush_damage`; pass -> moved to a random
    open adjacent hex (000_8d1d7816ee944f3b.txt, "Crushing Advance").

    Args:
        larger: The stepping creature (``size``, STR). smaller: The creature in the space.
        save_bonus: The smaller creature's REF or Acrobatics bonus (its choice).
        max_hp: The smaller creature's max HP. roller: The dice.
        use_reaction: Spend the Reaction to dodge.

    Raises:
        IllegalActionError: the larger creature is not 3+ sizes larger.
    """
    _check_crush(larger, smaller)
    if use_reaction:
        return CrushResult(None, 15, False, 0, None, True)
    chance = roller.miss_chance(50, label="stepped on?")
    if not chance.missed:
        return CrushResult(None, 15, False, 0, None, False, stepped_on=False)
    check = roller.roll(f"1d20{save_bonus:+d}", label="avoid the footstep DC 15")
    if check.total >= 15:
        return CrushResult(check, 15, False, 0, "random", False, stepped_on=True)
    _, damage = crush_damage(larger.ability_mod("str"), max_hp, roller=roller)
    return CrushResult(check, 15, True, damage, None, False, stepped_on=True)


def crushing_advance(larger: Any, smaller: Any, *, save_bonus: int, max_hp: int,
                     roller: Roller, use_reaction: bool = False) -> CrushResult:
    """(B) The Crushing Advance Big Action (Provokes AOO), against one creature in its line.

    "Creatures within your Line of movement must make REF Save or Acrobatics check or be
    crushed", DC :func:`crushing_advance_dc`. Without a Reaction: fail -> Prone and
    :func:`crush_damage`; pass -> random adjacent hex. With a Reaction (+5 Innate): pass ->
    no damage and a hex of its choice; fail -> Prone, half damage. Failing by 5+ -> FORT DC
    max(15, damage) or Confounded 1 round (000_8d1d7816ee944f3b.txt, "Crushing Advance").
    Half damage rounds down (inferred, "Rounding" as elsewhere in the kit).

    Raises:
        IllegalActionError: the larger creature is not 3+ sizes larger.
    """
    _check_crush(larger, smaller)
    dc = int(crushing_advance_dc(larger))
    bonus = save_bonus + (5 if use_reaction else 0)
    check = roller.roll(f"1d20{bonus:+d}", label=f"resist Crushing Advance DC {dc}")
    if check.total >= dc:
        return CrushResult(check, dc, False, 0, "chosen" if use_reaction else "random",
                           use_reaction)
    _, damage = crush_damage(larger.ability_mod("str"), max_hp, roller=roller)
    if use_reaction:
        damage //= 2
    fort = confound_fort_dc(damage) if dc - check.total >= 5 else None
    return CrushResult(check, dc, True, damage, None, use_reaction, fort_dc=fort)


# --------------------------------------------------------------------------- attack odds


def knockdown_odds(setup: Any, *, p_hit: Any = None, flying: bool = False,
                   charge_ft: int = 0) -> float:
    """Exact P(an attack knocks its target down), for :attr:`AttackOdds.p_knockdown
    <lfgcombat.rules.attacks.odds.AttackOdds.p_knockdown>` and :attr:`~lfgcombat.rules.attacks.odds.
    AttackOdds.p_knockdown_drop`.

    P(the strike lands on the target or its shield: a hit, or a miss by no more than the
    Shield Rating; never a Natural 1, never through the % miss chance) x P(the defender
    fails its Wrestling or Acrobatics check, its better one, +4 for a ``Quadruped``,
    Unfortunate when ``flying``: "Flying creatures are Unfortunate when resisting Knockdown
    strikes") against :func:`knockdown_dc` (the weapon's traits, Power Attack, no Knockdown
    in a grapple). Against an Active Defense the shield is not counted (the strike lands only
    on a hit: ``p_hit``). A Charge's distance is not part of an attack setup: give it as
    ``charge_ft`` ("Striking on a Charge Attack after moving at least 20 feet grants a +2
    Innate Bonus to Knockdown DC"). Whether a knocked-down flyer lands prone is
    :func:`knocked_down_outcome`'s.

    Args:
        setup: The :class:`~lfgcombat.rules.attacks.AttackSetup`.
        p_hit: P(hit) of the attack (used against an Active Defense).
        flying: The target is flying.
        charge_ft: Feet run before this Charge Attack (20+: +2 to the DC).

    Returns:
        The probability (0.0 when the strike cannot knock the target down).

    Raises:
        MomentumError: a negative or non-whole ``charge_ft``.
    """
    target = setup.target
    grappled = any(Condition.GRAPPLED in c.active_conditions
                   for c in (setup.attacker, target))
    dc = knockdown_dc(setup.attacker, target, weapon=setup.weapon, charge_ft=charge_ft,
                      power_attack=bool(setup.situation.power_attack), in_grapple=grappled)
    if not dc.applies:
        return 0.0
    land: Fraction
    if setup.auto_critical:
        land = Fraction(1)
    elif setup.defense is not None:
        land = Fraction(p_hit or 0)  # a float P(hit) is taken as it is
    else:
        land = Fraction(p_past_miss_chance(setup.miss_chance, True)) * _p_strike_lands(
            int(setup.bonus), int(setup.ac), int(target.shield_rating),
            fortune=setup.fortune)
    skills = skills_of(target)
    best = max((skill_bonus(target, s, skills) for s in ("wrestling", "acrobatics")),
               key=lambda st: int(st.value or 0))
    return float(land * _p_knockdown(dc, int(best.value or 0), quadruped=is_quadruped(target),
                                      flying=flying, fortune=best.fortune))


def flyer_maneuverability(creature: Any, given: str | None = None) -> str:
    """The maneuverability a knocked-down flyer drops with: ``given`` (checked), else its
    Fly Speed's (:func:`lfgcombat.rules.movement.movement_modes.speeds_of`), else ``average``.

    Raises:
        MomentumError: an unknown maneuverability.
    """
    man = given
    if man is None:
        known = speeds_of(creature).maneuverability
        man = "average" if known is None else str(getattr(known, "value", known))
    flyer_drop_ft(man)
    return man


def knocked_down_outcome(flying_ft: int | None, maneuverability: str = "average"
                         ) -> tuple[bool, int]:
    """What a failed Knockdown check does at this height: ``(prone, drop_ft)``.

    On the ground (``flying_ft`` ``None``): Prone, no drop. A flyer "drops 10 feet. If they
    reach the ground, they fall prone. If not, they regain control & continue flying"
    (20 ft with Clumsy or Poor maneuverability; 000_8d1d7816ee944f3b.txt, "Momentum of
    Impact").

    Raises:
        MomentumError: a negative height or an unknown maneuverability.
    """
    if flying_ft is None:
        return True, 0
    up = _int(flying_ft, "flying_ft")
    drop = flyer_drop_ft(maneuverability)
    return up <= drop, drop
