"""The step machinery: commands, effects, undo, fork, save and load.

DESIGN.md, "How data flows": an encounter's state is the replay of its event log. Every public
method is one *step*: :meth:`ReplayRules._run_step` records the command, runs its handler
(looked up in the command registry, :mod:`lfgcombat.engine.commands`) and, if the rules
refuse it, restores the state so nothing is half-done. :meth:`~ReplayRules.undo` replays a
prefix of the log; :meth:`~ReplayRules.load` re-executes every command with the recorded seed
and compares every effect with the file (a save written by another version of lfgcombat that replays
differently is refused saying the rules changed since; ``load(path, rederive=True)`` replays
the commands under today's rules and lists every difference instead).

Checkpoints (:mod:`lfgcombat.engine.checkpoints`): a snapshot of the state every
:data:`~lfgcombat.engine.checkpoints.EVERY` events; a replay (undo, fork, a refused step)
restores the nearest one at or before its cut and replays only the tail.

The GM's map edits made outside the commands (``enc.map.set_terrain(...)`` mid-fight) are
noticed at the next step, fork, save or undo and recorded as a ``map_edit`` step (the map's
terrain, elevation and background after it), so every replay keeps them. A rebuild outside
a step (an undo, a declined turn) keeps the cells such an edit changed, on top of what it
leaves, and records them after it; a ``map_edit`` step is nobody's action (a declined turn
looks past it). A fighter's altitude set on the map between steps
(``enc.map.set_altitude(...)``) is not waited for: it is the encounter's own
``set_altitude`` step at once (:class:`GmAltitude`), in the order the GM makes them.
"""

from __future__ import annotations

import contextlib
import copy
import gc
import operator
import warnings
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..shortrepr import short
from ..dice import Fortune
from ..errors import LfgError
from .log import FORMAT, VERSION, Event, EventLog, LogFormatError, read_jsonl, write_jsonl
from .log.events import frozen_data, frozen_event, frozen_jsonable, read_event
from .log import savefile
from .log.savefile import UnverifiedSaveWarning, clip, event_text, replay_mismatch_message
from .log.effects import roll_data, roll_label
from . import checkpoints
from .checkpoints import Checkpoint
from .commands import COMMANDS, command, handler

if TYPE_CHECKING:
    from .encounter import Encounter


# Replay: Recording, replaying, undoing, forking, saving and loading steps (and dice rolls).

#: What :meth:`load` with ``rederive=True`` found: every difference between the save's
#: recorded effects and today's rules (``None`` unless asked).
#: ``False`` after :meth:`load` of a save in the first format, whose header no digest
#: covers (``True`` for every encounter built or loaded from today's format).
#: The map's static layers as the log leaves them (``map_layers``' form; ``None``: as
#: the map was built, ``_map_layers0``): what an edit not yet recorded is measured from.


def _header(st: Encounter) -> dict[str, Any]:
    return {
        "format": FORMAT, "version": VERSION, "seed": st.seed,
        "ruleset": {"name": st.ruleset.name, **st.ruleset.switches()},
        "initiative": st.initiative_mode,
        "top_down_flat_footed": st.top_down_flat_footed,
        "creatures": [st._initial[n].to_dict() for n in st._names],
        "sides": {s: [n for n in st._names if st._side_of[n] == s]
                  for s in dict.fromkeys(st._side_of[n] for n in st._names)},
        "groups": {g: list(m) for g, m in st._groups.items()},
        "map": st._map_text,
        "map_options": ({"advanced_five_foot_step": st.map.advanced_five_foot_step}
                        if st.map is not None else None),
        "accuracy_by_volume": getattr(st, "_volume_rule", True),  # archery.py
        "knockdown_after_strike": getattr(st, "_knockdown_rule", True),  # momentum.py
        # the players' screen's (a header without it keeps nobody: older saves)
        **({"kept_from_players": list(st.kept_from_players)} if st.kept_from_players else {}),
    }


