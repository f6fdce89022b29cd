"""The ``classic`` ruleset played through the Encounter (issue 13).

002_2a3a79475ca2a541.txt: "Character Round:", "Single Actions:" (one single action a round,
"Attack (characters can only attack once per round)", "Move Action (can be split with
another single action)"), "Action definitions" (Heroic Action, Stabilize "on a DC12
Survival check", Standard Action "Examples: Opening a door"), "How to attack another
creature" ("= or > Target's Armor Class"), "Critical Hit" ("Roll your damage dice twice"),
"Fumble", "Death" (-10), "Nonlethal Damage", "Stabilizing a Disabled Character" (DC12
FORT, DC14 CON, "one limited action per round", "at - 5 to hit and damage", the optional
1 HP a round), "Conditions" (Flat-footed, Nauseated, Stunned, Shaken).
"""

from __future__ import annotations

import pytest

from lfgcombat import LfgError
from lfgcombat.rulesets.classic.attacks import fumble_suggestions
from lfgcombat.creature import load_example
from lfgcombat.engine import Encounter
from lfgcombat.errors import IllegalActionError
from lfgcombat.rulesets import Ruleset, RulesetError

TEXT = "002_2a3a79475ca2a541.txt"
SIDES = {"party": ["Wulfric", "Chessan"], "orcs": ["Orc 1", "Orc 2"]}
THREAT = {"longsword": 19, "mace": 20, "greataxe": 20}


def party_vs_orcs(seed: int = 3, **kw: object) -> Encounter:
    """Wulfric (BAB 5) and Chessan (BAB 3) at level 5 against two orcs (BAB 3)."""
    party = [load_example("wulfric").replace(level=5, bab=5),
             load_example("chessan").replace(level=5, bab=3)]
    orcs = [load_example("orc").replace(name=f"Orc {i}", bab=3) for i in (1, 2)]
    return Encounter(party + orcs, sides=SIDES, ruleset=kw.pop("ruleset", "classic"),
                     seed=seed, **kw)


def duel(seed: int = 1, **kw: object) -> Encounter:
    hero = load_example("wulfric").replace(level=5, bab=5)
    orc = load_example("orc").replace(bab=3)
    return Encounter([hero, orc], sides={"party": ["Wulfric"], "orcs": ["Orc"]},
                     ruleset=kw.pop("ruleset", "classic"), seed=seed, **kw).start()


def foes(enc: Encounter, name: str) -> list[str]:
    return [n for n in enc.names if enc.side(n) != enc.side(name) and not enc.state(n).dead]


def standing(enc: Encounter, side: str) -> list[str]:
    return [n for n in enc.names if enc.side(n) == side
            and enc.state(n).status in ("conscious", "mobile")]


def play(enc: Encounter, rounds: int = 30) -> Encounter:
    """Every creature that may attack strikes the first foe still alive, then ends its turn,
    until one side has nobody standing (or ``rounds`` rounds)."""
    enc.start()
    while enc.round <= rounds and all(standing(enc, s) for s in SIDES):
        who = enc.current
        if enc.actions_left(who).attacks and foes(enc, who):
            enc.attack(who, foes(enc, who)[0])
        enc.end_turn()
    return enc


def turn_of(enc: Encounter, name: str, limit: int = 20, fresh: bool = False) -> Encounter:
    """End turns until it is ``name``'s (``fresh``: a turn begun after now)."""
    if fresh and enc.current == name:
        enc.end_turn()
    for _ in range(limit):
        if enc.current == name:
            return enc
        enc.end_turn()
    raise AssertionError(f"{name} never got a turn")


def refused(enc: Encounter, fn, *args, match: str, **kw) -> IllegalActionError:
    """The command is refused citing the classic text, and nothing changes."""
    before = enc.snapshot()
    with pytest.raises(IllegalActionError, match=match) as err:
        fn(*args, **kw)
    assert enc.snapshot() == before
    assert TEXT in str(err.value)
    return err.value


def attack_rolls(enc: Encounter) -> list[tuple[object, list[object]]]:
    """Each attack effect with the rolls logged for it (the d20 first, then damage)."""
    events = list(enc.log)
    out = []
    for i, e in enumerate(events):
        if e.kind == "attack" and not e.command:
            j = i - 1
            while events[j].kind == "single_action":
                j -= 1
            rolls = []
            while events[j].kind == "roll":
                rolls.insert(0, events[j])
                j -= 1
            out.append((e, rolls))
    return out


# --------------------------------------------------------------------------- a whole fight


