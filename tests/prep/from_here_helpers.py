"""Fights under way, for the tests of ``simulate(encounter)`` (lfgcombat.prep.from_here)."""

from __future__ import annotations

import sys
from pathlib import Path

from lfgcombat import Encounter, HexMap
from lfgcombat.creature import load_example

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from make_golden import PARLEY_CLEARING  # noqa: E402 - notebook 20's map, one copy

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


def brawl_sides() -> dict:
    """Three orcs against four orcs, all Medium (no Knockdown: "Momentum of Impact"
    needs a bigger attacker): Gang Up and Injured at work."""
    return {"red": orcs(3), "blue": [load_example("orc").replace(name=f"Orc {i}")
                                     for i in (4, 5, 6, 7)]}


def brawl_under_way(seed: int = 8, swings: int = 1) -> Encounter:
    """:func:`brawl_sides` on the open field, played by hand into round 2: every turn the
    acting creature swings at the first foe still up with every attack it has, and hands
    the turn to the first creature it may choose; in round 2 the GM drops the last blue orc still
    up (not the acting creature) to -1 HP by a slashing blow (dying, Bleed 1; an orc dies at -3) and the acting creature makes ``swings`` of its
    attacks before the question is asked (Gang Up's record and the attacks spent under
    way)."""
    sides = brawl_sides()
    enc = Encounter([c for m in sides.values() for c in m],
                    sides={s: [c.name for c in m] for s, m in sides.items()}, seed=seed)
    enc.start()
    while enc.round < 2:
        _swing(enc, 99)
        choices = enc.choices()
        enc.end_turn(next=choices[0] if choices else None)
    up = [n for n in enc.names if enc.side(n) == "blue" and n != enc.current
          and enc.state(n).status == "conscious"]
    enc.damage(up[-1], enc.state(up[-1]).hp + 1, "slashing")
    _swing(enc, swings)
    return enc


def _swing(enc: Encounter, most: int) -> None:
    """The acting creature attacks the first foe still up, at most ``most`` times."""
    me = str(enc.current)
    for _ in range(most):
        if enc.state(me).status != "conscious" or enc.actions_left(me).attacks < 1:
            return
        foes = [n for n in enc.names if enc.side(n) != enc.side(me)
                and enc.state(n).status == "conscious"]
        if not foes or enc.over:
            return
        enc.attack(me, foes[0])




def notebook20_round_three(on_map: bool = False) -> Encounter:
    """Notebook 20's fight (the party against the Orc Shaman and three orcs, seed 58)
    played as the notebook plays it to the start of round 3, the Orc Shaman's turn.

    ``on_map``: on the parley clearing, every command of the notebook (moves, the 5-foot
    step, Mayat's interrupt, the Ablaze and Staggered of the Orc Shaman's spells). Without
    it, on the open field where everyone reaches everyone: the same spells, attacks and
    healing, without the moves and the conditions (Mayat shoots in a turn of her own in
    round 1 instead of interrupting Orc 1's move)."""
    party = [load_example(n) for n in ("wulfric", "chessan", "mayat", "sokaris")]
    foes = [load_example("orc_shaman")] + orcs(3)
    if on_map:
        enc = Encounter(party + foes, map=HexMap.from_text(PARLEY_CLEARING,
                                                           creatures=party + foes), seed=58)
    else:
        enc = Encounter(party + foes, sides={"party": [c.name for c in party],
                                             "orcs": [c.name for c in foes]}, seed=58)
    enc.start(aware=["Orc Shaman", "Orc 1", "Orc 2", "Orc 3", "Mayat"], decline=["Mayat"])
    _round_one(enc, on_map)
    _round_two(enc, on_map)
    return enc


def _round_one(enc: Encounter, on_map: bool) -> None:
    enc.cast("Orc Shaman", 2, "flame spit", target="Wulfric")
    if on_map:
        enc.add_condition("Wulfric", "ablaze", by="Orc Shaman")
        enc.five_foot_step("Orc Shaman", (9, 3))
    enc.end_turn(next="Orc 1")
    if on_map:
        enc.move("Orc 1", (9, 2))
        enc.interrupt("Mayat", before="move")
        enc.attack("Mayat", "Orc 1", "longbow")
        enc.end_turn()
        enc.move("Orc 1", (6, 3))
    enc.attack("Orc 1", "Chessan")
    enc.end_turn(next="Orc 2")
    for orc, cell in (("Orc 2", (7, 4)), ("Orc 3", (5, 4))):
        if on_map:
            enc.move(orc, cell)
        enc.attack(orc, "Sokaris")
        enc.end_turn(next="Orc 3" if orc == "Orc 2" else
                     "Orc Shaman" if on_map else "Mayat")
    if not on_map:
        enc.attack("Mayat", "Orc 1", "longbow")
        enc.end_turn(next="Orc Shaman")


def _round_two(enc: Encounter, on_map: bool) -> None:
    enc.cast("Orc Shaman", 3, "hold person", target="Sokaris")
    if on_map:
        enc.add_condition("Sokaris", "staggered", rounds=1, by="Orc Shaman")
    enc.end_turn(next="Wulfric")
    if on_map:
        enc.move("Wulfric", (8, 3), aoo="all")
    enc.attack("Wulfric", "Orc Shaman")
    enc.attack("Wulfric", "Orc Shaman")
    enc.end_turn(next="Chessan")
    enc.cast("Chessan", 2, "cure moderate wounds", target="Wulfric",
             **({"aoo": "all"} if on_map else {}))
    enc.heal("Wulfric", 14)
    enc.attack("Chessan", "Orc 1")
    enc.end_turn(next="Sokaris")
    enc.attack("Sokaris", "Orc 3")
    enc.attack("Sokaris", "Orc 3")
    enc.end_turn(next="Mayat")
    enc.attack("Mayat", "Orc 1", "longbow")
    enc.attack("Mayat", "Orc 1", "longbow")
    enc.end_turn(next="Orc 1")
    for orc, foe, nxt in (("Orc 1", "Chessan", "Orc 2"), ("Orc 2", "Sokaris", "Orc 3"),
                          ("Orc 3", "Sokaris", "Orc Shaman")):
        enc.attack(orc, foe)
        enc.end_turn(next=nxt)
