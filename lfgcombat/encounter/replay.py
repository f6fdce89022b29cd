"""The step machinery: commands, effects, undo, fork, save and load.

DESIGN.md, "How data flows": an encounter's state is the replay of its event log. Every public
method is one *step*: :meth:`ReplayRules._do` records the command, runs its handler (looked up
in the command registry, :mod:`lfgcombat.encounter.commands`) and, if the rules refuse it,
restores the state so nothing is half-done. :meth:`~ReplayRules.undo` replays a prefix of the
log; :meth:`~ReplayRules.load` re-executes every command with the recorded seed and compares
every effect with the file.

Extension point: the replay starts from :meth:`Encounter._reset` and walks the whole log
(:meth:`ReplayRules._replay`). Checkpoints (state snapshots every k events) belong here:
restore the nearest snapshot at or before the cut, then replay only the tail.
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, Self

from ..creature import Creature
from ..dice import Fortune
from ..errors import LfgError
from ..log import (
    FORMAT,
    VERSION,
    Event,
    EventLog,
    LogFormatError,
    jsonable,
    read_jsonl,
    write_jsonl,
)
from .commands import handler

if TYPE_CHECKING:
    from ..dice import Roller
    from ..rulesets import Ruleset
    from .core import Encounter
    from .state import TurnFrame, _Fighter


class ReplayContext(Protocol):
    """What the rules of this module use of an encounter (the parts of
    :class:`~lfgcombat.encounter.Encounter` they may touch)."""

    _f: dict[str, _Fighter]
    _frames: list[TurnFrame]
    _gang: dict[str, list[str]]
    _groups: dict[str, list[str]]
    _initial: dict[str, Creature]
    _last_unit: str | None
    _listeners: list[Callable[[Any], None]]
    _log: EventLog
    _map_text: str | None
    _names: list[str]
    _order: list[str]
    _replaying: bool
    _round_first: str | None
    _side_of: dict[str, str]
    _started: bool
    _step: int
    _surprise: bool
    _views: dict[str, Creature]
    map: Any
    roller: Roller
    round: int
    ruleset: Ruleset
    seed: int | str

    def _do(self, kind: str, args: dict[str, Any]) -> Any: ...

    def _emit(self, kind: str, *, command: bool = False, actor: str | None = None,
              target: str | None = None, data: Mapping[str, Any] | None = None) -> Event: ...

    def _header(self) -> dict[str, Any]: ...

    @classmethod
    def _from_header(cls, header: Mapping[str, Any], path: str | None = None) -> Encounter: ...

    def _rebuild(self, events: list[Event], *, path: str | None = None,
                 lines: list[int] | None = None) -> None: ...

    def _replay(self, events: list[Event], *, path: str | None, lines: list[int] | None
               ) -> None: ...

    def _reset(self) -> None: ...

    def _sync_space(self, quiet: bool = False) -> None: ...

    @property
    def current(self) -> str | None: ...

    @property
    def initiative_mode(self) -> str: ...

    @property
    def top_down_flat_footed(self) -> bool: ...


if TYPE_CHECKING:  # the rules see an encounter through their context only
    _Base = ReplayContext
else:
    _Base = object


class ReplayRules(_Base):
    """Recording, replaying, undoing, forking, saving and loading steps (and dice rolls)."""

    def _header(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "version": VERSION, "seed": self.seed,
            "ruleset": {"name": self.ruleset.name, **self.ruleset.switches()},
            "initiative": self.initiative_mode,
            "top_down_flat_footed": self.top_down_flat_footed,
            "creatures": [self._initial[n].to_dict() for n in self._names],
            "sides": {s: [n for n in self._names if self._side_of[n] == s]
                      for s in dict.fromkeys(self._side_of[n] for n in self._names)},
            "groups": {g: list(m) for g, m in self._groups.items()},
            "map": self._map_text,
            "map_options": ({"advanced_five_foot_step": self.map.advanced_five_foot_step}
                            if self.map is not None else None),
        }

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain, comparable data (tests compare two of them)."""
        return {
            "round": self.round, "surprise": self._surprise, "started": self._started,
            "frames": [fr.to_dict() for fr in self._frames], "order": list(self._order),
            "round_first": self._round_first, "last_unit": self._last_unit,
            "gang": copy.deepcopy(self._gang),
            "fighters": {n: f.to_dict() for n, f in self._f.items()},
            "rolls": [(str(r.expr), r.total) for r in self.roller.history],
            "map": self.map.snapshot() if self.map is not None else None,
            "events": len(self._log),
        }

    def subscribe(self, listener: Callable[["Encounter"], None]) -> Callable[[], None]:
        """Call ``listener(encounter)`` after every step, undo and replay (widgets redraw).

        Returns:
            A function that unsubscribes.
        """
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)
        return unsubscribe

    def _do(self, kind: str, args: dict[str, Any]) -> Any:
        """Run one command: record it, run its handler; on refusal restore the state."""
        perform = handler(kind)
        args = jsonable(args)
        start = len(self._log)
        rolls = len(self.roller.history)
        version = self.map.version if self.map is not None else None
        self._step += 1
        self._emit(kind, command=True, data=args, actor=args.get("name"),
                   target=args.get("target"))
        # one command may move creatures several times (a move split where AOO strike):
        # the map's widgets redraw once, after it
        with (self.map.hold() if self.map is not None else contextlib.nullcontext()):
            try:
                result = perform(self, **args)
            except BaseException:
                untouched = (len(self._log) == start + 1
                             and len(self.roller.history) == rolls
                             and (self.map is None or self.map.version == version))
                if untouched:
                    self._log._truncate(start)
                    self._step -= 1
                else:  # a refusal after a change: rebuild from the log (never half-done)
                    self._rebuild(list(self._log)[:start])
                raise
            self._sync_space()
        self._views.clear()
        if not self._replaying:
            for fn in list(self._listeners):
                fn(self)
        return result

    def _emit(self, kind: str, *, command: bool = False, actor: str | None = None,
              target: str | None = None, data: Mapping[str, Any] | None = None) -> Event:
        ev = Event(len(self._log), self._step, kind, command, self.round, self.current,
                   actor, target, jsonable(dict(data or {})))
        self._log._append(ev)
        return ev

    def _rebuild(self, events: list[Event], *, path: str | None = None,
                 lines: list[int] | None = None) -> None:
        """Replay ``events`` from the initial state, checking each effect (the map tells
        its widgets once, at the end: :meth:`~lfgcombat.hexmap.HexMap.hold`)."""
        with (self.map.hold() if self.map is not None else contextlib.nullcontext()):
            self._replay(events, path=path, lines=lines)

    def _replay(self, events: list[Event], *, path: str | None,
                lines: list[int] | None) -> None:
        self._log = EventLog()
        self._reset()
        self._replaying = True
        try:
            i = 0
            while i < len(events):
                cmd = events[i]
                line = lines[i] if lines else None
                if not cmd.command:
                    raise LogFormatError(f"expected a command, found a {cmd.kind!r} effect",
                                         path, line)
                j = i + 1
                while j < len(events) and not events[j].command:
                    j += 1
                expected = events[i:j]
                before = len(self._log)
                try:
                    self._do(cmd.kind, dict(cmd.data))
                except LogFormatError:
                    raise
                except LfgError as exc:
                    raise LogFormatError(f"the {cmd.kind!r} command does not replay: {exc}",
                                         path, line) from None
                except TypeError as exc:
                    raise LogFormatError(f"the {cmd.kind!r} command has bad arguments: "
                                         f"{exc}", path, line) from None
                got = list(self._log)[before:]
                for k in range(max(len(got), len(expected))):
                    a = got[k] if k < len(got) else None
                    b = expected[k] if k < len(expected) else None
                    if a != b:
                        ln = lines[i + k] if lines and i + k < len(lines) else line
                        raise LogFormatError(
                            f"replay gives {a!r} where the log records {b!r} (a hand-edited "
                            "or damaged file)", path, ln)
                i = j
        finally:
            self._replaying = False
            self._views.clear()

    def undo(self, n: int = 1) -> Self:
        """Drop the last ``n`` steps (public method calls) and replay the rest.

        Args:
            n: How many steps to undo (at least 1, at most all of them).

        Raises:
            LfgError: ``n`` out of range; nothing changes.
        """
        steps = [e.seq for e in self._log if e.command]
        if isinstance(n, bool) or not isinstance(n, int) or n < 1 or n > len(steps):
            raise LfgError(f"undo takes 1 to {len(steps)} steps (the log has {len(steps)}), "
                           f"not {n!r}")
        cut = steps[-n]
        self._rebuild(list(self._log)[:cut])
        for fn in list(self._listeners):
            fn(self)
        return self

    def fork(self) -> Encounter:
        """An independent copy to try a "what if" on (its own map, roller and log)."""
        other = type(self)._from_header(self._header())
        other._rebuild(list(self._log))
        return other

    def save(self, path: str | Path) -> Path:
        """Write the encounter as JSON Lines (a header line, then one line per event),
        atomically: to a temporary file beside ``path``, then renamed over it."""
        return write_jsonl(path, self._header(), self._log)

    @classmethod
    def load(cls, path: str | Path) -> Encounter:
        """Read a saved encounter and replay it to the same state.

        Every command is re-executed with the recorded seed and every effect compared with
        the file, so the loaded encounter is the one that was saved, or nothing.

        Raises:
            LogFormatError: (an :class:`~lfgcombat.errors.LfgError`) naming the line and
                the reason: not JSON, a bad header or event, or events that do not replay.
        """
        header, numbered = read_jsonl(path)
        enc = cls._from_header(header, str(path))
        enc._rebuild([e for _, e in numbered], path=str(path), lines=[ln for ln, _ in numbered])
        return enc

    def _roll(self, expr: str, *, label: str, actor: str | None = None,
              target: str | None = None, fortune: Fortune | str | None = None,
              against: int | None = None, outcome: str | None = None) -> Any:
        r = self.roller.roll(expr, fortune=fortune, label=label)
        if against is not None and outcome is None:
            outcome = "success" if r.total >= against else "failure"
        self._emit("roll", actor=actor, target=target, data={
            "expression": str(r.expr), "faces": list(r.faces), "natural": r.natural,
            "total": r.total, "fortune": r.fortune.value if r.fortune else None,
            "other": r.other.total if r.other is not None else None, "label": label,
            "against": against, "outcome": outcome})
        return r

    def _log_rolls(self, since: int, *, actor: str | None, target: str | None = None,
                   against: int | None = None, outcome: str | None = None,
                   only_first: bool = False) -> None:
        """Log the rolls another module made with the encounter's roller (``against`` and
        ``outcome`` on every one, or with ``only_first`` on the first alone)."""
        for i, r in enumerate(self.roller.history[since:]):
            if only_first and i:
                against = outcome = None
            self._emit("roll", actor=actor, target=target, data={
                "expression": str(r.expr), "faces": list(r.faces), "natural": r.natural,
                "total": r.total, "fortune": r.fortune.value if r.fortune else None,
                "other": r.other.total if r.other is not None else None, "label": r.label,
                "against": against, "outcome": outcome})

    def _last_command(self) -> Event | None:
        log = self._log
        return next((log[i] for i in range(len(log) - 1, -1, -1) if log[i].command), None)
