"""Shield Bash, Trip and moving to flank (from afar and from reach) by exact odds (issue 25,
item 2): the maneuvers' exact odds against the dice the encounter rolls, the choices' known
answers, the GM note in the replayed fight's log, flanking's P(win) against a never-flank
twin, and the fast tier's refusal by name (Grab and Pin: test_prep_maneuvers_wrestling.py).

Rules at work (000_8d1d7816ee944f3b.txt): "Shield Bash (Attack Action, No AOO)" (a touch
attack, then an opposed Wrestling check; a Nat 20 adds +5; a win knocks Prone, a win by 5+
also deals (1+STRMod) [b]), "Wrestling Skill - Maneuvers & More" (a Big Action; Trip:
Prone), "Prone" (-4 AC against melee attacks), "Flanking / Being Flanked" (-2 AC),
"What is a 5-Foot Step?" (a Swift Action, no AOO).
"""

from __future__ import annotations

import math

import pytest

from lfgcombat import Encounter, HexMap
from lfgcombat.creature import load_example
from lfgcombat.dice import Roller
from lfgcombat.prep import PRESETS, simulate
from lfgcombat.prep.choices import choose_attack_scored
from lfgcombat.prep.maneuvers import choose_maneuver, flank_in
from lfgcombat.prep.run import prepare_run
from lfgcombat.prep.spec import PrepError
from lfgcombat.prep.tactics import Tactics, TacticsError
from lfgcombat.rules.actions.maneuver_odds import maneuver_chances, maneuver_odds
from lfgcombat.rules.actions.maneuvers import touch_attack
from lfgcombat.rules.actions.skills import opposed

from .from_here_helpers import CLEARING, orcs


def _notes(enc) -> list[str]:
    return list(dict.fromkeys(e.data["text"] for e in enc.log if e.kind == "note"))


def _within(p_exact: float, hits: int, n: int) -> None:
    """The sampled frequency within 4.5 standard errors of the exact chance."""
    sigma = math.sqrt(max(p_exact * (1 - p_exact), 1e-4) / n)
    assert abs(hits / n - p_exact) <= 4.5 * sigma, (p_exact, hits / n)


def test_the_exact_chances_match_the_dice_sampled_with_fortune():
    """The touch attack (Unfortunate), then the opposed check (Fortunate against plain) with
    a Shield Bash's +5 after a Nat 20, rolled 20,000 times with the kit's own rolls."""
    roller = Roller(seed="maneuver-odds")
    n, hit, win, big = 20000, 0, 0, 0
    for _ in range(n):
        t = touch_attack(6, 15, roller=roller, fortune="unfortunate")
        if not t.hit:
            continue
        hit += 1
        c = opposed(3 + (5 if t.natural == 20 else 0), 4, a_fortune="fortunate",
                    roller=roller)
        win += c.a_wins
        big += c.a_wins_by(5)
    p_hit, p_win, p_big = maneuver_chances(6, 15, 3, 4, touch_fortune="unfortunate",
                                           a_fortune="fortunate", nat20_bonus=5)
    assert p_hit == pytest.approx(0.6 * 0.6)  # Unfortunate: both d20s 9 or more
    for p, k in ((p_hit, hit), (p_win, win), (p_big, big)):
        _within(p, k, n)


def _duel(hero, orc, seed: int, tactics="bully", current: str | None = None):
    scenario, spec = prepare_run({"a": [hero], "b": [orc]}, None, tactics)
    enc = Encounter([hero, orc], sides=scenario.sides(), seed=seed)
    enc.start()
    want = current or hero.name
    if enc.current != want:
        enc.end_turn(next=want)
    return scenario, spec, enc


