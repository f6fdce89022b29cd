"""The close fight's creature keys: ``skills``, ``special_abilities`` and ``handedness``.

000_8d1d7816ee944f3b.txt, "Special Actions in Combat" (the skills the chapter rolls: a
creature's ``skills:`` mapping, :func:`lfgcombat.skills.validate_skills`), "Special
Abilities – 4 Different Types" (``special_abilities:``, one line each as the text writes
them, :func:`lfgcombat.abilities.parse_ability`) and "Handedness & Using Both Hands (Two
Weapon Fighting)" (``handedness: right`` or ``left``, and ``ambidextrous: true`` for the
Feat, :func:`lfgcombat.handedness.parse_handedness`).

This module is the one place that reads those keys, validates them (every bad value raises
the kit's own error naming the key) and writes them back (:func:`close_keys_dict`), so the
encounter, the stat block and the widgets never parse them twice. The readers
(:func:`skills_of`, :func:`abilities_of`, :func:`handedness_of`) take any creature and give
the defaults (no skills listed, no abilities, right-handed) for one that has none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .abilities import AbilityError, SpecialAbility, parse_ability
from .errors import LfgError
from .handedness import Hand, HandednessError, parse_handedness
from .skills import SkillError, validate_skills

__all__ = ["CLOSE_KEYS", "CloseKeysError", "parse_close_keys", "close_keys_dict",
           "skills_of", "abilities_of", "ability_named", "handedness_of", "is_ambidextrous",
           "is_quadruped", "MAX_ABILITIES"]

#: The creature keys this module reads.
CLOSE_KEYS = ("skills", "special_abilities", "handedness", "ambidextrous")
#: More ability lines than this are refused as a mistake (inferred: a stat block lists few).
MAX_ABILITIES = 50


class CloseKeysError(LfgError, ValueError):
    """A bad ``skills``, ``special_abilities`` or ``handedness`` value.

    Attributes:
        problems: ``(key, message)`` pairs, every problem found.
    """

    def __init__(self, problems: Sequence[tuple[str, str]]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(f"{k}: {m}" for k, m in self.problems))


def _abilities(value: Any) -> tuple[SpecialAbility, ...]:
    if value is None:
        return ()
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise CloseKeysError([("special_abilities", "a list of ability lines, such as "
                               "['Fear Burst (SLA): 3/day (SL2, WILL DC15[CHA])'], not "
                               f"{value!r:.60}")])
    if len(value) > MAX_ABILITIES:
        raise CloseKeysError([("special_abilities", f"{len(value)} lines; at most "
                               f"{MAX_ABILITIES}")])
    out: list[SpecialAbility] = []
    for i, line in enumerate(value):
        try:
            ab = parse_ability(line)
        except AbilityError as exc:
            raise CloseKeysError([(f"special_abilities[{i}]", str(exc))]) from None
        if any(a.name.lower() == ab.name.lower() for a in out):
            raise CloseKeysError([(f"special_abilities[{i}]", f"{ab.name!r} is listed "
                                   "twice; list each ability once")])
        out.append(ab)
    return tuple(out)


def parse_close_keys(d: Mapping[str, Any]) -> dict[str, Any]:
    """Read and validate the close-fight keys of a creature mapping.

    Args:
        d: The creature mapping (other keys are ignored).

    Returns:
        ``{"skills": {name: bonus}, "special_abilities": (SpecialAbility, ...),
        "handedness": Hand | None, "ambidextrous": bool}``.

    Raises:
        CloseKeysError: every bad key at once, each naming the key, what was wrong and
            what to write instead (an unknown skill with a "did you mean", a malformed
            ability line naming the part at fault, a hand that is not right or left).
    """
    problems: list[tuple[str, str]] = []
    out: dict[str, Any] = {"skills": {}, "special_abilities": (), "handedness": None,
                           "ambidextrous": False}
    try:
        out["skills"] = validate_skills(d.get("skills"))
    except SkillError as exc:
        problems.append((exc.field, str(exc).removeprefix(f"{exc.field}: ")))
    try:
        out["special_abilities"] = _abilities(d.get("special_abilities"))
    except CloseKeysError as exc:
        problems += exc.problems
    if d.get("handedness") is not None:
        try:
            out["handedness"] = parse_handedness(d["handedness"])
        except HandednessError as exc:
            problems.append(("handedness", str(exc).removeprefix("handedness: ")))
    amb = d.get("ambidextrous", False)
    if not isinstance(amb, bool):
        problems.append(("ambidextrous", f"true or false (the Ambidextrous Feat), not "
                         f"{amb!r:.40}"))
    else:
        out["ambidextrous"] = amb
    if problems:
        raise CloseKeysError(problems)
    return out


def close_keys_dict(values: Mapping[str, Any]) -> dict[str, Any]:
    """The keys as a creature file writes them (those not at their default), so that
    ``parse_close_keys(close_keys_dict(v)) == v``."""
    d: dict[str, Any] = {}
    if values.get("skills"):
        d["skills"] = dict(values["skills"])
    if values.get("special_abilities"):
        d["special_abilities"] = [a.text for a in values["special_abilities"]]
    if values.get("handedness") is not None:
        d["handedness"] = Hand(values["handedness"]).value
    if values.get("ambidextrous"):
        d["ambidextrous"] = True
    return d


def _raw(creature: Any, key: str) -> Any:
    """A creature's value for ``key``: an attribute, or its ``close`` section."""
    section = getattr(creature, "sections", None)
    if isinstance(section, Mapping) and key in section:
        return section[key]
    close = section.get("close") if isinstance(section, Mapping) else None
    if isinstance(close, Mapping) and key in close:
        return close[key]
    return getattr(creature, key, None)


def skills_of(creature: Any) -> dict[str, int]:
    """The creature's ``skills:`` (skill -> total bonus); ``{}`` when none are listed."""
    return validate_skills(_raw(creature, "skills"))


def abilities_of(creature: Any) -> tuple[SpecialAbility, ...]:
    """The creature's ``special_abilities:``, parsed (``()`` when none)."""
    raw = _raw(creature, "special_abilities")
    if raw and all(isinstance(a, SpecialAbility) for a in raw):
        return tuple(raw)
    return _abilities(raw)


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
    raise CloseKeysError([("ability", f"{getattr(creature, 'name', 'the creature')} has no "
                           f"special ability {name!r:.40} (it has: {have})")])


def handedness_of(creature: Any) -> Hand:
    """The creature's main hand (right when not given: inferred, the common case)."""
    raw = _raw(creature, "handedness")
    return Hand.RIGHT if raw is None else parse_handedness(raw)


def is_ambidextrous(creature: Any) -> bool:
    """The Ambidextrous Feat: either hand is the main hand."""
    return bool(_raw(creature, "ambidextrous"))


def is_quadruped(creature: Any) -> bool:
    """"Quadrupeds and creatures with more than 4 legs" (+4 to resist Knockdown): listed
    as the Natural ability ``Quadruped`` (or ``Many Legs``) in ``special_abilities``."""
    return any(a.name.lower() in ("quadruped", "many legs") for a in abilities_of(creature))
