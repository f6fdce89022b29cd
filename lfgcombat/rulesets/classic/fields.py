"""The ``classic`` ruleset's creature file keys, as sections.

A creature file carries the fields classic needs beyond the shared sheet
(:mod:`lfgcombat.creature.sections`; the ``ruleset`` key saying which rulesets a creature is
written for is the generic :mod:`lfgcombat.rulesets.fields`):

* ``bab`` - 002_2a3a79475ca2a541.txt, "How to attack another creature": "D20 + BAB (Base
  Attack Bonus) + Ability Modifier";
* ``challenge_rating`` - 002_2a3a79475ca2a541.txt, "Challenge Rating (CR)";

The ``conditions`` of a creature written for classic alone are classic conditions, read by
the ruleset (:data:`lfgcombat.rulesets.classic.ruleset.CLASSIC_CONDITIONS`). Importing this module
registers the keys (``lfgcombat/__init__.py`` imports it before the rulesets, in the order
creature files list their keys; :mod:`lfgcombat.rulesets.classic.ruleset` imports it too).

    >>> from lfgcombat.creature import Creature
    >>> orc = Creature.from_dict({"name": "Orc", "level": 3, "max_hp": 38,
    ...                           "ruleset": ["lfg", "classic"], "bab": 3,
    ...                           "challenge_rating": "1/2"})
    >>> orc.bab, str(orc.challenge_rating), orc.ruleset, orc.to_dict()["challenge_rating"]
    (3, '1/2', ('lfg', 'classic'), '1/2')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from lfgcombat.creature.sections import Section, register_section

from ._base import check_int, rule
from .challenge import parse_challenge_rating

__all__ = ["BAB", "CHALLENGE_RATING"]


def _parse_cr(raw: Any) -> Fraction:
    return parse_challenge_rating(raw)


def _dump_cr(value: Fraction | None) -> Any:
    if value is None:
        return None
    return int(value) if value.denominator == 1 else str(value)


BAB: Section[int | None] = register_section(Section(
    "bab", lambda raw: check_int("bab", raw, 0, 40), default=None,
    show=lambda v: f"{v:+d}", label="BAB", rule=rule("How to attack another creature")))
CHALLENGE_RATING: Section[Fraction | None] = register_section(Section(
    "challenge_rating", _parse_cr, default=None, dump=_dump_cr, show=str, label="CR",
    rule=rule("Challenge Rating (CR)")))