def snapshot(st: Encounter, *, rolls: bool = True) -> dict[str, Any]:
    """The whole state as plain, comparable data (tests compare two of them).

    Args:
        rolls: Every roll made so far (``True``, the default); ``False`` gives their
            count, the last one and the dice's generator state instead, so the snapshot
            costs the state's size, not the fight's length (a check after every step
            stays linear in the fight).

    Returns:
        A dict of plain values.
    """
    history = st.roller.history
    return {
        "round": st.round, "surprise": st._surprise, "started": st._started,
        "frames": [fr.to_dict() for fr in st._frames], "order": list(st._order),
        "round_first": st._round_first, "last_unit": st._last_unit,
        "gang": copy.deepcopy(st._gang),
        "fighters": {n: f.to_dict() for n, f in st._f.items()},
        "rolls": ([(str(r.expr), r.total) for r in history] if rolls else
                  (len(history), (str(history[-1].expr), history[-1].total)
                   if history else None, st.roller._rng.getstate())),
        "map": st.map.snapshot() if st.map is not None else None,
        "events": len(st._log),
    }


def subscribe(st: Encounter, listener: Callable[["Encounter"], None]) -> Callable[[], None]:
    """Call ``listener(encounter)`` after every step, undo and replay (widgets redraw).

    Returns:
        A function that unsubscribes.
    """
    st._listeners.append(listener)

    def unsubscribe() -> None:
        if listener in st._listeners:
            st._listeners.remove(listener)
    return unsubscribe


def _run_step(st: Encounter, kind: str, args: dict[str, Any]) -> Any:
    """Run one command: record it, run its handler; on refusal restore the state
    (reached through :meth:`ArgumentsRules._do`, which checks the arguments first).

    A map edit made outside the encounter's commands since the last step (the GM
    painting terrain) is recorded first, as its own ``map_edit`` step."""
    if kind != "map_edit" and st.map is not None and not st._replaying and not st._depth:
        _note_map_edits(st)
    # the command's handler: a function of its rule module, run on this state
    perform = COMMANDS.get(kind) if type(kind) is str else None
    if perform is None:
        perform = handler(kind)  # (an unknown command is refused there)
    # the arguments as the log records them, frozen in one walk: the command's data, and
    # what the handler is given (as a replay gives it: issue 24, "Fast")
    args = frozen_data(args) if type(args) is dict else frozen_jsonable(args)
    events = st._log._events
    start = len(events)
    rolls = len(st.roller.history)
    version = st.map.version if st.map is not None else None
    st._step += 1
    frames = st._frames
    events.append(frozen_event(start, st._step, kind, True, st.round,
                               frames[-1].unit if frames else None, args.get("name"),
                               args.get("target"), args))
    if st.map is None:  # no map to hold (issue 24, "Fast": one step less per command)
        result = _perform(st, perform, args, start, rolls, None)
    elif st.map._held:  # its widgets wait already (a replay holds the map throughout)
        result = _perform(st, perform, args, start, rolls, version)
    else:
        # one command may move creatures several times (a move split where AOO strike):
        # the map's widgets redraw once, after it
        with st.map.hold():
            result = _perform(st, perform, args, start, rolls, version)
    st._views.clear()
    if st.map is not None or st.checkpoint_every is not None:  # (GM prep: neither)
        _after_step(st)
    if st._listeners and not st._replaying:  # (none in GM prep: no copy of the list made)
        for fn in list(st._listeners):
            fn(st)
    return result


def _perform(st: Encounter, perform: Callable[..., Any], args: dict[str, Any], start: int,
             rolls: int, version: Any) -> Any:
    """Run a step's handler at the step's depth (:func:`_run_step`; ``start``, ``rolls``
    and ``version``: the log's length, the roller's history and the map's version before
    it); on refusal restore the state (never half-done) and raise."""
    st._depth += 1
    try:
        result = perform(st, **args)
    except BaseException:
        st._depth -= 1
        untouched = (len(st._log) == start + 1
                     and len(st.roller.history) == rolls
                     and (st.map is None or st.map.version == version))
        if untouched:
            st._log._truncate(start)
            st._step -= 1
        else:  # a refusal after a change: rebuild from the log (never half-done)
            st._rebuild(list(st._log)[:start])
        raise
    try:  # at the step's depth: the map writes it makes are the step's own
        if st.map is not None:
            st._sync_space()
    finally:
        st._depth -= 1
    return result


