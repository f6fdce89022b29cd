"""Every heading the engine cites exists in the rules text.

A citation names a rules file and a heading of it: ``000_8d1d7816ee944f3b.txt, "Flanking"``
(see :mod:`lfgcombat.rules.citations`). A heading exists when it is a line of that file, or the
start of one followed by a non-letter (``"Dodge (d)"`` for ``Dodge (d): Bonus granted...``),
the rule ``tests/test_tables.py`` applies to the tables' ``source`` column.

Checked here (the rest is checked elsewhere, not twice):

* the engine's and the widgets' source: every literal ``file, "Heading"`` (docstrings,
  comments, messages; ``{TEXT}, "Heading"`` in an f-string counts as the main text), and
  every ``cite("A", "B", file=...)`` call with literal headings, whatever name
  ``lfgcombat.rules.citations.cite`` is imported under;
* the data files that no table schema loads (the example creatures' YAML comments, any
  per-ruleset folder under ``data/``).

The ``source`` column of every table in ``data/*.csv`` is checked by
``tests/test_tables.py::test_cited_headings_occur_in_the_text`` (and the conditions and save
ratings tables by their own modules' tests).

The scanner itself is ``tools/citescan.py`` (``tools/rulesmap.py`` maps every heading with
it). The rules texts are read from ``$LFG_SEEDS`` or ``../shared/seeds``; without them these tests
skip, and with ``LFG_REQUIRE_SEEDS=1`` (``.ci/run``) they fail (see tests/conftest.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

# The scanner lives in tools/citescan.py, shared with tools/rulesmap.py (make rulesmap).
from citescan import (  # noqa: E402
    TEXT, cite_calls, data_citations, engine_citations, is_heading, literal_citations,
)
from citescan import rules_lines as _rules_lines  # noqa: E402


# --- the scanner itself (no rules text needed) -------------------------------------------

def test_the_scanner_finds_every_kind_of_citation(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        'from .citations import TEXT, cite as _rule\n'
        'R = _rule("Flanking", "Cover Examples")\n'
        'S = _rule("Death", file="003_de0e94afd49609a7.txt")\n'
        "T = f'{TEXT}, \"Falling Objects\"'\n"
        '# 000_8d1d7816ee944f3b.txt, "Injury &\n'
        '#     Injured Threshold": a wrapped heading\n'
        'U = _rule(heading_from_elsewhere)\n'
        'V = str("not a citation")\n', encoding="utf-8")
    found = {(c.file, c.heading) for c in [*literal_citations(probe), *cite_calls(probe)]}
    assert found == {(TEXT, "Flanking"), (TEXT, "Cover Examples"),
                     ("003_de0e94afd49609a7.txt", "Death"), (TEXT, "Falling Objects"),
                     (TEXT, "Injury & Injured Threshold")}


def test_the_engine_cites_the_rules_text() -> None:
    # Guards the scanner: an engine with its citations lost would pass the test below.
    found = engine_citations()
    assert len(found) > 100
    assert {c.file for c in found} >= {TEXT}
    assert len({c.where.split(":")[0] for c in found}) > 10


def test_is_heading() -> None:
    lines = ["Flanking", "Dodge (d): Bonus granted by", "Cover Examples"]
    assert is_heading("Flanking", lines)
    assert is_heading("Dodge (d)", lines)
    assert not is_heading("Flank", lines)
    assert not is_heading("Examples", lines)
    assert is_heading("Dodge (d): Bonus ...", lines)
    assert not is_heading("Dodge (d): Malus ...", lines)


# --- against the rules text ---------------------------------------------------------------

def test_every_heading_cited_by_the_engine_is_in_the_text(seeds: Path) -> None:
    cache: dict[str, list[str]] = {}
    missing = [f"{c.where}: {c.file}, {c.heading!r}" for c in engine_citations()
               if not is_heading(c.heading, _rules_lines(seeds, c.file, cache))]
    assert not missing, ("headings cited in lfgcombat/ or widgets/ that are not a line (or "
                         "the start of one) of the rules text:\n" + "\n".join(missing))


def test_every_heading_cited_by_untabled_data_is_in_the_text(seeds: Path) -> None:
    cache: dict[str, list[str]] = {}
    missing = [f"{c.where}: {c.file}, {c.heading!r}" for c in data_citations()
               if not is_heading(c.heading, _rules_lines(seeds, c.file, cache))]
    assert not missing, ("headings cited in data/ that are not a line (or the start of one) "
                         "of the rules text:\n" + "\n".join(missing))
