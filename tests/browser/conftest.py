"""Browser-test harness: a throwaway JupyterLab server driven by Debian's Chromium.

Fixtures (use them from any test under ``tests/browser/``):

* ``lab_server`` (session): JupyterLab from this venv on a free localhost port with a
  random token, serving a *copy* of ``notebooks/`` (the committed notebooks are never
  touched), with its own config/data/runtime/settings/workspaces dirs, the news pop-up off
  and cell windowing off, in its own process group that is killed at the end.
* ``chromium`` (session): a headless ``/usr/bin/chromium`` launched by Playwright's sync API
  (never a Playwright browser download).
* ``lab`` (function): a fresh browser context + page on the server. Most tests need only::

      def test_something(lab):
          nb = lab.run_notebook("00-quickstart.ipynb")   # open, run all, wait, no errors
          assert nb.page.locator(".lfg-dicelog tr.lfg-roll").count() > 0
          nb.cell(3).locator("button").click()           # drive a widget
          nb.screenshot("after-click.png")                # into tests/browser/output/<test>/

  ``lab.server.write_notebook("x.ipynb", ["code", ...])`` serves an ad-hoc notebook.

Every test here gets the ``browser`` marker and runs after all other tests (so the server
and Chromium are not alive while nbval runs). A failing test leaves a screenshot, the
browser console and the server log path in its output folder / captured output.

Environment: ``LFG_CHROMIUM`` (default ``/usr/bin/chromium``); ``LFG_REQUIRE_BROWSER=1``
(set by ``make test``) turns "Chromium missing" from a skip into a failure.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, Playwright, sync_playwright

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
OUTPUT = Path(__file__).resolve().parent / "output"
HERE = Path(__file__).resolve().parent

CHROMIUM = os.environ.get("LFG_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
VIEWPORT = {"width": 1400, "height": 1000}

# JupyterLab user settings for the test server: no news/update pop-up (it would cover
# outputs in screenshots and steal focus), every cell attached to the DOM (the default
# "contentVisibility"/"full" windowing can leave off-screen widgets unrendered), no autosave.
LAB_SETTINGS: dict[str, dict[str, Any]] = {
    "@jupyterlab/apputils-extension/notification": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none", "scrollPastEnd": False},
    "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
}


# --------------------------------------------------------------------------------------
# collection: mark and order
# --------------------------------------------------------------------------------------
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark everything under tests/browser/ as ``browser`` and run browser tests last."""
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)
    items.sort(key=lambda it: it.get_closest_marker("browser") is not None)  # stable sort


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Any:
    """Remember each phase's report on the item, for the failure artefacts in ``lab``."""
    report = yield
    setattr(item, f"lfg_report_{report.when}", report)
    return report


