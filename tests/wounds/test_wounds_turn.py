"""One combatant's wounds turn (lfgcombat/rulesets/wounds/turn.py): 003_de0e94afd49609a7.txt,
"Total Defense is an action you can take in combat", "Any attack made against a character
wearing a shield", "As mentioned in the previous Tip", "Shell operates similarly", "Cold",
"Electricity", "If another natural 20 is rolled when confirming a critical hit"."""

from __future__ import annotations

import pytest

from lfgcombat import Roller
from lfgcombat.errors import IllegalActionError
from lfgcombat.rulesets.wounds.attacks import attack
from lfgcombat.rulesets.wounds.health import WoundsVitals
from lfgcombat.rulesets.wounds.objects import ObjectState
from lfgcombat.rulesets.wounds.parry import Shield
from lfgcombat.rulesets.wounds.turn import WoundsFighter


def fighter(**kw) -> WoundsFighter:
    return WoundsFighter("Vex", kw.pop("vitals", WoundsVitals(20, 12)), **kw)


def test_two_half_actions_and_total_defense():
    """"you must spend additional Half Actions to maintain it for following rounds"; "You
    cannot make attacks of opportunity whilst in Total Defense"."""
    f, _ = fighter(dex_mod=2).start_turn()
    assert f.turn.half_actions == 2 and f.aoo_left == 3
    f = f.spend().take_total_defense()
    assert f.total_defense and f.aoo_left == 0
    with pytest.raises(IllegalActionError, match="no Half Action"):
        f.spend()
    f, events = f.end_turn().start_turn(maintain_total_defense=True)
    assert f.turn.half_actions == 1 and f.total_defense and "Total Defense" in events[0]
    f, _ = f.end_turn().start_turn()
    assert not f.total_defense
    with pytest.raises(IllegalActionError, match="not in Total Defense"):
        f.end_turn().start_turn(maintain_total_defense=True)


def test_aoo_per_round_are_counted():
    f = fighter(dex_mod=0).make_aoo()
    with pytest.raises(IllegalActionError, match="no Attack of Opportunity"):
        f.make_aoo()
    f, _ = f.end_round()
    assert f.aoo_left == 1


def test_shell_lasts_a_round():
    """"Shell typically lasts for just one round": gained out of its turn, through its next
    turn, fading as the one after starts (inferred: a round of its owner's turns)."""
    f, _ = fighter(vitals=WoundsVitals(20, 12, shell=10)).end_round()
    assert f.vitals.shell == 10                          # a new round of AOO: not the Shell's
    f, _ = f.start_turn()
    f, _ = f.finish_turn()
    f, events = f.start_turn()
    assert f.vitals.shell == 0 and events[0] == 'Shell fades ("lasts for just one round")'


def test_parries_per_turn_equal_the_parry_bonus():
    """"A shield may be used to attempt to deflect a number of attacks per turn equal to
    its Parry Bonus"; "the shield takes the damage in place of its wielder"."""
    f = fighter(shield=Shield(1, ObjectState(hardness=2, max_hp=10)))
    f, result = f.parry(Roller(3), attack_bonus=30, armor_check_penalty=0,
                        attacker_total=10, damage=6)
    assert result.deflected and f.shield.state.hp == 6 and f.vitals.hp == 20
    with pytest.raises(IllegalActionError, match="no parry left"):
        f.parry(Roller(3), 30, 0, 10, 6)
    f, _ = f.start_turn()
    assert f.shield.parries_left == 1
    with pytest.raises(IllegalActionError, match="no shield"):
        fighter().parry(Roller(1), 5, 0, 10, 3)


def test_a_critical_to_wounds_and_an_instant_kill():
    """"Go to Wounds: [...] it goes straight to to Wounds"; "if the player rolls another
    natural 20 then the target is instantly slain with no save, gaining the Dead
    condition"."""
    roller = Roller(0)
    hit = next(h for h in (attack(roller, 30, 10, "1d6", critical_choice="wounds")
                           for _ in range(400)) if h.critical)
    f, events = fighter().take_attack(Roller(1), hit)
    assert f.vitals.hp == 20 and f.vitals.wounds == 12 - hit.wounds_damage
    kill = next(h for h in (attack(roller, 30, 10, "1d6", player=True) for _ in range(20000))
                if h.instant_kill)
    f, events = fighter().take_attack(Roller(1), kill)
    assert f.dead and events == ("Instant Kill: dead",)
    with pytest.raises(IllegalActionError, match="dead"):
        f.start_turn()


