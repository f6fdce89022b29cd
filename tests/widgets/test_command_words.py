"""Command lines read as words, not as code (issue 26, item 2: "Code leaks into words",
"end_turn()"): every command the log records describes itself in words, and the tracker's
history and branch lists (which show a step by its command when it changed nothing else)
hold no call syntax."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipyleaflet")

from lfgcombat.engine.log import Event  # noqa: E402
from lfgcombat.engine.log.events import COMMAND_TYPES  # noqa: E402

from .test_tracker_redraw import table  # noqa: E402

#: Call syntax: ``name=``, ``f()``, a snake_case id, a Python repr of a list or dict.
CODE = re.compile(r"\w+=|\w+\(\)|\b[a-z]+(?:_[a-z0-9]+)+\b|\[|\{|\bNone\b|'")
SAMPLE = {"name": "Orc", "target": "Hero", "weapon": "great_axe", "to": [6, 3],
          "situation": {"power_attack": True, "critical_choice": "multiply"},
          "interrupters": ["Hero", "Ally"], "next": "Hero", "deadlock": True,
          "action": "pick_up_item", "condition": "flat_footed", "aoo": "all",
          "terrain": [[1, 1, "wall"]], "elevation": [], "background": None}


@pytest.mark.parametrize("kind", sorted(COMMAND_TYPES))
def test_every_command_describes_itself_in_words(kind: str) -> None:
    cls = COMMAND_TYPES[kind]
    data = {k: SAMPLE.get(k, 2) for k in cls.FIELDS if k in SAMPLE or k not in cls.OPTIONAL}
    e = Event(3, 1, kind, True, 1, 1, "Orc", None, data)
    text = e.describe()
    assert not CODE.search(text), text
    assert kind.replace("_", " ") in text.lower()


def test_the_history_lists_hold_no_code() -> None:
    enc, t = table("lfg")
    t.start()
    for _ in range(3):
        t.attack_row.attack()
        (t._last_buttons[0] if t._last_buttons else t._end).click()
    t.history_rows.line.value = t.history_rows.line.options[-2][1]
    t.history_rows.back_to_line()
    labels = [label for label, _v in t.history_rows.line.options + t.history_rows.branch.options]
    labels += [e.describe() for e in enc.log if e.command]
    assert labels and not [x for x in labels if re.search(r"\w+=|\w+\(\)", x)], labels
