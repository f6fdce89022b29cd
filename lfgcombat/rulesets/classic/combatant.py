"""A creature read by the ``classic`` ruleset: BAB, AC, hit points, CR, and its attack odds.

002_2a3a79475ca2a541.txt, "How to attack another creature": "D20 + BAB (Base Attack Bonus)
+ Ability Modifier (STR for melee, DEX for ranged) = or > Target's Armor Class"; "Armor
Class": "10 + armor bonus + shield bonus + Dexterity modifier + size modifier + natural
armor"; "Challenge Rating (CR)"; "Critical Hit": "Roll your damage dice twice, with all
applicable bonuses"; "Stabilizing a Disabled Character": a mobile hero attacks "at – 5 to
hit and damage".

A :class:`lfgcombat.Creature` carries what every ruleset shares (abilities, size, armor,
shield, natural armor, hit points, weapons); the classic-only fields are ``bab`` (needed to
attack) and ``challenge_rating`` (monsters). :meth:`ClassicCombatant.of` reads them from the
creature when it carries them, or takes them as arguments; a missing ``bab`` is refused
with an error naming the field and the rule that needs it.

Decisions where the text is open (inferred, shown in notebook 30):

* Damage is the weapon's dice + STR modifier in melee and with thrown weapons (none with a
  projectile weapon) + its enhancement, the d20 convention; the text gives no damage rule.
* A weapon's crit range is its ``threat`` in the kit's weapon table; its multiplier is not
  used: under ``classic`` every critical hit is "double damage".
* Hit points are the creature's own maximum and current HP (the text gives no HP formula);
  the Hit Dice (for Energy-Drained) are its level, at least 1.
* Attack bonus: BAB + the ability modifier + the weapon's enhancement.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pandas as pd

from lfgcombat.creature.keep import keeps, kept_on
from lfgcombat.dice import Roller
from lfgcombat.rules.weapons import resolve_weapon

from . import armor as _armor
from . import attacks as _attacks
from ._base import ClassicError, check_int, evolve, rule
from .challenge import parse_challenge_rating
from .conditions import combined_effect
from .health import ClassicVitals

__all__ = ["ClassicCombatant", "ClassicCreatureOdds", "creature_field", "weapon_profile",
           "WeaponProfile", "creature_attack_odds", "creature_attack", "incorporeal_immune"]

_ATTACK = rule("How to attack another creature")


def creature_field(creature: Any, name: str, given: Any = None) -> Any:
    """A ruleset field: ``given`` if not ``None``, else the creature's own (``None`` when it
    has none)."""
    if given is not None:
        return given
    return getattr(creature, name, None)


@dataclass(frozen=True)
class WeaponProfile:
    """What the ruleset needs of a weapon: its dice, crit range and multiplier, use.

    Attributes:
        name: As shown.
        dice: The weapon dice (``"1d8"``).
        threat: The lowest natural that threatens (20; 19 for "19-20").
        multiplier: The critical multiplier (2, 3, 4).
        ranged: Attacks with DEX (a projectile or thrown weapon used at range).
        strength_to_damage: STR modifier added to damage (melee and thrown).
        enhancement: Magic enhancement, to attack and damage.
    """

    name: str
    dice: str
    threat: int
    multiplier: int
    ranged: bool
    strength_to_damage: bool
    enhancement: int = 0


def weapon_profile(creature: Any, weapon: Any, ranged: bool | None = None) -> WeaponProfile:
    """The :class:`WeaponProfile` of ``weapon`` as ``creature`` wields it (the kit's weapon
    table and the creature's own weapon entries, :func:`lfgcombat.rules.attacks.resolve_weapon`).

    Args:
        creature: The wielder.
        weapon: A weapon name, entry or :class:`~lfgcombat.rules.attacks.Weapon`.
        ranged: Attack at range (default: a projectile weapon is ranged, others melee).

    Raises:
        WeaponError: an unknown weapon.
    """
    if isinstance(weapon, str):  # (a creature keeps what it reads: issue 24, "Fast")
        return kept_on(creature, ("sheet", "classic weapon", weapon, ranged),
                       lambda: _profile(creature, weapon, ranged))
    return _profile(creature, weapon, ranged)


def _profile(creature: Any, weapon: Any, ranged: bool | None) -> WeaponProfile:
    """:func:`weapon_profile`, read now."""
    w = resolve_weapon(creature, weapon)
    projectile = "projectile" in w.uses
    at_range = projectile if ranged is None else bool(ranged)
    return WeaponProfile(w.name, str(w.damage), int(w.threat), int(w.multiplier), at_range,
                         not projectile, int(w.enhancement))


@dataclass(frozen=True)
class ClassicCombatant:
    """A creature's classic statistics.

    Attributes:
        name: The creature's name.
        bab: Base Attack Bonus (``None``: not given; attacking is refused).
        abilities: Ability modifiers by name (``{"str": 3, ...}``).
        ac: Its :class:`~lfgcombat.rulesets.classic.armor.ArmorClass`.
        max_hp, hp: Hit points.
        hit_dice: For Energy-Drained (its level, at least 1).
        challenge_rating: Its CR, or ``None``.
    """

    name: str
    bab: int | None
    abilities: dict[str, int]
    ac: _armor.ArmorClass
    max_hp: int
    hp: int
    hit_dice: int
    challenge_rating: Fraction | None = None

    creature: Any = field(default=None, compare=False, repr=False)

    @classmethod
    def of(cls, creature: Any, *, bab: int | None = None,
           challenge_rating: Any = None) -> "ClassicCombatant":
        """Read a :class:`lfgcombat.Creature` by the classic rules.

        Args:
            creature: The creature (a :class:`ClassicCombatant` is returned as it is, with
                the fields given here replaced).
            bab: Its Base Attack Bonus, when the creature does not carry ``bab``.
            challenge_rating: Its CR, when the creature does not carry ``challenge_rating``.

        Raises:
            ClassicError: naming ``bab`` (a whole number >= 0) or ``challenge_rating``.
        """
        if isinstance(creature, ClassicCombatant):
            if bab is None and challenge_rating is None:
                return creature
            return cls.of(creature.creature, bab=creature_field(creature, "bab", bab),
                          challenge_rating=creature_field(creature, "challenge_rating",
                                                          challenge_rating))
        return kept_on(creature, ("classic", bab, challenge_rating),  # (issue 24, "Fast")
                       lambda: cls._read(creature, bab, challenge_rating))

    @classmethod
    def sheet_of(cls, creature: Any) -> "ClassicCombatant | None":
        """The creature's own classic statistics but its HP (:meth:`_read_sheet`, no field
        given), as kept on a :class:`~lfgcombat.Creature` (the same value while its sheet
        is the same, whatever its HP); ``None`` for anything else (nothing kept)."""
        if not keeps(creature):
            return None
        return kept_on(creature, ("sheet", "classic", None, None),
                       lambda: cls._read_sheet(creature, None, None))

    @classmethod
    def _read(cls, creature: Any, bab: int | None,
              challenge_rating: Any) -> "ClassicCombatant":
        """:meth:`of` a creature, read now: what it reads of the sheet but its HP is kept
        under ``"sheet"`` (handed on to the sheet with other HP: issue 24, "Fast"), then
        its HP."""
        sheet = kept_on(creature, ("sheet", "classic", bab, challenge_rating),
                        lambda: cls._read_sheet(creature, bab, challenge_rating))
        return evolve(sheet, hp=min(int(creature.hp), sheet.max_hp), creature=creature)

    @classmethod
    def _read_sheet(cls, creature: Any, bab: int | None,
                    challenge_rating: Any) -> "ClassicCombatant":
        """:meth:`_read` but the HP (``hp`` left at the max HP)."""
        bab = creature_field(creature, "bab", bab)
        cr = creature_field(creature, "challenge_rating", challenge_rating)
        mods = {k: creature.ability_mod(k) for k in ("str", "dex", "con", "int", "wis", "cha")}
        size = getattr(creature.size, "value", str(creature.size))
        ac = _armor.armor_class(armor=int(creature.armor.rating),
                                shield=int(creature.shield_rating), dex=mods["dex"],
                                size=size, natural=int(creature.natural_armor))
        max_hp = int(creature.max_hp)
        return cls(creature.name, None if bab is None else check_int("bab", bab, 0), mods, ac,
                   max_hp, max_hp, max(1, int(creature.level)),
                   None if cr is None else parse_challenge_rating(cr), creature)

    def need_bab(self) -> int:
        """The BAB, or an error naming the field.

        Raises:
            ClassicError: the creature has no ``bab``.
        """
        if self.bab is None:
            raise ClassicError("bab", f"{self.name} has no Base Attack Bonus; the classic "
                               f"ruleset adds it to every attack roll ({_ATTACK}); give the "
                               "creature 'bab: N' (or bab=N)")
        return self.bab

    def attack_bonus(self, weapon: WeaponProfile, limited: bool = False) -> int:
        """BAB + STR (melee) or DEX (ranged) + enhancement (-5 for a mobile disabled hero).

        Raises:
            ClassicError: no ``bab``.
        """
        return (_attacks.attack_bonus(self.need_bab(), self.abilities["str"],
                                      self.abilities["dex"], weapon.ranged)
                + weapon.enhancement + (-5 if limited else 0))

    def damage(self, weapon: WeaponProfile, limited: bool = False) -> str:
        """The damage expression: dice + STR (melee, thrown) + enhancement (-5 limited)."""
        bonus = (self.abilities["str"] if weapon.strength_to_damage else 0) + weapon.enhancement
        bonus += -5 if limited else 0
        return f"{weapon.dice}{bonus:+d}" if bonus else weapon.dice

    def vitals(self) -> ClassicVitals:
        """Its hit points as :class:`~lfgcombat.rulesets.classic.health.ClassicVitals`."""
        return ClassicVitals(self.max_hp, hp=max(self.hp, -10))


@dataclass(frozen=True)
class ClassicCreatureOdds:
    """The exact odds of one creature's attack on another under ``classic``.

    Attributes:
        attacker, target: Names.
        weapon: The weapon used.
        bonus: The attack bonus; ``ac`` the target's AC; ``damage`` the damage expression.
        odds: The pure :class:`~lfgcombat.rulesets.classic.attacks.ClassicAttackOdds` (P(hit),
            P(critical), P(fumble), the damage distribution).
    """

    attacker: str
    target: str
    weapon: WeaponProfile
    bonus: int
    ac: int
    damage_expr: str
    odds: _attacks.ClassicAttackOdds
    ruleset: str = "classic"

    @property
    def p_hit(self) -> Fraction:
        """P(hit), criticals included."""
        return self.odds.p_hit

    @property
    def p_crit(self) -> Fraction:
        """P(critical hit)."""
        return self.odds.p_crit

    @property
    def p_fumble(self) -> Fraction:
        """P(natural 1)."""
        return self.odds.p_fumble

    @property
    def damage(self) -> pd.Series:
        """P(damage dealt), 0 for a miss."""
        return self.odds.damage

    @property
    def expected_damage(self) -> Fraction:
        """The mean damage per attack."""
        return self.odds.expected_damage

    def summary(self) -> str:
        """One line: attack, AC and the headline odds: the hit with the criticals it
        counts, the miss with the fumbles it counts (as :meth:`to_frame` adds them up)."""
        return (f"classic: {self.attacker} {self.weapon.name} {self.bonus:+d} "
                f"({self.damage_expr}) vs {self.target} AC {self.ac}: hit "
                f"{float(self.p_hit):.1%} (critical {float(self.p_crit):.1%}), miss "
                f"{float(1 - self.p_hit):.1%} (fumble {float(self.p_fumble):.1%}), expected "
                f"damage {float(self.expected_damage):.2f}")

    def to_frame(self) -> pd.DataFrame:
        """The d20's outcomes, each counted once (they sum to 1): a miss that is not a
        natural 1, the natural 1 (a fumble, 002_2a3a79475ca2a541.txt, "Fumble": a miss
        the GM resolves), a hit that is not critical, a critical ("Criticals and
        fumbles"). ``counted_in`` says which of :meth:`summary`'s hit and miss each
        belongs to: the hit rows add up to ``p_hit``, the miss rows to ``1 - p_hit``."""
        miss = 1 - self.p_hit - self.p_fumble  # a natural 1 never hits
        return pd.DataFrame({
            "outcome": ["miss (not a fumble)", "fumble (natural 1)", "hit (not critical)",
                        "critical"],
            "probability": [float(miss), float(self.p_fumble),
                            float(self.p_hit - self.p_crit), float(self.p_crit)],
            "counted_in": ["miss", "miss", "hit", "hit"]})

    def __repr__(self) -> str:
        return f"<ClassicCreatureOdds {self.summary()}>"


@dataclass(frozen=True)
class _Setup:
    """The numbers of one attack: who, with what, bonus, AC, damage and miss chance."""

    attacker: ClassicCombatant
    target: ClassicCombatant
    weapon: WeaponProfile
    bonus: int
    ac: int
    damage: str
    miss_chance: int


def incorporeal_immune(attacker_conditions: Iterable[str], target_conditions: Iterable[str],
                       weapon: WeaponProfile) -> bool:
    """The weapon cannot harm the target: 002_2a3a79475ca2a541.txt, "Conditions",
    Incorporeal: "Incorporeal creatures are immune to all nonmagical attack forms. They can
    be harmed only by other Incorporeal creatures, +1 or better magic weapons, legacy
    weapons, spells, spell-like effects, or supernatural effects." A weapon attack harms an
    Incorporeal target when the attacker is Incorporeal too or the weapon's enhancement is
    +1 or better (a legacy weapon: give it an enhancement, inferred); it still hits or
    misses, dealing 0 damage."""
    return ("Incorporeal" in set(target_conditions)
            and "Incorporeal" not in set(attacker_conditions) and weapon.enhancement < 1)


def _ability_mod(score: int, delta: int, forced: int | None) -> int:
    return forced if forced is not None else (score + delta - 10) // 2


def _setup(attacker: Any, target: Any, weapon: Any, *, bab: int | None,
           ranged: bool | None, limited: bool, miss_chance: int,
           attacker_conditions: Iterable[str], target_conditions: Iterable[str],
           negative_levels: int) -> _Setup:
    """Both creatures read by the classic rules, with their conditions applied: the
    attacker's attack and weapon damage modifiers, STR/DEX changes and miss chance, its
    negative levels; the target's AC modifier, its DEX changes (Entangled -4, Exhausted -3,
    Fatigued -1 Dexterity move the DEX modifier of "Armor Class": "10 + armor bonus + shield
    bonus + Dexterity modifier + ..."), lost DEX bonus (a penalty is kept), a DEX of 0
    (Helpless, Paralyzed) and the melee (Helpless, Prone +4) or ranged (Prone -4, inferred)
    bonus against it ("Conditions"); an Incorporeal target's immunity
    (:func:`incorporeal_immune`)."""
    attacker_conditions, target_conditions = tuple(attacker_conditions), tuple(target_conditions)
    drained = check_int("negative_levels", negative_levels, 0)
    if "Energy-Drained" in attacker_conditions:
        # its -1 is per negative level ("Each negative level gives [...] -1 penalty on attack
        # rolls"): counted once by the levels, at least one when the condition is named
        drained = max(1, drained)
    cat_a = combined_effect(c for c in attacker_conditions if c != "Energy-Drained")
    cat_t = combined_effect(target_conditions)
    a = ClassicCombatant.of(attacker, bab=bab)
    t = ClassicCombatant.of(target)
    args = (weapon, ranged, bool(limited), miss_chance, attacker_conditions,
            target_conditions, drained)
    sheet = ClassicCombatant.sheet_of(target)  # (None for a ClassicCombatant as it is)
    if sheet is None or not keeps(attacker):
        return _setup_now(a, t, cat_a, cat_t, *args)
    # Both sheets read with their conditions, none of it reading either HP: kept on the
    # attacker's sheet (under "sheet": handed on past a change of HP, never past one of
    # its conditions or bonuses) for the target's sheet (issue 24, "Fast": every attack
    # read both sheets, the weapon and the AC again); each attack gets both HP as they are.
    found = kept_on(attacker, ("sheet", "classic attack", id(sheet), bab, *args),
                    lambda: (sheet, _setup_now(a, t, cat_a, cat_t, *args)))
    if found[0] is not sheet:  # (kept for another sheet once at this address)
        return _setup_now(a, t, cat_a, cat_t, *args)
    s: _Setup = found[1]
    return evolve(s, attacker=evolve(s.attacker, hp=a.hp, creature=a.creature), target=t)


def _setup_now(a: ClassicCombatant, t: ClassicCombatant, cat_a: Any, cat_t: Any, weapon: Any,
               ranged: bool | None, limited: bool, miss_chance: int,
               attacker_conditions: tuple[str, ...], target_conditions: tuple[str, ...],
               drained: int) -> _Setup:
    """:func:`_setup` read now, from both combatants and their conditions' sums."""
    w = weapon_profile(a.creature, weapon, ranged)
    scores = a.creature.abilities
    mods = dict(a.abilities,
                str=_ability_mod(int(scores["str"]), cat_a.strength, cat_a.str_mod_set),
                dex=_ability_mod(int(scores["dex"]), cat_a.dexterity, cat_a.dex_mod_set))
    a = evolve(a, abilities=mods)  # (values checked: no replace's checks again)
    bonus = (a.attack_bonus(w, limited) + cat_a.attack - drained
             + (cat_t.ranged_bonus_against if w.ranged else cat_t.melee_bonus_against))
    t_scores = t.creature.abilities
    ac = evolve(t.ac, dex=_ability_mod(int(t_scores["dex"]), cat_t.dexterity,
                                       cat_t.dex_mod_set))
    ac = ac.without_dex() if cat_t.loses_dex_to_ac else ac
    damage = a.damage(w, limited)
    if cat_a.weapon_damage:
        damage = f"{damage}{cat_a.weapon_damage:+d}"
    if incorporeal_immune(attacker_conditions, target_conditions, w):
        damage = "0"
    chance = max(check_int("miss_chance", miss_chance, 0, 100), cat_a.miss_chance)
    return _Setup(a, t, w, bonus, ac.total + cat_t.ac, damage, chance)


def creature_attack_odds(attacker: Any, target: Any, weapon: Any, *, bab: int | None = None,
                         ranged: bool | None = None, concealment: str = "none",
                         miss_chance: int = 0, expanded_critical: bool = False,
                         limited: bool = False, attacker_conditions: Iterable[str] = (),
                         target_conditions: Iterable[str] = (),
                         negative_levels: int = 0) -> ClassicCreatureOdds:
    """The exact odds of ``attacker`` hitting ``target`` with ``weapon`` under ``classic``.

    Args:
        attacker, target: :class:`lfgcombat.Creature` values.
        weapon: A weapon name, entry or :class:`~lfgcombat.rules.attacks.Weapon`.
        bab: The attacker's BAB when it does not carry ``bab``.
        ranged: Attack at range (default: projectile weapons).
        concealment: ``"none"``, ``"partial"`` (-2) or ``"full"`` (-5).
        miss_chance: A % chance a hit is dodged (Blinded attackers get 50 from their
            conditions already).
        expanded_critical: The Expanded Critical Talent.
        limited: A mobile disabled hero's attack (-5 to hit and damage).
        attacker_conditions, target_conditions: Classic condition names ("Conditions":
            ``["Shaken"]``, ``["Helpless"]``...), applied as :func:`_setup` says.
        negative_levels: The attacker's Energy-Drained levels (-1 to hit each).

    Raises:
        ClassicError: naming the missing or bad field (``bab``, ``condition``...).
    """
    s = _setup(attacker, target, weapon, bab=bab, ranged=ranged, limited=limited,
               miss_chance=miss_chance, attacker_conditions=attacker_conditions,
               target_conditions=target_conditions, negative_levels=negative_levels)
    odds = _attacks.attack_odds(s.bonus, s.ac, s.damage, crit_range=s.weapon.threat,
                                expanded_critical=expanded_critical, concealment=concealment,
                                miss_chance=s.miss_chance)
    return ClassicCreatureOdds(s.attacker.name, s.target.name, s.weapon, s.bonus, s.ac,
                               s.damage, odds)


def creature_attack(roller: Roller, attacker: Any, target: Any, weapon: Any, *,
                    bab: int | None = None, ranged: bool | None = None,
                    concealment: str = "none", miss_chance: int = 0,
                    expanded_critical: bool = False, limited: bool = False,
                    attacker_conditions: Iterable[str] = (),
                    target_conditions: Iterable[str] = (),
                    negative_levels: int = 0) -> _attacks.ClassicAttack:
    """Roll the attack :func:`creature_attack_odds` computes (same arguments and a roller).

    Raises:
        ClassicError: as :func:`creature_attack_odds`; nothing is rolled then.
    """
    s = _setup(attacker, target, weapon, bab=bab, ranged=ranged, limited=limited,
               miss_chance=miss_chance, attacker_conditions=attacker_conditions,
               target_conditions=target_conditions, negative_levels=negative_levels)
    return _attacks.attack(roller, s.bonus, s.ac, s.damage, crit_range=s.weapon.threat,
                           expanded_critical=expanded_critical, concealment=concealment,
                           miss_chance=s.miss_chance,
                           names=(s.attacker.name, s.target.name, s.weapon.name))
