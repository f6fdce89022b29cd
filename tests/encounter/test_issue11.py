"""Issue 11's encounter findings: rules defects 2, 3, 6 and 8, plain weapon names, wrongly
typed command arguments, and the notebook display of an encounter.

Each test failed before its fix.
"""

from __future__ import annotations


import pytest

from lfgcombat.engine import Encounter

from .helpers import duel, mk, refused

CLUB = {"name": "club", "damage": "1d6", "damage_type": "b"}


def _parry_fight() -> Encounter:
    """D (Fighter 3: HR 3, STR 14, Shield Rating 2, a club) goes first; A attacks it."""
    d = mk("D", level=3, init=40, abilities={"str": 14}, shield_rating=2, weapons=[CLUB])
    a = mk("A", level=3)
    return Encounter([d, a], sides={"x": ["D"], "y": ["A"]}, seed=2).start()


def test_fighting_defensively_parry_ignores_the_attack_penalty():
    """000_8d1d7816ee944f3b.txt, "Fight Defensively (Big Action, No AOO)": "Active Parry
    Rolls you make while fighting defensively ignore the -4 Attack Penalty": HR 3 + STR 2
    + Shield Rating 2 = +7, not +3."""
    enc = _parry_fight()
    enc.fight_defensively("D").end_turn("A")
    enc.attack("A", "D", active_defense="parry")
    text = enc.log.of_kind("attack")[-1].data["text"]
    assert "D Active Parry: 1d20+7 " in text


def test_end_turn_takes_the_only_choice():
    """000_8d1d7816ee944f3b.txt, "Rounds, Initiative, & Turn Order": the creature ending its
    turn selects who goes next; with one creature left to choose, that is the choice."""
    enc = _parry_fight()
    assert enc.choices() == ["A"]
    enc.end_turn()
    assert enc.current == "A"
    # with two choices it still asks
    enc2 = duel().start()
    refused(enc2, enc2.end_turn, match="must choose who goes next")


@pytest.mark.parametrize("given, logged", [
    ("p", "piercing"), ("b", "bludgeoning"), ("s", "slashing"), ("elec", "electricity"),
    ("PE", "positive"), ("NE", "negative"), ("bio", "biological"), ("Fire", "fire"),
])
def test_damage_reads_the_texts_abbreviations(given, logged):
    """000_8d1d7816ee944f3b.txt, "Damage in Combat" writes damage types as ``[p]``,
    ``[b]``, ``[elec]``, ``[PE]``...; the encounter reads them with the one parser,
    :meth:`DamageType.coerce`, and logs the full name."""
    enc = duel().start()
    enc.damage("Orc", 2, given)
    assert enc.log.of_kind("damage")[-1].data["type"] == logged


def test_the_damage_model_reads_abbreviations_and_names_them_when_refusing():
    """The ruleset's damage model is that parser too; a refusal lists the abbreviations."""
    from lfgcombat.rules.damage import DamageError, DamageType
    from lfgcombat.rulesets import coerce_ruleset
    model = coerce_ruleset("lfg").damage_model
    assert model.damage_type("elec") is DamageType.ELECTRICITY
    with pytest.raises(DamageError):
        model.damage_type("plasma")
    enc = duel().start()
    err = refused(enc, enc.damage, "Orc", 3, "plasma", match="unknown damage type")
    assert "electricity [elec]" in str(err)


def test_a_creature_waiting_for_its_turn_shows_a_fresh_budget():
    """000_8d1d7816ee944f3b.txt, "Taking Your Turn": "2 Big Actions and 1 Little Action on
    your turn!": at the start of a round, a creature still to act shows what it will have
    on its turn, not last round's leftovers; one that has acted shows what it has left."""
    enc = _parry_fight()
    enc.attack("D", "A")
    enc.end_turn()
    assert enc.actions_left("D").big == 1          # D has acted: its leftovers this round
    enc.attack("A", "D")
    enc.drop_prone("A")
    left = enc.actions_left("A")
    assert (left.big, left.little) == (1, 0)
    enc.end_turn("D")                               # A opens round 2 by choosing D
    assert enc.round == 2 and enc.current == "D"
    row = enc.table().set_index("name").loc["A"]
    assert (row["card"], row["big"], row["little"]) == ("Ready", 2, 1)
    waiting = enc.actions_left("A")
    assert waiting.attacks >= 1 and waiting.spells == 1 and not waiting.on_turn
    assert any(n.startswith("not its turn") for n in waiting.notes)
    assert enc.state("A")["actions_left"] == waiting   # what the tracker's cards read
    enc.end_turn()
    assert (enc.actions_left("A").big, enc.actions_left("A").little) == (2, 1)


def test_plain_weapon_names_are_the_default_weapon():
    """000_8d1d7816ee944f3b.txt, "Attacks Per Turn": an attack with no weapon named uses the
    creature's first weapon, also when the creature lists it by plain name
    (``weapons: ["longsword"]``, a form ``Creature.from_dict`` accepts)."""
    d = mk("D", init=40, weapons=["longsword"])
    a = mk("A", weapons=["dagger", {"name": "longbow", "ranged": True}])
    enc = Encounter([d, a], sides={"x": ["D"], "y": ["A"]}, seed=5).start()
    enc.attack("D", "A")
    assert enc.log.of_kind("attack")[-1].data["weapon"] == "longsword"
    assert enc._default_weapon("A", melee=True) == "dagger"


def test_rich_display_shows_the_initiative_table():
    """Issue 11, "Notebook display": an Encounter shows its initiative table ("Rounds,
    Initiative, & Turn Order": the Ready/Done cards) in a notebook; the text repr, which
    nbval compares, stays as it was."""
    cs = [mk("Hero", init=40), mk("<Orc & Co>")]
    enc = Encounter(cs, sides={"party": ["Hero"], "orcs": ["<Orc & Co>"]}, seed=1)
    assert "not started" in enc._repr_html_()
    enc.start()
    enc.damage("<Orc & Co>", 5)
    enc.add_condition("<Orc & Co>", "prone")
    page = enc._repr_html_()
    assert repr(enc) == "Encounter(2 creatures, round 1, current='Hero', 10 events)"
    assert "acting: <b>Hero</b>" in page and "round 1" in page
    assert "&lt;Orc &amp; Co&gt;" in page and "<Orc" not in page
    hero = page.split('data-name="Hero"')[1].split("</tr>")[0]
    assert "▶" in hero and "Ready" in hero and "2 Big · 1 Little · 1 React" in hero
    orc = page.split('data-name="&lt;Orc &amp; Co&gt;"')[1].split("</tr>")[0]
    hp = enc.state("<Orc & Co>")
    assert f"{hp['hp']}/{hp['max_hp']}" in orc and "prone" in orc.lower()
