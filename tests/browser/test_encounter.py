"""20-a-whole-fight in a real JupyterLab: two turns played through the InitiativeTracker and
the BattleMap.

The notebook ends in round 3 with the Orc Shaman acting and everyone else still to act. The
test ends his turn by clicking Mayat's *next* button, moves Mayat by clicking a green hex of
the map (the tracker routes the click to ``Encounter.move``), then ends her turn by clicking
Wulfric's button; Wulfric is burning, so his turn begins with the fire's 1d6. Then Wulfric,
chosen by an ally, asks Mayat to pick someone else (a ``.lfg-decline`` button), and Sokaris,
her new pick, acts together with Chessan (``.lfg-together``).

Contract with the InitiativeTracker widget (``widgets/initiative.py``): the widget is
``.lfg-initiative``; ``.lfg-round[data-round]`` and ``.lfg-current[data-current]``; the cards
``.lfg-card[data-name]`` with ``lfg-card-ready``/``lfg-card-done`` and ``lfg-card-acting``,
their ``.lfg-hp-text``; one ``button.lfg-next`` per legal next creature (its text is the
name); the status line ``.lfg-tracker-status`` (``lfg-error`` on a refusal). The map inside
it is the BattleMap's (see ``test_battlemap.py``).

``LFG_UPDATE_SCREENSHOTS=1 make test`` also refreshes ``notebooks/images/encounter.png``.
"""

from __future__ import annotations

import re

from .conftest import Lab, NOTEBOOKS, publish_screenshot

FIGHT = "20-a-whole-fight.ipynb"
TRACKER = ".lfg-initiative"
EVERYONE = ["Wulfric", "Chessan", "Mayat", "Sokaris", "Orc Shaman", "Orc 1", "Orc 2", "Orc 3"]


