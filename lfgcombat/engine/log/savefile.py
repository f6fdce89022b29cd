"""Saved encounters: JSON Lines with a versioned header and a digest over the whole file.

DESIGN.md: "save is 'write the log'; load is 'replay'". The file's first line is the
header, then one line per event (:meth:`lfgcombat.engine.log.Event.to_json`)::

    {"format": "lfgcombat-encounter", "version": 2, "format_version": 2,
     "engine": "0.1.0", "rules": {"revision": 1, "tables": "3f0c..."},
     "digest": {...}, "seed": 5, "creatures": [...], ...}
    {"seq": 0, "step": 0, "round": 0, "turn": null, "kind": "start", "command": true, ...}

* ``format`` names the file type; ``format_version`` (:data:`VERSION`) its layout;
  ``version`` repeats it because kits before version 2 read that key, so they refuse a
  newer file cleanly instead of misreading it;
* ``engine`` is the version of lfgcombat that wrote it;
* ``rules`` (:func:`rules_stamp`) the rules it was played under: the engine's rules revision
  (:data:`lfgcombat._version.RULES_REVISION`, bumped with a rules fix) and a fingerprint of
  the rules tables (``data/*.csv``). A save whose replay differs under another engine,
  revision or tables is refused saying *the rules changed since it was written* and which
  event differs (:func:`replay_mismatch_message`); with all three the same, a difference is
  a bug. Format-2 saves written before the header carried ``rules`` still load: their
  difference "may" be a rules change (nothing recorded tells);
* ``digest`` covers the whole file: SHA-256 over the canonical JSON (sorted keys, no
  spaces) of the header without its digest and of every event, one per line, plus a short
  checksum per line to say *where* a file was changed. A file whose digest does not match
  was edited or damaged after it was saved and is refused (issue 11, "Bad input" 1: "The
  header must be covered by the same check as the events"). The digest is a checksum, not
  a signature: it catches accidents and hand edits, not someone who recomputes it.
  Saves written since issue 24 (item 6) add ``text``: SHA-256 over the header's canonical
  line, the event lines exactly as written and the ``file`` digest, so a load of an
  untouched file checks it as read, without encoding every event again; any other file
  (older, or changed in any way) is checked over the canonical encoding, as before, and
  kits that do not know ``text`` ignore it.

Version-1 files (no ``engine``, no digest) still load: their events are checked by replay
but their header is trusted. :func:`read_jsonl` marks them: ``header.verified`` is
``False``.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import importlib.resources
import json
import os
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lfgcombat.io import _files  # RULES_REVISION is read at call time (a test may bump it)
from lfgcombat import _version  # RULES_REVISION is read at call time (a test may bump it)
from lfgcombat.io._files import FileError, atomic_write_text, read_text_capped
from lfgcombat.errors import LfgError
from .events import Event, LogFormatError, describe_error, differences, read_class

__all__ = ["FORMAT", "VERSION", "READS", "SaveHeader", "UnverifiedSaveWarning",
           "engine_version", "rules_stamp", "rules_changed", "tables_fingerprint",
           "folder_fingerprint", "write_jsonl", "read_jsonl",
           "replay_mismatch_message", "refusal_message", "file_digest", "event_text",
           "clip", "QUOTE_CHARS"]

FORMAT = "lfgcombat-encounter"


class UnverifiedSaveWarning(UserWarning):
    """A save in the first format (before saves carried a digest) was loaded: its events
    replay and are checked, but an edit to its header cannot be detected. Saving the fight
    again writes today's format, which is covered by the digest."""


#: The save format written today.
VERSION = 2
#: The save formats this kit reads.
READS = (1, 2)
#: Header keys the writer sets itself (a caller's values are replaced).
_WRITER_KEYS = ("format", "version", "format_version", "engine", "rules", "digest")
_LINE_SUM = 8  # hex digits of each line's checksum


def engine_version() -> str:
    """The version of lfgcombat running now (``"unknown"`` if it cannot be found)."""
    pkg = sys.modules.get("lfgcombat")
    version = getattr(pkg, "__version__", None)
    if isinstance(version, str) and version:
        return version
    try:
        return importlib.metadata.version("lfgcombat")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


