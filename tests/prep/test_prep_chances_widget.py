""""Chances from here" (widgets/chances.py): the InitiativeTracker's readout of the odds of
the fight on the table, from where it stands (issue 25, item 1)."""

from __future__ import annotations

from lfgcombat.prep import SimResult
from lfgcombat.widgets.chances import ChancesFromHere
from lfgcombat.widgets.initiative import InitiativeTracker

from .from_here_helpers import in_round_three, last_one_standing


def test_a_click_shows_p_win_per_side_with_intervals_fights_and_seconds():
    enc = in_round_three()
    w = ChancesFromHere(enc, n=3, seed=4)
    w.button.click()
    w.wait(300)
    assert isinstance(w.result, SimResult) and w.result.n == 3 and w.error == ""
    assert w.text.startswith("From round 3, Wulfric's turn: P(win) party ")
    assert "; orcs " in w.text and "draw" in w.text and "95% intervals" in w.text
    assert w.text.endswith(f"3 fights in {w.result.seconds:.1f} s")
    assert "[" in w.text and not w.button.disabled


def test_the_readout_gives_the_chances_in_percent():
    """"P(win) party 12.5% [3.5%, 36.0%]", not the fraction 0.125 (issue 25: a GM reads %)."""
    import re
    w = ChancesFromHere(last_one_standing(30, started=True), n=40, seed=4)
    w.refresh()
    assert re.search(r"P\(win\) party \d+\.\d+% \[\d+\.\d+%, \d+\.\d+%\]", w.text), w.text
    assert re.search(r"draw \d+\.\d+% \[", w.text)
    assert not re.search(r"(?<![\d.])[01]\.\d{2}", w.text.split(" fights in ")[0]), w.text


def test_the_readout_says_when_the_fight_has_moved_on():
    enc = in_round_three()
    w = ChancesFromHere(enc, n=2, seed=4)
    w.refresh()
    enc.end_turn(next=enc.choices()[0])
    assert "the fight has moved on since" in w.text
    assert "lfg-chances-stale" in w.label.value


def test_a_fight_already_over_is_shown_as_refused_not_raised():
    enc = last_one_standing(1, started=True)
    enc.damage("Wulfric", 30)
    w = ChancesFromHere(enc)
    assert w.refresh() is None
    assert w.text.startswith("No chances from here: this fight is already over")
    assert "pick the creatures in a PrepPanel" in w.text and "simulate(" not in w.text
    assert "lfg-error" in w.label.value and w.result is None


def test_a_bad_number_of_fights_is_refused_not_clamped():
    w = ChancesFromHere(in_round_three())
    w.fights.value = 0
    w.button.click()
    w.wait(60)
    assert "n (the number of fights) must be a whole number >= 1" in w.error


def test_the_tracker_shows_the_readout():
    enc = in_round_three()
    t = InitiativeTracker(enc)
    # behind the tracker's "More…" (issue 26, item 5; updated: it was a row of its own)
    found = [c for c in t.more.rows.children if isinstance(c, ChancesFromHere)]
    assert len(found) == 1 and found[0].encounter is enc


def test_stop_keeps_the_fights_played_so_far():
    """Stop (``.lfg-chances-stop``) ends a click's run after the fights under way and shows
    those played, as the PrepPanel's Stop does (issue 25, item 5)."""
    w = ChancesFromHere(in_round_three(), n=400, seed=4)
    w.button.click()
    assert w.button.disabled and w.stop_button.layout.display is None
    w.stop()
    w.wait(300)
    assert isinstance(w.result, SimResult) and w.result.interrupted
    assert 0 < w.result.n < 400
    assert w.text.startswith(f"Stopped: {w.result.n} of 400 fights played. From round 3")
    assert not w.button.disabled and w.stop_button.layout.display == "none"


def test_percent_keeps_a_narrow_interval_near_certainty_apart():
    from lfgcombat.prep.result import format_pct, format_points
    assert format_pct(0.758, 0.756, 0.760) == "75.8% [75.6%, 76.0%]"
    assert format_pct(0.99996, 0.99992, 0.99999) == "100.00% [99.99%, 100.00%]"
    assert format_pct(1.0, 1.0, 1.0) == "100.0% [100.0%, 100.0%]"
    assert format_points(0.032, 0.01, -0.054) == "+3.2 [+1.0, -5.4] points"
