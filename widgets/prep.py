"""PrepPanel: GM prep in one panel - pick the sides, simulate, read the odds, replay a fight.

Thin by design: the simulation, statistics and plots are :mod:`lfgcombat.prep`'s
(:func:`~lfgcombat.prep.simulate`, :meth:`~lfgcombat.prep.SimResult.summary`,
:meth:`~lfgcombat.prep.SimResult.plot`, :meth:`~lfgcombat.prep.SimResult.replay`); the panel
only gathers the choices and shows the answers. "Replay the worst fight" opens the fight
that went worst for the party as a real encounter in the
:class:`~lfgcombat.widgets.initiative.InitiativeTracker`, exactly as it was simulated (on
the fast tier too: its dice are fed to the encounter, :mod:`lfgcombat.prep.replay`). Where
a rule the fast tier leaves out would act in that fight (a Perfect Critical's limb injury)
the next worst fight that replays exactly is opened, or else the worst of a short
reference-tier run of the same scenario and seed; the panel says which and why.
"""

from __future__ import annotations

import html
import io
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as W
import traitlets

from lfgcombat.creature import Creature, example_names, load_example
from lfgcombat.errors import LfgError
from lfgcombat.prep import TARGET_POLICIES, SimResult, simulate
from lfgcombat.prep.replay import ReplayError
from lfgcombat.prep.result import format_p
from lfgcombat.prep.run import SUPPORTED_RULESETS, TIERS
from lfgcombat.rulesets import Ruleset
from lfgcombat.rulesets.base import implemented

#: Fights of the reference-tier run whose worst fight a fast-tier run's replay opens.
REPLAY_FIGHTS = 40
_HEADINGS = {"side": "side", "p_dropped": "P(dropped)", "p_dead": "P(dead)",
             "hp_lost_mean": "HP lost (mean)", "damage_dealt_mean": "damage dealt (mean)",
             "kills_mean": "foes dropped (mean)"}

__all__ = ["PrepPanel"]


