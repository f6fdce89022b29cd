"""The examples in the docstrings of the ``classic`` and ``wounds`` modules run and hold."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
MODULES = [f"lfgcombat.rulesets.{p.parent.name}.{p.stem}" for pkg in ("classic", "wounds")
           for p in sorted((REPO / "lfgcombat" / "rulesets" / pkg).glob("*.py"))
           if p.stem != "__init__" and ">>>" in p.read_text(encoding="utf-8")]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0, name
