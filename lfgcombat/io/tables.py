"""The rules tables in ``data/*.csv``: one declarative schema per table, and their loader.

Where the rules text is a table, the rule is data. :func:`load_table` reads a table with
pandas, checks every cell against the table's schema and hands back a fresh
``pandas.DataFrame``; a bad file raises :class:`~lfgcombat.errors.RulesDataError` naming
the file, the line (the header is line 1) and the column.

The ``source`` column:
    Every row says where its values come from, in one of three forms:

    * ``000_8d1d7816ee944f3b.txt, "Damage Die Size"``: a rules file in ``shared/seeds/`` and
      a heading of that file, quoted (the heading is a line of the text, or the start of
      one, such as ``"Dodge (d)"`` for the line ``Dodge (d): Bonus granted by ...``).
      Several citations are joined with ``"; "``.
    * ``inferred: <why>``: the text gives no value (most often because the table it refers
      to did not survive, see ``shared/seeds/README.md``); the reason says how the value
      was reconstructed, usually from the text's examples and the d20 convention it builds on.
    * citations followed by ``; inferred: <why>``: a row that mixes text and
      reconstruction; the reason names the reconstructed columns.

    :func:`parse_source` splits a ``source`` value into its citations and its reason.
"""

from __future__ import annotations

import difflib
import functools
import io
import math
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Literal, cast

import pandas as pd

from lfgcombat.errors import RulesDataError

__all__ = ["Column", "Schema", "SCHEMAS", "load_table", "parse_source", "records",
           "register_schema", "table_names"]

_CITATION = r'(\d{3}_[0-9a-f]{16}\.txt), "([^"]+)"'  # groups: file, heading
_CITE = r'\d{3}_[0-9a-f]{16}\.txt, "[^"]+"'
_SOURCE_RE = re.compile(rf"(?:{_CITE}(?:; {_CITE})*(?:; inferred: \S.*)?|inferred: \S.*)")
_SOURCE_HELP = ('a citation such as `000_8d1d7816ee944f3b.txt, "Damage Die Size"` (several '
                "joined with '; '), `inferred: <why>`, or citations followed by "
                "`; inferred: <why>`")
_INT_RE = re.compile(r"[+-]?\d+")

Kind = Literal["int", "float", "str", "bool", "choice", "choices", "source"]


@dataclass(frozen=True)
class Column:
    """What one column of a table may hold.

    Attributes:
        kind: ``int``, ``float``, ``str`` (non-empty text), ``bool`` (``true``/``false``),
            ``choice`` (one of ``choices``), ``choices`` (a ``;``-separated subset of
            ``choices``) or ``source`` (see the module docstring).
        min: Smallest allowed value (``int``/``float``).
        max: Largest allowed value (``int``/``float``).
        choices: The closed set for ``choice``/``choices``.
        nullable: An empty cell is allowed and becomes a missing value.
        unique: No two rows may share a value.
        pattern: A regular expression a ``str`` cell must match in full.
    """

    kind: Kind
    min: float | None = None
    max: float | None = None
    choices: tuple[str, ...] = ()
    nullable: bool = False
    unique: bool = False
    pattern: str | None = None

    def expected(self) -> str:
        """Say in words what a valid cell looks like (used in error messages)."""
        if self.kind in ("int", "float"):
            what = "an integer" if self.kind == "int" else "a number"
            if self.min is not None and self.max is not None:
                what += f" from {self.min:g} to {self.max:g}"
            elif self.min is not None:
                what += f" >= {self.min:g}"
            elif self.max is not None:
                what += f" <= {self.max:g}"
        elif self.kind == "bool":
            what = "'true' or 'false'"
        elif self.kind == "choice":
            what = "one of " + ", ".join(self.choices)
        elif self.kind == "choices":
            what = "one or more of " + ", ".join(self.choices) + ", joined with ';'"
        elif self.kind == "source":
            what = _SOURCE_HELP
        else:
            what = "non-empty text" + (f" matching {self.pattern}" if self.pattern else "")
        return what + (" (or empty)" if self.nullable else "")

    def convert(self, cell: str) -> object:
        """Turn one CSV cell into its value.

        Args:
            cell: The cell as read (text, never stripped).

        Returns:
            The value: ``int``, ``float``, ``bool`` or ``str``; ``None`` for an empty
            cell in a nullable column.

        Raises:
            ValueError: The cell does not fit this column.
        """
        if cell == "" and self.nullable:
            return None
        if cell != cell.strip():
            raise ValueError("has leading or trailing spaces")
        if self.kind == "int" or self.kind == "float":
            number = _to_int(cell) if self.kind == "int" else _to_float(cell)
            if (self.min is not None and number < self.min) or (
                    self.max is not None and number > self.max):
                raise ValueError("is out of range")
            return number
        if self.kind == "bool":
            if cell not in ("true", "false"):
                raise ValueError("is not a boolean")
            return cell == "true"
        _TEXT_CHECKS[self.kind](self, cell)
        return cell

    def dtype(self) -> str:
        """The pandas dtype of the converted column."""
        if self.kind == "int":
            return "Int64" if self.nullable else "int64"
        if self.kind == "float":
            return "float64"
        if self.kind == "bool":
            return "boolean" if self.nullable else "bool"
        return "str"


