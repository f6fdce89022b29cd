"""Dice notation: parsing dice expressions, and Fortunate/Unfortunate.

The expression values (:class:`DiceExpr`, :class:`Dice`, :class:`Constant`), the parser
(:func:`parse`) and :class:`Fortune` live here, below both :mod:`lfgcombat.dice` (rolling)
and :mod:`lfgcombat.dice.odds` (exact probabilities), so neither imports the other's internals
and there is no import cycle. :mod:`lfgcombat.dice` re-exports every name.

Notation (a deliberately small grammar; anything else is refused with :class:`DiceError`)::

    expr  := [+|-] term { (+|-) term }        spaces allowed between tokens
    term  := [count] d sides  |  constant      count 1..1000, sides 1..1000, 'd' or 'D'

Limits, checked before anything is rolled: at most 256 characters, at most 1,000 dice in
total, at most 1,000 sides on a die, constants up to 1,000,000.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import DiceError
from ..shortrepr import short

__all__ = [
    "MAX_EXPR_LENGTH", "MAX_DICE", "MAX_SIDES", "MAX_CONSTANT",
    "Dice", "Constant", "DiceExpr", "Fortune", "parse", "net_fortune",
]

MAX_EXPR_LENGTH = 256
MAX_DICE = 1000
MAX_SIDES = 1000
MAX_CONSTANT = 1_000_000

TEXT = "000_8d1d7816ee944f3b.txt"


# --------------------------------------------------------------------------- expressions


@dataclass(frozen=True, slots=True)
class Dice:
    """``count`` dice of ``sides`` sides, added (``sign`` +1) or subtracted (``sign`` -1)."""

    count: int
    sides: int
    sign: int = 1

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"


@dataclass(frozen=True, slots=True)
class Constant:
    """A flat number; ``value`` carries its sign."""

    value: int

    def __str__(self) -> str:
        return str(abs(self.value))

    @property
    def sign(self) -> int:
        """``-1`` for a subtracted number, ``+1`` otherwise (zero counts as added)."""
        return -1 if self.value < 0 else 1


Term = Dice | Constant

#: ``id(expr) -> (expr, str(expr))``: the spellings :meth:`DiceExpr.__str__` remembers (the
#: expression is kept with its text, so its ``id`` is never another's while it is here).
_SPELLED: dict[int, tuple["DiceExpr", str]] = {}


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """A parsed dice expression: terms in the order written. Immutable and hashable.

    ``str(expr)`` is the canonical spelling (``"1d20+5"``, ``"3d8+6-1"``); parsing it again
    gives an equal expression.
    """

    terms: tuple[Term, ...]

    def __str__(self) -> str:
        # the same expressions are spelled again and again (every roll's event, every
        # explanation): remembered by identity, the value kept alive beside its text
        hit = _SPELLED.get(id(self))
        if hit is not None and hit[0] is self:
            return hit[1]
        text = self._spell()
        if len(_SPELLED) >= 4096:
            _SPELLED.clear()
        _SPELLED[id(self)] = (self, text)
        return text

    def _spell(self) -> str:
        """The canonical spelling, computed (:meth:`__str__` remembers it)."""
        out = []
        for i, t in enumerate(self.terms):
            sign = "-" if t.sign < 0 else ("+" if i else "")
            out.append(f"{sign}{t}")
        return "".join(out)

    def __repr__(self) -> str:
        return f"DiceExpr({str(self)!r})"

    @property
    def dice(self) -> tuple[Dice, ...]:
        """The dice terms, in order."""
        return tuple(t for t in self.terms if isinstance(t, Dice))

    @property
    def constant(self) -> int:
        """The sum of the flat terms."""
        return sum(t.value for t in self.terms if isinstance(t, Constant))

    @property
    def dice_count(self) -> int:
        """How many dice the expression rolls (added and subtracted; ``3d8+1d6`` -> 4)."""
        return sum(d.count for d in self.dice)

    @property
    def minimum(self) -> int:
        """The lowest total: added dice all show 1, subtracted dice their top face."""
        return self.constant + sum(d.sign * (d.count if d.sign > 0 else d.count * d.sides)
                                   for d in self.dice)

    @property
    def maximum(self) -> int:
        """The highest total: added dice all show their top face, subtracted dice 1."""
        return self.constant + sum(d.sign * (d.count * d.sides if d.sign > 0 else d.count)
                                   for d in self.dice)

    @property
    def starts_with_d20(self) -> bool:
        """True when the first term is a single added d20 (a check or an attack roll)."""
        first = self.terms[0]
        return isinstance(first, Dice) and first.sides == 20 and first.count == 1 and first.sign > 0


def _fail(expr: str, pos: int, expected: str, found: str | None = None) -> DiceError:
    if found is None:
        found = "the end of the expression" if pos >= len(expr) else repr(expr[pos])
    return DiceError(
        f"bad dice expression {expr!r}: at position {pos} expected {expected}, found {found}. "
        "Write dice like 1d20+5, 2d6+3 or 1d8+2+1d6.",
        expr=expr, position=pos, expected=expected)


def _number(expr: str, pos: int, what: str) -> tuple[int, int]:
    """Read a run of ASCII digits at ``pos``; return (value, new position)."""
    end = pos
    while end < len(expr) and "0" <= expr[end] <= "9":
        end += 1
    if end == pos:
        raise _fail(expr, pos, what)
    if end - pos > 7:  # nothing legal has more digits; refuse before int() on a huge run
        raise DiceError(f"bad dice expression {expr!r}: the number at position {pos} is too "
                        f"large (at most {MAX_CONSTANT:,}).", expr=expr, position=pos,
                        expected=f"a number up to {MAX_CONSTANT:,}")
    return int(expr[pos:end]), end


def _skip_spaces(expr: str, pos: int) -> int:
    while pos < len(expr) and expr[pos] in " \t":
        pos += 1
    return pos


@functools.lru_cache(maxsize=4096)
def _parse(expr: str) -> DiceExpr:
    if len(expr) > MAX_EXPR_LENGTH:
        raise DiceError(f"dice expression is {len(expr)} characters long; at most "
                        f"{MAX_EXPR_LENGTH} are allowed. Split it into several rolls.",
                        expr=expr, position=None, expected=f"at most {MAX_EXPR_LENGTH} characters")
    terms: list[Term] = []
    pos = _skip_spaces(expr, 0)
    sign = 1
    if pos < len(expr) and expr[pos] in "+-":
        sign = -1 if expr[pos] == "-" else 1
        pos = _skip_spaces(expr, pos + 1)
    total_dice = 0
    while True:
        term, pos = _term(expr, pos, sign, total_dice)
        if isinstance(term, Dice):
            total_dice += term.count
        terms.append(term)
        pos = _skip_spaces(expr, pos)
        if pos == len(expr):
            return DiceExpr(tuple(terms))
        if expr[pos] not in "+-":
            raise _fail(expr, pos, "'+', '-' or the end of the expression")
        sign = -1 if expr[pos] == "-" else 1
        pos = _skip_spaces(expr, pos + 1)


def _term(expr: str, pos: int, sign: int, total_dice: int) -> tuple[Term, int]:
    """Read one term (``NdS``, ``dS`` or a number) at ``pos``; return it and the next position.

    ``total_dice`` is how many dice the terms before it roll (for the :data:`MAX_DICE` limit).
    """
    start = pos
    if pos < len(expr) and expr[pos] in "dD":
        count = 1
    else:
        count, pos = _number(expr, pos, "a number or a die such as 1d20")
    if pos < len(expr) and expr[pos] in "dD":
        return _dice(expr, start, pos + 1, count, sign, total_dice)
    if count > MAX_CONSTANT:
        raise DiceError(f"bad dice expression {expr!r}: the constant {count} at "
                        f"position {start} is too large (at most {MAX_CONSTANT:,}).",
                        expr=expr, position=start,
                        expected=f"a number up to {MAX_CONSTANT:,}")
    return Constant(sign * count), pos


def _dice(expr: str, start: int, side_pos: int, count: int, sign: int, total_dice: int
          ) -> tuple[Dice, int]:
    """Read the sides of a dice term whose count (at ``start``) is read; check the limits."""
    if count < 1:
        raise _fail(expr, start, "a number of dice from 1 to 1000", "0")
    sides, pos = _number(expr, side_pos, "the number of sides after 'd' (1 to 1000)")
    if sides < 1:
        raise _fail(expr, side_pos, "a number of sides from 1 to 1000", str(sides))
    if sides > MAX_SIDES:
        raise DiceError(f"bad dice expression {expr!r}: a die of {sides} sides at "
                        f"position {side_pos}; at most {MAX_SIDES} sides are allowed.",
                        expr=expr, position=side_pos,
                        expected=f"at most {MAX_SIDES} sides")
    total_dice += count
    if total_dice > MAX_DICE:
        raise DiceError(f"bad dice expression {expr!r}: it rolls {total_dice} dice (counted "
                        f"up to position {start}); at most {MAX_DICE} dice in total are "
                        "allowed.",
                        expr=expr, position=start, expected=f"at most {MAX_DICE} dice")
    return Dice(count, sides, sign), pos


def parse(expr: str | int | DiceExpr) -> DiceExpr:
    """Parse a dice expression such as ``"1d20+5"`` or ``"3d8+6-1"``.

    Args:
        expr: The expression text (an int is taken as a constant; a ``DiceExpr`` is
            returned as it is).

    Returns:
        The parsed, immutable expression.

    Raises:
        DiceError: for anything that is not a dice expression or is over the limits; the
            error carries ``expr``, ``position`` and ``expected``. No other exception type
            escapes, whatever the input.
    """
    if isinstance(expr, DiceExpr):
        return expr
    if isinstance(expr, int) and not isinstance(expr, bool):
        if abs(expr) > MAX_CONSTANT:  # before str(): it refuses over 4,300 digits
            raise DiceError(f"a constant of {short(expr)} is too large for a dice "
                            f"expression (at most {MAX_CONSTANT:,} either way).", expr=expr,
                            position=None, expected=f"a number up to {MAX_CONSTANT:,}")
        expr = str(expr) if expr >= 0 else f"-{-expr}"
    if not isinstance(expr, str):
        raise DiceError(f"a dice expression must be text such as '1d20+5', not "
                        f"{type(expr).__name__} {short(expr)}", expr=expr, position=None,
                        expected="a string")
    return _parse(expr)


# --------------------------------------------------------------------------- fortune


class Fortune(str, enum.Enum):
    """Fortunate / Unfortunate (000_8d1d7816ee944f3b.txt, "Conditions", Fortunate).

    "Roll the appropriate dice twice and take the better result" (Fortunate) or the worse
    (Unfortunate). "The Fortunate and Unfortunate conditions cancel one another out. (The
    Fortunate condition cannot be stacked)".
    """

    FORTUNATE = "fortunate"
    UNFORTUNATE = "unfortunate"

    @classmethod
    def coerce(cls, value: "Fortune | str | None") -> "Fortune | None":
        """Accept a member or its value in any case (``"Fortunate"``); ``None`` stays None.

        Args:
            value: A :class:`Fortune`, ``"fortunate"``/``"unfortunate"`` or ``None``.

        Returns:
            The member, or ``None`` for a roll with neither.

        Raises:
            DiceError: for anything else (the value is named, nothing changes).
        """
        if value is None or isinstance(value, Fortune):
            return value
        if isinstance(value, str):
            try:
                return cls(value.strip().lower())
            except ValueError:
                pass
        raise DiceError(f"fortune must be 'fortunate', 'unfortunate' or None, not {short(value)}",
                        expr=value, position=None, expected="'fortunate', 'unfortunate' or None")


def net_fortune(sources: Iterable[Fortune | str | None]) -> Fortune | None:
    """Combine every Fortunate/Unfortunate source that applies to one roll.

    Neither stacks (two Fortunate sources are still one Fortunate roll) and the two cancel
    (000_8d1d7816ee944f3b.txt, "Conditions", Fortunate).

    Args:
        sources: Each source's fortune (``None`` entries are ignored).

    Returns:
        ``Fortune.FORTUNATE``, ``Fortune.UNFORTUNATE`` or ``None`` when none or both apply.
    """
    present = {Fortune.coerce(s) for s in sources} - {None}
    return present.pop() if len(present) == 1 else None