def _after_step(st: Encounter) -> None:
    """Note the map's terrain as the commands left it; take a checkpoint when due."""
    if st.map is not None and st.map.terrain_version != st._seen_terrain:
        _see_map(st)
    every = st.checkpoint_every
    if every is None or st._depth:
        return
    cps = st._checkpoints  # (fewer than ``every`` events since the last: not due, issue 24)
    if len(st._log._events) - (cps[-1].events if cps else 0) >= every and \
            checkpoints.due(st, every):
        cps.append(checkpoints.take(st))


def _see_map(st: Encounter) -> None:
    """Remember the map's static layers as the log leaves them (a later change is the
    GM's edit, recorded at the next step)."""
    st._seen_terrain = st.map.terrain_version
    st._seen_layers = checkpoints.map_layers(st.map)


def _pending_map_edit(st: Encounter) -> checkpoints.LayerEdit | None:
    """The GM's edit of the map made since the last step and not yet recorded (only the
    cells it changed), or ``None``."""
    if st.map is None or st.map.terrain_version == st._seen_terrain:
        return None
    seen = st._seen_layers if st._seen_layers is not None else st._map_layers0
    return checkpoints.layer_edit(seen, checkpoints.map_layers(st.map)) or None


@contextlib.contextmanager
def _keeping_map_edit(st: Encounter, after: int | None = None) -> Iterator[None]:
    """Around a rebuild of the log outside :meth:`_do` (undo, a declined turn): the
    GM's edit not yet recorded (and, with ``after``, the ``map_edit`` steps recorded
    after event ``after``, which the rebuild drops) is put back on top of the layers
    the rebuild leaves and recorded as a ``map_edit`` step after it, so it is neither
    lost nor made at another point of the log (only the cells it changed: an edit the
    rebuild dropped for good stays dropped). If the body raises, the edit not yet
    recorded is put back unrecorded, as it was."""
    if st.map is None:
        edit = None
    elif after is None:
        edit = st._pending_map_edit()
    else:
        edit = checkpoints.layer_edit(_layers_before(st, after),
                                      checkpoints.map_layers(st.map)) or None
    try:
        yield
    except BaseException:
        if edit is not None:
            checkpoints.set_map_layers(st.map, **edit.on(checkpoints.map_layers(
                st.map)))
        raise
    if edit is not None:
        now = checkpoints.map_layers(st.map)
        layers = edit.on(now)
        if layers != now:
            st._do("map_edit", layers)


def _layers_before(st: Encounter, seq: int) -> Mapping[str, Any]:
    """The map's static layers as the log stands before event ``seq``: the last
    ``map_edit`` step's before it, or the map's as it was built."""
    log = st._log
    for i in range(min(seq, len(log)) - 1, -1, -1):
        if log[i].command and log[i].kind == "map_edit":
            return log[i].data
    return st._map_layers0


def record_map_edits(st: Encounter) -> Encounter:
    """Record the GM's edits of the map made since the last step (terrain, elevation,
    the picture, wall heights, the ceiling) as a ``map_edit`` step now; without this
    they are recorded at the next command, fork or save (so a refused command right
    after an edit still leaves that edit's step in the log). Nothing to record: no
    step."""
    _note_map_edits(st)
    return st


def _note_map_edits(st: Encounter) -> None:
    """Record the map's terrain, elevation and background as a ``map_edit`` step if
    they were edited since the last step (by the GM, not by a command)."""
    if st.map is not None and st.map.terrain_version != st._seen_terrain:
        st._do("map_edit", checkpoints.map_layers(st.map))


@command
def _h_map_edit(st: Encounter, terrain: Any, elevation: Any, background: Any,
                wall_height: Any = None, ceiling: Any = checkpoints._KEEP,
                doors: Any = None) -> None:
    """The GM's edit of the map's terrain, elevation, background picture, wall heights,
    ceiling or doors, as the map stood after it (recorded by :meth:`_note_map_edits`;
    replay sets it back; an edit saved before the ceiling or the doors were recorded
    leaves them as painting the terrain does: :func:`checkpoints.set_map_layers`)."""
    if st.map is None:
        raise LfgError("map_edit: this encounter has no map")
    checkpoints.set_map_layers(st.map, terrain, elevation, background, wall_height,
                               ceiling, doors)


