"""Reading YAML and JSON data files that may be hostile: creature files, and any other.

A creature file comes from anywhere (a forum post, a player's upload), so reading one must
be cheap and predictable whatever it holds. :func:`load_text` and :func:`read_file` parse
with PyYAML's safe loader (no code ever runs) tightened against known attacks, and with
the standard JSON parser, under these caps:

* the file is at most :data:`MAX_FILE_BYTES` (read no further: ``/dev/zero`` is refused);
* YAML anchors and aliases are refused: a 521-byte file of nested aliases ("billion
  laughs") took 203 s and 664 MB, and a self-referencing alias is a cycle;
* nesting is at most :data:`MAX_DEPTH` deep (3,000-deep YAML or JSON overflowed the stack);
* a mapping may not repeat a key (YAML and JSON silently keep the last one, hiding typos);
* a whole number has at most :data:`MAX_INT_DIGITS` digits (Python refuses to read
  5,000-digit ones, with a ValueError).

Every refusal is a :class:`DataFileError` saying where (line and column when known) and
what to do; values in messages are shortened (:func:`short`).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import yaml

from ..errors import LfgError
from ..shortrepr import short

__all__ = ["DataFileError", "MAX_FILE_BYTES", "MAX_DEPTH", "MAX_INT_DIGITS", "MAX_VALUES",
           "load_text", "read_file", "short", "check_depth", "dump_yaml"]

#: The largest data file read, in bytes (a creature file is a few hundred bytes).
MAX_FILE_BYTES = 1_000_000
#: The deepest nesting of lists and mappings accepted.
MAX_DEPTH = 32
#: The most values (texts, numbers, lists, mappings) in one file.
MAX_VALUES = 100_000
#: The most digits a whole number may have.
MAX_INT_DIGITS = 30


class DataFileError(LfgError, ValueError):
    """A data file (or text) that cannot be read safely: too big, too deep, aliases,
    duplicate keys, huge numbers, or not valid YAML/JSON.

    Attributes:
        line: The 1-based line of the text where YAML found the problem (``None`` when
            not known).
    """

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


def check_depth(value: Any, where: str = "(file)", limit: int = MAX_DEPTH) -> None:
    """Refuse lists/mappings nested deeper than ``limit`` (a list that contains itself is
    infinitely deep) or holding more than :data:`MAX_VALUES` values in all.

    Args:
        value: Plain values as read from a file (or given by a caller).
        where: What to call it in messages.
        limit: The deepest nesting allowed.

    Raises:
        DataFileError: naming ``where`` and the limit.
    """
    if _count(value, 1, limit, where) > MAX_VALUES:
        raise DataFileError(f"{where}: more than {MAX_VALUES:,} values in all")


def _count(item: Any, depth: int, limit: int, where: str) -> int:
    """Values in ``item`` (itself included); raises past ``limit`` levels or once the
    count passes :data:`MAX_VALUES` (so shared sub-lists cannot make it walk forever)."""
    if not isinstance(item, (dict, list, tuple)):
        return 1
    if depth > limit:
        raise DataFileError(f"{where}: lists and mappings nested more than {limit} deep "
                            "(or containing themselves); a data file never needs that")
    children = (*item.keys(), *item.values()) if isinstance(item, dict) else item
    total = 1 + len(children)
    for child in children:
        if isinstance(child, (dict, list, tuple)):
            total += _count(child, depth + 1, limit, where) - 1
            if total > MAX_VALUES:
                raise DataFileError(f"{where}: more than {MAX_VALUES:,} values in all")
    return total


class _Loader(yaml.SafeLoader):
    """PyYAML's safe loader without anchors/aliases, deep nesting, repeated keys or huge
    numbers."""

    def compose_node(self, parent: Any, index: Any) -> Any:  # noqa: D102 - PyYAML hook
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            raise yaml.constructor.ConstructorError(
                None, None, "anchors (&) and aliases (*) are not allowed in data files; "
                "write each value out", event.start_mark)
        self._depth = getattr(self, "_depth", 0) + 1
        try:
            if self._depth > MAX_DEPTH:
                raise yaml.constructor.ConstructorError(
                    None, None, f"lists and mappings nested more than {MAX_DEPTH} deep",
                    event.start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:  # noqa: D102
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            try:
                duplicate = key in seen
                seen.add(key)
            except TypeError:
                continue  # an unhashable key: PyYAML reports it
            if duplicate:
                raise yaml.constructor.ConstructorError(
                    "while reading a mapping", node.start_mark,
                    f"the key {short(key)} appears twice; keep one", key_node.start_mark)
        return super().construct_mapping(node, deep=deep)

    def construct_yaml_int(self, node: Any) -> int:  # noqa: D102
        digits = sum(ch.isdigit() for ch in str(node.value))
        if digits > MAX_INT_DIGITS:
            raise yaml.constructor.ConstructorError(
                None, None, f"a number of {digits} digits; at most {MAX_INT_DIGITS} are "
                "allowed", node.start_mark)
        return super().construct_yaml_int(node)


_Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)
# The map constructor needs no new entry: SafeConstructor's calls self.construct_mapping.


class _Dumper(yaml.SafeDumper):
    """Writes each value out in full: never an anchor, so the file reads back."""

    def ignore_aliases(self, data: Any) -> bool:  # noqa: D102 - PyYAML hook
        return True


def dump_yaml(data: Any) -> str:
    """``data`` as YAML text, keys in their order, without anchors or aliases."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True)


