"""Optional creature sections: how a rules module adds a key to the creature file.

The creature file is a character sheet (000_8d1d7816ee944f3b.txt, "Combat Statistics");
later chapters add lines to it: skills and special abilities ("Special Actions in Combat",
"Special Abilities – 4 Different Types"), the main hand ("Handedness & Using Both Hands"),
movement modes ("Other Types of Movement"), a ruleset's own fields. A module that owns
such a rule declares its line as a :class:`Section` and registers it; the creature file
loader, the checks (an unknown key gets a "did you mean" over every registered key),
:meth:`~lfgcombat.creature.Creature.to_dict` / ``save`` and the stat block then handle it
without any change to :class:`~lfgcombat.creature.Creature`.

A section says:

* ``key``: the creature file's key (lower case, not one of the core keys);
* ``parse``: raw file value -> an immutable (hashable) value; on bad input it raises
  :class:`~lfgcombat.creature.CreatureError` naming the field (``key`` or ``key.sub``),
  what was wrong and what to do (any other :class:`~lfgcombat.errors.LfgError` is
  reported under ``key``); nothing is built when any field is bad;
* ``default``: the value when the key is absent (or given as ``null``); a value equal to
  it is not stored and not written back;
* ``dump``: value -> plain data for the file (default: tuples and frozen mappings to lists
  and dicts, enums to their value); ``parse(dump(v)) == v`` must hold;
* ``show`` and ``label``: optionally, the stat block's row (plain text; it is escaped);
* ``attribute``: the :class:`~lfgcombat.creature.Creature` attribute that reads the value
  (default: the key), and ``rule``: the heading it implements;
* ``view``: optionally, what the attribute reads when it depends on the rest of the sheet
  (a movement line's speeds default to the creature's ``speed``);
* ``check``: optionally, the problems between the value and the other fields (a "Move
  Speed 50" that contradicts ``speed: 30``), reported with every other problem;
* ``fills``: optionally, the core keys the value gives when the file leaves them out
  (a movement line's Move Speed is the creature's ``speed``): a default never
  contradicts what the file says.

Read a value typed with ``SECTION.of(creature)``, by key with ``creature.section("key")``,
or (through ``view``) as ``creature.<attribute>``. Values are immutable:
``creature.replace(key=new)`` returns a new creature, validated the same way.

Example (a section registered only for the example's duration; a rules module calls
:func:`register_section` once, at import, and the kit imports that module in
``lfgcombat/__init__.py`` so that creature files always know the key)::

    >>> from lfgcombat.creature import Creature, CreatureError
    >>> def parse_war_cry(raw):
    ...     if not isinstance(raw, str) or not raw.strip():
    ...         raise CreatureError([("war_cry", f"{raw!r} is not a text; give the cry, "
    ...                               "e.g. war_cry: For the Hold!")])
    ...     return raw.strip()
    >>> WAR_CRY = Section("war_cry", parse_war_cry, default="", show=str, label="War cry")
    >>> with registered(WAR_CRY):  # doctest: +ELLIPSIS
    ...     orc = Creature.from_dict({"name": "Orc", "level": 1, "max_hp": 8,
    ...                               "war_cry": " Blood! "})
    ...     print(WAR_CRY.of(orc), orc.war_cry, orc.to_dict()["war_cry"])
    ...     print(orc.replace(war_cry=None).section("war_cry") == "")
    ...     for bad in ({"war_cry": 3}, {"war_cri": "x"}):
    ...         try:
    ...             orc.replace(**bad)
    ...         except CreatureError as err:
    ...             print(*err.problems[0])
    Blood! Blood! Blood!
    True
    war_cry 3 is not a text; give the cry, e.g. war_cry: For the Hold!
    war_cri unknown key; did you mean 'war_cry'? allowed keys: name, ..., war_cry

This module imports no other part of the kit: the creature modules import it.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, ItemsView, Iterable, Iterator, Mapping, ValuesView
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ..errors import LfgError

__all__ = ["Section", "SectionError", "SheetSections", "register_section",
           "unregister_section", "registered", "sections", "section_for", "plain",
           "register_ruleset_conditions", "conditions_key"]

T = TypeVar("T")
_KEY = re.compile(r"[a-z][a-z0-9_]{0,39}")


class SectionError(LfgError, ValueError):
    """A section that cannot be registered (a bad or taken key), or a parser that returned
    a mutable value: mistakes in a rules module, not in a creature file."""


def plain(value: Any) -> Any:
    """The default ``dump``: tuples to lists, mappings to dicts, enums to their value.

    Args:
        value: A section's value made of tuples, read-only mappings, enums, text,
            numbers, true/false and ``None``.

    Returns:
        The same as plain YAML/JSON data.

    Raises:
        SectionError: a value of another type (give the section a ``dump``).
    """
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise SectionError(f"a {type(value).__name__} value cannot be written to a creature "
                       "file; give its Section a dump function")


@dataclass(frozen=True, eq=False)
class Section(Generic[T]):
    """One optional key of the creature file, declared by the module owning its rule.

    Attributes:
        key: The creature file's key (``[a-z][a-z0-9_]*``, at most 40 characters).
        parse: Raw value -> immutable value; raises CreatureError (or another LfgError)
            naming the field and what to do.
        default: The value when the key is absent; never stored or written.
        dump: Value -> plain data (default :func:`plain`).
        show: Value -> the stat block's text; ``None``: not shown.
        label: The stat block row's title (default: the key, capitalised).
        attribute: The Creature attribute reading the value (default: the key).
        rule: The heading it implements (a citation, see :mod:`lfgcombat.rules.citations`).
        view: ``(creature, value) ->`` what ``creature.<attribute>`` reads, when that
            depends on the rest of the sheet (default: the value itself).
        check: ``(value, fields) ->`` ``(field, message)`` problems between this value
            and the creature's other fields (by Creature field name, ``None`` where a
            field was bad); called for a value that is not the default.
        fills: ``value ->`` ``{core file key: raw value}`` for the keys the file leaves
            out, read and checked like the file's own (a movement line's ``Move Speed
            50`` gives ``speed: 50``); called for a value that is not the default.
    """

    key: str
    parse: Callable[[Any], T]
    default: T
    dump: Callable[[T], Any] = plain
    show: Callable[[T], str] | None = None
    label: str = ""
    attribute: str = ""
    rule: str = ""
    view: Callable[[Any, T], Any] | None = None
    check: Callable[[T, Mapping[str, Any]], Iterable[tuple[str, str]]] | None = None
    fills: Callable[[T], Mapping[str, Any]] | None = None

    def __post_init__(self) -> None:
        for what, name in (("key", self.key), ("attribute", self.attribute or self.key)):
            if not isinstance(name, str) or not _KEY.fullmatch(name):
                raise SectionError(f"section {what} {name!r:.60}: lower-case letters, "
                                   "digits and _, starting with a letter, at most 40")
        _check_hashable(self.key, self.default, "default")
        if not self.attribute:
            object.__setattr__(self, "attribute", self.key)
        if not self.label:
            object.__setattr__(self, "label", self.key.replace("_", " ").capitalize())

    def read(self, raw: Any) -> T:
        """Parse a raw file value (``None`` gives the default).

        Raises:
            CreatureError: or another LfgError, from ``parse``.
            SectionError: ``parse`` returned an unhashable (mutable) value.
        """
        if raw is None:
            return self.default
        value = self.parse(raw)
        _check_hashable(self.key, value, "value")
        return value

    def of(self, creature: Any) -> T:
        """This section's value on a creature (the default when it has none), typed."""
        found: SheetSections = creature.sections
        return found.get(self.key, self.default)

    def viewed(self, creature: Any) -> Any:
        """What ``creature.<attribute>`` reads: ``view(creature, value)``, or the value."""
        value = self.of(creature)
        return value if self.view is None else self.view(creature, value)


