"""Swim, Climb, Leap and Fly in an encounter: one budget across modes, Run by mode, altitude.

000_8d1d7816ee944f3b.txt, "Other Types of Movement": "Any creature with a Move Speed shown as
Fly X, Climb X, or Swim X may use a Big Action to move up to X feet using that type of
locomotion"; "Any movement made using 1 type of motion is subtracted from all other
available movement types" (the Griffon: "Using a Big Action, the Griffon could Leap 20 feet,
move 30 more feet along the ground, and then fly an additional 60 feet"); "Creatures with a
Fly, Swim, or Climb Speed may use the Run Action normally in appropriate terrain". "Leaper";
"Flying" ("You cannot take a 5-Foot Step while Flying"); "Fly Speed – Flight &
Maneuverability" (Ascend Rate). The pure rules are :mod:`lfgcombat.rules.movement.movement_modes`
and
:mod:`lfgcombat.rules.movement.flight`; the map's paths by mode are :meth:`HexMap.moving
<lfgcombat.battlemap.HexMap.moving>`.

Decisions: the turns of the "Fly Speed – Flight & Maneuverability" chart count per Big
Action, from the direction flown last this turn (a flyer keeps its heading from one Big
Action to the next, so turning at the start of a Big Action is one of its direction
changes; the kit keeps no heading from one turn to the next). A fly Run is a straight line
(no turns along it; the GM's "single turn of 30 degrees" is finer than a grid's 60 or 45
degrees) and only turning onto it counts. A move's altitude change is made at its start
(the path is flown at the new altitude, which decides the AOO it provokes); rising costs
the Ascend Rate per 5 ft in flight and 5 ft per 5 ft climbing or swimming; descending costs
nothing extra in flight and
5 ft per 5 ft otherwise. The budget of one Big Action is shared by every mode and by a
plain ``move`` made right after (and the other way round). A leap carries up to X ft past
the movement left for free ("+X feet", "Move Speed+X"); one longer than X rolls Jump&Sprint
(DC: the feet beyond X, inferred) and falls short on a failure; one across a low wall hurdles
it (data/hurdles.csv); a Leaper up a wall or cliff may leap down, the fall counting X/2 ft
less ("Leaper").
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from lfgcombat.shortrepr import short
from lfgcombat.battlemap.altitude import (check_altitude, check_headroom, ground_distance,
                                          ground_problem, headroom_problem, last_ground_index,
                                          leap_apex, low_wall_tops)
from ..citations import cite
from lfgcombat.errors import IllegalActionError
from .flight import ascend_cost, check_turns, maneuverability, path_turns, planar, turns_between
from .movement_modes import (check_run, hurdle_dc, leap_bonus_ft, leap_dc, leap_landing_ft,
                             leap_needs_check, MODES, MovementBudget, Speeds, speeds_of)
from lfgcombat.engine.commands import command
from lfgcombat.battlemap import Terrain
from .falling import falling_damage
from lfgcombat.engine.state import Effect

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter

R_OTHER = cite("Other Types of Movement")
R_FLYING = cite("Flying")
R_CHART = cite("Fly Speed – Flight & Maneuverability")
R_LEAPER = cite("Leaper")


# OtherMovement: ``move(..., mode=...)``, ``run(..., mode=...)`` and the GM's ``set_altitude``.

# -- speeds and the one budget ----------------------------------------------------
def speeds(st: Encounter, name: str) -> Speeds:
    """``name``'s speeds: its ``movement`` line
    (:func:`~lfgcombat.rules.movement.movement_modes.speeds_of`)
    with the map's Move Speed now (conditions applied) as the walk."""
    st._fighter(name)  # an unknown name: a refusal, not a KeyError
    base = speeds_of(st._view(name))
    if st.map is not None and name in st.map:
        walk = max(0, st.map.token(name).speed_ft)
        walk -= walk % 5
        base = replace(base, walk=walk)
    return base


