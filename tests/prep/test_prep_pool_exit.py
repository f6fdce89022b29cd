"""The local process pool of GM prep's reference tier (``lfgcombat/prep/run.py``,
``_processes``) shuts down as a run ends: a finished run waits for its idle workers, an
interrupted one cancels what has not started and returns at once.

A pool left to shut down in the background after a finished run raced the interpreter's
own exit: ``OSError: [Errno 9] Bad file descriptor`` from ``concurrent.futures``' exit
hook, printed after a two-process ``simulate`` (seen in ``make bench``)."""

from __future__ import annotations

import concurrent.futures
from concurrent.futures import Future
from typing import Any

import pytest

from lfgcombat.prep import run as prep_run


class _Pool:
    """A stand-in for ProcessPoolExecutor that plays each chunk at once and records how
    it was shut down."""

    shutdowns: list[dict[str, Any]] = []

    def __init__(self, max_workers: int, mp_context: Any = None) -> None:
        self.max_workers = max_workers

    def submit(self, fn: Any, *args: Any) -> Future:
        f: Future = Future()
        f.set_result(fn(*args))
        return f

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        _Pool.shutdowns.append({"wait": wait, "cancel_futures": cancel_futures})


@pytest.fixture
def pool(monkeypatch: pytest.MonkeyPatch) -> type[_Pool]:
    _Pool.shutdowns = []
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", _Pool)
    monkeypatch.setattr(prep_run, "run_chunk", lambda *a: {"chunk": a})
    return _Pool


def test_a_finished_run_waits_for_its_workers(pool: type[_Pool]) -> None:
    args = [("reference", i) for i in range(4)]
    got = list(prep_run._processes(args, list(range(4))))
    assert [t for t, _ in got] == [0, 1, 2, 3]
    assert [r["chunk"] for _, r in got] == args
    assert pool.shutdowns == [{"wait": True, "cancel_futures": False}]


def test_an_interrupted_run_returns_at_once(pool: type[_Pool]) -> None:
    run = prep_run._processes([("reference", i) for i in range(4)], list(range(4)))
    assert next(run)[0] == 0
    run.close()  # a Stop button or Ctrl-C: the generator is closed half-way
    assert pool.shutdowns == [{"wait": False, "cancel_futures": True}]
