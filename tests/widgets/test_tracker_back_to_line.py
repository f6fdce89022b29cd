""""Back to here" by a click on a line of the tracker's event log or dice log (issue 26,
item 4: "From the dice log or the event log, 'back to here' restores the fight to that
line; what was undone is kept as a branch the GM can return to")."""

from __future__ import annotations

import pytest

pytest.importorskip("ipyleaflet")

from .test_tracker_redraw import table  # noqa: E402


def played(ruleset: str):  # noqa: ANN201 - (encounter, tracker, snapshot after each step)
    """Start, attack, next creature, attack: the fight's snapshot after each step."""
    enc, t = table(ruleset)
    after = []
    t.start()
    after.append(enc.snapshot())
    t.attack_row.attack()
    after.append(enc.snapshot())
    (t._last_buttons[0] if t._last_buttons else t._end).click()
    after.append(enc.snapshot())
    t.attack_row.attack()
    after.append(enc.snapshot())
    assert not t.error, t.error
    return enc, t, after


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_a_click_on_an_event_log_line_offers_back_to_here(ruleset: str) -> None:
    enc, t, after = played(ruleset)
    h = t.history_rows
    assert h.line.value is None and h.back_button.layout.display == "none"
    lines = [label for label, _seq in h.line.options]
    assert lines[0].startswith("4. ") and lines[-1].startswith("1. ")  # newest first
    h.line.value = h.line.options[2][1]  # a click on step 2 (the first attack)
    assert h.back_button.layout.display is None and not h.back_button.disabled
    assert h.back_button.description == "Back to step 2"
    h.back_button.click()
    assert enc.snapshot() == after[1]  # the fight as it stood after that line
    assert "2 steps undone, kept as branch 1" in t.status_text
    assert h.line.value is None and h.back_button.layout.display == "none"
    h.resume_button.click()  # the undone branch, resumed
    assert enc.snapshot() == after[3] and not t.error


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_a_click_on_a_dice_log_line_goes_back_to_its_step(ruleset: str) -> None:
    enc, t, after = played(ruleset)
    h = t.history_rows
    numbers = [k for _label, k in h.rolls.options]
    assert numbers == sorted(numbers, reverse=True) == list(range(len(numbers), 0, -1))
    # the dice log's own numbers (#) are the list's
    assert [int(r) + 1 for r in t.dicelog.rows()["seq"]] == numbers[:len(t.dicelog.rows())]
    first_attack = next(k for label, k in reversed(h.rolls.options)
                        if "initiative" not in label)
    h.line.value = h.line.options[0][1]
    h.rolls.value = first_attack  # a click on the first attack's roll
    assert h.line.value is None  # one line chosen at a time
    assert h.back_button.description == f"Back to roll #{first_attack} (step 2)"
    h.back_button.click()
    assert enc.snapshot() == after[1]
    h.resume_button.click()
    assert enc.snapshot() == after[3]


def test_a_new_step_clears_the_line_clicked() -> None:
    enc, t = table("lfg")
    t.start()
    h = t.history_rows
    h.line.value = h.line.options[0][1]
    assert h.back_button.layout.display is None
    t.attack_row.attack()
    assert h.line.value is None and h.back_button.layout.display == "none"
    h.back_to_here()  # nothing chosen: said, nothing undone
    assert "click a line" in t.status_text and len(h.timeline.branches) == 0
