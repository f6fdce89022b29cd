"""Moving in combat.

000_8d1d7816ee944f3b.txt, "Space in Combat Gameplay", "Moving in Combat – Terrain, Creatures,
& Other Issues", "What is a 5-Foot Step?", "Running in Combat – Full Details:", "Retreat
Action / Disengage", "Prone", "Trade Spaces Action". Movement that provokes walks through
:mod:`lfgcombat.rules.actions.reactions`. The moves of
000_8d1d7816ee944f3b.txt, "Special Combat Movement" are :func:`five_foot_step`,
:func:`trade_spaces`, :func:`retreat`, :func:`run` and the Charge Attack
(``attack(..., charge=True)`` after a run).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from lfgcombat.battlemap.core import ACTIONS
from ..citations import cite as _rule
from ..conditions.conditions import Condition
from lfgcombat.errors import IllegalActionError
from .._citations import R_PROVOKE, R_RUN
from lfgcombat.engine.arguments import show
from lfgcombat.engine.commands import command
from lfgcombat.engine.state import Effect
from lfgcombat.battlemap.grid import Hex, Square
from lfgcombat.battlemap.pathing import Reachable
from .flight import check_five_foot_step
from .movement_modes import speeds_of

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter


R_OVERVIEW = _rule("COMBAT GAMEPLAY – OVERVIEW:")
R_RETREAT = _rule("Retreat Action / Disengage")
R_TRADE = _rule("Trade Spaces Action")
R_PRONE = _rule("Prone")


# Movement: Move, 5-Foot Step, Run, Retreat, Stand Up, Drop Prone and Trade Spaces.


def _need_map(st: Encounter, name: str) -> None:
    if st.map is None:
        raise IllegalActionError("this encounter has no battle map; movement needs one "
                                 "(Encounter(..., map=HexMap(...)))", R_OVERVIEW)
    if name not in st._anchors:
        raise IllegalActionError(f"{name} is not on the battle map", R_OVERVIEW)


def _cell_arg(to: Any) -> Any:
    if hasattr(to, "q") and hasattr(to, "r"):
        return {"hex": [to.q, to.r]}
    if hasattr(to, "x") and hasattr(to, "y") and not isinstance(to, tuple):
        return {"square": [to.x, to.y]}
    if isinstance(to, (str, bytes, dict)) or not isinstance(to, Iterable):
        raise IllegalActionError(f"to: a destination is a cell or (col, row), not "
                                 f"{show(to)}", R_OVERVIEW)
    return list(to)


def _cell(st: Encounter, to: Any) -> Any:
    if isinstance(to, dict):
        if "hex" in to:
            return Hex(*to["hex"])
        return Square(*to["square"])
    if not (isinstance(to, (list, tuple)) and len(to) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in to)):
        raise IllegalActionError(f"a destination is a cell or (col, row), not {show(to)}",
                                 R_OVERVIEW)
    cell = st.map.cell(*to)
    if cell not in st.map.cells:
        raise IllegalActionError(f"{tuple(to)} is off the {st.map.width}x"
                                 f"{st.map.height} map", R_OVERVIEW)
    return cell


def _path_json(st: Encounter, path: Iterable[Any]) -> list[list[int]]:
    return [list(st.map.offset(c)) for c in path]


def reachable(st: Encounter, name: str, action: str = "move") -> Reachable:
    """Where ``name`` can end a movement ``action`` now, at what cost, and which of
    those cells provoke an Attack of Opportunity, as this encounter's ruleset plays
    it: what a BattleMap under the InitiativeTracker lights.

    Under ``lfg``, the map's answer (:meth:`HexMap.reachable
    <lfgcombat.battlemap.hexmap.HexMap.reachable>`: "What actions normally Provoke
    AOO?"). A combatant a ruleset keeps a record of: for a ``move``, the feet its round
    has left (classic's Move Action, wounds' Half Actions), and a cell provokes only
    where its ruleset's move would (nowhere under ``classic``; under ``wounds`` where
    the path there leaves a hex threatened by a foe that may take an AOO then:
    :meth:`~lfgcombat.engine.ruleset_moves.RulesetMovesRules._record_reachable`).

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
    st._fighter(name)
    st._need_map(name)
    if not isinstance(action, str) or action not in ACTIONS:
        raise IllegalActionError(f"action is one of {', '.join(ACTIONS)}, not "
                                 f"{show(action)}", R_OVERVIEW)
    if st._depth or st._replaying:  # inside a step: as the step leaves it, never kept
        return _reachable_now(st, name, action)
    # between steps it is kept, keyed on the log as it stands (its last event, an
    # immutable object never reused) and the map's version, as state() is: a tracker
    # click asks it for the map's lights, the Move row and its dry runs
    log, version = st._log, st.map.version
    last = log[-1] if len(log) else None
    found = st._reach_cache.get((name, action))
    if found is None or found[0] != len(log) or found[1] is not last or found[2] != version:
        found = (len(log), last, version, _reachable_now(st, name, action))
        st._reach_cache[(name, action)] = found
    return found[3]


def _reachable_now(st: Encounter, name: str, action: str) -> Reachable:
    """:func:`reachable` computed (not kept). Under lfg a ``move`` of the creature acting
    now reaches what :meth:`move` would take: the feet left of the Big Action when it
    continues its last move ("Interrupt Turn – Details and Clarifications:": "After the
    interruption, they have 15 feet of movement remaining"), nowhere with no Big Action
    left, else its Move Speed. Nowhere when the engine refuses the acting creature any
    action now (``economy._actor``: a readied action waiting for its trigger, "Prepare to
    Interrupt – “Ready Action” (Big Action)"; a Full-Round Action under way), as every
    move would then be refused."""
    f = st._f[name]
    if f.rules is not None:
        return st._record_reachable(name, action)
    if name in st.acting:
        try:
            st._actor(name)
        except IllegalActionError:
            start = st.map.token(name).anchor
            return Reachable(name, action, 0, {}, frozenset(), lambda c, safe: [start])
    if action == "move" and name in st.acting:
        turn = f.turn
        if turn.move_left is not None and turn.move_left > 0 and turn.last_action == "move":
            return st.map.reachable(name, turn.move_left, action="move")
        if st.actions_left(name).big <= 0:
            start = st.map.token(name).anchor
            return Reachable(name, "move", 0, {}, frozenset(), lambda c, safe: [start])
    return st.map.reachable(name, action=action)


def move(st: Encounter, name: str, to: Any, *, aoo: Any = None, mode: str | None = None,
         altitude: int | None = None, charge: bool = False) -> Encounter:
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
            :mod:`lfgcombat.rules.movement.other_movement`).
        altitude: Feet above the ground to end at (flying, climbing, swimming); default
            where it is.
        charge: With ``mode="leap"``: the GM rules the Jump&Sprint check made and the
            leap lands within reach of a foe: a Charge Attack may follow ("Leaper").
    """
    if mode is None and altitude is None and not charge:
        st._do("move", {"name": name, "to": st._cell_arg(to), "aoo": aoo})
    else:
        args = {"name": name, "to": st._cell_arg(to), "aoo": aoo,
                "mode": mode or "walk", "altitude": altitude}
        st._do("move_mode", {**args, "charge": True} if charge else args)
    return st


@command
def _h_move(st: Encounter, name: str, to: Any, aoo: Any) -> None:
    if st._fighter(name).rules is not None:  # a ruleset's record: its economy's move
        st._record_map_move(name, to, aoo)  # and its AOO (ruleset_moves.py)
        return
    f = st._actor(name)
    st._need_map(name)
    cell = st._cell(to)
    _on_the_ground(st, name, "move")
    turn = f.turn
    cont = turn.move_left is not None and turn.move_left > 0 and turn.last_action == "move"
    budget = f.turn.move_left if cont else None
    if not cont:
        st._check_spend(name, "big", "move")
    path = st.map.path(name, cell, action="move", feet=budget)
    prov = st.map.provokers(name, path, action="move")
    offered, take = st._provocation(name, prov.names, aoo, "move")
    start_budget = budget if cont else _move_budget(st, name)
    if not cont:
        st._spend(name, "big", "move")
    f.update_turn(last_action="move", move_left=start_budget)
    st._lose_aim_on_move(name)
    moved, stopped, cut = st._walk(
        name, path, "move", prov, offered, take, feet=budget, continued=cont,
        feet_left=lambda ft: max(0, (start_budget or 0) - ft),
        budget_of=lambda: _move_budget(st, name, spent=False), avail=start_budget)
    f.update_turn(move_left=0 if stopped else max(0, (start_budget or 0) - cut - moved))


def _on_the_ground(st: Encounter, name: str, action: str) -> None:
    """Refuse walking (a move, a run) for a creature above the ground: it flies, climbs
    or swims (000_8d1d7816ee944f3b.txt, "Other Types of Movement")."""
    up = st.map.altitude(name)
    if up:
        raise IllegalActionError(f"{name} is {up} ft up: it cannot {action} on foot; "
                                 f"{action}(..., mode='fly'|'climb'|'swim')",
                                 _rule("Other Types of Movement"))


def _move_budget(st: Encounter, name: str, *, spent: bool = True) -> int:
    """Feet one Move Action gives now (the map's budget: Move Speed, half after an
    advanced 5-foot step, less what was moved since with ``spent``; minimum movement is
    one hex and nothing more)."""
    speed = st.map.speed_ft(name)
    if speed <= 5:
        return 0
    return st.map.budget(name, "move", spent=spent)


def _lose_aim_on_move(st: Encounter, name: str) -> None:
    f = st._f[name]
    for e in list(f.effects):
        if e.lost_on_action:
            st._end_effect(name, e, f"{name} moved")


def five_foot_step(st: Encounter, name: str, to: Any) -> Encounter:
    """The 5-Foot Step: a Swift Action moving 1 hex without provoking.

    000_8d1d7816ee944f3b.txt, "What is a 5-Foot Step?": "If you have already moved this
    turn, you cannot use this special movement action";
    000_8d1d7816ee944f3b.txt, "Simple Rule": no other movement
    after it (the ruleset's ``advanced_five_foot_step`` switch: half move, Unfortunate).
    """
    st._do("five_foot_step", {"name": name, "to": st._cell_arg(to)})
    return st


@command
def _h_five_foot_step(st: Encounter, name: str, to: Any) -> None:
    f = st._actor(name)
    st._need_map(name)
    cell = st._cell(to)
    if st.map.altitude(name):  # "You cannot take a 5-Foot Step while Flying"
        check_five_foot_step(speeds_of(st._f[name].creature).maneuverability, True)
    st._check_spend(name, "swift", "five_foot_step")
    result = st.map.move(name, [cell], action="five_foot_step")
    st._spend(name, "swift", "five_foot_step")
    f.update_turn(move_left=None)
    st._emit("moved", actor=name, data={
        "action": "five_foot_step", "path": st._path_json(result.path),
        "feet": result.cost_ft, "feet_left": 0, "continued": False,
        "notes": list(result.notes)})
    st._lose_aim_on_move(name)


def run(st: Encounter, name: str, to: Any, *, aoo: Any = None, mode: str | None = None,
        altitude: int | None = None) -> Encounter:
    """The Run Action: a Big Action moving up to double Move Speed in a straight line.

    000_8d1d7816ee944f3b.txt, "Running in Combat – Full Details:": "-2 AC against Melee
    Attacks until the start of your next turn" (and -2 / +2 against ranged attacks by
    angle, see :meth:`_resolve_attack`), "-2 Penalty on Ranged Attack Rolls until the
    start of your next Turn", "You cannot break up the movement of your Run Action"; it
    provokes as movement does, each AOO striking where it is provoked ("Interrupted
    while Running: ... the rest of your movement for this action is lost" if it drops
    the runner). A melee or thrown attack right after a run of 10 feet or more may be a
    Charge Attack: ``attack(..., charge=True)``.

    000_8d1d7816ee944f3b.txt, "How much can I Run in Combat?": each Run is one Big Action,
    so both Big Actions of a turn may run.
    The run stops where its straight line does:
    000_8d1d7816ee944f3b.txt, "Interrupted while Running".
    """
    if mode is None and altitude is None:
        st._do("run", {"name": name, "to": st._cell_arg(to), "aoo": aoo})
    else:  # "may use the Run Action normally in appropriate terrain" (fly, swim, climb)
        st._do("run_mode", {"name": name, "to": st._cell_arg(to), "aoo": aoo,
                            "mode": mode or "walk", "altitude": altitude})
    return st


@command
def _h_run(st: Encounter, name: str, to: Any, aoo: Any) -> None:
    f = st._actor(name)
    st._need_map(name)
    cell = st._cell(to)
    _on_the_ground(st, name, "run")
    st._check_spend(name, "big", "run")
    path = st.map.run_path(name, cell)
    prov = st.map.provokers(name, path, action="run")
    offered, take = st._provocation(name, prov.names, aoo, "run")
    budget = st.map.budget(name, "run")
    start = st.map.offset(st.map.token(name).anchor)
    st._spend(name, "big", "run")
    f.update_turn(move_left=None, ran=True)
    # the runner is running from its first step: an AOO it provokes meets its -2 AC
    st._add_effect(name, Effect(
        kind="run", label="running: -2 AC against melee, -2 on ranged attacks",
        bonuses=({"to": "ranged_attack", "value": -2, "source": "running"},),
        ends="turn_start", on=name,
        data={"ac_vs_melee": -2, "from": list(start), "to": list(start)},
        rule=R_RUN))
    st._lose_aim_on_move(name)
    moved, stopped, _ = st._walk(
        name, path, "run", prov, offered, take, feet=budget,
        budget_of=lambda: st.map.budget(name, "run", spent=False), avail=budget)
    f.update_turn(run_ft=moved, last_action="run")
    end = st.map.offset(st.map.token(name).anchor)
    for e in list(f.effects):  # the direction of the run, for ranged attacks against it
        if e.kind == "run":
            st._replace_effect(name, e, dataclasses.replace(
                e, data={**e.info, "to": list(end)}))


def retreat(st: Encounter, name: str, to: Any, *, aoo: Any = None) -> Encounter:
    """The Retreat Action (Disengage): a Full-Round Action moving away from enemies.

    000_8d1d7816ee944f3b.txt, "Retreat Action / Disengage": no AOO from the foes
    threatening you as you start ("If you move directly towards a new enemy, you will
    Provoke AOO from that enemy"); "You are Unfortunate on any Attack Rolls made before
    the start of your next turn"; no 5-foot step with it; as a Full-Round Action it
    blocks further actions and Reactions until your next turn ("Full-Round Action").
    """
    st._do("retreat", {"name": name, "to": st._cell_arg(to), "aoo": aoo})
    return st


@command
def _h_retreat(st: Encounter, name: str, to: Any, aoo: Any) -> None:
    f = st._actor(name)
    st._need_map(name)
    cell = st._cell(to)
    st._check_spend(name, "full_round", "retreat")
    path = st.map.path(name, cell, action="retreat")
    prov = st.map.provokers(name, path, action="retreat")
    offered, take = st._provocation(name, prov.names, aoo, "retreat")
    st._spend(name, "full_round", "retreat")
    f.full_round = "retreat"
    f.update_turn(move_left=None)
    st._add_effect(name, Effect(label="retreating: Unfortunate on attack rolls",
                                ends="turn_start", on=name,
                                data={"attack_fortune": "unfortunate"}, rule=R_RETREAT))
    prone = st._has(name, Condition.PRONE)

    def retreat_budget() -> int:  # the map's: Move Speed, half while prone
        speed = st.map.token(name).speed_ft
        return speed // 2 if prone else speed

    st._walk(name, path, "retreat", prov, offered, take, feet=None,
             budget_of=retreat_budget, avail=retreat_budget())


def stand_up(st: Encounter, name: str, to: Any = None, *, aoo: Any = None) -> Encounter:
    """Stand up from Prone: a Big Action that provokes AOO; "You may move up to 5’ after
    standing up as part of the same action" (000_8d1d7816ee944f3b.txt, "Prone"); it
    provokes: 000_8d1d7816ee944f3b.txt, "Standing up from Prone" (in "What actions
    normally Provoke AOO?")."""
    st._do("stand_up", {"name": name, "to": None if to is None else st._cell_arg(to),
                        "aoo": aoo})
    return st


@command
def _h_stand_up(st: Encounter, name: str, to: Any, aoo: Any) -> None:
    st._actor(name)
    if st._f[name].rules is not None:  # a ruleset's record: its economy stands it up
        if to is not None or aoo is not None:
            raise IllegalActionError(f"the {st.ruleset.name} round stands up in place, "
                                     "with no AOO", st.ruleset.text)
        st._record_stand_up(name)
        return
    if not any(a.condition is Condition.PRONE for a in st._f[name].creature.conditions):
        raise IllegalActionError(f"{name} is not prone", R_PRONE)
    st._check_spend(name, "big", "stand_up")
    provokers = st._threatening_enemies(name)
    path = None
    if to is not None:
        st._need_map(name)
        cell = st._cell(to)
        if st.map.distance(st.map.token(name).anchor, cell) != 5:
            raise IllegalActionError(f"standing up moves at most 5 feet; {tuple(to)} is "
                                     "not adjacent", R_PRONE)
        path = [st.map.token(name).anchor, cell]
        st.map.path(name, cell, action="move", feet=5)  # refuses an illegal step
        more = st.map.provokers(name, path, action="move").names
        provokers = provokers + [p for p in more if p not in provokers]
    offered, take = st._provocation(name, provokers, aoo, "stand_up")
    st._spend(name, "big", "stand_up")
    # the AOO strikes as it gets up, before the action completes (still prone); a
    # creature dropped by it stays down and does not move ("What actions normally
    # Provoke AOO?": "Standing up from Prone")
    st._resolve_provocation(name, offered, take, "stand_up")
    why = st._can_go_on(name, prone_before=True)
    if why:
        st._emit("move_stopped", actor=name, data={
            "action": "stand_up", "at": list(st.map.offset(st.map.token(name).anchor))
            if name in st._anchors and st.map is not None else None,
            "to": list(st.map.offset(path[-1])) if path else None,
            "lost_path": st._path_json(path) if path else [], "why": why,
            "rule": R_PROVOKE})
        return
    st._lose_condition(name, Condition.PRONE, why="stands up")
    if path is not None:
        result = st.map.move(name, path, action="move", feet=5)
        st._emit("moved", actor=name, data={
            "action": "stand_up", "path": st._path_json(result.path),
            "feet": result.cost_ft, "feet_left": 0, "continued": False, "notes": []})


def drop_prone(st: Encounter, name: str) -> Encounter:
    """Drop Prone: a Swift Action (000_8d1d7816ee944f3b.txt, "Prone")."""
    st._do("drop_prone", {"name": name})
    return st


@command
def _h_drop_prone(st: Encounter, name: str) -> None:
    st._actor(name)
    if st._has(name, Condition.PRONE):
        raise IllegalActionError(f"{name} is already prone", R_PRONE)
    st._check_spend(name, "swift", "drop_prone")
    st._spend(name, "swift", "drop_prone")
    st._gain(name, "prone", by=None)


def trade_spaces(st: Encounter, name: str, ally: str, *, aoo: Any = None) -> Encounter:
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
    st._do("trade_spaces", {"name": name, "target": ally, "aoo": aoo})
    return st


def _trade_provocations(st: Encounter, name: str, target: str) -> tuple[Any, Any, Any, Any]:
    """Who would get AOO from a trade: the map checks the swap and says who each
    provokes; it is then undone at once, as the AOO strike before the swap completes.
    Returns both anchors and both provocations."""
    snapshot_a = st.map.token(name).anchor
    snapshot_b = st.map.token(target).anchor
    pa, pb = st.map.trade_spaces(name, target)
    st.map.trade_spaces(name, target)  # swap back: the map is as it was
    assert st.map.token(name).anchor == snapshot_a and \
        st.map.token(target).anchor == snapshot_b
    return snapshot_a, snapshot_b, pa, pb


@command
def _h_trade_spaces(st: Encounter, name: str, target: str, aoo: Any) -> None:
    st._actor(name)
    st._need_map(name)
    st._fighter(target)
    st._need_map(target)
    if st._f[target].side != st._f[name].side:
        raise IllegalActionError(f"{target} is not {name}'s ally", R_TRADE)
    why = st._reaction_problem(target)
    if why:
        raise IllegalActionError(f"{target} must spend its Reaction to trade spaces: {why}",
                                 R_TRADE)
    st._check_spend(name, "big", "trade_spaces")
    snapshot_a, snapshot_b, pa, pb = _trade_provocations(st, name, target)
    offered_a, take_a = st._provocation(name, pa.names, st._aoo_for(aoo, pa.names),
                                        "trade_spaces")
    offered_b, take_b = st._provocation(target, pb.names,
                                        st._aoo_for(aoo, pb.names), "trade_spaces")
    if isinstance(aoo, (list, tuple)) or (isinstance(aoo, str) and aoo not in ("all", "none")):
        wanted = [aoo] if isinstance(aoo, str) else list(aoo)
        stray = [w for w in wanted if w not in pa.names and w not in pb.names]
        if stray:
            raise IllegalActionError(f"{', '.join(stray)} get no AOO from this trade",
                                     R_PROVOKE)
    prone_a = st._has(name, Condition.PRONE)
    prone_b = st._has(target, Condition.PRONE)
    st._spend(name, "big", "trade_spaces", target=target)
    st._f[target].reactions_used += 1
    st._emit("spend", actor=target, target=name, data={
        "action": "trade_spaces_partner", "type": "reaction", "slot": "reaction",
        "rule": R_TRADE})
    # the AOO each provokes, at the hex it leaves, before the swap
    st._resolve_provocation(name, offered_a, take_a, "trade_spaces",
                            {p.by: p for p in pa})
    stop = st._can_go_on(name, prone_a)
    if not stop:
        take_b = [t for t in take_b if t not in take_a]  # 1 AOO per foe per action
        st._resolve_provocation(target, offered_b, take_b, "trade_spaces",
                                {p.by: p for p in pb})
        stop = st._can_go_on(target, prone_b)
    if not stop:
        try:
            st.map.trade_spaces(name, target)
        except IllegalActionError as exc:
            stop = f"the map refuses the swap now: {exc}"
    if stop:
        st._emit("move_stopped", actor=name, target=target, data={
            "action": "trade_spaces", "at": list(st.map.offset(snapshot_a)),
            "to": list(st.map.offset(snapshot_b)),
            "lost_path": st._path_json([snapshot_a, snapshot_b]),
            "why": f"{stop}: the trade with {target} does not happen", "rule": R_TRADE})
        return
    st._emit("moved", actor=name, target=target, data={
        "action": "trade_spaces", "path": st._path_json([snapshot_a, snapshot_b]),
        "feet": 5, "feet_left": 0, "continued": False, "notes": []})
