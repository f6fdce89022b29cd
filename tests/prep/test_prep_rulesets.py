"""GM prep plays classic and wounds on the reference tier (issue 12, "designed so the other
rulesets plug in"): seeded runs, who is still fighting, the aftermath, replay, refusals.

Rules: 002_2a3a79475ca2a541.txt, "Stabilizing a Disabled Character" (disabled at 0 HP, DC12
FORT, DC14 CON to become mobile, the optional 1 HP a round) and "Death" (-10);
003_de0e94afd49609a7.txt, "When a character is subject to a damage-dealing effect" (Hit
Points, then Wounds; dead at 0 Wounds, inferred); 000_8d1d7816ee944f3b.txt, "Unconscious &
Dying".
"""

from __future__ import annotations

import collections

import numpy as np
import pytest

from lfgcombat import HexMap
from lfgcombat.creature import load_example
from lfgcombat.engine import Encounter
from lfgcombat.prep import PrepError, compare, exact_duel, simulate, sweep, wilson
from lfgcombat.prep.reference import play
from lfgcombat.prep.run import prepare_run
from lfgcombat.prep.standing import STANDING, at_risk, track
from lfgcombat.rulesets import Ruleset

from .rulesets_helpers import orc_brawl, orc_duel, strong_vs_weak, written

RULESETS = ("lfg", "classic", "wounds")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_much_stronger_side_wins_under_each_ruleset(ruleset):
    r = simulate(strong_vs_weak(), 20, ruleset=ruleset, tier="reference", seed=7,
                 progress=False)
    assert r.tier == "reference" and r.scenario.ruleset.name == ruleset and r.n == 20
    p, lo, hi = r.p_win("party")
    k = int(np.count_nonzero(r.winner == 0))
    assert p > 0.9 and (lo, hi) == wilson(k, 20) and lo <= p <= hi
    assert r.p_any_dropped("goblins")[0] == 1.0  # the losers are all out of the fight
    pc = r.per_creature()
    assert (pc.loc[["Goblin 1", "Goblin 2"], "p_dropped"] == 1.0).all()
    start = dict(zip(r.names, r.spec.start_hp))
    # a goblin out of the fight has lost at least its HP (wounds: HP, then Wounds)
    assert (pc.loc["Goblin 1", "hp_lost_q10"] >= start["Goblin 1"])
    assert pc.loc["Wulfric", "damage_dealt_mean"] > 0


class _Spy(Encounter):
    """An encounter that notes the status of the attacker and the target of every attack
    the tactics make."""

    seen: collections.Counter

    def attack(self, attacker, target, *args, **kwargs):
        self.seen[(self.state(attacker).status, self.state(target).status)] += 1
        return super().attack(attacker, target, *args, **kwargs)


def _spied(ruleset: Ruleset, fights: int) -> tuple[collections.Counter, list]:
    scenario, spec = prepare_run(orc_brawl(), ruleset, "weakest")
    seen: collections.Counter = collections.Counter()
    ends = []
    for s in range(fights):
        enc = _Spy(list(scenario.creatures), sides=scenario.sides(), ruleset=ruleset,
                   seed=s, knockdown_after_strike=False)
        enc.seen = seen
        ends.append(play(scenario, spec, s, s, encounter=enc))
    return seen, ends


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_tactics_fight_while_the_ruleset_says_a_creature_stands(ruleset):
    """Attackers and targets are always standing by Encounter.standing()'s rule: under
    wounds a creature at 0 HP fights on (``wounded``) and is attacked; under classic a
    disabled creature never attacks, a ``mobile`` one does; the winner's side is the only
    one standing at the end."""
    seen, ends = _spied(Ruleset(ruleset), 6)
    statuses = {s for pair in seen for s in pair}
    assert statuses <= STANDING
    if ruleset == "wounds":
        assert seen[("wounded", "conscious")] > 0 and seen[("conscious", "wounded")] > 0
    if ruleset == "classic":
        assert any("mobile" in pair for pair in seen)
    for enc, out in ends:
        up = {side for side, names in enc.standing().items() if names}
        side = list(enc.standing())
        assert out["winner"] >= 0 and up == {side[out["winner"]]}


