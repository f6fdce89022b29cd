"""The encounter's event log: every roll, action, choice, damage, condition change and turn
change is an :class:`Event`; the log is saved as JSON Lines and read back line by line.

DESIGN.md, "How data flows": "every change is an Event appended to the log; state =
replay(log)". An :class:`~lfgcombat.encounter.Encounter` appends events in *steps*: each
public method call is one step whose first event is the **command** (``command=True``: the
method's name and its arguments, exactly what replay re-executes) followed by the
**effects** it had (rolls, Reactions spent, HP changes, turns beginning...). Replaying a log
re-executes the commands with the same seeded roller and checks that every effect comes out
as recorded; see :meth:`lfgcombat.encounter.Encounter.load`.

Event schema (one JSON object per line after the header line)::

    {"seq": 12, "step": 4, "round": 1, "turn": "Orc", "kind": "roll", "command": false,
     "actor": "Orc", "target": "Wulfric", "data": {...}}

* ``seq``: 0-based position in the log; ``step``: the command it belongs to (0-based);
* ``round``: the combat round (0 before :meth:`~lfgcombat.encounter.Encounter.start`);
* ``turn``: whose turn it was when the event happened (a creature or a group), or null;
* ``kind``: a command name (``start``, ``move``, ``end_turn``, ``damage``...) when
  ``command`` is true, else one of :data:`EFFECT_KINDS`;
* ``actor`` / ``target``: creature names or null; ``data``: a JSON object (see
  :data:`EFFECT_KINDS` for what each kind carries).

The file's first line is the header: ``{"format": "lfgcombat-encounter", "version": 1,
...}`` with what is needed to rebuild the encounter before the first event (creatures,
sides, groups, map, ruleset, seed).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ._files import atomic_write_text
from .errors import LfgError

__all__ = ["Event", "EventLog", "LogFormatError", "EFFECT_KINDS", "FORMAT", "VERSION",
           "write_jsonl", "read_jsonl", "jsonable"]

FORMAT = "lfgcombat-encounter"
VERSION = 1

#: The effect kinds and what their ``data`` holds.
EFFECT_KINDS: Mapping[str, str] = {
    "roll": "expression, faces, natural, total, fortune, other, label, against, outcome",
    "initiative": "order: the initiative checks {name: total}; first: who acts first",
    "round_start": "round; surprise (bool); opener",
    "round_end": "round; last: who acted last",
    "turn_start": "kind (turn, interrupt, ready); chosen_by; first_of_round (bool)",
    "turn_end": "kind",
    "turn_resumed": "after: the interrupter whose turn ended",
    "turn_declined": "unit: the ally that asked to go later; chooser: who picks again; why",
    "together": "unit: the ally acting together with the actor; tactical_bonus (the GM's)",
    "spend": "action, type, slot (big, little, free, reaction, ...), left: actions left",
    "moved": "action, path [[col, row], ...], feet, feet_left, continued, part (a move "
             "split where AOO strike has one event per part), notes",
    "move_stopped": "action, at [col, row]: where the mover stopped, to: where it was going, "
                    "lost_path, why (dropped by an AOO, knocked prone...)",
    "aoo_offered": "by, action, step, taken, at [col, row]: the mover's hex when it strikes",
    "aoo": "by: the attacker taking it; cap; outcome",
    "attack": "weapon, outcome, hit, critical, against, bonus, gang_up, aoo, charge, "
              "modifiers (what the encounter added: running AC, charge, ignored foe), "
              "damage, why",
    "effect_start": "effect: {id, label, conditions, bonuses, ends, on, data}",
    "effect_end": "id, label, why",
    "condition": "change (gained, lost, duration), condition, rounds, by, consequences",
    "damage": "amount, type, damage {type: amount}, temp_hp_before/after, hp_before/after, "
              "source, events (what lfgcombat.vitals.Vitals.damage did, in words)",
    "heal": "amount, hp_before, hp_after, bleed_before, bleed_after, source, events",
    "temp_hp": "before, after, cap, events",
    "vitals": "status (unconscious, knocked out, stable, conscious, injured, no longer "
              "injured, dead), hp",
    "check": "check (perseverance), dcs [[why, DC], ...], dc: the hardest, rolled, bonus, "
             "total, outcome (required, success, failure)",
    "interrupt": "interrupters, winner, checks {name: total}, ready (bool)",
    "ready": "trigger, action, held {big, little}",
    "ready_lost": "why",
    "full_round_complete": "action",
    "spell": "spell, spell_level, swift, perseverance_dcs, outcome (cast, pending: ..., "
             "lost: ...)",
    "note": "text",
}


class LogFormatError(LfgError):
    """A saved encounter that cannot be read or does not replay.

    Attributes:
        path: The file (or ``None`` for in-memory text).
        line: 1-based line number of the fault (the header is line 1), or ``None``.
    """

    def __init__(self, message: str, path: str | None = None, line: int | None = None) -> None:
        self.path = path
        self.line = line
        where = path or "encounter log"
        if line is not None:
            where += f", line {line}"
        super().__init__(f"{where}: {message}")


def jsonable(value: Any) -> Any:
    """``value`` as plain JSON data (tuples become lists), so that it compares equal to what
    a save/load round trip gives back.

    Raises:
        LfgError: the value cannot be written as JSON (an object, NaN...).
    """
    try:
        return json.loads(json.dumps(value, allow_nan=False, ensure_ascii=False))
    except (TypeError, ValueError) as exc:
        raise LfgError(f"cannot record {value!r:.120} in the event log: {exc}") from None


@dataclass(frozen=True)
class Event:
    """One thing that happened in an encounter.

    Attributes:
        seq: Position in the log (0-based).
        step: The command (public method call) it belongs to.
        kind: The command's name, or an effect kind of :data:`EFFECT_KINDS`.
        command: ``True`` for the command that opens a step.
        round: Combat round (0 before the start).
        turn: Whose turn it was (creature or group name), or ``None``.
        actor: The creature doing it, or ``None``.
        target: The creature it is done to, or ``None``.
        data: Plain JSON data, by kind (see :data:`EFFECT_KINDS`).
    """

    seq: int
    step: int
    kind: str
    command: bool = False
    round: int = 0
    turn: str | None = None
    actor: str | None = None
    target: str | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The event as a JSON object (key order fixed)."""
        return {"seq": self.seq, "step": self.step, "round": self.round, "turn": self.turn,
                "kind": self.kind, "command": self.command, "actor": self.actor,
                "target": self.target, "data": self.data}

    @classmethod
    def from_json(cls, obj: Any, *, line: int | None = None, path: str | None = None
                  ) -> "Event":
        """Read an event written by :meth:`to_json`, checking every field.

        Raises:
            LogFormatError: naming the line and the field at fault.
        """
        def bad(msg: str) -> LogFormatError:
            return LogFormatError(msg, path, line)
        if not isinstance(obj, dict):
            raise bad(f"an event is a JSON object, got {type(obj).__name__}")
        expected = {"seq", "step", "round", "turn", "kind", "command", "actor", "target", "data"}
        if set(obj) != expected:
            missing = sorted(expected - set(obj))
            extra = sorted(set(obj) - expected)
            raise bad("event fields wrong: " + "; ".join(
                ([f"missing {', '.join(missing)}"] if missing else [])
                + ([f"unexpected {', '.join(extra)}"] if extra else [])))
        for key in ("seq", "step", "round"):
            v = obj[key]
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise bad(f"{key} must be a whole number >= 0, got {v!r}")
        for key in ("turn", "actor", "target"):
            if obj[key] is not None and not isinstance(obj[key], str):
                raise bad(f"{key} must be a name or null, got {obj[key]!r}")
        if not isinstance(obj["kind"], str) or not obj["kind"]:
            raise bad(f"kind must be a non-empty name, got {obj['kind']!r}")
        if not isinstance(obj["command"], bool):
            raise bad(f"command must be true or false, got {obj['command']!r}")
        if not obj["command"] and obj["kind"] not in EFFECT_KINDS:
            raise bad(f"unknown event kind {obj['kind']!r}; effects are "
                      + ", ".join(EFFECT_KINDS))
        if not isinstance(obj["data"], dict):
            raise bad(f"data must be a JSON object, got {obj['data']!r:.80}")
        return cls(obj["seq"], obj["step"], obj["kind"], obj["command"], obj["round"],
                   obj["turn"], obj["actor"], obj["target"], obj["data"])

    def describe(self) -> str:
        """A short readable line (used in ``repr`` and the data frame's ``text`` column)."""
        d = self.data
        who = self.actor or ""
        if self.command:
            args = ", ".join(f"{k}={v!r}" for k, v in d.items() if v not in (None, [], {}))
            return f"{self.kind}({args})"
        k = self.kind
        if k == "roll":
            text = f"{d.get('label') or 'roll'}: {d.get('expression')} = {d.get('total')}"
            if d.get("fortune"):
                text += f" ({d['fortune']}: other {d.get('other')})"
            if d.get("against") is not None and " vs " not in str(d.get("label")):
                text += f" vs {d['against']}"
            if d.get("outcome"):
                text += f" -> {d['outcome']}"
            return text
        if k == "damage":
            return (f"{self.target} takes {d.get('amount')} {d.get('type') or ''} damage "
                    f"(HP {d.get('hp_before')} -> {d.get('hp_after')})").replace("  ", " ")
        if k == "heal":
            return f"{self.target} heals {d.get('amount')} (HP {d.get('hp_before')} -> {d.get('hp_after')})"
        if k == "turn_start":
            return f"{self.turn}'s {d.get('kind', 'turn')} begins" + (
                f" (chosen by {d['chosen_by']})" if d.get("chosen_by") else
                " (forced by the GM: the lowest Initiative Roll)" if d.get("forced_by_gm")
                else "")
        if k == "spend":
            slot = str(d.get("slot"))
            article = "an" if slot[:1].lower() in "aeiou" else "a"
            return f"{who} uses {article} {slot} action: {d.get('action')}"
        if k == "condition":
            return f"{self.target} {d.get('change')} {d.get('condition')}"
        if k in ("effect_start", "effect_end"):
            label = d.get("effect", d).get("label") if isinstance(d.get("effect", d), dict) else ""
            return f"{self.target or who}: {label} {'begins' if k == 'effect_start' else 'ends'}"
        if k == "note":
            return str(d.get("text", ""))
        if k == "move_stopped":
            return (f"{who} stops at {tuple(d.get('at') or ())}: {d.get('why')}; the rest of "
                    f"the {str(d.get('action', 'move')).replace('_', ' ')} is lost")
        if k == "check":
            if d.get("rolled"):
                return (f"{who} Perseverance check {d.get('total')} vs DC {d.get('dc')}: "
                        f"{d.get('outcome')}")
            return f"{who} must pass a Perseverance check DC {d.get('dc')} or the spell fails"
        if k == "vitals":
            return f"{self.target} is {d.get('status')} (HP {d.get('hp')})"
        if k == "moved":
            verb = {"move": "moves", "five_foot_step": "takes a 5-foot step", "run": "runs",
                    "retreat": "retreats", "trade_spaces": "trades spaces"}.get(
                        str(d.get("action")), str(d.get("action")))
            path = d.get("path") or [[None, None]]
            feet = "" if d.get("action") == "five_foot_step" else f" {d.get('feet')} ft"
            text = f"{who} {verb}{feet} to {tuple(path[-1])}"
            if d.get("feet_left"):
                text += f" ({d['feet_left']} ft left)"
            return text + "".join(f"; {n}" for n in d.get("notes") or [])
        if k == "aoo_offered":
            where = f" at {tuple(d['at'])}" if d.get("at") else ""
            what = str(d.get("action", "action")).replace("_", " ")
            return (f"{who} may take an AOO against {self.target}'s {what}{where}: "
                    f"{'taken' if d.get('taken') else 'not taken'}")
        if k == "aoo":
            cap = f" (consecutive attack penalty -{d['cap']})" if d.get("cap") else ""
            return f"{who} takes an AOO against {self.target}{cap}"
        if k == "turn_declined":
            return (f"{d.get('unit') or who} asks {d.get('chooser') or self.target} to pick "
                    "someone else, and will go later")
        if k == "together":
            bonus = d.get("tactical_bonus")
            return (f"{who} and {d.get('unit') or self.target} act together"
                    + (f" (+{bonus} Tactical to attack rolls, the GM's call)" if bonus else ""))
        if k == "interrupt":
            checks = ", ".join(f"{n} {v}" for n, v in (d.get("checks") or {}).items())
            who_tries = ", ".join(d.get("interrupters") or [who])
            winner = d.get("winner")
            return (f"{who_tries} tries to interrupt {self.target} (opposed initiative: {checks})"
                    f": {winner + ' wins' if winner else 'nobody wins'}")
        if k == "spell":
            text = f"{who} casts {d.get('spell')} (spell level {d.get('spell_level')})"
            if self.target:
                text += f" on {self.target}"
            text += f": {d.get('outcome')}"
            for dc in d.get("perseverance_dcs") or []:
                text += f"; Perseverance DC {dc[1]} ({dc[0]})" if isinstance(dc, list) else ""
            return text
        if k == "initiative":
            order = ", ".join(f"{n} {v}" for n, v in (d.get("order") or {}).items())
            text = f"initiative: {order}; {d.get('first')} acts first"
            if d.get("declined"):
                text += f"; declined to roll: {', '.join(d['declined'])}"
            return text
        if k == "round_start":
            return (f"round {d.get('round')} begins"
                    + (" (the Surprise Round)" if d.get("surprise") else "")
                    + (f", opened by {d['opener']}" if d.get("opener") else ""))
        if k == "round_end":
            return f"round {d.get('round')} ends (last to act: {d.get('last')})"
        if k == "turn_end":
            return f"{self.turn}'s {d.get('kind', 'turn')} ends"
        if k == "turn_resumed":
            return f"{self.turn}'s turn resumes after {d.get('after')}'s interrupt"
        extra = ", ".join(f"{a}={b}" for a, b in d.items())
        return f"{k} {who}{(' -> ' + self.target) if self.target else ''}: {extra}".strip()

    def __repr__(self) -> str:
        return f"<Event #{self.seq} r{self.round} {self.describe()}>"


