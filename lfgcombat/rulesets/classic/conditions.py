"""The classic conditions, as data, and the rules some of them carry.

002_2a3a79475ca2a541.txt, "Conditions": the list of 28 (Bleed to Stunned, then
"Unconscious – Knocked out and helpless."), each row of ``data/classic/conditions.csv``
with its numbers and its effect in words (each of the list's entries:
002_2a3a79475ca2a541.txt, "• Bleed";
002_2a3a79475ca2a541.txt, "• Blinded";
002_2a3a79475ca2a541.txt, "• Confused";
002_2a3a79475ca2a541.txt, "• Cower";
002_2a3a79475ca2a541.txt, "• Dazed";
002_2a3a79475ca2a541.txt, "• Dead";
002_2a3a79475ca2a541.txt, "• Deafened";
002_2a3a79475ca2a541.txt, "• Disabled";
002_2a3a79475ca2a541.txt, "• Distracted";
002_2a3a79475ca2a541.txt, "• Energy-Drained";
002_2a3a79475ca2a541.txt, "• Entangled";
002_2a3a79475ca2a541.txt, "• Exhausted";
002_2a3a79475ca2a541.txt, "• Fatigued";
002_2a3a79475ca2a541.txt, "• Flanked";
002_2a3a79475ca2a541.txt, "• Flat-footed";
002_2a3a79475ca2a541.txt, "• Frightened";
002_2a3a79475ca2a541.txt, "• Helpless";
002_2a3a79475ca2a541.txt, "• Immobilized";
002_2a3a79475ca2a541.txt, "• Incorporeal";
002_2a3a79475ca2a541.txt, "• Nauseated";
002_2a3a79475ca2a541.txt, "• Panicked";
002_2a3a79475ca2a541.txt, "• Paralyzed";
002_2a3a79475ca2a541.txt, "• Prone";
002_2a3a79475ca2a541.txt, "• Scared";
002_2a3a79475ca2a541.txt, "• Shaken";
002_2a3a79475ca2a541.txt, "• Sickened";
002_2a3a79475ca2a541.txt, "• Stunned"). Rules beyond a modifier:

* Confused: "actions are determined by rolling d% at the beginning of his turn"
  (``data/classic/confused.csv``): :func:`confused_action`.
* Energy-Drained: "-1 penalty on attack rolls, saving throws, skill checks, ability
  checks; loss of 5 hit points; and -1 to effective level" per negative level; "If the
  subject has at least as many negative levels as Hit Dice, they die": :class:`NegativeLevels`.
* Bleed: damage "at the beginning of its turn", "stopped by a DC 10 Survival check or
  through the application of any spell that cures hit point damage": :func:`stop_bleeding`.
* Entangled: "a Concentration check (DC 15 + the spell's level) or lose the spell".
* Helpless: the killing blow ("automatically hits and scores a critical hit [...] If the
  damage inflicted is not enough to kill the defender, they must still make a Fortitude
  save (DC 10 + damage dealt) or die"): :func:`killing_blow`.
* Exhausted and Fatigued: more fatigue and complete rest (:func:`more_fatigue`,
  :func:`after_rest`).

Decisions where the text is open (inferred): modifiers of several conditions add up (the
text gives no stacking rule for conditions), except the melee bonus against a target, taken
once (the largest): Helpless's "+4 bonus (equivalent to attacking a prone target)" is the
Prone target's bonus, not a second one; a condition's ``implies`` adds the implied
condition once (Paralyzed and Unconscious imply Helpless, Prone implies Flat-footed).
Prone: melee attacks against it +4 (Helpless's "equivalent to attacking a prone target"),
ranged attacks -4 (the d20 family's; the Prone entry gives no number).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any

import pandas as pd

from lfgcombat.dice import DiceExpr, Roll, Roller
from lfgcombat.io.tables import Column, Schema, load_table, register_schema

from . import attacks as _attacks
from ._base import ClassicError, check_int
from .health import DEATH_AT, ClassicVitals

__all__ = ["ConditionEffect", "condition_table", "condition_names", "effect_of",
           "combined_effect", "confused_action", "NegativeLevels", "stop_bleeding",
           "entangled_concentration_dc", "killing_blow", "KillingBlow", "BLEED_SURVIVAL_DC",
           "REST_HOURS", "more_fatigue", "after_rest", "when_cornered", "sheet_conditions",
           "in_table_order"]

_INT = Column("int", min=-20, max=20)
_PCT = Column("int", min=0, max=100)
_BOOL = Column("bool")
register_schema("classic/conditions", Schema(key="condition", columns={
    "condition": Column("str", unique=True), "ac": _INT, "loses_dex_to_ac": _BOOL,
    "attack": _INT, "weapon_damage": _INT, "saves": _INT, "skills": _INT,
    "ability_checks": _INT, "initiative": _INT, "strength": _INT, "dexterity": _INT,
    "str_mod_set": Column("int", min=-5, max=0, nullable=True),
    "dex_mod_set": Column("int", min=-5, max=0, nullable=True),
    "speed": Column("choice", choices=("full", "half", "none")),
    "actions": Column("choice", choices=("normal", "none", "lose_one", "move_only", "flee",
                                         "mental_only", "confused")),
    "no_run_charge": _BOOL, "miss_chance": _PCT, "spell_failure": _PCT,
    "awareness_failure": _PCT, "melee_bonus_against": _INT, "ranged_bonus_against": _INT,
    "per_level_hp": Column("int", min=-20, max=0),
    "implies": Column("str", nullable=True), "effect": Column("str"),
    "source": Column("source"),
}))
register_schema("classic/confused", Schema(key="low", columns={
    "low": Column("int", min=1, max=100), "high": Column("int", min=1, max=100),
    "action": Column("str", unique=True), "description": Column("str"),
    "source": Column("source"),
}))


def condition_table() -> pd.DataFrame:
    """``data/classic/conditions.csv``: one row per condition of the text."""
    return load_table("classic/conditions")


def condition_names() -> list[str]:
    """The 28 condition names, in the text's order (from the cached rows: the attacks ask
    for them at every step)."""
    return [name for name, _ in _rows()]


@functools.lru_cache(maxsize=1024)
def in_table_order(names: frozenset[str]) -> tuple[str, ...]:
    """The conditions among ``names`` in the table's order (names it has not left out),
    kept per set of names (a fighter's conditions are put in order at every step)."""
    return tuple(n for n in condition_names() if n in names)


@dataclass(frozen=True)
class ConditionEffect:
    """The numbers of one condition, or of several added up (see the module docstring)."""

    ac: int = 0
    loses_dex_to_ac: bool = False
    attack: int = 0
    weapon_damage: int = 0
    saves: int = 0
    skills: int = 0
    ability_checks: int = 0
    initiative: int = 0
    strength: int = 0
    dexterity: int = 0
    str_mod_set: int | None = None
    dex_mod_set: int | None = None
    speed: str = "full"
    actions: frozenset[str] = frozenset()
    no_run_charge: bool = False
    miss_chance: int = 0
    spell_failure: int = 0
    awareness_failure: int = 0
    melee_bonus_against: int = 0
    ranged_bonus_against: int = 0
    per_level_hp: int = 0


_SUMMED = ("ac", "attack", "weapon_damage", "saves", "skills", "ability_checks",
           "initiative", "strength", "dexterity", "ranged_bonus_against", "per_level_hp")
_SPEEDS = ("full", "half", "none")


@functools.lru_cache(maxsize=1)
def _rows() -> tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]:
    """The table as immutable rows (cached; the table is read once)."""
    return tuple((str(rec["condition"]), tuple((str(k), v) for k, v in rec.items()))
                 for rec in condition_table().to_dict("records"))


