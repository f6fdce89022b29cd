"""The effect events: what a command did (rolls, Reactions spent, HP changes, turns...).

One frozen class per effect kind; ``FIELDS`` are the keys its ``data`` may carry, ``ABOUT``
says what they mean, :meth:`describe` writes it as a line. The rules behind them are cited
where the encounter emits them (:mod:`lfgcombat.engine`); "Damage in Combat"
(000_8d1d7816ee944f3b.txt) is why damage is recorded by type.
"""

from __future__ import annotations

import functools
from typing import Any

from .events import _NO_ITEMS, _SCALAR_SET, Event, EventData, EventList, frozen_jsonable
from .words import ac_words, cell_words, cover_words, dice_words, plain_reason

__all__ = ["roll_label", "roll_data", "Roll", "Initiative", "RoundStart", "RoundEnd",
           "TurnStart", "TurnEnd", "TurnResumed", "TurnDeclined", "Together", "Spend", "Moved",
           "MoveStopped",
           "AooOffered", "Aoo", "Attack", "EffectStart", "EffectEnd", "ConditionChange",
           "Damage", "Heal", "TempHp", "Vitals", "Check", "Interrupt", "Ready", "ReadyLost",
           "FullRoundComplete", "Spell", "Note"]


def _cell(value: Any) -> tuple[Any, ...]:
    return tuple(value or ())


def roll_label(label: str | None, actor: str | None, target: str | None) -> str:
    """A roll's label that names who rolled it, and at whom (issue 26, item 2: "Every log
    line, dice label ... names the actors"): a label naming neither (lfg's ``Longsword
    damage``) becomes ``Longsword damage (Wulfric vs Orc)`` (``(Orc)`` with nobody
    else; "vs" whichever way the roll goes: Wulfric's resist Knockdown against the Ogre
    reads ``(Wulfric vs Ogre)``); one that names either, or a roll nobody made, is kept as
    it is. The AC short names are said in words (``ACvsCrit`` -> ``AC against
    criticals``: :func:`~lfgcombat.engine.log.words.ac_words`). The label still begins as
    rolled (what a search of the dice log by label finds), and the event records it as
    rolled: this is its text for people.

    Args:
        label: The roll's label (``None``: ``roll``).
        actor: Who rolled it (``None``: nobody in particular).
        target: At whom (``None``: nobody).
    """
    text = ac_words(str(label or "roll"))  # "vs ACvsCrit 15": "vs AC against criticals 15"
    if not actor or actor in text or (target and target in text):
        return text
    whom = f" vs {target}" if target and target != actor else ""
    return f"{text} ({actor}{whom})"


def roll_data(r: Any, label: Any, against: Any, outcome: Any) -> EventData:
    """A ``roll`` event's data for the roll ``r`` (the label as rolled, ``against`` and
    ``outcome`` as the caller gives them), frozen: made read-only as it is built when
    every value is a plain scalar (every roll the rules make: issue 24, "Fast"), else by
    :func:`~lfgcombat.engine.log.events.frozen_jsonable`."""
    fortune, other = r.fortune, r.other
    data: dict[str, Any] = {"expression": str(r.expr), "faces": None, "natural": r.natural,
                            "total": r.total, "fortune": fortune.value if fortune else None,
                            "other": other.total if other is not None else None,
                            "label": label, "against": against, "outcome": outcome}
    faces = r.faces
    if _SCALAR_SET.issuperset(map(type, data.values())) and \
            _SCALAR_SET.issuperset(map(type, faces)):
        frozen = EventData(data)
        dict.__setitem__(frozen, "faces", EventList(faces) if faces else _NO_ITEMS)
        return frozen
    data["faces"] = list(faces)
    return frozen_jsonable(data)


class Roll(Event):
    """A die roll (attack, damage, initiative, miss chance...)."""

    KIND = "roll"
    FIELDS = ("expression", "faces", "natural", "total", "fortune", "other", "label",
              "against", "outcome")
    ABOUT = "expression, faces, natural, total, fortune, other, label, against, outcome"

    def describe(self) -> str:
        d = self.data
        label = roll_label(d.get("label"), self.actor, self.target)
        text = f"{label}: {dice_words(d.get('expression'))} = {d.get('total')}"
        if d.get("fortune"):
            text += f" ({d['fortune']}: other {d.get('other')})"
        if d.get("against") is not None and " vs " not in str(d.get("label")):
            text += f" vs {d['against']}"
        if d.get("outcome"):
            text += f" -> {d['outcome']}"
        return text


