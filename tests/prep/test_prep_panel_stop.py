"""The PrepPanel's Stop button keeps the fights played so far (issue 25, item 5): a click
runs in a thread so that Stop is heard; the run ends at the next chunk, as Ctrl-C does
(lfgcombat/prep/limits.py's warning already names "the panel's Stop")."""

from __future__ import annotations

from lfgcombat.prep import SimResult
from lfgcombat.widgets.prep import PrepPanel


def test_stop_keeps_the_fights_played_so_far():
    panel = PrepPanel(party=["Wulfric"], foes=["Orc"], copies=2, n=1_000_000, seed=1)
    panel._run.click()
    assert panel._run.disabled and panel._stop.layout.display is None
    panel._stop.click()
    panel.wait(300)
    result = panel.result
    assert isinstance(result, SimResult) and result.interrupted
    assert 0 < result.n < 1_000_000 and result.n % 5000 == 0  # whole chunks
    assert panel._status.value.startswith(f"Stopped: {result.n:} of 1000000 fights played")
    assert "P(win)" in panel._summary.value  # the fights so far, shown
    assert not panel._run.disabled and panel._stop.layout.display == "none"


def test_a_click_runs_to_the_end_without_stop():
    panel = PrepPanel(party=["Wulfric"], foes=["Orc"], copies=1, n=200, seed=1)
    panel._run.click()
    panel.wait(120)
    assert panel.result is not None and panel.result.n == 200
    assert panel._status.value.startswith("200 fights on the fast tier: ")
