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
