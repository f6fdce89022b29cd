"""The map and the conditions data agree, condition by condition (one source of truth).

What a condition does to movement and threatening is a column of ``data/conditions.csv``
(``immobile``, ``cannot_run``, ``cannot_5ft_step``, ``threatens``; ``implies`` for
Helpless), cited from 000_8d1d7816ee944f3b.txt, "Conditions – Full Details". The battle map
reads those columns and nothing else: for every row of the table, a token with that
condition may move, run, 5-foot step and threaten exactly when the data says so, and a
creature's sheet (its Move Speed) agrees with the map.
"""

from __future__ import annotations

import pytest

from lfgcombat import Creature
from lfgcombat.rules.conditions.conditions import Condition, parse_condition, resolve, specs
from lfgcombat.battlemap import Figure, HexMap

SWORD = {"name": "longsword", "damage": "1d8", "crit": "19-20/x2", "damage_type": "s"}


def _text(key: str) -> str:
    """The condition as a creature file writes it (``weakened 3``, ``bleed 1``)."""
    s = specs()[key]
    if s.stage is not None:
        return f"weakened {s.stage}"
    return f"{key} 1" if s.value == "amount" else key


def _data(key: str):
    return resolve([parse_condition(_text(key))])


def _map_with(creature) -> HexMap:
    m = HexMap(9, 7)
    m.place(creature, (4, 3))
    return m


@pytest.mark.parametrize("key", sorted(specs()))
def test_map_movement_follows_the_conditions_data(key: str) -> None:
    data = _data(key)
    immobile = bool(data.flagged("immobile"))
    m = _map_with(Figure("T", conditions=(_text(key),)))
    assert (len(m.reachable("T")) == 0) is immobile, key
    no_run = immobile or bool(data.flagged("cannot_run"))
    assert (len(m.reachable("T", action="run")) == 0) is no_run, key
    no_step = immobile or bool(data.flagged("cannot_5ft_step"))
    assert (len(m.reachable("T", action="five_foot_step")) == 0) is no_step, key


@pytest.mark.parametrize("key", sorted(specs()))
def test_map_threat_and_helplessness_follow_the_conditions_data(key: str) -> None:
    data = _data(key)
    tok = _map_with(Figure("T", conditions=(_text(key),))).token("T")
    assert tok.threatens is data.threatens, key
    assert tok.helpless is (Condition.HELPLESS in data), key


@pytest.mark.parametrize("key", sorted(specs()))
def test_sheet_and_map_agree_on_moving(key: str) -> None:
    """A creature whose sheet says Move Speed 0 gets no cell on the map, and one whose
    sheet lets it move gets cells (the Grappled creature of issue 10 had 30 ft on its
    sheet and 0 cells on the map)."""
    c = Creature.from_dict({"name": "C", "class": "fighter", "level": 5, "weapons": [SWORD],
                            "conditions": [_text(key)]})
    m = _map_with(c)
    assert (c.move_speed.value == 0) is (len(m.reachable("C")) == 0), key
    assert c.move_speed.can_run is (len(m.reachable("C", action="run")) > 0), key
    assert c.move_speed.can_five_foot_step is (
        len(m.reachable("C", action="five_foot_step")) > 0), key
    assert m.token("C").threatens is c.threatens, key


def test_grappled_is_immobile_in_the_data_and_on_the_sheet() -> None:
    """"Grappled Condition: ... You cannot move from your hex without succeeding an
    opposed Wrestling check" (000_8d1d7816ee944f3b.txt, "Grappled Condition")."""
    assert specs()["grappled"].immobile and specs()["pinned"].immobile
    c = Creature.from_dict({"name": "C", "class": "fighter", "level": 5, "weapons": [SWORD],
                            "conditions": ["grappled"]})
    assert c.move_speed.value == 0
    assert len(_map_with(c).reachable("C")) == 0