def test_a_seeded_party_vs_orcs_fight_saves_loads_and_replays_exactly(tmp_path):
    enc = play(party_vs_orcs(seed=3))
    kinds = {e.kind for e in enc.log}
    assert {"turn_rules", "single_action", "attack", "damage", "health", "fumble"} <= kinds
    assert not all(standing(enc, s) for s in SIDES)  # the fight was decided
    path = enc.save(tmp_path / "classic.jsonl")
    again = Encounter.load(path)  # replays every command and checks every effect
    assert again.ruleset == Ruleset("classic") and again.verified
    assert [e.to_json() for e in again.log] == [e.to_json() for e in enc.log]
    assert [again.state(n).to_dict() for n in enc.names] == \
        [enc.state(n).to_dict() for n in enc.names]


def test_the_fight_is_the_same_for_the_same_seed_and_differs_for_another():
    one, two = play(party_vs_orcs(seed=3)), play(party_vs_orcs(seed=3))
    assert [e.to_json() for e in one.log] == [e.to_json() for e in two.log]
    other = play(party_vs_orcs(seed=4))
    assert [e.to_json() for e in other.log] != [e.to_json() for e in one.log]


@pytest.mark.parametrize("seed", [1, 2, 3, 5, 8])
def test_every_attack_of_a_fight_obeys_the_text(seed):
    """"D20 + BAB + Ability Modifier = or > Target's Armor Class"; "Rolling a 20 is always a
    Critical Hit" (a longsword from 19, "Some weapons have a larger range"); "Roll your
    damage dice twice, with all applicable bonuses"; a natural 1 fumbles (a miss)."""
    enc = play(party_vs_orcs(seed=seed))
    found = attack_rolls(enc)
    assert len(found) >= 6
    for attack, rolls in found:
        d = attack.data
        d20 = rolls[0].data
        natural, total = d20["natural"], d20["total"]
        assert d["against"] == d20["against"] and d["bonus"] == total - natural
        hit = natural == 20 or (natural != 1 and total >= d["against"])
        assert d["hit"] is hit
        assert (d["outcome"] == "fumble") is (natural == 1)
        assert d["critical"] is (hit and natural >= THREAT[d["weapon"]])
        damage_rolls = [r.data for r in rolls[1:]]
        assert len(damage_rolls) == (2 if d["critical"] else 1 if hit else 0)
        if hit:
            assert len({r["expression"] for r in damage_rolls}) == 1  # the same dice twice
            assert sum(d["damage"].values()) == max(0, sum(r["total"] for r in damage_rolls))


def test_a_fumble_is_logged_with_the_text_s_suggestions():
    enc = play(party_vs_orcs(seed=3))
    fumbles = [e for e in enc.log if e.kind == "fumble"]
    assert fumbles
    table = fumble_suggestions()
    assert fumbles[0].data["suggestions"] == [f"{r.situation}: {r.suggestion}"
                                              for r in table.itertuples()]
    assert fumbles[0].data["rule"] == f'{TEXT}, "Fumble"'
    assert "fumbles (greataxe): the GM decides" in fumbles[0].describe()


# --------------------------------------------------------------------------- the round


def test_attack_once_per_round_and_the_move_action_split_around_it():
    enc = duel()
    who = enc.current
    enc.move_feet(who, 10)
    enc.attack(who, foes(enc, who)[0])
    refused(enc, enc.attack, who, foes(enc, who)[0], match="only attack once per round")
    refused(enc, enc.act, who, "standard_action", match="single action is already spent")
    refused(enc, enc.cast, who, 1, match="single action is already spent")
    refused(enc, enc.heroic_action, who, "str", match="single action is already spent")
    enc.move_feet(who, 20)  # "She can move, then perform another action, then continue"
    refused(enc, enc.move_feet, who, 5, match="0 ft left of the Move Action")
    state = enc.state(who)
    assert state.budget["moved_ft"] == 30 and state.budget["action"] == "attack"
    assert state.actions_left.attacks == 0 and state.actions_left.big == 0
    enc.end_turn()
    assert enc.state(enc.current).budget == {"speed_ft": 30, "moved_ft": 0, "action": None,
                                             "mode": "normal", "remaining_ft": 30,
                                             "move_limit_ft": 30}


