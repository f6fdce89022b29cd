"""A creature's bonuses on d20 rolls: its Hit Rating, Saving Throws, attack rolls,
initiative and skill checks, and the conditions' change to the physical damage it deals.

000_8d1d7816ee944f3b.txt, "Hit Rating (HR)" and "The Math behind HR", "Saving Throws"
(FORT/REF/WILL Save = 1d20 + Save Rating + CON/DEX/WIS Mod), "Attack Rolls" (Melee:
1d20+HR+STRMod+SizeMod; Ranged: 1d20+HR+DEXMod-Range Penalty+SizeMod), "Rounds,
Initiative, & Turn Order" (Initiative Check = 1d20 + Initiative Rating + DEX Mod + WIS
Mod), "Conditions – Full Details" (the conditions' d20, attack, save and skill penalties;
"Encumbered") and "Weakened" (-10% physical damage per stage).
:class:`lfgcombat.creature.Creature` calls these from its methods and properties of the
same names; this module reads the creature's fields only and imports no creature at run
time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.bonuses import Bonus, stack
from ..rules.citations import cite as _cite
from .combat_stats import (_SAVE_ABILITY, CLASS_GOOD_SAVES, HRProgression, _class_rows,
                           hit_rating, save_rating)
from ..rules.conditions.conditions import Condition
from .stats import Stat, Term

if TYPE_CHECKING:
    from . import Creature

__all__ = ["hr_progression_of", "hit_rating_stat", "saving_throw", "attack_bonus",
           "initiative_bonus", "skill_modifier", "physical_damage_pct"]

_SAVE_HEADINGS = {"fort": "Fortitude Saving Throw = FORT Save",
                  "ref": "Reflex Saving Throw = REF Save",
                  "will": "Will Saving Throw = WILL Save"}


def bonuses_to(creature: Creature, *targets: str) -> list[Bonus]:
    """The creature's own typed bonuses (``bonuses:``) to any of ``targets``, in order."""
    return [b.bonus for b in creature.bonuses if b.target in targets]


def hr_progression_of(creature: Creature) -> HRProgression:
    """The HR progression: given, else the class's, else Medium for monsters.

    Monsters: inferred from the text's elephant, "Level 11 Huge ... 7HR"
    ("Crushing Advance"): floor(0.64 x 11) = 7.

    Args:
        creature: The creature.

    Returns:
        The :class:`~lfgcombat.creature.combat_stats.HRProgression`.
    """
    if creature.hr_progression is not None:
        return creature.hr_progression
    if creature.character_class is not None:
        return HRProgression(_class_rows()[creature.character_class]["hr_progression"])
    return HRProgression.MEDIUM


def hit_rating_stat(creature: Creature) -> Stat:
    """Hit Rating (000_8d1d7816ee944f3b.txt, "Hit Rating (HR)", "The Math behind HR").

    Args:
        creature: The creature.

    Returns:
        The :class:`Stat`, its term naming the progression, whose it is and the formula.
    """
    p = hr_progression_of(creature)
    level = creature.level
    value = hit_rating(level, p)
    formula = {HRProgression.HIGH: f"floor(0.74 x {level}) + 1",
               HRProgression.MEDIUM: f"floor(0.64 x {level})",
               HRProgression.LOW: f"floor(0.49 x {level})"}[p]
    whose = (f"{creature.character_class}" if creature.hr_progression is None
             and creature.character_class else
             "given" if creature.hr_progression is not None else "monster default, inferred")
    return Stat("hr", value, (Term(f"{p.value.title()} HR ({whose}): {formula}", value),),
                rule=_cite("Hit Rating (HR)", "The Math behind HR"))


def _ability_term(creature: Creature, ability: str) -> Term:
    name = ability.upper()
    return Term(f"{name} mod ({name} {creature.abilities[ability]})",
                creature.ability_mod(ability))


def saving_throw(creature: Creature, which: str) -> Stat:
    """One Saving Throw bonus: Save Rating + CON/DEX/WIS mod + bonuses + conditions.

    000_8d1d7816ee944f3b.txt, "Saving Throws": "FORT Save = 1d20 + FORT Save Rating +
    CONMod", REF with DEXMod, WILL with WISMod; "A helpless character automatically
    fails REF Saves"; "You do not suffer any penalty to REF Saves for being surprised
    or Flat-Footed". The Save Ratings come from the reconstructed "Hit Rating & Save
    Rating by Level" table (``data/save_ratings.csv``) unless given.

    Args:
        creature: The creature.
        which: ``fort``, ``ref`` or ``will``.

    Returns:
        The :class:`Stat`; ``auto_fail`` when a condition makes it fail.

    Raises:
        ValueError: unknown save.
    """
    if which not in _SAVE_ABILITY:
        raise ValueError(f"unknown save {which!r}; one of fort, ref, will")
    conds = creature.active_conditions
    ability = _SAVE_ABILITY[which]
    terms = (_save_rating_term(creature, which), _ability_term(creature, ability))
    bonuses = bonuses_to(creature, which, "saves", "d20") + conds.modifiers("d20")
    if which == "ref":
        bonuses += conds.modifiers("ref_save")
    stacked = stack(bonuses)
    value = sum(t.value for t in terms) + stacked.total
    auto_fail = which == "ref" and bool(conds.flagged("auto_fail_ref"))
    notes = tuple(f"fails automatically: {c}" for c in conds.flagged("auto_fail_ref")
                  ) if auto_fail else ()
    return Stat(which, value, terms, stacked, notes,
                _cite("Saving Throws", _SAVE_HEADINGS[which]) + f": {which.upper()} Save = "
                f"1d20 + {which.upper()} Save Rating + {ability.upper()}Mod",
                fortune=conds.fortune(), auto_fail=auto_fail)


