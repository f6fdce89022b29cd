"""How fast a click on the tracker shows in Chromium (issue 26, item 5, "Fast": clicks under
100 ms median): the latency from a click to the last change it makes to the page, per
click, under each ruleset.

The fight of :mod:`tests.browser.test_tracker_by_clicks` (Hero and Ally against an Orc,
seeded so that the party wins), at a table as a GM sets it up (notebook 20): the tracker
with its BattleMap and a DiceLog, and the players' screen beside it - without that test's
oracle (its dry runs would be timed too). Each turn the acting creature's clicks are: Ally
moves to a typed hex ("Go", back and forth, a 5-foot step under lfg), a party creature
clicks the Orc's token on the map (the target), Attack, then the first "next" button (or End
turn).

How a click is timed: a capture-phase listener notes the time of the click; a
MutationObserver on the table notes each change to its DOM, and the first animation frame
after it (the browser has laid the change out); the click is done when the kernel is idle
and nothing has changed for :data:`QUIET_MS`. Its latency is that last frame's time minus
the click's. Each click's time to its first change to the page is noted too (``first``: the
kernel's share - the message to the kernel, the engine's step and the redraw - against
the page's, from the first change to the last), and the kernel's messages it made: sent by
the page (``to_kernel``: the click, and each mouse event the map reports), received
(``from_kernel``: each with the kernel's busy and idle) and of those the widgets' updates
(``widget_updates``), medians by kind in the summary. Nothing here asserts a time (the machine
may be busy): the figures are printed and written to
``tests/browser/output/<test>/latency.json``; the test asserts only that every click was
timed. With ``LFG_SPEED_PROFILE=1`` the page's main thread is profiled (Chromium's sampling
profiler) over all the clicks: ``profile.json`` there lists where its time went, by script
and by function (and ``(idle)``: the page waiting for the kernel).
"""

from __future__ import annotations

import json
import os
import statistics
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from .conftest import Lab
from .test_tracker_by_clicks import FIGHT, SEEDS

#: A click is done once the page has not changed for this long (and the kernel is idle).
QUIET_MS = 300
SETUP = FIGHT + """\
import ipywidgets as W
from lfgcombat.widgets import BattleMap, DiceLog
from lfgcombat.widgets.initiative import InitiativeTracker
from lfgcombat.widgets.players import PlayersScreen

t = InitiativeTracker(enc, battlemap=BattleMap(enc.map, height="260px"),
                      dicelog=DiceLog(enc.roller, max_rows=8))
if RULESET == "lfg":
    t.action_rows.move_action.value = "five_foot_step"  # no AOO: the same fight each run
table = W.VBox([t, PlayersScreen(enc)])
table.add_class("lfg-speed-table")
table
"""

#: The page's work a click's profile counts (Chromium's ``Performance.getMetrics``, in s):
#: scripts, style, layout, and every task of its main thread.
WORK = ("ScriptDuration", "RecalcStyleDuration", "LayoutDuration", "TaskDuration")
#: Arm the timer for the next click on the page.
ARM_JS = """
([sel, path]) => {
  const root = [...document.querySelectorAll(sel)].pop();
  const old = window.__lfgClick;
  if (old && old.obs) old.obs.disconnect();
  const s = {t0: null, first: null, last: null, painted: null, changes: 0,
             sent: 0, received: 0, updates: 0};
  for (const w of window.jupyterapp.shell.widgets('main')) {
    const k = w.context && w.context.path === path && w.sessionContext.session
              && w.sessionContext.session.kernel;
    if (k && !k.__lfgCounted) {  // the kernel's messages, counted for the armed click
      k.__lfgCounted = true;
      k.anyMessage.connect((_k, m) => {
        const c = window.__lfgClick;
        if (!c) return;
        if (m.direction === 'send') { c.sent++; return; }
        c.received++;
        const data = m.msg.content && m.msg.content.data;
        if (m.msg.header.msg_type === 'comm_msg' && data && data.method === 'update') c.updates++;
      });
    }
  }
  s.obs = new MutationObserver(() => {
    if (s.t0 === null) return;
    const now = performance.now();
    if (s.first === null) s.first = now;
    s.last = now; s.changes++;
    requestAnimationFrame(() => { s.painted = Math.max(s.painted || 0, performance.now()); });
  });
  s.obs.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
  document.addEventListener('click', () => { if (s.t0 === null) s.t0 = performance.now(); },
                            {capture: true, once: true});
  window.__lfgClick = s;
}
"""

