"""Grab and Pin by exact odds (issue 25, item 2): the encounter plays a grapple seen from
outside, the tactics weigh it by the same numbers, choose it when it is worth more than the
attack and not otherwise, and the replayed fight's log says why; Shove is never played and
the run's notes say why.

Rules at work (000_8d1d7816ee944f3b.txt): "Wrestling Skill - Maneuvers & More" (a Big
Action that provokes: a touch attack, then an opposed Wrestling check), "Grappled Condition"
("Flat-Footed against creatures not in the grapple"), "Pinned" ("Helpless against creatures
not in the grapple"), "Flat-Footed" (-2 AC or no DEXMod, no Dodge Bonus or Shield Rating),
"Helpless" (an effective DEX score of 0 against incoming attacks).
"""

from __future__ import annotations

import pytest

from lfgcombat import Encounter
from lfgcombat.creature import load_example
from lfgcombat.prep import PRESETS, simulate
from lfgcombat.prep.choices import choose_attack_scored
from lfgcombat.prep.maneuvers import choose_maneuver
from lfgcombat.prep.run import prepare_run
from lfgcombat.prep.tactics import Tactics, TacticsError
from lfgcombat.prep.weapons import scenario_weapons
from lfgcombat.prep.wrestling import SHOVE_NOTE
from lfgcombat.rules.attacks.odds import attack_odds


def _orc(shield: int = 8):
    """An orc with a big shield: Flat-Footed, it loses its Shield Rating."""
    return load_example("orc").replace(shield_rating=shield)


def _party(wrestling: int = 10):
    return [load_example("wulfric").replace(skills={"wrestling": wrestling}),
            load_example("chessan")]


def _fight(party, orc, tactics):
    """The scenario and an encounter opened by Wulfric's turn, Chessan still to act."""
    scenario, spec = prepare_run({"party": party, "orcs": [orc]}, None, {"party": tactics})
    for seed in range(1, 50):
        enc = Encounter(party + [orc], sides=scenario.sides(), seed=seed)
        enc.start()
        if enc.current == "Wulfric":
            return scenario, spec, enc
    raise AssertionError("no seed opens with Wulfric")  # pragma: no cover


def _choice(scenario, spec, enc, prev: int = 0):
    weapons = list(scenario_weapons(scenario))
    w, _, _, score = choose_attack_scored(scenario, enc, 0, 2, weapons[0], prev, {}, [2],
                                          weapons, spec.n_attacks)
    return choose_maneuver(scenario, enc, 0, 2, w, score, prev, {}, weapons,
                           spec.n_attacks)


def test_a_grappled_foe_is_flat_footed_against_those_outside_the_grapple_only():
    """The encounter's own attack odds: Chessan (outside) attacks the Grappled orc as
    Flat-Footed - the kit's ``flat_footed`` situation, its Shield Rating lost - Wulfric (its
    grappler) as before; Pinned, Helpless against Chessan."""
    party, orc = _party(), _orc()
    scenario, spec, enc = _fight(party, orc, "wrestler")
    plain = attack_odds(enc.creature("Chessan"), enc.creature("Orc"), "mace",
                        ruleset=enc.ruleset)
    mine = enc.attack_odds("Wulfric", "Orc", "longsword")
    for seed in range(1, 100):
        fork = Encounter(party + [orc], sides=scenario.sides(), seed=seed)
        fork.start()
        if fork.current != "Wulfric":
            continue
        fork.wrestle("Wulfric", "Orc", "grab")
        if "grappled" in fork.state("Orc")["conditions"] and "Chessan" in fork.choices():
            break
    held = fork.attack_odds("Wulfric", "Orc", "longsword")
    assert held.ac == mine.ac  # in the grapple: nothing changes
    fork.end_turn(next="Chessan")
    seen = fork.attack_preview("Chessan", "Orc", "mace")
    assert any("Orc is Grappled: Flat-Footed against Chessan" in m for m in seen.modifiers)
    flat = attack_odds(fork.creature("Chessan"), fork.creature("Orc"), "mace",
                       ruleset=fork.ruleset, flat_footed=True)
    assert seen.odds.expected_damage == pytest.approx(flat.expected_damage)
    assert seen.odds.ac <= plain.ac - 8  # no Shield Rating
    assert seen.odds.expected_damage > plain.expected_damage
    fork.end_turn(next="Orc")
    fork.end_turn(next="Wulfric")
    fork.wrestle("Wulfric", "Orc", "pin")
    if "pinned" in fork.state("Orc")["conditions"]:
        fork.end_turn(next="Chessan")
        pinned = fork.attack_preview("Chessan", "Orc", "mace")
        assert any("Orc is Pinned: Helpless against Chessan" in m for m in pinned.modifiers)
        assert pinned.odds.ac < seen.odds.ac


