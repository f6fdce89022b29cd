"""A wounds map move provokes its Attacks of Opportunity by itself (issue 13).

003_de0e94afd49609a7.txt, "As mentioned in the previous Tip": "Whenever a creature moves
through your threatened area, they risk provoking an Attack of Opportunity from you. You may
make a number of Attacks of Opportunity each round equal to 1 + your Dexterity modifier
(minimum 0), and you may gain further Attacks of Opportunity by selecting the Combat
Reflexes Universal Talent." "Total Defense is an action you can take in combat": "You cannot
make attacks of opportunity whilst in Total Defense". "Attacking an enemy usually involves
spending your Half Action" (the move's Half Actions). The encounter side:
lfgcombat/engine/ruleset_moves.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from encounter.helpers import refused as _refused
from lfgcombat import Creature, Encounter, HexMap
from lfgcombat.errors import IllegalActionError

TEXT = "003_de0e94afd49609a7.txt"
AOO_RULE = f'{TEXT}, "As mentioned in the previous Tip"'


def ash(**extra):
    return Creature.from_dict({
        "name": "Ash", "level": 3, "max_hp": 20, "kind": "pc", "ruleset": ["wounds"],
        "abilities": {"str": 14, "dex": 12, "con": 12}, "prowess": 2,
        "good_saves": ["fort", "ref"], "weapons": ["longsword"], **extra})


def orc(name="Orc", dex=10, **extra):
    return Creature.from_dict({
        "name": name, "level": 2, "max_hp": 15, "ruleset": ["wounds"],
        "abilities": {"str": 16, "dex": dex, "con": 14}, "prowess": 1,
        "good_saves": ["fort", "will"], "weapons": ["greataxe"], **extra})


def on_map(party, foes, seed=4, at=None):
    """An encounter on a 12x8 map: the party from (1, 1) down, the foes from (2, 1) down
    (each foe adjacent to the party member beside it), unless ``at`` places them."""
    m = HexMap(12, 8)
    at = at or {}
    for i, c in enumerate(party):
        m.place(c, at.get(c.name, (1, 1 + 2 * i)), "party")
    for i, c in enumerate(foes):
        m.place(c, at.get(c.name, (2, 1 + 2 * i)), "foes")
    return Encounter(party + foes, sides={"party": [c.name for c in party],
                                          "foes": [c.name for c in foes]},
                     map=m, ruleset="wounds", seed=seed).start()


def turn_of(enc, name, limit=12):
    """End turns until ``name`` acts (choosing it next when the turn order asks)."""
    for _ in range(limit):
        if name in enc.acting:
            return enc
        choices = enc.choices() if enc.acting else []
        enc.end_turn(next=name if name in choices else (choices[0] if choices else None))
    raise AssertionError(f"{name} never acts")


def since(enc, mark, kind=None):
    return [e for e in list(enc.log)[mark:] if kind is None or e.kind == kind]


def refused(enc, fn, *args, match, **kw):
    """Refused citing the wounds text, and nothing changes."""
    return _refused(enc, fn, *args, match=match, text=TEXT, **kw)


def test_moving_out_of_the_threatened_area_provokes_and_all_takes_it_where_it_is_provoked():
    """"Whenever a creature moves through your threatened area, they risk provoking an
    Attack of Opportunity from you": Ash leaves the hex beside the Orc; the Orc strikes there,
    before Ash goes on (one Half Action of movement)."""
    enc = turn_of(on_map([ash()], [orc()]), "Ash")
    start = list(enc.map.offset(enc.map.token("Ash").anchor))
    mark = len(enc.log)
    enc.move("Ash", (6, 1), aoo="all")
    kinds = [e.kind for e in since(enc, mark) if not e.command]
    assert kinds.index("aoo_offered") < kinds.index("aoo") < kinds.index("attack") \
        < kinds.index("moved")
    offer = since(enc, mark, "aoo_offered")[0]
    assert (offer.actor, offer.target, offer.data["taken"]) == ("Orc", "Ash", True)
    assert offer.data["at"] == start and offer.data["rule"] == AOO_RULE
    assert since(enc, mark, "aoo")[0].data["rule"] == AOO_RULE
    attack = [e for e in since(enc, mark, "attack") if not e.command][0]
    assert (attack.actor, attack.target) == ("Orc", "Ash")
    assert enc.state("Orc").vitals["aoo_left"] == 0   # DEX 10: 1 + 0
    moved = since(enc, mark, "moved")[0]
    assert moved.data["path"][0] == start and moved.data["path"][-1] == [6, 1]
    assert enc.state("Ash").budget["half_actions"] == 1
    assert enc.actions_left("Ash").big == 1


def test_by_default_the_aoo_is_offered_and_not_taken():
    """``aoo=None`` (as under lfg): the Orc may take it ("risk provoking"), nobody does."""
    enc = turn_of(on_map([ash()], [orc()]), "Ash")
    mark = len(enc.log)
    enc.move("Ash", (6, 1))
    offer = since(enc, mark, "aoo_offered")
    assert [(e.actor, e.data["taken"]) for e in offer] == [("Orc", False)]
    assert not since(enc, mark, "aoo") and not [e for e in since(enc, mark, "attack")
                                                if not e.command]
    assert enc.state("Orc").vitals["aoo_left"] == 1


def test_a_path_that_stays_out_of_the_threatened_area_provokes_nothing():
    """The path avoids provoking when it can (as an lfg move does): Ash, two hexes from the
    Orc, walks away without leaving a hex it threatens."""
    enc = turn_of(on_map([ash()], [orc()], at={"Ash": (1, 4), "Orc": (4, 4)}), "Ash")
    mark = len(enc.log)
    enc.move("Ash", (1, 7), aoo="all")
    assert not since(enc, mark, "aoo_offered")
    assert since(enc, mark, "moved")[0].data["path"][-1] == [1, 7]


@pytest.mark.parametrize("dex, count", [(10, 1), (14, 3), (6, 1), (1, 1)])
def test_aoo_a_round_are_one_plus_dex_mod_minimum_0(dex, count):
    """"1 + your Dexterity modifier (minimum 0)": DEX 10 one, DEX 14 (+2) three, DEX 6 (-2)
    and DEX 1 (-5) still one (the minimum is on the modifier's part, inferred)."""
    enc = on_map([ash()], [orc(dex=dex)])
    assert enc.state("Orc").vitals["aoo_left"] == count


def test_combat_reflexes_gives_a_further_aoo():
    """"you may gain further Attacks of Opportunity by selecting the Combat Reflexes
    Universal Talent": the creature file's ``combat_reflexes`` (times taken, +1 each:
    inferred). Ash, then Bo, walk away from the Orc in the same round (seed 5: both act
    before it): with the talent it strikes both, without it only Ash, and Bo is not even
    offered one."""
    for reflexes, struck in ((0, ["Ash"]), (1, ["Ash", "Bo"])):
        bo = ash(name="Bo", kind="npc")
        enc = on_map([ash(), bo], [orc(combat_reflexes=reflexes)],
                     at={"Ash": (1, 1), "Bo": (3, 1), "Orc": (2, 1)}, seed=5)
        assert enc.acting == ["Ash"] and enc.round == 1
        assert enc.state("Orc").vitals["aoo_left"] == 1 + reflexes
        mark = len(enc.log)
        enc.move("Ash", (1, 6), aoo="all")
        enc.end_turn(next="Bo")
        enc.move("Bo", (4, 6), aoo="all")
        assert enc.round == 1
        assert [e.target for e in since(enc, mark, "aoo")] == struck
        assert [e.target for e in since(enc, mark, "aoo_offered")] == struck
        assert enc.state("Orc").vitals["aoo_left"] == 0


def test_an_aoo_used_up_refuses_a_named_taker_and_changes_nothing():
    """"You may make a number of Attacks of Opportunity each round equal to 1 + your
    Dexterity modifier": the Orc's one is spent on Ash (the GM's own call still counts);
    naming it for Bo's move refuses the move, saying why."""
    bo = ash(name="Bo", kind="npc")
    enc = on_map([ash(), bo], [orc()], at={"Ash": (1, 1), "Bo": (3, 1), "Orc": (2, 1)},
                 seed=5)
    assert enc.acting == ["Ash"]
    enc.attack("Orc", "Ash", aoo=True)
    enc.end_turn(next="Bo")
    err = refused(enc, enc.move, "Bo", (4, 6), aoo=["Orc"],
                  match="Orc cannot take its AOO: Orc has no Attack of Opportunity left "
                        r"this round \(it made 1 of 1: 1 \+ DEX modifier \(minimum 0\)\)")
    assert err.rule == AOO_RULE
    mark = len(enc.log)
    enc.move("Bo", (4, 6), aoo="all")  # "all": everyone still able; the Orc is not offered
    assert not since(enc, mark, "aoo_offered")


def test_no_aoo_in_total_defense():
    """"You cannot make attacks of opportunity whilst in Total Defense": the Orc in Total
    Defense is not offered one; naming it is refused with the text's words."""
    enc = on_map([ash()], [orc()])
    turn_of(enc, "Orc")
    enc.act("Orc", "total_defense")
    turn_of(enc, "Ash")
    assert enc.state("Orc").vitals["total_defense"]
    err = refused(enc, enc.move, "Ash", (6, 1), aoo="Orc",
                  match="Orc is in Total Defense: \"You cannot make attacks of opportunity "
                        "whilst in Total Defense\"")
    assert err.rule == AOO_RULE
    mark = len(enc.log)
    enc.move("Ash", (6, 1), aoo="all")
    assert not since(enc, mark, "aoo_offered") and not since(enc, mark, "aoo")


def test_a_named_taker_that_does_not_threaten_is_refused():
    enc = turn_of(on_map([ash()], [orc(), orc("Grub")],
                         at={"Ash": (1, 1), "Orc": (2, 1), "Grub": (9, 6)}), "Ash")
    refused(enc, enc.move, "Ash", (6, 1), aoo=["Grub"],
            match="Grub gets no AOO against Ash's move: it does not threaten Ash there")
    with pytest.raises(IllegalActionError, match="no combatant named 'Nobody'"):
        enc.move("Ash", (6, 1), aoo=["Nobody"])


def test_an_aoo_that_kills_the_mover_stops_the_move():
    """A mover the AOO kills stops where it was struck; the rest of its movement is lost
    (the lfg walk's rule, kept for wounds: inferred)."""
    for seed in range(40):
        enc = on_map([ash(wounds=1)], [orc()], seed=seed)
        turn_of(enc, "Ash")
        enc.damage("Ash", 19)               # 1 HP, 1 Wound: any hit kills (0 Wounds: dead)
        start = enc.map.token("Ash").anchor
        enc.move("Ash", (6, 1), aoo="all")
        if enc.state("Ash").dead:
            break
    else:
        pytest.fail("no seed let the Orc's AOO hit")
    stop = [e for e in enc.log if e.kind == "move_stopped"][-1]
    assert stop.data["why"] == "Ash is dead" and stop.data["to"] == [6, 1]
    assert stop.data["rule"] == AOO_RULE
    assert enc.map.token("Ash").anchor == start
    assert not [e for e in enc.log if e.kind == "moved" and e.actor == "Ash"]


def test_the_provoking_move_saves_and_replays(tmp_path: Path):
    enc = turn_of(on_map([ash()], [orc()]), "Ash")
    enc.move("Ash", (6, 1), aoo="all")
    again = Encounter.load(enc.save(tmp_path / "aoo.jsonl"))
    assert [str(e) for e in again.log] == [str(e) for e in enc.log]
    assert again.snapshot() == enc.snapshot()


def test_a_map_move_with_no_half_action_left_is_refused_by_the_turn():
    """"Attacking an enemy usually involves spending your Half Action": after two Half
    Actions a map move is refused by the turn, in its words (not the map's "cannot reach
    ... with 0 ft"), and nothing changes."""
    enc = turn_of(on_map([ash()], [orc()], at={"Ash": (1, 4), "Orc": (8, 4)}), "Ash")
    enc.act("Ash", "standard_action")
    enc.act("Ash", "standard_action")
    err = refused(enc, enc.move, "Ash", (2, 4), match="Ash has no Half Action left to move")
    assert "with 0 ft" not in str(err)
    assert err.rule == f'{TEXT}, "Attacking an enemy usually involves spending your Half Action"'


def test_a_wounds_melee_attack_on_the_map_needs_reach():
    """On a battle map a wounds melee attack needs its target within the weapon's reach
    (inferred, as under classic: the text gives no reach rule); it was refused for any
    distance before (the map's distance was not a wounds situation key)."""
    enc = on_map([ash()], [orc()], at={"Ash": (1, 4), "Orc": (4, 4)})
    who = enc.acting[0]
    other = "Orc" if who == "Ash" else "Ash"
    refused(enc, enc.attack, who, other, match=f"; {other} is 15 ft away")  # named (issue 26)
    enc.move(who, (3, 4) if who == "Ash" else (2, 4))
    enc.attack(who, other)
    assert [e for e in enc.log if e.kind == "attack" and not e.command]
