"""Special abilities: the ability line and the SLA/Su rules.

000_8d1d7816ee944f3b.txt, "Special Abilities – 4 Different Types".
"""

from __future__ import annotations

import pytest

from lfgcombat.rules.abilities.abilities import (AbilityError, AbilityRuleError, AbilityType,
                                                 activation, check_activation, needs_perseverance,
                                                 parse_ability, sla_dc, sla_perseverance_dc)
from lfgcombat.errors import IllegalActionError

FEAR = "Fear Burst (SLA): 3/day (SL2, WILL DC15[CHA])"


def test_the_texts_example_line() -> None:
    a = parse_ability(FEAR)
    assert (a.name, a.kind, a.uses, a.per, a.spell_level, a.save, a.dc, a.dc_ability) == (
        "Fear Burst", AbilityType.SLA, 3, "day", 2, "WILL", 15, "CHA")
    # DC 15 = 10 + SL 2 + CHA mod 3
    assert a.implied_mod() == 3 and sla_dc(2, 3) == 15


@pytest.mark.parametrize("line, kind", [("Bite", AbilityType.NATURAL),
                                        ("Rage (Ex): 1/day", AbilityType.EX),
                                        ("Regeneration (ex)", AbilityType.EX),
                                        ("Channel Energy (Su): 3/day", AbilityType.SU),
                                        ("Light (SLA): at will (SL0)", AbilityType.SLA)])
def test_the_four_types(line: str, kind: AbilityType) -> None:
    assert parse_ability(line).kind is kind


@pytest.mark.parametrize("line, part", [
    ("Fear Burst (Sp): 3/day (SL2)", "type"),
    ("Fear Burst (SLA): 3/day", "spell level"),
    ("Fear Burst (SLA): 3 per day (SL2)", "uses"),
    ("Fear Burst (SLA): 0/day (SL2)", "uses"),
    ("Fear Burst (SLA): 3/day (SL12)", "spell level"),
    ("Fear Burst (SLA): 3/day (SL2, WILL 15)", "details"),
    ("Fear Burst (SLA): 3/day (SL2, WILL DC15[LUCK])", "save"),
    ("", "line"),
    ("(SLA): 3/day (SL2)", "name"),
    ("Bite (Ex): 2/day (SL1)", "spell level"),      # a spell level is an SLA's only
    ("Channel Energy (Su): (SL3, WILL DC14)", "spell level"),
])
def test_malformed_lines_name_the_part(line: str, part: str) -> None:
    with pytest.raises(AbilityError) as info:
        parse_ability(line)
    assert info.value.part == part and "Special Abilities" in str(info.value)


def test_sla_perseverance() -> None:
    assert sla_perseverance_dc(2) == 14
    assert sla_perseverance_dc(2, damage_taken=9) == 14
    assert sla_perseverance_dc(2, damage_taken=10) == 19     # 10+ damage: +5
    fear = parse_ability(FEAR)
    assert needs_perseverance(fear, damaged=True) and needs_perseverance(fear, grappled=True)
    assert not needs_perseverance(fear)
    for line in ("Bite", "Rage (Ex)", "Channel Energy (Su)"):   # never interrupted
        assert not needs_perseverance(parse_ability(line), damaged=True, grappled=True)
    with pytest.raises(AbilityRuleError, match="damage_taken"):
        sla_perseverance_dc(2, damage_taken=-1)


def test_activation_limits() -> None:
    fear = parse_ability(FEAR)
    assert activation(fear).action == "big" and activation(fear).provokes
    check_activation(fear, uses_spent=2)
    with pytest.raises(IllegalActionError, match="no uses left"):
        check_activation(fear, uses_spent=3)
    with pytest.raises(IllegalActionError, match="1 SLA per turn"):
        check_activation(fear, sla_used_this_turn=True)
    su = parse_ability("Channel Energy (Su)")
    with pytest.raises(IllegalActionError, match="once per round"):
        check_activation(su, su_used_this_round=True)
    check_activation(parse_ability("Rage (Ex)"), su_used_this_round=True)


def test_uses_written_into_the_name_are_refused_naming_the_form():
    """"Fear Burst 3/day" lost its type and colon: it was read as a Natural ability named
    "Fear Burst 3/day" (a final review found it); now it is refused with the text's form."""
    import pytest
    from lfgcombat import parse_ability
    from lfgcombat.rules.abilities.abilities import AbilityError
    with pytest.raises(AbilityError, match=r"Fear Burst \(SLA\): 3/day"):
        parse_ability("Fear Burst 3/day")
    assert parse_ability("Fear Burst (SLA): 3/day (SL2, WILL DC15[CHA])").uses == 3
