#!/usr/bin/env python3
"""Make or refresh the working copy of the notebooks that ``make lab`` opens.

The committed notebooks in ``notebooks/`` are the reference that nbval compares (``make
test``); JupyterLab autosaves whatever is open, so playing in them would dirty the reference.
``make lab`` therefore opens a working copy (``work/`` by default, git-ignored):

* a file missing from the working copy is copied from ``notebooks/``;
* a file the user has not changed since it was copied is refreshed when the reference has
  changed (for a notebook, "not changed" means the same cells: outputs, execution counts and
  metadata that JupyterLab rewrites on save do not count);
* a file the user has changed is kept, and the script says which reference it differs from;
* files of the user's own (not in ``notebooks/``) are never touched.

What was copied is recorded in ``<work>/.lab-manifest.json``. ``make notebooks`` (the
maintainers' way to re-execute the reference) is unaffected. To start over, delete the
working copy (``rm -rf work``) and run ``make lab`` again.

Usage:
    python tools/lab_workspace.py                 # notebooks/ -> work/
    python tools/lab_workspace.py --dest /tmp/w   # somewhere else
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
MANIFEST = ".lab-manifest.json"
SKIP_PARTS = {".ipynb_checkpoints", "__pycache__"}


def fingerprint(path: Path) -> str:
    """What counts as the user's content of ``path``: a notebook's cells, else the bytes.

    Args:
        path: A file of the reference or of the working copy.

    Returns:
        A sha256 hex digest; equal digests mean the user changed nothing that matters.
    """
    data = path.read_bytes()
    if path.suffix == ".ipynb":
        try:
            cells = json.loads(data)["cells"]
            data = json.dumps([[c.get("cell_type"), "".join(c.get("source", ""))]
                               for c in cells], ensure_ascii=False).encode("utf-8")
        except (ValueError, KeyError, TypeError, AttributeError):
            pass  # not a readable notebook: compare the bytes
    return hashlib.sha256(data).hexdigest()


@dataclass
class Report:
    """What one sync did, file by file (paths relative to the reference folder)."""

    copied: list[str] = field(default_factory=list)
    refreshed: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    kept_stale: list[str] = field(default_factory=list)

    def lines(self, dest: Path) -> list[str]:
        """The summary printed by :func:`main`."""
        out = [f"working copy: {dest}"]
        if self.copied:
            out.append(f"  copied {len(self.copied)} new file(s)")
        if self.refreshed:
            out.append("  refreshed from notebooks/: " + ", ".join(self.refreshed))
        if self.kept:
            out.append(f"  kept your changes to {len(self.kept)} file(s): "
                       + ", ".join(self.kept))
        for rel in self.kept_stale:
            out.append(f"  note: notebooks/{rel} changed since you copied it; your edited "
                       f"copy is kept (delete {dest.name}/{rel} to get the new one)")
        return out


def sync(reference: Path, dest: Path) -> Report:
    """Bring the working copy ``dest`` up to date with ``reference`` without losing edits.

    Args:
        reference: The committed notebooks folder.
        dest: The working copy (created if missing).

    Returns:
        What was copied, refreshed and kept.
    """
    dest.mkdir(parents=True, exist_ok=True)
    manifest_path = dest / MANIFEST
    try:
        manifest: dict[str, str] = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        manifest = {}
    report = Report()
    for src in sorted(reference.rglob("*")):
        rel = src.relative_to(reference)
        if not src.is_file() or SKIP_PARTS & set(rel.parts):
            continue
        _sync_file(src, dest / rel, rel.as_posix(), manifest, report)
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n",
                             encoding="utf-8")
    return report


def _sync_file(src: Path, dst: Path, key: str, manifest: dict[str, str],
               report: Report) -> None:
    ref = fingerprint(src)
    if not dst.exists():
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)
        manifest[key] = ref
        report.copied.append(key)
        return
    mine = fingerprint(dst)
    if mine == ref:
        manifest[key] = ref  # in step with the reference (perhaps only outputs differ)
    elif mine == manifest.get(key):
        shutil.copy2(src, dst)  # untouched by the user, and the reference moved on
        manifest[key] = ref
        report.refreshed.append(key)
    else:
        report.kept.append(key)
        if manifest.get(key) not in (None, ref):
            report.kept_stale.append(key)


def main(argv: list[str] | None = None) -> int:
    """Command line entry point (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, default=REPO / "notebooks",
                        help="the committed notebooks (default: notebooks/)")
    parser.add_argument("--dest", type=Path, default=REPO / "work",
                        help="the working copy JupyterLab opens (default: work/)")
    args = parser.parse_args(argv)
    if not args.reference.is_dir():
        print(f"no reference notebooks at {args.reference}", file=sys.stderr)
        return 2
    report = sync(args.reference, args.dest)
    print("\n".join(report.lines(args.dest)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
