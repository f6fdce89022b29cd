"""Momentum of Impact in an encounter: Knockdown after a strike (Crushing Advance is
:mod:`lfgcombat.rules.impact.crushing_advance`).

000_8d1d7816ee944f3b.txt, "Momentum of Impact: Bigger Creatures hitting Smaller Creatures –
Getting Knocked Down" and "Crushing Advance: Very big creatures stepping on smaller
creatures!". The numbers are :mod:`lfgcombat.rules.impact.momentum`'s; this module finds what the
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

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from lfgcombat.shortrepr import short
from lfgcombat.creature.close_keys import is_quadruped
from ..conditions.conditions import Condition
from lfgcombat.errors import IllegalActionError
from lfgcombat.engine.log import Event
from .momentum import (RULE, KnockdownDC, MomentumError, can_knock_down, flyer_maneuverability,
                       knockdown_dc, resist_knockdown, shield_struck, size_gap)
from .._citations import R_DEATH
from lfgcombat.engine.commands import command
from ..health.saves import saving_throw

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter

__all__ = []


# Momentum: Knockdown after a strike that lands (and the Confounded save both Momentum rules
# share).

# ------------------------------------------------------------------ Knockdown


def knockdown(st: Encounter, attacker: str, target: str, *, resist_with: str | None = None,
              flying_ft: int | None = None, maneuverability: str | None = None,
              mount: str | None = None) -> Encounter:
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
    st._do("knockdown", {"name": attacker, "target": target,
                         "resist_with": resist_with, "flying_ft": flying_ft,
                         "maneuverability": maneuverability, "mount": mount})
    return st


def _last_strike(st: Encounter, name: str, target: str) -> tuple[Event, Event]:
    """The attack event of ``name``'s last attack on ``target`` this turn, and its
    command (refuses when there is none or it was already checked)."""
    log = list(st._log)
    turn_start = next((i for i in range(len(log) - 1, -1, -1)
                       if log[i].kind == "turn_start"), 0)  # the last (issue 24)
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


def _strike_landed(st: Encounter, strike: Event, target: str) -> tuple[bool, int]:
    """Whether the strike landed on the target or its shield; and its damage."""
    log = list(st._log)
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
    rating = int(st._view(target).shield_rating)
    return miss_by >= 1 and shield_struck(miss_by, rating), 0


def _knockdown_height(st: Encounter, target: str, flying_ft: int | None) -> tuple[bool, int, bool]:
    """Whether the target flies, its height (feet) and whether that is the map's."""
    if flying_ft is not None and (isinstance(flying_ft, bool)
                                  or not isinstance(flying_ft, int) or flying_ft < 0):
        raise IllegalActionError(f"flying_ft: feet above the ground (0 or more), not "
                                 f"{short(flying_ft)}", RULE)
    if st.map is None or target not in st._anchors or target not in st.map:
        return flying_ft is not None, flying_ft or 0, False
    up = int(st.map.altitude(target))
    if flying_ft is not None and flying_ft != up:
        raise IllegalActionError(
            f"flying_ft: {target} is {up} ft up on the map, not {flying_ft} ft; leave "
            "flying_ft out (the map's altitude counts) or set the altitude first "
            "(set_altitude)", RULE)
    return flying_ft is not None or up > 0, up, True


def _knockdown_maneuverability(st: Encounter, target: str, given: str | None) -> str:
    """The maneuverability a knocked-down flyer drops with (the argument's docstring)."""
    try:
        return flyer_maneuverability(st._view(target), given)
    except MomentumError as exc:
        raise IllegalActionError(str(exc), RULE) from None


@command
def _h_knockdown(st: Encounter, name: str, target: str, resist_with: str | None,
                 flying_ft: int | None = None, maneuverability: str | None = None,
                 mount: str | None = None) -> None:
    st._fighter(name)
    st._fighter(target)
    _check_mount(st, name, mount)
    height = _knockdown_height(st, target, flying_ft)
    man = _knockdown_maneuverability(st, target, maneuverability)
    if st._f[target].dead:
        raise IllegalActionError(f"{target} is dead", R_DEATH)
    if st.knockdown_after_strike:
        raise IllegalActionError(
            "this encounter rolls the Knockdown after each strike by itself: give the "
            "defender's choice to the attack (attack(..., resist_knockdown=...)), or build "
            "the fight with Encounter(..., knockdown_after_strike=False)", RULE)
    strike, cmd = _last_strike(st, name, target)
    landed, damage = _strike_landed(st, strike, target)
    if not landed:
        raise IllegalActionError(f"{_who(name)} strike missed {target} and its shield: "
                                 "no Knockdown", RULE)
    situation = dict(cmd.data.get("situation") or {})
    charge_ft = st._f[name].turn.run_ft if strike.data.get("charge") else 0
    dc = _knockdown_dc(st, name, target, strike.data.get("weapon"), charge_ft,
                       bool(situation.get("power_attack")), mount)
    if not dc.applies:
        raise IllegalActionError(f"no Knockdown: {dc.reason}", RULE)
    _knock(st, name, target, dc, resist_with, damage, height, man, auto=False,
           shield=not strike.data.get("hit"))


