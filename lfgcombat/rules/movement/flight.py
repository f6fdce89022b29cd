"""Flight: maneuverability, ascending, Dive Attacks, falling while flying, tripped flyers.

000_8d1d7816ee944f3b.txt, "Fly Speed – Flight & Maneuverability" (the chart itself is lost;
``data/maneuverability.csv`` rebuilds it, each inferred value marked in ``source``):

* Turning: "During a single Normal Move (Big Action), the creature may make the indicated
  number of direction changes, turning up to 90 degrees each time. You must move at least 5
  feet in the same direction between turns."
* Ascend Rate: "You must spend the indicated amount of movement to increase your altitude by
  1 hex (5 feet)." Ex: "A Creature with Fly 30 [Poor] must spend 15 feet of movement to
  increase their altitude by 5 feet." "If your Fly Speed is less than the indicated Ascend
  Rate, you may spend your full movement to ascend 5 feet."
* Minimum Flight Speed: "A creature that moves less than this amount in a single round while
  airborne begins to fall."
* 000_8d1d7816ee944f3b.txt, "Dive Attack": "If you use the Run Action and descend at least 10
  feet before striking in melee, your attack strikes as a Charge Attack and your attack deals
  damage as if 1 die size larger".
* 000_8d1d7816ee944f3b.txt, "Falling while Flying & Regaining Control": "you will fall about
  300 feet in 1 round ... you can spend a Big Action to regain control ... (A second round of
  falling sends you 1000 feet down!)"; 000_8d1d7816ee944f3b.txt, "Perfect Maneuverability":
  "you can regain control after only 50 feet of falling."
* 000_8d1d7816ee944f3b.txt, "“Trip”or “Knockdown” a flying creature": "they fall 10 feet down
  ... If they reach the ground, they fall prone ... Clumsy or Poor Maneuverability fall 20
  feet instead of 10".
* 000_8d1d7816ee944f3b.txt, "Flying": "You cannot take a 5-Foot Step while Flying. (unless you
  have Perfect maneuverability)".
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..citations import cite
from lfgcombat.dice import step
from lfgcombat.errors import IllegalActionError
from .movement_modes import Maneuverability, MovementModeError
from lfgcombat.io.tables import Column, Schema, load_table, records, register_schema

__all__ = ["MANEUVERABILITY_SCHEMA", "ManeuverRow", "maneuverability", "ascend_cost",
           "DiveAttack", "dive_attack", "FlyingFall", "falling_while_flying", "TripDrop",
           "trip_drop", "check_five_foot_step", "check_turns", "keeps_lift", "path_turns",
           "planar", "turns_between"]

RULE_CHART = cite("Fly Speed – Flight & Maneuverability")
RULE_DIVE = cite("Dive Attack")
RULE_FALL = cite("Falling while Flying & Regaining Control")
RULE_PERFECT = cite("Perfect Maneuverability")
RULE_TRIP = cite("“Trip”or “Knockdown” a flying creature")
RULE_FLYING = cite("Flying")
#: "you will fall about 300 feet in 1 round"; "A second round of falling sends you 1000 feet
#: down!"
FALL_FT_BY_ROUND = (300, 1000)

MANEUVERABILITY_SCHEMA = Schema(key="maneuverability", columns={
    "maneuverability": Column("choice", choices=tuple(m.value for m in Maneuverability)),
    "order": Column("int", min=0, max=4, unique=True),
    "turns_per_move": Column("int", min=1, max=20, nullable=True),
    "ascend_cost_ft": Column("int", min=5, max=60),
    "min_forward_hexes": Column("int", min=0, max=20),
    "hover": Column("bool"),
    "five_foot_step": Column("bool"),
    "regain_after_ft": Column("int", min=0, max=1000, nullable=True),
    "trip_drop_ft": Column("int", min=5, max=100),
    "attack_mod": Column("int", min=-10, max=10),
    "ac_mod": Column("int", min=-10, max=10),
    "source": Column("source"),
})
register_schema("maneuverability", MANEUVERABILITY_SCHEMA)


@dataclass(frozen=True)
class ManeuverRow:
    """One row of ``data/maneuverability.csv`` (``turns_per_move`` and ``regain_after_ft``
    ``None``: unlimited turns / regain control only with a Big Action next turn)."""

    maneuverability: Maneuverability
    turns_per_move: int | None
    ascend_cost_ft: int
    min_forward_hexes: int
    hover: bool
    five_foot_step: bool
    regain_after_ft: int | None
    trip_drop_ft: int
    attack_mod: int
    ac_mod: int
    source: str


@functools.lru_cache(maxsize=1)
def _rows() -> dict[str, dict[str, Any]]:
    return {r["maneuverability"]: r for r in records(load_table("maneuverability"))}


def _opt(value: Any) -> int | None:
    return None if value is None or value != value else int(value)  # NA -> None


def maneuverability(value: Maneuverability | str) -> ManeuverRow:
    """The chart row of a maneuverability (any case; a misspelling gets a "did you mean").

    000_8d1d7816ee944f3b.txt, "Maneuverability": a creature's Fly Speed class says how it turns,
    ascends, keeps lift and fights while flying; the row holds those numbers.

    Raises:
        MovementModeError: an unknown maneuverability.
    """
    m = Maneuverability.coerce(value)
    r = _rows()[m.value]
    return ManeuverRow(m, _opt(r["turns_per_move"]), int(r["ascend_cost_ft"]),
                       int(r["min_forward_hexes"]), bool(r["hover"]), bool(r["five_foot_step"]),
                       _opt(r["regain_after_ft"]), int(r["trip_drop_ft"]),
                       int(r["attack_mod"]), int(r["ac_mod"]), str(r["source"]))


def _whole(name: str, value: object, lo: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo:
        raise MovementModeError(f"{name} must be a whole number >= {lo}, not {value!r}")
    return value


def ascend_cost(fly_speed: int, man: Maneuverability | str, rise_ft: int) -> int:
    """Feet of Fly movement spent to rise ``rise_ft`` (5-foot steps): the Ascend Rate per hex;
    a Fly Speed below the rate spends all of it for one 5-foot rise
    (000_8d1d7816ee944f3b.txt, "Ascend Rate").

    Raises:
        MovementModeError: bad numbers, or more than one hex with a speed below the rate.

    Example:
        >>> ascend_cost(30, "poor", 5)
        15
    """
    row = maneuverability(man)
    _whole("fly_speed", fly_speed, 5)
    if _whole("rise_ft", rise_ft) % 5:
        raise MovementModeError(f"rise_ft is in 5-foot steps, not {rise_ft} ({RULE_CHART})")
    if fly_speed < row.ascend_cost_ft:
        if rise_ft > 5:
            raise MovementModeError(f"Fly {fly_speed} is below the {row.ascend_cost_ft}-ft "
                                    f"Ascend Rate: a whole move rises only 5 ft ({RULE_CHART})")
        return fly_speed if rise_ft else 0
    return rise_ft // 5 * row.ascend_cost_ft


def check_turns(man: Maneuverability | str, turns: int) -> None:
    """Refuse more direction changes in one Normal Move than the chart allows.

    Up to 90 degrees each, as many as the maneuverability gives:
    000_8d1d7816ee944f3b.txt, "Turning".

    Raises:
        IllegalActionError: too many turns for the maneuverability.
    """
    row = maneuverability(man)
    _whole("turns", turns)
    if row.turns_per_move is not None and turns > row.turns_per_move:
        raise IllegalActionError(f"{row.maneuverability.value} flyers make at most "
                                 f"{row.turns_per_move} turn(s) per move, not {turns}",
                                 RULE_CHART)


def planar(cell: Any) -> tuple[float, float]:
    """A hex (axial ``q, r``) or a square (``x, y``) as a point on the plane."""
    if hasattr(cell, "q"):
        return cell.q + cell.r / 2, cell.r * math.sqrt(3) / 2
    return float(cell.x), float(cell.y)


def path_turns(path: Sequence[Any], heading: tuple[float, float] | None = None
               ) -> tuple[int, tuple[float, float] | None]:
    """The turns a flown path makes: "turning up to 90 degrees each time", so each change
    of direction counts one turn per 90 degrees or part of it (on hexes a 60-degree change
    is one turn, 120 or 180 degrees two; on squares 45 or 90 degrees one).

    Args:
        path: The cells flown through, start first (hexes or squares).
        heading: The direction flown just before (a turn between two legs of one Big
            Action counts), or ``None``.

    Returns:
        (turns, the direction of the last step, or ``heading`` if the path has no step).

    Example:
        >>> from lfgcombat.battlemap.grid import Hex
        >>> path_turns([Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(2, 1)])[0]
        1
    """
    turns = 0
    pts = [planar(c) for c in path]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        step_dir = (x1 - x0, y1 - y0)
        turns += turns_between(heading, step_dir)
        heading = step_dir
    return turns, heading


def turns_between(heading: tuple[float, float] | None, step_dir: tuple[float, float]) -> int:
    """The turns of one change of direction, "turning up to 90 degrees each time": one per
    90 degrees or part of it (0 with no heading yet: the first direction is free)."""
    if heading is None:
        return 0
    cross = heading[0] * step_dir[1] - heading[1] * step_dir[0]
    dot = heading[0] * step_dir[0] + heading[1] * step_dir[1]
    angle = abs(math.degrees(math.atan2(cross, dot)))
    return math.ceil(angle / 90 - 1e-6)


def keeps_lift(man: Maneuverability | str, hexes_moved: int) -> bool:
    """Whether a flyer that moved ``hexes_moved`` forward this round stays aloft
    (000_8d1d7816ee944f3b.txt, "Minimum Flight Speed": "A creature that moves less than this
    amount in a single round while airborne begins to fall"; Perfect maneuverability
    hovers)."""
    row = maneuverability(man)
    return row.hover or _whole("hexes_moved", hexes_moved) >= row.min_forward_hexes


def check_five_foot_step(man: Maneuverability | str | None, flying: bool) -> None:
    """Refuse a 5-Foot Step in flight without Perfect maneuverability.

    Raises:
        IllegalActionError: flying and not Perfect.
    """
    if flying and (man is None or not maneuverability(man).five_foot_step):
        raise IllegalActionError("no 5-Foot Step while flying without Perfect maneuverability",
                                 RULE_FLYING)


@dataclass(frozen=True)
class DiveAttack:
    """A Dive Attack's effect: a Charge Attack whose damage die is one size larger."""

    charge: bool
    damage: str
    rule: str


