"""Challenge Rating in the classic ruleset.

002_2a3a79475ca2a541.txt, "Challenge Rating (CR)": "A monster's CR is the average level of
a party of adventurers for which one creature would make an encounter of moderate
difficulty."

So a CR is a party level, and the text reads one creature against one party:
:func:`moderate_cr` is the CR of the single creature that makes a moderate encounter for a
party, :func:`encounter_reading` compares a creature's CR with it.

Decisions where the text is open (inferred, d20 family):

* A CR is a positive whole number or one of the fractions 1/8, 1/6, 1/4, 1/3, 1/2 (weaker
  creatures than a 1st-level party's moderate foe).
* The text defines no scale beyond "moderate": the reading is "easier" below the party's
  average level, "moderate" at it, "harder" above it, with the gap in levels; several
  creatures are read one at a time (the text gives no rule to add CRs up).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pandas as pd

from ._base import ClassicError

__all__ = ["FRACTIONAL_CRS", "parse_challenge_rating", "moderate_cr", "EncounterReading",
           "encounter_reading", "read_encounter"]

FRACTIONAL_CRS = (Fraction(1, 8), Fraction(1, 6), Fraction(1, 4), Fraction(1, 3),
                  Fraction(1, 2))


def parse_challenge_rating(value: object) -> Fraction:
    """A creature's ``challenge_rating`` field as a Fraction.

    Args:
        value: ``3``, ``"3"``, ``"1/2"`` or ``Fraction(1, 2)``.

    Raises:
        ClassicError: naming ``challenge_rating`` when the value is not a positive whole
            number or one of 1/8, 1/6, 1/4, 1/3, 1/2.
    """
    try:
        cr = Fraction(str(value)) if not isinstance(value, bool) else None
    except (ValueError, ZeroDivisionError):
        cr = None
    if cr is None or not (cr in FRACTIONAL_CRS or (cr.denominator == 1 and cr >= 1)):
        raise ClassicError("challenge_rating", f"{value!r:.40} is not a CR; give a whole "
                           "number >= 1 or one of 1/8, 1/6, 1/4, 1/3, 1/2")
    return cr


def moderate_cr(party_levels: Sequence[int]) -> Fraction:
    """The CR of one creature that is a moderate encounter: the party's average level.

    Example:
        >>> moderate_cr([3, 4, 4, 5])
        Fraction(4, 1)

    Raises:
        ClassicError: naming ``party_levels`` when it is empty or holds a level that is not
            a whole number >= 1.
    """
    levels = list(party_levels) if not isinstance(party_levels, (str, bytes)) else []
    if not levels or any(isinstance(x, bool) or not isinstance(x, int) or x < 1
                         for x in levels):
        raise ClassicError("party_levels", f"{party_levels!r:.60}: give the levels of the "
                           "party's adventurers, whole numbers >= 1")
    return Fraction(sum(levels), len(levels))


@dataclass(frozen=True)
class EncounterReading:
    """How one creature reads against a party.

    Attributes:
        cr: The creature's CR.
        moderate: The CR of a moderate encounter for the party (its average level).
        gap: ``cr - moderate``.
        reading: ``"easier"``, ``"moderate"`` or ``"harder"``.
    """

    cr: Fraction
    moderate: Fraction
    gap: Fraction
    reading: str


def encounter_reading(party_levels: Sequence[int], challenge_rating: object) -> EncounterReading:
    """Read one creature's CR against a party.

    Raises:
        ClassicError: as :func:`moderate_cr` and :func:`parse_challenge_rating`.
    """
    moderate = moderate_cr(party_levels)
    cr = parse_challenge_rating(challenge_rating)
    gap = cr - moderate
    reading = "moderate" if gap == 0 else ("harder" if gap > 0 else "easier")
    return EncounterReading(cr, moderate, gap, reading)


def read_encounter(party: Iterable[Any], foes: Iterable[Any]) -> pd.DataFrame:
    """Each foe's CR read against a party of creatures (their levels), one row a foe.

    Args:
        party: The adventurers (:class:`lfgcombat.Creature` values; their ``level``).
        foes: The monsters, each carrying its ``challenge_rating`` creature key.

    Returns:
        Columns ``foe``, ``challenge_rating``, ``moderate`` (the party's average level),
        ``gap`` and ``reading`` (``easier`` / ``moderate`` / ``harder``).

    Raises:
        ClassicError: naming ``challenge_rating`` for a foe without one, or
            ``party_levels`` for an empty party.
    """
    levels = [int(c.level) for c in party]
    rows = []
    for foe in foes:
        cr = getattr(foe, "challenge_rating", None)
        if cr is None:
            raise ClassicError("challenge_rating", f"{foe.name} has no Challenge Rating; give "
                               "it the creature key 'challenge_rating: N' (1/2, 3...)")
        r = encounter_reading(levels, cr)
        rows.append({"foe": foe.name, "challenge_rating": str(r.cr),
                     "moderate": str(r.moderate), "gap": str(r.gap), "reading": r.reading})
    return pd.DataFrame(rows, columns=["foe", "challenge_rating", "moderate", "gap",
                                       "reading"])
