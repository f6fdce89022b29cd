"""Hurdling with Jump&Sprint (000_8d1d7816ee944f3b.txt, "Leaper": "You may make a Jump&Sprint
check to hurdle a barrier or leap over an obstacle as part of a Big Action movement";
"Obstacles": "You may hurdle over an object of ¼ your height ... in stride"; "Prone":
"jumping over the enemy (Jump&Sprint DC20+)"). The skill chapter's DCs are lost:
data/hurdles.csv rebuilds them, each inferred row saying why."""

from __future__ import annotations

import pytest

from lfgcombat import Creature, HexMap
from lfgcombat.encounter import Encounter
from lfgcombat.errors import IllegalActionError
from lfgcombat.movement_modes import MovementModeError, body_height_ft, hurdle_dc
from lfgcombat.tables import load_table, parse_source
from encounter.helpers import mk, refused


def test_heights_come_from_the_sizes_table() -> None:
    """The middle of each size's Height/Length range ("Creature Size Category Table")."""
    assert body_height_ft("medium") == 5.5 and body_height_ft("small") == 3.0
    assert body_height_ft("diminutive") == 0.75 and body_height_ft("large") == 11.0
    with pytest.raises(MovementModeError, match="unknown size"):
        body_height_ft("enormous")


@pytest.mark.parametrize("size, barrier, dc", [
    ("medium", 1, None),   # a quarter of 5.5 ft or less: in stride ("Obstacles")
    ("medium", 2, 10), ("medium", 4, 15), ("medium", 5.5, 20), ("medium", 8, 25),
    ("small", 1.5, 10),    # half of a Small creature's 3 ft
    ("large", 5, 10),      # a Large creature (11 ft) clears a man-high wall easily
])
def test_the_dc_follows_the_barrier_as_a_share_of_the_jumpers_height(size, barrier, dc):
    assert hurdle_dc(size, barrier).dc == dc


def test_a_prone_enemy_is_dc_20_as_the_text_says() -> None:
    assert hurdle_dc("medium", prone_enemy=True).dc == 20


def test_a_leaper_adds_half_its_x_to_the_height_it_clears() -> None:
    """"A vertical leap may be increased by +(X/2) feet": Leaper 10 clears 5 ft more, so a
    4-ft barrier (DC 15) counts as 0 ft - in stride."""
    h = hurdle_dc("medium", 4, leaper=10)
    assert h.effective_ft == 0 and h.dc is None
    assert hurdle_dc("medium", 7.5, leaper=10).dc == 10  # 2.5 ft left: under half its height


def test_too_tall_or_bad_barriers_are_refused() -> None:
    with pytest.raises(IllegalActionError, match="climb it or fly"):
        hurdle_dc("medium", 9)
    for bad in (-1, "tall", True):
        with pytest.raises(MovementModeError, match="barrier_ft"):
            hurdle_dc("medium", bad)


def test_every_rebuilt_dc_is_marked_inferred_with_why() -> None:
    t = load_table("hurdles")
    for _, row in t.iterrows():
        cites, why = parse_source(row["source"])
        assert cites
        if row["hurdle"] in ("low", "high", "head", "overhead"):
            assert why and "lost" in why
        else:  # the text's own: in stride, the prone enemy's DC20
            assert why is None


def _jumpers(leaper: int = 0, jump: int = 0) -> Encounter:
    line = "Move Speed 30" + (f", Leaper {leaper}" if leaper else "")
    d = Creature.from_dict({"name": "Deinonychus", "level": 3, "max_hp": 30, "speed": 30,
                            "initiative_rating": 40, "movement": line,
                            "skills": {"jump&sprint": jump}})
    m = HexMap(8, 3)
    m.place(d, (1, 1), "raptors")
    m.place(mk("Far"), (7, 1), "foes")
    return Encounter([d, mk("Far")], map=m, seed=2).start()


def test_the_encounter_rolls_the_check_and_logs_it() -> None:
    enc = _jumpers(jump=4)
    ev = enc.hurdle("Deinonychus", 4)  # DC 15
    assert ev.kind == "hurdled" and ev.data["dc"] == 15
    roll = next(e for e in reversed(enc.log) if e.kind == "roll")
    assert roll.data["total"] == ev.data["total"] == roll.data["natural"] + 4
    assert ev.data["success"] == (ev.data["total"] >= 15)
    assert enc.actions_left("Deinonychus").big == 2  # part of a movement: no action spent
    stride = enc.hurdle("Deinonychus", 1)
    assert stride.data["dc"] is None and stride.data["success"] and stride.data["total"] is None
    again = Encounter._from_header(enc._header())
    for e in enc.log:
        if e.command:
            again._do(e.kind, dict(e.data))
    assert again.snapshot() == enc.snapshot()


def test_a_leaper_hurdles_in_stride_what_others_roll_for() -> None:
    enc = _jumpers(leaper=10)
    assert enc.hurdle("Deinonychus", 4).data["dc"] is None


def test_a_bad_hurdle_is_refused_and_changes_nothing() -> None:
    enc = _jumpers()
    refused(enc, enc.hurdle, "Deinonychus", 20, match="climb it or fly")
    refused(enc, enc.hurdle, "Far", 2, match="turn")
