"""Dice: notation, seeded rolling, Fortunate/Unfortunate, % miss chance and die-size steps.

The rules roll d20 checks, weapon dice such as ``2d6+3``, ``%`` miss chances and move damage
dice up and down a fixed chain of die sizes. This module is the only place randomness enters
the kit: every roll goes through a :class:`Roller` built from a seed, so the same seed gives
the same fight (which is what makes the notebooks testable).

The notation and :class:`Fortune` live in :mod:`lfgcombat.dice.notation` (re-exported here), so
that this module and :mod:`lfgcombat.dice.odds` both build on it without importing each other.
Notation (a deliberately small grammar; anything else is refused with :class:`DiceError`)::

    expr  := [+|-] term { (+|-) term }        spaces allowed between tokens
    term  := [count] d sides  |  constant      count 1..1000, sides 1..1000, 'd' or 'D'

Limits, checked before anything is rolled: at most 256 characters, at most 1,000 dice in
total, at most 1,000 sides on a die, constants up to 1,000,000.

Why not the ``d20`` library's parser: its grammar is a superset (keep/drop, rerolls,
comparisons, sets, multiplication) that we would have to walk and refuse piece by piece,
it rolls through the global ``random`` module (we need a seeded roller per encounter), and
its syntax errors speak in grammar tokens rather than saying what a dice expression needs.
It is the baseline in ``make bench`` and an oracle in the tests instead.
"""

from __future__ import annotations

import functools
import html
import itertools
import operator
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import DiceError
from ..shortrepr import short
from .notation import (MAX_CONSTANT, MAX_DICE, MAX_EXPR_LENGTH, MAX_SIDES, Constant, Dice,
                       DiceExpr, Fortune, Term, net_fortune, parse)
from .notation import _parse  # noqa: F401 - the parse cache, cleared by the benchmarks
from .odds import at_least
from ..io.tables import load_table

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "MAX_EXPR_LENGTH", "MAX_DICE", "MAX_SIDES", "MAX_CONSTANT",
    "Dice", "Constant", "DiceExpr", "Fortune", "Roll", "MissChance", "Roller", "ScriptedRoller",
    "parse", "roll", "step", "die_chain", "net_fortune", "default_roller", "rolls_frame",
    "Term", "DiceResult",
]

TEXT = "000_8d1d7816ee944f3b.txt"

# --------------------------------------------------------------------------- rolls


@dataclass(frozen=True, slots=True)
class DiceResult:
    """The faces one dice term showed."""

    dice: Dice
    faces: tuple[int, ...]

    @property
    def subtotal(self) -> int:
        """The faces' sum with the term's sign (negative for subtracted dice)."""
        return self.dice.sign * sum(self.faces)


