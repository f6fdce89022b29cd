"""The quickstart notebook, run in a real JupyterLab in Chromium, shows a working DiceLog.

Contract with the DiceLog widget: its root element has the CSS class ``lfg-dicelog``; its
table is ``<table class="lfg-dicelog-table">`` with one ``<tr class="lfg-roll">`` per roll.

``LFG_UPDATE_SCREENSHOTS=1 make test`` also refreshes ``notebooks/images/quickstart.png``
(the README's screenshot).
"""

from __future__ import annotations


from .conftest import Lab, NOTEBOOKS, publish_screenshot

QUICKSTART = "00-quickstart.ipynb"
DICELOG_ROWS = ".lfg-dicelog table.lfg-dicelog-table tr.lfg-roll"


def test_quickstart_runs_and_shows_the_dice_log(lab: Lab) -> None:
    assert (NOTEBOOKS / QUICKSTART).is_file(), f"notebooks/{QUICKSTART} is missing"
    nb = lab.run_notebook(QUICKSTART)

    rows = nb.panel.locator(DICELOG_ROWS)
    rows.first.wait_for(state="attached", timeout=30_000)
    assert rows.count() >= 1, "the DiceLog table rendered without any roll rows"
    nb.assert_no_errors()  # again, now that every widget view has rendered

    log = nb.panel.locator(".lfg-dicelog").first
    log.screenshot(path=str(lab.output_dir / "dicelog.png"))
    nb.screenshot("quickstart-full.png")
    # The README's picture: one screen of the notebook with the dice log in view.
    log.scroll_into_view_if_needed()
    shot = nb.screenshot("quickstart.png", full=False)
    publish_screenshot(shot, "quickstart.png")


def test_harness_sees_widget_rows_and_errors(lab: Lab) -> None:
    """The checks above are not vacuous: on a stand-in notebook they find rows and errors."""
    lab.server.write_notebook("scratch/harness.ipynb", [
        "import ipywidgets as w\n"
        "rows = ''.join(f'<tr class=\"lfg-roll\"><td>{i}</td></tr>' for i in range(3))\n"
        "w.HTML(f'<table class=\"lfg-dicelog-table\">{rows}</table>',"
        " _dom_classes=('lfg-dicelog',))",
        "import traitlets as t\n"
        "class Broken(w.DOMWidget):  # its front-end view does not exist\n"
        "    _view_name = t.Unicode('NoSuchView').tag(sync=True)\n"
        "    _view_module = t.Unicode('no-such-module').tag(sync=True)\n"
        "Broken()",
        "raise ValueError('expected by the harness test')",
        "print('never runs')",
    ])
    nb = lab.open("scratch/harness.ipynb")
    nb.run_all()

    assert nb.panel.locator(DICELOG_ROWS).count() == 3
    errors = nb.errors()
    assert any("ValueError: expected by the harness test" in e for e in errors), errors
    assert any("Traceback" in e for e in errors), errors
    assert any(e.startswith("widget view failed") for e in errors), errors
    assert nb.outputs(3).count() == 0, "run-all should stop at the failing cell"
