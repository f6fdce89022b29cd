"""Who is in the fight: combatants, sides, groups and turn-taking units.

000_8d1d7816ee944f3b.txt, "Rounds, Initiative, & Turn Order" ("Groups of similar NPCs may act
on the same turn"), "Determine Awareness" (who may act in the Surprise Round) and "Death" (the
dead take no turns). Lookups the other rule modules share.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from ..shortrepr import short
from ..conditions import Condition
from ..creature import Creature
from .arguments import show
from ..errors import IllegalActionError, LfgError
from ._citations import R_ORDER
from .state import TurnFrame, _Fighter
from .composition import rules

if TYPE_CHECKING:
    from ..rulesets import Ruleset
    from ..vitals import Vitals


class RosterContext(Protocol):
    """What the rules of this module use of an encounter (the parts of
    :class:`~lfgcombat.encounter.Encounter` they may touch)."""

    ruleset: Ruleset

    _f: dict[str, _Fighter]
    _frames: list[TurnFrame]
    _groups: dict[str, list[str]]
    _names: list[str]
    _order: list[str]
    _surprise: bool
    _unit_of: dict[str, str]

    def _alive(self, name: str) -> bool: ...

    def _all_units(self) -> list[str]: ...

    @staticmethod
    def _frame_units(frame: TurnFrame) -> list[str]: ...

    def _members(self, unit: str) -> list[str]: ...

    def _record_can_go_on(self, name: str) -> str | None: ...

    def _unit_alive(self, unit: str) -> bool: ...

    def _unit_eligible(self, unit: str) -> bool: ...

    def _view(self, name: str) -> Creature: ...

    def _vitals(self, name: str) -> Vitals: ...


if TYPE_CHECKING:  # the rules see an encounter through their context only
    _Base = RosterContext
else:
    _Base = object


@rules(RosterContext)
class RosterRules(_Base):
    """Lookups of combatants, units (groups or single creatures) and who may still act."""

    def _fighter(self, name: str) -> _Fighter:
        if not isinstance(name, str) or name not in self._f:
            raise IllegalActionError(f"no combatant named {show(name)}; combatants: "
                                     f"{', '.join(self._names)}")
        return self._f[name]

    def _members(self, unit: str) -> list[str]:
        return list(self._groups.get(unit, [unit]))

    @staticmethod
    def _frame_units(frame: TurnFrame) -> list[str]:
        """The units taking a turn: the frame's own, plus allies acting together with it."""
        return frame.units

    def _frame_members(self, frame: TurnFrame) -> list[str]:
        return [n for u in self._frame_units(frame) for n in self._members(u)]

    def _status(self, name: str) -> str:
        """``dead``, ``dying``, ``unconscious`` (stable, or knocked out) or ``conscious``,
        as :class:`~lfgcombat.vitals.Vitals` says (a ruleset's record: as its health policy
        reports, e.g. classic's ``disabled``)."""
        if self._f[name].rules is not None:
            return str(self.ruleset.health.report(self._f[name].rules)["status"])
        v = self._vitals(name)
        if v.dead:
            return "dead"
        if v.dying:
            return "dying"
        return "unconscious" if v.unconscious else "conscious"

    def _can_go_on(self, name: str, prone_before: bool) -> str | None:
        """Why ``name`` cannot carry on with the action it was taking after being struck
        (dropped: dead or unconscious; helpless; immobile; knocked prone), or ``None``; a
        ruleset's record by its ruleset (:meth:`~lfgcombat.encounter.ruleset_moves.
        RulesetMovesRules._record_can_go_on`)."""
        if self._f[name].dead:
            return f"{name} is dead"
        if self._f[name].rules is not None:
            return self._record_can_go_on(name)
        v = self._vitals(name)
        if v.unconscious:
            return f"{name} is {'dying' if v.dying else 'unconscious'}"
        conds = self._view(name).active_conditions
        if Condition.HELPLESS in conds:
            return f"{name} is helpless"
        if conds.flagged("immobile"):
            return f"{name} cannot move"
        if not prone_before and Condition.PRONE in conds:
            return f"{name} was knocked prone"
        return None

    def _alive(self, name: str) -> bool:
        return not self._f[name].dead

    def _unit_alive(self, unit: str) -> bool:
        return any(self._alive(n) for n in self._members(unit))

    def _all_units(self) -> list[str]:
        return list(dict.fromkeys(self._unit_of[n] for n in self._names))

    def _alive_units(self) -> list[str]:
        return [u for u in self._all_units() if self._unit_alive(u)]

    def _order_units_alive(self) -> list[str]:
        return [u for u in self._order if self._unit_alive(u)]

    def _unit_eligible(self, unit: str) -> bool:
        """May the unit take a turn this round (alive; aware in the surprise round)."""
        if not self._unit_alive(unit):
            return False
        if self._surprise and not any(self._f[n].aware for n in self._members(unit)):
            return False
        return True

    def _units_to_act(self, exclude: str | Iterable[str] | None = None) -> list[str]:
        skip = {exclude} if isinstance(exclude, str) else set(exclude or ())
        return [u for u in self._all_units() if u not in skip and self._unit_eligible(u)
                and not all(self._f[n].done for n in self._members(u) if self._alive(n))]

    def _in_ready_frame(self, name: str) -> bool:
        return bool(self._frames) and self._frames[-1].kind == "ready" and \
            name in self._members(self._frames[-1].unit)

    def _resolve_units(self, names: Iterable[str], what: str) -> list[str]:
        out = []
        for n in names:
            if n in self._groups:
                out.extend(self._groups[n])
            elif n in self._f:
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
