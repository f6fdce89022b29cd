"""Tests of :mod:`lfgcombat.engine.encounter`, from 000_8d1d7816ee944f3b.txt "COMBAT GAMEPLAY –
OVERVIEW:", "Rounds, Initiative, & Turn Order" (groups). Split from the former
tests/test_encounter.py (issue 10); every test names its heading.
"""

from __future__ import annotations

import pytest

from lfgcombat import LfgError
from lfgcombat.engine import Encounter

from .helpers import mk


def test_construction_refuses_bad_names_sides_and_groups():
    a, b = mk("A"), mk("B")
    with pytest.raises(LfgError, match="two combatants"):
        Encounter([a, a], sides={"x": ["A"]})
    with pytest.raises(LfgError, match="no side"):
        Encounter([a, b], sides={"x": ["A"]})
    with pytest.raises(LfgError, match="two sides"):
        Encounter([a, b], sides={"x": ["A", "B"], "y": ["A"]})
    with pytest.raises(LfgError, match="mixes sides"):
        Encounter([a, b], sides={"x": ["A"], "y": ["B"]}, groups={"g": ["A", "B"]})
    with pytest.raises(LfgError, match="initiative"):
        Encounter([a, b], sides={"x": ["A"], "y": ["B"]}, initiative="fastest")