@functools.cache
def tables_fingerprint() -> str:
    """A fingerprint of the rules tables: :func:`folder_fingerprint` of ``lfgcombat.data``
    (every ruleset's folder in it too).

    Returns:
        16 hex digits (computed once per process).
    """
    return folder_fingerprint(importlib.resources.files("lfgcombat.data"))


def folder_fingerprint(folder: Any) -> str:
    """The first 16 hex digits of SHA-256 over every ``*.csv`` under ``folder`` (its
    subfolders too), path by path in name order, line endings made ``\\n`` (a checkout on
    Windows plays the same rules).

    Args:
        folder: A folder (:class:`pathlib.Path` or an ``importlib.resources`` Traversable).

    Returns:
        16 hex digits.
    """
    whole = hashlib.sha256()

    def walk(here: Any, prefix: str) -> None:
        for item in sorted(here.iterdir(), key=lambda t: t.name):
            if item.is_dir():
                walk(item, f"{prefix}{item.name}/")
            elif item.name.endswith(".csv"):
                whole.update(f"{prefix}{item.name}\n".encode())
                whole.update(item.read_bytes().replace(b"\r\n", b"\n"))
    walk(folder, "")
    return whole.hexdigest()[:16]


def rules_stamp() -> dict[str, Any]:
    """The rules the engine plays now, as a save's header records them (``"rules"``).

    Returns:
        ``{"revision": RULES_REVISION, "tables": tables_fingerprint()}``
        (:data:`lfgcombat._version.RULES_REVISION`, :func:`tables_fingerprint`).
    """
    return {"revision": _version.RULES_REVISION, "tables": tables_fingerprint()}


def _played_under(engine: Any, rules: Any) -> str:
    engine = clip(str(engine), 40)
    if not isinstance(rules, Mapping):
        return f"lfgcombat {engine} (before saves recorded the rules revision)"
    return (f"lfgcombat {engine} (rules revision {rules.get('revision')}, tables "
            f"{rules.get('tables')})")


def rules_changed(header: Mapping[str, Any]) -> str | None:
    """How the rules a verified save was played under differ from today's, or ``None``.

    Args:
        header: The save's header (:class:`SaveHeader`, or a plain dict with ``engine`` and
            ``rules``).

    Returns:
        ``None`` when the engine version, the rules revision and the tables fingerprint all
        match today's (a replay difference is then a bug); else what changed, e.g.
        ``"rules revision 1 -> 2"``, ``"the rules tables (data/*.csv)"``,
        ``"lfgcombat 0.0.9 -> 0.1.0"``, or ``"unknown: ..."`` for a save written before the
        header carried the revision.
    """
    engine = getattr(header, "engine", None) or header.get("engine")
    rules, now = header.get("rules"), rules_stamp()
    changes = ([f"lfgcombat {clip(str(engine), 40)} -> {engine_version()}"]
               if engine != engine_version() else [])
    if not isinstance(rules, Mapping):
        changes.append("unknown: the save was written before saves recorded the rules "
                       "revision")
    else:
        if rules.get("revision") != now["revision"]:
            changes.append(f"rules revision {rules.get('revision')} -> {now['revision']}")
        if rules.get("tables") != now["tables"]:
            changes.append("the rules tables (data/*.csv)")
    return "; ".join(changes) or None


def _rules_message(header: Mapping[str, Any], event: str, what: str) -> str | None:
    """"The rules changed since ..." for a verified save played under other rules."""
    changed = rules_changed(header)
    if changed is None:
        return None
    engine = getattr(header, "engine", None) or header.get("engine")
    may = "may have changed" if changed.startswith("unknown") else "changed"
    now = _played_under(engine_version(), rules_stamp())
    return (f"the rules {may} since this save was written: it was played under "
            f"{_played_under(engine, header.get('rules'))}, and under {now} {event} differs: "
            f"{what} (changed: {changed}; Encounter.load(path, rederive=True) replays it "
            "under today's rules and lists every difference)")


