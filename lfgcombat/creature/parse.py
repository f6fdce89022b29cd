"""Reading a creature mapping (from YAML, JSON or a caller): every field checked, every
problem collected, nothing built until all are right.

Used by :class:`lfgcombat.creature.Creature` (``from_dict``, the constructor, ``replace``),
which re-exports :class:`CreatureError` (the error every bad creature raises).
Rules checked here: ability scores of 0 (inferred creature types), "Bleed X" (X at most
the level), "Healing lost HP" (current HP at most the max), "Temporary Hit Points
(TempHP)" (at most 25% of max HP), "NPC & Enemy Death" (a monster without ``kind`` is an
``npc``); weapon entries are checked for their dice, damage types, numbers and flags
(000_8d1d7816ee944f3b.txt, "How do I read or write the damage for an attack or spell?").
Weapon entries are checked as the attack rules will read them: unknown keys, ``crit``,
``hands``, ``attack_type``, ``use``, ``traits``, ``material``
(:func:`lfgcombat.rules.weapons.entry_problems`), wounds' ``energy`` dice, and reach and
range increments in whole 5-ft hexes ("Each hexagon (hex) on the Battle Map represents a
distance of 5 feet", "COMBAT GAMEPLAY – OVERVIEW"). A section may give a core key the file
leaves out (a movement line's Move Speed is the ``speed``): a default never contradicts
what the file says.
Problems are ``(field, message)`` pairs; values in messages are shortened
(:func:`lfgcombat.io.datafile.short`), so a 5,000-digit number or a 100 MB text is never
printed, and a whole number of more than 30 digits anywhere in the mapping is refused
first (as the file reader refuses it).
"""

from __future__ import annotations

import difflib
import enum
from collections.abc import Iterable, Mapping
from typing import Any

from ..rules.weapons import ENTRY_KEYS, entry_problems
from ..rules.bonuses import Bonus, BonusError
from ..rules.citations import cite as _cite
from .combat_stats import (ABILITIES, BONUS_TARGETS, MAX_ABILITY, MAX_LEVEL,
                           ZERO_ABILITY_ALLOWED, Abilities, Armor, CreatureType, FrozenMap,
                           HRProgression, Kind, SaveRatings, _ABILITY_FIELDS, _class_rows,
                           _freeze)
from ..rules.conditions.conditions import (Affliction, Condition, ConditionError, bleed_cap,
                                           stack_afflictions)
from .sections import (SectionError, SheetSections, conditions_key, own_condition_keys, reserve,
                       section_for, sections)
from ..rules.damage import DamageError, Resistances, parse_damage
from ..io.datafile import MAX_INT_DIGITS, DataFileError, check_depth, short
from ..errors import DiceError, LfgError
from ..dice.notation import parse as dice_parse
from .size import Size
from .stats import StatBonus
from ..rulesets.wounds.riders import ENERGY_KEY, parse_energy

__all__ = ["KEYS", "MAX_NOTES", "MAX_TEXT", "MAX_GEAR_NUMBER", "parse_creature",
           "CreatureError"]


class CreatureError(LfgError, ValueError):
    """A creature with bad, unknown or out-of-range fields.

    Attributes:
        problems: ``(field, message)`` for every bad field (``abilities.con``,
            ``conditions[2]``, ...).
        fields: Just the field names.
    """

    def __init__(self, problems: Iterable[tuple[str, str]], what: str = "creature") -> None:
        self.problems: tuple[tuple[str, str], ...] = tuple(problems)
        self.fields: tuple[str, ...] = tuple(f for f, _ in self.problems)
        n = len(self.problems)
        lines = [f"invalid {what}: {n} bad field{'s' if n != 1 else ''}"]
        lines += [f"  {f}: {m}" for f, m in self.problems]
        super().__init__("\n".join(lines))


# --------------------------------------------------------------------------- parsing

#: Every key a creature mapping may have.
KEYS: tuple[str, ...] = (
    "name", "class", "level", "abilities", "size", "armor", "shield_rating", "natural_armor",
    "speed", "kind", "creature_type", "max_hp", "current_hp", "temp_hp",
    "initiative_rating", "reactions", "save_ratings", "hr_progression", "reach", "weapons",
    "resistances", "conditions", "bonuses", "example", "notes")
