"""Up, down and through: the events of movement by mode, flight, archery and breaking things.

The rules behind them (000_8d1d7816ee944f3b.txt, "Other Types of Movement", "Flying",
"Accuracy by Volume (Unintended Targets)", "Volley Shots & Indirect Fire", "Breaking Stuff &
Damaging Objects") are cited where the encounter emits them
(:mod:`lfgcombat.encounter.other_movement`, :mod:`lfgcombat.encounter.flight`,
:mod:`lfgcombat.encounter.archery`, :mod:`lfgcombat.encounter.breaking`).
"""

from __future__ import annotations

from .commands import _command
from .events import Event

__all__ = ["MovedMode", "RanMode", "AltitudeSet", "DiveAttack", "FlyerDropped", "FlyerFalls",
           "Unintended", "Volley", "DoorOpened", "Forced", "ObjectHit", "ObjectBroken",
           "HeldObjectHit", "ChestBrokenOpen", "MoveModeCommand", "RunModeCommand",
           "SetAltitudeCommand", "FlyerFallsCommand", "VolleyCommand", "OpenDoorCommand",
           "ForceDoorCommand", "AttackObjectCommand", "BreakObjectCommand",
           "AttackHeldObjectCommand"]


class MovedMode(Event):
    """A move by mode (fly, swim, climb, leap, walk) within one Big Action's budget."""

    KIND = "moved_mode"
    FIELDS = ("mode", "feet", "vertical_ft", "altitude", "jump_check", "budget_spent",
              "legs", "rule")
    ABOUT = ("mode, feet (across), vertical_ft (spent rising), altitude (after), jump_check "
             "(a leap beyond Leaper X needs Jump&Sprint), budget_spent, legs [[mode, feet], "
             "...]")

    def describe(self) -> str:
        d = self.data
        return (f"{self.who} {d.get('mode')}s {d.get('feet')} ft"
                + (f" (+{d['vertical_ft']} ft rising)" if d.get("vertical_ft") else "")
                + f", now {d.get('altitude')} ft up")


class RanMode(Event):
    """A Run by fly, swim or climb."""

    KIND = "ran_mode"
    FIELDS = ("mode", "feet", "altitude", "descended_ft", "dive_attack", "rule")
    ABOUT = ("mode, feet, altitude (after), descended_ft, dive_attack (a fly Run descending "
             "10+ ft: a Dive Attack may follow)")

    def describe(self) -> str:
        d = self.data
        dive = ", a Dive Attack may follow" if d.get("dive_attack") else ""
        return f"{self.who} runs {d.get('feet')} ft by {d.get('mode')}{dive}"


class AltitudeSet(Event):
    """The GM put a creature at another altitude."""

    KIND = "altitude_set"
    FIELDS = ("from", "to", "rule")
    ABOUT = "from, to (feet above its hex)"

    def describe(self) -> str:
        return f"{self.who} is now {self.data.get('to')} ft up (was {self.data.get('from')})"


class DiveAttack(Event):
    """A Dive Attack: a Charge after a fly Run descending 10+ ft, one damage die larger."""

    KIND = "dive_attack"
    FIELDS = ("descended_ft", "damage", "rule")
    ABOUT = "descended_ft, damage (the weapon's damage one die size larger)"

    def describe(self) -> str:
        return (f"{self.who} dives {self.data.get('descended_ft')} ft at {self.target}: "
                f"{self.data.get('damage')}")


class FlyerDropped(Event):
    """A flyer knocked down or tripped drops (prone only if it lands)."""

    KIND = "flyer_dropped"
    FIELDS = ("from", "to", "lands", "rule")
    ABOUT = "from, to (altitudes in feet), lands (reached the ground: prone)"

    def describe(self) -> str:
        d = self.data
        return (f"{self.target} drops from {d.get('from')} to {d.get('to')} ft"
                + (" and lands prone" if d.get("lands") else "") + f" (knocked by {self.who})")


class FlyerFalls(Event):
    """A flyer falling out of control (300 ft the first round, 1000 ft the second)."""

    KIND = "flyer_falls"
    FIELDS = ("from", "fallen_ft", "rounds", "regained", "lands", "lines", "rule")
    ABOUT = ("from (altitude), fallen_ft, rounds, regained (control regained with a Big "
             "Action), lands, lines (the falling damage explained)")

    def describe(self) -> str:
        d = self.data
        end = "regains control" if d.get("regained") else (
            "hits the ground" if d.get("lands") else "keeps falling")
        return f"{self.target} falls {d.get('fallen_ft')} ft and {end}"


class Unintended(Event):
    """Accuracy by Volume: where a ranged miss goes."""

    KIND = "unintended"
    FIELDS = ("struck", "why", "rule")
    ABOUT = "struck (the Unintended Target's name, or null), why"

    def describe(self) -> str:
        return f"{self.who}'s miss at {self.target}: {self.data.get('why')}"


