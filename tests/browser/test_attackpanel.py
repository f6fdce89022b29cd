"""05-attacks-and-damage in a real JupyterLab: the AttackPanel shows the engine's odds, a
changed choice changes them, a forbidden attack shows its rule, and Roll rolls into the
dice log under the panel.

Contract with the AttackPanel (``widgets/attackpanel.py``): ``.lfg-attackpanel``; the
dropdowns ``.lfg-panel-attacker``/``.lfg-panel-target``/``.lfg-panel-weapon``; the odds
``.lfg-panel-odds`` with ``.lfg-histogram``; a refusal in ``.lfg-panel-message``
(``.lfg-error``); the button ``.lfg-panel-roll``; the result ``.lfg-attack-result``; the
dice log ``.lfg-dicelog tr.lfg-roll``. Rules text: 000_8d1d7816ee944f3b.txt, "Attack
Rolls", "Three Attack Types – Basic, Heavy, Ranged:".
"""

from __future__ import annotations

import re

from .conftest import Lab, NOTEBOOKS

ATTACKS = "05-attacks-and-damage.ipynb"
PANEL = ".lfg-attackpanel"


def test_the_attack_panel_in_notebook_05(lab: Lab) -> None:
    assert (NOTEBOOKS / ATTACKS).is_file(), f"notebooks/{ATTACKS} is missing"
    nb = lab.run_notebook(ATTACKS)
    page = nb.page
    panel = nb.panel.locator(PANEL).last
    panel.scroll_into_view_if_needed()
    odds = panel.locator(".lfg-panel-odds")

    def odds_say(text: str) -> None:
        page.wait_for_function(
            "([sel, text]) => [...document.querySelectorAll(sel)]"
            ".some(e => e.textContent.includes(text))",
            arg=[f"{PANEL} .lfg-panel-odds, {PANEL} .lfg-panel-message", text],
            timeout=20_000)

    # the notebook's last cells chose flanked + Fortunate for Rock's dane axe on the Orc
    odds_say("expected damage")
    assert panel.locator(".lfg-histogram").count() == 1
    first = odds.inner_text()
    assert re.search(r"hit \d+\.\d%", first), first

    # the goblin instead of the orc: other odds, from the kernel
    panel.locator(".lfg-panel-target select").select_option("Goblin")
    page.wait_for_function(
        "([sel, old]) => { const e = document.querySelector(sel);"
        " return e && e.innerText.includes('expected damage') && e.innerText !== old; }",
        arg=[f"{PANEL} .lfg-panel-odds", first], timeout=20_000)

    # Rock attacking Rock: refused in the panel, Roll disabled
    panel.locator(".lfg-panel-target select").select_option("Rock")
    odds_say("cannot attack itself")
    assert panel.locator(".lfg-panel-message .lfg-error").count() == 1
    assert panel.locator("button.lfg-panel-roll").is_disabled()

    # back to the orc and roll: the result and a new row in the dice log
    panel.locator(".lfg-panel-target select").select_option("Orc")
    odds_say("expected damage")
    rows = panel.locator(".lfg-dicelog tr.lfg-roll").count()
    panel.locator("button.lfg-panel-roll").click()
    page.wait_for_function(
        "([sel, n]) => document.querySelectorAll(sel).length > n",
        arg=[f"{PANEL} .lfg-dicelog tr.lfg-roll", rows], timeout=20_000)
    result = panel.locator(".lfg-attack-result").last
    result.wait_for(state="visible", timeout=20_000)
    assert "Rock -> Orc" in result.inner_text()
    nb.assert_no_errors()
