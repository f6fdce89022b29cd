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