@dataclass(frozen=True)
class Roll:
    """One roll of an expression, with everything needed to explain it.

    Attributes:
        expr: The expression rolled.
        results: The faces of each dice term, in the order written.
        total: The kept total.
        fortune: Fortunate/Unfortunate if it applied.
        other: Under Fortunate/Unfortunate, the attempt that was *not* kept.
        label: What the roll was for (``"attack vs AC 15"``), if the caller said.
        seq: Position in the roller's history (0 for the first roll).
    """

    expr: DiceExpr
    results: tuple[DiceResult, ...]
    total: int
    fortune: Fortune | None = None
    other: "Roll | None" = None
    label: str | None = None
    seq: int | None = None

    @property
    def faces(self) -> tuple[int, ...]:
        """Every die's face in the kept attempt, in order."""
        results = self.results
        if len(results) == 1:  # one dice term (most rolls): its faces as they are
            return results[0].faces
        return tuple(f for r in results for f in r.faces)

    @property
    def natural(self) -> int | None:
        """The kept d20's face when the expression starts with a d20, else ``None``."""
        if _shape(self.expr)[2]:
            return self.results[0].faces[0]
        return None

    def _breakdown(self) -> str:
        results = self.results
        pieces, around = _pieces(self.expr)
        if around is not None:  # one dice term (most rolls): its faces between the text
            faces = results[0].faces  # before and after them
            return around[0] + "[" + (str(faces[0]) if len(faces) == 1 else
                                      ", ".join(map(str, faces))) + "]" + around[1]
        rolled = iter(results)
        return " ".join([lead + ("[" + ", ".join(map(str, next(rolled).faces)) + "]"
                                 if body is None else body)
                         for lead, body in pieces])

    def _fortune_text(self) -> str:
        if self.fortune is None or self.other is None:
            return ""
        if self.natural is not None:
            shown = [self.natural, self.other.natural]
        else:
            shown = [self.total, self.other.total]
        return f" ({self.fortune.value}: [{shown[0]}, {shown[1]}])"

    def explain(self) -> str:
        """One readable line, e.g. ``1d20+5 = [14] + 5 = 19 (fortunate: [14, 6])``.

        Under Fortunate/Unfortunate the bracket lists the kept attempt first, then the
        other: the naturals for a d20 roll, the totals otherwise. An expression without
        dice is shown once, then its total if that reads differently (``6``, ``1+2 = 3``).
        """
        head = f"{self.label}: " if self.label else ""
        if not self.results:  # no dice: nothing to break down
            same = str(self.expr) == str(self.total)
            return f"{head}{self.expr}" + ("" if same else f" = {self.total}")
        text = f"{head}{self.expr} = {self._breakdown()} = {self.total}"
        return text if self.fortune is None else text + self._fortune_text()

    @property
    def p_at_least(self) -> float:
        """The exact probability of rolling this total or more (with the same fortune)."""
        return at_least(self.expr, self.total, fortune=self.fortune)

    def __repr__(self) -> str:
        return f"<Roll {self.explain()}>"

    def _repr_html_(self) -> str:
        faces = []
        for r in self.results:
            for f in r.faces:
                cls = ""
                if r.dice.sides == 20 and f in (1, 20):
                    color = "#1a7f37" if f == 20 else "#b42318"
                    cls = f" style='font-weight:bold;color:{color}'"
                faces.append(f"<span{cls}>{f}</span>")
        label = f"<b>{html.escape(self.label)}</b>: " if self.label else ""
        fortune = html.escape(self._fortune_text())
        return (f"<span class='lfg-roll'>{label}<code>{html.escape(str(self.expr))}</code> "
                f"&rarr; [{', '.join(faces)}] = <b>{self.total}</b>{fortune}</span>")


def _new_roll(expr: DiceExpr, results: tuple[DiceResult, ...], total: int,
              fortune: Fortune | None, other: Roll | None, label: str | None,
              seq: int | None) -> Roll:
    """``Roll(expr, results, total, fortune, other, label, seq)``, its fields set without
    the frozen dataclass's ``__init__`` (one ``object.__setattr__`` a field; it has no
    ``__post_init__``): the same value, made faster (every roll of a fight is one)."""
    r = object.__new__(Roll)
    d = r.__dict__  # (each field stored straight, in the dataclass's order)
    d["expr"] = expr
    d["results"] = results
    d["total"] = total
    d["fortune"] = fortune
    d["other"] = other
    d["label"] = label
    d["seq"] = seq
    return r


#: The pieces of an expression :func:`_pieces` writes.
_Pieces = tuple[tuple[tuple[str, str | None], ...], tuple[str, str] | None]

#: ``id(expr) -> (expr, pieces)``: how :meth:`Roll.explain` writes each term of an
#: expression (:func:`_pieces`), the expression kept alive beside it.
_PIECES: dict[int, tuple[DiceExpr, _Pieces]] = {}


