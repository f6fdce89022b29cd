"""Creature files: what is read from them is checked when the creature is read, in linear
time, and whatever the kit writes it reads back (issue 23, items 3, 18, 19, 21 and 22).

Rules cited: 000_8d1d7816ee944f3b.txt, "Other Types of Movement" (the movement line),
"Special Abilities – 4 Different Types" (the ability line), "Attack Roll Annotations" (a
weapon's crit), "Handedness & Using Both Hands (Two Weapon Fighting)" (hands), "Movement
in Combat" and "Reach & Threatened Area" (distances in 5-ft hexes);
003_de0e94afd49609a7.txt, the riders (a weapon's ``energy``).

No test here is timed: a pattern that backtracks is shown by an input whose structure
makes it refuse at once after the fix (and take minutes before), and hostile lengths are
shown by the length cap's refusal.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lfgcombat.rules.abilities.abilities import AbilityError, parse_ability
from lfgcombat.creature import Creature, CreatureError
from lfgcombat.errors import LfgError
from lfgcombat.rules.movement.movement_modes import MovementModeError, parse_speeds

GRIFFON = {"name": "Griffon", "level": 5, "size": "large", "max_hp": 60,
           "movement": "Move Speed 50, Fly 110 [average], Leaper 20"}
ORC = {"name": "Orc", "level": 1, "max_hp": 8}


def problems(d: dict) -> dict[str, str]:
    with pytest.raises(CreatureError) as err:
        Creature.from_dict(d)
    assert len(str(err.value)) < 3_000, "a refusal quotes at most a short prefix"
    return dict(err.value.problems)


# --- item 3: a default never contradicts an explicit movement line ---------------------

def test_a_movement_line_without_speed_gives_the_speed() -> None:
    """The text's Griffon: "Move Speed 50, Fly 110[average], Leaper 20" ("Other Types of
    Movement"). Without ``speed:`` its speed is the line's Move Speed, not the default 30,
    and the file written back reads back."""
    g = Creature.from_dict(GRIFFON)
    assert g.speed == 50 and g.speeds.walk == 50 and g.speeds.fly == 110
    assert g.to_dict()["speed"] == 50
    assert Creature.from_dict(g.to_dict()) == g


def test_an_explicit_speed_that_disagrees_is_still_refused() -> None:
    found = problems({**GRIFFON, "speed": 30})
    assert "contradicts speed: 30" in found["movement"]


def test_a_move_speed_above_the_speed_range_is_refused_under_movement() -> None:
    found = problems({**GRIFFON, "movement": "Move Speed 1000"})
    assert "movement" in found and "1000" in found["movement"]


def test_a_line_without_move_speed_keeps_the_default_speed() -> None:
    c = Creature.from_dict({**ORC, "movement": "Swim 40"})
    assert c.speed == 30 and c.speeds.walk == 30 and c.speeds.swim == 40


# --- item 19: what the kit writes it reads back ----------------------------------------

@pytest.mark.parametrize("line", ["Swim 0", "Move Speed 0", "Leaper 0",
                                  "Move Speed 30, Climb 0"])
def test_a_zero_speed_part_is_refused_with_what_to_write(line: str) -> None:
    """"Swim 0" was accepted and written back as '' (which the loader refuses): a part of
    0 ft gives no speed, so the creature file refuses it and says what to write."""
    found = problems({**ORC, "movement": line})
    assert "0 ft" in found["movement"] and "leave" in found["movement"]
    assert "movement" in problems({**ORC, "movement": "Fly 0 [good]"})  # as before


def test_parse_speeds_itself_still_reads_a_zero_part() -> None:
    """Only the creature file refuses it (it could not be written back); the function
    reading a line is unchanged."""
    assert parse_speeds("Move Speed 30, Swim 0").swim == 0


_PART_KINDS = ["Move Speed", "Swim", "Climb", "Leaper", "Fly"]


@st.composite
def _movement_lines(draw: st.DrawFn) -> str:
    kinds = draw(st.lists(st.sampled_from(_PART_KINDS), min_size=1, max_size=4, unique=True))
    parts = []
    for kind in kinds:
        feet = 5 * draw(st.integers(0, 30))
        man = f" [{draw(st.sampled_from(['poor', 'Average', 'perfect']))}]" \
            if kind == "Fly" else ""
        parts.append(f"{kind} {feet}{man}")
    return ", ".join(parts)


_weapon = st.fixed_dictionaries(
    {"name": st.sampled_from(["claw", "longsword", "bite", "Longbow(1)"])},
    optional={"damage": st.sampled_from(["1d4", "1d8+1", "2d6", "0"]),
              "damage_type": st.sampled_from(["s", "p", "b+fire", "s/p"]),
              "crit": st.sampled_from(["20/x2", "19-20/x2", "18-20/x3", "20/x5"]),
              "hands": st.sampled_from(["light", "one", "two"]),
              "reach": st.sampled_from([0, 5, 10]),
              "range_increment": st.sampled_from([10, 60, 100]),
              "energy": st.sampled_from(["1d6 sonic", "2d6 [holy]", "1d4 fire/sonic"]),
              "natural": st.booleans()})


@st.composite
def _creatures(draw: st.DrawFn) -> dict:
    d = {"name": draw(st.sampled_from(["Griffon", "Orc", "Wulfric"])),
         "level": draw(st.integers(1, 10)), "max_hp": draw(st.integers(20, 80))}
    if draw(st.booleans()):
        d["speed"] = 5 * draw(st.integers(0, 12))
    if draw(st.booleans()):
        d["movement"] = draw(_movement_lines())
    if draw(st.booleans()):
        d["weapons"] = draw(st.lists(_weapon, max_size=2, unique_by=lambda w: w["name"]))
    if draw(st.booleans()):
        d["special_abilities"] = draw(st.lists(st.sampled_from([
            "Fear Burst (SLA): 3/day (SL2, WILL DC15[CHA])", "Pack Tactics (Ex)", "Bite",
            "Rend (Su): at will", "Gaze (Su): 1/round (FORT DC 14)"]), max_size=3,
            unique=True))
    if draw(st.booleans()):
        d["resistances"] = draw(st.sampled_from([{"fire": 5}, {"dr": " 2 / - "},
                                                 {"dr": ["5/magic", "2/cold  iron"]},
                                                 {"dr": "DR5/Bludgeoning or silver"}]))
    if draw(st.booleans()):
        d["bonuses"] = [{"to": draw(st.sampled_from(["ac", "speed", "d20"])),
                         "value": 5 * draw(st.integers(-2, 2)), "source": " ring "}]
    if draw(st.booleans()):
        d["skills"] = {draw(st.sampled_from(["wrestling", "Sense_Motive"])):
                       draw(st.integers(-3, 9))}
    if draw(st.booleans()):
        d["conditions"] = draw(st.lists(st.sampled_from(["prone", "bleed 1", "Flat-Footed",
                                                         "stunned for 2 rounds"]),
                                        max_size=2, unique=True))
    return d


@given(_creatures(), st.sampled_from([".yaml", ".json"]))
@settings(max_examples=200, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
def test_every_creature_the_kit_accepts_saves_and_loads_back(d: dict, suffix: str) -> None:
    """Creature -> to_dict / save -> load gives the same creature, for creatures with
    movement lines (zero parts included), weapon entries and ability lines; a creature
    the kit could not read back is refused up front, with the kit's error."""
    try:
        c = Creature.from_dict(d)
    except CreatureError:
        return
    assert Creature.from_dict(c.to_dict()) == c
    with tempfile.TemporaryDirectory() as tmp:
        assert Creature.load(c.save(Path(tmp) / f"c{suffix}")) == c


