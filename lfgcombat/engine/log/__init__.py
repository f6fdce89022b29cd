"""The encounter's event log: typed events, the log, and saved encounters.

DESIGN.md, "How data flows": "every change is an Event appended to the log; state =
replay(log)". An :class:`~lfgcombat.engine.Encounter` appends events in *steps*: each
public method call is one step whose first event is the **command** (``command=True``: the
method's name and its arguments, exactly what replay re-executes) followed by the
**effects** it had (rolls, Reactions spent, HP changes, turns beginning...). Replaying a log
re-executes the commands with the same seeded roller and checks that every effect comes out
as recorded; see :meth:`lfgcombat.engine.Encounter.load`.

Event schema (one JSON object per line after the header line)::

    {"seq": 12, "step": 4, "round": 1, "turn": "Orc", "kind": "roll", "command": false,
     "actor": "Orc", "target": "Wulfric", "data": {...}}

* ``seq``: 0-based position in the log; ``step``: the command it belongs to (0-based);
* ``round``: the combat round (0 before :meth:`~lfgcombat.engine.Encounter.start`);
* ``turn``: whose turn it was when the event happened (a creature or a group), or null;
* ``kind``: a command name (``start``, ``move``, ``end_turn``, ``damage``...) when
  ``command`` is true, else one of :data:`EFFECT_KINDS`;
* ``actor`` / ``target``: creature names or null; ``data``: a JSON object (each kind's
  class declares its keys, which of them may be left out, and reads each as an attribute:
  :mod:`lfgcombat.engine.log.effects`, :mod:`lfgcombat.engine.log.commands`; an event refuses an
  unknown
  or missing key where it is built and is immutable, see :mod:`lfgcombat.engine.log.events`).

Modules: :mod:`~lfgcombat.engine.log.events` (the base class, reading an event),
:mod:`~lfgcombat.engine.log.effects` and :mod:`~lfgcombat.engine.log.commands` (one class per kind),
:mod:`~lfgcombat.engine.log.eventlog` (the log, as a table), :mod:`~lfgcombat.engine.log.savefile`
(the
file: header, format version, engine version, rules revision, digest).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from . import close, commands, effects
from . import updown  # issue 15's events
from . import rulesets  # issue 13's events (a ruleset's own round)
from .commands import CommandEvent
from .eventlog import EventLog
from .events import COMMAND_TYPES, EFFECT_TYPES, Event, LogFormatError, differences, jsonable
from .savefile import (FORMAT, READS, VERSION, SaveHeader, UnverifiedSaveWarning,
                       engine_version, file_digest, read_jsonl, replay_mismatch_message,
                       rules_changed, rules_stamp, write_jsonl)

__all__ = ["Event", "CommandEvent", "EventLog", "LogFormatError", "EFFECT_KINDS",
           "EFFECT_TYPES", "COMMAND_TYPES", "FORMAT", "VERSION", "READS", "SaveHeader",
           "UnverifiedSaveWarning",
           "write_jsonl", "read_jsonl", "jsonable", "engine_version", "rules_stamp",
           "rules_changed", "file_digest",
           "replay_mismatch_message", "differences", "effects", "commands", "close", "updown",
           "rulesets"]

#: The effect kinds and what their ``data`` holds (from each kind's class).
EFFECT_KINDS: Mapping[str, str] = MappingProxyType(
    {kind: cls.ABOUT for kind, cls in EFFECT_TYPES.items()})
