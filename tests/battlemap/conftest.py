"""Fixtures of the battle-map tests."""

from __future__ import annotations

import pytest

from lfgcombat.battlemap import HexMap

from ._maps import COTTAGE


@pytest.fixture(scope="module")
def cottage() -> HexMap:
    return HexMap.from_text(COTTAGE)
