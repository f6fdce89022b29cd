"""AttackPanel: a thin view over prepare / odds_for / resolve (no browser)."""

from __future__ import annotations

import pytest

from lfgcombat import Roller
from lfgcombat.rules.attacks.odds import attack_odds
from lfgcombat.creature import load_example
from lfgcombat.rulesets import Ruleset
from lfgcombat.widgets.attackpanel import AttackPanel
from lfgcombat.widgets.dicelog import DiceLog
from lfgcombat.rulesets.wounds.attacks import choice_words


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


# -- issue 11: refusals in the panel, weapons it cannot read --------------------------------

def test_a_creature_cannot_attack_itself(party):
    panel = AttackPanel(party, Roller(seed=1))
    panel.choose(target="Rock")  # the attacker is Rock
    assert panel.setup is None and panel._roll.disabled
    assert "Rock cannot attack itself" in panel.error and "lfg-error" in panel._message.value
    assert panel.roll() is None
    alone = AttackPanel([party[0]], Roller(seed=1))  # one creature: nobody else to attack
    assert "cannot attack itself" in alone.error


def test_unknown_names_show_in_the_panel(party):
    from lfgcombat.errors import LfgError
    roller = Roller(seed=1)
    panel = AttackPanel(party, roller)
    line = panel.setup.line
    panel.choose(attacker="Nobody")
    assert "attacker: no creature named 'Nobody'" in panel.error and panel._roll.disabled
    assert panel._attacker.value == "Rock"  # nothing changed but the message
    panel.choose(weapon="banana")
    assert "no weapon named 'banana'" in panel.error and "dane axe" in panel.error
    panel.choose(target="Orc")
    assert panel.setup.line == line and not roller.history
    with pytest.raises(LfgError, match="target: no creature named 'Ghost'"):
        AttackPanel(party, roller, target="Ghost")


def test_weapons_it_cannot_read_are_named_not_silently_unarmed(party):
    """Issue 11: the panel silently used Unarmed Strike for weapons it could not read. Such a
    creature is now refused where it is built (naming each entry), and a plain weapon name,
    a form creature files accept, reads in the panel."""
    import dataclasses
    from lfgcombat.creature import CreatureError
    orc = party[1]
    with pytest.raises(CreatureError, match=r"weapons\[0\]: expected a weapon name"):
        dataclasses.replace(orc, weapons=(1, {"damage": "1d4"}, "longsword"))
    plain = dataclasses.replace(orc, weapons=("longsword",))
    panel = AttackPanel([plain, party[0]], Roller(seed=1))
    assert list(panel._weapon.options) == ["longsword", "unarmed strike"]  # a plain name reads
    assert panel.setup.line.startswith("Longsword")
    assert "cannot be read" not in panel._message.value


def _wounds_pair():
    from lfgcombat import Creature
    ash = Creature.from_dict({"name": "Ash", "level": 3, "max_hp": 20, "kind": "pc",
                              "ruleset": ["wounds"], "abilities": {"str": 14}, "prowess": 2,
                              "weapons": [{"name": "longsword", "extra": "1d6 [fire]"}]})
    orc = Creature.from_dict({"name": "Orc", "level": 2, "max_hp": 15, "ruleset": ["wounds"],
                              "prowess": 1, "weapons": ["greataxe"]})
    return [ash, orc]