def test_cold_and_electricity_riders():
    """Cold: "becomes hindered for 1 round"; "If a creature was already Hindered and take
    Cold damage to woulds it is automatically Immobilized"; Electricity: "-1 on initiative
    for one round per 5 points of damage taken"."""
    f, events = fighter().take_damage(Roller(1), 5, "cold")
    assert f.conditions == {"Hindered"} and f.vitals.hp == 15
    f, events = f.take_damage(Roller(1), 2, "cold", to_wounds=True)
    assert "Immobilized" in f.conditions and "Cold to Wounds: Immobilized" in events
    f, _ = f.take_damage(Roller(1), 10, "electricity")
    assert f.initiative_penalty == -2
    f = f.end_turn()
    assert f.conditions == frozenset() and f.initiative_penalty == 0


def test_a_fighter_from_a_creature():
    from lfgcombat.creature import load_example

    orc = load_example("orc").replace(prowess=1, good_saves=["fort", "ref"], shell=5)
    f = WoundsFighter.of(orc)
    assert (f.vitals.hp, f.vitals.wounds, f.vitals.shell, f.dex_mod, f.fort_bonus) == \
        (38, 12, 5, 0, 3 + 1)
    assert WoundsFighter.of(load_example("orc")).fort_bonus is None   # no good_saves


def test_combat_reflexes_from_the_creature_file_and_why_no_aoo():
    """"You may make a number of Attacks of Opportunity each round equal to 1 + your
    Dexterity modifier (minimum 0), and you may gain further Attacks of Opportunity by
    selecting the Combat Reflexes Universal Talent" (+1 each time taken: inferred); "You
    cannot make attacks of opportunity whilst in Total Defense"."""
    from lfgcombat.creature import load_example

    orc = load_example("orc").replace(prowess=1, combat_reflexes=2)
    f = WoundsFighter.of(orc)
    assert (f.combat_reflexes, f.aoo_per_round, f.aoo_left) == (2, 3, 3)
    assert f.why_no_aoo is None
    f = f.make_aoo().make_aoo().make_aoo()
    assert f.why_no_aoo == ("Orc has no Attack of Opportunity left this round (it made 3 of "
                            "3: 1 + DEX modifier (minimum 0) + 2 Combat Reflexes)")
    assert "As mentioned in the previous Tip" in f.why_no_aoo_rule
    with pytest.raises(IllegalActionError, match="no Attack of Opportunity left"):
        f.make_aoo()
    t, _ = fighter().start_turn()
    t = t.take_total_defense()
    assert "You cannot make attacks of opportunity whilst in Total Defense" in t.why_no_aoo
    assert "Total Defense is an action" in t.why_no_aoo_rule


def test_moving_spends_half_actions_and_is_refused_in_the_turn_s_words():
    """"Attacking an enemy usually involves spending your Half Action": a move of its speed
    a Half Action (inferred); with none left the refusal says so; Immobilized ("Cold": "or
    become Immobilized") stops it even partway through a Half Action's move."""
    f, _ = fighter(speed_ft=30).start_turn()
    f = f.move(10)
    assert (f.turn.half_actions, f.move_left, f.remaining_ft) == (1, 20, 50)
    f = f.move(50)
    assert f.remaining_ft == 0
    with pytest.raises(IllegalActionError, match="Vex has no Half Action left to move 5 ft"):
        f.move(5)
    g, _ = fighter(speed_ft=30).start_turn()
    g = g.move(10)
    g = WoundsFighter(**{**g.__dict__, "conditions": frozenset({"Immobilized"})})
    with pytest.raises(IllegalActionError, match="cannot move"):
        g.move(5)


def test_the_dead_act_no_more():
    f, _ = fighter().start_turn()
    f, _ = f.take_damage(Roller(1), 40)
    assert f.dead
    with pytest.raises(IllegalActionError, match="dead"):
        f.spend()


@pytest.mark.parametrize("field, value", [("vitals", 12), ("shield", "kite"), ("dex_mod", 1.5),
                                          ("aoo_used", -1), ("initiative_penalty", 2)])
def test_bad_fields_are_named(field, value):
    from lfgcombat.rulesets.wounds import WoundsError

    kw = {"vitals": WoundsVitals(20, 12), field: value}
    with pytest.raises(WoundsError, match=f"^{field}"):
        WoundsFighter("Vex", **kw)
