"""Checking a command's arguments before it runs: wrong types are refused by name.

000_8d1d7816ee944f3b.txt, "COMBAT GAMEPLAY – OVERVIEW:" (every step of a fight is one of its
actions). Not a rule of the text but of the kit (issue 11, "Bad input" 5): a public
:class:`~lfgcombat.engine.Encounter` command given an argument of the wrong type
(``move(name, None)``, ``interrupt(5)``, ``act_together(name, ["Hero"])``, a 5,000-digit
integer, NaN...) raises :class:`~lfgcombat.errors.IllegalActionError` naming the command and
the argument, never ``TypeError``/``AttributeError``/``KeyError``, and changes nothing.

Each handler's annotations (``name: str``, ``rounds: int | None``, ``foes: list[str]``...)
say what its arguments are; :func:`check_command` reads them. Arguments annotated ``Any``
(a destination, ``aoo=``, a weapon) must still be plain data: text, whole numbers of a sane
size, finite numbers, lists and mappings with text keys, nested a few levels at most.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..errors import IllegalActionError, LfgError
from ..rules._citations import R_ACTIONS
from .commands import COMMANDS, handler

if TYPE_CHECKING:
    from .encounter import Encounter

__all__ = ["INT_LIMIT", "check_command", "names_arg", "show"]

#: The largest whole number (in size) a command accepts anywhere: far above any rules
#: value (hit points, feet, rounds) and far below what slows printing or the log down.
INT_LIMIT = 10**9

_DEPTH = 8  # nesting of lists/mappings in an ``Any`` argument
_PLAIN = (str, int, float, bool, type(None), list, tuple, dict)


def show(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, safe for 5,000-digit integers and
    self-containing lists (a refusal message may print anything it was given)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"an integer of {value.bit_length()} bits"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _refuse(kind: str, field: str, want: str, value: Any) -> IllegalActionError:
    return IllegalActionError(f"{kind}: {field} must be {want}, not {show(value)}; "
                              f"pass {want}", R_ACTIONS)


def _whole(value: Any) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool)
            and -INT_LIMIT <= value <= INT_LIMIT)


def _plain(kind: str, field: str, value: Any, depth: int = 0) -> None:
    """Refuse anything but plain data of sane size (for arguments annotated ``Any``)."""
    want = "plain data (text, whole numbers, lists, mappings with text keys)"
    if depth > _DEPTH or not isinstance(value, _PLAIN):
        raise _refuse(kind, field, want, value)
    if isinstance(value, int) and not isinstance(value, bool) and not _whole(value):
        raise _refuse(kind, field, f"a whole number between {-INT_LIMIT} and {INT_LIMIT}",
                      value)
    if isinstance(value, float) and not math.isfinite(value):
        raise _refuse(kind, field, "a finite number", value)
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str):
                raise _refuse(kind, field, "a mapping with text keys", value)
            _plain(kind, f"{field}[{k!r}]", v, depth + 1)
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            _plain(kind, f"{field}[{i}]", v, depth + 1)


def _is_str_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


#: An annotation (as written, ``from __future__ import annotations``) -> (test, wanted).
_CHECKS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "str": (lambda v: isinstance(v, str), "text"),
    "str | None": (lambda v: v is None or isinstance(v, str), "text or None"),
    "int": (_whole, f"a whole number between {-INT_LIMIT} and {INT_LIMIT}"),
    "int | None": (lambda v: v is None or _whole(v),
                   f"a whole number between {-INT_LIMIT} and {INT_LIMIT}, or None"),
    "bool": (lambda v: isinstance(v, bool), "True or False"),
    "list[str]": (_is_str_list, "a list of names"),
    "list[str] | None": (lambda v: v is None or _is_str_list(v), "a list of names or None"),
    "dict": (lambda v: isinstance(v, dict), "a mapping"),
}


def check_command(kind: str, args: Mapping[str, Any]) -> None:
    """Check ``args`` against the annotations of command ``kind``'s handler.

    Args:
        kind: The command (``"move"``, ``"attack"``...).
        args: Its arguments, as the public method passes them to the handler.

    Raises:
        IllegalActionError: naming the command, the argument, what it must be and what it
            was; nothing has changed.
    """
    fn = COMMANDS.get(kind) if type(kind) is str else None  # (known: one lookup each)
    free = _FREE_OF.get(fn) if fn is not None else None
    if free is not None:  # every argument of a type that passes as it is: nothing to check
        for field, value in args.items():
            t = type(value)
            if t not in free.get(field, _FREE_ANY) or (value and (t is list or t is dict)):
                break
        else:
            return
    checks = _CHECKS_OF.get(fn) if fn is not None else None
    if checks is None:
        checks = _checks_of(handler(kind))  # (an unknown command is refused there)
    for field, value in args.items():
        check = checks.get(field)
        if check is not None:
            if not check[0](value):
                raise _refuse(kind, field, check[1], value)
            if check[0] in _PLAIN_TESTS:
                continue  # its test passed: plain data of sane size already
        if type(value) not in _SCALAR_OK:  # text, True/False, None: plain as they are
            _plain(kind, field, value)


#: The tests of :data:`_CHECKS` that only plain data of sane size passes (text, whole
#: numbers within :data:`INT_LIMIT`, True/False, None, lists of text): :func:`_plain`
#: has nothing to add after them.
_PLAIN_TESTS = frozenset(_CHECKS[note][0] for note in (
    "str", "str | None", "int", "int | None", "bool", "list[str]", "list[str] | None"))

#: The types :func:`_plain` accepts as they are, without a look (an ``int`` is not one: its
#: size is checked).
_SCALAR_OK = frozenset({str, bool, type(None)})

#: A handler -> its arguments' checks (:data:`_CHECKS` by annotation), read once a handler
#: (issue 24, "Fast": the annotations were read again at every command).
_CHECKS_OF: dict[Callable[..., Any], dict[str, tuple[Callable[[Any], bool], str]]] = {}


def _checks_of(fn: Callable[..., Any]) -> dict[str, tuple[Callable[[Any], bool], str]]:
    """The checks of ``fn``'s arguments: argument name -> (test, wanted), for those whose
    annotation :data:`_CHECKS` knows (an argument not in it is only checked to be plain
    data by :func:`_plain`)."""
    checks = _CHECKS_OF.get(fn)
    if checks is None:
        notes = getattr(fn, "__annotations__", {})
        checks = {field: check for field, note in notes.items()
                  if (check := _CHECKS.get(str(note))) is not None}
        _CHECKS_OF[fn] = checks
        _FREE_OF[fn] = {field: _FREE.get(str(note), _FREE_ANY) for field, note in notes.items()}
    return checks


#: An annotation of :data:`_CHECKS` -> the types a value passes it as it is, with nothing
#: more to check (a ``list`` or ``dict`` only when empty): :func:`check_command`'s common
#: case, every argument one of them, in one look each (issue 24, "Fast").
_FREE: dict[str, frozenset[type]] = {
    "str": frozenset({str}), "str | None": frozenset({str, type(None)}),
    "int": frozenset(), "int | None": frozenset({type(None)}), "bool": frozenset({bool}),
    "list[str]": frozenset({list}), "list[str] | None": frozenset({list, type(None)}),
    "dict": frozenset({dict})}
#: The same for an argument :data:`_CHECKS` has no test for (plain data: :func:`_plain`).
_FREE_ANY: frozenset[type] = frozenset({str, bool, type(None), list, dict})
#: A handler -> its arguments' :data:`_FREE` types (made with its :data:`_CHECKS_OF`).
_FREE_OF: dict[Callable[..., Any], dict[str, frozenset[type]]] = {}


def names_arg(kind: str, field: str, value: Any) -> list[str]:
    """One name or several (any iterable of text) as a list of names.

    Raises:
        IllegalActionError: neither a name nor an iterable of names.
    """
    if isinstance(value, str):
        return [value]
    t = type(value)  # (a list or tuple, most often: no look at the abstract classes)
    if t is list or t is tuple or (
            isinstance(value, Iterable) and not isinstance(value, (bytes, Mapping))):
        names = list(value)
        if all(isinstance(n, str) for n in names):
            return names
    raise _refuse(kind, field, "a name or a list of names", value)


# Arguments: Refuses a command whose arguments have the wrong type, before it is recorded.


def _do(st: Encounter, kind: str, args: dict[str, Any]) -> Any:
    check_command(kind, args)
    try:
        return st._run_step(kind, args)
    except LfgError:
        raise
    except (TypeError, AttributeError, KeyError, IndexError, ValueError,
            RecursionError, OverflowError) as exc:
        # the state is already restored (``_do`` rebuilds on any refusal)
        raise IllegalActionError(
            f"{kind}: an argument was not understood ({type(exc).__name__}: "
            f"{show(str(exc), 120)}); check {', '.join(args)}", R_ACTIONS) from exc
