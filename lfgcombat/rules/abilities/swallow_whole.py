"""Swallow Whole in an encounter, end to end.

000_8d1d7816ee944f3b.txt, "Common Natural Weapons": "Swallow Whole: If the larger creature
begins a turn with a creature 2+ size categories smaller than itself held with its mouth, it
can attempt another Wrestling check as a Big Action. If it succeeds, it swallows its prey."
"A swallowed creature cannot breathe and takes 1d4[b] +1d4[acid] damage each round. Damage
based on Large Sized creature. Add +1 die size per size category above Large." "A swallowed
creature keeps the grappled condition, while the creature that did the swallowing does
not." Cutting free: "any light slashing or piercing weapon", "a DC15 Wrestling or Acrobatics
Check to deal damage while inside. Precision & Critical Hit damage cannot be applied", "1/10
the larger creature's max Hit Points" of cutting damage; "the larger creature will
regurgitate the creature on its next turn (Big Action)" and "will not attempt to eat that
creature again"; "a DC30 Acrobatics or Wrestling Check to force its way back into the larger
creature's mouth, causing it to regurgitate the creature. However, it will still try to eat
this creature if it gets the chance." The numbers are
:mod:`lfgcombat.rules.abilities.natural_weapons`'.

Decisions: "held with its mouth" is the swallower's grapple (its Grab) made before its turn
began; the swallow is an opposed Wrestling check (the prey opposes with Wrestling) that
provokes nothing (made inside the grapple); the round's damage is dealt once per round,
by itself at the start of the swallower's turn (:meth:`SwallowWholeRules._digest_at_turn_start`,
called by the turns module, so it replays with the ``end_turn`` that began the turn), or by
the GM with :meth:`SwallowWholeRules.digest` in the round of the swallow itself (it began
after that turn's start) or a round whose turn the swallower did not take;
cutting is a Big Action of the swallowed creature and its damage is dealt to the swallower
(weapon dice + STR mod, at least 1); the state is read from the log's ``swallow`` events
(replay needs nothing more); regurgitated prey goes to ``to`` or the nearest legal hex.
On the map the swallowed creature's token is carried inside the swallower: after every step
it stands on the swallower's anchor hex at its altitude (a ``moved`` event with ``action:
carried``; it shares the space, as a creature 2+ sizes smaller may), so it moves, climbs and
falls with it; regurgitated without ``to``, it goes to the nearest legal hex from there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..conditions.conditions import Condition
from lfgcombat.errors import IllegalActionError
from lfgcombat.engine.log import Event
from .natural_weapons import (RULE, SWALLOW_CUT_DC, SWALLOW_ESCAPE_DC, Swallowed, check_swallow,
                              cut_inside, force_out as force_out_rule, swallow)
from lfgcombat.engine.commands import command
from ..weapons import resolve_weapon, weapon_entries

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter

__all__ = []


# SwallowWhole: ``swallow_whole``, ``digest``, ``cut_free``, ``force_out``, ``regurgitate``.

# ------------------------------------------------------------------ the state, from the log


def _swallow_events(st: Encounter, prey: str) -> list[Event]:
    """The ``swallow`` events of ``prey``'s current stay inside (empty: not inside)."""
    events = [e for e in st._log if e.kind == "swallow" and not e.command
              and e.target == prey]
    start = max((i for i, e in enumerate(events) if e.data.get("step") == "swallowed"),
                default=None)
    if start is None or any(e.data.get("step") == "regurgitated" for e in events[start:]):
        return []
    return events[start:]


def swallowed_by(st: Encounter, prey: str) -> str | None:
    """The creature that has swallowed ``prey`` (``None``: it is not inside one)."""
    st._fighter(prey)
    inside = _swallow_events(st, prey)
    return inside[0].actor if inside else None


def swallowed_state(st: Encounter, prey: str) -> Swallowed | None:
    """The prey's :class:`~lfgcombat.rules.abilities.natural_weapons.Swallowed` state, or
    ``None``."""
    inside = _swallow_events(st, prey)
    if not inside:
        return None
    d = inside[-1].data
    return Swallowed(d["damage_each_round"], d["cut_needed"], d["cut_dealt"],
                     d["regurgitate_next_turn"], d["will_eat_again"])


