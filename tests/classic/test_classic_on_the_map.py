"""A classic combatant's health and round on the battle map (issue 13).

002_2a3a79475ca2a541.txt, "Stabilizing a Disabled Character": "If a hero is disabled they
can not move, attack, communicate, or cast spells"; a mobile hero "may do one limited action
per round, such as move at 1/2 speed, cast a spell, use a skill, or attack an adjacent
creature at – 5 to hit and damage"; "Conditions": "Unconscious – Knocked out and helpless",
"Disabled – [...] No actions, communication, or movement allowed"; "Action definitions":
"Move Action – The player can move up to their full movement [...] as long as she does not
move further than their full movement". The map reads the classic health
(ClassicHealth.map_standing), not lfg's 0 HP Unconscious; the classic round has no AOO, so
nothing a classic move does provokes (inferred, ClassicEconomy).
"""

from __future__ import annotations

from test_classic_encounter import TEXT, refused, turn_of

from lfgcombat import Encounter, HexMap
from lfgcombat.creature import load_example

DISABLED = f'{TEXT}, "Stabilizing a Disabled Character"'
MOVE = f'{TEXT}, "Action definitions"'


def board(orc_at=(2, 1), width=12, height=8, seed=1, **orc):
    """Wulfric (BAB 5) at (1, 1) and the Orc (BAB 3; ``orc``: its changes) at ``orc_at``."""
    hero = load_example("wulfric").replace(level=5, bab=5)
    brute = load_example("orc").replace(bab=3, **orc)
    m = HexMap(width, height)
    m.place(hero, (1, 1) if height > 1 else (0, 0), "party")
    m.place(brute, orc_at, "orcs")
    return Encounter([hero, brute], sides={"party": ["Wulfric"], "orcs": ["Orc"]}, map=m,
                     ruleset="classic", seed=seed).start()


def until_mobile(enc, rounds=60):
    """Play turns (nobody acts) until the Orc, at -3 HP, starts a turn mobile."""
    enc.damage("Orc", enc.state("Orc").hp + 3)
    for _ in range(rounds):
        turn_of(enc, "Orc", fresh=True)
        if enc.state("Orc").vitals["mobile"]:
            return enc
    raise AssertionError("the Orc never became mobile")


def cells(enc, name):
    return {enc.map.offset(c) for c in enc.map.threatened(name)}


def test_a_disabled_creature_cannot_move_in_classic_s_words_and_threatens_nothing():
    enc = board()
    enc.damage("Orc", enc.state("Orc").hp)
    assert enc.state("Orc").status == "disabled"
    view = enc.creature("Orc")
    assert not {c.condition.value for c in view.active_conditions} & {
        "unconscious", "helpless", "prone", "injured"}
    tok = enc.map.token("Orc")
    assert not tok.threatens and not tok.helpless and not cells(enc, "Orc")
    turn_of(enc, "Orc", fresh=True)
    err = refused(enc, enc.move, "Orc", (5, 5), match="they can not move")
    assert err.rule == DISABLED and "000_8d1d7816ee944f3b.txt" not in str(err)
    assert len(enc.reachable("Orc")) == 0


def test_disabled_during_its_own_turn_it_cannot_move_on():
    enc = board(orc_at=(6, 4))
    turn_of(enc, "Orc").move("Orc", (6, 6))
    enc.damage("Orc", enc.state("Orc").hp)
    refused(enc, enc.move, "Orc", (8, 6), match="no Move Action this round")


def test_a_disabled_creature_blocks_the_way_an_unconscious_one_does_not():
    """Disabled is not Helpless (inferred: the text lists it apart; Helpless names the
    unconscious): in a one-hex corridor Wulfric cannot pass the disabled Orc; once it is
    unconscious ("Knocked out and helpless") he may (lfg's "enemies block unless helpless",
    the map's rule), and it threatens nothing either way."""
    enc = board(orc_at=(3, 0), width=8, height=1)
    turn_of(enc, "Wulfric")
    enc.damage("Orc", enc.state("Orc").hp)
    assert (5, 0) not in {enc.map.offset(c) for c in enc.reachable("Wulfric")}
    enc.damage("Orc", 3)
    assert enc.state("Orc").status == "unconscious" and enc.map.token("Orc").helpless
    assert not enc.map.token("Orc").threatens
    enc.move("Wulfric", (5, 0))
    assert enc.map.offset(enc.map.token("Wulfric").anchor) == (5, 0)


def test_a_mobile_creature_threatens_only_the_adjacent_hexes_and_moves_half():
    """"attack an adjacent creature": with a longspear (reach 10 ft) the mobile Orc
    threatens the six hexes around it only (inferred); "move at 1/2 speed": 15 ft, a
    longer path refused in the text's words, naming the feet asked and left."""
    enc = board(orc_at=(5, 4), weapons=["longspear"], seed=2)
    full = cells(enc, "Orc")
    until_mobile(enc)
    s = enc.state("Orc")
    assert (s.status, s.budget["remaining_ft"]) == ("mobile", 15)
    adjacent = cells(enc, "Orc")
    assert len(adjacent) == 6 and adjacent < full
    err = refused(enc, enc.move, "Orc", (9, 4), match="cannot move 20 ft: 15 ft left")
    assert err.rule == DISABLED
    enc.move("Orc", (8, 4))
    assert enc.state("Orc").budget["remaining_ft"] == 0


def test_a_move_longer_than_the_move_action_left_is_refused_by_the_round():
    """"as long as she does not move further than their full movement": after 15 ft, a
    25 ft path is refused in the round's words with the feet asked and left (not the map's
    "cannot reach ... with 15 ft", citing lfg), and nothing changes."""
    enc = board(orc_at=(10, 7))
    turn_of(enc, "Wulfric").move("Wulfric", (4, 1))
    assert enc.state("Wulfric").budget["remaining_ft"] == 15
    err = refused(enc, enc.move, "Wulfric", (4, 6),
                  match="cannot move 25 ft: 15 ft left of the Move Action")
    assert err.rule == MOVE
    assert "cannot reach" not in str(err) and "000_8d1d7816ee944f3b.txt" not in str(err)
    enc.move("Wulfric", (4, 4))                     # within the 15 ft left


def test_nothing_provokes_under_classic():
    """The classic round has no Attack of Opportunity (inferred: the text is silent):
    beside the Orc, every hex Wulfric can reach is safe by the encounter, though the map's
    own (lfg) reading would call them provoking."""
    enc = turn_of(board(), "Wulfric")
    left = enc.state("Wulfric").budget["remaining_ft"]
    assert enc.map.reachable("Wulfric", left).provoking
    r = enc.reachable("Wulfric")
    assert len(r) == len(enc.map.reachable("Wulfric", left)) and not r.provoking
    far = max(r, key=lambda c: r[c])
    assert r.path_to(far)[-1] == far