def _pieces(expr: DiceExpr) -> _Pieces:
    """Each term of ``expr`` as a roll's breakdown writes it: its sign (``""`` or ``"-"``
    first, ``"+ "`` or ``"- "`` after) and a constant's digits (``None`` for dice: their
    faces go there); and, for an expression of one dice term, the breakdown's text before
    and after that term's faces (``None`` for any other: the terms joined once, not at
    every roll, issue 24, "Fast"); remembered by identity (at most 4,096 expressions)."""
    hit = _PIECES.get(id(expr))
    if hit is not None and hit[0] is expr:
        return hit[1]
    pieces = tuple((("- " if t.sign < 0 else "+ ") if i else ("-" if t.sign < 0 else ""),
                    None if isinstance(t, Dice) else str(abs(t.value)))
                   for i, t in enumerate(expr.terms))
    around = None
    if sum(body is None for _, body in pieces) == 1:  # (a constant's text is digits only)
        before, after = " ".join(lead + ("\0" if body is None else body)
                                 for lead, body in pieces).split("\0")
        around = (before, after)
    if len(_PIECES) >= 4096:
        _PIECES.clear()
    _PIECES[id(expr)] = (expr, (pieces, around))
    return pieces, around


#: ``id(expr) -> (expr, (its dice, its constant, starts with a d20))``: what every roll of an
#: expression reads of it (:func:`_shape`), the expression kept alive beside it.
_SHAPES: dict[int, tuple[DiceExpr, tuple[tuple[Dice, ...], int, bool]]] = {}


def _shape(expr: DiceExpr) -> tuple[tuple[Dice, ...], int, bool]:
    """``(expr.dice, expr.constant, expr.starts_with_d20)``, remembered by identity (an
    expression is a frozen value; at most 4,096 are remembered)."""
    hit = _SHAPES.get(id(expr))
    if hit is not None and hit[0] is expr:
        return hit[1]
    shape = (expr.dice, expr.constant, expr.starts_with_d20)
    if len(_SHAPES) >= 4096:
        _SHAPES.clear()
    _SHAPES[id(expr)] = (expr, shape)
    return shape


@dataclass(frozen=True)
class MissChance:
    """A % Miss Chance check (000_8d1d7816ee944f3b.txt, "Concealment - What is it?").

    "Roll 1d10 when determining the results of % Miss Chance": a result at or below the
    tens digit of the percentage misses (20%: 1-2 misses; 50%: 1-5 misses).
    """

    percent: int
    roll: Roll

    @property
    def threshold(self) -> int:
        """The highest 1d10 result that misses: the tens digit of the percentage.

        000_8d1d7816ee944f3b.txt, "Concealment - What is it?": a 20% miss chance misses on
        1-2, a 50% one on 1-5.
        """
        return self.percent // 10

    @property
    def missed(self) -> bool:
        """True when the 1d10 came up at or below :attr:`threshold` (the attack misses)."""
        return self.roll.total <= self.threshold

    def explain(self) -> str:
        """One line, e.g. ``20% miss chance: 1d10 = [2] <= 2 -> miss``."""
        verdict = "miss" if self.missed else "no miss"
        cmp = "<=" if self.missed else ">"
        return (f"{self.percent}% miss chance: 1d10 = [{self.roll.total}] {cmp} "
                f"{self.threshold} -> {verdict}")

    def __repr__(self) -> str:
        return f"<MissChance {self.explain()}>"


