"""The creature file's ``ruleset`` key, and the check that a creature is written for a ruleset.

A creature file says which rulesets it is written for (``ruleset``: one name or a list) and
carries the fields each needs beyond the shared sheet; each ruleset registers its own keys
from its own package (:mod:`lfgcombat.rulesets.classic.fields`: ``bab``, ``challenge_rating``,
classic ``conditions``; :mod:`lfgcombat.rulesets.wounds.fields`: ``prowess``, ``good_saves``,
``wounds``, ``barrier``, ``shell``, ``combat_reflexes``).

A creature may carry the fields of several rulesets; ``ruleset`` says which it is written
for, and a ruleset it is not written for refuses it by name (:func:`check_written_for`,
asked by the ruleset's policies). Without ``ruleset`` a creature is for every ruleset whose
fields it has.

    >>> from lfgcombat.creature import Creature
    >>> orc = Creature.from_dict({"name": "Orc", "level": 3, "max_hp": 38,
    ...                           "ruleset": ["lfg", "classic"], "bab": 3})
    >>> orc.ruleset, orc.to_dict()["ruleset"]
    (('lfg', 'classic'), ['lfg', 'classic'])
"""

from __future__ import annotations

from typing import Any

from ..creature.sections import Section, register_section
from ..errors import LfgError
from .base import RulesetError, definition

__all__ = ["RULESET", "RulesetFieldError", "check_written_for", "check_all_written_for"]


class RulesetFieldError(LfgError, ValueError):
    """A ``ruleset`` key naming no ruleset, or a creature used under a ruleset it is not
    written for."""


def _parse_rulesets(raw: Any) -> tuple[str, ...]:
    names = [raw] if isinstance(raw, str) else raw
    if isinstance(names, (list, tuple)) and not names:
        return ()  # no list: written for every ruleset whose fields it has
    if not isinstance(names, (list, tuple)):
        raise RulesetFieldError("give a ruleset name or a list of them, e.g. ruleset: "
                                "[lfg, classic]")
    out: list[str] = []
    for name in names:
        try:
            canonical = definition(name).name if isinstance(name, str) else None
        except RulesetError as exc:
            raise RulesetFieldError(str(exc)) from None
        if canonical is None:
            raise RulesetFieldError(f"{name!r:.30} is not a ruleset name")
        if canonical not in out:
            out.append(canonical)
    return tuple(out)


RULESET: Section[tuple[str, ...]] = register_section(Section(
    "ruleset", _parse_rulesets, default=(), show=", ".join, label="Rulesets",
    rule="shared/seeds/README.md: the three rules texts are the rulesets lfg, classic, wounds"))


def check_written_for(creature: Any, ruleset: str) -> None:
    """Refuse a creature (or a ruleset's combatant of one) whose ``ruleset`` key does not
    list ``ruleset``; the ruleset's policies ask it of every creature they are given.

    Raises:
        RulesetFieldError: naming the ``ruleset`` field, the rulesets the creature is
            written for, and what to do.
    """
    creature = getattr(creature, "creature", None) or creature  # a combatant's creature
    written = getattr(creature, "ruleset", ())
    if written and ruleset not in written:
        raise RulesetFieldError(f"ruleset: {creature.name} is written for "
                                f"{', '.join(written)}, not {ruleset}; add {ruleset} to its "
                                f"'ruleset' list with the fields {ruleset} needs (or drop "
                                "the 'ruleset' key: a creature without one is for every "
                                "ruleset whose fields it has)")


def check_all_written_for(creatures: Any, ruleset: str) -> None:
    """Refuse, naming every one, the creatures whose ``ruleset`` key leaves ``ruleset`` out
    (the module docstring: "a ruleset it is not written for refuses it by name"); the
    :class:`~lfgcombat.engine.Encounter` asks it of its combatants when it is built.

    Raises:
        RulesetFieldError: one line per creature and the rulesets it is written for, and
            what to do.
    """
    lines = []
    for creature in creatures:
        creature = getattr(creature, "creature", None) or creature
        written = getattr(creature, "ruleset", ())
        if written and ruleset not in written:
            lines.append(f"  {creature.name}: written for {', '.join(written)}, "
                         f"not {ruleset}")
    if lines:
        raise RulesetFieldError(
            f"the {ruleset} ruleset refuses creatures not written for it:\n"
            + "\n".join(lines) + f"\nadd {ruleset} to each one's 'ruleset' list (with the "
            f"fields {ruleset} needs), or drop the 'ruleset' key (a creature without one is "
            "for every ruleset whose fields it has)")
