"""The readings of where creatures stand found again when a map stands as a map stood
before (lfgcombat/battlemap/core.py, ``_kept_here``; pathing.py, ``_here_key``; issue 25,
item 4: GM prep plays the same start again and again, and a fight's states repeat).

Each reading found again is compared with a fresh one: on a second map built alike, after a
creature moves away and back, and after a creature reads differently (Prone threatens
nothing: 000_8d1d7816ee944f3b.txt, "Reach & Threatened Area"), which is another state.
"""

from __future__ import annotations

import pytest

from lfgcombat.battlemap import kept

from ._maps import skirmish
from .test_map_kept_here import _fresh, _kept


@pytest.fixture(autouse=True)
def _forget():
    kept.clear()
    yield
    kept.clear()


def _here(m):
    """The map's readings of where creatures stand now (the dict itself)."""
    return m._kept_here()


def test_a_map_built_alike_finds_the_first_ones_readings_and_they_are_fresh():
    first = skirmish()
    readings = _kept(first)
    second = skirmish()
    assert second._here_key() == first._here_key()
    assert _kept(second) == readings == _fresh(second)
    assert _here(second) is _here(first)


def test_moving_away_and_back_finds_the_readings_again():
    m = skirmish()
    _kept(m)
    before = _here(m)
    m.relocate("Wulfric", (4, 3))
    assert _kept(m) == _fresh(m)
    assert _here(m) is not before
    m.relocate("Wulfric", (3, 2))
    assert _kept(m) == _fresh(m)
    assert _here(m) is before


def test_a_creature_read_differently_is_another_state():
    m = skirmish()
    _kept(m)
    before = _here(m)
    orc = m.creature("Orc 1")
    m.update(orc.replace(conditions=["prone"]))
    assert _kept(m) == _fresh(m)
    assert _here(m) is not before
    assert not m.threatened("Orc 1")
    m.update(orc)
    assert _kept(m) == _fresh(m)
    assert _here(m) is before


def test_a_wound_and_a_turn_keep_the_key():
    m = skirmish()
    key = m._here_key()
    orc = m.creature("Orc 1")
    m.update(orc._with_hp(orc.hp - 3, orc.temp_hp))
    m.start_turn("Orc 1")
    assert m._here_key() == key


def test_a_creature_of_no_known_kind_gets_readings_of_its_own():
    class Duck:
        name = "Duck"
        size = "medium"
        hp = 5

    m = skirmish(shaman=False)
    m.place(Duck(), (1, 1), side="ducks")
    assert m._here_key() is None
    assert _kept(m) == _fresh(m)
    assert "here" not in kept._KEPT or not any(
        v is _here(m) for v in kept._KEPT["here"].values())


def _fresh_passed(m, n) -> tuple:
    from lfgcombat.battlemap.terrain import _a_body
    t = m._threatens_now(n, False)
    return ("passed", t, m._reach(n) if t else 0, m._helpless(n), _a_body(m.creature(n)))


def test_what_a_search_reads_of_the_others_kept_here_is_read_now():
    """The verdicts a movement reads of the other creatures (threatening and how far,
    helpless, a body: lfgcombat/battlemap/pathing.py, ``_as_passed``), kept with the
    readings of where creatures stand, against the same read now: standing, Prone,
    unconscious (helpless, a body), and on a second map built alike."""
    m = skirmish()
    orc = m.creature("Orc 1")
    for version in (orc, orc.replace(conditions=["prone"]), orc._with_hp(-3, 0), orc):
        m.update(version)
        for n in m.names:
            assert m._as_passed(n, m._placed[n]) == _fresh_passed(m, n), (n, version.hp)
    second = skirmish()
    for n in second.names:
        assert second._as_passed(n, second._placed[n]) == _fresh_passed(second, n)
