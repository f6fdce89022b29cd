"""The map's short cuts for a load's replay (issue 24, item 6: a 2,000-event save re-runs
hundreds of commands, and the map answers the same questions after every one): each is
compared with the full computation it stands for, after every change of a seeded random
sequence of placements (sharing a hex), moves and removals.

Rules: 000_8d1d7816ee944f3b.txt, "Space in Combat Gameplay" (the Cramped condition of
creatures sharing a space); "Moving in Combat – Terrain, Creatures, & Other Issues" (tight
spaces).
"""

from __future__ import annotations

import random

import pytest

from lfgcombat.errors import IllegalActionError
from lfgcombat.battlemap import HexMap

from ._maps import Mob

SIZES = ("tiny", "small", "medium", "medium", "large", "huge")


def _full_scan(m: HexMap, name: str) -> tuple[str, ...]:
    """:meth:`HexMap.cramped` worked out by scanning every placed creature (the short cut,
    nobody else on its cells, switched off)."""
    m._someone_shares = lambda cells: True
    try:
        return m._cramped(name)
    finally:
        del m._someone_shares


def _occupancy(m: HexMap) -> dict:
    """Who stands on each cell, worked out from the placed creatures' footprints."""
    out: dict = {}
    for n, p in m._placed.items():
        for c in p.cells:
            out.setdefault(c, []).append(n)
    return {c: sorted(v) for c, v in out.items()}


def _random_change(m: HexMap, rng: random.Random, i: int) -> None:
    pick = rng.random()
    cell = (rng.randrange(m.width), rng.randrange(m.height))
    try:
        if pick < 0.45 or not m.names:
            size = rng.choice(SIZES)
            m.place(Mob(f"M{i}", size, conditions=("grappled",) if rng.random() < 0.1
                        else ()), cell, side=rng.choice(("party", "foes")), share=True)
        elif pick < 0.8:
            m.move(rng.choice(m.names), cell, action="move")
        elif pick < 0.9:
            m.set_terrain(cell, rng.choice(("tight", "normal")))
        else:
            m.remove(rng.choice(m.names))
    except IllegalActionError:
        pass


@pytest.mark.parametrize("seed", range(6))
def test_cramped_is_the_full_scan_after_every_change(seed):
    """The Cramped condition from where a creature stands ("Space in Combat Gameplay"):
    the reading (which skips the scan of every creature when nobody else stands on the
    creature's cells) equals the full scan after every change, and the occupancy index
    it trusts is the placed creatures' footprints."""
    rng = random.Random(seed)
    m = HexMap(6, 5)
    shared = 0
    for i in range(120):
        _random_change(m, rng, i)
        assert {c: sorted(v) for c, v in m._occupants.items()} == _occupancy(m)
        for n in m.names:
            assert m.cramped(n) == _full_scan(m, n), (seed, i, n)
            shared += bool(m.cramped(n))
    assert shared, "the sequence made somebody Cramped"
    crowded = m._crowded()
    for n in list(m.names)[1:]:
        m.remove(n)
    m.set_terrain([(c, r) for c in range(m.width) for r in range(m.height)], "normal")
    assert crowded and not m._crowded()
    assert m.cramped(m.names[0]) == () == _full_scan(m, m.names[0])
    with pytest.raises(IllegalActionError, match="no creature named"):
        m.cramped("Nobody")  # refused as before, a map with nobody sharing too


def test_a_kept_token_stands_for_a_value_by_content_and_is_never_reused():
    """:func:`lfgcombat.battlemap.kept.token`: what a movement's kept key holds for each
    creature instead of the creature (a creature compared at every look-up walked all its
    fields): equal creatures, equal numbers; different ones, different numbers; after the
    tokens are forgotten, a creature gets a number no other creature ever had."""
    from lfgcombat.battlemap import kept
    from lfgcombat.creature import load_example
    orc = load_example("orc")
    kept.clear()
    a, b = kept.token(orc), kept.token(load_example("orc"))  # another object, equal
    hurt = kept.token(orc.replace(current_hp=30))
    prone = kept.token(orc.replace(conditions=["prone"]))
    assert a == b and len({a, hurt, prone}) == 3
    kept.clear()
    again = kept.token(orc)
    assert again not in (a, hurt, prone) and kept.token(orc.replace(current_hp=30)) != hurt


def _path_or_refusal(m: HexMap, name: str, to: tuple[int, int]) -> object:
    try:
        return m.path(name, to)
    except IllegalActionError as exc:
        return str(exc)


def test_a_kept_path_is_never_one_made_for_a_creature_of_other_content():
    """A move's kept path (:meth:`HexMap.path`) under a creature's token: a mover that
    fell Prone ("Moving in Combat – Terrain, Creatures, & Other Issues") or was hurt, or
    an enemy that changed, finds what a fresh search finds, never what was kept for the
    creature as it was."""
    from lfgcombat.battlemap import kept
    from lfgcombat.creature import load_example
    kept.clear()
    for change in ({"conditions": ["prone"]}, {"current_hp": 1}):
        m = HexMap(9, 6)
        m.place(load_example("wulfric"), (1, 2), side="party")
        m.place(load_example("orc").replace(name="Orc"), (4, 2), side="orcs")
        ends = [(c, r) for c in range(9) for r in range(6)]
        before = {to: _path_or_refusal(m, "Wulfric", to) for to in ends}
        for who in ("Wulfric", "Orc"):
            m.update(m.creature(who).replace(**change))
            now = {to: _path_or_refusal(m, "Wulfric", to) for to in ends}  # kept
            kept.clear()
            m._cache.clear()
            assert now == {to: _path_or_refusal(m, "Wulfric", to) for to in ends}, change
        if change == {"conditions": ["prone"]}:
            assert now != before  # the search's answers changed with the creature


