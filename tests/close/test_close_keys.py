"""The creature keys ``skills``, ``special_abilities``, ``handedness``, ``ambidextrous``:
validated, round-tripping, shown in the stat block.

000_8d1d7816ee944f3b.txt, "Special Actions in Combat", "Special Abilities – 4 Different
Types" ("Fear Burst (SLA): 3/day (SL2, WILL DC15[CHA])"), "Handedness & Using Both Hands
(Two Weapon Fighting)".
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lfgcombat import Creature
from lfgcombat.creature.close_keys import (abilities_of, ability_named, handedness_of,
                                           is_ambidextrous, is_quadruped, skills_of, CloseKeysError)
from lfgcombat.creature import CreatureError, load_example
from lfgcombat.rules.handedness import Hand
from lfgcombat.rules.actions.skills import skill_names
from lfgcombat.creature.statblock import stat_block_html

BASE = {"name": "Gruk", "level": 3, "max_hp": 20}
FEAR = "Fear Burst (SLA): 3/day (SL2, WILL DC15[CHA])"


def make(**kw) -> Creature:
    return Creature.from_dict({**BASE, **kw})


def test_keys_read_round_trip_and_show() -> None:
    c = make(skills={"Wrestling": 7, "sense_motive": 2}, special_abilities=[FEAR, "Quadruped"],
             handedness="left-handed", ambidextrous=True)
    assert skills_of(c) == {"wrestling": 7, "sense motive": 2}
    fear = ability_named(c, "fear burst")
    assert (fear.kind.value, fear.uses, fear.per, fear.spell_level, fear.dc) == \
        ("SLA", 3, "day", 2, 15)
    assert handedness_of(c) is Hand.LEFT and is_ambidextrous(c) and is_quadruped(c)
    d = c.to_dict()
    assert d["skills"] == {"wrestling": 7, "sense motive": 2}
    assert d["special_abilities"] == [FEAR, "Quadruped"] and d["handedness"] == "left"
    assert Creature.from_dict(d) == c
    block = stat_block_html(c)
    for text in ("Skills", "wrestling +7", "Special abilities", "Fear Burst (SLA)",
                 "left-handed"):
        assert text in block


def test_defaults_are_not_written() -> None:
    c = make()
    assert skills_of(c) == {} and abilities_of(c) == () and handedness_of(c) is Hand.RIGHT
    assert not {"skills", "special_abilities", "handedness", "ambidextrous"} & set(c.to_dict())
    with pytest.raises(CloseKeysError, match="has no special ability 'Roar' \\(it has: none"):
        ability_named(c, "Roar")


@pytest.mark.parametrize("bad, field, match", [
    ({"skills": {"wrestlng": 3}}, "skills.wrestlng", "did you mean 'wrestling'"),
    ({"skills": {"bluff": 1.5}}, "skills.bluff", "whole number"),
    ({"skills": ["bluff"]}, "skills", "mapping"),
    ({"special_abilities": ["Fear Burst (SLX): 3/day"]}, "special_abilities[0]", "type"),
    ({"special_abilities": ["Gaze (SLA): 1/day"]}, "special_abilities[0]", "spell level"),
    ({"special_abilities": "Quadruped"}, "special_abilities", "list"),
    ({"special_abilities": ["Roar", "roar"]}, "special_abilities[1]", "twice"),
    ({"handedness": "middle"}, "handedness", "'right' or 'left'"),
    ({"ambidextrous": "yes"}, "ambidextrous", "true or false"),
])
def test_bad_keys_are_refused_naming_the_field(bad, field, match) -> None:
    with pytest.raises(CreatureError) as e:
        make(**bad)
    fields = [f for f, _ in e.value.problems]
    assert field in fields
    assert any(match in m for f, m in e.value.problems if f == field)


def test_replace_validates_the_same_way() -> None:
    c = make(skills={"bluff": 2})
    assert skills_of(c.replace(skills={"bluff": 5})) == {"bluff": 5}
    with pytest.raises(CreatureError):
        c.replace(skills={"blof": 5})


def test_the_example_monsters_carry_their_keys() -> None:
    elephant = load_example("elephant")
    assert elephant.example and is_quadruped(elephant) and skills_of(elephant)["wrestling"]
    assert is_quadruped(load_example("dire_wolf")) and not is_quadruped(load_example("viper"))


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(skill_names()), st.integers(-20, 40), max_size=6),
       st.sampled_from(["left", "right"]), st.booleans())
def test_any_valid_keys_round_trip(skills, hand, amb) -> None:
    c = make(skills=skills, handedness=hand, ambidextrous=amb)
    assert Creature.from_dict(c.to_dict()) == c
    assert skills_of(c) == skills and handedness_of(c).value == hand


def test_a_second_shield() -> None:
    from lfgcombat.creature.close_keys import second_shield_of
    c = make(second_shield=2)
    assert second_shield_of(c) == 2 and c.to_dict()["second_shield"] == 2
    assert "Second shield" in stat_block_html(c)
    with pytest.raises(CreatureError, match="second_shield"):
        make(second_shield=-1)