# --------------------------------------------------------------------------------------
# the JupyterLab server
# --------------------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class LabServer:
    """A JupyterLab server in its own process group, serving ``root_dir``."""

    base: Path  # scratch dir holding root_dir, config, runtime, settings, logs
    root_dir: Path = field(init=False)
    token: str = field(default_factory=lambda: secrets.token_hex(24))
    port: int = 0
    proc: subprocess.Popen | None = None
    log_path: Path = field(init=False)

    def __post_init__(self) -> None:
        self.root_dir = self.base / "notebooks"
        self.log_path = self.base / "jupyter-lab.log"

    # -- urls & api ---------------------------------------------------------------------
    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def lab_url(self, path: str = "") -> str:
        """URL opening ``path`` (relative to root_dir) in a reset workspace."""
        tree = f"/tree/{urllib.request.quote(path)}" if path else ""
        return f"{self.url}/lab{tree}?reset&token={self.token}"

    def api(self, method: str, path: str, timeout: float = 10) -> Any:
        req = urllib.request.Request(
            f"{self.url}{path}", method=method,
            headers={"Authorization": f"token {self.token}"},
        )
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            body = resp.read()
        return json.loads(body) if body else None

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no server log)"
        return "\n".join(text.splitlines()[-lines:])

    # -- content ------------------------------------------------------------------------
    def write_notebook(self, name: str, cells: Sequence[str | dict]) -> Path:
        """Write an ad-hoc notebook (python3 kernelspec) into the served root.

        Args:
            name: File name relative to root_dir, e.g. ``"scratch/x.ipynb"``.
            cells: Code cell sources, or ready-made nbformat cell dicts.

        Returns:
            The notebook's path on disk.
        """
        import nbformat

        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {
            "name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python",
        }
        nb.cells = [nbformat.v4.new_code_cell(c) if isinstance(c, str)
                    else nbformat.from_dict(c) for c in cells]
        path = self.root_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, path)
        return path

    # -- lifecycle ----------------------------------------------------------------------
    def start(self, timeout: float = 120) -> None:
        """Copy notebooks/, write settings, start ``jupyter lab``, wait for /api/status."""
        dirs = {k: self.base / k for k in
                ("config", "data", "runtime", "settings", "workspaces", "ipython")}
        for d in dirs.values():
            d.mkdir(parents=True, exist_ok=True)
        if NOTEBOOKS.is_dir():
            shutil.copytree(NOTEBOOKS, self.root_dir, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
        else:
            self.root_dir.mkdir(parents=True, exist_ok=True)
        for plugin, values in LAB_SETTINGS.items():
            f = dirs["settings"] / f"{plugin}.jupyterlab-settings"
            f.parent.mkdir(parents=True, exist_ok=True)
            f.write_text(json.dumps(values, indent=2))

        env = dict(os.environ)
        env.update(
            JUPYTER_CONFIG_DIR=str(dirs["config"]),
            JUPYTER_DATA_DIR=str(dirs["data"]),  # hides user kernelspecs: venv's python3 wins
            JUPYTER_RUNTIME_DIR=str(dirs["runtime"]),
            JUPYTER_PLATFORM_DIRS="1",
            IPYTHONDIR=str(dirs["ipython"]),  # no user startup files in the kernels
            PYDEVD_DISABLE_FILE_VALIDATION="1",
        )
        jupyter = Path(sys.executable).with_name("jupyter")
        last_error = ""
        for _attempt in range(3):  # the free port can be taken between probe and bind
            self.port = _free_port()
            cmd = [
                str(jupyter), "lab",
                "--no-browser",
                "--ServerApp.ip=127.0.0.1",
                f"--ServerApp.port={self.port}",
                "--ServerApp.port_retries=0",
                f"--IdentityProvider.token={self.token}",
                f"--ServerApp.root_dir={self.root_dir}",
                "--LabApp.expose_app_in_browser=True",
                f"--LabApp.user_settings_dir={dirs['settings']}",
                f"--LabApp.workspaces_dir={dirs['workspaces']}",
                "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                "--LabApp.news_url=",
                "--ServerApp.terminals_enabled=False",
            ]
            if os.geteuid() == 0:
                cmd.append("--allow-root")
            with open(self.log_path, "ab") as log:
                log.write(f"\n$ {' '.join(cmd)}\n".encode())
                log.flush()
                self.proc = subprocess.Popen(
                    cmd, cwd=self.base, env=env, stdin=subprocess.DEVNULL,
                    stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                )
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    last_error = f"jupyter lab exited with {self.proc.returncode}"
                    break
                try:
                    self.api("GET", "/api/status", timeout=2)
                    return
                except (urllib.error.URLError, ConnectionError, OSError) as exc:
                    last_error = repr(exc)
                    time.sleep(0.25)
            else:
                last_error = f"/api/status did not answer within {timeout:.0f} s ({last_error})"
            self.stop()
        raise RuntimeError(f"JupyterLab did not start: {last_error}\n{self.log_tail()}")

    def shutdown_kernels(self) -> None:
        """Delete every session and kernel (between tests, so kernels don't pile up)."""
        try:
            for s in self.api("GET", "/api/sessions"):
                self.api("DELETE", f"/api/sessions/{s['id']}")
            for k in self.api("GET", "/api/kernels"):
                self.api("DELETE", f"/api/kernels/{k['id']}")
        except (urllib.error.URLError, OSError):
            pass

    def _kernel_pids(self) -> list[int]:
        """PIDs of kernels this server started (their argv names our runtime dir)."""
        marker = str(self.base / "runtime").encode()
        pids = []
        for proc_dir in Path("/proc").glob("[0-9]*"):
            try:
                if marker in (proc_dir / "cmdline").read_bytes():
                    pids.append(int(proc_dir.name))
            except OSError:
                continue
        return [p for p in pids if p != os.getpid()]

    def stop(self) -> None:
        """Stop the server: kernels first, then TERM (KILL after 15 s) its process group.

        Kernels live in their own sessions (jupyter_client starts them with
        start_new_session), so a leftover one is found by its connection-file path.
        """
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.shutdown_kernels()
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait(timeout=10)
        for pid in self._kernel_pids():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.proc = None


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    """A JupyterLab server on a copy of notebooks/, killed (as a group) at session end."""
    server = LabServer(base=tmp_path_factory.mktemp("lab"))
    try:
        server.start()
        yield server
    finally:
        server.stop()


# --------------------------------------------------------------------------------------
# the browser
# --------------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """The one sync Playwright instance of the session.

    Named like pytest-playwright's fixture so that its ``browser``/``page`` fixtures, if a
    test asks for them, share this instance (two sync instances in one thread fail).
    """
    if not os.access(CHROMIUM, os.X_OK):
        msg = (f"Chromium not found at {CHROMIUM}: install Debian's package "
               "(`apt-get install -y chromium`, which `make test` does as root)")
        if os.environ.get("LFG_REQUIRE_BROWSER") == "1":
            pytest.fail(msg)
        pytest.skip(msg)
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser_type_launch_args() -> dict[str, Any]:
    """pytest-playwright's launch args, pointed at Debian's Chromium as well."""
    return {"executable_path": CHROMIUM, "headless": True, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def chromium(playwright: Playwright) -> Iterator[Browser]:
    """Headless Debian Chromium (Playwright ``Browser``)."""
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
    )
    try:
        yield browser
    finally:
        browser.close()


# --------------------------------------------------------------------------------------
# page helpers
# --------------------------------------------------------------------------------------
_FIND_PANEL_JS = """
(path) => {
  const app = window.jupyterapp;
  if (!app) return null;
  for (const w of app.shell.widgets('main')) {
    if (w.context && w.context.path === path) return w;
  }
  return null;
}
"""

_STATUS_JS = """
(path) => {
  const find = %s;
  const dialog = document.querySelector('.jp-Dialog');
  const w = find(path);
  const out = {dialog: dialog ? dialog.innerText : null, panel: !!w, ready: false};
  if (!w) return out;
  const sc = w.sessionContext;
  const k = sc && sc.session && sc.session.kernel;
  out.kernel = k ? k.status + '/' + k.connectionStatus : null;
  out.ready = !!(w.context.isReady && sc.isReady && k && k.status === 'idle'
                 && k.connectionStatus === 'connected');
  if (out.ready) w.node.setAttribute('data-lfg-path', path);  // for Notebook.panel
  return out;
}
""" % _FIND_PANEL_JS

_RUN_ALL_JS = """
(path) => {  // starts run-all; its outcome lands in window.__lfgRunAll[path]
  const find = %s;
  const app = window.jupyterapp;
  const w = find(path);
  const state = {done: false, result: null, error: null};
  (window.__lfgRunAll = window.__lfgRunAll || {})[path] = state;
  app.shell.activateById(w.id);
  app.commands.execute('notebook:run-all-cells')
    .then(r => { state.result = r; }, e => { state.error = String(e); })
    .finally(() => { state.done = true; });
}
""" % _FIND_PANEL_JS

_EXECUTION_DONE_JS = """
(path) => {
  const find = %s;
  const w = find(path);
  const state = (window.__lfgRunAll || {})[path];
  if (!w || !state || !state.done) return false;
  const k = w.sessionContext.session && w.sessionContext.session.kernel;
  if (!k || k.status !== 'idle') return false;
  const prompts = [...w.node.querySelectorAll('.jp-InputArea-prompt')];
  return !prompts.some(p => p.textContent.includes('*'));
}
""" % _FIND_PANEL_JS

_WIDGETS_SETTLED_JS = """
(path) => {
  const find = %s;
  const w = find(path);
  if (!w) return false;
  const outputs = [...w.node.querySelectorAll('.jp-OutputArea-output')];
  return outputs.every(o => !o.textContent.startsWith('Loading widget...'));
}
""" % _FIND_PANEL_JS

_ERRORS_JS = """
(path) => {
  const find = %s;
  const w = find(path);
  const errors = [];
  if (!w) return ['notebook panel for ' + path + ' not found'];
  const cells = w.content.model.cells;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type !== 'code') continue;
    for (let j = 0; j < cell.outputs.length; j++) {
      const o = cell.outputs.get(j).toJSON();
      if (o.output_type === 'error') errors.push(`cell ${i}: ${o.ename}: ${o.evalue}`);
    }
  }
  const sel = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]';
  for (const el of w.node.querySelectorAll(sel)) {
    if (el.textContent.includes('Traceback'))
      errors.push('stderr output: ' + el.textContent.slice(0, 2000));
  }
  for (const el of w.node.querySelectorAll('.jupyter-widgets-error-widget')) {
    const pre = el.querySelector('pre');
    errors.push('widget view failed: ' + (pre ? pre.textContent : el.textContent).trim()
                .slice(0, 500));
  }
  // anywhere on the page except inside code editors (cell sources)
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.textContent.includes('Error displaying widget')
        && !(n.parentElement && n.parentElement.closest('.cm-editor')))
      errors.push(n.textContent.trim().slice(0, 300));
  }
  return errors;
}
""" % _FIND_PANEL_JS

_SCROLL_TOP_JS = """
(path) => {  // scroll the notebook to its top; returns how many px are below the fold
  const find = %s;
  const w = find(path);
  const outer = w && w.node.querySelector('.jp-WindowedPanel-outer');
  if (!outer) return 0;
  outer.scrollTop = 0;
  return Math.max(0, outer.scrollHeight - outer.clientHeight);
}
""" % _FIND_PANEL_JS


class Notebook:
    """A notebook open in JupyterLab (see ``Lab.open``)."""

    def __init__(self, lab: Lab, path: str) -> None:
        self.lab = lab
        self.page = lab.page
        self.path = path

    @property
    def panel(self) -> Locator:
        """Locator of this notebook's panel."""
        return self.page.locator(f'.jp-NotebookPanel[data-lfg-path="{self.path}"]')

    def cell(self, index: int) -> Locator:
        """Locator of the ``index``-th cell (0-based, markdown cells count)."""
        return self.panel.locator(".jp-Notebook .jp-Cell").nth(index)

    def outputs(self, index: int) -> Locator:
        """Locator of the output area of the ``index``-th cell."""
        return self.cell(index).locator(".jp-OutputArea-output")

    def wait_until_ready(self, timeout: float = 90) -> None:
        """Wait for the document and an idle, connected kernel; fail fast on a dialog."""
        deadline = time.monotonic() + timeout
        status: dict = {}
        while time.monotonic() < deadline:
            status = self.page.evaluate(_STATUS_JS, self.path)
            if status.get("dialog"):
                raise AssertionError(
                    f"JupyterLab showed a dialog while opening {self.path} (a notebook "
                    f"without the python3 kernelspec opens a kernel picker): "
                    f"{status['dialog']!r}")
            if status.get("ready"):
                return
            time.sleep(0.2)
        raise AssertionError(f"{self.path} not ready within {timeout} s: {status}")

    def run_all(self, timeout: float = 300) -> None:
        """Run all cells and wait until execution is done and widget views are rendered."""
        self.page.evaluate(_RUN_ALL_JS, self.path)
        self.page.wait_for_function(_EXECUTION_DONE_JS, arg=self.path, timeout=timeout * 1000)
        error = self.page.evaluate("(p) => window.__lfgRunAll[p].error", self.path)
        assert error is None, f"run-all-cells failed in {self.path}: {error}"
        self.wait_for_widgets()

    def wait_for_widgets(self, timeout: float = 60) -> None:
        """Wait until no widget output still says 'Loading widget...'."""
        self.page.wait_for_function(_WIDGETS_SETTLED_JS, arg=self.path,
                                    timeout=timeout * 1000)

    def errors(self) -> list[str]:
        """Error outputs, stderr tracebacks and 'Error displaying widget' texts."""
        return self.page.evaluate(_ERRORS_JS, self.path)

    def assert_no_errors(self) -> None:
        errors = self.errors()
        assert not errors, f"{self.path} shows errors:\n" + "\n".join(errors)

    def screenshot(self, name: str | None = None, full: bool = True) -> Path:
        """Save a PNG into the test's output folder; ``full`` grows the viewport so the
        whole notebook (not only the visible part of its scroll area) is captured.

        Returns:
            The PNG's path.
        """
        path = self.lab.output_dir / (name or f"{Path(self.path).stem}.png")
        path.parent.mkdir(parents=True, exist_ok=True)
        size = self.page.viewport_size or VIEWPORT
        extra = self.page.evaluate(_SCROLL_TOP_JS, self.path) if full else 0
        if extra:
            self.page.set_viewport_size(
                {"width": size["width"], "height": min(size["height"] + extra, 12000)})
            self.page.wait_for_timeout(500)  # let Lumino re-layout
            self.page.evaluate(_SCROLL_TOP_JS, self.path)
        try:
            self.page.screenshot(path=str(path), full_page=True)
        finally:
            if extra:
                self.page.set_viewport_size(size)
        return path


