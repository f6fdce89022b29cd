"""What a click on the tracker costs in engine questions (issue 26, item 5, "Fast": clicks
under 100 ms median; the tracker asks the engine whether each offer is legal by dry runs on
a fork, and those dry runs were most of a click's time): a redraw after a click that
changed nothing in the fight asks the engine nothing again, and each remembered offer is
the fresh answer once the fight moves on; the probes strike no Attack of Opportunity; Ready
stops at a refusal that is not about the action held; the attack row's default target is
the engine's read-only preview, not a dry run.

000_8d1d7816ee944f3b.txt, "Prepare to Interrupt – “Ready Action” (Big Action)", "What
actions normally Provoke AOO?", "Selective Initiative – Suggestion".
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("ipyleaflet")

from lfgcombat.engine import Encounter  # noqa: E402
from lfgcombat.rules.actions import reactions  # noqa: E402
from lfgcombat.widgets.initiative import InitiativeTracker  # noqa: E402
from lfgcombat.widgets.tracker_actions import DryRuns  # noqa: E402

from .test_tracker_redraw_steps import fight, tracker  # noqa: E402


@pytest.fixture
def dry_runs(monkeypatch) -> list[int]:
    """One entry per dry run the tracker asks the engine (:meth:`DryRuns.refusal`)."""
    seen: list[int] = []
    real = DryRuns.refusal
    monkeypatch.setattr(DryRuns, "refusal", lambda self, make: (
        seen.append(1), real(self, make))[1])
    return seen


def offers(t: InitiativeTracker) -> dict[str, Any]:
    """What the rows that are asked of the engine offer now."""
    a, c, u = t.action_rows, t.close_rows, t.updown_rows
    return {"hidden": t.hidden_rows, "interrupter": list(t._interrupter.options),
            # a hidden Ready row keeps the menu it last offered (never shown)
            "ready": None if "Ready" in t.hidden_rows else list(t._ready_action.options),
            "special": list(a.special.options),
            "act": a.do.disabled, "cast": a.cast_button.disabled,
            "close": list(c.action.options), "close off": c.do.disabled,
            "through": list(u.what.options), "attack target": a.target.options,
            "target": t.attack_row.target.value, "go": t.attack_row.go.disabled,
            "odds": t.attack_row.odds.value}


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_a_redraw_that_changed_nothing_asks_the_engine_nothing(
        ruleset: str, dry_runs: list[int]) -> None:
    """Every offer is remembered for the step of the fight it was asked at: redrawing
    again (the GM ticks a box, an observer fires) asks no dry run (before: about 50 a
    redraw)."""
    enc = fight(ruleset)
    t = tracker(enc)
    t.start()
    shown = offers(t)
    dry_runs.clear()
    t.refresh()
    assert dry_runs == []
    assert offers(t) == shown


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_each_remembered_offer_is_the_fresh_answer_after_the_fight_changes(
        ruleset: str) -> None:
    """After each click that changes the fight (a step, an undo, a GM's map edit), the
    tracker offers exactly what a new tracker of the same fight - nothing remembered -
    offers."""
    enc = fight(ruleset)
    t = tracker(enc)
    t.start()
    for _turn in range(4):
        for click in (t.attack_row.go.click, t.undo, t.attack_row.go.click,
                      lambda: t._next.children[0].click() if t._next.children
                      else t._end.click()):
            click()
            if enc.over:
                return
            fresh = tracker(enc.fork())  # the same fight, asked afresh
            assert offers(t) == offers(fresh), (ruleset, enc.current, len(enc.log))
            fresh.close()
    hidden = t.hidden_rows
    enc.map.set_terrain((6, 4), "door")  # the GM's edit: the map's version, no step
    t.refresh()
    fresh = tracker(enc.fork())
    assert offers(t) == offers(fresh)
    if ruleset == "lfg":  # lfg's round offers the door at once: asked again, not remembered
        assert "Through" in hidden and "Through" not in t.hidden_rows


def test_the_probes_strike_no_attack_of_opportunity(monkeypatch) -> None:
    """Whether the engine takes a close action, an act or a spell does not hang on the
    roll of the AOO it provokes: the probes offer it and strike none (each struck AOO was
    an attack rolled on the fork, most of a probe's time)."""
    struck: list[str] = []
    real = reactions._resolve_aoo
    monkeypatch.setattr(reactions, "_resolve_aoo", lambda st, a, *r, **k: (
        struck.append(a), real(st, a, *r, **k))[1])
    enc = fight("lfg")
    t = tracker(enc)
    t.start()
    struck.clear()
    for _turn in range(3):
        t.refresh()
        if t._next.children:
            t._next.children[0].click()
    assert struck == []
    assert "Demoralize" in [label for label, _k in t.close_rows.action.options] or \
        t.close_rows.usable()  # offered all the same (a probe the engine takes)


def test_ready_stops_at_a_refusal_not_about_the_action(monkeypatch) -> None:
    """A creature whose Big Actions are spent cannot ready anything: the same refusal
    for two actions running ends the tries (before: one dry run per Big Action of the
    table, 23), and the row is hidden with the engine's words."""
    enc = fight("lfg")
    t = tracker(enc)
    t.start()
    me = enc.acting[0]
    t.attack_row.go.click()
    tried: list[str] = []
    real = Encounter.ready
    monkeypatch.setattr(Encounter, "ready", lambda self, n, trig, a="attack", **k: (
        tried.append(a), real(self, n, trig, a, **k))[1])
    t._dry._step = None  # forget the answers: ask again
    t.refresh()
    assert "Ready" in t.hidden_rows and me in t.hidden_rows["Ready"]
    assert len(tried) == 2, tried


def test_the_default_target_is_the_engine_preview_not_a_dry_run(monkeypatch) -> None:
    """The attack row's default target is the first foe the engine's read-only
    ``attack_preview`` takes (no fork); the preview shown reuses that answer: a redraw
    asks the engine for each attack once."""
    enc = fight("lfg")
    t = tracker(enc)
    attacks: list[str] = []
    real = Encounter.attack
    monkeypatch.setattr(Encounter, "attack", lambda self, a, x, *r, **k: (
        attacks.append(x), real(self, a, x, *r, **k))[1])
    previews: list[tuple] = []
    seen = Encounter.attack_preview
    monkeypatch.setattr(Encounter, "attack_preview", lambda self, a, x, w=None, **k: (
        previews.append((a, x, w)), seen(self, a, x, w, **k))[1])
    t.start()
    assert attacks == []  # no dry run of an attack
    row = t.attack_row
    assert row.target.value is not None and not row.go.disabled
    assert len(previews) == len(set(previews))  # each asked once
    assert row.refusal == "" and row.odds_shown is not None


def test_the_shut_history_sends_nothing_until_more_opens(monkeypatch) -> None:
    """The history rows behind "More…" (shut at first) change at every step - the event
    log's and the dice log's lists - but send the page nothing while shut (before: 2-3
    messages a click); opening "More…" sends each its latest state, so the page shows
    exactly what the kernel holds."""
    import ipywidgets as W

    from lfgcombat.widgets.tracker_ui import widget_tree

    out: list[tuple[Any, dict]] = []
    real = W.Widget._send
    monkeypatch.setattr(W.Widget, "_send", lambda self, msg, buffers=None: (
        out.append((self, msg.get("state", {}))) if msg.get("method") == "update" else None,
        real(self, msg, buffers))[1])
    enc = fight("lfg")
    t = tracker(enc)
    history = {id(w) for w in widget_tree(t.history_rows)}
    out.clear()  # its making
    t.start()
    t.attack_row.go.click()
    assert t.history_rows.line.options  # the kernel's lists follow the fight
    assert [w for w, _s in out if id(w) in history] == []
    out.clear()
    t.more.flip(True)
    page: dict[int, dict] = {}
    for w, state in out:
        page.setdefault(id(w), {}).update(state)
    line = t.history_rows.line
    assert list(page[id(line)]["_options_labels"]) == [label for label, _v in line.options]
    out.clear()
    t._next.children[0].click()  # open: each step shows at once
    assert any(w is line for w, _s in out)