def test_each_single_action_is_one_round():
    """Cast a spell, Heroic Action, Standard Action ("Examples: Opening a door"): each is
    the round's one action."""
    enc = duel()
    who = enc.current
    enc.act(who, "standard_action", note="opens the door")
    last = [e for e in enc.log if e.kind == "single_action"][-1]
    assert last.data == {"action": "standard_action", "moved_ft": 0, "remaining_ft": 30,
                         "note": "opens the door"}
    refused(enc, enc.attack, who, foes(enc, who)[0], match="already spent")
    enc.end_turn()
    who = enc.current
    enc.cast(who, 1, "magic missile", target=foes(enc, who)[0])
    assert [e.kind for e in enc.log][-2:] == ["single_action", "spell"]
    refused(enc, enc.act, who, "standard_action", match="already spent")


def test_lfg_actions_and_the_economy_s_own_methods_are_refused_naming_the_round():
    enc = duel()
    who = enc.current
    refused(enc, enc.act, who, "open_close_door", match="not an action of the classic round")
    refused(enc, enc.act, who, "attack", match="has its own method")
    refused(enc, enc.aim, who, match="not an action of the classic round, which has")
    refused(enc, enc.cast, who, 1, swift=True, match="no swift casting")
    refused(enc, enc.add_condition, who, "Shaken", rounds=2, match="duration is the GM's")
    other = foes(enc, who)[0]
    refused(enc, enc.act, who, "stabilize", target=other, match="only a disabled hero")
    with pytest.raises(LfgError, match="unknown key .power_attack.: not part of a classic attack"):
        enc.attack(who, other, power_attack=True)
    assert not [e for e in enc.log if e.kind == "attack" and not e.command]


def test_a_creature_without_bab_is_refused_naming_the_field():
    """Refused when the encounter is built (not at its first attack), naming the field."""
    hero = load_example("wulfric")
    orc = load_example("orc").replace(bab=3)
    with pytest.raises(LfgError, match=r"Wulfric: bab \(") as err:
        Encounter([hero, orc], sides={"p": ["Wulfric"], "o": ["Orc"]}, ruleset="classic",
                  seed=2)
    assert "Orc:" not in str(err.value)


def test_heroic_action_is_the_player_against_the_gm_with_plus_2_for_the_environment():
    enc = duel(seed=5)
    who = enc.current
    enc.heroic_action(who, "str", 1, environment=True, what="tackle the orc")
    heroic = [e for e in enc.log if e.kind == "heroic_action"][-1].data
    rolls = [e.data for e in enc.log if e.kind == "roll"][-2:]
    assert rolls[0]["label"] == f"{who}: Heroic Action (player)"  # issue 26: names who
    assert rolls[1]["total"] - rolls[1]["natural"] == 1 + 2  # "the GM adds a default +2"
    assert (heroic["player"], heroic["gm"]) == (rolls[0]["total"], rolls[1]["total"])
    assert heroic["winner"] == ("player" if heroic["player"] > heroic["gm"] else "gm")
    assert heroic["fumble"] is (rolls[0]["natural"] == 1)
    refused(enc, enc.heroic_action, who, "str", match="already spent")
    other = duel(seed=5)  # the log line in words: the ability written out, who wins named
    other.heroic_action(other.current, "str")
    line = [e for e in other.log if e.kind == "heroic_action"][-1]
    winner = "the GM" if line.data["winner"] == "gm" else other.current
    assert line.describe() == (f"{other.current}'s Heroic Action (Strength): "
                               f"{line.data['player']} against the GM's {line.data['gm']}, "
                               f"{winner} wins"), line.describe()
    with pytest.raises(LfgError, match="not an ability"):
        duel(seed=5).heroic_action(enc.current, "luck")


def test_top_down_by_initiative_and_flat_footed_until_a_creature_acts():
    """ClassicInitiative: "A character who has not yet acted during a combat is Flat-footed"
    ("loses their Dexterity bonus to AC")."""
    enc = duel(seed=3)
    assert enc.initiative_mode == "top_down"
    first = enc.current
    other = foes(enc, first)[0]
    assert enc.state(other).effects and not enc.state(first).effects
    enc.attack(first, other)
    attack = [e for e in enc.log if e.kind == "attack" and not e.command][-1]
    assert attack.data["modifiers"] == [f"{other} is Flat-footed"]
    dex = {"Wulfric": 1, "Orc": 0}[other]
    assert attack.data["against"] == {"Wulfric": 18, "Orc": 13}[other] - dex


# --------------------------------------------------------------------------- health