def dive_attack(damage: str, descended_ft: int, ran: bool) -> DiveAttack:
    """A melee strike after a dive.

    Args:
        damage: The weapon's damage dice, e.g. ``"1d6"``.
        descended_ft: Feet descended before striking (at least 10).
        ran: Whether the flyer used the Run Action.

    Returns:
        :class:`DiveAttack` (``1d6`` becomes ``1d8``, an Innate Bonus).

    Raises:
        IllegalActionError: no Run Action, or less than 10 feet descended.
    """
    _whole("descended_ft", descended_ft)
    if not ran:
        raise IllegalActionError("a Dive Attack needs the Run Action", RULE_DIVE)
    if descended_ft < 10:
        raise IllegalActionError(f"a Dive Attack descends at least 10 feet, not "
                                 f"{descended_ft}", RULE_DIVE)
    return DiveAttack(True, step(damage, 1), RULE_DIVE)


@dataclass(frozen=True)
class FlyingFall:
    """A flyer's fall over the rounds until it lands or regains control.

    Attributes:
        fallen_ft: Feet fallen before it stops (landing or regaining control).
        rounds: Rounds of falling.
        lands: It struck the ground.
        regained: It regained control in the air.
        lines: The account.
    """

    fallen_ft: int
    rounds: int
    lands: bool
    regained: bool
    lines: tuple[str, ...]