class Lab:
    """One browser page on the test JupyterLab server."""

    def __init__(self, page: Page, server: LabServer, output_dir: Path) -> None:
        self.page = page
        self.server = server
        self.output_dir = output_dir
        self.console: list[str] = []
        page.on("console", lambda m: self.console.append(f"[{m.type}] {m.text}"))
        page.on("pageerror", lambda e: self.console.append(f"[pageerror] {e}"))

    def open(self, path: str, collapse_sidebar: bool = True) -> Notebook:
        """Open ``path`` (relative to the served notebooks/ copy) and wait for its kernel.

        Args:
            path: e.g. ``"00-quickstart.ipynb"``.
            collapse_sidebar: Hide the file browser (more room; nicer screenshots).
        """
        if not (self.server.root_dir / path).is_file():
            raise FileNotFoundError(f"{path} is not in the served root {self.server.root_dir}")
        self.page.goto(self.server.lab_url(path))
        self.page.wait_for_function("() => !!(window.jupyterapp && window.jupyterapp.started)",
                                    timeout=60_000)
        self.page.evaluate("async () => { await window.jupyterapp.started; }")
        nb = Notebook(self, path)
        nb.wait_until_ready()
        if collapse_sidebar:
            self.page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
        return nb

    def run_notebook(self, path: str, timeout: float = 300) -> Notebook:
        """Open ``path``, run all cells, wait for widgets, and assert there are no errors."""
        nb = self.open(path)
        nb.run_all(timeout=timeout)
        nb.assert_no_errors()
        return nb