def test_disabled_at_zero_cannot_move_or_attack_and_rolls_fort_on_its_turn():
    enc = duel(seed=1)
    enc.damage("Orc", enc.state("Orc").hp)
    s = enc.state("Orc")
    assert (s.hp, s.status, s.vitals["disabled"], s.vitals["unconscious"]) == \
        (0, "disabled", True, False)
    assert "Disabled" in s.conditions
    turn_of(enc, "Orc", fresh=True)
    fort = [e.data for e in enc.log if e.kind == "roll"][-1]
    assert fort["label"] == "Orc: Fortitude to stabilize DC 12"  # issue 26: names who
    assert enc.state("Orc").vitals["stable"] is (fort["total"] >= 12)
    assert enc.state("Orc").budget["mode"] == "none"
    refused(enc, enc.attack, "Orc", "Wulfric", match="no actions this round")
    refused(enc, enc.move_feet, "Orc", 5, match="0 ft left")


def test_death_at_minus_ten_and_the_dead_cannot_be_healed():
    enc = duel()
    hp = enc.state("Orc").hp
    enc.damage("Orc", hp + 9)
    s = enc.state("Orc")
    assert (s.hp, s.status, s.dead) == (-9, "unconscious", False)
    assert {"Disabled", "Unconscious", "Helpless"} <= set(s.conditions)
    enc.damage("Orc", 1)
    assert (enc.state("Orc").status, enc.state("Orc").dead) == ("dead", True)
    statuses = [e.data["status"] for e in enc.log if e.kind == "vitals"]
    assert statuses[-2:] == ["unconscious", "dead"]
    with pytest.raises(IllegalActionError, match="dead"):
        enc.heal("Orc", 5)


def test_nonlethal_damage_beside_the_hp_knocks_out_and_heals_away():
    enc = duel()
    hp = enc.state("Orc").hp
    enc.damage("Orc", hp - 1, nonlethal=True)
    assert enc.state("Orc").status == "conscious"
    enc.damage("Orc", 2, nonlethal=True)  # "If nonlethal damage exceeds your current hit points"
    s = enc.state("Orc")
    assert (s.hp, s.vitals["nonlethal"], s.status) == (hp, hp + 1, "unconscious")
    enc.heal("Orc", 5)
    assert (enc.state("Orc").vitals["nonlethal"], enc.state("Orc").status) == \
        (hp - 4, "conscious")
    lfg = duel(ruleset="lfg")
    with pytest.raises(IllegalActionError, match="no nonlethal damage"):
        lfg.damage("Orc", 3, nonlethal=True)


def _until(enc: Encounter, name: str, check, rounds: int = 40) -> None:
    """Play rounds (nobody acts) until ``check(state)`` holds at ``name``'s turn."""
    for _ in range(rounds):
        turn_of(enc, name)
        if check(enc.state(name)):
            return
        enc.end_turn()
    raise AssertionError("never happened")


def test_stable_then_a_con_check_each_round_then_one_limited_action():
    """DC12 FORT to stabilize, then "a single CON check each round on their turn" (DC14) to
    become mobile: "one limited action per round, such as move at 1/2 speed [...] or attack
    an adjacent creature at - 5 to hit and damage"."""
    enc = duel(seed=2)
    enc.damage("Orc", enc.state("Orc").hp + 3)  # -3: disabled and unconscious
    _until(enc, "Orc", lambda s: s.vitals["mobile"])
    labels = [e.data["label"] for e in enc.log if e.kind == "roll"]
    assert labels.index("Orc: Fortitude to stabilize DC 12") < \
        labels.index("Orc: CON to become mobile DC 14")
    s = enc.state("Orc")
    assert (s.status, s.budget["mode"], s.budget["move_limit_ft"]) == ("mobile", "limited", 15)
    refused(enc, enc.move_feet, "Orc", 20, match="15 ft left")
    enc.move_feet("Orc", 5)
    refused(enc, enc.attack, "Orc", "Wulfric", match="one limited action a round")
    enc.undo()
    enc.attack("Orc", "Wulfric")
    limited = [e for e in enc.log if e.kind == "attack" and not e.command][-1]
    normal = duel(seed=2)
    turn_of(normal, "Orc").attack("Orc", "Wulfric")
    full = [e for e in normal.log if e.kind == "attack" and not e.command][-1]
    assert limited.data["bonus"] == full.data["bonus"] - 5
    enc.end_turn()
    enc.heal("Orc", 10)  # "until they are healed [...] over 0 HP"
    s = enc.state("Orc")
    assert (s.hp, s.status, s.vitals["mobile"], s.vitals["stable"]) == (7, "conscious",
                                                                       False, False)


