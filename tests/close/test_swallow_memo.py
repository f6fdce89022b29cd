"""The swallow carry's memo of the log (issue 25, item 4) against a fresh scan.

000_8d1d7816ee944f3b.txt, "Common Natural Weapons" (Swallow Whole): a swallowed creature
moves with its swallower, so after every step the encounter carries it; with no
``swallow`` event in the log nobody is inside anyone and nothing is looked up.
"""

from __future__ import annotations

from lfgcombat.engine import Encounter
from lfgcombat.rules.abilities.swallow_whole import _swallowed_ever

from .test_encounter_close import first_seed
from .test_swallow_whole_encounter import _fight, _swallowed


def _fresh_scan(enc: Encounter) -> bool:
    return any(e.kind == "swallow" for e in enc.log)


def test_the_memo_follows_a_swallow_and_an_undo() -> None:
    enc = _fight(0)
    assert _swallowed_ever(enc) is _fresh_scan(enc) is False
    enc = first_seed(_swallowed, lambda e: e.swallowed_by("Halfling") == "Toad")
    assert _swallowed_ever(enc) is _fresh_scan(enc) is True
    enc.undo()  # the swallow cut from the log
    assert enc.swallowed_by("Halfling") is None
    assert _swallowed_ever(enc) is _fresh_scan(enc) is False
    enc.swallow_whole("Toad", "Halfling")  # again: the memo reads the new events
    assert _swallowed_ever(enc) is _fresh_scan(enc) is True


def test_a_swallowed_creature_is_carried_with_the_memo_warm() -> None:
    """The memo, read on every step before the swallow, does not hide the swallow: the
    halfling rides in the toad when it moves."""
    enc = first_seed(_swallowed, lambda e: e.swallowed_by("Halfling") == "Toad")
    m = enc.map
    assert m.token("Halfling").anchor == m.token("Toad").anchor
    enc.end_turn().end_turn(next="Toad")
    enc.move("Toad", (6, 2))
    assert m.token("Halfling").anchor == m.token("Toad").anchor
