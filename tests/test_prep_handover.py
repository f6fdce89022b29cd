"""The fast tier hands a fight over to the reference tier at a Perfect Critical's second
injury of a creature (issue 12: "Two tiers, one set of rules"; 000_8d1d7816ee944f3b.txt,
"Perfect Critical (Optional Rule)": "If you deal at least as much damage as your target's
Injured Threshold, you also cause the following: Broken Arm ... Broken Leg ... Broken
Ribs"; "Broken Bones – Arm/Leg/Ribs"; "Severed Limbs").

The kernel plays a creature's first injury itself (tests/test_prep_injuries.py); it stops a
fight at a Perfect Critical that injures a creature already injured (or one whose
injury's numbers it does not hold), and the encounter plays that fight on from the
kernel's dice (:func:`lfgcombat.prep.replay.hand_over`). Checked here: where the kernel
draws the limb and where it stops (a Perfect Critical's damage against the Injured
Threshold, not when it kills outright), that such fights replay exactly, that a spec
without the injury numbers hands every injury over as before, and that the backends give
the same fights.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from lfgcombat import Ruleset
from lfgcombat.creature import load_example
from lfgcombat.prep import simulate
from lfgcombat.prep.kernel import HANDED_OVER, NO_THRESHOLD, fight_states, fight_words, \
    run_fights, trace_fight
from lfgcombat.prep.replay import finish_handed_over, hand_over
from lfgcombat.prep.run import PERFECT_CRITICAL_NOTE, prepare_run

BRUTAL = Ruleset("lfg", perfect_critical=True, killer_criticals=True)
#: Fights of ``_second_injuries()`` the kernel hands over (a second injury).
SECOND = [1272, 1292, 1645, 1742, 1826]


def _sides():
    """A duel where about one fight in ten has an injury (Killer Criticals make a Perfect
    Critical's damage reach the Injured Threshold more often)."""
    return {"a": [load_example("chessan")], "b": [load_example("orc_shaman")]}


def _second_injuries():
    """3000 fights of the duel in one chunk: five have a second injury (:data:`SECOND`)."""
    return simulate(_sides(), 3000, seed=1, ruleset=BRUTAL, progress=False, chunk_size=3000)


def _words(r, i: int) -> np.ndarray:
    return fight_words(r.seed, 0, i // r.chunk_size, r.chunk_size)[i % r.chunk_size]


def _value(spec, a, t, u):
    from lfgcombat.prep.replay import _damage_value
    return _damage_value(spec, a, t, 2, u)


def test_the_kernel_injures_once_and_hands_over_only_a_second_injury():
    """In every traced fight: a Perfect Critical whose damage reaches the target's Injured
    Threshold is followed by the limb die on that target (1d3: mace and quarterstaff are
    bludgeoning), unless it killed the target, or the target is injured already - then
    the fight stops there, handed over; every limb die follows such a strike, one a
    creature at most."""
    r = simulate(_sides(), 600, seed=5, ruleset=BRUTAL, progress=False)
    spec, limbs, stopped = r.spec, 0, 0
    for i in range(r.n):
        out, events = trace_fight(spec, fight_states(_words(r, i)[None])[0])
        hurt: set[int] = set()
        for j, e in enumerate(events):
            if e[0] == "limb_d":
                assert events[j - 1][0] == "damage_u" and events[j - 1][1:4] == \
                    (e[1], e[2], 2) and e[3] == 3, i
                assert e[2] not in hurt and 1 <= e[4] <= 3, i
                hurt.add(e[2])
                limbs += 1
            if e[0] != "damage_u" or e[3] != 2:
                continue
            _, a, t, _, u = e
            if spec.injured_at[t] == NO_THRESHOLD or _value(spec, a, t, u) < spec.injured_at[t]:
                assert j + 1 == len(events) or events[j + 1][0] != "limb_d", i
            elif j + 1 == len(events) and out["winner"] == HANDED_OVER:
                assert t in hurt, i
                stopped += 1
            else:
                assert (j + 1 < len(events) and events[j + 1][0] == "limb_d") or \
                    out["dead"][t], i
    assert 40 <= limbs <= 120 and stopped <= 3
    assert any(n.startswith(PERFECT_CRITICAL_NOTE) and n.endswith(f"{stopped} of 600 fights "
                                                                  "here") for n in r.notes)


def test_second_injuries_are_handed_over_and_replay_exactly():
    """The five fights of 3000 the kernel hands over stop at a Perfect Critical on a
    creature it injured before; each replays exactly: the first limb die from the kernel's
    script, the second rolled by the encounter itself."""
    r = _second_injuries()
    out = run_fights(r.spec, fight_states(fight_words(r.seed, 0, 0, r.chunk_size)))
    assert list(np.flatnonzero(out["winner"] == HANDED_OVER)) == SECOND
    for i in SECOND:
        enc = r.replay(i)
        roller = enc.roller
        labels = [str(x.label) for x in roller.history]
        perfect = [k for k, lab in enumerate(labels) if lab.startswith("Perfect Critical:")]
        scripted = len(labels) - roller.unscripted  # the rolls from the kernel's dice
        assert len(perfect) >= 2 and perfect[0] < scripted == perfect[1], i
        assert [enc.state(n)["hp"] for n in r.names] == list(r.hp[i])


def test_a_kill_outright_is_not_injured():
    """"If a Perfect Critical deals enough damage to kill the creature outright, there is no
    need to waste time rolling to determine additional effects" (the GM Note): the engine
    rolls no limb then, and neither does the kernel (a goblin at 1 HP against Wulfric)."""
    frail = load_example("goblin").replace(current_hp=1)
    _, spec = prepare_run({"a": [load_example("wulfric")], "b": [frail]}, BRUTAL, "weakest")
    assert spec.dies_at[1] >= 1 - int(spec.dmg_values[0, 1, 2, 0])  # any Perfect Critical kills
    r = simulate({"a": [load_example("wulfric")], "b": [frail]}, 800, seed=3,
                 ruleset=BRUTAL, progress=False)
    wulfric_perfects = 0
    for i in range(r.n):
        out, events = trace_fight(r.spec, fight_states(_words(r, i)[None])[0])
        wulfric_perfects += sum(e[0] == "damage_u" and e[1:4] == (0, 1, 2) for e in events)
        assert not [e for e in events if e[0] == "limb_d" and e[1:3] == (0, 1)], i
        assert out["winner"] != HANDED_OVER, i
    assert wulfric_perfects > 0  # each killed the goblin: no limb


def test_a_spec_without_the_injury_numbers_hands_every_injury_over():
    """Without its ``limb_*`` numbers (``limb_sides`` 0: what the kernel does for an injury
    it does not hold) the kernel stops at every injury, as it did before it played them,
    and the encounter plays each such fight on from the kernel's dice, rolling the limb
    itself."""
    r = simulate(_sides(), 120, seed=5, ruleset=BRUTAL, progress=False)
    spec = dataclasses.replace(r.spec, limb_sides=None)
    words = fight_words(r.seed, 0, 0, r.chunk_size)[:r.n]
    out = finish_handed_over(r.scenario, spec, words, run_fights(spec, fight_states(words)))
    injured = [i for i in range(r.n) if any(e[0] == "limb_d" for e in trace_fight(
        r.spec, fight_states(words[i][None])[0])[1])]
    handed = list(np.flatnonzero(out["handed_over"]))
    assert set(injured) <= set(handed) and len(handed) >= 6
    for i in handed[:4]:
        enc, got = hand_over(r.scenario, spec, words[i])
        first = enc.roller.history[len(enc.roller.history) - enc.roller.unscripted]
        assert str(first.label).startswith("Perfect Critical:")
        assert list(got["hp"]) == list(out["hp"][i])


def test_backends_play_the_same_fights_with_injuries():
    """With Perfect Critical on, ``backend=None`` (threads) and ``backend="processes"``
    play the same fights, the injuries the kernel played among them."""
    kw = dict(seed=4, ruleset=BRUTAL, progress=False, chunk_size=100)
    local = simulate(_sides(), 300, **kw)
    procs = simulate(_sides(), 300, backend="processes", **kw)
    for k in ("winner", "rounds", "hp", "dead", "felled", "dealt"):
        assert np.array_equal(getattr(local, k), getattr(procs, k)), k
    assert local.notes == procs.notes
    injured = [i for i in range(local.n) if any(e[0] == "limb_d" for e in trace_fight(
        local.spec, fight_states(_words(local, i)[None])[0])[1])]
    assert len(injured) >= 10
    enc = procs.replay(injured[0])
    assert [enc.state(n)["hp"] for n in local.names] == list(local.hp[injured[0]])


def test_a_handed_over_fight_is_refused_when_the_encounter_disagrees(monkeypatch):
    """A kernel that stopped where the encounter rolls no injury (here: the encounter told
    there is no Perfect Critical) is a bug, reported as such, not a silent other fight."""
    from lfgcombat.prep import replay as rp
    from lfgcombat.prep.replay import ReplayError
    r = _second_injuries()
    words = fight_words(r.seed, 0, 0, r.chunk_size)[SECOND[0]]
    monkeypatch.setattr(rp, "_scripted", _without_injuries(rp._scripted))
    with pytest.raises(ReplayError, match="did not reach that injury.*bug"):
        hand_over(r.scenario, r.spec, words)


def _without_injuries(scripted):
    def patched(scenario, spec, words, events):
        plain = dataclasses.replace(scenario, ruleset=Ruleset("lfg", killer_criticals=True))
        return scripted(plain, spec, words, events)  # an encounter without Perfect Critical
    return patched


def test_exact_duel_refuses_a_perfect_critical_that_can_injure():
    """The exact chain's state is the two HP totals: it cannot hold a broken limb, so a
    duel where a Perfect Critical can reach the Injured Threshold is refused (naming the
    numbers), and a duel with Perfect Critical off is answered."""
    from lfgcombat.prep import PrepError, exact_duel
    a, b = load_example("chessan"), load_example("orc_shaman")
    with pytest.raises(PrepError, match=r"Perfect Critical deals up to \d+, at least .*"
                                        r"Injured Threshold \d+.*simulate"):
        exact_duel(a, b, ruleset=BRUTAL)
    assert sum(exact_duel(a, b).p_win) > 0.9
