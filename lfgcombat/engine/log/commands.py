"""The command events: one per public :class:`~lfgcombat.engine.Encounter` call.

A command's ``data`` holds the method's arguments, exactly what replay re-executes; each
class declares them in ``FIELDS`` (the encounter's methods document what they mean and cite
their rules). A command describes itself as the call in words: ``Orc: move (to: (6, 3))``.
"""

from __future__ import annotations

import sys

from collections.abc import Mapping
from enum import Enum
from typing import Any

from .events import Event

__all__ = ["CommandEvent", "StartCommand", "EndTurnCommand", "ActTogetherCommand",
           "InterruptCommand", "ReadyCommand", "MoveCommand", "FiveFootStepCommand",
           "RunCommand", "RetreatCommand", "StandUpCommand", "DropProneCommand",
           "TradeSpacesCommand", "DrawCommand", "ActCommand", "AimCommand",
           "FightDefensivelyCommand", "IgnoreEnemyCommand", "ProtectCommand", "CastCommand",
           "AttackCommand", "DamageCommand", "HealCommand", "TempHpCommand",
           "AddConditionCommand", "RemoveConditionCommand", "NoteCommand",
           "MapEditCommand"]


def _words(value: Any) -> str:
    """An argument in words: ``[6, 3]`` -> ``(6, 3)``, ``['Hero', 'Ally']`` -> ``Hero,
    Ally``, ``{'power_attack': True}`` -> ``power attack``, ``'pick_up_item'`` -> ``pick up
    item``, an enum by its value."""
    if isinstance(value, Enum):
        value = value.value
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        if len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                   for v in value):
            return f"({value[0]}, {value[1]})"
        return ", ".join(_words(v) for v in value)
    if isinstance(value, Mapping):
        return ", ".join(str(k).replace("_", " ") if v is True
                         else f"{str(k).replace('_', ' ')} {_words(v)}"
                         for k, v in value.items() if v not in (None, False, [], {}))
    return str(value).replace("_", " ")


class CommandEvent(Event):
    """A command: the encounter method's name (``kind``) and its arguments (``data``)."""

    COMMAND = True

    def describe(self) -> str:
        """The call in words (issue 26, item 2): ``Orc: attack (target: Hero; weapon:
        greataxe)``, ``End turn (next: Hero)``; the data keeps the call itself."""
        said = {k: v for k, v in self.data.items() if v not in (None, [], {}, False, "")}
        who = said.pop("name", None)
        what = self.kind.replace("_", " ")
        head = f"{who}: {what}" if isinstance(who, str) else what.capitalize()
        rest = "; ".join(str(k).replace("_", " ") if v is True
                         else f"{str(k).replace('_', ' ')}: {_words(v)}"
                         for k, v in said.items())
        return f"{head} ({rest})" if rest else head


def _command(kind: str, fields: tuple[str, ...], about: str,
             optional: Mapping[str, Any] | None = None) -> type[CommandEvent]:
    """A command class of the calling module (where it is assigned, as
    :func:`collections.namedtuple` does it: pickle finds it there, e.g. for GM prep's worker
    processes): ``kind`` is the Encounter method replay calls with ``fields``; ``optional``
    are the arguments its handler gives a default (the default with them), the others are
    required."""
    module = sys._getframe(1).f_globals.get("__name__", __name__)
    name = "".join(part.title() for part in kind.split("_")) + "Command"
    cls = type(name, (CommandEvent,), {
        "KIND": kind, "FIELDS": fields, "OPTIONAL": dict(optional or {}), "ABOUT": about,
        "__module__": module,
        "__qualname__": name, "__doc__": f"The command ``Encounter.{kind}``: {about}."})
    return cls


StartCommand = _command("start", ("aware", "decline"), "the fight begins")
EndTurnCommand = _command("end_turn", ("next", "deadlock", "decline", "declined"),
                          "the turn ends and who acts next", optional={"declined": None})
ActTogetherCommand = _command("act_together", ("name", "ally", "tactical_bonus"),
                              "two allies act together")
InterruptCommand = _command("interrupt", ("interrupters", "target", "before"),
                            "creatures try to interrupt a turn")
ReadyCommand = _command("ready", ("name", "trigger", "action"), "an action readied")
MoveCommand = _command("move", ("name", "to", "aoo"), "a move")
FiveFootStepCommand = _command("five_foot_step", ("name", "to"), "a 5-foot step")
RunCommand = _command("run", ("name", "to", "aoo"), "a run")
RetreatCommand = _command("retreat", ("name", "to", "aoo"), "a retreat")
StandUpCommand = _command("stand_up", ("name", "to", "aoo"), "standing up from prone")
DropProneCommand = _command("drop_prone", ("name",), "dropping prone")
TradeSpacesCommand = _command("trade_spaces", ("name", "target", "aoo"),
                              "two allies trade spaces")
DrawCommand = _command("draw", ("name", "item", "shield", "aoo"), "drawing an item")
ActCommand = _command("act", ("name", "action", "target", "aoo", "ability", "note"),
                      "another action (charge, power attack, free actions...)")
AimCommand = _command("aim", ("name", "aoo"), "Aim")
FightDefensivelyCommand = _command("fight_defensively", ("name",), "Fight Defensively")
IgnoreEnemyCommand = _command("ignore_enemy", ("name", "foes"), "Ignore Enemy")
ProtectCommand = _command("protect", ("name", "target"), "Protect")
CastCommand = _command("cast", ("name", "spell_level", "spell", "target", "swift",
                                "perseverance", "aoo", "components", "note"), "a spell cast",
                       optional={"perseverance": None, "components": None, "note": None})
AttackCommand = _command("attack", ("name", "target", "weapon", "situation"), "an attack")
DamageCommand = _command("damage", ("name", "amount", "type", "by", "nonlethal"),
                         "the GM's damage (nonlethal: only where the ruleset has it)",
                         optional={"nonlethal": False})
HealCommand = _command("heal", ("name", "amount", "reduces_bleed", "source"), "healing",
                       optional={"source": None})
TempHpCommand = _command("temp_hp", ("name", "amount"), "temporary hit points")
AddConditionCommand = _command("add_condition", ("name", "condition", "rounds", "by"),
                               "a condition given")
RemoveConditionCommand = _command("remove_condition", ("name", "condition"),
                                  "a condition removed")
NoteCommand = _command("note", ("text",), "the GM's note")


class MapEditCommand(CommandEvent):
    """The GM's edit of the map mid-fight (terrain, elevation, background, wall heights,
    ceiling, doors), recorded as the map's layers after it (``Encounter`` notices the edit
    at its next step)."""

    KIND = "map_edit"
    FIELDS = ("terrain", "elevation", "background", "wall_height", "ceiling", "doors")
    OPTIONAL = {"wall_height": None, "ceiling": None, "doors": None}
    ABOUT = "the GM edits the map"

    def describe(self) -> str:
        n, e = len(self.data.get("terrain") or []), len(self.data.get("elevation") or [])
        return f"Map edit ({n} terrain cells, {e} elevations)"