def _to_int(cell: str) -> int:
    if not _INT_RE.fullmatch(cell):
        raise ValueError("is not an integer")
    return int(cell)


def _to_float(cell: str) -> float:
    try:
        value = float(cell)
    except ValueError:
        raise ValueError("is not a number") from None
    if not math.isfinite(value):
        raise ValueError("is not a finite number")
    return value


def _check_choice(column: Column, cell: str) -> None:
    if cell not in column.choices:
        raise ValueError("is not in the closed set")


def _check_choices(column: Column, cell: str) -> None:
    parts = cell.split(";")
    if not all(p in column.choices for p in parts) or len(set(parts)) != len(parts):
        raise ValueError("is not a subset of the closed set")


def _check_source(column: Column, cell: str) -> None:
    if not _SOURCE_RE.fullmatch(cell):
        raise ValueError("is not a valid source")


def _check_text(column: Column, cell: str) -> None:
    if not cell:
        raise ValueError("is empty")
    if column.pattern and not re.fullmatch(column.pattern, cell):
        raise ValueError("does not match the pattern")


# The checks of the kinds whose value is the cell's text itself.
_TEXT_CHECKS: dict[str, Callable[[Column, str], None]] = {
    "choice": _check_choice, "choices": _check_choices, "source": _check_source,
    "str": _check_text,
}


@dataclass(frozen=True)
class Schema:
    """The shape of one table.

    Attributes:
        key: The column that names a row; its values must be unique.
        columns: Column name to :class:`Column`, in the order the frame is returned.
        sequence_start: If set, the key column must count up by one from this value,
            row after row (for chains such as the damage die steps).
    """

    key: str
    columns: dict[str, Column]
    sequence_start: int | None = None


def _int(lo: int | None = None, hi: int | None = None, *, nullable: bool = False) -> Column:
    return Column("int", min=lo, max=hi, nullable=nullable)


def _choice(*values: str, unique: bool = False) -> Column:
    return Column("choice", choices=values, unique=unique)


_TEXT = Column("str")
_BOOL = Column("bool")
_SOURCE = Column("source")
_AC_VALUES = ("ac", "ff_ac", "touch_ac", "ac_vs_crit")
_SIZES = ("diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan")

#: One schema per table in ``data/``; the file is ``data/<name>.csv``.
SCHEMAS: dict[str, Schema] = {
    "die_steps": Schema(
        key="step", sequence_start=0, columns={
            "step": _int(0, 14),
            "die": Column("str", unique=True, pattern=r"1|[1-9]\d*d[1-9]\d*"),
            "source": _SOURCE,
        }),
    "bonus_types": Schema(
        key="type", columns={
            "type": _choice("alchemical", "attractive", "class", "cover", "dodge", "enhance",
                            "focus", "gear", "helm", "innate", "morale", "power", "social",
                            "tactical"),
            "abbreviation": Column("str", unique=True, pattern=r"[a-z]+"),
            "stacking": _choice("highest", "stack", "per_source", "across_sources"),
            "maximum": _int(1, None, nullable=True),
            "lost_when_flat_footed": _BOOL,
            "ac_values": Column("choices", choices=_AC_VALUES),
            "description": _TEXT,
            "source": _SOURCE,
        }),
    "damage_types": Schema(
        key="type", columns={
            "type": _choice("slashing", "piercing", "bludgeoning", "acid", "cold",
                            "electricity", "fire", "positive", "negative", "force",
                            "biological", "precision"),
            "abbreviation": Column("str", unique=True, pattern=r"[A-Za-z]+"),
            "category": _choice("physical", "elemental", "energy", "special"),
            "multiplied_on_crit": _BOOL,
            "resisted_by": _choice("damage_resistance", "elemental_resistance",
                                   "energy_resistance", "none"),
            "notes": _TEXT,
            "source": _SOURCE,
        }),
    "sizes": Schema(
        key="order", sequence_start=-3, columns={
            "size": _choice(*_SIZES, unique=True),
            "code": _choice("D", "T", "S", "M", "L", "H", "G", unique=True),
            "order": _int(-3, 3),
            "space_hexes": Column("float", min=0.0, max=100.0),
            "space_ft": Column("str", pattern=r"\d+(\.\d+)?x\d+(\.\d+)?"),
            "reach_ft": _int(0, 100),
            "reach_hexes": _int(0, 20),
            "attack_ac_mod": _int(-8, 8),
            "wrestling_mod": _int(-16, 16),
            "hide_move_silent_mod": _int(-16, 16),
            "acro_climb_jump_mod": _int(-16, 16),
            "height": _TEXT,
            "weight": _TEXT,
            "source": _SOURCE,
        }),
    "classes": Schema(
        key="class", columns={
            "class": _choice("barbarian", "bard", "priest", "war priest", "druid", "fighter",
                             "ranger", "rogue", "sorcerer", "wizard"),
            "hp_per_level": _int(1, 20),
            "hr_progression": _choice("high", "medium", "low"),
            "source": _SOURCE,
        }),
}


