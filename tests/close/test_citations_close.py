"""Every rule the close-combat modules cite is a heading (a line, or the start of one) of the
rules text, as ``tests/test_tables.py`` checks for the data tables."""

from __future__ import annotations

import os
import re
from pathlib import Path
import pytest

from lfgcombat.rules.abilities import abilities, natural_weapons
from lfgcombat.rules import handedness
from lfgcombat.rules.actions import maneuvers, skill_actions
from lfgcombat.rules.impact import momentum
from lfgcombat.rules.actions import skills

# as tests/conftest.py's seeds_dir(): $LFG_SEEDS, else shared/seeds beside the repo
SEEDS = Path(os.environ.get("LFG_SEEDS") or Path(__file__).parents[2].parent / "shared" / "seeds")
TEXT = "000_8d1d7816ee944f3b.txt"
MODULES = (abilities, handedness, maneuvers, momentum, natural_weapons, skill_actions, skills)


def _cited(module) -> set[str]:
    found: set[str] = set()
    for name in dir(module):
        value = getattr(module, name)
        if isinstance(value, str):
            found |= set(re.findall(rf'{re.escape(TEXT)}, "([^"]+)"', value))
    for action in skill_actions.SkillAction:
        found |= set(re.findall(r'"([^"]+)"', action.rule))
    return found | set(re.findall(rf'{re.escape(TEXT)}, "([^"]+)"', module.__doc__ or ""))


@pytest.mark.skipif(not (SEEDS / TEXT).is_file(), reason=f"the rules texts are not checked out ({SEEDS})")
@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_cited_headings_occur_in_the_text(module) -> None:
    lines = [ln.strip() for ln in (SEEDS / TEXT).read_text(encoding="utf-8").splitlines()]
    cited = {" ".join(h.split()) for h in _cited(module)}  # docstrings wrap long headings
    assert cited
    for heading in cited:
        assert any(ln == heading or (ln.startswith(heading) and not ln[len(heading)].isalnum())
                   for ln in lines), f"{module.__name__}: {heading!r} is not a heading"
