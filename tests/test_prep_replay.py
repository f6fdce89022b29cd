"""Replaying any simulated fight exactly (issue 12): ``result.replay(i)`` rebuilds fight
``i`` as a real encounter whose outcome is the simulated one, for both tiers.

Each replay is checked here independently of the check inside ``replay``: the encounter's
own state (HP, deaths, round, who is standing) against the result's arrays, its dice log
against the fast tier's traced draws, and the encounter's undo, fork and save/load keep the
script. Rules: 000_8d1d7816ee944f3b.txt, "Rounds, Initiative, & Turn Order", "Attack
Rolls", "Critical Hits", "Stabilize when Dying", "Perfect Critical (Optional Rule)".
"""

from __future__ import annotations

import numpy as np
import pytest

from lfgcombat import Ruleset
from lfgcombat.creature import load_example
from lfgcombat.dice import DiceError, ScriptedRoller
from lfgcombat.prep import PrepError, simulate, sweep
from lfgcombat.prep.kernel import fight_states, fight_words, trace_fight
from lfgcombat.prep.replay import ReplayError, ScriptedEncounter

from test_prep import _generated_fights, _orc_ambush


def _named(kind: str, name: str):
    return load_example(kind).replace(name=name)


def _check(r, i: int) -> ScriptedEncounter:
    """Replay fight ``i`` and compare the encounter's own state with the result's row."""
    enc = r.replay(i)
    names = r.names
    assert [enc.state(n)["hp"] for n in names] == list(r.hp[i]), i
    assert [int(bool(enc.state(n)["dead"])) for n in names] == list(r.dead[i]), i
    assert all(enc.state(n).status != "dying" for n in names)  # the aftermath was played
    up = {r.scenario.side_of[c] for c, n in enumerate(names)
          if enc.state(n)["hp"] > 0 and not enc.state(n)["dead"]}
    assert up == ({int(r.winner[i])} if r.winner[i] >= 0 else up), i
    log = enc.log.to_dataframe()
    assert (log.kind == "roll").sum() == len(enc.roller.history) > 0
    return enc


@pytest.fixture(scope="module")
def ambush():
    """The orc ambush on the fast tier, random targets (the tactics' own draws replayed)."""
    return simulate(_orc_ambush(), 400, seed=21, tactics="random", progress=False)


def test_fast_tier_median_and_worst_fights_replay_exactly(ambush):
    r = ambush
    picked = [r.median_fight(), r.median_fight("orcs")] + r.worst(share=0.05)[:8] \
        + r.worst("orcs", share=0.05)[:4]
    for i in dict.fromkeys(picked):
        enc = _check(r, i)
        assert isinstance(enc.roller, ScriptedRoller)
        assert enc.roller.used == len(enc.roller.script) and not enc.roller.unscripted


def test_fast_tier_dice_log_shows_the_kernels_draws(ambush):
    """The encounter's attack rolls are the kernel's attack naturals, in order."""
    r = ambush
    i = r.worst()[0]
    w = fight_words(r.seed, 0, 0, r.chunk_size)[i]
    out, events = trace_fight(r.spec, fight_states(w[None])[0])
    assert out["winner"] == r.winner[i] and np.array_equal(out["hp"], r.hp[i])
    kernel = [e[-1] for e in events if e[0] == "attack_d20"]
    enc = r.replay(i)
    rolls = [x.natural for x in enc.roller.history if " attacks " in (x.label or "")]
    assert rolls == kernel


def test_a_replayed_fight_undoes_forks_and_saves_with_its_dice(ambush, tmp_path):
    r = ambush
    enc = r.replay(r.median_fight())
    snap = enc.snapshot()
    assert enc.fork().snapshot() == snap
    enc.undo()
    assert enc.snapshot() != snap
    again = r.replay(r.median_fight())
    assert again.snapshot() == snap
    path = again.save(tmp_path / "fight.jsonl")
    assert ScriptedEncounter.load(path).snapshot() == snap