# --- item 18: patterns that backtracked, and length caps -------------------------------

def test_an_ability_line_with_many_spaces_is_refused_at_once() -> None:
    """``"a" + " " * 1000 + "(("`` took 7.5 s (128 s at 2 KB) in the old pattern; the
    reader is linear now. 20,000 spaces would take hours in the old pattern."""
    with pytest.raises(AbilityError):
        parse_ability("a" + " " * 20_000 + "((")
    with pytest.raises(AbilityError, match="at most"):
        parse_ability("a" + " " * 20_000 + "((")


@pytest.mark.parametrize("line", ["a" + " " * 150 + "((", "a" + " " * 150 + ": 1/day" + " " * 150
                                  + "(x", "Bite" + " " * 150 + "(Ex" + " " * 150])
def test_ability_lines_under_the_cap_with_many_spaces_are_refused(line: str) -> None:
    with pytest.raises(AbilityError):
        parse_ability(line)


@pytest.mark.parametrize("line, name, kind, uses, per, dc", [
    ("Fear Burst (SLA): 3/day (SL2, WILL DC15[CHA])", "Fear Burst", "SLA", 3, "day", 15),
    ("Pack Tactics (Ex)", "Pack Tactics", "Ex", None, None, None),
    ("Bite", "Bite", "natural", None, None, None),
    ("Rend   (Su)  :   at will", "Rend", "Su", None, None, None),
    ("Gaze (Su): 1/round (FORT DC 14)", "Gaze", "Su", 1, "round", 14),
    ("Trample: 2/encounter", "Trample", "natural", 2, "encounter", None),
    ("Claws (Ex):", "Claws", "Ex", None, None, None),
])
def test_ability_lines_read_as_before(line, name, kind, uses, per, dc) -> None:
    ab = parse_ability(line)
    assert (ab.name, ab.kind.value, ab.uses, ab.per, ab.dc) == (name, kind, uses, per, dc)


