"""The mapped folders (``widgets/`` -> lfgcombat.widgets, ``data/`` -> lfgcombat.data) really
install, in both modes (DESIGN.md: setuptools' editable installs of mapped folders have
known bugs).

* ``pip install .``: built offline (``--no-build-isolation --no-deps``) from a pristine copy
  of the source tree into a ``--target`` folder, then imported by ``python -S`` whose only
  paths are that folder and the venv's site-packages (for pandas & co.) — the repo is not
  importable, so a missing subpackage or CSV fails here.
* ``pip install -e .``: the venv's own install (``make`` installs it editable) is imported from
  outside the repo, and must resolve into the repo's ``lfgcombat/``, ``widgets/`` and ``data/``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from importlib import metadata
from pathlib import Path

import pytest

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


def test_regular_install_ships_widgets_and_data(tmp_path: Path) -> None:
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

    env = _clean_env()
    env["PYTHONPATH"] = os.pathsep.join([str(target), sysconfig.get_paths()["purelib"]])
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
        return False, f"lfgcombat in {sys.prefix} is not an editable install ({info or 'no direct_url.json'})"
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
