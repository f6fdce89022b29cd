""""Chances from here": the odds of the fight on the table, from where it stands.

A button and a readout for an :class:`~lfgcombat.Encounter` (the InitiativeTracker shows
one under its rows): *Chances from here* plays the fight on ``n`` times from its current
state (:func:`lfgcombat.prep.simulate` of the encounter, :mod:`lfgcombat.prep.from_here`)
and shows P(win) per side with its 95% interval, P(draw), the fights played and the
seconds they took. A GM can refresh it at any point of the fight; once the fight moves on
(a step, an undo) the readout says it is of an earlier moment. A click plays in a thread, so
that *Stop* (``.lfg-chances-stop``) is heard: the run ends after the fights under way, as
Ctrl-C ends :func:`~lfgcombat.prep.simulate`, and the fights played so far are shown
("Stopped: 12 of 40 fights played", as the PrepPanel's Stop); :meth:`ChancesFromHere.wait`
waits for a click's run, and :meth:`ChancesFromHere.refresh` plays in the caller's thread.
Thin by design: the odds, intervals and refusals are :mod:`lfgcombat.prep`'s; a refusal
(the fight is over...) is shown in the readout, never raised into the kernel.

CSS hooks: the widget ``.lfg-chances``; the button ``.lfg-chances-run``, the Stop button
``.lfg-chances-stop`` (shown while a click's run plays), the fights box
``.lfg-chances-fights``, the bar ``.lfg-chances-bar`` and the readout ``.lfg-chances-text``
(``lfg-error`` on a refusal, ``lfg-chances-stale`` once the fight has moved on).
"""

from __future__ import annotations

import html
import threading
from typing import Any

import ipywidgets as W
import traitlets

from lfgcombat.engine import Encounter
from lfgcombat.errors import LfgError
from lfgcombat.prep import SimResult, simulate
from lfgcombat.prep.result import format_pct
from lfgcombat.prep.run import in_panel_words

__all__ = ["ChancesFromHere", "readout", "chances"]

#: Fights a click plays by default: a reference-tier fight under way takes a few tenths of
#: a second (notebook 20's fight in round 3: about 0.7 s a fight on one core).
DEFAULT_FIGHTS = 40


def readout(result: SimResult) -> str:
    """The readout's text: where the fights began, P(win) per side with its 95% interval
    and P(draw), in % (:func:`~lfgcombat.prep.result.format_pct`), the fights and seconds; after
    Stop, how many of the fights asked for were played first."""
    start = result.scenario.start
    where = f"From {start.where}: " if start is not None else ""
    if result.interrupted:
        where = f"Stopped: {result.n} of {result.requested} fights played. " + where
    sides = "; ".join(f"{s} {format_pct(*result.p_win(s))}" for s in result.sides)
    draw = format_pct(*result.p_draw())  # "P(win)": a side's name may be plural ("orcs")
    return (f"{where}P(win) {sides}; draw {draw} (95% intervals), "
            f"{result.n} fights in {result.seconds:.1f} s")


