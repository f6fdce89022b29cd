"""No ruleset is named outside its own code (issue 24, item 3: "Rulesets found by name,
never listed"; python-chess's ``pgn.py`` calls ``find_variant(name)`` and never names a
variant). Every other module asks the ruleset object: its policies, ``lfg_switches``,
``reminders``, ``fast_kernel`` (lfgcombat/rulesets/base.py, ``RulesetDefinition``).

A ruleset's own code is a module in a folder named after it (``classic/``, ``wounds/``) or
named after it (``prep/fast_classic.py``, ``prep/kernel_wounds.py``): its kernel, its
policies. Elsewhere the scan below finds no ruleset's name, alias or text file as a string
in code (docstrings say which rulesets exist, for people; a value's field named like a
ruleset, ``vitals["wounds"]``, is data, not the ruleset).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from lfgcombat.rulesets import definition, names

ROOT = Path(__file__).resolve().parents[2]
BUILT_IN = ("classic", "wounds")  # the kit's own rulesets besides lfg, whose code is theirs


def _words() -> set[str]:
    out: set[str] = set()
    for name in BUILT_IN:
        spec = definition(name)
        out |= {spec.name, spec.text, *spec.aliases}
    return out


def _own_code(path: Path) -> bool:
    rel = path.relative_to(ROOT)
    return any(part in BUILT_IN for part in rel.parts[:-1]) or any(
        rel.stem.endswith(f"_{name}") or rel.stem == name for name in BUILT_IN)


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and \
                isinstance(body[0].value, ast.Constant):
            found.add(id(body[0].value))
    return found


def _fields(tree: ast.AST) -> set[int]:
    """Constants used as a key: ``x["wounds"]``, ``x.get("wounds")``."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            found.add(id(node.slice))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr == "get" and node.args and isinstance(node.args[0], ast.Constant):
            found.add(id(node.args[0]))
    return found


def named(path: Path, words: set[str], root: Path = ROOT) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree) | _fields(tree)
    return [f"{path.relative_to(root)}:{n.lineno}: {n.value!r}" for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in skip and n.value in words]


def test_the_built_in_rulesets_are_registered():
    assert set(BUILT_IN) <= set(names())


def test_no_module_but_a_ruleset_s_own_names_a_ruleset():
    words = _words()
    files = sorted((ROOT / "lfgcombat").rglob("*.py")) + sorted((ROOT / "widgets").rglob("*.py"))
    found = [hit for f in files if not _own_code(f) for hit in named(f, words)]
    assert not found, "ask the ruleset object instead:\n" + "\n".join(found)


@pytest.mark.parametrize("source, hits", [
    ('if ruleset.name == "classic":\n    pass\n', 1),
    ('KERNELS = {"wounds": "fast_wounds"}\n', 1),
    ('TEXT = "003_de0e94afd49609a7.txt"\n', 1),
    ('x = v.get("wounds")\ny = v["wounds"]\n', 0),
    ('def f():\n    """Under classic or wounds."""\n', 0),
])
def test_the_scan_finds_a_name_in_code_and_not_in_words(tmp_path, source, hits):
    (tmp_path / "m.py").write_text(source, encoding="utf-8")
    assert len(named(tmp_path / "m.py", _words(), tmp_path)) == hits
