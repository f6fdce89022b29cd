"""The rebuilt S/M/L/H natural weapon table and Swallow Whole's numbers.

000_8d1d7816ee944f3b.txt, "Common Natural Weapons".
"""

from __future__ import annotations

import pytest

from lfgcombat.rules.weapons import entry_weapon, weapons_table
from lfgcombat.creature import Size
from lfgcombat.errors import RulesDataError
from lfgcombat.rules.abilities.natural_weapons import (SWALLOW_CUT_DC, SWALLOW_ESCAPE_DC,
                                                       NaturalWeaponError, natural_damage,
                                                       natural_weapons_table, swallow_cut_free_hp,
                                                       swallow_whole_damage)
from lfgcombat.io.tables import load_table, parse_source

NAMED = {"bite", "strong bite", "claw", "strong claws", "smack", "bash", "ram", "gore", "sting"}


def test_every_natural_weapon_the_text_names_has_a_row() -> None:
    table = natural_weapons_table()
    assert set(table.weapon) == NAMED
    w = weapons_table()
    assert set(w[w.category == "natural"].name) == NAMED  # extends weapons.csv, no new weapon
    assert all(parse_source(s)[1] for s in table.source)  # every row marked inferred


@pytest.mark.parametrize("name", sorted(NAMED))
def test_table_agrees_with_the_creature_scaling(name: str) -> None:
    for size in ("small", "medium", "large", "huge"):
        scaled = entry_weapon(name, Size(size))
        assert natural_damage(name, Size(size)) == str(scaled.damage)


@pytest.mark.parametrize("alias, weapon", [("talons", "strong claws"), ("slam", "bash"),
                                           ("tail smack", "smack"), ("Tail  Bash", "bash")])
def test_the_texts_second_names_read_the_same_row(alias: str, weapon: str) -> None:
    """"Strong Claws / Talons", "Bash/Slam", "A tail smack or tail bash is a common natural
    weapon" ("Common Natural Weapons"): the alias a creature file may use (data/weapons.csv)
    gives the row's dice at every size, as the creature's own scaled weapon does."""
    for size in ("small", "medium", "large", "huge"):
        assert natural_damage(alias, size) == natural_damage(weapon, size) == \
            str(entry_weapon(alias.lower().replace("  ", " "), Size(size)).damage)


def test_examples() -> None:
    assert [natural_damage("bite", s) for s in ("small", "medium", "large", "huge")] == [
        "1d4", "1d6", "1d8", "1d10"]
    assert natural_damage("strong bite", "huge") == "2d6"


def test_mismatch_with_weapons_csv_is_refused(tmp_path, monkeypatch) -> None:
    from lfgcombat.rules.abilities import natural_weapons as nw
    text = load_table("natural_weapons")
    text.loc[0, "medium"] = "1d8"
    path = tmp_path / "natural_weapons.csv"
    text.to_csv(path, index=False)
    monkeypatch.setattr(nw, "load_table",
                        lambda name: load_table(name, path=path) if name == "natural_weapons"
                        else load_table(name))
    with pytest.raises(RulesDataError) as info:
        nw.natural_weapons_table()
    assert info.value.column == "medium" and info.value.row == 2


def test_swallow_whole() -> None:
    assert swallow_whole_damage("large") == "1d4 [b] + 1d4 [acid]"
    assert swallow_whole_damage(Size.HUGE) == "1d6 [b] + 1d6 [acid]"   # +1 die size
    assert swallow_whole_damage("gargantuan") == "1d8 [b] + 1d8 [acid]"
    assert swallow_cut_free_hp(150) == 15
    assert (SWALLOW_CUT_DC, SWALLOW_ESCAPE_DC) == (15, 30)


@pytest.mark.parametrize("call", [lambda: natural_damage("tentacle", "medium"),
                                  lambda: natural_damage("bite", "gargantuan"),
                                  lambda: swallow_whole_damage("enormous"),
                                  lambda: swallow_cut_free_hp(0)])
def test_bad_input(call) -> None:
    with pytest.raises(NaturalWeaponError):
        call()


def test_swallow_whole_end_to_end() -> None:
    from lfgcombat.errors import IllegalActionError
    from lfgcombat.rules.abilities.natural_weapons import cut_inside, force_out, swallow
    with pytest.raises(IllegalActionError, match="2\\+ sizes"):
        swallow("large", "medium", held_in_mouth=True, won_check=True, swallower_max_hp=80)
    with pytest.raises(IllegalActionError, match="held in the mouth"):
        swallow("huge", "medium", held_in_mouth=False, won_check=True, swallower_max_hp=80)
    assert swallow("huge", "medium", held_in_mouth=True, won_check=False,
                   swallower_max_hp=80) is None
    s = swallow("huge", "medium", held_in_mouth=True, won_check=True, swallower_max_hp=125)
    assert s.damage_each_round == "1d6 [b] + 1d6 [acid]" and s.cut_needed == 12
    s = cut_inside(s, check_total=14, damage=9)          # DC15 missed: nothing counts
    assert s.cut_dealt == 0
    s = cut_inside(s, check_total=15, damage=9)
    assert (s.cut_dealt, s.regurgitate_next_turn) == (9, False)
    s = cut_inside(s, check_total=20, damage=3)
    assert s.regurgitate_next_turn and not s.will_eat_again
    t = swallow("huge", "small", held_in_mouth=True, won_check=True, swallower_max_hp=125)
    assert force_out(t, check_total=29) == t
    out = force_out(t, check_total=30)
    assert out.regurgitate_next_turn and out.will_eat_again
    with pytest.raises(IllegalActionError, match="light slashing"):
        cut_inside(t, check_total=20, damage=3, light_slashing_or_piercing=False)


def test_long_narrow_fangs_bite_without_slashing() -> None:
    """"Creatures with long, narrow fangs may have the slashing damage type removed from
    their bite (Viper, Spider, etc)" ("Common Natural Weapons"): the bite's table entry is
    [p+s]; a creature file that gives its bite ``damage_type: p`` keeps every other number
    of the row (dice by size, 20/x2) and strikes with piercing only."""
    from lfgcombat import Creature
    from lfgcombat.rules.weapons import resolve_weapon

    def bite(**entry):
        c = Creature.from_dict({"name": "Spider", "level": 2, "size": "large", "max_hp": 20,
                                "weapons": [{"name": "bite", **entry}]})
        return resolve_weapon(c, "bite")
    fangs, jaws = bite(damage_type="p"), bite()
    assert str(jaws.spec) == f"{natural_damage('bite', 'large')} [p+s]"
    assert str(fangs.spec) == f"{natural_damage('bite', 'large')} [p]"
    assert (fangs.threat, fangs.multiplier) == (jaws.threat, jaws.multiplier) == (20, 2)
