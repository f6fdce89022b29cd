"""Optional creature sections (``lfgcombat.creature.sections``): a rules module adds a key
to the creature file without touching :class:`Creature`.

The sections here exist only for these tests (the real ones come with the rules of issues
13, 14 and 15): ``trophies`` (name -> count, shown in the stat block) and ``motto`` (a text,
not shown, read as ``creature.battle_motto``). The character sheet they extend is
000_8d1d7816ee944f3b.txt, "Combat Statistics".
"""

from __future__ import annotations

import copy
import doctest
import pickle
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lfgcombat.creature.sections as creature_sections
from lfgcombat.creature.combat_stats import FrozenMap
from lfgcombat.creature import Creature, CreatureError, load_example
from lfgcombat.creature.sections import (Section, SectionError, register_section, registered,
                                         section_for, sections)
from lfgcombat.errors import LfgError

BASE = {"name": "Gruk", "level": 3, "max_hp": 20}


def parse_trophies(raw: Any) -> FrozenMap:
    """Trophy name -> count (1 to 99); every bad entry named."""
    if not isinstance(raw, dict):
        raise CreatureError([("trophies", f"expected a mapping such as {{orc ears: 3}}, "
                              f"got {type(raw).__name__}")])
    bad = [(f"trophies.{k}", f"{v!r} is not a count; give a whole number from 1 to 99")
           for k, v in raw.items()
           if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 99]
    if bad:
        raise CreatureError(bad)
    return FrozenMap(raw)


class MottoError(LfgError, ValueError):
    """Not a motto (a rules module's own error, reported under its key)."""


def parse_motto(raw: Any) -> str:
    if not isinstance(raw, str) or len(raw) > 40:
        raise MottoError("give a text of at most 40 characters")
    return raw


def show_trophies(value: FrozenMap) -> str:
    return ", ".join(f"{k} x{v}" for k, v in value.items())


TROPHIES = Section("trophies", parse_trophies, default=FrozenMap(), show=show_trophies,
                   rule="test only")
MOTTO = Section("motto", parse_motto, default="", attribute="battle_motto")


def parse_stride(raw: Any) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= 300 or raw % 5:
        raise CreatureError([("stride", f"{raw!r}: give feet, a multiple of 5 up to 300")])
    return raw


def check_stride(value: int, fields: Any) -> list[tuple[str, str]]:
    speed = fields["speed"]
    if speed is not None and value > 2 * speed:
        return [("stride", f"{value} ft is more than twice the speed {speed} ft; lower "
                           "it or raise speed")]
    return []


#: A section whose attribute depends on the sheet (``view``) and is checked against it.
STRIDE = Section("stride", parse_stride, default=0, attribute="stride_ft",
                 view=lambda creature, value: value or creature.speed, check=check_stride)


@pytest.fixture
def both() -> Iterator[None]:
    with registered(TROPHIES, MOTTO):
        yield


def test_a_section_is_read_kept_and_written_back(both: None) -> None:
    c = Creature.from_dict({**BASE, "trophies": {"orc ears": 3, "<b>tusks</b>": 1},
                            "motto": "No step back"})
    assert TROPHIES.of(c) == {"orc ears": 3, "<b>tusks</b>": 1}
    assert c.section("trophies") is TROPHIES.of(c) and c.trophies is TROPHIES.of(c)
    assert c.battle_motto == "No step back" == MOTTO.of(c)
    d = c.to_dict()
    assert d["trophies"] == {"orc ears": 3, "<b>tusks</b>": 1} and type(d["trophies"]) is dict
    assert d["motto"] == "No step back"
    assert Creature.from_dict(d) == c and hash(Creature.from_dict(d)) == hash(c)
    assert "sections=" in repr(c)


def test_absent_null_and_default_values_are_the_default_and_not_written(both: None) -> None:
    plain = Creature.from_dict(BASE)
    assert TROPHIES.of(plain) == FrozenMap() and plain.battle_motto == ""
    assert "trophies" not in plain.to_dict() and "motto" not in plain.to_dict()
    for same in ({**BASE, "trophies": None}, {**BASE, "trophies": {}}, {**BASE, "motto": ""}):
        assert Creature.from_dict(same) == plain
        assert set(Creature.from_dict(same).to_dict()) == set(plain.to_dict())
    assert "sections=" not in repr(plain)


