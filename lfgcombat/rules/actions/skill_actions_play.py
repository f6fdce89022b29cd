"""Skill actions in an encounter: Demoralize, Dirty Tricks, Combat Feint, Insult.

000_8d1d7816ee944f3b.txt, "Special Actions in Combat" ("Certain Skills can provide you with
additional Actions in Combat"): "Intimidate Skill - Demoralize an Opponent (Big Action, AOO)"
(Frightened for 1d4 rounds, within 30 feet), "Sleight of Hand Skill - Dirty Tricks in Combat
(Big Action, AOO)" (steal - a weapon of the foe's, ``condition="steal", item=...`` -
or a negative condition for at least 1 round), "Bluff – Combat
Feint / Fake-Out (Big Action, No AOO)" (Flat-Footed against your next attack; +1 Tactical
while wielding a weapon in each hand, "Handedness & Using Both Hands") and "Perform(Comedy &
Stories) – Insult an Opponent (Big Action, AOO)" (Unfortunate, or it must attack you next
turn). The checks are :func:`lfgcombat.rules.actions.skill_actions.resolve_skill_action`'s.

Decisions: a condition's rounds count down at the end of the affected creature's own turns
(as :meth:`Encounter.add_condition` without ``by``); the Combat Feint lasts until the end of
the feinter's turn (the feint is a Big Action; the other is for the attack) and is used up by
its next attack against that foe (:meth:`ManeuversRules._encounter_situation`); the Insult's
Unfortunate lasts 1 round; "must attack you" is an effect on the foe until the end of its
next turn, and on that turn an attack it makes at anyone else (``attack``, a Wrestling
maneuver or Shield Bash, a follow-up, Pounce or Rake) is refused naming the rule, unless
every insulter is dead (:meth:`SkillChecksRules._insult_problem`); Reactions on others'
turns are free, and the kit does not make it attack (it may not reach; the GM's call).
"Wielding two weapons": two melee weapons listed that are not natural weapons.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..conditions.conditions import Affliction, ConditionError
from lfgcombat.errors import IllegalActionError, LfgError
from .skill_actions import DEMORALIZE_RANGE_FT, SkillAction, SkillActionError
from .._citations import R_CONDITIONS, R_DEATH
from lfgcombat.engine.commands import command
from lfgcombat.engine.state import Effect
from ..handedness import off_hand_weapon_of, RULE as R_HANDS
from ..weapons import resolve_weapon, weapon_entries

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter

__all__ = ["INSULT_EFFECTS"]

#: What an Insult does, the actor's choice: "make them Unfortunate or force them to attack
#: you next turn".
INSULT_EFFECTS = ("unfortunate", "must_attack")


# SkillActions: ``skill_action``: the four skill actions of the combat chapter.


def skill_action(st: Encounter, name: str, action: str, target: str, *,
                 resist_with: str | None = None, condition: str | None = None,
                 item: str | None = None, aoo: Any = None,
                 off_hand: bool = False) -> Encounter:
    """A skill action: a Big Action (all but the Combat Feint provoke AOO), an opposed
    check against the foe's better defence (or ``resist_with``), and its effect.

    Args:
        name: The creature acting now.
        action: ``"demoralize"``, ``"dirty_trick"``, ``"feint"`` or ``"insult"``.
        target: The foe.
        resist_with: The foe's choice (``sense motive``, ``intimidate``, ``tactics``
            or ``will save``, as the action allows).
        condition: Dirty Trick: the negative condition (default ``distracted``) for 1
            round, or ``steal`` ("in order to steal from your opponent"); Insult:
            ``unfortunate`` (default) or ``must_attack``.
        item: Dirty Trick's ``steal``: the foe's weapon taken (one of its ``weapons``,
            not a natural weapon); it passes to the thief's weapons (the thief may
            attack with it; drawing it is the GM's call).
        aoo: Who takes the AOO the action provokes.
        off_hand: A Dirty Trick made using only the off hand: "Any Skill Checks made
            using only your Off-Hand suffer a -2 penalty" (000_8d1d7816ee944f3b.txt,
            "Handedness & Using Both Hands (Two Weapon Fighting)"; none with the
            Ambidextrous Feat). Only the Dirty Trick's Sleight of Hand is a check of the
            hands (decision, inferred: Intimidate, Bluff and Perform are not made with a
            hand), so the other actions refuse it.

    Raises:
        IllegalActionError: not its turn, not a foe, a Demoralize beyond 30 ft, an
            unknown condition or defence; nothing changes.
    """
    args = {"name": name, "action": action, "target": target,
            "resist_with": resist_with, "condition": condition, "aoo": aoo}
    if item is not None:  # the command records it only when given (older saves: none)
        args["item"] = item
    if off_hand is not False:  # likewise: recorded only when asked for
        args["off_hand"] = off_hand
    st._do("skill_action", args)
    return st


def _skill_action_check(st: Encounter, name: str, act: SkillAction, target: str,
                        condition: str | None, item: str | None = None) -> str | None:
    """Refuse before anything is spent; returns the effect's condition."""
    f = st._actor(name)
    st._fighter(target)
    if target == name or st._f[target].side == f.side:
        raise IllegalActionError(f"{target} is not a foe of {name}", act.rule)
    if st._f[target].dead:
        raise IllegalActionError(f"{target} is dead", R_DEATH)
    if act is SkillAction.DEMORALIZE and st.map is not None and \
            name in st._anchors and target in st._anchors:
        dist = st.map.distance(name, target)
        if dist > DEMORALIZE_RANGE_FT:
            raise IllegalActionError(f"Demoralize reaches {DEMORALIZE_RANGE_FT} ft; "
                                     f"{target} is {dist} ft away", act.rule)
    return _skill_effect_choice(st, act, target, condition, item)