class Initiative(Event):
    """The initiative checks of a round (or of the fight's start)."""

    KIND = "initiative"
    FIELDS = ("order", "first", "declined")
    ABOUT = "order: the initiative checks {name: total}; first: who acts first"

    def describe(self) -> str:
        d = self.data
        order = ", ".join(f"{n} {v}" for n, v in (d.get("order") or {}).items())
        text = f"initiative: {order}; {d.get('first')} acts first"
        if d.get("declined"):
            text += f"; declined to roll: {', '.join(d['declined'])}"
        return text


class RoundStart(Event):
    """A combat round begins."""

    KIND = "round_start"
    FIELDS = ("round", "surprise", "opener")
    ABOUT = "round; surprise (bool); opener"

    def describe(self) -> str:
        d = self.data
        return (f"round {d.get('round')} begins"
                + (" (the Surprise Round)" if d.get("surprise") else "")
                + (f", opened by {d['opener']}" if d.get("opener") else ""))


class RoundEnd(Event):
    """A combat round ends."""

    KIND = "round_end"
    FIELDS = ("round", "last")
    ABOUT = "round; last: who acted last"

    def describe(self) -> str:
        return f"round {self.data.get('round')} ends (last to act: {self.data.get('last')})"


class TurnStart(Event):
    """A turn (or an interrupt or readied turn) begins."""

    KIND = "turn_start"
    FIELDS = ("kind", "chosen_by", "first_of_round", "interrupted", "forced_by_gm")
    OPTIONAL = {"forced_by_gm": None}
    ABOUT = ("kind (turn, interrupt, ready); chosen_by; first_of_round (bool); interrupted; "
             "forced_by_gm")

    def describe(self) -> str:
        d = self.data
        return f"{self.turn}'s {d.get('kind', 'turn')} begins" + (
            f" (chosen by {d['chosen_by']})" if d.get("chosen_by") else
            " (forced by the GM: the lowest Initiative Roll)" if d.get("forced_by_gm")
            else "")


class TurnEnd(Event):
    """A turn ends."""

    KIND = "turn_end"
    FIELDS = ("kind",)
    ABOUT = "kind"

    def describe(self) -> str:
        return f"{self.turn}'s {self.data.get('kind', 'turn')} ends"


class TurnResumed(Event):
    """An interrupted turn goes on."""

    KIND = "turn_resumed"
    FIELDS = ("after",)
    ABOUT = "after: the interrupter whose turn ended"

    def describe(self) -> str:
        return f"{self.turn}'s turn resumes after {self.data.get('after')}'s interrupt"


class TurnDeclined(Event):
    """An ally offered the turn asks to go later."""

    KIND = "turn_declined"
    FIELDS = ("unit", "chooser", "why", "rule")
    ABOUT = "unit: the ally that asked to go later; chooser: who picks again; why"

    def describe(self) -> str:
        d = self.data
        return (f"{d.get('unit') or self.who} asks {d.get('chooser') or self.target} to pick "
                "someone else, and will go later")


class Together(Event):
    """Two allies act together."""

    KIND = "together"
    FIELDS = ("unit", "tactical_bonus", "rule")
    ABOUT = "unit: the ally acting together with the actor; tactical_bonus (the GM's)"

    def describe(self) -> str:
        bonus = self.data.get("tactical_bonus")
        return (f"{self.who} and {self.data.get('unit') or self.target} act together"
                + (f" (+{bonus} Tactical to attack rolls, the GM's call)" if bonus else ""))


