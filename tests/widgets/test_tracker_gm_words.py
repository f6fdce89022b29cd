"""The GM's condition box offers the ruleset's own conditions in words and gives the engine
what it takes (issue 26, items 1-2): lfg's and wounds' table ("broken arm", "flat-footed"),
classic's names (002_2a3a79475ca2a541.txt, its conditions). 000_8d1d7816ee944f3b.txt,
"Conditions (Sometimes called Status Effects)"."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipyleaflet")

from .test_tracker_redraw import table  # noqa: E402

SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_the_condition_box_lists_the_rulesets_conditions_in_words(ruleset: str) -> None:
    enc, t = table(ruleset)
    offered = list(t.gm_rows.condition.options)
    assert offered and not [o for o in offered if SNAKE.search(o)]
    own = {str(getattr(c, "value", c)) for c in enc.ruleset.condition_catalogue.conditions()}
    assert set(t.gm_rows.words.values()) == own
    if ruleset == "classic":  # its own conditions, not lfg's
        assert "Shaken" in offered and "broken arm" not in offered
    else:
        assert {"broken arm", "flat-footed"} <= set(offered)


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_a_condition_picked_in_words_is_given(ruleset: str) -> None:
    enc, t = table(ruleset)
    t.start()
    g = t.gm_rows
    g.who.value = "Orc"
    g.condition.value = "Shaken" if ruleset == "classic" else "flat-footed"
    n = len(enc.log)
    g.add_button.click()
    assert len(enc.log) > n, t.status_text
    e = [e for e in list(enc.log)[n:] if e.kind == "add_condition"][0]
    assert e.condition == ("Shaken" if ruleset == "classic" else "flat_footed")


def test_an_amount_after_the_words_is_kept() -> None:
    enc, t = table("lfg")
    t.start()
    g = t.gm_rows
    g.who.value = "Orc"
    g.condition.value = "bleed 2"
    g.add_button.click()
    e = [e for e in enc.log if e.command and e.kind == "add_condition"][-1]
    assert e.condition == "bleed 2"


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_the_rounds_box_shows_only_where_the_engine_takes_a_duration(ruleset: str) -> None:
    """classic's and wounds' records refuse a condition's duration ("a duration is the
    GM's under this ruleset: remove the condition when it ends"): the GM's "rounds" box is
    hidden there, shown under lfg (000_8d1d7816ee944f3b.txt, "Conditions (Sometimes called
    Status Effects)": durations in rounds) - the engine's dry run, not a ruleset name."""
    enc, t = table(ruleset)
    t.start()
    g = t.gm_rows
    g.who.value = "Orc"
    key = next(iter(g.words.values()))
    refused = t.dry_run(lambda e: lambda: e.add_condition("Orc", key, 2))
    assert bool(refused) == (ruleset != "lfg"), refused
    assert (g.rounds.layout.display == "none") == (ruleset != "lfg")
    assert g.takes_durations("Orc") == (ruleset == "lfg")
