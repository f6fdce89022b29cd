#!/usr/bin/env python3
"""The rules map: every heading of the three rules texts, and what in the kit carries it.

``make rulesmap`` (``python tools/rulesmap.py``) writes ``docs/rulesmap.md`` (the docs
site's "Rules map" page) and ``docs/rulesmap.csv``, and puts the counts per status into
README.md between its ``rulesmap-counts`` markers. ``--check`` writes nothing and exits 1 when
a committed file is stale or a heading is unaccounted for.

One row per heading of each text (000, 002, 003). The headings are the lines
:func:`citescan.heading_lines` reads as headings, plus every line a citation of the engine
or of a data table names that is not one of them (the texts have no markup; the engine's
citations say what it treats as a heading). A citation names a row as
:func:`citescan.is_heading` says (the rule ``tests/test_citations.py`` checks): the line
equal to the cited heading, else every heading line that starts with it.

Per row: the modules and functions that cite it (:func:`citescan.engine_citations`, plus the
data tables' ``source`` column), the tests that cite it (a literal ``file, "Heading"`` or a
``cite(...)`` call under ``tests/``: citing is what counts here, not running the code), the
notebook sections that show it (a quoted heading in a markdown cell), and a status:

* ``implemented``: the engine or a table cites it, at least one citation not marked
  ``inferred`` (when some are, the reason says "partly inferred" and why);
* ``inferred``: every citation is marked ``inferred`` (a table row's ``source`` says
  ``inferred: <why>``, or the engine's citation has "inferred" on its line or the next): a
  rebuilt table or a reading of an open text; the first reason is shown;
* ``out of scope``, ``missing`` or ``inferred`` (a table that did not survive, rebuilt): as
  ``docs/rulesmap_notes.csv`` says, with the reason (``file,heading,status,reason``; a note
  overrides the rules above). A note never makes a heading ``implemented``: the code that
  implements it cites it;
* ``unaccounted``: none of the above; ``tests/test_rulesmap.py`` fails on any. Where the
  engine's code or tables only name it (its words occur there, uncited) the reason says so,
  as a hint for whoever cites it.

The sections of ``/work/shared/RULES-INDEX.md`` (``../shared/RULES-INDEX.md``, the checklist
of every rules section and where it belongs) group the rows of the main text.
"""

from __future__ import annotations

import argparse
import ast
import copy
import csv
import functools
import html
import io
import os
import re
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import citescan  # noqa: E402
from citescan import REPO, Citation, is_heading, rel  # noqa: E402

#: The rules texts, in the order of the map, with the ruleset each is.
TEXTS = {
    "000_8d1d7816ee944f3b.txt": "lfg",
    "002_2a3a79475ca2a541.txt": "classic",
    "003_de0e94afd49609a7.txt": "wounds",
}
STATUSES = ("implemented", "inferred", "out of scope", "missing", "unaccounted")
#: What a note in docs/rulesmap_notes.csv may say: a rebuilt table (inferred, with the
#: reason), prose or a designer's aside (out of scope), a rule the kit lacks (missing).
NOTED = ("inferred", "out of scope", "missing")
DOCS = REPO / "docs"
MAP_MD = DOCS / "rulesmap.md"
MAP_CSV = DOCS / "rulesmap.csv"
NOTES = DOCS / "rulesmap_notes.csv"
README = REPO / "README.md"
COUNTS_START = "<!-- rulesmap-counts: written by make rulesmap -->"
COUNTS_END = "<!-- /rulesmap-counts -->"
#: Notebooks showing the shorter texts; the others show the main text (32, 40, 41: all).
NOTEBOOK_TEXTS = {"30": ("002_2a3a79475ca2a541.txt",), "31": ("003_de0e94afd49609a7.txt",),
                  "32": tuple(TEXTS), "40": tuple(TEXTS), "41": tuple(TEXTS)}
MAX_SHOWN = 4


def seeds_dir() -> Path:
    """Where the rules texts are: ``$LFG_SEEDS``, else ``shared/seeds`` beside the repo."""
    return Path(os.environ.get("LFG_SEEDS") or REPO.parent / "shared" / "seeds")


