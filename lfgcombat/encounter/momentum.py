"""Momentum of Impact in an encounter: Knockdown after a strike, and Crushing Advance.

000_8d1d7816ee944f3b.txt, "Momentum of Impact: Bigger Creatures hitting Smaller Creatures –
Getting Knocked Down" and "Crushing Advance: Very big creatures stepping on smaller
creatures!". The numbers are :mod:`lfgcombat.momentum`'s; this module finds what the
encounter knows (the strike, its weapon, the Charge, a Power Attack, a grapple, the damage
taken) and rolls the defender's check with the encounter's dice.

Decisions: every strike the encounter resolves (an attack, an AOO, a reaction's strike)
that lands on a foe the rule applies to rolls its Knockdown by itself, in the same step,
logged as a ``knockdown`` event with ``auto: true``
(:attr:`MomentumRules.knockdown_after_strike`). A save written before that (its header has
no ``knockdown_after_strike``) replays with the rule off, as it was played; there, and in a
fight built with ``Encounter(..., knockdown_after_strike=False)``, the Knockdown is the GM's
step :meth:`MomentumRules.knockdown`, following the attacker's last attack against that
target this turn, once. The defender resists with Wrestling or Acrobatics (its choice:
``attack(..., resist_knockdown=...)`` or ``knockdown(..., resist_with=...)``; default its
best), +4 for a quadruped (the ``Quadruped`` ability); an unconscious target rolls no check
(it is already falling prone). A flyer's height is the map's altitude when it is on the map
(``flying_ft`` off it); a flyer that fails drops on the map and is prone only if it lands
(the drop is made before Prone is gained, so the flight rules' trip drop does not repeat
it). Crushing Advance (B) moves the big creature along the map's straight line to ``to``
(at most half its Move Speed); each creature 3+ sizes smaller whose space the line crosses
(at the big creature's altitude on the map) checks once, in the order met; a creature the
line crosses that is not 3+ sizes smaller stops it (refused); "a random open adjacent hex"
is drawn with the encounter's dice among the free hexes next to it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, Self

from ..close_keys import is_quadruped
from ..conditions import Condition
from ..errors import IllegalActionError
from ..log import Event
from ..momentum import (RULE, RULE_CRUSH, KnockdownDC, MomentumError, can_crush,
                        crushing_advance, crushing_advance_dc, crushing_advance_ft, crushing_step,
                        flyer_maneuverability, knockdown_dc, resist_knockdown, shield_struck)
from ..tables import load_table
from ._citations import R_DEATH
from .arguments import names_arg
from .commands import command
from .skill_checks import SkillChecksContext, SkillChecksRules
from .composition import rules

if TYPE_CHECKING:
    from ..battlemap.hexmap import HexMap
    from ..vitals import Vitals
    from .state import _Fighter

__all__ = ["MomentumRules", "MomentumContext"]


class MomentumContext(SkillChecksContext, Protocol):
    """What the rules of this module use of an encounter."""

    _anchors: dict[str, tuple[int, int]]
    _step: int
    map: HexMap  # None without a map: the rules check `self.map is None` or _need_map first

    def _actor(self, name: str) -> _Fighter: ...

    def _apply_damage(self, name: str, amount: int, dtype: str | None, *, struck: bool,
                      source: str | None) -> None: ...

    def _check_spend(self, name: str, type_: str, action: str) -> str: ...

    def _do(self, kind: str, args: dict[str, Any]) -> Any: ...

    def _gain(self, name: str, condition: str, *, by: str | None, why: str = "") -> None: ...

    def _has(self, name: str, cond: Condition) -> bool: ...

    def _provocation(self, mover: str, provokers: Iterable[str], aoo: Any, action: str
                     ) -> tuple[list[str], list[str]]: ...

    def _reaction_problem(self, name: str) -> str | None: ...

    def _roll(self, expr: str, *, label: str, actor: str | None = None,
              target: str | None = None, fortune: Any = None, against: int | None = None,
              outcome: str | None = None) -> Any: ...

    def _resolve_provocation(self, mover: str, offered: list[str], take: list[str], action: str,
                             steps: Mapping[str, Any] | None = None) -> None: ...

    def _spend(self, name: str, type_: str, action: str, target: str | None = None) -> str: ...

    def _threatening_enemies(self, name: str) -> list[str]: ...

    def _vitals(self, name: str) -> Vitals: ...

    def _weapon(self, attacker: str, weapon: Any) -> Any: ...


if TYPE_CHECKING:  # the rules see an encounter through their context only
    _Base = MomentumContext
else:
    _Base = object


@rules(MomentumContext)
class MomentumRules(SkillChecksRules, _Base):
    """Knockdown after a strike that lands; Crushing Advance: stepping through (A) and the
    Big Action (B)."""

    # ------------------------------------------------------------------ Knockdown

    def knockdown(self, attacker: str, target: str, *, resist_with: str | None = None,
                  flying_ft: int | None = None, maneuverability: str | None = None,
                  mount: str | None = None) -> Self:
        """The Knockdown of ``attacker``'s last strike on ``target`` this turn.

        000_8d1d7816ee944f3b.txt, "Momentum of Impact": a physical strike that lands on a
        foe 1+ size smaller (or on its shield: a miss by no more than its Shield Rating)
        forces a Wrestling or Acrobatics check against DC 10+HR+STRMod (+5 per size beyond
        the first, max 35 with the defender Unfortunate above it; Charge after 20 ft +2;
        Knockdown trait +2; Impact +1; light and projectile weapons -2; Power Attack +2;
        none in a grapple): fail -> Prone; fail by 5+ -> FORT DC max(15, damage) or
        Confounded for 1 round. "Flying creatures are Unfortunate when resisting Knockdown
        strikes"; one that fails "drops 10 feet. If they reach the ground, they fall prone.
        If not, they regain control & continue flying" (20 ft with Clumsy or Poor
        maneuverability).

        Args:
            attacker: Who struck (its attack this turn, made with :meth:`attack`).
            target: Whom it struck.
            resist_with: ``wrestling`` or ``acrobatics`` (the defender's choice; default
                its best).
            flying_ft: Off the map, the target is flying this many feet above the ground
                (``None``: on the ground). On the map the height is the map's altitude
                (:meth:`HexMap.altitude`): leave it out, or give the same number; a flyer
                that fails drops on the map (``set_altitude``), prone only if it lands.
            maneuverability: A flyer's maneuverability (``clumsy``, ``poor``, ``average``,
                ``good``, ``perfect``); default: the creature's Fly Speed's, else
                ``average``. Given, it is the GM's word (saves before it recorded
                ``average``).
            mount: The attacker's mount, an ally in the fight: "Cavalry count as the size of
                the Mount for Knockdown when using Heavy Attacks or Charge Attacks".

        Raises:
            IllegalActionError: no such strike this turn, it missed the target and its
                shield, it was already checked, the sizes (or a grapple) rule it out, or
                ``flying_ft`` contradicts the map's altitude of the target.
        """
        self._do("knockdown", {"name": attacker, "target": target,
                               "resist_with": resist_with, "flying_ft": flying_ft,
                               "maneuverability": maneuverability, "mount": mount})
        return self

    def _last_strike(self, name: str, target: str) -> tuple[Event, Event]:
        """The attack event of ``name``'s last attack on ``target`` this turn, and its
        command (refuses when there is none or it was already checked)."""
        log = list(self._log)
        turn_start = max((i for i, e in enumerate(log) if e.kind == "turn_start"), default=0)
        for i in range(len(log) - 1, turn_start - 1, -1):
            e = log[i]
            if e.kind == "knockdown" and not e.command and e.actor == name \
                    and e.target == target:
                break
            if e.kind == "attack" and not e.command and e.actor == name and e.target == target:
                cmd = next(c for c in reversed(log[:i + 1]) if c.command and c.step == e.step)
                return e, cmd
        raise IllegalActionError(f"{name} has no strike on {target} this turn left to check "
                                 "for Knockdown (attack first; each strike knocks down once)",
                                 RULE)

    def _strike_landed(self, strike: Event, target: str) -> tuple[bool, int]:
        """Whether the strike landed on the target or its shield; and its damage."""
        log = list(self._log)
        damage = sum(int(e.data.get("amount", 0)) for e in log
                     if e.kind == "damage" and e.target == target and e.step == strike.step
                     and e.seq > strike.seq)
        if strike.data.get("hit"):
            return True, damage
        roll = next((e for e in reversed(log[:strike.seq]) if e.kind == "roll"
                     and e.step == strike.step and e.data.get("against") is not None), None)
        against = strike.data.get("against")
        if roll is None or against is None or roll.data.get("natural") == 1:
            return False, 0
        miss_by = int(against) - int(roll.data["total"])
        rating = int(self._view(target).shield_rating)
        return miss_by >= 1 and shield_struck(miss_by, rating), 0

    def _knockdown_height(self, target: str, flying_ft: int | None) -> tuple[bool, int, bool]:
        """Whether the target flies, its height (feet) and whether that is the map's."""
        if flying_ft is not None and (isinstance(flying_ft, bool)
                                      or not isinstance(flying_ft, int) or flying_ft < 0):
            raise IllegalActionError(f"flying_ft: feet above the ground (0 or more), not "
                                     f"{flying_ft!r}", RULE)
        if self.map is None or target not in self._anchors or target not in self.map:
            return flying_ft is not None, flying_ft or 0, False
        up = int(self.map.altitude(target))
        if flying_ft is not None and flying_ft != up:
            raise IllegalActionError(
                f"flying_ft: {target} is {up} ft up on the map, not {flying_ft} ft; leave "
                "flying_ft out (the map's altitude counts) or set the altitude first "
                "(set_altitude)", RULE)
        return flying_ft is not None or up > 0, up, True

    def _knockdown_maneuverability(self, target: str, given: str | None) -> str:
        """The maneuverability a knocked-down flyer drops with (the argument's docstring)."""
        try:
            return flyer_maneuverability(self._view(target), given)
        except MomentumError as exc:
            raise IllegalActionError(str(exc), RULE) from None

    @command
    def _h_knockdown(self, name: str, target: str, resist_with: str | None,
                     flying_ft: int | None = None, maneuverability: str | None = None,
                     mount: str | None = None) -> None:
        self._fighter(name)
        self._fighter(target)
        self._check_mount(name, mount)
        height = self._knockdown_height(target, flying_ft)
        man = self._knockdown_maneuverability(target, maneuverability)
        if self._f[target].dead:
            raise IllegalActionError(f"{target} is dead", R_DEATH)
        if self.knockdown_after_strike:
            raise IllegalActionError(
                "this encounter rolls the Knockdown after each strike by itself: give the "
                "defender's choice to the attack (attack(..., resist_knockdown=...)), or build "
                "the fight with Encounter(..., knockdown_after_strike=False)", RULE)
        strike, cmd = self._last_strike(name, target)
        landed, damage = self._strike_landed(strike, target)
        if not landed:
            raise IllegalActionError(f"{_who(name)} strike missed {target} and its shield: "
                                     "no Knockdown", RULE)
        situation = dict(cmd.data.get("situation") or {})
        charge_ft = self._f[name].turn.run_ft if strike.data.get("charge") else 0
        dc = self._knockdown_dc(name, target, strike.data.get("weapon"), charge_ft,
                                bool(situation.get("power_attack")), mount)
        if not dc.applies:
            raise IllegalActionError(f"no Knockdown: {dc.reason}", RULE)
        self._knock(name, target, dc, resist_with, damage, height, man, auto=False)

    def _check_mount(self, name: str, mount: str | None) -> None:
        if mount is not None and (mount == name or self._fighter(mount).side
                                  != self._f[name].side):
            raise IllegalActionError(f"mount: {mount} is not an ally carrying {name}", RULE)

    def _knockdown_dc(self, name: str, target: str, weapon: Any, charge_ft: int,
                      power_attack: bool, mount: str | None) -> KnockdownDC:
        """The DC of ``name``'s strike on ``target`` as the encounter stands."""
        grapple = self._has(name, Condition.GRAPPLED) or self._has(target, Condition.GRAPPLED)
        return knockdown_dc(self._view(name), self._view(target),
                            weapon=self._weapon(name, weapon), charge_ft=charge_ft,
                            power_attack=power_attack, in_grapple=grapple,
                            mount=self._view(mount) if mount is not None else None)

    def _knock(self, name: str, target: str, dc: KnockdownDC, resist_with: str | None,
               damage: int, height: tuple[bool, int, bool], man: str, *, auto: bool) -> None:
        """Roll the defender's check, log the ``knockdown`` event, drop a flyer on the
        map, give Prone and the FORT save against Confounded."""
        flying, up, on_map = height
        choice, stat = self._defense(target, ("wrestling", "acrobatics"), resist_with, RULE)
        seen = len(self.roller.history)
        check = resist_knockdown(dc, int(stat.value or 0), roller=self.roller,
                                 damage_taken=damage,
                                 quadruped=is_quadruped(self._f[target].creature),
                                 fortune=stat.fortune, flying=flying, altitude_ft=up,
                                 maneuverability=man)
        self._log_rolls(seen, actor=target, target=name, against=dc.value,
                        outcome="failure" if check.failed_by > 0 else "success")
        data = {"dc": dc.value, "terms": [[t.label, t.value] for t in dc.stat.terms],
                "resisted_with": choice, "total": check.roll.total, "prone": check.prone,
                "failed_by": check.failed_by, "fort_dc": check.fort_dc,
                "drop_ft": check.drop_ft, "rule": RULE}
        if auto:
            data["auto"] = True
        if on_map and check.drop_ft:
            data["altitude_ft"] = [up, max(0, up - check.drop_ft)]
            self.map.set_altitude(target, max(0, up - check.drop_ft))
        self._emit("knockdown", actor=name, target=target, data=data)
        if check.prone and not self._has(target, Condition.PRONE):
            self._gain(target, "prone", by=name, why=f"knocked down by {name}")
        if check.fort_dc is not None:
            self._confound_save(target, check.fort_dc, RULE)

    # ------------------------------------------------------------------ after each strike

    _knockdown_rule = True  # Encounter(knockdown_after_strike=...); False: an older save

    @property
    def knockdown_after_strike(self) -> bool:
        """Whether every strike rolls its Knockdown by itself (000_8d1d7816ee944f3b.txt,
        "Momentum of Impact": "the target is subject to Knockdown"): on for an encounter
        built today (``Encounter(..., knockdown_after_strike=False)`` leaves it to
        :meth:`knockdown`), off for a save written before the rule was automatic (its log
        replays as it was played)."""
        return bool(getattr(self, "_knockdown_rule", True))

    def _knockdown_options(self, name: str, target: str, situation: Mapping[str, Any]
                           ) -> dict[str, Any]:
        """An attack's situation without the Knockdown's options (a new dict), checked:
        ``resist_knockdown`` (the defender's choice, ``wrestling`` or ``acrobatics``) and
        ``mount`` (the ally the attacker rides: "Cavalry count as the size of the Mount")."""
        situation = dict(situation)
        resist = situation.pop("resist_knockdown", None)
        mount = situation.pop("mount", None)
        if (resist is not None or mount is not None) and not self.knockdown_after_strike:
            raise IllegalActionError("resist_knockdown= and mount= go with the Knockdown "
                                     "rolled after the strike; this encounter rolls it by "
                                     "hand: knockdown(attacker, target, ...)", RULE)
        if mount is not None:
            self._check_mount(name, mount)
        if resist is not None:
            self._defense(target, ("wrestling", "acrobatics"), resist, RULE)
        return situation

    def _attack_option(self, attacker: str, target: str, situation: Mapping[str, Any],
                       key: str) -> Any:
        """``key`` of the attack command being played, when it is ``attacker``'s own
        attack on ``target`` (an AOO or a reaction's strike takes the defaults)."""
        if situation.get("aoo"):
            return None
        for i in range(len(self._log) - 1, -1, -1):
            e = self._log[i]
            if e.command:
                d = e.data
                if e.kind == "attack" and d.get("name") == attacker \
                        and d.get("target") == target:
                    return (d.get("situation") or {}).get(key)
                return None
        return None

    def _strike_lands(self, result: Any, target: str) -> bool:
        """A hit, or a miss by no more than the target's Shield Rating (never a Natural 1,
        never against an Active Defense: :func:`lfgcombat.momentum.knockdown_odds`)."""
        if result.hit:
            return True
        roll, setup = result.attack_roll, result.setup
        if roll is None or roll.natural == 1 or setup.defense is not None:
            return False
        miss_by = int(setup.ac) - int(roll.total)
        return miss_by >= 1 and shield_struck(miss_by, int(self._view(target).shield_rating))

    def _knockdown_after(self, attacker: str, target: str, weapon: Any,
                         situation: Mapping[str, Any], result: Any, charge: bool) -> None:
        """The Knockdown a strike causes by itself (000_8d1d7816ee944f3b.txt, "Momentum of
        Impact": "If a creature strikes a foe at least 1 size category smaller than itself
        with any sort of physical attack, the target is subject to Knockdown"; it "activates
        upon striking your target or their shield"). Nothing happens when the rule does not
        apply (the sizes, a grapple, a clean miss), to a dead or unconscious target, or
        when the encounter leaves the Knockdown to :meth:`knockdown`. The defender resists
        with its better skill unless the attack gave ``resist_knockdown``; a flyer's height
        is the map's altitude (off the map a strike finds no flyer: the GM's
        :meth:`knockdown` with ``flying_ft``, in a fight built without the automatic rule)."""
        if not self.knockdown_after_strike or not self._strike_lands(result, target) \
                or self._f[target].dead or self._vitals(target).unconscious:
            return
        mount = self._attack_option(attacker, target, situation, "mount")
        charge_ft = self._f[attacker].turn.run_ft if charge else 0
        dc = self._knockdown_dc(attacker, target, weapon, charge_ft,
                                bool(situation.get("power_attack")), mount)
        if not dc.applies:
            return
        damage = sum(max(0, int(v)) for v in result.damage_by_type.values()) \
            if result.hit else 0
        resist = self._attack_option(attacker, target, situation, "resist_knockdown")
        self._knock(attacker, target, dc, resist, damage, self._knockdown_height(target, None),
                    self._knockdown_maneuverability(target, None), auto=True)

    def _confound_save(self, name: str, dc: int, rule: str) -> None:
        """"FORT Save DC15 (or Damage Taken, whichever is more) or be Confounded for 1
        Round" (the round counts on the creature's own turn)."""
        from ..saves import saving_throw
        seen = len(self.roller.history)
        save = saving_throw(self._view(name), "fort", dc, self.roller,
                            label=f"{name}: FORT vs Confounded DC {dc}")
        self._log_rolls(seen, actor=name, against=dc,
                        outcome="success" if save.success else "failure")
        if not save.success and not self._f[name].dead:
            self._gain(name, "confounded for 1 rounds", by=None, why=rule)

    # ------------------------------------------------------------------ Crushing Advance

    def crushing_advance(self, name: str, to: Any, *, dodge: Iterable[str] | str | None = None,
                         aoo: Any = None) -> Self:
        """Crushing Advance: a Big Action that provokes AOO; up to half Move Speed in a
        straight line through the spaces of creatures 3+ sizes smaller, each of which makes
        a REF Save or Acrobatics check against DC 10+HR+STRMod or is crushed (Prone,
        (1d10+STRMod) or 25% of its max HP bludgeoning; fail by 5+ -> FORT or Confounded);
        a creature that spends its Reaction (``dodge``) gets +5 and takes half damage
        (000_8d1d7816ee944f3b.txt, "Crushing Advance"; the elephant's DC26).

        Args:
            name: The big creature, acting now.
            to: The hex it ends in (the line to it is the map's straight line).
            dodge: Creatures in the way that spend their Reaction.
            aoo: Who takes the AOO the action provokes.

        Raises:
            IllegalActionError: no map, too far, a creature in the way that is not 3+ sizes
                smaller, a dodger not in the way or without a Reaction; nothing changes.
        """
        dodgers = names_arg("crushing_advance", "dodge", dodge) if dodge is not None else []
        self._do("crushing_advance", {"name": name, "to": to, "dodge": dodgers, "aoo": aoo})
        return self

    def _crush_line(self, name: str, to: Any, most: int, what: str, limit: str
                    ) -> tuple[list[Any], list[str]]:
        """The anchors along the straight line to ``to`` (at most ``most`` feet) and the
        creatures in the way, in order (each must be 3+ sizes smaller)."""
        if self.map is None or name not in self._anchors:
            raise IllegalActionError(f"{what} needs the battle map", RULE_CRUSH)
        try:
            goal = self.map.as_cell(tuple(to) if isinstance(to, list) else to)
        except (TypeError, ValueError) as exc:
            raise IllegalActionError(f"to: a hex [col, row], not {to!r:.40} ({exc})",
                                     RULE_CRUSH) from None
        start = self.map.token(name).anchor
        line = self.map.geometry.line(start, goal)
        feet = self.map.geometry.distance_ft(start, goal)
        if not 0 < feet <= most:
            raise IllegalActionError(f"{what} moves up to {limit} ({most} ft) in a straight "
                                     "line; "
                                     f"{tuple(self.map.offset(goal))} is {feet} ft away",
                                     RULE_CRUSH)
        in_way = self._swept(name, line)
        for other in in_way:
            if not can_crush(self._view(name), self._view(other)):
                raise IllegalActionError(f"{other} is in the way and is not 3+ size "
                                         f"categories smaller than {name}", RULE_CRUSH)
        return line, in_way

    def _swept(self, name: str, line: list[Any]) -> list[str]:
        """The creatures whose space ``name``'s space crosses along ``line``, in order: only
        those at its altitude (a creature flying above or below it is not "occupied space"
        it steps into; the map's rule, :meth:`HexMap.set_altitude`)."""
        rows = {str(r["size"]): r for r in load_table("sizes").to_dict("records")}
        row = rows[self._view(name).size.value]
        level = self.map.altitude(name)
        in_way: list[str] = []
        for anchor in line[1:]:
            cells = self.map.geometry.footprint(anchor, float(row["space_hexes"]),
                                                str(row["space_ft"]))
            for c in cells:
                if c not in self.map.cells:
                    raise IllegalActionError(f"the line leaves the map at {c}", RULE_CRUSH)
                in_way += [o for o in self.map.at(c) if o != name and o not in in_way
                           and self.map.altitude(o) == level]
        return in_way

    def _check_dodgers(self, dodge: list[str], in_way: list[str]) -> None:
        for d in dodge:
            self._fighter(d)
            if d not in in_way:
                raise IllegalActionError(f"{d} is not in the way", RULE_CRUSH)
            why = self._reaction_problem(d)
            if why:
                raise IllegalActionError(f"{d} cannot spend its Reaction: {why}", RULE_CRUSH)

    def _begin_advance(self, name: str, action: str, aoo: Any) -> bool:
        """Spend the Big Action, offer the AOO (at the start hex); False if it is dropped."""
        self._check_spend(name, "big", action)
        offered, take = self._provocation(name, self._threatening_enemies(name), aoo, action)
        self._spend(name, "big", action)
        self._resolve_provocation(name, offered, take, action)
        return not (self._f[name].dead or self._vitals(name).unconscious)

    def _end_advance(self, name: str, line: list[Any], verb: str, notes: list[str]) -> None:
        start = self.map.token(name).anchor
        rel = self.map.relocate(name, line[-1], path=line, share=True)
        path = line[:line.index(rel.cell) + 1] if rel.cell in line else [start]
        self._emit("moved", actor=name, data={
            "action": verb, "path": [list(self.map.offset(c)) for c in path],
            "feet": self.map.geometry.distance_ft(start, rel.cell), "feet_left": 0,
            "continued": False, "notes": notes})

    @command
    def _h_crushing_advance(self, name: str, to: Any, dodge: list[str], aoo: Any) -> None:
        self._actor(name)
        line, in_way = self._crush_line(name, to, crushing_advance_ft(self._view(name)),
                                        "a Crushing Advance", "half the Move Speed")
        self._check_dodgers(dodge, in_way)
        if not self._begin_advance(name, "crushing_advance", aoo):
            return
        dc = int(crushing_advance_dc(self._view(name)))
        for other in in_way:
            if not self._f[other].dead:
                self._crush_one(name, other, dc, other in dodge)
        self._end_advance(name, line, "advances",
                          [f"DC {dc} for {', '.join(in_way)}"] if in_way else [])

    def step_through(self, name: str, to: Any, *, dodge: Iterable[str] | str | None = None,
                     aoo: Any = None) -> Self:
        """(A) of Crushing Advance: a creature 3+ sizes larger moves (a Move Action, up to
        its Move Speed in a straight line) into the spaces of smaller creatures without
        trying to harm them. Each may spend its Reaction (``dodge``) to avoid the footsteps;
        otherwise a 50% chance it is stepped on: a DC15 REF Save or Acrobatics check (its
        better), failed -> Prone and (1d10+STRMod) or 25% of its max HP bludgeoning, passed
        -> a random open adjacent hex (000_8d1d7816ee944f3b.txt, "Crushing Advance").
        Decision: the AOO the move provokes are offered where it starts.

        Raises:
            IllegalActionError: no map, too far, a creature in the way that is not 3+ sizes
                smaller, a dodger not in the way or without a Reaction; nothing changes.
        """
        dodgers = names_arg("step_through", "dodge", dodge) if dodge is not None else []
        self._do("step_through", {"name": name, "to": to, "dodge": dodgers, "aoo": aoo})
        return self

    @command
    def _h_step_through(self, name: str, to: Any, dodge: list[str], aoo: Any) -> None:
        self._actor(name)
        speed = int(self._view(name).move_speed.value) // 5 * 5
        line, in_way = self._crush_line(name, to, speed, "stepping through", "the Move Speed")
        self._check_dodgers(dodge, in_way)
        if not self._begin_advance(name, "step_through", aoo):
            return
        for other in in_way:
            if not self._f[other].dead:
                self._step_on(name, other, other in dodge)
        self._end_advance(name, line, "steps", [f"through {', '.join(in_way)}"] if in_way
                          else [])

    def _step_on(self, name: str, other: str, dodging: bool) -> None:
        """One creature under the footsteps (crushing_step), logged as a ``crush`` event."""
        v = self._view(other)
        ref, acro = v.saving_throw("ref"), self.skill(other, "acrobatics")
        stat = ref if int(ref.value or 0) >= int(acro.value or 0) else acro
        if dodging:
            self._f[other].reactions_used += 1
            self._emit("spend", actor=other, target=name, data={
                "action": "dodge_footsteps", "type": "reaction", "slot": "reaction",
                "rule": RULE_CRUSH})
        seen = len(self.roller.history)
        r = crushing_step(self._view(name), v, save_bonus=int(stat.value or 0),
                          max_hp=int(v.max_hp), roller=self.roller, use_reaction=dodging)
        self._log_rolls(seen, actor=other, target=name)
        self._emit("crush", actor=name, target=other, data={
            "dc": r.dc, "total": r.check.total if r.check is not None else None,
            "reaction": dodging, "prone": r.prone, "damage": r.damage,
            "displaced": r.displaced, "fort_dc": None,
            "rule": f"{RULE_CRUSH} (A): " + ("dodged with a Reaction" if dodging else
                                             "stepped on" if r.stepped_on else
                                             "not stepped on (50%)")})
        if r.prone:
            if not self._has(other, Condition.PRONE):
                self._gain(other, "prone", by=name, why=f"stepped on by {name}")
            self._apply_damage(other, r.damage, "bludgeoning", struck=True, source=name)
        elif r.displaced == "random":
            self._displace(name, other)

    def _crush_one(self, name: str, other: str, dc: int, dodging: bool) -> None:
        """One creature in the way: its REF or Acrobatics (best), the crush, where it goes."""
        v = self._view(other)
        ref = v.saving_throw("ref")
        acro = self.skill(other, "acrobatics")
        stat, what = (ref, "REF") if int(ref.value or 0) >= int(acro.value or 0) else (acro,
                                                                                      "Acrobatics")
        if dodging:
            self._f[other].reactions_used += 1
            self._emit("spend", actor=other, target=name, data={
                "action": "dodge_crushing_advance", "type": "reaction", "slot": "reaction",
                "rule": RULE_CRUSH})
        seen = len(self.roller.history)
        r = crushing_advance(self._view(name), v, save_bonus=int(stat.value or 0),
                             max_hp=int(v.max_hp), roller=self.roller, use_reaction=dodging)
        self._log_rolls(seen, actor=other, target=name, against=dc, only_first=True,
                        outcome="failure" if r.prone else "success")
        self._emit("crush", actor=name, target=other, data={
            "dc": dc, "total": r.check.total if r.check is not None else None,
            "reaction": dodging, "prone": r.prone, "damage": r.damage,
            "displaced": r.displaced, "fort_dc": r.fort_dc, "rule": f"{RULE_CRUSH} ({what})"})
        if r.prone:
            if not self._has(other, Condition.PRONE):
                self._gain(other, "prone", by=name, why=f"crushed by {name}")
            if r.damage:
                self._apply_damage(other, r.damage, "bludgeoning", struck=True, source=name)
            if r.fort_dc is not None and not self._f[other].dead:
                self._confound_save(other, r.fort_dc, RULE_CRUSH)
        elif r.displaced == "random":
            self._displace(name, other)

    def _displace(self, name: str, other: str) -> None:
        """"moved to a random open adjacent hex" (drawn with the encounter's dice)."""
        here = self.map.token(other).anchor
        free = [c for c in self.map.geometry.neighbors(here)
                if c in self.map.cells and not [n for n in self.map.at(c) if n != other]]
        if not free:
            return
        pick = free[self._roll(f"1d{len(free)}", label=f"{other}: which open hex",
                               actor=other).total - 1] if len(free) > 1 else free[0]
        rel = self.map.relocate(other, pick, path=[here, pick])
        self._emit("moved", actor=other, data={
            "action": "displaced", "path": [list(self.map.offset(here)),
                                            list(self.map.offset(rel.cell))],
            "feet": 5, "feet_left": 0, "continued": False, "notes": [f"by {name}"]})


def _who(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"
