"""Creature files: a creature as a plain mapping, read and written as YAML or JSON, and
the example files.

A creature file holds the mapping :meth:`lfgcombat.creature.Creature.from_dict` reads
(the character sheet: 000_8d1d7816ee944f3b.txt, "Combat Statistics"). YAML is read with a
safe loader only and a hostile file is refused cheaply (:mod:`lfgcombat.io.datafile`); a
file is written in one step (beside it, then renamed), so a failed save leaves the old
file as it was; :func:`creature_mapping` writes the mapping back (optional keys at their
default left out). The example creatures (the text's party and the monsters it fights) are
``lfgcombat/data/creatures/*.yaml``. This module builds no creature itself.
"""

from __future__ import annotations

import json
import os
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ._files import atomic_write_text
from ..creature.combat_stats import Armor, FrozenMap, _thaw
from ..creature.parse import CreatureError, _hint
from ..creature.sections import own_condition_keys
from .datafile import DataFileError, dump_yaml, load_text, read_file, short

if TYPE_CHECKING:
    from ..creature import Creature

__all__ = ["SUFFIXES", "checked_path", "read_creature_file", "write_creature_file", "example_names",
           "example_data", "creature_mapping"]

#: The file suffixes a creature file may have (any case).
SUFFIXES: tuple[str, ...] = (".yaml", ".yml", ".json")


def checked_path(path: Any) -> Path:
    """``path`` as a :class:`~pathlib.Path`, when it is a path (text or path-like).

    Raises:
        CreatureError: anything else (``None``, a number, bytes), named by type.
    """
    if isinstance(path, (str, os.PathLike)) and not isinstance(path, bytes):
        try:
            fspath = os.fspath(path)
        except TypeError:
            fspath = None
        if isinstance(fspath, str) and fspath.strip() and "\0" not in fspath:
            return Path(fspath)
    raise CreatureError([("(file)", f"expected a file path such as 'orc.yaml' (text or a "
                          f"pathlib.Path), got {type(path).__name__} {short(path)}")])


def read_creature_file(path: str | os.PathLike[str]) -> Any:
    """The data of a ``.yaml``/``.yml`` or ``.json`` creature file, not yet checked.

    At most 1 MB is read; anchors and aliases, duplicate keys, nesting deeper than 32 and
    numbers of more than 30 digits are refused.

    Args:
        path: The file.

    Returns:
        What the file holds (a mapping, when it is a creature file).

    Raises:
        CreatureError: unreadable or oversized file, unknown suffix, bad or hostile
            YAML/JSON (field ``(file)``).
    """
    path = checked_path(path)
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise CreatureError([("(file)", f"{short(str(path))}: unknown file type "
                              f"{short(suffix)}; use .yaml, .yml or .json")])
    try:
        return load_text(read_file(path), "json" if suffix == ".json" else "yaml", str(path))
    except DataFileError as exc:
        text = str(exc)
        raise CreatureError([("(file)", text if len(text) <= 500 else text[:497] + "...")]
                            ) from None


def write_creature_file(path: str | os.PathLike[str], data: Any) -> Path:
    """Write a creature mapping to a ``.yaml``/``.yml`` or ``.json`` file, in one step.

    Args:
        path: The file; the suffix chooses the format.
        data: The plain mapping (:meth:`~lfgcombat.creature.Creature.to_dict`).

    Returns:
        The path written.

    Raises:
        CreatureError: unknown suffix (nothing is written).
    """
    path = checked_path(path)
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise CreatureError([("(file)", f"{short(str(path))}: unknown file type "
                              f"{short(suffix)}; use .yaml, .yml or .json")])
    if suffix == ".json":
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    else:
        text = dump_yaml(data)
    return atomic_write_text(path, text)


def _examples_dir() -> Traversable:
    return resources.files("lfgcombat.data").joinpath("creatures")


def example_names() -> list[str]:
    """Names of the example creature files in ``data/creatures/`` (``rock``, ``ogre``...)."""
    return sorted(p.name.rsplit(".", 1)[0] for p in _examples_dir().iterdir()
                  if p.name.endswith(".yaml"))