class Spend(Event):
    """An action spent (Big, Little, Free, Reaction...)."""

    KIND = "spend"
    FIELDS = ("action", "type", "slot", "left", "ability", "note", "rule")
    OPTIONAL = {"left": None, "ability": None, "note": None, "rule": None}
    ABOUT = "action, type, slot (big, little, free, reaction, ...), left: actions left"

    def describe(self) -> str:
        slot = str(self.data.get("slot"))
        action = _action_name(self.data.get("action"))
        if " of the " in slot:  # "second attack of the Big Action": a part of an action
            return f"{self.who} uses the {slot}: {action}"
        if slot.endswith(" action") or slot == "reaction":  # not "a readied action action"
            return f"{self.who} uses its {slot}: {action}"
        article = "an" if slot[:1].lower() in "aeiou" else "a"
        return f"{self.who} uses {article} {slot} action: {action}"


@functools.lru_cache(maxsize=1)
def _action_names() -> dict[str, str]:
    """The actions table's names by id (``data/actions.csv``: ``cast_spell`` is "Cast a
    Spell"), read once."""
    from lfgcombat.io.tables import load_table

    table = load_table("actions")
    return dict(zip(table["action"].astype(str), table["name"].astype(str)))


def _action_name(action: Any) -> str:
    """An action in words: its name in the actions table, else its id with spaces
    (issue 26, "Words from the ruleset": "uses a big action: cast_spell")."""
    text = str(action)
    return _action_names().get(text, text.replace("_", " "))


class Moved(Event):
    """A creature moved along a path."""

    KIND = "moved"
    FIELDS = ("action", "path", "feet", "feet_left", "continued", "part", "notes")
    OPTIONAL = {"part": None}
    ABOUT = ("action, path [[col, row], ...], feet, feet_left, continued, part (a move "
             "split where AOO strike has one event per part), notes")
    VERBS = {"move": "moves", "five_foot_step": "takes a 5-foot step", "run": "runs",
             "retreat": "retreats", "trade_spaces": "trades spaces"}

    def describe(self) -> str:
        d = self.data
        verb = self.VERBS.get(str(d.get("action")), str(d.get("action")))
        path = d.get("path") or [[None, None]]
        feet = "" if d.get("action") == "five_foot_step" else f" {d.get('feet')} ft"
        text = f"{self.who} {verb}{feet} to {cell_words(path[-1])}"
        if d.get("feet_left"):
            text += f" ({d['feet_left']} ft left)"
        return text + "".join(f"; {n}" for n in d.get("notes") or [])


class MoveStopped(Event):
    """A move ended early (dropped by an AOO, knocked prone...)."""

    KIND = "move_stopped"
    FIELDS = ("action", "at", "to", "lost_path", "why", "rule")
    ABOUT = ("action, at [col, row]: where the mover stopped, to: where it was going, "
             "lost_path, why (dropped by an AOO, knocked prone...)")

    def describe(self) -> str:
        d = self.data
        return (f"{self.who} stops at {cell_words(_cell(d.get('at')))}: {d.get('why')}; "
                f"the rest of "
                f"the {str(d.get('action', 'move')).replace('_', ' ')} is lost")


class AooOffered(Event):
    """A creature could take an Attack of Opportunity (and did or not)."""

    KIND = "aoo_offered"
    FIELDS = ("by", "action", "step", "taken", "at", "rule")
    OPTIONAL = {"at": None}
    ABOUT = "by, action, step, taken, at [col, row]: the mover's hex when it strikes"

    def describe(self) -> str:
        d = self.data
        where = f" at {cell_words(d['at'])}" if d.get("at") else ""
        what = str(d.get("action", "action")).replace("_", " ")
        return (f"{self.who} may take an AOO against {self.target}'s {what}{where}: "
                f"{'taken' if d.get('taken') else 'not taken'}")


class Aoo(Event):
    """An Attack of Opportunity taken."""

    KIND = "aoo"
    FIELDS = ("by", "cap", "outcome", "rule")
    ABOUT = "by: the attacker taking it; cap; outcome"

    def describe(self) -> str:
        cap = self.data.get("cap")
        cap_text = f" (consecutive attack penalty -{cap})" if cap else ""
        return f"{self.who} takes an AOO against {self.target}{cap_text}"


