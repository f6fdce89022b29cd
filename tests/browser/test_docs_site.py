"""The rulebook site (``make docs``) in Chromium: every page renders, every internal link
resolves, nothing is fetched from outside the site, and the search finds a rule by its heading.

The session fixture builds the site as ``make docs`` does (Sphinx, incrementally into
``build/docs``: after ``make docs``, which ``make test`` runs first, this takes seconds) and
serves ``build/docs/html`` from a local http server. The pages are found on disk; each is
opened in Debian's Chromium (the ``chromium`` fixture of tests/browser/conftest.py), which
reports the links it shows; a link into the site must name a built page, and an anchor must
be an element id of that page. README.md's links into the site (``docs/<page>.md``) must be
built pages too.
"""

from __future__ import annotations

import functools
import http.server
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import Browser, Page

REPO = Path(__file__).resolve().parents[2]
OUT = REPO / "build" / "docs"
HTML = OUT / "html"
SPHINX = Path(sys.executable).parent / "sphinx-build"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """The built site served on a free localhost port; yields its base URL."""
    start = time.monotonic()
    done = subprocess.run([str(SPHINX), "-q", "-b", "html", "-d", str(OUT / "doctrees"),
                           str(REPO / "docs"), str(HTML)], capture_output=True, text=True,
                          cwd=REPO)
    assert done.returncode == 0, f"sphinx-build failed:\n{done.stderr[-3000:]}"
    print(f"docs built (incrementally) in {time.monotonic() - start:.1f} s")
    handler = functools.partial(_Quiet, directory=str(HTML))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def docs_page(chromium: Browser, site: str) -> Iterator[Page]:
    """A page that refuses (and records) every request leaving the site."""
    context = chromium.new_context()
    outside: list[str] = []

    def route(r) -> None:
        if r.request.url.startswith(site) or r.request.url.startswith("data:"):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()
    context.route("**/*", route)
    pg = context.new_page()
    pg.outside = outside  # type: ignore[attr-defined]
    try:
        yield pg
    finally:
        context.close()


def _pages() -> list[str]:
    return sorted(str(p.relative_to(HTML)) for p in HTML.rglob("*.html"))


@functools.lru_cache(maxsize=None)
def _ids(rel: str) -> frozenset[str]:
    text = (HTML / rel).read_text(encoding="utf-8")
    return frozenset(re.findall(r'\bid="([^"]+)"', text))


def _resolve(site: str, href: str) -> tuple[str, str] | None:
    """``(page, anchor)`` of a link into the site, or ``None`` for a link elsewhere."""
    if not href.startswith(site):
        return None
    parts = urlsplit(href)
    path = unquote(parts.path).lstrip("/") or "index.html"
    if path.endswith("/"):
        path += "index.html"
    return path, unquote(parts.fragment)


def test_every_page_renders_and_every_internal_link_resolves(docs_page: Page, site: str) -> None:
    page = docs_page
    pages = _pages()
    assert len(pages) > 80, pages
    for name in ("index.html", "rulesmap.html", "gm-prep.html", "add-ruleset.html",
                 "speed.html", "api.html", "notebooks/20-a-whole-fight.html"):
        assert name in pages
    broken: list[str] = []
    for rel in pages:
        page.goto(site + rel, wait_until="load")
        assert page.title().strip(), f"{rel} has no title"
        main = page.locator("article[role=main]")
        assert main.count() == 1, f"{rel} renders no article"
        # the search page is empty until it is asked (the search test asks it)
        assert main.inner_text().strip() or rel == "search.html", f"{rel} renders no content"
        hrefs = page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)")
        for href in hrefs:
            target = _resolve(site, href)
            if target is None:
                continue
            path, anchor = target
            if not (HTML / path).is_file():
                broken.append(f"{rel}: {href} (no page {path})")
            elif anchor and path.endswith(".html") and anchor not in _ids(path):
                broken.append(f"{rel}: {href} (no #{anchor} in {path})")
    assert not broken, "links into the site that go nowhere:\n" + "\n".join(sorted(set(broken)))
    assert not page.outside, f"requests leaving the site: {sorted(set(page.outside))[:10]}"


def test_the_search_finds_a_rule_by_its_heading(docs_page: Page, site: str) -> None:
    page = docs_page
    page.goto(site + "search.html?q=Determine+Awareness", wait_until="load")
    results = page.locator("#search-results ul.search li")
    results.first.wait_for(timeout=60_000)
    links = page.eval_on_selector_all("#search-results ul.search li a", "els => els.map(e => e.href)")
    assert any("rulesmap.html" in h or "15-taking-turns" in h or "20-a-whole-fight" in h
               for h in links), links


def test_the_rules_map_links_code_and_notebook_sections(docs_page: Page, site: str) -> None:
    page = docs_page
    page.goto(site + "rulesmap.html", wait_until="load")
    text = page.locator("article[role=main]").inner_text()
    assert "Flanking / Being Flanked" in text and "implemented" in text
    notebook_links = page.eval_on_selector_all(
        "article a[href*='notebooks/']", "els => els.map(e => e.href)")
    assert any("#" in h for h in notebook_links)
    # every documented (public) module of the engine has its page, subpackages' included
    # (autosummary :recursive:): most code references link; the rest name private helpers
    linked = page.locator("article a[href*='api/lfgcombat'] code").count()
    named = page.locator("article code.xref").count()
    assert named > 300 and linked >= 0.6 * named, (linked, named)


def test_readme_links_into_the_site_are_built_pages(site: str) -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(docs/([\w-]+)\.md\)", readme)
    assert len(targets) >= 8
    missing = [t for t in targets if not (HTML / f"{t}.html").is_file()]
    assert not missing, f"README.md links to pages the site does not build: {missing}"