@pytest.mark.parametrize("line", ["A (Su) B", "A (S(u))", "A(b)c: d", "A [x]: 1/day",
                                  "A: 1/day (SL1", "A: 1/day (x) y", "A: (", "(Ex): 1/day",
                                  "A: 1/day\n(SL1)", "A (Su): 1/day (SL2)"])
def test_malformed_ability_lines_are_refused_as_before(line: str) -> None:
    with pytest.raises(AbilityError):
        parse_ability(line)


def test_an_ability_with_a_5000_digit_use_count_is_the_kits_error() -> None:
    """"X (Su): 9*5000/day" raised Python's ValueError (int() of 5,000 digits)."""
    with pytest.raises(AbilityError) as err:
        parse_ability("X (Su): " + "9" * 5000 + "/day")
    assert len(str(err.value)) < 600
    found = problems({**ORC, "special_abilities": ["X (Su): " + "9" * 5000 + "/day"]})
    assert "special_abilities[0]" in found


@pytest.mark.parametrize("line", ["X (Su): " + "9" * 30 + "/day",
                                  "X (SLA): 1/day (SL" + "9" * 30 + ")",
                                  "X (Su): 1/day (WILL DC" + "9" * 30 + ")"])
def test_ability_numbers_are_bounded(line: str) -> None:
    with pytest.raises(AbilityError):
        parse_ability(line)


def test_an_ability_refusal_quotes_a_short_prefix_of_a_huge_line() -> None:
    with pytest.raises(AbilityError) as err:
        parse_ability("Bite (Xx): " + "z" * 10_000_000)
    assert len(str(err.value)) < 600


def _energy(text: object) -> dict[str, str]:
    return problems({**ORC, "weapons": [{"name": "claw", "damage": "1d4", "damage_type": "s",
                                         "crit": "20/x2", "energy": text}]})