def rules_index_path() -> Path:
    """``RULES-INDEX.md``: beside the seeds (``shared/``)."""
    return seeds_dir().parent / "RULES-INDEX.md"


@dataclass
class Row:
    """One heading of a rules text and what carries it."""

    file: str
    line: int
    heading: str
    code: dict[str, None] = field(default_factory=dict)      # ordered sets
    tests: dict[str, None] = field(default_factory=dict)
    notebooks: dict[tuple[str, str], None] = field(default_factory=dict)
    inferred: list[str] = field(default_factory=list)
    cited: int = 0
    named_in: list[str] = field(default_factory=list)
    status: str = "unaccounted"
    reason: str = ""


# --- where a citation sits ---------------------------------------------------------------

_SYMBOLS: dict[str, list[tuple[int, int, str]]] = {}


def _module_name(path: str) -> str:
    parts = Path(path).with_suffix("").parts
    if parts[0] == "widgets":
        parts = ("lfgcombat", "widgets", *parts[1:])
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _symbols(path: str) -> list[tuple[int, int, str]]:
    """``(first line, last line, dotted name)`` of every def, class and assignment."""
    if path not in _SYMBOLS:
        tree = ast.parse((REPO / path).read_text(encoding="utf-8"))
        found: list[tuple[int, int, str]] = []

        def walk(node: ast.AST, prefix: str) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    name = f"{prefix}{child.name}"
                    found.append((child.lineno, child.end_lineno or child.lineno, name))
                    walk(child, name + ".")
                elif isinstance(child, (ast.Assign, ast.AnnAssign)) and not prefix:
                    targets = child.targets if isinstance(child, ast.Assign) else [child.target]
                    names = [t.id for t in targets if isinstance(t, ast.Name)]
                    if names:
                        found.append((child.lineno, child.end_lineno or child.lineno, names[0]))
        walk(tree, "")
        _SYMBOLS[path] = found
    return _SYMBOLS[path]


def symbol_at(where: str) -> str:
    """The dotted name of the innermost def, class or module constant at ``path:line``."""
    path, _, line = where.rpartition(":")
    module = _module_name(path)
    inner = [s for s in _symbols(path) if s[0] <= int(line) <= s[1]]
    if not inner:
        return module
    return f"{module}.{max(inner, key=lambda s: s[0])[2]}"


def _inferred_near(where: str) -> str | None:
    """The ``inferred`` remark at an engine citation (on its line or the next)."""
    path, _, line = where.rpartition(":")
    lines = (REPO / path).read_text(encoding="utf-8").splitlines()
    at = int(line) - 1
    for text in lines[at:at + 2]:
        m = re.search(r"inferred\b[:,]?\s*(.*)", text)
        if m:
            why = m[1].strip(" #\"').") or text.strip(" #\"")
            return why[:120]
    return None


# --- citation sources -------------------------------------------------------------------

@dataclass(frozen=True)
class Cited:
    """A citation with what it is evidence of."""

    citation: Citation
    kind: str          # "code", "table", "test"
    label: str         # what the map shows
    inferred: str | None = None


def code_citations() -> Iterator[Cited]:
    """The engine's and widgets' citations, each labelled with its function or constant."""
    for c in citescan.engine_citations():
        yield Cited(c, "code", symbol_at(c.where), _inferred_near(c.where))


def table_citations() -> Iterator[Cited]:
    """Every ``source`` cell (and YAML comment) under ``data/`` that cites a heading; the
    example creature sheets (``data/creatures/``, "EXAMPLE DATA, not rules text") cite for
    their reader, not as an implementation, and are left out."""
    for path in sorted((REPO / "data").rglob("*")):
        if path.suffix == ".csv":
            with path.open(encoding="utf-8", newline="") as f:
                for number, row in enumerate(csv.DictReader(f), 2):
                    source = row.get("source") or ""
                    m = re.search(r"inferred:\s*(.*)", source)
                    why = m[1][:120] if m else None
                    for hit in citescan.LITERAL.finditer(source):
                        c = Citation(hit["file"], hit["heading"], f"{rel(path)}:{number}")
                        yield Cited(c, "table", rel(path), why)
        elif path.suffix in {".yaml", ".yml"} and "creatures" not in path.parts:
            for c in citescan.literal_citations(path):
                yield Cited(c, "table", rel(path))