reserve(KEYS)
_FIELD_OF_KEY = {"class": "character_class", "max_hp": "max_hp_override",
                 "reach": "reach_override"}
_KEY_OF_FIELD = {v: k for k, v in _FIELD_OF_KEY.items()}


def _hint(word: Any, options: Iterable[str]) -> str:
    if not isinstance(word, str) or len(word) > 100:
        return ""
    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}? " if close else ""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Parser:
    """Reads a creature mapping, collecting every problem before giving up."""

    def __init__(self) -> None:
        self.problems: list[tuple[str, str]] = []

    def bad(self, where: str, message: str) -> None:
        self.problems.append((where, message))

    def int_(self, where: str, value: Any, lo: int, hi: int, step: int = 1) -> int | None:
        if not _is_int(value):
            self.bad(where, f"{short(value)} is not a whole number; allowed: {lo} to {hi}"
                     + (f" in steps of {step}" if step > 1 else ""))
            return None
        if not lo <= value <= hi or value % step:
            self.bad(where, f"{short(value)} is out of range; allowed: {lo} to {hi}"
                     + (f" in steps of {step}" if step > 1 else ""))
            return None
        return value

    def text(self, where: str, value: Any, required: bool = False,
             max_len: int = 200) -> str | None:
        if value is None and not required:
            return None
        if not isinstance(value, str) or not value.strip():
            self.bad(where, f"{short(value)} is not a non-empty text")
            return None
        if len(value) > max_len:
            self.bad(where, f"a text of {len(value):,} characters; at most {max_len:,}")
            return None
        return value

    def enum(self, where: str, value: Any, cls: type[enum.Enum]) -> Any:
        try:
            if hasattr(cls, "coerce"):
                return cls.coerce(value)
            return cls(value.strip().lower() if isinstance(value, str) else value)
        except (ValueError, AttributeError):
            allowed = [m.value for m in cls]
            self.bad(where, f"unknown value {short(value)}; {_hint(value, allowed)}allowed: "
                     + ", ".join(allowed))
            return None

    def mapping(self, where: str, value: Any, keys: Iterable[str]) -> Mapping | None:
        keys = list(keys)
        if not isinstance(value, Mapping):
            self.bad(where, f"expected a mapping with keys {', '.join(keys)}, got {short(value)}")
            return None
        ok = True
        for k in value:
            if k not in keys:
                name = k[:MAX_TEXT] if isinstance(k, str) else short(k)
                self.bad(f"{where}.{name}", f"unknown key; {_hint(k, keys)}allowed keys: "
                         + ", ".join(keys))
                ok = False
        return value if ok else {k: v for k, v in value.items() if k in keys}


#: The longest ``notes`` text kept (characters); other texts (names, weapon names,
#: conditions) are at most :data:`MAX_TEXT`.
MAX_NOTES = 20_000
MAX_TEXT = 200
#: The largest resistance value and weapon number (reach, range, enhancement) accepted.
MAX_GEAR_NUMBER = 1_000
#: Keys a weapon entry's number / true-false / dice values are checked under here; the
#: attack rules (:func:`lfgcombat.rules.attacks.resolve_weapon`) read the entry in full. Its
#: distances are whole hexes: "Each hexagon (hex) on the Battle Map represents a distance
#: of 5 feet" (000_8d1d7816ee944f3b.txt, "COMBAT GAMEPLAY – OVERVIEW"; "Multiply the
#: number of hexes by 5, and that's the distance in feet!", "Using the Battle Map –
#: Measuring Distance in Combat"), as a creature's ``speed`` and ``reach`` are.
_WEAPON_NUMBERS = ("range_increment", "reach", "enhancement", "strength_rating", "count")
_WEAPON_DISTANCES = ("range_increment", "reach")
_WEAPON_FLAGS = ("natural", "ranged", "masterwork", "magic", "finesse", "loaded")


