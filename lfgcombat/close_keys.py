"""The close fight's creature keys: ``skills``, ``special_abilities``, ``handedness``,
``ambidextrous``, as creature file sections (:mod:`lfgcombat.creature_sections`).

000_8d1d7816ee944f3b.txt, "Special Actions in Combat" (the skills the chapter rolls: a
creature's ``skills:`` mapping, skill -> total bonus, checked by
:func:`lfgcombat.skills.validate_skills` against ``data/skills.csv``), "Special Abilities –
4 Different Types" (``special_abilities:``, one line each as the text writes them, e.g.
``Fear Burst (SLA): 3/day (SL2, WILL DC15[CHA])``, read by
:func:`lfgcombat.abilities.parse_ability`) and "Handedness & Using Both Hands (Two Weapon
Fighting)" ("You must choose if your character is left or right-handed": ``handedness:
left``; ``ambidextrous: true`` for the Ambidextrous Feat; ``second_shield: 2``, the Shield
Rating of a second shield carried: "Weird Situation - Using Two Shields at the same time").

Each key is a registered :class:`~lfgcombat.creature_sections.Section`: the creature file
loader validates it (every bad value raises :class:`~lfgcombat.creature.CreatureError`
naming the field, e.g. ``skills.wrestlng`` with a "did you mean"), ``to_dict``/``save``
write it back, and the stat block shows it. Read them with :func:`skills_of`,
:func:`abilities_of`, :func:`handedness_of` (or ``creature.skills``...). Decisions:
right-handed when not given (the common case); ``Quadruped`` (or ``Many Legs``), listed as
a Natural ability, marks the creatures that get +4 against Knockdown ("Quadrupeds and
creatures with more than 4 legs", "Momentum of Impact").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .abilities import RULE as R_ABILITIES
from .abilities import AbilityError, SpecialAbility, parse_ability
from .combat_stats import FrozenMap
from .creature_parse import CreatureError
from .creature_sections import Section, register_section
from .errors import LfgError
from .handedness import RULE as R_HANDS
from .handedness import Hand, HandednessError, parse_handedness
from .skills import RULE as R_SKILLS
from .skills import SkillError, validate_skills

__all__ = ["SKILLS", "SPECIAL_ABILITIES", "HANDEDNESS", "AMBIDEXTROUS", "SECOND_SHIELD",
           "CloseKeysError", "second_shield_of",
           "skills_of", "abilities_of", "ability_named", "handedness_of", "is_ambidextrous",
           "is_quadruped", "MAX_ABILITIES"]

#: More ability lines than this are refused as a mistake (inferred: a stat block lists few).
MAX_ABILITIES = 50


class CloseKeysError(LfgError, ValueError):
    """A creature without the special ability asked for (names the ones it has)."""


def _parse_skills(raw: Any) -> FrozenMap:
    try:
        return FrozenMap(validate_skills(raw))
    except SkillError as exc:
        raise CreatureError([(exc.field, str(exc).removeprefix(f"{exc.field}: "))]) from None


def _parse_abilities(raw: Any) -> tuple[SpecialAbility, ...]:
    if isinstance(raw, str) or not isinstance(raw, Sequence):
        raise CreatureError([("special_abilities", "give a list of ability lines, such as "
                              "['Fear Burst (SLA): 3/day (SL2, WILL DC15[CHA])'], not "
                              f"{raw!r:.60}")])
    if len(raw) > MAX_ABILITIES:
        raise CreatureError([("special_abilities", f"{len(raw)} lines; at most "
                              f"{MAX_ABILITIES}")])
    out: list[SpecialAbility] = []
    problems: list[tuple[str, str]] = []
    for i, line in enumerate(raw):
        try:
            ab = parse_ability(line)
        except AbilityError as exc:
            problems.append((f"special_abilities[{i}]", str(exc)))
            continue
        if any(a.name.lower() == ab.name.lower() for a in out):
            problems.append((f"special_abilities[{i}]", f"{ab.name!r} is listed twice; "
                             "list each ability once"))
        out.append(ab)
    if problems:
        raise CreatureError(problems)
    return tuple(out)


def _parse_hand(raw: Any) -> Hand:
    try:
        return parse_handedness(raw)
    except HandednessError as exc:
        raise CreatureError([("handedness", str(exc).removeprefix("handedness: "))]) from None


def _parse_flag(raw: Any) -> bool:
    if not isinstance(raw, bool):
        raise CreatureError([("ambidextrous", f"true or false (the Ambidextrous Feat), not "
                              f"{raw!r:.40}")])
    return raw


SKILLS: Section[FrozenMap] = register_section(Section(
    "skills", _parse_skills, default=FrozenMap(), dump=lambda v: dict(v),
    show=lambda v: ", ".join(f"{k} {int(b):+d}" for k, b in v.items()), label="Skills",
    rule=R_SKILLS))
SPECIAL_ABILITIES: Section[tuple[SpecialAbility, ...]] = register_section(Section(
    "special_abilities", _parse_abilities, default=(), dump=lambda v: [a.text for a in v],
    show=lambda v: "; ".join(a.text for a in v), label="Special abilities",
    rule=R_ABILITIES))
HANDEDNESS: Section[Hand] = register_section(Section(
    "handedness", _parse_hand, default=Hand.RIGHT, dump=lambda v: v.value,
    show=lambda v: f"{v.value}-handed", label="Main hand", rule=R_HANDS))
AMBIDEXTROUS: Section[bool] = register_section(Section(
    "ambidextrous", _parse_flag, default=False, show=lambda v: "yes" if v else "no",
    label="Ambidextrous", rule=R_HANDS))


def _parse_second_shield(raw: Any) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= 20:
        raise CreatureError([("second_shield", f"the second shield's Shield Rating, a whole "
                              f"number from 0 to 20, not {raw!r:.40}")])
    return raw


SECOND_SHIELD: Section[int] = register_section(Section(
    "second_shield", _parse_second_shield, default=0,
    show=lambda v: f"Shield Rating {v} (half counts; -2 on attack rolls)",
    label="Second shield", rule=R_HANDS))


def _sections_of(creature: Any) -> Mapping[str, Any]:
    found = getattr(creature, "sections", None)
    return found if isinstance(found, Mapping) else {}


def skills_of(creature: Any) -> dict[str, int]:
    """The creature's ``skills:`` (skill -> total bonus); ``{}`` when none are listed."""
    return dict(_sections_of(creature).get("skills", {}))


