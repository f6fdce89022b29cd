"""The Insult's "must attack you", enforced on the insulted creature's next turn.

000_8d1d7816ee944f3b.txt, "Special Actions in Combat": "Perform(Comedy & Stories) – Insult an
Opponent (Big Action, AOO): Roll an opposed check vs Sense Motive or a WILL Save to insult or
aggravate your foe to make them Unfortunate or force them to attack you next turn."
"""

from __future__ import annotations

from encounter.helpers import mk, refused

from lfgcombat import HexMap
from lfgcombat.engine import Encounter

from .test_encounter_close import first_seed, last, replays


def _insulted(seed: int) -> Encounter:
    """Hero insults the Orc (must attack Hero); Ally stands beside the Orc too."""
    hero = mk("Hero", init=40, skills={"perform": 30})
    ally = mk("Ally", max_hp=300)
    orc = mk("Orc", shield_rating=2, weapons=[{"name": "claw"}, "sword"])
    m = HexMap(10, 6)
    m.place(hero, (2, 2), "party")
    m.place(orc, (3, 2), "foes")
    m.place(ally, (4, 2), "party")
    enc = Encounter([hero, ally, orc], map=m, seed=seed).start()
    enc.skill_action("Hero", "insult", "Orc", condition="must_attack")
    return enc


def _orc_turn(seed: int) -> Encounter:
    enc = _insulted(seed)
    if last(enc, "maneuver").data["success"]:
        enc.end_turn(next="Orc")
    return enc


def _won(enc: Encounter) -> bool:
    return enc.current == "Orc"


def test_the_insulted_foe_must_attack_the_insulter_on_its_next_turn(tmp_path) -> None:
    enc = first_seed(_orc_turn, _won)
    refused(enc, enc.attack, "Orc", "Ally", match="must attack Hero this turn, not Ally")
    refused(enc, enc.attack, "Orc", "Ally", match="force them to attack you next turn")
    refused(enc, enc.wrestle, "Orc", "Ally", "trip", match="must attack Hero")
    refused(enc, enc.shield_bash, "Orc", "Ally", match="must attack Hero")
    enc.attack("Orc", "Hero")
    assert last(enc, "attack").target == "Hero"
    replays(enc, tmp_path)


def test_the_next_turn_after_that_is_free() -> None:
    """"next turn": the turn after it may attack anyone."""
    enc = first_seed(_orc_turn, _won)
    enc.end_turn().end_turn(next="Orc")  # Orc -> Ally -> a new round, the Orc first
    assert enc.current == "Orc"
    assert not any("must attack" in x for x in enc.state("Orc").effects)
    enc.attack("Orc", "Ally")
    assert last(enc, "attack").target == "Ally"


def test_a_dead_insulter_frees_the_foe() -> None:
    enc = first_seed(_orc_turn, _won)
    enc.damage("Hero", 500)
    enc.attack("Orc", "Ally")
    assert last(enc, "attack").target == "Ally"


def test_an_unfortunate_insult_leaves_attacks_free() -> None:
    """The other choice ("make them Unfortunate") forces nothing."""
    def make(seed: int) -> Encounter:
        hero = mk("Hero", init=40, skills={"perform": 30})
        ally, orc = mk("Ally", max_hp=300), mk("Orc")
        m = HexMap(10, 6)
        m.place(hero, (2, 2), "party")
        m.place(orc, (3, 2), "foes")
        m.place(ally, (4, 2), "party")
        enc = Encounter([hero, ally, orc], map=m, seed=seed).start()
        enc.skill_action("Hero", "insult", "Orc")
        if last(enc, "maneuver").data["success"]:
            enc.end_turn(next="Orc")
        return enc
    enc = first_seed(make, _won)
    enc.attack("Orc", "Ally")
    assert last(enc, "attack").target == "Ally"


def test_a_reaction_on_anothers_turn_is_free(tmp_path) -> None:
    """The Insult binds the foe's *next turn*; its AOO on the Ally's turn before that may
    strike the Ally ("Reactions & AOO")."""
    def make(seed: int) -> Encounter:
        enc = _insulted(seed)
        if last(enc, "maneuver").data["success"]:
            enc.end_turn(next="Ally")
        return enc
    enc = first_seed(make, lambda e: e.current == "Ally")
    enc.move("Ally", (6, 2), aoo=["Orc"])
    assert any(e.kind == "attack" and e.actor == "Orc" and e.target == "Ally"
               for e in enc.log)
    assert any("must attack Hero" in x for x in enc.state("Orc").effects)
    replays(enc, tmp_path)
