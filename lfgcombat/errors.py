"""The kit's exceptions: one base, ``LfgError``, and one subclass per kind of mistake.

Every message names the input that was wrong, what was expected, and what to do instead,
and raising one never leaves a half-applied change behind.
"""

from __future__ import annotations

__all__ = ["LfgError", "DiceError", "RulesDataError", "IllegalActionError"]


class LfgError(Exception):
    """Base class of every error the kit raises on purpose."""


class DiceError(LfgError, ValueError):
    """A dice expression that cannot be parsed or is too large to roll.

    Attributes:
        expr: The expression as given.
        position: 0-based index into ``expr`` where the problem starts (``None`` if the
            problem is the expression as a whole, e.g. its length).
        expected: What would have been valid at that position.
    """

    def __init__(self, message: str, expr: object = None, position: int | None = None,
                 expected: str | None = None) -> None:
        self.expr = expr
        self.position = position
        self.expected = expected
        detail = message
        if isinstance(expr, str) and position is not None and len(expr) <= 80:
            detail += f"\n    {expr}\n    {' ' * position}^"
        super().__init__(detail)


class RulesDataError(LfgError):
    """A rules table (``data/*.csv``) with a missing column or a bad value.

    Attributes:
        file: The table's file name.
        row: line number in the CSV file (the header is line 1, so the first data row is
            line 2), or ``None`` for a whole-file problem.
        column: The column at fault, or ``None``.
    """

    def __init__(self, message: str, file: str, row: int | None = None,
                 column: str | None = None) -> None:
        self.file = file
        self.row = row
        self.column = column
        where = file
        if row is not None:
            where += f", row {row}"
        if column is not None:
            where += f", column {column!r}"
        super().__init__(f"{where}: {message}")


class IllegalActionError(LfgError):
    """An action the rules forbid; the message names the rule (file and heading).

    Attributes:
        rule: The citation, e.g. ``000_8d1d7816ee944f3b.txt, "Movement in Combat"``.
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        from .rules.citations import headings_only  # the rules import the errors

        self.rule = rule
        text = headings_only(message)
        shown = headings_only(rule) if rule else ""
        # the rule said once (a card's note in the message may cite it already) and by
        # its heading, not a paragraph's first words (issue 26, item 2)
        super().__init__(f"{text} ({shown})" if shown and shown not in text else text)
