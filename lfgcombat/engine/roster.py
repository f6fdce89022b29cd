"""Who is in the fight: combatants, sides, groups and turn-taking units.

000_8d1d7816ee944f3b.txt, "Rounds, Initiative, & Turn Order" ("Groups of similar NPCs may act
on the same turn"), "Determine Awareness" (who may act in the Surprise Round) and "Death" (the
dead take no turns). Lookups the other rule modules share.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ..shortrepr import short
from ..rules.conditions.conditions import Condition
from ..creature import Creature
from .arguments import show
from ..errors import IllegalActionError, LfgError
from ..rules._citations import R_ORDER
from .state import TurnFrame, _Fighter

if TYPE_CHECKING:
    from .encounter import Encounter


# Roster: Lookups of combatants, units (groups or single creatures) and who may still act.


def _fighter(st: Encounter, name: str) -> _Fighter:
    f = st._f.get(name) if isinstance(name, str) else None  # (one lookup: asked often)
    if f is None:
        raise IllegalActionError(f"no combatant named {show(name)}; combatants: "
                                 f"{', '.join(st._names)}")
    return f


def _members(st: Encounter, unit: str) -> list[str]:
    return list(st._groups.get(unit, [unit]))


def _frame_units(frame: TurnFrame) -> list[str]:
    """The units taking a turn: the frame's own, plus allies acting together with it."""
    return frame.units


def _frame_members(st: Encounter, frame: TurnFrame) -> list[str]:
    """The creatures taking a turn: the members (:func:`_members`) of the frame's units
    (:func:`_frame_units`), read in one pass (issue 24, "Fast": asked several times a
    command)."""
    groups = st._groups
    if not groups:  # each unit one creature (most fights)
        return frame.units  # (a new list each time)
    return [n for u in frame.units for n in groups.get(u, (u,))]


def _status(st: Encounter, name: str) -> str:
    """``dead``, ``dying``, ``unconscious`` (stable, or knocked out) or ``conscious``,
    as :class:`~lfgcombat.rules.health.vitals.Vitals` says (a ruleset's record: as its health policy
    reports, e.g. classic's ``disabled``)."""
    if st._f[name].rules is not None:
        return str(st.ruleset.health.report(st._f[name].rules)["status"])
    v = st._vitals(name)
    if v.dead:
        return "dead"
    if v.dying:
        return "dying"
    return "unconscious" if v.unconscious else "conscious"


def _can_go_on(st: Encounter, name: str, prone_before: bool) -> str | None:
    """Why ``name`` cannot carry on with the action it was taking after being struck
    (dropped: dead or unconscious; helpless; immobile; knocked prone), or ``None``; a
    ruleset's record by its ruleset (:meth:`~lfgcombat.engine.ruleset_moves.
    RulesetMovesRules._record_can_go_on`)."""
    if st._f[name].dead:
        return f"{name} is dead"
    if st._f[name].rules is not None:
        return st._record_can_go_on(name)
    v = st._vitals(name)
    if v.unconscious:
        return f"{name} is {'dying' if v.dying else 'unconscious'}"
    conds = st._view(name).active_conditions
    if Condition.HELPLESS in conds:
        return f"{name} is helpless"
    if conds.flagged("immobile"):
        return f"{name} cannot move"
    if not prone_before and Condition.PRONE in conds:
        return f"{name} was knocked prone"
    return None


def _alive(st: Encounter, name: str) -> bool:
    return not st._f[name].dead


def _unit_alive(st: Encounter, unit: str) -> bool:
    """Whether any member (:func:`_members`) of ``unit`` is alive (:func:`_alive`), read
    in one pass (issue 24, "Fast": Top-Down's order asks it of every unit at every turn)."""
    f = st._f
    return any(not f[n].dead for n in st._groups.get(unit, (unit,)))


def _all_units(st: Encounter) -> list[str]:
    if not st._groups:  # each creature its own unit (most fights)
        return list(st._names)
    return list(dict.fromkeys(st._unit_of[n] for n in st._names))


def _alive_units(st: Encounter) -> list[str]:
    return [u for u in st._all_units() if st._unit_alive(u)]


def _order_units_alive(st: Encounter) -> list[str]:
    return [u for u in st._order if st._unit_alive(u)]


def _unit_eligible(st: Encounter, unit: str) -> bool:
    """May the unit take a turn this round (alive; aware in the surprise round)."""
    if not st._unit_alive(unit):
        return False
    if st._surprise and not any(st._f[n].aware for n in st._members(unit)):
        return False
    return True


