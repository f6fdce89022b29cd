"""The tracker's history: back to any line of the event log or the dice log, by a click
on the line, and back again to what was undone (issue 26, item 4), through
:class:`lfgcombat.engine.timeline.Timeline`; and the turn reminders
(:func:`lfgcombat.rules.turns.turn_reminders.turn_reminders`) as HTML.

No rules here: the steps, the branches and the reminders are the engine's.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from lfgcombat.engine.timeline import Timeline, roll_event, step_lines, step_of
from lfgcombat.errors import LfgError
from lfgcombat.rules.turns.turn_reminders import turn_reminders

from .tracker_ui import button, dropdown, row, set_options

if TYPE_CHECKING:  # pragma: no cover
    from .initiative import InitiativeTracker

#: The lines a page of each list holds: the steps (or rolls) numbered ``k*PAGE_LINES + 1``
#: to ``(k + 1)*PAGE_LINES`` (a page never changes once full; every step and roll is on a
#: page, issue 26 item 5).
PAGE_LINES = 50
#: The lines each list shows at once (it scrolls).
LIST_ROWS = 8


def roll_lines(enc: Any) -> list[tuple[str, int]]:
    """The log's rolls as (line, roll number), newest first: the number is the dice log's
    ``#`` (``Timeline.back_to(roll=)``), the line the roll as the log says it."""
    rolls = [e for e in enc.log if e.kind == "roll"]
    return [(f"#{k} {e.describe()}", k) for k, e in reversed(list(enumerate(rolls, 1)))]


