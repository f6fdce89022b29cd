"""Flying in an encounter: the Dive Attack, tripped and knocked-down flyers, falling.

000_8d1d7816ee944f3b.txt, "Dive Attack": "If you use the Run Action and descend at least 10
feet before striking in melee, your attack strikes as a Charge Attack and your attack deals
damage as if 1 die size larger"; "“Trip”or “Knockdown” a flying creature": "they fall 10
feet down ... If they reach the ground, they fall prone ... Clumsy or Poor Maneuverability
fall 20 feet instead of 10"; "Falling while Flying & Regaining Control": 300 ft in the first
round, a Big Action to regain control, 1000 ft in the second (Perfect regains after 50 ft).
The pure rules are :mod:`lfgcombat.rules.movement.flight`; the fall's damage is
:func:`lfgcombat.falling_damage`. Under ``classic`` and ``wounds`` (neither text has flight
or falling rules but classic's Paralyzed "A winged creature flying in the air at the time
that it becomes Paralyzed cannot flap its wings and falls", 002_2a3a79475ca2a541.txt,
"Conditions") the kit plays these rules too (inferred), the fall's damage going through
the ruleset's own health (:meth:`~lfgcombat.rulesets.HealthModel.take_damage`).

Decisions: a flyer made prone by another creature (a trip, a knockdown: any condition
"prone" given ``by`` a creature) drops instead, and is prone only if it lands; the drop
itself deals no damage (the text gives none). A flyer that falls unconscious falls to the
ground (it cannot regain control) and takes the fall's damage. A flyer still airborne at
the end of its turn that flew across fewer hexes than the chart's Minimum Flight Speed
("Fly Speed – Flight & Maneuverability") stalls and falls; one whose fall of 300 ft left it
in the air spends a Big Action at the start of its next turn to regain control (Perfect
maneuverability regains after 50 ft without one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lfgcombat.errors import IllegalActionError
from .falling import falling_damage
from ..conditions.effect import Effect
from .flight import (FALL_FT_BY_ROUND, RULE_CHART, RULE_DIVE, RULE_FALL, RULE_TRIP,
                     dive_attack as dive_attack_rule, falling_while_flying, keeps_lift,
                     maneuverability, trip_drop)
from .movement_modes import speeds_of
from lfgcombat.engine.commands import command
from ..weapons import resolve_weapon
from ..bonuses import Bonus
from lfgcombat.battlemap import Terrain

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter
    from lfgcombat.engine.state import _Fighter

#: The kind of the effect on a flyer falling at the end of a round of its fall.
FALLING = "falling_flyer"


# Flight: Dive Attacks, flyers tripped or knocked down, flyers falling.


def _flying(st: Encounter, name: str) -> int:
    """Feet ``name`` flies above the ground (0: not on a map or on the ground)."""
    if st.map is None or name not in st._anchors or name not in st.map:
        return 0
    return int(st.map.altitude(name))


def dive_attack(st: Encounter, name: str, target: str, weapon: Any = None, **situation: Any) -> Any:
    """A melee strike right after a fly Run that descended 10 ft or more: a Charge
    Attack whose damage die is one size larger.

    Raises:
        IllegalActionError: no such dive this turn, or the attack is refused.
    """
    f = st._fighter(name)
    dive = f.turn.dive_ft  # set by a fly Run this turn
    descended = dive or 0
    dive_attack_rule("1d6", descended, f.turn.last_action == "run" and dive is not None)
    if weapon is None:
        weapon = st._default_weapon(name)
    w = resolve_weapon(st._view(name), weapon)
    stepped = dive_attack_rule(str(w.damage), descended, True).damage
    crit = f"{w.threat}-20" if w.threat < 20 else "20"
    entry = {"name": str(weapon) if isinstance(weapon, str) else w.name,
             "damage": str(stepped), "damage_type": w.types_text(),
             "crit": f"{crit}/x{w.multiplier}"}
    st._emit("dive_attack", actor=name, target=target, data={
        "descended_ft": descended, "damage": str(stepped), "rule": RULE_DIVE})
    return st.attack(name, target, entry, charge=True, **situation)


def _flyer_gains(st: Encounter, name: str, condition: str, *, by: str | None, why: str) -> bool:
    """A condition reaching a flyer (called by :meth:`EffectsRules._gain` first): Prone
    given by another creature drops it instead (``True``: handled, nothing more to
    gain); Prone from falling unconscious drops it to the ground first (``False``: the
    condition is gained as usual)."""
    up = _flying(st, name)
    if not up or str(condition).strip().lower() != "prone":
        return False
    if by is not None and by != name:
        _trip_drop(st, name, up, by)
        return True
    if "unconscious" in why:
        _fall(st, name, up, can_fly=False, regains=False)
    return False


def _trip_drop(st: Encounter, name: str, up: int, by: str) -> None:
    man = speeds_of(st._view(name)).maneuverability
    if man is None:
        st.map.set_altitude(name, 0)
        st._gain(name, "prone", by=by)
        return
    drop = trip_drop(man, up)
    st.map.set_altitude(name, up - drop.drop_ft)
    st._emit("flyer_dropped", actor=by, target=name, data={
        "from": up, "to": up - drop.drop_ft, "lands": drop.lands, "rule": RULE_TRIP})
    if drop.lands:
        st._gain(name, "prone", by=by)


def _fall(st: Encounter, name: str, up: int, *, can_fly: bool, regains: bool) -> Any:
    man = speeds_of(st._view(name)).maneuverability or "clumsy"
    res = falling_while_flying(up, man, can_fly=can_fly, regains=regains)
    st.map.set_altitude(name, 0 if res.lands else up - res.fallen_ft)
    st._emit("flyer_falls", target=name, data={
        "from": up, "fallen_ft": res.fallen_ft, "rounds": res.rounds, "lands": res.lands,
        "regained": res.regained, "lines": list(res.lines), "rule": RULE_FALL})
    if res.regained and res.rounds and res.fallen_ft >= FALL_FT_BY_ROUND[0]:
        st._add_effect(name, Effect(
            kind=FALLING, label="falling: a Big Action at the start of its turn regains "
            "control", ends="turn_start", on=name, rule=RULE_FALL))
    if res.lands:
        v = st._view(name)
        hit = falling_damage(int(v.max_hp), res.fallen_ft, v.size.value
                             if hasattr(v.size, "value") else str(v.size))
        if st._f[name].dead:
            return res  # a corpse falls; nothing to take
        if hit.applied.taken > 0 and st._f[name].rules is not None:
            # a ruleset's record takes it by its own health (classic: disabled at 0,
            # dead at -10; wounds: HP, then Wounds); the fall is lfg's rule, neither
            # text having one (inferred)
            st._record_damage(name, hit.applied.taken, "bludgeoning", source="a fall")
        elif hit.applied.taken > 0:
            st._apply_damage(name, hit.applied.taken, "bludgeoning", struck=False,
                             source="a fall")
    return res


def _flight_situation(st: Encounter, attacker: str, target: str, situation: dict[str, Any],
                      modifiers: list[str]) -> tuple[dict[str, Any], list[str]]:
    """The maneuverability chart's combat limits on an attack on the map (called by
    :meth:`CombatRules._encounter_situation`, which owns the copies it passes): an
    airborne attacker's ``attack_mod`` and an airborne target's ``ac_mod``
    (``data/maneuverability.csv``, inferred: Clumsy -2, Poor -1)."""
    for who, key, col in ((attacker, "attack_bonuses", "attack_mod"),
                          (target, "ac_bonuses", "ac_mod")):
        man = speeds_of(st._view(who)).maneuverability if _flying(st, who) else None
        value = getattr(maneuverability(man), col) if man is not None else 0
        if value:
            label = f"{man.value} flight"  # type: ignore[union-attr]
            situation[key] = tuple(situation.get(key, ())) + (Bonus(value, None, label),)
            modifiers.append(f"{who} is flying with {label}: {value} "
                             f"{'attack' if col == 'attack_mod' else 'AC'} ({RULE_CHART})")
    return situation, modifiers


def _flight_effect_ended(st: Encounter, name: str, effect: Any, why: str) -> None:
    """An effect has ended (called by :meth:`EffectsRules._end_effect`). A falling
    flyer's turn begins: "you can spend a Big Action to regain control"
    (000_8d1d7816ee944f3b.txt, "Falling while Flying & Regaining Control") - the kit
    spends it at once (a flyer that cannot act would have fallen to the ground)."""
    f = st._f[name]
    if (effect.kind != FALLING or f.dead or not why.startswith("the start of")
            or not _flying(st, name)):
        return  # it landed meanwhile, or the effect was removed otherwise
    f.update_turn(big_used=f.turn.big_used + 1)
    st._emit("flyer_regains", actor=name, data={
        "altitude": _flying(st, name), "why": f"{name} spends a Big Action to regain "
        "control", "rule": RULE_FALL})


def _flight_turn_end(st: Encounter, name: str, kind: str = "turn") -> None:
    """The end of ``name``'s turn (``kind``: ``"turn"``, ``"interrupt"`` - its turn
    taken early - or ``"ready"``, its readied action): an airborne flyer that flew fewer
    hexes across this turn than its Minimum Flight Speed begins to fall ("A creature
    that moves less than this amount in a single round while airborne begins to fall";
    Perfect hovers). A flyer holding a readied action has not finished its round: it is
    checked when the readied action ends, or at the start of its next turn if it never
    fired (:meth:`_unfired_ready_flight`). A creature up a climbable wall or in water is held
    there, not airborne."""
    f = st._f[name]
    up = _flying(st, name)
    if f.dead or not up or (kind != "ready" and f.ready is not None) or f.rules is not None:
        return  # a record's ruleset has no maneuverability chart (see _record_flight)
    speeds = speeds_of(st._view(name))
    man = speeds.maneuverability
    if not speeds.fly or man is None:
        return
    if st.map.terrain(st.map.token(name).anchor) in (Terrain.WATER, Terrain.CLIMBABLE):
        return
    hexes = f.turn.flown_ft // 5
    if keeps_lift(man, hexes):
        return
    need = maneuverability(man).min_forward_hexes
    st._emit("flyer_stalls", target=name, data={
        "flown_hexes": hexes, "minimum_hexes": need, "altitude": up,
        "why": f"{name} flew {hexes} hex(es) this turn, under the {need} that "
               f"{man.value} maneuverability needs to stay aloft", "rule": RULE_CHART})
    _fall(st, name, up, can_fly=True, regains=True)


def _unfired_ready_flight(st: Encounter, f: _Fighter) -> None:
    """A new turn begins (called by :meth:`TurnsRules._reset_turn` before the budget is
    renewed): a flyer whose readied action never fired (its turn ended with the Ready
    Action: lost now, or lost to a failed interrupt) is checked against the Minimum
    Flight Speed for the round it waited (it flew only what it flew before readying)."""
    if f.turn.last_action == "ready" and st.map is not None:
        st._flight_turn_end(f.name, "ready")


def _record_flight(st: Encounter, name: str, standing: Any, conditions: Any = ()) -> None:
    """A combatant a ruleset keeps a record of (``classic``, ``wounds``), airborne: its
    ruleset has no flight rules of its own, so it stays aloft until its record says it
    cannot fly - dead, or helpless (classic's Unconscious, Helpless, and Paralyzed: "A
    winged creature flying in the air at the time that it becomes Paralyzed cannot
    flap its wings and falls", 002_2a3a79475ca2a541.txt, "Conditions") - and then it
    falls to the ground, the living taking the fall's damage by their ruleset's health
    (called by :meth:`RulesetPlayRules._record_commit` with the record's
    :class:`~lfgcombat.rulesets.MapStanding` and conditions). Inferred: lfg's
    Minimum Flight Speed ("Fly Speed – Flight & Maneuverability") needs a flight move
    the ruleset's round has not (its Move Action walks), so it is not applied to a
    record."""
    up = _flying(st, name)
    if up and (standing.dead or standing.helpless or "Paralyzed" in conditions):
        _fall(st, name, up, can_fly=False, regains=False)


def fall_from_flight(st: Encounter, name: str, *, regains: bool = True) -> Any:
    """A flyer loses its flight (its wings are hurt, a spell ends it): it falls 300 ft
    in the first round and regains control with a Big Action next turn (``regains``),
    else strikes the ground and takes the fall's damage. A logged command."""
    st._do("flyer_falls", {"name": name, "regains": regains})
    return st


@command
def _h_flyer_falls(st: Encounter, name: str, regains: bool) -> None:
    st._fighter(name)
    up = _flying(st, name)
    if not up:
        raise IllegalActionError(f"{name} is not flying", RULE_FALL)
    _fall(st, name, up, can_fly=regains, regains=regains)
