#!/usr/bin/env python3
"""Re-execute the rulebook notebooks in place, ready to commit (``make notebooks``).

Each notebook is run top to bottom with nbclient in a fresh ``python3`` kernel of *this*
interpreter (the venv's, so the editable lfgcombat is what runs), with ``notebooks/`` as the
working directory, exactly as ``pytest --nbval`` will later re-run it. Before writing it:

* ``metadata.kernelspec`` is set to the python3 kernelspec (without it JupyterLab opens a
  kernel picker and the browser tests hang);
* ``metadata.widgets`` (saved widget state, hundreds of KB for a battle map) is removed;
* per-cell execution timing metadata is not recorded, and widget outputs get model ids
  derived from their position, so re-running an unchanged notebook changes nothing (but
  ``language_info.version``, the Python that ran it).

A notebook whose execution raises is not written (unless ``--allow-errors``); the script
exits non-zero naming it.

Usage:
    python tools/run_notebooks.py                      # every notebooks/*.ipynb
    python tools/run_notebooks.py notebooks/00-quickstart.ipynb --timeout 300
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

import nbformat
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError
from traitlets import default

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
KERNEL_NAME = "python3"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
KERNELSPEC = {"name": KERNEL_NAME, "display_name": "Python 3 (ipykernel)", "language": "python"}


class CurrentEnvKernelSpecManager(KernelSpecManager):
    """Resolves ``python3`` to an ipykernel of the running interpreter.

    A user-level ``python3`` kernelspec (``~/.local/share/jupyter/kernels``) may point at
    another Python without lfgcombat; nbval's ``--nbval-current-env`` sidesteps it the
    same way.
    """

    def get_kernel_spec(self, kernel_name: str):  # noqa: D102 - see class docstring
        if kernel_name == KERNEL_NAME:
            import ipykernel.kernelspec

            return self.kernel_spec_class(
                resource_dir=ipykernel.kernelspec.RESOURCES,
                **ipykernel.kernelspec.get_kernel_dict(),
            )
        return super().get_kernel_spec(kernel_name)


class CurrentEnvKernelManager(AsyncKernelManager):
    """An AsyncKernelManager that resolves kernels with ``CurrentEnvKernelSpecManager``."""

    @default("kernel_spec_manager")
    def _default_kernel_spec_manager(self) -> KernelSpecManager:
        return CurrentEnvKernelSpecManager(data_dir=self.data_dir)


def clean_metadata(nb: nbformat.NotebookNode, name: str) -> None:
    """Set the python3 kernelspec; drop saved widget state and timing metadata; give widget
    outputs model ids derived from their position (the random ones point at state that is
    not saved anyway, and would change on every run)."""
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    nb.metadata.pop("widgets", None)
    for i, cell in enumerate(nb.cells):
        cell.metadata.pop("execution", None)
        # How print() output is chunked into stream outputs depends on timing; merge
        # consecutive chunks of the same stream so a re-run writes the same file.
        merged: list = []
        for output in cell.get("outputs", []):
            if (merged and output.get("output_type") == "stream"
                    and merged[-1].get("output_type") == "stream"
                    and merged[-1].get("name") == output.get("name")):
                merged[-1]["text"] += output["text"]
            else:
                merged.append(output)
        if "outputs" in cell:
            cell["outputs"] = merged
        for j, output in enumerate(cell.get("outputs", [])):
            view = output.get("data", {}).get(WIDGET_VIEW)
            if isinstance(view, dict) and "model_id" in view:
                view["model_id"] = hashlib.md5(f"{name}:{i}:{j}".encode()).hexdigest()


def run_notebook(path: Path, timeout: int, allow_errors: bool) -> float:
    """Execute ``path`` in place. Returns the seconds taken; raises on a failing cell."""
    nb = nbformat.read(path, as_version=4)
    clean_metadata(nb, path.name)
    client = NotebookClient(
        nb,
        kernel_manager_class=CurrentEnvKernelManager,
        timeout=timeout,
        kernel_name=KERNEL_NAME,
        allow_errors=allow_errors,
        record_timing=False,
        store_widget_state=False,
        resources={"metadata": {"path": str(NOTEBOOKS)}},
    )
    start = time.perf_counter()
    client.execute()
    elapsed = time.perf_counter() - start
    clean_metadata(nb, path.name)  # after the run: new outputs, maybe widget state
    nbformat.validate(nb)
    nbformat.write(nb, path)
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path,
                        help="notebooks to run (default: every notebooks/*.ipynb)")
    parser.add_argument("--timeout", type=int, default=600,
                        help="seconds allowed per cell (default 600)")
    parser.add_argument("--allow-errors", action="store_true",
                        help="write notebooks even if a cell raises")
    args = parser.parse_args(argv)

    paths = args.notebooks or sorted(NOTEBOOKS.glob("*.ipynb"))
    if not paths:
        print(f"no notebooks found in {NOTEBOOKS}", file=sys.stderr)
        return 1
    failed: list[str] = []
    for path in paths:
        path = path.resolve()
        try:
            rel = path.relative_to(REPO)
        except ValueError:
            rel = path
        try:
            elapsed = run_notebook(path, args.timeout, args.allow_errors)
        except CellExecutionError as exc:
            print(f"{rel}: FAILED (not written)\n{exc}", flush=True)
            failed.append(str(rel))
            continue
        except Exception as exc:  # timeout, dead kernel, invalid notebook...
            print(f"{rel}: FAILED (not written): {type(exc).__name__}: {exc}", flush=True)
            failed.append(str(rel))
            continue
        print(f"{rel}: ok ({elapsed:.1f} s)", flush=True)
    if failed:
        print(f"{len(failed)} notebook(s) failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    print(f"{len(paths)} notebook(s) executed and written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
