"""The close fight's creature keys: ``skills``, ``special_abilities``, ``handedness``,
``ambidextrous``, as creature file sections (:mod:`lfgcombat.creature.sections`).

000_8d1d7816ee944f3b.txt, "Special Actions in Combat" (the skills the chapter rolls: a
creature's ``skills:`` mapping, skill -> total bonus, checked by
:func:`lfgcombat.rules.actions.skills.validate_skills` against ``data/skills.csv``), "Special
Abilities –
4 Different Types" (``special_abilities:``, one line each as the text writes them, e.g.
``Fear Burst (SLA): 3/day (SL2, WILL DC15[CHA])``, read by
:func:`lfgcombat.rules.abilities.abilities.parse_ability`) and "Handedness & Using Both Hands (Two
Weapon
Fighting)" ("You must choose if your character is left or right-handed": ``handedness:
left``; ``ambidextrous: true`` for the Ambidextrous Feat; ``second_shield: 2``, the Shield
Rating of a second shield carried, or ``{shield_rating: 2, mobility_penalty: -1}``, and
``shield_mobility_penalty: -1`` for the first shield: "Weird Situation - Using Two Shields at
the same time", "You suffer the cumulative Mobility Penalty of both shields").

Each key is a registered :class:`~lfgcombat.creature.sections.Section`: the creature file
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

from ..rules.abilities.abilities import RULE as R_ABILITIES
from ..rules.abilities.abilities import AbilityError, SpecialAbility, parse_ability
from .combat_stats import FrozenMap
from .parse import CreatureError
from .sections import Section, SheetSections, register_section
from ..errors import LfgError
from ..rules.handedness import RULE as R_HANDS
from ..rules.handedness import Hand, HandednessError, parse_handedness
from ..rules.actions.skills import RULE as R_SKILLS
from ..rules.actions.skills import SkillError, shield_mobility_penalties, validate_skills

__all__ = ["SKILLS", "SPECIAL_ABILITIES", "HANDEDNESS", "AMBIDEXTROUS", "SECOND_SHIELD",
           "SHIELD_MOBILITY_PENALTY", "CloseKeysError", "second_shield_of",
           "shield_mobility_penalties", "MIN_MOBILITY_PENALTY",
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


#: A shield's Mobility Penalty, as the text writes penalties ("-3 Mobility Penalty"): a
#: whole number from this to 0 (the bound is inferred: a refused typo, not a rule).
MIN_MOBILITY_PENALTY = -20


def _mobility_penalty(raw: Any, field: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or \
            not MIN_MOBILITY_PENALTY <= raw <= 0:
        raise CreatureError([(field, f"the shield's Mobility Penalty, written as a penalty: a "
                              f"whole number from {MIN_MOBILITY_PENALTY} to 0 (e.g. -1), not "
                              f"{raw!r:.40}")])
    return raw


def _parse_second_shield(raw: Any) -> FrozenMap:
    """``second_shield: 2`` (its Shield Rating) or ``{shield_rating: 2, mobility_penalty:
    -1}``; stored as that mapping."""
    if isinstance(raw, Mapping):
        unknown = sorted(str(k)[:60] for k in set(raw) - {"shield_rating", "mobility_penalty"})
        if unknown or "shield_rating" not in raw:
            raise CreatureError([("second_shield", "give its Shield Rating, or a mapping "
                                  "{shield_rating: R, mobility_penalty: P}; "
                                  + (f"unknown key(s) {', '.join(map(str, unknown))}"
                                     if unknown else "shield_rating is missing"))])
        rating = raw["shield_rating"]
        penalty = _mobility_penalty(raw.get("mobility_penalty", 0),
                                    "second_shield.mobility_penalty")
    else:
        rating, penalty = raw, 0
    if isinstance(rating, bool) or not isinstance(rating, int) or not 0 <= rating <= 20:
        raise CreatureError([("second_shield", f"the second shield's Shield Rating, a whole "
                              f"number from 0 to 20, not {rating!r:.40}")])
    if rating == 0 and penalty:
        raise CreatureError([("second_shield", "a Shield Rating of 0 means no second shield, "
                              f"so its mobility_penalty {penalty} would count for nothing: "
                              "give the shield's rating, or leave the penalty out")])
    return FrozenMap({"shield_rating": rating, "mobility_penalty": penalty})


def _dump_second_shield(v: Mapping[str, int]) -> Any:
    return dict(v) if v["mobility_penalty"] else v["shield_rating"]


def _show_second_shield(v: Mapping[str, int]) -> str:
    text = f"Shield Rating {v['shield_rating']} (half counts; -2 on attack rolls"
    if v["mobility_penalty"]:
        text += f"; Mobility Penalty {v['mobility_penalty']}, cumulative with the first"
    return text + "; no Somatic spells)"


SECOND_SHIELD: Section[FrozenMap] = register_section(Section(
    "second_shield", _parse_second_shield,
    default=FrozenMap({"shield_rating": 0, "mobility_penalty": 0}),
    dump=_dump_second_shield, show=_show_second_shield,
    label="Second shield", rule=R_HANDS))


def _check_shield_penalty(value: int, fields: Mapping[str, Any]) -> list[tuple[str, str]]:
    rating = fields.get("shield_rating")
    if value and rating == 0:
        return [("shield_mobility_penalty", "a Mobility Penalty for a shield the creature "
                 "does not carry (shield_rating is 0)")]
    return []


#: The Mobility Penalty of the shield of ``shield_rating`` (the primary shield), e.g. -1.
#: 000_8d1d7816ee944f3b.txt, "Weird Situation - Using Two Shields at the same time": "You
#: suffer the cumulative Mobility Penalty of both shields". Inferred: the shields' own
#: Mobility Penalties live in the equipment chapter, which is not among the texts; the
#: creature file gives them (default 0), and a single shield's applies to Mobility skill
#: checks as encumbrance's does.
SHIELD_MOBILITY_PENALTY: Section[int] = register_section(Section(
    "shield_mobility_penalty", lambda raw: _mobility_penalty(raw, "shield_mobility_penalty"),
    default=0, show=lambda v: f"{v} on Mobility skill checks", label="Shield Mobility Penalty",
    rule=R_HANDS, check=_check_shield_penalty))


def _sections_of(creature: Any) -> Mapping[str, Any]:
    found = getattr(creature, "sections", None)
    if type(found) is SheetSections:  # a creature's (asked first: an ABC's check is dear)
        return found
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
    found = _sections_of(creature).get("second_shield")
    return int(found["shield_rating"]) if found else 0


def is_quadruped(creature: Any) -> bool:
    """"Quadrupeds and creatures with more than 4 legs" (+4 to resist Knockdown): listed
    as the Natural ability ``Quadruped`` (or ``Many Legs``) in ``special_abilities``."""
    return any(a.name.lower() in ("quadruped", "many legs") for a in abilities_of(creature))