def _row(name: str) -> dict[str, Any]:
    rows = dict(_rows())
    if not isinstance(name, str) or name not in rows:
        raise ClassicError("condition", f"{name!r:.40} is not a classic condition; "
                           f"one of {', '.join(rows)}")
    return dict(rows[name])


def effect_of(name: str) -> ConditionEffect:
    """The :class:`ConditionEffect` of one condition (its row, without what it implies).

    Raises:
        ClassicError: ``name`` is not a classic condition.
    """
    row = _row(name)
    values = {f.name: row[f.name] for f in fields(ConditionEffect) if f.name != "actions"}
    for key in ("str_mod_set", "dex_mod_set"):
        values[key] = None if pd.isna(values[key]) else int(values[key])
    acts = frozenset() if row["actions"] == "normal" else frozenset({row["actions"]})
    return ConditionEffect(**values, actions=acts)


def with_implied(names: Iterable[str]) -> list[str]:
    """``names`` and every condition they imply (the table's ``implies``: Paralyzed and
    Unconscious imply Helpless, Prone implies Flat-footed), each once.

    Raises:
        ClassicError: a name is not a classic condition.
    """
    return _expand(names)


def _expand(names: Iterable[str]) -> list[str]:
    out: list[str] = []
    todo = list(names)
    while todo:
        name = todo.pop(0)
        if name in out:
            continue
        out.append(name)
        implied = _row(name)["implies"]
        if isinstance(implied, str):
            todo.extend(implied.split(";"))
    return out


