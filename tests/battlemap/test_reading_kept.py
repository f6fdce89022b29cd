"""What the map reads from a creature is kept on that creature (issue 24, "Fast"), and a
creature changed by play (a new :class:`~lfgcombat.Creature`) is read afresh: its HP
(dead at the death threshold: 000_8d1d7816ee944f3b.txt, "Unconscious & Dying") and its
conditions (Prone: no threatening, 000_8d1d7816ee944f3b.txt, "Reach & Threatened Area")."""

from __future__ import annotations

from lfgcombat.battlemap import HexMap
from lfgcombat.battlemap.reading import _read, condition_flags
from lfgcombat.creature import load_example


def test_a_creature_changed_by_play_is_read_afresh():
    orc = load_example("orc")
    assert _read(orc, "is_dead") is False and _read(orc, "is_dead") is False
    assert "_map_reads" in vars(orc)
    dead = orc.replace(current_hp=-100)  # play's change: the vital fast path of replace
    assert _read(dead, "is_dead") is True
    assert _read(orc, "is_dead") is False
    prone = orc.replace(conditions=["prone"])
    assert "prone" in condition_flags(prone).names
    assert "prone" not in condition_flags(orc).names


def test_the_map_sees_a_creature_updated_in_play():
    m = HexMap(6, 4)
    orc = load_example("orc")
    m.place(orc, (1, 1), side="orcs")
    m.place(load_example("wulfric"), (2, 1), side="party")
    assert m.threatens_creature("Orc", "Wulfric")
    m.update(orc.replace(conditions=["prone"]))
    assert not m.threatens_creature("Orc", "Wulfric")
    m.update(orc)
    assert m.threatens_creature("Orc", "Wulfric")


def test_a_kept_token_and_provokers_follow_every_change_of_the_map():
    """The map keeps a creature's token and a path's provokers until its next change
    (a move, a creature updated, a flyer's altitude): each change gives new answers
    (000_8d1d7816ee944f3b.txt, "What actions normally Provoke AOO?": a Prone foe
    threatens nothing, so leaving its hexes provokes nothing)."""
    m = HexMap(8, 5)
    orc = load_example("orc")
    m.place(orc, (3, 2), side="orcs")
    m.place(load_example("wulfric"), (2, 2), side="party")
    path = [m.cell(2, 2), m.cell(1, 2), m.cell(0, 2)]
    assert m.token("Wulfric") is m.token("Wulfric")
    assert m.provokers("Wulfric", path).names == ["Orc"]
    m.update(orc.replace(conditions=["prone"]))
    assert m.provokers("Wulfric", path).names == []
    assert not m.token("Orc").threatens and "prone" in m.token("Orc").conditions
    m.update(orc)
    assert m.provokers("Wulfric", path).names == ["Orc"]
    m.move("Wulfric", path[:2])
    assert m.token("Wulfric").anchor == m.cell(1, 2)
    assert m.provokers("Wulfric", [m.cell(0, 2)]).names == []
