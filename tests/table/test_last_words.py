"""The last words a new user and an auditor found in code shapes (issue 26, item 2:
"Every log line, dice label, card and refusal names the actors and cites the ruleset's own
text"): a cover line's raw hex, a reminder's possessive before a participle, a condition
named twice on a card, a map that offers a move once the fight is over, the Close row's
targets the engine would refuse, the Cast row of a creature that casts nothing, and spell
notes without a citation.

The events keep what they recorded (a saved fight replays the same): only the words made
from them change.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from lfgcombat.engine.log import read_jsonl
from lfgcombat.engine.log.words import cover_words
from lfgcombat.rules.turns.turn_reminders import turn_reminders

from .test_players_view import fight

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
RAW_CELL = re.compile(r"\(\d+, \d+\)")


def words(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def test_a_cover_line_says_its_hexes_in_words_and_the_event_keeps_them() -> None:
    """000_8d1d7816ee944f3b.txt, "Cover": the line from the attacker's hex; the parley's
    saved attacks recorded "(line from (5, 1))"."""
    _header, numbered = read_jsonl(GOLDEN / "parley.jsonl")
    attacks = [e for _n, e in numbered if e.kind == "attack"
               and any("line from (" in str(m) for m in e.data.get("modifiers") or ())]
    assert attacks
    for e in attacks:
        line = e.describe()
        assert "line from column " in line and not RAW_CELL.search(line), line
        assert any("line from (" in str(m) for m in e.data["modifiers"])  # data kept
    said = cover_words("Orc has partial cover (+2 AC) against Mayat (line from (5, 1)); "
                       "from wall (3, 4); ignoring adjacent obstacle (2, 2)")
    assert said == ("Orc has partial cover (+2 AC) against Mayat (line from column 5, row 1); "
                    "from wall at column 3, row 4; ignoring adjacent obstacle at column 2, "
                    "row 2")


def test_reminders_never_put_a_possessive_before_a_participle() -> None:
    """000_8d1d7816ee944f3b.txt, "Protect Action (Big Action, No AOO)": the protection and
    the protector's Cramped end at the start of the protector's next turn."""
    enc = fight(places=((1, 1), (1, 2), (3, 1), (4, 3), (6, 2), (7, 4)))
    enc.start()
    me = enc.acting[0]
    other = "Ally" if me == "Hero" else "Hero"
    enc.protect(me, other)
    texts = [r.text for r in turn_reminders(enc, me, "start")]
    assert f"{other}'s effect “protected by {me}: +4 Cover AC, -2 attack” ends" in texts
    assert f"its effect “protecting {other}: Cramped” ends" in texts
    assert not [t for t in texts if re.search(r"(?:'s|\bits) (?:protected|protecting)", t)]


def test_a_timed_condition_ending_is_said_as_a_condition() -> None:
    """000_8d1d7816ee944f3b.txt, "Conditions – Full Details": a condition given for some
    rounds ends when its last round is counted."""
    enc = fight()
    enc.start()
    me = enc.acting[0]
    enc.add_condition(me, "flat_footed", 1)
    texts = [r.text for r in turn_reminders(enc, me, "end")]
    assert "its condition “flat-footed” ends (its duration is over)" in texts, texts


def test_a_card_names_a_condition_once() -> None:
    """The protector's card: Cramped once, with why ("protecting Hero: Cramped";
    000_8d1d7816ee944f3b.txt, "Protect Action (Big Action, No AOO)"), not "cramped,
    protecting Hero: Cramped"."""
    from lfgcombat.widgets.tracker_cards import card_html

    enc = fight(places=((1, 1), (1, 2), (3, 1), (4, 3), (6, 2), (7, 4)))
    enc.start()
    me = enc.acting[0]
    other = "Ally" if me == "Hero" else "Hero"
    enc.protect(me, other)
    card = words(card_html(me, enc.state(me), "#000", True, False))
    assert f"protecting {other}: Cramped" in card
    assert len(re.findall("cramped", card, re.I)) == 1, card


def test_the_close_row_offers_only_the_targets_the_engine_takes() -> None:
    """The Close row's target menu lists the creatures the engine takes the chosen action
    on now (000_8d1d7816ee944f3b.txt, "Special Actions in Combat"): not the actor's ally,
    not a foe the engine refuses (the engine's refusal, asked on a fork, decides)."""
    from lfgcombat import LfgError
    from lfgcombat.widgets import InitiativeTracker

    enc = fight(places=((1, 1), (1, 2), (2, 1), (6, 3), (6, 2), (7, 4)))
    t = InitiativeTracker(enc)
    t.start()
    me = enc.acting[0]
    close = t.close_rows
    close.action.value = "skill:demoralize"
    offered = [v for _label, v in close.target.options if v]

    def takes(x: str) -> bool:
        fork = enc.fork()
        try:
            fork.skill_action(me, "demoralize", x, aoo=t.aoo)
        except LfgError:
            return False
        return True

    others = [n for n in enc.names if n != me]
    assert offered == [n for n in others if takes(n)]
    assert enc.side(me) not in {enc.side(n) for n in offered}  # no ally
    assert len(offered) < len([n for n in others if enc.side(n) != enc.side(me)])


def test_a_spell_note_under_classic_and_wounds_cites_the_rulesets_spell_rule() -> None:
    """The GM's note on a casting follows the ruleset's own spell line (classic's and
    wounds' records log the spell without a note): the note's line cites the same rule
    as the spell's, by heading (002_2a3a79475ca2a541.txt "Spell"; wounds' own)."""
    from lfgcombat.widgets import InitiativeTracker

    for ruleset, text in (("classic", "002_"), ("wounds", "003_")):
        enc = fight(ruleset)
        t = InitiativeTracker(enc)
        t.start()
        t.action_rows.spell.value = "Sleep"
        t.action_rows.spell_note.value = "the orc yawns"
        t.action_rows.cast()
        note = enc.log.of_kind("note")[-1]
        spell = enc.log.of_kind("spell")[-1]
        assert enc.log.rule_of(note) == enc.log.rule_of(spell)
        assert enc.log.rule_of(note).startswith(text)
        line = next(x for x in t.status_text.splitlines() if "the orc yawns" in x)
        assert f"({enc.log.rule_of(spell)})" in line, line
        assert note.data.get("rule") is None  # the event keeps its data