def example_data(name: str) -> tuple[str, Any]:
    """The data of an example creature file.

    Args:
        name: A file name without ``.yaml`` (see :func:`example_names`), any case.

    Returns:
        ``(key, data)``: the file's name without ``.yaml`` and what it holds.

    Raises:
        CreatureError: unknown name (with "did you mean").
    """
    names = example_names()
    if not isinstance(name, str):
        raise CreatureError([("(example)", f"an example is named by text such as 'orc', not "
                              f"{short(name)}; examples: " + ", ".join(names))])
    key = name.strip().lower().replace(" ", "_")
    if key not in names:
        raise CreatureError([("(example)", f"no example {short(name)}; {_hint(key, names)}"
                              "examples: " + ", ".join(names))])
    text = _examples_dir().joinpath(f"{key}.yaml").read_text(encoding="utf-8")
    return key, load_text(text, "yaml", f"{key}.yaml")


# --------------------------------------------------------------------------- the mapping


def creature_mapping(creature: Creature) -> dict[str, Any]:
    """A creature as the plain mapping a creature file holds (``Creature.to_dict``).

    Args:
        creature: The creature.

    Returns:
        A new dict of plain values (text, numbers, lists, dicts) in file order; optional
        keys at their default are left out.
    """
    return {**_core(creature), **_vitals(creature), **_extras(creature)}


def _core(c: Creature) -> dict[str, Any]:
    """Name, level, class, abilities, size, armor, speed, kind and type."""
    d: dict[str, Any] = {"name": c.name, "level": c.level}
    if c.character_class is not None:
        d["class"] = c.character_class
    d["abilities"] = c.abilities.to_dict()
    d["size"] = getattr(c.size, "value", c.size)
    d["armor"] = c.armor.to_dict() if isinstance(c.armor, Armor) else c.armor
    d["shield_rating"] = c.shield_rating
    d["natural_armor"] = c.natural_armor
    d["speed"] = c.speed
    if c.kind is not None:
        d["kind"] = getattr(c.kind, "value", c.kind)
    d["creature_type"] = getattr(c.creature_type, "value", c.creature_type)
    return d


def _vitals(c: Creature) -> dict[str, Any]:
    """Hit points (those set), initiative rating and reactions (when not 1)."""
    d: dict[str, Any] = {}
    for key, value in (("max_hp", c.max_hp_override), ("current_hp", c.current_hp)):
        if value is not None:
            d[key] = value
    if c.temp_hp:
        d["temp_hp"] = c.temp_hp
    d["initiative_rating"] = c.initiative_rating
    if c.reactions != 1:
        d["reactions"] = c.reactions
    return d


def _own_conditions_as_conditions(dumped: dict[str, Any], lfg: bool) -> dict[str, Any]:
    """A ruleset's own conditions are written as ``conditions`` (how its file gives them);
    beside lfg's (an encounter's view of the sheet) both keys are kept."""
    for key in own_condition_keys():
        if key in dumped and not lfg:
            dumped["conditions"] = dumped.pop(key)
    return dumped


def _extras(c: Creature) -> dict[str, Any]:
    """The optional keys that are not at their default, in file order."""
    d: dict[str, Any] = {}
    if c.save_ratings is not None:
        d["save_ratings"] = c.save_ratings.to_dict()
    if c.hr_progression is not None:
        d["hr_progression"] = getattr(c.hr_progression, "value", c.hr_progression)
    if c.reach_override is not None:
        d["reach"] = c.reach_override
    if c.weapons:
        d["weapons"] = _thaw(tuple(c.weapons))
    if c.resistances:
        d["resistances"] = _thaw(FrozenMap(c.resistances))
    if c.conditions:
        d["conditions"] = [str(a) for a in c.conditions]
    if c.bonuses:
        d["bonuses"] = [b.to_dict() for b in c.bonuses]
    d.update(_own_conditions_as_conditions(c.sections.dumped(), "conditions" in d))
    if c.example:
        d["example"] = True
    if c.notes is not None:
        d["notes"] = c.notes
    return d
