"""The attack's map readings kept per pair (issue 25, item 4) are the map's readings now.

Each kept reading is compared with a fresh computation after the state changes: a move,
terrain painted, ground raised (000_8d1d7816ee944f3b.txt, "Determine Cover", "High
Ground / Low Ground", "Flanking / Being Flanked", "Difficult Terrain")."""

from __future__ import annotations

from lfgcombat import HexMap
from lfgcombat.engine import Encounter
from lfgcombat.rules.attacks.map_reading import (is_flanked, pair_reading,
                                                 terrain_modifiers)

from .helpers import _last_attack, _range_fight, mk


def _fresh(m: HexMap, a: str, t: str, ranged: bool) -> tuple:
    """The pair's readings computed now, with nothing kept."""
    m._cache.clear()
    return (m.distance(a, t), m.cover(a, t, ranged=ranged), m.high_ground(a, t))


def _kept(m: HexMap, a: str, t: str, ranged: bool) -> tuple:
    r = pair_reading(m, a, t, ranged)
    return (r.distance, r.cover, r.high_ground)


def test_a_pairs_reading_follows_a_move_and_a_blocker() -> None:
    """"Determine Cover": a creature stepping onto the line gives the target cover; the
    kept reading is forgotten with the move."""
    enc = _range_fight(blocker=(3, 0), blocker_side="orcs")
    m = enc.map
    before = _kept(m, "Archer", "Orc", True)
    assert before == _fresh(m, "Archer", "Orc", True) and not before[1].bonus
    m.move("Brute", [(3, 1), (4, 2)], action="move")  # an orc onto the line of fire
    after = _kept(m, "Archer", "Orc", True)
    assert after == _fresh(m, "Archer", "Orc", True)
    assert after[1].bonus == 2 and after != before
    m.move("Orc", [(7, 3), (7, 4)], action="move")
    assert _kept(m, "Archer", "Orc", True) == _fresh(m, "Archer", "Orc", True)
    assert _kept(m, "Archer", "Orc", True)[0] == m.distance("Archer", "Orc")


def test_high_ground_read_again_after_the_ground_is_raised() -> None:
    """"High Ground / Low Ground": ground raised under the archer after a reading."""
    enc = _range_fight()
    m = enc.map
    assert not _kept(m, "Archer", "Orc", False)[2].melee_attack
    m.set_elevation([(1, 2)], 10)
    assert _kept(m, "Archer", "Orc", False) == _fresh(m, "Archer", "Orc", False)
    assert _kept(m, "Archer", "Orc", False)[2].melee_attack == 1


def test_terrain_read_after_difficult_terrain_is_painted() -> None:
    """"Standing on Difficult Terrain imposes a -2 penalty on Attacks & -2AC": no cell of
    it gives no modifier; painted under the orc after a reading, the -2 is read."""
    enc = _range_fight()
    m = enc.map
    assert terrain_modifiers(m, "Orc") == m.terrain_modifiers("Orc") == {"attack": 0, "ac": 0}
    m.set_terrain([(7, 2)], "difficult")
    assert terrain_modifiers(m, "Orc") == m.terrain_modifiers("Orc") == {"attack": -2,
                                                                         "ac": -2}
    enc.attack("Archer", "Orc", "longbow")
    assert any("difficult terrain" in s for s in _last_attack(enc).data["modifiers"])
    m.set_terrain([(7, 2)], "normal")
    assert terrain_modifiers(m, "Orc") == m.terrain_modifiers("Orc") == {"attack": 0, "ac": 0}


def test_flanking_kept_per_ignored_foes_and_forgotten_with_a_move() -> None:
    """"Flanking / Being Flanked": two foes on opposite sides flank; one that is ignored
    cannot; one that steps away no longer does."""
    cs = [mk("A", init=40), mk("B", init=30), mk("Orc")]
    m = HexMap(9, 5)
    m.place(cs[0], (3, 2), "party")
    m.place(cs[1], (5, 2), "party")
    m.place(cs[2], (4, 2), "orcs")
    Encounter(cs, sides={"party": ["A", "B"], "orcs": ["Orc"]}, map=m, seed=1).start()
    assert is_flanked(m, "Orc", []) and m.is_flanked("Orc")
    assert not is_flanked(m, "Orc", ["A"]) and not m.is_flanked("Orc", ignored=["A"])
    m.move("B", [(6, 2)], action="move")
    m._cache.clear()
    fresh = m.is_flanked("Orc")
    assert is_flanked(m, "Orc", []) == fresh is False
