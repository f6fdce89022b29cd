"""The events of a ruleset's own round (issue 13): the start of a turn under the ruleset's
economy, a single action, a fumble, a Heroic Action, a combatant record's health.

The rules behind them (002_2a3a79475ca2a541.txt, "Character Round:", "Single Actions:",
"Fumble", "Heroic Action", "Stabilizing a Disabled Character") are cited where the encounter
emits them (:mod:`lfgcombat.engine.ruleset_play`). Declaring them lets a save holding
them load.
"""

from __future__ import annotations

from typing import Any

from .commands import _command
from .events import Event, effect_class

__all__ = ["TurnRules", "SingleActionTaken", "Fumble", "HeroicActionEvent", "RecordHealth",
           "HeroicActionCommand", "MoveFeetCommand", "GainBarrierCommand",
           "GainShellCommand"]


def _lines(value: Any) -> str:
    """An event's ``events`` (lines in words) joined with ``; ``.

    Raises:
        TypeError: not a list (odd data: :meth:`Event.describe` then gives its plain text,
            and :func:`~lfgcombat.engine.log.events.describe_error` says why).
    """
    if not isinstance(value, list):
        raise TypeError(f"events must be a list of lines, not {type(value).__name__}")
    return "; ".join(str(x) for x in value)


def _effect(name: str, kind: str, fields: tuple[str, ...], about: str, text: Any,
            optional: dict[str, Any] | None = None) -> type[Event]:
    """An effect class of this module (:func:`~lfgcombat.engine.log.events.effect_class`)."""
    return effect_class(name, kind, fields, about, text, module=__name__,
                        optional=optional)


#: A round's kind (``mode``) in words: classic's rounds (002_2a3a79475ca2a541.txt,
#: "Character Round:"; a mobile disabled hero's "one limited action per round") and wounds'
#: turn of Half Actions (003_de0e94afd49609a7.txt).
_MODE_WORDS = {"normal": "one single action and a Move Action",
               "limited": "one limited action, as a mobile disabled hero",
               "move_only": "a Move Action only", "none": "no action, no move",
               "half_actions": "Half Actions"}
#: The actions a ruleset's round spends, in words (classic's "Single Actions:" list,
#: wounds' Half Actions).
_ACTION_WORDS = {"attack": "Attack", "aoo": "attack of opportunity",
                 "cast_spell": "Cast a spell", "heroic_action": "Heroic Action",
                 "standard_action": "Standard Action", "stabilize": "Stabilize",
                 "total_defense": "Total Defense", "move": "Move Action"}


def _turn_rules_text(e: Event, d: dict[str, Any]) -> str:
    """``Orc's round: one single action and a Move Action``; wounds' ``Orc's turn: Half
    Actions: 2`` (its events say how many)."""
    mode, events = d.get("mode"), d.get("events")
    if mode == "half_actions" and events:
        return f"{e.who}'s turn: {_lines(events)}"
    words = _MODE_WORDS.get(str(mode), str(mode).replace("_", " "))
    return f"{e.who}'s round: {words}" + (f" ({_lines(events)})" if events else "")


def _action_words(action: Any) -> str:
    return _ACTION_WORDS.get(str(action), str(action).replace("_", " "))


TurnRules = _effect(
    "TurnRules", "turn_rules", ("events", "mode", "budget"),
    "the start of a turn under the ruleset's own economy: events (what happened, in words: "
    "checks, bleeding, Confused), mode (normal, limited, move_only, none), budget (the "
    "turn's budget)",
    _turn_rules_text)
SingleActionTaken = _effect(
    "SingleActionTaken", "single_action", ("action", "moved_ft", "remaining_ft", "note"),
    "the round's single action spent (or feet of its Move Action): action, moved_ft, "
    "remaining_ft (movement left this round), note",
    lambda e, d: f"{e.who}: {_action_words(d.get('action'))}"
                 + (f" on {e.target}" if e.target and e.target != e.actor else "")
                 + ("" if d.get("remaining_ft") is None  # out of its turn (an AOO)
                    else f" ({d.get('remaining_ft')} ft of movement left)"),
    optional={"rule": None})
Fumble = _effect(
    "Fumble", "fumble", ("weapon", "suggestions"),
    "a natural 1 on an attack or action: a fumble the GM resolves; weapon (null for an "
    "action); suggestions (the ruleset's table)",
    lambda e, d: f"{e.who} fumbles ({d.get('weapon') or 'an action'}): the GM decides what "
                 "happens")
#: An ability's short name as its text writes it out (a Heroic Action's line).
_ABILITIES = {"str": "Strength", "dex": "Dexterity", "con": "Constitution",
              "int": "Intelligence", "wis": "Wisdom", "cha": "Charisma"}


def _ability(short: object) -> str:
    return _ABILITIES.get(str(short).lower(), str(short))


HeroicActionEvent = _effect(
    "HeroicActionEvent", "heroic_action", ("ability", "player", "gm", "gm_mod", "environment",
                                           "winner", "fumble", "what"),
    "a Heroic Action: ability, player (its total), gm (the GM's total), gm_mod, "
    "environment, winner (player or gm), fumble (a natural 1), what",
    lambda e, d: f"{e.who}'s Heroic Action ({d.get('what') or _ability(d.get('ability'))}): "
                 f"{d.get('player')} against the GM's {d.get('gm')}, "
                 f"{'the GM' if d.get('winner') == 'gm' else e.who} wins")
RecordHealth = _effect(
    "RecordHealth", "health", ("hp", "vitals", "events", "why"),
    "a combatant record's health after a change: hp, vitals (the ruleset's fields), events "
    "(in words), why",
    lambda e, d: f"{e.target}: HP {d.get('hp')}"
                 + (f" ({d.get('why')})" if d.get("why") else "")
                 + (f": {_lines(d.get('events'))}" if d.get("events") else ""),
    optional={"vitals": None, "rule": None})

HeroicActionCommand = _command("heroic_action", ("name", "ability", "gm_mod", "environment",
                                                 "what"), "a Heroic Action")
MoveFeetCommand = _command("move_feet", ("name", "feet"),
                           "feet of a Move Action without a battle map")
GainBarrierCommand = _command("gain_barrier", ("name", "strength", "total"),
                              "a Barrier X/Y gained (wounds)")
GainShellCommand = _command("gain_shell", ("name", "amount"), "a Shell gained (wounds)")
