"""Saving throws in the ``wounds`` ruleset.

003_de0e94afd49609a7.txt, "Some effects don't directly target your armor or shield": the
saves are "Fortitude (CON)", "Reflex (WIS)" and "Will (CHA)". "You possess two inherent
adjustments to your Saving Throws": "Your base saves are determined by your Hit Dice [...]
At character creation, you choose two Saving Throws as your good saves, and one as your bad
save. [...] you add your relevant Ability Score Modifier to each Saving Throw [...] roll 1d20
and add your total bonus (Base Save + Ability Score Modifier)."

The Hit Dice page with the scaling is lost: ``data/wounds/base_saves.csv`` rebuilds it for
Hit Dice 1 to 20 from the d20 good (2 + HD/2) and bad (HD/3) progressions (inferred).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping

from lfgcombat.dice import Roll, Roller
from lfgcombat.io.tables import Column, Schema, load_table, register_schema

from ._base import WoundsError, check_int

__all__ = ["SAVE_ABILITY", "base_save", "save_bonus", "roll_save", "check_good_saves"]

#: Each save and the ability it adds: FORT (CON), REF (WIS), WILL (CHA).
SAVE_ABILITY = {"fort": "con", "ref": "wis", "will": "cha"}

register_schema("wounds/base_saves", Schema(key="hit_dice", sequence_start=1, columns={
    "hit_dice": Column("int", min=1, max=20), "good": Column("int", min=0, max=20),
    "bad": Column("int", min=0, max=20), "source": Column("source")}))


@functools.lru_cache(maxsize=1)
def _table() -> dict[int, tuple[int, int]]:
    t = load_table("wounds/base_saves")
    return {int(h): (int(g), int(b)) for h, g, b in zip(t["hit_dice"], t["good"], t["bad"])}


def check_good_saves(good_saves: Iterable[str]) -> frozenset[str]:
    """The two good saves, checked.

    Raises:
        WoundsError: naming ``good_saves`` unless it is exactly two of fort, ref, will.
    """
    try:
        chosen = frozenset(good_saves) if not isinstance(good_saves, str) else frozenset()
    except TypeError:  # not a collection of names (a number, a mapping of lists...)
        chosen = frozenset()
    if len(chosen) != 2 or not chosen <= set(SAVE_ABILITY):
        raise WoundsError("good_saves", f"{good_saves!r:.60}: choose exactly two of fort, "
                          "ref, will (the third is the bad save)")
    return chosen


def base_save(hit_dice: int, good: bool) -> int:
    """The base save for ``hit_dice`` (1 to 20), good or bad.

    Raises:
        WoundsError: ``hit_dice`` is not a whole number from 1 to 20.
    """
    good_value, bad_value = _table()[check_int("hit_dice", hit_dice, 1, 20)]
    return good_value if good else bad_value


def save_bonus(save: str, hit_dice: int, good_saves: Iterable[str],
               abilities: Mapping[str, int]) -> int:
    """Base save + the save's ability modifier (FORT CON, REF WIS, WILL CHA).

    Args:
        save: ``"fort"``, ``"ref"`` or ``"will"``.
        hit_dice: The creature's Hit Dice.
        good_saves: Its two good saves.
        abilities: Ability *modifiers* by name (``{"con": 2, "wis": 0, "cha": -1}``).

    Raises:
        WoundsError: naming the bad field (a missing ability is named too).
    """
    if save not in SAVE_ABILITY:
        raise WoundsError("save", f"{save!r:.30} is not one of fort, ref, will")
    good = save in check_good_saves(good_saves)
    ability = SAVE_ABILITY[save]
    if ability not in abilities:
        raise WoundsError("abilities", f"the {save} save needs the {ability} modifier")
    return base_save(hit_dice, good) + check_int(ability, abilities[ability])


def roll_save(roller: Roller, bonus: int, dc: int) -> tuple[bool, Roll]:
    """1d20 + total bonus against ``dc``."""
    bonus, dc = check_int("bonus", bonus), check_int("dc", dc)
    roll = roller.roll(f"1d20{bonus:+d}", label=f"save vs DC {dc}")
    return roll.total >= dc, roll
