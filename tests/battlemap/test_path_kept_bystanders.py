"""A movement's reach kept across bystanders the search reads the same (issue 25, item 4:
lfgcombat/battlemap/pathing.py, ``_Pathing._as_passed``).

A search reads of the creatures other than the mover only where they stand and what the
map reads of them: whether they threaten and how far, whether they are helpless (so
passable, "Occupied Space-Enemy"), and whether they are a body that makes Difficult
Terrain ("Bodies of dead & unconscious Medium Size+ creatures cause Difficult Terrain")
(000_8d1d7816ee944f3b.txt, "Moving in Combat – Terrain, Creatures, & Other Issues"). An orc
bleeding out through Injured, Unconscious, Dying and dead is compared here at every HP:
each reach kept is the one a fresh search finds, paths included, and a reach is found
kept for a bystander whose conditions' names changed but read the same.
"""

from __future__ import annotations

import pytest

from lfgcombat.battlemap import HexMap, kept
from lfgcombat.battlemap.pathing import _token_of

from ._maps import skirmish


@pytest.fixture(autouse=True)
def _forget():
    kept.clear()
    yield
    kept.clear()


def _paths(r) -> tuple:
    """A reach and every path it holds (avoiding AOO and not)."""
    return r, {(c, s): r.path_to(c, s) for c in r.cost for s in (True, False)}


def _reach(m: HexMap, name: str, *, fresh: bool) -> tuple:
    """``name``'s reach with its paths, as kept (the map's own cache emptied) or searched
    now (``fresh``: nothing kept is read or changed)."""
    m._cache.clear()
    return _paths(HexMap._reachable_now(m, name, None, "move") if fresh
                  else m.reachable(name))


def test_a_dying_orc_finds_the_reach_kept_for_it_unconscious_and_fresh_agrees(monkeypatch):
    m = skirmish()
    for n in m.names:
        m.start_turn(n)
    orc = m.creature("Orc 1")
    m.relocate("Orc 1", (2, 2))  # beside Wulfric, in Mayat's way
    made = []
    work = HexMap._reachable_now
    monkeypatch.setattr(HexMap, "_reachable_now",
                        lambda self, *a: made.append(a) or work(self, *a))
    fresh = work
    seen: dict = {}
    found_kept = 0
    for hp in range(orc.hp, -16, -1):
        copy = orc._with_hp(hp, 0)
        m.update(copy)
        for mover in ("Wulfric", "Mayat", "Orc 2"):
            before = len(made)
            got = _reach(m, mover, fresh=False)
            key = (mover, m._as_passed("Orc 1", m._placed["Orc 1"]))
            if len(made) == before and _token_of(copy) not in seen.get(key, ()):
                found_kept += 1  # kept for a copy of other conditions' names
            seen.setdefault(key, set()).add(_token_of(copy))
            m._cache.clear()
            assert got == _paths(fresh(m, mover, None, "move")), (hp, mover)
    assert found_kept >= 3  # Injured, and dying from merely unconscious, for each mover


def test_a_bystander_read_differently_is_searched_again():
    """Prone, the orc threatens nothing ("Prone"): its neighbours are no longer provoking
    ends, so its token differs and the reach is searched again."""
    m = skirmish(shaman=False)
    orc = m.creature("Orc 1")
    prone = orc.replace(conditions=["prone"])
    before = m._as_passed("Orc 1", m._placed["Orc 1"])
    first = _reach(m, "Wulfric", fresh=False)
    m.update(prone)
    assert m._as_passed("Orc 1", m._placed["Orc 1"]) != before
    again = _reach(m, "Wulfric", fresh=False)
    assert again == _reach(m, "Wulfric", fresh=True)
    assert again[0].provoking != first[0].provoking


def test_a_kept_reach_is_handed_out_as_a_copy_equal_field_by_field():
    """Each state of the map gets a reach of its own (:func:`_copy_of`), the same as
    ``dataclasses.replace`` made: every field, the cells in order, every path."""
    from dataclasses import fields, replace

    from lfgcombat.battlemap.pathing import _copy_of
    m = skirmish()
    first = m.reachable("Wulfric")
    m.start_turn("Orc 1")  # the map's cache emptied: the kept reach handed out again
    again = m.reachable("Wulfric")
    assert again is not first
    for r in (first, again, _copy_of(first)):
        made = replace(first)
        assert [getattr(r, f.name) for f in fields(r)] == \
            [getattr(made, f.name) for f in fields(made)]
        assert list(r) == list(made) and r.explain() == made.explain()
        assert _paths(r) == _paths(made)


def test_kept_provokers_are_the_ones_found_now():
    """"Exiting a threatened hex provokes AOO from any creature threatening that hex"
    (000_8d1d7816ee944f3b.txt, "What actions normally Provoke AOO?"): who may take an AOO
    along each path, kept by the map's state, is who the rule finds now, as creatures
    move, fall Prone (threatening nothing) and a new map is built alike."""
    from lfgcombat.battlemap.moves import _MoveRules

    def check(m: HexMap) -> int:
        n = 0
        for name in m.names:
            r = m.reachable(name)
            for c in sorted(r.cost)[::3]:
                for safe in (True, False):
                    path = r.path_to(c, safe)
                    m._cache.clear()
                    got = m.provokers(name, path)
                    fresh = _MoveRules._provokers(m, name, m._placed[name], list(path), "move")
                    assert got == fresh and got.names == fresh.names, (name, path)
                    n += len(got)
        return n

    m = skirmish()
    assert check(m)
    assert check(skirmish())  # found kept
    m.relocate("Wulfric", (5, 3))
    check(m)
    m.update(m.creature("Orc 1").replace(conditions=["prone"]))
    check(m)
    assert kept._KEPT.get("provokers")
