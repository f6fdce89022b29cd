"""Skills in combat: the table, the ``skills:`` mapping, and the opposed check with exact odds.

000_8d1d7816ee944f3b.txt, "Special Actions in Combat" (the skill actions and their opposed
checks); ties are inferred (``lfgcombat.rules.actions.skills.TIE_RULE``).
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from lfgcombat.dice import Roller
from lfgcombat.errors import DiceError, LfgError
from lfgcombat.rules.actions.skills import (SkillError, canonical_skill, opposed, opposed_odds,
                                            skill_category, skill_names, skills_table,
                                            validate_skills)

CHAPTER = ["wrestling", "acrobatics", "perseverance", "jump&sprint", "intimidate",
           "sense motive", "bluff", "tactics", "perform", "sleight of hand", "craft(academia)",
           "survival", "swim", "climb"]


def test_the_table_lists_every_skill_the_chapter_rolls() -> None:
    assert skill_names() == CHAPTER
    t = skills_table()
    assert set(t.category) == {"physical", "mobility", "mental"}
    assert skill_category("Acrobatics") == "mobility"
    assert skill_category("Wrestling") == "physical"
    assert skill_category("Bluff") == "mental"
    # survival is not in the text: the row is marked inferred and cites nothing
    assert t.set_index("skill").source["survival"].startswith("inferred:")


def test_validate_skills_normalises_names() -> None:
    assert validate_skills({"Wrestling": 7, "Sense_Motive": 2, "jump & sprint": 1}) == {
        "wrestling": 7, "sense motive": 2, "jump&sprint": 1}
    assert validate_skills(None) == {}
    assert canonical_skill("Craft(Academia)") == "craft(academia)"


@pytest.mark.parametrize("bad, field, words", [
    ({"wrestlng": 3}, "skills.wrestlng", "did you mean 'wrestling'"),
    ({"Wrestling": 3, "wrestling": 4}, "skills.wrestling", "twice"),
    ({"bluff": "3"}, "skills.bluff", "whole number"),
    ({"bluff": True}, "skills.bluff", "whole number"),
    ({"bluff": 1000}, "skills.bluff", "outside"),
    ([("bluff", 1)], "skills", "mapping"),
])
def test_bad_skills_are_refused_naming_the_field(bad, field, words) -> None:
    with pytest.raises(SkillError) as info:
        validate_skills(bad)
    assert info.value.field == field and words in str(info.value)
    assert isinstance(info.value, LfgError)


def test_opposed_equal_bonuses_exact() -> None:
    odds = opposed_odds(0, 0, exact=True)
    assert odds.p_a_wins == Fraction(19, 40)  # 190 of the 400 pairs, ties to the defender
    assert odds.p_b_wins == Fraction(21, 40)
    assert odds.p_a_wins_by(5) == Fraction(120, 400)  # sum of (20-k)/400 for k = 5..19
    assert sum(odds.margins) == 1


def test_ties_go_to_the_higher_bonus() -> None:
    # a +1 vs b +0: a wins 210 pairs where face_a >= face_b... counted directly
    pairs = sum(1 for x in range(1, 21) for y in range(1, 21) if x + 1 >= y)
    assert opposed_odds(1, 0, exact=True).p_a_wins == Fraction(pairs, 400)
    pairs_b = sum(1 for x in range(1, 21) for y in range(1, 21) if x > y + 1)
    assert opposed_odds(0, 1, exact=True).p_a_wins == Fraction(pairs_b, 400)


def test_fortune_odds_by_brute_force() -> None:
    def better(f): return sum(1 for x in range(1, 21) for z in range(1, 21) if max(x, z) == f)
    def worse(f): return sum(1 for x in range(1, 21) for z in range(1, 21) if min(x, z) == f)
    num = sum(better(x) * worse(y) for x in range(1, 21) for y in range(1, 21) if x + 2 > y + 4)
    got = opposed_odds(2, 4, a_fortune="fortunate", b_fortune="unfortunate", exact=True)
    assert got.p_a_wins == Fraction(num, 400 * 400)


def test_sampling_agrees_with_exact_odds() -> None:
    roller = Roller(20261201)
    n = 20_000
    wins = by5 = 0
    for _ in range(n):
        r = opposed(3, 5, a_fortune="fortunate", roller=roller)
        wins += r.a_wins
        by5 += r.a_wins_by(5)
    odds = opposed_odds(3, 5, a_fortune="fortunate")
    for hits, p in ((wins, odds.p_a_wins), (by5, odds.p_a_wins_by(5))):
        sd = math.sqrt(p * (1 - p) / n)
        assert abs(hits / n - p) < 4.5 * sd


def test_opposed_result_records_the_rolls() -> None:
    r = opposed(4, 4, roller=Roller(7), a_label="Wrestling", b_label="Acrobatics")
    assert r.margin == r.a_roll.total - r.b_roll.total
    assert r.a_roll.label == "Wrestling" and r.b_roll.label == "Acrobatics"
    if r.tie:
        assert r.winner == "b"
    assert "wins" in r.explain()


def test_the_explanation_names_the_winner_by_its_label() -> None:
    """Issue 23 item 11 (notebook 21): "Brega ... vs orc ...: b wins" read as a code, not a
    name; with labels the winner is named ("Roll an opposed check vs ...",
    000_8d1d7816ee944f3b.txt, "Special Actions in Combat")."""
    for seed in range(20):
        r = opposed(3, 8, roller=Roller(seed=seed), a_label="Brega", b_label="orc")
        winner = "Brega" if r.a_wins else "orc"
        assert f": {winner} wins (margin {r.margin:+d}" in r.explain(), r.explain()
    plain = opposed(3, 8, roller=Roller(seed=1))
    assert f": {plain.winner} wins" in plain.explain()  # no labels: "a" / "b" as before


def test_bad_opposed_input() -> None:
    with pytest.raises(SkillError, match="a_bonus"):
        opposed("3", 0, roller=Roller(1))
    with pytest.raises(DiceError):
        opposed_odds(0, 0, a_fortune="lucky")


def test_skill_bonus_adds_conditions_by_category() -> None:
    from lfgcombat import Creature
    from lfgcombat.rules.actions.skills import skill_bonus
    c = Creature.from_dict({"name": "Rock", "level": 3, "class": "fighter",
                            "conditions": ["cramped"]})
    skills = {"Wrestling": 5, "bluff": 2}
    wr = skill_bonus(c, "wrestling", skills, extra={"Charge (innate)": 2})
    assert int(wr) == 5 + 2 - 2          # Cramped: -2 Physical Skills
    assert int(skill_bonus(c, "bluff", skills)) == 2   # mental: untouched by Cramped
    assert int(skill_bonus(c, "tactics", skills)) == 0  # not listed: 0
    with pytest.raises(SkillError, match="did you mean"):
        skill_bonus(c, "wrestlin", skills)


def test_a_check_with_only_the_off_hand_is_at_minus_2() -> None:
    """"Any Skill Checks made using only your Off-Hand suffer a -2 penalty"; "The
    Ambidextrous Feat allows you to use either hand as your main hand" ("Handedness & Using
    Both Hands (Two Weapon Fighting)")."""
    from lfgcombat import Creature
    from lfgcombat.rules.actions.skills import skill_bonus
    d = {"name": "Thief", "level": 3, "class": "rogue", "skills": {"sleight of hand": 7}}
    thief, ambi = Creature.from_dict(d), Creature.from_dict({**d, "ambidextrous": True})
    skills = {"sleight of hand": 7}
    off = skill_bonus(thief, "sleight of hand", skills, off_hand=True)
    assert int(off) == 5 and "using only the off hand" in off.explain()
    assert int(skill_bonus(thief, "sleight of hand", skills)) == 7
    assert int(skill_bonus(ambi, "sleight of hand", skills, off_hand=True)) == 7
    with pytest.raises(SkillError, match="off_hand"):
        skill_bonus(thief, "sleight of hand", skills, off_hand="yes")  # type: ignore[arg-type]


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

FORTUNES = st.sampled_from([None, "fortunate", "unfortunate"])


def _faces(fortune):
    """Brute force: the kept face of every pair of d20 rolls, counted (400 pairs in all)."""
    from collections import Counter
    if fortune is None:
        return Counter({f: 20 for f in range(1, 21)})
    pick = max if fortune == "fortunate" else min
    return Counter(pick(x, y) for x in range(1, 21) for y in range(1, 21))


@settings(max_examples=40)
@given(a=st.integers(-10, 25), b=st.integers(-10, 25), fa=FORTUNES, fb=FORTUNES)
def test_opposed_odds_match_brute_force(a, b, fa, fb) -> None:
    wins = sum(nx * ny for x, nx in _faces(fa).items() for y, ny in _faces(fb).items()
               if x + a > y + b or (x + a == y + b and a > b))
    got = opposed_odds(a, b, a_fortune=fa, b_fortune=fb, exact=True)
    assert got.p_a_wins == Fraction(wins, 400 * 400)
    assert got.p_a_wins + got.p_b_wins == 1