def _parse(d: Any) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """Turn a creature mapping into field values; collect every problem."""
    p = _Parser()
    if not isinstance(d, Mapping):
        p.bad("(creature)", f"expected a mapping with keys such as name, class, level, "
              f"abilities; got {type(d).__name__}")
        return {}, p.problems
    try:
        check_depth(dict(d), "(creature)")
    except DataFileError as exc:
        p.bad("(creature)", str(exc).split(": ", 1)[-1])
        return {}, p.problems
    for where, value in _huge_numbers(dict(d), ""):
        p.bad(where, f"{short(value)}; a whole number has at most {MAX_INT_DIGITS} digits "
              "(as in a creature file)")
    if p.problems:  # every field's own check would print or convert it
        return {}, p.problems
    f: dict[str, Any] = {}
    sp = _Parser()  # its problems are reported after the core keys', as before
    own = _own_conditions_key(d)
    for key in own_condition_keys():
        if d.get(key) and key != own:
            sp.bad(key, "a ruleset's own conditions are read from conditions: in a file "
                  "written for that ruleset alone (e.g. ruleset: classic); write them as "
                  "conditions there")
    if own is not None and "conditions" in d and own not in d:  # its own list reads them
        d = {**{k: v for k, v in d.items() if k != "conditions"}, own: d["conditions"]}
    found = _parse_sections(d, sp)
    filled = _filled_keys(d, found)
    if filled:
        d = {**d, **{key: value for key, (_, value) in filled.items()}}
    _parse_keys(d, f, p)
    _parse_identity(d, f, p)
    _parse_defense(d, f, p)
    _parse_numbers(d, f, p)
    _blame_sections(filled, p)
    f["weapons"] = _parse_weapons(d.get("weapons", []), p)
    f["resistances"] = _parse_resistances(d.get("resistances", {}), p)
    f["_conditions"] = _parse_conditions(d.get("conditions", []), p)
    f["bonuses"] = _parse_bonuses(d.get("bonuses", []), p)
    example = d.get("example", False)
    if not isinstance(example, bool):
        p.bad("example", f"expected true or false, got {short(example)}")
        example = False
    f["example"] = example
    f["notes"] = p.text("notes", d.get("notes"), max_len=MAX_NOTES)
    f["sections"] = found
    p.problems.extend(sp.problems)
    _cross_check(f, p)
    _check_sections(f, p)
    return f, p.problems


def _own_conditions_key(d: Mapping) -> str | None:
    """The section reading ``conditions`` of a file written only for a ruleset with its
    own condition list (:func:`lfgcombat.creature.sections.conditions_key`); a bad
    ``ruleset`` is reported by its own section."""
    section = section_for("ruleset")
    if section is None or d.get("ruleset") is None:
        return None
    try:
        names = section.read(d["ruleset"])
    except LfgError:
        return None
    return conditions_key(names) if names else None


_HUGE = 10 ** MAX_INT_DIGITS


def _huge_numbers(item: Any, where: str) -> Iterable[tuple[str, int]]:
    """``(field, number)`` for each whole number of more than :data:`MAX_INT_DIGITS`
    digits in a creature mapping (the file reader refuses them; a caller's mapping may
    hold one). The mapping's depth and size are checked first (``check_depth``)."""
    if isinstance(item, int) and not isinstance(item, bool):
        if abs(item) >= _HUGE:
            yield where or "(creature)", item
    elif isinstance(item, dict):
        for key, value in item.items():
            name = key[:MAX_TEXT] if isinstance(key, str) else short(key)
            yield from _huge_numbers(key, where or "(creature)")
            yield from _huge_numbers(value, f"{where}.{name}" if where else name)
    elif isinstance(item, (list, tuple)):
        for i, value in enumerate(item):
            yield from _huge_numbers(value, f"{where}[{i}]")


def _parse_keys(d: Mapping, f: dict[str, Any], p: _Parser) -> None:
    """Unknown keys, with "did you mean"; a misspelt ``class``/``max_hp`` is remembered so
    that it does not also raise "a creature without a class needs max_hp"."""
    allowed = KEYS + tuple(s.key for s in sections())
    for key in d:
        if key not in allowed:
            hint = _hint(key, allowed)
            p.bad(short(key) if not isinstance(key, str) else key[:MAX_TEXT],
                  f"unknown key; {hint}allowed keys: " + ", ".join(allowed))
            if hint in ("did you mean 'class'? ", "did you mean 'max_hp'? "):
                f["_class_bad"] = True


