"""The PrepPanel speaks its own words and runs every ruleset from its menus (issue 25,
item 5): its notes and refusals say "tick Knockdown", "choose the reference tier", not
``knockdown=True``; creatures lacking classic's or wounds' fields get defaults made from
their lfg sheets (lfgcombat/prep/defaults.py), listed with the results."""

from __future__ import annotations

import re

from lfgcombat.creature import load_example
from lfgcombat.prep.defaults import field_defaults, filled_in
from lfgcombat.prep.run import KNOCKDOWN_NOTE, in_panel_words
from lfgcombat.rulesets import Ruleset
from lfgcombat.widgets.prep import PrepPanel

from .rulesets_helpers import written

#: What Python advice looks like: a keyword argument, a call, a list placeholder.
PYTHON = re.compile(r"\b[a-z_]+=|\.replace\(|\[\.\.\.\]|Ruleset\(")


def test_the_knockdown_note_says_tick_knockdown():
    words = in_panel_words(KNOCKDOWN_NOTE)
    assert "tick Knockdown" in words and "choose the reference tier" in words
    assert not PYTHON.search(words)


def test_the_panels_notes_carry_no_python():
    panel = PrepPanel(party=["Wulfric"], foes=["Troll"], copies=1, n=200, seed=1)
    result = panel.run()
    assert result is not None and len(result.notes) >= 2  # Knockdown, the troll's bite
    notes = re.findall(r"<p class='lfg-prep-note'>(.*?)</p>", panel._summary.value)
    assert any("tick Knockdown" in n for n in notes)
    assert any("The tactics chose it by the exact odds" in n for n in notes)
    assert not any(PYTHON.search(n) for n in notes)


def test_a_refusal_in_the_panel_says_what_to_tick_or_choose():
    panel = PrepPanel(party=["Wulfric"], foes=["Troll"], copies=1, n=10, seed=1)
    panel._knockdown.value = True  # on the fast tier
    assert panel.run() is None
    assert "Knockdown is ticked: the fast tier" in panel.error
    assert "Choose the reference tier" in panel.error and not PYTHON.search(panel.error)


def test_the_examples_run_under_wounds_with_their_defaults_listed():
    panel = PrepPanel(party=["Wulfric", "Chessan"], foes=["Orc"], copies=2, n=3, seed=2)
    panel._ruleset.value = "wounds"
    result = panel.run()
    assert result is not None and not panel.error
    assert "Chessan prowess 5, good_saves fort and will" in panel._summary.value


def test_defaults_follow_the_lfg_sheet():
    """bab: level x 1, 3/4, 1/2 by the Hit Rating progression (high, medium, low);
    prowess: half the level; good saves: the two best (all inferred)."""
    classic, wounds = Ruleset("classic"), Ruleset("wounds")
    assert [field_defaults(load_example(n), classic)["bab"]
            for n in ("wulfric", "sokaris", "chessan", "orc_shaman", "goblin")] == [10, 7, 5, 4, 0]
    assert field_defaults(load_example("sokaris"), wounds) == {
        "prowess": 5, "good_saves": ["fort", "ref"]}
    assert field_defaults(load_example("wulfric"), Ruleset("lfg")) == {}


def test_a_creatures_own_fields_are_played_as_they_are():
    mine = written("wulfric").replace(bab=7)
    sides, note = filled_in({"party": [mine], "foes": [load_example("orc")]},
                            Ruleset("classic"))
    assert sides["party"][0].bab == 7 and sides["foes"][0].bab == 3
    assert note is not None and "Orc bab 3" in note and "Wulfric" not in note
    assert filled_in({"party": [mine]}, Ruleset("classic"))[1] is None


def test_the_panel_speaks_words_not_ids_or_reprs():
    """The tactics menus read "focus fire", "threat first" (their values stay the names the
    prep functions take), and a run's status is a sentence with the chances in %, not the
    result's ``SimResult(...)`` repr (a new user read both)."""
    from lfgcombat.creature import load_example
    from lfgcombat.widgets.prep import PrepPanel
    panel = PrepPanel([load_example("wulfric"), load_example("orc")], progress=False)
    labels = [label for label, _ in panel._tactics.options + panel._versus.options]
    assert "focus fire" in labels and not any("_" in label for label in labels)
    panel._tactics.value = "focus_fire"
    panel._n.value = 50
    result = panel.run()
    assert result is not None
    status = panel._status.value
    assert "SimResult" not in status and "50 fights on the " in status and "%" in status
