#!/usr/bin/env python3
"""Print the code-shape targets of issue 10 and where the kit stands (``make targets``).

Targets (the house style in DESIGN.md; a justified exception says why in its docstring):

* no module over ~800 lines, no function over ~60 (measured with ``ast``: first to last
  line, docstring included) in ``lfgcombat/`` and ``widgets/``, as guides; there is no
  class-size target (issue 24: "the class-size target is gone"; DESIGN.md, "Plain over
  clever": a facade with many short delegating methods is fine);
* a class whose docstring has a paragraph starting ``Size exception:`` is listed with that
  reason instead of counting as a miss (the issue's "a justified exception says why in its
  docstring");
* zero import cycles among the ``lfgcombat`` modules: the cycles of the module-level imports,
  and separately those that only function-level imports close (an import moved into a
  function to dodge a cycle hides it; it does not break it). Imports under
  ``if TYPE_CHECKING:`` are not run and are not counted; nor are a module's own parent
  packages (Python imports those first anyway);
* zero mypy errors on ``lfgcombat/`` (if mypy is installed), per module;
* zero ruff findings (``[tool.ruff]`` in pyproject.toml), per rule.

Usage:
    python tools/targets.py            # the report
    python tools/targets.py --check    # ... and exit 1 when a target is missed
    python tools/targets.py --no-lint  # sizes and cycles only (no mypy/ruff run)
    python tools/targets.py --function-imports  # every function-level import of an engine
                                                # module, and whether it could be moved up
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGE = "lfgcombat"
# Where the engine and the UI live, as importable package names.
SOURCES = {"lfgcombat": REPO / "lfgcombat", "lfgcombat.widgets": REPO / "widgets"}
MAX_MODULE, MAX_CLASS, MAX_FUNCTION = 800, 600, 60
RUFF_PATHS = ["lfgcombat", "widgets", "tools", "tests"]


# --- sizes --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Sized:
    """A module, class or function and its length in lines."""

    where: str
    name: str
    lines: int
    justified: str = ""


def module_files() -> dict[str, Path]:
    """Dotted module name -> file, for every module of the engine and the widgets."""
    found: dict[str, Path] = {}
    for package, root in SOURCES.items():
        for path in sorted(root.rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join([package, *parts])] = path
    return found


def _span(node: ast.AST) -> int:
    return (getattr(node, "end_lineno", 0) or 0) - getattr(node, "lineno", 0) + 1


def sizes(files: dict[str, Path]) -> tuple[list[Sized], list[Sized], list[Sized]]:
    """Every module, class and function with its length, longest first."""
    modules, classes, functions = [], [], []
    for name, path in files.items():
        text = path.read_text(encoding="utf-8")
        rel = str(path.relative_to(REPO))
        modules.append(Sized(rel, name, len(text.splitlines())))
        for node, qual in _walk_defs(ast.parse(text), ""):
            item = Sized(f"{rel}:{node.lineno}", qual, _span(node), size_exception(node))
            (classes if isinstance(node, ast.ClassDef) else functions).append(item)
    def key(s: Sized) -> int:
        return -s.lines
    return sorted(modules, key=key), sorted(classes, key=key), sorted(functions, key=key)


def _walk_defs(node: ast.AST, prefix: str) -> Iterator[tuple[ast.AST, str]]:
    """Every class and function with its qualified name; those under ``if TYPE_CHECKING:``
    are not run (a type checker's view, e.g. Encounter's Protocol contexts) and are left
    out, as their imports are."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child):
            for other in child.orelse:
                yield from _walk_defs(ast.Module(body=[other], type_ignores=[]), prefix)
            continue
        if isinstance(child, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            qual = f"{prefix}{child.name}"
            yield child, qual
            yield from _walk_defs(child, qual + ".")
        else:
            yield from _walk_defs(child, prefix)


EXCEPTION = re.compile(r"^\s*Size exception:\s*(.+?)(?:\n\s*\n|\Z)", re.MULTILINE | re.DOTALL)


def size_exception(node: ast.AST) -> str:
    """The reason given in a class's docstring paragraph ``Size exception: ...`` (or "")."""
    doc = ast.get_docstring(node) if isinstance(node, ast.ClassDef) else None
    match = EXCEPTION.search(doc or "")
    return " ".join(match.group(1).split()) if match else ""


def _class_table(files: dict[str, Path]) -> tuple[dict[tuple[str, str], int],
                                                   dict[tuple[str, str], list[str]],
                                                   dict[tuple[str, str], str]]:
    """Each class of ours (module, qualified name): its body's lines, its bases' names and
    its docstring's size exception."""
    bodies: dict[tuple[str, str], int] = {}
    bases: dict[tuple[str, str], list[str]] = {}
    reasons: dict[tuple[str, str], str] = {}
    for name, path in files.items():
        for node, qual in _walk_defs(ast.parse(path.read_text(encoding="utf-8")), ""):
            if isinstance(node, ast.ClassDef):
                bodies[(name, qual)] = _span(node)
                bases[(name, qual)] = [ast.unparse(b).rsplit(".", 1)[-1] for b in node.bases]
                reasons[(name, qual)] = size_exception(node)
    return bodies, bases, reasons


def composed_classes(files: dict[str, Path]) -> list[Sized]:
    """Classes as they exist at run time: each class's own body plus the bodies of the
    ``lfgcombat`` classes it inherits (a facade stacked from rule classes is one class to
    whoever reads or changes it), longest first. Only the outermost classes with a base of
    ours count (a layer that another class of its package builds on is counted in that
    class; a class another package subclasses counts on its own too)."""
    bodies, bases, reasons = _class_table(files)
    by_name: dict[str, list[tuple[str, str]]] = {}
    for key in bodies:
        by_name.setdefault(key[1].rsplit(".", 1)[-1], []).append(key)

    def inherited(key: tuple[str, str], seen: set[tuple[str, str]]) -> set[tuple[str, str]]:
        found: set[tuple[str, str]] = set()
        for cand in (c for base in bases[key] for c in by_name.get(base, [])):
            if cand not in seen:
                found |= {cand} | inherited(cand, seen | {cand})
        return found
    def package(module: str) -> str:
        return ".".join(module.split(".")[:2])
    # a layer is a class its own package builds on (Encounter's rule classes); a class that
    # another package subclasses (prep's ScriptedEncounter over Encounter) still counts
    layer_names = {(package(k[0]), b) for k, bs in bases.items() for b in bs}
    out = []
    for key, own in bodies.items():
        layers = inherited(key, {key})
        if layers and (package(key[0]), key[1].rsplit(".", 1)[-1]) not in layer_names:
            out.append(Sized(f"{files[key[0]].relative_to(REPO)} (+{len(layers)} bases)",
                             key[1], own + sum(bodies[k] for k in layers), reasons[key]))
    return sorted(out, key=lambda s: -s.lines)

# --- import cycles ------------------------------------------------------------------------

@dataclass
class ImportGraph:
    """Edges between engine modules: run at import time, or only when a function runs."""

    module_level: dict[str, set[str]] = field(default_factory=dict)
    function_level: dict[str, set[str]] = field(default_factory=dict)
    function_imports: int = 0


def _resolve(current: str, is_package: bool, node: ast.ImportFrom | ast.Import,
             modules: set[str]) -> set[str]:
    """The engine modules an import statement loads (besides the top-level package)."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        base = current if is_package else current.rpartition(".")[0]
        for _ in range(max(node.level - 1, 0)):
            base = base.rpartition(".")[0]
        stem = (f"{base}.{node.module}" if node.module else base) if node.level else (
            node.module or "")
        names = [stem] + [f"{stem}.{a.name}" for a in node.names]
    targets = set()
    for name in names:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        if name and name != PACKAGE and not current.startswith(name + "."):
            targets.add(name)
    targets.discard(current)
    return targets


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST, in_function: bool = False
             ) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every run-time import with whether it sits inside a function."""
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child, in_function
        elif isinstance(child, ast.If) and _is_type_checking(child):
            for other in child.orelse:
                yield from _imports(ast.Module(body=[other], type_ignores=[]), in_function)
        else:
            nested = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                       ast.Lambda))
            yield from _imports(child, nested)