def _parse_sections(d: Mapping, p: _Parser) -> SheetSections:
    """The keys of the registered sections (:mod:`lfgcombat.creature.sections`), each read
    by its own parser; a parser's CreatureError problems are kept as they are, any other
    LfgError is reported under the key."""
    items = []
    for section in sections():
        if section.key not in d:
            continue
        try:
            items.append((section, section.read(d[section.key])))
        except SectionError:  # a mutable value: a mistake in the rules module
            raise
        except CreatureError as exc:
            p.problems.extend(exc.problems)
        except LfgError as exc:
            p.bad(section.key, str(exc)[:500])
    return SheetSections(items)


def _filled_keys(d: Mapping, found: SheetSections) -> dict[str, tuple[str, Any]]:
    """``{core key: (section key, raw value)}``: the core keys the file leaves out that a
    section's value gives (a movement line's Move Speed is the ``speed``: a default never
    contradicts what the file says)."""
    filled: dict[str, tuple[str, Any]] = {}
    for key, value in found.items():
        fills = found.section(key).fills
        for core, raw in (fills(value) if fills is not None else {}).items():
            if core in KEYS and core not in d and core not in filled:
                filled[core] = (key, raw)
    return filled


def _blame_sections(filled: Mapping[str, tuple[str, Any]], p: _Parser) -> None:
    """A problem with a core key a section gave is reported under the section's key."""
    for i, (where, message) in enumerate(p.problems):
        if where in filled:
            key = filled[where][0]
            p.problems[i] = (key, f"gives {where} (the file has no {where}:): {message}")


def _check_sections(f: dict[str, Any], p: _Parser) -> None:
    """Each stored section value against the other fields (its section's ``check``)."""
    found: SheetSections = f["sections"]
    for key, value in found.items():
        check = found.section(key).check
        if check is not None:
            for where, message in check(value, f):
                p.bad(where, message)


def _parse_identity(d: Mapping, f: dict[str, Any], p: _Parser) -> None:
    """name, level, class, abilities, size, kind, creature type."""
    f["name"] = p.text("name", d.get("name"), required=True)
    if "level" not in d:
        p.bad("level", f"missing; a whole number from 0 to {MAX_LEVEL}")
        f["level"] = None
    else:
        f["level"] = p.int_("level", d["level"], 0, MAX_LEVEL)
    cls = d.get("class")
    if cls is not None:
        classes = list(_class_rows())
        key = cls.strip().lower() if isinstance(cls, str) else cls
        if key not in classes:
            p.bad("class", f"unknown class {short(cls)}; {_hint(key, classes)}allowed: "
                  + ", ".join(classes) + " (or leave it out for a monster)")
            cls = None
            f["_class_bad"] = True
        else:
            cls = key
    f["character_class"] = cls
    ab = p.mapping("abilities", d.get("abilities", {}), ABILITIES)
    f["_scores"] = {k: p.int_(f"abilities.{k}", (ab or {}).get(k, 10), 0, MAX_ABILITY)
                    for k in ABILITIES}
    f["size"] = p.enum("size", d.get("size", "medium"), Size)
    # "NPC & Enemy Death": basic monsters die at -Level HP, like NPCs and goons.
    default_kind = "pc" if cls is not None or f.get("_class_bad") else "npc"
    f["kind"] = p.enum("kind", d.get("kind", default_kind), Kind)
    f["creature_type"] = p.enum("creature_type", d.get("creature_type", "living"),
                                CreatureType)
    f["hr_progression"] = (None if d.get("hr_progression") is None
                           else p.enum("hr_progression", d["hr_progression"], HRProgression))


def _parse_defense(d: Mapping, f: dict[str, Any], p: _Parser) -> None:
    """armor, shield, natural armor, save ratings."""
    armor = d.get("armor", {})
    if _is_int(armor):
        armor = {"rating": armor}
    am = p.mapping("armor", armor, ("rating", "vs_crit", "name"))
    f["armor"] = None
    if am is not None:
        rating = p.int_("armor.rating", am.get("rating", 0), 0, 30)
        vs_crit = p.int_("armor.vs_crit", am.get("vs_crit", rating if rating is not None
                                                 else 0), 0, 30)
        name = p.text("armor.name", am.get("name"))
        if rating is not None and vs_crit is not None:
            f["armor"] = Armor(rating, vs_crit, name)
    f["shield_rating"] = p.int_("shield_rating", d.get("shield_rating", 0), 0, 20)
    f["natural_armor"] = p.int_("natural_armor", d.get("natural_armor", 0), 0, 30)
    sr = d.get("save_ratings")
    f["save_ratings"] = None
    sm = None if sr is None else p.mapping("save_ratings", sr, ("fort", "ref", "will"))
    if sm is not None:
        vals: dict[str, Any] = {}
        for k in ("fort", "ref", "will"):
            if k not in sm:
                p.bad(f"save_ratings.{k}", "missing; give all three of fort, ref, will "
                      "(or leave save_ratings out to use the class's)")
            else:
                vals[k] = p.int_(f"save_ratings.{k}", sm[k], -10, 50)
        if len(vals) == 3 and None not in vals.values():
            f["save_ratings"] = SaveRatings(**vals)


