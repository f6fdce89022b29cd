"""The encounter's event log: a read-only sequence of events, as a table or as text.

DESIGN.md, "How data flows": "every change is an Event appended to the log; state =
replay(log)". The encounter appends; everyone else reads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, overload

from lfgcombat.rules.citations import headings_only

from .events import Event

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["EventLog"]


class EventLog(Sequence[Event]):
    """The events of an encounter, oldest first (read-only; the encounter appends).

    Index it, iterate it, or turn it into a table with :meth:`to_dataframe`.

    Args:
        events: The events.
        cite: The citation of an event that records none (an ``attack``, a ``damage``, a
            ``roll``), from the ruleset that played it: ``cite(kind, label)``
            (:meth:`lfgcombat.rulesets.Ruleset.cite_event`; the encounter gives its own).
            The citations are the views' (:meth:`rule_of`), not the events': a save
            replays the same events.
        fixed_order: The fight's turn order is fixed (nobody chooses who goes next:
            :meth:`line`).
        words: A change of status (``vitals``) in the words of the ruleset that played it,
            ``words(status)``: a format of ``who`` and ``hp``, or ``None``
            (:meth:`lfgcombat.rulesets.Ruleset.event_words`; the encounter gives its own).
    """

    def __init__(self, events: Iterable[Event] = (),
                 cite: Callable[..., str | None] | None = None, *,
                 fixed_order: bool = False,
                 words: Callable[[str], str | None] | None = None) -> None:
        self._events: list[Event] = list(events)
        self._cite = cite
        self._words = words
        self.fixed_order = bool(fixed_order)

    def line(self, event: Event) -> str:
        """``event`` in words, as this fight's views say it: its :meth:`Event.describe`,
        but a turn's start under a fixed order (classic's, Top-Down Initiative: "nobody
        chooses who goes next") names no chooser - its event still records who acted
        before it (issue 26: "(chosen by Chessan)" under classic) - and a change of status
        says what the ruleset's text makes of it (wounds' death: "its Wounds ran out")."""
        d = event.data if isinstance(event.data, dict) else {}
        if self.fixed_order and event.kind == "turn_start" and d.get("chosen_by"):
            return replace(event, data={**d, "chosen_by": None}).describe()
        if event.kind == "vitals" and self._words is not None and not event.command:
            said = self._words(str(d.get("status")))
            if said:
                return said.format(who=event.target or event.who, hp=d.get("hp"))
        return event.describe()

    @staticmethod
    def says_something(event: Event) -> bool:
        """Whether ``event`` is worth a line of its own in a view of the fight (the
        tracker's log, issue 26, item 2): every event but a ``health`` report that names
        no change of state.

        The one place this is decided. A ruleset with a combatant record (classic, wounds)
        follows each change of its HP with a ``health`` report: after a hit it repeated
        the damage line ("Orc 1 takes 9 slashing damage (HP 30 -> 21)", then "Orc 1: HP 21
        (9 slashing damage from Chessan)"), and at a turn's start it said nothing at all
        ("Brann: HP 18 (the start of its turn)"). A report is shown when it says more: a
        change of state in its ``events`` (002_2a3a79475ca2a541.txt, "Stabilizing a
        Disabled Character": disabled, stable, mobile; "Death": dead; wounds' Barrier,
        parry, Wounds). The event stays in the log (a save replays it; :meth:`explain` and
        :meth:`to_dataframe` list every event).

        Args:
            event: An event of a log.
        """
        if event.kind != "health" or event.command:
            return True
        d = event.data if isinstance(event.data, dict) else {}
        return bool(d.get("events"))

    def __len__(self) -> int:
        return len(self._events)

    @overload
    def __getitem__(self, i: int) -> Event: ...

    @overload
    def __getitem__(self, i: slice) -> list[Event]: ...

    def __getitem__(self, i: int | slice) -> Event | list[Event]:
        return self._events[i]

    def __iter__(self) -> Iterator[Event]:
        return iter(self._events)

    def __repr__(self) -> str:
        steps = len({e.step for e in self._events})
        return f"EventLog({len(self._events)} events in {steps} steps)"

    def _append(self, event: Event) -> None:
        self._events.append(event)

    def _truncate(self, n: int) -> None:
        del self._events[n:]

    @property
    def commands(self) -> list[Event]:
        """The command events (one per public method call), in order."""
        return [e for e in self._events if e.command]

    def of_kind(self, *kinds: str, commands: bool = False) -> list[Event]:
        """The effect events of the given kinds, in order (the commands of those names too
        with ``commands=True``: ``damage`` is both a command and its effect)."""
        return [e for e in self._events if e.kind in kinds and (commands or not e.command)]

    def rule_of(self, event: Event) -> str | None:
        """The citation of the rule ``event`` plays, headings only (issue 26, item 2): its
        own ``rule`` field, else the ruleset's citation of its kind (an attack, its damage,
        a roll by what its label says: :meth:`~lfgcombat.rulesets.Ruleset.cite_event`),
        else, for a roll, the rule of its step's first effect that records one, else
        ``None``.

        Args:
            event: An event of this log.
        """
        d = event.data if isinstance(event.data, dict) else {}
        rule = d.get("rule") if isinstance(d.get("rule"), str) and d.get("rule") else None
        if rule is None and self._cite is not None and not event.command:
            rule = self._cite_kind(self._cite, event.kind, d)
        if rule is None and event.kind == "roll" and not event.command:
            rule = self._step_rule(event)
        if rule is None and event.kind == "note" and not event.command:
            return self._spell_rule(event)
        return headings_only(rule) if rule else None

    @staticmethod
    def _cite_kind(cite: Callable[..., str | None], kind: str, d: dict[str, Any]
                   ) -> str | None:
        """The ruleset's citation (``cite``) of a line of ``kind`` with data ``d``: a roll by its
        label, a damage or health line by the changes of state it records and the HP it
        leaves (classic: a hit that leaves the target standing cites no rule of dying)."""
        if kind == "roll":
            return cite(kind, d.get("label"))
        if kind in ("damage", "health"):
            states = d.get("events")
            hp = d.get("hp_after" if kind == "damage" else "hp")
            return cite(kind, None, tuple(states) if isinstance(states, list) else (),
                        hp if isinstance(hp, int) else None)
        return cite(kind, None)

    def _spell_rule(self, event: Event) -> str | None:
        """A note right after a spell in its step (the GM's words on a casting, which a
        ruleset's record logs apart from its spell line) cites the spell's rule; any other
        note without a rule of its own cites none (issue 26, item 2)."""
        events, i = self._events, event.seq
        if not (0 < i < len(events) and events[i] is event):
            return None
        before = events[i - 1]
        if before.kind != "spell" or before.command or before.step != event.step:
            return None
        return self.rule_of(before)

    def _step_rule(self, event: Event) -> str | None:
        """The ``rule`` of the first effect after ``event`` in its step that records one."""
        events = self._events
        i = event.seq + 1 if 0 <= event.seq < len(events) and events[event.seq] is event \
            else len(events)
        while i < len(events) and not events[i].command:
            rule = events[i].data.get("rule") if isinstance(events[i].data, dict) else None
            if isinstance(rule, str) and rule:
                return rule
            i += 1
        return None

    def to_dataframe(self) -> pd.DataFrame:
        """One row per event.

        Columns: seq, step, round, turn, kind, command, actor, target, action, expression,
        natural, total, against, outcome, hp_before, hp_after, text, and one
        ``damage_<type>`` column per damage type dealt (000_8d1d7816ee944f3b.txt, "Damage
        in Combat": damage is dealt by type).

        Returns:
            A ``pandas.DataFrame``.
        """
        import pandas as pd
        rows: list[dict[str, Any]] = []
        damage_types: list[str] = []
        for e in self._events:
            d = e.data
            row: dict[str, Any] = {
                "seq": e.seq, "step": e.step, "round": e.round, "turn": e.turn,
                "kind": e.kind, "command": e.command, "actor": e.actor, "target": e.target,
                "action": (e.kind if e.command else d.get("action")),
                "expression": d.get("expression") if e.kind == "roll" else None,
                "natural": d.get("natural") if e.kind == "roll" else None,
                "total": d.get("total") if e.kind == "roll" else None,
                "against": d.get("against") if e.kind == "roll" else None,
                "outcome": d.get("outcome"),
                "hp_before": d.get("hp_before"), "hp_after": d.get("hp_after"),
                "text": e.describe(), "rule": self.rule_of(e),
            }
            if e.kind == "damage" and isinstance(d.get("damage"), dict):
                for t, amount in d["damage"].items():
                    col = f"damage_{t}"
                    if col not in damage_types:
                        damage_types.append(col)
                    row[col] = amount
            rows.append(row)
        cols = ["seq", "step", "round", "turn", "kind", "command", "actor", "target", "action",
                "expression", "natural", "total", "against", "outcome", "hp_before",
                "hp_after", *damage_types, "text", "rule"]
        frame = pd.DataFrame(rows, columns=cols)
        for col in ("natural", "total", "against", "hp_before", "hp_after", *damage_types):
            frame[col] = frame[col].astype("Int64")
        return frame

    def explain(self, last: int | None = None) -> str:
        """The log as text, one event a line (the last ``last`` events if given), an
        attack, a damage and a roll line followed by the citation of its rule
        (:meth:`rule_of`)."""
        events = self._events if last is None else self._events[-last:]
        return "\n".join(f"{e.seq:>4} r{e.round} {'>' if e.command else ' '} {self.line(e)}"
                         + self._cited(e) for e in events)

    def _cited(self, e: Event) -> str:
        """`` (file, "heading")`` after an attack, damage, roll, spell, spend, single
        action or turn line (:data:`CITED_KINDS`), else ``""``."""
        if e.command or e.kind not in CITED_KINDS:
            return ""
        rule = self.rule_of(e)
        return f" ({rule})" if rule else ""


#: The kinds whose lines carry their rule in the views (issue 26, item 2): the others
#: record their own ``rule`` (the data frame's ``rule`` column shows it). A spell, an action
#: spent, a single action and a turn line cite their own ``rule`` if they record one, else
#: their ruleset's (:class:`~lfgcombat.rulesets.event_rules.EventRules` ``lines``).
CITED_KINDS = frozenset({"attack", "damage", "roll", "spell", "spend", "single_action",
                         "turn_start", "turn_end", "turn_rules"})
