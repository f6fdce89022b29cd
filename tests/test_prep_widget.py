"""PrepPanel (issue 12): a thin panel over lfgcombat.prep."""

from __future__ import annotations

from lfgcombat.creature import load_example
from lfgcombat.rulesets import Ruleset
from lfgcombat.widgets.initiative import InitiativeTracker
from lfgcombat.widgets.prep import PrepPanel


def test_panel_runs_shows_and_replays():
    panel = PrepPanel(n=300, seed=2)
    assert "not run" in repr(panel)
    result = panel.run()
    assert result is panel.result and result.n == 300
    assert panel._bar.value == panel._bar.max == 300
    html = panel._summary.value
    assert "P(win)" in html and "P(dropped)" in html and panel._plot.value[:4] == b"\x89PNG"
    assert "p_win" not in html and "p_dropped_lo" not in html  # readable headings
    assert "<th>name</th>" not in html and "<th>side</th>\n      <th></th>" not in html
    tracker = panel.replay_worst()
    assert isinstance(tracker, InitiativeTracker)
    assert tracker in panel._table.children
    note = panel._table.children[0].value
    assert "fast-tier run" in note and "exactly" in note
    i = result.worst("party")[0]
    assert [tracker.encounter.state(n)["hp"] for n in result.names] == list(result.hp[i])


def test_panel_shows_the_engines_refusal_and_keeps_the_last_result():
    prone = load_example("goblin").replace(name="Prone Goblin", conditions=["prone"])
    panel = PrepPanel([load_example("troll").replace(name="Big Troll"), prone],
                      foes=["Big Troll"], copies=1, n=100)
    first = panel.run()
    panel._foes.value = ["Prone Goblin"]
    assert panel.run() is None
    assert "tier='reference'" in panel.error
    assert panel.result is first


def test_panel_offers_only_playable_rulesets_and_a_tier():
    panel = PrepPanel(n=20)
    assert set(panel._ruleset.options) <= {"lfg"}
    assert not any(r in panel._ruleset.options for r in Ruleset.names() if r != "lfg")
    panel._tier.value = "reference"
    panel._party.value = ["Wulfric"]
    assert panel.run().tier == "reference"
    assert "exactly" in (panel.replay_worst() and panel._table.children[0].value)


def test_panel_counts_each_foe_on_its_own():
    panel = PrepPanel(foes=["Orc Shaman", "Orc"], copies=1, n=50)
    panel.set_count("Orc", 3)
    foes = [c.name for c in panel.sides()["foes"]]
    assert foes == ["Orc Shaman", "Orc 1", "Orc 2", "Orc 3"]
    assert len(panel._count_box.children) == 2


def test_panel_passes_over_a_fight_that_cannot_be_replayed(monkeypatch):
    """Where the worst fast-tier fight cannot be replayed exactly (a rule the fast tier
    leaves out would act), the panel opens the next worst and says why."""
    from lfgcombat.prep import ReplayError, SimResult
    panel = PrepPanel(n=200, seed=4)
    result = panel.run()
    worst = result.worst("party")[0]
    real = SimResult.replay

    def refuse_worst(self, i):
        if i == worst:
            raise ReplayError("a Perfect Critical's limb injury, which the fast tier leaves out")
        return real(self, i)
    monkeypatch.setattr(SimResult, "replay", refuse_worst)
    tracker = panel.replay_worst()
    note = panel._table.children[0].value
    assert "cannot be replayed" in note and "limb injury" in note
    shown = [tracker.encounter.state(n)["hp"] for n in result.names]
    assert shown != list(result.hp[worst]) or (result.hp[worst] == result.hp).all(axis=1).sum() > 1
    assert any(shown == list(result.hp[i]) for i in result.worst("party", share=0.05)[1:])