def _parse_numbers(d: Mapping, f: dict[str, Any], p: _Parser) -> None:
    """speed, HP, initiative, reactions, reach."""
    f["speed"] = p.int_("speed", d.get("speed", 30), 0, 300, step=5)
    f["max_hp_override"] = None
    if d.get("max_hp") is not None:
        f["max_hp_override"] = p.int_("max_hp", d["max_hp"], 1, 100_000)
        if f["max_hp_override"] is None:  # said once, not also "needs max_hp"
            f["_class_bad"] = True
    f["current_hp"] = (None if d.get("current_hp") is None
                       else p.int_("current_hp", d["current_hp"], -100_000, 100_000))
    f["temp_hp"] = p.int_("temp_hp", d.get("temp_hp", 0), 0, 100_000)
    f["initiative_rating"] = p.int_("initiative_rating", d.get("initiative_rating", 0),
                                    -20, 50)
    f["reactions"] = p.int_("reactions", d.get("reactions", 1), 1, 5)
    f["reach_override"] = (None if d.get("reach") is None
                           else p.int_("reach", d["reach"], 0, 100, step=5))


def _parse_weapons(weapons: Any, p: _Parser) -> tuple[Any, ...]:
    """The ``weapons`` list: names, or entries whose name, dice, damage type, numbers and
    true/false values are checked now, not first at attack time."""
    if not isinstance(weapons, (list, tuple)):
        p.bad("weapons", f"expected a list, got {short(weapons)}")
        return ()
    before = len(p.problems)
    for i, w in enumerate(weapons):
        _check_weapon(f"weapons[{i}]", w, p)
    if len(p.problems) > before:
        return ()
    return _freeze(list(weapons), "weapons", p.problems)


def _check_weapon(where: str, w: Any, p: _Parser) -> None:
    """One ``weapons`` entry: a name, or a mapping with a name and well-formed values."""
    if isinstance(w, str):
        p.text(where, w, required=True, max_len=MAX_TEXT)
        return
    if not isinstance(w, Mapping):
        p.bad(where, f"expected a weapon name such as longsword or a mapping such as "
              f"{{name: claw, damage: 1d6, damage_type: s}}, got {short(w)}")
        return
    for key in w:
        if key not in ENTRY_KEYS:
            name = key[:MAX_TEXT] if isinstance(key, str) else short(key)
            p.bad(f"{where}.{name}", f"unknown key; {_hint(key, ENTRY_KEYS)}allowed keys: "
                  + ", ".join(ENTRY_KEYS))
    p.text(f"{where}.name", w.get("name"), required=True, max_len=MAX_TEXT)
    _check_weapon_damage(where, w, p)
    _check_weapon_values(where, w, p)


def _check_weapon_values(where: str, w: Mapping, p: _Parser) -> None:
    """A weapon entry's numbers (distances in whole hexes), true/false values, the values
    the attack rules choose from (crit, hands, attack_type, use...) and wounds' energy."""
    for key in _WEAPON_NUMBERS:
        if w.get(key) is not None:
            p.int_(f"{where}.{key}", w[key], 0, MAX_GEAR_NUMBER,
                   step=5 if key in _WEAPON_DISTANCES else 1)
    for key in _WEAPON_FLAGS:
        if key in w and not isinstance(w[key], bool):
            p.bad(f"{where}.{key}", f"expected true or false, got {short(w[key])}")
    for key, message in entry_problems(w):
        p.bad(f"{where}.{key}", message)
    if ENERGY_KEY in w:  # wounds' energy dice, read only there: checked for every ruleset
        try:
            parse_energy(w[ENERGY_KEY], where)
        except LfgError as exc:
            p.bad(f"{where}.{ENERGY_KEY}", str(exc).removeprefix(f"{where}.{ENERGY_KEY}: "))