def test_the_encounter_rolls_a_shield_bash_as_its_exact_odds_say():
    """2,000 Shield Bashes by Wulfric in 2,000 encounters: the share that knock the orc
    Prone, and that win by 5+ (4 damage), match :func:`maneuver_odds`."""
    hero = load_example("wulfric").replace(skills={"wrestling": 2})
    orc = load_example("orc").replace(bonuses=[{"to": "ac", "value": 8, "source": "test"}])
    scenario, _, first = _duel(hero, orc, 0)
    odds = maneuver_odds(first, "Wulfric", "Orc", "shield_bash")
    assert (odds.touch_bonus, odds.touch_ac, odds.wrestling, odds.damage) == (11, 18, 2, 4)
    n, won, big = 2000, 0, 0
    for seed in range(n):
        enc = Encounter([hero, orc], sides=scenario.sides(), seed=seed + 1)
        enc.start()
        if enc.current != "Wulfric":
            enc.end_turn(next="Wulfric")
        enc.shield_bash("Wulfric", "Orc")
        m = [e for e in enc.log if e.kind == "maneuver"][-1].data
        won += m["success"]
        big += m["success"] and m["margin"] >= 5
    _within(odds.p_success, won, n)
    _within(odds.p_big, big, n)


def _bash_choice(ac: int, wrestling: int = 10):
    hero = load_example("wulfric").replace(skills={"wrestling": wrestling})
    orc = load_example("orc").replace(bonuses=[{"to": "ac", "value": ac, "source": "test"}])
    scenario, spec, enc = _duel(hero, orc, 1)
    weapons = ["longsword", "greataxe"]
    w, _, _, score = choose_attack_scored(scenario, enc, 0, 1, "longsword", 0, {}, [1],
                                          weapons, spec.n_attacks)
    return choose_maneuver(scenario, enc, 0, 1, w, score, 0, {}, weapons, spec.n_attacks)


def test_wulfric_shield_bashes_a_hard_target_and_attacks_an_easier_one():
    """Against AC 25 his longsword hits on 14+ and a Prone orc (AC 21) is worth the bash to
    his two attacks that follow; against AC 21 Power Attack's bigger die is worth more."""
    kind, why = _bash_choice(12)
    assert kind == "shield_bash"
    assert why.startswith("Wulfric Shield Bashes Orc: by the exact odds P(Prone) 0.45")
    assert "(plain longsword: P(drop) 0.00, value 2.9)" in why
    assert _bash_choice(8) == (None, "")
    assert _bash_choice(12, wrestling=0) == (None, "")


def test_caution_weighs_the_shield_rating_a_bash_gives_up_against_the_other_foes():
    """With a second orc about, the bash leaves Wulfric without his Shield Rating (2) against
    it until his next turn: a small caution still bashes and says what it risks, caution 1
    does not."""
    def choice(caution: float):
        hero = load_example("wulfric").replace(skills={"wrestling": 10})
        foes = [o.replace(bonuses=[{"to": "ac", "value": 12, "source": "test"}])
                for o in orcs(2)]
        tac = Tactics(name="careful bully", shield_bash="odds", caution=caution)
        scenario, spec = prepare_run({"a": [hero], "b": foes}, None, {"a": tac})
        enc = Encounter([hero, *foes], sides=scenario.sides(), seed=1)
        enc.start()
        if enc.current != "Wulfric":
            enc.end_turn(next="Wulfric")
        weapons = ["longsword", "greataxe", "greataxe"]
        w, _, _, score = choose_attack_scored(scenario, enc, 0, 1, "longsword", 0, {},
                                              [1, 2], weapons, spec.n_attacks)
        return choose_maneuver(scenario, enc, 0, 1, w, score, 0, {}, weapons,
                               spec.n_attacks)
    kind, why = choice(0.05)
    assert kind == "shield_bash" and "for the damage it risks (caution 0.05)" in why
    assert choice(1.0) == (None, "")