def movement_budget(st: Encounter, name: str) -> MovementBudget | None:
    """The budget of the Big Action ``name`` is moving in (``None``: none under way):
    what it has spent in every mode ("Any movement made using 1 type of motion is
    subtracted from all other available movement types")."""
    st._fighter(name)  # an unknown name: a refusal, not a KeyError
    f = st._f[name]
    turn = f.turn
    if turn.last_action != "move":
        return None
    held = turn.mode_budget  # kept on the turn: checkpoints copy it
    speeds = st.speeds(name)
    if held is not None:
        budget, left_then = held
        walked = (left_then or 0) - (turn.move_left or 0)
        if walked > 0:  # a plain move continued this Big Action since
            budget = replace(budget, spent=budget.spent + walked, heading=None,
                             legs=budget.legs + (("walk", walked),))
        return replace(budget, speeds=speeds)
    if turn.move_left is not None:  # a plain move began this Big Action
        spent = max(0, speeds.walk - turn.move_left)
        return MovementBudget(speeds, spent, (("walk", spent),) if spent else ())
    return None


def _flight_heading(st: Encounter, name: str) -> tuple[float, float] | None:
    """The direction ``name`` last flew this turn (a fly move or Run of an earlier Big
    Action), or ``None``: turning from it is a direction change of the next Big Action
    (this module's docstring)."""
    held = st._f[name].turn.mode_budget
    return held[0].heading if held is not None else None


def _vertical_cost(st: Encounter, name: str, speeds: Speeds, mode: str, rise: int) -> int:
    """Feet a change of altitude costs (this module's docstring)."""
    if not rise:
        return 0
    if mode == "fly":
        if rise < 0:
            return 0
        assert speeds.maneuverability is not None
        return ascend_cost(speeds.fly, speeds.maneuverability, rise)
    if mode in ("climb", "swim"):
        return abs(rise)
    raise IllegalActionError(f"{name} cannot change altitude by {mode}: only flying, "
                             "climbing and swimming move up and down", R_OTHER)

# -- move in a mode -----------------------------------------------------------------


@command
def _h_move_mode(st: Encounter, name: str, to: Any, aoo: Any, mode: str,
                 altitude: int | None, charge: bool = False) -> None:
    f = st._actor(name)
    st._need_map(name)
    if mode not in MODES:
        raise IllegalActionError(f"mode must be one of {', '.join(MODES)}, not {short(mode)}",
                                 R_OTHER)
    cell = st._cell(to)
    speeds = st.speeds(name)
    if not speeds.speed(mode):
        what = "Leaper X" if mode == "leap" else f"{mode} speed"
        raise IllegalActionError(f"{name} cannot {mode}: it has no {what} "
                                 f"(movement: {speeds.text() or 'none'})", R_OTHER)
    start_alt, level, jump_down = _mode_levels(st, name, mode, altitude)
    budget = st.movement_budget(name)
    if budget is not None and budget.remaining(mode) <= 0:
        budget = None  # this Big Action's movement is used up: a new Big Action
    cont = budget is not None
    if budget is None:
        st._check_spend(name, "big", "move")
        budget = MovementBudget(speeds, heading=st._flight_heading(name)
                                if mode == "fly" else None)
    vertical = 0 if jump_down else _vertical_cost(st, name, speeds, mode,
                                                  level - start_alt)
    left = budget.remaining(mode) - vertical
    if left < 0 or (left == 0 and cell != st.map.token(name).anchor):
        raise IllegalActionError(
            f"{name} has {budget.remaining(mode)} ft of {mode} left this Big Action "
            f"({budget.spent} ft moved in any mode" + (f", {vertical} ft to change "
                                                       f"altitude" if vertical else "")
            + ")", R_OTHER)
    if charge and mode != "leap":
        raise IllegalActionError("charge=True is for a leap (\"You may make a Charge "
                                 "Attack after making successful Jump&Sprint check\")",
                                 R_LEAPER)
    go_on = _move_in_mode(st, name, f, cell, aoo, mode, level, budget, left, vertical,
                          cont, charge)
    if jump_down and not f.dead:
        _jumped_down(st, name, start_alt, speeds.leaper)
    if go_on:
        _leap_charge(st, name, f)