def _check_weapon_damage(where: str, w: Mapping, p: _Parser) -> None:
    """A weapon entry's ``damage`` dice, ``damage_type`` and ``extra`` damage (read as the
    attack rules will: "How do I read or write the damage for an attack or spell?")."""
    if "damage" in w:
        dmg = w["damage"]
        if not (_is_int(dmg) or isinstance(dmg, str) and len(dmg) <= MAX_TEXT):
            p.bad(f"{where}.damage", f"expected dice such as 1d8+2, got {short(dmg)}")
        else:
            try:
                dice_parse(dmg)
            except DiceError as exc:
                p.bad(f"{where}.damage", str(exc).splitlines()[0])
    for key in ("damage_type", "extra"):
        if key not in w:
            continue
        items = w[key] if key == "extra" and isinstance(w[key], (list, tuple)) else [w[key]]
        for item in items:
            if not isinstance(item, str) or len(item) > MAX_TEXT:
                p.bad(f"{where}.{key}", f"expected text such as "
                      f"{'s' if key == 'damage_type' else '1d6 [fire]'}, got {short(item)}")
                continue
            try:
                parse_damage(f"1 [{item}]" if key == "damage_type" else item)
            except (DamageError, DiceError) as exc:
                p.bad(f"{where}.{key}", str(exc).splitlines()[0])


def _parse_resistances(res: Any, p: _Parser) -> FrozenMap:
    if not isinstance(res, Mapping):
        p.bad("resistances", f"expected a mapping (e.g. {{fire: 5}}), got {short(res)}")
        return FrozenMap()
    big = [k for k, v in res.items() if _is_int(v) and v > MAX_GEAR_NUMBER]
    for k in big:
        p.bad(f"resistances.{short(k) if not isinstance(k, str) else k[:MAX_TEXT]}",
              f"{short(res[k])} is out of range; allowed: 0 to {MAX_GEAR_NUMBER}")
    if big:
        return FrozenMap()
    try:  # the damage rules read them: refuse what they could not
        Resistances.from_dict(res)
    except DamageError as err:
        p.bad("resistances", str(err)[:500])
        return FrozenMap()
    return _freeze(res, "resistances", p.problems)


def _parse_conditions(conds: Any, p: _Parser) -> list[Affliction]:
    parsed: list[Affliction] = []
    if isinstance(conds, (str, Mapping)) or not isinstance(conds, (list, tuple)):
        p.bad("conditions", f"expected a list such as [prone, bleed 2], got {short(conds)}")
        return parsed
    for i, c in enumerate(conds):
        if isinstance(c, str) and len(c) > MAX_TEXT:
            p.bad(f"conditions[{i}]", f"a condition of {len(c):,} characters; at most "
                  f"{MAX_TEXT}")
            continue
        known = _READ_CONDITIONS.get(c) if type(c) is str else None
        if known is not None:
            parsed.append(known)
            continue
        try:
            parsed.append(Affliction.parse(c))
        except ConditionError as exc:
            p.bad(f"conditions[{i}]", str(exc)[:500] + _own_condition_hint(c))
            continue
        if type(c) is str:
            if len(_READ_CONDITIONS) >= _READ_CONDITIONS_MAX:
                _READ_CONDITIONS.clear()
            _READ_CONDITIONS[c] = parsed[-1]
    return parsed


#: Condition texts read (``"bleed 2"``, ``"prone"``) and the frozen :class:`Affliction` each
#: reads as, by the lfg table (issue 24, "Fast": every strike wrote a creature's conditions
#: as text and read them again); a refused text is not kept.
_READ_CONDITIONS: dict[str, Affliction] = {}
_READ_CONDITIONS_MAX = 4096


def _own_condition_hint(name: Any) -> str:
    """A hint when an unknown lfg condition is a classic one (002_2a3a79475ca2a541.txt,
    "Conditions"): a file written for classic alone takes classic conditions."""
    section = section_for("classic_conditions")
    if section is None or not isinstance(name, str):
        return ""
    try:
        section.read([name])
    except LfgError:
        return ""
    return (f"; {name!r:.40} is a classic condition: a file written for classic alone "
            "(ruleset: classic) takes classic conditions (in code: "
            "replace(classic_conditions=[...]))")


