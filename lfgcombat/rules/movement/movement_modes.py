"""Swim, Climb, Leaper and Fly speeds: the movement line, one budget across modes, leaping.

000_8d1d7816ee944f3b.txt, "Other Types of Movement"; 000_8d1d7816ee944f3b.txt,
"Swim, Climb, Leaper, Fly":

* "Any creature with a Move Speed shown as Fly X, Climb X, or Swim X may use a Big Action to
  move up to X feet using that type of locomotion."
* "Any movement made using 1 type of motion is subtracted from all other available movement
  types." Ex: "A Griffon has Move Speed 50, Fly 110[average], Leaper 20 - Using a Big Action,
  the Griffon could Leap 20 feet, move 30 more feet along the ground, and then fly an
  additional 60 feet." (:class:`MovementBudget`)
* 000_8d1d7816ee944f3b.txt, "Leaper": "You cannot fail on a horizontal jump of X feet or less.
  Whenever you jump horizontally, the distance traversed may be increased by up to +X feet
  ... A vertical leap may be increased by +(X/2) feet ... Movement by leaping is subtracted
  from your available movement for the round. Creatures with the Leaper trait can jump
  distances up to their normal land Move Speed+X." "If purposefully jumping downwards, you
  reduce the effective distance of a fall by (X/2) feet." Ex: "A creature with Leaper 20 can
  treat a 15-foot fall as only a 5-foot fall."
* 000_8d1d7816ee944f3b.txt, "Flying": "Any Fly Speed also indicates a Maneuverability rating
  after the move speed."

Leaping spends the land budget (the Griffon's leap of 20 plus 30 on the ground is its Move
Speed 50); the "+X feet" a jump may add carries a leap up to X ft past the movement left, free
(so a leap reaches "Move Speed+X"); a creature without a land speed cannot leap. A leap longer
than X needs Jump&Sprint (:func:`leap_dc`, inferred).
"""

from __future__ import annotations

import difflib
import enum
import functools
import re
from dataclasses import dataclass

from dataclasses import replace
from typing import Any

from lfgcombat.shortrepr import short
from ..citations import cite
from lfgcombat.creature.sections import Section, register_section
from lfgcombat.errors import IllegalActionError, LfgError
from lfgcombat.io.tables import Column, Schema, load_table, records, register_schema

__all__ = ["Maneuverability", "Speeds", "MovementBudget", "MovementModeError", "MODES",
           "parse_speeds", "leap_needs_check", "leap_bonus_ft", "max_leap_ft", "leap_dc",
           "leap_landing_ft",
           "leaper_fall_ft", "check_run", "speeds_of", "MOVEMENT", "body_height_ft",
           "Hurdle", "hurdle_dc", "HURDLES_SCHEMA"]

RULE = cite("Other Types of Movement")
RULE_LEAPER = cite("Leaper")
RULE_FLYING = cite("Flying")
RULE_OBSTACLES = cite("Obstacles")
RULE_PRONE = cite("Prone")

HURDLES_SCHEMA = Schema(key="hurdle", columns={
    "hurdle": Column("str"),
    "order": Column("int", min=0, max=20, unique=True),
    "max_height_fraction": Column("float", min=0, max=10, nullable=True),
    "dc": Column("int", min=0, max=60, nullable=True),
    "source": Column("source"),
})
register_schema("hurdles", HURDLES_SCHEMA)

#: The movement modes a budget knows: ``walk`` (the Move Speed), ``fly``, ``swim``,
#: ``climb`` and ``leap`` (on the land budget, Leaper X only).
MODES = ("walk", "fly", "swim", "climb", "leap")

# Linear: the kind's words and the spaces between them are disjoint classes, and the
# maneuverability is stripped after the match (no two quantifiers compete for a space).
_PART = re.compile(r"(?P<kind>[A-Za-z]+(?:\s+[A-Za-z]+)*)\s*(?P<feet>-?\d{1,6})\s*"
                   r"(?:\[(?P<man>[^\]]*)\]\s*)?$")
#: The longest movement line read (characters; the text's longest is about 50).
MAX_LINE = 200
_KINDS = {"move speed": "walk", "speed": "walk", "move": "walk", "walk": "walk", "land": "walk",
          "fly": "fly", "swim": "swim", "climb": "climb", "leaper": "leaper"}


class MovementModeError(LfgError, ValueError):
    """A movement line, mode or distance that does not fit the rules."""