class Volley(Event):
    """A Volley Shot (Indirect Fire) at a hex."""

    KIND = "volley"
    FIELDS = ("at", "weapon", "natural", "modifiers", "total", "against", "miss_chance",
              "hit", "damage", "rule")
    ABOUT = ("at (the hex), weapon, natural, modifiers [[what, value], ...], total, against "
             "(the AC of the creature there, or null), miss_chance, hit, damage")

    def describe(self) -> str:
        d = self.data
        return (f"{self.who} volleys at {tuple(d.get('at') or ())} with {d.get('weapon')}: "
                f"{d.get('total')} - {'hit' if d.get('hit') else 'miss'}")


class DoorOpened(Event):
    """A door opened (a Swift Action)."""

    KIND = "door_opened"
    FIELDS = ("at", "rule")
    ABOUT = "at (the door's hex)"

    def describe(self) -> str:
        return f"{self.who} opens the door at {tuple(self.data.get('at') or ())}"


class Forced(Event):
    """A Strength Check to force a door or a chest open (no retry)."""

    KIND = "forced"
    FIELDS = ("what", "at", "dc", "total", "success", "trap", "lines", "rule")
    ABOUT = ("what (door, chest), at, dc (Break DC with the lock), total, success, trap "
             "(set off, or null), lines")

    def describe(self) -> str:
        d = self.data
        return (f"{self.who} forces the {d.get('what')}: {d.get('total')} vs DC {d.get('dc')}"
                f" - {'open' if d.get('success') else 'holds'}")


class ObjectHit(Event):
    """Damage to an unattended object, through its Hardness."""

    KIND = "object_hit"
    FIELDS = ("what", "at", "damage", "hardness", "dealt", "hp_before", "hp_after",
              "destroyed", "trap", "warning", "notes", "rule")
    ABOUT = ("what, at, damage, hardness, dealt (after Hardness), hp_before, hp_after, "
             "destroyed, trap, warning (the wrong weapon for the work), notes")

    def describe(self) -> str:
        d = self.data
        end = ", destroyed" if d.get("destroyed") else f", {d.get('hp_after')} HP left"
        return f"{self.who} strikes the {d.get('what')} for {d.get('dealt')}{end}"


class ObjectBroken(Event):
    """A small fragile object broken with a Big Action and no roll."""

    KIND = "object_broken"
    FIELDS = ("object", "rule")
    ABOUT = "object"

    def describe(self) -> str:
        return f"{self.who} breaks {self.data.get('object')}"


class HeldObjectHit(Event):
    """An attack at -5 on an object someone holds."""

    KIND = "held_object_hit"
    FIELDS = ("object", "penalty", "hit", "rule")
    ABOUT = "object, penalty (-5), hit"

    def describe(self) -> str:
        d = self.data
        return (f"{self.who} strikes at {self.target}'s {d.get('object')}: "
                f"{'hit' if d.get('hit') else 'miss'}")


class ChestBrokenOpen(Event):
    """A chest broken open: each fragile item inside breaks on a 50% roll."""

    KIND = "chest_broken_open"
    FIELDS = ("chest", "broken", "intact", "rule")
    ABOUT = "chest, broken [items], intact [items]"

    def describe(self) -> str:
        d = self.data
        return (f"the {d.get('chest')} breaks open: {len(d.get('broken') or [])} broken, "
                f"{len(d.get('intact') or [])} intact")


MoveModeCommand = _command("move_mode", ("name", "to", "aoo", "mode", "altitude", "charge"),
                           "a move by mode (fly, swim, climb, leap, walk)")
RunModeCommand = _command("run_mode", ("name", "to", "aoo", "mode", "altitude"),
                          "a Run by fly, swim or climb")
SetAltitudeCommand = _command("set_altitude", ("name", "feet"), "the GM sets an altitude")
FlyerFallsCommand = _command("flyer_falls", ("name", "regains"),
                             "a flyer falls out of control")
VolleyCommand = _command("volley", ("name", "at", "weapon", "range_finding"),
                         "a Volley Shot at a hex")
OpenDoorCommand = _command("open_door", ("name", "at"), "opening a door")
ForceDoorCommand = _command("force_door", ("name", "at"), "forcing a door or a chest")
AttackObjectCommand = _command("attack_object", ("name", "at", "weapon"),
                               "striking an unattended object")
BreakObjectCommand = _command("break_object", ("name", "at"),
                              "breaking a small fragile object")
AttackHeldObjectCommand = _command("attack_held_object",
                                   ("name", "target", "object", "weapon", "behind_back"),
                                   "striking an object someone holds")
