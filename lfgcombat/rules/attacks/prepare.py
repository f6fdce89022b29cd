"""Preparing an attack: every rule that does not need the dice, as named steps.

000_8d1d7816ee944f3b.txt, "Attack Rolls" (how to attack a foe, reach and range), "Three
Attack Types – Basic, Heavy, Ranged:", "Consecutive Attacks", "Handedness & Using Both
Hands (Two Weapon Fighting)", "Special Actions in Combat" (Aim, Fight Defensively, Knockout
Strike, Power Attack), "Critical Hits" (the automatic critical on a Helpless foe),
"Concealment - What is it?", "Conditions – Full Details" (Invisible: "Your opponents are
Flat-Footed"), "Killer Criticals (Optional Rule)", "Precision Damage [+Prec]" and "Active
Defense - Active Parry & Active Dodge".

:func:`prepare` runs these steps in order; each is a small function that returns what it
found (values and notes) and changes nothing it is given:

1. :func:`situation_of` - the :class:`Situation` from keywords;
2. :func:`check_not_self` and :func:`check_can_act` - a creature attacks a foe, with an
   action to spare;
3. :func:`situated_target` - the target as the situation makes it (Flanked, Flat-Footed,
   Helpless; Flat-Footed against an invisible attacker);
4. :func:`attack_mode` and :func:`range_and_reach` - melee or ranged, the range penalty;
5. :func:`special_actions` and :func:`penalties_and_gear` - bonuses and penalties to hit;
6. :func:`~lfgcombat.rules.attacks.bonus.attack_bonus` - the attack bonus as a typed :class:`Stat`;
7. :func:`attack_fortune`, :func:`~lfgcombat.rules.attacks.bonus.defense_ac`, :func:`miss_chance` -
   the roll's luck, the AC it is against (and the confirmation's), the % miss chance;
8. :func:`check_auto_critical`, then :func:`~lfgcombat.rules.attacks.damage_plan.damage_plan` and
   :func:`~lfgcombat.rules.attacks.defense.defense_plan`.

:func:`attack` is ``prepare`` followed by :meth:`AttackSetup.resolve` (it lives here, not in
:mod:`~lfgcombat.rules.attacks.resolve`, so that rolling does not import preparing).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from ..bonuses import Bonus, BonusType
from ..conditions.conditions import Condition
from lfgcombat.creature.family import family_find, family_keep
from lfgcombat.dice import Fortune, Roller, net_fortune
from lfgcombat.rulesets import Ruleset, coerce_ruleset
from lfgcombat.rulesets.fields import check_written_for
from .bonus import attack_bonus, defense_ac
from .damage_plan import damage_plan
from .defense import defense_plan
from .formulas import off_hand_penalty, range_penalty
from .resolve import AttackResult
from .rules import (R_ATTACK, R_CONDITIONS, R_CRIT, R_DEFENSE, R_HANDS, R_SPECIAL, R_TYPES,
                    illegal)
from lfgcombat._made import made
from .setup import AttackSetup
from .situation import Situation
from ..weapons import Weapon, WeaponError, resolve_weapon

__all__ = ["prepare", "attack", "weapon_line", "situation_of", "check_not_self",
           "check_can_act", "situated_target", "attack_mode", "range_and_reach",
           "special_actions", "penalties_and_gear", "attack_fortune", "miss_chance",
           "check_auto_critical"]


def situation_of(situation: Situation | None, keywords: Mapping[str, Any]) -> Situation:
    """Step 1: the situation, from a :class:`Situation` and/or its keys as keywords.

    Args:
        situation: A situation, or ``None``.
        keywords: Keys of :class:`Situation` (they override ``situation``'s).

    Returns:
        The situation.

    Raises:
        WeaponError: unknown key (with "did you mean") or bad value.
    """
    if situation is None:
        return Situation.make(**keywords)
    if keywords:
        return dataclasses.replace(situation, **Situation.make(**keywords).changed())
    return situation


def check_not_self(attacker: Any, target: Any) -> None:
    """Step 2a: 000_8d1d7816ee944f3b.txt, "How do I attack an enemy?" ("Attack Rolls"): an attack is
    made against a
    foe; a creature does not attack itself.

    Args:
        attacker, target: The creatures.

    Raises:
        IllegalActionError: ``target`` is ``attacker`` (the same creature value).
    """
    if target is attacker:
        raise illegal(f"{attacker.name} cannot attack itself: an attack is made against a "
                      "foe; choose another target", R_ATTACK)


def check_can_act(attacker: Any, sit: Situation) -> None:
    """Step 2b: the attacker has the Big Action (or, for an AOO, the Reaction) to attack.

    Args:
        attacker: The attacking creature.
        sit: The situation (``aoo``).

    Raises:
        IllegalActionError: its conditions forbid the action.
    """
    acts = attacker.actions
    if sit.aoo:
        if acts.reactions < 1:
            raise illegal(f"{attacker.name} has no Reaction for an AOO "
                          f"({', '.join(attacker.active_conditions.forbidding('reactions'))})",
                          R_CONDITIONS)
    elif acts.big_actions < 1:
        raise illegal(f"{attacker.name} cannot take a Big Action to attack: "
                      + "; ".join(acts.notes), R_CONDITIONS)


def situated_target(attacker: Any, target: Any, sit: Situation) -> tuple[Any, tuple[str, ...]]:
    """Step 3: the target with the conditions the situation gives it.

    ``flanked``, ``flat_footed`` and ``helpless`` add those conditions. An invisible
    attacker makes it Flat-Footed: "Invisible: ... Your opponents are Flat-Footed"
    ("Conditions – Full Details"), so the attack is against its FFAC and it cannot use an
    Active Defense (the miss chance against an invisible *target* is the target's own
    condition, see :func:`miss_chance`).

    Args:
        attacker, target: The creatures.
        sit: The situation.

    Returns:
        (the target as situated - a new value, ``target`` is unchanged -, notes).
    """
    tgt = target
    notes: list[str] = []
    flat_footed = sit.flat_footed
    if Condition.INVISIBLE in attacker.active_conditions \
            and Condition.FLAT_FOOTED not in target.active_conditions and not flat_footed:
        flat_footed = True
        notes.append(f"{attacker.name} is Invisible: {target.name} is Flat-Footed against it "
                     f"({R_CONDITIONS})")
    if sit.flanked or flat_footed or sit.helpless:  # (most attacks: none)
        for flag, cond in ((sit.flanked, "flanked"), (flat_footed, "flat_footed"),
                           (sit.helpless, "helpless")):
            if flag and Condition(cond) not in tgt.active_conditions:
                tgt = tgt.with_condition(cond)
    return tgt, tuple(notes)


def attack_mode(w: Weapon, sit: Situation) -> str:
    """Step 4a: ``melee`` or ``ranged`` (a projectile weapon, or a thrown one).

    Args:
        w: The weapon.
        sit: The situation (``thrown``).

    Returns:
        The mode.

    Raises:
        IllegalActionError: throwing a weapon that is not thrown.
    """
    if w.is_projectile:
        if sit.thrown:
            raise illegal(f"{w.name} shoots ammunition; it is not thrown", R_ATTACK)
        return "ranged"
    if sit.thrown:
        if not w.can_throw:
            raise illegal(f"{w.name} is not a thrown weapon (it has no Range Increment for "
                          "throwing)", R_ATTACK)
        return "ranged"
    return "melee"


def range_and_reach(attacker: Any, tgt: Any, w: Weapon, mode: str,
                    distance: int | None) -> tuple[Bonus, ...]:
    """Step 4b: "your target must be within your Melee Reach"; a ranged attack reaches 10
    Range Increments (projectile) or 5 (thrown), -2 per full increment beyond the first
    (000_8d1d7816ee944f3b.txt, "-Maximum Range").

    Args:
        attacker, tgt: The creatures.
        w: The weapon.
        mode: ``melee`` or ``ranged``.
        distance: Feet to the target, if known.

    Returns:
        The range penalty, if any, as bonuses.

    Raises:
        IllegalActionError: out of reach or beyond the maximum range.
        WeaponError: a ranged weapon without a range increment.
    """
    if mode == "melee":
        reach = w.reach_ft if w.reach_ft is not None else int(attacker.reach.value)
        if distance is not None and distance > max(reach, 5 if reach else 0):
            raise illegal(f"{tgt.name} is {distance} ft away, beyond {attacker.name}'s Melee "
                          f"Reach of {reach} ft with {w.name}", R_ATTACK)
        return ()
    inc = w.range_increment
    if inc is None:
        raise WeaponError(f"{w.name} has no range_increment; give one in its entry")
    if distance is None:
        return ()
    longest = inc * (10 if w.is_projectile else 5)
    if distance > longest:
        raise illegal(
            f"{tgt.name} is {distance} ft away, beyond {w.name}'s maximum range of "
            f"{longest} ft ({'10' if w.is_projectile else '5'} Range Increments of "
            f"{inc} ft for a {'projectile' if w.is_projectile else 'thrown'} weapon)",
            R_ATTACK)
    pen = range_penalty(distance, inc)
    if not pen:
        return ()
    return (Bonus(pen, None, f"range: {distance} ft, {-pen // 2} full increment(s) of "
                             f"{inc} ft beyond the first"),)


def special_actions(attacker: Any, w: Weapon, mode: str,
                    sit: Situation) -> tuple[tuple[Bonus, ...], tuple[str, ...]]:
    """Step 5a: Power Attack, Fight Defensively and Aim ("Special Actions in Combat").

    Args:
        attacker: The attacking creature.
        w: The weapon.
        mode: ``melee`` or ``ranged``.
        sit: The situation.

    Returns:
        (bonuses and penalties to hit, consequences for the attacker).

    Raises:
        IllegalActionError: a special action the rules forbid here.
    """
    bonuses: list[Bonus] = []
    consequences: list[str] = []
    if sit.power_attack:
        if mode != "melee":
            raise illegal("Power Attack is a single melee attack", R_SPECIAL)
        bonuses.append(Bonus(-2, None, "Power Attack"))
        consequences.append(f"{attacker.name} suffers -2 AC until its next turn (Power Attack)")
    if sit.fight_defensively:
        if not (w.can_melee or w.is_natural or w.is_unarmed):
            raise illegal("Fight Defensively needs a melee weapon (or to threaten your area)",
                          R_SPECIAL)
        if sit.previous_attacks or (sit.consecutive_penalty or 0) < 0:
            raise illegal("you may not choose to fight defensively if you have already "
                          "made an attack on your turn", R_SPECIAL)
        bonuses.append(Bonus(-4, None, "Fight Defensively"))
        consequences.append(f"{attacker.name} gains a +2 Dodge Bonus to AC until the start of "
                            "its next turn (Fight Defensively)")
    if sit.aim:
        if mode != "ranged":
            raise illegal("Aim gives its +1 Focus Bonus to a ranged attack only", R_SPECIAL)
        if sit.aoo:
            raise illegal("Aim cannot affect an AOO", R_SPECIAL)
        bonuses.append(Bonus(1, BonusType.FOCUS, "Aim"))
    return tuple(bonuses), tuple(consequences)


def _consecutive(sit: Situation) -> tuple[Bonus, ...]:
    if sit.consecutive_penalty is not None:
        return ((Bonus(sit.consecutive_penalty, None, "Consecutive Attack Penalty"),)
                if sit.consecutive_penalty else ())
    if not sit.previous_attacks:
        return ()
    per = 1 if sit.alternating else 2
    return (Bonus(-per * sit.previous_attacks, None,
                  f"Consecutive Attack Penalty ({sit.previous_attacks} earlier attack(s), "
                  f"-{per} each)"),)


def penalties_and_gear(w: Weapon, mode: str, sit: Situation) -> tuple[Bonus, ...]:
    """Step 5b: the C.A.P., the off hand, two shields, the weapon's enhancement and
    masterwork, the situation's own bonuses; and the two-handed grip's legality.

    Args:
        w: The weapon.
        mode: ``melee`` or ``ranged``.
        sit: The situation.

    Returns:
        The bonuses and penalties to hit.

    Raises:
        IllegalActionError: an off-hand two-handed weapon, a two-handed grip that is not
            one.
    """
    out = list(_consecutive(sit))
    if sit.off_hand:
        pen = off_hand_penalty(w, sit.two_weapon_fighting)
        if pen:
            out.append(Bonus(pen, None, "off hand"))
    if sit.two_shields:
        out.append(Bonus(-2, None, "two shields"))
    if w.enhancement:
        out.append(Bonus(w.enhancement, BonusType.ENHANCE, f"+{w.enhancement} weapon"))
    if w.masterwork:
        out.append(Bonus(1, BonusType.GEAR, "masterwork (inferred, d20)"))
    out += list(sit.attack_bonuses)
    if sit.two_handed:
        if w.hands == "two" or mode != "melee" or w.is_natural or w.is_unarmed:
            raise illegal(f"two_handed is for wielding a one-handed weapon in both hands; "
                          f"{w.name} is {w.hands}-handed/{w.category}", R_TYPES)
        if sit.off_hand:
            raise illegal("an off-hand attack uses one hand", R_HANDS)
    return tuple(out)


def attack_fortune(bonus: Any, sit: Situation, mode: str,
                   tgt: Any) -> tuple[Fortune | None, tuple[str, ...]]:
    """Step 7a: Fortunate/Unfortunate on the attack roll: the attacker's conditions, the
    situation's, and the target's (melee attacks against a Prone foe...), cancelling.

    Args:
        bonus: The attack bonus (its ``fortune``).
        sit: The situation.
        mode: ``melee`` or ``ranged``.
        tgt: The situated target.

    Returns:
        (the net fortune, notes).
    """
    tconds = tgt.active_conditions
    if sit.fortune is None and (mode != "melee" or tconds.attackers_melee_fortune is None):
        return Fortune.coerce(bonus.fortune), ()  # one source: itself (issue 24, "Fast")
    sources = [bonus.fortune, Fortune.coerce(sit.fortune)]
    notes = []
    if mode == "melee" and tconds.attackers_melee_fortune is not None:
        sources.append(tconds.attackers_melee_fortune)
        notes.append(f"melee attacks against {tgt.name} are "
                     f"{tconds.attackers_melee_fortune.value}")
    return net_fortune(sources), tuple(notes)


def miss_chance(attacker: Any, tgt: Any, sit: Situation) -> tuple[int, tuple[str, ...]]:
    """Step 7c: the % Miss Chance: the situation's concealment, the target's conditions
    (Invisible: Total Concealment), the attacker's (Blinded) - the largest.

    Args:
        attacker: The attacking creature.
        tgt: The situated target.
        sit: The situation.

    Returns:
        (the percentage, notes).
    """
    tconds, aconds = tgt.active_conditions, attacker.active_conditions
    if not tconds.attackers_miss_chance and not aconds.miss_chance:
        return sit.miss_chance, ()  # the situation's alone (issue 24, "Fast": most attacks)
    notes = []
    if tconds.attackers_miss_chance:
        notes.append(f"{tgt.name}: attacks against it have a {tconds.attackers_miss_chance}% "
                     "miss chance")
    if aconds.miss_chance:
        notes.append(f"{attacker.name}'s conditions give its attacks a "
                     f"{aconds.miss_chance}% miss chance")
    return max(sit.miss_chance, tconds.attackers_miss_chance, aconds.miss_chance), tuple(notes)


def check_auto_critical(tgt: Any, sit: Situation, mode: str) -> None:
    """Step 8: a Big Action strike on a Helpless foe in reach is a Critical Hit ("Critical
    Hits") - only on a Helpless foe, in melee, without an Active Defense.

    Args:
        tgt: The situated target.
        sit: The situation (``auto_critical``).
        mode: ``melee`` or ``ranged``.

    Raises:
        IllegalActionError: the automatic critical is not allowed here.
    """
    if not sit.auto_critical:
        return
    if Condition.HELPLESS not in tgt.active_conditions:
        raise illegal(f"{tgt.name} is not Helpless: only a Helpless foe is struck "
                      "automatically with a Critical Hit", R_CRIT)
    if mode != "melee":
        raise illegal("the automatic Critical Hit needs the Helpless foe within Melee "
                      "Reach", R_CRIT)
    if sit.active_defense:
        raise illegal("a Helpless foe cannot use Active Defense", R_DEFENSE)


def prepare(attacker: Any, target: Any, weapon: "Weapon | str | Mapping", *,
            ruleset: Ruleset | str | None = None, situation: Situation | None = None,
            **kwargs: Any) -> AttackSetup:
    """Check an attack is legal and compute everything but the dice.

    Args:
        attacker, target: :class:`lfgcombat.Creature` values.
        weapon: A weapon name, entry or :class:`Weapon` (see :func:`resolve_weapon`).
        ruleset: The :class:`Ruleset` (default ``lfg``, optional rules off).
        situation: A :class:`Situation`, or give its keys as keywords.
        **kwargs: Keys of :class:`Situation`.

    Returns:
        The :class:`AttackSetup`.

    Raises:
        IllegalActionError: an attack the rules forbid (out of range or reach, Power Attack
            with a bow, Active Parry against an arrow, a creature attacking itself...),
            naming the rule.
        WeaponError: an unknown weapon or situation key, or a bad value.
        RulesetFieldError: a creature whose ``ruleset`` key leaves this ruleset out.
    """
    rules = coerce_ruleset(ruleset)
    for creature in (attacker, target):  # its 'ruleset' key (lfgcombat/rulesets/fields.py)
        _check_written_for(creature, rules.name)
    sit = situation_of(situation, kwargs)
    # under "attack": kept on through a change of HP alone (creature._keep_stats): the
    # attacker's part reads HP only through its conditions in effect
    key = ("attack", "setup", type(weapon), weapon, sit)
    kept = _kept_on(attacker, key)
    if kept is None:
        w = resolve_weapon(attacker, weapon)
        check_not_self(attacker, target)
        tgt, seen = situated_target(attacker, target, sit)
        check_can_act(attacker, sit)
        mode = attack_mode(w, sit)
        extra = range_and_reach(attacker, tgt, w, mode, sit.distance_ft)
        special, consequences = special_actions(attacker, w, mode, sit)
        extra += special + penalties_and_gear(w, mode, sit)
        bonus, bonus_notes = attack_bonus(attacker, w, mode, sit.ability, extra)
        _keep_on(attacker, key, (w, mode, consequences, bonus, bonus_notes))
    else:  # the attacker's part, as it was made: only the target's checks are left
        w, mode, consequences, bonus, bonus_notes = kept
        check_not_self(attacker, target)
        tgt, seen = situated_target(attacker, target, sit)
    fortune, fortune_notes = attack_fortune(bonus, sit, mode, tgt)
    ac, confirm = _defense_ac(tgt, sit, mode)
    miss, miss_notes = miss_chance(attacker, tgt, sit)
    check_auto_critical(tgt, sit, mode)
    damage = _damage_plan(attacker, tgt, w, mode, sit, rules, miss)
    defense, defense_notes = (defense_plan(attacker, tgt, w, mode, sit, bonus)
                              if sit.active_defense else (None, ()))
    notes = seen + bonus_notes + fortune_notes + miss_notes + defense_notes
    return made(AttackSetup, attacker, tgt, w, sit, rules, mode, bonus, fortune, ac, confirm,
                miss, damage, defense, sit.auto_critical, notes, consequences)


def _keeps(creature: Any) -> bool:
    """Whether ``creature`` is a frozen :class:`~lfgcombat.creature.Creature` that keeps
    what is read of it (``Creature._kept``; attacks never import the creature module),
    answered once per class."""
    cls = type(creature)
    found = _KEEPS.get(cls)
    if found is None:
        found = _KEEPS[cls] = callable(getattr(cls, "_kept", None))
    return found


#: A creature's class -> whether it keeps what is read of it (:func:`_keeps`).
_KEEPS: dict[type, bool] = {}


def _kept_on(creature: Any, key: tuple[Any, ...]) -> Any:
    """What :func:`_keep_on` kept on ``creature`` under ``key`` (``None``: nothing, or a
    key that is no key: a weapon given as a mapping). A creature is a frozen value, so
    what :func:`prepare` made of it for the same weapon and situation is the same (issue
    24, "Fast": every attack resolved the weapon and stacked the attack bonus again)."""
    if not _keeps(creature):
        return None
    kept = creature.__dict__.get("_kept_stats")
    try:
        found = kept.get(key) if kept else None
    except TypeError:
        return None
    if found is None:  # a copy of the same sheet in the same state made it (family.py)
        found = family_find(creature, key)
        if found is not None:
            creature.__dict__.setdefault("_kept_stats", {})[key] = found
    return found


def _keep_on(creature: Any, key: tuple[Any, ...], value: Any) -> None:
    """Keep ``value`` on ``creature`` (a :class:`~lfgcombat.creature.Creature`) under
    ``key`` (see :func:`_kept_on`); nothing for another value or an unhashable key."""
    if not _keeps(creature):
        return
    kept = creature.__dict__.setdefault("_kept_stats", {})
    try:
        kept[key] = value
    except TypeError:
        return
    family_keep(creature, key, value)


def _defense_ac(tgt: Any, sit: Situation, mode: str) -> tuple[Any, Any]:
    """:func:`~lfgcombat.rules.attacks.bonus.defense_ac`, kept on the target by what it
    reads of the situation (touch, cover, the AC bonuses, the distance) and the mode;
    under "ac": kept on through a change of HP alone, like the target's AC
    (``creature._keep_stats``: it reads HP only through the conditions in effect)."""
    d, cover = sit.distance_ft, sit.cover
    key = ("ac", "defense", mode, sit.touch, sit.ac_bonuses, type(cover), cover, type(d), d)
    kept = _kept_on(tgt, key)
    if kept is None:
        kept = defense_ac(tgt, sit, mode, d)
        _keep_on(tgt, key, kept)
    return kept


def _damage_plan(attacker: Any, tgt: Any, w: Weapon, mode: str, sit: Situation,
                 rules: Ruleset, miss: int) -> Any:
    """:func:`~lfgcombat.rules.attacks.damage_plan.damage_plan`, kept on the attacker by
    the weapon, mode, situation, ruleset, miss chance and what it reads of the target (its
    name, size, type, resistances and, with Killer Criticals, its max HP); under "attack":
    kept on through the attacker's change of HP alone (it reads the attacker's HP only
    through its conditions in effect: Weakened). The plan is a frozen value; what it
    works out of a roll (``physical``) is the same for every attack it plans."""
    # the weapon by identity (hashing its every field was most of the key's cost), kept
    # beside the plan and checked: another weapon of the same id is never this one
    key = ("attack", "damage", id(w), mode, sit, rules, miss, tgt.name, tgt.size,
           tgt.creature_type, tgt.resistances,
           tgt.max_hp.value if rules.killer_criticals else None)
    kept = _kept_on(attacker, key)
    if kept is None or kept[0] is not w:
        kept = (w, damage_plan(attacker, tgt, w, mode, sit, rules, miss))
        _keep_on(attacker, key, kept)
    return kept[1]


def _check_written_for(creature: Any, ruleset: str) -> None:
    """:func:`~lfgcombat.rulesets.fields.check_written_for`, kept on the creature once it
    passed (a frozen value: its ``ruleset`` key stays what it was); a refusal raises
    every time."""
    key = ("sheet", "written_for", ruleset)  # its sheet alone: kept through HP changes
    if _kept_on(creature, key) is None:
        check_written_for(creature, ruleset)
        _keep_on(creature, key, True)


def attack(attacker: Any, target: Any, weapon: "Weapon | str | Mapping", roller: Roller, *,
           ruleset: Ruleset | str | None = None, **situation: Any) -> AttackResult:
    """Make one attack and resolve it with the dice.

    The order of the rolls: the attack roll (with the target's Active Parry/Dodge roll if
    it uses one), the % miss chance if it hit and the target has concealment, the
    confirmation roll if it threatened, then the damage (weapon, precision, extra dice),
    then what the hit sets off (a Perfect Critical's limb, a Knockout Strike's FORT Save;
    see :mod:`lfgcombat.rules.attacks.resolve`). Each roll goes to ``roller``'s history (the dice
    log) with a label.

    Args:
        attacker, target: :class:`lfgcombat.Creature` values.
        weapon: A weapon name (``"battleaxe"``; the attacker's own entry first), a weapon
            entry mapping, or a :class:`Weapon`.
        roller: The seeded :class:`~lfgcombat.dice.Roller`.
        ruleset: ``Ruleset("lfg", killer_criticals=True, perfect_critical=True)`` switches
            the optional rules (default: off).
        **situation: Keys of :class:`Situation` (``fortune="fortunate"``, ``flanked=True``,
            ``concealment="partial"``, ``power_attack=True``, ``active_defense="parry"``...).

    Returns:
        :class:`AttackResult` (``explain()`` for the readable account).

    Raises:
        IllegalActionError: the rules forbid the attack; nothing is rolled.
        WeaponError: unknown weapon or situation key, or bad value; nothing is rolled.

    Example:
        >>> from lfgcombat import Creature, Roller
        >>> a = Creature.from_dict({"name": "A", "class": "fighter", "level": 3,
        ...                         "abilities": {"str": 14}})
        >>> t = Creature.from_dict({"name": "T", "level": 1, "max_hp": 10})
        >>> attack(a, t, "battleaxe", Roller(seed=1)).outcome in ("hit", "miss", "critical")
        True
    """
    return prepare(attacker, target, weapon, ruleset=ruleset, **situation).resolve(roller)


def weapon_line(attacker: Any, weapon: "Weapon | str | Mapping", target: Any = None,
                **situation: Any) -> str:
    """The attack line in the text's annotation format, e.g. ``Battleaxe: +6 / 20 / x3 /
    1d8+2 [s+b]`` ("Attack Roll Annotations").

    Args:
        attacker: The creature.
        weapon: A weapon name, entry or :class:`Weapon`.
        target: Whom it attacks (default: an unarmoured level 0 target).
        **situation: Keys of :class:`Situation`.

    Returns:
        The line.
    """
    # the default target is of the attacker's own kind (a Creature): attacks never import
    # the creature module, which builds on them
    tgt = target if target is not None else type(attacker).from_dict(
        {"name": "target", "level": 0, "max_hp": 10})
    return prepare(attacker, tgt, weapon, **situation).line
