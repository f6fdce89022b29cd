"""Map readings kept by what they depend on, across moves and maps
(lfgcombat/battlemap/kept.py; issue 25, item 4: the reference tier's map fights faster).

Each kept reading is compared with a fresh computation after the map or the positions
change: a creature stepping into or out of the line ("Cover - Additional Rules": creatures
in the line give cover), a wall painted ("Determine Cover"), a creature falling
unconscious (a body on the ground gives no cover, lfgcombat/battlemap/sight.py), flying
up, or going Prone (no threatening: 000_8d1d7816ee944f3b.txt, "Reach & Threatened Area").
"""

from __future__ import annotations

import itertools

import pytest

from lfgcombat.battlemap import HexMap, kept
from lfgcombat.battlemap.terrain import Terrain
from lfgcombat.battlemap.values import CoverLevel
from lfgcombat.creature import load_example

from ._maps import skirmish


def _fresh_covers(m: HexMap) -> dict:
    return {(a, b, r): m._cover(a, b, r)
            for a, b in itertools.permutations(m.names, 2) for r in (True, False)}


def _kept_covers(m: HexMap) -> dict:
    return {(a, b, r): m.cover(a, b, ranged=r)
            for a, b in itertools.permutations(m.names, 2) for r in (True, False)}


def _fresh_threats(m: HexMap) -> dict:
    out = {}
    for n in m.names:
        p = m._placed[n]
        threatens = m._threatens(n)
        out[n] = m._threatened(p, n, 0, threatens, m._reach(n) if threatens else 0)
    return out


def _check(m: HexMap) -> None:
    assert _kept_covers(m) == _fresh_covers(m)
    assert {n: m.threatened(n) for n in m.names} == _fresh_threats(m)


@pytest.fixture(autouse=True)
def _forget():
    kept.clear()
    yield
    kept.clear()


def test_kept_cover_and_threats_follow_moves_walls_bodies_and_prone():
    m = skirmish()
    _check(m)

    def level():
        return m.cover("Mayat", "Orc 1", ranged=False).level
    assert level() is CoverLevel.PARTIAL  # Wulfric in the line
    m.relocate("Wulfric", (3, 4))  # out of the line
    _check(m)
    assert level() is CoverLevel.NONE
    m.set_terrain((4, 2), "wall")  # a wall across it
    _check(m)
    assert level() is CoverLevel.TOTAL
    m.set_terrain((4, 2), "normal")
    m.relocate("Wulfric", (3, 2))  # back into the line: the first answer again
    _check(m)
    assert level() is CoverLevel.PARTIAL
    wulfric = m._placed["Wulfric"].creature
    m.update(wulfric.replace(conditions=["unconscious"]))  # a body on the ground
    _check(m)
    assert level() is CoverLevel.NONE
    m.update(wulfric)
    orc = m._placed["Orc 1"].creature
    m.update(orc.replace(conditions=["prone"]))  # threatens nothing
    _check(m)
    assert m.threatened("Orc 1") == frozenset()
    m.update(orc)
    _check(m)


def test_a_kept_reading_serves_another_map_with_the_same_layers_only():
    first, second = skirmish(), skirmish()
    assert first._static_key() == second._static_key()
    level = first.cover("Mayat", "Orc 1")
    assert second.cover("Mayat", "Orc 1") is level  # made once, for both maps
    assert second.threatened("Orc 1") is first.threatened("Orc 1")
    second.set_terrain((4, 2), "wall")
    assert second._static_key() != first._static_key()
    assert second.cover("Mayat", "Orc 1") == second._cover("Mayat", "Orc 1", True)
    assert first.cover("Mayat", "Orc 1") is level


def test_a_cell_as_attacker_or_target_is_kept_by_the_cell():
    m = skirmish()
    for cell in [(1, 1), (5, 2), (7, 3)]:
        for a, b in [(cell, "Orc 1"), ("Mayat", cell)]:
            assert m.cover(a, b) == m._cover(a, b, True)
    m.relocate("Orc 2", (5, 2))
    assert m.cover("Mayat", (7, 2)) == m._cover("Mayat", (7, 2), True)


def _fresh_per_change(m: HexMap) -> tuple:
    return ({n: m._flanking(n, frozenset()) for n in m.names},
            {n: m._cramped(n) for n in m.names},
            {n: m._threatens_now(n, False) for n in m.names})


def _kept_per_change(m: HexMap) -> tuple:
    return ({n: m.flanking(n) for n in m.names}, {n: m.cramped(n) for n in m.names},
            {n: m._threatens(n) for n in m.names})


