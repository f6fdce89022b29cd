"""One combatant's classic round: what it may do, and what happens at the start of its turn.

002_2a3a79475ca2a541.txt, "Character Round:" and "Single Actions:" (one single action and a
split Move Action, :class:`~lfgcombat.rulesets.classic.actions.RoundBudget`); "Stabilizing a
Disabled
Character" ("If a hero is disabled they can not move, attack, communicate, or cast spells";
the DC12 FORT check to stabilize, then "During combat, they may make a single CON check
each round on their turn"; a mobile hero's "one limited action per round"; the optional
loss of 1 HP a round); "Conditions": Bleed ("takes the amount of damage listed at the
beginning of its turn"), Confused ("determined by rolling d% at the beginning of his
turn"), each condition's speed and actions (``data/classic/conditions.csv``), Energy-Drained
("loss of 5 hit points" a level; dead at as many levels as Hit Dice).

:class:`ClassicFighter` is a value: every step returns a new fighter and the events it
caused, in words (``("stabilized",)``, ``("bleeds 2",)``...), for an encounter to log.

Decisions where the text is open (inferred, shown in notebook 30):

* A disabled hero that is not stable makes its DC12 FORT check at the start of each of its
  turns (the text gives the check, not when); once stable, its DC14 CON check there too.
* Round kinds from conditions: Disabled (not mobile), Dead, Unconscious, Cower, Stunned,
  Paralyzed ("purely mental actions": no action of the round's list) -> nothing; Nauseated,
  Dazed, Panicked and a Confused "flee" -> the Move Action only; a mobile disabled hero ->
  the limited round. Half speed (Blinded, Entangled, Exhausted) halves the Move Action;
  speed "none" (Immobilized, Paralyzed, Unconscious) leaves no movement.
* Frightened and Scared creatures act normally as far as the round goes (they must flee
  "as best it can"; the GM steers them: the start-of-turn events say so).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from lfgcombat.dice import Roller
from lfgcombat.errors import IllegalActionError

from ._base import ClassicError, check_int, evolve, kept_property, rule
from .actions import RoundBudget, SingleAction, fresh_round
from .catalogue import CATALOGUE
from .combatant import ClassicCombatant
from .conditions import (NegativeLevels, combined_effect, confused_action, in_table_order,
                         sheet_conditions)
from .health import ClassicVitals

__all__ = ["ClassicFighter", "round_mode"]

_ROUND = rule("Character Round:")
_NOTHING = frozenset({"none", "mental_only"})
#: What a fighter keeps of its health (its vitals, conditions, Bleed and negative levels),
#: handed on past a change of its round alone (:meth:`ClassicFighter._with_round`): its
#: kept properties and the classic health policy's report and map standing.
_HEALTH_READINGS = ("all_conditions", "dead", "_report", "_map_standing", "_speed_ft",
                    "_round_mode")


def _acting_conditions(vitals: ClassicVitals, conditions: Iterable[str]) -> set[str]:
    """The conditions that limit its round: a mobile hero's Disabled is its limited round
    (half speed or one action), not Disabled's "No actions [...] or movement"."""
    names = set(conditions) | set(vitals.conditions)
    if vitals.limited:
        names -= {"Disabled", "Unconscious", "Helpless"}
    return names


def round_mode(vitals: ClassicVitals, conditions: Iterable[str],
               confused: str | None = None) -> str:
    """The kind of round a creature gets: ``normal``, ``limited``, ``move_only`` or ``none``.

    Args:
        vitals: Its hit points (disabled, mobile, dead...).
        conditions: Its classic conditions (those of ``vitals`` are added).
        confused: This turn's Confused action, if any (``babble``: nothing; ``flee_caster``:
            the Move Action only).
    """
    names = _acting_conditions(vitals, conditions)
    actions = combined_effect(names).actions
    if actions & _NOTHING or confused == "babble":
        return "none"
    if vitals.limited:
        return "limited"
    if actions & {"move_only", "lose_one"} or "Panicked" in names or confused == "flee_caster":
        return "move_only"
    return "normal"