#: The digest's canonical JSON (sorted keys, no spaces): one encoder for every line
#: (``json.dumps`` with options builds a new one per call; issue 24, "Fast").
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                              allow_nan=False)


#: The same encoding by the C encoder ``_CANONICAL.encode`` builds at every call, built
#: once (a load encodes every line again for its digest: issue 24, item 6); ``None``
#: without the C accelerator. No check for cycles: the lines are JSON read from a file, or
#: events' JSON (a cycle still ends in RecursionError, as a line nested too deeply does).
_C_MAKE = getattr(json.encoder, "c_make_encoder", None)
_C_CANONICAL = (_C_MAKE(None, _CANONICAL.default, json.encoder.encode_basestring, None, ":",
                        ",", True, False, False) if _C_MAKE is not None else None)


def _canonical(obj: Any) -> str:
    if _C_CANONICAL is not None and type(obj) is dict:
        return "".join(_C_CANONICAL(obj, 0))
    return _CANONICAL.encode(obj)


def file_digest(header: Mapping[str, Any], events: Iterable[Mapping[str, Any]]
                ) -> dict[str, Any]:
    """The digest of a save: SHA-256 over the canonical header (without its ``digest``)
    and events, and an 8-hex-digit checksum per line (the header's first).

    Args:
        header: The header as written (its ``digest`` key, if any, is left out).
        events: The events as JSON objects (:meth:`Event.to_json`), in order.

    Returns:
        ``{"algorithm": "sha256", "file": <hex>, "lines": <8 hex digits per line>}``.
    """
    return _lines_digest(map(_canonical, (_without_digest(header), *events)))


def _lines_digest(lines: Iterable[str]) -> dict[str, Any]:
    """:func:`file_digest` of lines already in the canonical encoding (the header's first)."""
    whole = hashlib.sha256()
    sums: list[str] = []
    for text in lines:
        line = text.encode("utf-8", "surrogatepass") + b"\n"
        whole.update(line)
        sums.append(hashlib.sha256(line).hexdigest()[:_LINE_SUM])
    return {"algorithm": "sha256", "file": whole.hexdigest(), "lines": "".join(sums)}


def _whole_digest(header: Mapping[str, Any], events: Iterable[Mapping[str, Any]]) -> str:
    """``file_digest(header, events)["file"]`` alone: the same bytes (every canonical line
    and its newline) hashed at once, without a checksum per line (a load needs those only
    when the file does not match: issue 24, item 6)."""
    text = "\n".join(map(_canonical, (_without_digest(header), *events)))
    return hashlib.sha256((text + "\n").encode("utf-8", "surrogatepass")).hexdigest()


def _without_digest(header: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in header.items() if k != "digest"}


class SaveHeader(dict[str, Any]):
    """A save's header line, as a dict, with what the reader found out about the file.

    Attributes:
        format_version: The save format (1 or 2).
        engine: The lfgcombat version that wrote it (``None`` for version-1 files).
        rules: The rules it was played under (:func:`rules_stamp`; ``None`` for a file
            written before saves recorded them).
        verified: ``True`` when the digest matched (version 2); ``False`` for a version-1
            file, whose header nothing checks (its events are still checked by replay).
    """

    def __init__(self, data: Mapping[str, Any], *, format_version: int,
                 engine: str | None, verified: bool) -> None:
        super().__init__(data)
        self.format_version = format_version
        self.engine = engine
        self.verified = verified
        rules = data.get("rules")
        self.rules: dict[str, Any] | None = dict(rules) if isinstance(rules, Mapping) else None


