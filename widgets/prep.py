"""PrepPanel: GM prep in one panel - pick the sides, simulate, read the odds, replay a fight.

Thin by design: the simulation, statistics and plots are :mod:`lfgcombat.prep`'s
(:func:`~lfgcombat.prep.simulate`, :meth:`~lfgcombat.prep.SimResult.summary`,
:meth:`~lfgcombat.prep.SimResult.plot`, :meth:`~lfgcombat.prep.SimResult.replay`); the panel
only gathers the choices and shows the answers. "Replay the worst fight" opens the fight
that went worst for the party as a real encounter in the
:class:`~lfgcombat.widgets.initiative.InitiativeTracker`, exactly as it was simulated (on
the fast tier too: its dice are fed to the encounter, :mod:`lfgcombat.prep.replay`). Where
a fight cannot be replayed exactly (a :class:`~lfgcombat.prep.ReplayError`, which would mean
a bug) the next worst fight that replays exactly is opened, or else the worst of a short
reference-tier run of the same scenario and seed; the panel says which and why.

The ruleset menu offers every ruleset GM prep plays (``lfg``, ``classic``, ``wounds``);
choosing classic or wounds selects the reference tier (the only one that plays them) and
turns off lfg's optional rules and the Knockdown, as :func:`~lfgcombat.prep.spec.prep_choices`
says, with the reason under the menus. Their creatures need the ruleset's fields (``bab``;
``prowess`` and ``good_saves``): a creature that lacks them (the examples do) gets
defaults made from its lfg sheet (:mod:`lfgcombat.prep.defaults`), and the results' notes
list every value used; your own creatures' fields (``PrepPanel(creatures=[...])``, the
same names replace the examples) are played as they are.

A click on *Run* or *Compare tactics* runs in a thread, so that *Stop* (``.lfg-prep-stop``,
shown while a run is under way) is heard: the run ends after the fights under way, as
Ctrl-C ends :func:`~lfgcombat.prep.simulate`, and the fights played so far are shown ("Stopped:
k of n fights played"). :meth:`PrepPanel.run` and :meth:`PrepPanel.compare_tactics` called
from code run in the caller's thread; :meth:`PrepPanel.wait` waits for a click's run.

Beside a tracker, ``PrepPanel(encounter=tracker.encounter)`` takes the fight on the table
with no code: its map, creatures and current state, played on from where it stands on the
reference tier (:mod:`lfgcombat.prep.from_here`); the replay of a fight begins with the
table's own log.

*Compare tactics* answers "how much do tactics matter?": the same fights under each tactics
ticked under *compare* (the presets of :data:`lfgcombat.prep.tactics.PRESETS`;
:func:`~lfgcombat.prep.compare` on common random numbers), as one table (``.lfg-prep-
comparison``: the party's P(win) and P(a PC dies) per tactics, with the paired difference
from the first and its 95% interval) and one plot.

The notes and refusals are in the panel's words ("tick Knockdown", "choose the reference
tier"), not Python's (:func:`~lfgcombat.prep.run.in_panel_words`).
"""

from __future__ import annotations

import difflib
import html
import io
import threading
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as W
import pandas as pd
import traitlets

from lfgcombat.creature import Creature, example_names, load_example
from lfgcombat.engine import Encounter
from lfgcombat.errors import LfgError
from lfgcombat.prep import TARGET_POLICIES, Comparison, SimResult, compare, simulate
from lfgcombat.prep.kernel import kernel_loaded
from lfgcombat.prep.replay import ReplayError
from lfgcombat.prep.result import format_p, format_pct, format_points
from lfgcombat.prep.defaults import filled_in
from lfgcombat.prep.run import COMPILING, TIERS, in_panel_words
from lfgcombat.prep.spec import PrepError, prep_choices, reference_only
from lfgcombat.prep.tactics import PRESETS
from lfgcombat.rulesets import Ruleset
from lfgcombat.rulesets.base import implemented

