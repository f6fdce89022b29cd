"""The GM's own hand on the fight: damage (with its type), healing and conditions, through
:meth:`lfgcombat.Encounter.damage`, :meth:`~lfgcombat.Encounter.heal`,
:meth:`~lfgcombat.Encounter.add_condition` and :meth:`~lfgcombat.Encounter.remove_condition`
(000_8d1d7816ee944f3b.txt, "Taking Damage", "Damage in Combat", "Conditions (Sometimes
called Status Effects)"). The engine parses the damage type and the condition text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as W

from lfgcombat.rules.damage import DamageType

from .tracker_ui import button, dropdown, row, set_options

if TYPE_CHECKING:  # pragma: no cover
    from .initiative import InitiativeTracker

_TYPES = [("untyped", "")] + [(f"{d.value} [{d.abbreviation}]", d.value) for d in DamageType]
#: Words the rules text hyphenates ("Flat-Footed", in
#: 000_8d1d7816ee944f3b.txt, "Conditions (Sometimes called Status Effects)").
_HYPHENED = {"flat_footed": "flat-footed"}


def condition_words(catalogue: Any) -> dict[str, str]:
    """The ruleset's own conditions (its ``ConditionCatalogue.conditions()``) in words, each
    with what :meth:`lfgcombat.Encounter.add_condition` takes: ``{"broken arm":
    "broken_arm", "flat-footed": "flat_footed"}`` for lfg and wounds (lfg's table), classic's
    names as its table writes them (``"Flat-footed"``) (issue 26, items 1-2)."""
    out: dict[str, str] = {}
    for c in catalogue.conditions():
        key = str(getattr(c, "value", c))
        out[_HYPHENED.get(key, key.replace("_", " "))] = key
    return out


class GMControls(W.VBox):
    """Damage, heal and give or remove conditions, for any creature, at any time.

    Args:
        tracker: The :class:`~lfgcombat.widgets.InitiativeTracker`.

    CSS hooks: ``.lfg-gm-who``, ``.lfg-gm-amount``, ``.lfg-gm-type``, the buttons
    ``.lfg-gm-damage`` and ``.lfg-gm-heal``; ``.lfg-gm-condition`` (type or pick, e.g.
    "bleed 2"), ``.lfg-gm-rounds`` and the buttons ``.lfg-gm-add`` and ``.lfg-gm-remove``.
    """

    def __init__(self, tracker: "InitiativeTracker") -> None:
        self.tracker = tracker
        self.who = dropdown("creature", "lfg-gm-who", width="16em")
        self._unchosen = self._refreshing = False  # see refresh: nobody chosen after a death
        self.who.observe(self._chosen, "value")
        self.amount = W.BoundedIntText(value=1, min=0, max=10_000, description="amount",
                                       layout=W.Layout(width="9em"),
                                       style={"description_width": "initial"})
        self.amount.add_class("lfg-gm-amount")
        self.type = dropdown("type", "lfg-gm-type", _TYPES, width="15em")
        self.damage_button = button("Damage", "lfg-gm-damage", self.damage,
                                    "deal this damage (temporary HP first; DR and "
                                    "resistances by type)")
        self.heal_button = button("Heal", "lfg-gm-heal", self.heal,
                                  "heal this many hit points, up to the maximum")
        #: The ruleset's conditions in words -> what ``add_condition`` takes.
        self.words = condition_words(tracker.encounter.ruleset.condition_catalogue)
        self.condition = W.Combobox(options=list(self.words), ensure_option=False,
                                    description="condition", placeholder="e.g. prone, bleed 2",
                                    layout=W.Layout(width="18em"),
                                    style={"description_width": "initial"})
        self.condition.add_class("lfg-gm-condition")
        self.rounds = W.BoundedIntText(value=0, min=0, max=1000, description="rounds",
                                       tooltip="0: until removed", layout=W.Layout(width="9em"),
                                       style={"description_width": "initial"})
        self.rounds.add_class("lfg-gm-rounds")
        self.add_button = button("Add", "lfg-gm-add", self.add_condition,
                                 "give the condition (rounds 0: until removed)")
        self.remove_button = button("Remove", "lfg-gm-remove", self.remove_condition,
                                    "remove the condition (all of it)")
        super().__init__(children=[
            row(self.who, self.amount, self.type, self.damage_button, self.heal_button,
                title="GM:"),
            row(self.condition, self.rounds, self.add_button, self.remove_button)])
        self.add_class("lfg-gm-rows")
        self._timed: dict[str, bool] = {}  # takes_durations' answers
        self._examples: list[str] | None = None  # examples, once the engine is asked
        self.who.observe(lambda _c: self.refresh(), "value")

    def refresh(self) -> None:
        """Offer every creature not dead; the "rounds" box only for a creature the engine
        gives a condition with a duration (:meth:`takes_durations`)."""
        if self._refreshing:  # a value set below: its observer must not refresh again
            return
        enc = self.tracker.encounter
        chosen, alive = self.who.value, [n for n in enc.names if not enc.state(n)["dead"]]
        # the chosen creature died: nobody is chosen until the GM chooses (the next Damage
        # asks), never a quiet switch to the first creature with the amount still in the box
        self._unchosen = self._unchosen or (chosen is not None and chosen not in alive)
        self._refreshing = True
        try:
            set_options(self.who, alive)
            if self._unchosen:
                self.who.value = None
        finally:
            self._refreshing = False
        if self._examples is None and self.who.value is not None:
            self._examples = self.examples(self.who.value)
            self.condition.placeholder = "e.g. " + ", ".join(self._examples)
        timed = self.who.value is None or self.takes_durations(self.who.value)
        self.rounds.layout.display = None if timed else "none"
        if not timed and self.rounds.value:
            self.rounds.value = 0
        self.add_button.tooltip = ("give the condition (rounds 0: until removed)" if timed
                                   else "give the condition (until removed: under this "
                                        "ruleset the GM removes it when it ends)")

    def _chosen(self, change: dict) -> None:
        """The GM chose a creature (not a refresh): the menu follows the choice again."""
        if change["new"] is not None and not self._refreshing:
            self._unchosen = False

    def takes_durations(self, name: str) -> bool:
        """Whether the engine gives ``name`` a condition for some rounds (issue 26, item 1:
        classic's and wounds' records refuse durations, "remove the condition when it
        ends"): dry runs on a fork of the first of the catalogue's conditions the engine
        gives it without a duration, then with one - refused only with one, no duration.
        Asked once per creature (its ruleset's answer, which does not change); ``True``
        when no condition is taken at all (the engine's refusal then says why)."""
        known = self._timed.get(name)
        if known is not None:
            return known
        t = self.tracker
        with t.dry_runs():
            for key in list(self.words.values())[:6]:
                if not t.dry_run(lambda e, k=key: lambda: e.add_condition(name, k)):
                    timed = t.dry_run(lambda e, k=key: lambda: e.add_condition(name, k, 1))
                    known = self._timed[name] = not timed
                    return known
        return True

    #: Examples for the box, the first two the ruleset takes (lfg's and classic's Bleed
    #: takes an amount, "Bleed X"; wounds' Bleed none, 003_de0e94afd49609a7.txt).
    _EXAMPLES = ("prone", "bleed 2", "bleed", "stunned")

    def examples(self, name: str) -> list[str]:
        """Two condition entries the engine gives ``name`` under its ruleset (dry runs on
        a fork, asked once): the box's placeholder, so its example is never refused."""
        t = self.tracker
        with t.dry_runs():
            taken = [x for x in self._EXAMPLES if not t.dry_run(
                lambda e, k=self._key(x): lambda: e.add_condition(name, k))]
        return taken[:2] or ["prone"]

    def _say_missing(self, what: str) -> bool:
        if self.who.value is None:
            self.tracker._say(f"{what}: choose a creature first.", error=True)
            return True
        return False

    def damage(self) -> None:
        """Deal the amount of the chosen type to the chosen creature."""
        if self._say_missing("Damage"):
            return
        enc, who = self.tracker.encounter, self.who.value
        self.tracker._attempt(lambda: enc.damage(who, int(self.amount.value),
                                                 self.type.value or None))

    def heal(self) -> None:
        """Heal the chosen creature by the amount."""
        if self._say_missing("Heal"):
            return
        enc, who = self.tracker.encounter, self.who.value
        self.tracker._attempt(lambda: enc.heal(who, int(self.amount.value)))

    def _condition_text(self, verb: str) -> str | None:
        """The typed or picked condition as ``add_condition`` takes it: a name in words
        (with an amount: "bleed 2") mapped back to the catalogue's own (:attr:`words`);
        anything else as typed (the engine finds it or says what it knows)."""
        text = self.condition.value.strip()
        if not text:
            self.tracker._say(f"{verb}: type or pick a condition in 'condition' first "
                              f"({self.condition.placeholder}).", error=True)
            return None
        return self._key(text)

    def _key(self, text: str) -> str:
        """``text`` as ``add_condition`` takes it (:meth:`_condition_text`)."""
        head, _, tail = text.rpartition(" ")
        name, amount = (head.strip(), tail) if head and tail.isdigit() else (text, "")
        key = {w.lower(): k for w, k in self.words.items()}.get(name.lower())
        return text if key is None else f"{key} {amount}".strip()

    def add_condition(self) -> None:
        """Give the typed condition (for ``rounds`` rounds, or until removed)."""
        text = self._condition_text("Add")
        if text is None or self._say_missing("Add"):
            return
        enc, who, rounds = self.tracker.encounter, self.who.value, int(self.rounds.value)
        self.tracker._attempt(lambda: enc.add_condition(who, text, rounds or None))

    def remove_condition(self) -> None:
        """Remove the typed condition."""
        text = self._condition_text("Remove")
        if text is None or self._say_missing("Remove"):
            return
        enc, who = self.tracker.encounter, self.who.value
        self.tracker._attempt(lambda: enc.remove_condition(who, text))