#: Whether the click armed by :data:`ARM_JS` is done: a change seen, the kernel idle, and
#: quiet since.
DONE_JS = """
([path, quiet]) => {
  const s = window.__lfgClick;
  if (!s || s.t0 === null || s.last === null || s.painted === null) return false;
  const app = window.jupyterapp;
  let idle = false;
  for (const w of app.shell.widgets('main')) {
    if (w.context && w.context.path === path) {
      const k = w.sessionContext.session && w.sessionContext.session.kernel;
      idle = !!k && k.status === 'idle';
    }
  }
  return idle && performance.now() - Math.max(s.last, s.painted) > quiet;
}
"""


def _profile_summary(profile: dict[str, Any], top: int = 25) -> dict[str, Any]:
    """Where a Chromium CPU profile's time went: self time (ms) by script and by function,
    biggest first (``(idle)``: waiting; ``(program)``: the browser's own work: layout,
    style, paint)."""
    nodes = {n["id"]: n["callFrame"] for n in profile["nodes"]}
    by_url: Counter[str] = Counter()
    by_fn: Counter[str] = Counter()
    for node, delta in zip(profile["samples"], profile["timeDeltas"]):
        frame = nodes[node]
        url = Path(frame.get("url") or "").name or frame["functionName"] or "(anonymous)"
        by_url[url] += delta / 1000
        by_fn[f"{frame['functionName'] or '(anonymous)'} {url}:{frame.get('lineNumber', 0)}"] \
            += delta / 1000
    return {"total_ms": round(sum(by_url.values())),
            "by_script_ms": {k: round(v) for k, v in by_url.most_common(top)},
            "by_function_ms": {k: round(v) for k, v in by_fn.most_common(top)}}


