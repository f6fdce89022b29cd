"""The ceiling is checked everywhere a creature gets its altitude, and when the GM lowers
it: 000_8d1d7816ee944f3b.txt, "Other Types of Movement" (Fly moves in three dimensions; the
kit's headroom rule: a body, its size's height, fits under the map's ceiling) and "Volley
Shots & Indirect Fire" (the map knows ceilings). Each refusal names the rule and changes
nothing (HexMap.snapshot is equal)."""

from __future__ import annotations

import pytest

from lfgcombat import HexMap, IllegalActionError
from lfgcombat.battlemap import Figure
from lfgcombat.battlemap.altitude import AltitudeError, headroom_problem
from lfgcombat.battlemap.values import MapFormatError
from encounter.helpers import mk

RULE = '"Other Types of Movement"'


def bird(name: str = "Hawk", size: str = "medium") -> Figure:
    return Figure(name, size, 30, None, True, ())


def test_headroom_of_a_body_under_a_ceiling():
    assert headroom_problem(None, "Hawk", "medium", 100) is None
    assert headroom_problem(20, "Hawk", "medium", 10) is None  # 10 + 5.5 <= 20
    assert "at most 10 ft up" in headroom_problem(20, "Hawk", "medium", 15)
    assert headroom_problem(5, "Hawk", "medium", 0) is None  # the ground is always allowed


def test_place_refuses_an_altitude_through_the_ceiling_and_changes_nothing():
    m = HexMap(5, 3)
    m.ceiling = 20
    before = m.snapshot()
    with pytest.raises(IllegalActionError, match="20-ft ceiling") as e:
        m.place(bird(), (0, 0), altitude=20)
    assert RULE in str(e.value) and m.snapshot() == before and m.names == []
    m.place(bird(), (0, 0), altitude=10)
    assert m.altitude("Hawk") == 10


def test_set_altitude_refuses_through_the_ceiling():
    m = HexMap(5, 3)
    m.ceiling = 20
    m.place(bird(), (0, 0), altitude=10)
    before = m.snapshot()
    with pytest.raises(IllegalActionError, match="at most 10 ft up"):
        m.set_altitude("Hawk", 15)
    assert m.snapshot() == before


def test_the_gm_cannot_lower_the_ceiling_through_a_flyer():
    m = HexMap(5, 3)
    m.place(bird(), (0, 0), altitude=30)
    m.place(bird("Walker"), (2, 0))
    before = m.snapshot()
    with pytest.raises(IllegalActionError, match="cannot lower the ceiling to 20 ft") as e:
        m.ceiling = 20
    assert RULE in str(e.value) and "Hawk" in str(e.value) and "Walker" not in str(e.value)
    assert m.ceiling is None and m.snapshot() == before
    with pytest.raises(IllegalActionError):
        m.set_ceiling(35)  # 30 + 5.5 > 35
    m.set_ceiling(40)
    assert m.ceiling == 40
    m.set_altitude("Hawk", 0)
    m.ceiling = 10  # nobody in the air: any ceiling from 5 ft
    assert m.ceiling == 10
    for bad in (0, 7.5, "high", True):
        with pytest.raises(AltitudeError):
            m.ceiling = bad
    assert m.ceiling == 10
    m.ceiling = None
    assert m.ceiling is None


def test_lowering_the_ceiling_tells_the_listeners():
    m = HexMap(5, 3)
    seen = []
    m._listeners.append(lambda _m: seen.append(_m.ceiling))
    m.ceiling = 30
    m.ceiling = 30  # unchanged: no call
    assert seen == [30]


def test_the_map_text_refuses_a_creature_through_its_ceiling():
    text = ("terrain: |\n  . . .\nceiling: 20\ncreatures:\n"
            "  - {name: Bird, at: [0, 0], altitude: 15}\n")
    with pytest.raises(MapFormatError, match="line 4.*20-ft ceiling") as e:
        HexMap.from_text(text)
    assert RULE in str(e.value)
    ok = HexMap.from_text(text.replace("altitude: 15", "altitude: 10"))
    assert ok.altitude("Bird") == 10 and ok.ceiling == 20
    assert HexMap.from_text(ok.to_text()).snapshot() == ok.snapshot()
    # a creature object's own size counts: a Large body is 10 ft (data/sizes.csv)
    big = mk("Roc", size="large")
    with pytest.raises(MapFormatError, match="Roc"):
        HexMap.from_text("terrain: |\n  . . . .\n   . . . .\nceiling: 20\ncreatures:\n"
                         "  - {name: Roc, at: [1, 0], altitude: 15}\n", [big])


def test_an_encounters_checkpoint_puts_the_ceiling_back_without_a_check():
    m = HexMap(5, 3)
    m.place(mk("Hero"), (0, 0))
    state = m.updown_state()
    m.ceiling = 10
    m.set_updown_state(state)
    assert m.ceiling is None


def test_the_gms_ceiling_change_mid_fight_is_a_step_that_undo_and_replay_keep(tmp_path):
    """The GM lowers the ceiling during a fight: the encounter records it as a map_edit
    step (with the terrain and the rest of the static layers), so an undo of a later step,
    a fork and a saved fight keep the GM's ceiling, and an undo of the edit takes it back."""
    from lfgcombat import Creature, Encounter, HexMap
    a = Creature.from_dict({"name": "A", "class": "fighter", "level": 3,
                            "initiative_rating": 40})
    b = Creature.from_dict({"name": "B", "class": "fighter", "level": 3})
    m = HexMap(6, 3)
    m.place(a, (0, 1), "x")
    m.place(b, (5, 1), "y")
    enc = Encounter([a, b], map=m, seed=1).start()
    m.ceiling = 30
    enc.move("A", (1, 1))  # the next command records the edit first
    edits = [e for e in enc.log if e.kind == "map_edit"]
    assert len(edits) == 1 and edits[0].data["ceiling"] == 30
    enc.undo()  # the move; the edit stays
    assert enc.map.ceiling == 30
    assert Encounter.load(enc.save(tmp_path / "f.jsonl")).map.ceiling == 30
    assert enc.fork().map.ceiling == 30
    enc.undo()  # the edit
    assert enc.map.ceiling is None