#: Fights of the reference-tier run whose worst fight a fast-tier run's replay opens.
REPLAY_FIGHTS = 40
#: Fights a run plays by default for the fight on the table (``encounter=``): real
#: encounters played on from its log, a few tenths of a second each.
TABLE_FIGHTS = 40
#: The panel's limits on how many of one foe fight (a count outside is refused, not clamped).
MIN_COUNT, MAX_COUNT = 1, 20
_ERROR_STYLE = ("color:#8b0000;background:#fdecea;border:1px solid #d32f2f;"
                "border-left:6px solid #d32f2f;padding:6px 10px;margin:4px 0;border-radius:3px")
_STALE_STYLE = ("color:#5d4037;background:#fff8e1;border:1px solid #f9a825;padding:4px 10px;"
                "margin:4px 0;border-radius:3px")
_HEADINGS = {"side": "side", "p_dropped": "P(dropped)", "p_dead": "P(dead)",
             "hp_lost_mean": "HP lost (mean)", "damage_dealt_mean": "damage dealt (mean)",
             "kills_mean": "foes dropped (mean)"}

__all__ = ["PrepPanel"]



def _worded(names: Any) -> list[tuple[str, str]]:
    """Menu options in words (``focus_fire`` reads "focus fire"), each keeping its name as
    the value the prep functions take."""
    return [(str(n).replace("_", " "), str(n)) for n in names]


def result_words(result: SimResult) -> str:
    """A run's one-line summary in the panel's words (not the result's ``repr``): how many
    fights on which tier, each side's chance to win in %, the draws, and the notes."""
    wins = ", ".join(f"{s} {result.p_win(s)[0]:.1%}" for s in result.sides)
    k = len(result.notes)
    notes = f"; {k} note{'s' * (k != 1)} below" if k else ""
    return (f"{result.n} fights on the {result.tier} tier: P(win) {wins}, draw "
            f"{result.p_draw()[0]:.1%}{notes}")

