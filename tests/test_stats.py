"""A derived statistic is a number that explains itself (issue 10, item 8).

``lfgcombat.creature.stats.Stat``: compares, hashes, adds and formats as its value, and still
``explain()``s itself (000_8d1d7816ee944f3b.txt, "Combat Statistics").
"""

from __future__ import annotations

import math
import operator

import pytest

from lfgcombat.creature import Creature, Stat as CreatureStat, Term as CreatureTerm, load_example
from lfgcombat.dice.odds import at_least
from lfgcombat.errors import LfgError
from lfgcombat.creature.stats import Stat, StatBonus, StatError, Term


@pytest.fixture(scope="module")
def rock() -> Creature:
    return load_example("rock")


def test_the_old_import_path_still_works():
    assert CreatureStat is Stat and CreatureTerm is Term
    from lfgcombat import Stat as TopStat
    from lfgcombat.creature import Size, StatBonus as CreatureStatBonus
    from lfgcombat.creature.size import Size as SizeSize
    assert TopStat is Stat and CreatureStatBonus is StatBonus and Size is SizeSize


def test_compares_and_hashes_as_its_value(rock):
    ac = rock.ac.value
    assert rock.ac == ac and ac == rock.ac and rock.ac != ac + 1
    assert rock.ac < ac + 1 <= rock.ac + 1 and rock.ac >= ac and rock.ac > ac - 1
    assert hash(rock.ac) == hash(ac) and {rock.ac: "x"}[ac] == "x"
    assert rock.ac == rock.armor_class("ac")  # two Stats: by value
    stats = [rock.ac, rock.hr, rock.fort, rock.max_hp]
    assert [s.value for s in sorted(stats)] == sorted(s.value for s in stats)
    assert max(stats) is rock.max_hp


def test_arithmetic_gives_plain_numbers(rock):
    hp = rock.max_hp.value
    assert rock.max_hp + 2 == hp + 2 and type(rock.max_hp + 2) is int
    assert 2 + rock.max_hp == hp + 2 and rock.max_hp - 1 == hp - 1 and 100 - rock.max_hp == 100 - hp
    assert rock.max_hp * 2 == 2 * rock.max_hp == 2 * hp
    assert rock.max_hp / 4 == hp / 4 and rock.max_hp // 4 == hp // 4 and rock.max_hp % 4 == hp % 4
    assert -rock.ac == -rock.ac.value and +rock.ac == rock.ac.value and abs(-rock.ac) == rock.ac.value
    assert rock.ac - rock.ff_ac == rock.ac.value - rock.ff_ac.value
    assert sum([rock.hr, rock.ac]) == rock.hr.value + rock.ac.value
    assert rock.max_hp ** 1 == hp


def test_conversions(rock):
    assert int(rock.ac) == rock.ac.value and float(rock.ac) == float(rock.ac.value)
    assert round(rock.ac) == rock.ac.value and operator.index(rock.hr) == rock.hr.value
    assert [0, 1, 2, 3, 4, 5, 6, 7, 8, 9][rock.hr] == rock.hr.value
    assert math.floor(rock.space) == 1 and math.ceil(rock.space) == 1 and math.trunc(rock.ac) == rock.ac.value
    half = Stat("space", 0.5)
    assert round(half, 1) == 0.5 and float(half) == 0.5
    with pytest.raises(TypeError, match="whole"):
        operator.index(half)
    assert at_least("1d20", rock.ac) == at_least("1d20", rock.ac.value)


def test_formats_as_its_value_and_prints_its_explanation(rock):
    assert f"{rock.hr}" == str(rock.hr.value)
    assert f"{rock.ac:>3}" == f"{rock.ac.value:>3}"
    assert f"{rock.fort:+d}" == f"{rock.fort.value:+d}"
    assert "{}".format(rock.max_hp) == str(rock.max_hp.value)
    assert str(rock.ac) == rock.ac.explain() and str(rock.ac).startswith("AC ")
    assert repr(rock.ac) == f"<ac {rock.ac.value}>"


def test_truth_is_the_value():
    assert not Stat("x", 0) and Stat("x", 3) and not Stat("x", None)


def test_a_stat_without_a_value():
    """"Creatures with 3 or fewer HP do not have an Injured Threshold" ("Injury & Injured
    Threshold"): the Stat is None, equal to None, and refuses arithmetic and ordering."""
    weak = Creature.from_dict({"name": "Rat", "level": 0, "max_hp": 2, "kind": "goon"})
    t = weak.injured_threshold
    assert t == None and t.value is None  # noqa: E711 - the comparison under test
    assert f"{t}" == "none" and repr(t) == "<injured_threshold none>"
    for op in (lambda: t + 1, lambda: t < 1, lambda: int(t), lambda: -t, lambda: float(t)):
        with pytest.raises(TypeError, match="Injured Threshold has no value"):
            op()


def test_whole_gives_the_value_as_an_int_for_code_that_needs_one():
    orc = load_example("orc")
    assert orc.max_hp.whole() == orc.max_hp.value
    assert type(orc.max_hp.whole()) is int
    assert Stat("x", 12.0).whole() == 12 and type(Stat("x", 12.0).whole()) is int
    assert orc.injured_threshold.whole_or_none() == orc.injured_threshold.value


def test_whole_refuses_a_missing_or_fractional_value_with_the_kits_error():
    # 000_8d1d7816ee944f3b.txt, "Injury & Injured Threshold": "Creatures with 3 or fewer HP
    # do not have an Injured Threshold".
    none = Stat("injured_threshold", None)
    assert none.whole_or_none() is None
    with pytest.raises(StatError, match="Injured Threshold has no value.*whole_or_none"):
        none.whole()
    with pytest.raises(StatError, match="2.5 is not a whole number"):
        Stat("x", 2.5).whole()
    with pytest.raises(StatError, match="2.5 is not a whole number"):
        Stat("x", 2.5).whole_or_none()
    assert issubclass(StatError, LfgError) and issubclass(StatError, TypeError)