def write_jsonl(path: str | os.PathLike[str], header: Mapping[str, Any],
                events: Iterable[Event]) -> Path:
    """Write a header line and one line per event, atomically, with the format, the engine
    version and the digest added to the header.

    The text goes to a temporary file beside ``path`` which is then renamed over it, so a
    crash or a full disk never leaves a half-written save (:mod:`lfgcombat.io._files`).

    Args:
        path: The file (a new file or an existing regular file).
        header: What rebuilds the encounter before its first event; ``format``,
            ``version``, ``format_version``, ``engine`` and ``digest`` are set here.
        events: The events, in order.

    Returns:
        The path written.

    Raises:
        lfgcombat.io._files.FileError: (an LfgError) the path cannot be written, or the
            save would be larger than a load reads (:data:`lfgcombat.io._files.MAX_READ_BYTES`).
        LfgError: ``header`` is not a mapping or an event is not an :class:`Event`.
        TypeError: an event's data is not JSON (the encounter never records such data).
    """
    if not isinstance(header, Mapping):
        raise LfgError(f"write_jsonl: the header must be a mapping, got {header!r:.80}")
    events = list(events)
    for e in events:
        if not isinstance(e, Event):
            raise LfgError(f"write_jsonl: events must be lfgcombat.engine.log.Event objects, got "
                           f"{e!r:.80}")
    head = {k: v for k, v in dict(header).items() if k not in _WRITER_KEYS}
    head = {"format": FORMAT, "version": VERSION, "format_version": VERSION,
            "engine": engine_version(), "rules": rules_stamp(), **head}
    objs = [e.to_json() for e in events]
    canonical_head = _canonical(head)
    head["digest"] = digest = _lines_digest([canonical_head, *map(_canonical, objs)])
    body = "".join([json.dumps(o, ensure_ascii=False, allow_nan=False) + "\n" for o in objs])
    digest["text"] = _text_digest(canonical_head, body, digest["file"])
    text = json.dumps(head, ensure_ascii=False, allow_nan=False) + "\n" + body
    _refuse_unreadable_size(path, text, len(objs))
    return atomic_write_text(path, text)


def _refuse_unreadable_size(path: Any, text: str, events: int) -> None:
    """Refuse a save larger than a load reads (:data:`lfgcombat.io._files.MAX_READ_BYTES`):
    whatever the kit writes it reads back (issue 23, item 19)."""
    limit = _files.MAX_READ_BYTES
    if len(text) * 4 <= limit:  # at most 4 bytes a character: surely small enough
        return
    size = len(text.encode("utf-8", "surrogatepass"))
    if size <= limit:
        return
    raise FileError("save", path, f"the save would be {size / 2**20:.0f} MiB ({events:,} "
                    f"events), more than the {limit / 2**20:.0f} MiB a load reads "
                    "(lfgcombat.io._files.MAX_READ_BYTES), so it could never be loaded; nothing "
                    "was written. Play a fight this big as smaller encounters, with fewer "
                    "creatures each")


def _no_constants(name: str) -> float:
    raise ValueError(f"{name} is not allowed")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) == len(pairs):  # no key twice (C-level: every object of a save)
        return out
    seen: set[str] = set()
    for k, _ in pairs:
        if k in seen:
            raise ValueError(f"the key {k!r:.40} appears twice in one object")
        seen.add(k)
    return out  # pragma: no cover - a shorter dict has a repeated key


#: A save's line reader: no NaN or Infinity, no key twice in one object (one decoder for
#: every line: ``json.loads`` with options builds a new one per call; issue 24, "Fast").
_DECODER = json.JSONDecoder(parse_constant=_no_constants, object_pairs_hook=_no_duplicates)


_SCAN = _DECODER.scan_once  # type: ignore[attr-defined]  # set by JSONDecoder.__init__


def _scanned(line: str) -> Any:
    """``_DECODER.decode(line)``: the line's one JSON value, read by the decoder's scanner
    straight when the line is that value and nothing else (every line lfgcombat writes),
    else by ``decode`` itself, which raises what it always raised (issue 24, item 6)."""
    try:
        obj, end = _SCAN(line, 0)
        if end == len(line):
            return obj
    except Exception:  # noqa: BLE001 - decode below raises it as it always did
        pass
    return _DECODER.decode(line)


