"""Archery in an encounter: Unintended Targets on the map, their odds, and volleys.

000_8d1d7816ee944f3b.txt, "Accuracy by Volume (Unintended Targets)": a ranged miss that does
not strike the shield goes to the creature giving the target cover, else "the closest
creature within Line of Effect and either directly adjacent to or within 10 feet behind
your intended target" (random among equals), "a new Attack Roll against your Unintended
Target with a -4 Penalty" without precision damage; "If your first Attack Roll was a Nat1,
nothing else happens". "Volley Shots & Indirect Fire": aim at a hex, -10, "A Nat20 Indirect
Attack does not automatically strike, but grants your Attack Roll a +10 Innate Bonus", range
penalties, 50% miss chance when the target is unseen, misses within 10 ft, clearance (50 ft
bows, 30 ft javelins and spears), no Anti-Armor, precision or criticals. The pure rules are
:mod:`lfgcombat.rules.archery.archery`.

Decisions: the map decides the positions - a creature named among the target's cover
blockers gives it cover; ``adjacent`` is 5 ft from the target; ``behind`` is farther from
the shooter than the target and within 10 ft of it. A miss made by the % miss chance
(concealment) or by an Active Defense finds no Unintended Target (only a roll below the AC
less the Shield Rating does).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from lfgcombat.shortrepr import short
from .archery import (Bystander, choose_unintended, first_roll_outcome, Position,
                      range_finding_bonus, RULE_RANGE_FINDING, RULE_VOLLEY, RULE_VOLUME,
                      second_situation, unintended_candidates, UNINTENDED_PENALTY,
                      volley as volley_rule, volley_attack_mod)
from lfgcombat.errors import IllegalActionError
from lfgcombat.engine.commands import command
from ..attacks.odds import unintended_attack_odds
from ..attacks.prepare import prepare
from ..weapons import weapon_entries
from ..bonuses import Bonus, BonusType

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter

_NO_CEILING = 10_000


# Archery: Accuracy by Volume after a ranged miss; :meth:`unintended_odds`; :meth:`volley`.


def accuracy_by_volume(st: Encounter) -> bool:
    """Whether a ranged miss on the map finds an Unintended Target by itself: on for
    every encounter built today; off for a save written before the rule was in the
    kit (its log replays as it was played)."""
    return bool(getattr(st, "_volume_rule", True))


def bystanders(st: Encounter, shooter: str, target: str) -> list[Bystander]:
    """The creatures around ``target`` as ``shooter`` sees them on the map (this module's
    decisions): each with its position and distance from the target."""
    m = st.map
    if m is None or shooter not in st._anchors or target not in st._anchors:
        return []
    cover = m.cover(shooter, target)
    blockers = " ".join(cover.blockers)
    to_target = m.distance(shooter, target)
    out = []
    for o in m.names:
        if o in (shooter, target) or o not in st._f or st._f[o].dead:
            continue
        d = m.distance(target, o)
        pos: Position
        if f"creature {o}" in blockers:
            pos = "cover"
        elif d <= 5:
            pos = "adjacent"
        elif m.distance(shooter, o) > to_target and d <= 10:
            pos = "behind"
        else:
            pos = "other"
        out.append(Bystander(st._view(o), pos, d, m.line_of_effect(shooter, o)))
    return out


def unintended_odds(st: Encounter, name: str, target: str, weapon: Any = None,
                    **situation: Any) -> dict[str, Any]:
    """The exact chance ``name``'s ranged attack on ``target`` now strikes each creature
    around it instead (the GM sees, before the shot, how likely the arrow finds the
    friend), as :meth:`attack` plays it: the first roll with the situation the
    encounter gives it (its effects, the map's distance, cover, flanking, high ground,
    terrain, Gang Up, a running target, a Charge), and each Unintended Target's new roll
    with what :meth:`_accuracy_by_volume` hands on (the same situation less what
    concerned the target, at -4) plus the encounter's view of that creature (its own
    distance, cover, high ground, Gang Up, running). The tie among equals is 1 in N.
    Sampling the encounter agrees (tests/updown/test_encounter_archery.py). Empty
    off the map, and for a save from before the rule (:attr:`accuracy_by_volume`
    off: its misses strike nobody else).

    Raises:
        IllegalActionError: as :meth:`attack` would refuse the attack itself.
    """
    st._fighter(name)  # an unknown name: a refusal quoting a short prefix, not
    st._fighter(target)  # a KeyError quoting all of it (issue 23, item 22)
    _mod, weapon = st._attack_weapon(name, target, weapon)
    base, charge, use_map = st._attack_options(name, weapon, situation)
    st._effects_situation(name, target, base)
    view, first = _as_rolled(st, name, target, weapon, base, charge, use_map)
    setup = prepare(view, st._view(target), weapon, ruleset=st.ruleset, **first)
    if not st.accuracy_by_volume:
        return {}  # a save from before the rule: its misses strike nobody else
    around = st.bystanders(name, target)
    later = second_situation({k: v for k, v in base.items() if k != "distance_ft"})
    setups = {}
    for b in around:
        other = str(b.creature.name)
        v2, s2 = _as_rolled(st, name, other, weapon, later, False, None)
        setups[other] = prepare(v2, st._view(other), weapon, ruleset=st.ruleset,
                                **s2)
    return unintended_attack_odds(setup, around, setups=setups)


def _as_rolled(st: Encounter, attacker: str, target: str, weapon: Any, situation: dict,
               charge: bool, use_map: Any) -> tuple[Any, dict[str, Any]]:
    """The attacker as it attacks and the attack's situation, made as
    :meth:`_resolve_attack` makes them before it rolls (kept in step with it: the map's
    situation, Gang Up, a running target's AC, a Charge)."""
    s, mods, mode, _ignored = st._encounter_situation(attacker, target, weapon,
                                                      situation, use_map)
    gang = 0 if s.get("aoo") else st.gang_up_bonus(attacker, target)
    if gang:
        s["attack_bonuses"] = tuple(s.get("attack_bonuses", ())) + (
            Bonus(gang, BonusType.TACTICAL, "gang up"),)
    s, mods = st._against_a_runner(attacker, target, mode, s, mods)
    view, s, _mods = st._charge_situation(attacker, target, mode, charge, s, mods)
    return view, s


def _accuracy_by_volume(st: Encounter, name: str, target: str, weapon: Any, situation: dict,
                        result: Any) -> None:
    """After a ranged attack on the map: a miss below the AC less the Shield Rating
    (not a Nat 1) strikes at an Unintended Target, rolled among equals, at -4 without
    precision damage (logged as an ``unintended`` event and a second ``attack``)."""
    s = getattr(result, "setup", None)
    if not st.accuracy_by_volume:
        return
    if (st.map is None or result.hit or s is None or s.mode != "ranged"
            or s.defense is not None or result.attack_roll is None
            or situation.get("aoo") or target not in st._anchors):
        return
    r = result.attack_roll
    outcome = first_roll_outcome(s, int(r.natural), int(r.total))
    if outcome == "hit":
        return  # the % miss chance made it miss
    around = [b.candidate() for b in st.bystanders(name, target)]
    if not unintended_candidates(around):
        return  # nobody to strike: the shot lands harmlessly, as it always did
    if outcome != "miss":
        why = "a natural 1 hits nothing" if outcome == "nat1" else "it struck the shield"
        st._emit("unintended", actor=name, target=target, data={
            "struck": None, "why": why, "rule": RULE_VOLUME})
        return
    seen = len(st.roller.history)
    chosen = choose_unintended(around, st.roller)
    st._log_rolls(seen, actor=name)
    st._emit("unintended", actor=name, target=target, data={
        "struck": chosen.name if chosen else None,
        "why": ("the miss flies on to " + chosen.name) if chosen else
               "no creature near the target: the shot lands harmlessly",
        "rule": RULE_VOLUME})
    if chosen is not None:
        st._resolve_attack(name, chosen.name, weapon, second_situation(
            {k: v for k, v in situation.items() if k != "distance_ft"}))

# -- Volley Shots & Indirect Fire --------------------------------------------------


def volley(st: Encounter, name: str, at: Any, weapon: Any, *,
           range_finding: int | bool | None = None) -> Any:
    """Indirect Fire at a hex: -10, range penalties, +10 Innate on a Nat 20 (not a hit
    by itself), 50% miss chance if the hex is unseen, a miss goes to a creature within
    10 ft, no criticals or precision; the ceiling must leave the weapon's clearance.

    Args:
        name: The archer (its attack this turn).
        at: The hex aimed at.
        weapon: A bow, a javelin or spear, or a grenade-like item.
        range_finding: Range-Finding, made with the Aim this turn ("Use an Aim Action to
            attempt a Craft(Academia) Check"): the check's total as the GM rolled it, or
            ``True`` for the encounter to roll 1d20 + Craft(Academia); +2 at DC 15, +1
            per 5 over.

    The volley is the turn's next attack (the Consecutive Attack Penalty counts it) and
    the aimed ranged attack an Aim is kept for: Aim's +1 Focus is used up by it.

    Raises:
        IllegalActionError: a weapon that cannot volley, too low a ceiling, no attack
            left, the hex off the map or inside a full-height wall, Range-Finding
            without an Aim this turn; nothing changes.
    """
    return st._do("volley", {"name": name, "at": st._cell_arg(at), "weapon": weapon,
                             "range_finding": range_finding})


@command
def _h_volley(st: Encounter, name: str, at: Any, weapon: Any, range_finding: int | bool | None
              ) -> Any:
    f = st._actor(name)
    aiming = [e for e in f.effects if e.lost_on_action]  # Aim, until the shot
    if range_finding is not None and range_finding is not False and not aiming:
        raise IllegalActionError(
            f"{name} has not aimed this turn: Range-Finding is a Craft(Academia) check "
            "made with an Aim Action (\"Use an Aim Action to attempt a Craft(Academia) "
            "Check\"); aim(...) first, then volley", RULE_RANGE_FINDING)
    rolled = range_finding is True
    check = None if rolled or range_finding is False else range_finding
    st._need_map(name)
    cell = st._cell(at)
    m = st.map
    if m.terrain(cell).value == "wall" and m.wall_top(cell) is None:
        raise IllegalActionError(
            f"{m.offset(cell)} is inside a full-height wall: a volley is aimed at a hex "
            "the projectile can come down in (\"Select a hex you wish to strike\"); aim "
            "at a hex beyond the wall", RULE_VOLLEY)
    # the clearance is above the one shooting: an archer flying 30 ft up under a 60-ft
    # ceiling has 30 ft of it
    ceiling = _NO_CEILING if m.ceiling is None else max(0, m.ceiling - m.altitude(name))
    seen = m.line_of_sight(name, cell)
    targets = [o for o in m.at(cell) if o in st._f and not st._f[o].dead]
    plan = volley_rule(_check_weapon(weapon), ceiling, seen=seen, range_finding_check=check)
    _check_carried(st, name, weapon)
    crossbow = st._check_attack_budget(name, weapon, {})
    victim = targets[0] if targets else None
    setup = st._attacks_module().prepare(
        st._view(name), _volley_aim(st, name, victim), weapon, ruleset=st.ruleset,
        distance_ft=m.distance(name, cell), thrown=plan.kind != "bow",
        previous_attacks=f.turn.attacks)
    st._spend_attack(name, victim or name, crossbow)
    if rolled:
        plan = _range_finding(st, name, plan)
    out = _volley_roll(st, name, cell, victim, weapon, plan, setup)
    for e in aiming:
        st._end_effect(name, e, "the aimed volley was made")
    return out


def _range_finding(st: Encounter, name: str, plan: Any) -> Any:
    """Roll Range-Finding (1d20 + Craft(Academia), DC 15) into the volley's plan."""
    from dataclasses import replace

    stat = st.skill(name, "craft(academia)")
    b = int(stat.value or 0)
    seen = len(st.roller.history)
    r = st.roller.roll(f"1d20{b:+d}", label=f"{name} Craft(Academia) to range-find "
                       "(DC 15)", fortune=getattr(stat, "fortune", None))
    bonus = range_finding_bonus(r.total)
    st._log_rolls(seen, actor=name, against=15,
                  outcome="success" if bonus else "failure")
    return replace(plan, range_finding=bonus)


def _volley_aim(st: Encounter, name: str, victim: str | None) -> Any:
    """The creature a volley's setup is made against: the one in the hex, or, at an
    empty hex, a stand-in for the ground (the archer's own record under another name;
    only the attack bonus and the damage are read, never its AC)."""
    if victim is not None:
        return st._view(victim)
    return st._view(name).replace(name=f"{name}'s aim point")


def _volley_roll(st: Encounter, name: str, cell: Any, victim: str | None, weapon: Any, plan: Any,
                 setup: Any, *, unintended: bool = False) -> dict[str, Any]:
    """Roll the volley: the d20 with its modifiers, the miss chance, the damage
    (``unintended``: the new roll of :meth:`_volley_miss`, whose miss lands harmlessly)."""
    b = int(setup.bonus)
    seen = len(st.roller.history)
    r = st.roller.roll(f"1d20{'+' if b >= 0 else '-'}{abs(b)}",
                       label=f"{name} volleys at {st.map.offset(cell)}")
    mods = volley_attack_mod(plan, int(cast(int, r.natural)))
    total = r.total + mods
    ac = int(setup.ac) if victim else None
    hit = victim is not None and r.natural != 1 and ac is not None and total >= ac
    if hit and plan.miss_chance:
        hit = st.roller.roll("1d100", label="volley at an unseen target: 50% miss "
                             "chance").total > plan.miss_chance
    st._log_rolls(seen, actor=name, target=victim, against=ac,
                  outcome="hit" if hit else "miss", only_first=True)
    dealt: dict[str, int] = {}
    if hit and victim is not None:  # no critical, no precision, no Anti-Armor
        d = setup.damage
        seen = len(st.roller.history)
        dr = st.roller.roll(d.normal, label=f"{setup.weapon.name} damage (volley)")
        st._log_rolls(seen, actor=name, target=victim)
        applied = d.physical(d.weapon_after(dr.total, False), 0, False)
        dealt = {applied.type.value: applied.taken}
    st._emit("volley", actor=name, target=victim, data={
        "at": list(st.map.offset(cell)), "weapon": str(weapon), "natural": r.natural,
        "total": total, "modifiers": mods, "against": ac, "hit": hit, "damage": dealt,
        "miss_chance": plan.miss_chance,
        "rule": f"{RULE_VOLLEY}; {RULE_VOLUME}" if unintended else RULE_VOLLEY})
    if dealt and victim is not None:
        st._deal_attack_damage(name, victim, dealt)
    elif not hit and r.natural != 1 and not unintended:
        _volley_miss(st, name, cell, victim, weapon, plan,
                     setup.situation.previous_attacks)
    return {"hit": hit, "target": victim, "total": total, "damage": dealt}


def _volley_miss(st: Encounter, name: str, cell: Any, victim: str | None, weapon: Any,
                 plan: Any, previous: int = 0) -> None:
    """A volley's miss strikes a creature within 10 ft of the hex (Accuracy by Volume)."""
    m = st.map
    around = [Bystander(st._view(o), "other", m.distance(cell, o), True)
              for o in m.names if o in st._f and o != victim and o != name
              and not st._f[o].dead and m.distance(cell, o) <= plan.unintended_within_ft]
    seen = len(st.roller.history)
    chosen = choose_unintended([b.candidate() for b in around], st.roller,
                               within_ft=plan.unintended_within_ft)
    st._log_rolls(seen, actor=name)
    st._emit("unintended", actor=name, target=victim, data={
        "struck": chosen.name if chosen else None,
        "why": (f"the volley's miss comes down on {chosen.name}" if chosen
                else "nobody within 10 ft: the volley lands harmlessly"),
        "rule": RULE_VOLLEY})
    if chosen is None:
        return
    # The new roll is still the Indirect Fire attack ("These attacks lose the Anti-Armor
    # property and cannot deal Precision Damage or Critical Hits"), at the Unintended
    # Target's -4 in place of the volley's -10, with the range and the 50% miss chance
    # (unseen) to that creature; a Nat 20 is +10 Innate, as the volley's own roll.
    from dataclasses import replace

    other = chosen.name
    at = m.token(other).anchor
    again = replace(plan, penalty=UNINTENDED_PENALTY,
                    miss_chance=0 if m.line_of_sight(name, other) else 50)
    setup = st._attacks_module().prepare(
        st._view(name), st._view(other), weapon, ruleset=st.ruleset,
        distance_ft=m.distance(name, other), thrown=plan.kind != "bow",
        previous_attacks=previous)
    _volley_roll(st, name, at, other, weapon, again, setup, unintended=True)


def _check_carried(st: Encounter, name: str, weapon: str) -> None:
    """Refuse a volley with a weapon the archer does not carry (its ``weapons:``, by name,
    case and spaces aside): "Select a hex you wish to strike" with your bow, javelin or
    grenade (000_8d1d7816ee944f3b.txt, "Volley Shots & Indirect Fire")."""
    def key(text: Any) -> str:
        return " ".join(str(text).split()).lower()
    names = [str(e.get("name")) for e in weapon_entries(st._view(name))
             if isinstance(e, Mapping) and e.get("name")]
    if key(weapon) not in {key(n) for n in names}:
        raise IllegalActionError(
            f"{name} carries no {key(weapon)[:60]} (its weapons: "
            f"{', '.join(names) or 'none'}): volley with a bow, javelin or grenade it "
            "carries, or add it to its weapons", RULE_VOLLEY)


def _check_weapon(weapon: Any) -> str:
    if not isinstance(weapon, str):
        raise IllegalActionError("weapon: name the bow, javelin or grenade, not "
                                 f"{short(weapon)}",
                                 RULE_VOLLEY)
    return weapon