@pytest.mark.parametrize("ruleset", [Ruleset("classic", hp_loss_per_round=True),
                                     Ruleset("wounds")], ids=["classic", "wounds"])
def test_replay_rebuilds_the_median_and_the_worst_fights(ruleset):
    r = simulate(orc_brawl(), 10, ruleset=ruleset, tier="reference", seed=3,
                 progress=False)
    picks = {r.median_fight(), *r.worst("red", share=0.2), 0}
    assert len(picks) >= 3
    for i in sorted(picks):
        enc = r.replay(i)
        states = [enc.state(n) for n in r.names]
        assert [track(s) for s in states] == list(r.hp[i])
        assert [int(s["dead"]) for s in states] == list(r.dead[i])
        down = [s["status"] not in STANDING for s in states]
        if ruleset.name == "wounds":  # dropped is dead: at 0 HP it still fights
            assert list(r.dropped[i]) == [bool(d) for d in r.dead[i]] == down
        assert not any(at_risk(s, ruleset.hp_loss_per_round) for s in states)
    again = r.replay(int(r.median_fight()))
    assert len(again.log) == len(r.replay(int(r.median_fight())).log)


def test_the_wounds_hp_track_counts_wounds_and_dropped_means_dead():
    r = simulate(orc_brawl(), 8, ruleset="wounds", tier="reference", seed=5, progress=False)
    assert (r.dropped == (r.dead > 0)).all()
    wounds_max = r.replay(0).state("Orc A")["vitals"]["wounds_max"]
    dead = r.dead > 0
    assert dead.any()
    # a dead orc is at 0 Wounds: its track is at most -wounds_max (0 HP, every Wound lost)
    assert (r.hp[dead] <= -wounds_max + r.spec.start_hp.max()).all()
    at_zero = (r.hp <= 0) & ~dead  # at 0 HP or below on the track, alive: still fighting
    lost = r.per_creature()["hp_lost_mean"]
    assert (lost > 0).all() and at_zero.any() | dead.any()
    assert "Wounds" in " ".join(r.notes)


def test_classic_dropped_is_disabled_and_the_dying_lose_hp_until_stable_or_dead():
    """With the optional 1 HP a round, the aftermath plays until everyone below 0 is
    stable or dead at -10; dropped is at 0 HP or below."""
    rs = Ruleset("classic", hp_loss_per_round=True)
    r = simulate(orc_brawl(), 8, ruleset=rs, tier="reference", seed=11, progress=False)
    assert (r.dropped == ((r.hp <= 0) | (r.dead > 0))).all()
    assert ((r.dead > 0) == (r.hp <= -10)).all()  # "Death": -10 or lower
    below = [(i, c) for i in range(r.n) for c in range(len(r.names))
             if r.hp[i, c] < 0 and not r.dead[i, c]]
    assert below, "some orc ends below 0 and alive"
    i, c = below[0]
    assert r.replay(i).state(r.names[c])["vitals"]["stable"]


def test_at_risk_and_track_read_each_rulesets_state():
    assert at_risk({"status": "dying", "dead": False, "hp": -2})
    hero = {"status": "unconscious", "dead": False, "hp": -3,
            "vitals": {"disabled": True, "stable": False, "bleed": 0}}
    assert at_risk(hero, hp_loss_per_round=True) and not at_risk(hero)
    assert not at_risk({**hero, "vitals": {**hero["vitals"], "stable": True}}, True)
    assert at_risk({**hero, "vitals": {**hero["vitals"], "bleed": 2}})
    wounded = {"status": "wounded", "dead": False, "hp": 0,
               "vitals": {"wounds": 7, "wounds_max": 12}}
    assert not at_risk(wounded) and track(wounded) == -5 and track({"hp": 9}) == 9


