"""The mapped folders (``widgets/`` -> lfgcombat.widgets, ``data/`` -> lfgcombat.data) really
install, in both modes (DESIGN.md: setuptools' editable installs of mapped folders have
known bugs).

* ``pip install .``: built offline (``--no-build-isolation --no-deps``) from a pristine copy
  of the source tree into a ``--target`` folder, then imported by ``python -S`` whose only
  paths are that folder and the venv's site-packages (for pandas & co.) — the repo is not
  importable, so a missing subpackage or CSV fails here.
* ``pip install -e .``: the venv's own install (``make`` installs it editable) is imported from
  outside the repo, and must resolve into the repo's ``lfgcombat/``, ``widgets/`` and ``data/``.
* The core install (``pip install lfgcombat``, no extra) is the engine alone: the same built
  package is imported with every installed distribution outside the closure of the core
  ``dependencies`` hidden (the venv has the extras, so a meta-path blocker stands in for their
  absence); dice and an Encounter work, and ``import lfgcombat.widgets`` names the lab extra.
* One version source: ``lfgcombat.__version__`` is the installed distribution's version.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement

REPO = Path(__file__).resolve().parents[1]

# Run in a child interpreter; prints where things came from as JSON.
PROBE = r"""
import importlib.resources, json, sys
import lfgcombat, lfgcombat.widgets, lfgcombat.data
table = lfgcombat.load_table("die_steps")
data_dir = importlib.resources.files("lfgcombat.data")
print(json.dumps({
    "lfgcombat": lfgcombat.__file__,
    "widgets": lfgcombat.widgets.__file__,
    "data": lfgcombat.data.__file__,
    "data_files": sorted(p.name for p in data_dir.iterdir()),
    "die_steps_rows": len(table),
    "sys_path": sys.path,
}))
"""

# Never needed to build or import the package; copied trees stay small.
_IGNORE = shutil.ignore_patterns(
    ".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__", ".ipynb_checkpoints",
    ".pytest_cache", ".hypothesis", "notebooks", "tests", "output", "test-results",
)


def _probe(env: dict[str, str], cwd: Path, *python_args: str) -> dict:
    proc = subprocess.run(
        [sys.executable, *python_args, "-c", PROBE],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, f"import failed:\n{proc.stdout}\n{proc.stderr}"
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _data_files(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir() if p.suffix in {".csv", ".yaml", ".yml"}}


def _clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONNOUSERSITE"] = "1"
    return env


@pytest.fixture(scope="module")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``pip install .`` of a pristine copy of the source tree into a ``--target`` folder."""
    tmp_path = tmp_path_factory.mktemp("built")
    src = tmp_path / "src"
    shutil.copytree(REPO, src, ignore=_IGNORE)
    target = tmp_path / "site"
    pip = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
         "--no-build-isolation", "--no-input", "--disable-pip-version-check",
         "--target", str(target), str(src)],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )
    assert pip.returncode == 0, (
        "pip install . failed (the build uses the venv's setuptools/wheel from the test extra: "
        f"pip install -e '.[test]'):\n{pip.stdout}\n{pip.stderr}")
    return target


def _site_env(target: Path) -> dict[str, str]:
    env = _clean_env()
    env["PYTHONPATH"] = os.pathsep.join([str(target), sysconfig.get_paths()["purelib"]])
    return env


def test_regular_install_ships_widgets_and_data(built_site: Path, tmp_path: Path) -> None:
    target = built_site
    env = _site_env(target)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    # -S: no site, so no .pth files (the venv's editable finder) come into play.
    found = _probe(env, elsewhere, "-S")

    pkg = target / "lfgcombat"
    assert Path(found["lfgcombat"]) == pkg / "__init__.py"
    assert Path(found["widgets"]) == pkg / "widgets" / "__init__.py"
    assert Path(found["data"]) == pkg / "data" / "__init__.py"
    assert found["die_steps_rows"] > 0
    assert _data_files(REPO / "data") <= set(found["data_files"]), (
        "rules tables missing from the installed package: "
        f"{sorted(_data_files(REPO / 'data') - set(found['data_files']))} "
        "(see [tool.setuptools.package-data] in pyproject.toml)")
    assert _data_files(REPO / "data"), "no tables in data/?"
    assert (pkg / "py.typed").is_file(), "the PEP 561 marker lfgcombat/py.typed is not shipped"


# --- the core install: the engine alone ------------------------------------------------

def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pyproject() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def _closure(requirements: list[str]) -> set[str]:
    """Normalised names of the distributions a core install pulls (installed ones, recursively)."""
    seen: set[str] = set()
    todo = [Requirement(r) for r in requirements]
    while todo:
        req = todo.pop()
        name = _norm(req.name)
        if name in seen or (req.marker and not req.marker.evaluate({"extra": ""})):
            continue
        seen.add(name)
        try:
            dist = metadata.distribution(req.name)
        except metadata.PackageNotFoundError:
            continue  # not installed here, so it cannot leak into the probe either
        todo += [Requirement(r) for r in dist.requires or []]
    return seen


