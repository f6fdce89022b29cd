"""What the classic rules keep instead of reading again answers exactly as a fresh reading.

Issue 24, item 6 ("Fast"): "Remove the waste the profile shows [...] with caching keyed on
what really changes. The same fights, the same dice, the same events". A creature and a
classic record are frozen values: what is read of them once (002_2a3a79475ca2a541.txt,
"How to attack another creature": BAB, ability modifiers, "Armor Class"; the view the map
reads by "Stabilizing a Disabled Character") is kept on them, and equals a fresh reading.
"""

from __future__ import annotations

from lfgcombat.creature import Creature, load_example
from lfgcombat.engine.record_sheet import RecordSheet
from lfgcombat.rulesets.classic.combatant import ClassicCombatant
from lfgcombat.rulesets.policies import MapStanding


def _orc():
    return load_example("orc").replace(bab=3)


def test_a_sheet_standing_the_same_way_is_one_view():
    sheet = _orc()
    down = MapStanding(threatens=False, moves=False, helpless=True, why="disabled")
    view = RecordSheet.of(sheet, MapStanding())
    assert RecordSheet.of(sheet, MapStanding()) is view  # kept on the sheet
    other = RecordSheet.of(sheet, down)
    assert other is not view and other.standing == down
    assert view.threatens and not other.threatens  # each reads its own standing
    fresh = RecordSheet.of(Creature.from_dict(sheet.to_dict()), down)  # an equal sheet
    assert fresh is not other
    assert fresh.to_dict() == other.to_dict()
    assert [str(c) for c in fresh.active_conditions] == \
        [str(c) for c in other.active_conditions]


def test_the_classic_reading_of_a_creature_is_kept_and_equals_a_fresh_one():
    orc = _orc()
    kept = ClassicCombatant.of(orc)
    assert ClassicCombatant.of(orc) is kept
    assert kept == ClassicCombatant._read(orc, None, None)
    with_bab = ClassicCombatant.of(orc, bab=7)
    assert with_bab.bab == 7 and kept.bab == 3  # each asked reading kept on its own
    assert ClassicCombatant.of(orc, bab=7) is with_bab
    hurt = orc.replace(current_hp=2)  # a new value: read again
    assert ClassicCombatant.of(hurt).hp == 2 and kept.hp == orc.hp
