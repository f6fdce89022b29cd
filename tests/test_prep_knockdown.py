"""Momentum of Impact's Knockdown in GM prep's reference tier (issue 12: "The reference tier
runs the real ``Encounter`` (every rule ...)").

000_8d1d7816ee944f3b.txt, "Momentum of Impact (Different Sizes, Knockdown, Crushing
Advance)": a strike on a foe at least one size category smaller subjects it to a Knockdown
(a Wrestling or Acrobatics check, or Prone). By default neither tier plays it (the fast tier
has no Knockdown, and its fights must replay exactly as encounters), and a run with foes of
different sizes says so; ``knockdown=True`` plays it in the reference tier, the tactics
standing a Prone creature up at the start of its turn (a Move Action that may provoke). The
fights replay exactly, on any backend; the fast tier refuses the switch.
"""

from __future__ import annotations

import numpy as np
import pytest

from lfgcombat.creature import load_example
from lfgcombat.prep import PrepError, compare, simulate, sweep
from lfgcombat.prep.run import KNOCKDOWN_NOTE

KEYS = ("winner", "rounds", "hp", "dead", "felled", "dealt")


def _duel():
    return {"Wulfric": [load_example("wulfric")], "Troll": [load_example("troll")]}


def test_the_reference_tier_plays_the_knockdown_and_replays_it_exactly():
    r = simulate(_duel(), 12, seed=3, tier="reference", knockdown=True, progress=False)
    assert r.scenario.knockdown and KNOCKDOWN_NOTE not in r.notes
    knocked = stood = 0
    for i in range(r.n):
        enc = r.replay(i)
        kinds = [e.kind for e in enc.log]
        knocked += kinds.count("knockdown")
        stood += kinds.count("stand_up")
        assert [enc.state(n)["hp"] for n in r.names] == list(r.hp[i])
        assert [int(enc.state(n)["dead"]) for n in r.names] == list(r.dead[i])
    assert knocked > 10 and stood > 0, (knocked, stood)
    plain = simulate(_duel(), 12, seed=3, tier="reference", progress=False)
    assert KNOCKDOWN_NOTE in plain.notes
    assert all("knockdown" not in [e.kind for e in plain.replay(i).log] for i in range(3))


def test_knockdown_fights_are_the_same_on_a_process_pool():
    here = simulate(_duel(), 4, seed=5, tier="reference", knockdown=True, chunk_size=2,
                    progress=False, backend=None)
    there = simulate(_duel(), 4, seed=5, tier="reference", knockdown=True, chunk_size=2,
                     progress=False, backend="processes")
    for key in KEYS:
        assert np.array_equal(getattr(here, key), getattr(there, key)), key


def test_sweeps_and_comparisons_pass_the_switch_on():
    def build(troll):
        return _duel() if troll else {"Wulfric": [load_example("wulfric")],
                                      "Orc": [load_example("orc")]}
    sw = sweep({"troll": [False, True]}, build, 4, seed=2, tier="reference", knockdown=True,
               progress=False)
    assert KNOCKDOWN_NOTE not in sw.notes
    enc = sw.replay({"troll": True}, 0)
    assert [enc.state(n)["hp"] for n in ("Wulfric", "Troll")] == \
        list(sw.result({"troll": True}).hp[0])
    c = compare(_duel(), 4, switches=[{}, {"killer_criticals": True}], seed=2,
                tier="reference", knockdown=True, progress=False)
    assert all(r.scenario.knockdown for r in c.results) and KNOCKDOWN_NOTE not in c.notes


def test_the_fast_tier_refuses_the_knockdown_and_a_bad_switch_is_refused():
    with pytest.raises(PrepError, match="the fast tier does not play Momentum of Impact's "
                                        "Knockdown.*tier='reference'"):
        simulate(_duel(), 10, knockdown=True, progress=False)
    with pytest.raises(PrepError, match="Knockdown"):
        compare(_duel(), 10, switches=[{}, {"killer_criticals": True}], knockdown=True,
                progress=False)
    with pytest.raises(PrepError, match="knockdown must be True .* or False, not 'yes'"):
        simulate(_duel(), 10, tier="reference", knockdown="yes", progress=False)
