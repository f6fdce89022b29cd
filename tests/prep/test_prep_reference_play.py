"""The reference tier at play, on what a new user met (issue 25). It refreshes only the creatures the log has named since its last look
(lfgcombat/prep/reference.py, ``_Fight.refresh_all``; issue 24, "Fast": a map fight built
every creature's state after every strike). What it then knows must be what a refresh of
everyone knows, at every call, in fights on a map (Unintended Targets, AOO on the way),
with dying and bleeding (the aftermath), under every ruleset (classic's mobile disabled
hero, allowed 15 ft, once crashed a map fight: the map offered a longer walk)."""

from __future__ import annotations

import pytest

from lfgcombat import HexMap
from lfgcombat.creature import load_example
from lfgcombat.prep import reference, simulate

FIELD = """
name: a small field
terrain: |
  . . . . . . . .
   . . . . . . . .
  . . . . . . . .
   . . . . . . . .
creatures:
  - {name: Wulfric, at: [1, 1], side: party}
  - {name: Mayat, at: [0, 2], side: party}
  - {name: Orc 1, at: [6, 1], side: orcs}
  - {name: Orc 2, at: [6, 2], side: orcs}
"""
FIELDS = {"wulfric": dict(bab=5, prowess=3, good_saves=["fort", "will"]),
          "mayat": dict(bab=5, prowess=3, good_saves=["fort", "ref"]),
          "orc": dict(bab=3, prowess=1, good_saves=["fort", "ref"])}


def _sides():
    def w(n, **k):
        return load_example(n).replace(**FIELDS[n], **k)
    return {"party": [w("wulfric"), w("mayat")],
            "orcs": [w("orc", name="Orc 1"), w("orc", name="Orc 2")]}


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_refreshing_the_named_creatures_knows_what_refreshing_everyone_knows(monkeypatch,
                                                                             ruleset):
    calls = []
    real = reference._Fight.refresh_all

    def checked(self):
        real(self)
        known = (list(self.hp), list(self.dead), list(self.up))
        for i in range(len(self.names)):
            self.refresh(i)
        assert (self.hp, self.dead, self.up) == (known[0], known[1], known[2])
        calls.append(1)
    monkeypatch.setattr(reference._Fight, "refresh_all", checked)
    sides = _sides()
    board = HexMap.from_text(FIELD, creatures=[c for s in sides.values() for c in s])
    r = simulate(sides, 6, seed=3, tier="reference", map=board, ruleset=ruleset,
                 progress=False, chunk_size=6)
    assert r.n == 6 and len(calls) > 20


def test_a_move_the_encounter_refuses_leaves_the_archer_where_she_stands(monkeypatch):
    """"Archers keep distance" and the approach of a melee attacker ask the encounter to
    move; where the ruleset allows less than the map's walk (classic's mobile disabled
    hero, 15 ft: 002_2a3a79475ca2a541.txt, "Stabilizing a Disabled Character"), the
    refusal leaves the fight as it was and the tactics play on (it used to end the run:
    "Not run: cannot move 30 ft: 15 ft left of the Move Action...")."""
    from lfgcombat import Encounter
    from lfgcombat.errors import IllegalActionError
    sides = _sides()
    board = HexMap.from_text(FIELD.replace("[6, 1]", "[0, 3]"),
                             creatures=[c for s in sides.values() for c in s])
    enc = Encounter([c for s in sides.values() for c in s], map=board, ruleset="classic",
                    seed=1).start()
    before = enc.snapshot()

    asked = []

    def refuse(name, *args, **kwargs):
        asked.append(name)
        raise IllegalActionError("cannot move 30 ft: 15 ft left of the Move Action")
    monkeypatch.setattr(enc, "move", refuse)
    reference._keep_distance(enc, "Mayat", ["Orc 1"])
    reference._approach(enc, "Wulfric", "Orc 2", "longsword")
    assert asked == ["Mayat", "Wulfric"] and enc.snapshot() == before


def test_threat_first_from_a_fight_with_a_creature_down_plays():
    """The ``dangerous`` ranking (preset ``threat_first``) scores each creature by the exact
    odds of its attacks; one that cannot attack now (unconscious in a fight under way,
    000_8d1d7816ee944f3b.txt, "Unconscious & Dying") is no danger, not a refusal (the
    PrepPanel said "Not compared: Orc 1 cannot take a Big Action to attack")."""
    from lfgcombat import Encounter
    from lfgcombat.prep import compare
    orc = load_example("orc")
    enc = Encounter([load_example("wulfric"), orc.replace(name="Orc 1"),
                     orc.replace(name="Orc 2")],
                    sides={"a": ["Wulfric"], "b": ["Orc 1", "Orc 2"]}, seed=2).start()
    enc.damage("Orc 1", enc.state("Orc 1").hp + 3, "slashing")  # HP -3: down, not dead
    assert enc.state("Orc 1").status != "conscious"
    c = compare(enc, 20, tactics=["focus_fire", "threat_first"], progress=False)
    assert len(c.results) == 2
