"""PrepPanel in a real JupyterLab (issue 12): Run simulates with progress, the summary table
and plots appear, and "Replay the worst fight" opens it in the InitiativeTracker."""

from __future__ import annotations

from .conftest import Lab

PANEL = ".lfg-prep"


def test_prep_panel_runs_and_replays(lab: Lab) -> None:
    lab.server.write_notebook("scratch/prep-panel.ipynb", [
        "from lfgcombat.widgets.prep import PrepPanel\n"
        "panel = PrepPanel(n=400, seed=3)\n"
        "panel",
    ])
    nb = lab.run_notebook("scratch/prep-panel.ipynb")
    nb.assert_no_errors()
    panel = nb.panel.locator(PANEL).first
    panel.scroll_into_view_if_needed()
    panel.locator("button", has_text="Run").first.click()
    table = panel.locator("table").first
    table.wait_for(timeout=120_000)
    assert "P(win)" in table.inner_text() and "p_win" not in table.inner_text()
    panel.locator("img").first.wait_for(timeout=30_000)
    replay = panel.locator("button", has_text="Replay the worst fight").first
    nb.page.wait_for_function(
        "(sel) => { const b = [...document.querySelectorAll(sel + ' button')]"
        ".find(x => x.textContent.includes('Replay')); return b && !b.disabled; }",
        arg=PANEL, timeout=30_000)
    replay.click()
    note = panel.locator(".lfg-prep-replay").first
    note.wait_for(timeout=120_000)
    assert "exactly" in note.inner_text()
    panel.locator(".lfg-initiative").first.wait_for(timeout=60_000)
    nb.screenshot("prep-panel.png")