def _parse_bonuses(bonuses: Any, p: _Parser) -> tuple[StatBonus, ...]:
    parsed: list[StatBonus] = []
    if not isinstance(bonuses, (list, tuple)):
        p.bad("bonuses", f"expected a list of {{to, value, type, source}}, got {short(bonuses)}")
        return ()
    for i, b in enumerate(bonuses):
        where = f"bonuses[{i}]"
        bm = p.mapping(where, b, ("to", "value", "type", "source"))
        if bm is None:
            continue
        target = bm.get("to")
        if target not in BONUS_TARGETS:
            p.bad(f"{where}.to", f"unknown statistic {short(target)}; "
                  f"{_hint(target, BONUS_TARGETS)}allowed: " + ", ".join(BONUS_TARGETS))
            continue
        value: Any = bm.get("value")
        source = bm.get("source")
        if isinstance(source, str) and len(source) > MAX_TEXT:
            p.bad(f"{where}.source", f"a text of {len(source):,} characters; at most "
                  f"{MAX_TEXT}")
            continue
        if target == "speed" and _is_int(value) and value % 5:  # whole hexes, as speed:
            p.bad(f"{where}.value", f"{value} ft to speed; a speed changes in steps of 5 ft "
                  "(a hex is 5 feet)")
            continue
        if _is_int(value) and abs(value) > MAX_GEAR_NUMBER:
            p.bad(f"{where}.value", f"{short(value)} is out of range; allowed: "
                  f"-{MAX_GEAR_NUMBER} to {MAX_GEAR_NUMBER}")
            continue
        try:
            parsed.append(StatBonus(target, Bonus(value, bm.get("type"), bm.get("source"))))
        except BonusError as exc:
            p.bad(where, str(exc)[:500])
    return tuple(parsed)


def _cross_check(f: dict[str, Any], p: _Parser) -> None:
    """Checks between fields, made only when the fields involved are valid."""
    scores = f.pop("_scores")
    _check_zero_abilities(scores, f["creature_type"], p)
    f["abilities"] = (Abilities(**{_ABILITY_FIELDS[k]: v for k, v in scores.items()})
                      if None not in scores.values() else None)
    class_bad = f.pop("_class_bad", False)
    if f["character_class"] is None and f["max_hp_override"] is None and not class_bad:
        p.bad("max_hp", "a creature without a class (a monster) needs max_hp: monster HP "
              "\"are calculated based on Monster Level & Monster Role\" (Hit Points, Ch15.1); "
              "without a kind it is then a basic monster, kind npc, which dies at -level HP "
              f"({_cite('NPC & Enemy Death')}); give kind: boss for the PC rules of dying")
    conds = f.pop("_conditions")
    level = f["level"]
    f["conditions"] = _checked_conditions(conds, level, p) if level is not None else ()
    # HP bounds need max HP, which needs class, level and CON.
    if f["abilities"] is not None and level is not None and not class_bad:
        max_hp = _max_hp_value(f["character_class"], level, f["abilities"].mod("con"),
                               f["max_hp_override"])
        if max_hp is not None:
            _check_hp_bounds(f["current_hp"], f["temp_hp"], max_hp, p)


def _check_zero_abilities(scores: dict[str, Any], ctype: Any, p: _Parser) -> None:
    """An ability score of 0 only for the creature types allowed one (ZERO_ABILITY_ALLOWED)."""
    for k, v in scores.items():
        if v == 0 and ctype is not None:
            allowed = ZERO_ABILITY_ALLOWED.get(k, frozenset())
            if ctype not in allowed:
                who = (" and ".join(sorted(t.value for t in allowed)) + " creatures"
                       if allowed else "no creature")
                p.bad(f"abilities.{k}", f"0 is allowed only for {who}; a {ctype.value} "
                      f"creature needs 1 to {MAX_ABILITY}")


def _checked_conditions(conds: list[Affliction], level: int, p: _Parser
                        ) -> tuple[Affliction, ...]:
    """Bleed X at most the level ("Bleed X"), then the afflictions stacked."""
    for i, a in enumerate(conds):
        if (a.condition is Condition.BLEED and a.value is not None
                and a.value > bleed_cap(level)):
            p.bad(f"conditions[{i}]", f"bleed {a.value} on a level {level} creature: "
                  f"X cannot be greater than the creature's level "
                  f"({_cite('Bleed X')}); at most bleed {bleed_cap(level)}")
    return stack_afflictions(conds, level)


