"""Small words a new user met at the table (issue 26): no Python list in the dice log."""

from __future__ import annotations

import re

from lfgcombat.dice import Roller
from lfgcombat.widgets.dicelog import DiceLog


def test_the_dice_log_shows_dice_as_words_not_a_python_list():
    r = Roller(seed=1)
    r.roll("2d6", label="damage")
    r.roll("1d20", label="initiative")
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", DiceLog(r).children[1].value)
    faces = [tuple(f.faces) for f in r.history] if hasattr(r.history[0], "faces") else None
    assert not any(c.startswith("[") for c in cells), cells
    if faces:
        assert ", ".join(map(str, faces[0])) in cells