def test_the_stabilize_action_is_a_dc12_survival_check_on_a_disabled_ally():
    hero = load_example("wulfric").replace(level=5, bab=5)
    ally = load_example("chessan").replace(level=5, bab=3)
    orc = load_example("orc").replace(bab=3)
    enc = Encounter([hero, ally, orc], sides={"p": ["Wulfric", "Chessan"], "o": ["Orc"]},
                    ruleset="classic", seed=4).start()
    enc.damage("Wulfric", enc.state("Wulfric").hp + 2)
    turn_of(enc, "Chessan")
    assert not enc.state("Wulfric").vitals["stable"]  # (seed 4: not by his own FORT yet)
    enc.act("Chessan", "stabilize", target="Wulfric")
    roll = [e.data for e in enc.log if e.kind == "roll"][-1]
    assert roll["label"] == "Chessan stabilizes Wulfric: Stabilize (Survival) DC 12"
    assert enc.state("Wulfric").vitals["stable"] is (roll["total"] >= 12)
    assert enc.state("Chessan").budget["action"] == "stabilize"


def test_the_optional_one_hp_a_round_switch():
    """"Optional: If a character goes below 0 HP, they lose 1 HP per round until they
    stabilize" (off by default)."""
    for switch, expected in ((False, -3), (True, -4)):
        enc = duel(seed=6, ruleset=Ruleset("classic", hp_loss_per_round=switch))
        enc.damage("Orc", enc.state("Orc").hp + 3)
        turn_of(enc, "Orc", fresh=True)
        assert enc.state("Orc").hp == expected
    with pytest.raises(RulesetError, match="hp_loss_per_round is an optional rule the lfg"):
        Ruleset("lfg", hp_loss_per_round=True)
    assert "hp_loss_per_round" not in Ruleset("classic").switches()
    assert Ruleset("classic", hp_loss_per_round=True).switches()["hp_loss_per_round"]


# --------------------------------------------------------------------------- conditions


def test_classic_conditions_shape_the_round_and_the_attack():
    enc = duel(seed=1)
    who = enc.current
    other = foes(enc, who)[0]
    enc.add_condition(other, "Nauseated")  # "a single move action per turn"
    enc.end_turn()
    turn_of(enc, other)
    refused(enc, enc.attack, other, who, match="only the Move Action")
    enc.move_feet(other, 30)
    enc.remove_condition(other, "Nauseated")
    enc.add_condition(other, "Stunned")
    enc.end_turn()
    turn_of(enc, other)
    assert enc.state(other).budget["mode"] == "none"
    refused(enc, enc.add_condition, other, "Disabled", match="comes from the hit points")
    with pytest.raises(IllegalActionError, match="not a classic condition"):
        enc.add_condition(other, "Agony")
    enc.add_condition(other, "Bleed 2")
    assert enc.state(other).vitals["bleed"] == 2 and "Bleed" in enc.state(other).conditions


def test_shaken_is_minus_2_on_the_attack():
    plain, shaken = duel(seed=7), duel(seed=7)
    who = plain.current
    shaken.add_condition(who, "Shaken")
    for enc in (plain, shaken):
        enc.attack(who, foes(enc, who)[0])
    bonus = [[e.data["bonus"] for e in enc.log if e.kind == "attack" and not e.command][-1]
             for enc in (plain, shaken)]
    assert bonus[1] == bonus[0] - 2


def test_bleed_at_the_start_of_its_turn_and_healing_stops_it():
    enc = duel(seed=1)
    who = enc.current
    other = foes(enc, who)[0]
    hp = enc.state(other).hp
    enc.add_condition(other, "Bleed 2")
    turn_of(enc, other)
    assert enc.state(other).hp == hp - 2
    enc.heal(other, 1)
    assert enc.state(other).vitals["bleed"] == 0


# --------------------------------------------------------------------------- refusals


def test_what_other_rulesets_refuse():
    with pytest.raises(LfgError, match="initiative must be one of top_down"):
        party_vs_orcs(initiative="selective")
    lfg = duel(ruleset="lfg")
    with pytest.raises(IllegalActionError, match="no Heroic Action"):
        lfg.heroic_action(lfg.current, "str")
    with pytest.raises(IllegalActionError, match="moves on the battle map"):
        lfg.move_feet(lfg.current, 5)
    assert lfg.state("Orc").vitals == {} and lfg.state("Orc").budget is None


def test_state_reports_the_classic_vitals_and_the_round():
    enc = duel()
    s = enc.state(enc.current)
    assert set(s.vitals) == {"nonlethal", "disabled", "unconscious", "stable", "mobile",
                             "bleed", "negative_levels"}
    assert s.temp_hp == 0 and s.ready is None
    text = s.actions_left.explain()
    assert "1 attack" in text and "Move Action: 30 of 30 ft left" in text
    waiting = enc.state(foes(enc, enc.current)[0])
    assert waiting.budget is None and waiting.actions_left.attacks == 1  # its round to come
    table = enc.table()
    assert list(table["status"]) == ["conscious", "conscious"]