def test_a_weapons_energy_is_checked_when_the_creature_is_read() -> None:
    """``energy`` was read first at attack time, under wounds only."""
    assert "weapons[0].energy" in _energy("1d6 bananas")
    assert "weapons[0].energy" in _energy(5)
    ok = Creature.from_dict({**ORC, "weapons": [{"name": "claw", "damage": "1d4",
                                                 "damage_type": "s", "crit": "20/x2",
                                                 "energy": ["1d6 sonic", "2d6 [holy]"]}]})
    assert ok.weapons[0]["energy"] == ("1d6 sonic", "2d6 [holy]")


@pytest.mark.parametrize("text", ["1" + " d" * 60 + "!", "1d6" + " " * 120 + "x" + " " * 60
                                  + "!", "d" * 100 + "[" + " " * 50 + "a", "1d6 " + "a/" * 60
                                  + "1"])
def test_energy_texts_that_backtracked_are_refused(text: str) -> None:
    """The old pattern took 2.2 / 6.7 / 20 s for 83 / 103 / 123 characters."""
    from lfgcombat.rulesets.wounds._base import WoundsError
    from lfgcombat.rulesets.wounds.riders import parse_energy
    with pytest.raises(WoundsError):
        parse_energy(text, "weapon 'claw'")


def test_energy_is_capped_in_length() -> None:
    from lfgcombat.rulesets.wounds._base import WoundsError
    from lfgcombat.rulesets.wounds.riders import parse_energy
    with pytest.raises(WoundsError, match="at most"):
        parse_energy("1d6 " + "sonic/" * 10_000 + "sonic", "weapon 'claw'")


@pytest.mark.parametrize("text, dice, types", [
    ("1d6 sonic", "1d6", ("sonic",)), ("2d6 [holy]", "2d6", ("holy",)),
    ("1d4 fire/sonic", "1d4", ("fire", "sonic")), (" 1d6+1 [ unholy ] ", "1d6+1", ("unholy",)),
    ("1 d 6 sonic", "1d6", ("sonic",)), ("1d6[acid]", "1d6", ("acid",)),
])
def test_energy_texts_read_as_before(text: str, dice: str, types: tuple[str, ...]) -> None:
    from lfgcombat.rulesets.wounds.riders import parse_energy
    assert parse_energy(text, "w") == ((dice, types),)


def test_a_movement_line_with_many_spaces_is_refused_at_once() -> None:
    with pytest.raises(MovementModeError):
        parse_speeds("a" + " " * 20_000 + "x")
    found = problems({**ORC, "movement": "Swim" + " " * 20_000 + "x"})
    assert "at most" in found["movement"]


# --- item 21: the kit's errors with words ----------------------------------------------

@pytest.mark.parametrize("path", [None, 5, b"x", 2.5, ["c.yaml"]])
def test_creature_load_of_a_non_path_is_a_creature_error(path: object) -> None:
    with pytest.raises(CreatureError, match="path"):
        Creature.load(path)  # type: ignore[arg-type]


def test_a_skill_check_with_a_non_mapping_extra_is_the_kits_error() -> None:
    """``enc.skill(n, s, extra="x")`` raised AttributeError (skills.py, classic/heroic.py)."""
    from lfgcombat.creature import load_example
    from lfgcombat.engine import Encounter
    w = load_example("wulfric").replace(bab=5)
    orc = load_example("orc").replace(bab=3)
    for ruleset in ("lfg", "classic"):
        enc = Encounter([w, orc], sides={"a": [w.name], "b": [orc.name]}, ruleset=ruleset,
                        seed=1).start()
        for extra in ("x", 5, ["a"]):
            with pytest.raises(LfgError, match="extra"):
                enc.skill("Orc", "climb", extra=extra)  # type: ignore[arg-type]


# --- item 22: weapon entries checked at load; distances in 5-ft hexes -----------------

