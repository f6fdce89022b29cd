"""The table's widgets (issue 26, items 3 and 4), without a browser: the players' screen
follows the fight and sends the browser nothing the view leaves out; the tracker goes back
to a step or a roll, resumes the branch, and shows the turn reminders.
"""

from __future__ import annotations

import pytest

from lfgcombat import LfgError
from lfgcombat.engine import Encounter
from lfgcombat.widgets import InitiativeTracker, PlayersScreen

from .test_players_view import PARTY, _fighters, fight


def sent(screen: PlayersScreen) -> str:
    """Everything the screen's widgets send to the browser."""
    return "".join(w.value for w in screen.children)


def test_the_players_screen_follows_the_fight_and_sends_no_hidden_fact():
    enc = fight(wall=True)
    screen = PlayersScreen(enc, "party", hidden=["Quillith"])
    assert repr(screen) == "PlayersScreen(party='party', round 0, 2 creatures seen)"
    enc.start(aware=["Hero", "Ally", "Quillith", "Murk", "Grisk"])  # Zorbag unaware
    enc.note("Grisk has the key")
    assert 'data-round="1"' in sent(screen), "it follows the encounter (subscribe)"
    page = sent(screen)
    for secret in ("Zorbag", "Quillith", "Murk", "Grisk", "the key",
                   f"HP {enc.state('Quillith').hp}/"):
        assert secret not in page
    assert 'class="lfg-players-token" data-name="Hero"' in page
    assert f"HP {enc.state('Hero').hp}/{enc.state('Hero').max_hp}" in page
    screen.hidden = []
    assert 'data-name="Quillith"' in sent(screen)
    with pytest.raises(LfgError, match="names nobody"):
        screen.hidden = ["Nobody"]
    assert screen.hidden == ()
    screen.close()
    shown = screen.view
    enc.damage("Hero", 1)
    assert screen.view is shown  # closed: no longer redrawn


def test_the_players_screen_says_waiting_while_a_hidden_creature_acts():
    """A hidden actor's turn reads like a moment between turns: no "Acting: —" and no
    list of whom the hidden creature may choose (issue 26, the auditor's pv.py)."""
    import re
    enc = fight(seed=3)
    screen = PlayersScreen(enc, "party", hidden=["Murk"])
    enc.start()
    visible = re.sub("<[^>]+>", "", screen._round.value)
    assert "Acting: " in visible and "may go next" in visible
    while "Murk" not in enc.acting:
        choices = enc.choices()
        enc.end_turn(next="Murk" if "Murk" in choices else choices[0])
    page = re.sub("<[^>]+>", "", screen._round.value)
    assert page == f"Round {enc.round}Waiting for the next turn", page
    screen.close()


def test_the_players_screen_refuses_what_is_not_a_fight():
    with pytest.raises(TypeError, match="needs a lfgcombat.Encounter"):
        PlayersScreen("fight")
    with pytest.raises(LfgError, match="not a side"):
        PlayersScreen(fight(), "heroes")


def test_the_players_screen_does_not_guess_the_party_from_the_first_creature():
    """A fight that lists a monster first: the default party is the side named "party",
    never the first creature's side (which showed the orc's exact HP as the players' own)."""
    cs = _fighters()
    orcs = [c.name for c in cs if c.name not in PARTY]
    monster_first = Encounter(cs[::-1], sides={"party": list(PARTY), "orcs": orcs}, seed=1)
    screen = PlayersScreen(monster_first)
    assert screen.party == "party"
    screen.close()
    renamed = Encounter(cs, sides={"heroes": list(PARTY), "orcs": orcs}, seed=1)
    with pytest.raises(LfgError, match="which side are the players.*give party="):
        PlayersScreen(renamed)


def test_the_tracker_goes_back_to_a_step_and_resumes_the_branch():
    enc = fight(seed=4)
    tracker = InitiativeTracker(enc)
    tracker.start()
    enc.damage("Murk", 3)
    enc.note("a ruling")
    before = enc.snapshot()
    rows = tracker.history_rows
    labels = [label for label, _ in rows.line.options]
    assert labels[0].startswith("3. (round 1) a ruling") and labels[-1].startswith("1. ")
    rows.line.value = rows.line.options[-1][1]  # step 1: the start
    rows.back_to_line()
    assert "2 steps undone, kept as branch 1" in tracker.status_text
    assert enc.state("Murk").hp == enc.state("Murk").max_hp
    assert [label for label, _ in rows.branch.options][0].startswith("branch 1: 2 steps")
    rows.resume()
    assert tracker.status_text.startswith("Resumed branch 1.")
    assert enc.snapshot() == before and rows.resume_button.disabled
    rows.roll.value = 1
    rows.back_to_roll()
    assert enc.state("Murk").hp == enc.state("Murk").max_hp
    rows.resume()
    assert enc.snapshot() == before


def test_the_tracker_shows_the_turn_reminders():
    enc = fight(seed=3)
    tracker = InitiativeTracker(enc)
    tracker.start()
    enc.fight_defensively(enc.current)
    html = tracker._reminders.value
    assert 'class="lfg-reminders"' in html and "Reaction is still available" in html
    assert "Reactions &amp; AOO:" in html


def test_the_players_map_grows_with_its_window():
    """A new user opened the players' screen in a view of its own for the TV: its map stayed
    about 290 px wide. It is now as wide as its view, up to 2.5 times its own size."""
    import re
    screen = PlayersScreen(fight(wall=True), "party")
    svg = next(w.value for w in screen.children if "lfg-players-map" in w.value)
    natural = float(re.search(r'<svg[^>]* width="([\d.]+)"', svg).group(1))
    grow = re.search(r'style="width:100%;max-width:([\d.]+)px;height:auto"', svg)
    assert grow and abs(float(grow.group(1)) - 2.5 * natural) <= 2, svg[:300]
    screen.close()
