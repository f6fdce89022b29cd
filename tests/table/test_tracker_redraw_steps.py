"""What one step re-sends to the browser (issue 26, item 5, "Fast ... the widget redraws only
what changed"): the cards once, in the one HTML of the words above the controls, and only
when they changed; the history's lists
by pages, every step and roll reachable, a page the GM reads left alone; and the forks the
tracker's rows ask the engine on, made from the state as it stands (no replay).

000_8d1d7816ee944f3b.txt, "Selective Initiative – Suggestion": the cards are the Ready/Done
index cards of each creature.
"""

from __future__ import annotations

import re

import ipywidgets as W
import pytest

pytest.importorskip("ipyleaflet")

from lfgcombat import HexMap  # noqa: E402
from lfgcombat.creature import load_example  # noqa: E402
from lfgcombat.engine import Encounter  # noqa: E402
from lfgcombat.engine.timeline import step_lines  # noqa: E402
from lfgcombat.widgets import tracker_history  # noqa: E402
from lfgcombat.widgets.battlemap import BattleMap  # noqa: E402
from lfgcombat.widgets.dicelog import DiceLog  # noqa: E402
from lfgcombat.widgets.initiative import InitiativeTracker  # noqa: E402

EXTRA = dict(bab=3, prowess=1, good_saves=["fort", "ref"])  # classic's and wounds' fields
CARD = re.compile(r'<div class="lfg-card [^"]*" data-name="([^"]+)"')


def fight(ruleset: str = "lfg", seed: int = 1) -> Encounter:
    """Hero and Ally against an Orc on a small map (tests/browser/test_tracker_by_clicks)."""
    hero = load_example("wulfric").replace(name="Hero", level=5, **EXTRA)
    ally = load_example("chessan").replace(name="Ally", level=5, **EXTRA)
    orc = load_example("orc").replace(name="Orc", level=1, **EXTRA)
    m = HexMap(7, 5)
    m.place(hero, (2, 2), "party")
    m.place(ally, (3, 1), "party")
    m.place(orc, (3, 2), "orcs")
    return Encounter([hero, ally, orc], sides={"party": ["Hero", "Ally"], "orcs": ["Orc"]},
                     map=m, ruleset=ruleset, seed=seed)


def tracker(enc: Encounter) -> InitiativeTracker:
    return InitiativeTracker(enc, battlemap=BattleMap(enc.map, height="260px"),
                             dicelog=DiceLog(enc.roller, max_rows=8))


def cards(t: InitiativeTracker) -> dict[str, str]:
    """Each creature's card, as the tracker shows it."""
    text = t._cards.value
    starts = [(m.start(), m[1]) for m in CARD.finditer(text)]
    return {name: text[at:(starts[i + 1][0] if i + 1 < len(starts) else len(text))]
            for i, (at, name) in enumerate(starts)}


@pytest.fixture
def sent(monkeypatch) -> list[dict]:
    """The state of every update message a widget sends."""
    out: list[dict] = []
    real = W.Widget._send

    def send(self, msg, buffers=None):
        if msg.get("method") == "update":
            out.append(msg["state"])
        return real(self, msg, buffers)

    monkeypatch.setattr(W.Widget, "_send", send)
    return out


def cards_sent(states: list[dict]) -> list[str]:
    """The creatures whose card one of ``states`` carries (once per card sent)."""
    return [name for state in states for v in state.values() if isinstance(v, str)
            for name in CARD.findall(v)]


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_a_step_sends_the_cards_once_and_only_when_they_changed(ruleset: str, sent) -> None:
    """The cards are part of the one HTML of the words above the controls (issue 26, item
    5: each widget's update is a message the page handles on its own): a click sends it
    once at most - when anything in it changed - with every card as the tracker shows it."""
    enc = fight(ruleset)
    t = tracker(enc)
    t.start()
    steps = 0
    for _ in range(3):
        for click in (t.attack_row.attack,
                      (t._last_buttons[0] if t._last_buttons else t._end).click):
            before = t._info.value
            sent.clear()
            click()
            carried = [s for s in sent if cards_sent([s])]
            assert len(carried) == (t._info.value != before), (ruleset, len(carried))
            assert sorted(cards_sent(carried)) == (sorted(cards(t)) if carried else [])
            steps += bool(carried)
    assert steps, "no step here changed a card: the test shows nothing"


def test_a_step_that_changes_no_word_sends_nothing(sent) -> None:
    enc = fight("lfg")
    t = tracker(enc)
    t.start()
    before = cards(t)
    sent.clear()
    enc.note("the GM's note changes no card")
    assert cards(t) == before and cards_sent(sent) == []
    enc.damage("Orc", 1)
    after = cards(t)
    assert after["Orc"] != before["Orc"] and after["Hero"] == before["Hero"]
    assert sorted(cards_sent(sent)) == sorted(enc.names)  # once each: one message


def paged_fight(monkeypatch):
    """Pages of 3 lines, a started fight with 8 notes (9 steps): the fight, its tracker
    and the tracker's history rows."""
    monkeypatch.setattr(tracker_history, "PAGE_LINES", 3)
    enc = fight("lfg")
    t = tracker(enc)
    t.start()
    for k in range(8):
        enc.note(f"note {k}")
    return enc, t, t.history_rows


