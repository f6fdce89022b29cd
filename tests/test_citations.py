"""Every heading the engine cites exists in the rules text.

A citation names a rules file and a heading of it: ``000_8d1d7816ee944f3b.txt, "Flanking"``
(see :mod:`lfgcombat.citations`). A heading exists when it is a line of that file, or the
start of one followed by a non-letter (``"Dodge (d)"`` for ``Dodge (d): Bonus granted...``),
the rule ``tests/test_tables.py`` applies to the tables' ``source`` column.

Checked here (the rest is checked elsewhere, not twice):

* the engine's and the widgets' source: every literal ``file, "Heading"`` (docstrings,
  comments, messages; ``{TEXT}, "Heading"`` in an f-string counts as the main text), and
  every ``cite("A", "B", file=...)`` call with literal headings, whatever name
  ``lfgcombat.citations.cite`` is imported under;
* the data files that no table schema loads (the example creatures' YAML comments, any
  per-ruleset folder under ``data/``).

The ``source`` column of every table in ``data/*.csv`` is checked by
``tests/test_tables.py::test_cited_headings_occur_in_the_text`` (and the conditions and save
ratings tables by their own modules' tests).

The rules texts are read from ``$LFG_SEEDS`` or ``../shared/seeds``; without them these tests
skip, and with ``LFG_REQUIRE_SEEDS=1`` (``.ci/run``) they fail (see tests/conftest.py).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path


from lfgcombat.citations import TEXT
from lfgcombat.tables import table_names

REPO = Path(__file__).resolve().parents[1]
RULES_FILE = r"\d{3}_[0-9a-f]{16}\.txt"
# `file, "Heading"` or, inside an f-string, `{TEXT}, "Heading"`; the heading may wrap onto
# the next line of a docstring or comment.
LITERAL = re.compile(rf'(?P<file>{RULES_FILE}|\{{TEXT\}}), "(?P<heading>[^"]+)"')
ENGINE_SOURCES = sorted([*(REPO / "lfgcombat").rglob("*.py"), *(REPO / "widgets").rglob("*.py")])


@dataclass(frozen=True)
class Citation:
    """One cited heading and where the engine cites it."""

    file: str
    heading: str
    where: str


def _unwrap(text: str) -> str:
    """A heading that wraps in a docstring or comment, put back on one line."""
    return re.sub(r"\s*\n\s*(?:#\s*)?", " ", text).strip()


def _rel(path: Path) -> str:
    return str(path.relative_to(REPO)) if path.is_relative_to(REPO) else str(path)


def literal_citations(path: Path) -> Iterator[Citation]:
    """The ``file, "Heading"`` strings written anywhere in ``path``."""
    text = path.read_text(encoding="utf-8")
    for m in LITERAL.finditer(text):
        file = TEXT if m["file"] == "{TEXT}" else m["file"]
        line = text.count("\n", 0, m.start()) + 1
        yield Citation(file, _unwrap(m["heading"]), f"{_rel(path)}:{line}")


def _cite_names(tree: ast.Module) -> set[str]:
    """The names under which a module imported ``lfgcombat.citations.cite``."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("citations"):
            names |= {a.asname or a.name for a in node.names if a.name == "cite"}
    return names


def _called_name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and \
            func.value.id == "citations":
        return "citations.cite" if func.attr == "cite" else None
    return None


def _module_strings(tree: ast.Module) -> dict[str, str]:
    """The module's ``NAME = "text"`` constants (``TEXT = "002_....txt"``)."""
    return {t.id: node.value.value for node in tree.body if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
            for t in node.targets if isinstance(t, ast.Name)}


def cite_calls(path: Path) -> Iterator[Citation]:
    """The literal headings of every ``cite(...)`` call in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = _cite_names(tree) | {"citations.cite"}
    if path.name == "citations.py":
        names.add("cite")
    constants = _module_strings(tree)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and _called_name(node.func) in names):
            continue
        file = TEXT
        for kw in node.keywords:
            if kw.arg == "file" and isinstance(kw.value, ast.Constant):
                file = str(kw.value.value)
            elif kw.arg == "file" and isinstance(kw.value, ast.Name):
                assert kw.value.id in constants, (
                    f"{_rel(path)}:{node.lineno}: cite(..., file={kw.value.id}) - the test "
                    "resolves only a module-level string constant or a literal")
                file = constants[kw.value.id]
        for arg in node.args:
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                yield Citation(file, arg.value, f"{_rel(path)}:{node.lineno}")


def data_citations() -> Iterator[Citation]:
    """Citations in the data files no table schema validates."""
    loaded = {REPO / "data" / f"{name}.csv" for name in table_names()}
    for path in sorted((REPO / "data").rglob("*")):
        if path.suffix in {".csv", ".yaml", ".yml"} and path not in loaded:
            yield from literal_citations(path)


def engine_citations() -> list[Citation]:
    """Every citation the engine and widgets make, found statically."""
    found: list[Citation] = []
    for path in ENGINE_SOURCES:
        found += literal_citations(path)
        found += cite_calls(path)
    return found


def is_heading(heading: str, lines: list[str]) -> bool:
    """``heading`` is a line of the text or the start of one (not in the middle of a word).

    A heading ending in an ellipsis (``"Taking Your Turn: ..."``) quotes the start of a line.
    """
    if heading.endswith(("...", "…")):
        start = heading.rstrip(".… ")
        return any(ln.startswith(start) for ln in lines)
    return any(ln == heading or (ln.startswith(heading) and not ln[len(heading)].isalnum())
               for ln in lines)


def _rules_lines(seeds: Path, file: str, cache: dict[str, list[str]]) -> list[str]:
    if file not in cache:
        path = seeds / file
        assert path.is_file(), f"no rules text {file} in {seeds}"
        cache[file] = [ln.strip() for ln in path.read_text(encoding="utf-8").splitlines()]
    return cache[file]


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