def abilities_of(creature: Any) -> tuple[SpecialAbility, ...]:
    """The creature's ``special_abilities:``, parsed (``()`` when none)."""
    return tuple(_sections_of(creature).get("special_abilities", ()))


def ability_named(creature: Any, name: str) -> SpecialAbility:
    """One of the creature's special abilities by name (any case).

    Raises:
        CloseKeysError: the creature has no such ability (naming the ones it has).
    """
    wanted = str(name).strip().lower()
    abilities = abilities_of(creature)
    for a in abilities:
        if a.name.lower() == wanted:
            return a
    have = ", ".join(a.name for a in abilities) or "none"
    raise CloseKeysError(f"ability: {getattr(creature, 'name', 'the creature')} has no "
                         f"special ability {name!r:.40} (it has: {have})")


def handedness_of(creature: Any) -> Hand:
    """The creature's main hand (right when not given)."""
    return Hand(_sections_of(creature).get("handedness", Hand.RIGHT))


def is_ambidextrous(creature: Any) -> bool:
    """The Ambidextrous Feat: either hand is the main hand."""
    return bool(_sections_of(creature).get("ambidextrous", False))


def second_shield_of(creature: Any) -> int:
    """The Shield Rating of a second shield carried ("Weird Situation - Using Two Shields at
    the same time"), 0 for none."""
    return int(_sections_of(creature).get("second_shield", 0))


def is_quadruped(creature: Any) -> bool:
    """"Quadrupeds and creatures with more than 4 legs" (+4 to resist Knockdown): listed
    as the Natural ability ``Quadruped`` (or ``Many Legs``) in ``special_abilities``."""
    return any(a.name.lower() in ("quadruped", "many legs") for a in abilities_of(creature))
