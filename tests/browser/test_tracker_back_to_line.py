""""Back to here" by a click on a line of the tracker's event log and of its dice log, in
JupyterLab (issue 26, item 4, "Done when": "'Back to here' from a log line restores that
state, and the undone branch can be resumed").

The fight of :mod:`tests.browser.test_tracker_by_clicks` under lfg (000_8d1d7816ee944f3b.txt):
Start, the acting creature attacks, the first "next" button, the next one attacks - four
steps, each a click. The kernel keeps a fingerprint of the fight after each step (a hidden
``.lfg-oracle``: the step count and ``repr(enc.snapshot())`` hashed); the test clicks a line
of the event log (step 2), then "Back to step 2", and finds the fight as it was after step
2; "Resume branch" brings back the fight as it was after step 4. Then the same from the dice
log: a click on the first attack's roll goes back to the step that rolled it.

Contract with the tracker: ``.lfg-history-line select`` (the event log, one ``option`` a
step, newest first), ``.lfg-dice-lines select`` (the rolls, ``#n`` first),
``button.lfg-back-to`` (shown once a line is clicked), ``button.lfg-resume``,
``button.lfg-start``, ``button.lfg-attack``, ``button.lfg-next``, ``button.lfg-end-turn``;
the history rows wait behind ``button.lfg-more`` (issue 26, item 5).
"""

from __future__ import annotations

import json

from .conftest import Lab
from .test_tracker_by_clicks import FIGHT, KERNEL_IDLE_JS, SEEDS

TRACKER = ".lfg-initiative"
SETUP = FIGHT + """\
import hashlib
import json
import ipywidgets as W
from lfgcombat.widgets import BattleMap, DiceLog
from lfgcombat.widgets.initiative import InitiativeTracker

t = InitiativeTracker(enc, battlemap=BattleMap(enc.map, height="260px"),
                      dicelog=DiceLog(enc.roller, max_rows=8))
oracle = W.HTML(layout=W.Layout(display="none"))
oracle.add_class("lfg-oracle")
after = {}  # step count -> the fight's fingerprint after it (the first time it stood)


def answer(*_):
    steps = sum(1 for e in enc.log if e.command)
    now = hashlib.md5(repr(enc.snapshot()).encode()).hexdigest()
    after.setdefault(steps, now)
    oracle.value = "<pre>" + json.dumps({"steps": steps, "now": now, "after": after}) + "</pre>"


enc.subscribe(answer)
answer()
W.VBox([t, oracle])
"""


def test_back_to_a_clicked_log_line_and_resume(lab: Lab) -> None:
    name = "tracker-back-to-line.ipynb"
    lab.server.write_notebook(name, [SETUP.replace("@RULESET@", "'lfg'").replace(
        "@SEED@", str(SEEDS["lfg"]))])
    nb = lab.run_notebook(name)
    page = nb.page
    tracker = nb.panel.locator(TRACKER).last
    tracker.scroll_into_view_if_needed()

    def oracle() -> dict:
        return json.loads(page.locator(".lfg-oracle pre").last.text_content())

    def steps_are(n: int) -> None:
        page.wait_for_function(
            "(n) => { const o = document.querySelector('.lfg-oracle pre');"
            " return o && JSON.parse(o.textContent).steps === n; }", arg=n, timeout=20_000)
        page.wait_for_function(KERNEL_IDLE_JS, arg=name, timeout=20_000)
        page.wait_for_timeout(200)  # the widgets' views apply the last updates

    def lines(css: str, first: str) -> list[str]:
        page.wait_for_function(  # the list holds the newest line (options come in order)
            "([sel, first]) => { const s = [...document.querySelectorAll(sel)].pop();"
            " return s && s.options.length && s.options[0].textContent"
            ".replace(/\\u00a0/g, ' ').startsWith(first); }",
            arg=[f"{TRACKER} {css} select", first], timeout=20_000)
        # ipywidgets writes a label's spaces as no-break spaces
        return [t.replace("\u00a0", " ")
                for t in tracker.locator(f"{css} select option").all_inner_texts()]

    tracker.locator("button.lfg-start").click()
    steps_are(1)
    tracker.locator("button.lfg-attack").click()
    steps_are(2)
    nxt = tracker.locator("button.lfg-next")
    (nxt.first if nxt.count() else tracker.locator("button.lfg-end-turn")).click()
    steps_are(3)
    tracker.locator("button.lfg-attack").click()
    steps_are(4)
    after = oracle()["after"]
    assert oracle()["now"] == after["4"]
    tracker.locator("button.lfg-more").click()  # the history waits behind "More…"
    tracker.locator(".lfg-history-line select").wait_for(state="visible", timeout=20_000)
    back = tracker.locator("button.lfg-back-to")
    assert not back.is_visible()  # offered only once a line is clicked

    # the event log: a click on the line of step 2 offers "Back to step 2"
    shown = lines(".lfg-history-line", "4. ")
    assert [s[:2] for s in shown] == ["4.", "3.", "2.", "1."], shown
    tracker.locator(".lfg-history-line select option").nth(2).click()
    page.wait_for_function("(sel) => { const b = [...document.querySelectorAll(sel)].pop();"
                           " return b && b.offsetParent !== null"
                           " && b.textContent.includes('Back to step 2'); }",
                           arg=f"{TRACKER} button.lfg-back-to", timeout=20_000)
    back.click()
    steps_are(2)
    assert oracle()["now"] == after["2"], "the fight is not as it stood after step 2"
    tracker.locator("button.lfg-resume").click()  # the undone branch, resumed
    steps_are(4)
    assert oracle()["now"] == after["4"], "Resume branch did not bring the fight back"

    # the dice log: a click on the first attack's roll goes back to its step (2)
    rolls = lines(".lfg-dice-lines", "#")
    first_attack = max(i for i, r in enumerate(rolls) if "initiative" not in r)
    tracker.locator(".lfg-dice-lines select option").nth(first_attack).click()
    page.wait_for_function("(sel) => { const b = [...document.querySelectorAll(sel)].pop();"
                           " return b && b.offsetParent !== null"
                           " && b.textContent.includes('(step 2)'); }",
                           arg=f"{TRACKER} button.lfg-back-to", timeout=20_000)
    back.click()
    steps_are(2)
    assert oracle()["now"] == after["2"]
    tracker.locator("button.lfg-resume").click()
    steps_are(4)
    assert oracle()["now"] == after["4"]
    nb.assert_no_errors()