#: Test folders of the shorter texts; the other tests cite the main text when they quote.
TEST_TEXTS = {"classic": "002_2a3a79475ca2a541.txt", "wounds": "003_de0e94afd49609a7.txt"}


def _docstrings(path: Path) -> Iterator[tuple[int, str]]:
    """``(line, text)`` of the module's, classes' and functions' docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                yield body[0].lineno, body[0].value.value


def test_citations() -> Iterator[Cited]:
    """The citations written in the tests: literal ``file, "Heading"``, ``cite`` calls, and a
    heading quoted in a docstring (of the main text, or of the folder's text: tests/classic,
    tests/wounds)."""
    for path in sorted((REPO / "tests").rglob("*.py")):
        found = list(citescan.literal_citations(path))
        try:
            found += citescan.cite_calls(path)
        except (AssertionError, SyntaxError):
            pass
        file = TEST_TEXTS.get(path.relative_to(REPO / "tests").parts[0], citescan.TEXT)
        for line, doc in _docstrings(path):
            for m in _QUOTED.finditer(doc):
                found.append(Citation(file, (m[1] or m[2]).strip(), f"{rel(path)}:{line}"))
        for c in found:
            yield Cited(c, "test", rel(path))


_MD_HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$", re.M)
_QUOTED = re.compile(r'"([^"\n]{4,120})"|“([^”\n]{4,120})”')


def section_id(title: str) -> str:
    """The id the site gives a notebook's section: docutils' ``make_id`` of its title (as
    written, less Markdown links and emphasis)."""
    from docutils.nodes import make_id

    title = re.sub(r"[`*]", "", re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", title))
    return make_id(title)


def notebook_quotes() -> Iterator[tuple[str, str, str, str]]:
    """``(text file, quoted words, notebook stem, section title)`` of the notebooks' quotes."""
    import nbformat

    for path in sorted((REPO / "notebooks").glob("*.ipynb")):
        stem = path.stem
        texts = NOTEBOOK_TEXTS.get(stem[:2], (citescan.TEXT,))
        section = stem
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type != "markdown":
                continue
            titles = _MD_HEADING.findall(cell.source)
            if titles:
                section = titles[0]
            for m in _QUOTED.finditer(cell.source):
                for file in texts:
                    yield file, (m[1] or m[2]).strip(), stem, section


# --- the map ------------------------------------------------------------------------------

def _lines(file: str, cache: dict[str, list[str]]) -> list[str]:
    return citescan.rules_lines(seeds_dir(), file, cache)


_MATCHES: dict[tuple[int, str], list[int]] = {}


def _matches(heading: str, lines: list[str]) -> list[int]:
    """The numbers of the lines ``heading`` is (or starts), as :func:`is_heading` says."""
    key = (id(lines), heading)
    if key not in _MATCHES:
        first = heading[:1]
        _MATCHES[key] = [i for i, ln in enumerate(lines, 1)
                         if ln[:1] == first and is_heading(heading, [ln])]
    return _MATCHES[key]


def _targets(heading: str, lines: list[str], rows: dict[int, Row]) -> list[int]:
    """The lines a cited heading names: the line equal to it, else every row it starts."""
    matched = _matches(heading, lines)
    exact = [i for i in matched if lines[i - 1] == heading]
    if exact:
        return exact
    return [i for i in matched if i in rows] or matched[:1]


def _attach(rows: dict[int, Row], lines: list[str], cited: Cited, create: bool) -> None:
    c = cited.citation
    for number in _targets(c.heading, lines, rows):
        if number not in rows:
            if not create:
                continue
            rows[number] = Row(c.file, number, c.heading)
        row = rows[number]
        if cited.kind == "test":
            row.tests[cited.label] = None
        else:
            row.code[cited.label] = None
            row.cited += 1
            if cited.inferred:
                row.inferred.append(f"{cited.label}: {cited.inferred}")


class NotesError(ValueError):
    """A row of ``docs/rulesmap_notes.csv`` that cannot be used (the message says why)."""


