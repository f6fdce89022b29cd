"""Reactions and Attacks of Opportunity, and Gang Up.

000_8d1d7816ee944f3b.txt, "Reactions & AOO:", "Attack of Opportunity (AOO)", "What actions
normally Provoke AOO?", "Multiple Opponents" (Gang Up) and "Advanced Option - Ignore an
enemy". Decisions: an AOO strikes at the hex where it is provoked (a move is split there); a
mover dropped, knocked prone, made helpless or immobile stops and the rest of its movement is
lost; a creature ignoring the mover takes no Reaction against it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ..citations import cite as _rule
from ..conditions.conditions import Condition
from lfgcombat.errors import IllegalActionError
from .._citations import R_IGNORE, R_PROVOKE, R_REACTIONS
from ..movement.walk import Walk, WalkPlan

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter

R_AOO = _rule("Attack of Opportunity (AOO)")
R_CRUSH = _rule("Crushing Advance: Very big creatures stepping on smaller creatures!")


# Reactions: Offering, taking and resolving AOO along a path; the Gang Up bonus.


def _provocation(st: Encounter, mover: str, provokers: Iterable[str], aoo: Any, action: str,
                 rule: str | None = None) -> tuple[list[str], list[str]]:
    """Who is offered an AOO and who takes it (validated before anything changes).

    "Anyone that threatens a creature that provokes AOO may use a Reaction to make an
    AOO"; "You can only make 1 AOO per provoking action"; "No single action can provoke
    more than 1 AOO per threatening creature" ("Reactions & AOO:";
    000_8d1d7816ee944f3b.txt, "Provoke AOO: A creature is said to"). ``rule``: the AOO
    rule the refusals cite instead of lfg's (a ruleset's record move).
    """
    seen: list[str] = []
    for p in provokers:
        if p not in seen and p in st._f:
            seen.append(p)
    # a creature ignoring the mover is Flat-Footed against it: no Reaction (decision)
    offered = [p for p in seen if st._reaction_problem(p) is None and st._f[p].aware
               and mover not in st._ignored_by(p)]
    if aoo is None or aoo == "none" or aoo == []:
        take: list[str] = []
    elif aoo == "all":
        take = list(offered)
    else:
        take = [aoo] if isinstance(aoo, str) else list(aoo)
        for t in take:
            st._fighter(t)
            if t not in seen:
                raise IllegalActionError(
                    f"{t} gets no AOO against {mover}'s {action}: it does not threaten "
                    f"{mover} there (provoked: {', '.join(seen) or 'nobody'})",
                    rule or R_PROVOKE)
            if t not in offered:
                why = st._reaction_problem(t) or (
                    f"it ignores {mover} and is Flat-Footed against it ({R_IGNORE})"
                    if mover in st._ignored_by(t) else "it is unaware")
                raise IllegalActionError(f"{t} cannot take its AOO: {why}",
                                         rule or R_REACTIONS)
    return offered, take


def _walk(st: Encounter, name: str, path: list[Any], action: str, prov: Any, offered: list[str],
          take: list[str], *, feet: int | None, continued: bool = False,
          feet_left: Callable[[int], int] | None = None,
          budget_of: Callable[[], int] | None = None,
          avail: int | None = None) -> tuple[int, bool, int]:
    """Move ``name`` along a validated ``path``, stopping at each hex where a taken AOO
    is provoked to resolve it there (:mod:`lfgcombat.rules.movement.walk`, which cites the
    rules).

    Returns:
        ``(feet moved, stopped, feet cut from the budget by a lower Move Speed)``.
    """
    crushed = st._stepped_into(name, path)
    if crushed:  # the step is refused whole: the encounter rebuilds what was spent
        raise IllegalActionError(
            f"{name} would step into the space of {', '.join(crushed)} (3+ sizes "
            f"smaller): that is a Crushing Advance (A), where each may dodge with its "
            f"Reaction or be stepped on; use step_through({name!r}, to, dodge=[...]), or "
            f"crushing_advance(...) for the Big Action, or a path around them",
            R_CRUSH)
    plan = WalkPlan(name, path, action, prov, offered, take, feet, continued, feet_left,
                    budget_of, avail)
    return Walk(st, plan).run()


def _safe_budget(st: Encounter, budget_of: Callable[[], int]) -> int:
    """The action's budget at the mover's current speed (0 if it can no longer move)."""
    try:
        return max(0, int(budget_of()))
    except IllegalActionError:
        return 0


def _strike_aoo(st: Encounter, p: str, mover: str, cell: Any) -> None:
    """Spend ``p``'s Reaction and make its AOO against ``mover`` (which provoked it at
    ``cell``); a ruleset's record makes it by its ruleset
    (:meth:`~lfgcombat.engine.ruleset_moves.RulesetMovesRules._record_strike_aoo`).

    Its Consecutive Attack Penalty counts only this round's earlier AOO (-2 each):
    000_8d1d7816ee944f3b.txt, "What About Reactions & Attacks of Opportunity (AOO)?".
    """
    f = st._f[p]
    if f.rules is not None:
        st._record_strike_aoo(p, mover)
        return
    f.reactions_used += 1
    f.aoo_this_round += 1
    st._emit("spend", actor=p, target=mover, data={
        "action": "aoo", "type": "reaction", "slot": "reaction", "rule": R_AOO})
    dist = st.map.distance(p, cell) if cell is not None else None
    _resolve_aoo(st, p, mover, cap=-2 * (f.aoo_this_round - 1), distance=dist)


def _resolve_provocation(st: Encounter, mover: str, offered: list[str], take: list[str],
                         action: str, steps: Mapping[str, Any] | None = None) -> None:
    """Offer and make the AOO of an action taken in place (where the mover stands). An
    AOO is not made against a mover an earlier AOO killed (no Reaction is spent)."""
    steps = steps or {}
    for p in offered:
        taken = p in take and not st._f[mover].dead
        st._emit("aoo_offered", actor=p, target=mover, data={
            "by": p, "action": action,
            "step": steps[p].step if p in steps else None, "taken": taken,
            "rule": R_PROVOKE})
        if taken:
            st._strike_aoo(p, mover, steps[p].cell if p in steps else None)


def _resolve_aoo(st: Encounter, attacker: str, target: str, cap: int,
                 distance: int | None = None) -> None:
    """The AOO's attack: "An AOO is a single Attack ... An AOO must be made with a weapon
    that threatens the target"; "the C.A.P. will be applied to any additional AOO you
    make this round" ("Attacks Per Turn")."""
    mod = st._attacks_module()
    weapon = st._default_weapon(attacker, melee=True)
    if mod is None or weapon is None or st._f[target].dead:
        why = ("attack rolls need lfgcombat.rules.attacks" if mod is None else
               "no melee weapon" if weapon is None else "the target is dead")
        st._emit("aoo", actor=attacker, target=target, data={
            "by": attacker, "cap": cap, "outcome": f"unresolved: {why}; apply the damage "
            "with damage()", "rule": R_AOO})
        return
    st._emit("aoo", actor=attacker, target=target, data={
        "by": attacker, "cap": cap, "outcome": "attack", "rule": R_AOO})
    situation: dict[str, Any] = {"aoo": True, "consecutive_penalty": cap}
    if distance is not None:
        situation["distance_ft"] = distance
    st._resolve_attack(attacker, target, weapon, situation)