def test_an_orc_trips_wulfric_when_its_wrestling_makes_it_worth_it():
    """Three orcs against a well-armoured Wulfric (AC +6): Orc 1's one attack a turn is worth
    less than a Trip when its Wrestling is +6 and Orcs 2 and 3, still to act, strike a Prone
    Wulfric; with Wrestling +0 it attacks."""
    def choice(wrestling: int):
        hero = load_example("wulfric").replace(
            bonuses=[{"to": "ac", "value": 6, "source": "test"}])
        foes = [o.replace(skills={"wrestling": wrestling}) for o in orcs(3)]
        scenario, spec = prepare_run({"a": [hero], "b": foes}, None, {"b": "bully"})
        enc = Encounter([hero, *foes], sides=scenario.sides(), seed=1)
        enc.start()
        if enc.current != "Orc 1":
            enc.end_turn(next="Orc 1")
        weapons = ["longsword"] + ["greataxe"] * 3
        w, _, _, score = choose_attack_scored(scenario, enc, 1, 0, "greataxe", 0, {}, [0],
                                              weapons, spec.n_attacks)
        return choose_maneuver(scenario, enc, 1, 0, w, score, 0, {}, weapons,
                               spec.n_attacks)
    kind, why = choice(6)
    assert kind == "trip"
    assert why.startswith("Orc 1 Trips Wulfric: by the exact odds P(Prone) 0.39")
    assert "more from the attacks that follow on a Prone foe" in why
    assert choice(0) == (None, "")


@pytest.fixture(scope="module")
def bashing():
    hero = load_example("wulfric").replace(skills={"wrestling": 10})
    orc = load_example("orc").replace(bonuses=[{"to": "ac", "value": 12, "source": "test"}])
    sides = {"party": [hero], "orcs": [orc]}
    return (simulate(sides, 4, tactics={"party": "bully"}, seed=7, progress=False,
                     backend=None),
            simulate(sides, 4, tactics={"party": "brutal"}, seed=7, progress=False,
                     backend=None))


def test_a_bully_shield_bashes_and_the_replayed_log_says_why(bashing):
    bully, brutal = bashing
    assert bully.tier == "reference"
    encs = [bully.replay(i) for i in range(4)]  # each replays as simulated, or raises
    bashes = [e for enc in encs for e in enc.log if e.kind == "maneuver"
              and e.data["maneuver"] == "shield_bash"]
    assert bashes and all(e.actor == "Wulfric" for e in bashes)
    whys = [n for enc in encs for n in _notes(enc) if "Shield Bashes Orc" in n]
    assert whys and "by the exact odds P(Prone)" in whys[0]
    calm = [e for i in range(4) for e in brutal.replay(i).log if e.kind == "maneuver"]
    assert calm == []


def test_a_prone_creature_stands_up_on_its_turn_when_maneuvers_are_played(bashing):
    encs = [bashing[0].replay(i) for i in range(4)]
    prone = [e for enc in encs for e in enc.log if e.kind == "condition"
             and e.target == "Orc" and e.data.get("condition") == "prone"
             and e.data.get("change") == "gained"]
    assert prone
    stood = [e for enc in encs for e in enc.log if e.actor == "Orc" and e.kind == "spend"
             and e.data.get("action") == "stand_up"]
    assert stood


def _clearing(without: str | None = None):
    party = [load_example("wulfric"), load_example("chessan")]
    foes = orcs(2)
    everyone = [c for c in party + foes if c.name != without]
    text = "\n".join(line for line in CLEARING.splitlines()
                     if without is None or without not in line)
    hmap = HexMap.from_text(text, creatures=everyone)
    scenario, _ = prepare_run({"party": [c for c in party if c.name != without],
                               "orcs": foes}, None, "pack")
    enc = Encounter(everyone, map=hmap, sides=scenario.sides(), seed=4)
    enc.start()
    if enc.current != "Chessan":
        enc.end_turn(next="Chessan")
    return scenario, enc


def test_chessan_moves_to_flank_the_orc_wulfric_already_threatens():
    scenario, enc = _clearing()
    t = scenario.names.index("Orc 1")
    assert not enc.map.is_flanked("Orc 1")
    why = flank_in(scenario, enc, scenario.names.index("Chessan"), t, "mace")
    assert why.startswith("Chessan moves to flank Orc 1: by the exact odds of its mace")
    assert "(the plain approach: P(drop) 0.00, expected damage 2.8)" in why
    assert enc.map.is_flanked("Orc 1")
    touch = int(enc.creature("Orc 1").touch_ac.value)
    assert maneuver_odds(enc, "Chessan", "Orc 1", "trip").touch_ac == touch - 2  # flanked
    assert enc.attack_odds("Chessan", "Orc 1", "mace").expected_damage == pytest.approx(
        float(why.split("expected damage ")[1].split(" ")[0]), abs=0.05)


