"""Special abilities: the four types, the ability line, and the Spell-Like Ability rules.

000_8d1d7816ee944f3b.txt, "Special Abilities – 4 Different Types":

* Natural ("Any ability that does not have a parenthetical indicator is assumed to be
  Natural"; 000_8d1d7816ee944f3b.txt, "Natural:" the creature's physical form), Extraordinary
  (Ex), Supernatural (Su), Spell-Like Abilities (SLA).
* Su: "If you must use an Action to Activate a Su Ability, you may only do so once per round."
  "Taking damage while attempting to activate a Natural/Su/Ex ability does not cause the
  ability to fail." "You may use a Natural/Ex/Su ability while grappled without having to
  make a Perseverance check!"
* 000_8d1d7816ee944f3b.txt, "Spell-Like Abilities (SLA):": "a Big Action that Provokes AOO.
  You may only use 1 SLA per turn." "SLA Spell Save DC is calculated as (10+Spell
  Level+AbilityMod)." "You may use a SLA on the same turn in which you cast a spell from a
  spellcasting class." "If damaged or Grappled while attempting to activate a SLA, you must
  make a (DC10+[2xSL]) Perseverance Check. If you fail, your SLA fails & 1 daily use is
  wasted. (If you take 10+ Damage, add +5DC)".
* "Example SLA: This is how a SLA will appear in a creature's description: Fear Burst (SLA):
  3/day (SL2, WILL DC15[CHA])" - the line :func:`parse_ability` reads.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Any

from lfgcombat.errors import IllegalActionError, LfgError
from lfgcombat.shortrepr import short

__all__ = ["AbilityType", "AbilityError", "AbilityRuleError", "Activation", "SpecialAbility",
           "parse_ability", "sla_dc", "sla_dc_note",
           "sla_perseverance_dc", "needs_perseverance", "check_activation", "activation"]

TEXT = "000_8d1d7816ee944f3b.txt"
RULE = f'{TEXT}, "Special Abilities – 4 Different Types"'
_ABILITIES = ("STR", "DEX", "CON", "INT", "WIS", "CHA")
#: The longest ability line read (characters; the text's example is 45).
MAX_LINE = 300
_NAME_STOP = frozenset("():[]")
_USES = re.compile(r"^(?:(?P<n>\d{1,4})/(?P<per>day|round|encounter)|(?P<will>at will))$", re.I)
_SL = re.compile(r"^SL\s*(?P<sl>\d{1,3})$", re.I)
_SAVE = re.compile(r"^(?P<save>FORT|REF|WILL)\s+DC\s*(?P<dc>\d{1,3})"
                   r"(?:\s*\[(?P<ab>[A-Za-z]+)\])?$", re.I)


class AbilityError(LfgError, ValueError):
    """A malformed ability line; ``part`` names the part at fault."""

    def __init__(self, message: str, part: str, text: str) -> None:
        self.part = part
        self.text = text
        super().__init__(f"{part}: {message} in {text!r:.80} (write it as the text does, e.g. "
                         f"'Fear Burst (SLA): 3/day (SL2, WILL DC15[CHA])'; {RULE})")


class AbilityRuleError(LfgError, ValueError):
    """A bad number given to an ability rule (names the argument)."""


class AbilityType(str, enum.Enum):
    """The four types ("Special Abilities – 4 Different Types";
    000_8d1d7816ee944f3b.txt, "Natural, Extraordinary, Supernatural, Spell-Like Abilities").

    ``EX``: 000_8d1d7816ee944f3b.txt, "Extraordinary (Ex):" (no magic; complex or practised).
    """

    NATURAL = "natural"  #: no parenthetical indicator; physical form
    EX = "Ex"            #: Extraordinary: no magic, complex or practised
    SU = "Su"            #: Supernatural: magic; once per round when it takes an action
    SLA = "SLA"          #: Spell-Like: a spell; Big Action, provokes, 1 per turn


@dataclass(frozen=True)
class SpecialAbility:
    """One parsed ability line.

    Attributes:
        name: ``"Fear Burst"``. kind: :class:`AbilityType`.
        uses: Uses per ``per`` (``None`` for at will or unlimited). per: ``day``,
            ``round``, ``encounter`` or ``None``.
        spell_level: SLA spell level (``SL2`` -> 2). save: ``FORT``/``REF``/``WILL``.
        dc: The listed save DC. dc_ability: The ability whose mod sets the DC (``CHA``).
        text: The line as given.
    """

    name: str
    kind: AbilityType
    uses: int | None = None
    per: str | None = None
    spell_level: int | None = None
    save: str | None = None
    dc: int | None = None
    dc_ability: str | None = None
    text: str = ""

    def implied_mod(self) -> int | None:
        """The ability mod a listed SLA DC implies: DC - 10 - SL."""
        if self.dc is None or self.spell_level is None:
            return None
        return self.dc - 10 - self.spell_level


def _details(details: str, text: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in (p.strip() for p in details.split(",")):
        if m := _SL.match(item):
            if "spell_level" in out:
                raise AbilityError("the spell level is given twice", "spell level", text)
            out["spell_level"] = int(m["sl"])
            if out["spell_level"] > 9:
                raise AbilityError(f"spell level {out['spell_level']} is above 9",
                                   "spell level", text)
        elif m := _SAVE.match(item):
            ab = m["ab"].upper() if m["ab"] else None
            if ab is not None and ab not in _ABILITIES:
                raise AbilityError(f"unknown ability {m['ab']!r} (one of "
                                   f"{', '.join(_ABILITIES)})", "save", text)
            out.update(save=m["save"].upper(), dc=int(m["dc"]), dc_ability=ab)
        else:
            raise AbilityError(f"cannot read {item!r}: expected SL<n> or "
                               "'<FORT|REF|WILL> DC<n>[<ABILITY>]'", "details", text)
    return out


def _kind(raw: str | None, text: str) -> AbilityType:
    if raw is None:
        return AbilityType.NATURAL
    for k in (AbilityType.EX, AbilityType.SU, AbilityType.SLA):
        if raw.strip().lower() == k.value.lower():
            return k
    raise AbilityError(f"unknown type ({raw}); the types are (Ex), (Su), (SLA) or none for "
                       "Natural", "type", text)


def _uses(raw: str, text: str) -> tuple[int | None, str | None]:
    if not raw:
        return None, None
    m = _USES.match(raw.strip())
    if not m and re.match(r"\d{5}", raw.strip()):
        raise AbilityError("a use count has at most 4 digits (9999/day)", "uses", text)
    if not m:
        raise AbilityError(f"cannot read uses {raw!r}: expected '<n>/day', '<n>/round', "
                           "'<n>/encounter' or 'at will'", "uses", text)
    if m["will"]:
        return None, None
    if int(m["n"]) < 1:
        raise AbilityError("uses must be at least 1", "uses", text)
    return int(m["n"]), m["per"].lower()


#: A uses part ("3/day", "1/round", "at will") left in the name: the line lost its colon.
_USES_IN_NAME = re.compile(r"\d+\s*/\s*\w+|\bat[- ]will\b", re.IGNORECASE)


def parse_ability(text: Any) -> SpecialAbility:
    """Read an ability line as the text writes it.

    ``Fear Burst (SLA): 3/day (SL2, WILL DC15[CHA])``; ``Pack Tactics (Ex)``; ``Bite``
    (the text's example line: 000_8d1d7816ee944f3b.txt, "Fear Burst (SLA)").

    Args:
        text: The line.

    Returns:
        The :class:`SpecialAbility`.

    Raises:
        AbilityError: naming the part (name, type, uses, details, spell level, save) that is
            malformed, or an SLA without its spell level.
    """
    if not isinstance(text, str) or not text.strip():
        raise AbilityError("an ability line is non-empty text", "line", short(text))
    line = text.strip()
    if len(line) > MAX_LINE:
        raise AbilityError(f"a line of {len(line):,} characters; at most {MAX_LINE}", "line",
                           line)
    head = _split_line(line)
    if head is None:
        raise AbilityError("expected 'Name (Type): uses (details)'", "name", line)
    name, kind_text, rest_text = head
    if _USES_IN_NAME.search(name):  # "Fear Burst 3/day": uses without the colon
        raise AbilityError("the uses go after the type and a colon, as in 'Fear Burst (SLA): "
                           "3/day (SL2, WILL DC15[CHA])'", "name", line)
    kind = _kind(kind_text, line)
    rest = _split_rest(rest_text or "")
    if rest is None:
        raise AbilityError("expected 'uses (details)' after the colon", "uses", line)
    uses, per = _uses(rest[0], line)
    details = _details(rest[1], line) if rest[1] else {}
    if kind is AbilityType.SLA and "spell_level" not in details:
        raise AbilityError("a Spell-Like Ability needs its spell level (SL<n>)",
                           "spell level", line)
    if kind is not AbilityType.SLA and "spell_level" in details:
        what = {AbilityType.NATURAL: "a Natural", AbilityType.EX: "an Ex"}.get(kind, "a Su")
        raise AbilityError(f"a spell level (SL<n>) belongs to a Spell-Like Ability, not to "
                           f"{what} ability (write it as '(SLA)')", "spell level", line)
    return SpecialAbility(name, kind, uses, per, text=line, **details)


def _split_line(line: str) -> tuple[str, str | None, str | None] | None:
    """``(name, type, rest)`` of ``Name (Type): rest``, or ``None`` when the line is not
    of that shape. A name holds none of ``():[]``; the type holds no parenthesis; the
    rest, after the colon, no line break. One pass, no backtracking (the pattern it
    replaces took 7.5 s on ``"a" + " " * 1000 + "(("``)."""
    end = next((i for i, ch in enumerate(line) if ch in _NAME_STOP), len(line))
    name, pos, kind = line[:end].strip(), end, None
    if not name:
        return None
    if pos < len(line) and line[pos] == "(":
        close = line.find(")", pos + 1)
        if close < 0 or "(" in line[pos + 1:close]:
            return None
        kind, pos = line[pos + 1:close], close + 1
        while pos < len(line) and line[pos].isspace():
            pos += 1
    if pos == len(line):
        return name, kind, None
    rest = line[pos + 1:].lstrip()
    if line[pos] != ":" or "\n" in rest:
        return None
    return name, kind, rest


def _split_rest(rest: str) -> tuple[str, str | None] | None:
    """``(uses, details)`` of ``uses (details)`` (the uses hold no ``(``, the details no
    parenthesis), or ``None``. One pass, no backtracking."""
    rest = rest.rstrip()
    open_at = rest.find("(")
    if open_at < 0:
        return rest, None
    if not rest.endswith(")") or "(" in rest[open_at + 1:-1] or ")" in rest[open_at + 1:-1]:
        return None
    return rest[:open_at].rstrip(), rest[open_at + 1:-1]


# --------------------------------------------------------------------------- rules


def _nonneg(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise AbilityRuleError(f"{field}: a whole number >= 0, not {value!r:.40}")
    return int(value)


def sla_dc(spell_level: int, ability_mod: int) -> int:
    """"SLA Spell Save DC is calculated as (10+Spell Level+AbilityMod)"."""
    if isinstance(ability_mod, bool) or not isinstance(ability_mod, int):
        raise AbilityRuleError(f"ability_mod: a whole number, not {ability_mod!r:.40}")
    return 10 + _nonneg(spell_level, "spell_level") + ability_mod


def sla_dc_note(ability: SpecialAbility, ability_mod: int) -> str | None:
    """Why a listed SLA DC is not "(10+Spell Level+AbilityMod)" for this creature, or
    ``None`` when it agrees (or the line gives no DC, spell level or DC ability).

    The listed DC is not refused: stat blocks are written for a creature, the line may be a
    typo or a deliberate choice, and the example creatures keep the text's own line
    (``Fear Burst (SLA): 3/day (SL2, WILL DC15[CHA])``) whatever their CHA (decision). The
    disagreement is said instead, wherever the DC is explained.

    Args:
        ability: The parsed ability line.
        ability_mod: The creature's mod in the line's DC ability.

    Returns:
        The note, or ``None``.
    """
    if ability.kind is not AbilityType.SLA or ability.dc is None or \
            ability.spell_level is None or ability.dc_ability is None:
        return None
    want = sla_dc(ability.spell_level, ability_mod)
    if want == ability.dc:
        return None
    return (f"{ability.name}: the listed DC{ability.dc} is not 10+SL{ability.spell_level}"
            f"+{ability.dc_ability}Mod({ability_mod:+d}) = {want} (\"SLA Spell Save DC is "
            f"calculated as (10+Spell Level+AbilityMod)\"); the listed DC{ability.dc} is "
            f"used")


def sla_perseverance_dc(spell_level: int, damage_taken: int = 0) -> int:
    """"(DC10+[2xSL]) Perseverance Check ... (If you take 10+ Damage, add +5DC)"."""
    sl, dmg = _nonneg(spell_level, "spell_level"), _nonneg(damage_taken, "damage_taken")
    return 10 + 2 * sl + (5 if dmg >= 10 else 0)


def needs_perseverance(ability: SpecialAbility, *, damaged: bool = False,
                       grappled: bool = False) -> bool:
    """Only an SLA needs a Perseverance check when damaged or grappled while activating;
    "Taking damage ... does not cause the [Natural/Su/Ex] ability to fail", and they work
    "while grappled without having to make a Perseverance check"."""
    return ability.kind is AbilityType.SLA and (damaged or grappled)


@dataclass(frozen=True)
class Activation:
    """What using an ability costs: action type and whether it provokes AOO."""

    action: str
    provokes: bool


def activation(ability: SpecialAbility) -> Activation:
    """An SLA is "a Big Action that Provokes AOO"; for the others "the action required ...
    will be indicated in the description" (returned as ``"as described"``, no AOO:
    inferred)."""
    if ability.kind is AbilityType.SLA:
        return Activation("big", True)
    return Activation("as described", False)


def check_activation(ability: SpecialAbility, *, uses_spent: int = 0,
                     sla_used_this_turn: bool = False,
                     su_used_this_round: bool = False) -> None:
    """Refuse a use the rules forbid: no uses left, a second SLA this turn, a second
    action-activated Su ability this round (000_8d1d7816ee944f3b.txt, "Supernatural (Su):").
    A class spell the same turn is allowed
    (000_8d1d7816ee944f3b.txt, "Other Info about SLA:").

    Raises:
        IllegalActionError: citing "Special Abilities – 4 Different Types".
    """
    spent = _nonneg(uses_spent, "uses_spent")
    if ability.uses is not None and spent >= ability.uses:
        raise IllegalActionError(f"{ability.name} has no uses left ({ability.uses}/"
                                 f"{ability.per} spent)", RULE)
    if ability.kind is AbilityType.SLA and sla_used_this_turn:
        raise IllegalActionError("only 1 SLA per turn", RULE)
    if ability.kind is AbilityType.SU and su_used_this_round:
        raise IllegalActionError("an action-activated Su ability only once per round", RULE)