class Attack(Event):
    """An attack's result (its rolls are :class:`Roll` events before it)."""

    KIND = "attack"
    FIELDS = ("weapon", "outcome", "hit", "critical", "against", "bonus", "gang_up", "aoo",
              "charge", "modifiers", "damage", "why", "text")
    OPTIONAL = {"gang_up": None, "aoo": None, "charge": None, "why": None}
    ABOUT = ("weapon, outcome, hit, critical, against, bonus, gang_up, aoo, charge, "
             "modifiers (what the encounter added: running AC, charge, ignored foe), "
             "damage, why")

    def describe(self) -> str:
        """``Hero attacks Orc with longsword (an AOO): hit (25 >= AC 18), 24 damage
        (slashing)``, then what the encounter added in brackets (cover, a runner's AC...);
        the full explanation is the ``text`` field."""
        d = self.data
        how = [x for x, on in (("an AOO", d.get("aoo")), ("a Charge", d.get("charge"))) if on]
        text = (f"{self.who} attacks {self.target} with {d.get('weapon')}"
                + (f" ({', '.join(how)})" if how else "") + f": {d.get('outcome')}")
        if d.get("why"):
            text += f" ({d.get('why')})"
        damage = d.get("damage")
        if isinstance(damage, dict) and damage:
            try:
                total = sum(int(v) for v in damage.values())
            except (TypeError, ValueError, OverflowError):
                total = None
            kinds = ", ".join(str(k) for k in damage)
            text += f", {total if total is not None else damage} damage ({kinds})"
        mods = d.get("modifiers")
        if isinstance(mods, list) and mods:  # cover, a runner's AC...: without the citation
            said = (cover_words(str(m).split(" (000_")[0]) for m in mods)  # hexes in words
            text += " [" + "; ".join(said) + "]"
        return text


class EffectStart(Event):
    """A lasting effect begins (a spell, Aim, Fight Defensively...)."""

    KIND = "effect_start"
    FIELDS = ("effect",)
    ABOUT = "effect: {id, label, conditions, bonuses, ends, on, data}"

    def describe(self) -> str:
        return f"{self.target or self.who}: {_effect_label(self.data)} begins"


class EffectEnd(Event):
    """A lasting effect ends."""

    KIND = "effect_end"
    FIELDS = ("id", "label", "why")
    ABOUT = "id, label, why"

    def describe(self) -> str:
        return f"{self.target or self.who}: {_effect_label(self.data)} ends"


def _effect_label(d: dict[str, Any]) -> Any:
    inner = d.get("effect", d)
    return inner.get("label") if isinstance(inner, dict) else ""


class ConditionChange(Event):
    """A condition gained or lost, or its duration changed."""

    KIND = "condition"
    FIELDS = ("change", "condition", "rounds", "by", "consequences", "why", "rule")
    OPTIONAL = {"rounds": None, "by": None, "consequences": None, "why": None, "rule": None}
    ABOUT = "change (gained, lost, duration), condition, rounds, by, consequences"

    def describe(self) -> str:
        return f"{self.target} {self.data.get('change')} {self.data.get('condition')}"


class Damage(Event):
    """Damage dealt, by type ("Damage in Combat")."""

    KIND = "damage"
    FIELDS = ("amount", "type", "damage", "temp_hp_before", "temp_hp_after", "hp_before",
              "hp_after", "source", "events")
    OPTIONAL = {"temp_hp_before": None, "temp_hp_after": None}
    ABOUT = ("amount, type, damage {type: amount}, temp_hp_before/after, hp_before/after, "
             "source, events (what lfgcombat.rules.health.vitals.Vitals.damage did, in words)")

    def describe(self) -> str:
        d = self.data
        return (f"{self.target} takes {d.get('amount')} {d.get('type') or ''} damage "
                f"(HP {d.get('hp_before')} -> {d.get('hp_after')})").replace("  ", " ")


class Heal(Event):
    """Hit points healed."""

    KIND = "heal"
    FIELDS = ("amount", "hp_before", "hp_after", "bleed_before", "bleed_after", "source",
              "events")
    OPTIONAL = {"bleed_before": None, "bleed_after": None}
    ABOUT = "amount, hp_before, hp_after, bleed_before, bleed_after, source, events"

    def describe(self) -> str:
        d = self.data
        return (f"{self.target} heals {d.get('amount')} "
                f"(HP {d.get('hp_before')} -> {d.get('hp_after')})")