def test_two_turns_through_the_tracker_and_the_map(lab: Lab) -> None:
    assert (NOTEBOOKS / FIGHT).is_file(), f"notebooks/{FIGHT} is missing"
    nb = lab.run_notebook(FIGHT)
    page = nb.page
    tracker = nb.panel.locator(TRACKER).last
    tracker.scroll_into_view_if_needed()

    def current_is(name: str) -> None:
        page.wait_for_function(
            "([sel, name]) => { const e = document.querySelectorAll(sel);"
            " return e.length && e[e.length - 1].dataset.current === name; }",
            arg=[f"{TRACKER} .lfg-current", name], timeout=20_000)

    def card(name: str):
        return tracker.locator(f'.lfg-card[data-name="{name}"]')

    def classes(name: str) -> set[str]:
        return set((card(name).get_attribute("class") or "").split())

    def next_names() -> list[str]:
        return [t.strip() for t in tracker.locator("button.lfg-next").all_inner_texts()]

    def hp(name: str) -> int:
        return int(re.search(r"HP (-?\d+)/", card(name).locator(".lfg-hp-text").inner_text())[1])

    def status_says(text: str) -> None:
        """Wait for the tracker's status line (its update may trail the cards')."""
        page.wait_for_function(
            "([sel, text]) => { const e = document.querySelectorAll(sel);"
            " return e.length && e[e.length - 1].textContent.includes(text); }",
            arg=[f"{TRACKER} .lfg-tracker-status", text], timeout=15_000)

    # the end of the notebook: round 3, the shaman acting, everyone else Ready to be chosen
    current_is("Orc Shaman")
    assert tracker.locator(".lfg-round").last.get_attribute("data-round") == "3"
    assert tracker.locator(".lfg-card").count() == len(EVERYONE)
    assert "lfg-card-acting" in classes("Orc Shaman")
    assert sorted(next_names()) == sorted(n for n in EVERYONE if n != "Orc Shaman")
    assert all("lfg-card-ready" in classes(n) for n in EVERYONE)
    bm = f"{TRACKER} .lfg-battlemap .lfg-battlemap-map"
    page.wait_for_function("(sel) => document.querySelectorAll(sel).length === 8",
                           arg=f"{bm} path.lfg-token", timeout=30_000)
    wulfric_hp = hp("Wulfric")

    # turn 1: the shaman chooses Mayat; the tracker selects her on the map
    tracker.locator("button.lfg-next", has_text="Mayat").click()
    current_is("Mayat")
    status_says("Mayat's turn begins (chosen by Orc Shaman)")  # written after cards and buttons
    assert "lfg-card-done" in classes("Orc Shaman") and "lfg-card-acting" in classes("Mayat")
    assert sorted(next_names()) == sorted(n for n in EVERYONE if n not in ("Orc Shaman", "Mayat"))
    page.wait_for_function("(sel) => document.querySelectorAll(sel).length === 1",
                           arg=f"{bm} path.lfg-token-selected", timeout=15_000)
    reach = nb.panel.locator(f"{bm} path.lfg-reach-safe")
    reach.first.wait_for(state="attached", timeout=15_000)
    assert "2 Big" in card("Mayat").inner_text()

    # ... and she moves: a click on a green hex goes through Encounter.move
    label = nb.panel.locator(f"{bm} .lfg-token-label", has_text="Mayat")
    where = label.bounding_box()
    reach.last.click()
    status_says("Mayat moves ")
    assert "1 Big" in card("Mayat").inner_text(), "the move spent a Big Action"
    page.wait_for_function(  # the map's own status line says what the engine did
        "(sel) => { const e = document.querySelectorAll(sel);"
        " return e.length && e[e.length - 1].textContent.includes('Mayat moves'); }",
        arg=f"{TRACKER} .lfg-battlemap .lfg-status", timeout=15_000)
    page.wait_for_timeout(300)
    assert label.bounding_box() != where, "Mayat's token moved on the map"
    assert tracker.locator(".lfg-tracker-status.lfg-error").count() == 0

    # turn 2: Mayat chooses Wulfric, whose turn begins with the fire's 1d6 ("Ablaze")
    tracker.locator("button.lfg-next", has_text="Wulfric").click()
    current_is("Wulfric")
    status_says("Wulfric ablaze: fire damage")
    assert "lfg-card-done" in classes("Mayat") and "lfg-card-acting" in classes("Wulfric")
    assert 1 <= wulfric_hp - hp("Wulfric") <= 6
    assert tracker.locator(".lfg-round").last.get_attribute("data-round") == "3"
    assert sorted(next_names()) == sorted(
        n for n in EVERYONE if n not in ("Orc Shaman", "Mayat", "Wulfric"))
    nb.assert_no_errors()

    # the picture: the tracker with its map and dice log
    size = page.viewport_size
    tall = int(tracker.bounding_box()["height"]) + 200  # an element shot is cut at the viewport
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], tall)})
    page.wait_for_timeout(500)  # let Lumino re-layout
    tracker.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    shot = lab.output_dir / "encounter.png"
    shot.parent.mkdir(parents=True, exist_ok=True)
    try:
        tracker.screenshot(path=str(shot))
    finally:
        page.set_viewport_size(size)
    publish_screenshot(shot, "encounter.png")

    # Wulfric was chosen by Mayat, an ally: he asks her to pick someone else ("Initiative
    # Problems:"), and she picks Sokaris, who acts together with Chessan ("Taking Your Turn")
    tracker.scroll_into_view_if_needed()
    decline = tracker.locator("button.lfg-decline", has_text="Sokaris")
    decline.wait_for(state="visible", timeout=15_000)
    decline.click()
    current_is("Sokaris")
    status_says("Wulfric asks Mayat to pick someone else")
    assert "lfg-card-ready" in classes("Wulfric") and "lfg-card-acting" in classes("Sokaris")
    # Sokaris, too, was Mayat's pick and could ask her again - but not for Wulfric
    instead = [t.strip() for t in tracker.locator("button.lfg-decline").all_inner_texts()]
    assert instead and "Wulfric" not in instead and "Sokaris" not in instead
    ally = tracker.locator(".lfg-together-ally select")
    ally.select_option("Chessan")
    tracker.locator("button.lfg-together").click()
    status_says("Sokaris and Chessan act together")
    assert "lfg-card-acting" in classes("Chessan") and "lfg-card-acting" in classes("Sokaris")
    assert tracker.locator(".lfg-tracker-status.lfg-error").count() == 0
    nb.assert_no_errors()