def _emit(st: Encounter, kind: str, *, command: bool = False, actor: str | None = None,
          target: str | None = None, data: Mapping[str, Any] | None = None) -> Event:
    events = st._log._events  # (the log's list, its length and whose turn read directly:
    frames = st._frames       # issue 24, "Fast", every event is built here)
    ev = frozen_event(len(events), st._step, kind, command, st.round,
                      frames[-1].unit if frames else None, actor, target,
                      frozen_data(data if type(data) is dict else dict(data or {})))
    events.append(ev)
    return ev


def _rebuild(st: Encounter, events: list[Any], *, path: str | None = None,
             lines: list[int] | None = None, header: Mapping[str, Any] | None = None,
             rederive: list[Difference] | None = None,
             classes: list[type[Event]] | None = None) -> None:
    """Replay ``events`` from the nearest checkpoint of the same log (or the initial
    state), checking each effect (the map tells its widgets once, at the end:
    :meth:`~lfgcombat.battlemap.HexMap.hold`).

    Args:
        events: The events to end with (with ``classes``: a save's event objects).
        path: The file they come from (for messages).
        lines: Their line numbers in it.
        header: The file's header (:class:`~lfgcombat.engine.log.SaveHeader`): a difference
            then says whether the rules changed since it was written.
        rederive: A list to fill with every difference instead of refusing the first
            (the recorded effects are not kept: the commands replay under today's
            rules).
        classes: ``events`` are a save's events as read and checked, not made
            (:class:`~lfgcombat.engine.log.savefile.CheckedEvents`: their JSON objects),
            and these their classes (:func:`_replay_saved`).
    """
    with (st.map.hold() if st.map is not None else contextlib.nullcontext()):
        cp = st._checkpoint_for(events) if rederive is None else None
        if cp is None:
            st._log = EventLog(cite=st.ruleset.cite_event,
                               words=st.ruleset.event_words,
                               fixed_order=st.initiative_policy.fixed_order)
            st._reset()
            start = 0
        else:
            st._checkpoints = [c for c in st._checkpoints if c.events <= cp.events]
            st._log = EventLog(events[:cp.events], cite=st.ruleset.cite_event,
                               words=st.ruleset.event_words,
                               fixed_order=st.initiative_policy.fixed_order)
            checkpoints.restore_into(st, cp)
            start = cp.events
        st._replaying = True
        st._replay_end = len(events)  # checkpoints.due: sparse far from the end
        try:
            if classes is None:
                st._replay(events, start, path=path, lines=lines, header=header,
                           rederive=rederive)
            else:  # (a load: a fresh encounter, every event replayed)
                _replay_saved(st, events, classes, start, path=path, lines=lines,
                              header=header)
        finally:
            st._replaying = False
            st._replay_end = None
            st._views.clear()
            if st.map is not None:
                _see_map(st)


def _checkpoint_for(st: Encounter, events: list[Event]) -> Checkpoint | None:
    """The last checkpoint within the prefix ``events`` shares with the log (the same
    event objects), or ``None``."""
    log = st._log
    shared = min(len(events), len(log))
    if sum(map(operator.is_, events, log)) == shared:  # the whole prefix (C-level)
        same = shared
    else:
        same = 0
        for a, b in zip(events, log):
            if a is not b:
                break
            same += 1
    usable = [c for c in st._checkpoints if c.events <= same]
    return usable[-1] if usable else None


