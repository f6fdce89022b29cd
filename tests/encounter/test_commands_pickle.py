"""Every command and event class can be pickled by reference: GM prep's "chances from
here" sends the fight under way, its log included, to worker processes (issue 25, item 1;
a new user met "PicklingError: Can't pickle <class '...WrestleCommand'>" after a Wrestling
trip, and the same after a classic Heroic Action, when a class built by the command
factory named a module it does not live in)."""

from __future__ import annotations

import importlib
import pickle

import lfgcombat  # noqa: F401 - every command and event module imported
from lfgcombat.engine.log.commands import CommandEvent
from lfgcombat.engine.log.events import Event


def _all(cls: type) -> list[type]:
    out, todo = [], [cls]
    while todo:
        c = todo.pop()
        out.append(c)
        todo.extend(c.__subclasses__())
    return out


def test_every_command_and_event_class_is_found_where_it_says() -> None:
    classes = [c for c in _all(Event) if c.__module__.startswith("lfgcombat.")]
    assert len([c for c in classes if issubclass(c, CommandEvent)]) > 50
    wrong = [f"{c.__qualname__} says {c.__module__}" for c in classes
             if getattr(importlib.import_module(c.__module__), c.__qualname__, None) is not c]
    assert wrong == []
    assert all(pickle.loads(pickle.dumps(c)) is c for c in classes)
