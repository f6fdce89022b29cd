"""The rulebook site's sources (``make docs``; the built site is checked in Chromium by
tests/browser/test_docs_site.py): the API page lists every public module, the notebooks are
shown as committed, nothing is fetched from the network, and the generator comes from the
``[docs]`` extra that ``[test]`` includes."""

from __future__ import annotations

import pkgutil
import re
import tomllib
from pathlib import Path

import lfgcombat

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"


def public_modules() -> set[str]:
    """lfgcombat's top-level modules and packages not named ``_...``, and its widgets."""
    names = {m.name for m in pkgutil.iter_modules(lfgcombat.__path__)
             if not m.name.startswith("_")}
    return {f"lfgcombat.{name}" for name in names | {"widgets"}}


def test_the_api_page_lists_every_public_module() -> None:
    listed = set(re.findall(r"^   (lfgcombat(?:\.\w+)?)$",
                            (DOCS / "api.md").read_text(encoding="utf-8"), re.M))
    assert listed - {"lfgcombat"} == public_modules(), (
        "docs/api.md's autosummary must list exactly the public modules: add "
        f"{sorted(public_modules() - listed)}, remove {sorted(listed - public_modules() - {'lfgcombat'})}")


def _conf() -> dict[str, object]:
    namespace: dict[str, object] = {"__file__": str(DOCS / "conf.py")}
    exec(compile((DOCS / "conf.py").read_text(encoding="utf-8"), "docs/conf.py", "exec"),
         namespace)
    return namespace


def test_the_site_shows_the_notebooks_as_committed_and_fetches_nothing() -> None:
    conf = _conf()
    assert conf["nb_execution_mode"] == "off"
    assert conf["nb_ipywidgets_js"] == {}
    assert not any("intersphinx" in e for e in conf["extensions"])  # type: ignore[union-attr]
    assert conf["html_theme"] == "furo"
    assert (DOCS / "notebooks").resolve() == REPO / "notebooks"


def test_the_docs_extra_is_part_of_the_test_extra() -> None:
    extras = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["optional-dependencies"]
    names = {re.split(r"[<>=\[ ]", r)[0] for r in extras["docs"]}
    assert {"sphinx", "myst-nb", "furo"} <= names
    assert any("docs" in r for r in extras["test"] if r.startswith("lfgcombat["))


def test_every_page_of_the_site_is_in_its_table_of_contents() -> None:
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^([\w-]+)$", index, re.M))
    pages = {p.stem for p in DOCS.glob("*.md")} - {"index"}
    assert pages == listed, f"not in the toctree: {pages - listed}; no page: {listed - pages}"