def _parse_lines(text: str, where: str) -> list[Any]:
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
            if ln.startswith("\ufeff"):  # what json.loads says of it
                raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)",
                                           ln, 0)
            parsed.append(_scanned(ln))
        except RecursionError:
            raise LogFormatError("not valid JSON (nested too deeply)", where, i) from None
        except ValueError as exc:  # JSONDecodeError, a huge number, a duplicate key
            raise LogFormatError(f"not valid JSON ({str(exc):.200})", where, i) from None
    return parsed


def _check_header(header: Any, where: str) -> int:
    """The header's format version, checked. Raises LogFormatError (line 1)."""
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise LogFormatError(f"not an lfgcombat encounter: the header line needs "
                             f"\"format\": \"{FORMAT}\"", where, 1)
    version = header.get("version")
    if type(version) is not int or version not in READS:
        engine = header.get("engine")
        by = f" (written by lfgcombat {engine:.40})" if isinstance(engine, str) else ""
        raise LogFormatError(f"unsupported version {version!r:.40}{by}; this kit "
                             f"(lfgcombat {engine_version()}) reads versions "
                             f"{', '.join(map(str, READS))}: update lfgcombat to load it",
                             where, 1)
    if version == 1:
        extra = [k for k in ("format_version", "engine", "digest") if k in header]
        if extra:
            raise LogFormatError(f"a version-1 save has no {', '.join(extra)}: the header "
                                 "was edited or damaged", where, 1)
        return 1
    if header.get("format_version") != version:
        raise LogFormatError(f"format_version is {header.get('format_version')!r:.40} but "
                             f"version is {version}: the header was edited or damaged",
                             where, 1)
    if not isinstance(header.get("engine"), str):
        raise LogFormatError("the header has no engine version (\"engine\"): it was edited "
                             "or damaged", where, 1)
    rules = header.get("rules", {"revision": 0, "tables": ""})  # absent: written before
    if (not isinstance(rules, dict) or type(rules.get("revision")) is not int
            or not isinstance(rules.get("tables"), str)):
        raise LogFormatError(f"the header's rules {rules!r:.80} are not {{\"revision\": <whole "
                             "number>, \"tables\": <fingerprint>}: it was edited or damaged",
                             where, 1)
    return version


def _verify_digest(header: dict[str, Any], events: list[Any], where: str) -> None:
    """Raise LogFormatError naming the first line that differs from what was saved."""
    stored = header.get("digest")
    if (not isinstance(stored, dict) or stored.get("algorithm") != "sha256"
            or not isinstance(stored.get("file"), str) or not isinstance(stored.get("lines"), str)
            or len(stored["lines"]) % _LINE_SUM):
        raise LogFormatError("the header's digest is missing or damaged (\"digest\": "
                             "{\"algorithm\": \"sha256\", \"file\": ..., \"lines\": ...}); "
                             "the file was edited or damaged", where, 1)
    if _whole_digest(header, events) == stored["file"]:
        return  # the file is as saved: the line checksums only say where it is not
    got = file_digest(header, events)
    saved, now = stored["lines"], got["lines"]
    for i in range(0, min(len(saved), len(now)), _LINE_SUM):
        if saved[i:i + _LINE_SUM] != now[i:i + _LINE_SUM]:
            line = i // _LINE_SUM + 1
            what = "the header" if line == 1 else "this event"
            raise LogFormatError(f"{what} was edited or damaged after the file was saved (its "
                                 "checksum does not match the digest in the header); a "
                                 "changed save cannot be trusted: use an unmodified copy",
                                 where, line)
    n_saved, n_now = len(saved) // _LINE_SUM, len(now) // _LINE_SUM
    if n_saved != n_now:
        how = "removed (a truncated file?)" if n_now < n_saved else "added"
        raise LogFormatError(f"the file has {n_now} lines but was saved with {n_saved}: "
                             f"lines were {how} after it was saved", where,
                             min(n_saved, n_now) + 1)
    raise LogFormatError("the digest in the header was edited or damaged (every line matches "
                         "its checksum but not the whole-file digest)", where, 1)


