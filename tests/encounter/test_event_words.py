"""Event texts written for people (issue 23, item 10).

The log's one-line texts (``Event.describe``, the data frame's ``text`` column, the
tracker's history) and the refusals users read: a failed Knockdown is not "resists", a
shield strike says why a miss knocks down, repeated effects are counted, a spell with no
name is "a spell", and no event falls back to its raw ``key=value`` data.
"""

from __future__ import annotations

import pytest

from lfgcombat import Encounter, IllegalActionError
from lfgcombat.creature import load_example
from lfgcombat.engine.log import Event
from lfgcombat.engine.log import events as ev

from .helpers import mk


def _event(kind: str, data: dict, actor: str | None = "Wulfric",
           target: str | None = "Goblin 1") -> Event:
    return Event.from_json({"seq": 1, "step": 1, "round": 1, "turn": actor, "kind": kind,
                            "command": False, "actor": actor, "target": target,
                            "data": data})


def test_a_failed_knockdown_check_is_not_called_resisting():
    """000_8d1d7816ee944f3b.txt, "Momentum of Impact": the defender resists with Wrestling
    or Acrobatics; below the DC it is knocked down. "Goblin 1 resists Wulfric's Knockdown
    DC 21 with wrestling 9: knocked prone" described a failure as resisting."""
    failed = _event("knockdown", {"dc": 21, "resisted_with": "wrestling", "total": 9,
                                  "prone": True, "failed_by": 12})
    assert failed.describe() == ("Goblin 1 fails to resist Wulfric's Knockdown (DC 21; "
                                 "wrestling 9): knocked prone")
    held = _event("knockdown", {"dc": 21, "resisted_with": "acrobatics", "total": 23,
                                "prone": False, "failed_by": 0})
    assert held.describe() == ("Goblin 1 resists Wulfric's Knockdown (DC 21; acrobatics "
                               "23): stays up")
    flyer = _event("knockdown", {"dc": 21, "resisted_with": "acrobatics", "total": 3,
                                 "prone": False, "failed_by": 18, "drop_ft": 10})
    assert flyer.describe().startswith("Goblin 1 fails to resist")
    assert flyer.describe().endswith("drops 10 ft and flies on")


def test_a_miss_that_strikes_the_shield_says_so_when_it_knocks_down():
    """"Momentum of Impact": Knockdown "activates upon striking your target or their
    shield"; a miss by no more than the Shield Rating knocked the goblin prone and the log
    never said why a miss did that. Seed 142: the Ogre's first swing misses the goblin and
    strikes its shield."""
    enc = Encounter([load_example("ogre"), load_example("goblin")],
                    sides={"a": ["Ogre"], "b": ["Goblin"]}, seed=142).start()
    assert enc.current == "Ogre"
    result = enc.attack("Ogre", "Goblin")
    knock = enc.log.of_kind("knockdown")[-1]
    assert not result.hit and knock.data["shield"] is True
    assert knock.describe().startswith("Ogre's strike missed but struck Goblin's shield: ")
    assert "fails to resist" in knock.describe()


def test_two_power_attacks_are_listed_once_with_their_count():
    """"Power Attack (Attack Action, No AOO)": "you suffer -2 AC until your next turn";
    two of them listed "power attack: -2 AC" twice in the creature's effects."""
    enc = Encounter([load_example("ogre"), load_example("wulfric")],
                    sides={"a": ["Ogre"], "b": ["Wulfric"]}, seed=3).start()
    who = enc.current
    other = "Wulfric" if who == "Ogre" else "Ogre"
    enc.attack(who, other, power_attack=True)
    assert enc.state(who).effects.count("power attack: -2 AC") == 1
    enc.attack(who, other, power_attack=True)
    effects = enc.state(who).effects
    assert "power attack: -2 AC (twice)" in effects
    assert "power attack: -2 AC" not in effects


def test_a_spell_cast_without_a_name_is_a_spell():
    """"Chessan casts None": ``cast()`` without ``spell=`` logged the missing name."""
    spell = _event("spell", {"spell": None, "spell_level": 2, "outcome": "cast"},
                   actor="Chessan", target=None)
    assert spell.describe() == "Chessan casts a spell (spell level 2): cast"


def test_no_event_kind_falls_back_to_its_raw_data():
    """"ready Goblin 1: trigger=..., held={'big': 1, 'little': 1}": every effect kind
    describes itself in words (commands describe themselves as the call, by design)."""
    raw = [k for k, cls in ev.EFFECT_TYPES.items() if cls.describe is Event.describe]
    assert raw == []
    ready = _event("ready", {"trigger": "the archer leans out", "action": "attack",
                             "held": {"big": 1, "little": 1}}, target=None)
    assert ready.describe() == ("Wulfric readies attack for when the archer leans out "
                                "(holds 1 Big and 1 Little Action for it)")
    assert "=" not in _event("ready_lost", {"why": "the start of its next turn",
                                            "rule": "x"}, target=None).describe()


def test_a_readied_action_spent_is_not_a_readied_action_action():
    """"uses a readied action action" (and "uses a reaction action")."""
    spent = _event("spend", {"action": "interrupt", "type": "big", "slot": "readied action"})
    assert spent.describe() == "Wulfric uses its readied action: Interrupt Turn"
    reaction = _event("spend", {"action": "aoo", "type": "reaction", "slot": "reaction"})
    assert reaction.describe() == "Wulfric uses its reaction: Attack of Opportunity"
    big = _event("spend", {"action": "attack", "type": "big", "slot": "big"})
    assert big.describe() == "Wulfric uses a big action: Attack"


def test_a_spent_action_is_named_in_words_not_its_id():
    """Issue 26, item 2: "uses a big action: cast_spell" showed the id; the name is the
    actions table's (data/actions.csv), an id it lacks is shown with spaces."""
    cast = _event("spend", {"action": "cast_spell", "type": "big", "slot": "big"})
    assert cast.describe() == "Wulfric uses a big action: Cast a Spell"
    odd = _event("spend", {"action": "some_new_thing", "type": "big", "slot": "big"})
    assert odd.describe() == "Wulfric uses a big action: some new thing"


def test_a_readied_creature_is_told_what_to_do_in_words():
    """"waits for the trigger; end_turn()": the refusal says what to do in a sentence
    (000_8d1d7816ee944f3b.txt, "Prepare to Interrupt")."""
    hero, archer = mk("Hero", init=40), mk("Archer")
    enc = Encounter([hero, archer], sides={"party": ["Hero"], "enemy": ["Archer"]},
                    seed=11).start()
    enc.ready("Hero", trigger="the archer leans out over the wall", action="attack")
    with pytest.raises(IllegalActionError) as err:
        enc.act("Hero", "survey")
    text = str(err.value)
    assert "; end_turn()" not in text
    assert "waits for the trigger: end its turn" in text


def test_a_record_health_line_ends_in_words_not_a_comma():
    """A classic hit's ``health`` event read "Orc: HP 5, " (an empty list after a comma)."""
    plain = _event("health", {"hp": 5, "vitals": {}, "events": [],
                              "why": "10 slashing damage from Brann"}, actor=None, target="Orc")
    assert plain.describe() == "Orc: HP 5 (10 slashing damage from Brann)"
    more = _event("health", {"hp": -3, "events": ["disabled"], "why": None}, actor=None,
                  target="Orc")
    assert more.describe() == "Orc: HP -3: disabled"