def test_without_an_ally_threatening_the_orc_nobody_flanks():
    scenario, enc = _clearing(without="Wulfric")
    before = enc.map.token("Chessan").anchor
    assert flank_in(scenario, enc, scenario.names.index("Chessan"),
                    scenario.names.index("Orc 1"), "mace") == ""
    assert enc.map.token("Chessan").anchor == before


def test_the_pack_flanks_in_simulated_fights_that_replay_with_the_note():
    party = [load_example("wulfric"), load_example("chessan")]
    foes = orcs(2)
    hmap = HexMap.from_text(CLEARING, creatures=party + foes)
    kw = dict(map=hmap, seed=3, progress=False, backend=None, tier="reference")
    pack = simulate({"party": party, "orcs": foes}, 3, tactics="pack", **kw)
    notes = [n for i in range(3) for n in _notes(pack.replay(i))]
    assert any(n.startswith("Chessan moves to flank Orc 1") for n in notes)
    plain = simulate({"party": party, "orcs": foes}, 3, tactics="focus_fire", **kw)
    assert not [n for i in range(3) for n in _notes(plain.replay(i)) if "to flank" in n]


def test_the_fast_tier_refuses_the_maneuvers_by_name():
    with pytest.raises(PrepError, match=r"side 'party' plays tactics bully with turn choices "
                                        r"by exact odds \(power_attack, charge, shield_bash, "
                                        r"trip, flank\)"):
        simulate({"party": [load_example("wulfric")], "orcs": orcs(1)}, 10,
                 tactics={"party": "bully"}, tier="fast", progress=False)


def test_the_new_choices_are_data_and_bad_ones_are_refused():
    assert PRESETS["pack"].turn_choices == ("flank",)
    assert PRESETS["bully"].turn_choices == ("power_attack", "charge", "shield_bash", "trip",
                                             "flank")
    assert Tactics().turn_choices == ()
    for key in ("shield_bash", "trip", "flank"):
        with pytest.raises(TacticsError, match=f"unknown tactics {key} 'odd'; did you mean "
                                               "'odds'"):
            Tactics(**{key: "odd"})


def test_played_on_from_a_fight_under_way_the_bash_replays_after_the_real_log():
    """``simulate(encounter)`` mid-fight under ``bully``: each fight replays (as a scripted
    encounter whose log begins with the real fight's) with its Shield Bashes and notes."""
    hero = load_example("wulfric").replace(skills={"wrestling": 10})
    orc = load_example("orc").replace(bonuses=[{"to": "ac", "value": 12, "source": "test"}])
    enc = Encounter([hero, orc], sides={"party": ["Wulfric"], "orcs": ["Orc"]}, seed=3)
    enc.start()
    if enc.current != "Orc":
        enc.end_turn(next="Orc")
    enc.attack("Orc", "Wulfric")
    enc.end_turn(next="Wulfric")
    r = simulate(enc, 3, tactics={"party": "bully"}, seed=1, progress=False, backend=None,
                 tier="reference")
    for i in range(3):
        played = r.replay(i)
        assert [e.kind for e in played.log[:len(enc.log)]] == [e.kind for e in enc.log]
        assert any(e.kind == "maneuver" for e in played.log[len(enc.log):])
        assert any(n.startswith("Wulfric Shield Bashes Orc") for n in _notes(played))


def test_a_run_naming_no_tier_plays_the_new_choices_on_the_reference_tier_noted():
    r = simulate({"party": [load_example("wulfric")], "orcs": orcs(1)}, 2, tactics="pack",
                 seed=1, progress=False, backend=None)
    assert r.tier == "reference"
    assert any("does not play turn choices by exact odds" in n and "pack (flank)" in n
               for n in r.notes)


