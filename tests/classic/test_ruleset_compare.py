"""The same attacks under lfg, classic and wounds (lfgcombat/rulesets/compare.py): each row
is its ruleset's own odds and economy (000_8d1d7816ee944f3b.txt, "Attacks Per Turn";
002_2a3a79475ca2a541.txt, "Single Actions:"; 003_de0e94afd49609a7.txt, "Attacking an enemy
usually involves spending your Half Action")."""

from __future__ import annotations

import pytest

from lfgcombat import attack_odds
from lfgcombat.rulesets.classic import ClassicError
from lfgcombat.creature import load_example
from lfgcombat.errors import LfgError
from lfgcombat.rulesets.compare import compare_attack, odds_table

WULFRIC = load_example("wulfric").replace(level=5, bab=5, prowess=2,
                                          good_saves=["fort", "will"])
ORC = load_example("orc").replace(bab=3, prowess=1, good_saves=["fort", "ref"])


def test_each_row_is_its_rulesets_own_answer():
    table = odds_table([(WULFRIC, ORC, "longsword")]).set_index("ruleset")
    assert list(table.index) == ["lfg", "classic", "wounds"]
    assert table.loc["lfg", "p_hit"] == pytest.approx(
        attack_odds(WULFRIC, ORC, "longsword").p_hit)
    classic = attack_odds(WULFRIC, ORC, "longsword", ruleset="classic")
    assert table.loc["classic", "expected_damage"] == pytest.approx(
        float(classic.expected_damage))
    assert table["attacks_per_round"].to_dict() == {"lfg": 2, "classic": 1, "wounds": 2}
    # lfg and classic: out at 0 HP; wounds: HP and then Wounds (the orc's CON 12)
    assert table["to_take_out"].to_dict() == {"lfg": 38, "classic": 38, "wounds": 38 + 12}
    row = table.loc["wounds"]
    assert row["rounds_to_take_out"] == pytest.approx(
        row["to_take_out"] / row["expected_per_round"])


def test_the_wounds_choice_is_passed_on():
    both = {c: compare_attack(WULFRIC, ORC, "longsword", "wounds", critical_choice=c)
            for c in ("multiply", "wounds")}
    odds = attack_odds(WULFRIC, ORC, "longsword", ruleset="wounds")
    assert both["wounds"]["expected_damage"] == pytest.approx(float(sum(odds.expected["wounds"])))
    assert both["multiply"]["expected_damage"] > both["wounds"]["expected_damage"]


def test_refusals_name_what_is_wrong():
    with pytest.raises(LfgError, match="unknown ruleset .chess.; the rulesets are .lfg."):
        compare_attack(WULFRIC, ORC, "longsword", "chess")
    with pytest.raises(ClassicError, match="bab"):
        odds_table([(load_example("orc"), WULFRIC, "greataxe")], ["classic"])
