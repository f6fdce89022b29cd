"""A creature read by the ``wounds`` ruleset: Prowess, Defense, saves, Wounds, Barrier, Shell.

003_de0e94afd49609a7.txt, "Attacking an enemy usually involves spending your Half Action":
"roll 1d20 and add your relevant Ability Score Modifier (typically STR or DEX), your
Prowess, and any miscellaneous bonuses (for example, if your weapon is magical [...])";
"Damage is typically the Damage Dice of the weapon you are using [...] plus your STR
modifier"; "Prowess is added directly to your Defense": "Defense = 10+ Prowess + Dex +
Talents + Conditions + Circumstance"; "When a character is subject to a damage-dealing
effect" (Hit Points, then Wounds); "Barrier represents [...]" and "Shell operates
similarly"; "If another natural 20 is rolled when confirming a critical hit, the player
(Not normally available to npcs or monsters)"; the saves ("Some effects don't directly
target your armor or shield": two good saves, one bad).

A :class:`lfgcombat.Creature` carries what every ruleset shares; the wounds-only fields are
``prowess`` (needed to attack and for Defense), ``good_saves`` (needed for saves),
``wounds`` (the Wounds total; default the CON score, inferred), ``barrier`` (``"10/100"``)
and ``shell``. :meth:`WoundsCombatant.of` reads them from the creature when it carries
them, or takes them as arguments; a missing one is refused by name when a rule needs it.

Decisions where the text is open (inferred, shown in notebook 31):

* Defense has no armor or shield term (the text's formula has none; a shield parries).
* Hit Points are the creature's own maximum and current HP (the text names Hit Dice, Bonus
  HP and CON without a formula); Hit Dice are its level, at least 1.
* Only player characters (``kind: pc``) may roll for an Instant Kill.
* The weapon's enhancement is a miscellaneous attack bonus and a damage bonus (multiplied on
  a critical: "All enchantment bonuses are also doubled"); STR goes to damage in melee and
  with thrown weapons, not with a projectile weapon.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from collections.abc import Iterable
from typing import Any

import pandas as pd

from lfgcombat.rulesets.classic.combatant import WeaponProfile, creature_field, weapon_profile
from lfgcombat.creature.keep import keeps, kept_on
from lfgcombat.dice import Roller

from . import attacks as _attacks
from ._base import WoundsError, check_int, evolve, made, rule
from .defense import ConditionDefense, condition_defense, defense
from .gear import SHIELD, ShieldSpec
from .health import Barrier, WoundsVitals, parse_barrier
from .riders import Target, WeaponDamage, target_of, weapon_damage
from .saves import check_good_saves, roll_save, save_bonus

__all__ = ["WoundsCombatant", "WoundsCreatureOdds", "parse_barrier", "creature_attack_odds",
           "creature_attack", "prepare_attack", "creature_save_odds", "creature_saving_throw",
           "ODDS_SITUATION"]

#: The situation keys of :func:`creature_attack_odds` (``attack_odds(..., ruleset=
#: "wounds")``); :func:`creature_attack` takes ``aimed_at`` too.
ODDS_SITUATION = ("critical_choice", "prowess", "ranged", "total_defense", "widen",
                  "airborne", "rider_target", "spare", "target_conditions",
                  "defense_talents", "circumstance")

_ATTACK = rule("Attacking an enemy usually involves spending your Half Action")
_SAVES = rule("Some effects don't directly target your armor or shield")


@dataclass(frozen=True)
class WoundsCombatant:
    """A creature's wounds statistics.

    Attributes:
        name: The creature's name.
        prowess: Prowess (``None``: not given; attacking and Defense are refused).
        abilities: Ability modifiers by name; ``con_score`` the CON score.
        max_hp, hp: Hit Points.
        wounds_max: The Wounds total (the ``wounds`` field, else the CON score).
        hit_dice: Its level, at least 1.
        good_saves: Its two good saves (``None``: not given).
        barrier, shell: Barrier X/Y and Shell.
        player: A player character (may roll for an Instant Kill).
        shield: Its parrying shield (the ``shield`` key,
            :class:`~lfgcombat.rulesets.wounds.gear.ShieldSpec`), or ``None``.
    """

    name: str
    prowess: int | None
    abilities: dict[str, int]
    con_score: int
    max_hp: int
    hp: int
    wounds_max: int
    hit_dice: int
    good_saves: frozenset[str] | None = None
    barrier: Barrier | None = None
    shell: int = 0
    player: bool = False
    shield: ShieldSpec | None = None

    creature: Any = field(default=None, compare=False, repr=False)

    @classmethod
    def of(cls, creature: Any, *, prowess: int | None = None, good_saves: Any = None,
           wounds: int | None = None, barrier: Any = None,
           shell: int | None = None) -> "WoundsCombatant":
        """Read a :class:`lfgcombat.Creature` by the wounds rules.

        Args:
            creature: The creature (a :class:`WoundsCombatant` is returned as it is, with
                the fields given here replaced).
            prowess, good_saves, wounds, barrier, shell: Its wounds fields when the creature
                does not carry them.

        Raises:
            WoundsError: naming the field that is bad.
        """
        if isinstance(creature, WoundsCombatant):
            if all(v is None for v in (prowess, good_saves, wounds, barrier, shell)):
                return creature
            given = {"prowess": prowess, "good_saves": good_saves, "wounds": wounds,
                     "barrier": barrier, "shell": shell}
            own = {k: creature_field(creature, k, v) for k, v in given.items()}
            own["wounds"] = wounds if wounds is not None else creature.wounds_max
            return cls.of(creature.creature, **own)
        return kept_on(creature, ("wounds", prowess, good_saves, wounds, barrier, shell),
                       lambda: cls._read(creature, prowess, good_saves, wounds, barrier,
                                         shell))  # (a frozen value: issue 24, "Fast")

    @classmethod
    def sheet_of(cls, creature: Any) -> "WoundsCombatant | None":
        """The creature's own wounds statistics but its HP (:meth:`_read_sheet`, no field
        given), as kept on a :class:`~lfgcombat.Creature` (the same value while its sheet
        is the same, whatever its HP); ``None`` for anything else (nothing kept)."""
        if not keeps(creature):
            return None
        args = (creature, None, None, None, None, None)
        return kept_on(creature, ("sheet", "wounds", None, None, None, None, None),
                       lambda: cls._read_sheet(*args))

    @classmethod
    def _read(cls, creature: Any, prowess: int | None, good_saves: Any,
              wounds: int | None, barrier: Any, shell: int | None) -> "WoundsCombatant":
        """:meth:`of` a creature, read now: what it reads of the sheet but its HP is kept
        under ``"sheet"`` (handed on to the sheet with other HP: issue 24, "Fast"), then
        its HP."""
        args = (creature, prowess, good_saves, wounds, barrier, shell)
        sheet = kept_on(creature, ("sheet", "wounds", prowess, good_saves, wounds, barrier,
                                   shell), lambda: cls._read_sheet(*args))
        return evolve(sheet, hp=max(0, min(int(creature.hp), sheet.max_hp)),
                      creature=creature)

    @classmethod
    def _read_sheet(cls, creature: Any, prowess: int | None, good_saves: Any,
                    wounds: int | None, barrier: Any, shell: int | None) -> "WoundsCombatant":
        """:meth:`_read` but the HP (``hp`` left at the max HP)."""
        prowess = creature_field(creature, "prowess", prowess)
        saves = creature_field(creature, "good_saves", good_saves)
        wounds = creature_field(creature, "wounds", wounds)
        shell = creature_field(creature, "shell", shell) or 0
        mods = {k: creature.ability_mod(k) for k in ("str", "dex", "con", "int", "wis", "cha")}
        con = int(creature.abilities["con"])
        max_hp = int(creature.max_hp)
        return cls(creature.name, None if prowess is None else check_int("prowess", prowess, 0),
                   mods, con, max_hp, max(0, max_hp),
                   check_int("wounds", wounds, 1) if wounds is not None else max(1, con),
                   max(1, int(creature.level)),
                   None if saves is None else check_good_saves(saves),
                   parse_barrier(creature_field(creature, "barrier", barrier)),
                   check_int("shell", shell, 0),
                   getattr(creature.kind, "value", creature.kind) == "pc",
                   SHIELD.of(creature) if hasattr(creature, "sections") else None, creature)

    def need_prowess(self) -> int:
        """The Prowess, or an error naming the field.

        Raises:
            WoundsError: the creature has no ``prowess``.
        """
        if self.prowess is None:
            raise WoundsError("prowess", f"{self.name} has no Prowess; the wounds ruleset "
                              f"adds it to attack rolls and Defense ({_ATTACK}); give the "
                              "creature 'prowess: N' (or prowess=N)")
        return self.prowess

    def attack_bonus(self, weapon: WeaponProfile) -> int:
        """Ability modifier (STR melee, DEX ranged) + Prowess + enhancement."""
        ability = self.abilities["dex" if weapon.ranged else "str"]
        return _attacks.attack_bonus(ability, self.need_prowess(), weapon.enhancement)

    def damage(self, weapon: WeaponProfile) -> str:
        """Damage Dice + STR modifier (melee, thrown) + enhancement."""
        bonus = self.damage_bonus(weapon)
        return f"{weapon.dice}{bonus:+d}" if bonus else weapon.dice

    def damage_bonus(self, weapon: WeaponProfile) -> int:
        """STR modifier (melee, thrown) + enhancement."""
        return (self.abilities["str"] if weapon.strength_to_damage else 0) + weapon.enhancement

    def weapon_damage(self, weapon: Any, profile: WeaponProfile, target: Target,
                      spare: bool = False, resistances: Any = None,
                      resistance_penalty: int = 0) -> WeaponDamage:
        """The weapon's damage against ``target`` with its riders and the target's
        ``resistances`` (:func:`lfgcombat.rulesets.wounds.riders.weapon_damage`)."""
        return weapon_damage(self.creature, weapon, self.damage_bonus(profile), target, spare,
                             resistances, resistance_penalty)

    def defense(self, total_defense: bool = False, circumstance: int = 0) -> int:
        """Defense = 10 + Prowess + DEX (+4 in Total Defense)."""
        return defense(self.need_prowess(), self.abilities["dex"],
                       circumstance=circumstance, total_defense=total_defense)

    def save(self, which: str) -> int:
        """A save's total bonus: base save by Hit Dice (good or bad) + its ability.

        Raises:
            WoundsError: no ``good_saves``, or ``which`` unknown.
        """
        if self.good_saves is None:
            raise WoundsError("good_saves", f"{self.name} has no good saves; the wounds "
                              f"ruleset needs two of fort, ref, will ({_SAVES}); give the "
                              "creature 'good_saves: [fort, will]'")
        return save_bonus(which, min(self.hit_dice, 20), self.good_saves, self.abilities)

    def vitals(self) -> WoundsVitals:
        """Hit Points, Wounds, Barrier and Shell as
        :class:`~lfgcombat.rulesets.wounds.health.WoundsVitals`."""
        return WoundsVitals(self.max_hp, self.wounds_max, hp=self.hp, barrier=self.barrier,
                            shell=self.shell)


@dataclass(frozen=True)
class WoundsCreatureOdds:
    """The exact odds of one creature's attack on another under ``wounds``.

    Attributes:
        attacker, target: Names; ``weapon`` the weapon; ``bonus``, ``ac``, ``damage_expr``.
        critical_choice: The choice these odds' damage Series follow.
        odds: The pure :class:`~lfgcombat.rulesets.wounds.attacks.WoundsAttackOdds`; its
            ``expected`` reports both choices.
        riders: The weapon's damage parts and riders
            (:class:`~lfgcombat.rulesets.wounds.riders.WeaponDamage`: what the odds apply, what only
            the situation decides, the lasting effects).
    """

    attacker: str
    target: str
    weapon: WeaponProfile
    bonus: int
    ac: int
    damage_expr: str
    critical_choice: str
    odds: _attacks.WoundsAttackOdds
    riders: WeaponDamage | None = None
    ruleset: str = "wounds"

    @property
    def p_hit(self) -> Fraction:
        """P(hit)."""
        return self.odds.p_hit

    @property
    def p_crit(self) -> Fraction:
        """P(a confirmed critical)."""
        return self.odds.p_crit

    @property
    def p_instant_kill(self) -> Fraction:
        """P(Instant Kill) (0 unless the attacker is a player)."""
        return self.odds.p_instant_kill

    @property
    def expected_damage(self) -> Fraction:
        """The mean damage per attack under :attr:`critical_choice`, to Hit Points and
        Wounds together (``odds.expected`` has both choices)."""
        hp, wounds = self.odds.expected[self.critical_choice]
        return hp + wounds

    @property
    def hp_damage(self) -> pd.Series:
        """P(damage to Hit Points) under :attr:`critical_choice`."""
        return self.odds.hp_damage

    @property
    def wounds_damage(self) -> pd.Series:
        """P(damage straight to Wounds) under :attr:`critical_choice`."""
        return self.odds.wounds_damage

    @property
    def expected(self) -> dict[str, tuple[Fraction, Fraction]]:
        """Expected (HP, Wounds) damage under each choice, ``multiply`` and ``wounds``."""
        return self.odds.expected

    def summary(self) -> str:
        """One line: attack, Defense, the odds, and both critical choices (in the text's
        words: "Double Damage", "Go to Wounds")."""
        both = "; ".join(f"{_attacks.choice_words(c, self.weapon.multiplier)}: "
                         f"{float(hp):.2f} HP + {float(w):.2f} Wounds"
                         for c, (hp, w) in self.expected.items())
        riders = ""
        if self.riders is not None and self.riders.riders:
            riders = f"; riders {', '.join(self.riders.riders)}"
        return (f"wounds: {self.attacker} {self.weapon.name} {self.bonus:+d} "
                f"({self.damage_expr}, x{self.weapon.multiplier}) vs {self.target} Defense "
                f"{self.ac}: hit {float(self.p_hit):.1%}, critical {float(self.p_crit):.1%}; "
                f"expected {both}{riders}")

    def to_frame(self) -> pd.DataFrame:
        """One row per critical choice, indexed by its id (``multiply``, ``wounds``: what
        ``critical_choice=`` takes): the choice in the text's words (``critical``:
        "Double Damage", "Go to Wounds": :func:`~lfgcombat.rulesets.wounds.attacks.choice_words`),
        the expected damage to Hit Points and to Wounds per attack, and their sum."""
        rows = [{"critical": _attacks.choice_words(c, self.weapon.multiplier),
                 "expected_hp": float(hp), "expected_wounds": float(w),
                 "expected_total": float(hp + w)} for c, (hp, w) in self.expected.items()]
        return pd.DataFrame(rows, index=pd.Index(list(self.expected), name="critical_choice"))

    def __repr__(self) -> str:
        return f"<WoundsCreatureOdds {self.summary()}>"


@dataclass(frozen=True)
class _Prepared:
    attacker: WoundsCombatant
    bonus: int
    ac: int
    weapon: WeaponProfile
    damage: WeaponDamage
    conditions: ConditionDefense = ConditionDefense()


def prepare_attack(attacker: Any, target: Any, weapon: Any, ranged: bool | None,
                   prowess: int | None, total_defense: bool, airborne: bool,
                   rider_target: Target | None, spare: bool,
                   resistance_penalty: int = 0,
                   target_conditions: Iterable[str] = (), *, defense_talents: int = 0,
                   circumstance: int = 0) -> _Prepared:
    """An attack made ready to roll: the attacker's bonus, the target's Defense, the weapon
    and its damage with the riders against this target (the arguments of
    :func:`creature_attack_odds`).

    Raises:
        WoundsError: a missing or bad field (``prowess``, ``rider_target``, ``energy``,
            ``defense_talents``, ``circumstance``).
    """
    talents = check_int("defense_talents", defense_talents)
    circumstance = check_int("circumstance", circumstance)
    a = WoundsCombatant.of(attacker, prowess=prowess)
    sheet = WoundsCombatant.sheet_of(target)  # (None for a WoundsCombatant given as it is)
    # the target as it stands (its HP) is read only to make the attack (checked all the
    # same: its sheet is read, or the target itself)
    t = WoundsCombatant.of(target) if sheet is None else None
    if rider_target is not None and not isinstance(rider_target, Target):
        raise WoundsError("rider_target", f"{rider_target!r:.40} is not a "
                          "lfgcombat.rulesets.wounds.damage.Target")
    target_conditions = tuple(target_conditions)
    args = (weapon, ranged, bool(total_defense), bool(airborne), rider_target, bool(spare),
            resistance_penalty, target_conditions, talents, circumstance)
    if sheet is None or not keeps(attacker):
        return _Prepared(a, *_prepared_now(a, t or WoundsCombatant.of(target), *args))
    # The attack as both sheets and the situation make it, none of it reading either HP:
    # kept on the attacker's sheet (under "sheet": handed on past a change of HP, never
    # past one of its conditions or bonuses) for the target's sheet (issue 24, "Fast":
    # every attack read both sheets, the weapon, its riders and the Defense again).
    found = kept_on(attacker, ("sheet", "wounds attack", id(sheet), prowess, *args),
                    lambda: (sheet, _prepared_now(a, WoundsCombatant.of(target), *args)))
    if found[0] is not sheet:  # (kept for another sheet once at this address)
        return _Prepared(a, *_prepared_now(a, WoundsCombatant.of(target), *args))
    return made(_Prepared, a, *found[1])  # (its fields all given: issue 24, "Fast")


def _prepared_now(a: WoundsCombatant, t: WoundsCombatant, weapon: Any, ranged: bool | None,
                  total_defense: bool, airborne: bool, rider_target: Target | None,
                  spare: bool, resistance_penalty: int, target_conditions: tuple[str, ...],
                  talents: int, circumstance: int
                  ) -> tuple[int, int, WeaponProfile, WeaponDamage, ConditionDefense]:
    """:func:`prepare_attack` but its attacker, read now: the attack bonus, the target's
    Defense, the weapon's profile, its damage with riders and resistances, and the
    target's conditions' Defense term."""
    w = weapon_profile(a.creature, weapon, ranged)
    aim = rider_target or target_of(t.creature, airborne)
    dmg = a.weapon_damage(weapon, w, aim, spare, _resistances(t.creature), resistance_penalty)
    conds = condition_defense(target_conditions, melee=not w.ranged)
    ac = conds.defense(t.need_prowess(), t.abilities["dex"], circumstance=circumstance,
                       total_defense=total_defense, talents=talents)
    return a.attack_bonus(w), ac, w, dmg, conds


def _resistances(creature: Any) -> Any:
    """The creature's lfg resistances (``resistances:``), or ``None`` (a bare value); read
    once from a creature (a frozen value: issue 24, "Fast")."""
    return kept_on(creature, ("sheet", "resistance"),
                   lambda: getattr(creature, "resistance", None))


def _crit_range(w: WeaponProfile) -> int:
    return max(_attacks.MIN_CRIT_RANGE, w.threat)


def creature_attack_odds(attacker: Any, target: Any, weapon: Any, *,
                         critical_choice: str = "multiply", prowess: int | None = None,
                         ranged: bool | None = None, total_defense: bool = False,
                         widen: int = 0, airborne: bool = False,
                         rider_target: Target | None = None,
                         spare: bool = False,
                         target_conditions: Iterable[str] = (), defense_talents: int = 0,
                         circumstance: int = 0) -> WoundsCreatureOdds:
    """The exact odds of ``attacker`` hitting ``target`` with ``weapon`` under ``wounds``.

    Args:
        attacker, target: :class:`lfgcombat.Creature` values.
        weapon: A weapon name, entry or :class:`~lfgcombat.rules.attacks.Weapon`.
        critical_choice: ``"multiply"`` or ``"wounds"`` (both are reported in ``expected``).
        prowess: The attacker's Prowess when it does not carry ``prowess``.
        ranged: Attack at range (default: projectile weapons).
        total_defense: The target is in Total Defense (+4).
        widen: Talents widening the critical range (never below 15).
        airborne: The target is flying, falling or more than 5 ft up (Electricity +50%).
        rider_target: The target as the riders see it
            (:class:`~lfgcombat.rulesets.wounds.damage.Target`), instead of the one read from the
            target creature (its creature type, ``airborne``).
        spare: The attacker spares a target a Holy, Unholy or Primal rider lets it spare.
        target_conditions: The target's lfg conditions, the "Conditions" of its Defense
            (:func:`lfgcombat.rulesets.wounds.defense.condition_defense`: ``["Prone"]``...).
        defense_talents, circumstance: The "Talents" and "Circumstance" terms of the
            target's "Defense = 10+ Prowess + Dex + Talents + Conditions + Circumstance"
            (whole numbers, added to its Defense).

    Raises:
        WoundsError: naming the missing or bad field (``prowess``, ``critical_choice``,
            a weapon's ``energy``...); ConditionError: an unknown condition.
    """
    p = prepare_attack(attacker, target, weapon, ranged, prowess, total_defense, airborne,
                       rider_target, spare, target_conditions=target_conditions,
                       defense_talents=defense_talents, circumstance=circumstance)
    odds = _attacks.attack_odds(p.bonus, p.ac, p.damage.damage_parts(),
                                crit_range=_crit_range(p.weapon), widen=widen,
                                multiplier=p.weapon.multiplier,
                                critical_choice=critical_choice, player=p.attacker.player)
    return WoundsCreatureOdds(p.attacker.name, WoundsCombatant.of(target).name, p.weapon,
                              p.bonus, p.ac, str(p.damage), critical_choice, odds, p.damage)


def creature_attack(roller: Roller, attacker: Any, target: Any, weapon: Any, *,
                    critical_choice: str = "multiply", prowess: int | None = None,
                    ranged: bool | None = None, total_defense: bool = False, widen: int = 0,
                    aimed_at: str | None = None, airborne: bool = False,
                    rider_target: Target | None = None,
                    spare: bool = False,
                    target_conditions: Iterable[str] = (), defense_talents: int = 0,
                    circumstance: int = 0) -> _attacks.WoundsAttack:
    """Roll the attack :func:`creature_attack_odds` computes (same arguments and a roller).

    Raises:
        WoundsError: as :func:`creature_attack_odds`; nothing is rolled then.
    """
    p = prepare_attack(attacker, target, weapon, ranged, prowess, total_defense, airborne,
                       rider_target, spare, target_conditions=target_conditions,
                       defense_talents=defense_talents, circumstance=circumstance)
    return _attacks.attack(roller, p.bonus, p.ac, p.damage.damage_parts(),
                           crit_range=_crit_range(p.weapon), widen=widen,
                           multiplier=p.weapon.multiplier, critical_choice=critical_choice,
                           player=p.attacker.player, aimed_at=aimed_at,
                           names=(p.attacker.name, WoundsCombatant.of(target).name,
                                  p.weapon.name))


def creature_save_odds(creature: Any, which: str, dc: int, *,
                       good_saves: Any = None) -> Fraction:
    """P(``creature`` makes its ``which`` save against ``dc``) under ``wounds``: 1d20 + base
    save by Hit Dice (good or bad) + the save's ability (FORT CON, REF WIS, WILL CHA),
    003_de0e94afd49609a7.txt, "Some effects don't directly target your armor or shield"
    ("roll 1d20 and add your total bonus (Base Save + Ability Score Modifier)"). The text
    gives no automatic success or failure on a natural 20 or 1, so there is none.

    Raises:
        WoundsError: no ``good_saves``, an unknown save, or ``dc`` not a whole number.
    """
    bonus = WoundsCombatant.of(creature, good_saves=good_saves).save(which)
    need = check_int("dc", dc) - bonus
    return Fraction(min(20, max(0, 21 - need)), 20)


def creature_saving_throw(roller: Roller, creature: Any, which: str, dc: int, *,
                          good_saves: Any = None) -> tuple[bool, Any]:
    """Roll ``creature``'s ``which`` save against ``dc`` under ``wounds``
    (:func:`creature_save_odds` gives its exact odds).

    Returns:
        ``(saved, roll)``.

    Raises:
        WoundsError: as :func:`creature_save_odds`; nothing is rolled then.
    """
    bonus = WoundsCombatant.of(creature, good_saves=good_saves).save(which)
    return roll_save(roller, bonus, check_int("dc", dc))