@dataclass(frozen=True)
class ClassicFighter:
    """One combatant's classic state.

    Attributes:
        name: Its name.
        vitals: Hit points (:class:`~lfgcombat.rulesets.classic.health.ClassicVitals`).
        speed_ft: Its full movement.
        con_mod, fort_mod: For the CON check to become mobile and the FORT check to
            stabilize (FORT: the CON modifier unless given, inferred).
        dex_mod, wis_mod, ref_mod, will_mod: Its REF and WILL saves: the DEX and WIS
            modifiers unless given (inferred, as FORT: :meth:`save_bonus`).
        hit_dice: For Energy-Drained.
        conditions: Its classic conditions (not those its hit points give).
        bleed: Bleed damage a turn (0: none).
        negative_levels: Energy-Drained levels.
        budget: This round's :class:`~lfgcombat.rulesets.classic.actions.RoundBudget` (``None``
            outside its turn).
        confused: This turn's Confused action.
    """

    name: str
    vitals: ClassicVitals
    speed_ft: int = 30
    con_mod: int = 0
    fort_mod: int | None = None
    hit_dice: int = 1
    conditions: frozenset[str] = frozenset()
    bleed: int = 0
    negative_levels: int = 0
    budget: RoundBudget | None = None
    confused: str | None = None
    dex_mod: int = 0
    wis_mod: int = 0
    ref_mod: int | None = None
    will_mod: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.vitals, ClassicVitals):
            raise ClassicError("vitals", f"{self.vitals!r:.40} is not ClassicVitals; build "
                               "one with ClassicVitals(max_hp) or ClassicFighter.of")
        check_int("speed_ft", self.speed_ft, 0)
        check_int("con_mod", self.con_mod)
        for key in ("fort_mod", "ref_mod", "will_mod"):
            if getattr(self, key) is not None:
                check_int(key, getattr(self, key))
        check_int("dex_mod", self.dex_mod)
        check_int("wis_mod", self.wis_mod)
        check_int("hit_dice", self.hit_dice, 1)
        check_int("bleed", self.bleed, 0)
        check_int("negative_levels", self.negative_levels, 0)
        combined_effect(self.conditions)  # unknown names are refused here

    @classmethod
    def of(cls, creature: Any, conditions: Iterable[str] = ()) -> "ClassicFighter":
        """A creature at the start of a fight: its HP, speed, CON, DEX and WIS modifiers
        (its FORT, REF and WILL, the text giving no base saves: inferred), level as Hit
        Dice, and its conditions: those its file lists (``conditions: [Shaken]``, read by
        the classic list: :func:`lfgcombat.rulesets.classic.conditions.sheet_conditions`) and
        ``conditions``, each as
        :meth:`~lfgcombat.rulesets.classic.catalogue.ClassicConditions.add_to`
        gives it (``"Bleed 2"``, ``"Energy-Drained 1"``).

        Raises:
            ClassicError: a condition that is not a classic one (or one the hit points
                give: Dead, Disabled, Unconscious, Helpless).
        """
        c = ClassicCombatant.of(creature)
        mods = c.abilities
        fighter = cls(c.name, c.vitals(), speed_ft=int(c.creature.speed),
                      con_mod=mods["con"], hit_dice=c.hit_dice, dex_mod=mods["dex"],
                      wis_mod=mods["wis"])
        return fighter.given((*sheet_conditions(c.creature), *conditions))

    def given(self, names: Iterable[str]) -> "ClassicFighter":
        """This fighter with the classic conditions ``names`` as written (any case):
        ``"Shaken"``; ``"Bleed 2"`` (damage a turn); ``"Energy-Drained 1"`` (negative
        levels; its "loss of 5 hit points" is taken to be in the hit points already, as a
        sheet's HP are: inferred).

        Raises:
            ClassicError: an unknown condition, a Bleed or Energy-Drained without its
                amount, an amount on another, or one the hit points give (Dead, Disabled,
                Unconscious, Helpless: give the HP instead).
        """
        catalogue = CATALOGUE
        out = self
        for text in names:
            cond, amount = catalogue.read(text)
            if cond == "Energy-Drained":
                levels = catalogue.amount_of(text)
                out = replace(out, negative_levels=out.negative_levels + levels)
            elif amount is None and cond not in (
                    *catalogue.from_hit_points, "Bleed"):
                out = replace(out, conditions=out.conditions | {cond})
            else:
                out = catalogue.add_to(out, text)  # refused, in its words
        return out

    @kept_property
    def dead(self) -> bool:
        """Dead: at -10 or below, or as many negative levels as Hit Dice (kept: the
        fighter is frozen; issue 24, "Fast")."""
        if self.vitals.dead:
            return True
        return bool(self.negative_levels) and NegativeLevels(  # none: not drained to death
            self.negative_levels, max(1, self.hit_dice)).dead

    @kept_property
    def all_conditions(self) -> tuple[str, ...]:
        """Its conditions and those its hit points give, in the table's order (kept: the
        fighter is frozen)."""
        names = set(self.conditions) | set(self.vitals.conditions)
        if self.negative_levels:
            names.add("Energy-Drained")
        if self.bleed:
            names.add("Bleed")
        if self.dead:
            names = {"Dead"}
        return in_table_order(frozenset(names))

    def _roll_modifier(self, field: str) -> int:
        """What its conditions add to a kind of roll (``saves``, ``ability_checks``): each
        condition's number, Energy-Drained's -1 once per negative level ("Conditions")."""
        names = [n for n in self.all_conditions if n != "Energy-Drained"]
        return int(getattr(combined_effect(names), field)) - self.negative_levels

    @property
    def fort_bonus(self) -> int:
        """Its Fortitude bonus: ``fort_mod`` (else the CON modifier, inferred) with its
        conditions' saving throw modifiers (Shaken, Sickened, Frightened -2; Energy-Drained
        -1 a level). The "DC12 Fortitude check to stabilize" and the killing blow's
        "Fortitude save" both roll it (inferred: the text's check is the save)."""
        return self.save_bonus("fort")

    def save_bonus(self, which: str) -> int:
        """Its ``fort``, ``ref`` or ``will`` save bonus: ``fort_mod`` / ``ref_mod`` /
        ``will_mod``, else the CON / DEX / WIS modifier (inferred: the text gives no base
        saves; its "DC12 Fortitude check" reads as d20 + the modifier; DEX and WIS are the
        d20 family's REF and WILL abilities), with its conditions' saving throw modifiers
        (002_2a3a79475ca2a541.txt, "Conditions": Shaken "-2 penalty to all rolls",
        Sickened and Frightened "-2 penalty on [...] saving throws", Energy-Drained "-1
        penalty on [...] saving throws" a negative level).

        Raises:
            ClassicError: ``which`` is not fort, ref or will.
        """
        key = str(which).strip().lower()
        key = {"fortitude": "fort", "reflex": "ref"}.get(key, key)
        given = {"fort": (self.fort_mod, self.con_mod), "ref": (self.ref_mod, self.dex_mod),
                 "will": (self.will_mod, self.wis_mod)}.get(key)
        if given is None:
            raise ClassicError("save", f"{which!r:.20} is not a saving throw; one of fort, "
                               "ref, will")
        base = given[1] if given[0] is None else given[0]
        return base + self._roll_modifier("saves")

    @property
    def ref_bonus(self) -> int:
        """Its Reflex bonus under its conditions (:meth:`save_bonus`)."""
        return self.save_bonus("ref")

    @property
    def will_bonus(self) -> int:
        """Its Will bonus under its conditions (:meth:`save_bonus`)."""
        return self.save_bonus("will")

    @property
    def skill_check_modifier(self) -> int:
        """What its conditions add to its skill checks (Shaken, Sickened, Frightened -2;
        Energy-Drained -1 a level: "Conditions"), e.g. the Stabilize action's Survival."""
        return self._roll_modifier("skills")

    @property
    def con_check_bonus(self) -> int:
        """Its CON check bonus (to become mobile): the CON modifier with its conditions'
        ability check modifiers (Sickened, Frightened -2; Energy-Drained -1 a level)."""
        return self.con_mod + self._roll_modifier("ability_checks")

    def _speed(self) -> int:
        """Its movement this round by its conditions (kept: it reads its health alone)."""
        kept: int | None = self.__dict__.get("_speed_ft")
        if kept is None:
            speed = combined_effect(_acting_conditions(self.vitals, self.all_conditions)).speed
            kept = self.__dict__["_speed_ft"] = {"full": self.speed_ft,
                                                 "half": self.speed_ft // 2, "none": 0}[speed]
        return kept

    def _plain_mode(self) -> str:
        """:func:`round_mode` of its vitals and conditions, no Confused action (kept: it
        reads its health alone)."""
        kept: str | None = self.__dict__.get("_round_mode")
        if kept is None:
            kept = self.__dict__["_round_mode"] = round_mode(self.vitals, self.conditions)
        return kept

    def start_turn(self, roller: Roller, was_attacked: bool = False
                   ) -> tuple["ClassicFighter", tuple[str, ...]]:
        """The start of its turn: Bleed, the optional HP loss, the FORT or CON check of a
        disabled hero, the Confused roll; then its round's budget.

        Args:
            roller: The dice.
            was_attacked: It was attacked since its last turn (a Confused creature then
                attacks its attackers).

        Raises:
            IllegalActionError: it is dead.
        """
        if self.dead:
            raise IllegalActionError(f"{self.name} is dead and takes no turn", rule("Death"))
        events: list[str] = []
        v = self.vitals
        if self.bleed:
            v = v.damage(self.bleed)
            events.append(f"bleeds {self.bleed}")
        v = v.start_of_turn()
        events += v.events
        v, events = self._recovery(roller, v, events)
        confused = None
        if "Confused" in self.conditions:
            confused, _ = confused_action(roller, was_attacked=was_attacked)
            events.append(f"Confused: {confused}")
        mode = (self._plain_mode() if v is self.vitals and confused is None
                else round_mode(v, self.conditions, confused))
        if {"Frightened", "Scared"} & self.conditions:
            events.append("must flee the source of its fear as best it can")
        # its speed with its vitals now: read on itself when they did not change (its
        # readings kept), else on a copy with them (issue 24, "Fast": one copy a turn)
        if v is self.vitals:  # its health as it was: its readings of it handed on
            return (self._with_round(confused=confused,
                                     budget=fresh_round(self._speed(), mode)),
                    tuple(events) + (f"round: {mode}",))
        speed = evolve(self, vitals=v)._speed()  # its speed with its vitals now
        return (evolve(self, vitals=v, confused=confused, budget=fresh_round(speed, mode)),
                tuple(events) + (f"round: {mode}",))

    def _recovery(self, roller: Roller, v: ClassicVitals,
                  events: list[str]) -> tuple[ClassicVitals, list[str]]:
        if not v.disabled or v.dead:
            return v, events
        if not v.stable:
            v, roll = v.stabilize_check(roller, self.fort_bonus)
            state = "stable" if v.stable else "not stable"
            events.append(f"FORT to stabilize: {roll.total} ({state})")
        elif not v.mobile:
            v, roll = v.mobility_check(roller, self.con_check_bonus)
            events.append(f"CON to become mobile: {roll.total} "
                          f"({'mobile' if v.mobile else 'still disabled'})")
        return v, events

    def _need_turn(self) -> RoundBudget:
        if self.budget is None:
            raise IllegalActionError(f"it is not {self.name}'s turn", _ROUND)
        return self.budget

    def move(self, feet: int) -> "ClassicFighter":
        """Spend ``feet`` of the Move Action (before or after the single action).

        Raises:
            IllegalActionError: not its turn, or further than its movement this round.
        """
        return self._with_round(budget=self._need_turn().move(feet))

    def act(self, action: SingleAction | str) -> "ClassicFighter":
        """Take the round's single action (``attack``, ``cast_spell``, ``heroic_action``,
        ``standard_action``, ``stabilize``).

        Raises:
            IllegalActionError: not its turn, the action is spent, or its round forbids it.
        """
        return self._with_round(budget=self._need_turn().act(action))

    def end_turn(self) -> "ClassicFighter":
        """The end of its turn: the budget is gone until its next turn."""
        return self._with_round(budget=None, confused=None)

    def _with_round(self, **round_changes: Any) -> "ClassicFighter":
        """A copy with another round (``budget``, ``confused``) and the same health, with
        what was read of its health (:data:`_HEALTH_READINGS`: its conditions, death, the
        health report and map standing kept on it, none of which reads its round) handed
        on (issue 24, "Fast": every step of a round read them again); its round's
        readings (what it may still do) are not."""
        new = evolve(self, **round_changes)
        old, made = self.__dict__, new.__dict__
        for key in _HEALTH_READINGS:
            if key in old:
                made[key] = old[key]
        return new

    def damage(self, amount: int, nonlethal: bool = False) -> "ClassicFighter":
        """Take damage (see :meth:`ClassicVitals.damage`); disabled, unconscious or dead
        during its own turn, it loses the rest of the round ("If a hero is disabled they
        can not move, attack, communicate, or cast spells")."""
        return evolve(self, vitals=self.vitals.damage(amount, nonlethal))._settled()

    def _settled(self) -> "ClassicFighter":
        """Its budget after a change of HP mid-turn: nothing more when the round is over."""
        b = self.budget
        if b is None or (round_mode(self.vitals, self.conditions, self.confused) != "none"
                         and not self.dead):
            return self
        return evolve(self, budget=RoundBudget(b.speed_ft, action=b.action, mode="none"))

    def heal(self, amount: int) -> "ClassicFighter":
        """Heal; any healing also stops a Bleed ("any spell that cures hit point damage")."""
        return replace(self, vitals=self.vitals.heal(amount), bleed=0)

    def drain(self, levels: int = 1) -> "ClassicFighter":
        """Gain negative levels: -5 HP each ("loss of 5 hit points").

        Raises:
            ClassicError: ``levels`` is not a whole number >= 1.
        """
        n = check_int("levels", levels, 1)
        return replace(self, negative_levels=self.negative_levels + n,
                       vitals=self.vitals.damage(5 * n))._settled()
