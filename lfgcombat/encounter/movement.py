"""Moving in combat.

000_8d1d7816ee944f3b.txt, "Space in Combat Gameplay", "Moving in Combat – Terrain, Creatures,
& Other Issues", "What is a 5-Foot Step?", "Running in Combat – Full Details:", "Retreat
Action / Disengage", "Prone", "Trade Spaces Action". Movement that provokes walks through
:mod:`lfgcombat.encounter.reactions`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol, Self

from ..battlemap.core import ACTIONS
from ..citations import cite as _rule
from ..conditions import Condition
from ..errors import IllegalActionError
from ._citations import R_PROVOKE, R_RUN
from .arguments import show
from .commands import command
from .state import Effect
from .composition import rules

if TYPE_CHECKING:
    from ..battlemap.hexmap import HexMap
    from ..battlemap.pathing import Reachable
    from ..rulesets import Ruleset
    from collections.abc import Callable, Mapping

    from ..log import Event
    from .state import _Fighter


R_OVERVIEW = _rule("COMBAT GAMEPLAY – OVERVIEW:")
R_RETREAT = _rule("Retreat Action / Disengage")
R_TRADE = _rule("Trade Spaces Action")
R_PRONE = _rule("Prone")


class MovementContext(Protocol):
    """What the rules of this module use of an encounter (the parts of
    :class:`~lfgcombat.encounter.Encounter` they may touch)."""

    ruleset: Ruleset

    _anchors: dict[str, tuple[int, int]]
    _f: dict[str, _Fighter]
    map: HexMap  # None without a map: the rules check `self.map is None` or _need_map first

    def _actor(self, name: str) -> _Fighter: ...

    def _add_effect(self, name: str, effect: Effect) -> None: ...

    @staticmethod
    def _aoo_for(aoo: Any, names: list[str]) -> Any: ...

    def _can_go_on(self, name: str, prone_before: bool) -> str | None: ...

    def _cell(self, to: Any) -> Any: ...

    @staticmethod
    def _cell_arg(to: Any) -> Any: ...

    def _check_spend(self, name: str, type_: str, action: str) -> str: ...

    def _do(self, kind: str, args: dict[str, Any]) -> Any: ...

    def _emit(self, kind: str, *, command: bool = False, actor: str | None = None,
              target: str | None = None, data: Mapping[str, Any] | None = None) -> Event: ...

    def _end_effect(self, name: str, effect: Effect, why: str) -> None: ...

    def _fighter(self, name: str) -> _Fighter: ...

    def _record_map_move(self, name: str, to: Any, aoo: Any = None) -> None: ...

    def _record_reachable(self, name: str, action: str) -> Reachable: ...

    def _record_stand_up(self, name: str) -> None: ...

    def _gain(self, name: str, condition: str, *, by: str | None, why: str = "") -> None: ...

    def _has(self, name: str, cond: Condition) -> bool: ...

    def _lose_aim_on_move(self, name: str) -> None: ...

    def _lose_condition(self, name: str, cond: Condition, why: str) -> None: ...

    def _on_the_ground(self, name: str, action: str) -> None:
        """Refuse walking (a move, a run) for a creature above the ground: it flies, climbs
        or swims (000_8d1d7816ee944f3b.txt, "Other Types of Movement")."""
        up = self.map.altitude(name)
        if up:
            raise IllegalActionError(f"{name} is {up} ft up: it cannot {action} on foot; "
                                     f"{action}(..., mode='fly'|'climb'|'swim')",
                                     _rule("Other Types of Movement"))

    def _move_budget(self, name: str, *, spent: bool = True) -> int: ...

    def _need_map(self, name: str) -> None: ...

    def _path_json(self, path: Iterable[Any]) -> list[list[int]]: ...

    def _provocation(self, mover: str, provokers: Iterable[str], aoo: Any, action: str
                    ) -> tuple[list[str], list[str]]: ...

    def _reaction_problem(self, name: str) -> str | None: ...

    def _replace_effect(self, name: str, old: Effect, new: Effect) -> None: ...

    def _resolve_provocation(self, mover: str, offered: list[str], take: list[str], action: str,
                             steps: Mapping[str, Any] | None = None) -> None: ...

    def _spend(self, name: str, type_: str, action: str, target: str | None = None) -> str: ...

    def _threatening_enemies(self, name: str) -> list[str]: ...

    def _walk(self, name: str, path: list[Any], action: str, prov: Any, offered: list[str],
              take: list[str], *, feet: int | None, continued: bool = False,
              feet_left: Callable[[int], int] | None = None,
              budget_of: Callable[[], int] | None = None, avail: int | None = None
             ) -> tuple[int, bool, int]: ...


if TYPE_CHECKING:  # the rules see an encounter through their context only
    _Base = MovementContext
else:
    _Base = object


@rules(MovementContext)
class MovementRules(_Base):
    """Move, 5-Foot Step, Run, Retreat, Stand Up, Drop Prone and Trade Spaces."""

    def _need_map(self, name: str) -> None:
        if self.map is None:
            raise IllegalActionError("this encounter has no battle map; movement needs one "
                                     "(Encounter(..., map=HexMap(...)))", R_OVERVIEW)
        if name not in self._anchors:
            raise IllegalActionError(f"{name} is not on the battle map", R_OVERVIEW)

    @staticmethod
    def _cell_arg(to: Any) -> Any:
        if hasattr(to, "q") and hasattr(to, "r"):
            return {"hex": [to.q, to.r]}
        if hasattr(to, "x") and hasattr(to, "y") and not isinstance(to, tuple):
            return {"square": [to.x, to.y]}
        if isinstance(to, (str, bytes, dict)) or not isinstance(to, Iterable):
            raise IllegalActionError(f"to: a destination is a cell or (col, row), not "
                                     f"{show(to)}", R_OVERVIEW)
        return list(to)

    def _cell(self, to: Any) -> Any:
        from ..grid import Hex, Square
        if isinstance(to, dict):
            if "hex" in to:
                return Hex(*to["hex"])
            return Square(*to["square"])
        if not (isinstance(to, (list, tuple)) and len(to) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in to)):
            raise IllegalActionError(f"a destination is a cell or (col, row), not {show(to)}",
                                     R_OVERVIEW)
        cell = self.map.cell(*to)
        if cell not in self.map.cells:
            raise IllegalActionError(f"{tuple(to)} is off the {self.map.width}x"
                                     f"{self.map.height} map", R_OVERVIEW)
        return cell

    def _path_json(self, path: Iterable[Any]) -> list[list[int]]:
        return [list(self.map.offset(c)) for c in path]

    def reachable(self, name: str, action: str = "move") -> Reachable:
        """Where ``name`` can end a movement ``action`` now, at what cost, and which of
        those cells provoke an Attack of Opportunity, as this encounter's ruleset plays
        it: what a BattleMap under the InitiativeTracker lights.

        Under ``lfg``, the map's answer (:meth:`HexMap.reachable
        <lfgcombat.battlemap.hexmap.HexMap.reachable>`: "What actions normally Provoke
        AOO?"). A combatant a ruleset keeps a record of: for a ``move``, the feet its round
        has left (classic's Move Action, wounds' Half Actions), and a cell provokes only
        where its ruleset's move would (nowhere under ``classic``; under ``wounds`` where
        the path there leaves a hex threatened by a foe that may take an AOO then:
        :meth:`~lfgcombat.encounter.ruleset_moves.RulesetMovesRules._record_reachable`).

        Args:
            name: A combatant on the map.
            action: ``"move"``, ``"five_foot_step"``, ``"retreat"`` or ``"run"``.

        Returns:
            The :class:`~lfgcombat.battlemap.pathing.Reachable` (empty when the action is
            not allowed now).

        Raises:
            LfgError: no combatant of that name.
            IllegalActionError: no battle map, ``name`` not on it, or an unknown action;
                nothing changes.
        """
        f = self._fighter(name)
        self._need_map(name)
        if not isinstance(action, str) or action not in ACTIONS:
            raise IllegalActionError(f"action is one of {', '.join(ACTIONS)}, not "
                                     f"{show(action)}", R_OVERVIEW)
        if f.rules is not None:
            return self._record_reachable(name, action)
        return self.map.reachable(name, action=action)

    def move(self, name: str, to: Any, *, aoo: Any = None, mode: str | None = None,
             altitude: int | None = None, charge: bool = False) -> Self:
        """Move up to the Move Speed (a Big Action), by the map's best path.

        000_8d1d7816ee944f3b.txt, "COMBAT ACTIONS for BEGINNERS" (Move is a Big Action),
        "What actions normally Provoke AOO?" (exiting a threatened hex provokes once per
        threatening enemy; moving into a creature's space provokes), "Interrupt Turn –
        Details and Clarifications:" ("a human that moves 30 feet could be interrupted after
        moving 15 feet. After the interruption, they have 15 feet of movement remaining"):
        a move right after this creature's previous move (nothing else done in between,
        interrupts aside) continues the same Big Action with the feet left; otherwise it is
        a new Big Action. The path avoids provoking when it can.

        Args:
            name: The mover (on its turn).
            to: The destination: a cell or ``(col, row)``.
            aoo: Who takes the AOO they are offered: ``None`` (nobody), ``"all"``, or
                names. Each is checked (threatens, has its Reaction) before anything moves.
            mode: ``"fly"``, ``"swim"``, ``"climb"``, ``"leap"`` (or ``"walk"``): move by
                that speed, on one budget with every other mode this Big Action
                (000_8d1d7816ee944f3b.txt, "Other Types of Movement";
                :mod:`lfgcombat.encounter.other_movement`).
            altitude: Feet above the ground to end at (flying, climbing, swimming); default
                where it is.
            charge: With ``mode="leap"``: the GM rules the Jump&Sprint check made and the
                leap lands within reach of a foe: a Charge Attack may follow ("Leaper").
        """
        if mode is None and altitude is None and not charge:
            self._do("move", {"name": name, "to": self._cell_arg(to), "aoo": aoo})
        else:
            args = {"name": name, "to": self._cell_arg(to), "aoo": aoo,
                    "mode": mode or "walk", "altitude": altitude}
            self._do("move_mode", {**args, "charge": True} if charge else args)
        return self

    @command
    def _h_move(self, name: str, to: Any, aoo: Any) -> None:
        if self._fighter(name).rules is not None:  # a ruleset's record: its economy's move
            self._record_map_move(name, to, aoo)  # and its AOO (ruleset_moves.py)
            return
        f = self._actor(name)
        self._need_map(name)
        cell = self._cell(to)
        self._on_the_ground(name, "move")
        turn = f.turn
        cont = turn.move_left is not None and turn.move_left > 0 and turn.last_action == "move"
        budget = f.turn.move_left if cont else None
        if not cont:
            self._check_spend(name, "big", "move")
        path = self.map.path(name, cell, action="move", feet=budget)
        prov = self.map.provokers(name, path, action="move")
        offered, take = self._provocation(name, prov.names, aoo, "move")
        start_budget = budget if cont else self._move_budget(name)
        if not cont:
            self._spend(name, "big", "move")
        f.update_turn(last_action="move", move_left=start_budget)
        self._lose_aim_on_move(name)
        moved, stopped, cut = self._walk(
            name, path, "move", prov, offered, take, feet=budget, continued=cont,
            feet_left=lambda ft: max(0, (start_budget or 0) - ft),
            budget_of=lambda: self._move_budget(name, spent=False), avail=start_budget)
        f.update_turn(move_left=0 if stopped else max(0, (start_budget or 0) - cut - moved))

    def _on_the_ground(self, name: str, action: str) -> None:
        """Refuse walking (a move, a run) for a creature above the ground: it flies, climbs
        or swims (000_8d1d7816ee944f3b.txt, "Other Types of Movement")."""
        up = self.map.altitude(name)
        if up:
            raise IllegalActionError(f"{name} is {up} ft up: it cannot {action} on foot; "
                                     f"{action}(..., mode='fly'|'climb'|'swim')",
                                     _rule("Other Types of Movement"))

    def _move_budget(self, name: str, *, spent: bool = True) -> int:
        """Feet one Move Action gives now (the map's budget: Move Speed, half after an
        advanced 5-foot step, less what was moved since with ``spent``; minimum movement is
        one hex and nothing more)."""
        speed = self.map.token(name).speed_ft
        if speed <= 5:
            return 0
        return self.map.budget(name, "move", spent=spent)

    def _lose_aim_on_move(self, name: str) -> None:
        f = self._f[name]
        for e in list(f.effects):
            if e.lost_on_action:
                self._end_effect(name, e, f"{name} moved")

    def five_foot_step(self, name: str, to: Any) -> Self:
        """The 5-Foot Step: a Swift Action moving 1 hex without provoking.

        000_8d1d7816ee944f3b.txt, "What is a 5-Foot Step?": "If you have already moved this
        turn, you cannot use this special movement action"; Simple Rule: no other movement
        after it (the ruleset's ``advanced_five_foot_step`` switch: half move, Unfortunate).
        """
        self._do("five_foot_step", {"name": name, "to": self._cell_arg(to)})
        return self

    @command
    def _h_five_foot_step(self, name: str, to: Any) -> None:
        f = self._actor(name)
        self._need_map(name)
        cell = self._cell(to)
        if self.map.altitude(name):  # "You cannot take a 5-Foot Step while Flying"
            from ..flight import check_five_foot_step
            from ..movement_modes import speeds_of
            check_five_foot_step(speeds_of(self._f[name].creature).maneuverability, True)
        self._check_spend(name, "swift", "five_foot_step")
        result = self.map.move(name, [cell], action="five_foot_step")
        self._spend(name, "swift", "five_foot_step")
        f.update_turn(move_left=None)
        self._emit("moved", actor=name, data={
            "action": "five_foot_step", "path": self._path_json(result.path),
            "feet": result.cost_ft, "feet_left": 0, "continued": False,
            "notes": list(result.notes)})
        self._lose_aim_on_move(name)

    def run(self, name: str, to: Any, *, aoo: Any = None, mode: str | None = None,
            altitude: int | None = None) -> Self:
        """The Run Action: a Big Action moving up to double Move Speed in a straight line.

        000_8d1d7816ee944f3b.txt, "Running in Combat – Full Details:": "-2 AC against Melee
        Attacks until the start of your next turn" (and -2 / +2 against ranged attacks by
        angle, see :meth:`_resolve_attack`), "-2 Penalty on Ranged Attack Rolls until the
        start of your next Turn", "You cannot break up the movement of your Run Action"; it
        provokes as movement does, each AOO striking where it is provoked ("Interrupted
        while Running: ... the rest of your movement for this action is lost" if it drops
        the runner). A melee or thrown attack right after a run of 10 feet or more may be a
        Charge Attack: ``attack(..., charge=True)``.
        """
        if mode is None and altitude is None:
            self._do("run", {"name": name, "to": self._cell_arg(to), "aoo": aoo})
        else:  # "may use the Run Action normally in appropriate terrain" (fly, swim, climb)
            self._do("run_mode", {"name": name, "to": self._cell_arg(to), "aoo": aoo,
                                  "mode": mode or "walk", "altitude": altitude})
        return self

    @command
    def _h_run(self, name: str, to: Any, aoo: Any) -> None:
        f = self._actor(name)
        self._need_map(name)
        cell = self._cell(to)
        self._on_the_ground(name, "run")
        self._check_spend(name, "big", "run")
        path = self.map.run_path(name, cell)
        prov = self.map.provokers(name, path, action="run")
        offered, take = self._provocation(name, prov.names, aoo, "run")
        budget = self.map.budget(name, "run")
        start = self.map.offset(self.map.token(name).anchor)
        self._spend(name, "big", "run")
        f.update_turn(move_left=None, ran=True)
        # the runner is running from its first step: an AOO it provokes meets its -2 AC
        self._add_effect(name, Effect(
            kind="run", label="running: -2 AC against melee, -2 on ranged attacks",
            bonuses=({"to": "ranged_attack", "value": -2, "source": "running"},),
            ends="turn_start", on=name,
            data={"ac_vs_melee": -2, "from": list(start), "to": list(start)},
            rule=R_RUN))
        self._lose_aim_on_move(name)
        moved, stopped, _ = self._walk(
            name, path, "run", prov, offered, take, feet=budget,
            budget_of=lambda: self.map.budget(name, "run", spent=False), avail=budget)
        f.update_turn(run_ft=moved, last_action="run")
        end = self.map.offset(self.map.token(name).anchor)
        for e in list(f.effects):  # the direction of the run, for ranged attacks against it
            if e.kind == "run":
                self._replace_effect(name, e, dataclasses.replace(
                    e, data={**e.info, "to": list(end)}))

    def retreat(self, name: str, to: Any, *, aoo: Any = None) -> Self:
        """The Retreat Action (Disengage): a Full-Round Action moving away from enemies.

        000_8d1d7816ee944f3b.txt, "Retreat Action / Disengage": no AOO from the foes
        threatening you as you start ("If you move directly towards a new enemy, you will
        Provoke AOO from that enemy"); "You are Unfortunate on any Attack Rolls made before
        the start of your next turn"; no 5-foot step with it; as a Full-Round Action it
        blocks further actions and Reactions until your next turn ("Full-Round Action").
        """
        self._do("retreat", {"name": name, "to": self._cell_arg(to), "aoo": aoo})
        return self

    @command
    def _h_retreat(self, name: str, to: Any, aoo: Any) -> None:
        f = self._actor(name)
        self._need_map(name)
        cell = self._cell(to)
        self._check_spend(name, "full_round", "retreat")
        path = self.map.path(name, cell, action="retreat")
        prov = self.map.provokers(name, path, action="retreat")
        offered, take = self._provocation(name, prov.names, aoo, "retreat")
        self._spend(name, "full_round", "retreat")
        f.full_round = "retreat"
        f.update_turn(move_left=None)
        self._add_effect(name, Effect(label="retreating: Unfortunate on attack rolls",
                                      ends="turn_start", on=name,
                                      data={"attack_fortune": "unfortunate"}, rule=R_RETREAT))
        prone = self._has(name, Condition.PRONE)

        def retreat_budget() -> int:  # the map's: Move Speed, half while prone
            speed = self.map.token(name).speed_ft
            return speed // 2 if prone else speed

        self._walk(name, path, "retreat", prov, offered, take, feet=None,
                   budget_of=retreat_budget, avail=retreat_budget())

    def stand_up(self, name: str, to: Any = None, *, aoo: Any = None) -> Self:
        """Stand up from Prone: a Big Action that provokes AOO; "You may move up to 5’ after
        standing up as part of the same action" (000_8d1d7816ee944f3b.txt, "Prone")."""
        self._do("stand_up", {"name": name, "to": None if to is None else self._cell_arg(to),
                              "aoo": aoo})
        return self

    @command
    def _h_stand_up(self, name: str, to: Any, aoo: Any) -> None:
        self._actor(name)
        if self._f[name].rules is not None:  # a ruleset's record: its economy stands it up
            if to is not None or aoo is not None:
                raise IllegalActionError(f"the {self.ruleset.name} round stands up in place, "
                                         "with no AOO", self.ruleset.text)
            self._record_stand_up(name)
            return
        if not any(a.condition is Condition.PRONE for a in self._f[name].creature.conditions):
            raise IllegalActionError(f"{name} is not prone", R_PRONE)
        self._check_spend(name, "big", "stand_up")
        provokers = self._threatening_enemies(name)
        path = None
        if to is not None:
            self._need_map(name)
            cell = self._cell(to)
            if self.map.distance(self.map.token(name).anchor, cell) != 5:
                raise IllegalActionError(f"standing up moves at most 5 feet; {tuple(to)} is "
                                         "not adjacent", R_PRONE)
            path = [self.map.token(name).anchor, cell]
            self.map.path(name, cell, action="move", feet=5)  # refuses an illegal step
            more = self.map.provokers(name, path, action="move").names
            provokers = provokers + [p for p in more if p not in provokers]
        offered, take = self._provocation(name, provokers, aoo, "stand_up")
        self._spend(name, "big", "stand_up")
        # the AOO strikes as it gets up, before the action completes (still prone); a
        # creature dropped by it stays down and does not move ("What actions normally
        # Provoke AOO?": "Standing up from Prone")
        self._resolve_provocation(name, offered, take, "stand_up")
        why = self._can_go_on(name, prone_before=True)
        if why:
            self._emit("move_stopped", actor=name, data={
                "action": "stand_up", "at": list(self.map.offset(self.map.token(name).anchor))
                if name in self._anchors and self.map is not None else None,
                "to": list(self.map.offset(path[-1])) if path else None,
                "lost_path": self._path_json(path) if path else [], "why": why,
                "rule": R_PROVOKE})
            return
        self._lose_condition(name, Condition.PRONE, why="stands up")
        if path is not None:
            result = self.map.move(name, path, action="move", feet=5)
            self._emit("moved", actor=name, data={
                "action": "stand_up", "path": self._path_json(result.path),
                "feet": result.cost_ft, "feet_left": 0, "continued": False, "notes": []})

    def drop_prone(self, name: str) -> Self:
        """Drop Prone: a Swift Action (000_8d1d7816ee944f3b.txt, "Prone")."""
        self._do("drop_prone", {"name": name})
        return self

    @command
    def _h_drop_prone(self, name: str) -> None:
        self._actor(name)
        if self._has(name, Condition.PRONE):
            raise IllegalActionError(f"{name} is already prone", R_PRONE)
        self._check_spend(name, "swift", "drop_prone")
        self._spend(name, "swift", "drop_prone")
        self._gain(name, "prone", by=None)

    def trade_spaces(self, name: str, ally: str, *, aoo: Any = None) -> Self:
        """Trade Spaces with an adjacent ally: a Big Action, and the ally's Reaction.

        000_8d1d7816ee944f3b.txt, "Trade Spaces Action": "Both characters must be willing";
        "The character with whom you wish to trade must spend their Reaction"; "Both
        characters that swap places provoke AOO if they leave a threatened hex"; "within 1
        size category of each other". As with any movement ("What actions normally Provoke
        AOO?", "Reactions & AOO:": a Reaction "immediately interrupts"), each AOO strikes
        before the swap completes, at the hex being left: first those ``name`` provokes,
        then those ``ally`` provokes. If either is dropped or otherwise cannot go on, the
        swap does not happen (a ``move_stopped`` event says why; decision: if ``name`` is
        stopped, ``ally`` never starts to leave and provokes nothing). "No single action can
        provoke more than 1 AOO per threatening creature" ("Reactions & AOO:"): a foe
        threatening both makes at most one AOO in the trade.
        """
        self._do("trade_spaces", {"name": name, "target": ally, "aoo": aoo})
        return self

    def _trade_provocations(self, name: str, target: str) -> tuple[Any, Any, Any, Any]:
        """Who would get AOO from a trade: the map checks the swap and says who each
        provokes; it is then undone at once, as the AOO strike before the swap completes.
        Returns both anchors and both provocations."""
        snapshot_a = self.map.token(name).anchor
        snapshot_b = self.map.token(target).anchor
        pa, pb = self.map.trade_spaces(name, target)
        self.map.trade_spaces(name, target)  # swap back: the map is as it was
        assert self.map.token(name).anchor == snapshot_a and \
            self.map.token(target).anchor == snapshot_b
        return snapshot_a, snapshot_b, pa, pb

    @command
    def _h_trade_spaces(self, name: str, target: str, aoo: Any) -> None:
        self._actor(name)
        self._need_map(name)
        self._fighter(target)
        self._need_map(target)
        if self._f[target].side != self._f[name].side:
            raise IllegalActionError(f"{target} is not {name}'s ally", R_TRADE)
        why = self._reaction_problem(target)
        if why:
            raise IllegalActionError(f"{target} must spend its Reaction to trade spaces: {why}",
                                     R_TRADE)
        self._check_spend(name, "big", "trade_spaces")
        snapshot_a, snapshot_b, pa, pb = self._trade_provocations(name, target)
        offered_a, take_a = self._provocation(name, pa.names, self._aoo_for(aoo, pa.names),
                                              "trade_spaces")
        offered_b, take_b = self._provocation(target, pb.names,
                                              self._aoo_for(aoo, pb.names), "trade_spaces")
        if isinstance(aoo, (list, tuple)) or (isinstance(aoo, str) and aoo not in ("all", "none")):
            wanted = [aoo] if isinstance(aoo, str) else list(aoo)
            stray = [w for w in wanted if w not in pa.names and w not in pb.names]
            if stray:
                raise IllegalActionError(f"{', '.join(stray)} get no AOO from this trade",
                                         R_PROVOKE)
        prone_a = self._has(name, Condition.PRONE)
        prone_b = self._has(target, Condition.PRONE)
        self._spend(name, "big", "trade_spaces", target=target)
        self._f[target].reactions_used += 1
        self._emit("spend", actor=target, target=name, data={
            "action": "trade_spaces_partner", "type": "reaction", "slot": "reaction",
            "rule": R_TRADE})
        # the AOO each provokes, at the hex it leaves, before the swap
        self._resolve_provocation(name, offered_a, take_a, "trade_spaces",
                                  {p.by: p for p in pa})
        stop = self._can_go_on(name, prone_a)
        if not stop:
            take_b = [t for t in take_b if t not in take_a]  # 1 AOO per foe per action
            self._resolve_provocation(target, offered_b, take_b, "trade_spaces",
                                      {p.by: p for p in pb})
            stop = self._can_go_on(target, prone_b)
        if not stop:
            try:
                self.map.trade_spaces(name, target)
            except IllegalActionError as exc:
                stop = f"the map refuses the swap now: {exc}"
        if stop:
            self._emit("move_stopped", actor=name, target=target, data={
                "action": "trade_spaces", "at": list(self.map.offset(snapshot_a)),
                "to": list(self.map.offset(snapshot_b)),
                "lost_path": self._path_json([snapshot_a, snapshot_b]),
                "why": f"{stop}: the trade with {target} does not happen", "rule": R_TRADE})
            return
        self._emit("moved", actor=name, target=target, data={
            "action": "trade_spaces", "path": self._path_json([snapshot_a, snapshot_b]),
            "feet": 5, "feet_left": 0, "continued": False, "notes": []})