def _check_mount(st: Encounter, name: str, mount: str | None) -> None:
    if mount is not None and (mount == name or st._fighter(mount).side
                              != st._f[name].side):
        raise IllegalActionError(f"mount: {mount} is not an ally carrying {name}", RULE)


def _knockdown_dc(st: Encounter, name: str, target: str, weapon: Any, charge_ft: int,
                  power_attack: bool, mount: str | None) -> KnockdownDC:
    """The DC of ``name``'s strike on ``target`` as the encounter stands."""
    grapple = st._has(name, Condition.GRAPPLED) or st._has(target, Condition.GRAPPLED)
    return knockdown_dc(st._view(name), st._view(target),
                        weapon=st._weapon(name, weapon), charge_ft=charge_ft,
                        power_attack=power_attack, in_grapple=grapple,
                        mount=st._view(mount) if mount is not None else None)


def _can_knock(st: Encounter, name: str, target: str, weapon: Any) -> bool:
    """Whether ``name``'s strike on ``target`` can knock it down at all, ridden by no mount
    (:func:`~lfgcombat.rules.impact.momentum.can_knock_down`: what decides
    :attr:`KnockdownDC.applies` of :func:`_knockdown_dc`), without working out the DC. A
    larger target never falls to a strike: nothing more is read (issue 24, "Fast")."""
    attacker, defender = st._view(name), st._view(target)
    if size_gap(attacker, defender) < 0:
        return False
    grapple = st._has(name, Condition.GRAPPLED) or st._has(target, Condition.GRAPPLED)
    ok, _ = can_knock_down(attacker, defender, weapon=st._weapon(name, weapon),
                           in_grapple=grapple)
    return ok


def _knock(st: Encounter, name: str, target: str, dc: KnockdownDC, resist_with: str | None,
           damage: int, height: tuple[bool, int, bool], man: str, *, auto: bool,
           shield: bool = False) -> None:
    """Roll the defender's check, log the ``knockdown`` event (``shield``: the strike
    missed but struck the shield), drop a flyer on the map, give Prone and the FORT
    save against Confounded."""
    flying, up, on_map = height
    choice, stat = st._defense(target, ("wrestling", "acrobatics"), resist_with, RULE)
    seen = len(st.roller.history)
    check = resist_knockdown(dc, int(stat.value or 0), roller=st.roller,
                             damage_taken=damage,
                             quadruped=is_quadruped(st._f[target].creature),
                             fortune=stat.fortune, flying=flying, altitude_ft=up,
                             maneuverability=man)
    st._log_rolls(seen, actor=target, target=name, against=dc.value,
                  outcome="failure" if check.failed_by > 0 else "success")
    data = {"dc": dc.value, "terms": [[t.label, t.value] for t in dc.stat.terms],
            "resisted_with": choice, "total": check.roll.total, "prone": check.prone,
            "failed_by": check.failed_by, "fort_dc": check.fort_dc,
            "drop_ft": check.drop_ft, "rule": RULE}
    if auto:
        data["auto"] = True
    if shield:
        data["shield"] = True
    if on_map and check.drop_ft:
        data["altitude_ft"] = [up, max(0, up - check.drop_ft)]
        st.map.set_altitude(target, max(0, up - check.drop_ft))
    st._emit("knockdown", actor=name, target=target, data=data)
    if check.prone and not st._has(target, Condition.PRONE):
        st._gain(target, "prone", by=name, why=f"knocked down by {name}")
    if check.fort_dc is not None:
        st._confound_save(target, check.fort_dc, RULE)

# ------------------------------------------------------------------ after each strike