def _check_off_hand_action(act: SkillAction, off_hand: Any) -> None:
    """``off_hand`` is True or False, and True only for the Dirty Trick (see
    :meth:`skill_action`).

    Raises:
        IllegalActionError: anything else; nothing changes.
    """
    if not isinstance(off_hand, bool):
        raise IllegalActionError(f"off_hand: True or False, not {off_hand!r:.40}", R_HANDS)
    if off_hand and act is not SkillAction.DIRTY_TRICK:
        raise IllegalActionError(
            f"off_hand: only a Dirty Trick (Sleight of Hand) is a check made with a hand; "
            f"{act.value} ({act.skill}) is not", R_HANDS)


def _skill_effect_choice(st: Encounter, act: SkillAction, target: str, condition: str | None,
                         item: str | None) -> str | None:
    """The effect asked for (the condition, ``steal``, an Insult's), checked."""
    if item is not None and not (act is SkillAction.DIRTY_TRICK and condition == "steal"):
        raise IllegalActionError("item: only a Dirty Trick that steals takes one "
                                 "(condition='steal')", act.rule)
    if act is SkillAction.INSULT:
        pick = condition or "unfortunate"
        if pick not in INSULT_EFFECTS:
            raise IllegalActionError(f"condition: an Insult makes the foe "
                                     f"{' or '.join(INSULT_EFFECTS)}, not {pick!r:.40}",
                                     act.rule)
        return pick
    if act is SkillAction.DIRTY_TRICK and condition == "steal":
        _stolen_index(st, target, item, act.rule)
        return "steal"
    if act is SkillAction.DIRTY_TRICK:
        pick = condition or "distracted"
        try:
            Affliction.parse(pick)
        except ConditionError as exc:
            raise IllegalActionError(f"condition: {exc}", R_CONDITIONS) from None
        return pick
    if condition is not None:
        raise IllegalActionError(f"condition: {act.value} takes none", act.rule)
    return None


@command
def _h_skill_action(st: Encounter, name: str, action: str, target: str, resist_with: str | None,
                    condition: str | None, aoo: Any, item: str | None = None,
                    off_hand: bool = False) -> None:
    try:
        act = SkillAction.coerce(action)
    except SkillActionError as exc:
        raise IllegalActionError(str(exc), st._skills_rule()) from None
    _check_off_hand_action(act, off_hand)
    pick = _skill_action_check(st, name, act, target, condition, item)
    st._defense(target, act.resisted_by, resist_with, act.rule)
    st._check_spend(name, "big", act.value)
    provokers = st._threatening_enemies(name) if act.provokes else []
    offered, take = st._provocation(name, provokers, aoo, act.value)
    st._spend(name, "big", act.value, target=target)
    st._resolve_provocation(name, offered, take, act.value)
    if st._f[name].dead or st._f[target].dead:
        return
    choice, defense = st._defense(target, act.resisted_by, resist_with, act.rule)
    extra = ({"two weapons (tactical)": 1} if act is SkillAction.FEINT
             and st._wields_two(name) else None)
    check = st._opposed(name, target, st.skill(name, act.skill, extra,
                                               off_hand=off_hand), defense,
                        a_label=f"{name}: {act.skill} ({act.value})",
                        b_label=f"{target}: {choice}")
    effect = (_steal(st, name, target, str(item), act.rule) if pick == "steal" else
              _skill_effect(st, name, act, target, pick)) if check.a_wins else None
    st._emit("maneuver", actor=name, target=target, data={
        "maneuver": act.value, "touch": None, "touch_ac": None, "bonus": check.a_bonus,
        "defense": check.b_bonus, "defended_with": choice, "margin": check.margin,
        "success": check.a_wins, "effect": effect, "rule": act.rule})


