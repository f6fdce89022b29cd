"""Crushing Advance in an encounter: very big creatures stepping on smaller ones.

000_8d1d7816ee944f3b.txt, "Crushing Advance: Very big creatures stepping on smaller
creatures!" (A: a creature 3+ sizes larger stepping into occupied hexes; B: the Big Action).
The numbers are :mod:`lfgcombat.rules.impact.momentum`'s; this module finds what the encounter knows
and
rolls with its dice. It shares the Confounded save of "Momentum of Impact" with
:mod:`lfgcombat.rules.impact.momentum_play` (declared in its context).

Decisions: Crushing Advance (B) moves the big creature along the map's straight line to
``to`` (at most half its Move Speed); each creature 3+ sizes smaller whose space the line
crosses (at the big creature's altitude on the map) checks once, in the order met; a
creature the line crosses that is not 3+ sizes smaller stops it (refused); "a random open
adjacent hex" is drawn with the encounter's dice among the free hexes next to it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..conditions.conditions import Condition
from lfgcombat.errors import IllegalActionError
from .momentum import (RULE_CRUSH, can_crush, crushing_advance as crushing_advance_rule,
                       crushing_advance_dc, crushing_advance_ft, crushing_step)
from lfgcombat.engine.arguments import names_arg
from lfgcombat.engine.commands import command

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter

__all__ = []


# CrushingAdvance: Crushing Advance: stepping through smaller creatures (A) and the Big Action (B).


def crushing_advance(st: Encounter, name: str, to: Any, *, dodge: Iterable[str] | str | None = None,
                     aoo: Any = None) -> Encounter:
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
    st._do("crushing_advance", {"name": name, "to": to, "dodge": dodgers, "aoo": aoo})
    return st


def _crush_line(st: Encounter, name: str, to: Any, most: int, what: str, limit: str
                ) -> tuple[list[Any], list[str]]:
    """The anchors along the straight line to ``to`` (at most ``most`` feet) and the
    creatures in the way, in order (each must be 3+ sizes smaller)."""
    if st.map is None or name not in st._anchors:
        raise IllegalActionError(f"{what} needs the battle map", RULE_CRUSH)
    try:
        goal = st.map.as_cell(tuple(to) if isinstance(to, list) else to)
    except (TypeError, ValueError) as exc:
        raise IllegalActionError(f"to: a hex [col, row], not {to!r:.40} ({exc})",
                                 RULE_CRUSH) from None
    start = st.map.token(name).anchor
    line = st.map.geometry.line(start, goal)
    feet = st.map.geometry.distance_ft(start, goal)
    if not 0 < feet <= most:
        raise IllegalActionError(f"{what} moves up to {limit} ({most} ft) in a straight "
                                 "line; "
                                 f"{tuple(st.map.offset(goal))} is {feet} ft away",
                                 RULE_CRUSH)
    in_way = _swept(st, name, line)
    for other in in_way:
        if not can_crush(st._view(name), st._view(other)):
            raise IllegalActionError(f"{other} is in the way and is not 3+ size "
                                     f"categories smaller than {name}", RULE_CRUSH)
    return line, in_way


def _swept(st: Encounter, name: str, line: list[Any]) -> list[str]:
    """The creatures whose space ``name``'s space crosses along ``line``, in order: only
    those at its altitude (a creature flying above or below it is not "occupied space"
    it steps into; the map's rule, :meth:`HexMap.set_altitude`)."""
    row = st._view(name).size.row  # data/sizes.csv's row, read once (cached)
    level = st.map.altitude(name)
    in_way: list[str] = []
    for anchor in line[1:]:
        cells = st.map.geometry.footprint(anchor, float(row["space_hexes"]),
                                          str(row["space_ft"]))
        for c in cells:
            if c not in st.map.cells:
                raise IllegalActionError(f"the line leaves the map at {c}", RULE_CRUSH)
            in_way += [o for o in st.map.at(c) if o != name and o not in in_way
                       and st.map.altitude(o) == level]
    return in_way


def _stepped_into(st: Encounter, name: str, path: list[Any]) -> list[str]:
    """The creatures 3+ sizes smaller whose space ``name``'s walk along ``path`` steps
    into: "A creature 3+ Size categories larger may step into occupied spaces" - that
    is Crushing Advance (A), played by :meth:`step_through`, not by a plain walk."""
    if st.map is None or name not in st.map or len(path) < 2:
        return []
    me = st._view(name)
    smaller = {o for o in st.map.names
               if o != name and o in st._f and can_crush(me, st._view(o))}
    if not smaller:  # most walks: nobody 3+ sizes smaller on the map, nothing to sweep
        return []
    try:
        swept = _swept(st, name, list(path))
    except IllegalActionError:  # the map refuses such a path itself
        return []
    inside = {o for c in st.map.token(name).cells for o in st.map.at(c)}
    # a creature already within its space (a swallowed one it carries) is not stepped into
    return [o for o in swept if o in smaller and o not in inside]


def _check_dodgers(st: Encounter, dodge: list[str], in_way: list[str]) -> None:
    for d in dodge:
        st._fighter(d)
        if d not in in_way:
            raise IllegalActionError(f"{d} is not in the way", RULE_CRUSH)
        why = st._reaction_problem(d)
        if why:
            raise IllegalActionError(f"{d} cannot spend its Reaction: {why}", RULE_CRUSH)


def _begin_advance(st: Encounter, name: str, action: str, aoo: Any) -> bool:
    """Spend the Big Action, offer the AOO (at the start hex); False if it is dropped."""
    st._check_spend(name, "big", action)
    offered, take = st._provocation(name, st._threatening_enemies(name), aoo, action)
    st._spend(name, "big", action)
    st._resolve_provocation(name, offered, take, action)
    return not (st._f[name].dead or st._vitals(name).unconscious)


def _end_advance(st: Encounter, name: str, line: list[Any], verb: str, notes: list[str]) -> None:
    start = st.map.token(name).anchor
    rel = st.map.relocate(name, line[-1], path=line, share=True)
    path = line[:line.index(rel.cell) + 1] if rel.cell in line else [start]
    st._emit("moved", actor=name, data={
        "action": verb, "path": [list(st.map.offset(c)) for c in path],
        "feet": st.map.geometry.distance_ft(start, rel.cell), "feet_left": 0,
        "continued": False, "notes": notes})


@command
def _h_crushing_advance(st: Encounter, name: str, to: Any, dodge: list[str], aoo: Any) -> None:
    st._actor(name)
    line, in_way = _crush_line(st, name, to, crushing_advance_ft(st._view(name)),
                               "a Crushing Advance", "half the Move Speed")
    _check_dodgers(st, dodge, in_way)
    if not _begin_advance(st, name, "crushing_advance", aoo):
        return
    dc = int(crushing_advance_dc(st._view(name)))
    for other in in_way:
        if not st._f[other].dead:
            _crush_one(st, name, other, dc, other in dodge)
    _end_advance(st, name, line, "advances",
                 [f"DC {dc} for {', '.join(in_way)}"] if in_way else [])


def step_through(st: Encounter, name: str, to: Any, *, dodge: Iterable[str] | str | None = None,
                 aoo: Any = None) -> Encounter:
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
    st._do("step_through", {"name": name, "to": to, "dodge": dodgers, "aoo": aoo})
    return st


@command
def _h_step_through(st: Encounter, name: str, to: Any, dodge: list[str], aoo: Any) -> None:
    st._actor(name)
    speed = int(st._view(name).move_speed.value) // 5 * 5
    line, in_way = _crush_line(st, name, to, speed, "stepping through", "the Move Speed")
    _check_dodgers(st, dodge, in_way)
    if not _begin_advance(st, name, "step_through", aoo):
        return
    for other in in_way:
        if not st._f[other].dead:
            _step_on(st, name, other, other in dodge)
    _end_advance(st, name, line, "steps", [f"through {', '.join(in_way)}"] if in_way
                 else [])


def _best_resist(st: Encounter, other: str) -> tuple[Any, str]:
    """The smaller creature's better defence against the footsteps: its REF Save or its
    Acrobatics ("a DC15 REF Save or Acrobatics check"), and which one."""
    ref = st._view(other).saving_throw("ref")
    acro = st.skill(other, "acrobatics")
    return (ref, "REF") if int(ref.value or 0) >= int(acro.value or 0) \
        else (acro, "Acrobatics")


def _dodge(st: Encounter, other: str, name: str, action: str) -> None:
    """``other`` spends its Reaction to dodge ``name``'s feet (logged as a spend)."""
    st._f[other].reactions_used += 1
    st._emit("spend", actor=other, target=name, data={
        "action": action, "type": "reaction", "slot": "reaction", "rule": RULE_CRUSH})


def _step_on(st: Encounter, name: str, other: str, dodging: bool) -> None:
    """One creature under the footsteps (crushing_step), logged as a ``crush`` event."""
    v = st._view(other)
    stat, _what = _best_resist(st, other)
    if dodging:
        _dodge(st, other, name, "dodge_footsteps")
    seen = len(st.roller.history)
    r = crushing_step(st._view(name), v, save_bonus=int(stat.value or 0),
                      max_hp=int(v.max_hp), roller=st.roller, use_reaction=dodging)
    st._log_rolls(seen, actor=other, target=name)
    st._emit("crush", actor=name, target=other, data={
        "dc": r.dc, "total": r.check.total if r.check is not None else None,
        "reaction": dodging, "prone": r.prone, "damage": r.damage,
        "displaced": r.displaced, "fort_dc": None,
        "rule": f"{RULE_CRUSH} (A): " + ("dodged with a Reaction" if dodging else
                                         "stepped on" if r.stepped_on else
                                         "not stepped on (50%)")})
    if r.prone:
        if not st._has(other, Condition.PRONE):
            st._gain(other, "prone", by=name, why=f"stepped on by {name}")
        st._apply_damage(other, r.damage, "bludgeoning", struck=True, source=name)
    elif r.displaced == "random":
        _displace(st, name, other)


def _crush_one(st: Encounter, name: str, other: str, dc: int, dodging: bool) -> None:
    """One creature in the way: its REF or Acrobatics (best), the crush, where it goes."""
    v = st._view(other)
    stat, what = _best_resist(st, other)
    if dodging:
        _dodge(st, other, name, "dodge_crushing_advance")
    seen = len(st.roller.history)
    r = crushing_advance_rule(st._view(name), v, save_bonus=int(stat.value or 0),
                              max_hp=int(v.max_hp), roller=st.roller, use_reaction=dodging)
    st._log_rolls(seen, actor=other, target=name, against=dc, only_first=True,
                  outcome="failure" if r.prone else "success")
    st._emit("crush", actor=name, target=other, data={
        "dc": dc, "total": r.check.total if r.check is not None else None,
        "reaction": dodging, "prone": r.prone, "damage": r.damage,
        "displaced": r.displaced, "fort_dc": r.fort_dc, "rule": f"{RULE_CRUSH} ({what})"})
    if r.prone:
        if not st._has(other, Condition.PRONE):
            st._gain(other, "prone", by=name, why=f"crushed by {name}")
        if r.damage:
            st._apply_damage(other, r.damage, "bludgeoning", struck=True, source=name)
        if r.fort_dc is not None and not st._f[other].dead:
            st._confound_save(other, r.fort_dc, RULE_CRUSH)
    elif r.displaced == "random":
        _displace(st, name, other)


def _displace(st: Encounter, name: str, other: str) -> None:
    """"moved to a random open adjacent hex" (drawn with the encounter's dice)."""
    here = st.map.token(other).anchor
    free = [c for c in st.map.geometry.neighbors(here)
            if c in st.map.cells and not [n for n in st.map.at(c) if n != other]]
    if not free:
        return
    pick = free[st._roll(f"1d{len(free)}", label=f"{other}: which open hex",
                         actor=other).total - 1] if len(free) > 1 else free[0]
    rel = st.map.relocate(other, pick, path=[here, pick])
    st._emit("moved", actor=other, data={
        "action": "displaced", "path": [list(st.map.offset(here)),
                                        list(st.map.offset(rel.cell))],
        "feet": 5, "feet_left": 0, "continued": False, "notes": [f"by {name}"]})
