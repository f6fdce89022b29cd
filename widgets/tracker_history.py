"""The tracker's history: back to any line of the log or any roll, and back again to what
was undone (issue 26, item 4), through :class:`lfgcombat.engine.timeline.Timeline`; and the turn
reminders (:func:`lfgcombat.rules.turns.turn_reminders.turn_reminders`) as HTML.

No rules here: the steps, the branches and the reminders are the engine's.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from lfgcombat.engine.timeline import Timeline, step_lines
from lfgcombat.rules.turns.turn_reminders import turn_reminders

from .tracker_ui import button, dropdown, row, set_options

if TYPE_CHECKING:  # pragma: no cover
    from .initiative import InitiativeTracker

#: How many of the newest steps the "back to" list offers (older ones: by roll number, or
#: ``Timeline.back_to(seq)`` in code).
SHOWN_STEPS = 100


class HistoryControls(W.VBox):
    """"Back to here" on a step of the log or a roll of the dice log, and the branches.

    Args:
        tracker: The :class:`~lfgcombat.widgets.InitiativeTracker`.

    Attributes:
        timeline: The :class:`~lfgcombat.engine.timeline.Timeline` of the tracker's encounter.

    CSS hooks: ``.lfg-history-line`` (the steps, newest first), ``button.lfg-back-to``;
    ``.lfg-roll-number`` and ``button.lfg-back-roll``; ``.lfg-branches`` and
    ``button.lfg-resume``.
    """

    def __init__(self, tracker: "InitiativeTracker") -> None:
        self.tracker = tracker
        self.timeline = Timeline(tracker.encounter)
        self.line = dropdown("back to step", "lfg-history-line", width="34em")
        self.back_button = button("Back to here", "lfg-back-to", self.back_to_line,
                                  "undo every step after this one (kept as a branch you "
                                  "can return to)")
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
        self.line.observe(lambda _c: self._name_button(), "value")
        super().__init__(children=[
            row(self.line, self.back_button, self.roll, self.roll_button, title="History:"),
            row(self.branch, self.resume_button)])
        self.add_class("lfg-history")

    def refresh(self) -> None:
        """Offer the log's steps (newest first), its rolls and the branches."""
        enc = self.tracker.encounter
        log = enc.log
        key = (len(log), log[-1] if len(log) else None)
        if key != self._seen:  # the log changed: list its steps again
            self._seen = key
            lines = step_lines(enc)[-SHOWN_STEPS:]
            self._numbers = {s.seq: s.number for s in lines}
            set_options(self.line, [(str(s), s.seq) for s in reversed(lines)],
                        keep=lines[-1].seq if lines else None)
            rolls = sum(1 for e in log if e.kind == "roll")
            self.roll.max = max(1, rolls)
            self.roll.value = max(1, rolls)
            self.roll_button.disabled = not rolls
        branches = self.timeline.branches
        set_options(self.branch, [(str(b), b.number) for b in reversed(branches)])
        self.resume_button.disabled = not branches
        self._name_button()

    def _name_button(self) -> None:
        """The button says which step it goes back to ("Back to step 3")."""
        number = self._numbers.get(self.line.value)
        self.back_button.description = (f"Back to step {number}" if number is not None
                                        else "Back to here")
        self.back_button.disabled = number is None

    def back_to_line(self) -> None:
        """Back to the chosen step: every later step is undone and kept as a branch."""
        if self.line.value is None:
            self.tracker._say("Back to here: no step yet.", error=True)
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
