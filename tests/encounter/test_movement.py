"""Tests of :mod:`lfgcombat.rules.movement.movement_play`, from 000_8d1d7816ee944f3b.txt "Moving in
Combat", "What is a 5-Foot Step?", "Running in Combat", "Retreat Action / Disengage", "Prone",
"Trade Spaces Action", "Space in Combat Gameplay". Split from the former
tests/test_encounter.py (issue 10); every test names its heading.
"""

from __future__ import annotations

from lfgcombat import HexMap, LfgError
from lfgcombat.engine import Encounter

from .helpers import _at, _line_up, _trade, duel, mk, refused


def test_five_foot_step_does_not_provoke_and_not_after_moving():
    """"What is a 5-Foot Step?": a Swift Action; "You move 1 hex (5 feet) without provoking
    AOO"; "If you have already moved this turn, you cannot use this special movement"."""
    enc = duel(map_=True).start()
    enc.move("Hero", (3, 1))
    refused(enc, enc.five_foot_step, "Hero", (2, 1), match="already moved")
    enc2 = duel(map_=True).start()
    enc2.move("Hero", (3, 1))
    enc2.end_turn(next="Orc").end_turn(next="Ally").end_turn(next="Brute")
    enc2.end_turn(next="Hero")
    enc2.five_foot_step("Hero", (2, 1))
    assert not [e for e in enc2.log.of_kind("aoo_offered") if e.round == 2]
    assert enc2.actions_left("Hero").big == 2 and enc2.actions_left("Hero").little == 0
    refused(enc2, enc2.move, "Hero", (1, 1), match="5-foot step")


def test_run_penalties_last_until_the_start_of_the_next_turn():
    """"Running in Combat – Full Details:": "-2 Penalty on Ranged Attack Rolls until the start
    of your next Turn"; -2 AC against melee."""
    enc = duel(map_=True).start()
    refused(enc, enc.run, "Hero", (7, 1), match="not an ally")  # the Orc is in the way
    enc.end_turn(next="Ally")
    base = enc.creature("Ally").attack_bonus("ranged").value
    enc.run("Ally", (9, 3))  # 40 feet straight along the row
    assert enc.map.offset(enc.map.token("Ally").anchor) == (9, 3)
    assert enc.creature("Ally").attack_bonus("ranged").value == base - 2
    assert enc.actions_left("Ally").big == 1
    enc.end_turn(next="Orc").end_turn(next="Brute").end_turn(next="Ally")
    assert enc.creature("Ally").attack_bonus("ranged").value == base


def test_retreat_is_a_full_round_action_without_aoo_and_unfortunate_attacks():
    """"Retreat Action / Disengage": no AOO from the foes you leave; "Unfortunate on any
    Attack Rolls made before the start of your next turn"; Full-Round Action."""
    enc = duel(map_=True).start()
    enc.move("Hero", (3, 1))
    enc.end_turn(next="Orc").end_turn(next="Ally").end_turn(next="Brute").end_turn(next="Hero")
    before = len(enc.log)
    enc.retreat("Hero", (1, 1))
    assert not [e for e in list(enc.log)[before:] if e.kind == "aoo_offered"]
    assert enc.state("Hero")["full_round"] == "retreat"
    assert any("Unfortunate" in x for x in enc.state("Hero")["effects"])


def test_stand_up_provokes_and_needs_prone():
    """"Prone": "Standing up from prone is a Big Action that Provokes AOO"; "Dropping Prone
    is a Swift Action"."""
    enc = duel(map_=True).start()
    refused(enc, enc.stand_up, "Hero", match="not prone")
    enc.move("Hero", (3, 1))
    enc.drop_prone("Hero")
    assert "prone" in enc.state("Hero")["conditions"]
    enc.stand_up("Hero", aoo="all")
    assert "prone" not in enc.state("Hero")["conditions"]
    assert enc.log.of_kind("aoo_offered")[-1].actor == "Orc"


def test_trade_spaces_spends_the_allys_reaction():
    """"Trade Spaces Action": a Big Action; "The character with whom you wish to trade must
    spend their Reaction"."""
    enc = duel(map_=True).start()
    enc.move("Hero", (1, 2))
    enc.trade_spaces("Hero", "Ally")
    assert enc.map.offset(enc.map.token("Hero").anchor) == (1, 3)
    assert enc.actions_left("Ally").reactions == 0
    refused(enc, enc.trade_spaces, "Hero", "Orc", match="ally")


