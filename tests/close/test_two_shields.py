"""Two shields: the cumulative Mobility Penalty and no Somatic spells.

000_8d1d7816ee944f3b.txt, "Weird Situation - Using Two Shields at the same time": "You suffer
the cumulative Mobility Penalty of both shields"; "You cannot cast spells with somatic (S)
components while wielding two shields". The shields' own Mobility Penalties are equipment
data the texts lack: the creature file gives them (``shield_mobility_penalty``,
``second_shield: {shield_rating, mobility_penalty}``), default 0 (inferred).
"""

from __future__ import annotations

import pytest

from lfgcombat import Creature
from lfgcombat.creature import CreatureError
from lfgcombat.rules.actions.casting import spell_components

from encounter.helpers import refused
from close.test_encounter_close import fight, last, replays


def _c(**kw) -> Creature:
    return Creature.from_dict({"name": "A", "class": "fighter", "level": 3,
                               "skills": {"acrobatics": 5, "wrestling": 5}, **kw})


def test_both_shields_mobility_penalties_add_up_on_mobility_skills() -> None:
    one = _c(shield_rating=2, shield_mobility_penalty=-1)
    two = _c(shield_rating=2, shield_mobility_penalty=-1,
             second_shield={"shield_rating": 2, "mobility_penalty": -2})
    from lfgcombat.creature.close_keys import skills_of
    from lfgcombat.rules.actions.skills import skill_bonus
    assert int(skill_bonus(one, "acrobatics", skills_of(one)).value) == 4
    both = skill_bonus(two, "acrobatics", skills_of(two))
    assert int(both.value) == 2   # 5 - 1 - 2: "the cumulative Mobility Penalty"
    assert "two shields: cumulative" in both.explain()
    assert int(skill_bonus(two, "jump&sprint", skills_of(two)).value) == -3
    # Wrestling is a physical skill, not a mobility one: no Mobility Penalty
    assert int(skill_bonus(two, "wrestling", skills_of(two)).value) == 5


def test_no_penalty_by_default_and_the_file_round_trips() -> None:
    from lfgcombat.creature.close_keys import second_shield_of, skills_of
    from lfgcombat.rules.actions.skills import skill_bonus
    plain = _c(shield_rating=2, second_shield=3)
    assert second_shield_of(plain) == 3
    assert plain.to_dict()["second_shield"] == 3        # written back as it was given
    assert int(skill_bonus(plain, "acrobatics", skills_of(plain)).value) == 5
    two = _c(shield_rating=2, shield_mobility_penalty=-1,
             second_shield={"shield_rating": 2, "mobility_penalty": -2})
    d = two.to_dict()
    assert d["second_shield"] == {"shield_rating": 2, "mobility_penalty": -2}
    assert d["shield_mobility_penalty"] == -1
    assert Creature.from_dict(d).to_dict() == d


@pytest.mark.parametrize("bad, field", [
    ({"shield_mobility_penalty": -1}, "shield_mobility_penalty"),   # no shield carried
    ({"shield_rating": 2, "shield_mobility_penalty": 1}, "shield_mobility_penalty"),
    ({"shield_rating": 2, "shield_mobility_penalty": True}, "shield_mobility_penalty"),
    ({"second_shield": {"rating": 2}}, "second_shield"),
    ({"second_shield": {"shield_rating": 2, "mobility_penalty": 3}}, "second_shield"),
    ({"second_shield": {"mobility_penalty": -1}}, "second_shield"),
])
def test_bad_shield_data_is_refused(bad: dict, field: str) -> None:
    with pytest.raises(CreatureError, match=field):
        _c(**bad)


def test_the_encounter_reads_the_penalties() -> None:
    enc = fight(hero={"skills": {"acrobatics": 6}, "shield_mobility_penalty": -1,
                      "second_shield": {"shield_rating": 1, "mobility_penalty": -1}})
    assert int(enc.skill("Hero", "acrobatics").value) == 4


def test_a_somatic_spell_is_refused_with_two_shields(tmp_path) -> None:
    enc = fight(hero={"class": "wizard", "second_shield": 3})
    refused(enc, enc.cast, "Hero", 1, "magic missile", components="VS",
            match="somatic")
    enc.cast("Hero", 1, "shout", components="V")
    spell = last(enc, "spell").data
    assert not any("Somatic" in n for n in spell["notes"])   # its components are known
    assert [e.data.get("components") for e in enc.log if e.kind == "cast"] == ["V"]
    assert all(set(e.data) <= set(type(e).FIELDS) for e in enc.log)   # declared in the log
    replays(enc, tmp_path)


def test_one_shield_casts_somatic_spells_and_unknown_components_keep_the_note() -> None:
    enc = fight(hero={"class": "wizard"})
    enc.cast("Hero", 1, "magic missile", components="v, s")
    assert [e.data.get("components") for e in enc.log if e.kind == "cast"] == ["VS"]
    old = fight(hero={"class": "wizard", "second_shield": 3}).cast("Hero", 1, "x")
    assert "components" not in next(e for e in old.log if e.kind == "cast").data
    assert any("Somatic (S) components are impossible" in n
               for n in last(old, "spell").data["notes"])


def test_spell_components_are_checked() -> None:
    assert spell_components("MSV") == "VSM" and spell_components(None) is None
    enc = fight(hero={"class": "wizard"})
    for bad in ("VX", 3):
        refused(enc, enc.cast, "Hero", 1, "x", components=bad, match="components")


def test_a_second_shield_of_rating_0_with_a_penalty_is_refused_naming_the_field():
    """A rating of 0 is no second shield: a mobility penalty with it would be ignored
    silently, so the file is refused (as the audit found it accepted)."""
    with pytest.raises(CreatureError, match="second_shield"):
        _c(shield_rating=2, second_shield={"shield_rating": 0, "mobility_penalty": -1})
    assert _c(shield_rating=2, second_shield=0).name == "A"