def test_the_default_tier_is_the_fast_tier_under_every_ruleset():
    """classic and wounds play on the fast tier by default, as lfg does (their own
    kernels, tests/prep/test_fast_classic.py and test_fast_wounds.py); the run's notes
    then say nothing of the reference tier."""
    sides = orc_duel()
    for name in ("classic", "wounds"):
        auto = simulate(sides, 6, ruleset=name, seed=2, progress=False)
        assert auto.tier == "fast" and not any("Played on the reference" in n for n in auto.notes)
    lfg = {"a": [load_example("orc").replace(name="Orc A")], "b": [load_example("orc")]}
    assert simulate(lfg, 50, seed=1, progress=False).tier == "fast"


def test_the_exact_duel_refuses_classic_and_wounds_by_name():
    sides = orc_duel()
    before = [c.to_dict() for s in sides.values() for c in s]
    for name in ("classic", "wounds"):
        with pytest.raises(PrepError, match=r"exact duel plays lfg's rules only.*"
                           r"simulate\(\.\.\., tier='reference'\)"):
            exact_duel(*[s[0] for s in sides.values()], ruleset=name)
    assert [c.to_dict() for s in sides.values() for c in s] == before


def test_creatures_lacking_the_rulesets_fields_are_refused_with_the_encounters_words():
    sides = {"party": [load_example("wulfric")], "orcs": [written("orc")]}
    with pytest.raises(PrepError, match=r"under classic: the classic ruleset needs fields "
                       r"these creatures lack:\n  Wulfric: bab \(the Base Attack Bonus"):
        simulate(sides, 5, ruleset="classic", tier="reference", progress=False)
    with pytest.raises(PrepError, match=r"Wulfric: prowess"):
        simulate(sides, 5, ruleset="wounds", progress=False)
    with pytest.raises(PrepError, match=r"Wulfric: bab"):
        compare(sides, 5, rulesets=["lfg", "classic"], progress=False)


def test_what_only_lfg_has_is_refused_under_classic_and_wounds():
    sides = orc_duel()
    from lfgcombat.rulesets import RulesetError
    with pytest.raises(RulesetError, match="killer_criticals is an optional rule of lfg"):
        Ruleset("classic", killer_criticals=True)  # refused before GM prep sees it
    with pytest.raises(PrepError, match="killer_criticals is an optional rule of lfg.*the "
                                        "classic ruleset"):
        simulate(sides, 5, ruleset="classic", switches={"killer_criticals": True},
                 progress=False)
    with pytest.raises(PrepError, match="perfect_critical.*wounds ruleset"):
        simulate(sides, 5, ruleset="wounds", switches={"perfect_critical": True},
                 progress=False)
    with pytest.raises(PrepError, match="Momentum of Impact.*classic ruleset"):
        simulate(sides, 5, ruleset="classic", knockdown=True, progress=False)
    with pytest.raises(PrepError, match="hp_loss_per_round is an optional rule the lfg"):
        simulate(sides, 5, switches={"hp_loss_per_round": True}, progress=False)
    r = simulate(sides, 4, ruleset="classic", switches={"hp_loss_per_round": True},
                 progress=False, seed=1)
    assert r.scenario.ruleset.hp_loss_per_round


def test_compare_plays_the_three_rulesets_on_common_random_numbers():
    sides = orc_duel()
    c = compare(sides, 12, rulesets=list(RULESETS), tier="reference", seed=9,
                progress=False)
    assert [r.scenario.ruleset.name for r in c.results] == list(RULESETS)
    for name, r in zip(RULESETS, c.results):  # fight i of each variant: the seeds of
        alone = simulate(sides, 12, ruleset=name, tier="reference", seed=9,  # fight i
                         progress=False)
        assert (alone.winner == r.winner).all() and (alone.hp == r.hp).all()
    s = c.summary().sort_index()
    assert (s.loc["lfg", ["diff", "diff_lo", "diff_hi"]] == 0).all().all()
    for name in ("classic", "wounds"):
        rows = s.loc[name]
        assert ((rows["diff_lo"] <= rows["diff"]) & (rows["diff"] <= rows["diff_hi"])).all()
        assert np.allclose(rows["diff"], rows["p"] - s.loc["lfg", "p"])
        assert (rows["diff_hi"] - rows["diff_lo"] > 0).all()
    win = c.summary("win")
    changed = int(np.count_nonzero(c.results[2].winner != c.results[0].winner))
    assert win.loc[("wounds", "red"), "changed"] == changed