class PrepPanel(W.VBox):
    """Simulate a fight many times from a few choices.

    Args:
        creatures: Creatures of your own to pick from, besides the examples (optional).
        party, foes: Names to start each side with.
        copies: How many of each foe at first (``Orc 1``, ``Orc 2``...); each foe picked
            gets its own count in the panel.
        n: Fights per run.
        seed: The root seed (the same seed gives the same fights).

    Attributes:
        result: The last :class:`~lfgcombat.prep.SimResult` (``None`` before a run).
        error: The engine's message when a run was refused ("" otherwise).
        tracker: The InitiativeTracker of the last replayed fight.
    """

    error = traitlets.Unicode("")
    result = traitlets.Any(None, allow_none=True)

    def __init__(self, creatures: Sequence[Creature] | Mapping[str, Creature] = (), *,
                 party: Sequence[str] = ("Wulfric", "Chessan", "Mayat", "Sokaris"),
                 foes: Sequence[str] = ("Orc",), copies: int = 3, n: int = 2000,
                 seed: int = 1, **kwargs: Any) -> None:
        own = list(creatures.values() if isinstance(creatures, Mapping) else creatures)
        if not all(isinstance(c, Creature) for c in own):
            raise TypeError("PrepPanel creatures must be lfgcombat.Creature values")
        self.pool: dict[str, Creature] = {}
        for name in example_names():
            c = load_example(name)
            self.pool[c.name] = c
        for c in own:
            self.pool[c.name] = c
        names = list(self.pool)
        box = dict(layout=W.Layout(width="14em", height="9em"))
        self._party = W.SelectMultiple(options=names, value=[p for p in party if p in names],
                                       description="party", **box)
        self._foes = W.SelectMultiple(options=names, value=[f for f in foes if f in names],
                                      description="foes", **box)
        small = dict(layout=W.Layout(width="14em"), style={"description_width": "6em"})
        self._copies = W.BoundedIntText(value=copies, min=1, max=20, description="copies",
                                        **small)
        self._counts: dict[str, W.BoundedIntText] = {}
        self._count_box = W.VBox([])
        self._foes.observe(lambda _: self._sync_counts(), "value")
        self._sync_counts()
        self._n = W.BoundedIntText(value=n, min=1, max=10_000_000, description="fights",
                                   **small)
        self._seed = W.BoundedIntText(value=seed, min=0, max=2 ** 62, description="seed",
                                      **small)
        self._tactics = W.Dropdown(options=list(TARGET_POLICIES), value="weakest",
                                   description="tactics", **small)
        playable = [r for r in implemented() if r in SUPPORTED_RULESETS]
        self._ruleset = W.Dropdown(options=playable, value=playable[0],
                                   description="ruleset", **small)
        self._tier = W.Dropdown(options=list(TIERS), value="fast", description="tier",
                                **small)
        self._killer = W.Checkbox(value=False, description="Killer Criticals", indent=False)
        self._perfect = W.Checkbox(value=False, description="Perfect Critical", indent=False)
        self._run = W.Button(description="Run", button_style="primary",
                             tooltip="simulate the fights")
        self._replay = W.Button(description="Replay the worst fight", disabled=True,
                                layout=W.Layout(width="16em"))
        self._bar = W.IntProgress(value=0, min=0, max=1, description="", bar_style="info",
                                  layout=W.Layout(width="20em"))
        self._status = W.HTML("")
        self._summary = W.HTML("")
        self._plot = W.Image(format="png", layout=W.Layout(max_width="100%"))
        self._table = W.VBox()
        self.tracker = None
        self._run.on_click(lambda _: self.run())
        self._replay.on_click(lambda _: self.replay_worst())
        controls = W.HBox([self._party, W.VBox([self._foes, self._count_box]), W.VBox([
            self._n, self._seed, self._tactics, self._ruleset, self._tier,
            W.HBox([self._killer, self._perfect])])])
        super().__init__([controls, W.HBox([self._run, self._bar, self._replay]),
                          self._status, self._summary, self._plot, self._table], **kwargs)
        self.add_class("lfg-prep")

    # ------------------------------------------------------------------ the model
    def _sync_counts(self) -> None:
        """One count per foe picked (new ones start at ``copies``)."""
        small = dict(layout=W.Layout(width="14em"), style={"description_width": "8em"})
        for name in self._foes.value:
            if name not in self._counts:
                self._counts[name] = W.BoundedIntText(
                    value=int(self._copies.value), min=1, max=20,
                    description=f"{name[:12]} x", **small)
        self._count_box.children = tuple(self._counts[n] for n in self._foes.value)

    def set_count(self, foe: str, count: int) -> None:
        """How many of ``foe`` (a name picked among the foes) fight."""
        self._counts[foe].value = int(count)

    def sides(self) -> dict[str, list[Creature]]:
        """The sides as chosen (each foe as many times as its count, numbered)."""
        party = [self.pool[n] for n in self._party.value]
        foes: list[Creature] = []
        for name in self._foes.value:
            c = self.pool[name]
            k = int(self._counts[name].value)
            foes += [c] if k == 1 else [c.replace(name=f"{name} {i + 1}") for i in range(k)]
        return {"party": party, "foes": foes}

    def run(self) -> SimResult | None:
        """Simulate with the current choices; show the summary and the plots."""
        self._replay.disabled = True
        self._status.value = "running..."
        self._bar.value, self._bar.max = 0, int(self._n.value)

        def tick(done: int, total: int) -> None:
            self._bar.max, self._bar.value = total, done
        try:
            rs = Ruleset(self._ruleset.value, killer_criticals=self._killer.value,
                         perfect_critical=self._perfect.value)
            result = simulate(self.sides(), int(self._n.value), ruleset=rs,
                              tactics=self._tactics.value, seed=int(self._seed.value),
                              tier=self._tier.value, progress=False, callback=tick)
        except LfgError as exc:
            self.error = str(exc)
            self._status.value = f"<span class='lfg-prep-error'>{html.escape(str(exc))}</span>"
            return None
        self.error = ""
        self.result = result
        self._status.value = html.escape(repr(result))
        self._summary.value = self._tables(result)
        buf = io.BytesIO()
        result.plot().savefig(buf, format="png", dpi=72)
        self._plot.value = buf.getvalue()
        self._replay.disabled = False
        return result

    @staticmethod
    def _tables(result: SimResult) -> str:
        """The summary and the per-creature table, with plain headings and intervals."""
        pc = result.per_creature()
        table = pc[[k for k in _HEADINGS if not k.startswith("p_")]].copy()
        for key in ("p_dropped", "p_dead"):
            table[key] = [format_p(pc.loc[n, key], pc.loc[n, f"{key}_lo"],
                                   pc.loc[n, f"{key}_hi"]) for n in pc.index]
        table = table[list(_HEADINGS)].rename(columns=_HEADINGS)
        notes = "".join(f"<p class='lfg-prep-note'>{html.escape(n)}</p>" for n in result.notes)
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
        self._table.children = (note, self.tracker)
        return self.tracker

    def _worst_replayable(self, result: SimResult) -> tuple[SimResult, int, Any, str]:
        """The run, fight and encounter to show: the worst fight for the party that replays
        exactly (among the ten worst), else the worst of a short reference-tier run; and why
        a worse one was passed over ("" if none was)."""
        why = ""
        for i in result.worst("party", share=min(1.0, 10 / max(1, result.n))):
            try:
                return result, i, result.replay(i), why
            except ReplayError as exc:
                why = why or str(exc)
        ref = simulate(self.sides(), REPLAY_FIGHTS, ruleset=result.scenario.ruleset,
                       tactics=self._tactics.value, seed=result.seed, tier="reference",
                       progress=False)
        i = ref.worst("party")[0]
        return ref, i, ref.replay(i), why

    def __repr__(self) -> str:
        s = self.sides()
        head = (f"party: {', '.join(c.name for c in s['party'])}; foes: "
                f"{', '.join(c.name for c in s['foes'])}; {self._n.value} fights")
        if self.result is None:
            return f"PrepPanel({head}; not run)"
        return f"PrepPanel({head}; {self.result!r})"