def import_graph(files: dict[str, Path]) -> ImportGraph:
    """The import edges among the ``lfgcombat`` modules (not the widgets)."""
    engine = {m: p for m, p in files.items()
              if m == PACKAGE or (m.startswith(PACKAGE + ".")
                                  and not m.startswith(PACKAGE + ".widgets"))}
    graph = ImportGraph()
    for name, path in engine.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph.module_level[name], graph.function_level[name] = set(), set()
        for node, in_function in _imports(tree):
            targets = _resolve(name, path.name == "__init__.py", node, set(engine))
            if in_function:
                graph.function_level[name] |= targets
                graph.function_imports += bool(targets)
            else:
                graph.module_level[name] |= targets
    return graph


@dataclass(frozen=True)
class FunctionImport:
    """One function-level import of engine modules: where, the statement, and the engine
    modules (if any) that already import its module back at module level, so that moving
    it to the top would close a cycle."""

    where: str
    statement: str
    back: tuple[str, ...]


def function_imports(files: dict[str, Path]) -> list[FunctionImport]:
    """Every function-level import of ``lfgcombat`` modules, in file order (what the count
    "function-level imports of engine modules" counts). ``back`` is empty when the module-
    level imports as they are would let it move to module level without a cycle."""
    graph = import_graph(files)

    def reaches(start: str, goal: str) -> bool:
        seen, todo = set(), [start]
        while todo:
            m = todo.pop()
            if m == goal:
                return True
            if m not in seen:
                seen.add(m)
                todo.extend(graph.module_level.get(m, ()))
        return False

    found = []
    for name in sorted(graph.module_level):
        path = files[name]
        for node, in_function in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            targets = _resolve(name, path.name == "__init__.py", node, set(graph.module_level))
            if in_function and targets:
                back = tuple(sorted(t for t in targets if reaches(t, name)))
                found.append(FunctionImport(f"{path.relative_to(REPO)}:{node.lineno}",
                                            ast.unparse(node), back))
    return found