def test_the_history_reaches_every_step_and_roll_by_pages(monkeypatch, sent) -> None:
    """Pages of PAGE_LINES lines (3 here): the list follows the newest page; the GM's
    older page is left alone by a step; "back to here" works from a line of any page."""
    enc, t, h = paged_fight(monkeypatch)
    assert len(step_lines(enc)) == 9
    assert [label for label, _k in h.line_page.options] == ["7-9", "4-6", "1-3"]
    assert h.line_page.layout.display is None
    assert [label[:2] for label, _s in h.line.options] == ["9.", "8.", "7."]
    rolls = [e for e in enc.log if e.kind == "roll"]
    assert len(rolls) == 3 and [label[:2] for label, _n in h.rolls.options] == ["#3", "#2",
                                                                                 "#1"]
    h.line_page.value = 0  # the oldest page
    assert [label[:2] for label, _s in h.line.options] == ["3.", "2.", "1."]
    sent.clear()
    enc.note("a step while the GM reads the oldest page")
    assert not [s for s in sent if "_options_labels" in s and any(
        "note 8" in x or x.startswith("1.") for x in s["_options_labels"])], \
        "a step re-sent the page the GM reads, or the newest page it does not show"
    assert h.line_page.value == 0 and [label for label, _k in h.line_page.options][0] == "10-12"
    h.line.value = h.line.options[-1][1]  # a click on step 1 (the start)
    assert h.back_button.description == "Back to step 1"
    h.back_button.click()
    assert len(step_lines(enc)) == 1 and not t.error
    assert [label[:2] for label, _s in h.line.options] == ["1."]
    assert h.line_page.layout.display == "none"
    h.resume()  # the 9 steps undone come back, and the list follows the newest again
    assert len(step_lines(enc)) == 10
    h.line_page.value = 3
    assert [label[:3] for label, _s in h.line.options] == ["10."]


def test_the_newest_page_is_all_a_step_resends(monkeypatch, sent) -> None:
    monkeypatch.setattr(tracker_history, "PAGE_LINES", 4)
    enc = fight("lfg")
    t = tracker(enc)
    t.more.flip(True)  # the history shows (shut, it sends nothing: test_tracker_redraw_costs)
    t.start()
    for k in range(5):
        enc.note(f"note {k}")
    sent.clear()
    enc.note("one more")
    lists = [s["_options_labels"] for s in sent if "_options_labels" in s
             and any(x.startswith("7. ") for x in s["_options_labels"])]
    assert lists == [("7. (round 1) one more", "6. (round 1) note 4", "5. (round 1) note 3")]


def test_a_fork_between_steps_replays_no_event(monkeypatch) -> None:
    """The rows' dry runs fork the fight; a fork between steps starts from the state as it
    stands, not from the last checkpoint and the events since (and is the same fight)."""
    enc = fight("lfg")
    enc.start()
    for _ in range(4):
        enc.end_turn(next=enc.choices()[0]) if enc.choices() else enc.end_turn()
    replayed: list[tuple[int, int]] = []
    real = Encounter._replay

    def replay(self, events, start, **kw):
        replayed.append((start, len(events)))
        return real(self, events, start, **kw)

    monkeypatch.setattr(Encounter, "_replay", replay)
    assert len(enc.log) % 25, "the log ends on a checkpoint: the test shows nothing"
    fork = enc.fork()
    assert replayed and all(start == n for start, n in replayed), replayed
    assert fork.snapshot() == enc.snapshot() and list(fork.log) == list(enc.log)
    fork.note("only in the fork")
    assert len(fork.log) == len(enc.log) + 2


def test_a_dry_run_the_engine_takes_is_undone_on_its_fork(monkeypatch) -> None:
    """A redraw asks the engine about many calls; one it takes is undone on the fork (from
    the fork's checkpoint of the state it was made from), and the fork is asked the next
    question - the fight as it stands, not as the call left it."""
    from lfgcombat.widgets.tracker_actions import DryRuns

    enc = fight("lfg")
    enc.start()
    forks: list = []
    real = Encounter.fork
    monkeypatch.setattr(Encounter, "fork", lambda self: forks.append(1) or real(self))
    dry = DryRuns(enc)
    me = enc.acting[0]
    seen: list[int] = []
    for _ in range(3):
        assert dry.refusal(lambda e: lambda: (seen.append(len(e.log)),
                                              e.fight_defensively(me))) == ""
    assert len(forks) == 1 and seen == [len(enc.log)] * 3
    assert dry._spare is not None and dry._spare.snapshot() == enc.snapshot()


def test_after_back_and_resume_the_lists_show_their_newest_page(monkeypatch) -> None:
    """A new user read steps 1-50 after Resume while the fight's newest steps were on later
    pages: going back or resuming shows each list's newest page again."""
    enc, t, h = paged_fight(monkeypatch)
    h.line_page.value = 0  # the GM reads the oldest page
    h.line.value = h.line.options[0][1]  # step 3
    h.back_button.click()
    assert len(step_lines(enc)) == 3 and not t.error
    h.resume()
    assert len(step_lines(enc)) == 9
    assert h.line_page.value == 2, h.line_page.value  # 7-9, the newest
    assert [label[:2] for label, _s in h.line.options] == ["9.", "8.", "7."]
