"""PrepPanel (issue 12): a thin panel over lfgcombat.prep."""

from __future__ import annotations

from lfgcombat.creature import load_example
from lfgcombat.rulesets import Ruleset
from lfgcombat.widgets.initiative import InitiativeTracker
from lfgcombat.widgets.prep import PrepPanel, result_words


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
    scared = load_example("goblin").replace(name="Scared Goblin", conditions=["frightened"])
    panel = PrepPanel([load_example("troll").replace(name="Big Troll"), scared],
                      foes=["Big Troll"], copies=1, n=100)
    first = panel.run()
    panel._foes.value = ["Scared Goblin"]
    assert panel.run() is None
    assert "Choose the reference tier" in panel.error  # the panel's words (issue 25)
    assert panel.result is first


def test_panel_offers_only_playable_rulesets_and_a_tier():
    panel = PrepPanel(n=20)
    assert set(panel._ruleset.options) == set(Ruleset.names()) & {"lfg", "classic", "wounds"}
    assert panel._ruleset.value == "lfg" and panel._tier.options == ("fast", "reference")
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


def test_a_refused_run_is_a_visible_error_and_marks_the_old_results_stale():
    panel = PrepPanel(foes=["Orc"], copies=1, n=60, seed=3)
    first = panel.run()
    assert not panel.stale and panel._plot.layout.display is None
    assert "P(win)" in panel._summary.value and not panel._replay.disabled
    panel._foes.value = []
    assert panel.stale and panel._replay.disabled  # an input changed: stale at once
    assert panel.run() is None
    assert "no creatures" in panel.error and panel.result is first
    status = panel._status.value
    assert "lfg-prep-error" in status and "#d32f2f" in status and "Not run" in status
    assert "lfg-prep-stale" in panel._stale.value and "refused" in panel._stale.value
    assert result_words(first) in panel._stale.value and panel._plot.layout.display == "none"
    panel._foes.value = ["Orc"]
    assert panel.run() is not None
    assert not panel.stale and panel.error == "" and "lfg-prep-error" not in panel._status.value
    assert panel._plot.layout.display is None and not panel._replay.disabled


def test_changing_an_input_after_a_run_marks_the_results_stale():
    panel = PrepPanel(foes=["Orc"], copies=1, n=40)
    panel.run()
    panel._seed.value = 9
    assert panel.stale and "inputs changed" in panel._stale.value and panel._replay.disabled
    assert panel.error == ""  # a good change is no error


def test_out_of_range_counts_and_fights_are_refused_not_clamped():
    panel = PrepPanel(foes=["Orc"], copies=1, n=40)
    panel.set_count("Orc", 25)
    assert panel._counts["Orc"].value == 25  # kept as typed
    assert "count of 'Orc'" in panel.error and "not 25" in panel.error
    assert "lfg-prep-error" in panel._status.value
    assert panel.run() is None and panel.result is None
    panel.set_count("Orc", 0)
    assert "not 0" in panel.error
    panel.set_count("Orc", 2)
    assert panel.error == "" and panel._status.value == ""
    for bad in (0, -3):
        panel._n.value = bad
        assert panel._n.value == bad and panel.run() is None
        assert f"not {bad}" in panel.error and "lfg-prep-error" in panel._status.value
    panel._n.value = 40
    assert panel.run().n == 40


def test_the_default_count_of_new_foes_is_shown():
    panel = PrepPanel(foes=["Orc"], copies=3, n=20)
    shown = [w for box in panel.children[0].children for w in getattr(box, "children", ())]
    assert panel._copies in shown and panel._copies.description == "new foes x"
    panel._copies.value = 1
    panel._foes.value = ["Orc", "Goblin"]
    assert panel._counts["Goblin"].value == 1 and panel._counts["Goblin"] in \
        panel._count_box.children
    panel._copies.value = 30
    assert "new foes x" in panel.error and "not 30" in panel.error


def test_the_replay_says_which_fight_and_that_it_is_shown_at_its_end():
    panel = PrepPanel(n=300, seed=2)
    result = panel.run()
    tracker = panel.replay_worst()
    i = result.worst("party")[0]
    rounds, shown = int(result.rounds[i]), tracker.encounter.round
    end = panel._table.children[1]
    assert panel._table.children[2] is tracker and "lfg-prep-replay-end" in end._dom_classes
    assert f"Fight {i}, shown at its end" in end.value
    assert f"decided in round {rounds}" in end.value or f"within {rounds} rounds" in end.value
    if shown > rounds:
        assert f"until round {shown}, the round the tracker shows" in end.value
    else:
        assert "played out" not in end.value