def _replay(st: Encounter, events: list[Event], i: int, *, path: str | None,
            lines: list[int] | None, header: Mapping[str, Any] | None,
            rederive: list[Difference] | None) -> None:
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
        before = len(st._log)
        try:
            st._do(cmd.kind, dict(cmd.data))
        except LogFormatError:
            raise
        except (LfgError, TypeError) as exc:
            what = ("does not replay" if isinstance(exc, LfgError)
                    else "has bad arguments")
            if rederive is None:
                raise LogFormatError(refusal_message(header, cmd, f"the {cmd.kind!r} "
                                                     f"command {what}: {clip(str(exc))}"),
                                     path, line) from None
            rederive.append(Difference(cmd.seq, line, "command", cmd.describe(),
                                       f"refused: {clip(str(exc))}"))
        got = st._log[before:]
        if rederive is not None:
            rederive.extend(compare_step(expected, got, lines[i:j] if lines else None))
        else:
            _check_step(st, expected, got, i, path=path, lines=lines, header=header)
        i = j


def _replay_saved(st: Encounter, objs: list[Any], classes: list[type[Event]], i: int, *,
                  path: str | None, lines: list[int] | None,
                  header: Mapping[str, Any] | None) -> None:
    """:func:`_replay` of a save's events as read and checked (their JSON objects and the
    classes they make, :class:`~lfgcombat.engine.log.savefile.CheckedEvents`): each
    command runs with its data as read (checked and frozen by :meth:`_do` as its event's
    is: the handler is given the same values); each step's events replayed are compared
    with the file's objects as read (an event's fields are its JSON object's, ``data``
    frozen: equal as the event made of it is), and the file's events are made only for a
    step that differs, to name the difference as :func:`_check_step` does (issue 24,
    "Fast": a load made every event of the file, to compare it once)."""
    starts = [k for k in range(i, len(objs)) if objs[k]["command"]]
    if i < len(objs) and (not starts or starts[0] != i):
        raise LogFormatError(f"expected a command, found a {objs[i]['kind']!r} effect",
                             path, lines[i] if lines else None)
    starts.append(len(objs))
    for i, j in zip(starts, starts[1:]):
        kind = objs[i]["kind"]
        before = len(st._log._events)
        try:  # (its data as read: :meth:`_do` checks it and freezes it, as the event's)
            st._do(kind, dict(objs[i]["data"]))
        except LogFormatError:
            raise
        except (LfgError, TypeError) as exc:
            what = ("does not replay" if isinstance(exc, LfgError)
                    else "has bad arguments")
            raise LogFormatError(refusal_message(header, read_event(objs[i]), f"the "
                                                 f"{kind!r} command {what}: "
                                                 f"{clip(str(exc))}"),
                                 path, lines[i] if lines else None) from None
        got = st._log._events[before:]  # (the log's list, read directly)
        if (len(got) != j - i or list(map(type, got)) != classes[i:j]
                or list(map(vars, got)) != objs[i:j]):
            _check_step(st, list(map(read_event, objs[i:j])), got, i, path=path,
                        lines=lines, header=header)


def _check_step(st: Encounter, expected: list[Event], got: list[Event], i: int, *,
                path: str | None, lines: list[int] | None,
                header: Mapping[str, Any] | None) -> None:
    """Raise LogFormatError at the first event of a step that does not replay.

    The whole step is compared first in two C-level list comparisons (the events'
    classes, then their fields: what the loop below finds of a step that replays, without
    its steps per event; issue 24, "Fast": a load compares every event it replays)."""
    if (len(got) == len(expected) and list(map(type, got)) == list(map(type, expected))
            and list(map(vars, got)) == list(map(vars, expected))):
        return
    for k in range(max(len(got), len(expected))):
        a = got[k] if k < len(got) else None
        b = expected[k] if k < len(expected) else None
        if a is not None and b is not None and type(a) is type(b) and vars(a) == vars(b):
            continue  # the same fields (an event's whole state): equal, as == says
        if a != b:
            ln = lines[min(i + k, len(lines) - 1)] if lines else None
            msg = (replay_mismatch_message(header, b, a) if header is not None else
                   f"replay gives {clip(event_text(a)) if a else None} where the log "
                   f"records {clip(event_text(b)) if b else None} (a hand-edited or "
                   "damaged file)")
            raise LogFormatError(msg, path, ln)


