"""Building events fast gives the events ``Event(...)`` gives (issue 24, item 6, "Fast").

The encounter builds every event with :func:`~lfgcombat.engine.log.events.make_event` and
freezes its data in the one JSON walk of
:func:`~lfgcombat.engine.log.events.frozen_jsonable`; a save's reader checks an event's
shape by a fast test first (:func:`~lfgcombat.engine.log.events._event_problem`). Each must
give exactly what the plain way gives: the same class, fields, frozen data and refusals
(issue 24, item 4, "Typed events that enforce their fields").
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from lfgcombat.engine.log import Event
from lfgcombat.engine.log.events import (EventData, EventDataError, EventList, _event_problem,
                                         _frozen, frozen_jsonable, jsonable, make_event)

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False,
                                                          allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=5), inner, max_size=4), max_leaves=20)


def _deep_types(value):
    """The value with each container's type beside it (== alone ignores EventData)."""
    if isinstance(value, dict):
        return (type(value).__name__, {k: _deep_types(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [_deep_types(v) for v in value])
    return (type(value).__name__, value)


@settings(max_examples=300, deadline=None)
@given(value=st.dictionaries(st.text(max_size=5), _JSON, max_size=5))
def test_frozen_jsonable_is_jsonable_frozen(value):
    assert _deep_types(frozen_jsonable(value)) == _deep_types(_frozen(jsonable(value)))


def test_frozen_jsonable_refuses_what_jsonable_refuses():
    for bad in ({"x": float("nan")}, {"x": object()}, {"x": {1j: 2}}):
        with pytest.raises(Exception) as slow:
            jsonable(bad)
        with pytest.raises(type(slow.value)):
            frozen_jsonable(bad)


_EVENTS = [
    (0, 0, "start", True, 0, None, None, None, {"aware": None, "decline": None}),
    (3, 1, "move", True, 1, "Orc", "Orc", None, {"name": "Orc", "to": [6, 3], "aoo": None}),
    (4, 1, "moved", False, 1, "Orc", "Orc", None,
     {"action": "move", "path": [[5, 3], [6, 3]], "feet": 5, "feet_left": 25,
      "continued": False, "part": 0, "notes": []}),
    (5, 1, "no_such_command", True, 1, None, None, None, {"anything": [1, {"a": 2}]}),
    (6, 1, "note", True, 1, None, None, None, "not a dict"),
]


@pytest.mark.parametrize("args", _EVENTS)
def test_make_event_is_event(args):
    slow, fast = Event(*args), make_event(*args)
    assert type(fast) is type(slow) and fast == slow
    assert vars(fast) == vars(slow) and list(vars(fast)) == list(vars(slow))
    assert _deep_types(fast.data) == _deep_types(slow.data)
    assert repr(fast) == repr(slow) and fast.to_json() == slow.to_json()
    if isinstance(fast.data, dict):
        assert type(fast.data) is EventData
        with pytest.raises(EventDataError):
            fast.data["x"] = 1  # type: ignore[index]


def test_make_event_refuses_unknown_and_missing_fields_as_event_does():
    for data in ({"name": "Orc", "to": [1, 1], "aoo": None, "bogus": 1}, {"name": "Orc"}):
        with pytest.raises(EventDataError) as slow:
            Event(3, 1, "move", True, 1, None, "Orc", None, data)
        with pytest.raises(EventDataError) as fast:
            make_event(3, 1, "move", True, 1, None, "Orc", None, data)
        assert str(fast.value) == str(slow.value)


def test_make_event_keeps_frozen_data_only_when_told():
    data = frozen_jsonable({"text": "hello", "more": [1, [2]]})
    kept = make_event(0, 0, "note", True, 0, None, None, None, {"text": "x"}, frozen=True)
    assert type(kept.data) is EventData
    ev = make_event(0, 0, "roll", False, 0, None, None, None,
                    {"expression": "1d20", "faces": [3], "natural": 3, "total": 3,
                     "fortune": None, "other": None, "label": "x", "against": None,
                     "outcome": None}, frozen=False)
    assert type(ev.data["faces"]) is EventList
    assert type(data["more"][1]) is EventList


_OK = {"seq": 0, "step": 0, "round": 0, "turn": None, "kind": "start", "command": True,
       "actor": None, "target": None, "data": {}}


@pytest.mark.parametrize("change", [
    {}, {"seq": -1}, {"seq": True}, {"step": 1.0}, {"round": "1"}, {"turn": 3},
    {"actor": ["a"]}, {"target": 1}, {"kind": ""}, {"kind": 5}, {"command": 1},
    {"command": False, "kind": "no_such_effect"}, {"command": False, "kind": "roll"},
    {"data": []}, {"extra": 1}])
def test_the_fast_shape_test_answers_as_the_detailed_one(change, monkeypatch):
    obj = json.loads(json.dumps({**_OK, **change}))
    fast = _event_problem(obj)
    monkeypatch.setattr("lfgcombat.engine.log.events._EVENT_KEY_SET", frozenset({"never"}))
    assert fast == _event_problem(obj)  # the detailed checks alone
    assert (fast is None) == (change in ({}, {"command": False, "kind": "roll"}))


# The one walk (issue 24, item 6, "Fast"): a dict of text keys and scalar values, and a list
# of scalars, are copied in one step instead of walked item by item; a command's arguments
# are frozen once, for its event and for its handler. What the caller keeps must never be
# what the log holds: every dict and list of an event's data is frozen and its own.


def test_scalar_dicts_and_lists_are_frozen_copies():
    faces, inner = [3, 4], {"a": 1, "b": "x"}
    data = {"faces": faces, "inner": inner, "nested": [[1], {"c": None}], "n": 2}
    frozen = frozen_jsonable(data)
    assert _deep_types(frozen) == _deep_types(_frozen(jsonable(data)))
    assert type(frozen["faces"]) is EventList and frozen["faces"] is not faces
    assert type(frozen["inner"]) is EventData and frozen["inner"] is not inner
    faces.append(5)
    inner["a"] = 9
    assert frozen["faces"] == [3, 4] and frozen["inner"] == {"a": 1, "b": "x"}
    with pytest.raises(EventDataError):
        frozen["faces"].append(1)
    with pytest.raises(EventDataError):
        frozen["nested"][1]["c"] = 1  # type: ignore[index]
    # a dict with a key that is no text is still left to the JSON round trip
    assert frozen_jsonable({"x": {1: 2}}) == {"x": {"1": 2}}


def _fight(**start):
    from lfgcombat import Encounter
    from lfgcombat.creature import load_example
    enc = Encounter([load_example("wulfric"), load_example("orc")],
                    sides={"party": ["Wulfric"], "orcs": ["Orc"]}, seed=3)
    return enc.start(**start)


def test_an_emitted_events_data_is_frozen_and_its_own():
    enc = _fight()
    data = {"text": "hello"}
    ev = enc._emit("note", data=data)
    data["text"] = "changed"
    assert ev.data == {"text": "hello"} and type(ev.data) is EventData
    with pytest.raises(EventDataError):
        ev.data["text"] = "x"  # type: ignore[index]
    nested = {"change": "gained", "condition": "prone", "rounds": None, "by": None,
              "why": "", "consequences": ["falls"]}
    ev = enc._emit("condition", target="Orc", data=nested)
    nested["consequences"].append("more")
    assert ev.data["consequences"] == ["falls"]
    assert type(ev.data["consequences"]) is EventList


def test_a_commands_arguments_are_frozen_once_and_its_own():
    aware = ["Wulfric", "Orc"]
    enc = _fight(aware=aware)
    cmd = enc.log[0]
    assert cmd.command and cmd.kind == "start" and type(cmd.data) is EventData
    assert type(cmd.data["aware"]) is EventList and cmd.data["aware"] is not aware
    aware.append("Nobody")
    assert cmd.data["aware"] == ["Wulfric", "Orc"]
    with pytest.raises(EventDataError):
        cmd.data["aware"].append("x")
    # the handler was given the frozen arguments, as a replay gives them: the same fight
    other = enc.fork()
    assert [e.to_json() for e in other.log] == [e.to_json() for e in enc.log]


def test_the_kinds_specs_are_the_tables_and_field_sets():
    """make_event finds a kind's class and fields in one lookup (``_COMMAND_SPECS``,
    ``_EFFECT_SPECS``): the same as the public tables and the class's field sets."""
    from lfgcombat.engine.log import events as ev
    for table, specs in ((ev.COMMAND_TYPES, ev._COMMAND_SPECS),
                         (ev.EFFECT_TYPES, ev._EFFECT_SPECS)):
        assert list(specs) == list(table)
        for kind, cls in table.items():
            assert specs[kind] == (cls, *ev._FIELD_SETS[cls])
            assert specs[kind][1] == frozenset(cls.FIELDS)
            assert specs[kind][2] == frozenset(set(cls.FIELDS) - set(cls.OPTIONAL))
