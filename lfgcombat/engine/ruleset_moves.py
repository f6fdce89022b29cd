"""A ruleset record's move on the battle map, and the Attacks of Opportunity it provokes.

A combatant a ruleset keeps its own record of (:mod:`lfgcombat.engine.ruleset_play`) moves
on the map by its ruleset's round: the path's feet come out of the economy's movement
(:meth:`~lfgcombat.rulesets.ActionEconomy.move`; classic's Move Action,
002_2a3a79475ca2a541.txt, "Action definitions"; wounds' Half Actions,
003_de0e94afd49609a7.txt, "Attacking an enemy usually involves spending your Half Action").
A move with no movement left is refused by the economy, in its ruleset's words, before the
map is asked for a path; so is a move whose cheapest path is longer than the movement left
(classic's "cannot move 25 ft: 15 ft left of the Move Action", wounds' "can move 45 ft more
this turn ..., not 80"), the feet asked and left named. What the map's highlight shows for
such a combatant is :meth:`RulesetMovesRules._record_reachable` (``Encounter.reachable``):
its feet left, and only the cells whose move would offer someone an AOO.

Where the ruleset says moving provokes (:attr:`~lfgcombat.rulesets.ActionEconomy.aoo_on_move`:
wounds' "Whenever a creature moves through your threatened area, they risk provoking an
Attack of Opportunity from you", "As mentioned in the previous Tip"), the move walks the
path as an lfg move does (:mod:`lfgcombat.rules.movement.walk`): the map names who threatens a
hex the mover leaves (:meth:`~lfgcombat.battlemap.hexmap.HexMap.provokers`, the path
avoiding them when it can), each is offered its AOO, those ``aoo=`` names (``"all"``, a list,
``None``: nobody) take it where it is provoked, each through the ruleset's attack policy and
paid from its record (``spend(record, "aoo")``: wounds' "1 + your Dexterity modifier
(minimum 0)" a round and Combat Reflexes); a foe that cannot (wounds: in Total Defense, "You
cannot make attacks of opportunity whilst in Total Defense"; its AOO used) is not offered
one, and naming it refuses the move with the reason, changing nothing. A mover the AOO kills
or leaves unable to move stops there (``move_stopped``), the rest of its movement lost.

Decisions (inferred; the first is shown in notebook 31): the move's feet are spent as it
begins (the Half Actions it needs), so a mover stopped by an AOO has spent them; a mover
slowed on the way (wounds' Hindered from a Cold rider) keeps the feet of the move it began.
"""

from __future__ import annotations

from dataclasses import replace

from typing import TYPE_CHECKING, Any

from ..errors import IllegalActionError
from ..battlemap.grid import FEET_PER_CELL
from .record_budget import _budget_feet
from .ruleset_play import _actor
from ..rules.movement.walk import Walk, WalkPlan

if TYPE_CHECKING:
    from .encounter import Encounter
    from ..battlemap.pathing import Reachable


def _remaining(economy: Any, record: Any) -> int | None:
    """The feet of movement the record's round has left (``None``: the economy reports
    none; see :class:`~lfgcombat.rulesets.ActionEconomy`'s optional members)."""
    left = _budget_feet(economy.budget(record))[1]
    return None if left is None else int(left)


# etMoves: ``move`` on the map for a combatant with a record; its AOO where its ruleset has
# them.


def _record_map_move(st: Encounter, name: str, to: Any, aoo: Any = None) -> None:
    """``move`` on the map for a combatant with a record: the path's feet come out of
    the round's movement (before or after its other actions); where the economy says
    moving provokes, the AOO of those ``aoo`` names strike along the way.

    Raises:
        IllegalActionError: not its turn; no movement left, or the cheapest path longer
            than the movement left (the economy's refusal, in its ruleset's words,
            with the feet asked and left); the map refuses the path; a named AOO taker the
            ruleset has no AOO for, who is not provoked, or who cannot take it (why);
            nothing changes.
    """
    _actor(st, name)
    economy = st.ruleset.economy
    if not economy.aoo_on_move and aoo not in (None, "none", "all", []):
        # "all"/"none" (the tracker's policy) name nobody: only a named taker is refused
        raise IllegalActionError(f"the {st.ruleset.name} round has no AOO to take",
                                 getattr(economy, "rule", st.ruleset.text))
    st._need_map(name)
    cell = st._cell(to)
    f = st._f[name]
    left = _remaining(economy, f.rules)
    if left is not None and left <= 0:  # the round's movement is used up: its words
        economy.move(f.rules, max(FEET_PER_CELL, st.map.distance(name, cell)))
    try:
        path = st.map.path(name, cell, action="move", feet=left)
    except IllegalActionError:
        _refuse_too_far(st, name, cell, left)  # a longer path: the economy's words
        raise
    economy.move(f.rules, 0)  # refused when the round allows no move
    if not economy.aoo_on_move:
        result = st.map.move(name, list(path), action="move", feet=left)
        st._record_move(name, int(result.cost_ft), path=list(result.path))
        return
    _record_provoking_move(st, name, list(path), aoo, left)


