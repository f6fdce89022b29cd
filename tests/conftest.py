"""Suite-wide settings: hypothesis profiles and where the rules texts are.

* **Hypothesis.** Two profiles: ``ci`` (loaded when ``CI=true``, as ``.ci/run`` sets) draws the
  same examples on every run (``derandomize``), never fails on a slow example (``deadline``),
  keeps no example database in the clean clone, and prints the blob that reproduces a
  failure; ``dev`` (otherwise) explores new examples each run. ``HYPOTHESIS_PROFILE=...``
  picks one explicitly. A test's own ``@settings`` still sets its example counts.
* **The rules texts.** The tests that compare the engine with the text read it from
  ``$LFG_SEEDS`` or ``../shared/seeds`` beside the repo (:func:`seeds_dir`) and skip when it is
  absent. With ``LFG_REQUIRE_SEEDS=1`` (``.ci/run``) such a skip is a failure instead, so CI
  cannot pass without checking the citations.
"""

from __future__ import annotations

import os
from collections.abc import Generator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Verbosity, settings

REPO = Path(__file__).resolve().parents[1]
#: The skip reasons of tests that need the rules texts (tests/test_tables.py & co. say
#: "rules texts ... not checked out"): under LFG_REQUIRE_SEEDS=1 these skips fail.
SEEDS_SKIP_MARKERS = ("rules texts", "shared/seeds")

settings.register_profile(
    "ci", derandomize=True, deadline=None, print_blob=True, database=None,
    suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", print_blob=True)
settings.register_profile("verbose", print_blob=True, verbosity=Verbosity.verbose)


def _truthy(value: str | None) -> bool:
    return (value or "").strip().lower() in {"1", "true", "yes", "on"}


def hypothesis_profile() -> str:
    """The profile for this run: ``$HYPOTHESIS_PROFILE``, else ``ci`` under ``CI``, else ``dev``."""
    return os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if _truthy(os.environ.get("CI"))
                                                      else "dev")


settings.load_profile(hypothesis_profile())


def seeds_required() -> bool:
    """True when a missing rules text must fail the run (``LFG_REQUIRE_SEEDS=1``)."""
    return _truthy(os.environ.get("LFG_REQUIRE_SEEDS"))


def seeds_dir() -> Path:
    """Where the rules texts are: ``$LFG_SEEDS``, else ``shared/seeds`` beside the repo."""
    return Path(os.environ.get("LFG_SEEDS") or REPO.parent / "shared" / "seeds")


def pytest_report_header(config: pytest.Config) -> list[str]:
    """Say which hypothesis profile runs and whether the rules texts are checked."""
    where = seeds_dir()
    state = "found" if where.is_dir() else "absent"
    need = ", required (LFG_REQUIRE_SEEDS=1)" if seeds_required() else ""
    return [f"hypothesis profile: {hypothesis_profile()}",
            f"rules texts: {where} ({state}{need})"]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item,
                              call: pytest.CallInfo[None]) -> Generator[None, pytest.TestReport,
                                                                         pytest.TestReport]:
    """Under ``LFG_REQUIRE_SEEDS=1`` a skip for missing rules texts is a failure."""
    report = yield
    if report.skipped and seeds_required():
        reason = str(report.longrepr)
        if any(marker in reason for marker in SEEDS_SKIP_MARKERS):
            report.outcome = "failed"
            report.longrepr = (
                "LFG_REQUIRE_SEEDS=1, but this test was skipped for want of the rules texts: "
                f"{reason}\nCheck them out at {REPO.parent / 'shared' / 'seeds'} (the tests "
                "read them there; LFG_SEEDS points tests/test_citations.py elsewhere).")
    return report


@pytest.fixture(scope="session")
def seeds() -> Path:
    """The folder of the rules texts; skips without it (fails under ``LFG_REQUIRE_SEEDS=1``)."""
    where = seeds_dir()
    if not (where / "000_8d1d7816ee944f3b.txt").is_file():
        why = f"the rules texts are not checked out at {where} (set LFG_SEEDS)"
        if seeds_required():
            pytest.fail(f"LFG_REQUIRE_SEEDS=1 but {why}")
        pytest.skip(why)
    return where