def _record(st: Encounter, swallower: str, prey: str, step: str, state: Swallowed, *,
            total: int | None = None, dc: int | None = None, damage: int = 0) -> None:
    st._emit("swallow", actor=swallower, target=prey, data={
        "step": step, "total": total, "dc": dc, "damage": damage,
        "damage_each_round": state.damage_each_round, "cut_needed": state.cut_needed,
        "cut_dealt": state.cut_dealt,
        "regurgitate_next_turn": state.regurgitate_next_turn,
        "will_eat_again": state.will_eat_again, "rule": RULE})

# ------------------------------------------------------------------ swallowing


def swallow_whole(st: Encounter, name: str, prey: str) -> Any:
    """Swallow Whole: a Big Action, an opposed Wrestling check against prey 2+ sizes
    smaller that ``name`` has held in its grapple since before its turn began
    (000_8d1d7816ee944f3b.txt, "Swallow Whole").

    Raises:
        IllegalActionError: not held since the turn began, not 2+ sizes smaller, already
            swallowed, or a creature that cut its way free before; nothing changes.
    """
    return st._do("swallow_whole", {"name": name, "target": prey})


def _held_since_turn_began(st: Encounter, name: str, prey: str) -> bool:
    if st.grappler_of(prey) != name:
        return False
    began = st._turn_events(name)[0].seq
    grabbed = max((e.seq for e in st._log if e.kind == "condition" and e.target == prey
                   and e.actor == name and e.data.get("change") == "gained"
                   and str(e.data.get("condition", "")).startswith("grappled")),
                  default=None)
    return grabbed is not None and grabbed < began


@command
def _h_swallow_whole(st: Encounter, name: str, target: str) -> None:
    st._actor(name)
    st._fighter(target)
    if st.swallowed_by(target) is not None:
        raise IllegalActionError(f"{target} is already swallowed", RULE)
    refused = [e for e in st._log if e.kind == "swallow" and e.actor == name
               and e.target == target and e.data.get("will_eat_again") is False]
    if refused:
        raise IllegalActionError(f"{target} cut its way out of {name}, which \"will not "
                                 "attempt to eat that creature again\"", RULE)
    check_swallow(st._view(name), st._view(target),
                  held_in_mouth=_held_since_turn_began(st, name, target))
    st._check_spend(name, "big", "swallow_whole")
    st._spend(name, "big", "swallow_whole", target=target)
    _, defense = st._defense(target, ("wrestling",), None, RULE)
    check = st._opposed(name, target, st.skill(name, "wrestling"), defense,
                        a_label=f"{name}: Wrestling (swallow whole)",
                        b_label=f"{target}: wrestling")
    state = swallow(st._view(name), st._view(target), held_in_mouth=True,
                    won_check=check.a_wins,
                    swallower_max_hp=int(st._view(name).max_hp))
    if state is None:
        st._emit("note", actor=name, target=target, data={
            "text": f"{target} is not swallowed: it stays in {name}'s mouth", "rule": RULE})
        return
    _record(st, name, target, "swallowed", state)
    if st._has(name, Condition.GRAPPLED):
        st._lose_condition(name, Condition.GRAPPLED,
                           why=f"swallowed {target} (the swallower is not Grappled)")


def digest(st: Encounter, name: str) -> Any:
    """The round's damage to every creature ``name`` has swallowed: "1d4[b] +1d4[acid]
    damage each round" (one die size more per size above Large); once per round.

    The start of the swallower's turn deals it by itself; this is the GM's call for the
    round of the swallow (made after the turn began) or a round without its turn.

    Raises:
        IllegalActionError: nothing swallowed, or already done this round.
    """
    return st._do("digest", {"name": name})


def _inside(st: Encounter, name: str) -> list[str]:
    """The living creatures ``name`` has swallowed."""
    return [n for n in st._f if n != name and not st._f[n].dead
            and st.swallowed_by(n) == name]


def _digested_this_round(st: Encounter, name: str) -> bool:
    return any(e.kind == "swallow" and e.actor == name and e.data.get("step") == "digest"
               and e.round == st.round for e in st._log)


def _digest_at_turn_start(st: Encounter, name: str) -> None:
    """At the start of ``name``'s turn, the round's damage to what it has swallowed
    (nothing when it swallowed nobody, is dead, or it was dealt this round)."""
    if st._f[name].dead or not any(a.condition is Condition.GRAPPLED
                                   for n, f in st._f.items() if n != name
                                   for a in f.creature.conditions):
        return  # a swallowed creature "keeps the grappled condition": a cheap first test
    inside = _inside(st, name)
    if inside and not _digested_this_round(st, name):
        _digest(st, name, inside)