def _mode_levels(st: Encounter, name: str, mode: str, altitude: int | None
                 ) -> tuple[int, int, bool]:
    """The altitude a move by ``mode`` starts at, the one it ends at, and whether it is
    a Leaper's purposeful jump down ("If purposefully jumping downwards, you reduce the
    effective distance of a fall by (X/2) feet", "Leaper": a leap from a wall or cliff it
    clings to, or from a height it is asked to leave with ``altitude=0``, not in water).
    Walking and other leaps start and end on the ground."""
    start_alt = st.map.altitude(name)
    level = start_alt if altitude is None else check_altitude(altitude)
    under = st.map.terrain(st.map.token(name).anchor)
    if mode == "leap" and start_alt > 0 and not level and (
            under is Terrain.CLIMBABLE or (altitude == 0 and under is not Terrain.WATER)):
        return start_alt, 0, True
    if mode in ("walk", "leap") and (level or start_alt):
        where = (f"{name} is {start_alt} ft up: it cannot {mode} from there"
                 if start_alt else f"{name} cannot {mode} {level} ft up")
        raise IllegalActionError(f"{where}: walking and leaping start and end on the "
                                 "ground (a Leaper up a wall may jump down: move(..., "
                                 "mode='leap', altitude=0); a flyer lands with "
                                 "mode='fly', altitude=0)", R_OTHER)
    if level > start_alt:
        check_headroom(st.map, name, level)  # the ceiling
    return start_alt, level, False


def _jumped_down(st: Encounter, name: str, from_ft: int, leaper: int) -> None:
    """The fall of a purposeful jump down from ``from_ft``: its damage as
    :func:`~lfgcombat.rules.movement.falling.falling_damage` gives it with ``leaper=X`` (the fall
    counts
    X/2 ft less; Leaper 20 treats a 15-ft fall as 5 ft), logged as ``jumped_down``."""
    v = st._view(name)
    size = v.size.value if hasattr(v.size, "value") else str(v.size)
    hit = falling_damage(int(v.max_hp), from_ft, size, leaper=leaper)
    st._emit("jumped_down", actor=name, data={
        "from_ft": from_ft, "effective_ft": hit.effective_ft, "damage": hit.applied.taken,
        "lines": list(hit.lines), "rule": R_LEAPER})
    if hit.applied.taken > 0:
        st._apply_damage(name, hit.applied.taken, "bludgeoning", struck=False,
                         source="a jump down")


def _leap_charge(st: Encounter, name: str, f: Any) -> None:
    """"You may make a Charge Attack after making successful Jump&Sprint check to land
    within reach of an opponent" (000_8d1d7816ee944f3b.txt, "Leaper"): the GM rules the
    check made (roll it first with :meth:`hurdle` when the leap clears a barrier); the
    leap must end where an enemy is in reach. Then ``attack(..., charge=True)`` is
    allowed, as after a Run."""
    m = st.map
    if not any(m.threatens_creature(name, e) for e in m.enemies(name)):
        raise IllegalActionError(f"{name}'s leap ends with no enemy in reach: no Charge "
                                 "after it", R_LEAPER)
    budget = st.movement_budget(name)
    legs = budget.legs if budget is not None else ()
    moved = sum(int(ft) for kind, ft in legs if kind == "leap")
    f.update_turn(last_action="run", run_ft=moved)  # a Charge follows it, as after a Run


def _move_in_mode(st: Encounter, name: str, f: Any, cell: Any, aoo: Any, mode: str, level: int,
                  budget: MovementBudget, left: int, vertical: int, cont: bool,
                  charge: bool = False) -> bool:
    """Validate the path in ``mode``, spend, walk it (AOO strike where provoked), set the
    altitude and record the budget. Returns whether a Charge may follow (``charge``,
    unless a leap's Jump&Sprint check fell short)."""
    m = st.map
    rise = level - m.altitude(name)
    apex = leap_apex(m, name, cell) if mode == "leap" else 0
    roof = headroom_problem(m.ceiling, name, m.token(name).size, apex) if apex else None
    if roof:  # the arc over a low wall clears its top: the body must fit under the ceiling
        raise IllegalActionError(f"{name}'s leap passes over the {apex}-ft wall on its "
                                 f"line: {roof}", R_LEAPER)
    # "Whenever you jump horizontally, the distance traversed may be increased by up to
    # +X feet ... Creatures with the Leaper trait can jump distances up to their normal
    # land Move Speed+X" ("Leaper"): a leap carries up to X ft past what is left, free
    reach = left + leap_bonus_ft(budget.speeds.leaper) if mode == "leap" else left
    with m.moving(name, mode, apex or level):  # a leap over a low wall clears its top
        if mode == "leap":
            path, landed = _leap_path(st, name, cell, budget.speeds.leaper, left, reach,
                                      apex)
            charge = charge and landed  # fell short: no Charge after it
        elif cell == m.token(name).anchor:
            path = [cell]
        else:
            path = _mode_path(st, name, cell, mode, budget, left, vertical, rise)
        path, (turns, heading) = _fly_path(st, name, mode, cell, path, budget, left)
        prov = m.provokers(name, path, action="move")
        offered, take = st._provocation(name, prov.names, aoo, "move")
        if not cont:
            st._spend(name, "big", "move")
        moved = 0
        if len(path) > 1:
            moved, _stopped, _cut = st._walk(
                name, path, "move", prov, offered, take, feet=reach, continued=cont,
                feet_left=lambda ft: max(0, left - ft), avail=reach)
    if level != m.altitude(name) and not st._f[name].dead:
        m.set_altitude(name, level)
    spent = min(moved, left) + vertical  # a leap's +X past the budget costs nothing
    if spent:
        budget = budget.spend(mode, spent)
    budget = replace(budget, turns=turns, heading=heading)
    if mode == "fly" and moved:  # the Minimum Flight Speed counts the feet flown
        f.update_turn(flown_ft=f.turn.flown_ft + moved)
    walk_left = budget.remaining("walk")
    f.update_turn(last_action="move", move_left=walk_left,  # checkpoints copy the turn
                  mode_budget=(budget, walk_left))
    st._emit("moved_mode", actor=name, data={
        "mode": mode, "feet": moved, "vertical_ft": vertical, "altitude": m.altitude(name),
        "jump_check": mode == "leap" and leap_needs_check(budget.speeds.leaper, moved),
        "budget_spent": budget.spent, "legs": [list(leg) for leg in budget.legs],
        "rule": R_OTHER})
    st._lose_aim_on_move(name)
    return charge