class Roller:
    """The single source of randomness: a seeded dice roller with a history.

    Args:
        seed: ``None`` (a fresh random sequence), an int, a str or bytes; the same seed
            gives the same rolls.

    Raises:
        DiceError: a seed of another type (a list, a dict, ...), naming ``seed``.

    Example:
        >>> r = Roller(seed=1)
        >>> r.roll("1d20+5").total == Roller(seed=1).roll("1d20+5").total
        True
    """

    def __init__(self, seed: int | str | bytes | None = None) -> None:
        if seed is not None and (isinstance(seed, bool)
                                 or not isinstance(seed, (int, str, bytes))):
            raise DiceError(f"seed must be a whole number or a text such as 'fight 1' "
                            f"(or None for an unrepeatable roller), not "
                            f"{type(seed).__name__} {short(seed)}", expr=None,
                            expected="seed: an int, a str or None")
        self.seed = seed
        self._rng = random.Random(seed)
        self.history: list[Roll] = []
        self._listeners: list[Callable[[Roll], None]] = []

    def __repr__(self) -> str:
        return f"Roller(seed={self.seed!r}, rolls={len(self.history)})"

    # The rng draws stay in this one method so the sequence for a seed never changes.
    def _attempt(self, expr: DiceExpr) -> tuple[tuple[DiceResult, ...], int]:
        rng = self._rng
        # random.Random's randrange(n) is _randbelow(n) once n is checked (every die has
        # 1..1000 sides): the same draws, without the checks (issue 24, "Fast")
        randrange = (rng._randbelow  # type: ignore[attr-defined]
                     if type(rng) is random.Random else rng.randrange)
        dice, total, _ = _shape(expr)
        if len(dice) == 1 and dice[0].count == 1:  # one die (a d20, a weapon's 1d8+3)
            d = dice[0]
            face = randrange(d.sides) + 1
            return (DiceResult(d, (face,)),), total + d.sign * face
        results = []
        for d in dice:
            faces = tuple(randrange(d.sides) + 1 for _ in range(d.count))
            results.append(DiceResult(d, faces))
            total += d.sign * sum(faces)
        return tuple(results), total

    def roll(self, expr: str | int | DiceExpr, fortune: Fortune | str | None = None,
             label: str | None = None) -> Roll:
        """Roll an expression.

        Args:
            expr: A dice expression (see :func:`parse`).
            fortune: ``"fortunate"`` rolls twice and keeps the better total,
                ``"unfortunate"`` the worse (000_8d1d7816ee944f3b.txt, "Conditions").
                Combine several sources with :func:`net_fortune` first.
            label: What the roll is for; shown in ``explain()`` and the dice log.

        Returns:
            The :class:`Roll`, also appended to ``history``.

        Raises:
            DiceError: for a bad expression or fortune; nothing is rolled then.
        """
        parsed = _parse(expr) if type(expr) is str else parse(expr)  # (text: most rolls)
        if fortune is not None:
            fortune = Fortune.coerce(fortune)
        if label is not None and not isinstance(label, str):
            raise DiceError(f"label must be text, not {short(label)}", expr=label,
                            expected="a string")
        seq = len(self.history)
        results, total = self._attempt(parsed)
        other = None
        if fortune is not None:
            results2, total2 = self._attempt(parsed)
            second_better = total2 > total
            keep_second = second_better if fortune is Fortune.FORTUNATE else total2 < total
            first = Roll(parsed, results, total, label=label)
            second = Roll(parsed, results2, total2, label=label)
            kept, other = (second, first) if keep_second else (first, second)
            results, total = kept.results, kept.total
        result = _new_roll(parsed, results, total, fortune, other, label, seq)
        self.history.append(result)
        if self._listeners:
            for listener in list(self._listeners):
                listener(result)
        return result

    def miss_chance(self, percent: int, label: str | None = None) -> MissChance:
        """Roll a % Miss Chance (000_8d1d7816ee944f3b.txt, "Concealment - What is it?").

        Args:
            percent: 0 to 100, e.g. 20 for Partial Concealment, 50 for Total.

        Raises:
            DiceError: when ``percent`` is not a whole number from 0 to 100.
        """
        if isinstance(percent, bool) or not isinstance(percent, int) or not 0 <= percent <= 100:
            raise DiceError(f"a miss chance is a whole percentage from 0 to 100, not "
                            f"{short(percent)}", expr=percent, expected="an int 0..100")
        r = self.roll("1d10", label=label or f"{percent}% miss chance")
        return MissChance(percent, r)

    def subscribe(self, listener: Callable[[Roll], None]) -> Callable[[], None]:
        """Call ``listener(roll)`` after every roll; returns a function that unsubscribes."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)
        return unsubscribe

    def clear(self) -> None:
        """Forget the history (the random sequence continues)."""
        self.history.clear()

    def to_frame(self, newest_first: bool = False, limit: int | None = None,
                 contains: str = "") -> pd.DataFrame:
        """The history as a pandas DataFrame (one row per roll), for the dice log.

        Args:
            newest_first: Newest roll in the first row.
            limit: At most this many rows (the newest ones when ``newest_first``); only
                those rows' odds are computed, so a long fight's log stays fast.
            contains: Keep only rolls whose label or expression contains this text (any
                case).

        Returns:
            Columns seq, label, expr, faces, natural, total, fortune, other, p_at_least.
        """
        rolls = reversed(self.history) if newest_first else iter(self.history)
        needle = contains.lower()
        if needle:
            rolls = (r for r in rolls
                     if needle in (r.label or "").lower() or needle in str(r.expr).lower())
        if limit is not None:
            rolls = itertools.islice(rolls, max(0, limit))
        return rolls_frame(rolls)


class ScriptedRoller(Roller):
    """A roller whose dice show given faces first, then roll from its seed: a simulated
    fight's dice fed to a real encounter, so the encounter replays that very fight
    (:mod:`lfgcombat.prep.replay`).

    Args:
        seed: The seed of the rolls after the script.
        faces: ``(sides, face)`` per die, in the order the dice are rolled.

    Attributes:
        used: Scripted dice rolled so far.
        unscripted: Rolls made after the script ran out.
        refused: The label (or expression) of the roll the script refused, if any.

    Raises:
        DiceError: a face outside 1..sides; later, a roll asking for a die of other sides
            than the script's next (nothing of that roll is kept).
    """

    def __init__(self, seed: int | str | bytes | None = None,
                 faces: Iterable[tuple[int, int]] = ()) -> None:
        super().__init__(seed)
        self.script = _script(faces)
        self.used = 0
        self.unscripted = 0
        self.refused: str | None = None

    def roll(self, expr: str | int | DiceExpr, fortune: Fortune | str | None = None,
             label: str | None = None) -> Roll:
        """As :meth:`Roller.roll`; a roll the script refuses is noted in ``refused``."""
        try:
            return super().roll(expr, fortune=fortune, label=label)
        except DiceError as exc:
            self.refused = label or str(expr)
            raise DiceError(f"{exc} (rolling {self.refused!r})", expr=exc.expr,
                            expected=exc.expected) from None

    def __repr__(self) -> str:
        return (f"ScriptedRoller(seed={self.seed!r}, scripted={self.used}/{len(self.script)}, "
                f"rolls={len(self.history)})")

    def _attempt(self, expr: DiceExpr) -> tuple[tuple[DiceResult, ...], int]:
        if self.used >= len(self.script):
            self.unscripted += 1
            return super()._attempt(expr)
        start = self.used
        results = []
        total = expr.constant
        for d in expr.dice:
            faces: list[int] = []
            for _ in range(d.count):
                sides, face = self.script[self.used] if self.used < len(self.script) \
                    else (0, 0)
                if sides != d.sides:
                    self.used = start
                    raise DiceError(f"scripted die {self.used + len(faces) + 1} is "
                                    + (f"a d{sides}" if sides else "past the script's end")
                                    + f", but the roll {expr} asks for a d{d.sides}",
                                    expr=str(expr), expected=f"a d{sides}" if sides else None)
                faces.append(face)
                self.used += 1
            results.append(DiceResult(d, tuple(faces)))
            total += d.sign * sum(faces)
        return tuple(results), total


def _script(faces: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """A :class:`ScriptedRoller`'s ``(sides, face)`` pairs, checked: whole numbers, each face
    in 1..sides, sides up to :data:`MAX_SIDES`.

    Raises:
        DiceError: the first pair that is not so, named briefly.
    """
    out = []
    for pair in faces if isinstance(faces, Iterable) and not isinstance(faces, str) else [faces]:
        try:
            n, f = (operator.index(x) for x in pair)
        except (TypeError, ValueError):
            n = f = 0
        if not 1 <= f <= n <= MAX_SIDES or any(isinstance(x, bool) for x in pair):
            raise DiceError(f"scripted faces are (sides, face) pairs of whole numbers with "
                            f"the face in 1..sides (sides up to {MAX_SIDES}), not "
                            f"{short(pair)}", expr=None, expected="(sides, 1..sides)")
        out.append((n, f))
    return tuple(out)


def rolls_frame(rolls: Iterable[Roll]) -> pd.DataFrame:
    """Rolls as a DataFrame: seq, label, expr, faces, natural, total, fortune, other (the
    total of the attempt not kept under Fortunate/Unfortunate) and p_at_least."""
    import pandas as pd
    rows = [{
        "seq": r.seq, "label": r.label or "", "expr": str(r.expr),
        "faces": " ".join(f"[{', '.join(map(str, x.faces))}]" for x in r.results),
        "natural": r.natural, "total": r.total,
        "fortune": r.fortune.value if r.fortune else "",
        "other": "" if r.other is None else str(r.other.total),
        "p_at_least": r.p_at_least,
    } for r in rolls]
    frame = pd.DataFrame(rows, columns=["seq", "label", "expr", "faces", "natural", "total",
                                        "fortune", "other", "p_at_least"])
    frame["natural"] = frame["natural"].astype("Int64")
    return frame


_DEFAULT = Roller()


def default_roller() -> Roller:
    """The roller behind :func:`roll` (unseeded; build your own ``Roller(seed)`` to repeat)."""
    return _DEFAULT


def roll(expr: str | int | DiceExpr, fortune: Fortune | str | None = None,
         label: str | None = None) -> Roll:
    """Roll on the default roller; see :meth:`Roller.roll`."""
    return _DEFAULT.roll(expr, fortune=fortune, label=label)


# --------------------------------------------------------------------------- die steps


@functools.lru_cache(maxsize=1)
def die_chain() -> tuple[str, ...]:
    """The generic die-size list (000_8d1d7816ee944f3b.txt, "Damage Die Size"), from
    ``data/die_steps.csv``: ``1 → 1d2 → 1d3 → 1d4 → 1d6 → … → 4d10 → 4d12``."""
    table = load_table("die_steps").sort_values("step")
    return tuple(str(d) for d in table["die"])


def step(expr: str | DiceExpr, n: int) -> str:
    """Move a damage die ``n`` steps along the die-size chain, keeping any other terms.

    000_8d1d7816ee944f3b.txt, "Damage Die Size": "Some special abilities may increase or
    decrease the size of die used when rolling damage. Use this generic list":
    1 → 1d2 → 1d3 → 1d4 → 1d6 → 1d8 → 1d10 → 2d6 → 2d8 → 3d6 → 3d8 → 3d10 → 4d8 → 4d10 → 4d12.
    The die is the expression's first term (a weapon's die comes first: ``1d8+2+1d6``);
    the result is clamped at both ends of the chain.

    Args:
        expr: e.g. ``"1d8"`` or ``"1d6+2"``.
        n: Steps up (positive) or down (negative).

    Returns:
        The new expression as text: ``step("1d8", 2) == "2d6"``, ``step("1d6+2", 1) == "1d8+2"``.

    Raises:
        DiceError: when the first term is not on the chain or ``n`` is not an int.
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise DiceError(f"step count must be a whole number, not {short(n)}", expr=n,
                        expected="an int")
    parsed = parse(expr)
    chain = die_chain()
    first = parsed.terms[0]
    name = str(first) if first.sign > 0 else None
    if name not in chain:
        raise DiceError(
            f"cannot step {str(parsed)!r}: its first term {'-' if first.sign < 0 else ''}{first} "
            f"is not on the die-size chain ({' → '.join(chain)}). Put the weapon die first.",
            expr=str(parsed), position=0, expected="a die from the die-size chain")
    index = min(max(chain.index(name) + n, 0), len(chain) - 1)
    new_first = parse(chain[index]).terms[0]
    return str(DiceExpr((new_first,) + parsed.terms[1:]))