def read_notes(path: Path = NOTES) -> dict[tuple[str, str], tuple[str, str]]:
    """``(file, heading) -> (status, reason)`` of the committed notes, each checked."""
    notes = {}
    with path.open(encoding="utf-8", newline="") as f:
        for number, row in enumerate(csv.DictReader(f), 2):
            key = (row["file"], row["heading"])
            status, reason = row["status"].strip(), (row["reason"] or "").strip()
            where = f"{rel(path)}:{number}"
            if row["file"] not in TEXTS:
                raise NotesError(f"{where}: {row['file']!r} is not a rules text; use one of "
                                 f"{', '.join(TEXTS)}")
            if status not in NOTED:
                raise NotesError(f"{where}: status {status!r}; a note says {', '.join(NOTED)} "
                                 "(a heading is implemented where the code that implements "
                                 "it cites it, never by a note)")
            if not reason:
                raise NotesError(f"{where}: {row['heading']!r} has no reason: say why")
            if key in notes:
                raise NotesError(f"{where}: {row['heading']!r} is noted twice")
            notes[key] = (status, reason)
    return notes


def _engine_words() -> str:
    """The engine's code and tables, lower-cased: where a heading may be named."""
    parts = [p.read_text(encoding="utf-8") for p in citescan.ENGINE_SOURCES]
    parts += [p.read_text(encoding="utf-8") for p in sorted((REPO / "data").rglob("*"))
              if p.suffix in {".csv", ".yaml"}]
    return "\n".join(parts).lower()


def core_name(heading: str) -> str:
    """A heading without its trailing colon and parenthesis: what the code would call it."""
    name = re.sub(r"\s*\([^)]*\)\s*$", "", heading.rstrip(":?! ").strip())
    return re.split(r"\s+[–-]\s+", name)[0].strip(" “”\"")


def _named_in(heading: str, words: str, sources: list[tuple[str, str]]) -> list[str]:
    name = core_name(heading).lower()
    if len(name) < 4 or name not in words:
        return []
    pattern = re.compile(rf"\b{re.escape(name)}\b" if name[-1].isalnum() else re.escape(name))
    return [where for where, text in sources if name in text and pattern.search(text)][:2]


def _settle(row: Row, notes: dict[tuple[str, str], tuple[str, str]], words: str,
            sources: list[tuple[str, str]]) -> None:
    """The row's status and reason, in the order the module docstring gives."""
    if (row.file, row.heading) in notes:
        row.status, reason = notes[(row.file, row.heading)]
        row.reason = f"{reason} (noted)"
    elif row.inferred and len(row.inferred) >= row.cited:
        row.status, row.reason = "inferred", row.inferred[0]
    elif row.code:
        row.status = "implemented"
        if row.inferred:  # a rebuilt table beside code that cites the text itself
            row.reason = f"partly inferred: {row.inferred[0]}"
    else:  # unaccounted: where the engine names it is a hint, never a status
        row.named_in = _named_in(row.heading, words, sources)
        if row.named_in:
            row.reason = "named, not cited: " + ", ".join(row.named_in)


def _collect() -> dict[str, dict[int, Row]]:
    """The rows of each text with every citation and notebook quote attached."""
    cache: dict[str, list[str]] = {}
    rows: dict[str, dict[int, Row]] = {}
    for file in TEXTS:
        lines = _lines(file, cache)
        rows[file] = {n: Row(file, n, h) for n, h in citescan.heading_lines(lines)}
    for create, found in ((True, [*code_citations(), *table_citations()]),
                          (False, list(test_citations()))):
        for cited in found:
            if cited.citation.file in rows and cited.citation.heading:
                _attach(rows[cited.citation.file], _lines(cited.citation.file, cache), cited,
                        create)
    for file, quote, stem, section in notebook_quotes():
        for number in _targets(quote, _lines(file, cache), rows[file]):
            if number in rows[file]:
                rows[file][number].notebooks[(stem, section)] = None
    return rows


@functools.lru_cache(maxsize=1)
def _collected() -> dict[str, dict[int, Row]]:
    """:func:`_collect`, once per process (the sources do not change while it runs)."""
    return _collect()