def test_the_end_line_explains_a_later_tracker_round():
    panel = PrepPanel(n=300, seed=2)
    result = panel.run()
    i = int(next(j for j in range(result.n) if result.winner[j] >= 0))
    line = panel._end_line(result, i, int(result.rounds[i]) + 1)
    won = result.sides[int(result.winner[i])]
    assert f"{won} won; decided in round {result.rounds[i]}" in line
    assert f"played out (bleeding, rolling to stabilize) until round {result.rounds[i] + 1}" \
        in line
    assert "played out" not in panel._end_line(result, i, int(result.rounds[i]))


def test_the_end_line_of_a_draw_names_the_round_limit():
    from lfgcombat.prep import simulate
    troll = load_example("troll")
    drawn = simulate({"party": [troll], "foes": [troll.replace(name="Troll 2")]}, 5,
                     max_rounds=1, seed=1, progress=False)
    assert (drawn.winner < 0).all()
    line = PrepPanel._end_line(drawn, 0, 2)
    assert "no side won within 1 round (a draw)" in line and "after the round limit" in line
    assert "won;" not in line


def test_the_panel_says_when_the_fast_tier_is_being_compiled(monkeypatch):
    """The first run after an install compiles the fast tier (~10-15 s) before any chunk
    moves the bar: the status line says so while the run starts, and not otherwise."""
    from lfgcombat.prep.run import COMPILING
    from lfgcombat.widgets import prep as prep_widget
    seen: list[str] = []
    real = prep_widget.simulate

    def spy(*args, **kwargs):
        seen.append(panel._status.value)
        return real(*args, **kwargs)
    monkeypatch.setattr(prep_widget, "simulate", spy)
    panel = PrepPanel(foes=["Orc"], copies=1, n=50, seed=3)
    monkeypatch.setattr(prep_widget, "kernel_loaded", lambda spec=None: False)
    panel.run()
    panel._tier.value = "reference"
    panel._n.value = 2
    panel.run()
    monkeypatch.setattr(prep_widget, "kernel_loaded", lambda spec=None: True)
    panel._tier.value = "fast"
    panel.run()
    assert seen == [f"running... ({COMPILING})", "running...", "running..."]
    assert COMPILING not in panel._status.value  # the result's line once it ran


def test_the_panel_plays_the_knockdown_on_the_reference_tier_and_shows_the_refusal():
    panel = PrepPanel(party=("Wulfric",), foes=("Troll",), copies=1, n=4, seed=2)
    panel._knockdown.value = True
    assert panel.run() is None  # the fast tier cannot: the engine's message, visible
    assert "Knockdown is ticked" in panel.error and "Choose the reference tier" in panel.error
    panel._tier.value = "reference"
    result = panel.run()
    assert result is not None and result.scenario.knockdown and panel.error == ""
    assert not any("leaves out Momentum of Impact" in n for n in result.notes)
    tracker = panel.replay_worst()
    i = result.worst("party")[0]
    assert [tracker.encounter.state(n)["hp"] for n in result.names] == list(result.hp[i])


def test_a_new_run_clears_the_last_runs_replay_and_the_plot_waits_for_a_run():
    """A GM ran, replayed the worst fight, ran again: the old replay stayed under the new
    tables as if it were this run's. Now a new run clears it; before any run the empty plot
    is hidden (it showed a broken-picture icon)."""
    panel = PrepPanel(n=200, seed=3)
    assert panel._plot.layout.display == "none"
    panel.run()
    assert panel._plot.layout.display is None
    assert panel.replay_worst() is not None and panel._table.children
    panel._seed.value = 4
    panel.run()
    assert panel._table.children == () and panel.tracker is None
    assert not panel.stale


def test_the_picked_creatures_show_without_scrolling_and_the_columns_wrap():
    panel = PrepPanel()
    options = list(panel._party.options)
    assert options[:4] == ["Wulfric", "Chessan", "Mayat", "Sokaris"] == list(panel._party.value)
    assert panel._party.rows >= 4 and set(options) == set(panel.pool)  # picked ones in view
    assert panel.children[0].layout.flex_flow == "row wrap"


def test_names_not_in_the_pool_are_said_not_dropped_silently():
    panel = PrepPanel(party=("Wulfrik", "Chessan"), foes=("Orcs",))
    assert panel.sides()["party"][0].name == "Chessan"
    assert "'Wulfrik' (did you mean 'Wulfric'?)" in panel.error
    assert "'Orcs' (did you mean 'Orc'?)" in panel.error
    assert "PrepPanel(creatures=[...])" in panel.error and "Left out:" in panel._status.value
    assert PrepPanel().error == ""


def test_the_ruleset_note_gives_no_code_advice_and_errors_keep_their_lines():
    panel = PrepPanel()
    panel._ruleset.value = "wounds"  # both tiers play it: nothing to say
    assert panel._ruleset_note.value == ""
    panel._show_error("first line\nsecond line")
    assert "first line<br>second line" in panel._status.value
