"""GM prep's tactics on a map and on the open field (issue 12): "melee closes in,
archers keep distance" (:mod:`lfgcombat.prep.tactics`).

Rules at work: 000_8d1d7816ee944f3b.txt, "What actions normally Provoke AOO?" (leaving a
threatened hex), "Reach", "Archery".
"""

from __future__ import annotations

import numpy as np
import pytest

from lfgcombat import HexMap
from lfgcombat.creature import load_example
from lfgcombat.prep import Tactics, simulate
from lfgcombat.prep.tactics import TacticsError

CORNERED = """
name: an archer caught by an orc
terrain: |
  . . . . . . . . .
   . . . . . . . . .
  . . . . . . . . .
creatures:
  - {name: Mayat, at: [1, 1], side: party}
  - {name: Orc 1, at: [2, 1], side: orcs}
"""


def _sides():
    return {"party": [load_example("mayat")], "orcs": [load_example("orc").replace(name="Orc 1")]}


def _map(sides):
    return HexMap.from_text(CORNERED, creatures=[c for s in sides.values() for c in s])


def test_an_archer_threatened_on_a_map_steps_away_then_shoots():
    sides = _sides()
    r = simulate(sides, 4, seed=5, tier="reference", map=_map(sides), progress=False)
    for i in range(r.n):
        enc = r.replay(i)
        log = enc.log.to_dataframe()
        mayat = log[log.actor == "Mayat"]
        first_move = mayat[mayat.kind == "moved"].index.min()
        first_shot = mayat[mayat.kind == "attack"].index.min()
        assert first_move < first_shot, i  # she moved away before her first shot
        assert any("Mayat attacks" in (x.label or "") for x in enc.roller.history)


def test_an_archer_told_to_stand_never_moves():
    sides = _sides()
    r = simulate(sides, 4, seed=5, tier="reference", map=_map(sides), progress=False,
                 tactics={"party": Tactics("weakest", archers="stand")})
    for i in range(r.n):
        log = r.replay(i).log.to_dataframe()
        assert not ((log.kind == "moved") & (log.actor == "Mayat")).any()


def test_on_the_open_field_keeping_distance_changes_nothing():
    """Without a map nobody moves: both archer policies play the same fights."""
    sides = _sides()
    keep = simulate(sides, 12, seed=7, tier="reference", progress=False)
    stand = simulate(sides, 12, seed=7, tier="reference", progress=False,
                     tactics=Tactics("weakest", archers="stand"))
    for k in ("winner", "rounds", "hp", "dead"):
        assert np.array_equal(getattr(keep, k), getattr(stand, k)), k
    log = keep.replay(0).log.to_dataframe()
    assert not (log.kind == "moved").any()


def test_unknown_archer_policy_is_refused():
    with pytest.raises(TacticsError, match="archers must be one of"):
        Tactics("weakest", archers="flee")


@pytest.mark.parametrize("mode", ["round_by_round", "top_down"])
def test_reference_tier_plays_the_other_initiative_systems(mode):
    """"Alternative Initiative Option #1 - Round-By-Round" and "#2 - Top-Down": the
    reference tier plays them (every fight replays exactly); the fast tier refuses them."""
    from lfgcombat import Ruleset
    from lfgcombat.prep import PrepError
    sides = {"party": [load_example("wulfric"), load_example("mayat")],
             "orcs": [load_example("orc").replace(name=f"Orc {i}") for i in (1, 2, 3)]}
    rs = Ruleset("lfg", initiative=mode)
    r = simulate(sides, 8, seed=2, tier="reference", ruleset=rs, progress=False)
    assert (r.winner >= 0).all()
    for i in dict.fromkeys([r.median_fight(), r.worst()[0]]):
        enc = r.replay(i)
        assert enc.initiative_mode == mode
        assert [enc.state(n)["hp"] for n in r.names] == list(r.hp[i])
        rolls = sum(1 for x in enc.roller.history if "initiative" in (x.label or "").lower())
        if mode == "round_by_round" and r.rounds[i] > 1:  # everyone rolls each round
            assert rolls > len(r.names)
    with pytest.raises(PrepError, match="Selective Initiative only"):
        simulate(sides, 10, ruleset=rs, progress=False)
