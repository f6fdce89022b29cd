"""wounds' turn reminders (003_de0e94afd49609a7.txt): Total Defense ("until the beginning
of your next turn ... you must spend additional Half Actions to maintain it") and the AOO
("a number of Attacks of Opportunity each round equal to 1 + your Dexterity modifier"),
paragraphs with no heading of their own, shown under the sheet's "Combat Statistics"
(:func:`lfgcombat.rules.citations.read_under`); what the engine timed ends ("Cold",
"Electricity", "Acid"). Its conditions are lfg's (000_8d1d7816ee944f3b.txt, "Conditions –
Full Details": inferred, the wounds text has no list of its own), and so is dying.
"""

from __future__ import annotations

from typing import Any

from lfgcombat.rules.citations import cite
from lfgcombat.rulesets.reminders import R_CONDITIONS as LFG_CONDITIONS
from lfgcombat.rulesets.reminders import Lines, TurnReminders


__all__ = ["WoundsReminders"]

R_TOTAL_DEFENSE = cite("Total Defense is an action you can take in combat",
                       file="003_de0e94afd49609a7.txt")
R_AOO = cite("As mentioned in the previous Tip", file="003_de0e94afd49609a7.txt")
R_COLD = cite("Cold", file="003_de0e94afd49609a7.txt")
R_ELECTRICITY = cite("Electricity", file="003_de0e94afd49609a7.txt")
R_ACID = cite("Acid", file="003_de0e94afd49609a7.txt")


class WoundsReminders(TurnReminders):
    """wounds' turn reminders (the module docstring has the headings)."""

    conditions_rule = f"{LFG_CONDITIONS} (lfg's conditions: inferred for wounds)"

    def at_start(self, s: Any, ruleset: Any) -> Lines:
        """Keeping Total Defense up, then lfg's conditions and dying."""
        out = []
        if (s.vitals or {}).get("total_defense"):
            out.append(("its Total Defense ends unless it spends a Half Action to keep it",
                        R_TOTAL_DEFENSE))
        return out + super().at_start(s, ruleset)

    def timed_ending(self, enc: Any, name: str, when: str) -> Lines:
        """What the engine timed for a round and ends at the end of ``name``'s turn (the GM
        gives no durations under wounds): Cold's Hindered or Immobilized "for 1 round"
        (003_de0e94afd49609a7.txt, "Cold") and Electricity's initiative penalty "for one
        round" ("Electricity") and Acid's penalty to resistances when its time is up
        ("Acid"), as :meth:`WoundsFighter.finish_turn
        <lfgcombat.rulesets.wounds.turn.WoundsFighter.finish_turn>` ends them."""
        record = enc._f[name].rules
        if when != "end" or record is None or record.dead:
            return []
        out = [(f"its condition “{c}” ends (Cold: for 1 round)", R_COLD)
               for c, n in record.round_conditions if n <= 1]
        if record.initiative_penalty and record.initiative_rounds <= 1:
            out.append((f"its initiative {record.initiative_penalty:+d} ends (Electricity)",
                         R_ELECTRICITY))
        if record.resistance_penalty and record.resistance_rounds <= 1:
            out.append((f"its resistances {record.resistance_penalty:+d} end (Acid)", R_ACID))
        return out

    def at_end(self, s: Any) -> Lines:
        """The Attacks of Opportunity it keeps for the rest of the round."""
        left = int((s.vitals or {}).get("aoo_left") or 0)
        return [(f"it keeps {left} AOO for this round", R_AOO)] if left else []