class _Tarjan:
    """Tarjan's strongly connected components of a small directed graph."""

    def __init__(self, edges: dict[str, set[str]]) -> None:
        self.edges = edges
        self.index: dict[str, int] = {}
        self.low: dict[str, int] = {}
        self.stack: list[str] = []
        self.found: list[list[str]] = []

    def visit(self, v: str) -> None:
        self.index[v] = self.low[v] = len(self.index)
        self.stack.append(v)
        for w in sorted(self.edges.get(v, ())):
            if w not in self.index:
                self.visit(w)
                self.low[v] = min(self.low[v], self.low[w])
            elif w in self.stack:
                self.low[v] = min(self.low[v], self.index[w])
        if self.low[v] == self.index[v]:
            component = [self.stack.pop()]
            while component[-1] != v:
                component.append(self.stack.pop())
            if len(component) > 1:
                self.found.append(sorted(component))


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module."""
    tarjan = _Tarjan(edges)
    for v in sorted(edges):
        if v not in tarjan.index:
            tarjan.visit(v)
    return sorted(tarjan.found)


# --- lint counts --------------------------------------------------------------------------

def _tool(name: str) -> str | None:
    local = Path(sys.executable).with_name(name)
    return str(local) if local.exists() else shutil.which(name)


def mypy_errors() -> Counter[str] | None:
    """mypy errors per file on ``lfgcombat/`` ([tool.mypy]); None without mypy."""
    exe = _tool("mypy")
    if exe is None:
        return None
    proc = subprocess.run([exe, "--no-color-output", "--no-error-summary"], cwd=REPO,
                          capture_output=True, text=True)
    return Counter(m.group(1) for m in re.finditer(r"^(\S+?\.py):\d+: error:", proc.stdout,
                                                   re.MULTILINE))


def ruff_findings() -> Counter[str] | None:
    """ruff findings per rule code ([tool.ruff]); None without ruff."""
    exe = _tool("ruff")
    if exe is None:
        return None
    proc = subprocess.run([exe, "check", "--output-format", "json", "--exit-zero", *RUFF_PATHS],
                          cwd=REPO, capture_output=True, text=True)
    return Counter(f"{f['code']} {f['filename'].removeprefix(str(REPO) + '/').split('/')[0]}/"
                   for f in json.loads(proc.stdout or "[]"))


# --- the report ---------------------------------------------------------------------------

def _over(title: str, items: list[Sized], limit: int) -> tuple[list[str], bool]:
    over = [s for s in items if s.lines > limit and not s.justified]
    excused = [s for s in items if s.lines > limit and s.justified]
    lines = [f"{title} over {limit} lines: {len(over)}"
             + (f" (and {len(excused)} justified)" if excused else "")]
    lines += [f"    {s.lines:5d}  {s.name}  ({s.where})" for s in over]
    lines += [f"    {s.lines:5d}  {s.name}  ({s.where}) justified: {s.justified}"
              for s in excused]
    return lines, not over


def _cycle_lines(graph: ImportGraph) -> list[tuple[list[str], bool]]:
    static = cycles(graph.module_level)
    both = {m: graph.module_level[m] | graph.function_level[m] for m in graph.module_level}
    hidden = [c for c in cycles(both) if c not in static]
    first = [f"import cycles among lfgcombat modules (module-level imports): {len(static)}"]
    first += ["    " + " <-> ".join(c) for c in static]
    second = ["import cycles closed only by function-level imports: "
              f"{len(hidden)} (function-level imports of engine modules: "
              f"{graph.function_imports})"]
    second += ["    " + " <-> ".join(c) for c in hidden]
    return [(first, not static), (second, not hidden)]


def _count_lines(title: str, counts: Counter[str] | None, missing: str) -> tuple[list[str], bool]:
    if counts is None:
        return [f"{title}: not run ({missing})"], True
    lines = [f"{title}: {sum(counts.values())}"]
    lines += [f"    {n:5d}  {what}" for what, n in sorted(counts.items(), key=lambda kv: -kv[1])]
    return lines, not counts


def report(lint: bool = True) -> tuple[list[str], bool]:
    """The report's lines and whether every target is met."""
    files = module_files()
    modules, classes, functions = sizes(files)
    sections = [_over("modules", modules, MAX_MODULE),
                _over("functions", functions, MAX_FUNCTION), *_cycle_lines(import_graph(files))]
    if lint:
        sections.append(_count_lines("mypy errors (lfgcombat/)", mypy_errors(),
                                     "pip install mypy, or make install"))
        sections.append(_count_lines(f"ruff findings ({', '.join(RUFF_PATHS)})",
                                     ruff_findings(), "pip install ruff, or make install"))
    lines: list[str] = []
    for body, ok in sections:
        lines += [("ok    " if ok else "MISS  ") + body[0], *body[1:]]
    return lines, all(ok for _, ok in sections)


def main(argv: list[str] | None = None) -> int:
    """Command line entry point (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    parser.add_argument("--no-lint", action="store_true", help="skip the mypy and ruff runs")
    parser.add_argument("--function-imports", action="store_true",
                        help="list the function-level imports of engine modules")
    args = parser.parse_args(argv)
    if args.function_imports:
        for f in function_imports(module_files()):
            why = f"  (closes a cycle through {', '.join(f.back)})" if f.back else ""
            print(f"{f.where}: {f.statement}{why}")
        return 0
    lines, ok = report(lint=not args.no_lint)
    print("\n".join(lines))
    print("all targets met" if ok else "targets missed: see the MISS lines")
    return 1 if args.check and not ok else 0


if __name__ == "__main__":
    sys.exit(main())
