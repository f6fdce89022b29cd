"""Where the kit cites the rules texts, found statically; which lines of a text are headings.

One place for both, used by ``tests/test_citations.py`` (every cited heading exists) and by
``tools/rulesmap.py`` (``make rulesmap``: every heading and who carries it).

A citation names a rules file and a heading of it: ``000_8d1d7816ee944f3b.txt, "Flanking"``
(see :mod:`lfgcombat.rules.citations`). A heading exists when it is a line of that file, or the
start of one followed by a non-letter (``"Dodge (d)"`` for ``Dodge (d): Bonus granted...``):
:func:`is_heading`, the rule ``tests/test_tables.py`` applies to the tables' ``source``
column too.

Found here:

* :func:`literal_citations`: every literal ``file, "Heading"`` in a file (docstrings,
  comments, messages, CSV cells; ``{TEXT}, "Heading"`` in an f-string counts as the main
  text);
* :func:`cite_calls`: every ``cite("A", "B", file=...)`` call with literal headings, whatever
  name ``lfgcombat.rules.citations.cite`` is imported under;
* :func:`heading_lines`: the lines of a rules text that read as headings (the texts have no
  markup: a short title line, or the lead-in of a ``Title: text`` line).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
#: The main rules text (as :data:`lfgcombat.rules.citations.TEXT`, without importing the kit).
TEXT = "000_8d1d7816ee944f3b.txt"
RULES_FILE = r"\d{3}_[0-9a-f]{16}\.txt"
# `file, "Heading"` or, inside an f-string, `{TEXT}, "Heading"` (the file may be in
# reStructuredText backticks, ``file``, and followed by a colon); the heading may wrap onto
# the next line of a docstring or comment.
LITERAL = re.compile(rf'(?:``)?(?P<file>{RULES_FILE}|\{{TEXT\}})(?:``)?[,:] "(?P<heading>[^"]+)"')
# In a CSV cell the quotes of a cited heading are doubled: `file, ""Heading""`.
CSV_LITERAL = re.compile(rf'(?P<file>{RULES_FILE}), ""(?P<heading>[^"]+)""')
ENGINE_SOURCES = sorted([*(REPO / "lfgcombat").rglob("*.py"), *(REPO / "widgets").rglob("*.py")])


@dataclass(frozen=True)
class Citation:
    """One cited heading and where it is cited (``path:line``)."""

    file: str
    heading: str
    where: str


def _unwrap(text: str) -> str:
    """A heading that wraps in a docstring or comment, put back on one line."""
    return re.sub(r"\s*\n\s*(?:#\s*)?", " ", text).strip()


def rel(path: Path) -> str:
    """``path`` relative to the repository (as it is written in the map and in messages)."""
    return str(path.relative_to(REPO)) if path.is_relative_to(REPO) else str(path)


def literal_citations(path: Path) -> Iterator[Citation]:
    """The ``file, "Heading"`` strings written anywhere in ``path``."""
    text = path.read_text(encoding="utf-8")
    pattern = CSV_LITERAL if path.suffix == ".csv" else LITERAL
    for m in pattern.finditer(text):
        file = TEXT if m["file"] == "{TEXT}" else m["file"]
        line = text.count("\n", 0, m.start()) + 1
        yield Citation(file, _unwrap(m["heading"]), f"{rel(path)}:{line}")


def _cite_names(tree: ast.Module) -> set[str]:
    """The names under which a module imported ``lfgcombat.rules.citations.cite``."""
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
                    f"{rel(path)}:{node.lineno}: cite(..., file={kw.value.id}) - the scanner "
                    "resolves only a module-level string constant or a literal")
                file = constants[kw.value.id]
        for arg in node.args:
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                yield Citation(file, arg.value, f"{rel(path)}:{node.lineno}")


def data_citations() -> Iterator[Citation]:
    """Citations in the data files no table schema validates."""
    from lfgcombat.io.tables import table_names

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


def rules_lines(seeds: Path, file: str, cache: dict[str, list[str]]) -> list[str]:
    """The stripped lines of rules text ``file`` in ``seeds`` (read once per ``cache``)."""
    if file not in cache:
        path = seeds / file
        assert path.is_file(), f"no rules text {file} in {seeds}"
        cache[file] = [ln.strip() for ln in path.read_text(encoding="utf-8").splitlines()]
    return cache[file]


# --- which lines are headings ---------------------------------------------------------------

#: Words a title leaves in lower case ("Coup de Grace / Killing Blow", "Flanking & Cover").
SMALL_WORDS = frozenset(
    "a an and as at by de for from in into is it of on or per the to vs with your you "
    "what how who can do does if my i are".split())
#: Lead-ins that are not headings: notes, examples, the GM's and the player's lines.
NOT_HEADINGS = re.compile(
    r"(?i)^(gm |new player |designer’s |designer's )?(note|ex\d*|example|examples|you say|"
    r"gm says|tip|remember|reminder|suggestion|benefits|drawbacks|there are|you|your|if)\b")
# A line that is a sentence, not a title ("Elemental Damage is NOT multiplied on ...").
_VERB = re.compile(r"\b(is|are|score|scores|suffer|take|takes)\b")
_LEAD_IN = re.compile(r"^(?P<title>[A-Z“\"][^:.!?]{1,58}?)\s*:\s+\S"
                      r"|^(?P<term>[A-Z][^:.!?–]{1,38}?) – \S")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")
# Titles the capitalisation test misses: a multiplier ("x3 Multiplier"), a short label ("To
# hit:"), a titled case ("Active Dodge - If you are attacked in melee ...:"), a question of
# the text's FAQ ("What if I don’t want to take my turn when I’m selected?").
_OTHER_TITLE = re.compile(
    r"^x\d+ [A-Z][a-z]+$"
    r"|^[A-Z][a-z]+ [a-z]+:$"
    r"|^[A-Z][A-Za-z]+ [A-Z][A-Za-z]+ [-–] [A-Z][^.!?]{5,80}:$"
    r"|^(What if|How do I) [^.!:]{5,80}\?$"
    r"|^(While|Situations) [^.!?:]{5,70}:$"
    r"|^Benefits of [a-z ]{5,60}$"
    r"|^[A-Z][a-z]+ Action \([^)]{5,70}\)$|^(Attack|Cast a spell) \([^)]{5,70}\)$")
# "• Bleed – A creature that ..." (the classic text's conditions) and "-Maximum Range: A
# thrown weapon ..." (the main text's dashed lead-ins): the bullet or dash and the term.
_MARKED_TERM = re.compile(r"^(• [A-Z][^–:]{1,38}?) – \S"
                          r"|^(-(?!(?:GM |Player )?Note|Special|Exception|Example|You)"
                          r"[A-Z][a-z]+ [A-Z][A-Za-z ]{3,30}):\s+\S")


def _title_like(text: str, max_words: int) -> bool:
    """Most words capitalised, few words, no formula: reads as a title."""
    if "=" in text or text.startswith(("-", "•", "*", "(")):
        return False
    words = _WORD.findall(text)
    if not words or len(text.split()) > max_words:
        return False
    big = [w for w in words if w.lower() not in SMALL_WORDS]
    if not big:
        return False
    return sum(w[0].isupper() for w in big) * 2 >= len(big) and words[0][0].isupper()


def heading_of_line(line: str) -> str | None:
    """The heading a (stripped) line of a rules text holds, or ``None`` for body text.

    A heading is a short title line (``Flanking / Being Flanked``, ``Interrupt Turn –
    Details and Clarifications:``) or the lead-in of a ``Title: text`` line (``Ablaze`` of
    ``Ablaze: You are on fire.``); notes and examples (``GM Note:``, ``Ex:``) are not.
    """
    marked = _MARKED_TERM.match(line)
    if marked:
        return marked[1] or marked[2]
    if not line or len(line) > 90 and not _LEAD_IN.match(line):
        return None
    if NOT_HEADINGS.match(line):
        return None
    m = _LEAD_IN.match(line)
    # "Term – definition." (the classic text's action list); a title line keeps its dash
    title = m and (m["title"] or (m["term"] if line.endswith(".") else None))
    if title and _title_like(title, 8):
        return title.strip()
    if len(line) <= 90 and not line.endswith((".", ",", ";")) and _title_like(line, 16) \
            and (line.endswith(("?", ":")) or not _VERB.search(line)):
        return line
    if _OTHER_TITLE.match(line):
        return line
    return None


def heading_lines(lines: list[str]) -> list[tuple[int, str]]:
    """``(line number, heading)`` of every heading line of a text (numbered from 1)."""
    found = []
    for number, line in enumerate(lines, 1):
        heading = heading_of_line(line)
        if heading is not None:
            found.append((number, heading))
    return found