def undo(st: Encounter, n: int = 1) -> Encounter:
    """Drop the last ``n`` steps (public method calls) and replay the rest, from the
    nearest checkpoint before the cut (:mod:`lfgcombat.engine.checkpoints`).

    A map edit made since the last step (not yet a step of the log) is kept: the
    cells it changed are changed again on top of what the replay leaves, recorded as a
    ``map_edit`` step after it (an edit recorded in the undone steps stays undone).

    Args:
        n: How many steps to undo (at least 1, at most all of them).

    Raises:
        LfgError: ``n`` out of range; nothing changes.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise LfgError(f"undo takes a number of steps of at least 1, not {short(n)}")
    log, found, cut = st._log, 0, None
    for i in range(len(log) - 1, -1, -1):  # the n-th command from the end (issue 24)
        if log[i].command:
            found += 1
            if found == n:
                cut = log[i].seq
                break
    if cut is None:  # every command counted: fewer than n
        raise LfgError(f"undo takes 1 to {found} steps (the log has {found}), "
                       f"not {short(n)}")
    with st._keeping_map_edit():
        st._rebuild(list(st._log)[:cut])
    for fn in list(st._listeners):
        fn(st)
    return st


def fork(st: Encounter) -> Encounter:
    """An independent copy to try a "what if" on (its own map, roller and log), built
    from a checkpoint of the state as it stands (between steps; within one, from the last
    checkpoint and the events after it). A map edit made since the last
    step is recorded first, as a ``map_edit`` step of this encounter's log."""
    _note_map_edits(st)
    header = st._header()
    header["creatures"] = [st._initial[n] for n in st._names]  # the same frozen values
    other = type(st)._from_header(header)
    other._checkpoints = list(st._checkpoints)  # never changed: shared safely
    if not (st._depth or st._replaying) and (
            not st._checkpoints or st._checkpoints[-1].events != len(st._log)):
        # the state as it stands, for the fork alone: it restores it instead of replaying
        # the events since the last checkpoint (a tracker click forks to try each action)
        other._checkpoints.append(checkpoints.take(st))
    events = list(st._log)
    other._log = EventLog(events, cite=other.ruleset.cite_event,
                          words=other.ruleset.event_words,
                          fixed_order=other.initiative_policy.fixed_order)
    other._rebuild(events)
    return other


def save(st: Encounter, path: str | Path) -> Path:
    """Write the encounter as JSON Lines (a header line, then one line per event),
    atomically: to a temporary file beside ``path``, then renamed over it. A map edit
    made since the last step is recorded first."""
    _note_map_edits(st)
    return write_jsonl(path, st._header(), st._log)


def load(cls: type[Encounter], path: str | Path, rederive: bool = False) -> Encounter:
    """Read a saved encounter and replay it to the same state.

    Every command is re-executed with the recorded seed and every effect compared with
    the file, so the loaded encounter is the one that was saved, or nothing. A save
    written under another version of lfgcombat whose replay differs is refused with a
    message saying the rules changed since it was written and which event differs.

    Args:
        path: The file.
        rederive: Replay the commands under today's rules, ignoring the recorded
            effects, and list every difference in ``enc.rederived`` (a list of
            :class:`~lfgcombat.engine.checkpoints.Difference`: event seq, line,
            field, recorded, now; empty when nothing changed). A command today's rules
            refuse is skipped and listed with field ``"command"``.

    Returns:
        The encounter (``rederived`` is ``None`` unless ``rederive`` was asked;
        ``verified`` is ``False`` for a save in the first format, whose header no digest
        covers).

    Warns:
        UnverifiedSaveWarning: the file is in the first save format (no digest): its
            events are checked by the replay, but an edit to its header cannot be
            detected. Save the fight again to protect it.

    Raises:
        LogFormatError: (an :class:`~lfgcombat.errors.LfgError`) naming the line and
            the reason: not JSON, a bad header or event, or events that do not replay.
    """
    with _gc_paused():
        header, numbered = read_jsonl(path) if rederive else savefile.read_checked(path)
        enc = cls._from_header(header, str(path))
        report: list[Difference] | None = [] if rederive else None
        if isinstance(numbered, savefile.CheckedEvents):  # (made as they are compared)
            enc._rebuild(numbered.objs, path=str(path), lines=numbered.lines,
                         header=header, classes=numbered.classes)
        else:
            enc._rebuild([e for _, e in numbered], path=str(path),
                         lines=[ln for ln, _ in numbered], header=header, rederive=report)
        # the file's events, let go while the collector waits: freed at once, not walked by
        # its first collection after (issue 24, "Fast")
        del numbered
    enc.rederived = report
    enc.verified = bool(getattr(header, "verified", False))
    if not enc.verified:
        warnings.warn(UnverifiedSaveWarning(
            f"{path}: this save is in the first format, written before saves carried a "
            "digest: its events were replayed and checked, but an edit to its header "
            "(creatures, map, seed) cannot be detected. Save the fight again to protect "
            "it."), stacklevel=2)
    return enc


