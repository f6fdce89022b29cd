"""Readings kept until creatures move or read differently (lfgcombat/battlemap/core.py
``_kept_here``; issue 25, item 4: a map fight reads cover, flanking and threat some 60
times while its creatures move some 8 times).

Each kept reading is compared with a fresh computation after every kind of change: a
turn's start and a wound (kept), a move, a creature going Prone ("Reach & Threatened
Area": no threatening) or falling unconscious and dying (a body gives no cover,
lfgcombat/battlemap/sight.py), a creature placed or removed, and terrain painted
(000_8d1d7816ee944f3b.txt, "Determine Cover", "Flanking / Being Flanked", "Space in Combat
Gameplay").
"""

from __future__ import annotations

import itertools

import pytest

from lfgcombat.battlemap import HexMap, kept
from lfgcombat.battlemap.altitude import distance_3d
from lfgcombat.battlemap.core import _STABLE
from lfgcombat.battlemap.pathing import _token_of
from lfgcombat.battlemap.reading import _conditions, condition_flags
from lfgcombat.battlemap.terrain import _a_body, _lies_as_a_body
from lfgcombat.battlemap.space import _as_the_map_reads, _reads_the_same
from lfgcombat.battlemap.values import CoverLevel
from lfgcombat.creature import load_example

from ._maps import skirmish


def _board() -> HexMap:
    """The shared skirmish map (:func:`_maps.skirmish`), every creature's turn started."""
    m = skirmish()
    for n in m.names:
        m.start_turn(n)
    return m


def _kept(m: HexMap) -> tuple:
    pairs = list(itertools.permutations(m.names, 2))
    return ({(a, b, r): m.cover(a, b, ranged=r) for a, b in pairs for r in (True, False)},
            {n: m.flanking(n) for n in m.names}, {n: m.threatened(n) for n in m.names},
            {n: m._threatens(n) for n in m.names}, {n: m.cramped(n) for n in m.names},
            {(a, b): m.distance(a, b) for a, b in pairs},
            {(a, c): m.distance(a, c) for a in m.names for c in [(0, 0), (8, 5)]},
            {(a, b): m.high_ground(a, b) for a, b in pairs})


def _fresh(m: HexMap) -> tuple:
    pairs = list(itertools.permutations(m.names, 2))

    def threat(n: str) -> frozenset:
        t = m._threatens_now(n, False)
        return m._threatened(m._placed[n], n, 0, t, m._reach(n) if t else 0)

    def dist(a, b) -> int:  # "Measuring Distance in Combat", a flyer's by the 3D count
        flat = min(m.geometry.distance_ft(x, y) for x in m._cells_of(a) for y in m._cells_of(b))
        return distance_3d(flat, m._level(a) - m._level(b))
    return ({(a, b, r): m._cover(a, b, r) for a, b in pairs for r in (True, False)},
            {n: m._flanking(n, frozenset()) for n in m.names},
            {n: threat(n) for n in m.names}, {n: m._threatens_now(n, False) for n in m.names},
            {n: m._cramped(n) for n in m.names}, {(a, b): dist(a, b) for a, b in pairs},
            {(a, c): dist(a, c) for a in m.names for c in [(0, 0), (8, 5)]},
            {(a, b): m._high_ground(a, b) for a, b in pairs})


def _check(m: HexMap) -> None:
    assert _kept(m) == _fresh(m)


@pytest.fixture(autouse=True)
def _forget():
    kept.clear()
    yield
    kept.clear()


def _wounded(creature, by: int = 3):
    return creature._with_hp(creature.hp - by, creature.temp_hp)


def test_a_turn_and_a_wound_keep_the_readings_of_where_creatures_stand():
    m = _board()
    _check(m)
    here = m._cache[_STABLE]
    version = m.version
    m.start_turn("Orc 1")
    assert m._cache[_STABLE] is here and m.version == version + 1
    orc = m._placed["Orc 1"].creature
    m.update(_wounded(orc))  # HP only: the map reads it the same
    assert m._cache[_STABLE] is here and m.version == version + 2
    _check(m)
    assert m.creature("Orc 1").hp == orc.hp - 3
    hurt = orc._with_hp(int(orc.injured_threshold) - 1, 0)  # Injured: no flag of the map's
    assert "injured" in _conditions(hurt) and "injured" not in _conditions(orc)
    m.update(hurt)
    assert m._cache[_STABLE] is here
    _check(m)


