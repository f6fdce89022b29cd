"""The tracker redraws only what changed (issue 26, item 5, "Fast"): a second redraw with
nothing changed in the fight touches no trait of any widget under it and opens no widget,
and a step changes only the widgets that show it."""

from __future__ import annotations

import pytest

pytest.importorskip("ipyleaflet")

from lfgcombat import HexMap  # noqa: E402
from lfgcombat.creature import load_example  # noqa: E402
from lfgcombat.engine import Encounter  # noqa: E402
from lfgcombat.widgets.battlemap import BattleMap  # noqa: E402
from lfgcombat.widgets.dicelog import DiceLog  # noqa: E402
from lfgcombat.widgets.initiative import InitiativeTracker  # noqa: E402

from ._watch import Changes  # noqa: E402

EXTRA = dict(bab=3, prowess=1, good_saves=["fort", "ref"])  # classic's and wounds' fields


def table(ruleset: str = "lfg", seed: int = 1) -> tuple[Encounter, InitiativeTracker]:
    """Hero and Ally against an Orc on a small map (tests/browser/test_tracker_by_clicks)."""
    hero = load_example("wulfric").replace(name="Hero", level=5, **EXTRA)
    ally = load_example("chessan").replace(name="Ally", level=5, **EXTRA)
    orc = load_example("orc").replace(name="Orc", level=1, **EXTRA)
    m = HexMap(7, 5)
    m.place(hero, (2, 2), "party")
    m.place(ally, (3, 1), "party")
    m.place(orc, (3, 2), "orcs")
    enc = Encounter([hero, ally, orc], sides={"party": ["Hero", "Ally"], "orcs": ["Orc"]},
                    map=m, ruleset=ruleset, seed=seed)
    t = InitiativeTracker(enc, battlemap=BattleMap(enc.map, height="260px"),
                          dicelog=DiceLog(enc.roller, max_rows=8))
    return enc, t


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_a_second_redraw_touches_nothing(ruleset: str) -> None:
    enc, t = table(ruleset)
    t.start()
    for _ in range(3):  # a few turns in: attacks rolled, a creature chosen next
        t.attack_row.attack()
        (t._last_buttons[0] if t._last_buttons else t._end).click()
    assert len(enc.log) > 10
    with Changes(t) as seen:
        t.refresh()
    assert seen.total == 0 and seen.opened == 0, dict(seen.counts)
    with Changes(t) as seen:
        t.battlemap.redraw()
        t.dicelog.refresh()
    assert seen.total == 0 and seen.opened == 0, dict(seen.counts)


def test_an_attack_changes_the_dice_log_once() -> None:
    """An attack rolls several dice; the dice log's table is drawn once, at its end."""
    enc, t = table("lfg")
    t.start()
    rolls = len(enc.roller.history)
    with Changes(t.dicelog) as seen:
        t.attack_row.attack()
    assert len(enc.roller.history) - rolls >= 2  # to hit and damage at least
    table_changes = sum(n for (who, trait), n in seen.counts.items()
                        if trait == "value" and "lfg-dicelog-rows" in who)
    assert table_changes == 1, dict(seen.counts)


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_a_click_sends_each_widget_at_most_once(ruleset: str, monkeypatch) -> None:
    """A new turn sets a dropdown's options, then its value, and previews the attack for
    the new attacker: each widget still sends one update, its final state."""
    import ipywidgets as W

    enc, t = table(ruleset)
    t.start()
    sent: dict[int, list] = {}
    real = W.Widget._send

    def send(self, msg, buffers=None):
        if msg.get("method") == "update":
            sent.setdefault(id(self), []).append(sorted(msg["state"]))
        return real(self, msg, buffers)

    monkeypatch.setattr(W.Widget, "_send", send)
    for _ in range(2):
        t.attack_row.attack()
        sent.clear()
        (t._last_buttons[0] if t._last_buttons else t._end).click()
        assert sent, "the new turn sent nothing"
        twice = {k: v for k, v in sent.items() if len(v) > 1}
        assert not twice, twice


def test_refused_dry_runs_share_one_fork(monkeypatch) -> None:
    """The rows ask the engine on a fork; a fork that refused (and so is unchanged) is
    asked again, and so is one that took a call, once that call is undone on it."""
    from lfgcombat.errors import IllegalActionError
    from lfgcombat.widgets.tracker_actions import DryRuns

    enc, _t = table("lfg")
    forks: list = []
    real = Encounter.fork
    monkeypatch.setattr(Encounter, "fork", lambda self: forks.append(1) or real(self))
    dry = DryRuns(enc)

    def refuse(_e):
        def call():
            raise IllegalActionError("no")
        return call

    assert dry.refusal(refuse) == "no" and dry.refusal(refuse) == "no"
    assert len(forks) == 1
    assert dry.refusal(lambda e: lambda: None) == ""  # taken (no step): kept as it is
    assert dry.refusal(refuse) == "no"
    assert len(forks) == 1
