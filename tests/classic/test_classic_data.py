"""The ``classic`` and ``wounds`` data tables load, and every heading they or the rules
modules cite is a line (or the start of one) of its text in ``shared/seeds``."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from lfgcombat.io.tables import load_table, parse_source

REPO = Path(__file__).resolve().parents[2]
PACKAGES = ("classic", "wounds")


def _tables() -> list[str]:
    names = []
    for pkg in PACKAGES:
        for path in sorted((REPO / "data" / pkg).glob("*.csv")):
            names.append(f"{pkg}/{path.stem}")
    return names


def _import_all() -> None:
    for pkg in PACKAGES:
        for path in sorted((REPO / "lfgcombat" / "rulesets" / pkg).glob("*.py")):
            importlib.import_module(f"lfgcombat.rulesets.{pkg}.{path.stem}".replace(".__init__", ""))


def _is_heading(heading: str, lines: list[str]) -> bool:
    return any(ln == heading or (ln.startswith(heading) and not ln[len(heading)].isalnum())
               for ln in lines)


def _lines(seeds: Path, file: str) -> list[str]:
    return [ln.strip() for ln in (seeds / file).read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("name", _tables())
def test_table_loads_and_cites_real_headings(name, seeds):
    _import_all()
    table = load_table(name)
    assert len(table) and "source" in table.columns
    for line, source in enumerate(table.source, start=2):
        cites, _why = parse_source(source)
        for file, heading in cites:
            assert _is_heading(heading, _lines(seeds, file)), (name, line, heading)


def _rule_calls() -> list[tuple[str, str, str]]:
    """(module, text file, heading) of every ``rule("...")`` call of the two packages."""
    texts = {"classic": "002_2a3a79475ca2a541.txt", "wounds": "003_de0e94afd49609a7.txt"}
    found = []
    for pkg in PACKAGES:
        for path in sorted((REPO / "lfgcombat" / "rulesets" / pkg).glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id == "rule"):
                    for arg in node.args:
                        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                            found.append((path.name, texts[pkg], arg.value))
    return found


def test_every_rule_call_cites_a_heading(seeds):
    calls = _rule_calls()
    assert calls
    for module, file, heading in calls:
        assert _is_heading(heading, _lines(seeds, file)), (module, heading)
