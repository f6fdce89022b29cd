"""AttackPanel: a thin view over prepare / odds_for / resolve (no browser)."""

from __future__ import annotations

import pytest

from lfgcombat import Roller
from lfgcombat.attack_odds import attack_odds
from lfgcombat.creature import load_example
from lfgcombat.rulesets import Ruleset
from lfgcombat.widgets.attackpanel import AttackPanel
from lfgcombat.widgets.dicelog import DiceLog


@pytest.fixture
def party():
    return [load_example("rock"), load_example("orc"), load_example("mayat")]


def test_shows_the_engine_line_and_odds(party):
    panel = AttackPanel(party, Roller(seed=1))
    rock, orc = party[0], party[1]
    odds = attack_odds(rock, orc, "dane axe", distance_ft=5)
    assert panel.setup.line == odds.setup.line
    assert panel.setup.line.startswith("Dane Axe: +")
    assert panel.odds.p_hit == pytest.approx(odds.p_hit)
    assert f"{odds.expected_damage:.2f}" in panel._odds.value
    assert "lfg-histogram" in panel._odds.value
    assert repr(panel).startswith("AttackPanel(Dane Axe: +")


def test_toggles_change_the_odds_through_the_engine(party):
    panel = AttackPanel(party, Roller(seed=1), attacker="Orc", target="Rock")
    plain = panel.odds.p_hit
    panel._toggles["flanked"].value = True
    assert panel.odds.p_hit > plain
    panel.choose(fortune="fortunate", concealment="total")
    expect = attack_odds(party[1], party[0], "greataxe", fortune="fortunate",
                         concealment="total", flanked=True, distance_ft=5)
    assert panel.odds.p_hit == pytest.approx(expect.p_hit)
    panel.choose(killer_criticals=True)
    assert panel.ruleset == Ruleset("lfg", killer_criticals=True)
    assert panel.setup.damage.killer_minimum == (party[0].max_hp.value // 10) * 3


def test_illegal_choice_shows_the_rule_and_disables_roll(party):
    panel = AttackPanel(party, Roller(seed=1))
    panel.choose(aim=True)                        # Aim is for ranged attacks
    assert panel.setup is None and "ranged attack only" in panel.error
    assert panel._roll.disabled and "Special Actions in Combat" in panel._message.value
    assert panel.roll() is None
    panel.choose(aim=False)
    assert panel.setup is not None and not panel._roll.disabled


def test_roll_goes_to_the_dice_log(party):
    roller = Roller(seed=5)
    log = DiceLog(roller)
    panel = AttackPanel(party, roller, dicelog=log, attacker="Mayat", target="Orc")
    panel.choose(weapon="longbow", distance_ft=60)
    result = panel.roll()
    assert panel.last_result is result
    assert len(roller.history) >= 1 and "Mayat attacks Orc with Longbow" in log._table.value
    assert "lfg-attack-result" in panel._result.value
    assert "Mayat -&gt; Orc" in panel._result.value
    assert log in panel.children


def test_weapon_list_follows_the_attacker(party):
    panel = AttackPanel(party, Roller(seed=1))
    panel.choose(attacker="Mayat")
    assert list(panel._weapon.options) == ["longbow", "short sword", "unarmed strike"]


def test_bad_arguments():
    with pytest.raises(TypeError, match="Creature"):
        AttackPanel(["rock"], Roller(1))
    with pytest.raises(TypeError, match="Roller"):
        AttackPanel([load_example("rock")], None)