def test_flanking_cramped_and_threatening_are_kept_until_the_next_change():
    """Flanking ("Flanking / Being Flanked": two foes threatening from opposite sides),
    Cramped ("Space in Combat Gameplay": allies sharing a hex) and threatening (Prone:
    no threatening) read again after every move or update."""
    m = skirmish()
    m.relocate("Orc Shaman", (5, 2))
    assert _kept_per_change(m) == _fresh_per_change(m)
    m.relocate("Wulfric", (7, 2))  # beside Orc 1, alone: no flank
    assert not m.flanking("Orc 1").flanked
    assert _kept_per_change(m) == _fresh_per_change(m)
    m.relocate("Orc Shaman", (8, 4))
    m.relocate("Mayat", (5, 2))  # Orc 1 at (6, 2) between Mayat and Wulfric: flanked
    assert m.flanking("Orc 1").flanked
    assert _kept_per_change(m) == _fresh_per_change(m)
    wulfric = m._placed["Wulfric"].creature
    m.update(wulfric.replace(conditions=["prone"]))  # a Prone flanker threatens nothing
    assert not m.flanking("Orc 1").flanked and not m._threatens("Wulfric")
    assert _kept_per_change(m) == _fresh_per_change(m)
    m.update(wulfric)
    assert m.flanking("Orc 1").flanked
    assert _kept_per_change(m) == _fresh_per_change(m)


def test_the_static_key_follows_the_layers_even_written_directly():
    m = skirmish()
    before = m._static_key()
    m._terrain[m.cell(4, 4)] = Terrain.WALL  # no version bumped: the layers still say
    assert m._static_key() != before
    del m._terrain[m.cell(4, 4)]
    assert m._static_key() == before


def _same_reach(m: HexMap, name: str, action: str = "move") -> None:
    got, fresh = m.reachable(name, action=action), m._reachable_now(name, None, action)
    assert got == fresh
    for c in list(fresh)[:: max(1, len(fresh) // 6)]:
        assert got.path_to(c) == fresh.path_to(c)


def test_a_kept_reach_follows_moves_conditions_terrain_and_the_turn(monkeypatch):
    """Where a creature can move ("Moving in Combat – Terrain, Creatures, & Other Issues":
    allies passable, enemies block, walls block; "What actions normally Provoke AOO?")
    is kept by the whole map's state: another creature's move, a condition (Cramped halves
    the Move Speed), a wall, and the mover's own movement this turn each give a fresh
    answer, and the first position gives the first answer again."""
    m = skirmish()
    for action in ("move", "five_foot_step", "retreat", "run"):
        _same_reach(m, "Wulfric", action)
    first = m.reachable("Wulfric")
    m.relocate("Orc 2", (4, 3))  # an enemy beside the way
    _same_reach(m, "Wulfric")
    assert m.reachable("Wulfric") != first
    orc, blocked = m._placed["Orc 2"].creature, m.reachable("Wulfric")
    m.update(orc.replace(conditions=["unconscious"]))  # a body: Difficult Terrain, passable
    _same_reach(m, "Wulfric")
    assert m.reachable("Wulfric") != blocked
    m.update(orc)
    m.relocate("Orc 2", (6, 4))
    made = []
    work = HexMap._reachable_now
    monkeypatch.setattr(HexMap, "_reachable_now",
                        lambda self, *a: made.append(a) or work(self, *a))
    again = m.reachable("Wulfric")  # the same map state: the kept answer, a copy of it
    assert made == [] and again == first and again is not first
    assert again.path_to(m.cell(0, 0)) == first.path_to(m.cell(0, 0))
    monkeypatch.undo()
    m.update(m._placed["Wulfric"].creature.replace(conditions=["cramped"]))
    _same_reach(m, "Wulfric")
    assert len(m.reachable("Wulfric")) < len(first)
    m.update(m._placed["Wulfric"].creature.replace(conditions=[]))
    m.set_terrain([(2, 1), (2, 2), (2, 3)], "wall")
    _same_reach(m, "Wulfric")
    m.set_terrain([(2, 1), (2, 2), (2, 3)], "normal")
    step = m.reachable("Wulfric", action="five_foot_step")
    assert len(step) > 0
    m.move("Wulfric", [m.cell(3, 2), m.cell(4, 2)])  # it moved: no 5-foot step now
    m.relocate("Wulfric", (3, 2))  # the GM puts it back: the same cells, not the same turn
    _same_reach(m, "Wulfric", "five_foot_step")
    assert m.reachable("Wulfric", action="five_foot_step") != step


def test_a_reach_is_kept_only_among_plain_creatures():
    from types import SimpleNamespace
    m = HexMap(6, 3)
    m.place(SimpleNamespace(name="Post", size="medium", speed=30), (1, 1), side="a")
    m.place(load_example("orc"), (4, 1), side="b")
    assert m._world_key("Orc") is None  # a duck-typed creature: worked out afresh
    assert m.reachable("Orc") == m._reachable_now("Orc", None, "move")


def test_each_kind_of_reading_is_kept_up_to_its_limit(monkeypatch):
    monkeypatch.setattr(kept, "LIMITS", {"few": 2})
    made = []
    for i in (1, 2, 3, 1):
        kept.kept(("few", i), lambda i=i: made.append(i) or i)
    assert made == [1, 2, 3, 1]  # the third dropped the first two
    assert kept.kept(("many", 1), lambda: "a") == "a"
    assert kept.kept(("many", 1), lambda: "b") == "a"
