"""The GM keeps a creature from the players by a click (issue 26, item 3: a players' view
that "never leaks"; a new user found it could be done only with ``hidden=`` in code).

000_8d1d7816ee944f3b.txt, "COMBAT GAMEPLAY – OVERVIEW": "The GM determines awareness and the
position of all the combatants". The tracker's GM rows hold one toggle per creature the
players' screen could show (:class:`~lfgcombat.widgets.tracker_gm.KeepFromPlayers`); a
toggle pressed hides its creature on every players' screen of the fight, and on one opened
later; it is not a fight event, so Undo and "back to here" leave it.
"""

from __future__ import annotations

import html

import pytest

pytest.importorskip("ipyleaflet")

from lfgcombat import LfgError  # noqa: E402
from lfgcombat.widgets import InitiativeTracker, PlayersScreen  # noqa: E402
from lfgcombat.widgets.players import keep_from_players, kept_from_players  # noqa: E402

from .test_players_view import fight  # noqa: E402


def seen(screen: PlayersScreen) -> set[str]:
    return {c.name for c in screen.view.cards} | {t.name for t in screen.view.tokens}


def sent(screen: PlayersScreen) -> str:
    return " ".join(str(w.value) for w in screen.children)


def test_a_click_keeps_a_creature_from_every_players_screen_in_words() -> None:
    enc = fight()
    t = InitiativeTracker(enc)
    screen = PlayersScreen(enc, "party")
    t.start()
    keep = t.gm_rows.keep
    assert list(keep.toggles) == ["Zorbag", "Quillith", "Murk", "Grisk"]  # not the party
    assert "Zorbag" in seen(screen)
    n = len(enc.log)
    keep.toggles["Zorbag"].value = True  # the GM's click
    assert "Zorbag" not in seen(screen) and "Zorbag" not in sent(screen)
    assert screen.hidden == ("Zorbag",)
    assert len(enc.log) == n  # not a fight event: nothing logged
    assert "Kept from the players: Zorbag" in keep.line.value
    assert "Zorbag is kept from the players' screen" in t.status_text
    later = PlayersScreen(enc, "party")  # opened after the click: never shows it
    assert "Zorbag" not in seen(later) and "Zorbag" not in sent(later)
    keep.toggles["Zorbag"].value = False  # shown again, on both
    assert "Zorbag" in seen(screen) and "Zorbag" in seen(later)
    assert "no longer kept" in t.status_text


def test_undo_and_back_to_a_line_never_show_a_creature_kept() -> None:
    enc = fight()
    t = InitiativeTracker(enc)
    screen = PlayersScreen(enc, "party")
    t.start()
    t.gm_rows.keep.toggles["Quillith"].value = True
    enc.damage("Zorbag", 1)
    t.undo()
    assert "Quillith" not in seen(screen) and screen.hidden == ("Quillith",)
    assert t.gm_rows.keep.toggles["Quillith"].value is True
    t.undo()  # before the start
    enc.start()
    assert "Quillith" not in seen(screen) and "Quillith" not in sent(screen)


def test_hidden_given_in_code_shows_as_a_pressed_toggle() -> None:
    enc = fight()
    t = InitiativeTracker(enc)
    PlayersScreen(enc, "party", hidden=["Murk"])
    t.refresh()
    assert t.gm_rows.keep.toggles["Murk"].value is True
    assert kept_from_players(enc) == ("Murk",)


def test_keeping_nobody_in_the_fight_is_refused_and_changes_nothing() -> None:
    enc = fight()
    screen = PlayersScreen(enc, "party", hidden=["Murk"])
    with pytest.raises(LfgError, match="no creature 'Nobody' in this fight"):
        keep_from_players(enc, ["Zorbag", "Nobody"])
    assert screen.hidden == ("Murk",) and kept_from_players(enc) == ("Murk",)


