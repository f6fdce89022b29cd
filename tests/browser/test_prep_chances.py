"""Issue 25 in a real JupyterLab: the PrepPanel's *Compare tactics* shows its table and
plot, and the InitiativeTracker's *Chances from here* shows the odds from where the fight
stands (widgets/prep.py, widgets/chances.py)."""

from __future__ import annotations

from .conftest import Lab


def test_compare_tactics_and_chances_from_here(lab: Lab) -> None:
    lab.server.write_notebook("scratch/prep-chances.ipynb", [
        "from lfgcombat.widgets.prep import PrepPanel\n"
        "panel = PrepPanel(n=300, seed=3)\n"
        "panel",
        "from lfgcombat import Encounter\n"
        "from lfgcombat.creature import load_example\n"
        "from lfgcombat.widgets.initiative import InitiativeTracker\n"
        "orcs = [load_example('orc').replace(name=f'Orc {i}') for i in (1, 2)]\n"
        "enc = Encounter([load_example('wulfric')] + orcs, sides={'party': ['Wulfric'],\n"
        "                'orcs': ['Orc 1', 'Orc 2']}, seed=4)\n"
        "enc.start()\n"
        "InitiativeTracker(enc)",
    ])
    nb = lab.run_notebook("scratch/prep-chances.ipynb")
    nb.assert_no_errors()
    panel = nb.panel.locator(".lfg-prep").first
    panel.scroll_into_view_if_needed()
    panel.locator("button", has_text="Compare tactics").first.click()
    table = panel.locator("table.lfg-prep-comparison").first
    table.wait_for(timeout=120_000)
    text = table.inner_text()
    assert "focus fire" in text and "spread out" in text and "%" in text and "[" in text
    assert "focus_fire" not in text  # the presets' names in words, as the menus say them
    panel.locator("img").last.wait_for(timeout=30_000)
    more = nb.panel.locator(".lfg-initiative button.lfg-more").first
    more.scroll_into_view_if_needed()
    more.click()  # the chances wait behind the tracker's "More…" (issue 26, item 5)
    chances = nb.panel.locator(".lfg-initiative .lfg-chances").first
    chances.wait_for(state="visible", timeout=20_000)
    chances.scroll_into_view_if_needed()
    chances.locator("button", has_text="Chances from here").first.click()
    nb.page.wait_for_function(
        "() => [...document.querySelectorAll('.lfg-chances-text')]"
        ".some(x => x.textContent.includes(' fights in '))", timeout=120_000)
    readout = chances.locator(".lfg-chances-text").first.inner_text()
    assert readout.startswith("From round 1, ") and "P(win) party " in readout
    nb.screenshot("prep-chances.png")


def test_stop_keeps_the_fights_so_far(lab: Lab) -> None:
    lab.server.write_notebook("scratch/prep-stop.ipynb", [
        "from lfgcombat.widgets.prep import PrepPanel\n"
        "panel = PrepPanel(party=['Wulfric'], foes=['Orc'], copies=2, n=1_000_000, seed=1)\n"
        "panel",
    ])
    nb = lab.run_notebook("scratch/prep-stop.ipynb")
    nb.assert_no_errors()
    panel = nb.panel.locator(".lfg-prep").first
    panel.scroll_into_view_if_needed()
    panel.locator("button", has_text="Run").first.click()
    stop = panel.locator(".lfg-prep-stop").first
    stop.wait_for(state="visible", timeout=30_000)
    stop.click()
    nb.page.wait_for_function(
        "() => [...document.querySelectorAll('.lfg-prep')]"
        ".some(x => x.textContent.includes('Stopped: '))", timeout=120_000)
    assert "P(win)" in panel.locator("table").first.inner_text()


def test_chances_from_here_stop_keeps_the_fights_so_far(lab: Lab) -> None:
    """The readout's Stop (``.lfg-chances-stop``) ends a click's run after the fights under
    way and shows those played ("Stopped: k of n fights played"), as the PrepPanel's."""
    lab.server.write_notebook("scratch/chances-stop.ipynb", [
        "from lfgcombat import Encounter\n"
        "from lfgcombat.creature import load_example\n"
        "from lfgcombat.widgets.chances import ChancesFromHere\n"
        "orcs = [load_example('orc').replace(name=f'Orc {i}') for i in (1, 2)]\n"
        "enc = Encounter([load_example('wulfric')] + orcs, sides={'party': ['Wulfric'],\n"
        "                'orcs': ['Orc 1', 'Orc 2']}, seed=4)\n"
        "enc.start()\n"
        "ChancesFromHere(enc, n=100_000, tactics='brutal')",  # the reference tier: slow
    ])
    nb = lab.run_notebook("scratch/chances-stop.ipynb")
    nb.assert_no_errors()
    chances = nb.panel.locator(".lfg-chances").first
    chances.scroll_into_view_if_needed()
    chances.locator("button", has_text="Chances from here").first.click()
    stop = chances.locator(".lfg-chances-stop").first
    stop.wait_for(state="visible", timeout=30_000)
    stop.click()
    nb.page.wait_for_function(
        "() => [...document.querySelectorAll('.lfg-chances-text')]"
        ".some(x => x.textContent.startsWith('Stopped: '))", timeout=120_000)
    readout = chances.locator(".lfg-chances-text").first.inner_text()
    assert " of 100000 fights played. From round 1, " in readout and "P(win) party " in readout