class ChancesFromHere(W.VBox):
    """"Chances from here" for an encounter: a button, a fights box and a readout.

    Args:
        encounter: The fight on the table.
        n: Fights a click plays (shown in the box, which the GM may change).
        seed: The root seed: the same moment of the same fight gives the same odds.
        tactics: The tactics the fights are played by (:mod:`lfgcombat.prep.tactics`: a
            target policy or a preset, or ``{side: ...}``).

    Attributes:
        result: The last :class:`~lfgcombat.prep.SimResult` (``None`` before a click).
        error: The refusal of the last click ("" after a run).
        text: The readout as plain text.
    """

    result = traitlets.Any(None, allow_none=True)
    error = traitlets.Unicode("")

    def __init__(self, encounter: Encounter, *, n: int = DEFAULT_FIGHTS, seed: int = 0,
                 tactics: Any = "weakest", **kwargs: Any) -> None:
        if not isinstance(encounter, Encounter):
            raise TypeError(f"ChancesFromHere needs a lfgcombat.Encounter, not "
                            f"{type(encounter).__name__}")
        self.encounter = encounter
        self.seed = seed
        self.tactics = tactics
        self.button = W.Button(description="Chances from here", icon="calculator",
                               tooltip="play this fight on from where it stands, many "
                                       "times, and show each side's chances",
                               layout=W.Layout(width="auto"))
        self.button.add_class("lfg-chances-run")
        self.button.on_click(lambda _b: self._in_background())
        self.stop_button = W.Button(description="Stop", button_style="warning",
                                    tooltip="stop after the fights under way; the fights "
                                            "played so far are kept and shown",
                                    layout=W.Layout(width="auto", display="none"))
        self.stop_button.add_class("lfg-chances-stop")
        self.stop_button.on_click(lambda _b: self.stop())
        self._stop_asked = False
        self._worker: threading.Thread | None = None
        self.fights = W.IntText(value=n, description="fights",
                                       layout=W.Layout(width="11em"),
                                       style={"description_width": "initial"})
        self.fights.add_class("lfg-chances-fights")
        self.bar = W.IntProgress(value=0, max=1, layout=W.Layout(width="10em",
                                                                 display="none"))
        self.bar.add_class("lfg-chances-bar")
        self.label = W.HTML()
        self.label.add_class("lfg-chances-text")
        self.text = ""
        self._shown_at: int | None = None
        self._say("Chances from here: click to play this fight on from where it stands.")
        row = W.HBox([self.button, self.stop_button, self.fights, self.bar],
                     layout=W.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__(children=[row, self.label], **kwargs)
        self.add_class("lfg-chances")
        self._unsubscribe = encounter.subscribe(lambda _enc: self._moved_on())

    def __repr__(self) -> str:
        """What a notebook without the widget shows (the site's text fallback)."""
        said = f": {self.text}" if self.text else " (click it to play the fight on)"
        return f"ChancesFromHere({self.fights.value} fights{said})"

    def _say(self, text: str, css: str = "") -> None:
        self.text = text
        color = "#b00020" if "lfg-error" in css else "#555" if "stale" in css else "#222"
        self.label.value = (f'<div class="lfg-chances-text {css}" style="color:{color}">'
                            f"{html.escape(text)}</div>")

    def _moved_on(self) -> None:
        """The fight moved on (a step, an undo): the readout is of an earlier moment."""
        if self._shown_at is not None and len(self.encounter.log) != self._shown_at:
            self._shown_at = None
            self._say(self.text + " - the fight has moved on since: click again for the "
                                  "chances from here", "lfg-chances-stale")

    def stop(self) -> None:
        """Stop the run under way after the fights being played; those played so far are
        kept and shown (the readout says how many)."""
        self._stop_asked = True
        self._say("stopping after the fights under way...")

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the run a click started (for code and tests)."""
        if self._worker is not None:
            self._worker.join(timeout)

    def _in_background(self) -> None:
        """A click: :meth:`refresh` in a thread, so that Stop is heard while it plays."""
        if self._worker is not None and self._worker.is_alive():
            return
        self.button.disabled = True
        self.stop_button.layout.display = None
        self._stop_asked = False  # a Stop from here on is heard (the thread may start late)

        def go() -> None:
            try:
                self._play()
            except Exception as exc:  # noqa: BLE001 - shown, never lost in the thread
                self._say(f"No chances from here: {type(exc).__name__}: {exc}", "lfg-error")
            finally:
                self.stop_button.layout.display = "none"
                self.button.disabled = False
        self._worker = threading.Thread(target=go, name="lfgcombat-chances", daemon=True)
        self._worker.start()

    def refresh(self) -> SimResult | None:
        """Play the fight on from where it stands and show the chances (a refusal is
        shown, not raised); after :meth:`stop`, the fights played so far."""
        self._stop_asked = False
        return self._play()

    def _play(self) -> SimResult | None:
        """:meth:`refresh`'s run (a click's in its thread), heeding :meth:`stop`."""
        self.button.disabled = True
        self.bar.layout.display = None
        self.bar.value, self.bar.max = 0, max(1, int(self.fights.value))  # 0: refused below

        def tick(done: int, total: int) -> None:
            self.bar.max, self.bar.value = total, done
            if self._stop_asked:
                raise KeyboardInterrupt  # the run's own Ctrl-C: it keeps the fights so far
        try:
            result = simulate(self.encounter, int(self.fights.value), seed=self.seed,
                              tactics=self.tactics, progress=False, callback=tick)
        except LfgError as exc:
            self.error = str(exc)
            self._shown_at = None
            self._say(f"No chances from here: {in_panel_words(str(exc))}", "lfg-error")
            return None
        finally:
            self.button.disabled = False
            self.bar.layout.display = "none"
        self.error = ""
        self.result = result
        self._shown_at = len(self.encounter.log)
        self._say(readout(result))
        return result


def chances(encounter: Encounter) -> ChancesFromHere:
    """The readout as the InitiativeTracker shows it (under its Undo row), with the
    defaults: :data:`DEFAULT_FIGHTS` fights, seed 0, the ``weakest`` tactics."""
    return ChancesFromHere(encounter)