def test_generated_fights_replay_exactly():
    """Every tactic, Killer Criticals on and off, one to two creatures a side."""
    for k, (sides, policy, ruleset) in enumerate(_generated_fights(6)):
        r = simulate(sides, 120, seed=300 + k, tactics=policy, ruleset=ruleset,
                     progress=False)
        for i in dict.fromkeys([r.median_fight(), *r.worst(share=0.05)[:2], 0]):
            _check(r, i)


def test_fights_with_deaths_after_the_fight_replay_exactly():
    """Wulfric alone against six orcs: he is often left dying and bleeds out or stabilizes
    after the fight (the aftermath's turns, in the encounter's order)."""
    sides = {"party": [load_example("wulfric")],
             "orcs": [_named("orc", f"Orc {i}") for i in range(6)]}
    r = simulate(sides, 150, seed=6, progress=False)
    died = [i for i in range(r.n) if r.dead[i, 0] and r.hp[i, 0] > -20][:6]
    assert died
    for i in dict.fromkeys(died + r.worst()[:3]):
        _check(r, i)


def test_temporary_hp_and_a_wounded_start_replay_exactly():
    sides = {"a": [load_example("orc").replace(current_hp=25)],
             "b": [_named("orc", "Orc 2").replace(temp_hp=9)]}
    r = simulate(sides, 100, seed=14, progress=False)
    for i in range(12):
        _check(r, i)


_LIMBS = {"broken arm", "broken leg", "broken ribs", "severed arm", "severed leg"}


def test_a_fight_with_a_perfect_critical_injury_replays_exactly(tmp_path):
    """Where a Perfect Critical deals at least the target's Injured Threshold ("Perfect
    Critical (Optional Rule)": "If you deal at least as much damage as your target's Injured
    Threshold, you also cause the following" - a broken or severed limb, broken ribs) the
    kernel rolls the limb as the engine does and plays on with the injured creature's
    numbers: such a fight replays as the run reported it, every die from the kernel's
    script (the limb die among them), with the injury on the target; the run's note counts
    the fights still handed over (a second injury; none here)."""
    rs = Ruleset("lfg", perfect_critical=True)
    r = simulate({"a": [load_example("wulfric")], "b": [load_example("orc")]}, 200, seed=8,
                 ruleset=rs, progress=False)
    words = fight_words(r.seed, 0, 0, r.chunk_size)
    injured = [i for i in range(r.n) if any(
        e[0] == "limb_d" for e in trace_fight(r.spec, fight_states(words[i][None])[0])[1])]
    assert 69 in injured and 68 not in injured
    assert any(n.endswith(": 0 of 200 fights here") for n in r.notes)
    for i in injured:
        enc = _check(r, i)
        roller = enc.roller
        assert roller.used == len(roller.script) and roller.unscripted == 0
        assert any(str(x.label).startswith("Perfect Critical:") for x in roller.history)
        hurt = [set(c.split(" (")[0] for c in enc.state(n).conditions) & _LIMBS
                for n in enc.names]
        assert any(hurt), i
        assert r.replay(i).snapshot() == enc.snapshot()
    enc = r.replay(69)
    path = enc.save(tmp_path / "injured.jsonl")
    assert ScriptedEncounter.load(path).snapshot() == enc.snapshot()
    _check(r, 68)


def test_a_fight_not_handed_over_is_refused_by_hand_over():
    from lfgcombat.prep.replay import hand_over
    r = simulate({"a": [load_example("wulfric")], "b": [load_example("orc")]}, 10, seed=8,
                 progress=False)
    with pytest.raises(ReplayError, match="did not hand this fight over"):
        hand_over(r.scenario, r.spec, fight_words(r.seed, 0, 0, r.chunk_size)[0])


def test_reference_tier_median_and_worst_replay_exactly():
    r = simulate(_orc_ambush(), 10, seed=3, tier="reference", progress=False)
    for i in dict.fromkeys([r.median_fight(), *r.worst(share=0.2)]):
        enc = _check(r, i)
        assert r.replay(i).snapshot() == enc.snapshot()