def test_a_screen_opened_after_the_tracker_shows_in_its_toggles_at_once() -> None:
    enc = fight()
    t = InitiativeTracker(enc)
    keep = t.gm_rows.keep
    assert "No players' screen is open" in html.unescape(keep.line.value)
    screen = PlayersScreen(enc, "party", hidden=["Murk"])  # no step taken since
    assert "No players' screen is open" not in html.unescape(keep.line.value)
    assert keep.toggles["Murk"].value is True
    screen.hidden = ["Grisk"]  # changed in code: the toggles follow
    assert keep.toggles["Grisk"].value is True and keep.toggles["Murk"].value is False
    screen.close()
    assert "No players' screen is open" in html.unescape(keep.line.value)


def test_a_kept_creature_stays_kept_in_a_fork_and_a_saved_fight(tmp_path) -> None:
    """The GM keeps Zorbag from the players; a fork of the fight, and the fight saved and
    loaded, keep it too (an audit saw a new screen on ``enc.fork()`` or on a loaded save
    show the kept Zorbag to the players); a save with nobody kept has no such header key,
    and a header naming a creature not in the fight is refused."""
    from lfgcombat.engine import Encounter
    from lfgcombat.engine.log import LogFormatError

    enc = fight().start()
    plain = enc.save(tmp_path / "plain.jsonl").read_text()
    assert "kept_from_players" not in plain.splitlines()[0]
    keep_from_players(enc, ["Zorbag"])
    for other in (enc.fork(), Encounter.load(enc.save(tmp_path / "kept.jsonl"))):
        assert kept_from_players(other) == ("Zorbag",)
        assert "Zorbag" not in seen(PlayersScreen(other))
    bad = (tmp_path / "kept.jsonl").read_text().replace('"kept_from_players": ["Zorbag"]',
                                                        '"kept_from_players": ["Nobody"]')
    (tmp_path / "bad.jsonl").write_text(bad)
    with pytest.raises(LogFormatError, match="kept_from_players|digest|edited"):
        Encounter.load(tmp_path / "bad.jsonl")


def test_a_screen_s_hidden_creatures_are_kept_with_the_fight(tmp_path) -> None:
    """``PlayersScreen(enc, hidden=[...])`` (as notebooks 30 and 31 open it) keeps them on
    the encounter, so its save and its forks keep them too (a new user loaded such a fight
    and its players' screen showed the hidden foe); setting ``hidden`` to none shows it."""
    from lfgcombat.engine import Encounter

    enc = fight().start()
    screen = PlayersScreen(enc, hidden=["Zorbag"])
    for other in (enc.fork(), Encounter.load(enc.save(tmp_path / "hid.jsonl"))):
        assert "Zorbag" not in seen(PlayersScreen(other))
    screen.hidden = []
    assert enc.kept_from_players == () and "Zorbag" in seen(screen)


def test_undo_across_a_checkpoint_leaves_the_kept_creatures() -> None:
    """Undo restores the fight from a checkpoint, not the table's choices: a creature kept
    from the players stays kept (a new user's Undo x3 past the click showed it again: the
    checkpoints held the kept list as fight state)."""
    enc = fight().start()
    enc.checkpoint_every = 2  # a checkpoint nearly every step
    for _ in range(4):
        choices = enc.choices()
        enc.end_turn(next=choices[0]) if choices else enc.end_turn()
    keep_from_players(enc, ["Zorbag"])
    enc.undo(3)
    assert enc.kept_from_players == ("Zorbag",)
    assert "Zorbag" not in seen(PlayersScreen(enc))


def test_a_checkpoint_holds_no_cache_of_the_log() -> None:
    """A checkpoint copies the fight's state, not a cache holding the log itself (the
    swallow scan's): copying it made a 2,000-event load 3.5 times slower."""
    from lfgcombat.engine import checkpoints

    enc = fight().start()
    for _ in range(3):
        choices = enc.choices()
        enc.end_turn(next=choices[0]) if choices else enc.end_turn()
    state = checkpoints.take(enc).state
    assert "_swallow_scan" not in state and "kept_from_players" not in state