@contextlib.contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause Python's cycle collector while a save is read and replayed: the replay makes
    tens of thousands of small containers that all live on (events, their data, the
    state), and each collection walked every one of them again, about a tenth of a load
    (issue 24, item 6, "Fast"). The collector is switched back on after (if it was on),
    whatever happens; any cycle left meanwhile is collected then."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _roll(st: Encounter, expr: str, *, label: str, actor: str | None = None,
          target: str | None = None, fortune: Fortune | str | None = None,
          against: int | None = None, outcome: str | None = None) -> Any:
    r = st.roller.roll(expr, fortune=fortune, label=label)
    if against is not None and outcome is None:
        outcome = "success" if r.total >= against else "failure"
    events = st._log._events  # (:func:`_emit` of the roll's data, frozen as it is built)
    frames = st._frames
    events.append(frozen_event(len(events), st._step, "roll", False, st.round,
                               frames[-1].unit if frames else None, actor, target,
                               roll_data(r, label, against, outcome)))
    return r


def _log_rolls(st: Encounter, since: int, *, actor: str | None, target: str | None = None,
               against: int | None = None, outcome: str | None = None,
               only_first: bool = False) -> None:
    """Log the rolls another module made with the encounter's roller (``against`` and
    ``outcome`` on every one, or with ``only_first`` on the first alone)."""
    history = st.roller.history
    events = st._log._events
    turn = st._frames[-1].unit if st._frames else None  # (:attr:`Encounter.current`)
    step, rnd = st._step, st.round
    for i in range(since, len(history)):
        if only_first and i > since:
            against = outcome = None
        r = history[i]
        label = r.label
        events.append(frozen_event(len(events), step, "roll", False, rnd, turn, actor,
                                   target, roll_data(r, label, against, outcome)))
        # the dice log names who rolled it (the event records the label as rolled)
        named = _named_label(label, actor, target)
        if named != label:
            history[i] = _relabelled(r, named)


#: :func:`roll_label`'s answers (a pure function of three texts; a fight's labels repeat).
_LABELS: dict[tuple[Any, Any, Any], str] = {}


def _named_label(label: Any, actor: Any, target: Any) -> str:
    """:func:`~lfgcombat.engine.log.effects.roll_label`, remembered (at most 4,096)."""
    key = (label, actor, target)
    named = _LABELS.get(key)
    if named is None:
        named = roll_label(label, actor, target)
        if len(_LABELS) >= 4096:
            _LABELS.clear()
        _LABELS[key] = named
    return named


def _relabelled(r: Any, label: str) -> Any:
    """``dataclasses.replace(r, label=label)`` for a :class:`~lfgcombat.dice.Roll` (a frozen
    dataclass with no ``__post_init__``): the same fields, copied without ``__init__``."""
    new = object.__new__(type(r))
    new.__dict__.update(r.__dict__)
    new.__dict__["label"] = label
    return new


def _last_command(st: Encounter) -> Event | None:
    """The log's last command that is not a ``map_edit`` step (the GM's edit of the
    map is nobody's action: a creature may still decline the turn it was just chosen
    for after one)."""
    log = st._log
    return next((log[i] for i in range(len(log) - 1, -1, -1)
                 if log[i].command and log[i].kind != "map_edit"), None)