def test_trade_spaces_aoo_strike_at_the_hex_left_before_the_swap():
    """"Trade Spaces Action": "Both characters that swap places provoke AOO if they leave a
    threatened hex"; "Reactions & AOO:": a Reaction "immediately interrupts": the Orc's AOO
    is made while the Hero still stands on (3, 1), the hex it leaves; then they swap."""
    enc = _trade()
    before = len(enc.log)
    enc.trade_spaces("Hero", "Ally", aoo="all")
    evs = [e for e in list(enc.log)[before:] if not e.command]
    ks = [e.kind for e in evs]
    assert ks.index("aoo_offered") < ks.index("attack") < ks.index("moved")
    offer = enc.log.of_kind("aoo_offered")[-1]
    assert offer.actor == "Orc" and offer.target == "Hero" and offer.data["taken"]
    assert offer.data["step"] == 0
    strike = enc.log.of_kind("attack")[-1]
    assert strike.actor == "Orc" and strike.target == "Hero" and strike.data["aoo"]
    if enc.state("Hero")["status"] == "conscious":
        assert _at(enc, "Hero") == (2, 1) and _at(enc, "Ally") == (3, 1)
    assert enc.actions_left("Orc").reactions == 0


def test_trade_spaces_a_mover_dropped_by_the_aoo_does_not_swap(tmp_path):
    """"Trade Spaces Action" with "the rest of your movement for this action is lost"
    ("Running in Combat – Full Details:", as for any move): the Hero, at 1 HP, is dropped
    by the Orc's AOO on the hex it was leaving, so the swap never happens; the Ally stays
    and has spent its Reaction; the log says why. Save -> load and undo replay it exactly."""
    for seed in range(1, 40):
        enc = _trade(seed=seed)
        enc.damage("Hero", enc.state("Hero")["hp"] - 1)
        enc.trade_spaces("Hero", "Ally", aoo="all")
        if enc.log.of_kind("move_stopped"):
            break
    stop = enc.log.of_kind("move_stopped")[-1]
    assert stop.actor == "Hero" and stop.target == "Ally"
    assert stop.data["action"] == "trade_spaces" and stop.data["at"] == [3, 1]
    assert stop.data["to"] == [2, 1] and "does not happen" in stop.data["why"]
    assert "dying" in stop.data["why"] and "Trade Spaces Action" in stop.data["rule"]
    assert _at(enc, "Hero") == (3, 1) and _at(enc, "Ally") == (2, 1)
    assert not [e for e in enc.log.of_kind("moved") if e.data["action"] == "trade_spaces"]
    assert enc.actions_left("Ally").reactions == 0
    assert "stops at column 3, row 1" in enc.log.to_dataframe().text.iloc[stop.seq]
    again = Encounter.load(enc.save(tmp_path / "t.jsonl"))
    assert again.snapshot() == enc.snapshot()
    snap = enc.snapshot()
    enc.undo()
    assert _at(enc, "Hero") == (3, 1) and enc.state("Hero")["hp"] == 1
    enc.trade_spaces("Hero", "Ally", aoo="all")
    assert enc.snapshot() == snap


def test_trade_spaces_the_ally_dropped_leaving_its_hex_stops_the_swap():
    """"Both characters that swap places provoke AOO" ("Trade Spaces Action"): here only the
    Ally leaves a threatened hex; at 1 HP it is dropped there, and nobody moves."""
    for seed in range(1, 40):
        cs = [mk("Hero", init=40), mk("Ally"), mk("Orc"), mk("Brute")]
        m = HexMap(12, 8)
        for c, at, side in ((cs[0], (2, 1), "party"), (cs[1], (3, 1), "party"),
                            (cs[2], (4, 1), "orcs"), (cs[3], (10, 6), "orcs")):
            m.place(c, at, side)
        enc = Encounter(cs, map=m, seed=seed).start()
        enc.damage("Ally", enc.state("Ally")["hp"] - 1)
        enc.trade_spaces("Hero", "Ally", aoo="all")
        if enc.log.of_kind("move_stopped"):
            break
    offer = enc.log.of_kind("aoo_offered")[-1]
    assert offer.target == "Ally" and offer.data["taken"]
    stop = enc.log.of_kind("move_stopped")[-1].data
    assert "Ally is" in stop["why"] and "does not happen" in stop["why"]
    assert _at(enc, "Hero") == (2, 1) and _at(enc, "Ally") == (3, 1)


def test_trade_spaces_one_aoo_per_foe_even_if_both_leave_its_hexes():
    """"Reactions & AOO:": "No single action can provoke more than 1 AOO per threatening
    creature": the Orc threatens both traders but strikes once."""
    probe = _trade()
    m = probe.map
    near = sorted(m.offset(c) for c in m.cells if m.distance("Hero", c) == 5
                  and m.distance("Orc", c) == 5 and not m.at(c))
    enc = _trade(ally_at=near[0])
    enc.damage("Hero", 0)
    enc.trade_spaces("Hero", "Ally", aoo="all")
    assert len(enc.log.of_kind("aoo")) == 1
    assert enc.actions_left("Orc").reactions == 0