def build_map(notes: dict[tuple[str, str], tuple[str, str]] | None = None) -> list[Row]:
    """Every heading row of the three texts, settled (needs the rules texts)."""
    notes = read_notes() if notes is None else notes
    rows = copy.deepcopy(_collected())
    words = _engine_words()
    sources = [(rel(p), p.read_text(encoding="utf-8").lower()) for p in citescan.ENGINE_SOURCES]
    headings = {(r.file, r.heading) for file in TEXTS for r in rows[file].values()}
    stale = sorted(set(notes) - headings)
    if stale:
        raise NotesError("docs/rulesmap_notes.csv notes headings that are no row of the map "
                         "(reworded in the text, or no longer read as headings): remove them: "
                         + "; ".join(f"{f}, {h!r}" for f, h in stale))
    out = []
    for file in TEXTS:
        for number in sorted(rows[file]):
            _settle(rows[file][number], notes, words, sources)
            out.append(rows[file][number])
    return out


def counts(rows: Iterable[Row]) -> dict[str, Counter[str]]:
    """Rows per status, per text and in all (key ``"all"``)."""
    by: dict[str, Counter[str]] = {"all": Counter()}
    for row in rows:
        by.setdefault(row.file, Counter())[row.status] += 1
        by["all"][row.status] += 1
    return by


# --- RULES-INDEX.md -----------------------------------------------------------------------

@dataclass(frozen=True)
class Section:
    """A row of RULES-INDEX.md's table: lines, what the section is, where it belongs."""

    first: int
    last: int
    title: str
    where: str


def rules_index() -> tuple[list[Section], dict[str, str]]:
    """The main text's sections and the prose said of the other two texts."""
    path = rules_index_path()
    if not path.is_file():
        return [], {}
    text = path.read_text(encoding="utf-8")
    sections = [Section(int(m[1]), int(m[2]), m[3].strip(), m[4].strip()) for m in
                re.finditer(r"^\|\s*(\d+)[–-](\d+)\s*\|([^|]*)\|([^|]*)\|", text, re.M)]
    prose = {}
    for file in TEXTS:
        m = re.search(rf"^## `{re.escape(file)}`[^\n]*\n+(.*?)(?=\n## |\Z)", text, re.M | re.S)
        if m and not m[1].lstrip().startswith("|"):
            prose[file] = " ".join(m[1].split())
    return sections, prose


# --- writing --------------------------------------------------------------------------------

def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _shown(items: list[str]) -> str:
    more = len(items) - MAX_SHOWN
    return ", ".join(items[:MAX_SHOWN]) + (f" (+{more} more)" if more > 0 else "")


def _code_cell(row: Row) -> str:
    items = []
    for label in row.code:
        if label.startswith("data/"):
            items.append(f"`{label}`")
        else:
            items.append(f"{{py:obj}}`{label}`")
    return _shown(items)


def _notebook_cell(row: Row) -> str:
    """Links to the notebook sections (raw HTML: MyST resolves no anchor into a notebook)."""
    items = [f'<a href="notebooks/{stem}.html#{section_id(section)}">{stem[:2]} § '
             f'{html.escape(_cell(section))}</a>' for stem, section in row.notebooks]
    return _shown(items)


def _status_cell(row: Row) -> str:
    return _cell(f"{row.status}: {row.reason}" if row.reason else row.status)


def _table(rows: list[Row]) -> list[str]:
    out = ["| line | heading | status | code and tables | tests | notebooks |",
           "| ---: | --- | --- | --- | --- | --- |"]
    for row in rows:
        tests = _shown([f"`{t}`" for t in row.tests])
        out.append(f"| {row.line} | {_cell(row.heading)} | {_status_cell(row)} | "
                   f"{_code_cell(row)} | {tests} | {_notebook_cell(row)} |")
    return out


def counts_line(rows: list[Row]) -> str:
    """One sentence with the counts per status (README.md and the map's page)."""
    c = counts(rows)["all"]
    parts = [f"{c[s]} {s}" for s in STATUSES if c[s] or s != "unaccounted"]
    return f"{sum(c.values())} headings in the three texts: " + ", ".join(parts) + "."


