"""The tracker's Undo keeps what it undid as a branch the GM can return to, as "back to
here" does (issue 26, item 4; :class:`lfgcombat.engine.timeline.Timeline`)."""

from __future__ import annotations

import pytest

pytest.importorskip("ipyleaflet")

from .test_tracker_redraw import table  # noqa: E402


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_undo_keeps_a_branch_that_resume_brings_back(ruleset: str) -> None:
    enc, t = table(ruleset)
    t.start()
    t.attack_row.attack()
    after, n = enc.snapshot(), len(enc.log)
    h = t.history_rows
    assert not h.timeline.branches
    t._undo.click()
    assert len(enc.log) < n and enc.snapshot() != after
    assert len(h.timeline.branches) == 1 and "branch 1" in t.status_text
    assert [v for _l, v in h.branch.options] == [1] and not h.resume_button.disabled
    h.resume_button.click()  # back to what was undone
    assert enc.snapshot() == after and len(enc.log) == n


def test_undoing_the_first_step_still_works() -> None:
    enc, t = table("lfg")
    t.start()
    assert len(enc.log)
    t._undo.click()
    assert enc.current is None and not t.error


def test_resume_after_undos_redoes_the_last_undo_first() -> None:
    """Undo twice after an older branch was made: the branch box shows the newest branch,
    so Resume is a redo (a new user's Resume after three Undos went to an older branch
    the box still showed)."""
    enc, t = table("lfg")
    t.start()
    h = t.history_rows
    t.attack_row.attack()
    t._undo.click()  # branch 1, an older cycle
    t.attack_row.attack()
    once = enc.snapshot()
    (t._next.children[0] if t._next.children else t._end).click()  # the turn ends
    twice = enc.snapshot()
    assert twice != once
    t._undo.click()  # branch 2: the turn's end
    t._undo.click()  # branch 3: the attack
    assert h.branch.value == 3 == h.timeline.branches[-1].number
    h.resume_button.click()
    assert enc.snapshot() == once
    assert h.branch.value == 2
    h.resume_button.click()
    assert enc.snapshot() == twice