class PrepPanel(W.VBox):
    """Simulate a fight many times from a few choices.

    Args:
        creatures: Creatures of your own to pick from, besides the examples (optional).
        party, foes: Names to start each side with.
        copies: How many of each foe at first (``Orc 1``, ``Orc 2``...), shown as the
            "new foes x" control; each foe picked gets its own count in the panel. A count
            outside ``MIN_COUNT..MAX_COUNT`` (or fights/seed the engine refuses) is shown as
            an error and refused, never clamped.
        n: Fights per run (default 2000; :data:`TABLE_FIGHTS` with ``encounter``).
        seed: The root seed (the same seed gives the same fights).
        encounter: The fight on the table (an InitiativeTracker's ``encounter``): the
            panel plays it on from where it stands - its sides, map, HP, conditions,
            round and turn - under its own rules (the pickers are hidden, the rules'
            menus locked to the encounter's), and marks the results stale once the fight
            moves on (:func:`lfgcombat.prep.simulate` of an Encounter).

    Attributes:
        result: The last :class:`~lfgcombat.prep.SimResult` (``None`` before a run).
        error: The message when a run or an input was refused ("" otherwise), shown in a
            red box; the previous results are then marked stale (:attr:`stale`).
        tracker: The InitiativeTracker of the last replayed fight.
        comparison: The last :class:`~lfgcombat.prep.Comparison` of tactics (*Compare
            tactics*; ``None`` before one).
    """

    error = traitlets.Unicode("")
    result = traitlets.Any(None, allow_none=True)
    comparison = traitlets.Any(None, allow_none=True)

    def __init__(self, creatures: Sequence[Creature] | Mapping[str, Creature] = (), *,
                 party: Sequence[str] = ("Wulfric", "Chessan", "Mayat", "Sokaris"),
                 foes: Sequence[str] = ("Orc",), copies: int = 3, n: int | None = None,
                 seed: int = 1, encounter: Encounter | None = None, **kwargs: Any) -> None:
        if encounter is not None and not isinstance(encounter, Encounter):
            raise TypeError(f"PrepPanel(encounter=...) needs a lfgcombat.Encounter, not "
                            f"{type(encounter).__name__}")
        self.encounter = encounter
        self._busy = False  # inside a run of ours: the encounter's own steps are not moves
        if n is None:
            n = TABLE_FIGHTS if encounter is not None else 2000
        self.pool: dict[str, Creature] = self._make_pool(creatures)
        names = list(self.pool)
        # tall enough to show the picked creatures without scrolling (the pool's first rows)
        box = dict(layout=W.Layout(width="15em"), rows=min(max(len(names), 4), 12))
        picked = [p for p in party if p in names]
        against = [f for f in foes if f in names]
        # each list opens with the creatures picked on it, so they show without scrolling
        self._party = W.SelectMultiple(options=picked + [n for n in names if n not in picked],
                                       value=picked, description="party", **box)
        self._foes = W.SelectMultiple(options=against + [n for n in names if n not in against],
                                      value=against, description="foes", **box)
        small = dict(layout=W.Layout(width="14em"), style={"description_width": "6em"})
        self._copies = W.IntText(value=copies, description="new foes x",
                                 tooltip="how many of each foe picked from now on", **small)
        self._counts: dict[str, W.IntText] = {}
        self._count_box = W.VBox([])
        self._foes.observe(lambda _: self._sync_counts(), "value")
        self._sync_counts()
        self._make_options(n, seed, small)
        self._make_outputs()
        self.tracker = None
        self._run.on_click(lambda _: self._in_background(self.run))
        self._compare.on_click(lambda _: self._in_background(self.compare_tactics))
        self._stop.on_click(lambda _: self.stop())
        self._replay.on_click(lambda _: self.replay_worst())
        # the columns wrap on a narrow page instead of being cut off
        controls = W.HBox([self._party, W.VBox([self._foes, self._copies, self._count_box]),
                           W.VBox([self._n, self._seed, self._tactics, self._ruleset,
                                   self._tier, W.HBox([self._killer, self._perfect]),
                                   self._knockdown, self._ruleset_note]), self._versus],
                          layout=W.Layout(flex_flow="row wrap"))
        self._fight_line = W.HTML("")  # shown over the controls with an encounter
        super().__init__([self._fight_line] * (encounter is not None) + [
                          controls, W.HBox([self._run, self._stop, self._bar, self._replay,
                                            self._compare]),
                          self._status, self._stale, self._summary, self._plot, self._table,
                          self._comparison, self._comparison_plot], **kwargs)
        self.add_class("lfg-prep")
        for control in (self._party, self._foes, self._copies, self._n, self._seed,
                        self._tactics, self._ruleset, self._tier, self._killer, self._perfect,
                        self._knockdown):
            control.observe(lambda _: self._inputs_changed(), "value")
        if encounter is not None:
            self._for_the_table(encounter)
        else:
            self._unknown_names(list(party) + list(foes), names)

    def _for_the_table(self, enc: Encounter) -> None:
        """The panel of a fight on the table: its sides, rules, map and state are the
        encounter's (the pickers are hidden and the rules' menus show its own, locked);
        the panel plays it on from where it stands, and marks its results stale once the
        fight moves on."""
        for w in (self._party, self._foes, self._copies, self._count_box):
            w.layout.display = "none"
        self._ruleset.options = [enc.ruleset.name]
        self._tier.options = ["fast or reference"]  # the fight's state chooses (fast_here)
        for box, value in ((self._killer, enc.ruleset.killer_criticals),
                           (self._perfect, enc.ruleset.perfect_critical),
                           (self._knockdown, enc.knockdown_after_strike)):
            box.value = bool(value)
            box.disabled = True
        self._ruleset.disabled = self._tier.disabled = True
        self._ruleset_note.value = ("<span class='lfg-prep-ruleset-note'>The fight's own rules "
                                    "(its ruleset, optional rules and Knockdown), played on "
                                    "from where it stands: on the fast tier where its "
                                    "compiled fights can start there (the open field, the "
                                    "conditions they know), else on real encounters from its "
                                    "log; the notes say which, and why.</span>")
        self._show_fight()
        enc.subscribe(lambda _enc: self._moved_on())

    def _show_fight(self) -> None:
        enc = self.encounter
        if enc is None:
            return
        up = enc.standing()
        where = "before it starts" if enc.round < 1 else (
            f"round {enc.round}, {enc.current}'s turn")
        sides = "; ".join(f"{html.escape(side)}: {html.escape(', '.join(names)) or 'nobody'}"
                          " standing" for side, names in up.items())
        self._fight_line.value = (f"<div class='lfg-prep-table'><b>The fight on the table</b>,"
                                  f" {html.escape(where)} ({sides}): Run plays it on from "
                                  "there.</div>")

    def _moved_on(self) -> None:
        if self._busy:
            return
        self._show_fight()
        self._mark_stale("the fight on the table has moved on since this run")

    @property
    def _side(self) -> str:
        """The side the panel reads for: the party, or the encounter's first side."""
        if self.encounter is None:
            return "party"
        return self.encounter.side(self.encounter.names[0])

    @staticmethod
    def _make_pool(creatures: Sequence[Creature] | Mapping[str, Creature]
                   ) -> dict[str, Creature]:
        """The creatures to pick from by name: the examples, then ``creatures``."""
        own = list(creatures.values() if isinstance(creatures, Mapping) else creatures)
        if not all(isinstance(c, Creature) for c in own):
            raise TypeError("PrepPanel creatures must be lfgcombat.Creature values")
        pool: dict[str, Creature] = {}
        for name in example_names():
            c = load_example(name)
            pool[c.name] = c
        for c in own:
            pool[c.name] = c
        return pool

    def _make_options(self, n: int, seed: int, small: dict[str, Any]) -> None:
        """The run's options: fights, seed, tactics, ruleset, tier, optional rules, and
        Momentum of Impact's Knockdown (the reference tier plays it)."""
        self._n = W.IntText(value=n, description="fights", **small)
        self._seed = W.IntText(value=seed, description="seed", **small)
        self._tactics = W.Dropdown(options=_worded(list(TARGET_POLICIES) + list(PRESETS)),
                                   value="weakest", description="tactics", **small)
        self._versus = W.SelectMultiple(options=_worded(PRESETS), value=list(PRESETS)[:3],
                                        description="compare", rows=len(PRESETS),
                                        tooltip="the tactics Compare tactics plays on the "
                                                "same fights (two or more)",
                                        layout=W.Layout(width="15em"))
        playable = list(implemented())
        self._ruleset = W.Dropdown(options=playable, value=playable[0],
                                   description="ruleset", disabled=len(playable) == 1,
                                   tooltip="GM prep plays " + ", ".join(playable) + "; "
                                   "classic and wounds on the reference tier (their "
                                   "creatures need bab; prowess and good_saves)", **small)
        self._tier = W.Dropdown(options=list(TIERS), value="fast", description="tier",
                                **small)
        self._killer = W.Checkbox(value=False, description="Killer Criticals", indent=False)
        self._perfect = W.Checkbox(value=False, description="Perfect Critical", indent=False)
        self._knockdown = W.Checkbox(value=False, description="Knockdown (reference tier)",
                                     indent=False)
        self._ruleset_note = W.HTML("")
        self._lfg_tier = "fast"  # the tier picked under lfg, given back on returning to it
        self._ruleset.observe(lambda _: self._ruleset_changed(), "value")

    def _ruleset_changed(self) -> None:
        """The ruleset changed: offer the tiers that play it and the choices that apply
        there, as :func:`~lfgcombat.prep.spec.prep_choices` says (classic and wounds: the
        reference tier, without lfg's optional rules and Knockdown), saying why."""
        rs = Ruleset(self._ruleset.value)
        choices = prep_choices(rs)
        tiers = [t for t in TIERS if t in choices["tiers"]]
        if "fast" in self._tier.options:
            self._lfg_tier = self._tier.value
        back = self._lfg_tier if self._lfg_tier in tiers else tiers[0]
        self._tier.options = tiers
        self._tier.value = back
        self._tier.disabled = len(tiers) == 1
        for name, box in (("killer_criticals", self._killer),
                          ("perfect_critical", self._perfect), ("knockdown", self._knockdown)):
            box.disabled = name in choices["off"]
            if box.disabled:
                box.value = False
        note = reference_only([rs])  # the panel locks the tier itself: no advice for code
        note = note + "." if note else None
        self._ruleset_note.value = (f"<span class='lfg-prep-ruleset-note'>{html.escape(note)}"
                                    "</span>" if note else "")

    def _make_outputs(self) -> None:
        """The buttons, the progress bar and what a run shows."""
        self._run = W.Button(description="Run", button_style="primary",
                             tooltip="simulate the fights")
        self._stop = W.Button(description="Stop", button_style="warning",
                              tooltip="stop the run after the fights under way; the fights "
                                      "played so far are kept and shown",
                              layout=W.Layout(display="none"))
        self._stop.add_class("lfg-prep-stop")
        self._stop_asked = False
        self._worker: threading.Thread | None = None
        self._replay = W.Button(description="Replay the worst fight", disabled=True,
                                layout=W.Layout(width="16em"))
        self._compare = W.Button(description="Compare tactics",
                                 tooltip="play the same fights under each tactics ticked "
                                         "under 'compare' and show how much they matter")
        self._compare.add_class("lfg-prep-compare")
        self._comparison = W.HTML("")
        # hidden until a comparison draws it
        self._comparison_plot = W.Image(format="png", layout=W.Layout(max_width="100%",
                                                                      display="none"))
        self._bar = W.IntProgress(value=0, min=0, max=1, description="", bar_style="info",
                                  layout=W.Layout(width="20em"))
        self._status = W.HTML("")
        self._stale = W.HTML("")
        self._summary = W.HTML("")
        # hidden until a run draws it (an empty Image shows a broken-picture icon)
        self._plot = W.Image(format="png", layout=W.Layout(max_width="100%", display="none"))
        self._table = W.VBox()

    # ------------------------------------------------------------------ the model
    def _sync_counts(self) -> None:
        """One count per foe picked, shown under the foes (new ones start at the "new foes x"
        value, itself shown)."""
        small = dict(layout=W.Layout(width="14em"), style={"description_width": "8em"})
        for name in self._foes.value:
            if name not in self._counts:
                self._counts[name] = W.IntText(value=int(self._copies.value),
                                               description=f"{name[:12]} x", **small)
                self._counts[name].observe(lambda _: self._inputs_changed(), "value")
        self._count_box.children = tuple(self._counts[n] for n in self._foes.value)

    def set_count(self, foe: str, count: int) -> None:
        """How many of ``foe`` (a name picked among the foes) fight."""
        self._counts[foe].value = int(count)

    @staticmethod
    def _check_count(what: str, k: int) -> None:
        """Refuse a count outside ``MIN_COUNT..MAX_COUNT`` (never clamp it).

        Raises:
            PrepError: ``k`` out of range, naming ``what``.
        """
        if not MIN_COUNT <= k <= MAX_COUNT:
            raise PrepError(f"{what} must be from {MIN_COUNT} to {MAX_COUNT}, not {k}; "
                            "set it in that range and press Run")

    def sides(self) -> dict[str, list[Creature]]:
        """The sides as chosen (each foe as many times as its count, numbered).

        Raises:
            PrepError: a foe's count is outside ``MIN_COUNT..MAX_COUNT``.
        """
        party = [self.pool[n] for n in self._party.value]
        foes: list[Creature] = []
        for name in self._foes.value:
            c = self.pool[name]
            k = int(self._counts[name].value)
            self._check_count(f"the count of {name!r}", k)
            foes += [c] if k == 1 else [c.replace(name=f"{name} {i + 1}") for i in range(k)]
        return {"party": party, "foes": foes}

    # ------------------------------------------------------------------ errors, staleness
    def _unknown_names(self, asked: list[str], names: list[str]) -> None:
        """Say which of the ``party``/``foes`` names given are not in the pool (they were
        left out), with "did you mean" and how to add one's own creatures."""
        unknown = [a for a in asked if a not in names]
        if not unknown:
            return
        words = []
        for a in unknown:
            close = difflib.get_close_matches(str(a), names, n=1, cutoff=0.6)
            words.append(f"{a!r}" + (f" (did you mean {close[0]!r}?)" if close else ""))
        self._show_error(f"no creature named {', '.join(words)}: left out of the sides. Pick "
                         "from the lists, or give your own creatures with "
                         "PrepPanel(creatures=[...])", heading="Left out:")

    def _show_error(self, message: str, heading: str = "Not run:") -> None:
        """Show ``message`` as an error: a red box, not plain text (its line breaks kept)."""
        self.error = message
        text = html.escape(message).replace("\n", "<br>")
        self._status.value = (f"<div class='lfg-prep-error' role='alert' style='{_ERROR_STYLE}'>"
                              f"<b>{heading}</b> {text}</div>")

    def _mark_stale(self, why: str) -> None:
        """Mark the shown results as stale (kept for comparison; the replay is disabled)."""
        self._replay.disabled = True
        if self.result is None:
            return
        last = html.escape(result_words(self.result))
        self._stale.value = (f"<div class='lfg-prep-stale' style='{_STALE_STYLE}'><b>Stale:"
                             f"</b> {html.escape(why)}; the tables and replay below are of "
                             f"the previous run (its plots are hidden): {last}. Press Run "
                             "for results of the current inputs.</div>")
        self._plot.layout.display = "none"

    def _inputs_changed(self) -> None:
        """An input changed: the shown results are stale; a bad count is refused at once."""
        self._mark_stale("the inputs changed since this run")
        try:
            self._check_count("new foes x", int(self._copies.value))
            self.sides()
        except PrepError as exc:
            self._show_error(str(exc))
            return
        if self.error:
            self.error = ""
            self._status.value = ""

    @property
    def stale(self) -> bool:
        """Whether the shown results are not of the current inputs (or the last run failed)."""
        return bool(self._stale.value)

    def run(self) -> SimResult | None:
        """Simulate with the current choices; show the summary and the plots.

        A refused run shows the engine's message as an error and marks the previous
        results, if any, as stale.
        """
        self._replay.disabled = True
        self._status.value = "running..." + (
            "" if self._tier.value != "fast" or kernel_loaded() else f" ({COMPILING})")
        self._bar.value, self._bar.max = 0, max(1, int(self._n.value))

        tick = self._ticker()
        try:
            if self.encounter is not None:  # the fight on the table, from where it stands
                self._busy = True
                result = simulate(self.encounter, int(self._n.value),
                                  tactics=self._tactics.value, seed=int(self._seed.value),
                                  progress=False, callback=tick)
            else:
                rs = self._rules()
                sides, filled = filled_in(self.sides(), rs)  # classic's bab, wounds'...
                result = simulate(sides, int(self._n.value), ruleset=rs,
                                  tactics=self._tactics.value, seed=int(self._seed.value),
                                  tier=self._tier.value, progress=False, callback=tick,
                                  knockdown=bool(self._knockdown.value)).noted(filled)
        except LfgError as exc:
            self._show_error(in_panel_words(str(exc)))
            self._mark_stale("this run was refused")
            return None
        finally:
            self._busy = False
        self.error = ""
        self.result = result
        self._table.children, self.tracker = (), None  # the last run's replay is not this one's
        self._stale.value = ""
        self._plot.layout.display = None
        self._status.value = html.escape(self._stopped_words(result) or result_words(result))
        self._summary.value = self._tables(result)
        buf = io.BytesIO()
        result.plot().savefig(buf, format="png", dpi=72)
        self._plot.value = buf.getvalue()
        self._replay.disabled = False
        return result

    # ------------------------------------------------------------------ Stop
    def _ticker(self) -> Any:
        """The run's progress callback: it moves the bar, and after Stop it ends the run
        at the next chunk (as Ctrl-C does: the fights played so far are kept)."""
        self._stop_asked = False

        def tick(done: int, total: int) -> None:
            self._bar.max, self._bar.value = total, done
            if self._stop_asked:
                raise KeyboardInterrupt  # the run's own Ctrl-C: it keeps the fights so far
        return tick

    def stop(self) -> None:
        """Stop the run under way after the fights being played; those played so far are
        kept and shown (the results say how many)."""
        self._stop_asked = True
        self._status.value = "stopping after the fights under way..."

    @staticmethod
    def _stopped_words(result: SimResult) -> str:
        if not result.interrupted:
            return ""
        return (f"Stopped: {result.n} of {result.requested} fights played, shown below "
                f"({result.seconds:.1f} s)")

    def _in_background(self, work: Any) -> None:
        """A click: ``work`` (:meth:`run`, :meth:`compare_tactics`) in a thread, so that
        the Stop button is heard while it runs; Run and Compare are off meanwhile."""
        if self._worker is not None and self._worker.is_alive():
            return
        busy = (self._run, self._compare)

        def go() -> None:
            try:
                work()
            except Exception as exc:  # noqa: BLE001 - shown, never lost in the thread
                self._show_error(f"{type(exc).__name__}: {exc}")
            finally:
                for b in busy:
                    b.disabled = False
                self._stop.layout.display = "none"
        for b in busy:
            b.disabled = True
        self._stop.layout.display = None
        self._worker = threading.Thread(target=go, name="lfgcombat-prep-panel", daemon=True)
        self._worker.start()

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the run a click started (for code and tests)."""
        if self._worker is not None:
            self._worker.join(timeout)

    def _rules(self) -> Ruleset:
        return Ruleset(self._ruleset.value, killer_criticals=bool(self._killer.value),
                       perfect_critical=bool(self._perfect.value))

    def compare_tactics(self) -> Comparison | None:
        """"How much do tactics matter?": the same fights under each tactics ticked under
        *compare* (:func:`~lfgcombat.prep.compare`, common random numbers), shown as one
        table (per tactics, the party's P(win) and P(a PC dies), each with its difference
        from the first and the paired 95% interval) and one plot. A refusal is shown as
        an error."""
        self._status.value = "comparing tactics..."
        self._bar.value, self._bar.max = 0, 1

        tick = self._ticker()
        filled = None
        try:
            self._busy = True
            if self.encounter is not None:
                c = compare(self.encounter, int(self._n.value),
                            tactics=list(self._versus.value), seed=int(self._seed.value),
                            progress=False, callback=tick)
            else:
                rs = self._rules()
                sides, filled = filled_in(self.sides(), rs)
                c = compare(sides, int(self._n.value), tactics=list(self._versus.value),
                            ruleset=rs, seed=int(self._seed.value), tier=self._tier.value,
                            progress=False, knockdown=bool(self._knockdown.value),
                            callback=tick)
        except LfgError as exc:
            self._show_error(in_panel_words(str(exc)), heading="Not compared:")
            return None
        finally:
            self._busy = False
        self.error = ""
        self.comparison = c
        self._status.value = html.escape(f"{len(c.labels)} tactics compared on the same "
                                         f"{c.results[0].n} fights in "
                                         f"{c.results[0].seconds:.1f} s")
        notes = [n for n in (filled,) + c.notes if n]
        self._comparison.value = self._comparison_table(c, self._side) + "".join(
            f"<p class='lfg-prep-note'>{html.escape(in_panel_words(n))}</p>" for n in notes)
        buf = io.BytesIO()
        c.plot("win", side=self._side).savefig(buf, format="png", dpi=72)
        self._comparison_plot.value = buf.getvalue()
        self._comparison_plot.layout.display = None
        return c

    @staticmethod
    def _comparison_table(c: Comparison, side: str = "party") -> str:
        """Per tactics (named in words, as the menus name them): ``side``'s P(win) and P(one
        of it dies) in % and their paired differences from the first tactics in
        percentage points, each with its 95% interval."""
        s = c.summary().xs(side, level="side")
        words = dict(_worded(c.labels))  # "focus fire" for the preset focus_fire
        named = {label: name for name, label in words.items()}
        first = named[c.labels[0]]
        rows = {}
        for label in c.labels:
            row = {}
            for m, head in (("win", f"P({side} wins)"), ("any_dead", f"P(one of {side} dies)")):
                r = s.loc[(label, m)]
                row[head] = format_pct(r["p"], r["p_lo"], r["p_hi"])
                row[f"{head} vs {first}"] = (
                    "-" if label == c.labels[0] else
                    format_points(r["diff"], r["diff_lo"], r["diff_hi"]))
            rows[named[label]] = row
        return ("<p>How much do tactics matter? The same fights under each; differences "
                "with paired 95% intervals</p>"
                + pd.DataFrame(rows).T.to_html(classes="lfg-prep-comparison"))

    @staticmethod
    def _tables(result: SimResult) -> str:
        """The summary and the per-creature table, with plain headings and intervals."""
        pc = result.per_creature()
        table = pc[[k for k in _HEADINGS if not k.startswith("p_")]].copy()
        for key in ("p_dropped", "p_dead"):
            table[key] = [format_p(pc.loc[n, key], pc.loc[n, f"{key}_lo"],
                                   pc.loc[n, f"{key}_hi"]) for n in pc.index]
        table = table[list(_HEADINGS)].rename(columns=_HEADINGS)
        notes = "".join(f"<p class='lfg-prep-note'>{html.escape(in_panel_words(n))}</p>"
                        for n in result.notes)
        return ("<p>95% intervals in brackets</p>"
                + result.readable().to_html(classes="lfg-prep-summary")
                + table.to_html(float_format=lambda v: f"{v:.1f}", index_names=False)
                + notes)

    def replay_worst(self):
        """Rebuild the fight that went worst for the party and open it in the tracker, with
        its dice log."""
        from .initiative import InitiativeTracker
        if self.result is None:
            self._status.value = "run the simulation first"
            return None
        source, i, enc, refused = self._worst_replayable(self.result)
        self.tracker = InitiativeTracker(enc, dicelog=True)
        if source is not self.result:
            text = (f"<b>The worst of {source.n} reference-tier fights</b> (fight {i}, same "
                    f"scenario and seed), exactly: the worst fast-tier fights cannot be "
                    f"replayed die for die ({html.escape(refused)}).")
        else:
            text = (f"<b>The worst fight</b> of this {source.tier}-tier run (fight {i}), "
                    "exactly as it was simulated")
            text += (f"; the worse ones cannot be replayed die for die "
                     f"({html.escape(refused)})." if refused else ".")
        note = W.HTML(text, layout=W.Layout(width="100%"))
        note.add_class("lfg-prep-replay")
        end = W.HTML(self._end_line(source, i, int(enc.round)), layout=W.Layout(width="100%"))
        end.add_class("lfg-prep-replay-end")
        self._table.children = (note, end, self.tracker)
        return self.tracker

    @staticmethod
    def _end_line(result: SimResult, i: int, shown: int) -> str:
        """One line over the replayed tracker: which fight, that it is shown at its end, the
        round it was decided and (where the tracker's round is later) why."""
        outcome = result.fight(i)
        rounds, winner = int(outcome["rounds"]), int(outcome["winner"])
        plural = "s" if rounds != 1 else ""
        decided = (f"no side won within {rounds} round{plural} (a draw)" if winner < 0 else
                   f"{html.escape(result.sides[winner])} won; decided in round {rounds}")
        line = f"Fight {i}, shown at its end: {decided}."
        if shown > rounds and winner < 0:
            line += (f" The tracker shows round {shown}, after the round limit (creatures "
                     "left dying, if any, were played out).")
        elif shown > rounds:
            line += (f" Creatures left dying were played out (bleeding, rolling to "
                     f"stabilize) until round {shown}, the round the tracker shows.")
        return line

    def _worst_replayable(self, result: SimResult) -> tuple[SimResult, int, Any, str]:
        """The run, fight and encounter to show: the worst fight for the party that replays
        exactly (among the ten worst), else the worst of a short reference-tier run; and why
        a worse one was passed over ("" if none was)."""
        why = ""
        for i in result.worst(self._side, share=min(1.0, 10 / max(1, result.n))):
            try:
                return result, i, result.replay(i), why
            except ReplayError as exc:
                why = why or str(exc)
        ref = simulate(filled_in(self.sides(), result.scenario.ruleset)[0], REPLAY_FIGHTS,
                       ruleset=result.scenario.ruleset,
                       tactics=self._tactics.value, seed=result.seed, tier="reference",
                       progress=False, knockdown=result.scenario.knockdown)
        i = ref.worst("party")[0]
        return ref, i, ref.replay(i), why

    def __repr__(self) -> str:
        if self.encounter is not None:
            head = f"the fight on the table: {self.encounter!r}; {self._n.value} fights"
            return f"PrepPanel({head}; {self.result!r})" if self.result else \
                f"PrepPanel({head}; not run)"
        s = self.sides()
        head = (f"party: {', '.join(c.name for c in s['party'])}; foes: "
                f"{', '.join(c.name for c in s['foes'])}; {self._n.value} fights")
        if self.result is None:
            return f"PrepPanel({head}; not run)"
        return f"PrepPanel({head}; {self.result!r})"
