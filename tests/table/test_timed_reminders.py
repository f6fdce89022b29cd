"""Reminders of a timed condition ending (issue 26, item 4) and wounds' count of spells
(item 5).

000_8d1d7816ee944f3b.txt, "Conditions – Full Details": a condition the GM gives for N rounds
counts down at the end of the creature's own turns (or the start of its imposer's) and ends
with its last round. 003_de0e94afd49609a7.txt, "Cold" ("hindered for 1 round") and
"Electricity" ("-1 on initiative for one round"): timed by the engine under wounds, where the
GM gives no durations. Every Half Action may cast a spell under wounds (its ``cast_spell``).
"""

from __future__ import annotations

import dataclasses

from lfgcombat.rulesets import definition
from lfgcombat.rules.turns.turn_reminders import turn_reminders

from .test_players_view import fight

LFG, WOUNDS = (definition(n).text for n in ("lfg", "wounds"))


def texts(enc, name, when):
    return [(r.text, r.rule) for r in turn_reminders(enc, name, when)]


def test_lfg_a_condition_given_for_one_round_is_reminded_at_the_end_of_its_turn():
    """Before: nothing said that Frightened ends at the end of Murk's turn."""
    enc = fight("lfg", seed=3).start()
    enc.add_condition("Murk", "frightened", rounds=1)
    assert ("its condition “frightened” ends (its duration is over)",
            f'{LFG}, "Conditions – Full Details"') in texts(enc, "Murk", "end")
    assert not any("frightened" in t for t, _ in texts(enc, "Murk", "start"))
    enc.add_condition("Grisk", "distracted", rounds=2)  # two rounds: not yet
    assert not any("distracted" in t for t, _ in texts(enc, "Grisk", "end"))


def test_lfg_a_condition_imposed_by_another_ends_at_the_start_of_its_turn():
    enc = fight("lfg", seed=3).start()
    enc.add_condition("Murk", "frightened", rounds=1, by="Hero")
    assert ("Murk's condition “frightened” ends (its duration is over)",
            f'{LFG}, "Conditions – Full Details"') in texts(enc, "Hero", "start")
    assert not any("frightened" in t for t, _ in texts(enc, "Murk", "end"))


def test_the_reminder_comes_true_the_engine_ends_it_then():
    enc = fight("lfg", seed=3).start()
    who = enc.current
    enc.add_condition(who, "frightened", rounds=1)
    assert any("“frightened” ends" in t for t, _ in texts(enc, who, "end"))
    enc.end_turn(next=next(n for n in enc.names if n != who and not enc.state(n).dead))
    assert "frightened" not in [str(c).lower() for c in enc.state(who).conditions]


def test_wounds_cold_and_electricity_for_one_round_are_reminded_at_the_end_of_the_turn():
    """Before: the engine ended Hindered and the initiative penalty at the turn's end
    without a reminder."""
    enc = fight("wounds", seed=3).start()
    rec = enc._f["Murk"].rules
    enc._f["Murk"].rules = dataclasses.replace(
        rec, conditions=rec.conditions | {"Hindered"}, round_conditions=(("Hindered", 1),),
        initiative_penalty=-2, initiative_rounds=1, resistance_penalty=-5,
        resistance_rounds=1)
    end = texts(enc, "Murk", "end")
    assert ("its condition “Hindered” ends (Cold: for 1 round)", f'{WOUNDS}, "Cold"') in end
    assert ("its initiative -2 ends (Electricity)", f'{WOUNDS}, "Electricity"') in end
    assert ("its resistances -5 end (Acid)", f'{WOUNDS}, "Acid"') in end


def test_wounds_the_spells_left_are_the_casts_the_engine_allows():
    """Before: "0 spells" before and after a cast, while two casts a turn were taken."""
    enc = fight("wounds", seed=3).start()
    who = enc.acting[0]
    assert enc.actions_left(who).spells == 2
    enc.cast(who, 1)
    assert enc.actions_left(who).spells == 1
    enc.cast(who, 1)
    assert enc.actions_left(who).spells == 0


def test_an_effect_that_is_a_condition_is_reminded_as_a_condition():
    """002_... (classic) plays "Top-Down" initiative's flat-footed start as an effect that
    gives the condition Flat-Footed; the text calls it a condition ("Conditions"), so the
    reminder says "its condition “flat-footed” ends", with what imposed it after, not "its
    effect “flat-footed (...)”" (before: the effect's whole label, called an effect)."""
    enc = fight("classic", seed=3).start()
    lines = [t for n in enc.names for t, _ in texts(enc, n, "start")
             if "flat-footed" in t]
    assert lines, "a flat-footed start is reminded"
    assert all(t.startswith("its condition “flat-footed” ends (has not acted yet")
               for t in lines), lines