def _mode_path(st: Encounter, name: str, cell: Any, mode: str, budget: MovementBudget, left: int,
               vertical: int, rise: int) -> list[Any]:
    """The cheapest path to ``cell`` with the ``left`` feet that remain after the
    altitude change. When only the climb's cost keeps ``cell`` out of reach, the refusal
    says what the climb cost and what the path needs ("A Creature with Fly 30 [Poor] must
    spend 15 feet of movement to increase their altitude by 5 feet",
    000_8d1d7816ee944f3b.txt, "Fly Speed – Flight & Maneuverability";
    "Other Types of Movement" for climbing and swimming, a foot a foot)."""
    m = st.map
    try:
        return m.path(name, cell, action="move", feet=left)
    except IllegalActionError:
        whole = budget.remaining(mode)
        need = m.reachable(name, whole, action="move").get(cell) if vertical else None
        if need is None:
            raise
    if mode == "fly":
        man = budget.speeds.maneuverability
        assert man is not None
        rate = maneuverability(man).ascend_cost_ft
        how = f" ({man.value} flyers spend {rate} ft of movement per 5 ft up)"
        then, rule = "fly", R_CHART
    else:
        how, then, rule = " (a foot of movement a foot)", mode, R_OTHER
    up, verb = (f"{rise} ft higher", "rising") if rise > 0 else (f"{-rise} ft lower",
                                                                 "descending")
    raise IllegalActionError(
        f"{name} cannot reach {m.offset(cell)} {up}: {verb} {abs(rise)} ft costs "
        f"{vertical} ft of the {whole} ft of {mode} left this Big Action{how}, which "
        f"leaves {left} ft, and the path needs {need} ft; {then} there without the "
        f"change of height, or {then} part of the way now and the rest with the next "
        "Big Action", rule)


def _leap_path(st: Encounter, name: str, cell: Any, leaper: int, left: int, reach: int,
               apex: int) -> tuple[list[Any], bool]:
    """The straight line a leap takes to ``cell`` (up to ``reach``: ``left`` and the
    Leaper's +X), over any low wall (its hurdle), and its length checked past X; returns
    the path leapt and whether it came down where it was aimed."""
    m = st.map
    if ground_distance(m, name, cell) > reach:
        raise IllegalActionError(
            f"{m.offset(cell)} is {ground_distance(m, name, cell)} ft away: {name}'s "
            f"leap carries at most {reach} ft now ({left} ft of movement left + "
            f"Leaper's {reach - left})", R_LEAPER)
    path = m.run_path(name, cell, feet=reach)  # a jump is a straight line
    why = ground_problem(m, name, path[-1]) if apex else None
    if why:  # over a wall it comes down on the ground: free there?
        raise IllegalActionError(f"{name} cannot land its leap at {m.offset(path[-1])}: "
                                 f"{why}", R_LEAPER)
    path, over = _leap_over(st, name, path, apex, leaper)
    path, cleared = _leap_check(st, name, path, leaper)
    return path, over and cleared


