"""The Up/down row offers only the movement modes the acting creature can use (issue 26,
items 1-2): those the engine gives it a speed in (``Encounter.speeds``;
000_8d1d7816ee944f3b.txt, "Other Types of Movement"), asked of the engine, not copied."""

from __future__ import annotations

import pytest

pytest.importorskip("ipyleaflet")

from lfgcombat import Creature, HexMap  # noqa: E402
from lfgcombat.engine import Encounter  # noqa: E402
from lfgcombat.widgets.initiative import InitiativeTracker  # noqa: E402

from .test_tracker_redraw import table  # noqa: E402


def beast(name: str, movement: str, init: int, speed: int = 30) -> Creature:
    return Creature.from_dict({"name": name, "level": 3, "max_hp": 30, "speed": speed,
                               "initiative_rating": init, "movement": movement})


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_walkers_are_offered_walking_only(ruleset: str) -> None:
    enc, t = table(ruleset)
    assert len(t.updown_rows.mode.options) == 5  # nobody acts yet: every mode
    t.start()
    assert [m for _l, m in t.updown_rows.mode.options] == ["walk"]
    # the Move row walks: the Up/down row is hidden, and the line says why
    assert t.updown_rows.updown_row.layout.display == "none"
    assert "only walks (no Fly, Swim, Climb or Leap)" in t.hidden_rows["Up/down"]


def test_each_creature_is_offered_its_own_modes() -> None:
    hawk = beast("Hawk", "Move Speed 30, Fly 60 [good]", 40)
    eel = beast("Eel", "Swim 40", 20, speed=0)  # cannot walk
    frog = beast("Frog", "Move Speed 30, Leaper 20", 0)
    m = HexMap(6, 3)
    for c, at in ((hawk, (0, 0)), (eel, (3, 1)), (frog, (5, 2))):
        m.place(c, at, c.name)
    enc = Encounter([hawk, eel, frog], map=m, seed=1)
    t = InitiativeTracker(enc)
    t.start()
    seen = {}
    for _ in range(3):
        me = enc.acting[0]
        seen[me] = [mode for _l, mode in t.updown_rows.mode.options]
        (t._last_buttons[0] if t._last_buttons else t._end).click()
    assert seen == {"Hawk": ["fly", "walk"], "Eel": ["swim"], "Frog": ["leap", "walk"]}


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_an_empty_hex_box_waits_without_a_refusal(ruleset: str) -> None:
    """Move and Run wait for a hex, off, without a "not now - to: ... not ''" line (a new
    user read that before typing anything); a typed hex the engine refuses still says
    why."""
    enc, t = table(ruleset)
    t.start()
    rows = t.updown_rows
    rows.to.value = ""
    rows.check_offers()
    assert rows.move_button.disabled and rows.run_button.disabled
    assert "Move:" not in rows.why.value and "not ''" not in rows.why.value
    rows.to.value = "99, 99"
    rows.check_offers()
    # walkers: the Up/down row is hidden (issue 26, item 1), its refusal not repeated
    assert rows.move_button.disabled and "Move: not now" not in rows.why.value
    assert rows.updown_row.layout.display == "none"


def test_a_typed_hex_the_engine_refuses_says_why() -> None:
    hawk = beast("Hawk", "Move Speed 30, Fly 60 [good]", 40)
    frog = beast("Frog", "Move Speed 30, Leaper 20", 0)
    m = HexMap(6, 3)
    m.place(hawk, (0, 0), "birds")
    m.place(frog, (5, 2), "frogs")
    t = InitiativeTracker(Encounter([hawk, frog], map=m, seed=1))
    t.start()
    rows = t.updown_rows
    assert rows.updown_row.layout.display is None  # the Hawk flies
    rows.to.value = "99, 99"
    rows.check_offers()
    assert rows.move_button.disabled and "Move: not now" in rows.why.value