class TempHp(Event):
    """Temporary hit points gained."""

    KIND = "temp_hp"
    FIELDS = ("before", "after", "cap", "events")
    ABOUT = "before, after, cap, events"

    def describe(self) -> str:
        """``PC gains 100 Temporary HP: 0 -> 4 (capped: ...)`` (the engine's own lines), else
        the numbers."""
        d = self.data
        lines = d.get("events")
        if isinstance(lines, list) and lines:
            return f"{self.target or self.who} " + "; ".join(str(x) for x in lines)
        return (f"{self.target or self.who}: Temporary HP {d.get('before')} -> "
                f"{d.get('after')}")


class Vitals(Event):
    """A change of status (unconscious, stable, dead...)."""

    KIND = "vitals"
    FIELDS = ("status", "hp", "threshold", "rule")
    OPTIONAL = {"threshold": None}
    ABOUT = ("status (unconscious, knocked out, stable, conscious, injured, no longer "
             "injured, dead), hp")

    def describe(self) -> str:
        """``Orc 1 is unconscious (HP -2)``; a death at a threshold says whose threshold it
        is (issue 26, item 2: the boss Orc Shaman cites "Death", its goons "NPC & Enemy
        Death", 000_8d1d7816ee944f3b.txt): ``Orc Shaman is dead (HP -13: a PC or boss dies
        at -CON score, -12)``, ``Orc 1 is dead (HP -4: a goon or NPC dies at -level, -3)``."""
        d = self.data
        threshold = d.get("threshold")
        if d.get("status") != "dead" or threshold is None:
            return f"{self.target} is {d.get('status')} (HP {d.get('hp')})"
        rule = str(d.get("rule") or "")
        whose = next((w for heading, w in _DEATH_WORDS if heading in rule), "it dies at")
        return f"{self.target} is dead (HP {d.get('hp')}: {whose} {threshold})"


#: Who dies at which threshold, by the heading a death cites (000_8d1d7816ee944f3b.txt,
#: "Death": "dies if reduced to a negative number of HP equal to its CON Score"; "NPC &
#: Enemy Death": goons and most NPCs "die when they reach (-Level) HP"; bosses use the PC
#: rules: :func:`lfgcombat.creature.hit_points.death_threshold`).
_DEATH_WORDS = (("NPC & Enemy Death", "a goon, NPC or monster dies at -level,"),
                ('"Death"', "a PC or boss dies at -CON score,"))


class Check(Event):
    """A check the rules ask for (a caster's Perseverance check)."""

    KIND = "check"
    FIELDS = ("check", "dcs", "dc", "rolled", "bonus", "total", "outcome", "rule")
    OPTIONAL = {"bonus": None, "total": None}
    ABOUT = ("check (perseverance), dcs [[why, DC], ...], dc: the hardest, rolled, bonus, "
             "total, outcome (required, success, failure)")

    def describe(self) -> str:
        d = self.data
        if d.get("rolled"):
            return (f"{self.who} Perseverance check {d.get('total')} vs DC {d.get('dc')}: "
                    f"{d.get('outcome')}")
        return f"{self.who} must pass a Perseverance check DC {d.get('dc')} or the spell fails"


class Interrupt(Event):
    """An attempt to interrupt: the opposed initiative checks and who won."""

    KIND = "interrupt"
    FIELDS = ("interrupters", "winner", "checks", "ready", "before")
    ABOUT = "interrupters, winner, checks {name: total}, ready (bool)"

    def describe(self) -> str:
        d = self.data
        checks = ", ".join(f"{n} {v}" for n, v in (d.get("checks") or {}).items())
        who_tries = ", ".join(d.get("interrupters") or [self.who])
        winner = d.get("winner")
        return (f"{who_tries} tries to interrupt {self.target} (opposed initiative: {checks})"
                f": {winner + ' wins' if winner else 'nobody wins'}")