def _safe_name(nodeid: str) -> str:
    return re.sub(r"[^\w.-]+", "_", nodeid.split("::", 1)[-1]).strip("_")[:100]


@pytest.fixture
def lab(request: pytest.FixtureRequest, lab_server: LabServer,
        chromium: Browser) -> Iterator[Lab]:
    """A fresh browser context/page on the test server; kernels are shut down after."""
    context = chromium.new_context(viewport=VIEWPORT)
    context.set_default_timeout(30_000)
    page = context.new_page()
    lab = Lab(page, lab_server, OUTPUT / _safe_name(request.node.nodeid))
    try:
        yield lab
    finally:
        report = getattr(request.node, "lfg_report_call", None)
        if report is not None and report.failed:
            lab.output_dir.mkdir(parents=True, exist_ok=True)
            try:
                page.screenshot(path=str(lab.output_dir / "failure.png"))
            except Exception as exc:  # the page may be gone
                print(f"(no failure screenshot: {exc})")
            (lab.output_dir / "console.txt").write_text("\n".join(lab.console))
            print(f"browser artefacts: {lab.output_dir}")
            print(f"server log: {lab_server.log_path}\n{lab_server.log_tail(20)}")
            print("browser console (last 30):\n" + "\n".join(lab.console[-30:]))
        context.close()
        lab_server.shutdown_kernels()


def publish_screenshot(shot: Path, name: str) -> None:
    """Check a screenshot is a real picture and, with ``LFG_UPDATE_SCREENSHOTS=1``, copy it
    to ``notebooks/images/<name>`` (the README's pictures)."""
    assert shot.stat().st_size > 10_000, "the screenshot is suspiciously small"
    if os.environ.get("LFG_UPDATE_SCREENSHOTS") == "1":
        target = NOTEBOOKS / "images" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, target)