def test_every_change_of_place_or_reading_gives_fresh_readings():
    m = _board()
    _check(m)

    def level():
        return m.cover("Mayat", "Orc 1", ranged=False).level
    assert level() is CoverLevel.PARTIAL  # Wulfric in the line
    m.relocate("Wulfric", (3, 4))
    _check(m)
    assert level() is CoverLevel.NONE
    m.relocate("Wulfric", (3, 2))
    wulfric = m._placed["Wulfric"].creature
    m.update(wulfric.replace(conditions=["unconscious"]))  # a body on the ground
    _check(m)
    assert level() is CoverLevel.NONE
    m.update(wulfric)
    _check(m)
    assert level() is CoverLevel.PARTIAL
    m.update(wulfric._with_hp(-20, 0))  # dead: no cover, no threat
    assert m.creature("Wulfric").is_dead
    _check(m)
    assert level() is CoverLevel.NONE and not m._threatens("Wulfric")
    m.update(wulfric)
    orc = m._placed["Orc 1"].creature
    m.update(orc.replace(conditions=["prone"]))  # threatens nothing
    _check(m)
    assert m.threatened("Orc 1") == frozenset()
    m.update(orc)
    m.remove("Wulfric")
    _check(m)
    assert level() is CoverLevel.NONE
    m.place(wulfric, (3, 2), side="party")
    m.start_turn("Wulfric")
    _check(m)
    assert level() is CoverLevel.PARTIAL
    m.set_terrain((4, 2), "wall")
    _check(m)
    assert level() is CoverLevel.TOTAL
    m.set_terrain((4, 2), "normal")
    m.move("Wulfric", [(4, 2)])  # a move of its own
    _check(m)
    m.set_elevation((4, 2), 10)  # "High Ground / Low Ground": on a rise
    _check(m)
    assert m.high_ground("Wulfric", "Orc 1").melee_attack == 1
    m.set_altitude("Orc 1", 15)  # flying up: above it now
    _check(m)
    assert m.high_ground("Wulfric", "Orc 1").melee_attack == -1


def test_flanking_and_cramped_follow_moves_and_prone_but_not_wounds():
    m = _board()
    m.relocate("Orc Shaman", (8, 4))
    m.relocate("Mayat", (5, 2))
    m.relocate("Wulfric", (7, 2))  # Orc 1 at (6, 2) between them: flanked
    assert m.flanking("Orc 1").flanked
    _check(m)
    wulfric = m._placed["Wulfric"].creature
    m.update(_wounded(wulfric))
    _check(m)
    assert m.flanking("Orc 1").flanked
    m.update(m._placed["Wulfric"].creature.replace(conditions=["prone"]))
    _check(m)
    assert not m.flanking("Orc 1").flanked
    m.place(load_example("orc").replace(name="Orc 3"), (6, 4), side="orcs", share=True)
    _check(m)
    assert m.cramped("Orc 3") and m.cramped("Orc 2")


def _readings(c) -> tuple:
    return (_as_the_map_reads(c), _token_of(c), condition_flags(c), _conditions(c),
            _a_body(c), _lies_as_a_body(c))


def test_what_the_map_reads_of_a_wounded_copy_is_what_it_reads_of_the_first():
    """HP cross the thresholds ("Injury & Injured Threshold", "Unconscious & Dying"):
    the readings handed to a copy the map reads the same are those a fresh read gives."""
    orc = load_example("orc")
    m = HexMap(3, 1)
    m.place(orc, (0, 0), side="orcs")
    _readings(orc), m._threatens("Orc")
    for hp in range(orc.hp, -25, -1):
        copy, twin = orc._with_hp(hp, 0), orc._with_hp(hp, 0)
        same = _reads_the_same(orc, copy)
        assert same == (_as_the_map_reads(orc) == _as_the_map_reads(twin))
        assert _readings(copy) == _readings(twin)
        m.update(copy)
        assert m._threatens("Orc") == m._threatens_now("Orc", False) == twin.threatens
        m.update(orc)
    assert not _reads_the_same(orc, orc._with_hp(-20, 0))  # dead
    assert not _reads_the_same(orc, orc.replace(conditions=["prone"]))
    assert _reads_the_same(orc, orc._with_hp(orc.hp - 1, 0))


def test_a_search_reads_no_hp_so_a_wounded_creature_finds_the_kept_reach(monkeypatch):
    """Where a creature can move depends on where creatures stand and what they can do,
    not on their HP ("Moving in Combat – Terrain, Creatures, & Other Issues"): a wounded
    copy's search is the one kept, and equal to a fresh one."""
    m = _board()
    first = m.reachable("Wulfric")
    orc = m._placed["Orc 1"].creature
    assert _token_of(_wounded(orc)) == _token_of(orc)
    assert _token_of(orc.replace(conditions=["prone"])) != _token_of(orc)
    made = []
    work = HexMap._reachable_now
    monkeypatch.setattr(HexMap, "_reachable_now",
                        lambda self, *a: made.append(a) or work(self, *a))
    m.update(_wounded(orc))
    m.update(_wounded(m._placed["Wulfric"].creature))
    again = m.reachable("Wulfric")
    assert made == [] and again == first
    monkeypatch.undo()
    assert again == m._reachable_now("Wulfric", None, "move")