def test_a_grapple_whose_other_member_died_is_over_for_the_attacks_on_the_survivor():
    """Wulfric grabs Orc 1, which then dies: the encounter leaves him Grappled, but no
    grapple goes on, so Orc 2 attacks him as before (and the tactics count him free)."""
    from lfgcombat.rules.actions.close_situation import held_in_a_grapple
    hero = _party()[0]
    orcs = [load_example("orc").replace(name=f"Orc {i}") for i in (1, 2)]
    sides = {"party": ["Wulfric"], "orcs": ["Orc 1", "Orc 2"]}
    for seed in range(1, 100):
        enc = Encounter([hero, *orcs], sides=sides, seed=seed)
        enc.start()
        if enc.current != "Wulfric":
            continue
        enc.wrestle("Wulfric", "Orc 1", "grab")
        if "grappled" in enc.state("Orc 1")["conditions"]:
            break
    assert held_in_a_grapple(enc, "Wulfric") and held_in_a_grapple(enc, "Orc 1")
    fork = enc.fork()
    fork.end_turn(next="Orc 2")
    assert any("Wulfric is Grappled: Flat-Footed against Orc 2" in m
               for m in fork.attack_preview("Orc 2", "Wulfric").modifiers)
    enc.damage("Orc 1", 100, "slashing")
    assert enc.state("Orc 1")["status"] == "dead"
    assert "grappled" in enc.state("Wulfric")["conditions"]
    assert not held_in_a_grapple(enc, "Wulfric")
    enc.end_turn(next="Orc 2")
    assert enc.attack_preview("Orc 2", "Wulfric").modifiers == ()


def test_wulfric_grabs_a_big_shielded_orc_for_chessan_and_attacks_a_plain_one():
    """The orc's Shield Rating 8 is lost Flat-Footed: Chessan's three attacks to come gain
    more than Wulfric's attack is worth, so he Grabs; without the shield, or with Wrestling
    +0, he attacks."""
    grab = Tactics(name="grabber", grab="odds")
    kind, why = _choice(*_fight(_party(), _orc(8), grab))
    assert kind == "grab"
    assert why.startswith("Wulfric Grabs Orc: by the exact odds P(Grappled) 0.84 and ")
    assert "more from the attacks that follow on a Grappled foe (Flat-Footed against those " \
           "not in the grapple)" in why
    assert "(plain longsword: P(drop) 0.00, value" in why
    assert _choice(*_fight(_party(), _orc(0), grab)) == (None, "")
    assert _choice(*_fight(_party(wrestling=0), _orc(8), grab)) == (None, "")
    assert _choice(*_fight(_party(), _orc(8), "pack")) == (None, "")  # grab never


def test_caution_weighs_the_grabbers_own_flat_footed_ac():
    """Grappling, Wulfric is Flat-Footed against the other foes: with a second orc about, a
    cautious grabber weighs it (and says so); caution 10 keeps him attacking."""
    party = _party()
    orcs = [_orc(8), load_example("orc").replace(name="Orc 2")]

    def choice(caution: float):
        tac = Tactics(name="careful grabber", grab="odds", caution=caution)
        scenario, spec = prepare_run({"party": party, "orcs": orcs}, None, {"party": tac})
        for seed in range(1, 50):
            enc = Encounter(party + orcs, sides=scenario.sides(), seed=seed)
            enc.start()
            if enc.current == "Wulfric":
                break
        weapons = list(scenario_weapons(scenario))
        w, _, _, score = choose_attack_scored(scenario, enc, 0, 2, weapons[0], 0, {},
                                              [2, 3], weapons, spec.n_attacks)
        return choose_maneuver(scenario, enc, 0, 2, w, score, 0, {}, weapons,
                               spec.n_attacks)
    kind, why = choice(0.1)
    assert kind == "grab" and "for the damage it risks (caution 0.1)" in why
    assert choice(10.0) == (None, "")


def _quick_orc(dex: int):
    """The big-shielded orc with DEX ``dex``: Flat-Footed it keeps a DEXMod below +3,
    Helpless it has an effective DEX of 0."""
    orc = _orc(8)
    abilities = {k: orc.abilities[k] for k in ("str", "dex", "con", "int", "wis", "cha")}
    return orc.replace(abilities=dict(abilities, dex=dex))


