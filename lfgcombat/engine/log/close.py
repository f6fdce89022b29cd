"""The close fight's events: maneuvers, Knockdown, Crushing Advance, special abilities.

The rules behind them (000_8d1d7816ee944f3b.txt, "Special Actions in Combat", "Momentum of
Impact", "Crushing Advance", "Special Abilities – 4 Different Types", "Natural Weapons") are
cited where the encounter emits them (:mod:`lfgcombat.rules.actions.maneuvers_play`,
:mod:`lfgcombat.rules.impact.momentum_play`, :mod:`lfgcombat.rules.actions.skill_actions_play`,
:mod:`lfgcombat.rules.abilities.abilities_play`).
"""

from __future__ import annotations

from .commands import _command
from .events import Event

__all__ = ["Maneuver", "Knockdown", "Crush", "AbilityUse", "Swallow", "SwallowWholeCommand",
           "DigestCommand", "CutFreeCommand", "ForceOutCommand", "RegurgitateCommand",
           "WrestleCommand", "StepThroughCommand", "BreakFreeCommand",
           "ShieldBashCommand", "KnockdownCommand", "CrushingAdvanceCommand",
           "SkillActionCommand", "UseAbilityCommand", "FollowUpCommand",
           "HitManeuverCommand", "PounceCommand", "RakeCommand"]


class Maneuver(Event):
    """A Wrestling maneuver, a Shield Bash or a skill action, settled."""

    KIND = "maneuver"
    FIELDS = ("maneuver", "touch", "touch_ac", "bonus", "defense", "defended_with",
              "margin", "success", "effect", "rule")
    ABOUT = ("maneuver (grab, trip, shove, pin, shield_bash, demoralize, dirty_trick, feint, "
             "insult), touch (the touch attack total or null), touch_ac, bonus, defense, "
             "defended_with, margin, success, effect")

    def describe(self) -> str:
        d = self.data
        what = str(d.get("maneuver", "")).replace("_", " ")
        how = f": {d['effect']}" if d.get("effect") else ""
        return (f"{self.who} {what} against {self.target}: "
                f"{'success' if d.get('success') else 'failure'}{how}")


class Knockdown(Event):
    """A Knockdown check (Momentum of Impact)."""

    KIND = "knockdown"
    FIELDS = ("dc", "terms", "resisted_with", "total", "prone", "failed_by", "fort_dc",
              "drop_ft", "altitude_ft", "auto", "shield", "rule")
    OPTIONAL = dict.fromkeys(("terms", "fort_dc", "drop_ft", "altitude_ft", "auto", "shield",
                              "rule"))
    ABOUT = ("dc, terms [[what, value], ...], resisted_with (wrestling or acrobatics), "
             "total, prone, failed_by, fort_dc (Confounded unless saved, or null), drop_ft "
             "(feet a knocked flyer drops), altitude_ft ([before, after] on the map, when it "
             "drops), auto (true: rolled by the strike itself, not the GM's knockdown step), "
             "shield (true: the strike missed but struck the target's shield)")

    def describe(self) -> str:
        """``Goblin 1 fails to resist Wulfric's Knockdown (DC 21; wrestling 9): knocked
        prone``; a strike that missed but struck the shield says so first
        (000_8d1d7816ee944f3b.txt, "Momentum of Impact": it "activates upon striking your
        target or their shield")."""
        d = self.data
        failed_by = d.get("failed_by")
        failed = bool(d.get("prone") or d.get("drop_ft")) or (
            isinstance(failed_by, (int, float)) and failed_by > 0)
        outcome = ("knocked prone" if d.get("prone") else
                   f"drops {d.get('drop_ft')} ft and flies on" if d.get("drop_ft") else
                   "knocked down" if failed else "stays up")
        skill = f"; {d.get('resisted_with')} {d.get('total')}" \
            if d.get("resisted_with") or d.get("total") is not None else ""
        text = (f"{self.target} {'fails to resist' if failed else 'resists'} "
                f"{_possessive(self.who)} Knockdown (DC {d.get('dc')}{skill}): {outcome}")
        if d.get("shield"):
            text = (f"{_possessive(self.who)} strike missed but struck "
                    f"{_possessive(self.target)} shield: {text}")
        return text


def _possessive(name: object) -> str:
    """``Wulfric's``, ``Sokaris'``."""
    text = str(name)
    return f"{text}'" if text.endswith("s") else f"{text}'s"