def _save_rating_term(creature: Creature, which: str) -> Term:
    """The Save Rating: given (``save_ratings:``), else the class's high or low one."""
    if creature.save_ratings is not None:
        return Term(f"{which.upper()} Save Rating (given)",
                    getattr(creature.save_ratings, which))
    good = which in CLASS_GOOD_SAVES[creature.character_class]
    who = creature.character_class or "monster"
    return Term(f"{which.upper()} Save Rating ({'high' if good else 'low'} for {who}, level "
                f"{creature.level}; table inferred)", save_rating(creature.level, good))


def attack_bonus(creature: Creature, kind: str = "melee") -> Stat:
    """Attack roll bonus before the weapon: HR + STR (melee) or DEX (ranged) + SizeMod.

    000_8d1d7816ee944f3b.txt, "Attack Rolls": "Melee Attack Roll: 1d20+HR+STRMod+SizeMod",
    "Ranged Attack Roll: 1d20+HR+DEXMod-Range Penalty+SizeMod"; plus typed bonuses and
    the conditions' attack and d20 penalties. 000_8d1d7816ee944f3b.txt, "Melee Attacks":
    melee takes the STRMod (or DEXMod with a light or finesse weapon);
    000_8d1d7816ee944f3b.txt, "Ranged Attack Roll": ranged takes the DEXMod.

    Args:
        creature: The creature.
        kind: ``melee`` or ``ranged``.

    Returns:
        The :class:`Stat` (named ``melee_attack`` or ``ranged_attack``).

    Raises:
        ValueError: ``kind`` is neither.
    """
    if kind not in ("melee", "ranged"):
        raise ValueError(f"kind must be 'melee' or 'ranged', not {kind!r}")
    conds = creature.active_conditions
    terms = (Term("HR", int(creature.hr)),
             _ability_term(creature, "str" if kind == "melee" else "dex"),
             Term(f"size ({creature.size.value})", int(creature.size_row["attack_ac_mod"])))
    bonuses = (bonuses_to(creature, "attack", f"{kind}_attack", "d20")
               + conds.modifiers("attack") + conds.modifiers("d20"))
    stacked = stack(bonuses)
    notes = []
    if conds.miss_chance:
        notes.append(f"its attacks have a {conds.miss_chance}% miss chance (targets "
                     "have concealment to it)")
    if kind == "ranged" and Condition.PRONE in conds:
        notes.append("prone: crossbows and firearms take no attack penalty")
    formula = ("1d20+HR+STRMod+SizeMod" if kind == "melee"
               else "1d20+HR+DEXMod-Range Penalty+SizeMod")
    return Stat(f"{kind}_attack", sum(t.value for t in terms) + stacked.total, terms,
                stacked, tuple(notes), _cite("Attack Rolls") + f": {formula}",
                fortune=conds.fortune())


def initiative_bonus(creature: Creature) -> Stat:
    """Initiative bonus: Initiative Rating + DEXMod + WISMod.

    000_8d1d7816ee944f3b.txt, "Rounds, Initiative, & Turn Order": "Initiative Check =
    1d20 + Initiative Rating + DEX Mod + WIS Mod".

    Args:
        creature: The creature.

    Returns:
        The :class:`Stat`.
    """
    conds = creature.active_conditions
    terms = (Term("Initiative Rating", creature.initiative_rating),
             Term(f"DEX mod (DEX {creature.abilities['dex']})", creature.ability_mod("dex")),
             Term(f"WIS mod (WIS {creature.abilities['wis']})", creature.ability_mod("wis")))
    stacked = stack(bonuses_to(creature, "initiative", "d20") + conds.modifiers("d20"))
    return Stat("initiative_bonus", sum(t.value for t in terms) + stacked.total, terms,
                stacked, rule=_cite("Rounds, Initiative, & Turn Order")
                + ": Initiative Check = 1d20 + Initiative Rating + DEX Mod + WIS Mod",
                fortune=conds.fortune())


def skill_modifier(creature: Creature, kind: str = "skill") -> Stat:
    """What conditions and ``d20`` bonuses add to skill checks (not the skill's own bonus).

    Args:
        creature: The creature.
        kind: ``skill`` (every skill: the d20 penalties), ``physical_skill`` (also
            the "Physical Skill checks"/"Physical Actions" penalties of Cramped and
            Hindered) or ``mobility_skill`` (also the Mobility Penalty of encumbrance).

    Returns:
        The :class:`Stat`.

    Raises:
        ValueError: unknown ``kind``.
    """
    if kind not in ("skill", "physical_skill", "mobility_skill"):
        raise ValueError(f"kind must be skill, physical_skill or mobility_skill, "
                         f"not {kind!r}")
    conds = creature.active_conditions
    bonuses = bonuses_to(creature, "d20") + conds.modifiers("d20")
    if kind in ("physical_skill", "mobility_skill"):
        bonuses += conds.modifiers("physical")
    if kind == "mobility_skill":
        bonuses += conds.modifiers("mobility")
    stacked = stack(bonuses)
    return Stat(kind, stacked.total, (), stacked,
                rule=_cite("Conditions – Full Details", "Encumbered"),
                fortune=conds.fortune())


def physical_damage_pct(creature: Creature) -> Stat:
    """% change to the physical damage it deals (Weakened: -10% per stage).

    Args:
        creature: The creature.

    Returns:
        The :class:`Stat`, one term per condition that changes it.
    """
    terms = tuple(Term(f"{e.label}", e.spec.physical_damage_pct)
                  for e in creature.active_conditions if e.spec.physical_damage_pct)
    return Stat("physical_damage_pct", sum(t.value for t in terms), terms,
                rule=_cite("Weakened"))