# --------------------------------------------------------------------------- on a battle map


def map_duel(seed: int = 1) -> Encounter:
    from lfgcombat import HexMap
    hero = load_example("wulfric").replace(level=5, bab=5)
    orc = load_example("orc").replace(bab=3)
    m = HexMap(12, 8)
    m.place(hero, (1, 1), "party")
    m.place(orc, (6, 1), "orcs")
    return Encounter([hero, orc], sides={"party": ["Wulfric"], "orcs": ["Orc"]}, map=m,
                     ruleset="classic", seed=seed).start()


def test_on_the_map_the_move_action_is_split_by_the_path_s_feet_and_melee_needs_reach():
    enc = map_duel()
    who = enc.current
    other = foes(enc, who)[0]
    enc.move(who, (3, 1) if who == "Orc" else (4, 1))
    assert enc.state(who).budget["moved_ft"] == 15
    assert enc.map.distance(who, other) == 10
    refused(enc, enc.attack, who, other, match=f"; {other} is 10 ft away")  # named (issue 26)
    enc.move(who, (2, 1) if who == "Orc" else (5, 1))
    enc.attack(who, other)  # adjacent now: then the rest of the Move Action
    assert enc.state(who).budget == {"speed_ft": 30, "moved_ft": 20, "action": "attack",
                                     "mode": "normal", "remaining_ft": 10,
                                     "move_limit_ft": 30}
    moved = [e for e in enc.log if e.kind == "moved"]
    assert [e.data["feet"] for e in moved] == [15, 5]
    with pytest.raises(IllegalActionError):
        enc.move(who, (11, 7))


def test_interrupts_and_readied_actions_are_not_in_the_classic_round():
    enc = duel(seed=1)
    who = enc.current
    refused(enc, enc.ready, who, "the orc moves", "attack", match="no interrupts or readied")
    enc.end_turn()
    refused(enc, enc.interrupt, [who], enc.current, match="no interrupts or readied")


def test_the_stabilize_action_on_a_bleeding_creature_is_the_dc10_survival_check():
    """"Bleeding can be stopped by a DC 10 Survival check" (inferred: by the Stabilize
    action, a standard action using the skill)."""
    for seed in range(1, 6):
        enc = duel(seed=seed)
        who = enc.current
        enc.add_condition(who, "Bleed 3")
        enc.act(who, "stabilize", target=who)
        roll = [e.data for e in enc.log if e.kind == "roll"][-1]
        assert roll["label"] == f"{who}: Survival to stop Bleed DC 10"
        assert enc.state(who).vitals["bleed"] == (0 if roll["total"] >= 10 else 3)


def test_a_killing_blow_on_a_helpless_foe():
    """Helpless: "As a full-round action, an enemy can use a melee weapon to deliver a
    killing blow [...] automatically hits and scores a critical hit [...] Fortitude save
    (DC 10 + damage dealt) or die" (the whole classic round: no move before or after,
    inferred)."""
    for seed in range(1, 9):
        enc = duel(seed=seed)
        who = enc.current
        other = foes(enc, who)[0]
        refused(enc, enc.attack, who, other, killing_blow=True, match="is not Helpless")
        enc.damage(other, enc.state(other).hp + 2)  # -2: unconscious, so Helpless
        enc.move_feet(who, 5)
        refused(enc, enc.attack, who, other, killing_blow=True, match="full-round action")
        enc.undo()
        enc.attack(who, other, killing_blow=True)
        attack = [e for e in enc.log if e.kind == "attack" and not e.command][-1]
        rolls = [e.data for e in enc.log if e.kind == "roll"]
        damage = [r for r in rolls if r["label"] == f"{who}'s killing blow damage to {other}"
                  ][-2:]
        dealt = max(0, sum(r["total"] for r in damage))
        assert attack.data["critical"] and sum(attack.data["damage"].values()) == dealt
        state = enc.state(other)
        if -2 - dealt <= -10:
            assert state.dead
        else:
            save = rolls[-1]
            assert save["label"] == f"{other} FORT vs killing blow DC {10 + dealt}"
            assert state.dead is (save["total"] < 10 + dealt)
        assert enc.state(who).budget["remaining_ft"] == 0  # the whole round