class Crush(Event):
    """A creature in the way of a Crushing Advance."""

    KIND = "crush"
    FIELDS = ("dc", "total", "reaction", "prone", "damage", "displaced", "fort_dc", "rule")
    ABOUT = ("dc, total, reaction (spent for +5), prone, damage, displaced (random, chosen "
             "or null), fort_dc")

    def describe(self) -> str:
        d = self.data
        return (f"{self.target} in {self.who}'s Crushing Advance: "
                + (f"crushed for {d.get('damage')}" if d.get("prone") else "gets clear"))


class AbilityUse(Event):
    """A special ability used (or wasted)."""

    KIND = "ability"
    FIELDS = ("ability", "type", "action", "uses", "per", "used", "dc", "save",
              "outcome", "dc_note", "rule")
    OPTIONAL = {"dc_note": None}
    ABOUT = ("ability, type (natural, Ex, Su, SLA), action, uses, per, used (this one "
             "included), dc, save, outcome (used, wasted: ...), dc_note (a listed SLA DC "
             "that is not 10+SL+mod)")

    def describe(self) -> str:
        d = self.data
        uses = f" ({d.get('used')}/{d.get('uses')} per {d.get('per')})" if d.get("uses") else ""
        on = f" on {self.target}" if self.target else ""
        return f"{self.who} uses {d.get('ability')}{on}{uses}: {d.get('outcome')}"


class Swallow(Event):
    """A step of Swallow Whole: swallowed, the round's damage, cutting, forcing out,
    regurgitated (the state after it in the other fields)."""

    KIND = "swallow"
    FIELDS = ("step", "total", "dc", "damage", "damage_each_round", "cut_needed",
              "cut_dealt", "regurgitate_next_turn", "will_eat_again", "rule")
    ABOUT = ("step (swallowed, digest, cut, force_out, regurgitated), total, dc, damage; "
             "the state after it: damage_each_round, cut_needed, cut_dealt, "
             "regurgitate_next_turn, will_eat_again")

    def describe(self) -> str:
        d = self.data
        step = d.get("step")
        text = {"swallowed": f"{self.who} swallows {self.target} whole",
                "digest": f"{self.target} takes {d.get('damage')} inside {self.who}",
                "cut": f"{self.target} cuts at {self.who} from inside "
                       f"({d.get('cut_dealt')}/{d.get('cut_needed')})",
                "force_out": f"{self.target} tries to force its way out of {self.who}",
                "regurgitated": f"{self.who} regurgitates {self.target}"}.get(
                    str(step), f"{self.who} / {self.target}: {step}")
        if d.get("regurgitate_next_turn") and step != "regurgitated":
            text += f"; {self.who} must regurgitate it next turn"
        return text


WrestleCommand = _command("wrestle", ("name", "target", "maneuver", "to", "resist_with",
                                      "aoo"), "a Wrestling maneuver")
BreakFreeCommand = _command("break_free", ("name", "resist_with"), "breaking out of a grapple")
ShieldBashCommand = _command("shield_bash", ("name", "target", "resist_with", "to"),
                             "a Shield Bash")
KnockdownCommand = _command("knockdown", ("name", "target", "resist_with", "flying_ft",
                                         "maneuverability", "mount"),
                            "the Knockdown after a strike",
                            optional=dict.fromkeys(("flying_ft", "maneuverability", "mount")))
StepThroughCommand = _command("step_through", ("name", "to", "dodge", "aoo"),
                              "a much larger creature stepping through smaller ones")
CrushingAdvanceCommand = _command("crushing_advance", ("name", "to", "dodge", "aoo"),
                                  "a Crushing Advance")
SkillActionCommand = _command("skill_action", ("name", "action", "target", "resist_with",
                                               "condition", "aoo", "item", "off_hand"),
                                   "a skill action", optional={"item": None, "off_hand": False})
UseAbilityCommand = _command("use_ability", ("name", "ability", "target", "action", "aoo"),
                             "a special ability used")
HitManeuverCommand = _command("hit_maneuver", ("name", "target", "maneuver", "to",
                                              "resist_with"),
                               "the Grab/Trip/Shove a natural weapon's hit allows")
PounceCommand = _command("pounce", ("name", "target"), "Pounce's second natural attack")
RakeCommand = _command("rake", ("name", "target"), "a Rake Attack")
SwallowWholeCommand = _command("swallow_whole", ("name", "target"), "Swallow Whole")
DigestCommand = _command("digest", ("name",), "a round's damage inside a swallower")
CutFreeCommand = _command("cut_free", ("name", "weapon"), "cutting free from inside")
ForceOutCommand = _command("force_out", ("name",), "forcing the way back out")
RegurgitateCommand = _command("regurgitate", ("name", "target", "to"), "regurgitating prey")
FollowUpCommand = _command("follow_up", ("name", "target", "weapon"),
                           "the Reaction attack with a second weapon")