def register_schema(name: str, schema: Schema) -> None:
    """Add the schema of ``data/<name>.csv`` for a module whose closed sets live in its own
    enums (``conditions``, ``save_ratings``); ``lfgcombat`` imports those modules, so their
    tables are known as soon as the package is.

    Raises:
        ValueError: another schema is already registered under ``name``.
    """
    if SCHEMAS.setdefault(name, schema) is not schema:
        raise ValueError(f"a different schema for table {name!r} is already registered")


def table_names() -> list[str]:
    """The names :func:`load_table` knows, sorted.

    Returns:
        The table names, e.g. ``["bonus_types", "classes", ...]``.
    """
    return sorted(SCHEMAS)


def parse_source(source: str) -> tuple[list[tuple[str, str]], str | None]:
    """Split a ``source`` value into its citations and its inference note.

    Args:
        source: A ``source`` cell, e.g.
            ``000_8d1d7816ee944f3b.txt, "Size Categories"; inferred: d20 weights``.

    Returns:
        ``([(file, heading), ...], why)``, where ``why`` is the text after
        ``inferred:`` or ``None`` when the row is all rule text.

    Raises:
        ValueError: ``source`` is not in the documented form.
    """
    if not _SOURCE_RE.fullmatch(source):
        raise ValueError(f"{source!r} is not {_SOURCE_HELP}")
    cited, _, why = source.partition("inferred: ")
    return re.findall(_CITATION, cited), (why or None)


def load_table(name: str, *, path: str | os.PathLike[str] | None = None) -> pd.DataFrame:
    """Load and validate a rules table.

    Args:
        name: The table, one of :func:`table_names` (``die_steps``, ``sizes``, ...).
        path: Read this CSV file instead of the packaged ``data/<name>.csv``, checked
            against the schema of ``name`` (not cached).

    Returns:
        A new DataFrame on every call (changing it never changes the next result),
        columns in schema order, typed per the schema.

    Raises:
        RulesDataError: ``name`` is unknown, or the file is empty, lacks a column, has an
            unexpected one, a bad cell, a duplicate key or a broken sequence. The error
            names the file, the line (header = line 1) and the column.

    Example:
        >>> load_table("die_steps").die.tolist()[:4]
        ['1', '1d2', '1d3', '1d4']
    """
    if name not in SCHEMAS:
        close = (difflib.get_close_matches(name[:60], table_names(), n=1, cutoff=0.6)
                 if isinstance(name, str) else [])
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise RulesDataError(
            f"unknown table {name!r}; {hint}known tables: {', '.join(table_names())}",
            file=os.fspath(path) if path is not None else f"data/{name}.csv")
    if path is None:
        return _load_packaged(name).copy(deep=True)
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesDataError(f"cannot read the file: {exc}", file=str(path)) from None
    return _parse(text, SCHEMAS[name], str(path))


def records(table: pd.DataFrame) -> list[dict[str, Any]]:
    """The rows of a loaded table as dicts keyed by column name.

    ``DataFrame.to_dict("records")`` is typed with any hashable keys; a table from
    :func:`load_table` has its schema's column names, all strings.

    Args:
        table: A table from :func:`load_table` (or a selection of its rows).

    Returns:
        One dict per row, in order.
    """
    return cast(list[dict[str, Any]], table.to_dict("records"))


