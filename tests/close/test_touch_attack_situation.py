"""The Unarmed Melee Touch Attack of a Wrestling maneuver or a Shield Bash, in its
situation.

000_8d1d7816ee944f3b.txt, "What are the other kinds of AC? (FFAC, TouchAC, ACvsCrit)": "Any
“Bonus to AC” (or penalty) also applies to FFAC, TouchAC, and ACvsCrit unless indicated
otherwise"; "Flanking / Being Flanked": "Being flanked causes you a -2 penalty to AC";
"Fight Defensively (Big Action, No AOO)": "-4 penalty on Attack Rolls and gain a +2 Dodge
Bonus to AC"; "A Dodge Bonus to AC adds to AC, ACvsCrit, & TouchAC"; "Touch Attack": it
"functions exactly as a normal Attack Roll".
"""

from __future__ import annotations

from lfgcombat import HexMap
from lfgcombat.engine import Encounter

from encounter.helpers import mk
from close.test_encounter_close import last


def _fight(seed: int = 1, *, flank: bool) -> Encounter:
    hero, orc = mk("Hero", init=40), mk("Orc", init=0)
    cs = [hero, orc]
    m = HexMap(10, 6)
    m.place(hero, (2, 2), "party")
    m.place(orc, (3, 2), "foes")
    if flank:
        ally = mk("Ally", init=0)
        cs.append(ally)
        m.place(ally, (4, 2), "party")
    return Encounter(cs, map=m, seed=seed).start()


def _touch_roll(enc: Encounter):
    return next(e for e in enc.log if e.kind == "roll"
                and e.data["label"].startswith("Touch attack"))


def test_a_flanked_target_has_2_less_touch_ac() -> None:
    plain = _fight(flank=False)
    assert not plain.map.is_flanked("Orc")
    plain.wrestle("Hero", "Orc", "trip")
    flanked = _fight(flank=True)
    assert flanked.map.is_flanked("Orc")
    flanked.wrestle("Hero", "Orc", "trip")
    a, b = last(plain, "maneuver").data, last(flanked, "maneuver").data
    assert b["touch_ac"] == a["touch_ac"] - 2
    assert "Orc flanked: -2 AC" in _touch_roll(flanked).data["label"]
    assert "flanked" not in _touch_roll(plain).data["label"]


def test_a_shield_bash_on_a_flanked_target_too() -> None:
    cs = [mk("Hero", init=40, shield_rating=2), mk("Orc"), mk("Ally")]
    m = HexMap(10, 6)
    for c, at, side in zip(cs, ((2, 2), (3, 2), (4, 2)), ("party", "foes", "party")):
        m.place(c, at, side)
    enc = Encounter(cs, map=m, seed=2).start()
    enc.shield_bash("Hero", "Orc")
    assert "Orc flanked: -2 AC" in _touch_roll(enc).data["label"]


def test_fighting_defensively_counts_on_the_touch_attack() -> None:
    """The defender's +2 Dodge Bonus reaches its TouchAC (an effect on its view): a trip
    after the Orc fought defensively meets TouchAC 2 higher."""
    base = _fight(flank=False)
    base.wrestle("Hero", "Orc", "trip")
    enc = _fight(flank=False)
    enc.end_turn(next="Orc")
    enc.fight_defensively("Orc")
    enc.end_turn(next="Hero")
    enc.wrestle("Hero", "Orc", "trip")
    assert last(enc, "maneuver").data["touch_ac"] == last(base, "maneuver").data["touch_ac"] + 2