def test_the_wounds_panel_takes_a_critical_choice_and_shows_both():
    """003_de0e94afd49609a7.txt, "There are two options when determining what a critical
    hit does": the panel's ``critical`` dropdown picks one, the odds show both."""
    pair = _wounds_pair()
    panel = AttackPanel(pair, Roller(seed=2), ruleset="wounds")
    assert list(panel._critical.options) == ["multiply", "wounds"]
    assert panel.situation == {"critical_choice": "multiply"}
    odds = attack_odds(pair[0], pair[1], "longsword", ruleset="wounds")
    assert panel.odds.p_hit == odds.p_hit and panel.odds.expected == odds.expected
    assert "lfg-choices" in panel._odds.value
    for choice, (hp, w) in odds.expected.items():  # both choices, the engine's numbers
        words = choice_words(choice)  # issue 26: the choice in words, not its id
        assert words in panel._odds.value and f"{float(hp):.2f}" in panel._odds.value
    assert "riders fire" in panel._line.value
    panel.choose(critical_choice="wounds", total_defense=True)
    to_w = attack_odds(pair[0], pair[1], "longsword", ruleset="wounds",
                       critical_choice="wounds", total_defense=True)
    assert panel.odds.critical_choice == "wounds" and panel.odds.ac == to_w.ac == 15
    result = panel.roll()
    assert panel.last_result is result and "attack: d20" in panel._result.value
    with pytest.raises(TypeError, match="critical_choice is one of"):
        panel.choose(critical_choice="both")


def test_the_wounds_panel_names_a_missing_field_and_lfg_hides_the_choice(party):
    from lfgcombat.widgets.attackpanel import AttackPanelError
    panel = AttackPanel(party, Roller(seed=1), ruleset="wounds")
    assert panel.odds is None and "prowess" in panel.error and panel._roll.disabled
    assert AttackPanel(party, Roller(seed=1))._critical.layout.display == "none"
    with pytest.raises(AttackPanelError, match="ruleset"):
        AttackPanel(party, Roller(seed=1), ruleset="d20")


def test_the_panel_shows_the_knockdown_odds_after_a_charge():
    """"Striking on a Charge Attack after moving at least 20 feet grants a +2 Innate Bonus
    to Knockdown DC" (000_8d1d7816ee944f3b.txt, "Momentum of Impact"): the panel's charge
    ft gives the engine's own odds (attack_odds(..., charge_ft=))."""
    from lfgcombat import Creature, attack_odds
    from lfgcombat.creature import load_example
    from lfgcombat.widgets.attackpanel import AttackPanel
    ogre = load_example("ogre")  # a nimble orc: its check can beat the DC
    orc = Creature.from_dict({**load_example("orc").to_dict(),
                              "skills": {"acrobatics": 14, "wrestling": 14}})
    from lfgcombat.dice import Roller
    panel = AttackPanel([ogre, orc], Roller(seed=1), attacker="Ogre", target="Orc")
    weapon = panel._weapon.value
    still = panel.odds.p_knockdown
    panel.choose(charge_ft=25)
    charged = attack_odds(ogre, orc, weapon, charge_ft=25, distance_ft=5).p_knockdown
    assert panel.odds.p_knockdown == charged and charged > still
    panel.choose(charge_ft=15)  # under 20 ft: no bonus
    assert panel.odds.p_knockdown == still
    panel.choose(charge_ft=-5)
    assert panel.error and panel._roll.disabled  # refused, shown in the panel


@pytest.mark.parametrize("ruleset", ["lfg", "wounds"])
def test_the_panels_dice_log_cites_the_rulesets_text(party, ruleset):
    """Issue 26, item 2: each roll of the panel's dice log cites the rule it plays, from
    the panel's ruleset: 000_8d1d7816ee944f3b.txt, "Attack Rolls" for lfg;
    003_de0e94afd49609a7.txt, "Combat Statistics" for wounds."""
    roller = Roller(seed=5)
    log = DiceLog(roller)
    if ruleset == "lfg":
        panel = AttackPanel(party, roller, dicelog=log, attacker="Mayat", target="Orc")
        panel.choose(weapon="longbow", distance_ft=60)
        cited = '000_8d1d7816ee944f3b.txt, &quot;Attack Rolls&quot;'
    else:
        panel = AttackPanel(_wounds_pair(), roller, dicelog=log, ruleset="wounds")
        cited = '003_de0e94afd49609a7.txt, &quot;Combat Statistics&quot;'
    panel.roll()
    assert ">rule</th>" in log._table.value
    rows = [r for r in log._table.value.split("<tr class='lfg-roll'")[1:] if " attacks " in r]
    assert rows and all(cited in r for r in rows), log._table.value