def render_markdown(rows: list[Row]) -> str:
    """The rules map page (``docs/rulesmap.md``)."""
    sections, prose = rules_index()
    by = counts(rows)
    out = ["# Rules map", "",
           "<!-- Written by `make rulesmap` (tools/rulesmap.py): do not edit by hand. -->", "",
           "Every heading of the three rules texts, with the engine code and rules tables that "
           "cite it, the tests that cite it and the notebook sections that show it. How a "
           "heading is found, and what each status means, is in `tools/rulesmap.py`; "
           "out-of-scope and missing headings are listed with their reason in "
           "`docs/rulesmap_notes.csv`. The same table as CSV: "
           "[rulesmap.csv](rulesmap.csv).", "",
           f"**{counts_line(rows)}**", "",
           "| text | ruleset | " + " | ".join(STATUSES[:-1]) + " |",
           "| --- | --- | " + " | ".join("---:" for _ in STATUSES[:-1]) + " |"]
    for file, ruleset in TEXTS.items():
        c = by.get(file, Counter())
        out.append(f"| `{file}` | `{ruleset}` | " +
                   " | ".join(str(c[s]) for s in STATUSES[:-1]) + " |")
    for file, ruleset in TEXTS.items():
        file_rows = [r for r in rows if r.file == file]
        out += ["", f"## `{file}`: `{ruleset}`", ""]
        if file in prose:
            out += [f"RULES-INDEX.md: {prose[file]}", ""]
        if file == citescan.TEXT and sections:
            out += _sectioned(file_rows, sections)
        else:
            out += _table(file_rows)
    return "\n".join(out) + "\n"


def _sectioned(rows: list[Row], sections: list[Section]) -> list[str]:
    out: list[str] = []
    placed: set[int] = set()
    for s in sections:
        these = [r for r in rows if s.first <= r.line <= s.last]
        placed |= {r.line for r in these}
        out += [f"### Lines {s.first}–{s.last}: {s.title}", "", f"In the kit: {s.where}.", ""]
        out += (_table(these) if these else ["No heading in these lines."]) + [""]
    rest = [r for r in rows if r.line not in placed]
    if rest:
        out += ["### Outside the index's sections", ""] + _table(rest)
    return out


def render_csv(rows: list[Row]) -> str:
    """The map as CSV (``docs/rulesmap.csv``)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["file", "line", "heading", "status", "reason", "code", "tests", "notebooks"])
    for r in rows:
        w.writerow([r.file, r.line, r.heading, r.status, r.reason, "; ".join(r.code),
                    "; ".join(r.tests), "; ".join(f"{s} § {t}" for s, t in r.notebooks)])
    return buf.getvalue()


def readme_with_counts(readme: str, rows: list[Row]) -> str:
    """README.md with the counts between its markers replaced."""
    start, end = readme.find(COUNTS_START), readme.find(COUNTS_END)
    if start < 0 or end < start:
        raise SystemExit(f"README.md lacks the markers {COUNTS_START!r} ... {COUNTS_END!r}")
    return readme[:start + len(COUNTS_START)] + "\n" + counts_line(rows) + "\n" + readme[end:]


def outputs(rows: list[Row]) -> dict[Path, str]:
    """What ``make rulesmap`` writes, by path."""
    return {MAP_MD: render_markdown(rows), MAP_CSV: render_csv(rows),
            README: readme_with_counts(README.read_text(encoding="utf-8"), rows)}


def main(argv: list[str] | None = None) -> int:
    """Write (or with ``--check`` compare) the map, its CSV and README's counts."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when a file is stale or a heading unaccounted")
    args = parser.parse_args(argv)
    if not seeds_dir().is_dir():
        print(f"the rules texts are not at {seeds_dir()} (set LFG_SEEDS)", file=sys.stderr)
        return 2
    try:
        rows = build_map()
    except NotesError as e:
        print(e, file=sys.stderr)
        return 1
    status = 0
    for path, text in outputs(rows).items():
        old = path.read_text(encoding="utf-8") if path.is_file() else ""
        if old == text:
            continue
        if args.check:
            print(f"stale: {rel(path)} (run make rulesmap)", file=sys.stderr)
            status = 1
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {rel(path)}")
    loose = [r for r in rows if r.status == "unaccounted"]
    for r in loose:
        print(f"unaccounted: {r.file}:{r.line} {r.heading!r}", file=sys.stderr)
    print(counts_line(rows))
    return 1 if loose or status else 0


if __name__ == "__main__":
    sys.exit(main())
