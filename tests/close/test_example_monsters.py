"""The example monsters the close-fight text names, as it describes them.

000_8d1d7816ee944f3b.txt, "Common Natural Weapons": "Creatures with long, narrow fangs may
have the slashing damage type removed from their bite (Viper, Spider, etc)"; "Large Size
(L)": "creatures such as ogres, stone golems, horses, and griffons"; "Momentum of Impact":
"Quadrupeds and creatures with more than 4 legs gain a +4 Innate Bonus to resist".
"""

from __future__ import annotations

import pytest

from lfgcombat.rules.weapons import resolve_weapon
from lfgcombat.creature.close_keys import is_quadruped
from lfgcombat.creature import load_example
from lfgcombat.creature.size import Size


@pytest.mark.parametrize("name", ["viper", "spider"])
def test_long_narrow_fangs_bite_piercing_only(name: str) -> None:
    bite = resolve_weapon(load_example(name), "bite")
    assert bite.is_natural and str(bite).endswith("[p]")


def test_an_ordinary_bite_keeps_slashing() -> None:
    assert str(resolve_weapon(load_example("horse"), "bite")).endswith("[p+s]")


def test_the_horse_is_large_and_four_legged_the_spider_has_many_legs() -> None:
    horse, spider = load_example("horse"), load_example("spider")
    assert horse.size is Size.LARGE and is_quadruped(horse)
    assert is_quadruped(spider)          # "more than 4 legs": Many Legs
    assert resolve_weapon(horse, "smack").is_natural