def _pin_choice(dex: int):
    """Wulfric, holding the orc after his Grab, weighs his next attack against a Pin with
    Chessan and Sister still to act."""
    party = _party() + [load_example("chessan").replace(name="Sister")]
    orc = _quick_orc(dex)
    scenario, spec = prepare_run({"party": party, "orcs": [orc]}, None,
                                 {"party": "wrestler"})
    for seed in range(1, 200):
        enc = Encounter(party + [orc], sides=scenario.sides(), seed=seed)
        enc.start()
        if enc.current != "Wulfric":
            continue
        enc.wrestle("Wulfric", "Orc", "grab")
        if "grappled" in enc.state("Orc")["conditions"] and \
                {"Chessan", "Sister"} <= set(enc.choices()):
            break
    assert enc.grappler_of("Orc") == "Wulfric"
    weapons = list(scenario_weapons(scenario))
    w, _, _, score = choose_attack_scored(scenario, enc, 0, 3, weapons[0], 1, {}, [3],
                                          weapons, spec.n_attacks)
    return choose_maneuver(scenario, enc, 0, 3, w, score, 1, {}, weapons, spec.n_attacks)


def test_wulfric_pins_a_nimble_orc_he_holds_and_attacks_a_clumsy_one():
    """A Pin spends Wulfric's last Big Action (both attacks he has left): against a DEX 16
    orc (Flat-Footed -2, Helpless DEX 0: -8 AC more in all) Chessan's and Sister's six
    attacks to come gain more than that; against a DEX 11 one (-2 against -5) they do not."""
    kind, why = _pin_choice(16)
    assert kind == "pin"
    assert why.startswith("Wulfric Pins Orc: by the exact odds P(Pinned) 0.75 and 7.1 more "
                          "from the attacks that follow on a Pinned foe (Helpless against "
                          "those not in the grapple), less 2.5 for the attack it costs")
    assert _pin_choice(11) == (None, "")


def test_wrestlers_grab_in_simulated_fights_that_replay_with_the_why_and_the_shove_note():
    party, orc = _party(), _orc(8)
    r = simulate({"party": party, "orcs": [orc]}, 4, tactics={"party": "wrestler"}, seed=7,
                 progress=False, backend=None)
    assert r.tier == "reference"
    assert SHOVE_NOTE in r.notes and "Wrestling Skill - Maneuvers & More" in SHOVE_NOTE
    encs = [r.replay(i) for i in range(4)]
    grabs = [e for enc in encs for e in enc.log if e.kind == "maneuver"
             and e.data["maneuver"] == "grab"]
    assert grabs and {e.actor for e in grabs} <= {"Wulfric", "Chessan"}
    notes = [e.data["text"] for enc in encs for e in enc.log if e.kind == "note"]
    assert any(" Grabs Orc: by the exact odds P(Grappled) " in n for n in notes)
    flat = [e for enc in encs for e in enc.log if e.kind == "attack"
            and any("Flat-Footed against" in m for m in e.data.get("modifiers") or ())]
    assert flat  # the encounter played the grapple on the attacks from outside it
    assert not [e for enc in encs for e in enc.log if e.kind == "maneuver"
                and e.data["maneuver"] == "shove"]
    plain = simulate({"party": party, "orcs": [orc]}, 2, tactics={"party": "pack"}, seed=7,
                     progress=False, backend=None)
    assert SHOVE_NOTE not in plain.notes


def test_grab_and_pin_are_data_and_bad_ones_are_refused():
    assert PRESETS["wrestler"].turn_choices == ("trip", "flank", "grab", "pin")
    for key in ("grab", "pin"):
        assert getattr(Tactics(), key) == "never"
        with pytest.raises(TacticsError, match=f"unknown tactics {key} 'odd'; did you mean "
                                               "'odds'"):
            Tactics(**{key: "odd"})


def test_a_comparison_of_one_sides_tactics_with_turn_choices_plays_on_the_reference_tier():
    """``compare(sides, tactics=[{"party": "pack"}, {"party": "wrestler"}])`` naming no tier
    plays on the reference tier (noted), as the presets by name do; it was sent to the fast
    tier, which refused it."""
    from lfgcombat.prep.tactics import turn_choice_labels
    from lfgcombat.prep.tiers import choose_tier
    from lfgcombat.rulesets import coerce_ruleset
    variants = [{"party": "pack"}, {"party": "wrestler"}]
    assert turn_choice_labels(variants) == ["pack (flank)", "wrestler (trip, flank, grab, pin)"]
    tier, note = choose_tier(None, [coerce_ruleset("lfg")] * 2, variants)
    assert tier == "reference" and "wrestler (trip, flank, grab, pin)" in note