def knockdown_after_strike(st: Encounter) -> bool:
    """Whether every strike rolls its Knockdown by itself (000_8d1d7816ee944f3b.txt,
    "Momentum of Impact": "the target is subject to Knockdown"): on for an encounter
    built today (``Encounter(..., knockdown_after_strike=False)`` leaves it to
    :meth:`knockdown`), off for a save written before the rule was automatic (its log
    replays as it was played)."""
    return bool(getattr(st, "_knockdown_rule", True))


def _knockdown_options(st: Encounter, name: str, target: str, situation: Mapping[str, Any]
                       ) -> dict[str, Any]:
    """An attack's situation without the Knockdown's options (a new dict), checked:
    ``resist_knockdown`` (the defender's choice, ``wrestling`` or ``acrobatics``) and
    ``mount`` (the ally the attacker rides: "Cavalry count as the size of the Mount")."""
    situation = dict(situation)
    resist = situation.pop("resist_knockdown", None)
    mount = situation.pop("mount", None)
    if (resist is not None or mount is not None) and not st.knockdown_after_strike:
        raise IllegalActionError("resist_knockdown= and mount= go with the Knockdown "
                                 "rolled after the strike; this encounter rolls it by "
                                 "hand: knockdown(attacker, target, ...)", RULE)
    if mount is not None:
        _check_mount(st, name, mount)
    if resist is not None:
        st._defense(target, ("wrestling", "acrobatics"), resist, RULE)
    return situation


def _attack_option(st: Encounter, attacker: str, target: str, situation: Mapping[str, Any],
                   key: str) -> Any:
    """``key`` of the attack command being played, when it is ``attacker``'s own
    attack on ``target`` (an AOO or a reaction's strike takes the defaults)."""
    if situation.get("aoo"):
        return None
    for e in reversed(st._log._events):  # (the log's list, read directly: issue 24, "Fast")
        if e.command:
            d = e.data
            if e.kind == "attack" and d.get("name") == attacker \
                    and d.get("target") == target:
                return (d.get("situation") or {}).get(key)
            return None
    return None


def _strike_lands(st: Encounter, result: Any, target: str) -> bool:
    """A hit, or a miss by no more than the target's Shield Rating (never a Natural 1,
    never against an Active Defense: :func:`lfgcombat.rules.impact.momentum.knockdown_odds`)."""
    if result.hit:
        return True
    roll, setup = result.attack_roll, result.setup
    if roll is None or roll.natural == 1 or setup.defense is not None:
        return False
    miss_by = int(setup.ac) - int(roll.total)
    return miss_by >= 1 and shield_struck(miss_by, int(st._view(target).shield_rating))


def _knockdown_after(st: Encounter, attacker: str, target: str, weapon: Any,
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
    if not st.knockdown_after_strike or not _strike_lands(st, result, target) \
            or st._f[target].dead:
        return
    mount = st._attack_option(attacker, target, situation, "mount")
    if mount is None and st._f[target].rules is None and \
            not _can_knock(st, attacker, target, weapon):
        return  # the DC would not apply (issue 24, "Fast": not worked out for nothing)
    if st._vitals(target).unconscious:
        return
    charge_ft = st._f[attacker].turn.run_ft if charge else 0
    dc = _knockdown_dc(st, attacker, target, weapon, charge_ft,
                       bool(situation.get("power_attack")), mount)
    if not dc.applies:
        return
    damage = sum(max(0, int(v)) for v in result.damage_by_type.values()) \
        if result.hit else 0
    resist = st._attack_option(attacker, target, situation, "resist_knockdown")
    _knock(st, attacker, target, dc, resist, damage, _knockdown_height(st, target, None),
           _knockdown_maneuverability(st, target, None), auto=True,
           shield=not result.hit)


def _confound_save(st: Encounter, name: str, dc: int, rule: str) -> None:
    """"FORT Save DC15 (or Damage Taken, whichever is more) or be Confounded for 1
    Round" (the round counts on the creature's own turn)."""
    seen = len(st.roller.history)
    save = saving_throw(st._view(name), "fort", dc, st.roller,
                        label=f"{name}: FORT vs Confounded DC {dc}")
    st._log_rolls(seen, actor=name, against=dc,
                  outcome="success" if save.success else "failure")
    if not save.success and not st._f[name].dead:
        st._gain(name, "confounded for 1 rounds", by=None, why=rule)


def _who(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"
