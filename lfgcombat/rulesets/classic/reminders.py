"""classic's turn reminders (002_2a3a79475ca2a541.txt): "Conditions" (Bleed "at the
beginning of its turn"; Confused "rolling d% at the beginning of his turn") and
"Stabilizing a Disabled Character" (a DC12 Fortitude check to stabilize; then "a single
CON check each round on their turn" to become mobile; the optional 1 HP a round). classic
has no Reactions to remind of at a turn's end (its round: "Character Round:").
"""

from __future__ import annotations

from typing import Any

from lfgcombat.rules.citations import cite
from lfgcombat.rulesets.reminders import Lines, TurnReminders


__all__ = ["ClassicReminders"]

R_CONDITIONS = cite("Conditions", file="002_2a3a79475ca2a541.txt")
R_STABILIZE = cite("Stabilizing a Disabled Character", file="002_2a3a79475ca2a541.txt")


class ClassicReminders(TurnReminders):
    """classic's turn reminders (the module docstring has the headings)."""

    conditions_rule = R_CONDITIONS

    def conditions_at_start(self, s: Any) -> Lines:
        """Bleeding and the d% of Confused."""
        out = []
        lower = [str(c).lower() for c in s.conditions]
        bleed = int((s.vitals or {}).get("bleed") or 0)
        if bleed or "bleed" in lower:
            out.append((f"it bleeds: {bleed or 'the listed'} damage", R_CONDITIONS))
        if "confused" in lower:
            out.append(("roll d% for what it does (Confused)", R_CONDITIONS))
        return out

    def health_at_start(self, s: Any, ruleset: Any) -> Lines:
        """A disabled creature's check to stabilize, then to become mobile."""
        v = s.vitals or {}
        if s.dead or not v.get("disabled"):
            return []
        if not v.get("stable"):
            loss = ("; it loses 1 HP a round until it stabilizes (the optional rule)"
                    if getattr(ruleset, "hp_loss_per_round", False) else "")
            return [("a DC12 Fortitude check to stabilize" + loss, R_STABILIZE)]
        if not v.get("mobile"):
            return [("a DC14 CON check to become mobile (one a round, on its turn)",
                     R_STABILIZE)]
        return []

    def at_end(self, s: Any) -> Lines:
        """Nothing: classic's round has no Reactions."""
        return []
