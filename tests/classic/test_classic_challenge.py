"""Challenge Rating: 002_2a3a79475ca2a541.txt, "Challenge Rating (CR)": "A monster's CR is
the average level of a party of adventurers for which one creature would make an encounter
of moderate difficulty."."""

from __future__ import annotations

from fractions import Fraction

import pytest

from lfgcombat.rulesets.classic import ClassicError
from lfgcombat.rulesets.classic.challenge import (encounter_reading, moderate_cr,
                                                  parse_challenge_rating)


def test_cr_is_the_average_party_level_of_a_moderate_encounter():
    assert moderate_cr([4, 4, 4, 4]) == 4
    assert moderate_cr([3, 4, 4, 5]) == 4
    assert moderate_cr([1, 2]) == Fraction(3, 2)
    r = encounter_reading([3, 4, 4, 5], 4)
    assert (r.reading, r.gap) == ("moderate", 0)
    assert encounter_reading([3, 4, 4, 5], 6).reading == "harder"
    assert encounter_reading([3, 4, 4, 5], "1/2").gap == Fraction(-7, 2)


def test_cr_values():
    assert parse_challenge_rating("1/4") == Fraction(1, 4)
    assert parse_challenge_rating(7) == 7
    for bad in (0, "2/3", -1, True, "orc", 1.5, None):
        with pytest.raises(ClassicError, match="challenge_rating"):
            parse_challenge_rating(bad)
    for bad in ([], [0, 3], "44", [2.5]):
        with pytest.raises(ClassicError, match="party_levels"):
            moderate_cr(bad)


def test_an_encounter_read_from_the_creatures():
    """"A monster's CR is the average level of a party of adventurers for which one creature
    would make an encounter of moderate difficulty": each foe's ``challenge_rating`` key
    against the party's levels."""
    from lfgcombat.rulesets.classic.challenge import read_encounter
    from lfgcombat.creature import load_example

    party = [load_example(n).replace(level=lv) for n, lv in (("wulfric", 3), ("mayat", 5))]
    foes = [load_example("orc").replace(challenge_rating=2),
            load_example("ogre").replace(challenge_rating=4)]
    table = read_encounter(party, foes)
    assert table[["foe", "reading", "gap"]].values.tolist() == [
        ["Orc", "easier", "-2"], ["Ogre", "moderate", "0"]]
    with pytest.raises(ClassicError, match="^challenge_rating: Orc has no"):
        read_encounter(party, [load_example("orc")])