def test_distances_to_many_cells_are_each_cells_distance():
    """"Count the number of hexes from you to your target ... Multiply the number of
    hexes by 5" (000_8d1d7816ee944f3b.txt, "Using the Battle Map – Measuring Distance in
    Combat"), a flyer farther by the 3D count: the same as :meth:`distance` one by one."""
    for grid in ("hex", "square"):
        m = HexMap(9, 6, grid=grid)
        m.place(load_example("orc").replace(name="Big", size="large"), (5, 2), side="orcs")
        m.place(load_example("mayat"), (1, 1), side="party")
        cells = sorted(m.cells)
        for target in ("Big", "Mayat", (4, 4)):
            assert m.distances_to(cells, target) == [m.distance(c, target) for c in cells]
        m.set_altitude("Mayat", 15)
        assert m.distances_to(cells, "Mayat") == [m.distance(c, "Mayat") for c in cells]


def test_an_encounter_asks_nobody_about_cramped_when_nobody_shares(monkeypatch):
    """"if you occupy the same space as an allied ... creature ... you both gain the
    Cramped condition" (000_8d1d7816ee944f3b.txt, "Space in Combat Gameplay"): with every
    creature alone in its hex and no tight space, no creature's Cramped is read after a
    step; sharing a hex still cramps both."""
    from lfgcombat.engine import Encounter
    cs = [load_example("mayat"), load_example("wulfric"), load_example("orc")]
    m = HexMap(9, 6)
    m.place(cs[0], (0, 2), side="party")
    m.place(cs[1], (2, 2), side="party")
    m.place(cs[2], (7, 2), side="orcs")
    enc = Encounter(cs, map=m, seed=1).start()
    asked = []
    real = HexMap.cramped
    monkeypatch.setattr(HexMap, "cramped", lambda self, n: asked.append(n) or real(self, n))
    enc.note("a step")
    assert asked == []
    enc.map.relocate("Wulfric", (0, 2), share=True)
    enc.note("another step")
    assert asked and "cramped" in enc.state("Wulfric")["conditions"]


def test_where_a_creature_may_pass_follows_its_mode_and_the_terrain():
    """A swimmer moves through water only, a walker anywhere open; a wall blocks
    (000_8d1d7816ee944f3b.txt, "Other Types of Movement"; "Moving in Combat – Terrain,
    Creatures, & Other Issues"): what a search reads of the mover is read again after a
    change of mode or terrain."""
    m = HexMap(6, 3)
    m.place(load_example("mayat"), (0, 1), side="party")
    land, water = m.cell(1, 1), m.cell(2, 1)
    m.set_terrain(water, "water")

    def passes(cell) -> bool:
        return m._footprint_passable("Mayat", cell, frozenset(), True) is not None
    assert passes(land) and passes(water)
    with m.moving("Mayat", "swim"):
        assert not passes(land) and passes(water)
    assert passes(land)
    m.set_terrain(land, "wall")
    assert not passes(land)


def test_a_record_sheet_s_readings_are_kept_and_follow_its_standing():
    """A ruleset's view of a combatant (a RecordSheet: its standing on the map by its
    ruleset's health, lfgcombat/engine/record_sheet.py) is a frozen value like a
    Creature: the map keeps what it reads of it, and a new standing (helpless, not
    threatening: "Occupied Space-Enemy", "Reach & Threatened Area") reads afresh."""
    from lfgcombat.engine.record_sheet import RecordSheet
    from lfgcombat.rulesets.policies import MapStanding
    m = _board()
    orc = m._placed["Orc 1"].creature
    up = RecordSheet.of(orc, MapStanding())
    m.update(up)
    assert m._world_key("Wulfric") is not None  # a movement's search kept for it
    first = m.reachable("Wulfric")
    assert first == m._reachable_now("Wulfric", None, "move")
    assert _as_the_map_reads(up) is _as_the_map_reads(up)  # kept on it
    _check(m)
    down = RecordSheet.of(orc, MapStanding(threatens=False, moves=False, helpless=True))
    m.update(down)
    assert not m._threatens("Orc 1") and m.threatened("Orc 1") == frozenset()
    _check(m)
    assert m.reachable("Wulfric") == m._reachable_now("Wulfric", None, "move")
