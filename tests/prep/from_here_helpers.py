"""Fights under way, for the tests of ``simulate(encounter)`` (lfgcombat.prep.from_here)."""

from __future__ import annotations

from lfgcombat import Encounter, HexMap
from lfgcombat.creature import load_example

#: A small clearing: the party on the left, two orcs on the right (5 ft hexes).
CLEARING = """
name: a small clearing
terrain: |
  . . . . . . . .
   . . . . . . . .
  . . . . . . . .
   . . . . . . . .
creatures:
  - {name: Wulfric, at: [2, 1], side: party}
  - {name: Chessan, at: [2, 2], side: party}
  - {name: Orc 1, at: [3, 1], side: orcs}
  - {name: Orc 2, at: [6, 3], side: orcs}
"""


def orcs(k: int = 3) -> list:
    """``k`` example orcs, ``Orc 1`` ... ``Orc k``."""
    return [load_example("orc").replace(name=f"Orc {i}") for i in range(1, k + 1)]


def clearing_fight(seed: int = 11) -> Encounter:
    """Wulfric and Chessan against two orcs on :data:`CLEARING`, not started."""
    party = [load_example("wulfric"), load_example("chessan")]
    cs = party + orcs(2)
    return Encounter(cs, map=HexMap.from_text(CLEARING, creatures=cs), seed=seed)


def in_round_three(seed: int = 11) -> Encounter:
    """:func:`clearing_fight` played by hand into round 3: every turn the acting creature
    swings at the first foe it reaches, if any, and hands the turn to the first creature it
    may choose; the GM burns Orc 1 for 5 fire damage in round 2; in round 3 the acting
    creature steps 5 feet (its Move Action spent) before the question is asked."""
    enc = clearing_fight(seed)
    enc.start()
    burnt = False
    while enc.round < 3:
        me = str(enc.current)
        if enc.round == 2 and not burnt:
            enc.damage("Orc 1", 5, "fire")
            burnt = True
        foes = [n for n in enc.names if enc.side(n) != enc.side(me)
                and enc.state(n)["status"] == "conscious"
                and enc.map is not None and enc.map.distance(me, n) <= 1]
        if foes and enc.state(me)["status"] == "conscious":
            enc.attack(me, foes[0])
        choices = enc.choices()
        enc.end_turn(next=choices[0] if choices else None)
    me = str(enc.current)
    cell = next(iter(enc.reachable(me, "five_foot_step")))
    enc.five_foot_step(me, cell)
    return enc


def last_one_standing(hp: int, *, started: bool, seed: int = 5) -> Encounter:
    """Wulfric and Chessan against three fresh orcs on the open field; Chessan killed and
    Wulfric brought to ``hp`` HP by the GM (``enc.damage``), before the start or (with
    ``started``) once the fight is under way, before anyone has acted."""
    party = [load_example("wulfric"), load_example("chessan")]
    enc = Encounter(party + orcs(3), sides={"party": ["Wulfric", "Chessan"],
                                           "orcs": ["Orc 1", "Orc 2", "Orc 3"]}, seed=seed)
    if started:
        enc.start()
    enc.damage("Chessan", 200)
    enc.damage("Wulfric", enc.state("Wulfric")["hp"] - hp)
    return enc
