"""PrepPanel under classic and wounds (issue 12): the ruleset menu offers what GM prep
plays; classic and wounds select the reference tier and turn off lfg's own choices
(000_8d1d7816ee944f3b.txt, "Killer Criticals (Optional Rule)", "Perfect Critical
(Optional Rule)", "Momentum of Impact (Different Sizes, Knockdown, Crushing Advance)")."""

from __future__ import annotations

from lfgcombat.prep.standing import track
from lfgcombat.widgets.prep import PrepPanel

from .rulesets_helpers import written


def _panel(**kwargs) -> PrepPanel:
    mine = [written("wulfric", name="Wulfric"), written("goblin", name="Goblin")]
    return PrepPanel(mine, party=["Wulfric"], foes=["Goblin"], copies=2, **kwargs)


def test_choosing_classic_or_wounds_keeps_both_tiers_and_turns_off_lfgs_choices():
    """classic and wounds play on both tiers (each its own fast kernel); lfg's optional
    rules and Knockdown are turned off there, and on again under lfg."""
    panel = _panel(n=4)
    assert panel._ruleset.options == ("lfg", "classic", "wounds")
    for name in ("classic", "wounds"):
        panel._killer.value = True
        panel._ruleset.value = name
        assert panel._tier.options == ("fast", "reference") and panel._tier.value == "fast"
        assert panel._killer.disabled and not panel._killer.value
        assert panel._perfect.disabled and panel._knockdown.disabled
        assert panel._ruleset_note.value == ""
        panel._ruleset.value = "lfg"  # back to lfg: both tiers, the tier picked there
        assert panel._tier.options == ("fast", "reference") and panel._tier.value == "fast"
        assert not panel._killer.disabled and panel._ruleset_note.value == ""


def test_the_panel_plays_wounds_and_replays_the_worst_fight():
    panel = _panel(n=6, seed=3)
    panel._ruleset.value = "wounds"
    panel._tier.value = "reference"  # its fights replay die for die (the fast tier's not)
    result = panel.run()
    assert result is not None and result.tier == "reference"
    assert result.scenario.ruleset.name == "wounds" and not panel.error
    assert "Wounds" in panel._summary.value  # the run's note on what HP lost counts
    tracker = panel.replay_worst()
    i = result.worst("party")[0]
    enc = tracker.encounter
    assert [track(enc.state(n)) for n in result.names] == list(result.hp[i])


def test_the_examples_run_under_classic_with_their_defaults_on_screen():
    """Issue 25, item 5: the examples lack bab; the panel gives it from their lfg sheets
    and lists the values with the results (before, the run was refused naming each)."""
    panel = PrepPanel(party=["Wulfric"], foes=["Goblin"], copies=1, n=4, seed=1)
    panel._ruleset.value = "classic"
    result = panel.run()
    assert result is not None and not panel.error
    assert [c.bab for c in result.scenario.creatures] == [10, 0]
    assert "Wulfric bab 10; Goblin bab 0" in panel._summary.value
    assert "Hit Rating progression" in panel._summary.value
