"""A spell cast from the tracker needs its name (issue 26, item 1: "Spells take a name, a
target and a note, and the log says what was cast"): an empty name is refused with a clear
message and nothing is cast (the log said "casts a spell"). 000_8d1d7816ee944f3b.txt,
"Casting a Spell"."""

from __future__ import annotations

import pytest

pytest.importorskip("ipyleaflet")

from .test_tracker_redraw import table  # noqa: E402


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
@pytest.mark.parametrize("typed", ["", "   "])
def test_an_empty_spell_name_is_refused(ruleset: str, typed: str) -> None:
    enc, t = table(ruleset)
    t.start()
    rows = t.action_rows
    rows.spell.value, rows.level.value = typed, 0
    before, n = enc.snapshot(), len(enc.log)
    rows.cast_button.click()
    assert enc.snapshot() == before and len(enc.log) == n
    assert "type the spell's name" in t.status_text and "lfg-error" in t.status.value
    assert "type the spell's name" in t.error
    rows.spell.value = "Light"  # named: cast, and the log says what
    rows.cast_button.click()
    assert t.error == "", t.error
    assert any("Light" in e.describe() for e in list(enc.log)[n:] if not e.command)
