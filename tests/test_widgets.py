"""Widgets are thin views: they show what the engine computes and update live."""

from __future__ import annotations

import pytest

import lfgcombat as lfg
from lfgcombat.widgets import DiceLog


def test_dicelog_shows_rolls_newest_first_and_updates_live():
    roller = lfg.Roller(seed=4)
    log = DiceLog(roller)
    assert "no rolls yet" in log._table.value
    first = roller.roll("1d20+5", label="attack")
    second = roller.roll("2d6+3", fortune="fortunate", label="damage")
    html = log._table.value
    assert html.count("class='lfg-roll'") == 2
    assert html.index("damage") < html.index("attack")  # newest first
    assert f">{first.total}<" in html and f">{second.total}<" in html
    assert f"{first.p_at_least:.1%}" in html
    assert "lfg-dicelog" in log._dom_classes
    assert repr(log) == "DiceLog(Roller(seed=4, rolls=2), showing 2 of 2)"


def test_dicelog_filter_and_max_rows():
    roller = lfg.Roller(seed=4)
    log = DiceLog(roller, max_rows=3)
    for i in range(5):
        roller.roll("1d20", label=f"save {i}")
    roller.roll("1d8", label="dagger")
    assert len(log.rows()) == 3
    log._search.value = "dag"
    assert list(log.rows()["label"]) == ["dagger"]
    assert log._table.value.count("class='lfg-roll'") == 1


def test_dicelog_marks_natural_20_and_stops_after_close():
    roller = lfg.Roller(seed=0)
    log = DiceLog(roller)
    while roller.roll("1d20").natural != 20:
        pass
    assert "#e6f4ea" in log._table.value
    log.close()
    roller.roll("1d4", label="after close")
    assert "after close" not in log._table.value


def test_dicelog_refuses_a_non_roller():
    with pytest.raises(TypeError, match="Roller"):
        DiceLog("1d20")


def test_dicelog_numbers_rows_from_1_and_explains_the_other_roll():
    roller = lfg.Roller(seed=2)
    log = DiceLog(roller)
    roller.roll("1d20", label="first")
    roller.roll("1d20", fortune="unfortunate", label="save")
    rows = log._table.value.split("class='lfg-roll'")[1:]
    assert rows[0].split("</td>")[0].endswith(">2") and rows[1].split("</td>")[0].endswith(">1")
    assert "other roll" in log._table.value and "the one not kept" in log._table.value
    assert "Unfortunate (keep the lower)" in log._table.value  # said under the table too


def test_dicelog_shows_no_odds_for_a_miss_chance():
    roller = lfg.Roller(seed=2)
    log = DiceLog(roller)
    miss = roller.miss_chance(50, label="50% miss chance (total concealment)")
    row = log._table.value.split("class='lfg-roll'")[1]
    cells = [c.rsplit(">", 1)[-1] for c in row.split("</td>")[:-1]]
    assert cells[-1] == "" and f"{miss.roll.p_at_least:.1%}" not in row


# -- generated input: random clicks and values into the tracker and the panel (issue 11) ------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_TRIED = {"tracker": 0, "panel": 0}


def _controls(widget) -> list:
    """Every visible, enabled control under ``widget`` (buttons, dropdowns, boxes)."""
    import ipywidgets as W
    found, todo = [], [widget]
    while todo:
        w = todo.pop()
        if getattr(getattr(w, "layout", None), "display", None) == "none":
            continue
        if isinstance(w, (W.Button, W.Dropdown, W.Text, W.Combobox, W.IntText,
                          W.BoundedIntText, W.Checkbox, W.FloatSlider)):
            if not getattr(w, "disabled", False):
                found.append(w)
        todo.extend(getattr(w, "children", ()))
    return found


def _poke(w, data) -> None:
    """One user input into ``w``: a click, a pick among its options, or typed text/numbers."""
    import ipywidgets as W
    if isinstance(w, W.Button):
        w.click()
    elif isinstance(w, W.Dropdown):
        if w.options:
            w.index = data.draw(st.integers(0, len(w.options) - 1))
    elif isinstance(w, (W.Text, W.Combobox)):
        w.value = data.draw(st.sampled_from(
            ["", " ", "prone", "bleed 2", "banana", "3, 1", "(2, 2)", "99, 99", "-1,0", "x",
             "the orc moves", "weakened 9", "ablaze", "Orc", "1d20"]))
    elif isinstance(w, (W.IntText, W.BoundedIntText)):
        w.value = data.draw(st.integers(-5, 60))
    elif isinstance(w, W.Checkbox):
        w.value = not w.value
    elif isinstance(w, W.FloatSlider):
        w.value = data.draw(st.floats(0, 1))


