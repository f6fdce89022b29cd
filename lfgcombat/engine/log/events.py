"""Typed events: one frozen class per event kind, each declaring its data and describing itself.

DESIGN.md, "How data flows": "every change is an Event appended to the log; state =
replay(log)". An :class:`~lfgcombat.engine.Encounter` appends events in *steps*: each
public method call is one step whose first event is the **command** (``command=True``: the
method's name and its arguments, exactly what replay re-executes) followed by the
**effects** it had (rolls, Reactions spent, HP changes, turns beginning...).

``Event(seq, step, kind, command, round, turn, actor, target, data)`` builds the class of
that kind: ``Event(0, 0, "roll", False, ...)`` is a :class:`Roll`, ``Event(3, 1, "move",
True, ...)`` a :class:`MoveCommand`; a kind this module does not know stays a plain
:class:`Event` in memory (the encounter decides which commands exist), but an unknown
*effect* kind read from a file is refused (:meth:`Event.from_json`). Two events are equal
when they have the same class and the same fields: replay compares every replayed effect
with the recorded one that way.

The contract of an event's fields (issue 24, item 4, "Typed events that enforce their
fields"):

* Every class declares ``FIELDS``, the keys its ``data`` may carry, in order, and ``ABOUT``,
  what they mean (:data:`EFFECT_KINDS` lists them for the effects). ``OPTIONAL`` names the
  fields that may be absent, each with the value an absent one means; every other field is
  **required**. What is optional was read off the engine: the keys every emitted event of the
  kind carried across the golden logs and the encounter, close, updown, classic, wounds and
  rulesets tests, less those a saved golden fight (first format too) lacks; a command's
  optional fields are its handler's arguments with a default (a save written before an
  argument existed replays with that default).
* An event is checked **where it is built** (``Event(...)``, the encounter's ``_emit``, a
  file's line): a field its kind does not record, or a required field missing, is refused
  with :class:`EventDataError` naming the kind, the field and the fields it records (a file's
  line gives a :class:`LogFormatError` naming the line). A kind no class declares is not
  checked (a plain :class:`Event`).
* An event is **immutable**: the dataclass is frozen and ``data`` is frozen to the bottom
  when the event is built (one walk): a dict becomes :class:`EventData` and a list
  :class:`EventList`, read-only subclasses of ``dict`` and ``list``, so ``==`` against plain
  lists and dicts, ``isinstance(x, list)``, ``json.dumps``, ``str()`` and the texts read
  exactly as before, and a save writes the same bytes; every change raises
  :class:`EventDataError` (copy with ``dict(...)``/``list(...)`` to change a copy).
* Every declared field is also a **read-only attribute** (``ev.amount``, ``ev.path``): a
  property generated from ``FIELDS`` that reads ``data`` (an absent optional field gives its
  ``OPTIONAL`` default). A field named like an event attribute (``kind``, ``round``,
  ``target``) is read as ``ev.data["kind"]``. ``data`` stays the one record (the JSON a save
  writes, what replay compares); the attributes are views of it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from keyword import iskeyword
from typing import Any, ClassVar

from lfgcombat.errors import LfgError
from lfgcombat.shortrepr import short

__all__ = ["Event", "LogFormatError", "EventDataError", "EventData", "EventList",
           "EFFECT_TYPES", "COMMAND_TYPES", "jsonable", "frozen_jsonable", "frozen_data",
           "make_event", "frozen_event",
           "effect_class", "differences", "describe_error"]


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
        return _plain(value, 0)
    except _Unusual:  # anything but plain dicts, lists, text and numbers: JSON decides
        pass
    try:
        return json.loads(json.dumps(value, allow_nan=False, ensure_ascii=False))
    except (TypeError, ValueError, RecursionError) as exc:
        raise LfgError(f"cannot record {value!r:.120} in the event log: {exc}") from None


class _Unusual(Exception):
    """A value :func:`_plain` leaves to the JSON round trip."""


_SCALARS = (str, int, bool, type(None))


#: :data:`_SCALARS` as a set (one hash lookup per value).
_SCALAR_SET = frozenset(_SCALARS)


def _plain(value: Any, depth: int) -> Any:
    """What ``json.loads(json.dumps(value))`` gives, for values made only of dicts with
    text keys, lists, tuples, text, whole numbers, finite floats, booleans and ``None``
    (exact types, not subclasses), built without writing the text (issue 24, "Fast": every
    event's data went through a JSON round trip); anything else raises :class:`_Unusual`.
    A dict is copied in one step and only its values that are not plain scalars are walked
    into (:func:`_frozen_plain` is the same walk making an event's frozen data)."""
    t = type(value)
    if t in _SCALAR_SET:
        return value
    if depth > 100:
        raise _Unusual
    if t is dict or t is EventData:
        out = dict(value)
        for k, v in value.items():
            if type(k) is not str:
                raise _Unusual
            if type(v) not in _SCALAR_SET:
                out[k] = _plain(v, depth + 1)
        return out
    if t is list or t is tuple or t is EventList:
        return [v if type(v) in _SCALAR_SET else _plain(v, depth + 1) for v in value]
    return _finite(value)


def _frozen_plain(value: Any, depth: int) -> Any:
    """:func:`_plain` making :class:`EventData` and :class:`EventList` instead of dicts and
    lists: ``_frozen(_plain(value))`` in one walk."""
    t = type(value)
    if t in _SCALAR_SET:
        return value
    if depth > 100:
        raise _Unusual
    if t is dict or t is EventData:
        return _frozen_plain_dict(value, depth)
    if t is list or t is tuple or t is EventList:
        if not value:
            return _NO_ITEMS
        if _SCALAR_SET.issuperset(map(type, value)):
            return EventList(value)  # scalars (a roll's faces, names): copied in one step
        return EventList([v if type(v) in _SCALAR_SET else _frozen_plain(v, depth + 1)
                          for v in value])
    return _finite(value)


def _frozen_plain_dict(value: dict[Any, Any], depth: int) -> EventData:
    """:func:`_frozen_plain` of a dict: an :class:`EventData` (the shared empty one for an
    empty dict), walking only into the values that are no plain scalars (most values are
    scalars, and many dicts hold nothing else: issue 24, "Fast")."""
    if not value:
        return _NO_DATA
    if not _TEXT.issuperset(map(type, value)):
        raise _Unusual  # a key that is no text: the JSON round trip decides
    out = EventData(value)
    if not _SCALAR_SET.issuperset(map(type, value.values())):
        for k, v in value.items():
            if type(v) not in _SCALAR_SET:
                dict.__setitem__(out, k, _frozen_plain(v, depth + 1))
    return out


#: The key type a JSON object's keys have (:func:`_frozen_plain` checks them in one step).
_TEXT = frozenset({str})


def _finite(value: Any) -> float:
    """A finite float as it is; anything else is left to the JSON round trip."""
    if type(value) is float and math.isfinite(value):
        return value
    raise _Unusual


def frozen_jsonable(value: Any) -> Any:
    """:func:`jsonable` of ``value`` frozen as an event's data is (:func:`_frozen`), in one
    walk for plain values: what ``_frozen(jsonable(value))`` gives (issue 24, "Fast": the
    encounter builds every event's data this way).

    Raises:
        LfgError: the value cannot be written as JSON (an object, NaN...).
    """
    try:
        return _frozen_plain(value, 0)
    except _Unusual:
        return _frozen(jsonable(value))


def frozen_data(value: dict[str, Any]) -> "EventData":
    """:func:`frozen_jsonable` of a dict, an event's data as the encounter builds it (issue
    24, "Fast": every event's data is frozen here): its top level walked in place, an empty
    list or dict in it given the shared empty one without a call, a list of scalars copied
    in one step.

    Raises:
        LfgError: the value cannot be written as JSON (an object, NaN...).
    """
    try:
        if not value:
            return _NO_DATA
        if not _TEXT.issuperset(map(type, value)):
            raise _Unusual  # a key that is no text: the JSON round trip decides
        out = EventData(value)
        if _SCALAR_SET.issuperset(map(type, value.values())):
            return out
        for k, v in value.items():
            t = type(v)
            if t in _SCALAR_SET:
                continue
            if t is list:
                v = (EventList(v) if _SCALAR_SET.issuperset(map(type, v)) else
                     _frozen_plain(v, 1)) if v else _NO_ITEMS
            else:
                v = _frozen_plain_dict(v, 1) if t is dict else _frozen_plain(v, 1)
            dict.__setitem__(out, k, v)
        return out
    except _Unusual:
        return _frozen(jsonable(value))


#: Effect kind -> its class (filled as the classes below are defined).
EFFECT_TYPES: dict[str, type["Event"]] = {}
#: Command name -> its class (:class:`lfgcombat.engine.log.commands.CommandEvent` subclasses).
COMMAND_TYPES: dict[str, type["Event"]] = {}

#: Typed event class -> the data fields it records and those it requires (its ``FIELDS``
#: and ``FIELDS`` less ``OPTIONAL``, as sets: checked at every event built).
_FIELD_SETS: dict[type, tuple[frozenset[str], frozenset[str]]] = {}

#: Command or effect kind -> its class, the data fields it records and those it requires
#: (:data:`COMMAND_TYPES`, :data:`EFFECT_TYPES` and :data:`_FIELD_SETS` in one lookup).
_COMMAND_SPECS: dict[str, tuple[type["Event"], frozenset[str], frozenset[str]]] = {}
_EFFECT_SPECS: dict[str, tuple[type["Event"], frozenset[str], frozenset[str]]] = {}

_EVENT_KEYS = ("seq", "step", "round", "turn", "kind", "command", "actor", "target", "data")


class EventDataError(LfgError, TypeError):
    """An event built with a data field its kind does not record or without one it requires,
    or an attempt to change an event's data after it was made (the log is what happened:
    it is read-only)."""


def _refuse(self: Any, *_args: Any, **_kwargs: Any) -> Any:
    """Refused: an event's data is read-only (the log records what happened).

    Raises:
        EventDataError: always; copy the data (``dict(event.data)``) to change a copy.
    """
    raise EventDataError("an event's data is read-only (the log records what happened); "
                         "copy it with dict(event.data) or list(...) to change a copy")


class EventData(dict[str, Any]):
    """An event's data (or a JSON object inside it): a plain ``dict`` to read (JSON, ``==``,
    ``.get``), refusing every change (:class:`EventDataError`), so ``enc.log`` hands out
    events nobody can edit."""

    __slots__ = ()

    __setitem__ = __delitem__ = __ior__ = _refuse
    update = pop = popitem = clear = setdefault = _refuse

    def __copy__(self) -> "EventData":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "EventData":
        return self  # nothing in it can change through it: the same value

    def __reduce__(self) -> tuple[Any, ...]:
        return (EventData, (dict(self),))


class EventList(list[Any]):
    """A JSON list inside an event's data: a plain ``list`` to read (``==`` against lists,
    ``isinstance(x, list)``, JSON, its ``str``), refusing every change
    (:class:`EventDataError`)."""

    __slots__ = ()

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __copy__(self) -> "EventList":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "EventList":
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (EventList, (list(self),))


#: The empty object and list of an event's data, shared (read-only: one of each serves
#: every event; issue 24, "Fast").
_NO_DATA = EventData()
_NO_ITEMS = EventList()


def _frozen(value: Any) -> Any:
    """``value`` with every dict and list in it (at any depth) read-only: a dict as
    :class:`EventData`, a list as :class:`EventList`, a tuple's items frozen; anything else
    as it is (a text, a number; an object a hand-made event holds)."""
    t = type(value)
    if t is dict or t is EventData:
        return _frozen_dict(value)
    if t is list or t is EventList:
        return EventList([v if type(v) not in _CONTAINERS else _frozen(v) for v in value])
    if t is tuple:
        return tuple(v if type(v) not in _CONTAINERS else _frozen(v) for v in value)
    return value


def _frozen_dict(value: dict[str, Any]) -> "EventData":
    """A dict as :class:`EventData`, its values frozen (:func:`_frozen`): one copy, and a
    walk into the values that are lists or dicts."""
    out = EventData(value)
    for k, v in value.items():
        if type(v) in _CONTAINERS:
            dict.__setitem__(out, k, _frozen(v))
    return out


#: The values :func:`_frozen` walks into (the others are kept as they are).
_CONTAINERS = frozenset({dict, list, tuple, EventData, EventList})


@dataclass(frozen=True, repr=False)
class Event:
    """One thing that happened in an encounter (the base of every typed event).

    Attributes:
        seq: Position in the log (0-based).
        step: The command (public method call) it belongs to.
        kind: The command's name, or an effect kind of :data:`EFFECT_KINDS`.
        command: ``True`` for the command that opens a step.
        round: Combat round (0 before the start).
        turn: Whose turn it was (creature or group name), or ``None``.
        actor: The creature doing it, or ``None``.
        target: The creature it is done to, or ``None``.
        data: Plain JSON data, by kind (see the class's ``FIELDS`` and ``ABOUT``).
    """

    KIND: ClassVar[str | None] = None
    COMMAND: ClassVar[bool] = False
    FIELDS: ClassVar[tuple[str, ...]] = ()
    #: The fields of ``FIELDS`` that may be absent, with what an absent one means (the
    #: value its attribute gives); every other field is required.
    OPTIONAL: ClassVar[Mapping[str, Any]] = {}
    ABOUT: ClassVar[str] = ""

    seq: int
    step: int
    kind: str
    command: bool = False
    round: int = 0
    turn: str | None = None
    actor: str | None = None
    target: str | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def __new__(cls, *args: Any, **kwargs: Any) -> "Event":
        """Build the typed class of the event's kind (``Event(...)`` dispatches)."""
        if not args and not kwargs:  # copy, pickle
            return object.__new__(cls)
        kind = args[2] if len(args) > 2 else kwargs.get("kind")
        command = args[3] if len(args) > 3 else kwargs.get("command", False)
        if cls is Event:
            table: Mapping[str, type[Event]] = COMMAND_TYPES if command else EFFECT_TYPES
            typed = table.get(kind) if isinstance(kind, str) else None
            return object.__new__(typed or cls)
        if cls.KIND is not None and (kind != cls.KIND or bool(command) != cls.COMMAND):
            raise LfgError(f"{cls.__name__} is the {'command' if cls.COMMAND else 'effect'} "
                           f"{cls.KIND!r}, not {'command' if command else 'effect'} "
                           f"{kind!r:.40}; build events with Event(...)")
        return object.__new__(cls)

    def __post_init__(self) -> None:
        """Refuse a data field the event's kind does not record (``FIELDS``) or a required
        one missing, and freeze its data to the bottom (:func:`_frozen_dict`)."""
        data = self.data
        if not isinstance(data, dict):
            return  # a damaged file's data: read as it is, refused by the replay
        spec = _FIELD_SETS.get(type(self))
        if spec is not None and not _fits(spec[0], spec[1], data):
            raise EventDataError(_field_problem(self, spec[0], spec[1]))
        object.__setattr__(self, "data", _frozen_dict(data))

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.KIND is not None:
            _declare_fields(cls)
        own = cls.__dict__.get("describe")
        if own is not None and not getattr(own, "_never_raises", False):
            setattr(cls, "describe", _never_raising(own))
        if cls.KIND is None:
            return
        table: dict[str, Any] = COMMAND_TYPES if cls.COMMAND else EFFECT_TYPES
        if cls.KIND in table:
            raise TypeError(f"two event classes for kind {cls.KIND!r}")
        table[cls.KIND] = cls
        (_COMMAND_SPECS if cls.COMMAND else _EFFECT_SPECS)[cls.KIND] = (
            cls, *_FIELD_SETS[cls])

    def to_json(self) -> dict[str, Any]:
        """The event as a JSON object (key order fixed)."""
        return {"seq": self.seq, "step": self.step, "round": self.round, "turn": self.turn,
                "kind": self.kind, "command": self.command, "actor": self.actor,
                "target": self.target, "data": self.data}

    @classmethod
    def from_json(cls, obj: Any, *, line: int | None = None, path: str | None = None
                  ) -> "Event":
        """Read an event written by :meth:`to_json`, checking every field.

        Args:
            obj: The parsed JSON object.
            line: Its line in the file (for messages).
            path: The file (for messages).

        Returns:
            The typed event.

        Raises:
            LogFormatError: naming the line and the field at fault; an unknown effect kind.
        """
        problem = _event_problem(obj)
        if problem:
            raise LogFormatError(problem, path, line)
        try:
            return make_event(obj["seq"], obj["step"], obj["kind"], obj["command"],
                              obj["round"], obj["turn"], obj["actor"], obj["target"],
                              obj["data"])
        except EventDataError as exc:  # a field its kind never records
            raise LogFormatError(str(exc), path, line) from None

    @property
    def who(self) -> str:
        """The actor's name, or ``""``."""
        return self.actor or ""

    def describe(self) -> str:
        """A short readable line (used in ``repr`` and the data frame's ``text`` column).

        The typed classes override it; this is the fallback for a kind nobody declared,
        and what a typed class's text falls back to when its data is not what the kind
        records (a damaged or hand-made file): it never raises.
        """
        return _plain_text(self)

    def __repr__(self) -> str:
        return f"<Event #{self.seq} r{self.round} {self.describe()}>"


def make_event(seq: int, step: int, kind: str, command: bool, round: int,
               turn: str | None, actor: str | None, target: str | None, data: Any, *,
               frozen: bool = False) -> Event:
    """``Event(seq, step, kind, command, round, turn, actor, target, data)``, built without
    the dataclass machinery (issue 24, "Fast": the encounter and a save's reader build
    thousands): the same typed class, the same field checks (:class:`EventDataError`) and
    the same frozen data.

    Args:
        frozen: ``data`` is already frozen to the bottom (:func:`frozen_jsonable`): it is
            kept as it is instead of copied.
    """
    try:  # the kind's class and its fields, in one lookup
        cls, fields, required = (_COMMAND_SPECS if command else _EFFECT_SPECS)[kind]
    except (KeyError, TypeError):  # a kind nobody declared (or no text): a plain Event
        cls, fields, required = Event, None, frozenset()
    ev = _bare_event(cls, seq, step, kind, command, round, turn, actor, target, data)
    if frozen and type(data) is EventData:  # (the encounter's events: frozen as built)
        if fields is not None and not _fits(fields, required, data):
            raise EventDataError(_field_problem(ev, fields, required))
    elif isinstance(data, dict):
        if fields is not None and not _fits(fields, required, data):
            raise EventDataError(_field_problem(ev, fields, required))
        ev.__dict__["data"] = _frozen_dict(data)
    return ev


_new = object.__new__


def _bare_event(cls: type[Event], seq: int, step: int, kind: str, command: bool, round: int,
                turn: str | None, actor: str | None, target: str | None, data: Any) -> Event:
    """An event of ``cls`` with these fields, nothing checked: its fields in the
    dataclass's order written straight into its dict (the class is frozen; one item each,
    no dict made to be copied: issue 24, "Fast")."""
    ev = _new(cls)
    d = ev.__dict__
    d["seq"] = seq
    d["step"] = step
    d["kind"] = kind
    d["command"] = command
    d["round"] = round
    d["turn"] = turn
    d["actor"] = actor
    d["target"] = target
    d["data"] = data
    return ev


def frozen_event(seq: int, step: int, kind: str, command: bool, round: int,
                 turn: str | None, actor: str | None, target: str | None,
                 data: "EventData") -> Event:
    """:func:`make_event` of ``data`` frozen already (:func:`frozen_data`), its arguments
    given in order: the encounter's every event (issue 24, "Fast": one call, the field
    check written out)."""
    try:  # the kind's class and its fields, in one lookup
        spec = (_COMMAND_SPECS if command else _EFFECT_SPECS).get(kind)
    except TypeError:  # no text: a plain Event
        spec = None
    ev = _bare_event(Event if spec is None else spec[0], seq, step, kind, command, round,
                     turn, actor, target, data)
    if spec is not None:  # (:func:`_fits`, written out)
        fields = spec[1]
        if not (fields.issuperset(data) and (len(data) == len(fields)
                                             or spec[2] <= data.keys())):
            raise EventDataError(_field_problem(ev, fields, spec[2]))
    return ev


def _fits(fields: frozenset[str], required: frozenset[str], data: Mapping[str, Any]) -> bool:
    """Whether ``data``'s keys are among ``fields`` and include every ``required`` one: an
    event that gives every field (most do) in one size and one set comparison (issue 24,
    "Fast")."""
    if len(data) == len(fields):
        return fields.issuperset(data)
    return fields.issuperset(data) and required <= data.keys()


def read_class(obj: Any) -> type[Event] | None:
    """The class :meth:`Event.from_json` makes of ``obj``, found without making it, or
    ``None`` when it refuses ``obj`` (a bad field, a data key its kind does not record or
    one missing): a load compares a save's effects with the replay's as read, and makes
    an event of one only to name a difference (issue 24, "Fast")."""
    if _event_problem(obj) is not None:
        return None
    spec = (_COMMAND_SPECS if obj["command"] else _EFFECT_SPECS).get(obj["kind"])
    if spec is None:  # a kind nobody declared: a plain Event, its data not checked
        return Event
    cls, fields, required = spec
    data = obj["data"]
    return cls if _fits(fields, required, data) else None


def read_event(obj: Mapping[str, Any]) -> Event:
    """:meth:`Event.from_json` of an ``obj`` :func:`read_class` accepted (not checked
    again)."""
    return make_event(obj["seq"], obj["step"], obj["kind"], obj["command"], obj["round"],
                      obj["turn"], obj["actor"], obj["target"], obj["data"])


def _field_problem(event: Event, fields: frozenset[str], required: frozenset[str]) -> str:
    """What is wrong with ``event``'s data keys: the unknown ones, the missing ones."""
    cls = type(event)
    unknown = [k for k in event.data if k not in fields]
    missing = [k for k in cls.FIELDS if k in required and k not in event.data]
    what = f"a {event.kind!r} {'command' if event.command else 'effect'}"
    records = ", ".join(cls.FIELDS) or "no data"
    if unknown:
        return f"{what} records {records}, not {', '.join(short(k) for k in unknown[:5])}"
    optional = ", ".join(cls.OPTIONAL)
    return (f"{what} is missing {', '.join(missing)}: it records {records}"
            + (f"; only {optional} may be left out" if optional else
               "; every one is required"))


#: Names an event already has (its fields and methods): a data field of the same name is
#: read from ``data`` only, never shadows them.
_RESERVED = frozenset({"seq", "step", "kind", "command", "round", "turn", "actor", "target",
                       "data", "who", "describe", "to_json", "from_json"})


def _declare_fields(cls: type[Event]) -> None:
    """Check ``cls``'s ``OPTIONAL`` against its ``FIELDS``, keep its field sets for
    :meth:`Event.__post_init__`, and give it a read-only attribute per field."""
    unknown = [k for k in cls.OPTIONAL if k not in cls.FIELDS]
    if unknown or len(set(cls.FIELDS)) != len(cls.FIELDS):
        raise TypeError(f"{cls.__name__}: OPTIONAL names {unknown} not in FIELDS, or FIELDS "
                        "repeats a name")
    _FIELD_SETS[cls] = (frozenset(cls.FIELDS),
                        frozenset(k for k in cls.FIELDS if k not in cls.OPTIONAL))
    for name in cls.FIELDS:
        if name.isidentifier() and not iskeyword(name) and name not in _RESERVED and not any(
                name in vars(base) for base in cls.__mro__):
            setattr(cls, name, _field_property(name, cls.OPTIONAL.get(name)))


def _field_property(name: str, default: Any) -> property:
    """A read-only attribute reading ``data[name]`` (``default`` when it is absent)."""
    def read(self: Event) -> Any:
        data = self.data
        return data.get(name, default) if isinstance(data, dict) else default
    read.__name__ = name
    read.__doc__ = f"``data[{name!r}]`` (read-only)."
    return property(read)


def _plain_text(event: Event) -> str:
    """``kind actor -> target: key=value, ...`` with every value shown short and safely
    (a huge number, a long text, a deep list)."""
    data = event.data if isinstance(event.data, dict) else {"data": event.data}
    extra = ", ".join(f"{_name(a)}={_shown(b)}" for a, b in list(data.items())[:20])
    if len(data) > 20:
        extra += f", ... ({len(data) - 20} more)"
    arrow = f" -> {_name(event.target)}" if event.target else ""
    return f"{_name(event.kind)} {_name(event.actor or '')}{arrow}: {extra}".strip()


def _name(value: Any) -> str:
    """A name or key as text: a string as it is (up to 200 characters), else short."""
    return value[:200] if isinstance(value, str) else short(value)


def _shown(value: Any) -> str:
    """A value as the fallback text shows it: a text as it is (up to 2,000 characters),
    anything else by :func:`~lfgcombat.shortrepr.short`."""
    if isinstance(value, str):
        return value if len(value) <= 2000 else value[:2000] + "..."
    if isinstance(value, (bool, float)) or value is None or (
            isinstance(value, int) and value.bit_length() <= 64):
        return str(value)
    try:
        text = str(value) if len(json.dumps(value, default=str)) <= 2000 else short(value)
    except (ValueError, TypeError, RecursionError, OverflowError):
        text = short(value)
    return text


def _never_raising(describe: Any) -> Any:
    """Wrap an event class's ``describe`` so odd data (a damaged or hand-made file: a
    number where a list belongs, a 5,000-digit number...) gives the plain text of
    :func:`_plain_text` instead of an exception (issue 23, item 21)."""
    def safe(self: Event) -> str:
        try:
            text = describe(self)
        except Exception:  # noqa: BLE001 - any odd data: the plain text instead
            return _plain_text(self)
        return text if isinstance(text, str) else _plain_text(self)
    safe.__doc__ = describe.__doc__
    safe.__wrapped__ = describe  # type: ignore[attr-defined]
    safe.__name__ = safe.__qualname__ = "describe"
    safe._never_raises = True  # type: ignore[attr-defined]
    return safe


def describe_error(event: Event) -> str | None:
    """Why ``event``'s data cannot be described by its kind's own text (``None``: it can).

    :meth:`Event.describe` never raises (odd data gives a plain text); a reader that must
    tell odd data apart (a save whose event holds data lfgcombat never writes) asks here.

    Args:
        event: Any event.

    Returns:
        The error its kind's text met (``"TypeError: ..."``), or ``None``.
    """
    raw = getattr(type(event).describe, "__wrapped__", None)
    if raw is None:
        return None
    try:
        text = raw(event)
    except Exception as exc:  # noqa: BLE001 - any odd data
        try:
            why = str(exc)
        except Exception:  # noqa: BLE001 - an exception whose text fails too
            why = "?"
        return f"{type(exc).__name__}: {why[:200]}"
    return None if isinstance(text, str) else f"its text is a {type(text).__name__}"


def effect_class(name: str, kind: str, fields: tuple[str, ...], about: str, text: Any, *,
                 module: str, optional: Mapping[str, Any] | None = None) -> type[Event]:
    """Declare the effect ``kind`` as a class of ``module`` (registered in
    :data:`EFFECT_TYPES` by :class:`Event`'s subclass hook): ``fields`` its data keys (and
    ``rule``), ``optional`` those that may be absent (with what an absent one means),
    ``about`` what they mean, ``text(event, data)`` its one-line description."""
    return type(name, (Event,), {
        "KIND": kind, "FIELDS": fields + ("rule",), "OPTIONAL": dict(optional or {}),
        "ABOUT": about, "__module__": module,
        "__qualname__": name, "__doc__": f"The effect ``{kind}``: {about}.",
        "describe": lambda self: text(self, self.data)})


def _event_problem(obj: Any) -> str | None:
    """What is wrong with a parsed event object (``None``: nothing)."""
    if not isinstance(obj, dict):
        return f"an event is a JSON object, got {type(obj).__name__}"
    if obj.keys() == _EVENT_KEY_SET:  # (each field read once: issue 24, "Fast")
        seq, step, rnd, kind, command = (obj["seq"], obj["step"], obj["round"], obj["kind"],
                                         obj["command"])
        if (type(seq) is int and seq >= 0 and type(step) is int and step >= 0
                and type(rnd) is int and rnd >= 0 and type(command) is bool
                and type(obj["data"]) is dict and type(kind) is str and kind
                and (command or kind in EFFECT_TYPES) and type(obj["turn"]) in _NAME_TYPES
                and type(obj["actor"]) in _NAME_TYPES and type(obj["target"]) in _NAME_TYPES):
            return None  # what every event a save writes is (issue 24, "Fast")
    if set(obj) != set(_EVENT_KEYS):
        missing = [k for k in _EVENT_KEYS if k not in obj]
        extra = sorted(str(k) for k in set(obj) - set(_EVENT_KEYS))
        return "event fields wrong: " + "; ".join(
            ([f"missing {', '.join(missing)}"] if missing else [])
            + ([f"unexpected {', '.join(extra)}"] if extra else []))
    for key in ("seq", "step", "round"):
        v = obj[key]
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            return f"{key} must be a whole number >= 0, got {v!r:.40}"
    for key in ("turn", "actor", "target"):
        if obj[key] is not None and not isinstance(obj[key], str):
            return f"{key} must be a name or null, got {obj[key]!r:.40}"
    return _kind_problem(obj)


_EVENT_KEY_SET = frozenset(_EVENT_KEYS)
#: The types of a name or none (``turn``, ``actor``, ``target``), exactly.
_NAME_TYPES = frozenset({str, type(None)})


def _kind_problem(obj: dict[str, Any]) -> str | None:
    if not isinstance(obj["kind"], str) or not obj["kind"]:
        return f"kind must be a non-empty name, got {obj['kind']!r:.40}"
    if not isinstance(obj["command"], bool):
        return f"command must be true or false, got {obj['command']!r:.40}"
    if not obj["command"] and obj["kind"] not in EFFECT_TYPES:
        return (f"unknown event kind {obj['kind']!r:.40}; effects are "
                + ", ".join(EFFECT_TYPES))
    if not isinstance(obj["data"], dict):
        return f"data must be a JSON object, got {obj['data']!r:.80}"
    return None


def differences(recorded: Event, replayed: Event, *, limit: int = 5) -> list[str]:
    """Where two events differ, field by field (``data`` key by key, nested with dots).

    Args:
        recorded: The event a file records.
        replayed: The event a replay gave in its place.
        limit: The most differences listed (the last entry then says how many more).

    Returns:
        Lines like ``"data.total: recorded 14, replayed 15"`` (empty if they are equal).
    """
    found: list[str] = []
    if type(recorded) is not type(replayed) and recorded.kind == replayed.kind:
        found.append(f"command: recorded {recorded.command}, replayed {replayed.command}")
    for key in _EVENT_KEYS:
        if key != "command" or not found:
            _diff(key, recorded.to_json()[key], replayed.to_json()[key], found)
    if len(found) > limit:
        found[limit:] = [f"... and {len(found) - limit} more"]
    return found


def _diff(where: str, a: Any, b: Any, found: list[str]) -> None:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in dict.fromkeys([*a, *b]):
            _diff(f"{where}.{k}", a.get(k, "(absent)"), b.get(k, "(absent)"), found)
    elif a != b or type(a) is not type(b):
        found.append(f"{where}: recorded {a!r:.60}, replayed {b!r:.60}")
