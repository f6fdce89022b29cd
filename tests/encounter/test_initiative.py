"""Tests of :mod:`lfgcombat.rules.turns.initiative`, from 000_8d1d7816ee944f3b.txt "Determine
Awareness", "AMBUSH!", "Rounds, Initiative, & Turn Order", "Alternative Initiative Option #1"
and "#2". Split from the former tests/test_encounter.py (issue 10); every test names its
heading.
"""

from __future__ import annotations

from lfgcombat.engine import Encounter

from .helpers import duel, mk, refused


def test_highest_initiative_acts_first_and_every_roll_is_logged():
    """"Rounds, Initiative, & Turn Order": "Initiative Check = 1d20 + Initiative Rating +
    DEX Mod + WIS Mod"; "The creature with the highest Initiative Check takes their turn
    first"."""
    enc = duel().start()
    assert enc.current == "Hero" and enc.round == 1
    rolls = enc.log.of_kind("roll")
    assert len(rolls) == 4
    by = {e.actor: e.data for e in rolls}
    assert by["Hero"]["expression"] == "1d20+40"
    assert by["Hero"]["total"] == by["Hero"]["natural"] + 40
    assert max(enc.state(n)["initiative"] for n in enc.names) == enc.state("Hero")["initiative"]


def test_a_creature_may_decline_to_roll_but_someone_must_roll():
    """"If a player does not want to act first, they may choose not to roll"."""
    enc = duel()
    enc.start(decline=["Hero"])
    assert enc.current != "Hero" and enc.state("Hero")["initiative"] is None
    enc2 = duel()
    refused(enc2, enc2.start, decline=enc2.names, match="someone must roll")


def test_surprise_round_unaware_get_no_turn_and_are_flat_footed():
    """"AMBUSH!": "only the creatures that are aware may roll initiative and act ... All
    unaware creatures are Flat-Footed during the Surprise Round. When the second round of
    combat begins, these creatures may take turns and are no longer Flat-Footed"."""
    enc = duel(map_=True)
    enc.start(aware=["Orc", "Brute"])
    assert enc.surprise_round and enc.current in ("Orc", "Brute")
    assert "flat footed" in enc.state("Hero")["conditions"]
    assert enc.state("Hero")["initiative"] is None
    assert enc.actions_left("Hero").reactions == 0  # "You cannot take Reactions"
    first = enc.current
    other = "Brute" if first == "Orc" else "Orc"
    assert enc.choices() == [other]  # the unaware cannot be chosen
    refused(enc, enc.end_turn, next="Hero", match="cannot be chosen: it is unaware")
    enc.end_turn(next=other)
    refused(enc, enc.interrupt, "Hero", match="unaware")
    assert sorted(enc.choices()) == sorted(enc.names)  # the round is over: anyone opens round 2
    enc.end_turn(next="Hero")
    assert enc.round == 2 and not enc.surprise_round and enc.current == "Hero"
    assert "flat footed" not in enc.state("Hero")["conditions"]
    assert enc.actions_left("Ally").reactions == 1


def test_start_twice_or_act_before_start_is_refused():
    enc = duel()
    refused(enc, enc.end_turn, next="Orc", match="start")
    refused(enc, enc.interrupt, "Orc", match="nobody is acting")
    enc.start()
    refused(enc, enc.start, match="already started")


def test_groups_share_one_initiative_and_one_turn():
    """"Groups of similar NPCs may act on the same turn" ("Rounds, Initiative, & Turn
    Order"); "Groups of similar NPCs may use a single Initiative Check"."""
    cs = [mk("Hero", init=40), mk("Gob 1", level=1), mk("Gob 2", level=1)]
    enc = Encounter(cs, sides={"party": ["Hero"], "gobs": ["Gob 1", "Gob 2"]},
                    groups={"goblins": ["Gob 1", "Gob 2"]}, seed=2).start()
    assert len(enc.log.of_kind("roll")) == 2
    assert enc.state("Gob 1")["initiative"] == enc.state("Gob 2")["initiative"]
    assert enc.choices() == ["goblins"]
    enc.end_turn(next="goblins")
    assert enc.current == "goblins" and enc.acting == ["Gob 1", "Gob 2"]
    enc.act("Gob 1", "survey")
    enc.act("Gob 2", "survey")
    refused(enc, enc.act, "Hero", "survey", match="turn")
    assert enc.choices() == ["Hero", "goblins"]  # both goblins acted: the round is over
    enc.end_turn(next="goblins")
    assert enc.round == 2 and enc.current == "goblins"


def test_round_by_round_everyone_rolls_each_round_last_actor_plus_5():
    """"Alternative Initiative Option #1": "all combatants roll initiative before the start
    of each round"; "Whoever went last in the previous round gains a +5 Innate Bonus";
    "Highest goes first"; "If you roll for initiative and you win, you MUST act first"."""
    enc = duel(initiative="round_by_round").start()
    enc.end_turn(next="Orc").end_turn(next="Ally").end_turn(next="Brute")
    refused(enc, enc.end_turn, next="Hero", match="Round-by-Round")
    enc.end_turn()
    assert enc.round == 2
    r2 = [e for e in enc.log.of_kind("roll") if e.round == 2 and "round 2" in e.data["label"]]
    brute = [e for e in r2 if e.actor == "Brute"][0]
    assert "+5" in brute.data["label"]
    first = enc.log.of_kind("initiative")[-1].data["first"]
    assert enc.current == first