def test_a_mover_injured_by_an_aoo_goes_on_at_its_reduced_speed(tmp_path):
    """"Injury & Injured Threshold": "Injured: ... Your Move Speed is reduced by 5 feet".
    The Runner (60 ft) is hit by E1's AOO and Injured: its budget is worked out again from
    55 ft, the feet already moved counting against it, so it gets 5 ft short of (13, 2)
    and the log says why."""
    for seed in range(1, 60):
        enc = _line_up(seed=seed)
        enc.damage("Runner", 149)  # HP 51: any hit makes it Injured (threshold 50)
        enc.move("Runner", (13, 2), aoo="E1")
        hit = enc.log.of_kind("attack")[-1].data["hit"]
        if hit and enc.state("Runner")["status"] == "conscious":
            break
    assert enc.map.token("Runner").speed_ft == 55
    moved = [e.data for e in enc.log.of_kind("moved")]
    assert sum(m["feet"] for m in moved) == 55 and moved[-1]["feet_left"] == 0
    assert any("Move Speed now 55 ft (Injured)" in n for n in moved[-1]["notes"])
    stop = enc.log.of_kind("move_stopped")[-1].data
    assert stop["at"] == [12, 2] and stop["to"] == [13, 2]
    assert "Injury & Injured Threshold" in stop["rule"]
    assert enc._f["Runner"].turn.move_left == 0
    assert Encounter.load(enc.save(tmp_path / "r.jsonl")).snapshot() == enc.snapshot()


def test_a_mover_injured_with_no_feet_left_stops_where_it_was_struck():
    """"Injury & Injured Threshold": a 30-ft mover struck after 25 ft and Injured has a
    25-ft Move Speed, all of it spent: it stops on the hex it was leaving (move_stopped)."""
    for seed in range(1, 60):
        cs = [mk("Walker", init=40, max_hp=200), mk("E1")]
        m = HexMap(10, 2)
        m.place(cs[0], (0, 0), "a")
        m.place(cs[1], (5, 1), "b")
        enc = Encounter(cs, map=m, seed=seed).start()
        enc.damage("Walker", 149)
        enc.move("Walker", (6, 0), aoo="all")
        if enc.log.of_kind("attack")[-1].data["hit"] and \
                enc.state("Walker")["status"] == "conscious":
            break
    stop = enc.log.of_kind("move_stopped")[-1]
    assert stop.actor == "Walker" and stop.data["at"] == [5, 0]
    assert "Move Speed is now 25 ft (Injured)" in stop.data["why"]
    assert _at(enc, "Walker") == (5, 0)
    assert sum(e.data["feet"] for e in enc.log.of_kind("moved")) == 25
    assert enc.actions_left("Walker").big == 1
    assert "stops at column 5, row 0" in enc.log.to_dataframe().text.iloc[stop.seq]


def test_an_unhurt_mover_is_not_slowed():
    """The budget is only recomputed when the Move Speed fell: a missed AOO changes nothing
    (the split move of "What actions normally Provoke AOO?" as before)."""
    for seed in range(1, 60):
        enc = _line_up(seed=seed)
        enc.move("Runner", (13, 2), aoo="all")
        if not any(e.data["hit"] for e in enc.log.of_kind("attack")):
            break
    assert _at(enc, "Runner") == (13, 2) and not enc.log.of_kind("move_stopped")


def test_sharing_a_hex_with_an_ally_cramps_both_and_stepping_out_ends_it(tmp_path):
    """"if you occupy the same space as an allied or indifferent creature within 1 size
    category of your own, you both gain the Cramped condition" (000_8d1d7816ee944f3b.txt,
    "Space in Combat Gameplay"); "the GM may place you in the same hex as an ally, causing
    both of you the Cramped condition" ("Accidental / Illegal Locations"). Cramped: "Half
    Move Speed, -2AC, -2 REF Save, -2 Attack Rolls"."""
    cs = [mk("Hero", init=40), mk("Ally"), mk("Orc")]
    m = HexMap(10, 6)
    m.place(cs[0], (1, 1), "party")
    m.place(cs[1], (1, 1), "party", share=True)
    m.place(cs[2], (7, 4), "orcs", speed=20)
    enc = Encounter(cs, map=m, seed=1)
    for n in ("Hero", "Ally"):
        assert "cramped" in enc.state(n)["conditions"]
        assert enc.map.token(n).speed_ft == 15  # the map moves it at half speed
    plain = mk("Hero")
    assert enc.creature("Hero").ac.value == plain.ac.value - 2
    assert enc.map.token("Orc").speed_ft == 20  # the placement's override is kept
    enc.start()
    enc.move("Hero", (3, 1))
    assert enc.state("Hero")["conditions"] == [] and enc.state("Ally")["conditions"] == []
    lost = [e for e in enc.log.of_kind("condition") if e.data["by"] == "space"]
    assert [(e.target, e.data["change"]) for e in lost] == [("Hero", "lost"), ("Ally", "lost")]
    assert "shares" in lost[0].data["consequences"][0]
    # replay (undo, save/load) puts the two back in one hex, cramped, and the orc at 20 ft
    back = Encounter.load(enc.save(tmp_path / "f.jsonl"))
    assert back.snapshot() == enc.snapshot()
    enc.undo()
    assert enc.map.at((1, 1)) == ["Hero", "Ally"] and "cramped" in enc.state("Ally")["conditions"]
    assert enc.map.token("Orc").speed_ft == 20