def test_bully_orcs_trip_wulfric_in_simulated_fights_that_replay():
    """The Trip is played (a Wrestling maneuver: the foes offered an AOO take it), noted,
    replayed; a tripped Wulfric stands up on his turn."""
    hero = load_example("wulfric").replace(bonuses=[{"to": "ac", "value": 6, "source": "test"}])
    foes = [o.replace(skills={"wrestling": 6}) for o in orcs(3)]
    r = simulate({"party": [hero], "orcs": foes}, 3, tactics={"orcs": "bully"}, seed=2,
                 progress=False, backend=None)
    encs = [r.replay(i) for i in range(3)]
    trips = [e for enc in encs for e in enc.log if e.kind == "maneuver"]
    assert trips and {e.data["maneuver"] for e in trips} == {"trip"}
    assert {e.actor for e in trips} <= {"Orc 1", "Orc 2", "Orc 3"}
    assert any(" Trips Wulfric: by the exact odds P(Prone) 0.39" in n
               for enc in encs for n in _notes(enc))
    assert any(e.actor == "Wulfric" and e.kind == "spend" and e.data.get("action") ==
               "stand_up" for enc in encs for e in enc.log)


def test_the_prone_view_is_the_one_the_encounter_makes_with_add_condition():
    """The tactics value a knock-down with the target's view plus Prone; the encounter's own
    ``add_condition`` (in a fork) gives the same creature, so the same attack odds."""
    from lfgcombat.prep.maneuvers import _prone_view
    for hero in (load_example("wulfric"), load_example("chessan")):
        scenario, _, enc = _duel(hero, load_example("orc"), 1)
        fork = enc.fork()
        fork.add_condition("Orc", "prone")
        assert _prone_view(scenario, enc, "Orc") == fork.creature("Orc")
        assert "prone" in fork.state("Orc")["conditions"]


#: Wulfric and Chessan side by side, both in reach of one orc, which neither flanks.
RING = """
name: a ring
terrain: |
  . . . . . .
   . . . . . .
  . . . . . .
   . . . . . .
creatures:
  - {name: Wulfric, at: [2, 1], side: party}
  - {name: Chessan, at: [2, 2], side: party}
  - {name: Orc, at: [3, 2], side: foes}
"""


def _ring(foe=None, tactics="pack"):
    party = [load_example("wulfric"), load_example("chessan")]
    foe = foe or load_example("orc")
    hmap = HexMap.from_text(RING, creatures=party + [foe])
    scenario, _ = prepare_run({"party": party, "foes": [foe]}, None, {"party": tactics})
    enc = Encounter(party + [foe], map=hmap, sides=scenario.sides(), seed=1)
    return scenario, enc


def test_chessan_in_reach_steps_5_ft_to_flank_the_orc_wulfric_threatens():
    """"Flanking / Being Flanked" (-2 AC) by a 5-Foot Step ("What is a 5-Foot Step?": a
    Swift Action that provokes nothing): its three attacks from there beat staying by the
    encounter's own odds, and it keeps its Big Actions."""
    scenario, enc = _ring()
    enc.start()
    if enc.current != "Chessan":
        enc.end_turn(next="Chessan")
    assert enc.map.distance("Chessan", "Orc") <= 5 and not enc.map.is_flanked("Orc")
    stay = enc.attack_odds("Chessan", "Orc", "mace").expected_damage
    why = flank_in(scenario, enc, scenario.names.index("Chessan"), scenario.names.index("Orc"),
                   "mace")
    assert why.startswith("Chessan takes a 5-Foot Step to flank Orc, already in reach: by "
                          "the exact odds of its mace from there")
    assert f"(staying: P(drop) 0.00, expected damage {stay:.1f} x 3" in why
    assert enc.map.is_flanked("Orc")
    moved = enc.attack_odds("Chessan", "Orc", "mace").expected_damage
    assert moved > stay and f"expected damage {moved:.1f} x 3 attacks left" in why
    assert enc.actions_left("Chessan").big == 2 and enc.actions_left("Chessan").attacks == 3


def test_in_reach_nobody_steps_when_flanking_gains_nothing_or_under_never():
    """A creature already flanked, or tactics without ``flank="odds"``, stays put."""
    scenario, enc = _ring(tactics="focus_fire")
    enc.start()
    if enc.current != "Chessan":
        enc.end_turn(next="Chessan")
    before = enc.map.token("Chessan").anchor
    c, o = scenario.names.index("Chessan"), scenario.names.index("Orc")
    assert flank_in(scenario, enc, c, o, "mace") == ""
    scenario, enc = _ring()
    enc.start()
    if enc.current != "Chessan":
        enc.end_turn(next="Chessan")
    assert flank_in(scenario, enc, c, o, "mace").startswith("Chessan takes a 5-Foot Step")
    assert flank_in(scenario, enc, c, o, "mace") == ""  # flanked already: nothing to gain
    assert enc.map.token("Chessan").anchor != before