def _skill_effect(st: Encounter, name: str, act: SkillAction, target: str,
                  pick: str | None) -> str:
    """Apply a won skill action; returns what it did, in words."""
    if act is SkillAction.DEMORALIZE:
        r = st._roll("1d4", label=f"{target}: frightened rounds", actor=name,
                     target=target)
        st._gain(target, f"frightened for {r.total} rounds", by=None,
                 why=f"demoralized by {name}")
        return f"frightened for {r.total} rounds"
    if act is SkillAction.DIRTY_TRICK:
        a = Affliction.parse(str(pick))
        st._gain(target, str(Affliction(a.condition, a.value, 1)), by=None,
                 why=f"dirty trick by {name}")
        return f"{a.condition.value} for 1 round"
    if act is SkillAction.FEINT:
        st._add_effect(target, Effect(
            kind="feinted", label=f"feinted by {name}: Flat-Footed against its next "
                                  "attack", ends="turn_end", on=name,
            data={"by": name}, rule=act.rule))
        return f"Flat-Footed against {name}'s next attack"
    if pick == "must_attack":
        st._add_effect(target, Effect(
            kind="insulted", label=f"insulted by {name}: must attack {name} next turn",
            ends="turn_end", on=target, data={"by": name, "must_attack": name},
            rule=act.rule))
        return f"must attack {name} next turn"
    st._gain(target, "unfortunate for 1 rounds", by=None, why=f"insulted by {name}")
    return "unfortunate for 1 round"


def _stolen_index(st: Encounter, target: str, item: str | None, rule: str) -> int:
    """Where ``item`` is in ``target``'s weapons (a Dirty Trick that steals).

    Raises:
        IllegalActionError: no item, one it does not carry, or a natural weapon.
    """
    v = st._view(target)
    entries = weapon_entries(v)
    names = [str(e.get("name", "")).strip().lower() for e in entries]
    want = str(item or "").strip().lower()
    if want not in names:
        raise IllegalActionError(f"item: name what to steal: one of {target}'s weapons "
                                 f"({', '.join(names) or 'none'}), not {item!r:.40}", rule)
    i = names.index(want)
    try:
        w = resolve_weapon(v, entries[i])
    except LfgError:
        w = None
    if w is not None and (w.is_natural or w.is_unarmed):
        raise IllegalActionError(f"item: {target}'s {want} is part of it (a natural "
                                 "weapon), not something to steal", rule)
    return i


def _steal(st: Encounter, name: str, target: str, item: str, rule: str) -> str:
    """A won Dirty Trick that steals: the weapon passes from ``target``'s weapons to
    ``name``'s (the victim's ``off_hand:`` goes with it)."""
    i = _stolen_index(st, target, item, rule)
    tf, af = st._f[target], st._f[name]
    left = list(tf.creature.weapons)
    entry = left.pop(i)
    changes: dict[str, Any] = {"weapons": left}
    off = off_hand_weapon_of(tf.creature)
    if off is not None and (off == item.strip().lower() or len(left) < 2):
        changes["off_hand"] = None
    tf.creature = tf.creature.replace(**changes)
    af.creature = af.creature.replace(weapons=list(af.creature.weapons) + [entry])
    st._touch(target)
    st._touch(name)
    return f"stole {item.strip().lower()}"


def _wields_two(st: Encounter, name: str) -> bool:
    """A weapon in each hand: two melee weapons listed that are not natural."""
    count = 0
    v = st._view(name)
    for w in weapon_entries(v):
        try:
            weapon = resolve_weapon(v, w)
        except LfgError:  # a weapon the kit cannot read counts as none
            continue
        if weapon.can_melee and not weapon.is_natural and not weapon.is_unarmed:
            count += 1
    return count >= 2
