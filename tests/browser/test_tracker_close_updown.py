"""The tracker's Close and Up/down rows, clicked in a real JupyterLab.

Hero (a flyer, "Move Speed 30, Fly 60 [good]") stands next to an Orc. Hero trips the Orc
from the Close row (000_8d1d7816ee944f3b.txt, "Wrestling Skill - Maneuvers & More": an
Unarmed Melee Touch Attack, then opposed Wrestling; the trip provokes the Orc's AOO), then
flies up 10 ft from the Up/down row ("Other Types of Movement", "Flying"). The outcomes are
those of the seeded encounter (seed 3), the same as ``tests/close`` and ``tests/updown`` get
when they make the same calls in the kernel.

Contract with the tracker (``widgets/tracker_close.py``, ``widgets/tracker_updown.py``):
``.lfg-close-action``/``.lfg-close-target`` selects and ``button.lfg-do-close``;
``.lfg-mode`` select, ``.lfg-mode-to``/``.lfg-mode-altitude`` inputs and
``button.lfg-mode-move``; the status line ``.lfg-tracker-status``; the cards'
``.lfg-conditions``.
"""

from __future__ import annotations

from .conftest import Lab

TRACKER = ".lfg-initiative"
SETUP = '''\
from lfgcombat import Creature, HexMap
from lfgcombat.engine import Encounter
from lfgcombat.widgets import BattleMap
from lfgcombat.widgets.initiative import InitiativeTracker

SWORD = {"name": "longsword", "damage": "1d8", "crit": "19-20/x2", "damage_type": "s"}
hero = Creature.from_dict({"name": "Hero", "class": "fighter", "level": 5,
                           "initiative_rating": 40, "weapons": [SWORD],
                           "movement": "Move Speed 30, Fly 60 [good]",
                           "skills": {"Wrestling": 8}})
orc = Creature.from_dict({"name": "Orc", "class": "fighter", "level": 5, "weapons": [SWORD]})
m = HexMap(8, 5)
m.place(hero, (1, 2), "party")
m.place(orc, (2, 2), "orcs")
enc = Encounter([hero, orc], sides={"party": ["Hero"], "orcs": ["Orc"]}, map=m, seed=3)
InitiativeTracker(enc, battlemap=BattleMap(enc.map, height="300px"), dicelog=True)
'''


def test_a_trip_and_a_flight_from_the_close_and_updown_rows(lab: Lab) -> None:
    lab.server.write_notebook("tracker-close-updown.ipynb", [SETUP])
    nb = lab.run_notebook("tracker-close-updown.ipynb")
    page = nb.page
    tracker = nb.panel.locator(TRACKER).last
    tracker.scroll_into_view_if_needed()

    def status_says(text: str) -> None:
        try:
            page.wait_for_function(
                "([sel, text]) => { const e = document.querySelector(sel);"
                " return e && e.textContent.includes(text); }",
                arg=[f"{TRACKER} .lfg-tracker-status", text], timeout=20_000)
        except Exception:
            said = tracker.locator(".lfg-tracker-status").inner_text()
            raise AssertionError(f"waited for {text!r}; the status line says {said!r}") \
                from None

    tracker.locator("button.lfg-start").click()
    page.wait_for_function("(sel) => { const e = document.querySelector(sel);"
                           " return e && e.dataset.current === 'Hero'; }",
                           arg=f"{TRACKER} .lfg-current", timeout=20_000)

    # the Close row: Hero trips the Orc (the Orc's AOO first, then the touch attack and
    # the opposed Wrestling checks)
    # the kernel's answer to the start (the rows refreshed after the cards) must have
    # reached the page before choosing: the choice is then the last word, not overwritten
    page.wait_for_function(
        "(sel) => { const e = document.querySelector(sel);"
        " return e && e.querySelector('option') &&"
        " [...e.options].some(o => o.textContent === 'Orc'); }",
        arg=f"{TRACKER} .lfg-close-target select", timeout=20_000)
    page.wait_for_timeout(500)  # the refresh's remaining messages (a slow CI machine)
    tracker.locator(".lfg-close-action select").select_option(label="Wrestle: trip")
    tracker.locator(".lfg-close-target select").select_option(label="Orc")
    page.wait_for_timeout(300)  # the choices reach the kernel before the click does
    tracker.locator("button.lfg-do-close").click()
    status_says("Hero trip against Orc: success: prone")
    status = tracker.locator(".lfg-tracker-status").inner_text()
    assert "Orc takes an AOO against Hero" in status, status
    assert "Hero: Wrestling (trip)" in status, status
    assert "prone" in tracker.locator('.lfg-card[data-name="Orc"] .lfg-conditions') \
        .inner_text().lower()

    # the Up/down row: Hero flies one hex and 10 ft up
    tracker.locator(".lfg-mode select").select_option(label="Fly")
    tracker.locator(".lfg-mode-to input").fill("1, 3")
    tracker.locator(".lfg-mode-to input").press("Enter")
    tracker.locator(".lfg-mode-altitude input").fill("10")
    tracker.locator(".lfg-mode-altitude input").press("Enter")
    tracker.locator("button.lfg-mode-move").click()
    status_says("Hero flies 5 ft (altitude 10 ft)")
    assert tracker.locator(".lfg-tracker-status.lfg-error").count() == 0
    nb.assert_no_errors()
    nb.screenshot("tracker-close-updown.png", full=False)