# The engine's work in a core install: dice, exact odds, a creature and a short fight.
CORE_PROBE = r"""
import importlib.abc, json, sys
HIDDEN = set(json.loads(sys.argv[1]))
tried = set()

class HideExtras(importlib.abc.MetaPathFinder):
    # Stands in for packages a core install does not have.
    def find_spec(self, name, path=None, target=None):
        top = name.partition(".")[0]
        if top in HIDDEN:
            tried.add(top)
            raise ModuleNotFoundError(f"No module named {name!r} (hidden)", name=name)
        return None

sys.meta_path.insert(0, HideExtras())
import lfgcombat as lfg
from lfgcombat.creature import load_example
roll = lfg.Roller(seed=7).roll("1d20+5", fortune="fortunate")
odds = lfg.at_least("1d20+5", 16)
rock, orc = load_example("rock"), load_example("orc")
enc = lfg.Encounter([rock, orc], sides={"party": ["Rock"], "orcs": ["Orc"]}, seed=3)
enc.start()
first = enc.current
enc.attack(first, "Orc" if first == "Rock" else "Rock")
try:
    import lfgcombat.widgets
    widgets_error = None
except ImportError as e:
    widgets_error = str(e)
engine_tried = sorted(tried)
print(json.dumps({
    "version": lfg.__version__,
    "roll": roll.explain(),
    "odds": odds,
    "events": len(enc.log),
    "widgets_error": widgets_error,
    "hidden_tried": engine_tried,
    "lfgcombat": lfg.__file__,
}))
"""


def test_core_install_runs_the_engine_without_the_lab_extra(built_site: Path,
                                                            tmp_path: Path) -> None:
    core = _closure(_pyproject()["project"]["dependencies"])
    modules = metadata.packages_distributions()
    hidden = sorted(mod for mod, dists in modules.items()
                    if mod != "lfgcombat" and not any(_norm(d) in core for d in dists))
    for lab_module in ("ipywidgets", "ipyleaflet", "jupyterlab", "matplotlib", "icepool"):
        if lab_module in modules:
            assert lab_module in hidden, f"{lab_module} must not be a core dependency"

    proc = subprocess.run(
        [sys.executable, "-S", "-c", CORE_PROBE, json.dumps(hidden)],
        cwd=tmp_path, env=_site_env(built_site), capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, (
        "the engine needs a package outside its core dependencies (pyproject "
        f"[project] dependencies):\n{proc.stdout}\n{proc.stderr}")
    found = json.loads(proc.stdout.strip().splitlines()[-1])

    assert Path(found["lfgcombat"]) == built_site / "lfgcombat" / "__init__.py"
    assert found["roll"].startswith("1d20+5 = ")
    assert found["odds"] == pytest.approx(0.5)  # 1d20+5 >= 16: a natural 11 or better
    assert found["events"] > 3
    assert found["widgets_error"] is not None, "lfgcombat.widgets imported without ipywidgets?"
    assert "lfgcombat[lab]" in found["widgets_error"]
    assert found["version"] == _built_version(built_site)


def _built_dist(target: Path) -> metadata.Distribution:
    dists = list(metadata.distributions(path=[str(target)]))
    assert [d.metadata["Name"] for d in dists] == ["lfgcombat"]
    return dists[0]


def _built_version(target: Path) -> str:
    return _built_dist(target).version


def test_built_metadata_declares_a_light_core_and_the_extras(built_site: Path) -> None:
    requires = [Requirement(r) for r in _built_dist(built_site).requires or []]
    core = {_norm(r.name) for r in requires if r.marker is None}
    assert core == {"pandas", "numpy", "pyyaml", "tqdm"}

    def extra(name: str) -> set[str]:
        return {_norm(r.name) for r in requires
                if r.marker is not None and r.marker.evaluate({"extra": name})}

    assert {"ipywidgets", "ipyleaflet", "jupyter-leaflet", "jupyterlab", "matplotlib"} <= extra(
        "lab")
    assert "numba" in extra("fast") and "dask" in extra("dask")
    assert {"pytest", "hypothesis", "icepool", "ruff", "mypy", "lfgcombat"} <= extra("test")


def test_one_version_source() -> None:
    import lfgcombat
    from lfgcombat import _version

    assert lfgcombat.__version__ == _version.__version__
    assert "version" in _pyproject()["project"]["dynamic"]
    assert "version" not in _pyproject()["project"], "the version lives in lfgcombat/_version.py"
    editable, _ = _is_editable_install()
    if editable:  # the venv's metadata was built from the same source
        assert metadata.version("lfgcombat") == lfgcombat.__version__


def _is_editable_install() -> tuple[bool, str]:
    # Look in site-packages only: `python -m pytest` puts the repo on sys.path, and the
    # lfgcombat.egg-info that a setuptools build leaves there is not the installed dist.
    site = sysconfig.get_paths()["purelib"]
    found = [d for d in metadata.distributions(path=[site]) if d.metadata["Name"] == "lfgcombat"]
    if not found:
        return False, f"lfgcombat is not installed in {sys.prefix} (run `make test`)"
    dist = found[0]
    raw = dist.read_text("direct_url.json")
    info = json.loads(raw) if raw else {}
    if not info.get("dir_info", {}).get("editable"):
        return False, (f"lfgcombat in {sys.prefix} is not an editable install "
                       f"({info or 'no direct_url.json'})")
    return True, ""


def test_editable_install_resolves_into_the_repo(tmp_path: Path) -> None:
    editable, why = _is_editable_install()
    if not editable:
        pytest.skip(why)
    found = _probe(_clean_env(), tmp_path)  # cwd outside the repo: only the install helps

    assert Path(found["lfgcombat"]) == REPO / "lfgcombat" / "__init__.py"
    assert Path(found["widgets"]) == REPO / "widgets" / "__init__.py"
    assert Path(found["data"]) == REPO / "data" / "__init__.py"
    assert found["die_steps_rows"] > 0
    assert _data_files(REPO / "data") <= set(found["data_files"])
    assert str(REPO) not in found["sys_path"], "the repo itself leaked onto sys.path"


# --- make lab plays in a working copy, never in the reference notebooks --------------------

def _lab_workspace():
    import importlib.util

    spec = importlib.util.spec_from_file_location("lab_workspace",
                                                  REPO / "tools" / "lab_workspace.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _notebook(path: Path, *sources: str, outputs: list | None = None) -> None:
    cells = [{"cell_type": "code", "source": s, "metadata": {}, "execution_count": None,
              "outputs": outputs or []} for s in sources]
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
                                "nbformat_minor": 5}), encoding="utf-8")