def _fight():
    from lfgcombat import Creature, HexMap
    from lfgcombat.engine import Encounter
    from lfgcombat.widgets import BattleMap
    from lfgcombat.widgets.initiative import InitiativeTracker
    sword = {"name": "longsword", "damage": "1d8", "crit": "19-20/x2", "damage_type": "s"}
    cs = [Creature.from_dict({"name": n, "class": "fighter", "level": 5,
                              "initiative_rating": i, "weapons": [sword]})
          for n, i in (("Hero", 40), ("Ally", 0), ("Orc", 0))]
    m = HexMap(8, 5)
    for c, at, side in zip(cs, ((1, 1), (1, 3), (3, 1)), ("party", "party", "orcs")):
        m.place(c, at, side)
    enc = Encounter(cs, sides={"party": ["Hero", "Ally"], "orcs": ["Orc"]}, map=m, seed=3)
    return enc, InitiativeTracker(enc, battlemap=BattleMap(enc.map), dicelog=True)


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_random_tracker_input_shows_messages_and_refusals_change_nothing(data):
    """Random clicks, picks and typing in the InitiativeTracker (and clicks on its map,
    on and off the hexes): nothing raises into the kernel, and whenever the status line
    turns to a refusal the encounter is exactly as it was before that input."""
    enc, t = _fight()
    for _ in range(data.draw(st.integers(1, 14))):
        before, said = enc.snapshot(), t.status.value
        if data.draw(st.integers(0, 5)) == 0:
            t.battlemap.click(data.draw(st.sampled_from(
                [(2, 1), (0, 0), (7, 4), (99, 99), (-1, 2), ("a", 1), None])))
        else:
            controls = _controls(t)
            _poke(data.draw(st.sampled_from(controls)), data)
        _TRIED["tracker"] += 1
        if t.status.value != said and "lfg-error" in t.status.value:
            assert enc.snapshot() == before, t.status_text
    print(f"tracker inputs tried so far: {_TRIED['tracker']}")


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_random_attack_panel_input_shows_messages(data):
    """Random choices in the AttackPanel, known and unknown names included: every answer is
    the odds or a message in the panel, never an exception."""
    from lfgcombat.creature import load_example
    from lfgcombat.widgets import AttackPanel
    roller = lfg.Roller(seed=1)
    panel = AttackPanel([load_example(n) for n in ("rock", "orc", "mayat")], roller)
    names = ["Rock", "Orc", "Mayat", "Nobody", ""]
    for _ in range(data.draw(st.integers(1, 10))):
        if data.draw(st.booleans()):
            panel.choose(**{data.draw(st.sampled_from(["attacker", "target", "weapon"])):
                            data.draw(st.sampled_from(names + ["longbow", "dane axe"]))})
        else:
            _poke(data.draw(st.sampled_from(_controls(panel))), data)
        _TRIED["panel"] += 1
        assert (panel.setup is None) == bool(panel.error)
        assert panel.error or panel.odds is not None
    print(f"attack panel inputs tried so far: {_TRIED['panel']}")


# hostile values a notebook user can pass: huge (str() refuses 5,000 digits), NaN, wrong types
_HOSTILE = [10**5000, -10**30, 2**70, float("nan"), float("inf"), 1.5, True, None, "1e9", b"x",
            [1, 2], {"a": 1}, (10**5000, 1), (float("nan"), 1), (1, "x"), (2**70, 1), (1, 2, 3)]


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_hostile_values_into_the_battlemap_and_the_sheet_show_messages(data):
    """Issue 11 audit: ``BattleMap.click((10**5000, 1))`` raised Python's ValueError from
    formatting the number. Every entry point answers with a short message (or the kit's own
    error), never a raw Python error, and the sheet keeps its last valid creature."""
    from lfgcombat import HexMap
    from lfgcombat.creature import load_example
    from lfgcombat.errors import LfgError
    from lfgcombat.widgets import BattleMap, CharacterSheet
    m = HexMap(8, 5)
    m.place(load_example("rock"), (1, 1), "party")
    bm = BattleMap(m)
    sheet = CharacterSheet(load_example("orc"))
    for _ in range(data.draw(st.integers(1, 8))):
        value = data.draw(st.sampled_from(_HOSTILE))
        where = data.draw(st.sampled_from(["click", "select", "show_cover", "apply", "save",
                                           "load", "field"]))
        try:
            if where == "click":
                bm.click(value)
                assert len(bm.status_text) < 400
            elif where in ("select", "show_cover"):
                bm.select("Rock")
                getattr(bm, where)(value)
            elif where == "field":
                key = data.draw(st.sampled_from(["level", "speed", "str", "armor_rating"]))
                if isinstance(value, int):  # what an IntText holds
                    sheet._fields[key].value = value
            elif where == "apply":
                before = sheet.creature
                assert sheet.apply(value) is False  # none of them is a creature's dict
                assert sheet.creature is before and sheet.error
            elif not isinstance(value, str):  # (a text is a real file name: not written)
                before = sheet.creature
                getattr(sheet, where)(value)
                assert sheet.creature is before
                assert "must be text" in sheet._status.value or value is None
        except LfgError as err:
            assert len(str(err)) < 400
    assert "Exceeds the limit" not in bm.status_text + sheet._status.value
