"""The creature file's keys for the ``classic`` and ``wounds`` rulesets, as sections.

A creature file says which rulesets it is written for (``ruleset``) and carries the fields
each needs beyond the shared sheet (:mod:`lfgcombat.creature_sections`):

* ``bab`` - 002_2a3a79475ca2a541.txt, "How to attack another creature": "D20 + BAB (Base
  Attack Bonus) + Ability Modifier";
* ``challenge_rating`` - 002_2a3a79475ca2a541.txt, "Challenge Rating (CR)";
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

A creature may carry the fields of several rulesets; ``ruleset`` (one name or a list) says
which it is written for, and a ruleset it is not written for refuses it by name
(:func:`check_written_for`, asked by the ruleset's policies). Without ``ruleset`` a
creature is for every ruleset whose fields it has.

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

from ..citations import cite
from ..classic._base import check_int as _classic_int
from ..classic.challenge import parse_challenge_rating
from ..creature_sections import Section, register_ruleset_conditions, register_section
from ..errors import LfgError
from ..wounds._base import check_int as _wounds_int
from ..wounds.health import Barrier, parse_barrier as _parse_barrier
from .base import RulesetError, definition

__all__ = ["RULESET", "BAB", "CHALLENGE_RATING", "PROWESS", "GOOD_SAVES", "WOUNDS",
           "BARRIER", "SHELL", "COMBAT_REFLEXES", "check_written_for", "check_all_written_for",
           "parse_barrier", "CLASSIC_CONDITIONS"]


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


def parse_barrier(raw: Any) -> Barrier:
    """``"10/100"``, ``{"strength": 10, "total": 100}`` or a :class:`Barrier`.

    Raises:
        WoundsError: naming ``barrier`` for anything else.
    """
    found = _parse_barrier(raw)
    if found is None:  # pragma: no cover - the loader gives None the default itself
        raise RulesetFieldError("give Barrier X/Y, e.g. barrier: 10/100")
    return found


def _parse_good_saves(raw: Any) -> tuple[str, ...]:
    # imported here: wounds.saves registers the wounds/base_saves table, which importing the
    # kit (table_names()) leaves to the wounds modules
    from ..wounds.saves import check_good_saves
    return tuple(sorted(check_good_saves(raw)))


def _parse_cr(raw: Any) -> Fraction:
    return parse_challenge_rating(raw)


def _dump_cr(value: Fraction | None) -> Any:
    if value is None:
        return None
    return int(value) if value.denominator == 1 else str(value)


def _dump_barrier(value: Barrier | None) -> str | None:
    return None if value is None else f"{value.strength}/{value.remaining}"


RULESET: Section[tuple[str, ...]] = register_section(Section(
    "ruleset", _parse_rulesets, default=(), show=", ".join, label="Rulesets",
    rule="shared/seeds/README.md: the three rules texts are the rulesets lfg, classic, wounds"))
BAB: Section[int | None] = register_section(Section(
    "bab", lambda raw: _classic_int("bab", raw, 0, 40), default=None,
    show=lambda v: f"{v:+d}", label="BAB", rule=cite("How to attack another creature",
                                                     file="002_2a3a79475ca2a541.txt")))
CHALLENGE_RATING: Section[Fraction | None] = register_section(Section(
    "challenge_rating", _parse_cr, default=None, dump=_dump_cr, show=str, label="CR",
    rule=cite("Challenge Rating (CR)", file="002_2a3a79475ca2a541.txt")))
PROWESS: Section[int | None] = register_section(Section(
    "prowess", lambda raw: _wounds_int("prowess", raw, 0, 40), default=None,
    show=lambda v: f"{v:+d}", label="Prowess",
    rule=cite("Prowess is added directly to your Defense", file="003_de0e94afd49609a7.txt")))
GOOD_SAVES: Section[tuple[str, ...] | None] = register_section(Section(
    "good_saves", _parse_good_saves, default=None,
    show=", ".join, label="Good saves",
    rule=cite("You possess two inherent adjustments to your Saving Throws",
              file="003_de0e94afd49609a7.txt")))
WOUNDS: Section[int | None] = register_section(Section(
    "wounds", lambda raw: _wounds_int("wounds", raw, 1, 999), default=None, show=str,
    label="Wounds", rule=cite("When a character is subject to a damage-dealing effect",
                              file="003_de0e94afd49609a7.txt")))
BARRIER: Section[Barrier | None] = register_section(Section(
    "barrier", parse_barrier, default=None,
    dump=_dump_barrier, show=str, label="Barrier",
    rule=cite("Barrier represents", file="003_de0e94afd49609a7.txt")))
SHELL: Section[int] = register_section(Section(
    "shell", lambda raw: _wounds_int("shell", raw, 0, 9999), default=0, show=str,
    label="Shell", rule=cite("Shell operates similarly", file="003_de0e94afd49609a7.txt")))

COMBAT_REFLEXES: Section[int] = register_section(Section(
    "combat_reflexes", lambda raw: _wounds_int("combat_reflexes", raw, 0, 20), default=0,
    show=str, label="Combat Reflexes",
    rule=cite("As mentioned in the previous Tip", file="003_de0e94afd49609a7.txt")))


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
    :class:`~lfgcombat.encounter.Encounter` asks it of its combatants when it is built.

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


def _parse_classic_conditions(raw: Any) -> tuple[str, ...]:
    """A classic creature file's ``conditions``: classic names as written (any case; ``Bleed
    2``, ``Energy-Drained 1`` with their amounts), kept in the list's spelling."""
    from ..classic.turn import ClassicFighter
    from ..classic.health import ClassicVitals
    from ..creature import CreatureError
    if isinstance(raw, (str, bytes)) or not isinstance(raw, (list, tuple)):
        raise CreatureError([("conditions", "expected a list of classic conditions such as "
                              "[Shaken, Bleed 2]")])
    out: list[str] = []
    probe = ClassicFighter("probe", ClassicVitals(1))
    for i, text in enumerate(raw):
        if not isinstance(text, str) or len(text) > 60:
            raise CreatureError([(f"conditions[{i}]", "a classic condition's name, e.g. "
                                  "Shaken or Bleed 2")])
        try:
            probe.given([text])
            from .classic import CLASSIC
            cond, amount = CLASSIC.conditions.read(text)  # type: ignore[attr-defined]
        except LfgError as exc:
            raise CreatureError([(f"conditions[{i}]", str(exc)[:500])]) from None
        out.append(cond if amount is None else f"{cond} {amount}")
    return tuple(out)


#: A creature file written for classic alone takes classic conditions (002_2a3a79475ca2a541
#: .txt, "Conditions"): ``conditions: [Shaken]`` is kept here and written back as
#: ``conditions``; the classic record starts with them
#: (:meth:`lfgcombat.classic.turn.ClassicFighter.of`).
CLASSIC_CONDITIONS: Section[tuple[str, ...]] = register_section(Section(
    "classic_conditions", _parse_classic_conditions, default=(), show=", ".join,
    label="Conditions (classic)", rule=cite("Conditions", file="002_2a3a79475ca2a541.txt")))
register_ruleset_conditions("classic", "classic_conditions")