class Maneuverability(enum.Enum):
    """A Fly Speed's maneuverability (000_8d1d7816ee944f3b.txt, "Fly Speed – Flight &
    Maneuverability"); its numbers are in ``data/maneuverability.csv``."""

    CLUMSY = "clumsy"
    POOR = "poor"
    AVERAGE = "average"
    GOOD = "good"
    PERFECT = "perfect"

    @classmethod
    def coerce(cls, value: Maneuverability | str) -> Maneuverability:
        """The member for ``value`` (any case).

        Raises:
            MovementModeError: an unknown maneuverability, with a "did you mean".
        """
        if isinstance(value, cls):
            return value
        text = str(value).strip().lower()
        try:
            return cls(text)
        except ValueError:
            names = [m.value for m in cls]
            near = difflib.get_close_matches(text, names, n=1)
            hint = f"; did you mean {near[0]!r}?" if near else ""
            raise MovementModeError(f"maneuverability {value!r} is not one of "
                                    f"{', '.join(names)}{hint} ({RULE_FLYING})") from None


@dataclass(frozen=True)
class Speeds:
    """A creature's speeds in feet per Big Action (``0`` = none).

    Attributes:
        walk: The Move Speed on the ground.
        fly: The Fly Speed.
        maneuverability: The Fly Speed's rating (``None`` without a Fly Speed).
        swim: The Swim Speed.
        climb: The Climb Speed.
        leaper: X of Leaper X.
    """

    walk: int = 0
    fly: int = 0
    maneuverability: Maneuverability | None = None
    swim: int = 0
    climb: int = 0
    leaper: int = 0

    def __post_init__(self) -> None:
        for name in ("walk", "fly", "swim", "climb", "leaper"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0 or v % 5:
                raise MovementModeError(f"{name} speed must be a whole number of feet >= 0 "
                                        f"in 5-foot steps, not {v!r} ({RULE})")
        if self.fly and self.maneuverability is None:
            raise MovementModeError(f"fly {self.fly} needs a maneuverability, e.g. "
                                    f"'Fly {self.fly} [Average]' ({RULE_FLYING})")
        if not self.fly and self.maneuverability is not None:
            raise MovementModeError(f"maneuverability {self.maneuverability.value} without a "
                                    f"Fly Speed ({RULE_FLYING})")

    def speed(self, mode: str) -> int:
        """The speed of ``mode`` (one of :data:`MODES`; ``leap`` is the land speed when the
        creature is a Leaper, else 0).

        Raises:
            MovementModeError: an unknown mode.
        """
        if mode not in MODES:
            raise MovementModeError(_unknown("mode", mode, MODES))
        if mode == "leap":
            return self.walk if self.leaper else 0
        return int(getattr(self, mode))

    def text(self) -> str:
        """The movement line as the text writes it."""
        parts = [f"Move Speed {self.walk}"] if self.walk else []
        if self.fly:
            assert self.maneuverability is not None  # checked in __post_init__
            parts.append(f"Fly {self.fly} [{self.maneuverability.value.title()}]")
        parts += [f"{k.title()} {getattr(self, k)}" for k in ("swim", "climb", "leaper")
                  if getattr(self, k)]
        return ", ".join(parts)


def _unknown(field: str, value: object, known: tuple[str, ...]) -> str:
    near = difflib.get_close_matches(str(value).lower(), known, n=1)
    hint = f"; did you mean {near[0]!r}?" if near else ""
    return f"{field} {value!r} is not one of {', '.join(known)}{hint} ({RULE})"


def parse_speeds(line: str) -> Speeds:
    """Parse the text's movement line, e.g. ``"Move Speed 50, Fly 110 [average], Leaper 20"``,
    ``"Swim 50"``, ``"Climb 10"`` or ``"Fly 50 [Perfect]"``.

    Args:
        line: Parts joined with commas; each is a kind (Move Speed, Fly, Swim, Climb,
            Leaper) and feet; Fly adds ``[maneuverability]``.

    Returns:
        The :class:`Speeds`.

    Raises:
        MovementModeError: naming the part at fault (unknown kind, missing or misspelt
            maneuverability, a repeated kind, feet not in 5-foot steps).

    Example:
        >>> parse_speeds("Move Speed 50, Fly 110 [average], Leaper 20").fly
        110
    """
    if not isinstance(line, str) or not line.strip():
        raise MovementModeError(f"movement must be a line such as 'Move Speed 30, Swim 20', "
                                f"not {line!r:.60} ({RULE})")
    if len(line) > MAX_LINE:
        raise MovementModeError(f"a movement line of {len(line):,} characters; at most "
                                f"{MAX_LINE}, e.g. 'Move Speed 30, Swim 20' ({RULE})")
    found: dict[str, object] = {}
    for part in (p.strip() for p in line.split(",")):
        _parse_part(part, found)
    try:
        return Speeds(**found)  # type: ignore[arg-type]
    except MovementModeError as exc:
        raise MovementModeError(f"movement {line!r}: {exc}") from None


def _zero_parts(line: str) -> list[str]:
    """The parts of a movement line that give 0 ft (``"Swim 0"``); the line parses."""
    zero = []
    for part in (p.strip() for p in line.split(",")):
        one: dict[str, object] = {}
        _parse_part(part, one)
        if any(v == 0 for k, v in one.items() if k != "maneuverability"):
            zero.append(part)
    return zero


def _parse_part(part: str, found: dict[str, object]) -> None:
    """Add one part of a movement line (``"Fly 50 [Perfect]"``) to ``found``."""
    m = _PART.match(part)
    if not m:
        raise MovementModeError(f"movement part {part!r} is not '<kind> <feet>' such as "
                                f"'Swim 50' or 'Fly 50 [Perfect]' ({RULE})")
    kind_text = " ".join(m["kind"].lower().split())
    kind = _KINDS.get(kind_text)
    if kind is None:
        raise MovementModeError(f"in movement part {part!r}: "
                                + _unknown("kind", kind_text, tuple(_KINDS)))
    if kind in found:
        raise MovementModeError(f"movement part {part!r}: {kind} is given twice ({RULE})")
    if m["man"] is not None and kind != "fly":
        raise MovementModeError(f"movement part {part!r}: only a Fly Speed has a "
                                f"[maneuverability] ({RULE_FLYING})")
    if kind == "fly":
        if m["man"] is None:
            raise MovementModeError(f"movement part {part!r}: a Fly Speed needs its "
                                    f"maneuverability, e.g. 'Fly {m['feet']} [Average]' "
                                    f"({RULE_FLYING})")
        try:
            found["maneuverability"] = Maneuverability.coerce(m["man"])
        except MovementModeError as exc:
            raise MovementModeError(f"movement part {part!r}: {exc}") from None
    found[kind] = int(m["feet"])


@dataclass(frozen=True)
class MovementBudget:
    """One Big Action's movement across every mode: what is spent in one mode is
    subtracted from all the others (000_8d1d7816ee944f3b.txt, "Other Types of Movement").

    Attributes:
        speeds: The creature's speeds.
        spent: Feet moved so far this Big Action, in any mode.
        legs: ``(mode, feet)`` moves in order.
        turns: Direction changes flown this Big Action (000_8d1d7816ee944f3b.txt, "Fly Speed
            – Flight & Maneuverability": "During a single Normal Move (Big Action), the
            creature may make the indicated number of direction changes").
        heading: The direction of the last 5 ft flown (a planar vector), or ``None`` when
            the last leg was not flown.

    Example:
        >>> b = MovementBudget(parse_speeds("Move Speed 50, Fly 110 [average], Leaper 20"))
        >>> b.spend("leap", 20).spend("walk", 30).spend("fly", 60).remaining("fly")
        0
    """

    speeds: Speeds
    spent: int = 0
    legs: tuple[tuple[str, int], ...] = ()
    turns: int = 0
    heading: tuple[float, float] | None = None

    def remaining(self, mode: str) -> int:
        """Feet still available in ``mode``: its speed less everything spent."""
        return max(0, self.speeds.speed(mode) - self.spent)

    def spend(self, mode: str, feet: int) -> MovementBudget:
        """A new budget after moving ``feet`` in ``mode``.

        Raises:
            MovementModeError: an unknown mode or feet not a positive multiple of 5.
            IllegalActionError: the creature lacks the mode, or ``feet`` exceeds what is
                left in it; nothing is spent then.
        """
        speed = self.speeds.speed(mode)
        if isinstance(feet, bool) or not isinstance(feet, int) or feet <= 0 or feet % 5:
            raise MovementModeError(f"feet must be a positive multiple of 5, not {feet!r}")
        if not speed:
            what = "Leaper X" if mode == "leap" else f"{mode} speed"
            raise IllegalActionError(f"cannot {mode}: the creature has no {what}",
                                     RULE_LEAPER if mode == "leap" else RULE)
        left = self.remaining(mode)
        if feet > left:
            raise IllegalActionError(f"{mode} {feet} ft: only {left} ft left ({mode} speed "
                                     f"{speed} less {self.spent} ft already moved)", RULE)
        if mode == "leap" and feet > max_leap_ft(self.speeds.walk, self.speeds.leaper):
            raise IllegalActionError("a leap is at most Move Speed + X", RULE_LEAPER)
        return replace(self, spent=self.spent + feet, legs=self.legs + ((mode, feet),))


def _x(leaper: int) -> int:
    if isinstance(leaper, bool) or not isinstance(leaper, int) or leaper < 0:
        raise MovementModeError(f"leaper is X of Leaper X, a whole number >= 0, not "
                                f"{leaper!r} ({RULE_LEAPER})")
    return leaper


def _feet(name: str, feet: int) -> int:
    if isinstance(feet, bool) or not isinstance(feet, int) or feet < 0:
        raise MovementModeError(f"{name} must be a whole number of feet >= 0, not {feet!r}")
    return feet


def leap_needs_check(leaper: int, horizontal_ft: int) -> bool:
    """Whether a horizontal jump needs a Jump&Sprint check: "You cannot fail on a horizontal
    jump of X feet or less" (000_8d1d7816ee944f3b.txt, "Leaper")."""
    return _feet("horizontal_ft", horizontal_ft) > _x(leaper)


def leap_dc(leaper: int, horizontal_ft: int) -> int | None:
    """The Jump&Sprint DC of a horizontal leap of ``horizontal_ft`` by a Leaper X, or
    ``None`` when it needs no check ("You cannot fail on a horizontal jump of X feet or
    less", 000_8d1d7816ee944f3b.txt, "Leaper").

    Inferred (the Jump&Sprint chapter, Ch4.10, is lost): d20's long jump with a running
    start sets the DC at the feet jumped, and the text's Leaper adds "+X feet" to the
    distance a jump traverses, so a Leaper X needs the feet beyond X: ``DC = feet - X``
    (Leaper 10 leaping 15 ft: DC 5; 30 ft: DC 20). It agrees with the text at ``feet = X``
    (DC 0: cannot fail).

    Example:
        >>> leap_dc(10, 10), leap_dc(10, 15), leap_dc(20, 45)
        (None, 5, 25)
    """
    x = _x(leaper)
    feet = _feet("horizontal_ft", horizontal_ft)
    return None if feet <= x else feet - x


def leap_landing_ft(leaper: int, check_total: int, horizontal_ft: int) -> int:
    """How far a leap carries on a Jump&Sprint ``check_total``: the check's result in feet
    plus the Leaper's +X (the inverse of :func:`leap_dc`), in whole 5-ft steps, never less
    than X (a leap of X cannot fail) and never more than the ``horizontal_ft`` asked for.

    Example:
        >>> leap_landing_ft(10, 3, 20), leap_landing_ft(10, 12, 20), leap_landing_ft(10, -4, 20)
        (10, 20, 10)
    """
    x = _x(leaper)
    feet = _feet("horizontal_ft", horizontal_ft)
    if isinstance(check_total, bool) or not isinstance(check_total, int):
        raise MovementModeError(f"check_total must be a whole number, not {check_total!r} "
                                f"({RULE_LEAPER})")
    reach = max(x, check_total + x)
    return min(feet, reach - reach % 5)


def leap_bonus_ft(leaper: int, vertical: bool = False) -> int:
    """The distance a Leaper may add to a jump: +X horizontally, +X/2 (rounded down)
    vertically (000_8d1d7816ee944f3b.txt, "Leaper")."""
    x = _x(leaper)
    return x // 2 if vertical else x


def max_leap_ft(walk: int, leaper: int) -> int:
    """"Creatures with the Leaper trait can jump distances up to their normal land Move
    Speed+X" (000_8d1d7816ee944f3b.txt, "Leaper")."""
    return _feet("walk", walk) + _x(leaper)


def leaper_fall_ft(feet: int, leaper: int) -> int:
    """The effective height of a purposeful jump down: the fall less X/2, at least 0
    (000_8d1d7816ee944f3b.txt, "Leaper"; Leaper 20 makes a 15-foot fall a 5-foot fall)."""
    return max(0, _feet("feet", feet) - _x(leaper) // 2)


def check_run(speeds: Speeds, mode: str, fitting_terrain: bool) -> None:
    """Refuse a Run in a mode the creature lacks or outside its terrain: "Creatures with a
    Fly, Swim, or Climb Speed may use the Run Action normally in appropriate terrain"
    (000_8d1d7816ee944f3b.txt, "Other Types of Movement"): air to fly, water to swim, a wall
    or cliff to climb.

    Raises:
        MovementModeError: an unknown mode.
        IllegalActionError: no speed in the mode, or not its terrain.
    """
    if not speeds.speed(mode):
        raise IllegalActionError(f"cannot run by {mode}: no {mode} speed", RULE)
    if mode in ("fly", "swim", "climb") and not fitting_terrain:
        where = {"fly": "in the air", "swim": "in water", "climb": "on a climbable surface"}
        raise IllegalActionError(f"a {mode} Run needs appropriate terrain ({where[mode]})", RULE)


def speeds_of(creature: object) -> Speeds:
    """A creature's speeds: its ``speeds`` (the creature file's ``movement`` line, see
    :data:`MOVEMENT`), else a ``movement`` line parsed, else its Move Speed alone.

    Raises:
        MovementModeError: a ``movement`` line that does not parse.
    """
    try:
        found = getattr(creature, "speeds", None)
    except LfgError:
        found = None
    if isinstance(found, Speeds):
        return found
    line = getattr(creature, "movement", None)
    if isinstance(line, str) and line.strip():
        return parse_speeds(line)
    walk = 30
    for key in ("move_speed", "speed", "move_speed_ft"):
        v = getattr(creature, key, None)
        if isinstance(v, int) and not isinstance(v, bool):
            walk = v
            break
    return Speeds(walk=max(0, walk - walk % 5))


def _parse_movement(raw: Any) -> Speeds | None:
    """The creature file's ``movement`` line. A part of 0 ft ("Swim 0") is refused: it
    gives no speed, so the line written back (:meth:`Speeds.text`) would leave it out, and
    a line of only such parts would be written as nothing (issue 23, item 19)."""
    if isinstance(raw, Speeds):
        return raw
    speeds = parse_speeds(raw)
    zero = _zero_parts(raw)
    if zero:
        raise MovementModeError(
            f"movement part {zero[0][:40]!r}: 0 ft is no speed; leave the part out (a "
            f"creature that cannot walk has speed: 0 and no Move Speed in the line) ({RULE})")
    return speeds


def _movement_fills(value: Speeds | None) -> dict[str, int]:
    """A line's Move Speed is the creature's ``speed`` when the file gives none."""
    return {"speed": value.walk} if value is not None and value.walk else {}


def _movement_view(creature: Any, value: Speeds | None) -> Speeds:
    """``creature.speeds``: the movement line, its Move Speed the creature's ``speed``
    when the line gives none ("Swim 50")."""
    speed = getattr(creature, "speed", 30)
    speed = speed if isinstance(speed, int) and not isinstance(speed, bool) else 30
    if value is None:
        return Speeds(walk=max(0, speed - speed % 5))
    if not value.walk:
        return replace(value, walk=max(0, speed - speed % 5))
    return value


def _movement_check(value: Speeds | None, fields: Any) -> list[tuple[str, str]]:
    speed = fields.get("speed") if hasattr(fields, "get") else None
    if value is not None and value.walk and isinstance(speed, int) and value.walk != speed:
        return [("movement", f"'Move Speed {value.walk}' in the movement line contradicts "
                             f"speed: {speed}; set speed: {value.walk} too, or leave Move "
                             f"Speed out of the line ({RULE})")]
    return []


#: The creature file's ``movement`` key: the text's line, e.g. ``"Move Speed 50, Fly 110
#: [average], Leaper 20"``; read as ``creature.speeds`` (a :class:`Speeds`).
MOVEMENT: Section[Speeds | None] = register_section(Section(
    "movement", _parse_movement, default=None,
    dump=lambda v: v.text() if v is not None else None,
    show=lambda v: v.text() if v is not None else "", label="Movement", attribute="speeds",
    rule=RULE, view=_movement_view, check=_movement_check,
    fills=_movement_fills))


# -- heights and hurdles --------------------------------------------------------------------
def body_height_ft(size: Any) -> float:
    """How tall a creature of ``size`` stands, in feet: the middle of the Height/Length
    range of ``data/sizes.csv`` (000_8d1d7816ee944f3b.txt, "Creature Size Category Table",
    rebuilt there from the d20 size table: Medium 4-7 ft gives 5.5 ft, Large 9-13 ft 11 ft;
    the column is the table's 000_8d1d7816ee944f3b.txt, "Height/Length").

    Raises:
        MovementModeError: an unknown size.

    Example:
        >>> body_height_ft("medium"), body_height_ft("large")
        (5.5, 11.0)
    """
    name = str(getattr(size, "value", size)).strip().lower()
    table = _heights()
    if name not in table:
        raise MovementModeError(f"unknown size {size!r}; sizes are {', '.join(table)}")
    return table[name]


@functools.lru_cache(maxsize=1)
def _heights() -> dict[str, float]:
    """Size -> the middle of its height range (``data/sizes.csv``'s ``height``)."""
    out = {}
    for row in records(load_table("sizes")):
        lo, hi = (_feet_of(p) for p in str(row["height"]).replace("ft", "").split("-"))
        out[str(row["size"])] = (lo + hi) / 2
    return out


def _feet_of(text: str) -> float:
    """``"6 in"`` -> 0.5, ``" 4"`` -> 4.0 (the sizes table's heights)."""
    t = text.strip()
    return float(t[:-2]) / 12 if t.endswith("in") else float(t)


@dataclass(frozen=True)
class Hurdle:
    """The Jump&Sprint check to hurdle a barrier (``dc`` ``None``: in stride, no check).

    Attributes:
        hurdle: The row of ``data/hurdles.csv`` (``in_stride`` ... ``overhead``,
            ``prone_enemy``).
        dc: The Jump&Sprint DC, or ``None`` when no check is needed.
        barrier_ft: The barrier's height; ``effective_ft`` after a Leaper's +X/2.
        height_ft: The jumper's height (:func:`body_height_ft`).
        rule: The citations.
    """

    hurdle: str
    dc: int | None
    barrier_ft: float
    effective_ft: float
    height_ft: float
    rule: str


def hurdle_dc(size: Any, barrier_ft: float = 0, *, leaper: int = 0,
              prone_enemy: bool = False) -> Hurdle:
    """The Jump&Sprint DC to hurdle a barrier as part of a Big Action's movement
    (000_8d1d7816ee944f3b.txt, "Leaper": "You may make a Jump&Sprint check to hurdle a
    barrier or leap over an obstacle as part of a Big Action movement"). The skill chapter
    with its DCs is lost: ``data/hurdles.csv`` rebuilds them by the barrier's height as a
    share of the jumper's (inferred, each row's ``source`` says why): up to 1/4 in stride
    with no check ("Obstacles"), then DC 10 / 15 / 20 / 25 up to 1/2, 3/4, 1 and 1 1/2 of
    its height; an active prone enemy is DC 20 ("Prone": "Jump&Sprint DC20+"). A Leaper's
    "vertical leap may be increased by +(X/2) feet": the barrier counts X/2 ft lower.

    Raises:
        MovementModeError: a bad height, Leaper or size; IllegalActionError: a barrier
            too tall to hurdle (climb it or fly).

    Example:
        >>> hurdle_dc("medium", 3).dc, hurdle_dc("medium", 3, leaper=10).dc
        (15, None)
    """
    if isinstance(barrier_ft, bool) or not isinstance(barrier_ft, (int, float)) or not (
            0 <= barrier_ft <= 10_000):
        raise MovementModeError(f"barrier_ft is the barrier's height in feet (0 or more), "
                                f"not {short(barrier_ft)}")
    height = body_height_ft(size)
    rows = sorted(records(load_table("hurdles")), key=lambda r: r["order"])
    rule = f"{RULE_LEAPER}; {RULE_OBSTACLES}"
    if prone_enemy:
        row = next(r for r in rows if r["hurdle"] == "prone_enemy")
        return Hurdle("prone_enemy", int(row["dc"]), barrier_ft, barrier_ft, height,
                      f"{RULE_PRONE}; {RULE_LEAPER}")
    effective = max(0.0, float(barrier_ft) - _x(leaper) / 2)
    for r in rows:
        top = r["max_height_fraction"]
        if top is not None and top == top and effective <= top * height + 1e-9:
            dc = r["dc"]
            return Hurdle(str(r["hurdle"]), None if dc is None or dc != dc else int(dc),
                          float(barrier_ft), effective, height, rule)
    raise IllegalActionError(f"a {barrier_ft}-ft barrier is too tall to hurdle for a "
                             f"{height:g}-ft creature (at most 1 1/2 times its height, after "
                             "Leaper's +X/2): climb it or fly over it", rule)
