"""Every heading the up-and-down modules cite is a heading of the rules text."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest

from lfgcombat.rules.archery import archery
from lfgcombat.rules.movement import flight, movement_modes
from lfgcombat.rules.objects import objects
from lfgcombat.io.tables import load_table, parse_source

TEXT = "000_8d1d7816ee944f3b.txt"
MODULES = (archery, flight, movement_modes, objects)


def _cited(module: ModuleType) -> set[str]:
    src = Path(str(module.__file__)).read_text(encoding="utf-8")
    found = set(re.findall(rf'{re.escape(TEXT)}, "([^"]+)"', src))
    found |= set(re.findall(r'cite\("([^"]+)"\)', src))
    return {" ".join(h.split()) for h in found}


def _is_heading(heading: str, lines: list[str]) -> bool:
    return any(ln == heading or (ln.startswith(heading) and not ln[len(heading)].isalnum())
               for ln in lines)


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_cited_headings_occur_in_the_text(module: ModuleType, seeds: Path) -> None:
    lines = [ln.strip() for ln in (seeds / TEXT).read_text(encoding="utf-8").splitlines()]
    cited = _cited(module)
    assert cited
    for heading in cited:
        assert _is_heading(heading, lines), f"{module.__name__}: {heading!r} is not a heading"


@pytest.mark.parametrize("table", ["maneuverability", "objects"])
def test_the_tables_cite_real_headings(table: str, seeds: Path) -> None:
    lines = [ln.strip() for ln in (seeds / TEXT).read_text(encoding="utf-8").splitlines()]
    for src in load_table(table).source:
        for _, heading in parse_source(src)[0]:
            assert _is_heading(heading, lines), f"{table}: {heading!r}"
