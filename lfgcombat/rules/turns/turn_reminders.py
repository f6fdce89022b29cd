"""What the rules make happen when a creature's turn begins or ends: reminders for the
table (issue 26, item 4), in every ruleset, each citing its own text.

Computed from what the encounter reports (``Encounter.state``, ``actions_left`` and the
effects its log started and has not ended), before the moment comes: the GM sees, while a
creature acts, what its turn's end will bring, and for each creature that may go next, what
its turn's start will bring. The engine makes the automatic ones happen itself (an effect
ending, bleeding, a readied action lapsing); the others are the table's to do (a save to
stabilize, classic's d% for Confused, keeping wounds' Total Defense up).

What every ruleset shares is here (000_8d1d7816ee944f3b.txt: "Prepare to Interrupt –
“Ready Action” (Big Action)": "Your prepared action remains available until the start of
your next turn"; "Full-Round Action (FRA)": "not completed until the start of your next
turn"). What a ruleset's own rules bring (bleeding, dying, classic's Confused and
stabilizing, wounds' Total Defense and AOO, lfg's Reaction) comes from the ruleset's
``reminders`` slot (:mod:`lfgcombat.rulesets.reminders`, and its classic and wounds
subclasses, each citing its own text): this module names no ruleset.

Every effect the engine starts carries its own rule; a reminder shows it by its heading
(:func:`~lfgcombat.rules.citations.headings_only`: never a paragraph's first words).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..citations import cite, headings_only
from lfgcombat.errors import LfgError

if TYPE_CHECKING:  # pragma: no cover
    from lfgcombat.engine import Encounter

__all__ = ["Reminder", "turn_reminders", "WHEN"]

#: When a reminder is for: the start or the end of the creature's turn.
WHEN = ("start", "end")

R_READY = cite("Prepare to Interrupt – “Ready Action” (Big Action): You prepare to do "
               "something when a specific trigger event occurs.")
R_FULL_ROUND = cite("Full-Round Action (FRA)")


@dataclass(frozen=True)
class Reminder:
    """One thing the rules make happen at the start or end of a turn.

    Attributes:
        name: Whose turn.
        when: ``"start"`` or ``"end"``.
        text: What happens, in words.
        rule: The text and heading it comes from.
    """

    name: str
    when: str
    text: str
    rule: str

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"


def _live_effects(enc: Encounter) -> list[tuple[str, dict[str, Any]]]:
    """``(creature, effect)`` for every effect the log started and has not ended."""
    live: dict[str, tuple[str, dict[str, Any]]] = {}
    for e in enc.log:
        if e.kind == "effect_start":
            eff = dict(e.data.get("effect") or {})
            live[str(eff.get("id"))] = (str(e.target), eff)
        elif e.kind == "effect_end":
            live.pop(str(e.data.get("id")), None)
    return list(live.values())


def _effects_ending(enc: Encounter, name: str, when: str) -> list[tuple[str, str]]:
    """``(text, rule)`` of the effects that end at ``when`` of ``name``'s turn."""
    ends = {"start": ("turn_start",), "end": ("turn_end",)}[when]
    out = []
    for who, eff in _live_effects(enc):
        first = eff.get("ends") == "own_first_turn" and when == "start" and who == name
        if first or (eff.get("ends") in ends and eff.get("on") == name):
            # "its effect “protected by Ally: ...” ends": a label is often a participle
            # ("protected by", "aiming"), never put right after a possessive
            whose = "its" if who == name else f"{who}'s"
            what, why = _effect_words(eff)
            out.append((f"{whose} {what} ends{why}", str(eff.get("rule") or "")))
    return out


def _effect_words(eff: dict[str, Any]) -> tuple[str, str]:
    """An effect as the reminder names it: an effect whose label starts with the one
    condition it gives is that condition, its cause after ("condition “flat-footed” ends
    (has not acted yet: Top-Down)": the text calls Flat-Footed a condition, "Conditions");
    any other, the effect by its label ("effect “protected by Ally: ...”")."""
    label = str(eff.get("label"))
    given = [str(c).replace("_", "-") for c in eff.get("conditions") or ()]
    if len(given) == 1 and label.lower().startswith(given[0]):
        rest = label[len(given[0]):].strip()
        return f"condition “{given[0]}”", f" {rest}" if rest else ""
    return f"effect “{label}”", ""


def _at_start(enc: Encounter, name: str) -> list[tuple[str, str]]:
    s = enc.state(name)
    out = _effects_ending(enc, name, "start")
    out += enc.ruleset.definition.reminders.timed_ending(enc, name, "start")
    if s.ready:
        out.append((f"its readied action ({s.ready.get('action')}: "
                    f"{s.ready.get('trigger')}) lapses if unused", R_READY))
    if s.full_round:
        out.append((f"its Full-Round Action ({s.full_round}) completes", R_FULL_ROUND))
    return out + enc.ruleset.definition.reminders.at_start(s, enc.ruleset)


def _at_end(enc: Encounter, name: str) -> list[tuple[str, str]]:
    s = enc.state(name)
    out = _effects_ending(enc, name, "end")
    out += enc.ruleset.definition.reminders.timed_ending(enc, name, "end")
    if s.dead:
        return out
    out += enc.ruleset.definition.reminders.at_end(s)
    if s.ready:
        out.append((f"its readied action ({s.ready.get('action')}) waits for its trigger "
                    "until the start of its next turn", R_READY))
    return out


def turn_reminders(enc: Encounter, name: str, when: str) -> tuple[Reminder, ...]:
    """What the rules make happen when ``name``'s turn begins or ends, as the fight stands
    (see the module docstring; the ruleset's own come from its definition's
    ``reminders`` slot, :class:`lfgcombat.rulesets.reminders.TurnReminders`).

    Args:
        enc: The encounter.
        name: A combatant.
        when: ``"start"`` (what its next turn's start brings) or ``"end"`` (what the end of
            its turn brings).

    Returns:
        The reminders, in a stable order (effects ending first).

    Raises:
        LfgError: ``when`` is not start or end, or ``name`` is not in the fight.
    """
    if when not in WHEN:
        raise LfgError(f"turn_reminders: when is 'start' or 'end', not {when!r}")
    if not isinstance(name, str) or name not in enc.names:
        raise LfgError(f"turn_reminders: no creature {name!r} in this fight; give one of "
                       f"{', '.join(enc.names)}")
    found = (_at_start if when == "start" else _at_end)(enc, name)
    return tuple(Reminder(name, when, t, headings_only(r)) for t, r in found)
