"""Defaults for the fields ``classic`` and ``wounds`` need, for creatures written for lfg.

The example creatures (and any creature written for lfg alone) lack the fields the other
rulesets' attacks need (:meth:`~lfgcombat.rulesets.AttackResolution.missing_fields`). So
that GM prep runs every ruleset from the PrepPanel's menus, :func:`filled_in` gives each
creature the fields it lacks, from its lfg sheet, and says which values it used (the
panel shows them with the results). A field the creature has is never changed. All three
are inferred (the texts give no conversion from an lfg sheet):

* ``bab`` (002_2a3a79475ca2a541.txt, "How to attack another creature": "D20 + BAB (Base
  Attack Bonus) + Ability Modifier"): the level times 1, 3/4 or 1/2 (rounded down) by the
  creature's Hit Rating progression, high, medium or low (000_8d1d7816ee944f3b.txt, "Hit
  Rating (HR)"): the d20 Base Attack Bonus progressions that lfg's HR progressions follow.
* ``prowess`` (003_de0e94afd49609a7.txt, "Prowess is added directly to your Defense"):
  half the level, rounded down (as notebook 32's party).
* ``good_saves`` (003_de0e94afd49609a7.txt, "You possess two inherent adjustments to your
  Saving Throws"): its two best lfg saves (ties in the order FORT, REF, WILL).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ..creature import Creature
from ..rulesets import Ruleset

__all__ = ["field_defaults", "filled_in", "DEFAULT_WORDS"]

#: The BAB per level by Hit Rating progression (inferred; the module docstring).
BAB_PER_LEVEL = {"high": Fraction(1), "medium": Fraction(3, 4), "low": Fraction(1, 2)}

#: How each default is made, in the panel's words.
DEFAULT_WORDS = {
    "bab": "bab is the level times 1, 3/4 or 1/2 by the creature's Hit Rating progression "
           "(high, medium, low)",
    "prowess": "prowess is half the level",
    "good_saves": "the good saves are its two best saves",
}


def _progression(c: Creature) -> str:
    p = c.hr_progression_used
    return str(getattr(p, "value", p)).lower()


def field_defaults(c: Creature, ruleset: Ruleset) -> dict[str, Any]:
    """The fields ``c`` lacks under ``ruleset`` that have a default here, with it (``{}``
    when it lacks none, or under lfg)."""
    missing = ruleset.attack_resolution.missing_fields(c)
    out: dict[str, Any] = {}
    if "bab" in missing:
        out["bab"] = int(BAB_PER_LEVEL.get(_progression(c), Fraction(3, 4)) * int(c.level))
    if "prowess" in missing:
        out["prowess"] = int(c.level) // 2
    if "good_saves" in missing:
        saves = {k: int(v.value or 0) for k, v in c.saves.items()}
        order = sorted(("fort", "ref", "will"), key=lambda k: -saves.get(k, 0))
        out["good_saves"] = [k for k in ("fort", "ref", "will") if k in order[:2]]
    return out


def _value(v: Any) -> str:
    return " and ".join(v) if isinstance(v, list) else str(v)


def filled_in(sides: Mapping[str, Sequence[Creature]], ruleset: Ruleset
              ) -> tuple[dict[str, list[Creature]], str | None]:
    """``sides`` with every creature given the fields it lacks under ``ruleset``
    (:func:`field_defaults`), and the note saying which values were used (``None``: none
    was needed).

    Returns:
        ``(sides, note)``.
    """
    out: dict[str, list[Creature]] = {}
    said: list[str] = []
    fields: set[str] = set()
    for side, members in sides.items():
        out[side] = []
        for c in members:
            extra = field_defaults(c, ruleset)
            if extra:
                fields |= set(extra)
                said.append(f"{c.name} " + ", ".join(f"{k} {_value(v)}"
                                                     for k, v in extra.items()))
                c = c.replace(**extra)
            out[side].append(c)
    if not said:
        return out, None
    how = "; ".join(DEFAULT_WORDS[k] for k in DEFAULT_WORDS if k in fields)
    return out, (f"These creatures lack fields {ruleset.name} needs, so the panel filled them "
                 f"in ({how}; inferred): {'; '.join(said)}. Give your creatures their own "
                 "values in their files to play those instead")
