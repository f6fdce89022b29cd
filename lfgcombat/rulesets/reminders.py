"""A ruleset's turn reminders: what its rules make happen when a creature's turn begins
or ends, beyond what every ruleset shares (effects ending, a readied action lapsing, a
Full-Round Action completing: :mod:`lfgcombat.rules.turns.turn_reminders`).

:class:`TurnReminders` is lfg's (000_8d1d7816ee944f3b.txt): "Conditions – Full Details"
(Bleed X: "X Biological Damage per round"; Ablaze: "1d6 Fire Damage each additional
round"), "Unconscious & Dying" ("a DC20 FORT Save once per round to reduce the bleeding
by 1") and "Reactions & AOO:" ("Every creature has 1 Reaction available per round"). A
ruleset whose turns differ gives a subclass in its definition's ``reminders`` slot
(classic's: :mod:`lfgcombat.rulesets.classic.reminders`; wounds':
:mod:`lfgcombat.rulesets.wounds.reminders`),
so the reminders never name a ruleset.

Each method takes the creature's :meth:`Encounter.state <lfgcombat.Encounter.state>`
(``s``) and answers ``(text, rule)`` pairs.
"""

from __future__ import annotations

from typing import Any

from ..rules.citations import cite

__all__ = ["TurnReminders", "Lines"]

#: ``(text, rule)`` pairs: what happens, in words, and the text and heading it comes from.
Lines = list[tuple[str, str]]

R_CONDITIONS = cite("Conditions – Full Details")
R_DYING = cite("Unconscious & Dying")
R_REACTIONS = cite("Reactions & AOO:")


class TurnReminders:
    """lfg's turn reminders (the module docstring has the headings)."""

    #: The rule a condition's reminder cites.
    conditions_rule: str = R_CONDITIONS

    def at_start(self, s: Any, ruleset: Any) -> Lines:
        """What the ruleset's rules bring at the start of the creature's turn: its
        conditions (:meth:`conditions_at_start`), then its health
        (:meth:`health_at_start`).

        Args:
            s: The creature's state.
            ruleset: The :class:`~lfgcombat.rulesets.Ruleset` in play (its switches).
        """
        return self.conditions_at_start(s) + self.health_at_start(s, ruleset)

    def conditions_at_start(self, s: Any) -> Lines:
        """Bleeding and burning (lfg's conditions)."""
        out = []
        for label in (str(c) for c in s.conditions):
            low = label.lower()
            if low.startswith("bleed"):
                amount = label.split(" ", 1)[1] if " " in label else ""
                out.append((f"it bleeds: {amount} Biological Damage" if amount else
                            "it bleeds (Bleed)", self.conditions_rule))
            elif low == "ablaze":
                out.append(("it burns: 1d6 Fire Damage (Ablaze)", self.conditions_rule))
        return out

    def timed_ending(self, enc: Any, name: str, when: str) -> Lines:
        """The timed conditions that end at the start or end (``when``) of ``name``'s turn:
        a duration the GM gave (``add_condition(..., rounds=N)``) counts down at the end of
        the creature's own turns, or at the start of the turns of whoever imposed it
        (``by=``), and ends when its last round is counted ("Conditions – Full Details").

        Args:
            enc: The encounter.
            name: Whose turn.
            when: ``"start"`` or ``"end"``.
        """
        out = []
        for who in enc.names:
            f = enc._f[who]
            if f.rules is not None or f.dead:
                continue  # a ruleset's record times its own (its subclass says)
            for a in f.creature.conditions:
                clock = f.timers.get(a.condition.value)
                mine = when == "end" and who == name and clock is None
                theirs = when == "start" and who != name and clock == name
                if a.rounds == 1 and (mine or theirs):
                    whose = "its" if who == name else f"{who}'s"  # "its condition ..."
                    out.append((f"{whose} condition “{_said(a.condition)}” ends (its "
                                "duration is over)", self.conditions_rule))
        return out

    def health_at_start(self, s: Any, ruleset: Any) -> Lines:
        """A dying creature's save to slow its bleeding."""
        if not s.dead and s.status == "dying":
            return [("dying: a DC20 FORT Save may reduce its bleeding by 1", R_DYING)]
        return []

    def at_end(self, s: Any) -> Lines:
        """What the end of the creature's turn leaves it: its Reaction still to use."""
        if s.actions_left.reactions > 0 and not s.reaction_used:
            return [("its Reaction is still available this round (an AOO, an interrupt)",
                     R_REACTIONS)]
        return []


def _said(c: Any) -> str:
    """A condition's name in words: "flat-footed" as the text hyphenates it (its title),
    "broken arm" (000_8d1d7816ee944f3b.txt, "Conditions (Sometimes called Status
    Effects)")."""
    title = str(getattr(c, "title", ""))
    return title.lower() if "-" in title else str(getattr(c, "value", c)).replace("_", " ")