def test_make_lab_working_copy_keeps_the_reference_clean(tmp_path: Path) -> None:
    lab = _lab_workspace()
    ref, work = tmp_path / "notebooks", tmp_path / "work"
    (ref / "images").mkdir(parents=True)
    _notebook(ref / "a.ipynb", "1 + 1")
    _notebook(ref / "b.ipynb", "2 + 2")
    _notebook(ref / "c.ipynb", "3 + 3")
    (ref / "images" / "x.png").write_bytes(b"png")

    assert sorted(lab.sync(ref, work).copied) == ["a.ipynb", "b.ipynb", "c.ipynb",
                                                  "images/x.png"]
    # The user runs a (JupyterLab saves outputs), edits b, adds a notebook of their own.
    _notebook(work / "a.ipynb", "1 + 1", outputs=[{"output_type": "stream", "text": "2"}])
    _notebook(work / "b.ipynb", "2 + 2", "my own cell")
    _notebook(work / "mine.ipynb", "mine")
    # Maintainers change every reference notebook.
    for name in ("a", "b", "c"):
        _notebook(ref / f"{name}.ipynb", "# updated")
    before = {p: p.read_bytes() for p in ref.rglob("*") if p.is_file()}

    report = lab.sync(ref, work)
    assert sorted(report.refreshed) == ["a.ipynb", "c.ipynb"]  # outputs alone are not edits
    assert report.kept == ["b.ipynb"] and report.kept_stale == ["b.ipynb"]
    assert json.loads((work / "a.ipynb").read_text())["cells"][0]["source"] == "# updated"
    assert json.loads((work / "b.ipynb").read_text())["cells"][1]["source"] == "my own cell"
    assert json.loads((work / "mine.ipynb").read_text())["cells"][0]["source"] == "mine"
    assert {p: p.read_bytes() for p in ref.rglob("*") if p.is_file()} == before
    assert lab.sync(ref, work).refreshed == []  # idempotent


def test_every_package_folder_is_listed_in_pyproject() -> None:
    """setuptools ships only the packages listed in pyproject.toml: a new subpackage left off
    the list imports in an editable install but is missing from a regular one."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    dirs = {pkg: Path(d) for pkg, d in config["package-dir"].items()}
    found = set()
    for pkg, folder in dirs.items():
        for init in (REPO / folder).rglob("__init__.py"):
            rel = init.parent.relative_to(REPO / folder)
            if "__pycache__" in rel.parts:
                continue
            found.add(".".join([pkg, *rel.parts]) if rel.parts else pkg)
    assert found <= listed, f"add to [tool.setuptools] packages: {sorted(found - listed)}"
