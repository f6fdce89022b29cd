"""Shared timing for the benchmarks (run as scripts by ``make bench``)."""

from __future__ import annotations

import random
import shutil
import subprocess
import tarfile
import time
from collections.abc import Callable
from io import BytesIO
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def best_of(fn: Callable[[], object], repeats: int = 5) -> float:
    """The fastest of ``repeats`` runs of ``fn``, in seconds (the least disturbed run)."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def engine_at(commit: str, into: Path) -> Path | None:
    """Unpack the engine (``lfgcombat/`` and ``data/``) of ``commit`` into ``into``, to run
    it beside today's in a subprocess (``None`` without git or without that commit)."""
    if shutil.which("git") is None:
        return None
    done = subprocess.run(["git", "-C", str(REPO), "archive", commit, "lfgcombat", "data"],
                          capture_output=True)
    if done.returncode != 0:
        return None
    with tarfile.open(fileobj=BytesIO(done.stdout)) as tar:
        safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
        tar.extractall(into, **safe)  # type: ignore[arg-type]
    (into / "lfgcombat" / "data").symlink_to(into / "data", target_is_directory=True)
    return into


def d20_attacks(n: int, bonus: int, ac: int, confirm_ac: int, threat: int) -> None:
    """``n`` longsword attacks (1d8+3, a threat from ``threat``, x2) rolled with the ``d20``
    library: the attack roll, the confirmation and the damage, as a table would."""
    import d20
    random.seed(1)
    for _ in range(n):
        a = d20.roll(f"1d20+{bonus}")
        nat = a.total - bonus
        if nat == 20 or (nat != 1 and a.total >= ac):
            if nat >= threat:
                c = d20.roll(f"1d20+{bonus}")
                cn = c.total - bonus
                if cn == 20 or (cn != 1 and c.total >= confirm_ac):
                    d20.roll("2d8+6")
                    continue
            d20.roll("1d8+3")
