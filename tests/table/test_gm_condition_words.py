"""The GM's condition box speaks in words (issue 26, "Labels in words, not ids"): a refused
entry names the conditions as the rules text does ("Broken Arm" is "broken arm", "Flat-Footed"
is "flat-footed"; 000_8d1d7816ee944f3b.txt, "Conditions (Sometimes called Status Effects)"),
and the box's example is one its ruleset takes (wounds' Bleed has no amount:
003_de0e94afd49609a7.txt)."""

from __future__ import annotations

import re

import pytest

from lfgcombat.widgets.initiative import InitiativeTracker

from .test_players_view import fight

CODE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


@pytest.mark.parametrize("ruleset", ["lfg", "wounds"])
def test_an_unknown_condition_is_refused_in_words(ruleset):
    enc = fight(ruleset, seed=2)
    t = InitiativeTracker(enc)
    t.start()
    g = t.gm_rows
    g.who.value = "Ally"
    g.condition.value = "dazzled"
    before = enc.snapshot()
    g.add_button.click()
    assert enc.snapshot() == before
    said = t.status_text
    assert "unknown condition 'dazzled'" in said, said
    assert "broken arm" in said and "flat-footed" in said, said
    assert not CODE.findall(said), CODE.findall(said)


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_the_condition_boxs_examples_are_taken_by_its_ruleset(ruleset):
    enc = fight(ruleset, seed=2)
    t = InitiativeTracker(enc)
    t.start()
    g = t.gm_rows
    examples = g.condition.placeholder.removeprefix("e.g. ").split(", ")
    assert len(examples) == 2, g.condition.placeholder
    for example in examples:
        g.who.value = "Ally"
        g.condition.value = example
        g.add_button.click()
        assert not t.error, (example, t.error)