def combined_effect(names: Iterable[str]) -> ConditionEffect:
    """All conditions' numbers added up, implied conditions included (once each).

    The sum depends only on which conditions there are, so it is kept per set of names
    (a fighter's conditions are asked for thousands of times a fight; issue 24, "Fast");
    the :class:`ConditionEffect` handed out is frozen.

    Raises:
        ClassicError: a name is not a classic condition.
    """
    names = tuple(names)
    if all(type(n) is str for n in names):
        try:
            return _combined(frozenset(names))
        except ClassicError:
            pass  # refused below, naming the first wrong name as given
    return _combine(names)


@functools.lru_cache(maxsize=4096)
def _combined(names: frozenset[str]) -> ConditionEffect:
    return _combine(sorted(names))


def _combine(names: Iterable[str]) -> ConditionEffect:
    parts = [effect_of(n) for n in _expand(names)]
    sums: dict[str, Any] = {k: sum(getattr(p, k) for p in parts) for k in _SUMMED}
    speed = max((p.speed for p in parts), key=_SPEEDS.index, default="full")
    sets: dict[str, Any] = {k: min((getattr(p, k) for p in parts if getattr(p, k) is not None),
                   default=None) for k in ("str_mod_set", "dex_mod_set")}
    return ConditionEffect(
        **sums, **sets, speed=speed,
        loses_dex_to_ac=any(p.loses_dex_to_ac for p in parts),
        actions=frozenset().union(*(p.actions for p in parts)),
        no_run_charge=any(p.no_run_charge for p in parts),
        melee_bonus_against=max((p.melee_bonus_against for p in parts), default=0),
        miss_chance=max((p.miss_chance for p in parts), default=0),
        spell_failure=max((p.spell_failure for p in parts), default=0),
        awareness_failure=max((p.awareness_failure for p in parts), default=0))


def confused_action(roller: Roller, was_attacked: bool = False,
                    can_carry_out: bool = True) -> tuple[str, Roll | None]:
    """A Confused character's turn: d% on ``data/classic/confused.csv``.

    Args:
        roller: The dice.
        was_attacked: "Any Confused character who is attacked automatically attacks its
            attackers on its next turn": ``("attack_attackers", None)``, nothing rolled.
        can_carry_out: ``False`` when the character cannot carry out the rolled action: "A
            Confused character who can't carry out the indicated action does nothing but
            babble incoherently" (the roll is still made and returned).

    Returns:
        ``(action, roll)``, the action one of ``attack_caster``, ``act_normally``,
        ``babble``, ``flee_caster``, ``attack_nearest`` or ``attack_attackers``.
    """
    if was_attacked:
        return "attack_attackers", None
    roll = roller.roll("1d100", label="Confused (d%)")
    if not can_carry_out:
        return "babble", roll
    action = next(a for low, high, a in _confused_bands() if low <= roll.total <= high)
    return action, roll


