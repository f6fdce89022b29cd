"""The tracker's log lines and its dice log cite the rule each roll and each damage plays,
from the fight's own ruleset (issue 26, item 2, "Every log line, dice label ... cites the
ruleset's own text (classic cites 002, wounds 003)"); and no label of the tracker carries a
``title="null"`` (an ipywidgets description's tooltip left ``None``)."""

from __future__ import annotations

import pytest

pytest.importorskip("ipyleaflet")

import ipywidgets as W  # noqa: E402
from ipywidgets.widgets.widget_description import DescriptionWidget  # noqa: E402

from .test_tracker_redraw import table  # noqa: E402

TEXTS = {"lfg": "000_8d1d7816ee944f3b.txt", "classic": "002_2a3a79475ca2a541.txt",
         "wounds": "003_de0e94afd49609a7.txt"}
HEADING = {"lfg": '"Attack Rolls"', "classic": '"How to attack another creature"',
           "wounds": '"Combat Statistics"'}


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_the_trackers_lines_and_dice_log_cite_the_rulesets_text(ruleset: str) -> None:
    enc, t = table(ruleset)
    t.start()
    t.attack_row.attack()
    rolls = [line for line in t.status_text.splitlines() if " attacks " in line]
    assert rolls, t.status_text
    assert all(line.endswith(f'({TEXTS[ruleset]}, {HEADING[ruleset]})') for line in rolls)
    damage = [line for line in t.status_text.splitlines() if " takes " in line]
    assert all(TEXTS[ruleset] in line for line in damage), t.status_text
    assert ">rule</th>" in t.dicelog._table.value
    attack_rows = [r for r in t.dicelog._table.value.split("<tr class='lfg-roll'")[1:]
                   if " attacks " in r]
    assert attack_rows and all(f"{TEXTS[ruleset]}, {HEADING[ruleset]}".replace('"', "&quot;")
                               in r for r in attack_rows)
    others = {"lfg", "classic", "wounds"} - {ruleset}
    assert not any(TEXTS[o] in t.dicelog._table.value for o in others if o != "lfg")


ACTION = {"lfg": '"Taking Your Turn"', "classic": '"Single Actions:"',
          "wounds": '"Combat Statistics"'}


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_the_trackers_action_lines_cite_the_rulesets_text_and_name_the_target(
        ruleset: str) -> None:
    """Before: "Orc: Attack (30 ft of movement left)", no target and no citation (classic,
    wounds); lfg's "uses a Big Action: Attack" line had none either."""
    enc, t = table(ruleset)
    t.start()
    t.attack_row.attack()
    actor, foe = next((e.actor, e.target) for e in enc.log.of_kind("attack"))
    if ruleset == "lfg":
        lines = [ln for ln in t.status_text.splitlines() if " uses " in ln]
    else:
        lines = [ln for ln in t.status_text.splitlines()
                 if ln.startswith(f"{actor}: Attack on {foe}")]
    assert lines, t.status_text
    assert all(ln.endswith(f"({TEXTS[ruleset]}, {ACTION[ruleset]})") for ln in lines), lines


def _described(widget: W.Widget) -> list[W.Widget]:
    """Every description widget under ``widget`` (itself too): each has a label, shown or
    not, whose ``title`` is its tooltip."""
    out = [widget] if isinstance(widget, DescriptionWidget) else []
    for child in getattr(widget, "children", ()):
        out.extend(_described(child))
    return out


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_no_label_of_the_tracker_has_a_null_title(ruleset: str) -> None:
    """Before: ipywidgets writes a description's ``tooltip`` into its label's ``title``:
    ``None`` shows as ``title="null"`` in the page."""
    enc, t = table(ruleset)
    t.start()
    t.attack_row.attack()
    t.refresh()
    described = _described(t)
    assert len(described) > 20
    nulls = [w.description or type(w).__name__ for w in described if w.tooltip is None]
    assert nulls == []
