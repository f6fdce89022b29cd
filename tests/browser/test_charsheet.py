"""01-combat-statistics in a real JupyterLab: editing the CharacterSheet updates HP live."""

from __future__ import annotations

from .conftest import Lab

SHEET = ".lfg-charsheet"
LEVEL_INPUT = f"{SHEET} .lfg-field-level input"
MAX_HP = f"{SHEET} .lfg-stat-max_hp .lfg-value"


def test_changing_level_in_the_sheet_changes_hp(lab: Lab) -> None:
    nb = lab.run_notebook("01-combat-statistics.ipynb")
    nb.assert_no_errors()
    sheet = nb.panel.locator(SHEET).first
    sheet.scroll_into_view_if_needed()
    level_input = nb.panel.locator(LEVEL_INPUT).first
    hp = nb.panel.locator(MAX_HP).first
    level = int(level_input.input_value())
    before = int(hp.inner_text())
    # Mayla is a wizard with CON 12: 4 HP/level + 1 per level from CON ("Hit Points (HP)").
    level_input.fill(str(level + 1))
    level_input.press("Enter")
    nb.page.wait_for_function(
        "([sel, want]) => { const e = document.querySelector(sel);"
        " return e && e.textContent.trim() === String(want); }",
        arg=[MAX_HP, before + 5], timeout=15_000)
    assert int(hp.inner_text()) == before + 5
    # An illegal level is refused beside the field; HP keeps the last valid value.
    level_input.fill("-1")
    level_input.press("Enter")
    error = nb.panel.locator(f"{SHEET} .lfg-error").first
    error.wait_for(timeout=15_000)
    assert "keeps the last valid" in error.inner_text()
    assert int(hp.inner_text()) == before + 5
    nb.screenshot("charsheet.png", full=False)


def test_every_label_shows_whole_and_a_why_opens_full_width(lab: Lab) -> None:
    """Issue 11 audit: labels were cut on the left ("peed ft") and an opened "why"
    wrapped letter by letter in a ~6em column."""
    nb = lab.run_notebook("01-combat-statistics.ipynb")
    nb.assert_no_errors()
    sheet = nb.panel.locator(SHEET).first
    sheet.scroll_into_view_if_needed()
    sheet.locator(".lfg-field-speed").wait_for(timeout=15_000)
    cut = sheet.evaluate(
        "s => [...s.querySelectorAll('.widget-label')]"
        ".filter(l => l.textContent.trim() && l.offsetParent !== null)"
        ".map(l => [l.textContent.trim(), l.scrollWidth, l.clientWidth])"
        ".filter(([, sw, cw]) => sw > cw)")
    assert cut == [], cut
    labels = sheet.evaluate("s => [...s.querySelectorAll('.widget-label')]"
                            ".map(l => l.textContent.trim())")
    assert {"speed ft", "conditions", "file"} <= set(labels), labels
    sheet.locator(".lfg-stat-hr summary").first.click()
    widths = sheet.evaluate(
        "s => { const pre = s.querySelector('.lfg-stat-hr pre');"
        " const table = s.querySelector('.lfg-charsheet-stats table');"
        " return [pre.getBoundingClientRect().width, table.getBoundingClientRect().width]; }")
    assert widths[0] >= 0.8 * widths[1], widths