def test_a_killing_blow_on_a_paralyzed_foe():
    """Paralyzed: "A Paralyzed character [...] is helpless" (002_2a3a79475ca2a541.txt,
    "Conditions"; data/classic/conditions.csv: Paralyzed implies Helpless), so the killing
    blow, delivered "to a Helpless foe", may strike it; it was refused as "not Helpless"."""
    enc = duel(seed=1)
    who = enc.current
    other = foes(enc, who)[0]
    enc.add_condition(other, "Paralyzed")
    enc.attack(who, other, killing_blow=True)
    attack = [e for e in enc.log if e.kind == "attack" and not e.command][-1]
    assert attack.data["critical"]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_an_entangled_or_deafened_caster_may_lose_the_spell(seed):
    """Entangled: "Concentration check (DC 15 + the spell's level) or lose the spell";
    Deafened: "a 20% chance of spell failure when casting spells"."""
    enc = duel(seed=seed)
    who = enc.current
    enc.add_condition(who, "Entangled")
    enc.cast(who, 2, "web")
    roll = [e.data for e in enc.log if e.kind == "roll"][-1]
    spell = [e.data for e in enc.log if e.kind == "spell"][-1]
    assert roll["label"] == f"{who}: Concentration DC 17"
    assert spell["outcome"] == ("cast" if roll["total"] >= 17 else "lost")
    enc = duel(seed=seed)
    who = enc.current
    enc.add_condition(who, "Deafened")
    enc.cast(who, 1)
    roll = [e.data for e in enc.log if e.kind == "roll"][-1]
    assert roll["label"] == f"{who}: 20% spell failure"
    assert [e.data for e in enc.log if e.kind == "spell"][-1]["outcome"] == \
        ("lost" if roll["total"] <= 20 else "cast")
    refused(enc, enc.cast, who, 1, match="already spent")


def test_the_initiative_check_is_d20_plus_dex_and_deafened_is_minus_4():
    """"Deafened – [...] a -4 penalty on initiative checks" (the check: d20 + DEX modifier,
    inferred)."""
    from lfgcombat.rulesets.classic.combatant import ClassicCombatant
    hero = load_example("wulfric").replace(level=5, bab=5)
    orc = load_example("orc").replace(bab=3)
    enc = Encounter([hero, orc], sides={"p": ["Wulfric"], "o": ["Orc"]}, ruleset="classic",
                    seed=1)
    enc.add_condition("Wulfric", "Deafened")
    enc.start()
    rolls = {e.actor: e.data["expression"] for e in enc.log
             if e.kind == "roll" and "initiative" in e.data["label"]}
    dex = {c.name: ClassicCombatant.of(c).abilities["dex"] for c in (hero, orc)}
    assert rolls == {"Wulfric": f"1d20{dex['Wulfric'] - 4:+d}", "Orc": f"1d20{dex['Orc']:+d}"}


@pytest.mark.parametrize("command, args", [
    ("temp_hp", (3,)), ("drop_prone", ()), ("fight_defensively", ()),
    ("ignore_enemy", (["Orc"],)), ("draw", ("dagger",)), ("aim", ())])
def test_lfg_only_commands_are_refused_for_a_classic_combatant(command, args):
    enc = turn_of(duel(seed=1), "Wulfric")
    refused(enc, getattr(enc, command), "Wulfric", *args, match="classic")


def test_standing_up_from_prone_is_the_move_action():
    """Prone: "Standing up from being Prone is a standard movement action" (the round's
    whole Move Action, inferred)."""
    enc = duel(seed=1)
    who = enc.current
    refused(enc, enc.stand_up, who, match="is not Prone")
    enc.add_condition(who, "Prone")
    assert "Prone" in enc.state(who).conditions
    enc.move_feet(who, 5)
    refused(enc, enc.stand_up, who, match="Move Action, unspent")
    enc.undo()
    enc.stand_up(who)
    s = enc.state(who)
    assert "Prone" not in s.conditions and s.budget["remaining_ft"] == 0
    enc.attack(who, foes(enc, who)[0])  # the single action is still there


def test_energy_drained_to_its_hit_dice_kills():
    """Energy-Drained: "loss of 5 hit points" a level; "If the subject has at least as many
    negative levels as Hit Dice, they die"."""
    enc = duel(seed=1)
    hp = enc.state("Orc").hp
    hit_dice = max(1, load_example("orc").level)
    enc.add_condition("Orc", "Energy-Drained 1")
    s = enc.state("Orc")
    assert (s.hp, s.vitals["negative_levels"]) == (hp - 5, 1)
    if hit_dice > 1:
        enc.add_condition("Orc", f"Energy-Drained {hit_dice - 1}")
    assert enc.state("Orc").dead and enc.state("Orc").status == "dead"