@pytest.mark.parametrize("key, value, allowed", [
    ("crit", "x", "19-20/x2"), ("crit", "21/x2", "19-20/x2"), ("crit", 5, "19-20/x2"),
    ("hands", "q", "light, one, two"), ("hands", 2, "light, one, two"),
    ("attack_type", "huge", "basic"), ("use", "fling", "melee"),
    ("damage", "1d6 [fire]", "1d8"), ("damage", [1], "1d8"),
])
def test_weapon_entries_are_checked_at_load(key: str, value: object, allowed: str) -> None:
    w = {"name": "claw", "damage": "1d4", "damage_type": "s", "crit": "20/x2", key: value}
    found = problems({**ORC, "weapons": [w]})
    assert f"weapons[0].{key}" in found, found
    assert allowed in found[f"weapons[0].{key}"]


@pytest.mark.parametrize("key", ["reach", "range_increment"])
def test_weapon_distances_are_whole_hexes(key: str) -> None:
    """Distances are counted in 5-ft hexes ("Movement in Combat": "Each hex ... is 5
    feet"; "Reach & Threatened Area"), as a creature's speed and reach already are."""
    w = {"name": "spear", key: 7}
    found = problems({**ORC, "weapons": [w]})
    assert "steps of 5" in found[f"weapons[0].{key}"]


def test_table_and_natural_weapons_still_load() -> None:
    c = Creature.from_dict({**ORC, "weapons": ["club", {"name": "longsword"},
                                               {"name": "bite", "natural": True,
                                                "damage": "1d6", "damage_type": "p"}]})
    assert len(c.weapons) == 3


def test_a_huge_weapon_value_is_quoted_by_a_short_prefix() -> None:
    found = problems({**ORC, "weapons": [{"name": "claw", "damage": "1d4",
                                          "damage_type": "s", "crit": "9" * 10_000_000}]})
    assert len(found["weapons[0].crit"]) < 300


# --- other patterns and messages found by a scan of every creature key ------------------

def test_a_dr_with_many_spaces_is_refused_by_its_length_cap() -> None:
    """``DR.parse`` was quadratic in spaces (8,000 spaces: 9.6 s, and accepted)."""
    found = problems({**ORC, "resistances": {"dr": "1/a" + " " * 100_000 + "!"}})
    assert "at most 200 characters" in found["resistances"]
    c = Creature.from_dict({**ORC, "resistances": {"dr": " 5 / cold  iron or silver "}})
    assert Creature.from_dict(c.to_dict()) == c


def test_a_condition_text_is_capped_in_length() -> None:
    """``Affliction.parse`` was quadratic in spaces (4,000 spaces: 2.6 s); a creature's
    ``with_condition`` reads text without the creature file's cap."""
    from lfgcombat.rules.conditions.conditions import ConditionError
    with pytest.raises(ConditionError, match="at most 200"):
        Creature.from_dict(ORC).with_condition("a" + " " * 100_000 + "!")


@pytest.mark.parametrize("key", ["level", "speed", "bab", "prowess", "wounds", "shell",
                                 "handedness", "movement", "skills", "good_saves",
                                 "challenge_rating", "barrier", "shield", "ruleset",
                                 "combat_reflexes", "special_abilities"])
@pytest.mark.parametrize("shape", ["bare", "list", "map"])
def test_a_5000_digit_number_anywhere_is_a_creature_error(key: str, shape: str) -> None:
    """``str()`` of a 5,000-digit number raises Python's ValueError; the file reader
    refuses numbers of more than 30 digits, and so does ``from_dict`` now."""
    big = 10 ** 5000
    value = {"bare": big, "list": [big], "map": {"a": big}}[shape]
    found = problems({**ORC, key: value})
    assert any("at most 30 digits" in m for m in found.values()), found


def test_unknown_weapon_keys_are_refused_at_load() -> None:
    found = problems({**ORC, "weapons": [{"name": "claw", "damag": "1d4"}]})
    assert "did you mean 'damage'" in found["weapons[0].damag"]


HUGE = "x" * 1_000_000