def test_a_tight_space_cramps_while_in_it():
    """"Tight Spaces: If you must move through tight spaces (about half your height), you
    are cramped while doing so" (000_8d1d7816ee944f3b.txt, "Moving in Combat – Terrain,
    Creatures, & Other Issues"): Cramped while in it (-2 attack, half speed), not after."""
    cs = [mk("Hero", init=40), mk("Orc")]
    m = HexMap(10, 4)
    m.set_terrain([(3, 1), (4, 1), (5, 1)], "tight")
    m.place(cs[0], (1, 1), "party")
    m.place(cs[1], (9, 3), "orcs")
    enc = Encounter(cs, map=m, seed=1).start()
    enc.move("Hero", (3, 1))  # 5 ft + 10 ft into the crawlway
    assert "cramped" in enc.state("Hero")["conditions"]
    assert enc.map.token("Hero").speed_ft == 15
    gained = enc.log.of_kind("condition")[-1]
    assert gained.data["change"] == "gained" and "tight space" in gained.data["consequences"][0]
    enc.end_turn(next="Orc").end_turn(next="Hero")
    # already cramped, each tight hex costs 5 ft of its halved 15 ft
    assert enc.map.reachable("Hero").cost[enc.map.cell(5, 1)] == 10
    enc.move("Hero", (6, 1))
    assert enc.state("Hero")["conditions"] == []


def test_square_grid_diagonal_count_goes_on_across_an_aoo_stop():
    """"Measuring Diagonal Distance on Square Grids: The first diagonal step costs 5 feet of
    movement, but the second diagonal step costs 10 feet of movement. Continue in this
    5/10/5/10 pattern" (000_8d1d7816ee944f3b.txt, "Option – Square Grid"): a move stopped
    by an AOO after one diagonal goes on at 10 ft for the next, so 4 diagonals cost 30 ft in
    all, as unbroken."""
    m = HexMap(8, 8, grid="square")
    m.set_terrain([(0, 1)], "wall")  # every way out passes the orc
    cs = [mk("Hero", init=40, level=15), mk("Orc", level=1)]
    m.place(cs[0], (0, 0), "party")
    m.place(cs[1], (2, 0), "orcs")
    enc = Encounter(cs, map=m, seed=2).start()
    assert m.path("Hero", (4, 4)) == [m.cell(i, i) for i in range(5)]
    enc.move("Hero", (4, 4), aoo="all")
    moved = enc.log.of_kind("moved")
    assert [e.data["feet"] for e in moved] == [5, 25]  # 5 | 10 + 5 + 10
    assert moved[-1].data["feet_left"] == 0
    assert enc.log.of_kind("aoo_offered")[0].data["taken"]


def test_the_reachable_cells_of_a_move_under_way_are_those_a_move_takes():
    """After a move of 25 ft the next move continues the same Big Action with the 5 ft
    left ("Interrupt Turn – Details and Clarifications:", "they have 15 feet of movement
    remaining"): ``reachable`` lights only what :meth:`Encounter.move` then takes (every
    lit cell accepted, none left out), and nowhere once no Big Action is left."""
    from lfgcombat import HexMap
    from lfgcombat.creature import load_example
    m = HexMap(12, 6)
    hero, orc = load_example("wulfric"), load_example("orc")
    m.place(hero, (1, 2), "party")
    m.place(orc, (10, 2), "orcs")
    enc = Encounter([hero, orc], sides={"party": ["Wulfric"], "orcs": ["Orc"]}, map=m,
                    seed=2).start()
    assert enc.acting == ["Wulfric"]
    enc.move("Wulfric", (6, 2))  # 25 ft of the 30
    lit = enc.reachable("Wulfric")
    assert lit.budget_ft == 5 and len(lit) > 0
    for cell in m.cells:
        f = enc.fork()
        try:
            f.move("Wulfric", m.offset(cell))
            taken = True
        except LfgError:
            taken = False
        assert taken == (cell in lit), m.offset(cell)
    enc.fight_defensively("Wulfric")  # the last Big Action
    assert len(enc.reachable("Wulfric")) == 0
