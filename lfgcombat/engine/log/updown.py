"""Issue 15's events: movement by mode and altitude, flight, archery's unintended targets and
volleys, doors, objects and chests.

The rules behind them (000_8d1d7816ee944f3b.txt, "Other Types of Movement", "Fly Speed –
Flight & Maneuverability", "Dive Attack", "Falling while Flying & Regaining Control",
"Archery & Ranged Attacks", "Breaking Stuff & Damaging Objects") are cited where the
encounter emits them (:mod:`lfgcombat.rules.movement.other_movement`,
:mod:`lfgcombat.rules.movement.flight_play`, :mod:`lfgcombat.rules.archery.archery_play`,
:mod:`lfgcombat.rules.objects.breaking`). Declaring them lets a save holding them load.
"""

from __future__ import annotations

from typing import Any

from .commands import _command
from .events import Event, effect_class

__all__ = ["MovedMode", "RanMode", "AltitudeSet", "DiveAttack", "FlyerDropped", "FlyerFalls",
           "FlyerStalls", "FlyerRegains", "Unintended", "Volley", "DoorOpened", "Forced",
           "ObjectHit", "ObjectBroken", "HeldObjectHit", "ChestBrokenOpen", "Hurdled",
           "LeapCheck", "JumpedDown"]


def _effect(name: str, kind: str, fields: tuple[str, ...], about: str, text: Any,
            optional: dict[str, Any] | None = None) -> type[Event]:
    """An effect class of this module (:func:`~lfgcombat.engine.log.events.effect_class`)."""
    return effect_class(name, kind, fields, about, text, module=__name__,
                        optional=optional)


#: A mode's verb in a move's description ("Griffon flies 30 ft").
_VERBS = {"fly": "flies", "swim": "swims", "climb": "climbs", "leap": "leaps", "walk": "walks"}

MovedMode = _effect(
    "MovedMode", "moved_mode", ("mode", "feet", "vertical_ft", "altitude", "jump_check",
                                "budget_spent", "legs"),
    "a move by mode: feet across, vertical_ft spent on altitude, the altitude after, "
    "jump_check (a leap past X needs Jump&Sprint), budget_spent and legs [[mode, ft], ...]",
    lambda e, d: f"{e.who} {_VERBS.get(str(d.get('mode')), str(d.get('mode')) + 's')} "
                 f"{d.get('feet')} ft (altitude {d.get('altitude')} ft)")
RanMode = _effect(
    "RanMode", "ran_mode", ("mode", "feet", "altitude", "descended_ft", "dive_attack"),
    "a Run by mode: feet, the altitude after, descended_ft, dive_attack (a Dive Attack may "
    "follow)", lambda e, d: f"{e.who} runs by {d.get('mode')} {d.get('feet')} ft")
AltitudeSet = _effect(
    "AltitudeSet", "altitude_set", ("from", "to"), "the GM sets an altitude: from, to (ft)",
    lambda e, d: f"{e.who}'s altitude: {d.get('from')} -> {d.get('to')} ft")
DiveAttack = _effect(
    "DiveAttack", "dive_attack", ("descended_ft", "damage"),
    "a Dive Attack: descended_ft, damage (one die size larger)",
    lambda e, d: f"{e.who} dives {d.get('descended_ft')} ft at {e.target}")
FlyerDropped = _effect(
    "FlyerDropped", "flyer_dropped", ("from", "to", "lands"),
    "a tripped or knocked-down flyer drops: from, to (ft), lands (prone)",
    lambda e, d: f"{e.target} drops from {d.get('from')} to {d.get('to')} ft")
FlyerFalls = _effect(
    "FlyerFalls", "flyer_falls", ("from", "fallen_ft", "rounds", "lands", "regained", "lines"),
    "a flyer falls: from (ft), fallen_ft, rounds, lands, regained, lines (the account)",
    lambda e, d: f"{e.target} falls {d.get('fallen_ft')} ft from {d.get('from')} ft")
FlyerStalls = _effect(
    "FlyerStalls", "flyer_stalls", ("flown_hexes", "minimum_hexes", "altitude", "why"),
    "a flyer under its Minimum Flight Speed at the end of its turn: flown_hexes, "
    "minimum_hexes, altitude, why", lambda e, d: str(d.get("why", "")))
FlyerRegains = _effect(
    "FlyerRegains", "flyer_regains", ("altitude", "why"),
    "a falling flyer spends a Big Action to regain control: altitude, why",
    lambda e, d: str(d.get("why", "")))
Unintended = _effect(
    "Unintended", "unintended", ("struck", "why"),
    "Accuracy by Volume: the unintended target struck (or null), why",
    lambda e, d: f"{e.who}'s shot at {e.target}: {d.get('why', '')}")
Volley = _effect(
    "Volley", "volley", ("at", "weapon", "natural", "total", "against", "hit", "miss_chance",
                         "modifiers", "damage"),
    "a volley at a hex: at, weapon, natural, total, against, hit, miss_chance, modifiers, "
    "damage", lambda e, d: f"{e.who} volleys at {d.get('at')} with {d.get('weapon')}: d20 "
                           f"{d.get('natural')}, total {d.get('total')} "
                           f"(volley {d.get('modifiers')}) vs AC {d.get('against')}, "
                           f"{d.get('miss_chance')}% miss chance: "
                           f"{'hit' if d.get('hit') else 'miss'}")