def _check_hashable(key: str, value: Any, what: str) -> None:
    try:
        hash(value)
    except TypeError:
        raise SectionError(f"section {key!r}: the {what} {type(value).__name__} is mutable; "
                           "return a tuple, a frozen dataclass or a read-only mapping"
                           ) from None


class SheetSections(Mapping[str, Any]):
    """A creature's section values by key (read-only, hashable), each with its Section.

    Only values that differ from their section's default are kept.
    """

    __slots__ = ("_values", "_sections")

    def __init__(self, items: Iterable[tuple[Section[Any], Any]] = ()) -> None:
        self._sections: dict[str, Section[Any]] = {}
        self._values: dict[str, Any] = {}
        for section, value in items:
            if value != section.default:
                self._sections[section.key] = section
                self._values[section.key] = value

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __contains__(self, key: object) -> bool:
        return key in self._values

    def get(self, key: str, default: Any = None) -> Any:
        """The stored value of ``key``, else ``default`` (read straight from the store:
        ``Mapping.get`` raised and caught a KeyError for every key left out; issue 24,
        "Fast")."""
        return self._values.get(key, default)

    def items(self) -> ItemsView[str, Any]:
        """The stored values by key (read straight from the store: issue 24, "Fast")."""
        return self._values.items()

    def values(self) -> ValuesView[Any]:
        """The stored values (read straight from the store)."""
        return self._values.values()

    def __hash__(self) -> int:
        return hash(frozenset(self._values.items()))

    def __repr__(self) -> str:
        return f"SheetSections({self._values!r})"

    def section(self, key: str) -> Section[Any]:
        """The :class:`Section` a stored value was read by."""
        return self._sections[key]

    def dumped(self) -> dict[str, Any]:
        """Every stored value as plain data for the file, by key."""
        return {k: self._sections[k].dump(v) for k, v in self._values.items()}

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by key (a Section may hold lambdas): the worker process of a local pool
        or a Dask cluster finds each section in its own registry."""
        return (_unpickle_sections, (tuple(self._values.items()),))


def _unpickle_sections(items: tuple[tuple[str, Any], ...]) -> SheetSections:
    import lfgcombat  # noqa: F401 - every module registering a section
    return SheetSections((_REGISTRY[k], v) for k, v in items)


# --------------------------------------------------------------------------- the registry

_REGISTRY: dict[str, Section[Any]] = {}
#: The sections by the attribute they are read as (made again from the registry whenever
#: a section is registered or forgotten).
_BY_ATTRIBUTE: dict[str, Section[Any]] = {}
_RESERVED: set[str] = set()


#: A ruleset with a condition list of its own -> the section keeping a creature's
#: conditions by that list (classic: ``classic_conditions``).
_OWN_CONDITIONS: dict[str, str] = {}


def register_ruleset_conditions(ruleset: str, key: str) -> None:
    """The creature file's ``conditions`` of a creature written only for ``ruleset`` are
    that ruleset's, kept by the registered section ``key`` (and written back as
    ``conditions``): "A creature written for a ruleset takes that ruleset's conditions"."""
    _OWN_CONDITIONS[ruleset] = key


def conditions_key(rulesets: Iterable[str]) -> str | None:
    """The section that reads the ``conditions`` of a creature written for ``rulesets``:
    one of a ruleset's own list when every ruleset named has that same list (``None``:
    lfg's list, read by the creature itself; no ``ruleset`` means lfg's too)."""
    keys = {_OWN_CONDITIONS.get(r) for r in rulesets}
    return keys.pop() if len(keys) == 1 else None


def own_condition_keys() -> tuple[str, ...]:
    """The sections registered as a ruleset's conditions."""
    return tuple(_OWN_CONDITIONS.values())