def falling_while_flying(altitude_ft: int, man: Maneuverability | str, *,
                         can_fly: bool = True, regains: bool = True) -> FlyingFall:
    """How far a flyer that starts falling drops: 300 ft in the first round, 1000 ft in the
    second; a Big Action at the start of the next turn regains control (``regains``), or
    Perfect maneuverability after only 50 ft.

    Args:
        altitude_ft: Height above the ground.
        man: The maneuverability.
        can_fly: Still physically capable of flying.
        regains: Spends the Big Action to regain control when it can.

    Returns:
        :class:`FlyingFall`; the fall's damage is :func:`lfgcombat.falling_damage` of
        ``fallen_ft`` when ``lands``.
    """
    row = maneuverability(man)
    _whole("altitude_ft", altitude_ft)
    lines = [f"falling from {altitude_ft} ft ({RULE_FALL})"]
    if can_fly and regains and row.regain_after_ft is not None:
        if altitude_ft > row.regain_after_ft:
            lines.append(f"  {row.maneuverability.value}: regains control after "
                         f"{row.regain_after_ft} ft ({RULE_PERFECT})")
            return FlyingFall(row.regain_after_ft, 1, False, True, tuple(lines))
    fallen, rounds = 0, 0
    while True:
        per = FALL_FT_BY_ROUND[min(rounds, len(FALL_FT_BY_ROUND) - 1)]
        rounds += 1
        if fallen + per >= altitude_ft:
            lines.append(f"  round {rounds}: strikes the ground after {altitude_ft} ft")
            return FlyingFall(altitude_ft, rounds, True, False, tuple(lines))
        fallen += per
        lines.append(f"  round {rounds}: falls {per} ft ({fallen} ft so far)")
        if can_fly and regains:
            lines.append("  next turn: a Big Action regains control")
            return FlyingFall(fallen, rounds, False, True, tuple(lines))


@dataclass(frozen=True)
class TripDrop:
    """A tripped or knocked-down flyer's drop: ``drop_ft`` down; ``prone`` if it reached the
    ground (``fall_ft`` is then the fall to take damage from), else it flies on."""

    drop_ft: int
    fall_ft: int
    lands: bool
    prone: bool
    rule: str


def trip_drop(man: Maneuverability | str, altitude_ft: int) -> TripDrop:
    """A flyer tripped or hit by a Knockdown: 10 ft down (20 ft for Clumsy or Poor), prone
    only if that reaches the ground.

    Example:
        >>> trip_drop("poor", 15).prone
        True
    """
    row = maneuverability(man)
    _whole("altitude_ft", altitude_ft)
    lands = row.trip_drop_ft >= altitude_ft
    fall = altitude_ft if lands else row.trip_drop_ft
    return TripDrop(fall, fall, lands, lands, RULE_TRIP)
