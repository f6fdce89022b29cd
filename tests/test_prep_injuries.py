"""The fast tier plays a Perfect Critical's first injury of a creature itself (issue 12:
"Two tiers, one set of rules"; 000_8d1d7816ee944f3b.txt, "Perfect Critical (Optional
Rule)": "If you deal at least as much damage as your target's Injured Threshold, you also
cause the following: Broken Arm ... Broken Leg ..."; "Broken Bones – Arm/Leg/Ribs";
"Severed Limbs"; their numbers are the rows broken_arm, broken_leg, broken_ribs,
severed_arm and severed_leg of data/conditions.csv).

Checked here: the injured creatures' numbers move as data/conditions.csv says (and as a
real Encounter logs them where Injured and Distressed meet), every fight with an injury in
three scenarios replays die for die as a real encounter (the strongest check: any number
that differed from the engine's would make the replay refuse), few fights are still
handed over, the tiers agree statistically, and the numpy fallback plays the same fights.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import numpy as np
import pytest
from scipy import stats
from test_prep_tiers import rounds_mc_p

from lfgcombat import Encounter, Ruleset
from lfgcombat.creature import load_example
from lfgcombat.prep import simulate
from lfgcombat.prep.injuries import LIMBS, injured, limbed
from lfgcombat.prep.kernel import HANDED_OVER, fight_states, fight_words, run_fights, \
    trace_fight
from lfgcombat.prep.run import PERFECT_CRITICAL_NOTE, prepare_run
from lfgcombat.prep.spec import attacks_per_turn

sys.path.insert(0, str(Path(__file__).resolve().parent / "bench"))
from bench_prep import ambush as _ambush  # noqa: E402  (the Perfect Critical bench's fight)

ALPHA = 0.001
PC = Ruleset("lfg", perfect_critical=True)
BRUTAL = Ruleset("lfg", perfect_critical=True, killer_criticals=True)
ROWS = {r["condition"]: r for r in csv.DictReader(
    open(Path(__file__).resolve().parents[1] / "data" / "conditions.csv", encoding="utf-8"))}


def _duel() -> dict:
    return {"a": [load_example("chessan")], "b": [load_example("orc_shaman")]}


def _conditions(limb: str) -> list[str]:
    """The limb's row and the rows it brings (``implies``: Broken Ribs' Distressed;
    ``on_gain``: a leg's Prone)."""
    row = ROWS[limb]
    return [limb] + [c for c in (row["implies"], row["on_gain"]) if c]


def _csv_sum(limb: str, *columns: str) -> int:
    return sum(int(ROWS[c][col] or 0) for c in _conditions(limb) for col in columns)


def _band():
    """Wulfric (longsword: slashing, it severs) and Chessan (mace: bludgeoning, it breaks)
    against an orc (greataxe): the orc can reach every injury state."""
    return {"a": [load_example("wulfric"), load_example("chessan")], "b": [load_example("orc")]}


def test_injury_numbers_move_as_the_condition_table_says():
    """The orc, in every injury state, attacking Wulfric and attacked by him (all melee):
    its attack bonus moves by the rows' ``attack`` + ``d20`` (Broken Leg -2 and Prone's -4;
    Broken Ribs' Distressed -2 on d20 rolls), its AC and ACvsCrit by ``ac`` +
    ``ac_vs_melee`` (Broken Arm -1; Broken Leg -2 and Prone's -4 against melee; Distressed
    -2); a severed limb as its broken bone ("Severed Limbs": "Apply the same penalties as
    for the Broken Bone"); its stabilize save by ``d20`` (a natural 20 still saves: the
    engine's save odds); its attacks a turn unchanged."""
    _, spec = prepare_run(_band(), PC, "weakest")
    s = spec.by_state()
    assert s["bonus"].shape[1] == s["bonus"].shape[3] == len(LIMBS) + 1
    for state, limb in enumerate(LIMBS, start=1):
        attack, ac = _csv_sum(limb, "attack", "d20"), _csv_sum(limb, "ac", "ac_vs_melee")
        assert s["bonus"][2, state, 0, 0, 0] - s["bonus"][2, 0, 0, 0, 0] == attack, limb
        assert s["ac"][0, 0, 2, state] - s["ac"][0, 0, 2, 0] == ac, limb
        assert s["confirm_ac"][0, 0, 2, state] - s["confirm_ac"][0, 0, 2, 0] == ac, limb
        assert s["n_attacks"][2, state] == s["n_attacks"][2, 0] == 1
        p = max(1 / 20, s["stabilize_p"][2, 0] + _csv_sum(limb, "d20") / 20)
        assert s["stabilize_p"][2, state] == pytest.approx(p), limb
    assert [(limb, _csv_sum(limb, "attack", "d20"), _csv_sum(limb, "ac", "ac_vs_melee"))
            for limb in LIMBS[:3]] == [("broken_arm", 0, -1), ("broken_leg", -6, -6),
                                       ("broken_ribs", -2, -2)]
    broken, severed = [1, 2], [4, 5]  # arm, leg
    for key in ("injured_attack", "injured_ac", "injured_confirm_ac", "gang", "stabilize_p",
                "n_attacks"):
        assert np.array_equal(s[key][2, broken], s[key][2, severed]), key
    assert np.array_equal(s["bonus"][2, broken, :, 0], s["bonus"][2, severed, :, 0])
    for key in ("ac", "confirm_ac"):
        assert np.array_equal(s[key][:, 0, 2, broken], s[key][:, 0, 2, severed]), key