def sections() -> tuple[Section[Any], ...]:
    """Every registered section, in registration order."""
    return tuple(_REGISTRY.values())


def section_for(key: str) -> Section[Any] | None:
    """The registered section of a creature file key, or ``None``."""
    return _REGISTRY.get(key)


def by_attribute(name: str) -> Section[Any] | None:
    """The registered section read as ``creature.<name>``, or ``None``."""
    if len(_BY_ATTRIBUTE) != len(_REGISTRY):  # registered or forgotten since
        _BY_ATTRIBUTE.clear()
        _BY_ATTRIBUTE.update((s.attribute, s) for s in _REGISTRY.values())
    return _BY_ATTRIBUTE.get(name)


def reserve(names: Iterable[str]) -> None:
    """Keep core keys and Creature attributes from being taken by a section.

    Called by the creature modules when they load.

    Raises:
        SectionError: a registered section already uses one of the names.
    """
    names = set(names)
    taken = [s.key for s in _REGISTRY.values() if {s.key, s.attribute} & names]
    if taken:
        raise SectionError(f"sections {taken} use names of the core creature")
    _RESERVED.update(names)


def register_section(section: Section[Any]) -> Section[Any]:
    """Make a section known to the creature file loader, ``to_dict`` and the stat block.

    Registering the same key again from the module that registered it (a reload)
    replaces it.

    Args:
        section: The section.

    Returns:
        The section, so that a module can write ``SKILLS = register_section(Section(...))``.

    Raises:
        SectionError: the key or attribute is a core key or Creature attribute, or
            another module's section has it.
    """
    for name in {section.key, section.attribute}:
        if name in _RESERVED:
            raise SectionError(f"section {section.key!r}: {name!r} is a core key or "
                               "Creature attribute; choose another name")
    for other in _REGISTRY.values():
        same_owner = other.key == section.key and \
            getattr(other.parse, "__module__", None) == getattr(section.parse, "__module__", 1)
        if not same_owner and {other.key, other.attribute} & {section.key, section.attribute}:
            raise SectionError(f"section {section.key!r}: its key or attribute is taken by "
                               f"the section {other.key!r} ({other.rule or 'no rule given'})")
    _REGISTRY[section.key] = section
    _BY_ATTRIBUTE.clear()
    return section


def unregister_section(key: str) -> None:
    """Forget a registered section (for tests); unknown keys are ignored."""
    _REGISTRY.pop(key, None)
    _BY_ATTRIBUTE.clear()


@contextmanager
def registered(*added: Section[Any]) -> Iterator[None]:
    """Register sections for the duration of a ``with`` block (tests, examples).

    Raises:
        SectionError: as :func:`register_section`.
    """
    done: list[str] = []
    try:
        for section in added:
            register_section(section)
            done.append(section.key)
        yield
    finally:
        for key in done:
            unregister_section(key)