class EventLog(Sequence[Event]):
    """The events of an encounter, oldest first (read-only; the encounter appends).

    Index it, iterate it, or turn it into a table with :meth:`to_dataframe`.
    """

    def __init__(self, events: Iterable[Event] = ()) -> None:
        self._events: list[Event] = list(events)

    def __len__(self) -> int:
        return len(self._events)

    def __getitem__(self, i):  # type: ignore[override]
        return self._events[i]

    def __iter__(self) -> Iterator[Event]:
        return iter(self._events)

    def __repr__(self) -> str:
        steps = len({e.step for e in self._events})
        return f"EventLog({len(self._events)} events in {steps} steps)"

    def _append(self, event: Event) -> None:
        self._events.append(event)

    def _truncate(self, n: int) -> None:
        del self._events[n:]

    @property
    def commands(self) -> list[Event]:
        """The command events (one per public method call), in order."""
        return [e for e in self._events if e.command]

    def of_kind(self, *kinds: str, commands: bool = False) -> list[Event]:
        """The effect events of the given kinds, in order (the commands of those names too
        with ``commands=True``: ``damage`` is both a command and its effect)."""
        return [e for e in self._events if e.kind in kinds and (commands or not e.command)]

    def to_dataframe(self):
        """One row per event.

        Columns: seq, step, round, turn, kind, command, actor, target, action, expression,
        natural, total, against, outcome, hp_before, hp_after, text, and one
        ``damage_<type>`` column per damage type dealt (000_8d1d7816ee944f3b.txt, "Damage
        in Combat": damage is dealt by type).

        Returns:
            A ``pandas.DataFrame``.
        """
        import pandas as pd
        rows = []
        damage_types: list[str] = []
        for e in self._events:
            d = e.data
            row: dict[str, Any] = {
                "seq": e.seq, "step": e.step, "round": e.round, "turn": e.turn,
                "kind": e.kind, "command": e.command, "actor": e.actor, "target": e.target,
                "action": (e.kind if e.command else d.get("action")),
                "expression": d.get("expression") if e.kind == "roll" else None,
                "natural": d.get("natural") if e.kind == "roll" else None,
                "total": d.get("total") if e.kind == "roll" else None,
                "against": d.get("against") if e.kind == "roll" else None,
                "outcome": d.get("outcome"),
                "hp_before": d.get("hp_before"), "hp_after": d.get("hp_after"),
                "text": e.describe(),
            }
            if e.kind == "damage" and isinstance(d.get("damage"), dict):
                for t, amount in d["damage"].items():
                    col = f"damage_{t}"
                    if col not in damage_types:
                        damage_types.append(col)
                    row[col] = amount
            rows.append(row)
        cols = ["seq", "step", "round", "turn", "kind", "command", "actor", "target", "action",
                "expression", "natural", "total", "against", "outcome", "hp_before",
                "hp_after", *damage_types, "text"]
        frame = pd.DataFrame(rows, columns=cols)
        for col in ("natural", "total", "against", "hp_before", "hp_after", *damage_types):
            frame[col] = frame[col].astype("Int64")
        return frame

    def explain(self, last: int | None = None) -> str:
        """The log as text, one event a line (the last ``last`` events if given)."""
        events = self._events if last is None else self._events[-last:]
        return "\n".join(f"{e.seq:>4} r{e.round} {'>' if e.command else ' '} {e.describe()}"
                         for e in events)


