"""Breaking stuff (000_8d1d7816ee944f3b.txt, "Breaking Stuff & Damaging Objects")."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pytest

from lfgcombat.dice import Roller
from lfgcombat.errors import IllegalActionError
from lfgcombat.rules.objects.objects import (SWORD_ON_STONE, ObjectError, ObjectState,
                                             automatic_hit, break_by_hand, break_chest, force_open,
                                             held_object_penalty, object_spec, strength_check_odds)
from lfgcombat.io.tables import load_table, parse_source


def test_the_table_loads_with_every_kind() -> None:
    t = load_table("objects")
    assert {"door", "chest", "bars", "wall", "object"} <= set(t.kind)
    for src in t.source:
        assert parse_source(src)[0]


def test_hardness_subtracts_from_every_hit_and_0_hp_destroys() -> None:
    door = ObjectState.new("strong wooden door")  # hardness 5, hp 20
    door, hit = door.hit(12)
    assert (hit.dealt, door.hp, door.destroyed) == (7, 13, False)
    assert hit.trap_triggered  # destroying a door sets off its trap, as forcing it does
    door, hit = door.hit(4)  # all negated
    assert (hit.dealt, door.hp) == (0, 13)
    door, hit = door.hit(18)
    assert door.destroyed and door.passable and hit.destroyed
    with pytest.raises(ObjectError, match="already destroyed"):
        door.hit(5)


def test_acid_bypasses_hardness_except_glass() -> None:
    _, hit = ObjectState.new("iron_door").hit(6, "acid")
    assert hit.dealt == 6
    _, hit = ObjectState.new("glass_vial").hit(1, "acid")
    assert hit.hardness == 0  # glass has no hardness anyway; acid does not add any


def test_a_sword_on_stone_carries_the_texts_warning() -> None:
    _, hit = ObjectState.new("masonry_wall").hit(10, "slashing")
    assert SWORD_ON_STONE in hit.notes
    _, hit = ObjectState.new("masonry_wall").hit(10, "bludgeoning")
    assert not hit.notes


def test_strength_check_odds_are_exact_and_agree_with_rolls() -> None:
    assert strength_check_odds(3, 18) == Fraction(6, 20)  # 1d20+3 >= 18: 15..20
    assert strength_check_odds(3, 18, lock=5) == Fraction(1, 20)
    assert strength_check_odds(0, 30) == 0 and strength_check_odds(10, 5) == 1
    creature = SimpleNamespace(name="Rock", ability_mod=lambda a: 4 if a == "str" else 0)
    assert strength_check_odds(creature, 18) == Fraction(7, 20)
    roller = Roller(seed=7)
    wins = sum(roller.roll("1d20+3").total >= 18 for _ in range(4000))
    assert abs(wins / 4000 - 0.3) < 0.03
    with pytest.raises(ObjectError, match="lock"):
        strength_check_odds(3, 18, lock=6)


def test_forcing_a_door_sets_off_the_trap_and_allows_no_retry() -> None:
    cell = ObjectState.new("cell_door_iron_bars")
    res = force_open(cell, -5, Roller(seed=1))  # 1d20-5 vs 24 cannot succeed
    assert not res.success and res.trap_triggered and res.dc == 24
    with pytest.raises(IllegalActionError, match="cannot be tried again"):
        force_open(res.state, -5, Roller(seed=1))
    res2 = force_open(res.state, 30, Roller(seed=1), gm_allows_retry=True)
    assert res2.success and res2.state.passable
    with pytest.raises(IllegalActionError, match="already open"):
        force_open(res2.state, 30, Roller(seed=1))


def test_a_better_lock_raises_the_dc() -> None:
    res = force_open(ObjectState.new("good_wooden_door"), 0, Roller(seed=3), lock=5)
    assert res.dc == 23
    assert res.success == (res.roll.total >= 23)


def test_a_door_is_hit_automatically_within_10_feet() -> None:
    assert automatic_hit(10) and not automatic_hit(15)
    assert automatic_hit(5, "object") and not automatic_hit(10, "object")
    with pytest.raises(ObjectError, match="kind"):
        automatic_hit(5, "window")


def test_each_fragile_item_in_a_broken_chest_has_a_50_percent_chance() -> None:
    items = [f"potion {i}" for i in range(2000)]
    out = break_chest(items, Roller(seed=11))
    assert len(out.broken) + len(out.intact) == 2000
    assert abs(len(out.broken) / 2000 - 0.5) < 0.05
    assert all((r.total <= 50) == (item in out.broken) for r, item in zip(out.rolls, items))
    again = break_chest(items, Roller(seed=11))
    assert again.broken == out.broken  # seeded: repeatable


def test_held_objects() -> None:
    assert held_object_penalty() == -5
    assert held_object_penalty(behind_back=True, surrounded_or_flanked=True) == -5
    with pytest.raises(IllegalActionError, match="behind the foe's back"):
        held_object_penalty(behind_back=True)


def test_small_fragile_objects_break_with_a_big_action_and_no_roll() -> None:
    assert break_by_hand(ObjectState.new("ceramic_vase")).destroyed
    with pytest.raises(IllegalActionError, match="not small and fragile"):
        break_by_hand(ObjectState.new("chain"))


def test_an_unknown_object_gets_a_did_you_mean() -> None:
    with pytest.raises(ObjectError, match="did you mean 'treasure_chest'"):
        object_spec("tresure chest")


def test_a_creature_gives_its_str_modifier() -> None:
    from lfgcombat.creature import load_example
    ogre = load_example("ogre")
    mod = ogre.ability_mod("str")
    assert strength_check_odds(ogre, 25) == strength_check_odds(mod, 25)
    res = force_open(ObjectState.new("strong_wooden_door"), ogre, Roller(seed=4))
    assert res.roll.natural is not None
    assert res.roll.total == res.roll.natural + mod and ogre.name in res.lines[0]
    with pytest.raises(ObjectError, match="creature_or_str_mod"):
        strength_check_odds("strong", 10)


@pytest.mark.parametrize("call, field", [
    (lambda: strength_check_odds(3, "x"), "dc"),
    (lambda: strength_check_odds(3, -1), "dc"),
    (lambda: strength_check_odds("strong", 18), "creature_or_str_mod"),
    (lambda: strength_check_odds(3, 18, lock=6), "lock"),
    (lambda: object_spec("adamant door"), "objects.csv"),
    (lambda: ObjectState.new("iron_door").hit(-3), "damage"),
    (lambda: automatic_hit(-5), "distance_ft"),
    (lambda: automatic_hit(5, "castle"), "kind"),
])
def test_every_bad_breaking_input_names_the_field_and_the_rule(call, field) -> None:
    """Bad input is refused naming what is wrong and the heading it breaks
    (000_8d1d7816ee944f3b.txt, "Breaking down doors, walls, & other barricades": "Strength
    Check = 1d20+STRMod"; "Attacking & Breaking Unattended Objects")."""
    with pytest.raises(ObjectError, match=field) as e:
        call()
    assert "000_8d1d7816ee944f3b.txt" in str(e.value)
