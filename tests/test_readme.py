"""README.md: short, its code runs, every link resolves, and nothing it used to say is lost.

Issue 27, item 3: a README a newcomer reads to the end (under 150 lines) whose "taste" really
runs (the values in its comments are checked), whose links go somewhere (a relative link names
a file of the repo; ``docs/<page>.md`` is a page of the site, which
tests/browser/test_docs_site.py checks is built), and whose former sections all live on in
``docs/`` (moved, not deleted).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
DOCS = REPO / "docs"

#: The sections of the README before issue 27 and the page of the site that holds each now.
MOVED = {
    "Two commands": "README.md", "A taste": "start.md", "What is here": "features.md",
    "The notebooks": "chapters.md", "GM prep: how deadly is this fight?": "gm-prep.md",
    "Layout": "maintainers.md", "Rules and sources": "design.md",
    "Design choices worth knowing": "design.md", "Installs": "maintainers.md",
    "How the engine is laid out": "maintainers.md", "How to add a ruleset": "add-ruleset.md",
    "Gates": "maintainers.md", "Targets": "maintainers.md", "The engine": "speed.md",
}


def _readme() -> str:
    return README.read_text(encoding="utf-8")


def _python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, re.S)


def test_the_readme_is_under_150_lines() -> None:
    assert len(_readme().splitlines()) < 150


def test_the_readme_has_what_a_newcomer_needs() -> None:
    text = _readme()
    for needed in ("## Two commands", "make lab", "make test", "## A taste", "![",
                   "## What is where", "## The rules map", "docs/rulesmap.md"):
        assert needed in text, needed


def _comment_value(source_line: str) -> object:
    """The literal a comment starts with (``# 'hit'; ...`` -> ``'hit'``), else ``...``."""
    m = re.search(r"#\s*('[^']*'|-?\d+(?:\.\d+)?)", source_line)
    return ast.literal_eval(m[1]) if m else ...


def test_the_taste_runs_and_shows_what_its_comments_say() -> None:
    blocks = _python_blocks(_readme())
    assert len(blocks) == 1
    code = blocks[0]
    assert len(code.strip().splitlines()) <= 12
    lines = code.splitlines()
    namespace: dict[str, object] = {}
    checked = 0
    for stmt in ast.parse(code).body:
        source = ast.get_source_segment(code, stmt)
        if isinstance(stmt, ast.Expr):
            value = eval(compile(ast.Expression(stmt.value), "README.md", "eval"), namespace)
            expected = _comment_value(lines[stmt.end_lineno - 1])
            if expected is not ...:
                assert value == expected, f"README.md: {source} gives {value!r}"
                checked += 1
        else:
            exec(compile(ast.Module([stmt], []), "README.md", "exec"), namespace)
    assert checked >= 3


def _links(text: str) -> list[str]:
    return [m for m in re.findall(r"\]\(([^)\s]+)\)", text)]


def test_every_relative_link_of_the_readme_names_a_file() -> None:
    links = _links(_readme())
    assert links
    missing = [link for link in links if not re.match(r"[a-z]+:", link)
               and not (REPO / link.split("#")[0]).exists()]
    assert not missing, f"README.md links to files that do not exist: {missing}"


def test_every_link_into_the_site_is_a_page_of_its_table_of_contents() -> None:
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^([\w-]+)$", index, re.M))
    pages = [link[len("docs/"):-len(".md")] for link in _links(_readme())
             if link.startswith("docs/") and link.endswith(".md")]
    assert {"gm-prep", "add-ruleset", "speed", "rulesmap", "api"} <= set(pages)
    assert not set(pages) - listed, f"pages not in docs/index.md's toctree: {set(pages) - listed}"


@pytest.mark.parametrize(("section", "page"), sorted(MOVED.items()))
def test_every_former_section_lives_on(section: str, page: str) -> None:
    text = (REPO / page if page == "README.md" else DOCS / page).read_text(encoding="utf-8")
    titles = {t.strip() for t in re.findall(r"^#{1,4} (.+)$", text, re.M)}
    assert section in titles, f"{section!r} is no heading of {page}"


def test_the_speed_figures_are_on_the_speed_page() -> None:
    speed = (DOCS / "speed.md").read_text(encoding="utf-8")
    for figure in ("reference-tier fights/s", "a144a90", "fights/s against 0.8-3.5", "make bench"):
        assert figure in speed
    for page in ("maintainers.md", "gm-prep.md"):
        assert "speed.md" in (DOCS / page).read_text(encoding="utf-8")
