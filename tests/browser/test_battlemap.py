"""13-movement in a real JupyterLab: the BattleMap draws its tokens, and clicking one lights
up the hexes it can reach.

Contract with the BattleMap widget (``widgets/battlemap.py``): the widget is
``.lfg-battlemap``, its Leaflet map ``.lfg-battlemap-map``, its status line ``.lfg-status``;
Leaflet SVG paths carry classes: ``path.lfg-hex`` (terrain), ``path.lfg-token``,
``path.lfg-reach`` (``lfg-reach-safe`` / ``lfg-reach-provoking``) and ``path.lfg-threat``;
token names are ``.lfg-token-label``.

``LFG_UPDATE_SCREENSHOTS=1 make test`` also refreshes ``notebooks/images/battlemap.png``.
"""

from __future__ import annotations

import re

from .conftest import Lab, NOTEBOOKS, publish_screenshot

MOVEMENT = "13-movement.ipynb"
BATTLEMAP = ".lfg-battlemap"
# the ford in 13-movement: 16x8 hexes; Wulfric, Mayat, Sokaris, Orc, Goblin (1 hex each) and
# the Large Ogre (3 hexes)
HEXES = 16 * 8
TOKEN_PATHS = 5 + 3
NAMES = {"Wulfric", "Mayat", "Sokaris", "Orc", "Goblin", "Ogre"}


def _wait_count(nb, selector: str, n: int, timeout: int = 15_000) -> None:
    nb.page.wait_for_function(
        "([sel, n]) => document.querySelectorAll(sel).length === n", arg=[selector, n],
        timeout=timeout)


def _count(nb, selector: str) -> int:
    return nb.panel.locator(selector).count()


def test_battlemap_renders_tokens_and_highlights_reachable_hexes(lab: Lab) -> None:
    assert (NOTEBOOKS / MOVEMENT).is_file(), f"notebooks/{MOVEMENT} is missing"
    nb = lab.run_notebook(MOVEMENT)
    widget = nb.panel.locator(BATTLEMAP).last
    widget.scroll_into_view_if_needed()
    bm = f"{BATTLEMAP} .lfg-battlemap-map"

    # the map rendered: every hex, every token hex and every name
    tokens = nb.panel.locator(f"{bm} path.lfg-token")
    tokens.first.wait_for(state="attached", timeout=30_000)
    nb.page.wait_for_function(
        "([sel, n]) => document.querySelectorAll(sel).length === n",
        arg=[f"{bm} path.lfg-hex", HEXES], timeout=30_000)
    assert tokens.count() == TOKEN_PATHS
    labels = nb.panel.locator(f"{bm} .lfg-token-label")
    labels.first.wait_for(state="attached", timeout=15_000)
    assert {t.strip() for t in labels.all_inner_texts()} == NAMES
    assert _count(nb, f"{bm} path.lfg-reach") == 0, "nothing is selected yet"
    assert _count(nb, f"{bm} path.lfg-threat") == 0
    status = nb.panel.locator(f"{BATTLEMAP} .lfg-status").last
    assert "Click a token" in status.inner_text()

    # click Wulfric's token (the first token drawn): his reachable hexes light up
    tokens.first.click()
    reach = f"{bm} path.lfg-reach"
    nb.page.wait_for_function(
        "(sel) => document.querySelectorAll(sel).length > 0", arg=reach, timeout=15_000)
    # the counts settle in one update; wait for the status line, written after the layers
    nb.page.wait_for_function(
        "(sel) => { const e = document.querySelectorAll(sel);"
        " return e.length && e[e.length - 1].textContent.includes('Wulfric selected'); }",
        arg=f"{BATTLEMAP} .lfg-status", timeout=15_000)
    # the map draws what the engine says: the status line is the kernel's Reachable.explain()
    # ("Wulfric (move, 30 ft): N cells reachable, K of them only by provoking AOO"); across
    # the ford, past the orc and the ogre's long reach, some of them provoke
    said = re.search(r"(\d+) cells reachable, (\d+) of them only by provoking", status.inner_text())
    assert said, status.inner_text()
    reachable, provoking = int(said[1]), int(said[2])
    assert reachable > provoking > 0
    # Widget views render asynchronously: let every layer catch up with the status line.
    _wait_count(nb, reach, reachable)
    _wait_count(nb, f"{bm} path.lfg-reach-provoking", provoking)
    assert _count(nb, reach) == reachable
    assert _count(nb, f"{bm} path.lfg-reach-provoking") == provoking
    assert _count(nb, f"{bm} path.lfg-reach-safe") == reachable - provoking
    assert _count(nb, f"{bm} path.lfg-threat") > 0, "enemies' threatened hexes are outlined"
    assert _count(nb, f"{bm} path.lfg-token-selected") == 1
    assert "not flanked" in status.inner_text()
    nb.assert_no_errors()

    # the picture: the whole widget (modes, map, status line) in the middle of the screen
    widget.evaluate("el => el.scrollIntoView({block: 'center'})")
    nb.page.wait_for_timeout(300)
    shot = nb.screenshot("battlemap.png", full=False)
    publish_screenshot(shot, "battlemap.png")

    # a second click on the selected token deselects it: the highlights go away (found by
    # its label: each token is its own layer, re-drawn on top when it changes)
    box = labels.filter(has_text="Wulfric").first.bounding_box()
    nb.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    _wait_count(nb, reach, 0)
    _wait_count(nb, f"{bm} path.lfg-threat", 0)
    nb.assert_no_errors()