def test_compare_and_sweep_play_every_ruleset_on_the_fast_tier_or_as_asked():
    sides = orc_duel()
    c = compare(sides, 4, rulesets=["lfg", "classic", "wounds"], seed=1, progress=False)
    assert {r.tier for r in c.results} == {"fast"}
    assert not any("Played on the reference" in n for n in c.notes)
    sw = sweep({"ruleset": ["lfg", "wounds"]}, lambda: sides, 6, seed=2, progress=False,
               tier="reference")  # replayed below: the reference tier replays every fight
    assert sw.tier == "reference" and set(sw.frame["ruleset"]) == {"lfg", "wounds"}
    point = sw.result({"ruleset": "wounds"})
    assert point.scenario.ruleset.name == "wounds"
    enc = sw.replay({"ruleset": "wounds"}, 3)
    assert [track(enc.state(n)) for n in point.names] == list(point.hp[3])
    row = sw.frame[(sw.frame.ruleset == "wounds") & (sw.frame.measure == "win")
                   & (sw.frame.side == "red")].iloc[0]
    assert row.p == point.p_win("red")[0]


MAP = """
name: a small clearing
terrain: |
  . . . . . .
   . . . . . .
creatures:
  - {name: Orc A, at: [0, 0], side: red}
  - {name: Orc B, at: [4, 1], side: blue}
"""


@pytest.mark.parametrize("ruleset", ["classic", "wounds"])
def test_classic_and_wounds_play_on_a_map_and_replay(ruleset):
    """With a map, movement and AOO come from the map (issue 12) under every ruleset: the
    melee creatures close in, and each fight replays as the run reported it."""
    sides = orc_duel()
    creatures = [c for s in sides.values() for c in s]
    r = simulate(sides, 3, ruleset=ruleset, tier="reference", seed=1, progress=False,
                 map=HexMap.from_text(MAP, creatures=creatures))
    for i in range(r.n):
        enc = r.replay(i)
        kinds = set(enc.log.to_dataframe().kind)
        assert "moved" in kinds and "attack" in kinds
        assert [track(enc.state(n)) for n in r.names] == list(r.hp[i])


def test_the_encounter_attacks_on_a_map_under_wounds():
    """The wounds attack on a map (it refused the distance the Encounter passed it)."""
    sides = orc_duel()
    creatures = [c for s in sides.values() for c in s]
    near = MAP.replace("[4, 1]", "[1, 0]")
    enc = Encounter(creatures, sides={"red": ["Orc A"], "blue": ["Orc B"]},
                    map=HexMap.from_text(near, creatures=creatures), ruleset="wounds",
                    seed=1).start()
    me = str(enc.current)
    enc.attack(me, "Orc B" if me == "Orc A" else "Orc A")
    assert any(e.kind == "attack" and e.data.get("target") for e in enc.log)


def test_the_knockdown_note_is_lfg_s_only():
    """Momentum of Impact's Knockdown is an lfg rule (000_8d1d7816ee944f3b.txt, "Momentum of
    Impact (Different Sizes, Knockdown, Crushing Advance)"); classic and wounds have none,
    so their runs with foes of different sizes do not mention it."""
    from lfgcombat.prep.run import KNOCKDOWN_NOTE
    fields = {"bab": 3, "prowess": 1, "good_saves": ["fort", "ref"]}
    sides = {"a": [load_example("orc").replace(**fields)],
             "b": [load_example("goblin").replace(**fields)]}
    for ruleset in ("classic", "wounds"):
        assert KNOCKDOWN_NOTE not in simulate(sides, 2, ruleset=ruleset, seed=1,
                                              progress=False).notes, ruleset
    assert KNOCKDOWN_NOTE in simulate(sides, 20, seed=1, progress=False).notes  # lfg
