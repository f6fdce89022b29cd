"""What the wounds rules keep instead of reading again answers exactly as a fresh reading.

Issue 24, item 6 ("Fast"): "Remove the waste the profile shows [...] with caching keyed on
what really changes. The same fights, the same dice, the same events". A creature and a
wounds record are frozen values: what is read of them once (003_de0e94afd49609a7.txt,
"Attacking an enemy usually involves spending your Half Action": Prowess, the ability
modifiers; "Defense = 10+ Prowess + Dex + Talents + Conditions + Circumstance"; a weapon's
riders; the report of "When a character is subject to a damage-dealing effect") is kept on
them, and equals a fresh reading.
"""

from __future__ import annotations

from lfgcombat.creature import load_example
from lfgcombat.rulesets.wounds import play
from lfgcombat.rulesets.wounds.combatant import WoundsCombatant
from lfgcombat.rulesets.wounds.defense import _condition_defense, condition_defense
from lfgcombat.rulesets.wounds.riders import Target, _parts, weapon_damage
from lfgcombat.rulesets.wounds.ruleset import _own_initiative, wounds_check_bonus
from lfgcombat.rulesets.wounds.turn import WoundsFighter


def _orc():
    return load_example("orc").replace(prowess=2, good_saves=["fort", "ref"])


def test_the_wounds_reading_of_a_creature_is_kept_and_equals_a_fresh_one():
    orc = _orc()
    kept = WoundsCombatant.of(orc)
    assert WoundsCombatant.of(orc) is kept
    assert kept == WoundsCombatant._read(orc, None, None, None, None, None)
    more = WoundsCombatant.of(orc, prowess=5)
    assert more.prowess == 5 and kept.prowess == 2
    assert WoundsCombatant.of(orc, good_saves=["will", "ref"]).good_saves == {"will", "ref"}
    hurt = orc.replace(current_hp=3)
    assert WoundsCombatant.of(hurt).hp == 3 and kept.hp == orc.hp


def test_kept_defense_riders_and_initiative_equal_fresh_ones():
    assert condition_defense(["Prone"], melee=True) == _condition_defense(("Prone",), True)
    assert condition_defense(("Prone",), melee=False) == _condition_defense(("Prone",), False)
    assert condition_defense(["Prone"]).modifier == -4
    orc = _orc()
    weapon = str(orc.weapons[0]["name"])  # its own entry, by name
    first = weapon_damage(orc, weapon, 3, Target())
    assert weapon_damage(orc, weapon, 3, Target()) == first
    from lfgcombat.rules.attacks import resolve_weapon
    assert first.parts == _parts(orc, weapon, resolve_weapon(orc, weapon), 3, Target(),
                                 False)
    assert weapon_damage(orc, weapon, 1, Target()) != first  # each bonus its own
    record = WoundsFighter.of(orc)
    assert wounds_check_bonus(orc, record) == _own_initiative(orc)


def test_kept_reports_are_the_callers_own_and_steps_read_themselves_again():
    record, _ = WoundsFighter.of(_orc()).start_turn()
    report = play.report(record)
    report["conditions"].append("Prone")
    report["vitals"]["aoo_left"] = 9
    assert play.report(record) == play._report(record)
    left = play.actions_left(record, False)
    left["big"] = 7
    assert play.actions_left(record, False) == play._actions_left(record, False)
    assert record.aoo_left == 1
    used = record.make_aoo()
    assert used.aoo_left == 0 and record.aoo_left == 1  # not carried to the next value
    spent = play.spend(record, "attack")
    assert spent.turn.half_actions == 1 and record.turn.half_actions == 2
    assert play.actions_left(spent, False)["big"] == 1


def test_resistances_and_written_for_are_read_once_and_refusals_still_refuse():
    """The target's resistances (its lfg ``resistances:``, read by "Most damage falls into
    one of two broad damage types") are read once from a sheet; a creature not written for
    a ruleset is refused at every attack, never kept as written for it."""
    import pytest

    from lfgcombat.rulesets.classic.ruleset import _written_for
    from lfgcombat.rulesets.fields import RulesetFieldError
    from lfgcombat.rulesets.wounds.combatant import _resistances

    orc = _orc()
    assert _resistances(orc) is _resistances(orc)
    assert _resistances(orc) == orc.resistance
    only_classic = orc.replace(ruleset="classic")
    for _ in range(2):
        with pytest.raises(RulesetFieldError):
            _written_for("wounds", only_classic)
    _written_for("wounds", orc)
    _written_for("wounds", orc)