def _units_to_act(st: Encounter, exclude: str | Iterable[str] | None = None) -> list[str]:
    """The units that may still take a turn this round, in the roster's order: eligible
    (:func:`_unit_eligible`: alive; aware in the surprise round) and with a living member
    whose card is not Done (read in one pass: it is asked at every hand-over)."""
    skip = {exclude} if isinstance(exclude, str) else set(exclude or ())
    f, groups, surprise = st._f, st._groups, st._surprise
    if not groups:  # each creature its own unit (most fights): one pass
        return [u for u in st._names if u not in skip and not (
            (g := f[u]).dead or g.done or (surprise and not g.aware))]
    out = []
    for u in st._all_units():
        if u in skip:
            continue
        members = groups.get(u)
        if members is None:  # a creature alone (most units)
            g = f[u]
            if not (g.dead or g.done or (surprise and not g.aware)):
                out.append(u)
            continue
        alive = [n for n in members if not f[n].dead]
        if not alive or (surprise and not any(f[n].aware for n in members)):
            continue
        if not all(f[n].done for n in alive):
            out.append(u)
    return out


def _in_ready_frame(st: Encounter, name: str) -> bool:
    return bool(st._frames) and st._frames[-1].kind == "ready" and \
        name in st._members(st._frames[-1].unit)


def _resolve_units(st: Encounter, names: Iterable[str], what: str) -> list[str]:
    out = []
    for n in names:
        if n in st._groups:
            out.extend(st._groups[n])
        elif n in st._f:
            out.append(n)
        else:
            raise IllegalActionError(f"{what}: no creature or group named {short(n)}", R_ORDER)
    return out


def combatants(creatures: Iterable[Creature] | Mapping[str, Creature]) -> list[Creature]:
    """The combatants as a list, checked: at least one, all creatures, names unique.

    Raises:
        LfgError: none given, a value that is not a creature, or a name used twice.
    """
    if isinstance(creatures, Mapping):
        creatures = list(creatures.values())
    creatures = list(creatures)
    if not creatures:
        raise LfgError("an encounter needs at least one creature")
    names: list[str] = []
    for c in creatures:
        if not isinstance(c, Creature):
            raise LfgError(f"combatants must be Creature values, got {c!r:.80}; build "
                           "them with Creature.from_dict or load_example")
        if c.name in names:
            raise LfgError(f"two combatants are named {c.name!r}; names must be unique")
        names.append(c.name)
    return creatures


def _sides_on_map(names: list[str], map: Any) -> dict[str, list[str]]:
    """The sides the map gives the combatants (``sides=`` left out).

    Raises:
        LfgError: no map, or a combatant not on it.
    """
    if map is None:
        raise LfgError("give sides={'party': [...], 'monsters': [...]} (or a map "
                       "whose creatures have sides)")
    from_map: dict[str, list[str]] = {}
    for n in names:
        if n not in map:
            raise LfgError(f"{n} is not on the map, so its side is unknown; give sides=")
        from_map.setdefault(map.side(n), []).append(n)
    return from_map


def sides_of(names: list[str], sides: Mapping[str, Iterable[str]] | None, map: Any
             ) -> dict[str, str]:
    """Each combatant's side, from ``sides`` or (without it) from the map.

    Raises:
        LfgError: no sides and no map, a creature off the map, a name that is not a
            combatant, a creature on two sides or on none.
    """
    if sides is None:
        sides = _sides_on_map(names, map)
    side_of: dict[str, str] = {}
    for side, members in sides.items():
        if isinstance(members, str):
            raise LfgError(f"side {short(side)} must list names, e.g. [{short(members)}]")
        for n in members:
            if n not in names:
                raise LfgError(f"side {short(side)} names {short(n)}, who is not a combatant; "
                               f"combatants: {', '.join(names)}")
            if n in side_of:
                raise LfgError(f"{n} is on two sides ({short(side_of[n])} and {short(side)})")
            side_of[n] = str(side)
    missing = [n for n in names if n not in side_of]
    if missing:
        raise LfgError(f"no side given for {', '.join(missing)}")
    return side_of


def units_of(names: list[str], side_of: Mapping[str, str],
             groups: Mapping[str, Iterable[str]] | None
             ) -> tuple[dict[str, str], dict[str, list[str]]]:
    """The turn-taking unit of each combatant, and the groups ("Groups of similar NPCs may
    act on the same turn", "Rounds, Initiative, & Turn Order").

    Raises:
        LfgError: a group named like a combatant, empty, naming a stranger, a creature in
            two groups, or a group mixing sides.
    """
    unit_of = {n: n for n in names}
    out: dict[str, list[str]] = {}
    for g, members in (groups or {}).items():
        members = list(members)
        if g in names:
            raise LfgError(f"group {short(g)} has a combatant's name; name groups differently")
        if not members:
            raise LfgError(f"group {short(g)} is empty")
        for n in members:
            if n not in names:
                raise LfgError(f"group {short(g)} names {short(n)}, who is not a combatant")
            if unit_of[n] != n:
                raise LfgError(f"{n} is in two groups")
            unit_of[n] = g
        if len({side_of[n] for n in members}) != 1:
            raise LfgError(f"group {short(g)} mixes sides; a group is similar NPCs of one side")
        out[g] = members
    return unit_of, out