@pytest.mark.parametrize("override", [None, True, False])
def test_readings_kept_on_a_creature_are_fresh_readings_after_every_change(override):
    """What the map reads from a creature (its conditions, their flags, whether it
    threatens: "Reach & Threatened Area", "Prone", "Grappled Condition") is kept on the
    creature, a frozen value: after every change (a new creature) each reading equals
    the one read from a fresh copy that has nothing kept."""
    import dataclasses

    from lfgcombat.battlemap.reading import _conditions, condition_flags
    from lfgcombat.creature import load_example
    m = HexMap(6, 5)
    m.place(load_example("orc"), (2, 2), side="orcs", threatens=override)
    m.place(load_example("wulfric"), (3, 2), side="party")
    changes = [["prone"], ["grappled"], ["blinded"], [], ["helpless"], ["prone", "frightened"],
               ["unconscious"], []]
    seen = set()
    for conds in changes:
        m.update(m.creature("Orc").replace(conditions=conds))
        orc = m.creature("Orc")
        for _ in range(2):  # the second time from what was kept
            fresh = dataclasses.replace(orc)
            assert "_map_reads" not in vars(fresh)
            assert _conditions(orc) == _conditions(fresh)
            assert condition_flags(orc) == condition_flags(fresh)
            for prone in (False, True):
                got = m._threatens("Orc", but_for_prone=prone)
                m._cache.clear()
                m._placed["Orc"].creature = fresh
                assert got == m._threatens("Orc", but_for_prone=prone), (conds, prone)
                m._placed["Orc"].creature = orc
                m._cache.clear()
                seen.add(got)
    assert seen == ({True, False} if override is not False else {False})


def test_a_reading_kept_on_a_creature_follows_the_gms_override():
    """One creature object placed on maps that say otherwise of it (``threatens=``): each
    map's answer is its own ("Reach & Threatened Area"), although the reading is kept on
    the creature."""
    from lfgcombat.creature import load_example
    orc = load_example("orc").replace(conditions=["frightened"])  # a new object
    answers = []
    for override in (None, True, False, None):
        m = HexMap(6, 5)
        m.place(orc, (2, 2), side="orcs", threatens=override)
        answers.append((m._threatens("Orc"), m._threatens("Orc", but_for_prone=True)))
    assert answers == [(True, True), (True, True), (False, False), (True, True)]


def test_speed_ft_is_the_tokens_move_speed():
    """:meth:`HexMap.speed_ft` (what a move's budget reads) is ``token(name).speed_ft``:
    walking, hurt or Prone, with the GM's speed, and while flying ("Other Types of
    Movement")."""
    from lfgcombat.creature import load_example
    m = HexMap(6, 5)
    m.place(load_example("wulfric"), (1, 1), side="party")
    m.place(load_example("orc"), (4, 1), side="orcs", speed=20)
    seen = set()
    for conds in ([], ["prone"], ["injured"], ["encumbered"]):
        m.update(m.creature("Wulfric").replace(conditions=conds))
        for n in m.names:
            assert m.speed_ft(n) == m.token(n).speed_ft
            seen.add(m.speed_ft(n))
    with m.moving("Wulfric", "fly", 10):
        assert m.speed_ft("Wulfric") == m.token("Wulfric").speed_ft
    assert len(seen) > 1
    with pytest.raises(IllegalActionError, match="no creature named"):
        m.speed_ft("Nobody")


def _passable_by_every_check(m: HexMap, name: str, anchor, avoid_names: frozenset,
                             through_helpless: bool):
    """:meth:`_footprint_passable` with every cell's checks made (walls and doors, the
    movement mode's terrain), as before its short cut for a map with no terrain."""
    p = m._placed[name]
    cells = m._footprint_at(p.size, anchor)
    level = m._level(name)
    for c in cells:
        if c not in m._cells or m._blocks_at(c, level) or m._mode_refuses(c, name):
            return None
        for o in m._occupants.get(c, ()):
            if o == name or m._level(o) != level:
                continue
            if ((not through_helpless and m._placed[o].side != p.side) or o in avoid_names
                    or not m._share_ok(name, p.side, p.size, o, ending=False)):
                return None
    return cells


@pytest.mark.parametrize("terrain", [None, "difficult", "wall", "water", "climbable"])
def test_a_search_step_on_open_ground_is_the_step_with_every_check(terrain):
    """A movement search's step (:meth:`_footprint_passable`, "Moving in Combat – Terrain,
    Creatures, & Other Issues"; "Other Types of Movement"): on a map with no terrain its
    short cut gives what every check gives, for every mode and cell (on and off the map),
    Large creatures and allies or foes in the way included; with terrain, the same."""
    from lfgcombat.creature import load_example
    m = HexMap(7, 6)
    if terrain is not None:
        m.set_terrain([(3, 2), (3, 3)], terrain)
    m.place(load_example("wulfric"), (1, 2), side="party")
    m.place(load_example("ogre"), (5, 3), side="foes")
    m.place(load_example("chessan"), (2, 4), side="party")
    anchors = [m.cell(c, r) for c in range(-1, 8) for r in range(-1, 7)]
    refused = 0
    for name in ("Wulfric", "Ogre"):
        for mode in ("walk", "fly", "swim", "climb", "leap"):
            with m.moving(name, mode, 0):
                for a in anchors:
                    for how in ((frozenset(), True), (frozenset({"Chessan"}), False)):
                        got = m._footprint_passable(name, a, *how)
                        assert got == _passable_by_every_check(m, name, a, *how), (
                            name, mode, a, how)
                        refused += got is None
    assert refused
