"""Damage types, annotations and resistances: 000_8d1d7816ee944f3b.txt, "Damage in Combat"
and "Resistance - Damage Resistance (DR), Elemental Resistance, Energy Resistance"."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lfgcombat.rules.damage import (DR, DamageError, DamageType, Resistances, apply_resistance,
                                    best_type, parse_damage)
from lfgcombat.errors import DiceError


def test_twelve_types_in_four_categories():
    assert len(DamageType) == 12
    cats = {t.category for t in DamageType}
    assert cats == {"physical", "elemental", "energy", "special"}
    assert [t for t in DamageType if t.multiplied_on_crit] == [
        DamageType.SLASHING, DamageType.PIERCING, DamageType.BLUDGEONING]
    assert DamageType.coerce("elec") is DamageType.ELECTRICITY
    assert DamageType.coerce("+prec") is DamageType.PRECISION
    assert DamageType.coerce("bio-pois") is DamageType.BIOLOGICAL
    with pytest.raises(DamageError, match=r"slashing \[s\]"):
        DamageType.coerce("sonic")


@pytest.mark.parametrize("text, expr, types, mode", [
    ("1d8+1 [p]", "1d8+1", ("piercing",), "single"),       # Longbow(1)
    ("1d4 [s/p]", "1d4", ("slashing", "piercing"), "either"),  # dagger
    ("1d8 [s+b]", "1d8", ("slashing", "bludgeoning"), "both"),  # battle axe
    ("1d6 [+prec]", "1d6", ("precision",), "single"),
    ("2d6 [fire]", "2d6", ("fire",), "single"),
])
def test_annotations_from_the_text(text, expr, types, mode):
    spec = parse_damage(text)
    assert str(spec.expr) == expr
    assert tuple(t.value for t in spec.types) == types
    assert spec.mode == mode
    assert parse_damage(str(spec)) == spec


@pytest.mark.parametrize("bad, error", [
    ("1d8", DamageError), ("1d8 []", DamageError), ("1d8 [sonic]", DamageError),
    ("1d8 [s/p+b]", DamageError), ("1d8 [s/s]", DamageError), ("1d [s]", DiceError),
    (None, DamageError),
])
def test_bad_annotations(bad, error):
    with pytest.raises(error):
        parse_damage(bad)


def test_dr_example_1_demon_and_mithryl():
    """Ex1: a demon with DR10/Mithryl struck by a steel longsword for 11 takes 1; struck for 3
    by a Mithryl dagger it takes all 3."""
    demon = Resistances.from_dict({"dr": "10/mithryl"})
    assert apply_resistance(11, "s", demon, qualities=["steel"]).taken == 1
    assert apply_resistance(3, "p", demon, qualities=["mithryl"]).taken == 3


def test_dr_example_2_four_arrows():
    """Ex2: DR2/- against arrows of 5, 8, 2 and 4 damage: takes 3, 6, 0 and 2."""
    res = Resistances.from_dict({"dr": "2/-"})
    assert [apply_resistance(d, "p", res).taken for d in (5, 8, 2, 4)] == [3, 6, 0, 2]


def test_critical_always_deals_one_physical_damage():
    res = Resistances.from_dict({"dr": "10/-"})
    hit = apply_resistance(6, "s", res, critical=True)
    assert hit.taken == 1 and "at least 1" in hit.note
    assert apply_resistance(6, "s", res).taken == 0


def test_only_the_strongest_applicable_dr_works():
    res = Resistances.from_dict({"dr": ["5/silver", "3/-"]})
    assert apply_resistance(10, "s", res).taken == 5
    assert apply_resistance(10, "s", res, qualities=["silver"]).taken == 7


def test_battle_axe_against_a_skeleton():
    """[x+y]: a skeleton resists slashing, but the battle axe also deals bludgeoning, so the
    skeleton resists none of it."""
    skeleton = Resistances.from_dict({"dr": "5/bludgeoning"})
    axe = parse_damage("1d8 [s+b]")
    hit = best_type(axe, 7, skeleton)
    assert hit.type is DamageType.BLUDGEONING and hit.taken == 7
    dagger = parse_damage("1d4 [s/p]")
    assert best_type(dagger, 4, skeleton).taken == 0


def test_elec_resist_example():
    """Elec Resist 5: a failed REF save against a 21-damage Lightning Bolt takes 16; a passed
    save halves 21 to 10, then 5 is resisted: 5."""
    res = Resistances.from_dict({"electricity": 5})
    assert apply_resistance(21, "elec", res).taken == 16
    assert apply_resistance(21 // 2, "elec", res).taken == 5


def test_energy_heals_or_harms_by_creature_type():
    res = Resistances.from_dict({"positive": 2})
    assert apply_resistance(8, "PE", creature_type="living").taken == -8
    assert apply_resistance(8, "PE", creature_type="undead").taken == 8
    assert apply_resistance(8, "PE", res, creature_type="undead").taken == 6
    assert apply_resistance(8, "NE", creature_type="living").taken == 8
    assert apply_resistance(8, "NE", creature_type="undead").taken == -8
    assert apply_resistance(8, "NE", creature_type="construct").taken == 0


def test_biological_and_force():
    res = Resistances.from_dict({"dr": "10/-"})
    assert apply_resistance(4, "bio", res).taken == 4
    assert apply_resistance(4, "bio", creature_type="undead").taken == 0
    assert apply_resistance(4, "bio", creature_type="construct").taken == 0
    assert apply_resistance(9, "force", res).taken == 9


def test_bad_resistances_are_all_named():
    with pytest.raises(DamageError) as info:
        Resistances.from_dict({"dr": "ten/-", "force": 5, "fyre": 3, "cold": -1})
    msg = str(info.value)
    for part in ("dr:", "'force'", "Force Resistance", "'fyre'", "'cold'"):
        assert part in msg


def test_resistances_round_trip():
    data = {"dr": ["5/silver or magic", "2/-"], "fire": 5, "negative": 3}
    res = Resistances.from_dict(data)
    assert Resistances.from_dict(res.to_dict()) == res
    assert DR.parse("DR5/Bludgeoning").bypass == frozenset({"bludgeoning"})


@given(st.integers(0, 200), st.integers(0, 50), st.sampled_from(list(DamageType)))
def test_resistance_never_increases_damage(amount, x, dtype):
    res = Resistances.from_dict({"dr": f"{x}/-", "fire": x, "cold": x, "acid": x,
                                 "electricity": x, "positive": x, "negative": x})
    applied = apply_resistance(amount, dtype, res, creature_type="undead")
    assert abs(applied.taken) <= amount
    assert applied.rolled == amount