def _json_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise DataFileError(f"a number of {len(text.lstrip('-'))} digits; at most "
                            f"{MAX_INT_DIGITS} are allowed")
    return int(text)


def _json_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise DataFileError(f"the key {short(key)} appears twice; keep one")
        out[key] = value
    return out


def load_text(text: str, fmt: str, where: str = "(text)") -> Any:
    """Parse YAML or JSON text under the caps of this module.

    Args:
        text: The text.
        fmt: ``"yaml"`` or ``"json"``.
        where: What to call it in messages (a file name).

    Returns:
        Plain values: dicts, lists, text, numbers, booleans, ``None``.

    Raises:
        DataFileError: too long, not valid, or over a cap (the message says which).
    """
    if not isinstance(text, str):
        raise DataFileError(f"{where}: expected text, not {type(text).__name__}")
    if len(text) > MAX_FILE_BYTES:
        raise DataFileError(f"{where} is {len(text):,} characters long; at most "
                            f"{MAX_FILE_BYTES:,} are read")
    name = "JSON" if fmt == "json" else "YAML"
    try:
        if fmt == "json":
            data = json.loads(text, object_pairs_hook=_json_pairs, parse_int=_json_int)
        else:
            data = yaml.load(text, Loader=_Loader)  # noqa: S506 - a SafeLoader subclass
    except DataFileError as exc:
        raise DataFileError(f"{where}: {exc}") from None
    except RecursionError:
        raise DataFileError(f"{where}: lists and mappings nested too deeply (at most "
                            f"{MAX_DEPTH})") from None
    except (json.JSONDecodeError, yaml.YAMLError, ValueError) as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        raise DataFileError(f"{where} is not valid {name}: {str(exc)[:500]}",
                            mark.line + 1 if mark is not None else None) from None
    check_depth(data, where)
    return data


def read_file(path: str | os.PathLike[str], max_bytes: int = MAX_FILE_BYTES) -> str:
    """The text of a file, reading at most ``max_bytes`` (a regular file only).

    Args:
        path: The file.
        max_bytes: The cap.

    Returns:
        The text (UTF-8).

    Raises:
        DataFileError: not a regular file, unreadable, larger than the cap, or not UTF-8.
    """
    path = Path(path)
    try:
        if not path.is_file():
            raise DataFileError(f"cannot read {path}: " + (
                "not a regular file" if path.exists() else "no such file"))
        with open(path, "rb") as fh:
            raw = fh.read(max_bytes + 1)
    except OSError as exc:
        raise DataFileError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(raw) > max_bytes:
        raise DataFileError(f"{path} is larger than {max_bytes:,} bytes; a data file this "
                            "big is refused unread")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataFileError(f"{path} is not UTF-8 text ({exc.reason} at byte "
                            f"{exc.start})") from None