def _check_events(parsed: list[Any], where: str) -> list[tuple[int, Event]]:
    events: list[tuple[int, Event]] = []
    last_step = -1
    for i, obj in enumerate(parsed, 2):
        ev = Event.from_json(obj, line=i, path=where)
        last_step = _check_order(ev.seq, ev.step, ev.command, len(events), last_step,
                                 where, i)
        events.append((i, ev))
    return events


def _check_order(seq: int, step: int, command: bool, count: int, last_step: int,
                 where: str, line: int) -> int:
    """Check an event's place in the log (``count`` events before it, the last command's
    step ``last_step``): its ``seq`` the next number, a command the next step, an effect
    the step of the command before it. Returns the last command's step after it.

    Raises:
        LogFormatError: events out of order, or a line removed or added.
    """
    if seq != count:
        raise LogFormatError(f"seq is {seq}, expected {count} (events out of "
                             "order, or a line was removed or added)", where, line)
    if command:
        if step != last_step + 1:
            raise LogFormatError(f"command step is {step}, expected {last_step + 1}",
                                 where, line)
        return step
    if step != last_step:
        raise LogFormatError(f"effect belongs to step {step} but follows step "
                             f"{last_step}'s command", where, line)
    return last_step


@dataclass(frozen=True)
class CheckedEvents:
    """A save's events as read (:func:`read_checked`), checked as :func:`_check_events`
    checks them but not made: the parsed objects, their lines and the class
    :meth:`Event.from_json` makes of each (:func:`~lfgcombat.engine.log.events.read_event`
    makes one when it is wanted)."""

    lines: list[int]
    objs: list[dict[str, Any]]
    classes: list[type[Event]]


def _checked_events(parsed: list[Any], where: str) -> CheckedEvents:
    """:func:`_check_events` without making the events: the same checks in the same order,
    the same refusals (an event :meth:`Event.from_json` refuses is made by it, which says
    what is wrong)."""
    classes: list[type[Event]] = []
    last_step = -1
    for i, obj in enumerate(parsed, 2):
        cls = read_class(obj)
        if cls is None:
            cls = type(Event.from_json(obj, line=i, path=where))  # (raises, naming it)
        last_step = _check_order(obj["seq"], obj["step"], obj["command"], len(classes),
                                 last_step, where, i)
        classes.append(cls)
    return CheckedEvents(list(range(2, len(parsed) + 2)), parsed, classes)


#: The reader of an intact save's events, all in one JSON array: no NaN or Infinity, and
#: no hook per object (its ``text`` digest matched: the lines are the ones the writer
#: made of its events, with no key twice).
_PLAIN = json.JSONDecoder(parse_constant=_no_constants)


def _text_digest(canonical_header: str, body: str, file: str) -> str:
    """The digest's ``text``: SHA-256 over the header's canonical line (without its
    ``digest``) and a newline, the event lines exactly as the file holds them (each with
    its newline), then the digest's ``file``, so it also covers that value."""
    return hashlib.sha256(f"{canonical_header}\n{body}{file}".encode(
        "utf-8", "surrogatepass")).hexdigest()


def _read_intact(text: str, where: str) -> tuple[SaveHeader, list[tuple[int, Event]]] | None:
    """:func:`read_jsonl`'s short way for a file that is exactly as :func:`write_jsonl` wrote
    it (:func:`_intact_parsed`): read in one parse (issue 24, item 6); the header and every
    event are then checked as the long way checks them.

    Returns:
        What :func:`read_jsonl` returns, or ``None`` for any other file (a save written
        before the digest had a ``text``, a version-1 save, a file edited, damaged or not
        JSON): the long way reads it and says what is wrong, as it always did.
    """
    found = _intact_parsed(text)
    if found is None:
        return None
    header, parsed = found
    version = _check_header(header, where)
    events = _check_events(parsed, where)
    return SaveHeader(header, format_version=version, engine=header.get("engine"),
                      verified=version >= 2), events