DoorOpened = _effect(
    "DoorOpened", "door_opened", ("at",), "a door opened: at",
    lambda e, d: f"{e.who} opens the door at {d.get('at')}")
Forced = _effect(
    "Forced", "forced", ("at", "what", "dc", "total", "success", "trap", "lines"),
    "forcing a door or chest: at, what, dc, total, success, trap (set off), lines",
    lambda e, d: f"{e.who} forces the {d.get('what')} at {d.get('at')}: "
                 f"{'success' if d.get('success') else 'failure'}")
ObjectHit = _effect(
    "ObjectHit", "object_hit", ("at", "what", "damage", "hardness", "dealt", "hp_before",
                                "hp_after", "destroyed", "trap", "notes", "warning"),
    "an object struck: at, what, damage, hardness, dealt, hp_before, hp_after, destroyed, "
    "trap, notes, warning", lambda e, d: f"{e.who} hits the {d.get('what')} for "
                                         f"{d.get('dealt')}")
ObjectBroken = _effect(
    "ObjectBroken", "object_broken", ("object",), "a small fragile object broken: object",
    lambda e, d: f"{e.who} breaks {d.get('object')}")
HeldObjectHit = _effect(
    "HeldObjectHit", "held_object_hit", ("object", "hit", "penalty", "damage", "hardness",
                                         "dealt", "hp_after", "destroyed"),
    "an attack on a held object: object, hit, penalty; on a hit damage, hardness, dealt, "
    "hp_after, destroyed",
    lambda e, d: f"{e.who} strikes at {e.target}'s {d.get('object')}",
    optional=dict.fromkeys(("damage", "hardness", "dealt", "hp_after", "destroyed")))
Hurdled = _effect(
    "Hurdled", "hurdled", ("barrier_ft", "hurdle", "dc", "height_ft", "effective_ft", "total",
                           "success"),
    "a Jump&Sprint check to hurdle: barrier_ft, hurdle (the row of data/hurdles.csv), dc "
    "(null: in stride), height_ft (the jumper's), effective_ft (after Leaper), total, success",
    lambda e, d: f"{e.who} hurdles {d.get('barrier_ft')} ft: "
                 + ("in stride" if d.get("dc") is None else
                    f"{d.get('total')} vs DC {d.get('dc')}, "
                    f"{'success' if d.get('success') else 'failure'}"))
LeapCheck = _effect(
    "LeapCheck", "leap_check", ("feet", "dc", "total", "success", "landed_ft"),
    "a Jump&Sprint check for a leap longer than Leaper X: feet (asked), dc, total, success, "
    "landed_ft (how far it carried)",
    lambda e, d: f"{e.who} leaps {d.get('feet')} ft: {d.get('total')} vs DC {d.get('dc')}, "
                 + ("lands where aimed" if d.get("success") else
                    f"falls short, landing {d.get('landed_ft')} ft on"))
JumpedDown = _effect(
    "JumpedDown", "jumped_down", ("from_ft", "effective_ft", "damage", "lines"),
    "a Leaper's purposeful jump down: from_ft, effective_ft (less X/2), damage, lines",
    lambda e, d: f"{e.who} jumps down {d.get('from_ft')} ft (a fall of "
                 f"{d.get('effective_ft')} ft): {d.get('damage')} damage")
ChestBrokenOpen = _effect(
    "ChestBrokenOpen", "chest_broken_open", ("chest", "broken", "intact"),
    "a chest broken open: chest, broken (fragile items), intact",
    lambda e, d: f"{d.get('chest')} broken open: {len(d.get('broken') or [])} item(s) broken")

MoveModeCommand = _command("move_mode", ("name", "to", "aoo", "mode", "altitude", "charge"),
                           "a move by mode (fly, swim, climb, leap)", optional={"charge": False})
RunModeCommand = _command("run_mode", ("name", "to", "aoo", "mode", "altitude"),
                          "a Run by mode")
SetAltitudeCommand = _command("set_altitude", ("name", "feet"), "the GM sets an altitude")
FlyerFallsCommand = _command("flyer_falls", ("name", "regains"), "a flyer loses its flight")
VolleyCommand = _command("volley", ("name", "at", "weapon", "range_finding"), "a volley")
OpenDoorCommand = _command("open_door", ("name", "at", "key", "aoo"),
                           "opening a door (key: unlocking it with its key)",
                           optional={"key": False, "aoo": None})
ForceDoorCommand = _command("force_door", ("name", "at"), "forcing a door or chest")
AttackObjectCommand = _command("attack_object", ("name", "at", "weapon"),
                               "attacking a door or object")
BreakObjectCommand = _command("break_object", ("name", "at"), "breaking a small object")
HurdleCommand = _command("hurdle", ("name", "barrier_ft", "prone_enemy"),
                         "a Jump&Sprint check to hurdle")
AttackHeldObjectCommand = _command("attack_held_object", ("name", "target", "object", "weapon",
                                                          "behind_back"),
                                   "attacking a held object")
