"""Turn reminders (issue 26, item 4): what the start and the end of a turn bring, in every
ruleset, each citing its own text.

000_8d1d7816ee944f3b.txt: "Fight Defensively (Big Action, No AOO)" ("until the start of
your next turn"), "Prepare to Interrupt – “Ready Action” (Big Action)" ("remains available
until the start of your next turn"), "Conditions – Full Details" (Bleed X, Ablaze),
"Unconscious & Dying", "Reactions & AOO:". 002_2a3a79475ca2a541.txt: "Conditions" (Bleed,
Confused), "Stabilizing a Disabled Character". 003_de0e94afd49609a7.txt: "Combat
Statistics" (its Total Defense and AOO paragraphs have no heading of their own).
"""

from __future__ import annotations

import pytest

from lfgcombat import LfgError
from lfgcombat.rulesets import definition
from lfgcombat.rules.turns.turn_reminders import Reminder, turn_reminders

from .test_players_view import fight

LFG, CLASSIC, WOUNDS = (definition(n).text for n in ("lfg", "classic", "wounds"))


def texts(enc, name, when):
    return [(r.text, r.rule) for r in turn_reminders(enc, name, when)]


def test_lfg_effects_ending_a_readied_action_bleeding_burning_dying_and_the_reaction():
    enc = fight("lfg", seed=3).start()
    first = enc.current
    enc.fight_defensively(first)
    start = texts(enc, first, "start")
    assert start[0][0].startswith("its effect “fighting defensively") and start[0][0].endswith("ends")
    assert "Fight Defensively (Big Action, No AOO)" in start[0][1]
    end = texts(enc, first, "end")
    assert ("its Reaction is still available this round (an AOO, an interrupt)",
            f'{LFG}, "Reactions & AOO:"') in end
    enc.add_condition("Murk", "bleed 2")
    enc.add_condition("Grisk", "ablaze")
    assert ("it bleeds: 2 Biological Damage", f'{LFG}, "Conditions – Full Details"') in \
        texts(enc, "Murk", "start")
    assert texts(enc, "Grisk", "start")[0][0] == "it burns: 1d6 Fire Damage (Ablaze)"
    enc.damage("Hero", enc.state("Hero").hp + 1, "slashing")  # a PC at 0 or less: dying
    assert enc.state("Hero").status == "dying"
    assert ("dying: a DC20 FORT Save may reduce its bleeding by 1",
            f'{LFG}, "Unconscious & Dying"') in texts(enc, "Hero", "start")


def test_lfg_a_readied_action_lapses_at_the_start_of_the_next_turn():
    enc = fight("lfg", seed=3).start()
    who = enc.current
    enc.ready(who, "an orc comes close", "attack")
    (text, rule), = [t for t in texts(enc, who, "start") if "readied" in t[0]]
    assert text == "its readied action (attack: an orc comes close) lapses if unused"
    assert "Prepare to Interrupt" in rule
    assert any("waits for its trigger" in t for t, _ in texts(enc, who, "end"))


def test_classic_bleeding_confusion_and_a_disabled_creature_cite_002():
    enc = fight("classic", seed=3).start()
    enc.add_condition("Murk", "Bleed 2")
    enc.add_condition("Grisk", "confused")
    enc.damage("Zorbag", enc.state("Zorbag").hp + 1)
    assert ("it bleeds: 2 damage", f'{CLASSIC}, "Conditions"') in texts(enc, "Murk", "start")
    assert ("roll d% for what it does (Confused)", f'{CLASSIC}, "Conditions"') in \
        texts(enc, "Grisk", "start")
    assert enc.state("Zorbag").vitals["disabled"]
    assert ("a DC12 Fortitude check to stabilize",
            f'{CLASSIC}, "Stabilizing a Disabled Character"') in texts(enc, "Zorbag", "start")
    # classic has no Reaction: nothing said of one at the end of a turn
    assert not any("Reaction" in t for t, _ in texts(enc, enc.acting[0], "end"))


def test_wounds_total_defense_and_the_aoo_left_cite_003():
    enc = fight("wounds", seed=3).start()
    who = enc.acting[0]
    left = enc.state(who).vitals["aoo_left"]
    assert (f"it keeps {left} AOO for this round",
            f'{WOUNDS}, "Combat Statistics"') in texts(enc, who, "end")
    enc.act(who, "total_defense")
    assert ("its Total Defense ends unless it spends a Half Action to keep it",
            f'{WOUNDS}, "Combat Statistics"') in \
        texts(enc, who, "start")
    enc.add_condition("Murk", "bleed")
    (text, rule), = texts(enc, "Murk", "start")
    assert text == "it bleeds (Bleed)" and "inferred for wounds" in rule


def test_nothing_to_remind_is_an_empty_tuple_and_bad_input_is_refused():
    enc = fight("lfg", seed=3)
    assert turn_reminders(enc, "Murk", "start") == ()
    r = Reminder("Murk", "start", "x", "y")
    assert str(r) == "x (y)"
    with pytest.raises(LfgError, match="when is 'start' or 'end', not 'middle'"):
        turn_reminders(enc, "Murk", "middle")
    with pytest.raises(LfgError, match="no creature 'Nobody' in this fight"):
        turn_reminders(enc, "Nobody", "end")


def test_a_ruleset_brings_its_own_reminders_through_its_slot():
    """The reminders name no ruleset: a toy ruleset's ``reminders`` slot is what
    turn_reminders asks (lfgcombat/rulesets/reminders.py)."""
    import dataclasses

    from lfgcombat.rulesets import LFG_DEFINITION, registered
    from lfgcombat.rulesets.reminders import TurnReminders

    class Drums(TurnReminders):
        def at_end(self, s):
            return [("the drums beat", "toy.txt, \"Drums\"")]

    toy = dataclasses.replace(LFG_DEFINITION, name="drumtoy", text="toy.txt", aliases=(),
                              reminders=Drums())
    with registered(toy):
        enc = fight("drumtoy", seed=3).start()
        name = enc.current
        assert ("the drums beat", 'toy.txt, "Drums"') in texts(enc, name, "end")
        assert not any("Reaction is still available" in t for t, _ in texts(enc, name, "end"))


def test_the_reminders_slot_refuses_what_is_no_reminders_policy():
    import dataclasses

    from lfgcombat.rulesets import LFG_DEFINITION, RulesetError

    with pytest.raises(RulesetError, match="reminders slot"):
        dataclasses.replace(LFG_DEFINITION, name="badtoy", text="toy.txt", aliases=(),
                            reminders=object())


def test_classic_s_flat_footed_start_cites_classic_s_text():
    """classic's Top-Down start leaves those yet to act Flat-footed by its own rule
    (002_2a3a79475ca2a541.txt, "Conditions": "A character who has not yet acted during a
    combat is Flat-footed"), not lfg's Alternative Initiative Option #2; lfg's Top-Down
    keeps citing its own heading (issue 26, item 2: each ruleset cites its own text)."""
    enc = fight("classic", seed=3).start()
    rules = [r for n in enc.names for _, r in texts(enc, n, "start")]
    assert rules and all(r.startswith(CLASSIC) for r in rules), rules
    lfg = fight("lfg", seed=3)
    lfg = type(lfg)(list(lfg._initial.values()), map=lfg.map, seed=3,
                    initiative="top_down").start()
    cited = [r for n in lfg.names for t, r in texts(lfg, n, "start") if "flat-footed" in t]
    assert cited and all("Top-Down Initiative" in r for r in cited)
