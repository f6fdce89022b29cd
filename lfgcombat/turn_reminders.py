"""What the rules make happen when a creature's turn begins or ends: reminders for the
table (issue 26, item 4), in every ruleset, each citing its own text.

Computed from what the encounter reports (``Encounter.state``, ``actions_left`` and the
effects its log started and has not ended), before the moment comes: the GM sees, while a
creature acts, what its turn's end will bring, and for each creature that may go next, what
its turn's start will bring. The engine makes the automatic ones happen itself (an effect
ending, bleeding, a readied action lapsing); the others are the table's to do (a save to
stabilize, classic's d% for Confused, keeping wounds' Total Defense up).

The headings, by text:

* 000_8d1d7816ee944f3b.txt (lfg, and wounds' conditions, which are lfg's: inferred, the
  wounds text has no list of its own): "Prepare to Interrupt – “Ready Action” (Big
  Action)" ("Your prepared action remains available until the start of your next turn"),
  "Full-Round Action (FRA)" ("not completed until the start of your next turn"),
  "Conditions – Full Details" (Bleed X: "X Biological Damage per round"; Ablaze: "1d6 Fire
  Damage each additional round"), "Unconscious & Dying" ("a DC20 FORT Save once per
  round to reduce the bleeding by 1"), "Reactions & AOO:" ("Every creature has 1 Reaction
  available per round").
* 002_2a3a79475ca2a541.txt (classic): "Conditions" (Bleed "at the beginning of its turn";
  Confused "rolling d% at the beginning of his turn"), "Stabilizing a Disabled Character"
  (a DC12 Fortitude check to stabilize; then "a single CON check each round on their
  turn" to become mobile; the optional 1 HP a round).
* 003_de0e94afd49609a7.txt (wounds): "Total Defense is an action you can take in combat"
  ("until the beginning of your next turn ... you must spend additional Half Actions to
  maintain it"), "As mentioned in the previous Tip" (AOO: "a number of Attacks of
  Opportunity each round equal to 1 + your Dexterity modifier").

Every effect the engine starts carries its own rule, cited as it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .citations import cite
from .errors import LfgError

if TYPE_CHECKING:  # pragma: no cover
    from .encounter import Encounter

__all__ = ["Reminder", "turn_reminders", "WHEN"]

#: When a reminder is for: the start or the end of the creature's turn.
WHEN = ("start", "end")

LFG = "000_8d1d7816ee944f3b.txt"
CLASSIC = "002_2a3a79475ca2a541.txt"
WOUNDS = "003_de0e94afd49609a7.txt"
R_READY = cite("Prepare to Interrupt – “Ready Action” (Big Action): You prepare to do "
               "something when a specific trigger event occurs.")
R_FULL_ROUND = cite("Full-Round Action (FRA)")
R_CONDITIONS = cite("Conditions – Full Details")
R_DYING = cite("Unconscious & Dying")
R_REACTIONS = cite("Reactions & AOO:")
R_CLASSIC_CONDITIONS = cite("Conditions", file=CLASSIC)
R_CLASSIC_STABILIZE = cite("Stabilizing a Disabled Character", file=CLASSIC)
R_TOTAL_DEFENSE = cite("Total Defense is an action you can take in combat", file=WOUNDS)
R_WOUNDS_AOO = cite("As mentioned in the previous Tip", file=WOUNDS)
#: wounds plays lfg's conditions (its text has none of its own).
_LFG_CONDITIONS_IN_WOUNDS = f"{R_CONDITIONS} (lfg's conditions: inferred for wounds)"


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
            whose = "its" if who == name else f"{who}'s"
            out.append((f"{whose} {eff.get('label')} ends", str(eff.get("rule") or "")))
    return out


def _conditions_at_start(enc: Encounter, name: str, text: str) -> list[tuple[str, str]]:
    """Bleeding, burning and classic's Confused at the start of the turn."""
    s = enc.state(name)
    out = []
    labels = [str(c) for c in s.conditions]
    lower = [c.lower() for c in labels]
    if text == CLASSIC:
        bleed = int((s.vitals or {}).get("bleed") or 0)
        if bleed or "bleed" in lower:
            out.append((f"it bleeds: {bleed or 'the listed'} damage", R_CLASSIC_CONDITIONS))
        if "confused" in lower:
            out.append(("roll d% for what it does (Confused)", R_CLASSIC_CONDITIONS))
        return out
    rule = _LFG_CONDITIONS_IN_WOUNDS if text == WOUNDS else R_CONDITIONS
    for label, low in zip(labels, lower):
        if low.startswith("bleed"):
            amount = label.split(" ", 1)[1] if " " in label else ""
            out.append((f"it bleeds: {amount} Biological Damage" if amount else
                        "it bleeds (Bleed)", rule))
        elif low == "ablaze":
            out.append(("it burns: 1d6 Fire Damage (Ablaze)", rule))
    return out