def write_jsonl(path: str | os.PathLike[str], header: Mapping[str, Any],
                events: Iterable[Event]) -> Path:
    """Write a header line and one line per event, atomically.

    The text goes to a temporary file beside ``path`` which is then renamed over it, so a
    crash or a full disk never leaves a half-written save (DESIGN.md: "save is 'write the
    log'").

    Returns:
        The path written.
    """
    path = Path(path)
    lines = [json.dumps(dict(header), ensure_ascii=False, allow_nan=False)]
    lines += [json.dumps(e.to_json(), ensure_ascii=False, allow_nan=False) for e in events]
    text = "\n".join(lines) + "\n"
    return atomic_write_text(path, text)


def _no_constants(name: str) -> float:
    raise ValueError(f"{name} is not allowed")


def read_jsonl(path: str | os.PathLike[str]) -> tuple[dict[str, Any], list[tuple[int, Event]]]:
    """Read a saved encounter: its header and its events with their line numbers.

    Raises:
        LogFormatError: unreadable file, a line that is not JSON, a bad header or event,
            events out of order; the message names the line.
    """
    where = os.fspath(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LogFormatError(f"cannot read the file: {exc}", where) from None
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines:
        raise LogFormatError("the file is empty; expected a header line", where, 1)
    parsed: list[Any] = []
    for i, ln in enumerate(lines, 1):
        if not ln.strip():
            raise LogFormatError("blank line; every line must be one JSON object", where, i)
        try:
            parsed.append(json.loads(ln, parse_constant=_no_constants))
        except (json.JSONDecodeError, ValueError) as exc:
            raise LogFormatError(f"not valid JSON ({exc})", where, i) from None
    header = parsed[0]
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise LogFormatError(f"not an lfgcombat encounter: the header line needs "
                             f"\"format\": \"{FORMAT}\"", where, 1)
    if header.get("version") != VERSION:
        raise LogFormatError(f"unsupported version {header.get('version')!r}; this kit "
                             f"reads version {VERSION}", where, 1)
    events: list[tuple[int, Event]] = []
    last_step = -1
    for i, obj in enumerate(parsed[1:], 2):
        ev = Event.from_json(obj, line=i, path=where)
        if ev.seq != len(events):
            raise LogFormatError(f"seq is {ev.seq}, expected {len(events)} (events out of "
                                 "order, or a line was removed or added)", where, i)
        if ev.command:
            if ev.step != last_step + 1:
                raise LogFormatError(f"command step is {ev.step}, expected {last_step + 1}",
                                     where, i)
            last_step = ev.step
        elif ev.step != last_step:
            raise LogFormatError(f"effect belongs to step {ev.step} but follows step "
                                 f"{last_step}'s command", where, i)
        events.append((i, ev))
    return header, events