def _ignored_by(st: Encounter, name: str) -> list[str]:
    """The foes ``name`` ignores now ("Advanced Option - Ignore an enemy")."""
    out: list[str] = []
    for e in st._f[name].effects:
        if e.kind == "ignore_enemy":
            out += [x for x in e.info.get("ignored", []) if x not in out]
    return out


def _threatening_enemies(st: Encounter, name: str) -> list[str]:
    if st.map is None or name not in st._anchors:
        return []
    return [e for e in st.map.enemies(name) if e in st._f and
            st.map.threatens_creature(e, name)]


def _aoo_for(aoo: Any, names: list[str]) -> Any:
    if aoo is None or aoo in ("all", "none"):
        return aoo
    wanted = [aoo] if isinstance(aoo, str) else list(aoo)
    return [w for w in wanted if w in names]


def gang_up_bonus(st: Encounter, attacker: str, target: str) -> int:
    """Gang Up's Tactical Bonus for ``attacker`` against ``target`` now.

    000_8d1d7816ee944f3b.txt, "Multiple Opponents": "each attacker beyond the second
    gains a cumulative +1 Tactical Bonus against that foe until the foe takes their
    turn" (max +5); "The creatures involved must be within two size categories of their
    foe"; "This does not function against helpless or immobile targets". A foe the
    target ignores ("Advanced Option - Ignore an enemy": "Their attacks do not count
    towards the number of attackers this round") neither counts nor, decision, gains
    the bonus (it is not one of the attackers counted). The bonus itself:
    000_8d1d7816ee944f3b.txt, "Strength in Numbers / Gang Up".
    """
    st._fighter(attacker)
    st._fighter(target)
    seen = st._gang.get(target, [])
    position = seen.index(attacker) if attacker in seen else len(seen)
    if position < 2:  # the first two attackers gain nothing (issue 24, "Fast": read first)
        return 0
    t = st._view(target)
    if any(e.spec.immobile or e.condition is Condition.HELPLESS
           for e in t.active_conditions.entries):  # immobile or helpless: one pass
        return 0
    if attacker in st._ignored_by(target):  # "Ignore an enemy": does not count
        return 0
    if abs(st._view(attacker).size.order - t.size.order) > 2:
        return 0
    return min(5, position - 1)