def _logged(attacker, target) -> tuple[int, int]:
    """The attack bonus and AC a real Encounter logs for ``attacker``'s first attack."""
    enc = Encounter([attacker, target], sides={"a": [attacker.name], "b": [target.name]},
                    ruleset=PC, seed=0)
    enc.start()
    while enc.current != attacker.name:
        enc.end_turn(next=attacker.name)
    enc.attack(attacker.name, target.name, attacker.weapons[0]["name"])
    data = [e for e in enc.log if getattr(e, "kind", "") == "attack"][-1].data
    return int(data["bonus"]), int(data["against"])


@pytest.mark.parametrize("state", range(1, len(LIMBS) + 1))
def test_injured_with_an_injury_is_what_the_encounter_logs(state):
    """Injured ("Injured": -2 AC, -2 on d20 rolls) on a creature with an injury (Broken
    Ribs' Distressed is also -2 on d20 rolls and -2 AC: whether they stack is the engine's
    to say, not the kernel's): the kernel's attack bonus and AC of an Injured orc in each
    state are what a real Encounter logs for it."""
    orc, wulfric = load_example("orc"), load_example("wulfric")
    _, spec = prepare_run(_band(), PC, "weakest")
    s = spec.by_state()
    hurt = injured(limbed(orc, state))
    bonus = s["bonus"][2, state, 0, 0, 0] + s["injured_attack"][2, state]
    assert _logged(hurt, wulfric)[0] == bonus
    ac = s["ac"][0, 0, 2, state] + s["injured_ac"][2, state]
    assert _logged(wulfric, hurt)[1] == ac
    if LIMBS[state - 1] == "broken_ribs":
        assert s["injured_attack"][2, state] == -2  # the engine stacks them


def test_a_broken_arm_does_not_stop_the_engines_attacks():
    """"Broken Arm: You cannot hold items with this arm" - the engine does not take the
    weapon away: an orc with a broken or severed arm still swings its two-handed greataxe
    in a real Encounter, once a turn, and so does the kernel (reported in issue 12)."""
    orc = load_example("orc")
    for state in (1, 4):
        assert attacks_per_turn(limbed(orc, state), PC) == attacks_per_turn(orc, PC) == 1
        assert _logged(limbed(orc, state), load_example("wulfric"))[0] == 6


def test_the_injury_arrays_are_built_only_with_perfect_critical_on():
    """Perfect Critical off: no ``limb_*`` arrays, one injury state; on: six."""
    off = prepare_run(_duel(), "lfg", "weakest")[1]
    assert off.limb_bonus is None and off.limb_sides is None
    assert off.by_state()["bonus"].shape == off.bonus.shape[:1] + (1,) + \
        off.bonus.shape[1:2] + (1,) + off.bonus.shape[2:]
    on = prepare_run(_duel(), BRUTAL, "weakest")[1]
    assert on.limb_bonus.shape[1] == len(LIMBS) + 1
    assert set(on.limb_sides.ravel()) == {0, 3}  # mace and quarterstaff: bludgeoning, 1d3