def test_replay_refuses_a_bad_index(ambush):
    for bad in (-1, ambush.n, 1.5, True):
        with pytest.raises(PrepError, match="out of range"):
            ambush.replay(bad)


def test_scripted_roller_shows_its_faces_then_rolls_from_its_seed():
    r = ScriptedRoller(3, [(20, 17), (8, 2), (8, 8)])
    assert r.roll("1d20+4").total == 21
    assert r.roll("2d8").faces == (2, 8)
    assert r.used == 3 and not r.unscripted
    r.roll("1d6")
    assert r.unscripted == 1
    with pytest.raises(DiceError, match="d20.*asks for a d8"):
        ScriptedRoller(1, [(20, 4)]).roll("1d8", label="damage")
    with pytest.raises(DiceError, match="1..sides"):
        ScriptedRoller(1, [(6, 7)])


def test_fights_stopped_at_the_round_limit_replay_exactly():
    """A draw at the round limit: the creature that would open the next round has begun its
    turn (bleeding, stabilizing) before the dying play out the rest; both tiers agree."""
    sides = {"party": [load_example("wulfric"), load_example("mayat")],
             "orcs": [_named("orc", f"Orc {i}") for i in range(4)]}
    r = simulate(sides, 60, seed=3, max_rounds=3, progress=False)
    draws = [i for i in range(r.n) if r.winner[i] < 0 and (r.hp[i] <= 0).any()]
    assert len(draws) >= 6
    for i in draws[:6]:
        _check(r, i)


def _events(enc) -> list:
    return [(e.kind, e.command, repr(e.data)) for e in enc.log]


@pytest.mark.parametrize("tier,n", [("fast", 300), ("reference", 6)])
def test_sweep_points_replay_directly_event_for_event(tier, n):
    """``sweep.replay(point, i)`` is ``sweep.result(point).replay(i)``, event for event, and
    ``sweep.result(point)`` holds the very fights of ``simulate`` at that point's seed
    stream; a point is an index or ``{parameter: value}``."""
    def build(orcs):
        return {"party": [load_example("wulfric")],
                "orcs": [_named("orc", f"Orc {k}") for k in range(orcs)]}
    sw = sweep({"orcs": [1, 2], "killer_criticals": [False, True]}, build, n, seed=5,
               tactics="random", tier=tier, progress=False)
    assert sw.points[3] == {"orcs": 2, "killer_criticals": True}
    for point, key in ((0, 0), ({"orcs": 2, "killer_criticals": True}, 3)):
        res = sw.result(point)
        direct = simulate(build(sw.points[key]["orcs"]), n, seed=5, tactics="random",
                          tier=tier, point=key, progress=False,
                          switches={"killer_criticals": sw.points[key]["killer_criticals"]})
        for k in ("winner", "rounds", "hp", "dead", "felled", "dealt"):
            assert np.array_equal(getattr(res, k), getattr(direct, k)), k
        assert sw.frame.query(f"orcs == {sw.points[key]['orcs']} and killer_criticals == "
                              f"{sw.points[key]['killer_criticals']} and side == 'party' and "
                              "measure == 'win'")["p"].iloc[0] == res.p_win("party")[0]
        for i in dict.fromkeys([res.median_fight(), *res.worst(share=0.02)[:2], n - 1]):
            enc = sw.replay(point, i)
            assert _events(enc) == _events(res.replay(i)), (point, i)
            assert [enc.state(c)["hp"] for c in res.names] == list(res.hp[i])
    with pytest.raises(PrepError, match="no grid point"):
        sw.replay({"orcs": 9, "killer_criticals": False}, 0)
    with pytest.raises(PrepError, match="index 0 to 3"):
        sw.replay(4, 0)
    with pytest.raises(PrepError, match="out of range"):
        sw.replay(0, n)