@command
def _h_digest(st: Encounter, name: str) -> None:
    st._fighter(name)
    inside = _inside(st, name)
    if not inside:
        raise IllegalActionError(f"{name} has swallowed nobody", RULE)
    if _digested_this_round(st, name):
        raise IllegalActionError(f"{name}'s prey already took this round's damage", RULE)
    _digest(st, name, inside)


def _digest(st: Encounter, name: str, inside: list[str]) -> None:
    for prey in inside:
        state = st.swallowed_state(prey)
        assert state is not None
        total = 0
        for part in state.damage_each_round.split(" + "):
            dice, dtype = part.split(" ")
            kind = {"[b]": "bludgeoning", "[acid]": "acid"}[dtype]
            r = st._roll(dice, label=f"{prey}: swallowed ({kind})", actor=prey)
            total += r.total
            if not st._f[prey].dead:
                st._apply_damage(prey, r.total, kind, struck=False, source=name)
        _record(st, name, prey, "digest", state, damage=total)

# ------------------------------------------------------------------ getting out


def cut_free(st: Encounter, name: str, weapon: str | None = None) -> Any:
    """Cut from inside with a light slashing or piercing weapon: a Big Action, a DC15
    Wrestling or Acrobatics check, then the weapon's damage (no precision, no critical)
    counts toward 1/10 of the swallower's max HP.

    Raises:
        IllegalActionError: not swallowed, or not a light slashing or piercing weapon.
    """
    return st._do("cut_free", {"name": name, "weapon": weapon})


def _best_escape(st: Encounter, name: str) -> Any:
    return st._defense(name, ("wrestling", "acrobatics"), None, RULE)[1]


@command
def _h_cut_free(st: Encounter, name: str, weapon: str | None) -> None:
    st._actor(name)
    swallower = st.swallowed_by(name)
    state = st.swallowed_state(name)
    if swallower is None or state is None:
        raise IllegalActionError(f"{name} is not swallowed", RULE)
    v = st._view(name)
    pick = weapon or next((str(w.get("name")) for w in weapon_entries(v)
                           if isinstance(w, Mapping)), None)
    w = resolve_weapon(v, pick) if pick else None
    light_sp = w is not None and w.hands == "light" and bool(
        {"s", "p"} & set(str(w.spec).strip("[]").replace("+", "/").split("/")))
    cut_inside(state, check_total=0, damage=0, light_slashing_or_piercing=light_sp)
    st._check_spend(name, "big", "cut_free")
    st._spend(name, "big", "cut_free", target=swallower)
    stat = _best_escape(st, name)
    r = st._roll(f"1d20{int(stat.value or 0):+d}", fortune=stat.fortune,
                 label=f"{name}: cut free DC {SWALLOW_CUT_DC}", actor=name,
                 against=SWALLOW_CUT_DC)
    damage = 0
    if r.total >= SWALLOW_CUT_DC and w is not None:
        mod = v.ability_mod("str")
        d = st._roll(f"{w.damage}{mod:+d}" if mod else str(w.damage),
                     label=f"{name}: cutting ({w.name}, no critical)", actor=name)
        damage = max(1, d.total)
        st._apply_damage(swallower, damage, "slashing", struck=True, source=name)
    new = cut_inside(state, check_total=r.total, damage=damage)
    _record(st, swallower, name, "cut", new, total=r.total, dc=SWALLOW_CUT_DC,
            damage=damage)


def force_out(st: Encounter, name: str) -> Any:
    """A DC30 Acrobatics or Wrestling check (a Big Action) to force the way back into the
    mouth: the swallower regurgitates it (and will try to eat it again).

    Raises:
        IllegalActionError: not swallowed.
    """
    return st._do("force_out", {"name": name})


@command
def _h_force_out(st: Encounter, name: str) -> None:
    st._actor(name)
    swallower = st.swallowed_by(name)
    state = st.swallowed_state(name)
    if swallower is None or state is None:
        raise IllegalActionError(f"{name} is not swallowed", RULE)
    st._check_spend(name, "big", "force_out")
    st._spend(name, "big", "force_out", target=swallower)
    stat = _best_escape(st, name)
    r = st._roll(f"1d20{int(stat.value or 0):+d}", fortune=stat.fortune,
                 label=f"{name}: force its way out DC {SWALLOW_ESCAPE_DC}", actor=name,
                 against=SWALLOW_ESCAPE_DC)
    _record(st, swallower, name, "force_out", force_out_rule(state, check_total=r.total),
            total=r.total, dc=SWALLOW_ESCAPE_DC)