def _intact_parsed(text: str) -> tuple[dict[str, Any], list[Any]] | None:
    """The header and the parsed event lines of a file exactly as :func:`write_jsonl` wrote
    it, neither checked, or ``None`` for any other file: when its digest's ``text``
    (:func:`_text_digest`) matches the file *as read*, the event lines are the writer's
    own, so their canonical ``file`` digest holds without encoding them again, and they
    are read in one parse (issue 24, item 6)."""
    cut = text.find("\n")
    if cut < 0:
        return None
    body = text[cut + 1:]
    try:
        header = _scanned(text[:cut])
        stored = header["digest"]
        if (stored.get("algorithm") != "sha256" or type(stored.get("file")) is not str
                or type(stored.get("lines")) is not str
                or len(stored["lines"]) % _LINE_SUM or _text_digest(
                    _canonical(_without_digest(header)), body, stored["file"]) != stored["text"]):
            return None
        parsed = _PLAIN.decode(f"[{body[:-1].replace(chr(10), ',')}]")
    except Exception:  # noqa: BLE001 - the long way says what is wrong, as it always did
        return None
    if len(parsed) != body.count("\n"):  # one value a line, as written
        return None
    return header, parsed


def read_jsonl(path: str | os.PathLike[str]) -> tuple[SaveHeader, list[tuple[int, Event]]]:
    """Read a saved encounter: its header and its events with their line numbers.

    Every line is checked (JSON, event fields, order), then the digest (version 2): a file
    changed after it was saved is refused, naming the first changed line. A version-1 file
    has no digest: it loads with ``header.verified`` ``False``.

    Args:
        path: The file: a regular file of at most :data:`lfgcombat.io._files.MAX_READ_BYTES`.

    Returns:
        The header (a :class:`SaveHeader`) and ``[(line, event), ...]``.

    Raises:
        LogFormatError: unreadable file, not a regular file, too big, a line that is not
            JSON, a bad header or event, events out of order, a newer format, a digest
            that does not match; the message names the file and the line.
    """
    where, text = _file_text(path)
    intact = _read_intact(text, where)
    if intact is not None:
        return intact
    return _read_long(text, where)


def read_checked(path: str | os.PathLike[str]
                 ) -> tuple[SaveHeader, CheckedEvents | list[tuple[int, Event]]]:
    """:func:`read_jsonl` for a load: a file exactly as :func:`write_jsonl` wrote it has its
    header and every event checked as :func:`read_jsonl` checks them (the same refusals,
    in the same order), its events not made (:class:`CheckedEvents`: the load compares
    them with the replay's as read, issue 24, "Fast"); any other file is read as
    :func:`read_jsonl` reads it.

    Raises:
        LogFormatError: as :func:`read_jsonl`.
    """
    where, text = _file_text(path)
    found = _intact_parsed(text)
    if found is None:
        return _read_long(text, where)
    header, parsed = found
    version = _check_header(header, where)
    events = _checked_events(parsed, where)
    return SaveHeader(header, format_version=version, engine=header.get("engine"),
                      verified=version >= 2), events


def _file_text(path: str | os.PathLike[str]) -> tuple[str, str]:
    """The name a refusal gives ``path`` and its text (at most
    :data:`lfgcombat.io._files.MAX_READ_BYTES`)."""
    where = os.fspath(path) if isinstance(path, (str, os.PathLike)) else repr(path)
    try:
        text = read_text_capped(path, what="saved encounter")
    except FileError as exc:
        raise LogFormatError(f"cannot read the file: {exc.reason}", where) from None
    return where, text


def _read_long(text: str, where: str) -> tuple[SaveHeader, list[tuple[int, Event]]]:
    """:func:`read_jsonl`'s long way: every line parsed and checked, then the digest over
    the canonical encoding (any file but one exactly as written: :func:`_read_intact`)."""
    parsed = _parse_lines(text, where)
    version = _check_header(parsed[0], where)
    events = _check_events(parsed[1:], where)
    header = parsed[0]
    if version >= 2:
        try:
            _verify_digest(header, parsed[1:], where)
        except RecursionError:
            raise LogFormatError("a line is nested too deeply to check its digest", where
                                 ) from None
    return SaveHeader(header, format_version=version, engine=header.get("engine"),
                      verified=version >= 2), events


