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