class GmAltitude:
    """An encounter's hook on its map's :meth:`~lfgcombat.battlemap.HexMap.set_altitude`:
    the GM's change of a fighter's altitude made on the map between steps
    (``enc.map.set_altitude(...)``, the BattleMap's "Set altitude") is the encounter's
    ``set_altitude`` command, so it is recorded and every replay (save, load, fork, undo)
    keeps it, in the order it was made (issue 23, item 16's class: it used to change the
    map only, and the save it left did not load). The commands' own altitude changes (in a
    step or a replay) and tokens that are not fighters are the map's alone."""

    __slots__ = ("enc",)

    def __init__(self, enc: Any) -> None:
        self.enc = enc

    def __call__(self, name: str, feet: int) -> bool:
        """Make the change as a step and return ``True``, or return ``False`` (the map
        makes it): inside a step or a replay, or ``name`` is not a fighter."""
        enc = self.enc
        if (enc._depth or enc._replaying or not isinstance(name, str)
                or name not in enc._side_of):
            return False
        enc.set_altitude(name, feet)
        return True


@dataclass(frozen=True)
class Difference:
    """One difference :meth:`ReplayRules.load` with ``rederive=True`` found between a save
    and today's rules.

    Attributes:
        seq: The recorded event's number (``seq``), or where the extra event falls.
        line: Its line in the file (``None`` when not known).
        field: The field that differs (``"data.total"``, ``"target"``...), ``"event"`` for
            an event only one side has, ``"command"`` for a command today's rules refuse.
        recorded: What the file records (``None``: no such event).
        now: What today's rules give (``None``: no such event).
    """

    seq: int
    line: int | None
    field: str
    recorded: Any
    now: Any

    def describe(self) -> str:
        """One line for a report: ``event #12 (line 14): data.after recorded 4, now 5``."""
        where = f"event #{self.seq}" + (f" (line {self.line})" if self.line else "")
        return f"{where}: {self.field} recorded {self.recorded!r}, now {self.now!r}"


#: Fields not compared by a rederive: the numbering, which shifts after any extra event.
_NUMBERING = ("seq", "step")


def compare_step(expected: list[Event], got: list[Event], lines: list[int] | None
                 ) -> list[Difference]:
    """Every difference between a step's recorded events and its events today, event by
    event in order, field by field (``data`` key by key; ``seq`` and ``step`` left out:
    they shift after any extra event).

    Args:
        expected: The step's events as the file records them.
        got: The step's events as today's rules give them.
        lines: The recorded events' line numbers (``None``: not from a file).

    Returns:
        The :class:`Difference` records (empty: the step is unchanged).
    """
    out: list[Difference] = []
    for k in range(max(len(expected), len(got))):
        line = lines[min(k, len(lines) - 1)] if lines else None
        if k >= len(expected):  # an event only today's rules give: after the step's last
            b = got[k]
            out.append(Difference(expected[-1].seq if expected else b.seq, line, "event",
                                  None, b.describe()))
            continue
        a = expected[k]
        if k >= len(got):
            out.append(Difference(a.seq, line, "event", a.describe(), None))
            continue
        seq, b = a.seq, got[k]
        ja, jb = a.to_json(), b.to_json()
        for key in ja:
            if key in _NUMBERING:
                continue
            if key == "data":
                for d in dict.fromkeys([*ja[key], *jb[key]]):
                    va, vb = ja[key].get(d), jb[key].get(d)
                    if va != vb:
                        out.append(Difference(seq, line, f"data.{d}", va, vb))
            elif ja[key] != jb[key]:
                out.append(Difference(seq, line, key, ja[key], jb[key]))
    return out


def refusal_message(header: Mapping[str, Any] | None, cmd: Event, what: str) -> str:
    """The message for a recorded command that today's engine refuses
    (:func:`lfgcombat.engine.log.savefile.refusal_message` for the command's event).

    Args:
        header: The file's header (``None``: not from a file).
        cmd: The recorded command.
        what: The refusal, as a sentence.

    Returns:
        ``what``, after "the rules changed since this save was written ..." when the file is
        intact and was played under other rules.
    """
    return savefile.refusal_message(header, cmd.seq, what)