@functools.lru_cache(maxsize=None)
def _load_packaged(name: str) -> pd.DataFrame:
    # The cached frame is never handed out: load_table copies it.
    file = f"data/{name}.csv"
    text = resources.files("lfgcombat.data").joinpath(f"{name}.csv").read_text(
        encoding="utf-8")
    return _parse(text, SCHEMAS[name], file)


def _parse(text: str, schema: Schema, file: str) -> pd.DataFrame:
    """Read CSV text with pandas and check it against ``schema``."""
    raw = _read_csv(text, schema, file)
    values = _convert_rows(raw, schema, file)
    for col, spec in schema.columns.items():
        if col == schema.key or spec.unique:
            _check_unique(values[col], file, col)
    if schema.sequence_start is not None:
        _check_sequence(values[schema.key], schema.sequence_start, file, schema.key)
    frame: dict[str, Any] = {}
    for col, spec in schema.columns.items():
        dtype: Any = spec.dtype()  # a dtype name; pandas-stubs types only literal names
        frame[col] = pd.array(values[col], dtype=dtype)
    return pd.DataFrame(frame)


def _read_csv(text: str, schema: Schema, file: str) -> pd.DataFrame:
    """The CSV as text cells, header checked, trailing blank lines dropped."""
    try:
        raw = pd.read_csv(io.StringIO(text), dtype=str, keep_default_na=False,
                          skip_blank_lines=False)
    except pd.errors.EmptyDataError:
        raise RulesDataError("the file is empty; expected a header line with the columns "
                             + ", ".join(schema.columns), file=file, row=1) from None
    except pd.errors.ParserError as exc:
        found = re.search(r"line (\d+)", str(exc))
        raise RulesDataError(f"cannot parse the CSV: {str(exc).strip()}", file=file,
                             row=int(found.group(1)) if found else None) from None
    _check_header(list(raw.columns), schema, file)
    # Trailing blank lines are harmless; blank lines between rows would hide a lost row.
    while len(raw) and (raw.iloc[-1] == "").all():
        raw = raw.iloc[:-1]
    if raw.empty:
        raise RulesDataError("the table has no rows", file=file, row=2)
    return raw


def _convert_rows(raw: pd.DataFrame, schema: Schema, file: str) -> dict[str, list[Any]]:
    """Every cell converted by its column, column by column."""
    values: dict[str, list[Any]] = {col: [] for col in schema.columns}
    for i, record in enumerate(raw.to_dict("records")):
        line = i + 2  # the header is line 1; no cell may span lines (checked below)
        if all(cell == "" for cell in record.values()):
            raise RulesDataError("blank line between rows; remove it", file=file, row=line)
        for col, spec in schema.columns.items():
            cell = str(record[col])
            if "\n" in cell or "\r" in cell:
                raise RulesDataError(f"value {cell!r} spans several lines; keep each row "
                                     "on one line", file=file, row=line, column=col)
            try:
                values[col].append(spec.convert(cell))
            except ValueError as exc:
                raise RulesDataError(f"value {cell!r} {exc}; expected {spec.expected()}",
                                     file=file, row=line, column=col) from None
    return values


def _check_sequence(column: list[Any], start: int, file: str, col: str) -> None:
    for i, value in enumerate(column):
        if value != start + i:
            raise RulesDataError(
                f"value {value!r} breaks the sequence; expected {start + i} (the rows count "
                f"up by one from {start})", file=file, row=i + 2, column=col)


def _check_header(found: list[str], schema: Schema, file: str) -> None:
    missing = [c for c in schema.columns if c not in found]
    extra = [c for c in found if c not in schema.columns]
    if not missing and not extra:
        return
    parts = []
    if missing:
        parts.append("missing column(s) " + ", ".join(map(repr, missing)))
    for col in extra:
        hint = difflib.get_close_matches(col, missing, n=1)
        parts.append(f"unexpected column {col!r}"
                     + (f" (did you mean {hint[0]!r}?)" if hint else ""))
    parts.append("expected exactly: " + ", ".join(schema.columns))
    raise RulesDataError("; ".join(parts), file=file, row=1,
                         column=(missing or extra)[0])


def _check_unique(column: list[object], file: str, col: str) -> None:
    first_line: dict[object, int] = {}
    for i, value in enumerate(column):
        if value in first_line:
            raise RulesDataError(
                f"duplicate value {value!r}, already on line {first_line[value]}; each "
                "row needs its own", file=file, row=i + 2, column=col)
        first_line[value] = i + 2