class Ready(Event):
    """An action readied."""

    KIND = "ready"
    FIELDS = ("trigger", "action", "held")
    ABOUT = "trigger, action, held {big, little}"

    def describe(self) -> str:
        """``Mayat readies attack for when the archer leans out (holds 1 Big and 1 Little
        Action)`` (000_8d1d7816ee944f3b.txt, "Prepare to Interrupt")."""
        d = self.data
        held = d.get("held")
        hold = ""
        if isinstance(held, dict):
            hold = (f" (holds {held.get('big')} Big and {held.get('little')} Little "
                    "Action for it)")
        action = str(d.get("action")).replace("_", " ")
        return f"{self.who} readies {action} for when {d.get('trigger')}{hold}"


class ReadyLost(Event):
    """A readied action lost."""

    KIND = "ready_lost"
    FIELDS = ("why", "rule")
    OPTIONAL = {"rule": None}
    ABOUT = "why"

    def describe(self) -> str:
        """``Mayat's readied action is lost at the start of its next turn: ...``."""
        return f"{self.who}: the readied action is lost at {self.data.get('why')}"


class FullRoundComplete(Event):
    """A full-round action finished."""

    KIND = "full_round_complete"
    FIELDS = ("action",)
    ABOUT = "action"

    def describe(self) -> str:
        """``Hero completes the Full-Round Action stop drop roll``."""
        action = str(self.data.get("action")).replace("_", " ")
        on = f" on {self.target}" if self.target else ""
        return f"{self.who} completes the Full-Round Action {action}{on}"


class Spell(Event):
    """A spell cast (or lost)."""

    KIND = "spell"
    FIELDS = ("spell", "spell_level", "swift", "perseverance_dcs", "outcome", "failure_pct",
              "notes", "note")
    OPTIONAL = {"swift": None, "perseverance_dcs": None, "failure_pct": None, "notes": None,
                "note": None}
    ABOUT = ("spell, spell_level, swift, perseverance_dcs, outcome (cast, pending: ..., "
             "lost: ...)")

    def describe(self) -> str:
        d = self.data
        spell = d.get("spell") or "a spell"  # cast() without a spell name
        level = d.get("spell_level")
        text = f"{self.who} casts {spell}" + (f" (spell level {level})" if level is not None
                                              else "")
        if self.target:
            text += f" on {self.target}"
        if d.get("note"):  # the GM's words on the casting (issue 26)
            text += f" ({d.get('note')})"
        return text + ": " + _spell_outcome(self.who, d)


def _spell_outcome(who: str, d: dict[str, Any]) -> str:
    """A spell's outcome in words, with the Perseverance check it asks for said once: the
    hardest DC and why (000_8d1d7816ee944f3b.txt, "What if my turn is interrupted by an
    Interrupt Turn?"): ``not yet cast: Ally must pass a Perseverance check DC 25 or the
    spell fails (roll it at the table); why: damaged for 12 by an AOO while casting``."""
    outcome = str(d.get("outcome"))
    dcs = [dc for dc in d.get("perseverance_dcs") or []
           if isinstance(dc, list) and len(dc) == 2]
    several = len(dcs) > 1
    why = ", ".join(plain_reason(r) + (f" (DC {dc})" if several and dc is not None else "")
                    for r, dc in dcs)
    why = f"; why: {why}" if why else ""
    hardest = [dc for _r, dc in dcs if isinstance(dc, int)]
    check = "a Perseverance check" + (f" DC {max(hardest)}" if hardest else "")
    if outcome.startswith("pending"):
        return (f"not yet cast: {who} must pass {check} or the spell fails (roll it at "
                f"the table){why}")
    if not dcs:
        return outcome
    said = ("" if "Perseverance" in outcome else "Perseverance ") + (
        f"DC {max(hardest)}" if hardest else "check")
    return f"{outcome} ({said}{why})"


class Note(Event):
    """A note (the GM's, or the engine's explanation of a ruling)."""

    KIND = "note"
    FIELDS = ("text", "rule")
    OPTIONAL = {"rule": None}
    ABOUT = "text"

    def describe(self) -> str:
        return str(self.data.get("text", ""))
