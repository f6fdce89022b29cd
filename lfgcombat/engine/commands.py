"""The command registry: command name -> the handler that performs it.

Every public step of an :class:`~lfgcombat.engine.Encounter` is recorded in the log as a
command (its name and arguments) and performed by one handler. A rule module declares its
handlers with :func:`command`, next to the rule they implement::

    @command
    def _h_move(st: Encounter, name: str, to: Any, aoo: Any) -> None: ...

registers ``"move"``. Replay (:mod:`lfgcombat.engine.replay`) looks a logged command up
here, so the names are part of the save format: a handler may move between modules, but
its command name stays.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..errors import LfgError

__all__ = ["COMMANDS", "command", "handler"]

#: Command name -> handler (a rule module's function over the state; replay calls it as
#: ``handler(encounter, **args)``).
COMMANDS: dict[str, Callable[..., Any]] = {}

_F = TypeVar("_F", bound=Callable[..., Any])
_PREFIX = "_h_"


def command(fn: _F) -> _F:
    """Register ``fn`` (named ``_h_<command>``) as the handler of ``<command>``.

    Raises:
        LfgError: the name does not start with ``_h_``, or the command is registered twice.
    """
    if not fn.__name__.startswith(_PREFIX):
        raise LfgError(f"a command handler is named _h_<command>, not {fn.__name__!r}")
    name = fn.__name__[len(_PREFIX):]
    if name in COMMANDS and COMMANDS[name] is not fn:
        raise LfgError(f"command {name!r} is registered twice ({COMMANDS[name].__qualname__} "
                       f"and {fn.__qualname__}); give the new one another name")
    COMMANDS[name] = fn
    return fn


def handler(kind: str) -> Callable[..., Any]:
    """The handler of command ``kind``.

    Raises:
        LfgError: no such command (a log written by another program, or a typo).
    """
    fn = COMMANDS.get(kind) if isinstance(kind, str) else None
    if fn is None:
        raise LfgError(f"unknown command {kind!r}")
    return fn