def test_flanking_from_reach_wins_more_often_than_a_never_flank_twin():
    """60 fights against a level-10 orc (AC +6, 120 HP), on common random numbers: the pack
    that steps to flank wins more often than its twin with ``flank="never"``, the paired
    95% interval of the difference above 0; the replayed fights' logs say why."""
    import dataclasses
    from lfgcombat.prep import compare
    foe = load_example("orc").replace(level=10, max_hp=120, bonuses=[
        {"to": "ac", "value": 6, "source": "test"}])
    _, enc = _ring(foe)
    twin = dataclasses.replace(PRESETS["pack"], flank="never", name="pack, no flank")
    c = compare(enc, 60, tactics=[{"party": twin}, {"party": "pack"}], seed=5,
                progress=False, backend=None, tier="reference")
    s = c.summary("win").xs("party", level="side")
    flank = s.iloc[1]
    assert flank["p"] > s.iloc[0]["p"] and flank["diff_lo"] > 0, s
    notes = _notes(c.results[1].replay(0))
    assert any(n.startswith("Chessan takes a 5-Foot Step to flank Orc, already in reach")
               for n in notes)
    assert not [n for n in _notes(c.results[0].replay(0)) if "to flank" in n]


#: Chessan and Wulfric next to the orc, 60 degrees apart; the only hex next to Chessan
#: from which she would flank it is a wall, so flanking needs a Move out of the orc's reach.
WALLED = """
name: walled
terrain: |
  . . . . . . .
   . . # . . . .
  . . . . . . .
   . . . . . . .
creatures:
  - {name: Wulfric, at: [4, 2], side: party}
  - {name: Chessan, at: [3, 1], side: party}
  - {name: Orc, at: [3, 2], side: foes}
"""


def _walled(caution: float):
    party = [load_example("wulfric"), load_example("chessan")]
    foe = load_example("orc").replace(bonuses=[{"to": "ac", "value": 10, "source": "test"}])
    hmap = HexMap.from_text(WALLED, creatures=party + [foe])
    tac = Tactics(name="flanker", flank="odds", caution=caution)
    scenario, _ = prepare_run({"party": party, "foes": [foe]}, None, {"party": tac})
    enc = Encounter(party + [foe], map=hmap, sides=scenario.sides(), seed=1)
    enc.start()
    if enc.current != "Chessan":
        enc.end_turn(next="Chessan")
    return scenario, enc, flank_in(scenario, enc, 1, 2, "mace")


def test_a_flanking_move_that_provokes_weighs_the_aoo_by_caution():
    """No 5-Foot Step flanks (the wall), so Chessan weighs a Move, which spends a Big Action
    (2 attacks left, not 3) and provokes the orc's AOO
    ("What actions normally Provoke AOO?"): heedless (caution 0) or nearly so she moves and the orc strikes; caution 5 keeps
    her where she stands."""
    scenario, enc, why = _walled(0.0)
    assert why.startswith("Chessan moves, provoking AOO, to flank Orc, already in reach: by "
                          "the exact odds of its mace from there P(drop) 0.00, expected "
                          "damage 0.9 x 2 attacks left: 1.9 (staying: P(drop) 0.00, "
                          "expected damage 0.5 x 3: 1.4)")
    assert enc.map.is_flanked("Orc") and enc.actions_left("Chessan").attacks == 2
    assert any(e.kind == "attack" and e.actor == "Orc" and e.data["aoo"] for e in enc.log)
    _, enc, why = _walled(0.05)
    assert ", less 0.3 for the AOOs it risks (caution 0.05): 1.6 (staying" in why
    _, enc, why = _walled(5.0)
    assert why == "" and not enc.map.is_flanked("Orc")
