"""Skill actions in an encounter: Demoralize, Dirty Tricks, Combat Feint, Insult.

000_8d1d7816ee944f3b.txt, "Special Actions in Combat" ("Certain Skills can provide you with
additional Actions in Combat"): "Intimidate Skill - Demoralize an Opponent (Big Action, AOO)"
(Frightened for 1d4 rounds, within 30 feet), "Sleight of Hand Skill - Dirty Tricks in Combat
(Big Action, AOO)" (steal - a weapon of the foe's, ``condition="steal", item=...`` -
or a negative condition for at least 1 round), "Bluff – Combat
Feint / Fake-Out (Big Action, No AOO)" (Flat-Footed against your next attack; +1 Tactical
while wielding a weapon in each hand, "Handedness & Using Both Hands") and "Perform(Comedy &
Stories) – Insult an Opponent (Big Action, AOO)" (Unfortunate, or it must attack you next
turn). The checks are :func:`lfgcombat.skill_actions.resolve_skill_action`'s.

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

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, Self

from ..conditions import Affliction, ConditionError
from ..errors import IllegalActionError, LfgError
from ..skill_actions import DEMORALIZE_RANGE_FT, SkillAction, SkillActionError
from ._citations import R_CONDITIONS, R_DEATH
from .commands import command
from .skill_checks import SkillChecksContext, SkillChecksRules
from .state import Effect
from .composition import rules

if TYPE_CHECKING:
    from ..battlemap.hexmap import HexMap
    from ..conditions import Condition
    from .state import _Fighter

__all__ = ["SkillActionsRules", "SkillActionsContext", "INSULT_EFFECTS"]

#: What an Insult does, the actor's choice: "make them Unfortunate or force them to attack
#: you next turn".
INSULT_EFFECTS = ("unfortunate", "must_attack")


class SkillActionsContext(SkillChecksContext, Protocol):
    """What the rules of this module use of an encounter."""

    _anchors: dict[str, tuple[int, int]]
    map: HexMap  # None without a map: the rules check `self.map is None` or _need_map first

    def _actor(self, name: str) -> _Fighter: ...

    def _add_effect(self, name: str, effect: Effect) -> None: ...

    def _attack_weapon(self, name: str, target: str, weapon: Any) -> tuple[Any, Any]: ...

    def _check_spend(self, name: str, type_: str, action: str) -> str: ...

    def _do(self, kind: str, args: dict[str, Any]) -> Any: ...

    def _gain(self, name: str, condition: str, *, by: str | None, why: str = "") -> None: ...

    def _has(self, name: str, cond: Condition) -> bool: ...

    def _provocation(self, mover: str, provokers: Iterable[str], aoo: Any, action: str
                     ) -> tuple[list[str], list[str]]: ...

    def _resolve_provocation(self, mover: str, offered: list[str], take: list[str], action: str,
                             steps: Mapping[str, Any] | None = None) -> None: ...

    def _roll(self, expr: str, *, label: str, actor: str | None = None,
              target: str | None = None, fortune: Any = None, against: int | None = None,
              outcome: str | None = None) -> Any: ...

    def _spend(self, name: str, type_: str, action: str, target: str | None = None) -> str: ...

    def _threatening_enemies(self, name: str) -> list[str]: ...

    def _touch(self, name: str) -> None: ...


if TYPE_CHECKING:  # the rules see an encounter through their context only
    _Base = SkillActionsContext
else:
    _Base = object


@rules(SkillActionsContext)
class SkillActionsRules(SkillChecksRules, _Base):
    """``skill_action``: the four skill actions of the combat chapter."""

    def skill_action(self, name: str, action: str, target: str, *,
                     resist_with: str | None = None, condition: str | None = None,
                     item: str | None = None, aoo: Any = None,
                     off_hand: bool = False) -> Self:
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
        self._do("skill_action", args)
        return self

    def _skill_action_check(self, name: str, act: SkillAction, target: str,
                            condition: str | None, item: str | None = None) -> str | None:
        """Refuse before anything is spent; returns the effect's condition."""
        f = self._actor(name)
        self._fighter(target)
        if target == name or self._f[target].side == f.side:
            raise IllegalActionError(f"{target} is not a foe of {name}", act.rule)
        if self._f[target].dead:
            raise IllegalActionError(f"{target} is dead", R_DEATH)
        if act is SkillAction.DEMORALIZE and self.map is not None and \
                name in self._anchors and target in self._anchors:
            dist = self.map.distance(name, target)
            if dist > DEMORALIZE_RANGE_FT:
                raise IllegalActionError(f"Demoralize reaches {DEMORALIZE_RANGE_FT} ft; "
                                         f"{target} is {dist} ft away", act.rule)
        return self._skill_effect_choice(act, target, condition, item)

    @staticmethod
    def _check_off_hand_action(act: SkillAction, off_hand: Any) -> None:
        """``off_hand`` is True or False, and True only for the Dirty Trick (see
        :meth:`skill_action`).

        Raises:
            IllegalActionError: anything else; nothing changes.
        """
        from ..handedness import RULE as R_HANDS
        if not isinstance(off_hand, bool):
            raise IllegalActionError(f"off_hand: True or False, not {off_hand!r:.40}", R_HANDS)
        if off_hand and act is not SkillAction.DIRTY_TRICK:
            raise IllegalActionError(
                f"off_hand: only a Dirty Trick (Sleight of Hand) is a check made with a hand; "
                f"{act.value} ({act.skill}) is not", R_HANDS)

    def _skill_effect_choice(self, act: SkillAction, target: str, condition: str | None,
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
            self._stolen_index(target, item, act.rule)
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
    def _h_skill_action(self, name: str, action: str, target: str, resist_with: str | None,
                        condition: str | None, aoo: Any, item: str | None = None,
                        off_hand: bool = False) -> None:
        try:
            act = SkillAction.coerce(action)
        except SkillActionError as exc:
            raise IllegalActionError(str(exc), self._skills_rule()) from None
        self._check_off_hand_action(act, off_hand)
        pick = self._skill_action_check(name, act, target, condition, item)
        self._defense(target, act.resisted_by, resist_with, act.rule)
        self._check_spend(name, "big", act.value)
        provokers = self._threatening_enemies(name) if act.provokes else []
        offered, take = self._provocation(name, provokers, aoo, act.value)
        self._spend(name, "big", act.value, target=target)
        self._resolve_provocation(name, offered, take, act.value)
        if self._f[name].dead or self._f[target].dead:
            return
        choice, defense = self._defense(target, act.resisted_by, resist_with, act.rule)
        extra = ({"two weapons (tactical)": 1} if act is SkillAction.FEINT
                 and self._wields_two(name) else None)
        check = self._opposed(name, target, self.skill(name, act.skill, extra,
                                                       off_hand=off_hand), defense,
                              a_label=f"{name}: {act.skill} ({act.value})",
                              b_label=f"{target}: {choice}")
        effect = (self._steal(name, target, str(item), act.rule) if pick == "steal" else
                  self._skill_effect(name, act, target, pick)) if check.a_wins else None
        self._emit("maneuver", actor=name, target=target, data={
            "maneuver": act.value, "touch": None, "touch_ac": None, "bonus": check.a_bonus,
            "defense": check.b_bonus, "defended_with": choice, "margin": check.margin,
            "success": check.a_wins, "effect": effect, "rule": act.rule})

    def _skill_effect(self, name: str, act: SkillAction, target: str,
                      pick: str | None) -> str:
        """Apply a won skill action; returns what it did, in words."""
        if act is SkillAction.DEMORALIZE:
            r = self._roll("1d4", label=f"{target}: frightened rounds", actor=name,
                           target=target)
            self._gain(target, f"frightened for {r.total} rounds", by=None,
                       why=f"demoralized by {name}")
            return f"frightened for {r.total} rounds"
        if act is SkillAction.DIRTY_TRICK:
            a = Affliction.parse(str(pick))
            self._gain(target, str(Affliction(a.condition, a.value, 1)), by=None,
                       why=f"dirty trick by {name}")
            return f"{a.condition.value} for 1 round"
        if act is SkillAction.FEINT:
            self._add_effect(target, Effect(
                kind="feinted", label=f"feinted by {name}: Flat-Footed against its next "
                                      "attack", ends="turn_end", on=name,
                data={"by": name}, rule=act.rule))
            return f"Flat-Footed against {name}'s next attack"
        if pick == "must_attack":
            self._add_effect(target, Effect(
                kind="insulted", label=f"insulted by {name}: must attack {name} next turn",
                ends="turn_end", on=target, data={"by": name, "must_attack": name},
                rule=act.rule))
            return f"must attack {name} next turn"
        self._gain(target, "unfortunate for 1 rounds", by=None, why=f"insulted by {name}")
        return "unfortunate for 1 round"

    def _stolen_index(self, target: str, item: str | None, rule: str) -> int:
        """Where ``item`` is in ``target``'s weapons (a Dirty Trick that steals).

        Raises:
            IllegalActionError: no item, one it does not carry, or a natural weapon.
        """
        from ..attacks.weapons import resolve_weapon, weapon_entries
        v = self._view(target)
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

    def _steal(self, name: str, target: str, item: str, rule: str) -> str:
        """A won Dirty Trick that steals: the weapon passes from ``target``'s weapons to
        ``name``'s (the victim's ``off_hand:`` goes with it)."""
        i = self._stolen_index(target, item, rule)
        tf, af = self._f[target], self._f[name]
        left = list(tf.creature.weapons)
        entry = left.pop(i)
        changes: dict[str, Any] = {"weapons": left}
        from ..handedness import off_hand_weapon_of
        off = off_hand_weapon_of(tf.creature)
        if off is not None and (off == item.strip().lower() or len(left) < 2):
            changes["off_hand"] = None
        tf.creature = tf.creature.replace(**changes)
        af.creature = af.creature.replace(weapons=list(af.creature.weapons) + [entry])
        self._touch(target)
        self._touch(name)
        return f"stole {item.strip().lower()}"

    def _wields_two(self, name: str) -> bool:
        """A weapon in each hand: two melee weapons listed that are not natural."""
        from ..attacks.weapons import resolve_weapon, weapon_entries
        count = 0
        v = self._view(name)
        for w in weapon_entries(v):
            try:
                weapon = resolve_weapon(v, w)
            except LfgError:  # a weapon the kit cannot read counts as none
                continue
            if weapon.can_melee and not weapon.is_natural and not weapon.is_unarmed:
                count += 1
        return count >= 2