class _Pages:
    """One list of log lines (steps or rolls) by pages of :data:`PAGE_LINES`, numbered
    from 1, oldest page first: the list (a ``Select``) shows one page, newest line first;
    the ``page`` dropdown (shown once there are two pages) chooses it. It follows the
    newest page unless the GM chose an older one: a step then re-sends at most the newest
    page, and nothing while the GM reads an older page (issue 26, item 5)."""

    def __init__(self, box: W.Select, label: str, css: str) -> None:
        self.box = box
        self.page = dropdown(label, css, width="13em")
        self.page.layout.display = "none"
        self.lines: list[tuple[str, int]] = []  # every line, oldest first: (text, value)
        self.follow = True  # show the newest page as lines come

    def fill(self, lines: list[tuple[str, int]]) -> None:
        """Take the log's lines (oldest first) and show the page chosen (the newest when
        following); no line is chosen after it."""
        self.lines = lines
        count = max(1, -(-len(lines) // PAGE_LINES))
        before = self.page.value
        want = count - 1 if self.follow or before is None else min(int(before), count - 1)
        options = [(f"{k * PAGE_LINES + 1}-{(k + 1) * PAGE_LINES}", k)
                   for k in reversed(range(count))]
        if list(self.page.options) != options:
            self.page.options = options
        if self.page.value != want:
            self.page.value = want
        self.page.layout.display = None if count > 1 else "none"
        self.show()

    def show(self) -> None:
        """The chosen page's lines in the list, newest first, none chosen."""
        k = int(self.page.value or 0)
        options = list(reversed(self.lines[k * PAGE_LINES:(k + 1) * PAGE_LINES]))
        if list(self.box.options) != options:
            self.box.options = options
        self.box.value = None

    def chosen(self) -> None:
        """The GM chose a page: show it; follow the newest lines again on the newest."""
        count = max(1, -(-len(self.lines) // PAGE_LINES))
        self.follow = self.page.value is None or int(self.page.value) == count - 1
        self.show()


class HistoryControls(W.VBox):
    """"Back to here" by a click on a line of the event log or of the dice log, and the
    branches (issue 26, item 4).

    The event log (its steps, newest first) and the dice log (its rolls, newest first,
    numbered as the DiceLog's ``#``) are lists: a click on a line offers "Back to here" for
    that line - the button appears under the lists and names the step it goes back to.
    Each list shows a page of :data:`PAGE_LINES` lines, the newest unless the GM chooses an
    older page in its ``page`` menu: every step and roll can be reached. What is undone is
    kept as a branch (:class:`~lfgcombat.engine.timeline.Timeline`).

    Args:
        tracker: The :class:`~lfgcombat.widgets.InitiativeTracker`.

    Attributes:
        timeline: The :class:`~lfgcombat.engine.timeline.Timeline` of the tracker's encounter.

    CSS hooks: ``.lfg-history-line`` (the event log's list: one ``option`` a step, newest
    first), ``.lfg-dice-lines`` (the dice log's list: one ``option`` a roll),
    ``.lfg-history-page`` and ``.lfg-dice-page`` (each list's page, shown once it has two),
    ``button.lfg-back-to`` (shown once a line is clicked); ``.lfg-roll-number`` and
    ``button.lfg-back-roll`` (an older roll by its number); ``.lfg-branches`` and
    ``button.lfg-resume``.
    """

    def __init__(self, tracker: "InitiativeTracker") -> None:
        self.tracker = tracker
        self.timeline = Timeline(tracker.encounter)
        self.line = _lines("event log", "lfg-history-line")
        self.rolls = _lines("dice log", "lfg-dice-lines")
        self._pages = {"step": _Pages(self.line, "steps", "lfg-history-page"),
                       "roll": _Pages(self.rolls, "rolls", "lfg-dice-page")}
        #: Each list's page menu (shown once it has two pages of :data:`PAGE_LINES`).
        self.line_page = self._pages["step"].page
        self.roll_page = self._pages["roll"].page
        self.back_button = button("Back to here", "lfg-back-to", self.back_to_here,
                                  "undo every step after the line clicked (kept as a branch "
                                  "you can return to)")
        self.roll = W.BoundedIntText(value=1, min=1, max=1, description="roll #",
                                     layout=W.Layout(width="9em"),
                                     style={"description_width": "initial"})
        self.roll.add_class("lfg-roll-number")
        self.roll_button = button("Back to this roll", "lfg-back-roll", self.back_to_roll,
                                  "undo every step after the one that made this roll (the "
                                  "dice log's #)")
        self.branch = dropdown("branch", "lfg-branches", width="30em")
        self.resume_button = button("Resume branch", "lfg-resume", self.resume,
                                    "return to what was undone (the fight as it stands now "
                                    "is kept as a branch)")
        self._seen: tuple[int, Any] = (-1, None)
        self._numbers: dict[int, int] = {}  # a step's first event -> its number
        self._offer: tuple[str, int] | None = None  # the line clicked: ("step"|"roll", it)
        self._filling = False
        self.line.observe(lambda c: self._clicked("step", c["new"]), "value")
        self.rolls.observe(lambda c: self._clicked("roll", c["new"]), "value")
        for kind, pages in self._pages.items():
            pages.page.observe(lambda _c, k=kind: self._page_chosen(k), "value")
        super().__init__(children=[
            W.HTML(WRAP_LINES, layout=W.Layout(display="none")),
            row(self.line, self.rolls, title="History:"),
            row(self.line_page, self.roll_page),
            row(self.back_button, self.roll, self.roll_button),
            row(self.branch, self.resume_button)])
        self.add_class("lfg-history")

    def refresh(self) -> None:
        """List the log's steps and rolls (newest first, by pages; no line chosen after a
        step) and the branches."""
        enc = self.tracker.encounter
        log = enc.log
        key = (len(log), log[-1] if len(log) else None)
        if key != self._seen:  # the log changed: list its steps and rolls again
            self._seen = key
            lines = step_lines(enc)
            self._numbers = {s.seq: s.number for s in lines}
            rolled = roll_lines(enc)
            self._filling = True
            try:
                self._pages["step"].fill([(str(s), s.seq) for s in lines])
                self._pages["roll"].fill(rolled[::-1])
            finally:
                self._filling = False
            self._offer = None
            rolls = rolled[0][1] if rolled else 0
            self.roll.max = max(1, rolls)
            self.roll.value = max(1, rolls)
            self.roll_button.disabled = not rolls
        branches = self.timeline.branches
        offered = {v for _label, v in self.branch.options}
        newest = branches[-1].number if branches else None  # just made: Resume is a redo
        set_options(self.branch, [(str(b), b.number) for b in reversed(branches)],
                    keep=newest if newest not in offered else None)
        self.resume_button.disabled = not branches
        self._name_button()

    def _page_chosen(self, kind: str) -> None:
        """The GM chose a page of one list: it shows that page (no line chosen)."""
        if self._filling:
            return
        self._filling = True
        try:
            self._pages[kind].chosen()
        finally:
            self._filling = False
        if self._offer is not None and self._offer[0] == kind:
            self._offer = None
        self._name_button()

    def _clicked(self, kind: str, value: Any) -> None:
        """A line of one list was clicked (or chosen in code): offer "back to here" for
        it; the other list's choice is cleared."""
        if self._filling:
            return
        self._offer = None if value is None else (kind, int(value))
        other = self.rolls if kind == "step" else self.line
        if value is not None and other.value is not None:
            self._filling = True
            try:
                other.value = None
            finally:
                self._filling = False
        self._name_button()

    def _name_button(self) -> None:
        """The button shows once a line is clicked, and says which step it goes back to
        ("Back to step 3", "Back to roll #5 (step 3)")."""
        offer = self._offer
        text = "Back to here"
        if offer is not None and offer[0] == "step":
            number = self._numbers.get(offer[1])
            text = f"Back to step {number}" if number is not None else text
        elif offer is not None:
            enc = self.tracker.encounter
            try:
                text = (f"Back to roll #{offer[1]} (step "
                        f"{step_of(enc, roll_event(enc, offer[1])).number})")
            except LfgError:
                offer = self._offer = None
        self.back_button.description = text
        self.back_button.disabled = offer is None
        self.back_button.layout.display = None if offer is not None else "none"

    def back_to_here(self) -> None:
        """Back to the line clicked (a step of the event log, or a roll of the dice log):
        every later step is undone and kept as a branch."""
        if self._offer is None:
            self.tracker._say("Back to here: click a line of the event log or the dice log "
                              "first.", error=True)
            return
        kind, value = self._offer
        if kind == "step":
            self._go(lambda: self.timeline.back_to(value))
        else:
            self._go(lambda: self.timeline.back_to(roll=value))

    def back_to_line(self) -> None:
        """Back to the step chosen in the event log: every later step is undone and kept
        as a branch."""
        if self.line.value is None:
            self.tracker._say("Back to here: click a line of the event log first.",
                              error=True)
            return
        self._go(lambda: self.timeline.back_to(self.line.value))

    def back_to_roll(self) -> None:
        """Back to the step that made the chosen roll (the dice log's #)."""
        self._go(lambda: self.timeline.back_to(roll=int(self.roll.value)))

    def _go(self, do: Any) -> None:
        branch = self.tracker._attempt(do)
        if branch is not None:
            self.tracker._say(f"Back: {branch.steps} step{'s' if branch.steps != 1 else ''} "
                              f"undone, kept as branch {branch.number} (Resume branch "
                              "returns to it).")
        self.refresh()
        if branch is not None:
            self._follow_newest()

    def _follow_newest(self) -> None:
        """After going back or resuming, each list shows its newest page again (a new user
        read steps 1-50 after Resume while the fight's newest steps were on later pages)."""
        self._filling = True
        try:
            for pages in self._pages.values():
                pages.follow = True
                pages.fill(pages.lines)
        finally:
            self._filling = False

    def resume(self) -> None:
        """Return to the chosen branch; the fight as it stands becomes a branch."""
        number = self.branch.value
        if number is None:
            self.tracker._say("Resume: no branch yet (Back to here makes one).", error=True)
            return
        found = self.tracker._attempt(lambda: self.timeline.resume(number) or True)
        if found is not None:
            self.tracker._say(f"Resumed branch {number}." + (
                f" The fight you left is branch {found.number}." if found is not True
                else ""))
        self.refresh()
        if found is not None:
            self._follow_newest()


#: The lists' lines wrap at the list's width, no sideways scrolling (issue 26: at 340 px
#: they were cut mid-word under a horizontal scrollbar); a ``<style>`` in the page.
WRAP_LINES = ("<style>.lfg-history select option{white-space:normal;"
              "overflow-wrap:anywhere}.lfg-history select{overflow-x:hidden}</style>")


def _lines(label: str, css: str) -> W.Select:
    """A list of log lines, newest first, none chosen: a click on one chooses it."""
    box = W.Select(options=[], value=None, rows=LIST_ROWS, description=label,
                   layout=W.Layout(flex="1 1 30em", width="auto", min_width="18em"),
                   style={"description_width": "initial"})
    box.add_class(css)
    return box


def reminders_html(enc: Any, acting: list[str]) -> str:
    """The turn reminders: what the end of each acting creature's turn brings, and what
    the start of each creature that may go next brings (``""``: nothing to remind)."""
    parts = []
    for n in acting:
        for r in turn_reminders(enc, n, "end"):
            parts.append(("end", n, r))
    for unit in enc.choices():
        for n in enc.members(unit):
            for r in turn_reminders(enc, n, "start"):
                parts.append(("start", n, r))
    if not parts:
        return ""
    items = []
    for when, n, r in parts:
        who = html.escape(n)
        head = f"when {who}'s turn ends" if when == "end" else f"if {who} goes next"
        items.append(f'<li data-when="{when}" data-name="{who}"><b>{head}</b>: '
                     f'{html.escape(r.text)} <span style="color:#777">'
                     f'({html.escape(r.rule)})</span></li>')
    lines = "".join(items)
    return ('<div class="lfg-reminders" style="font:12px/1.4 sans-serif;margin:4px 0">'
            f'<b>Reminders</b><ul style="margin:2px 0 2px 18px;padding:0">{lines}</ul></div>')