def _leap_over(st: Encounter, name: str, path: list[Any], apex: int, leaper: int
               ) -> tuple[list[Any], bool]:
    """"You may make a Jump&Sprint check to hurdle a barrier or leap over an obstacle as
    part of a Big Action movement" (000_8d1d7816ee944f3b.txt, "Leaper"): a leap across a
    low wall hurdles its height (:func:`~lfgcombat.rules.movement.movement_modes.hurdle_dc`, DCs
    rebuilt in ``data/hurdles.csv``; in stride needs no roll; too tall is refused). A
    failure stops the leap before the wall, on the last hex it may stand on. Logs a
    ``hurdled`` event. Returns the path and whether the wall was cleared."""
    if not apex:
        return path, True
    m = st.map
    v = st._view(name)
    barrier = max(low_wall_tops(m, name, path[1:]))
    h = hurdle_dc(v.size, barrier, leaper=leaper)
    data: dict[str, Any] = {"barrier_ft": barrier, "hurdle": h.hurdle, "dc": h.dc,
                            "height_ft": h.height_ft, "effective_ft": h.effective_ft,
                            "total": None, "success": True, "rule": h.rule}
    if h.dc is not None:
        stat = st.skill(name, "jump&sprint")
        bonus = int(stat.value or 0)
        roll = st._roll(f"1d20{bonus:+d}", label=f"{name} Jump&Sprint to leap over a "
                        f"{barrier}-ft wall (DC {h.dc})", actor=name, against=h.dc,
                        fortune=stat.fortune)
        data.update(total=roll.total, success=roll.total >= h.dc)
    st._emit("hurdled", actor=name, data=data)
    if data["success"]:
        return path, True
    wall = next(i for i in range(1, len(path)) if low_wall_tops(m, name, [path[i]]))
    return path[:last_ground_index(m, name, path, wall - 1) + 1], False


def _leap_check(st: Encounter, name: str, path: list[Any], leaper: int) -> tuple[list[Any], bool]:
    """A leap longer than X rolls 1d20 + Jump&Sprint against
    :func:`~lfgcombat.rules.movement.movement_modes.leap_dc` ("You cannot fail on a horizontal jump
    of
    X feet or less", 000_8d1d7816ee944f3b.txt, "Leaper"; the DC inferred). On a failure
    the leap carries :func:`~lfgcombat.rules.movement.movement_modes.leap_landing_ft` and lands on
    the
    last hex of its line within that where the creature may stand (at worst where it
    started). Logs a ``leap_check`` event. Returns the path leapt and whether it
    landed where it was aimed."""
    m = st.map
    feet = ground_distance(m, name, path[-1])
    dc = leap_dc(leaper, feet)
    if dc is None:
        return path, True
    stat = st.skill(name, "jump&sprint")
    bonus = int(stat.value or 0)
    roll = st._roll(f"1d20{bonus:+d}", label=f"{name} Jump&Sprint to leap {feet} ft "
                    f"(DC {dc})", actor=name, against=dc, fortune=stat.fortune)
    ok = roll.total >= dc
    end = len(path) - 1
    if not ok:
        # it comes down on the ground within what it carried, never on a wall's top
        end = last_ground_index(m, name, path, end,
                                leap_landing_ft(leaper, int(roll.total), feet))
    st._emit("leap_check", actor=name, data={
        "feet": feet, "dc": dc, "total": roll.total, "success": ok,
        "landed_ft": ground_distance(m, name, path[end]), "rule": R_LEAPER})
    return path[:end + 1], ok