@functools.lru_cache(maxsize=1)
def _confused_bands() -> tuple[tuple[int, int, str], ...]:
    table = load_table("classic/confused")
    return tuple((int(lo), int(hi), str(a))
                 for lo, hi, a in zip(table["low"], table["high"], table["action"]))


@dataclass(frozen=True)
class NegativeLevels:
    """Energy-Drained: a creature's negative levels.

    Attributes:
        levels: Negative levels (>= 0).
        hit_dice: The creature's Hit Dice (>= 1).

    Example:
        >>> NegativeLevels(2, hit_dice=5).penalty, NegativeLevels(2, 5).hp_loss
        (-2, 10)
    """

    levels: int
    hit_dice: int

    def __post_init__(self) -> None:
        check_int("levels", self.levels, 0)
        check_int("hit_dice", self.hit_dice, 1)

    @property
    def penalty(self) -> int:
        """On attack rolls, saving throws, skill checks and ability checks: -1 a level."""
        return -self.levels

    @property
    def hp_loss(self) -> int:
        """Hit points lost: 5 a level."""
        return 5 * self.levels

    @property
    def effective_level_penalty(self) -> int:
        """-1 effective level a level (spell power, duration, DC)."""
        return -self.levels

    @property
    def dead(self) -> bool:
        """"at least as many negative levels as Hit Dice"."""
        return self.levels >= self.hit_dice


#: "Bleeding can be stopped by a DC 10 Survival check".
BLEED_SURVIVAL_DC = 10


def stop_bleeding(roller: Roller, survival_mod: int) -> tuple[bool, Roll]:
    """A DC 10 Survival check to stop a Bleed (healing of any amount also stops it).

    Raises:
        ClassicError: ``survival_mod`` is not a whole number.
    """
    mod = check_int("survival_mod", survival_mod)
    roll = roller.roll(f"1d20{mod:+d}", label=f"Survival to stop Bleed DC {BLEED_SURVIVAL_DC}")
    return roll.total >= BLEED_SURVIVAL_DC, roll


def entangled_concentration_dc(spell_level: int) -> int:
    """An Entangled caster's Concentration DC: 15 + the spell's level.

    Raises:
        ClassicError: ``spell_level`` is not a whole number from 0 to 9.
    """
    return 15 + check_int("spell_level", spell_level, 0, 9)


@dataclass(frozen=True)
class KillingBlow:
    """A killing blow on a Helpless foe: automatic critical, then FORT DC 10 + damage.

    Attributes:
        damage: The critical damage dealt.
        vitals: The defender afterwards.
        save: The Fortitude save, or ``None`` when the damage killed outright.
        dc: 10 + damage dealt.
    """

    damage: int
    vitals: ClassicVitals
    save: Roll | None
    dc: int


