"""The classic saves: FORT, REF and WILL under the ``classic`` ruleset.

002_2a3a79475ca2a541.txt gives no base saves; its "DC12 Fortitude check to stabilize"
("Stabilizing a Disabled Character") is d20 + CON (inferred), REF and WILL the same with the
d20 family's DEX and WIS, with the saving throw modifiers of the "Conditions". They are the
``saves`` slot of the classic ruleset (:class:`ClassicSaves`), which
``saving_throw(..., ruleset="classic")`` and the Encounter's saves ask.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from lfgcombat.rules.bonuses import Bonus, stack
from lfgcombat.dice import Fortune
from lfgcombat.rulesets.fields import check_written_for
from lfgcombat.rules.health.saves import SaveError, SavingThrows
from lfgcombat.rules.health.saves import _check_int as _save_int

from ._base import rule
from .turn import ClassicFighter

__all__ = ["CLASSIC_SAVES", "ClassicSaves", "classic_save_bonus"]

_CONDITIONS = rule("Conditions")

#: The classic saves' rule: what a save by them cites.
CLASSIC_SAVES = rule("Stabilizing a Disabled Character")
_SAVE_ABILITY = {"fort": "CON", "ref": "DEX", "will": "WIS"}


def classic_save_bonus(creature: Any, which: str, bonuses: Iterable[Any],
                       fortune: Any, conditions: Iterable[str] = ()
                       ) -> tuple[int, tuple[str, ...]]:
    """The classic save bonus and its lines: the CON / DEX / WIS modifier (the text gives
    no base saves; its "DC12 Fortitude check to stabilize" is d20 + CON: inferred, REF and
    WILL the same with the d20 family's DEX and WIS) with the conditions' saving throw
    modifiers (002_2a3a79475ca2a541.txt, "Conditions": Shaken "-2 penalty to all rolls",
    Frightened and Sickened "-2 penalty on [...] saving throws", Energy-Drained "-1
    penalty on [...] saving throws" a negative level) - those of its file or record and
    ``conditions`` - and situational ``bonuses``. ``creature``: a creature, or the
    Encounter's record of one (a :class:`~lfgcombat.rulesets.classic.turn.ClassicFighter`).

    Raises:
        SaveError: a Fortunate/Unfortunate ``fortune`` (the classic text has none).
        ClassicError: a condition that is not a classic one.
        RulesetFieldError: a creature not written for classic.
    """
    if Fortune.coerce(fortune) is not None:
        raise SaveError("the classic ruleset has no Fortunate/Unfortunate saves "
                        f"({_CONDITIONS} lists none)")
    if not isinstance(creature, ClassicFighter):
        check_written_for(creature, "classic")
        creature = ClassicFighter.of(creature)
    fighter = creature.given(conditions)
    total = fighter.save_bonus(which)
    from_conditions = fighter._roll_modifier("saves")
    extra = [b if isinstance(b, Bonus) else Bonus(_save_int("bonus", b), None, "situation")
             for b in bonuses]
    stacked = stack(extra)
    lines = [f"{total - from_conditions:+d} {_SAVE_ABILITY[which]} (classic: no base saves, "
             "inferred)"]
    if from_conditions:
        named = ", ".join(n for n in fighter.all_conditions)
        lines.append(f"{from_conditions:+d} conditions: {named} ({_CONDITIONS})")
    lines += [f"{ln.counted:+d} {ln.bonus.source or 'untyped'} ({ln.note})"
              for ln in stacked.lines]
    return total + stacked.total, tuple(lines)


class ClassicSaves(SavingThrows):
    """classic's saving throws (:func:`classic_save_bonus`), taking its own conditions."""

    own = True
    takes_conditions = True
    rule = CLASSIC_SAVES

    def bonus(self, creature: Any, which: str, bonuses: Iterable[Bonus | int],
              fortune: Fortune | str | None, conditions: tuple[str, ...] | None = None
              ) -> tuple[int, tuple[str, ...]]:
        """:func:`classic_save_bonus`."""
        return classic_save_bonus(creature, which, bonuses, fortune,
                                  conditions=conditions or ())