def _fly_path(st: Encounter, name: str, mode: str, cell: Any, path: list[Any],
              budget: MovementBudget, left: int
              ) -> tuple[list[Any], tuple[int, tuple[float, float] | None]]:
    """The path to fly: the cheapest one if it keeps within the turns allowed, else
    the cheapest of any number of straight legs that does (:meth:`HexMap.turning_path
    <lfgcombat.battlemap.HexMap.turning_path>`, one that provokes no AOO first)."""
    try:
        return path, _fly_turns(st, name, mode, path, budget)
    except IllegalActionError:
        allowed = maneuverability(budget.speeds.maneuverability or "clumsy").turns_per_move
        turned = st.map.turning_path(name, cell, feet=left,
                                     turns=(allowed or 0) - budget.turns,
                                     heading=budget.heading)
        if turned is None:
            man = budget.speeds.maneuverability
            raise IllegalActionError(
                f"no path for {name} to {st.map.offset(cell)} within {left} ft keeps "
                f"within its turns: {budget.turns} made this Big Action, "
                f"{man.value if man else 'clumsy'} flyers make at most {allowed} per move "
                "(\"turning up to 90 degrees each time\"; one per 60 degrees on hexes); "
                "fly part of the way now, the next Big Action may turn again",
                R_CHART) from None
        return turned, _fly_turns(st, name, mode, turned, budget)


def _fly_turns(st: Encounter, name: str, mode: str, path: list[Any], budget: MovementBudget
               ) -> tuple[int, tuple[float, float] | None]:
    """The turns this Big Action has flown with ``path`` added, and the heading after
    it; refuses more than the maneuverability allows (000_8d1d7816ee944f3b.txt, "Fly
    Speed – Flight & Maneuverability"). Other modes: no turns counted, no heading."""
    if mode != "fly":
        return budget.turns, None
    turns, heading = path_turns(path, budget.heading)
    man = budget.speeds.maneuverability
    assert man is not None  # a fly speed always has one
    try:
        check_turns(man, budget.turns + turns)
    except IllegalActionError:
        allowed = maneuverability(man).turns_per_move
        raise IllegalActionError(
            f"{name}'s flight to {st.map.offset(path[-1])} makes {turns} turn(s) after "
            f"{budget.turns} already this Big Action: {man.value} flyers make at most "
            f"{allowed} per move (\"turning up to 90 degrees each time\"): fly on "
            "straight; the next Big Action may turn again", R_CHART) from None
    return budget.turns + turns, heading

# -- run in a mode ------------------------------------------------------------------


@command
def _h_run_mode(st: Encounter, name: str, to: Any, aoo: Any, mode: str,
                altitude: int | None) -> None:
    f = st._actor(name)
    st._need_map(name)
    speeds = st.speeds(name)
    if mode not in ("fly", "swim", "climb"):
        raise IllegalActionError(f"a Run by mode is fly, swim or climb, not {short(mode)}",
                                 R_OTHER)
    check_run(speeds, mode, True)  # the map refuses what is not water / climbable
    cell = st._cell(to)
    start_alt = st.map.altitude(name)
    level = start_alt if altitude is None else check_altitude(altitude)
    if level > start_alt:
        check_headroom(st.map, name, level)  # the ceiling
    vertical = _vertical_cost(st, name, speeds, mode, level - start_alt)
    feet = 2 * speeds.speed(mode) - vertical
    st._check_spend(name, "big", "run")
    m = st.map
    with m.moving(name, mode, level):
        path = m.run_path(name, cell, feet=feet)
        flown = _run_turns(st, name, mode, speeds, path)
        prov = m.provokers(name, path, action="run")
        offered, take = st._provocation(name, prov.names, aoo, "run")
        st._spend(name, "big", "run")
        f.update_turn(move_left=None, ran=True)
        st._add_effect(name, Effect(
            kind="run", label="running: -2 AC against melee, -2 on ranged attacks",
            bonuses=({"to": "ranged_attack", "value": -2, "source": "running"},),
            ends="turn_start", on=name, data={"ac_vs_melee": -2},
            rule=cite("Running in Combat – Full Details:")))
        st._lose_aim_on_move(name)
        moved, _stopped, _ = st._walk(name, path, "run", prov, offered, take, feet=feet,
                                      avail=feet)
    if level != m.altitude(name) and not st._f[name].dead:
        m.set_altitude(name, level)
    f.update_turn(run_ft=moved, last_action="run")
    if mode == "fly" and moved:  # the Minimum Flight Speed counts the feet flown
        f.update_turn(flown_ft=f.turn.flown_ft + moved)
    dive = start_alt - level
    st._emit("ran_mode", actor=name, data={
        "mode": mode, "feet": moved, "altitude": m.altitude(name), "descended_ft":
        max(0, dive), "dive_attack": mode == "fly" and dive >= 10, "rule": R_OTHER})
    if mode == "fly":  # feet descended, for a Dive Attack (kept on the turn)
        f.update_turn(dive_ft=max(0, dive), mode_budget=(flown, None))