def _record_reachable(st: Encounter, name: str, action: str) -> Reachable:
    """Where a combatant with a record can end ``action`` now (a ``move``: within the
    feet its round has left), and the cells that provoke by its ruleset: none where a
    move provokes nothing (:attr:`~lfgcombat.rulesets.ActionEconomy.aoo_on_move`
    false: classic); else those whose path (the one a move there takes) leaves a hex
    threatened by a foe that would be offered its AOO (wounds: not dead, not in Total
    Defense, its AOO this round not used up; "As mentioned in the previous Tip")."""
    economy = st.ruleset.economy
    left = _remaining(economy, st._f[name].rules) if action == "move" else None
    r = st.map.reachable(name, None if left is None else max(0, left), action=action)
    if not economy.aoo_on_move:  # no move provokes: its words say so (issue 26)
        return replace(r.with_provoking(()), aoo_on_move=False)
    if not r.provoking:
        return r.with_provoking(())
    keep = []
    for c in r.provoking:
        prov = st.map.provokers(name, r.path_to(c), action=action)
        offered, _ = st._provocation(name, prov.names, None, action)
        if offered:
            keep.append(c)
    return r.with_provoking(keep)


def _refuse_too_far(st: Encounter, name: str, cell: Any, left: int | None) -> None:
    """Where the map finds a path to ``cell`` longer than the ``left`` feet the
    round's movement has, refuse it as the economy does, naming the feet asked and
    left (classic: 002_2a3a79475ca2a541.txt, "Action definitions"; wounds:
    003_de0e94afd49609a7.txt, "Attacking an enemy usually involves spending your Half
    Action"); otherwise (walls, occupied, off the map) the map's refusal stands."""
    if left is None:
        return
    anywhere = FEET_PER_CELL * 4 * max(1, len(st.map.cells))  # any path on the map
    reach = st.map.reachable(name, anywhere, action="move")
    if cell in reach and reach[cell] > left:
        st.ruleset.economy.move(st._f[name].rules, int(reach[cell]))


def _record_provoking_move(st: Encounter, name: str, path: list[Any], aoo: Any,
                           left: int | None) -> None:
    """Walk a validated ``path`` whose leaving threatened hexes provokes: the AOO
    offered, checked, then struck where they are provoked
    (:mod:`lfgcombat.rules.movement.walk`)."""
    economy = st.ruleset.economy
    rule = economy.aoo_rule or st.ruleset.text
    prov = st.map.provokers(name, path, action="move")
    offered, take = st._provocation(name, prov.names, aoo, "move", rule=rule)
    f = st._f[name]
    before = f.rules
    f.rules = economy.move(f.rules, st.map.path_feet(name, path))  # spent as it begins
    f.update_turn(last_action="move")
    start = left if left is not None else 0
    plan = WalkPlan(name, path, "move", prov, offered, take, feet=left,
                    feet_left=lambda ft: max(0, start - ft), rule=rule)
    try:
        Walk(st, plan).run()
    except IllegalActionError:
        f.rules = before  # the map refused it whole: nothing happened
        raise


def _record_strike_aoo(st: Encounter, p: str, mover: str) -> None:
    """``p``'s AOO against ``mover`` where it provoked it: an ``aoo`` event, then the
    ruleset's attack with its melee weapon, paid from ``p``'s record
    (``spend(record, "aoo")``)."""
    rule = st.ruleset.economy.aoo_rule or st.ruleset.text
    st._emit("aoo", actor=p, target=mover, data={
        "by": p, "cap": 0, "outcome": "attack", "rule": rule})
    st._record_attack(p, mover, st._default_weapon(p, melee=True), {"aoo": True})


def _record_can_go_on(st: Encounter, name: str) -> str | None:
    """Why a mover with a record cannot go on after an AOO (dead, or its round allows
    it no more movement: wounds' Immobilized), or ``None``."""
    if st._f[name].dead or st._record_report(name)["dead"]:
        return f"{name} is dead"
    try:
        st.ruleset.economy.move(st._f[name].rules, 0)
    except IllegalActionError as exc:
        return str(exc)
    return None
