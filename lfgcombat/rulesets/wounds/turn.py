"""One combatant's wounds turn: Half Actions, Total Defense, parries, and the hits it takes.

003_de0e94afd49609a7.txt, "Attacking an enemy usually involves spending your Half Action";
"Total Defense is an action you can take in combat" ("until the beginning of your next
turn", "you must spend additional Half Actions to maintain it for following rounds", no
AOO); "Any attack made against a character wearing a shield" (parries per turn = the Parry
Bonus); "As mentioned in the previous Tip" (AOO per round); "When a character is subject to
a damage-dealing effect" (Hit Points, then Wounds); "Shell operates similarly" (a Shell
"lasts for just one round"); "Electricity" (-1 initiative per 5 damage, a round, cumulative);
"Cold" (Hindered a round; to Wounds: FORT DC = damage or Immobilized); "If another natural
20 is rolled when confirming a critical hit" (Instant Kill: "the Dead condition").

:class:`WoundsFighter` is a value: every step returns a new fighter and the events it
caused, in words, for an encounter to log.

Decisions where the text is open (inferred, shown in notebook 31): a turn is two Half
Actions; Hindered and Immobilized from Cold last until the end of the creature's next turn
(the text: "for 1 round"; gained in its own turn, until the end of the turn after), each
end logged (:meth:`WoundsFighter.finish_turn`); every other condition (the GM's, Prone) lasts
until it is removed (Prone: until it stands up), and a Hindered the GM gave is not ended by
the Cold's round; the Immobilized of a failed Cold save lasts "1 round" too (the text gives
the round only to the already-Hindered case); a Shell lasts a round of its owner's turns
(:data:`lfgcombat.rulesets.wounds.health.SHELL_MARKS`). Cold "applied to wounds" is any Cold damage
that reaches Wounds (a Go-to-Wounds critical, or past the last Hit Point); its FORT save is
"equal to the damage dealt": the whole hit's damage that reached HP and Wounds (the text
does not say "dealt to Wounds"; what a Barrier or Shell absorbed is not dealt: inferred).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from lfgcombat.dice import Roller
from lfgcombat.errors import IllegalActionError

from ._base import WoundsError, check_int, evolve, kept_property, rule
from .aoo import aoo_per_round
from .attacks import WoundsAttack
from .damage import (RIDER_TYPES, Target, add_initiative_penalty, after_damage,
                     cold_to_wounds)
from .defense import Turn
from .health import Barrier, WoundsVitals
from .parry import ParryResult, Shield, parry
from .combatant import WoundsCombatant

__all__ = ["WoundsFighter"]

_TURN = rule("Attacking an enemy usually involves spending your Half Action")
_TOTAL = rule("Total Defense is an action you can take in combat")
_AOO = rule("As mentioned in the previous Tip")
_COLD = rule("Cold")
_SAVES = rule("Some effects don't directly target your armor or shield")
#: Turn ends a rider's round-long condition outlasts, gained out of / in its own turn.
_ROUND_OUT, _ROUND_IN = 1, 2
#: A turn begun: two Half Actions (a frozen value, made once: issue 24, "Fast").
_FRESH_TURN = Turn()


def _report_handed_on(old: "WoundsFighter", new: "WoundsFighter") -> "WoundsFighter":
    """``new``, keeping the report kept on ``old``
    (:func:`lfgcombat.rulesets.wounds.play.kept_report`): for a fighter that differs from
    ``old`` in nothing the report reads (its Hit Points and Wounds, Barrier and Shell, its
    conditions, Total Defense, parries and shield, AOO left, initiative and resistance
    penalties), only in its turn, its move or the rounds still to count (the caller says
    so). Issue 24, "Fast": the same report was read again at every step of a turn."""
    kept = old.__dict__.get("_report")
    if kept is not None:
        new.__dict__["_report"] = kept
    return new


@dataclass(frozen=True)
class WoundsFighter:
    """One combatant's wounds state.

    Attributes:
        name: Its name.
        vitals: Hit Points, Wounds, Barrier, Shell
            (:class:`~lfgcombat.rulesets.wounds.health.WoundsVitals`).
        dex_mod: For its AOO per round. fort_bonus: For Cold to Wounds (``None``: it has
            no ``good_saves``, and a Cold save is refused naming the field).
        turn: This turn's Half Actions (``None`` outside its turn); Total Defense is kept
            here until the start of its next turn.
        shield: Its shield (:class:`~lfgcombat.rulesets.wounds.parry.Shield`), or ``None``.
        aoo_used: AOO made this round.
        initiative_penalty, initiative_rounds: Electricity's running initiative penalty.
        resistance_penalty, resistance_rounds: Acid's running reduction of its resistances
            ("all resistences reduced by 1 for every 5 points of damage dealt. The
            reduction lasts for 1 minutes and is refreshed whenever any amount of Acid
            damage is taken"): 10 rounds, counted at the end of its turns; a new Acid hit
            keeps the larger reduction (the text says "refreshed", not "cumulative" as for
            Electricity: inferred) and starts the minute again.
        conditions: Its conditions: the GM's (lasting until removed) and those of riders.
        round_conditions: The conditions of ``conditions`` that a rider gave "for 1 round"
            (Cold's Hindered and Immobilized), each with the ends of its turns still to come
            before it ends (:meth:`finish_turn`).
        total_defense: In Total Defense (+4 Defense, no AOO) until the start of its turn.
        speed_ft: Its speed: each Half Action spent moving moves it this far (inferred).
        move_left: Feet left of the Half Action it last spent moving.
        armor_check_penalty: Its shield's Armor Check Penalty (parry rolls).
        player: A player character (may roll for an Instant Kill).
        combat_reflexes: Times it selected the Combat Reflexes Universal Talent ("you may
            gain further Attacks of Opportunity by selecting the Combat Reflexes Universal
            Talent"): +1 AOO a round each (inferred: the text gives no number).
    """

    name: str
    vitals: WoundsVitals
    dex_mod: int = 0
    fort_bonus: int | None = 0
    turn: Turn | None = None
    shield: Shield | None = None
    aoo_used: int = 0
    initiative_penalty: int = 0
    initiative_rounds: int = 0
    resistance_penalty: int = 0
    resistance_rounds: int = 0
    conditions: frozenset[str] = frozenset()
    round_conditions: tuple[tuple[str, int], ...] = ()
    total_defense: bool = False
    speed_ft: int = 30
    move_left: int = 0
    armor_check_penalty: int = 0
    player: bool = False
    combat_reflexes: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.vitals, WoundsVitals):
            raise WoundsError("vitals", f"{self.vitals!r:.40} is not WoundsVitals; build one "
                              "with WoundsVitals(max_hp, wounds_max) or WoundsFighter.of")
        if self.shield is not None and not isinstance(self.shield, Shield):
            raise WoundsError("shield", "give a Shield(parry_bonus, ObjectState) or None")
        check_int("dex_mod", self.dex_mod)
        if self.fort_bonus is not None:
            check_int("fort_bonus", self.fort_bonus)
        check_int("aoo_used", self.aoo_used, 0)
        check_int("initiative_penalty", self.initiative_penalty, None, 0)
        check_int("initiative_rounds", self.initiative_rounds, 0)
        check_int("resistance_penalty", self.resistance_penalty, None, 0)
        check_int("resistance_rounds", self.resistance_rounds, 0)
        check_int("speed_ft", self.speed_ft, 0)
        check_int("move_left", self.move_left, 0)
        check_int("armor_check_penalty", self.armor_check_penalty, None, 0)
        check_int("combat_reflexes", self.combat_reflexes, 0)

    @classmethod
    def of(cls, creature: Any, shield: Shield | None = None) -> "WoundsFighter":
        """A creature at the start of a fight: its wounds vitals, DEX modifier and Combat
        Reflexes (the ``combat_reflexes`` key: its AOO), FORT bonus (``None`` when it has no
        ``good_saves``: its Cold save is refused then), its parrying shield (the ``shield``
        key, unless ``shield`` is given) and its Armor Check Penalty, speed and whether it
        is a player.

        Raises:
            WoundsError: a bad wounds field of the creature (named).
        """
        c = WoundsCombatant.of(creature)
        fort = c.save("fort") if c.good_saves is not None else None
        if shield is None and c.shield is not None:
            shield = c.shield.shield()
        acp = c.shield.armor_check_penalty if c.shield is not None else 0
        speed = int(getattr(getattr(creature, "move_speed", None), "value", None)
                    or getattr(creature, "speed", 30) or 0)
        return cls(c.name, c.vitals(), dex_mod=c.abilities["dex"], fort_bonus=fort,
                   shield=shield, speed_ft=speed, armor_check_penalty=acp,
                   player=c.player,
                   combat_reflexes=int(getattr(creature, "combat_reflexes", 0) or 0))

    @property
    def dead(self) -> bool:
        """At 0 Wounds (or slain by an Instant Kill)."""
        return self.vitals.dead

    @kept_property
    def aoo_per_round(self) -> int:
        """"1 + your Dexterity modifier (minimum 0)" + its Combat Reflexes (none counted
        in Total Defense: see :attr:`aoo_left`)."""
        return aoo_per_round(self.dex_mod, self.combat_reflexes)

    @kept_property
    def aoo_left(self) -> int:
        """AOO it may still make this round (none in Total Defense; kept: the fighter is
        a value, issue 24, "Fast")."""
        if self.total_defense:  # "You cannot make attacks of opportunity whilst in Total
            return 0            # Defense" (:func:`~lfgcombat.rulesets.wounds.aoo.aoo_per_round`)
        # its fields checked when it was made: the count of :func:`aoo_per_round`, unchecked
        return max(0, 1 + max(0, self.dex_mod) + self.combat_reflexes - self.aoo_used)

    @property
    def why_no_aoo(self) -> str | None:
        """Why it cannot make an Attack of Opportunity now, in the text's words, or
        ``None``: dead, in Total Defense ("You cannot make attacks of opportunity whilst in
        Total Defense"), or its AOO this round used ("a number of Attacks of Opportunity
        each round equal to 1 + your Dexterity modifier (minimum 0)"). The rule is
        :attr:`why_no_aoo_rule`."""
        if self.dead:
            return f"{self.name} is dead"
        if self.total_defense:
            return (f"{self.name} is in Total Defense: \"You cannot make attacks of "
                    "opportunity whilst in Total Defense\"")
        if self.aoo_left <= 0:
            reflexes = (f" + {self.combat_reflexes} Combat Reflexes" if self.combat_reflexes
                        else "")
            return (f"{self.name} has no Attack of Opportunity left this round (it made "
                    f"{self.aoo_used} of {self.aoo_per_round}: 1 + DEX modifier (minimum 0)"
                    f"{reflexes})")
        return None

    @property
    def why_no_aoo_rule(self) -> str:
        """The heading :attr:`why_no_aoo` cites: Total Defense's, else the AOO count's."""
        return _TOTAL if self.total_defense and not self.dead else _AOO

    def start_turn(self, maintain_total_defense: bool = False
                   ) -> tuple["WoundsFighter", tuple[str, ...]]:
        """The start of its turn: two Half Actions (one spent if it keeps up Total
        Defense), the shield's parries again, Total Defense over unless maintained
        ("until the beginning of your next turn", logged), a Shell's round counted
        (:meth:`~lfgcombat.rulesets.wounds.health.WoundsVitals.turn_mark`).

        Raises:
            IllegalActionError: it is dead, or asks to maintain a Total Defense it is not in.
        """
        if self.dead:
            raise IllegalActionError(f"{self.name} is dead and takes no turn", _TURN)
        if maintain_total_defense and not self.total_defense:
            raise IllegalActionError(f"{self.name} is not in Total Defense", rule(
                "Total Defense is an action you can take in combat"))
        turn = Turn().take_total_defense() if maintain_total_defense else _FRESH_TURN
        v = self.vitals.turn_mark()
        events = list(v.events)
        if maintain_total_defense:
            events.append("keeps up Total Defense (1 Half Action)")
        elif self.total_defense:
            events.append('Total Defense ends ("until the beginning of your next turn")')
        shield = self.shield.new_turn() if self.shield is not None else None
        fresh = evolve(self, vitals=v, turn=turn, shield=shield,
                       total_defense=maintain_total_defense)
        if not self.vitals.shell and shield is self.shield \
                and maintain_total_defense == self.total_defense:
            _report_handed_on(self, fresh)  # (its turn alone is new)
        return fresh, tuple(events) + (f"Half Actions: {turn.half_actions}",)

    def _need_turn(self) -> Turn:
        if self.turn is None:
            raise IllegalActionError(f"it is not {self.name}'s turn", _TURN)
        if self.dead:
            raise IllegalActionError(f"{self.name} is dead and acts no more", _TURN)
        return self.turn

    def spend(self, what: str = "attack") -> "WoundsFighter":
        """Spend a Half Action (an attack, a move...).

        Raises:
            IllegalActionError: not its turn, or no Half Action left.
        """
        return _report_handed_on(self, evolve(self, turn=self._need_turn().spend(what)))

    def take_total_defense(self) -> "WoundsFighter":
        """Spend a Half Action on Total Defense (+4 AC until its next turn, no AOO).

        Raises:
            IllegalActionError: not its turn, no Half Action left, or fighting defensively.
        """
        return evolve(self, turn=self._need_turn().take_total_defense(), total_defense=True)

    def end_turn(self) -> "WoundsFighter":
        """:meth:`finish_turn` without its words."""
        return self.finish_turn()[0]

    def finish_turn(self) -> tuple["WoundsFighter", tuple[str, ...]]:
        """The end of its turn: the Half Actions go, a rider's round-long conditions whose
        round is over end ("hindered for 1 round", "Immobilized for 1 round"), each said;
        the GM's conditions stay (Prone until it stands up); Electricity's and Acid's
        rounds run down; a Shell's round is counted.

        Returns:
            ``(fighter, events)``.
        """
        rounds = max(0, self.initiative_rounds - 1)
        acid = max(0, self.resistance_rounds - 1)
        ending = [c for c, n in self.round_conditions if n <= 1]
        timed = tuple((c, n - 1) for c, n in self.round_conditions if n > 1)
        v = self.vitals.turn_mark()
        events = [f'{c} ends ("Cold": "{c.lower()} for 1 round")' for c in ending]
        if self.initiative_penalty and not rounds:
            events.append(f"initiative {self.initiative_penalty:+d} ends (\"Electricity\": "
                          "\"for one round\")")
        if self.resistance_penalty and not acid:
            events.append(f"resistances {self.resistance_penalty:+d} ends (\"Acid\": \"lasts "
                          "for 1 minutes\")")
        done = evolve(self, vitals=v, turn=None, move_left=0,
                      conditions=self.conditions - set(ending), round_conditions=timed,
                      initiative_rounds=rounds,
                      initiative_penalty=self.initiative_penalty if rounds else 0,
                      resistance_rounds=acid,
                      resistance_penalty=self.resistance_penalty if acid else 0)
        if not (self.vitals.shell or ending or (self.initiative_penalty and not rounds)
                or (self.resistance_penalty and not acid)):
            _report_handed_on(self, done)  # (its turn and its rounds' counts alone are new)
        return done, tuple(events) + v.events

    def end_round(self) -> tuple["WoundsFighter", tuple[str, ...]]:
        """A new round for its AOO: the count starts again (a Shell's round is counted at
        the starts and ends of its turns instead: :meth:`start_turn`, :meth:`finish_turn`)."""
        return (self if not self.aoo_used else evolve(self, aoo_used=0)), ()

    def gain_shell(self, amount: int) -> tuple["WoundsFighter", tuple[str, ...]]:
        """Gain a Shell of ``amount``: the highest one overwrites; it lasts a round from now.

        Raises:
            WoundsError: ``amount`` is not a whole number >= 1.
        """
        v = self.vitals.with_shell(amount)
        return replace(self, vitals=v), v.events

    def gain_barrier(self, strength: int, total: int) -> tuple["WoundsFighter", tuple[str, ...]]:
        """Gain Barrier ``strength``/``total``: the highest Barrier overwrites the other.

        Raises:
            WoundsError: ``strength`` (>= 1) or ``total`` (>= 1) is not a whole number.
        """
        check_int("barrier total", total, 1)
        v = self.vitals.with_barrier(Barrier(check_int("barrier strength", strength, 1), total))
        return replace(self, vitals=v), v.events

    def make_aoo(self) -> "WoundsFighter":
        """Use one of its AOO this round.

        Raises:
            IllegalActionError: none left (or in Total Defense).
        """
        why = self.why_no_aoo
        if why is not None:
            raise IllegalActionError(why, self.why_no_aoo_rule)
        return evolve(self, aoo_used=self.aoo_used + 1)

    def parry(self, roller: Roller, attack_bonus: int, armor_check_penalty: int,
              attacker_total: int, damage: int) -> tuple["WoundsFighter", ParryResult]:
        """Parry an attack with its shield (the shield takes the damage on a deflection).

        Raises:
            IllegalActionError: no shield, or no parry left this turn.
        """
        if self.shield is None:
            raise IllegalActionError(f"{self.name} has no shield to parry with", rule(
                "Any attack made against a character wearing a shield"))
        result = parry(roller, self.shield, attack_bonus, armor_check_penalty,
                       attacker_total, damage, who=self.name)
        return evolve(self, shield=result.shield), result

    def take_attack(self, roller: Roller, hit: WoundsAttack,
                    damage_type: "str | tuple[str, ...] | None" = None
                    ) -> tuple["WoundsFighter", tuple[str, ...]]:
        """Take a rolled attack: its Hit Point damage, its damage to Wounds, or an Instant
        Kill; then the damage type's rider.

        Args:
            roller: The dice (Cold to Wounds rolls a FORT save).
            hit: The :class:`~lfgcombat.rulesets.wounds.attacks.WoundsAttack`.
            damage_type: One of the energy types with a rider (several for a hybrid or a
                weapon with energy dice), or ``None``.
        """
        if hit.instant_kill:
            v = replace(self.vitals, wounds=0, events=("Instant Kill: dead",))
            return replace(self, vitals=v), v.events
        fighter, events = self, list[str]()
        if hit.hp_damage:
            fighter, more = fighter.take_damage(roller, hit.hp_damage, damage_type)
            events += more
        if hit.wounds_damage:
            fighter, more = fighter.take_damage(roller, hit.wounds_damage, damage_type,
                                                to_wounds=True)
            events += more
        return fighter, tuple(events)

    def take_damage(self, roller: Roller, amount: int,
                    damage_type: "str | tuple[str, ...] | None" = None,
                    to_wounds: bool = False) -> tuple["WoundsFighter", tuple[str, ...]]:
        """Take ``amount`` damage (Barrier, Shell, HP, then Wounds) and the riders of its
        type(s) (a hybrid's riders all apply: "treated as each type at once"). Cold that
        reaches Wounds - straight (``to_wounds``) or past the last Hit Point - rolls its
        FORT save against the damage dealt (HP and Wounds).

        Raises:
            WoundsError: ``amount`` is not a whole number >= 0, an unknown type, or Cold to
                Wounds on a fighter without ``good_saves`` (``fort_bonus`` ``None``).
        """
        check_int("amount", amount, 0)
        v = self.vitals.damage(amount, to_wounds=to_wounds)
        fighter, events = evolve(self, vitals=v), list(v.events)
        if not amount:
            return fighter, tuple(events)
        before = self.vitals
        wounds_lost = int(before.wounds or 0) - int(v.wounds or 0)
        dealt = int(before.hp or 0) - int(v.hp or 0) + wounds_lost
        cold_save_dc = dealt if wounds_lost and not v.dead else None
        types = (damage_type,) if isinstance(damage_type, str) or damage_type is None \
            else tuple(damage_type)
        for t in types:
            if t in (None, "bludgeoning", "piercing", "slashing") or t not in RIDER_TYPES:
                continue
            fighter, more = fighter._rider(roller, str(t), amount, cold_save_dc)
            events += more
        return fighter, tuple(events)

    def _cold_save(self, roller: Roller, dc: int) -> str:
        if self.fort_bonus is None:
            raise WoundsError("good_saves", f"{self.name} has no good saves, so no FORT for "
                              f"Cold to Wounds ({_COLD}; {_SAVES}); give the creature "
                              "'good_saves: [fort, ref]' (two of fort, ref, will)")
        got, _ = cold_to_wounds(roller, self.fort_bonus, dc, "Hindered" in self.conditions,
                                self.name)
        return got

    def _rider(self, roller: Roller, damage_type: str, amount: int,
               cold_save_dc: int | None) -> tuple["WoundsFighter", list[str]]:
        after = after_damage(damage_type, amount, Target())
        gained = list(after.conditions)
        fighter, events = self, list[str]()
        if damage_type == "cold" and cold_save_dc is not None:
            got = self._cold_save(roller, cold_save_dc)
            gained.append(got)
            events.append(f"Cold to Wounds: {got}")
        if after.initiative_penalty:
            pen, rounds = add_initiative_penalty(fighter.initiative_penalty,
                                                 fighter.initiative_rounds, amount)
            fighter = replace(fighter, initiative_penalty=pen, initiative_rounds=rounds)
            events.append(f"initiative {pen:+d}")
        if after.resistance_rounds:
            pen = min(fighter.resistance_penalty if fighter.resistance_rounds else 0,
                      after.resistance_penalty)
            fighter = replace(fighter, resistance_penalty=pen,
                              resistance_rounds=after.resistance_rounds)
            if pen:
                events.append(f"resistances {pen:+d}")
        events += [f"{c}" for c in sorted(set(after.conditions))]
        return fighter._for_a_round(gained), events

    def _for_a_round(self, names: "list[str]") -> "WoundsFighter":
        """``self`` with the conditions a rider gives "for 1 round": until the end of its
        next turn (of the turn after, gained in its own turn); one it already has from the
        GM (not a rider's) stays lasting."""
        timed = dict(self.round_conditions)
        turns = _ROUND_IN if self.turn is not None else _ROUND_OUT
        for c in names:
            if c in self.conditions and c not in timed:
                continue
            timed[c] = max(timed.get(c, 0), turns)
        return replace(self, conditions=self.conditions | set(names),
                       round_conditions=tuple(sorted(timed.items())))

    # -- moving: each Half Action spent moving moves it its speed (inferred) ----------------

    @property
    def speed_now(self) -> int:
        """Its speed with its rider conditions: 0 Immobilized, half Hindered (lfg's
        Hindered: "half Move Speed")."""
        if "Immobilized" in self.conditions:
            return 0
        return self.speed_ft // 2 if "Hindered" in self.conditions else self.speed_ft

    @property
    def remaining_ft(self) -> int:
        """Feet it may still move this turn: what is left of its last move, and its speed
        for each Half Action left."""
        halves = self.turn.half_actions if self.turn is not None else 0
        return self.move_left + self.speed_now * halves

    def move(self, feet: int) -> "WoundsFighter":
        """Move ``feet``: first what is left of the Half Action it last spent moving, then
        a Half Action per move of its speed (``feet`` 0: only the check).

        Raises:
            IllegalActionError: not its turn, Immobilized (also partway through the move
                of a Half Action), no Half Action left for the feet past :attr:`move_left`,
                or further than :attr:`remaining_ft`.
        """
        turn = self._need_turn()
        check_int("feet", feet, 0)
        if "Immobilized" in self.conditions or (self.speed_now == 0 and self.move_left == 0):
            raise IllegalActionError(f"{self.name} cannot move (Immobilized or speed 0)",
                                     _TURN)
        if feet > self.remaining_ft and turn.half_actions == 0:
            rest = f"{self.move_left} ft left of its last move; " if self.move_left else ""
            raise IllegalActionError(f"{self.name} has no Half Action left to move {feet} ft "
                                     f"({rest}a move spends a Half Action, which moves it "
                                     f"its speed, {self.speed_now} ft; inferred)", _TURN)
        if feet > self.remaining_ft:
            raise IllegalActionError(f"{self.name} can move {self.remaining_ft} ft more this "
                                     f"turn (a Half Action moves its speed, "
                                     f"{self.speed_now} ft; inferred), not {feet}", _TURN)
        left, extra = self.move_left, max(0, feet - self.move_left)
        while extra > 0:
            turn, left, extra = turn.spend("move"), left + self.speed_now, extra - self.speed_now
        return replace(self, turn=turn, move_left=left - feet if feet else left)