#: The most characters of a value or message a refusal of a save quotes.
QUOTE_CHARS = 300


def clip(text: str, limit: int = QUOTE_CHARS) -> str:
    """``text`` cut to about ``limit`` characters, saying how long it was: a refusal of a
    save quotes a short prefix of what it refuses, never a 10 MB value in full (issue 23,
    item 22).

    Args:
        text: The text to quote (a message, a description).
        limit: The most characters kept.

    Returns:
        ``text``, or its start followed by ``... (N characters)``.
    """
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text):,} characters)"


def _repr_or_none(e: Event) -> str | None:
    """``repr(e)``, or ``None`` when its data cannot be described by its kind's text
    (:func:`~lfgcombat.engine.log.events.describe_error`; ``describe()`` itself never raises)."""
    try:
        return None if describe_error(e) else repr(e)
    except Exception:  # noqa: BLE001 - any hostile data
        return None


def event_text(e: Event) -> str:
    """``repr(e)``, or, when its data cannot be described (an edited save whose digest was
    recomputed: a health event's ``events`` a number), its kind and number in words, so
    the refusal says which event differs instead of raising Python's TypeError."""
    text = _repr_or_none(e)
    if text is None:
        return (f"<Event #{e.seq} r{e.round} {e.kind} (its data cannot be described: "
                "not what this kind of event records)>")
    return text


def replay_mismatch_message(header: Mapping[str, Any], recorded: Event | None,
                            replayed: Event | None) -> str:
    """What to say when a saved fight does not replay as recorded.

    A verified file (its digest matches) was not edited, so a difference means the rules
    changed since it was written (another engine version, rules revision or rules tables:
    :func:`rules_changed`), or, with the same rules, a bug; a version-1 file cannot tell an
    edit from a rules change.

    Args:
        header: The header :func:`read_jsonl` returned (a plain dict counts as unverified
            unless it carries an ``engine`` and a ``digest``).
        recorded: The first event that differs, as the file records it (``None``: the file
            has no more events).
        replayed: What replaying gives there (``None``: the replay produced no more events).

    Returns:
        The message (without the file and line, which LogFormatError adds).
    """
    def show(e: Event | None, none: str) -> str:
        return clip(event_text(e)) if e is not None else none
    diff = (f"replay gives {show(replayed, 'no event')} where the log records "
            f"{show(recorded, 'no event')}")
    if recorded is not None and replayed is not None:
        diff += f" ({'; '.join(differences(recorded, replayed))})"
    engine = getattr(header, "engine", None) or header.get("engine")
    verified = getattr(header, "verified", bool(engine) and "digest" in header)
    seq = next((e.seq for e in (recorded, replayed) if e is not None), None)
    event = f"event #{seq}" if seq is not None else "an event"
    if recorded is not None and _repr_or_none(recorded) is None:
        return (f"{event} records data lfgcombat never writes: {diff}; the file was edited "
                "(and its digest recomputed) or damaged: use an unmodified copy")
    if not verified:
        return (f"{diff} (a hand-edited or damaged file, or the rules changed since it was "
                "written: a version-1 save records neither a digest nor the engine version)")
    changed = _rules_message(header, event, diff)
    if changed is not None:
        return changed
    return (f"{event} does not replay although the file is intact (its digest matches) and "
            f"was written under these same rules, {_played_under(engine, header.get('rules'))}"
            f": {diff}; this is a bug in lfgcombat, please report it with the file")


def refusal_message(header: Mapping[str, Any] | None, seq: int, what: str) -> str:
    """The message for a recorded command that today's engine refuses.

    Args:
        header: The file's header (``None``: not from a file).
        seq: The command's event number.
        what: The refusal, as a sentence.

    Returns:
        ``what``, after "the rules changed since this save was written ..." when the file is
        intact (verified) and was played under other rules (:func:`rules_changed`).
    """
    if header is None or not getattr(header, "verified", False):
        return what
    return _rules_message(header, f"event #{seq}", what) or what