def test_round_by_round_decline():
    enc = duel(initiative="round_by_round").start()
    enc.end_turn(next="Orc").end_turn(next="Ally").end_turn(next="Brute")
    enc.end_turn(decline=["Hero"])
    assert enc.current != "Hero"
    assert "Hero" not in enc.log.of_kind("initiative")[-1].data["order"]


def test_top_down_fixed_order_flat_footed_and_ready_without_roll():
    """"Alternative Initiative Option #2": "from highest to lowest"; "Any creature who has not
    yet acted in combat is considered Flat-Footed until their turn begins"; "You cannot spend
    a Reaction to attempt to interrupt ... If the trigger event occurs, you may take a single
    prepared Big Action without having to roll an opposed initiative check"."""
    cs = [mk("Hero", init=40), mk("Ally", init=20), mk("Orc", init=10), mk("Brute", init=-10)]
    enc = Encounter(cs, sides={"p": ["Hero", "Ally"], "o": ["Orc", "Brute"]}, seed=1,
                    initiative="top_down").start()
    assert enc.current == "Hero"
    assert "flat footed" in enc.state("Orc")["conditions"]
    assert "flat footed" not in enc.state("Hero")["conditions"]
    assert enc.choices() == ["Ally"]
    refused(enc, enc.end_turn, next="Orc", match="Top-Down")
    enc.ready("Hero", "the orc moves")
    enc.end_turn()
    assert enc.current == "Ally"
    enc.end_turn()
    assert enc.current == "Orc" and "flat footed" not in enc.state("Orc")["conditions"]
    refused(enc, enc.interrupt, "Ally", match="Top-Down")
    rolls = len(enc.log.of_kind("roll"))
    r = enc.interrupt("Hero")
    assert r.winner == "Hero" and r.checks["Hero"] is None
    assert len(enc.log.of_kind("roll")) == rolls  # no roll
    assert enc.actions_left("Hero").big == 1 and enc.actions_left("Hero").little == 0
    enc.end_turn()
    assert enc.current == "Orc"
    enc.end_turn().end_turn()
    assert enc.round == 2 and enc.current == "Hero"


def test_top_down_flat_footed_is_a_ruleset_switch_the_encounter_may_override(tmp_path):
    """"Alternative Initiative Option #2": "Any creature who has not yet acted in combat is
    considered Flat-Footed" - a switch of the ruleset (on by default); ``Encounter(...,
    top_down_flat_footed=)`` and ``initiative=`` still override it, and a save keeps it."""
    from lfgcombat.rulesets import Ruleset

    def fight(**kw) -> Encounter:
        cs = [mk("Hero", init=40), mk("Orc")]
        return Encounter(cs, sides={"p": ["Hero"], "o": ["Orc"]}, seed=1, **kw).start()

    off = fight(ruleset=Ruleset(initiative="top_down", top_down_flat_footed=False))
    assert off.initiative_mode == "top_down" and off.top_down_flat_footed is False
    assert "flat footed" not in off.state("Orc")["conditions"]
    on = fight(ruleset=Ruleset(top_down_flat_footed=False), initiative="top_down",
               top_down_flat_footed=True)
    assert on.ruleset.initiative == "top_down" and on.ruleset.top_down_flat_footed
    assert "flat footed" in on.state("Orc")["conditions"]
    off.save(tmp_path / "off.jsonl")
    again = Encounter.load(tmp_path / "off.jsonl")
    assert again.ruleset == off.ruleset and again.snapshot() == off.snapshot()


def test_a_big_tie_rolls_off_in_linear_rolls_and_small_ties_as_before():
    """Issue 23, item 19: ``start()`` logged quadratically many rolls as creatures grew (a
    tied group rerolled whole after placing only its winner: 400 look-alike orcs made
    6,922 events). A group of more than three now rolls once and only those tied again roll
    again; a tie of two or three rolls off one by one as before (the golden fights replay:
    tests/test_golden.py, notebook 20's "parley" has a three-way tie)."""
    from lfgcombat import Creature, Encounter
    n = 400
    orcs = [Creature.from_dict({"name": f"O{i}", "level": 1, "max_hp": 10}) for i in range(n)]
    enc = Encounter(orcs, sides={"a": [o.name for o in orcs[:n // 2]],
                                 "b": [o.name for o in orcs[n // 2:]]},
                    seed=1, initiative="top_down").start()
    roll_offs = [e for e in enc.log if "roll-off" in str(e.data.get("label", ""))]
    assert len(roll_offs) < 2 * n  # about 1.7 a creature here; quadratic was thousands
