"""GM prep's flanking tactics on a map under classic and wounds (issue 25, item 2: "moving
to flank" by the exact odds, 000_8d1d7816ee944f3b.txt, "Flanking"; every ruleset from the
PrepPanel's menus, item 5).

Before, a preset with ``flank="odds"`` ("pack", "bully", "wrestler") crashed every map
fight under those rulesets once someone considered a flanking cell: under classic the GM
note wrote the ruleset's exact expected damage (a ``Fraction``) with a float format
(``TypeError``), under wounds the odds of an Attack of Opportunity read a damage
distribution wounds' odds do not give (``AttributeError``: they give the expected damage
of its criticals' choice; other rulesets than lfg rank by expected damage only,
``lfgcombat/prep/choices.py``)."""

from __future__ import annotations

import pytest

from lfgcombat import HexMap
from lfgcombat.prep.choices import odds_of
from lfgcombat.prep.reference import play
from lfgcombat.prep.run import prepare_run
from .rulesets_helpers import written

#: Four orcs against two heroes on open ground: the orcs close in, and there is room to
#: flank.
FIELD = """
name: open ground
terrain: |
  . . . . . . . .
   . . . . . . . .
  . . . . . . . .
   . . . . . . . .
creatures:
  - {name: Wulfric, at: [1, 1], side: party}
  - {name: Mayat, at: [1, 2], side: party}
  - {name: Orc 1, at: [6, 0], side: orcs}
  - {name: Orc 2, at: [6, 1], side: orcs}
  - {name: Orc 3, at: [6, 2], side: orcs}
  - {name: Orc 4, at: [6, 3], side: orcs}
"""


def _sides() -> dict:
    return {"party": [written("wulfric"), written("mayat")],
            "orcs": [written("orc", name=f"Orc {i}") for i in range(1, 5)]}


@pytest.mark.parametrize("ruleset", ["classic", "wounds"])
@pytest.mark.parametrize("tactics", ["pack", "bully"])
def test_flanking_presets_play_on_a_map(ruleset: str, tactics: str) -> None:
    scenario, spec = prepare_run(_sides(), ruleset, tactics)
    flank_notes = 0
    for seed in range(6):
        board = HexMap.from_text(FIELD, creatures={c.name: c for c in scenario.creatures})
        enc, outcome = play(scenario, spec, seed, seed + 100, map=board)
        assert outcome["winner"] in (-1, 0, 1)
        flank_notes += sum(1 for e in enc.log if e.kind == "note"
                           and "to flank" in str(e.data.get("text")))
    assert flank_notes > 0  # the flanking choice was weighed and played, with its note


def test_wounds_odds_rank_by_expected_damage() -> None:
    scenario, _ = prepare_run(_sides(), "wounds", "pack")
    orc, hero = scenario.creatures[2], scenario.creatures[0]
    o = odds_of(scenario, orc, hero, "greataxe")
    assert o is not None and o.expected > 0
    assert o.p_drop(1) == 0.0  # no damage distribution under wounds: no chance to drop
