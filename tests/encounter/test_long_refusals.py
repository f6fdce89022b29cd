"""Refusals quote a short prefix of a huge input (issue 23, item 22: "refusal messages
repeat a 10 MB input in full (quote at most a short prefix)").

Every public Encounter command (and the map and saving-throw calls it shares) that names a
user-given argument in its refusal quotes it through the kit's short quote
(:func:`lfgcombat.shortrepr.short`, :func:`lfgcombat.engine.log.savefile.clip`), and a refused call
changes nothing. The cases are every command and argument a 10-MB text reached the message
of in full (found by calling each public method with it, alone or in a list, in each
argument in turn).
"""

from __future__ import annotations

import pytest

from lfgcombat import Creature, Encounter
from lfgcombat.errors import LfgError
from lfgcombat.rules.health.saves import save_odds

from .helpers import duel, mk

BIG = "x" * 10_000_000

#: (method, positional arguments, keyword arguments), BIG in the argument under test.
CASES = [
    ("damage", ("Orc", 3, BIG), {}),
    ("save_odds", ("Orc", BIG, 10), {}),
    ("save_odds", ("Orc", "fort", BIG), {}),
    ("act", ("Hero", BIG), {}),
    ("ready", ("Hero",), {"trigger": "x", "action": BIG}),
    ("end_turn", (), {"next": BIG}),
    ("act_together", ("Hero", BIG), {}),
    ("attack_held_object", ("Hero", "Orc", BIG), {}),
    ("attack_object", ("Hero", BIG, "longsword"), {}),
    ("break_object", ("Hero", BIG), {}),
    ("force_door", ("Hero", BIG), {}),
    ("free", ("Hero", BIG), {}),
    ("heal", ("Hero", 3), {"source": BIG}),
    ("hit_maneuver", ("Hero", BIG, "trip"), {}),
    ("hurdle", ("Hero", BIG), {}),
    ("knockdown", ("Hero", "Orc"), {"maneuverability": BIG}),
    ("move", ("Hero", (2, 1)), {"mode": BIG}),
    ("run", ("Hero", (2, 1)), {"mode": BIG}),
    ("speeds", (BIG,), {}),
    ("movement_budget", (BIG,), {}),
    ("unintended_odds", (BIG, "Orc"), {}),
    ("unintended_odds", ("Hero", BIG), {}),
    ("volley", ("Hero", (2, 1), BIG), {}),
    # a list holding the 10-MB text, where a cell or a weapon's name is wanted
    ("move", ("Hero", [BIG]), {}),
    ("run", ("Hero", [BIG]), {}),
    ("retreat", ("Hero", [BIG]), {}),
    ("five_foot_step", ("Hero", [BIG]), {}),
    ("open_door", ("Hero", [BIG]), {}),
    ("force_door", ("Hero", [BIG]), {}),
    ("attack_object", ("Hero", [BIG], "longsword"), {}),
    ("volley", ("Hero", [BIG], "longbow"), {}),
    ("volley", ("Hero", (2, 1), [BIG]), {}),
]


@pytest.mark.parametrize("method, args, kwargs", CASES,
                         ids=[f"{m}-{i}" for i, (m, _a, _k) in enumerate(CASES)])
def test_an_encounter_refusal_quotes_a_short_prefix(method, args, kwargs):
    enc = duel(map_=True).start()
    before, events = enc.snapshot(), len(enc.log)
    with pytest.raises(LfgError) as e:
        getattr(enc, method)(*args, **kwargs)
    assert len(str(e.value)) < 1_000, str(e.value)[:200]
    assert "xxxxx" in str(e.value)  # it still quotes what it refused (a prefix)
    assert enc.snapshot() == before and len(enc.log) == events


def test_a_map_terrain_refusal_quotes_a_short_prefix():
    enc = duel(map_=True).start()
    before, text = enc.snapshot(), enc.map.to_text()
    with pytest.raises(LfgError) as e:
        enc.map.set_terrain((0, 0), BIG)
    assert len(str(e.value)) < 1_000 and "xxxxx" in str(e.value)
    assert enc.map.to_text() == text and enc.snapshot() == before


def test_save_odds_quotes_a_short_prefix():
    with pytest.raises(LfgError) as e:
        save_odds(mk("Orc"), BIG, 10)
    assert len(str(e.value)) < 1_000 and "xxxxx" in str(e.value)


def test_undo_quotes_a_short_prefix():
    enc = duel(map_=True).start()
    before, events = enc.snapshot(), len(enc.log)
    with pytest.raises(LfgError) as e:
        enc.undo(BIG)
    assert len(str(e.value)) < 1_000 and "xxxxx" in str(e.value)
    assert enc.snapshot() == before and len(enc.log) == events


@pytest.mark.parametrize("kwargs", [
    {"initiative": BIG},
    {"sides": {"p": ["Hero", BIG], "o": ["Orc"]}},
    {"sides": {"p": ["Hero"], "o": ["Orc", "Brute"]}, "groups": {"g": ["Orc", BIG]}},
], ids=["initiative", "sides", "groups"])
def test_building_an_encounter_quotes_a_short_prefix(kwargs):
    with pytest.raises(LfgError) as e:
        Encounter([mk("Hero"), mk("Orc"), mk("Brute")], **kwargs)
    assert len(str(e.value)) < 1_000 and "xxxxx" in str(e.value)


def test_a_classic_round_refusal_quotes_a_short_prefix():
    a = Creature.from_dict({"name": "A", "level": 2, "max_hp": 20, "ruleset": ["classic"],
                            "bab": 3})
    b = Creature.from_dict({"name": "B", "level": 2, "max_hp": 20, "ruleset": ["classic"],
                            "bab": 3})
    enc = Encounter([a, b], sides={"p": ["A"], "o": ["B"]}, seed=1, ruleset="classic").start()
    before, events = enc.snapshot(), len(enc.log)
    with pytest.raises(LfgError) as e:
        enc.act(enc.current, BIG)
    assert len(str(e.value)) < 1_000 and "xxxxx" in str(e.value)
    assert enc.snapshot() == before and len(enc.log) == events
