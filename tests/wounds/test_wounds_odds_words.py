"""The wounds odds table names its critical choices in the text's words, not by their ids
(issue 26, item 2: a new user read the rows ``multiply`` and ``wounds``).

003_de0e94afd49609a7.txt, "Combat Statistics": "• Double Damage: You roll any damage dice
twice ..." / "• Go to Wounds: Instead of doubling damage you may inflict normal damage, but
it goes straight to to Wounds"; "x3 Multiplier": "• Triple Damage"; "x4 Multiplier":
"• Quadruple Damage"."""

from __future__ import annotations

import re

import pytest

from lfgcombat.creature import load_example
from lfgcombat.rules.attacks.odds import attack_odds
from lfgcombat.rulesets.wounds.attacks import choice_words
from lfgcombat.rulesets.wounds.combatant import WoundsCombatant
from lfgcombat.widgets.attackpanel import policy_odds_html

WULFRIC = WoundsCombatant.of(load_example("wulfric"), prowess=3, good_saves=["fort", "will"])
ORC = WoundsCombatant.of(load_example("orc"), prowess=1, good_saves=("fort", "ref"))


def test_the_odds_table_names_the_choices_in_words() -> None:
    odds = attack_odds(WULFRIC, ORC, "longsword", ruleset="wounds")
    frame = odds.to_frame()
    assert frame["critical"].tolist() == ["Double Damage", "Go to Wounds"]
    assert frame.index.tolist() == ["multiply", "wounds"]  # the ids the engine takes
    shown = policy_odds_html(odds)
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", shown)
    assert "Double Damage" in cells and "Go to Wounds" in cells
    assert not {"multiply", "wounds"} & set(cells), cells


@pytest.mark.parametrize(("multiplier", "words"), [(2, "Double Damage"), (3, "Triple Damage"),
                                                   (4, "Quadruple Damage")])
def test_choice_words_follow_the_multiplier(multiplier: int, words: str) -> None:
    assert choice_words("multiply", multiplier) == words
    assert choice_words("wounds", multiplier) == "Go to Wounds"
