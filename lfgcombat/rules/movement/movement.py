"""Move Speed: flat modifiers, multipliers, rounding and the minimum-movement rule.

000_8d1d7816ee944f3b.txt, "Movement in Combat":

* "Move Speed: the distance (in feet) you can traverse across the ground in with a single
  Big Action." Running moves "double that".
* "Bonus/Penalty to Move Speed: A bonus or penalty that states +X or -X feet to Move Speed
  is applied first. Multipliers to Move Speed are factored in after static +X/-X modifiers.
  Bonuses of the same type do not stack." Ex: "Human Base Move Speed = 30' with Barbarian
  Fast Movement+10' = 40' Move Speed. ... If this character is encumbered to 75% Move Speed,
  40'x0.75 = 30' Move Speed."
* "Stacking Movement Penalties: If you suffer half movement from two sources, you move at
  1/3 speed ... Three such penalties cause 1/4 speed, etc."
* "Minimum Movement: If you are ever reduced to a Move Speed of 5 feet or less, but are not
  Immobilized/Paralyzed/Restrained, you may spend a Big Action that Provokes AOO to move 5
  feet. You cannot take a "5-Foot Step" action if your Move Speed is reduced to 5' or less."
* "Encumbered": "Your Move Speed is reduced to 75% (round down to nearest 5 feet)" - every
  Move Speed is rounded down to a multiple of 5 feet, the size of a hex.

Only the Move Speed rules live here; paths and terrain costs belong to the battle map.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

import pandas as pd

from ..bonuses import Bonus, Line, Stacked

__all__ = ["SpeedModifier", "MoveSpeed", "move_speed", "combine_multipliers",
           "round_down_to_5", "stack_feet", "RULE"]

RULE = '000_8d1d7816ee944f3b.txt, "Movement in Combat"'
HALF = Fraction(1, 2)


@dataclass(frozen=True)
class SpeedModifier:
    """A change to Move Speed from one source (a condition, the weather, ...).

    Args:
        source: What it comes from, for the explanation (``"injured"``).
        feet: Feet added (negative: removed), applied before multipliers.
        feet_if_50_plus: Feet added instead when the speed is 50 feet or more (Weakened,
            Stage 2: "reduced by 5' (if 45 or less), or reduced by 10' (if 50+)").
        floor: This reduction never takes the speed below this many feet (Injured: "You
            cannot have your Move Speed reduced to less than 5 feet by the Injured
            Condition").
        multiplier: Applied after all flat changes: ``1/2`` (half) or ``3/4`` (75%).
    """

    source: str
    feet: int = 0
    feet_if_50_plus: int | None = None
    floor: int | None = None
    multiplier: Fraction = Fraction(1)


def stack_feet(bonuses: Iterable[Bonus]) -> Stacked:
    """Stack +X/-X feet bonuses to Move Speed: "Bonuses of the same type do not stack".

    The stacking of :func:`lfgcombat.rules.bonuses.stack` (penalties add; same type: highest
    only, except the types that stack, and Class bonuses per source) without its +5
    maximum per type (inferred: that maximum is for bonuses to rolls and scores; speed
    bonuses are in feet, and the text's own Fast Movement is +10').

    Args:
        bonuses: Feet bonuses and penalties.

    Returns:
        :class:`~lfgcombat.rules.bonuses.Stacked`.
    """
    items = list(bonuses)
    counted, groups = _always_counted(items)
    by_type: dict = {}
    for key, members in groups.items():
        by_type.setdefault(key[0], []).append((sum(items[i].value for i in members), members))
    for btype, options in by_type.items():
        best_total, best = max(options, key=lambda o: o[0])
        for _, members in options:
            for i in members:
                if members is best:
                    counted[i] = (items[i].value, f"counts (highest {btype.value})")
                else:
                    counted[i] = (0, f"superseded by {items[best[0]]} (same type: highest "
                                     "only)")
    lines = [Line(b, *counted[i]) for i, b in enumerate(items)]
    return Stacked(sum(ln.counted for ln in lines), tuple(lines))


def _always_counted(items: list[Bonus]) -> tuple[dict[int, tuple[int, str]],
                                                  dict[tuple, list[int]]]:
    """Split feet bonuses (by index) into those that always count (penalties, untyped and
    stacking types: ``index -> (feet, why)``) and groups that compete within their type
    (one group per source for Class bonuses, one per bonus otherwise)."""
    counted: dict[int, tuple[int, str]] = {}
    groups: dict[tuple, list[int]] = {}
    for i, b in enumerate(items):
        if b.is_penalty:
            counted[i] = (b.value, "counts (penalties always stack)")
        elif b.type is None:
            counted[i] = (b.value, "counts (untyped)")
        elif b.type.stacking == "stack":
            counted[i] = (b.value, f"counts ({b.type.value} bonuses stack)")
        elif b.type.stacking == "per_source":  # Class: the same class stacks
            groups.setdefault((b.type, b.source), []).append(i)
        else:
            groups.setdefault((b.type, i), []).append(i)
    return counted, groups


def round_down_to_5(feet: float | Fraction) -> int:
    """Round a speed down to a multiple of 5 feet (never below 0).

    Args:
        feet: The speed.

    Returns:
        ``floor(feet / 5) * 5``; ``22.5`` gives ``20``.
    """
    return max(0, math.floor(Fraction(feet) / 5) * 5)


def combine_multipliers(multipliers: Iterable[Fraction | float]) -> Fraction:
    """The one factor that several Move Speed multipliers make together.

    000_8d1d7816ee944f3b.txt, "Movement in Combat";
    000_8d1d7816ee944f3b.txt, "-Stacking Movement Penalties": "If you suffer half movement from two
    sources, you move at 1/3 speed ... Three such penalties cause 1/4 speed": ``n``
    halvings give ``1/(n+1)``; other multipliers (75%) multiply.

    Args:
        multipliers: Each source's multiplier (``1`` for none).

    Returns:
        The combined factor, e.g. ``Fraction(1, 3)`` for two halvings.
    """
    halves = 0
    factor = Fraction(1)
    for m in multipliers:
        m = Fraction(m).limit_denominator(1000)
        if m == HALF:
            halves += 1
        elif m != 1:
            factor *= m
    return factor / (halves + 1) if halves else factor


@dataclass(frozen=True)
class MoveSpeed:
    """A creature's Move Speed, how it was reached, and what the creature may do with it.

    Same shape as :class:`lfgcombat.creature.Stat` (``name``, ``value``, ``explain()``).

    Attributes:
        value: Feet per Big Action of movement (a multiple of 5).
        base: The base Move Speed.
        steps: The explanation, one line per step.
        can_run: False when a condition forbids running (or the creature cannot move).
        can_five_foot_step: False at 5 feet or less, or when a condition forbids it.
        minimum_movement: At 5 feet or less (and able to move): a Big Action that provokes
            AOO moves 5 feet.
        immobile: A condition stops all movement (Helpless: "Unable to move").
    """

    value: int
    base: int
    steps: tuple[str, ...]
    can_run: bool
    can_five_foot_step: bool
    minimum_movement: bool
    immobile: bool = False
    name: str = "move_speed"
    rule: str = RULE

    @property
    def hexes(self) -> int:
        """Hexes per Big Action of movement (5 feet a hex)."""
        return self.value // 5

    @property
    def run_speed(self) -> int:
        """Feet moved by the Run action: double the Move Speed, 0 if it cannot run."""
        return 2 * self.value if self.can_run else 0

    def __int__(self) -> int:
        return self.value

    def __repr__(self) -> str:
        return f"<move_speed {self.value} ft>"

    def explain(self) -> str:
        """The steps from base speed to the result, then what the creature may do."""
        lines = [f"Move Speed {self.value} ft ({self.hexes} hexes)  ({self.rule})"]
        lines += [f"  {s}" for s in self.steps]
        return "\n".join(lines)

    def to_frame(self) -> pd.DataFrame:
        """The explanation steps as a one-column DataFrame."""
        return pd.DataFrame({"step": list(self.steps)})


def _ft(x: Fraction | int) -> str:
    x = Fraction(x)
    return f"{x.numerator}" if x.denominator == 1 else f"{float(x):g}"


def move_speed(base: int, *, bonuses: Iterable[Bonus] = (),
               modifiers: Iterable[SpeedModifier] = (), immobile: Iterable[str] = (),
               cannot_run: Iterable[str] = (), cannot_5ft_step: Iterable[str] = ()
               ) -> MoveSpeed:
    """Compute a Move Speed by the rules of "Movement in Combat".

    000_8d1d7816ee944f3b.txt, "Move Speed: the distance (in feet) you can traverse": the feet
    one Big Action of movement covers (most characters 30).

    Order: base; typed bonuses and penalties in feet (stacked: "Bonuses of the same type do
    not stack"); flat changes of the modifiers; then all multipliers together (two halvings
    make 1/3, three 1/4); round down to 5 feet; 0 if immobile.

    Args:
        base: The base Move Speed in feet.
        bonuses: ``+X``/``-X`` feet as typed :class:`~lfgcombat.rules.bonuses.Bonus` values
            (Barbarian Fast Movement +10).
        modifiers: Other changes (from conditions, weather, ...).
        immobile: Labels of what stops all movement.
        cannot_run: Labels of what forbids running.
        cannot_5ft_step: Labels of what forbids the 5-Foot Step.

    Returns:
        :class:`MoveSpeed`.

    Example (the text's Barbarian):
        >>> from fractions import Fraction
        >>> move_speed(30, bonuses=[Bonus(10, "innate", "fast movement")],
        ...            modifiers=[SpeedModifier("encumbered", multiplier=Fraction(3, 4))]).value
        30
    """
    steps = [f"base {base} ft"]
    modifiers = list(modifiers)
    speed = _flat(Fraction(base), list(bonuses), modifiers, steps)
    speed = _multiplied(speed, modifiers, steps)
    value = round_down_to_5(speed)
    if value != speed:
        steps.append(f"round down to 5 ft: {value} ft")
    return _limited(value, base, list(immobile), list(cannot_run), list(cannot_5ft_step), steps)


def _flat(speed: Fraction, bonuses: list[Bonus], modifiers: list[SpeedModifier],
          steps: list[str]) -> Fraction:
    """Typed bonuses in feet (stacked), then the modifiers' flat changes; never below 0
    ("A bonus or penalty that states +X or -X feet to Move Speed is applied first")."""
    if bonuses:
        stacked = stack_feet(bonuses)
        for line in stacked.lines:
            steps.append(f"{line.counted:+d} ft: {line.bonus} - {line.note}")
        speed += stacked.total
    for m in modifiers:
        amount: int | Fraction = m.feet
        if m.feet_if_50_plus is not None and speed >= 50:
            amount = m.feet_if_50_plus
        if not amount:
            continue
        note = ""
        if m.floor is not None and amount < 0 and speed + amount < m.floor:
            amount = min(Fraction(0), m.floor - speed)
            note = f" (this never takes the speed below {m.floor} ft)"
        speed += amount
        steps.append(f"{_ft(amount):>3} ft: {m.source}{note}" if amount < 0
                     else f"+{_ft(amount)} ft: {m.source}{note}")
    if speed < 0:
        speed = Fraction(0)
        steps.append("no lower than 0 ft")
    return speed


def _multiplied(speed: Fraction, modifiers: list[SpeedModifier], steps: list[str]) -> Fraction:
    """All multipliers together, after the flat changes ("Multipliers to Move Speed are
    factored in after static +X/-X modifiers"; two halvings make 1/3)."""
    multipliers = [m for m in modifiers if m.multiplier != 1]
    if not multipliers:
        return speed
    factor = combine_multipliers(m.multiplier for m in multipliers)
    halves = sum(1 for m in multipliers if m.multiplier == HALF)
    parts = ", ".join(f"{m.source} x{_ft(m.multiplier)}" for m in multipliers)
    how = (f"; {halves} halvings make 1/{halves + 1}" if halves > 1 else "")
    steps.append(f"x{factor} ({parts}{how}): {_ft(speed)} -> {_ft(speed * factor)} ft")
    return speed * factor


def _limited(value: int, base: int, immobile: list[str], cannot_run: list[str],
             cannot_5ft_step: list[str], steps: list[str]) -> MoveSpeed:
    """Immobility, Minimum Movement (000_8d1d7816ee944f3b.txt, "-Minimum Movement"), and what the
    conditions forbid."""
    if immobile:
        value = 0
        steps.append("cannot move: " + ", ".join(immobile))
    minimum = bool(not immobile and base > 0 and value <= 5)
    if minimum:
        steps.append("Minimum Movement: at 5 ft or less, a Big Action that provokes AOO "
                     "moves 5 ft; no 5-Foot Step")
    can_run = not immobile and value > 0 and not cannot_run
    if cannot_run:
        steps.append("cannot Run: " + ", ".join(cannot_run))
    can_step = not immobile and value > 5 and not cannot_5ft_step
    if cannot_5ft_step:
        steps.append("cannot take a 5-Foot Step: " + ", ".join(cannot_5ft_step))
    return MoveSpeed(value, base, tuple(steps), can_run, can_step, minimum, bool(immobile))
