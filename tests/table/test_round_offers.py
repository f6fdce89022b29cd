"""The tracker offers only what the acting creature's round has (issue 26, item 1, in
part): classic's and wounds' rounds have no interrupts, readied actions or lfg attack
options; classic's no AOO (000_8d1d7816ee944f3b.txt, "Interrupt Turn", "Prepare to
Interrupt", "Power Attack (Attack Action, No AOO)", "Charge Attack", "Active Defense";
002_2a3a79475ca2a541.txt, "Character Round:"; 003_de0e94afd49609a7.txt, "As mentioned in
the previous Tip")."""

from __future__ import annotations

import pytest

from lfgcombat import LfgError
from lfgcombat.rules.turns.round_offers import LFG_ATTACK_OPTIONS, round_offers
from lfgcombat.widgets import InitiativeTracker

from .test_players_view import fight


@pytest.mark.parametrize("ruleset, interrupts, options, aoo, text", [
    ("lfg", True, LFG_ATTACK_OPTIONS, True, "000_8d1d7816ee944f3b.txt"),
    ("classic", False, (), False, "002_2a3a79475ca2a541.txt"),
    ("wounds", False, (), True, "003_de0e94afd49609a7.txt")])
def test_what_each_ruleset_round_has(ruleset, interrupts, options, aoo, text):
    enc = fight(ruleset).start()
    o = round_offers(enc, enc.acting[0])
    assert (o.interrupts, o.ready, o.attack_options, o.aoo) == (interrupts, interrupts,
                                                                options, aoo)
    assert o.rule.startswith(text) and o.lfg_round == interrupts
    if not interrupts:  # the engine agrees: it refuses them for this round
        with pytest.raises(LfgError, match="no interrupts or readied actions"):
            enc.fork().ready(enc.acting[0], "x", "attack")
    with pytest.raises(LfgError, match="no creature 'Nobody'"):
        round_offers(enc, "Nobody")


def shown(w) -> bool:
    return w.layout.display != "none"


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_the_tracker_shows_only_the_rounds_controls(ruleset):
    enc = fight(ruleset)
    t = InitiativeTracker(enc)
    t.start()
    lfg = ruleset == "lfg"
    assert shown(t._ready_row) is lfg
    # nobody may interrupt the round's first actor ("Interrupt Turn – Details and
    # Clarifications:"): the row shows from the next turn, under lfg
    assert not shown(t._interrupt_row)
    t.choose(enc.choices()[0]) if enc.choices() else t.end_turn()
    assert shown(t._interrupt_row) is lfg
    row = t.attack_row
    assert all(shown(box) is lfg for box in row.options.values())
    assert shown(row.defense) is lfg
    assert shown(t.action_rows._aoo_row) is (ruleset != "classic")


def test_an_option_ticked_under_lfg_never_reaches_a_classic_attack():
    t = InitiativeTracker(fight("classic"))
    t.start()
    row = t.attack_row
    row.options["power_attack"].value = True  # as code might tick it
    t.refresh()
    assert row.situation == {} and not row.options["power_attack"].value


def test_the_interrupt_and_ready_menus_say_actions_in_words():
    """Issue 26, "Labels in words, not ids": the menus show data/actions.csv's names, and
    hand the engine its ids."""
    t = InitiativeTracker(fight())
    labels = dict(t._before.options)
    assert labels["Cast a Spell"] == "cast_spell" and "cast_spell" not in labels
    ready = dict(t._ready_action.options)
    assert t._ready_action.value == "attack" and ready["Attack"] == "attack"
    assert not any("_" in label for label in ready)
