"""The ``wounds`` ruleset's creature file keys, as sections.

A creature file carries the fields wounds needs beyond the shared sheet
(:mod:`lfgcombat.creature.sections`; the ``ruleset`` key saying which rulesets a creature is
written for is the generic :mod:`lfgcombat.rulesets.fields`; the parrying ``shield`` is
:mod:`lfgcombat.rulesets.wounds.gear`):

* ``prowess`` - 003_de0e94afd49609a7.txt, "Prowess is added directly to your Defense" and
  "Attacking an enemy usually involves spending your Half Action";
* ``good_saves`` - 003_de0e94afd49609a7.txt, "You possess two inherent adjustments to your
  Saving Throws" ("you choose two Saving Throws as your good saves");
* ``wounds`` - 003_de0e94afd49609a7.txt, "When a character is subject to a damage-dealing
  effect" (the Wounds total; without it, the CON score: inferred);
* ``barrier`` - 003_de0e94afd49609a7.txt, "Barrier represents" (``"10/100"``);
* ``shell`` - 003_de0e94afd49609a7.txt, "Shell operates similarly";
* ``combat_reflexes`` - 003_de0e94afd49609a7.txt, "As mentioned in the previous Tip" ("you
  may gain further Attacks of Opportunity by selecting the Combat Reflexes Universal
  Talent"): the times the talent is taken, +1 AOO a round each (inferred: the text gives no
  number).

Importing this module registers them (:mod:`lfgcombat.rulesets.wounds.ruleset` imports it).

    >>> from lfgcombat.creature import Creature
    >>> orc = Creature.from_dict({"name": "Orc", "level": 3, "max_hp": 38,
    ...                           "ruleset": "wounds", "prowess": 2, "barrier": "10/100"})
    >>> orc.prowess, str(orc.barrier), orc.to_dict()["barrier"]
    (2, 'Barrier 10/100', '10/100')
"""

from __future__ import annotations

from typing import Any

from lfgcombat.creature.sections import Section, register_section
from lfgcombat.rulesets.fields import RulesetFieldError

from ._base import check_int, rule
from .health import Barrier, parse_barrier
from .saves import check_good_saves

__all__ = ["PROWESS", "GOOD_SAVES", "WOUNDS", "BARRIER", "SHELL", "COMBAT_REFLEXES"]


def _parse_barrier(raw: Any) -> Barrier:
    """``"10/100"``, ``{"strength": 10, "total": 100}`` or a :class:`Barrier`.

    Raises:
        WoundsError: naming ``barrier`` for anything else.
    """
    found = parse_barrier(raw)
    if found is None:  # pragma: no cover - the loader gives None the default itself
        raise RulesetFieldError("give Barrier X/Y, e.g. barrier: 10/100")
    return found


def _parse_good_saves(raw: Any) -> tuple[str, ...]:
    return tuple(sorted(check_good_saves(raw)))


def _dump_barrier(value: Barrier | None) -> str | None:
    return None if value is None else f"{value.strength}/{value.remaining}"


PROWESS: Section[int | None] = register_section(Section(
    "prowess", lambda raw: check_int("prowess", raw, 0, 40), default=None,
    show=lambda v: f"{v:+d}", label="Prowess",
    rule=rule("Prowess is added directly to your Defense")))
GOOD_SAVES: Section[tuple[str, ...] | None] = register_section(Section(
    "good_saves", _parse_good_saves, default=None,
    show=", ".join, label="Good saves",
    rule=rule("You possess two inherent adjustments to your Saving Throws")))
WOUNDS: Section[int | None] = register_section(Section(
    "wounds", lambda raw: check_int("wounds", raw, 1, 999), default=None, show=str,
    label="Wounds", rule=rule("When a character is subject to a damage-dealing effect")))
BARRIER: Section[Barrier | None] = register_section(Section(
    "barrier", _parse_barrier, default=None,
    dump=_dump_barrier, show=str, label="Barrier",
    rule=rule("Barrier represents")))
SHELL: Section[int] = register_section(Section(
    "shell", lambda raw: check_int("shell", raw, 0, 9999), default=0, show=str,
    label="Shell", rule=rule("Shell operates similarly")))

COMBAT_REFLEXES: Section[int] = register_section(Section(
    "combat_reflexes", lambda raw: check_int("combat_reflexes", raw, 0, 20), default=0,
    show=str, label="Combat Reflexes",
    rule=rule("As mentioned in the previous Tip")))