def _run_turns(st: Encounter, name: str, mode: str, speeds: Speeds, path: list[Any]
               ) -> MovementBudget:
    """A fly Run's turns: none along its straight line ("You must Run in a straight
    line"; the grid's cells only approximate it), but turning onto that line from the
    direction flown earlier this turn counts against the chart's limit for the Run's
    Big Action (000_8d1d7816ee944f3b.txt, "Fly Speed – Flight & Maneuverability").
    Returns the Run's budget (its turns and heading) for the next Big Action."""
    if mode != "fly":
        return MovementBudget(speeds)
    (x0, y0), (x1, y1) = planar(path[0]), planar(path[-1])
    along = (round(x1 - x0, 6), round(y1 - y0, 6))
    turns = turns_between(st._flight_heading(name), along)
    man = speeds.maneuverability
    assert man is not None  # a fly speed always has one
    allowed = maneuverability(man).turns_per_move
    if allowed is not None and turns > allowed:
        raise IllegalActionError(
            f"{name}'s Run to {st.map.offset(path[-1])} turns {turns} time(s) from the "
            f"way it flew this turn: {man.value} flyers make at most {allowed} per move "
            "(\"turning up to 90 degrees each time\"); a Run is one straight line, so "
            "it cannot turn on the way", R_CHART)
    return MovementBudget(speeds, turns=turns, heading=along)

# -- hurdling (Leaper) ----------------------------------------------------------------


def hurdle(st: Encounter, name: str, barrier_ft: float = 0, *, prone_enemy: bool = False) -> Any:
    """A Jump&Sprint check to hurdle a barrier ``barrier_ft`` tall (or an active prone
    enemy) as part of this Big Action's movement: 1d20 + the creature's Jump&Sprint
    bonus against :func:`~lfgcombat.rules.movement.movement_modes.hurdle_dc`
    (000_8d1d7816ee944f3b.txt,
    "Leaper"; the DCs rebuilt in ``data/hurdles.csv``, inferred). A logged command on
    its turn; it spends no action. A barrier of 1/4 its height or less needs no roll
    ("Obstacles": "in stride"). Returns the ``hurdled`` event (``success``, ``dc``,
    ``total``); on a failure the GM stops the movement before the barrier.

    Raises:
        IllegalActionError: not its turn, or a barrier too tall to hurdle.
    """
    return st._do("hurdle", {"name": name, "barrier_ft": barrier_ft,
                             "prone_enemy": prone_enemy})


@command
def _h_hurdle(st: Encounter, name: str, barrier_ft: float, prone_enemy: bool) -> Any:
    st._actor(name)
    v = st._view(name)
    h = hurdle_dc(v.size, barrier_ft, leaper=speeds_of(v).leaper, prone_enemy=prone_enemy)
    data: dict[str, Any] = {"barrier_ft": barrier_ft, "hurdle": h.hurdle, "dc": h.dc,
                            "height_ft": h.height_ft, "effective_ft": h.effective_ft,
                            "total": None, "success": True, "rule": h.rule}
    if h.dc is not None:
        bonus = int(st.skill(name, "jump&sprint").value or 0)
        roll = st._roll(f"1d20{bonus:+d}", label=f"{name} Jump&Sprint to hurdle "
                        f"(DC {h.dc})", actor=name, against=h.dc,
                        fortune=st.skill(name, "jump&sprint").fortune)
        data.update(total=roll.total, success=roll.total >= h.dc)
    return st._emit("hurdled", actor=name, data=data)

# -- the GM's altitude --------------------------------------------------------------


def set_altitude(st: Encounter, name: str, feet: int) -> Any:
    """The GM puts ``name`` at ``feet`` above its hex (a logged command: replays).

    Raises:
        MapFormatError: not a multiple of 5 from 0 up; IllegalActionError: no map,
        or the space is taken at that altitude. Nothing changes.
    """
    st._do("set_altitude", {"name": name, "feet": feet})
    return st


@command
def _h_set_altitude(st: Encounter, name: str, feet: int) -> None:
    st._fighter(name)
    st._need_map(name)
    before = st.map.altitude(name)
    check_headroom(st.map, name, check_altitude(feet))  # the ceiling
    st.map.set_altitude(name, feet)
    st._emit("altitude_set", actor=name, data={"from": before, "to": feet,
                                               "rule": R_OTHER})