def _trace_summary(path: Path, top: int = 30) -> dict[str, float]:
    """The renderer main thread's time in a Chromium trace by event name (the outermost
    events only, so nothing is counted twice), biggest first; the trace file is removed."""
    events = json.loads(path.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    main = {(e["pid"], e["tid"]) for e in events if e.get("name") == "thread_name"
            and e.get("args", {}).get("name") == "CrRendererMain"}
    spans = sorted((e["ts"], e["ts"] + e["dur"], e["name"]) for e in events
                   if e.get("ph") == "X" and "dur" in e and (e["pid"], e["tid"]) in main)
    by: Counter[str] = Counter()
    inner: Counter[str] = Counter()
    end = -1.0
    stack: list[tuple[float, str]] = []
    for start, stop, name in spans:
        while stack and stack[-1][0] <= start:
            stack.pop()
        if start >= end:
            by[name] += (stop - start) / 1000
            end = stop
        elif len(stack) == 1:
            inner[name] += (stop - start) / 1000
        stack.append((stop, name))
    if os.environ.get("LFG_SPEED_KEEP_TRACE") != "1":
        path.unlink()
    return {**{k: round(v) for k, v in by.most_common(top)},
            **{f"in task: {k}": round(v) for k, v in inner.most_common(top)}}


def _summary(times: dict[str, list[float]]) -> dict[str, float | int]:
    every = sorted(x for v in times.values() for x in v)
    p90 = every[min(len(every) - 1, int(0.9 * len(every)))] if every else float("nan")
    out: dict[str, float | int] = {"clicks": len(every), "median_ms": statistics.median(every),
                                   "p90_ms": p90, "max_ms": max(every)}
    for kind, v in times.items():
        out[f"{kind}_median_ms"] = statistics.median(v)
        out[f"{kind}_clicks"] = len(v)
    return out


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_click_latency(lab: Lab, ruleset: str) -> None:
    name = f"tracker-speed-{ruleset}.ipynb"
    lab.server.write_notebook(name, [SETUP.replace("@RULESET@", repr(ruleset))
                                     .replace("@SEED@", str(SEEDS[ruleset]))])
    nb = lab.run_notebook(name)
    page = nb.page
    table = nb.panel.locator(".lfg-speed-table").last
    tracker = table.locator(".lfg-initiative").last
    tracker.scroll_into_view_if_needed()
    page.wait_for_timeout(1000)  # the map's tiles and first layout
    times: dict[str, list[float]] = {}
    firsts: dict[str, list[float]] = {}  # click to its first change to the page
    unfinished: list[str] = []
    profiling = os.environ.get("LFG_SPEED_PROFILE") == "1"
    if profiling:
        cdp = page.context.new_cdp_session(page)
        cdp.send("Profiler.enable")
        cdp.send("Profiler.setSamplingInterval", {"interval": 500})
        cdp.send("Profiler.start")
        cdp.send("Performance.enable")
        trace = lab.output_dir / "trace.json"
        lab.output_dir.mkdir(parents=True, exist_ok=True)
        page.context.browser.start_tracing(page=page, path=str(trace), categories=[
            "devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "blink"])
    spent: dict[str, dict[str, list[float]]] = {}  # the page's work per click, by kind
    #: the kernel's messages per click, by kind: sent by the page (a click on the map sends
    #: each mouse event Leaflet reports), received (each with its busy/idle status), and of
    #: those the widgets' updates
    messages: dict[str, dict[str, list[int]]] = {}

    def metrics() -> dict[str, float]:
        got = cdp.send("Performance.getMetrics")["metrics"]
        return {m["name"]: m["value"] for m in got if m["name"] in WORK}

    def timed(kind: str, click) -> None:
        page.evaluate(ARM_JS, [".lfg-speed-table", name])
        before = metrics() if profiling else {}
        click()
        try:
            page.wait_for_function(DONE_JS, arg=[name, QUIET_MS], timeout=30_000,
                                   polling=20)
        except Exception:  # noqa: BLE001 - a click that changed nothing: noted, not timed
            unfinished.append(kind)
            return
        s = page.evaluate("() => { const s = window.__lfgClick;"
                          " return [s.t0, Math.max(s.last, s.painted), s.first, s.sent,"
                          " s.received, s.updates]; }")
        times.setdefault(kind, []).append(round(s[1] - s[0], 1))
        firsts.setdefault(kind, []).append(round(s[2] - s[0], 1))
        for what, n in zip(("to_kernel", "from_kernel", "widget_updates"), s[3:]):
            messages.setdefault(what, {}).setdefault(kind, []).append(n)
        if profiling:
            for metric, value in metrics().items():
                spent.setdefault(kind, {}).setdefault(metric, []).append(
                    round(1000 * (value - before[metric]), 1))

    def acting() -> str:
        return tracker.locator(".lfg-current").last.get_attribute("data-current") or ""

    def over() -> bool:
        return tracker.locator(".lfg-over").count() > 0

    timed("start", lambda: tracker.locator("button.lfg-start").click())
    moved = 0
    for _turn in range(40):
        if over():
            break
        me = acting()
        if me == "Ally":  # back and forth between two hexes beside the Orc
            moved += 1
            tracker.locator(".lfg-move-to input").fill("4, 1" if moved % 2 else "3, 1")
            page.wait_for_timeout(QUIET_MS)
            timed("move", lambda: tracker.locator("button.lfg-move").click())
        if me != "Orc":
            label = tracker.locator(".lfg-token-label", has_text="Orc").first
            label.scroll_into_view_if_needed()
            box = label.bounding_box()
            assert box, "the Orc's token label is not on the map"
            timed("pick", lambda: page.mouse.click(box["x"] + box["width"] / 2,
                                                   box["y"] + box["height"] / 2))
        if tracker.locator("button.lfg-attack").is_enabled():
            timed("attack", lambda: tracker.locator("button.lfg-attack").click())
            if over():
                break
        nxt = tracker.locator("button.lfg-next")
        if nxt.count():
            timed("next", lambda: nxt.first.click())
        else:
            timed("end turn", lambda: tracker.locator("button.lfg-end-turn").click())
    nb.assert_no_errors()
    assert times.get("attack") and times.get("move"), f"clicks not timed: {times}"
    summary = _summary(times)
    summary["unchanged_clicks"] = len(unfinished)  # changed nothing on the page: not timed
    for kind, v in firsts.items():
        summary[f"{kind}_first_change_median_ms"] = statistics.median(v)
    for what, by_kind in messages.items():
        for kind, n in by_kind.items():
            summary[f"{kind}_{what}_median"] = statistics.median(n)
    lab.output_dir.mkdir(parents=True, exist_ok=True)
    (lab.output_dir / "latency.json").write_text(json.dumps(
        {"ruleset": ruleset, "summary": summary, "clicks_ms": times,
         "first_change_ms": firsts}, indent=1))
    if profiling:
        page.context.browser.stop_tracing()
        (lab.output_dir / "profile.json").write_text(json.dumps(
            {"trace_main_thread_ms": _trace_summary(trace),
             "per_click_median_ms": {k: {n: statistics.median(v) for n, v in d.items()}
                                     for k, d in spent.items()},
             **_profile_summary(cdp.send("Profiler.stop")["profile"])}, indent=1))
    print(f"\n{ruleset}: click to page updated, {summary['clicks']} clicks: median "
          f"{summary['median_ms']:.0f} ms, p90 {summary['p90_ms']:.0f} ms, max "
          f"{summary['max_ms']:.0f} ms; " + ", ".join(
              f"{k} {statistics.median(v):.0f} ms ({len(v)}; first change "
              f"{statistics.median(firsts[k]):.0f})" for k, v in times.items()))