def regurgitate(st: Encounter, name: str, prey: str, *, to: Any = None) -> Any:
    """The swallower spits ``prey`` out: a Big Action on its turn (it must, on the turn
    after the prey cut free or forced its way out). The prey is no longer Grappled.

    Raises:
        IllegalActionError: ``prey`` is not inside ``name``.
    """
    return st._do("regurgitate", {"name": name, "target": prey, "to": to})


@command
def _h_regurgitate(st: Encounter, name: str, target: str, to: Any) -> None:
    st._actor(name)
    state = st.swallowed_state(target)
    if st.swallowed_by(target) != name or state is None:
        raise IllegalActionError(f"{target} is not inside {name}", RULE)
    st._check_spend(name, "big", "regurgitate")
    st._spend(name, "big", "regurgitate", target=target)
    _record(st, name, target, "regurgitated", replace(state, regurgitate_next_turn=False))
    if st._has(target, Condition.GRAPPLED):
        st._lose_condition(target, Condition.GRAPPLED, why=f"regurgitated by {name}")
    if st.map is not None and target in st._anchors and target in st.map:
        here = st.map.token(target).anchor
        where = (_mouth_hex(st, name, target) if to is None else
                 tuple(to) if isinstance(to, list) else to)
        rel = st.map.relocate(target, where, path=[here])
        st._emit("moved", actor=target, data={
            "action": "regurgitated", "path": [list(st.map.offset(here)),
                                               list(st.map.offset(rel.cell))],
            "feet": 0, "feet_left": 0, "continued": False, "notes": [f"by {name}"]})

# ------------------------------------------------------------------ the token inside


def _mouth_hex(st: Encounter, name: str, prey: str) -> Any:
    """Where regurgitated ``prey`` lands without ``to``: the first free hex next to
    the swallower's space (in the map's order from its anchor), else its anchor."""
    m = st.map
    own = m.footprint(name)
    for cell in sorted(own, key=lambda c: m.offset(c)):
        for n in m.geometry.neighbors(cell):
            if n in m.cells and n not in own and not [o for o in m.at(n) if o != prey]:
                return n
    return m.token(name).anchor


def _swallowed_ever(st: Encounter) -> bool:
    """Whether the log holds a ``swallow`` event (without one nobody is inside anyone:
    :func:`_swallow_events`). Its last answer is kept on the encounter with the log, its
    length and its last event, so a step reads only the events added since (a log rebuilt
    or cut short is read again from the start; issue 25, item 4: every step of a map fight
    asked every creature whether it was Grappled)."""
    log = st._log
    n = len(log)
    memo = st.__dict__.get("_swallow_scan")
    start = 0
    if (memo is not None and memo[0] is log and memo[1] <= n
            and (memo[1] == 0 or log[memo[1] - 1] is memo[2])):
        if memo[3]:
            return True
        start = memo[1]
    found = any(e.kind == "swallow" for e in log[start:n])
    st.__dict__["_swallow_scan"] = (log, n, log[n - 1] if n else None, found)
    return found


def _carry_swallowed(st: Encounter) -> None:
    """After every step (called by :meth:`EffectsRules._sync_space` first): put every
    swallowed creature's token on its swallower's anchor hex and altitude
    (only Grappled creatures are looked up: a swallowed one keeps the condition)."""
    m = st.map
    if m is None or not _swallowed_ever(st):
        return
    for prey in [n for n in st._anchors if n in m and st._has(n, Condition.GRAPPLED)]:
        eater = st.swallowed_by(prey)
        if eater is None or eater not in m:
            continue
        here, there = m.token(prey).anchor, m.token(eater).anchor
        up, level = m.altitude(prey), m.altitude(eater)
        if here == there and up == level:
            continue
        rel = m.relocate(prey, there, path=[here, there], share=True)
        if up != level:
            m.set_altitude(prey, level)
        st._emit("moved", actor=prey, data={
            "action": "carried", "path": [list(m.offset(here)), list(m.offset(rel.cell))],
            "feet": 0, "feet_left": 0, "continued": False,
            "notes": [f"inside {eater}" + (f", {level} ft up" if level else "")]})
