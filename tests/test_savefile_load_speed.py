"""The save reader's short cuts for a load (issue 24, item 6: a 2,000-event save), each
compared with what it stands for."""

from __future__ import annotations

import json
import math

import pytest

from lfgcombat.engine.log import savefile

VALUES = [
    {"b": 1, "a": [1.5, -0.0, 1e300, 0.1, True, False, None, 'é\n"x\u2028\ud83d\ude00'],
     "c": {"z": {}, "y": [], "x": {"ü": 2 ** 70, "": -3}}},
    {"seq": 3, "data": {"path": [[1, 2], [3, 4]], "notes": ["a"]}, "turn": None},
    {},
]


@pytest.mark.parametrize("value", VALUES)
def test_the_canonical_encoding_is_json_dumps_sorted_and_compact(value):
    """The digest's canonical line (the C encoder built once, not at every line) is
    ``json.dumps`` with sorted keys, no spaces and non-ASCII kept, for every kind of value
    a save holds."""
    assert savefile._canonical(value) == json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def test_the_canonical_encoding_refuses_what_json_refuses():
    with pytest.raises(ValueError):
        savefile._canonical({"x": math.nan})
    with pytest.raises(TypeError):
        savefile._canonical({"x": object()})
    deep: dict = {}
    for _ in range(100_000):
        deep = {"a": deep}
    with pytest.raises(RecursionError):
        savefile._canonical(deep)