def test_on_the_map_a_flanked_target_loses_its_dex_bonus():
    """Flanked: "two enemies on opposite sides threatening them. They lose their DEX bonus
    to AC" (the map says who is flanked)."""
    from lfgcombat import HexMap
    a = load_example("wulfric").replace(level=5, bab=5)
    b = load_example("chessan").replace(level=5, bab=3)
    foe = load_example("mayat").replace(level=5, bab=5)  # DEX bonus to lose
    m = HexMap(10, 7)
    m.place(a, (4, 3), "party")
    m.place(b, (6, 3), "party")
    m.place(foe, (5, 3), "foes")
    enc = Encounter([a, b, foe], sides={"party": ["Wulfric", "Chessan"], "foes": ["Mayat"]},
                    map=m, ruleset="classic", seed=1).start()
    assert enc.map.is_flanked("Mayat")
    turn_of(enc, "Wulfric").attack("Wulfric", "Mayat")
    attack = [e for e in enc.log if e.kind == "attack" and not e.command][-1]
    assert "Mayat is Flanked" in attack.data["modifiers"]
    from lfgcombat.rulesets.classic.combatant import ClassicCombatant
    ac = ClassicCombatant.of(foe).ac
    assert ac.dex > 0 and attack.data["against"] == ac.total - ac.dex


def test_the_healer_s_conditions_count_on_its_stabilize_check():
    """"Stabilize – A standard action to stabilize a disabled character on a DC12 Survival
    check", and "Conditions": Shaken - "a -2 penalty on attack rolls, saving throws, skill
    checks, and ability checks", Sickened likewise. The healer's record
    (where the encounter keeps its classic conditions) is what the check reads."""
    def survival_bonus(*conditions: str) -> int:
        hero = load_example("wulfric").replace(level=5, bab=5)
        ally = load_example("chessan").replace(level=5, bab=3)
        orc = load_example("orc").replace(bab=3)
        enc = Encounter([hero, ally, orc], sides={"p": ["Wulfric", "Chessan"],
                                                  "o": ["Orc"]},
                        ruleset="classic", seed=4).start()
        for c in conditions:
            enc.add_condition("Chessan", c)
        enc.damage("Wulfric", enc.state("Wulfric").hp + 2)
        turn_of(enc, "Chessan")
        enc.act("Chessan", "stabilize", target="Wulfric")
        roll = [e.data for e in enc.log if e.kind == "roll"][-1]
        assert roll["label"] == "Chessan stabilizes Wulfric: Stabilize (Survival) DC 12"
        return roll["total"] - roll["natural"]
    plain = survival_bonus()
    assert survival_bonus("Shaken") == plain - 2
    assert survival_bonus("Shaken", "Sickened") == plain - 4


def test_a_classic_move_provokes_no_aoo_and_a_used_up_move_action_is_refused_by_the_round():
    """002_2a3a79475ca2a541.txt is silent on Attacks of Opportunity (its round has none:
    "Single Actions:", "characters can only attack once per round"; "threatening" is only
    named in "Flanked"), so walking out of a foe's reach offers none, whatever ``aoo=``
    says (inferred). "Action definitions": "She can move, then perform another action, then
    continue moving as long as she does not move further than their full movement": with
    the Move Action used up, a map move is refused by the round in those words (not the
    map's "cannot reach ... with 0 ft"), changing nothing."""
    enc = map_duel()
    who = enc.current
    near, away = ((2, 1), (2, 3)) if who == "Orc" else ((5, 1), (5, 3))
    enc.move(who, near)
    assert enc.map.distance(who, foes(enc, who)[0]) == 5
    mark = len(enc.log)
    enc.move(who, away, aoo="all")
    assert not [e for e in list(enc.log)[mark:] if e.kind in ("aoo_offered", "aoo")]
    refused(enc, enc.move, who, near, aoo=[foes(enc, who)[0]], match="no AOO to take")
    left = enc.state(who).budget["remaining_ft"]
    if left:
        enc.move_feet(who, left)
    err = refused(enc, enc.move, who, near,
                  match="0 ft left of the Move Action; the Move Action is used up this "
                        "round, 30 of 30 ft moved")
    assert "as long as she does not move further than their full movement" in str(err)
    assert err.rule == f'{TEXT}, "Action definitions"' and "with 0 ft" not in str(err)