def _health_at_start(enc: Encounter, name: str, text: str) -> list[tuple[str, str]]:
    """A dying creature's save (lfg), a disabled one's checks (classic)."""
    s = enc.state(name)
    v = s.vitals or {}
    if s.dead:
        return []
    if text == CLASSIC:
        if v.get("disabled") and not v.get("stable"):
            loss = ("; it loses 1 HP a round until it stabilizes (the optional rule)"
                    if getattr(enc.ruleset, "hp_loss_per_round", False) else "")
            return [("a DC12 Fortitude check to stabilize" + loss, R_CLASSIC_STABILIZE)]
        if v.get("disabled") and v.get("stable") and not v.get("mobile"):
            return [("a DC14 CON check to become mobile (one a round, on its turn)",
                     R_CLASSIC_STABILIZE)]
        return []
    if s.status == "dying":
        return [("dying: a DC20 FORT Save may reduce its bleeding by 1", R_DYING)]
    return []


def _at_start(enc: Encounter, name: str, text: str) -> list[tuple[str, str]]:
    s = enc.state(name)
    out = _effects_ending(enc, name, "start")
    if s.ready:
        out.append((f"its readied action ({s.ready.get('action')}: "
                    f"{s.ready.get('trigger')}) lapses if unused", R_READY))
    if s.full_round:
        out.append((f"its Full-Round Action ({s.full_round}) completes", R_FULL_ROUND))
    if text == WOUNDS and (s.vitals or {}).get("total_defense"):
        out.append(("its Total Defense ends unless it spends a Half Action to keep it",
                    R_TOTAL_DEFENSE))
    return out + _conditions_at_start(enc, name, text) + _health_at_start(enc, name, text)


def _at_end(enc: Encounter, name: str, text: str) -> list[tuple[str, str]]:
    s = enc.state(name)
    out = _effects_ending(enc, name, "end")
    if s.dead:
        return out
    v = s.vitals or {}
    if text == WOUNDS:
        left = int(v.get("aoo_left") or 0)
        if left:
            out.append((f"it keeps {left} AOO for this round", R_WOUNDS_AOO))
    elif text != CLASSIC and s.actions_left.reactions > 0 and not s.reaction_used:
        out.append(("its Reaction is still available this round (an AOO, an interrupt)",
                    R_REACTIONS))
    if s.ready:
        out.append((f"its readied action ({s.ready.get('action')}) waits for its trigger "
                    "until the start of its next turn", R_READY))
    return out


def turn_reminders(enc: Encounter, name: str, when: str) -> tuple[Reminder, ...]:
    """What the rules make happen when ``name``'s turn begins or ends, as the fight stands
    (see the module docstring for the headings, by ruleset).

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
    text = enc.ruleset.definition.text
    found = (_at_start if when == "start" else _at_end)(enc, name, text)
    return tuple(Reminder(name, when, t, r) for t, r in found)