def _check_hp_bounds(cur: int | None, temp: int | None, max_hp: int, p: _Parser) -> None:
    """Current HP at most the max, Temporary HP at most 25% of it."""
    if cur is not None and cur > max_hp:
        p.bad("current_hp", f"{cur} is more than the max HP {max_hp}: \"Healing can "
              f"never bring your HP above your HP Maximum\" ({_cite('Healing lost HP')})")
    cap = max_hp // 4
    if temp is not None and temp > cap:
        p.bad("temp_hp", f"{temp} is more than 25% of the max HP {max_hp} "
              f"({cap}): \"You may never have more Temporary HP than 25% of your "
              f"Maximum HP\" ({_cite('Temporary Hit Points (TempHP)')})")


def _max_hp_value(cls: str | None, level: int, con_mod: int, override: int | None
                  ) -> int | None:
    if override is not None:
        return override
    if cls is None:
        return None
    per_level = max(1, _class_rows()[cls]["hp_per_level"] + con_mod)
    return per_level * level + 2


def parse_creature(d: Any) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """Read a creature mapping.

    Args:
        d: The mapping (keys from :data:`KEYS`).

    Returns:
        ``(fields, problems)``: the Creature's field values, and every ``(field,
        message)`` problem found (empty when the creature is valid).
    """
    return _parse(d)



#: The keys :func:`vital_changes` checks alone (what play changes, an encounter's effects'
#: bonuses included: issue 24, "Fast").
VITAL_KEYS = frozenset({"current_hp", "temp_hp", "conditions", "bonuses"})


def vital_changes(fields: Mapping[str, Any], changes: Mapping[str, Any]
                  ) -> dict[str, Any] | None:
    """A valid creature's ``current_hp``, ``temp_hp``, ``conditions`` and ``bonuses``
    changed, read and checked as :func:`_parse` reads them (the same helpers: ranges, Bleed
    X at most the level, the afflictions stacked, the typed bonuses, HP at most the max,
    Temporary HP at most 25% of it, the sections' checks), without reading the rest of the
    creature again.

    Args:
        fields: The creature's field values (every other field is valid as it stands).
        changes: Some of :data:`VITAL_KEYS`, as :meth:`Creature.replace` takes them.

    Returns:
        The changed field values, or ``None`` when a change is refused or removes a key
        (the caller then reads the whole creature, which says what is wrong).
    """
    if any(changes[k] is None for k in changes if k != "current_hp"):
        return None  # a key removed: the whole creature is read
    p = _Parser()
    out = _vital_values(changes, fields["level"], p)
    if p.problems:
        return None
    f = {**fields, **out}
    max_hp = _max_hp_value(f["character_class"], f["level"], f["abilities"].mod("con"),
                           f["max_hp_override"])
    if max_hp is not None:
        _check_hp_bounds(f["current_hp"], f["temp_hp"], max_hp, p)
    _check_sections(f, p)
    return None if p.problems else out


def sections_accept(fields: dict[str, Any]) -> bool:
    """Whether every stored section of a creature with these field values passes its
    section's check (the checks :func:`vital_changes` runs; :meth:`Creature._with_hp`
    asks them of a change of HP)."""
    p = _Parser()
    _check_sections(fields, p)
    return not p.problems


def _vital_values(changes: Mapping[str, Any], level: int, p: _Parser) -> dict[str, Any]:
    """:func:`vital_changes`' values read one by one (problems noted in ``p``)."""
    out: dict[str, Any] = {}
    if "current_hp" in changes:
        cur = changes["current_hp"]
        out["current_hp"] = None if cur is None else p.int_("current_hp", cur, -100_000,
                                                            100_000)
    if "temp_hp" in changes:
        out["temp_hp"] = p.int_("temp_hp", changes["temp_hp"], 0, 100_000)
    if "conditions" in changes:
        conds = _parse_conditions(changes["conditions"], p)
        if not p.problems:
            out["conditions"] = _checked_conditions(conds, level, p)
    if "bonuses" in changes:
        out["bonuses"] = _parse_bonuses(changes["bonuses"], p)
    return out
