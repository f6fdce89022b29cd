"""The fast tier hands a fight over to the reference tier at a Perfect Critical's injury
(issue 12: "Two tiers, one set of rules"; 000_8d1d7816ee944f3b.txt, "Perfect Critical
(Optional Rule)": "If you deal at least as much damage as your target's Injured Threshold,
you also cause the following: Broken Arm ... Broken Leg ... Broken Ribs").

The kernel does not play broken and severed limbs; it stops a fight at the strike that
causes one, and the encounter plays that fight on from the kernel's dice
(:func:`lfgcombat.prep.replay.hand_over`). Checked here: where the kernel stops (a
Perfect Critical's damage against the Injured Threshold, not when it kills outright), that
the tiers then agree within sampling error on a fight where one fight in ten is handed
over, and that the backends give the same fights.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from scipy import stats
from test_prep_tiers import rounds_mc_p

from lfgcombat import Ruleset
from lfgcombat.creature import load_example
from lfgcombat.prep import simulate
from lfgcombat.prep.kernel import HANDED_OVER, NO_THRESHOLD, fight_states, fight_words, \
    trace_fight
from lfgcombat.prep.replay import hand_over
from lfgcombat.prep.run import PERFECT_CRITICAL_NOTE, prepare_run

ALPHA = 0.001
BRUTAL = Ruleset("lfg", perfect_critical=True, killer_criticals=True)


def _sides():
    """A duel where about one fight in ten has an injury (Killer Criticals make a Perfect
    Critical's damage reach the Injured Threshold more often)."""
    return {"a": [load_example("chessan")], "b": [load_example("orc_shaman")]}


def _words(r, i: int) -> np.ndarray:
    return fight_words(r.seed, 0, i // r.chunk_size, r.chunk_size)[i % r.chunk_size]


def _handed(r) -> list[int]:
    return [i for i in range(r.n) if trace_fight(
        r.spec, fight_states(_words(r, i)[None])[0])[0]["winner"] == HANDED_OVER]


def test_the_kernel_stops_where_a_perfect_critical_injures_and_only_there():
    """In every traced fight, the kernel stops right after a Perfect Critical's damage
    draw whose damage reaches the target's Injured Threshold without killing it; a fight
    it plays to the end has no such strike."""
    r = simulate(_sides(), 300, seed=5, ruleset=BRUTAL, progress=False)
    spec = r.spec
    words = fight_words(r.seed, 0, 0, r.chunk_size)
    stopped = 0
    for i in range(r.n):
        out, events = trace_fight(spec, fight_states(words[i][None])[0])
        perfect = [e for e in events if e[0] == "damage_u" and e[3] == 2]
        if out["winner"] == HANDED_OVER:
            stopped += 1
            assert events[-1][0] == "damage_u" and events[-1][3] == 2, i
        for e in perfect[:-1] if out["winner"] == HANDED_OVER else perfect:
            _, a, t, _, u = e
            assert spec.injured_at[t] == NO_THRESHOLD or _value(spec, a, t, u) < \
                spec.injured_at[t] or out["dead"][t], i
    assert 10 <= stopped <= 60  # about one in ten
    assert any(n.startswith(PERFECT_CRITICAL_NOTE) and n.endswith(f"{stopped} of 300 fights "
                                                                  "here") for n in r.notes)


def _value(spec, a, t, u):
    from lfgcombat.prep.replay import _damage_value
    return _damage_value(spec, a, t, 2, u)


def test_a_kill_outright_is_not_handed_over():
    """"If a Perfect Critical deals enough damage to kill the creature outright, there is no
    need to waste time rolling to determine additional effects" (the GM Note): the engine
    rolls no limb then, and the kernel plays on (a goblin at 1 HP against Wulfric)."""
    frail = load_example("goblin").replace(current_hp=1)
    _, spec = prepare_run({"a": [load_example("wulfric")], "b": [frail]}, BRUTAL, "weakest")
    assert spec.dies_at[1] >= 1 - int(spec.dmg_values[0, 1, 2, 0])  # any Perfect Critical kills
    r = simulate({"a": [load_example("wulfric")], "b": [frail]}, 800, seed=3,
                 ruleset=BRUTAL, progress=False)
    wulfric_perfects = 0
    for i in range(r.n):
        out, events = trace_fight(r.spec, fight_states(_words(r, i)[None])[0])
        wulfric_perfects += sum(e[0] == "damage_u" and e[1:4] == (0, 1, 2) for e in events)
        if out["winner"] == HANDED_OVER:  # only by the goblin's own Perfect Critical
            assert events[-1][1:3] == (1, 0), i
    assert wulfric_perfects > 0  # each killed the goblin and was not handed over


def test_tiers_agree_when_fights_are_handed_over():
    """P(win) and the rounds distribution of the fast tier (about 10% of its fights handed
    over) against the reference tier on the same duel, within sampling error."""
    fast = simulate(_sides(), 1500, seed=11, ruleset=BRUTAL, progress=False)
    ref = simulate(_sides(), 200, seed=12, ruleset=BRUTAL, tier="reference", progress=False)
    assert 0.05 < len(_handed_count(fast)) / fast.n < 0.2
    p_fast = float(np.mean(fast.winner == 0))
    k_ref = int(np.sum(ref.winner == 0))
    assert stats.binomtest(k_ref, ref.n, p_fast).pvalue > ALPHA
    probs = np.bincount(fast.rounds - 1, minlength=int(ref.rounds.max())) / fast.n
    probs = np.maximum(probs, 1e-6)
    assert rounds_mc_p(ref.rounds, probs, seed=1) > ALPHA


def _handed_count(r):
    note = next(n for n in r.notes if n.startswith(PERFECT_CRITICAL_NOTE))
    return range(int(note.rsplit(": ", 1)[1].split(" of ")[0]))


def test_backends_play_the_same_handed_over_fights():
    """With Perfect Critical on, ``backend=None`` plays the fast tier's chunks in processes
    (the handed-over fights are Python); the fights are the same as on one process and as
    ``backend="processes"``."""
    kw = dict(seed=4, ruleset=BRUTAL, progress=False, chunk_size=100)
    local = simulate(_sides(), 300, **kw)
    procs = simulate(_sides(), 300, backend="processes", **kw)
    for k in ("winner", "rounds", "hp", "dead", "felled", "dealt"):
        assert np.array_equal(getattr(local, k), getattr(procs, k)), k
    assert local.notes == procs.notes
    i = _handed(local)[0]
    _, got = hand_over(local.scenario, local.spec, _words(local, i))
    assert list(got["hp"]) == list(local.hp[i]) and got["winner"] == local.winner[i]


def test_a_handed_over_fight_is_refused_when_the_encounter_disagrees(monkeypatch):
    """A kernel that stopped where the encounter rolls no injury (here: the encounter told
    there is no Injured Threshold) is a bug, reported as such, not a silent other fight."""
    from lfgcombat.prep import replay as rp
    from lfgcombat.prep.replay import ReplayError
    r = simulate(_sides(), 300, seed=5, ruleset=BRUTAL, progress=False)
    i = _handed(r)[0]
    words = fight_words(r.seed, 0, 0, r.chunk_size)[i]
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