def test_files_round_trip(both: None, tmp_path: Path) -> None:
    c = load_example("orc").replace(trophies={"dwarf beards": 2}, motto="Waaagh")
    for suffix in (".yaml", ".json"):
        back = Creature.load(c.save(tmp_path / f"orc{suffix}"))
        assert back == c and back.trophies == {"dwarf beards": 2}
    assert c.replace(trophies=None).to_dict() == load_example("orc").replace(
        motto="Waaagh").to_dict()


def test_a_bad_value_is_a_clear_error_and_changes_nothing(both: None) -> None:
    c = Creature.from_dict({**BASE, "trophies": {"orc ears": 3}})
    before = c.to_dict()
    with pytest.raises(CreatureError) as err:
        c.replace(trophies={"orc ears": 0, "tusks": "many"}, level=99)
    fields = err.value.fields
    assert set(fields) == {"trophies.orc ears", "trophies.tusks", "level"}  # all at once
    message = str(err.value)
    assert "invalid creature 'Gruk'" in message
    assert "trophies.tusks: 'many' is not a count; give a whole number from 1 to 99" in message
    assert c.to_dict() == before and c.trophies == {"orc ears": 3}
    with pytest.raises(CreatureError, match=r"trophies: expected a mapping"):
        Creature.from_dict({**BASE, "trophies": ["orc ears"]})


def test_another_kit_error_is_reported_under_the_key(both: None) -> None:
    with pytest.raises(CreatureError) as err:
        Creature.from_dict({**BASE, "motto": 7})
    assert err.value.problems == (("motto", "give a text of at most 40 characters"),)


def test_unknown_keys_get_a_hint_over_the_registered_ones(both: None) -> None:
    with pytest.raises(CreatureError) as err:
        Creature.from_dict({**BASE, "trophys": {"x": 1}})
    (where, message), = err.value.problems
    assert where == "trophys" and "did you mean 'trophies'?" in message
    # the core keys, then every registered section (the kit's own first), in order
    assert message.endswith("notes, " + ", ".join(s.key for s in sections()))
    assert message.endswith("trophies, motto")


def test_an_unregistered_key_is_unknown() -> None:
    assert section_for("trophies") is None
    with pytest.raises(CreatureError, match="trophies: unknown key"):
        Creature.from_dict({**BASE, "trophies": {"x": 1}})
    with pytest.raises(KeyError, match="no creature section 'trophies'"):
        Creature.from_dict(BASE).section("trophies")
    with pytest.raises(AttributeError, match="has no attribute 'trophies'"):
        Creature.from_dict(BASE).trophies  # noqa: B018


def test_the_stat_block_shows_sections_that_show_themselves(both: None) -> None:
    c = Creature.from_dict({**BASE, "trophies": {"<b>tusks</b>": 2}, "motto": "Hold"})
    html = c._repr_html_()
    assert "<b>Trophies</b> &lt;b&gt;tusks&lt;/b&gt; x2" in html
    assert "Hold" not in html  # motto has no show
    assert "Trophies" not in Creature.from_dict(BASE)._repr_html_()


def test_creatures_with_sections_copy_and_pickle(both: None) -> None:
    c = Creature.from_dict({**BASE, "trophies": {"orc ears": 3}})
    assert copy.deepcopy(c) == c and pickle.loads(pickle.dumps(c)) == c
    assert c != c.replace(trophies={"orc ears": 4})


def test_conditions_keep_the_sections(both: None) -> None:
    c = Creature.from_dict({**BASE, "trophies": {"orc ears": 3}}).with_condition("prone")
    assert c.trophies == {"orc ears": 3} and c.without_condition("prone").trophies == c.trophies


