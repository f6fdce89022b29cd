"""The last gaps of issue 26's final audit (h26z): words in menus and tooltips, the Ready
menu filtered for use, one "dead" per card, every rule-bearing status line cited.

Rules: 000_8d1d7816ee944f3b.txt ("Perform(Comedy & Stories) – Insult an Opponent",
"Conditions (Sometimes called Status Effects)"); 002_ (classic), 003_ (wounds).
"""
from __future__ import annotations

from lfgcombat.widgets import InitiativeTracker

from .test_players_view import fight

CLOSE_PLACES = ((1, 1), (1, 3), (2, 1), (2, 3), (2, 2), (0, 2))


def test_the_close_rows_effect_menu_speaks_words_and_keeps_the_ids():
    t = InitiativeTracker(fight("lfg", seed=2, places=CLOSE_PLACES))
    t.start()
    c = t.close_rows
    for key, ids in (("skill:dirty_trick", {"flat_footed", "steal"}),
                     ("skill:insult", {"unfortunate", "must_attack"})):
        c.action.value = key
        labels = [label for label, _v in c.condition.options]
        values = {v for _label, v in c.condition.options}
        assert ids <= values, (key, values)
        assert not [label for label in labels if "_" in label], labels
    assert "must attack you next turn" in labels