def killing_blow(roller: Roller, damage: str | DiceExpr, target: ClassicVitals,
                 fort_mod: int, sneak_attack: str | DiceExpr | None = None,
                 names: tuple[str, str] | None = None) -> KillingBlow:
    """Deliver a killing blow (a full-round action, melee or an adjacent bow or crossbow).

    Args:
        roller: The dice.
        damage: The weapon's damage expression; rolled twice (a critical hit).
        target: The Helpless defender's vitals.
        fort_mod: The defender's Fortitude modifier.
        sneak_attack: A rogue's sneak attack dice ("A rogue also gets their sneak attack
            damage bonus"), rolled once and not doubled (inferred: the critical doubles the
            damage dice "with all applicable bonuses", the d20 family never doubles sneak
            attack).
        names: ``(attacker, defender)``: the dice labels then say who rolls
            (``"Wulfric's killing blow damage to Orc"``, ``"Orc FORT vs killing blow DC
            22"``).

    Raises:
        ClassicError: ``damage`` or ``sneak_attack`` is not a dice expression, or
            ``fort_mod`` not a whole number.
    """
    mod = check_int("fort_mod", fort_mod)
    expr = _attacks._damage_expr(damage)
    extra = _attacks._damage_expr(sneak_attack) if sneak_attack is not None else None
    by, on = (f"{names[0]}'s ", f" to {names[1]}") if names else ("", "")
    dealt = sum(roller.roll(expr, label=f"{by}killing blow damage{on}").total for _ in (1, 2))
    if extra is not None:
        dealt += roller.roll(extra, label=f"{by}sneak attack{on}").total
    dealt = max(0, dealt)
    after = target.damage(dealt)
    dc = 10 + dealt
    if after.dead:
        return KillingBlow(dealt, after, None, dc)
    save = roller.roll(f"1d20{mod:+d}", label=(f"{names[1]} " if names else "")
                       + f"FORT vs killing blow DC {dc}")
    if save.total < dc:
        after = after.damage(after.current - DEATH_AT)  # "or die": down to -10
    return KillingBlow(dealt, after, save, dc)



#: Hours of complete rest that end a fatigue condition: "After 1 hour of complete rest, an
#: exhausted character becomes Fatigued"; "After 8 hours of complete rest, characters are no
#: longer Fatigued".
REST_HOURS = {"Exhausted": 1, "Fatigued": 8}


def more_fatigue(current: str | None) -> str:
    """The fatigue condition after something that "would normally cause fatigue": none ->
    Fatigued; Fatigued -> Exhausted ("causes the Fatigued character to become Exhausted");
    Exhausted stays Exhausted.

    Raises:
        ClassicError: ``current`` is not None, Fatigued or Exhausted.
    """
    if current not in (None, "Fatigued", "Exhausted"):
        raise ClassicError("current", f"{current!r:.30} is not None, Fatigued or Exhausted")
    return "Fatigued" if current is None else "Exhausted"


def after_rest(current: str | None, hours: int) -> str | None:
    """The fatigue condition after ``hours`` of complete rest (Exhausted: Fatigued after 1
    hour, then the 8 hours of Fatigued count from there, inferred).

    Raises:
        ClassicError: naming ``current`` or ``hours`` (a whole number >= 0).
    """
    left = check_int("hours", hours, 0)
    if current not in (None, "Fatigued", "Exhausted"):
        raise ClassicError("current", f"{current!r:.30} is not None, Fatigued or Exhausted")
    if current == "Exhausted":
        if left < REST_HOURS["Exhausted"]:
            return "Exhausted"
        current, left = "Fatigued", left - REST_HOURS["Exhausted"]
    if current == "Fatigued" and left >= REST_HOURS["Fatigued"]:
        return None
    return current


def when_cornered(names: Iterable[str]) -> tuple[str, ...]:
    """The conditions of a creature that is cornered: a Panicked one is Cowering too
    ("Conditions", Panicked: "If cornered, a Panicked creature is also considered to be
    Cowering"); others are unchanged.

    Raises:
        ClassicError: a name is not a classic condition.
    """
    names = tuple(names)
    combined_effect(names)  # every name checked
    return names + ("Cower",) if "Panicked" in names and "Cower" not in names else names


def sheet_conditions(creature: Any) -> tuple[str, ...]:
    """The classic conditions a creature file lists: a file written for ``classic`` (and
    not for lfg or wounds, which read lfg's list) takes classic conditions
    (``conditions: [Shaken, Bleed 2]``; kept as its ``classic_conditions``,
    :data:`lfgcombat.rulesets.classic.ruleset.CLASSIC_CONDITIONS`); ``()`` for any other
    creature."""
    found = getattr(creature, "sections", None)
    return tuple(found.get("classic_conditions", ())) if found is not None else ()
