"""The target's Active Defense against an attack: an Active Parry or an Active Dodge.

000_8d1d7816ee944f3b.txt, "Active Defense - Active Parry & Active Dodge", "Active Defense
Limitations:", "Active Parry - If you are attacked in melee and are aware of the attack:",
"Active Parry – Clarifications & Limitations:", "Active Dodge – Clarifications &
Limitations:" and "Special Actions in Combat" (Fight Defensively).

:func:`defense_plan` is a step of :func:`~lfgcombat.rules.attacks.prepare`; the rolled attack and
its odds compare the attack with the :class:`~lfgcombat.rules.attacks.DefensePlan` it builds.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..bonuses import Bonus, BonusType, stack
from ..conditions.conditions import Condition
from lfgcombat.dice import Fortune, net_fortune
from .bonus import attack_bonus, restack
from ..weapons import WeaponError
from .rules import R_DEFENSE, R_DODGE, R_PARRY, R_PARRY_BONUS, illegal
from lfgcombat.creature.stats import Stat, Term
from .setup import DefensePlan
from .situation import Situation
from ..weapons import Weapon, entry_weapon, resolve_weapon, weapon_entries

__all__ = ["FIGHTING_DEFENSIVELY", "defense_plan", "parry_bonus", "check_defense_allowed"]

#: The source of Fight Defensively's -4 attack penalty (an encounter's effect names it so):
#: "Active Parry Rolls you make while fighting defensively ignore the -4 Attack Penalty"
#: (000_8d1d7816ee944f3b.txt, "Fight Defensively (Big Action, No AOO)").
FIGHTING_DEFENSIVELY = "fighting defensively"


def check_defense_allowed(tgt: Any, sit: Situation) -> None:
    """An Active Defense needs an aware target with a Reaction, against an attack roll that
    is not an AOO ("Active Defense Limitations:").

    Args:
        tgt: The situated target.
        sit: The situation.

    Raises:
        IllegalActionError: the target may not defend actively.
    """
    tconds = tgt.active_conditions
    if Condition.FLAT_FOOTED in tconds or Condition.HELPLESS in tconds:
        raise illegal(f"{tgt.name} is flat-footed (unaware): it cannot use Active Defense",
                      R_DEFENSE)
    if tgt.actions.reactions < 1:
        raise illegal(f"{tgt.name} has no Reaction to spend on an Active Defense", R_DEFENSE)
    if sit.aoo:
        raise illegal("Active Defense cannot be used against an AOO: you cannot use a "
                      "Reaction against another Reaction", R_DEFENSE)
    if sit.auto_critical:
        raise illegal("the automatic critical on a Helpless foe is not an attack roll",
                      R_DEFENSE)


def _penalties(tgt: Any, sit: Situation) -> list[Bonus]:
    out: list[Bonus] = []
    if Condition.FLANKED in tgt.active_conditions:
        out.append(Bonus(-2, None, "flanked"))
    if sit.defense_uses:
        out.append(Bonus(-2 * sit.defense_uses, None,
                         f"{sit.defense_uses} earlier Active Defense(s) this round"))
    return out


def parry_bonus(tgt: Any, sit: Situation, penalties: list[Bonus]) -> Any:
    """The target's Active Parry bonus: its melee attack bonus with its parrying weapon,
    plus its Shield Rating and the best Parry+X gear bonus, only the highest
    (000_8d1d7816ee944f3b.txt, "Weapon Trait – Parry+X") ("Active Parry - If you are
    attacked in melee and are aware of the attack:"). Fighting defensively's -4 is ignored,
    as the text says: with ``sit.defender_fighting_defensively`` the target's bonuses from
    :data:`FIGHTING_DEFENSIVELY` (an encounter's effect) are left out.

    Args:
        tgt: The situated target.
        sit: The situation (``parry_weapon``).
        penalties: Flanked, earlier Active Defenses.

    Returns:
        The bonus as a :class:`Stat`.

    Raises:
        IllegalActionError: the target has no melee or natural weapon.
    """
    weapons = []
    for e in weapon_entries(tgt):
        try:
            weapons.append(entry_weapon(e, tgt.size))
        except WeaponError:
            continue
    melee = [x for x in weapons if x.can_melee and not x.is_projectile]
    if sit.parry_weapon is not None:
        chosen = resolve_weapon(tgt, sit.parry_weapon)
    elif melee:
        chosen = melee[0]
    else:
        raise illegal(f"{tgt.name} has no melee or natural weapon to parry with", R_PARRY)
    stat, _ = attack_bonus(tgt, chosen, "melee", None, ())
    extra = list(penalties)
    if chosen.enhancement:
        extra.append(Bonus(chosen.enhancement, BonusType.ENHANCE, chosen.name))
    if chosen.masterwork:
        extra.append(Bonus(1, BonusType.GEAR, f"masterwork {chosen.name}"))
    parry = max([x.parry_bonus for x in melee] + [chosen.parry_bonus])
    if parry:
        extra.append(Bonus(parry, BonusType.GEAR, "Parry+X weapon (highest only)"))
    ignored = sit.defender_fighting_defensively  # "ignore the -4 Attack Penalty"
    stacked = stack(restack(stat, extra, drop=lambda b: ignored
                            and b.source == FIGHTING_DEFENSIVELY and b.value < 0))
    terms = stat.terms + (Term("Shield Rating", tgt.shield_rating),)
    value = sum(t.value for t in terms) + stacked.total
    return Stat("active_parry", value, terms, stacked, rule=R_PARRY_BONUS, fortune=stat.fortune)


def _parry(attacker: Any, tgt: Any, w: Weapon, mode: str, sit: Situation,
           penalties: list[Bonus]) -> tuple[Any, tuple[Bonus, ...]]:
    """(the parry bonus, the attacker's bonuses against a parry).

    000_8d1d7816ee944f3b.txt, "Weapons that affect Active Parry:": Parry+X adds to the
    parry (:func:`parry_bonus`); Knockdown (+2) and Anti-Shield (+1) add to the attacker's
    Gear Bonus against it.
    A Knockdown weapon adds +2 Gear against the parry:
    000_8d1d7816ee944f3b.txt, "Weapon Trait – Knockdown".
    """
    if mode != "melee":
        raise illegal("Active Parry cannot be used against Ranged Attacks", R_PARRY)
    if sit.touch:
        raise illegal("Active Parry cannot be used against Touch Attacks", R_PARRY)
    if attacker.size.order - tgt.size.order >= 2:
        raise illegal(f"{tgt.name} cannot Active Parry a creature 2+ size categories "
                      f"larger ({attacker.size.value} vs {tgt.size.value})", R_PARRY)
    if not tgt.threatens:
        raise illegal(f"{tgt.name} must threaten its area with a melee or natural weapon "
                      "to Active Parry", R_PARRY)
    if sit.defense_bonus is not None:
        dbonus = Stat("active_parry", sit.defense_bonus + sum(b.value for b in penalties),
                      (Term("Active Parry bonus given", sit.defense_bonus),),
                      stack(penalties), rule=R_PARRY)
    else:
        dbonus = parry_bonus(tgt, sit, penalties)
    against: list[Bonus] = []
    if "knockdown" in w.traits:
        against.append(Bonus(2, BonusType.GEAR, w.name))
    if "anti-shield" in w.traits:  # 000_8d1d7816ee944f3b.txt, "Weapon Trait - Anti-Shield"
        against.append(Bonus(1, BonusType.GEAR, w.name))
    return dbonus, tuple(against)


def _dodge(tgt: Any, sit: Situation, penalties: list[Bonus]) -> Any:
    if not (sit.active_dodger or sit.defender_fighting_defensively):
        raise illegal(f"{tgt.name} needs the Active Dodger Feat or to be Fighting "
                      "Defensively to Active Dodge", R_DODGE)
    if sit.acrobatics is None and sit.defense_bonus is None:
        raise WeaponError("an Active Dodge rolls the target's Acrobatics: give "
                          "acrobatics=<its Acrobatics bonus> (skills are not modelled yet)")
    base = int(sit.defense_bonus if sit.defense_bonus is not None else sit.acrobatics or 0)
    dstack = stack(penalties + tgt.active_conditions.modifiers("d20"))
    return Stat("active_dodge", base + dstack.total, (Term("Acrobatics", base),), dstack,
                rule=R_DODGE)


def defense_plan(attacker: Any, tgt: Any, w: Weapon, mode: str, sit: Situation,
                 bonus: Any) -> tuple[DefensePlan, tuple[str, ...]]:
    """The target's Active Parry or Dodge against this attack.

    Args:
        attacker: The attacking creature.
        tgt: The situated target.
        w: The attacker's weapon.
        mode: ``melee`` or ``ranged``.
        sit: The situation (``active_defense`` and the defence's keys).
        bonus: The attack bonus (Knockdown and Anti-Shield weapons add to it against a
            parry).

    Returns:
        (the :class:`~lfgcombat.rules.attacks.DefensePlan`, notes).

    Raises:
        IllegalActionError: the defence is not allowed.
        WeaponError: an Active Dodge without the target's Acrobatics.
    """
    check_defense_allowed(tgt, sit)
    kind = sit.active_defense or "parry"  # called only when the situation names one
    penalties = _penalties(tgt, sit)
    fortunes = [tgt.active_conditions.fortune()]
    notes: tuple[str, ...] = ()
    against: tuple[Bonus, ...] = ()
    if kind == "parry":
        dbonus, against = _parry(attacker, tgt, w, mode, sit, penalties)
    else:
        dbonus = _dodge(tgt, sit, penalties)
        if w.is_bow_or_crossbow:
            fortunes.append(Fortune.UNFORTUNATE)
            notes = ("Active Dodge against a bow or crossbow is Unfortunate",)
    att = bonus
    if against:
        stacked = stack([ln.bonus for ln in bonus.bonuses.lines] + list(against))
        att = dataclasses.replace(bonus, value=sum(t.value for t in bonus.terms) + stacked.total,
                                  bonuses=stacked)
    return DefensePlan(kind, dbonus, net_fortune(fortunes), att), notes
