"""The tracker says things in words, not code names (issue 26, item 2, the new user's and
the auditor's finds): the AC short names of the dice log, raw map coordinates, the
Perseverance line after an AOO on a caster, classic's reach line and fixed turn order, and
the reasons of the hidden rows, whole.

000_8d1d7816ee944f3b.txt, "What are the other kinds of AC? (FFAC, TouchAC, ACvsCrit)",
"What if my turn is interrupted by an Interrupt Turn?" (the caster's Perseverance check);
002_2a3a79475ca2a541.txt, "Character Round:" (classic's fixed order, no AOO).
"""

from __future__ import annotations

import html
import re

from lfgcombat.dice import Roller
from lfgcombat.engine.log.effects import roll_label
from lfgcombat.widgets import DiceLog, InitiativeTracker

from .test_players_view import fight

#: Ally (a mace) next to Grisk; the other orcs far away.
NEXT_TO_GRISK = ((1, 1), (1, 3), (6, 1), (7, 3), (6, 2), (2, 3))
RAW_CELL = re.compile(r"\(\d+, \d+\)")


def text_of(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def test_the_dice_log_says_the_ac_against_criticals_in_words():
    roller = Roller(seed=1)
    roller.roll("1d20+12", label="Mayat confirms the critical threat vs ACvsCrit 15")
    roller.roll("1d20+3", label="Orc attacks Hero vs FFAC 12")
    shown = text_of(DiceLog(roller).children[1].value)
    assert "AC against criticals 15" in shown and "flat-footed AC 12" in shown
    assert "ACvsCrit" not in shown and "FFAC" not in shown
    said = roll_label("Mayat confirms the critical threat vs ACvsCrit 15", "Mayat", None)
    assert said == "Mayat confirms the critical threat vs AC against criticals 15"


def test_a_move_says_where_in_the_words_of_the_hex_boxes():
    enc = fight(seed=1)
    t = InitiativeTracker(enc)
    t.start()
    me = enc.acting[0]
    t.move((3, 3), name=me)
    assert t.error == "", t.error
    assert "to column 3, row 3" in t.status_text, t.status_text
    assert not RAW_CELL.search(t.status_text), t.status_text
    moved = enc.log.of_kind("moved")[-1]
    assert "column 3, row 3" in moved.describe()
    assert moved.data["path"][-1] == [3, 3]  # the event records what it did


def test_the_perseverance_line_after_an_aoo_on_a_caster_reads_once_in_words():
    enc = fight(seed=1, places=NEXT_TO_GRISK)
    t = InitiativeTracker(enc)
    t.start()
    me = enc.acting[0]
    rows = t.action_rows
    rows.spell.value, rows.level.value = "Sleep", 1
    rows.cast_button.click()
    assert t.error == "", t.error
    spell = enc.log.of_kind("spell")[-1]
    assert spell.data["perseverance_dcs"], "the AOO struck the caster (seed 1)"
    line = spell.describe()
    assert line.startswith(f"{me} casts Sleep (spell level 1): not yet cast: {me} must pass "
                           "a Perseverance check DC ")
    assert "why: damaged for " in line and "by an AOO while casting" in line
    for garble in ("(What if", "Reactions & AOO:", "DC25", "damaged (", "pending:"):
        assert garble not in line, (garble, line)
    assert line.count("Perseverance") == 1
    assert line in t.status_text


def test_classic_says_no_move_provokes_and_no_one_chooses_the_next_turn():
    enc = fight("classic", seed=1).start()
    me = enc.acting[0]
    said = enc.reachable(me, "move").explain()
    assert "0 of them" not in said and "no move provokes an Attack of Opportunity" in said
    t = InitiativeTracker(enc)
    t.end_turn()
    assert "(chosen by" not in t.status_text, t.status_text
    assert "(chosen by" not in enc.log.explain()
    assert enc.log.of_kind("turn_start")[-1].data["chosen_by"] == me  # still recorded
    from lfgcombat.engine.timeline import step_lines
    assert not any("(chosen by" in str(s) for s in step_lines(enc))


def test_lfg_still_says_who_chose_the_next_turn():
    enc = fight("lfg", seed=1).start()
    me = enc.acting[0]
    nxt = enc.choices()[0]
    enc.end_turn(next=nxt)
    assert f"(chosen by {me})" in enc.log.explain()
    assert "of them only by provoking AOO" in enc.reachable(enc.acting[0], "move").explain()


def test_the_hidden_rows_say_each_reason_whole():
    enc = fight(seed=1)
    t = InitiativeTracker(enc)
    t.start()
    hidden = t.hidden_rows
    assert hidden
    shown = " ".join(text_of(t._hidden_line.value).split())
    for label, why in hidden.items():
        assert " ".join(why.split()) in shown, (label, why, shown)
    assert "..." not in shown