def _words(r, i: int) -> np.ndarray:
    return fight_words(r.seed, 0, i // r.chunk_size, r.chunk_size)[i % r.chunk_size]


def _injuries(r) -> tuple[list[int], list[int]]:
    """The fights of ``r`` with an injury the kernel played, and those handed over."""
    played, handed = [], []
    for i in range(r.n):
        out, events = trace_fight(r.spec, fight_states(_words(r, i)[None])[0])
        if out["winner"] == HANDED_OVER:
            handed.append(i)
        elif any(e[0] == "limb_d" for e in events):
            played.append(i)
    return played, handed


SCENARIOS = {"ambush": (_ambush, PC, 240, 7), "duel": (_duel, BRUTAL, 300, 5),
             "level 5 party vs 5 orcs": (lambda: _ambush(5, 5), PC, 150, 3)}


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_every_fight_with_an_injury_replays_die_for_die(name):
    """Every fight in which the kernel broke or severed a limb replays as a real
    encounter die for die (the limb die is a scripted die: the encounter rolls nothing
    the kernel did not), with the same outcome and the limb on the creature; a fight handed
    over replays as :func:`~lfgcombat.prep.replay.hand_over` played it."""
    sides, rs, n, seed = SCENARIOS[name]
    r = simulate(sides(), n, seed=seed, ruleset=rs, progress=False)
    played, handed = _injuries(r)
    assert len(played) >= 8, len(played)
    for i in played + handed:
        enc = r.replay(i)  # refuses (ReplayError) any difference from the simulated fight
        roller = enc.roller
        assert [enc.state(n)["hp"] for n in r.names] == list(r.hp[i]), i
        limbs = [x for x in roller.history if str(x.label).startswith("Perfect Critical:")]
        assert limbs, i
        held = {c.split(" (")[0].replace(" ", "_") for n in r.names
                for c in enc.state(n)["conditions"]} & set(LIMBS)
        assert held, i
        if i in played:
            assert roller.unscripted == 0 and roller.used == len(roller.script), i


def test_few_fights_are_handed_over():
    """In the party against the shaman and three orcs (tests/bench/bench_prep.py's Perfect
    Critical bench), a few fights in a thousand at most are still handed over (a second
    injury of an injured creature; it was one in ten when every injury was), and each
    stops at a Perfect Critical on a creature the kernel had injured already."""
    r = simulate(_ambush(), 3000, seed=1, ruleset=PC, progress=False, chunk_size=3000)
    note = next(x for x in r.notes if x.startswith(PERFECT_CRITICAL_NOTE))
    handed = int(note.rsplit(": ", 1)[1].split(" of ")[0])
    assert handed <= 9, note  # 0.3%
    words = fight_words(r.seed, 0, 0, r.chunk_size)
    out = run_fights(r.spec, fight_states(words))
    for i in np.flatnonzero(out["winner"] == HANDED_OVER):
        _, events = trace_fight(r.spec, fight_states(words[i][None])[0])
        last = events[-1]
        assert last[0] == "damage_u" and last[3] == 2, i
        assert any(e[0] == "limb_d" and e[2] == last[2] for e in events), i
    assert int((out["winner"] == HANDED_OVER).sum()) == handed


def test_tiers_agree_when_the_kernel_plays_injuries():
    """P(win) and the rounds distribution of the fast tier (one fight in ten with an
    injury it played) against the reference tier on the same duel, within sampling error."""
    fast = simulate(_duel(), 1500, seed=11, ruleset=BRUTAL, progress=False)
    ref = simulate(_duel(), 200, seed=12, ruleset=BRUTAL, tier="reference", progress=False)
    played = sum(any(e[0] == "limb_d" for e in trace_fight(
        fast.spec, fight_states(_words(fast, i)[None])[0])[1]) for i in range(200))
    assert 10 <= played <= 40  # about one in ten
    p_fast = float(np.mean(fast.winner == 0))
    k_ref = int(np.sum(ref.winner == 0))
    assert stats.binomtest(k_ref, ref.n, p_fast).pvalue > ALPHA
    probs = np.bincount(fast.rounds - 1, minlength=int(ref.rounds.max())) / fast.n
    probs = np.maximum(probs, 1e-6)
    assert rounds_mc_p(ref.rounds, probs, seed=1) > ALPHA


def test_numpy_fallback_gives_identical_fights_with_injuries():
    """LFGCOMBAT_NO_NUMBA=1 runs the same kernel as plain Python: the same fights, injuries
    and all (as tests/test_prep.py checks without Perfect Critical)."""
    from test_prep import without_numba
    slow = without_numba(
        "from lfgcombat import Ruleset; from lfgcombat.prep import simulate; "
        "from lfgcombat.creature import load_example as L; "
        "rs = Ruleset('lfg', perfect_critical=True, killer_criticals=True); "
        "r = simulate({'a': [L('chessan')], 'b': [L('orc_shaman')]}, 300, seed=5, "
        "ruleset=rs, progress=False); "
        "np.save(sys.argv[1], np.c_[r.winner, r.rounds, r.hp, r.dead, r.dealt])")
    r = simulate(_duel(), 300, seed=5, ruleset=BRUTAL, progress=False)
    assert np.array_equal(slow, np.c_[r.winner, r.rounds, r.hp, r.dead, r.dealt])
    assert len(_injuries(r)[0]) >= 15