def test_a_mutable_value_is_a_mistake_of_the_rules_module() -> None:
    with registered(Section("loot", lambda raw: list(raw), default=())):
        with pytest.raises(SectionError, match="'loot': the value list is mutable"):
            Creature.from_dict({**BASE, "loot": ["coin"]})
    with pytest.raises(SectionError, match="default dict is mutable"):
        Section("loot", tuple, default={})


@pytest.mark.parametrize("key,attribute", [("speed", ""), ("ac", ""), ("skillz", "hr"),
                                           ("Bad-Key", ""), ("max_hp", ""),
                                           ("fine", "to_dict")])
def test_core_keys_and_attributes_cannot_be_taken(key: str, attribute: str) -> None:
    with pytest.raises(SectionError):
        register_section(Section(key, str, default="", attribute=attribute))
    assert section_for(key) is None


def test_a_key_is_one_module_s(both: None) -> None:
    def parse_other(raw: Any) -> str:
        return str(raw)
    parse_other.__module__ = "somewhere.else"
    with pytest.raises(SectionError, match="taken by the section 'trophies'"):
        register_section(Section("trophies", parse_other, default=""))
    with pytest.raises(SectionError, match="taken by the section 'motto'"):
        register_section(Section("slogan", parse_other, default="", attribute="battle_motto"))
    again = Section("trophies", parse_trophies, default=FrozenMap())  # a reload
    assert register_section(again) is again and section_for("trophies") is again
    keys = [s.key for s in sections()]  # the kit's own sections (issue 14...) come first
    assert keys[-2:] == ["trophies", "motto"] and keys.count("trophies") == 1


def test_a_view_reads_the_rest_of_the_sheet_and_a_check_compares_fields() -> None:
    with registered(STRIDE):
        plain = Creature.from_dict({**BASE, "speed": 40})
        assert plain.stride_ft == 40 and STRIDE.of(plain) == 0 and plain.section("stride") == 0
        long = plain.replace(stride=60)
        assert long.stride_ft == 60 and long.to_dict()["stride"] == 60
        with pytest.raises(CreatureError) as err:
            plain.replace(stride=90)
        assert err.value.problems == (("stride", "90 ft is more than twice the speed 40 ft; "
                                       "lower it or raise speed"),)
        with pytest.raises(CreatureError) as err:  # a bad speed: reported once, not compared
            plain.replace(stride=90, speed=7)
        assert err.value.fields == ("speed",)
        assert (plain.speed, plain.stride_ft, "stride" in plain.to_dict()) == (40, 40, False)


def test_the_module_example_runs() -> None:
    result = doctest.testmod(creature_sections)
    assert result.attempted > 0 and result.failed == 0


# --- every section, the kit's and these: hostile values give only CreatureError ----------

_scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**40, 10**40),
                     st.floats(allow_nan=True), st.text(max_size=12),
                     st.sampled_from(["right", "left", "Wrestling", "Fly 60 [good]", "5",
                                      "Fear Burst (SLA): 3/day (SL2, WILL DC15[CHA])"]))
_values = st.recursive(_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)),
    max_leaves=6)


def _all_sections() -> list[Section[Any]]:
    """The kit's registered sections (importing lfgcombat registers them) and these."""
    import lfgcombat  # noqa: F401  (registers the kit's sections)
    return [*sections(), TROPHIES, MOTTO, STRIDE]


@pytest.mark.parametrize("section", _all_sections(), ids=lambda s: s.key)
def test_generated_values_build_a_creature_or_raise_creature_error(section: Section[Any]
                                                                   ) -> None:
    """Any value under a section's key builds a creature that round-trips through its
    file mapping, or raises CreatureError and changes nothing."""
    already = section_for(section.key) is section
    orc = load_example("orc")
    before = orc.to_dict()

    @settings(max_examples=120, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(_values)
    def check(raw: Any) -> None:
        try:
            c = orc.replace(**{section.key: raw})
        except CreatureError as exc:
            assert len(str(exc)) < 20_000
        else:
            assert Creature.from_dict(c.to_dict()) == c
            assert section.of(c) == section.read(section.dump(section.of(c)))
            c._repr_html_()
        assert orc.to_dict() == before

    if already:
        check()
    else:
        with registered(section):
            check()