@pytest.mark.parametrize("key", ["abilities", "armor", "save_ratings", "shield",
                                 "second_shield", "skills", "resistances", "bonuses",
                                 "weapons", "special_abilities", "movement", "conditions",
                                 "handedness", "ruleset", "good_saves", "barrier"])
@pytest.mark.parametrize("shape", ["text", "key", "list"])
def test_refusals_quote_a_short_prefix_of_a_huge_input(key: str, shape: str) -> None:
    """Item 22: a refusal never repeats a huge input in full."""
    value = {"text": HUGE, "key": {HUGE: 1}, "list": [HUGE]}[shape]
    try:
        Creature.from_dict({**ORC, key: value})
    except CreatureError as exc:
        assert len(str(exc)) < 3_000
    else:  # pragma: no cover - a huge value accepted
        raise AssertionError(f"{key}: a {shape} of a million characters was accepted")


def test_a_huge_bonus_source_is_refused() -> None:
    found = problems({**ORC, "bonuses": [{"to": "ac", "value": 1, "source": HUGE}]})
    assert "at most 200" in found["bonuses[0].source"]


# --- item 22: a creature's speed and reach are whole hexes wherever they are given --------

@pytest.mark.parametrize("args", [{"speed": 7}, {"reach_ft": 7}, {"speed": 33}])
def test_a_map_placement_refuses_speed_and_reach_off_the_hex(args: dict) -> None:
    """"Each hexagon (hex) on the Battle Map represents a distance of 5 feet"
    (000_8d1d7816ee944f3b.txt, "COMBAT GAMEPLAY – OVERVIEW"): a creature file refuses a
    speed or reach of 7 ft; the map's overrides of them did not."""
    from lfgcombat.battlemap import HexMap
    from lfgcombat.creature import load_example
    m = HexMap(10, 10)
    with pytest.raises(LfgError, match="5-ft steps"):
        m.place(load_example("orc"), (1, 1), **args)
    assert not m.tokens() if hasattr(m, "tokens") else True


@pytest.mark.parametrize("args", [{"speed": 7}, {"reach_ft": 12}])
def test_a_map_figure_refuses_speed_and_reach_off_the_hex(args: dict) -> None:
    from lfgcombat.battlemap import Figure
    with pytest.raises(LfgError, match="5-ft steps"):
        Figure("F", **args)


def test_a_speed_bonus_is_whole_hexes() -> None:
    """A bonus of +7 ft to speed was accepted and then rounded away (Move Speed 35)."""
    found = problems({**ORC, "bonuses": [{"to": "speed", "value": 7}]})
    assert "steps of 5" in found["bonuses[0].value"]
    assert Creature.from_dict({**ORC, "bonuses": [{"to": "speed", "value": -5}]}
                              ).move_speed.value == 25


@pytest.mark.parametrize("name", [None, 5, "x" * 1_000_000])
def test_load_example_of_a_non_name_is_a_creature_error(name: object) -> None:
    from lfgcombat.creature import load_example
    with pytest.raises(CreatureError) as err:
        load_example(name)  # type: ignore[arg-type]
    assert len(str(err.value)) < 1_000


def test_without_condition_of_a_non_name_is_the_kits_error() -> None:
    from lfgcombat.rules.conditions.conditions import ConditionError
    with pytest.raises(ConditionError, match="named by text"):
        Creature.from_dict(ORC).without_condition(None)  # type: ignore[arg-type]


def test_an_unknown_weapon_refusal_quotes_a_short_prefix() -> None:
    """A weapon name is looked up at attack time too (``resolve_weapon``), uncapped."""
    from lfgcombat.rules.weapons import WeaponError, lookup_weapon, resolve_weapon
    from lfgcombat.creature import load_example
    huge = "a" + " " * 1_000_000 + "(1"
    for call in (lambda: lookup_weapon(huge), lambda: resolve_weapon(load_example("orc"), huge)):
        with pytest.raises(WeaponError) as err:
            call()
        assert len(str(err.value)) < 1_000
