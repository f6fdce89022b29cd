"""Code names and garbles of the log's lines, said in words (issue 26, item 2: "Code leaks
into words"). Only the lines people read change: the events keep what they recorded (a
save replays the same events; a search of the dice log by label finds the label as
rolled).

000_8d1d7816ee944f3b.txt, "What are the other kinds of AC? (FFAC, TouchAC, ACvsCrit)":
the short names of the Armor Class family; "Casting Spells & using Magic Abilities
(SLA/Su)" and "What if my turn is interrupted by an Interrupt Turn?" (a caster's
Perseverance check).
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["AC_WORDS", "ac_words", "cell_words", "cover_words", "dice_words", "plain_reason"]

#: The Armor Class family's short names, in words.
AC_WORDS = {"ACvsCrit": "AC against criticals", "FFAC": "flat-footed AC",
            "TouchAC": "touch AC"}
_AC_NAME = re.compile(r"\b(" + "|".join(AC_WORDS) + r")\b")
#: A trailing parenthesis of the rules text's headings (``(What if ...?; Reactions &
#: AOO:)``), which a reason in a line needs not repeat (the line cites its rule).
_HEADINGS = re.compile(r"\s*\((?:[^()]*\?|[^()]*:|[^()]*Details)(?:;[^()]*)*\)\s*$")


def ac_words(text: str) -> str:
    """``text`` with each AC short name in words: ``vs ACvsCrit 15`` -> ``vs AC against
    criticals 15``, ``FFAC`` -> ``flat-footed AC``, ``TouchAC`` -> ``touch AC``."""
    return _AC_NAME.sub(lambda m: AC_WORDS[m.group(1)], str(text))


def cell_words(cell: Any) -> str:
    """A map hex in the words the tracker's hex boxes use ("col, row"): ``[3, 4]`` ->
    ``column 3, row 4``; anything else as it is."""
    try:
        col, row = cell
        return f"column {int(col)}, row {int(row)}"
    except (TypeError, ValueError):
        return str(tuple(cell) if isinstance(cell, list) else cell)


#: A map hex as a cover line records it, ``(5, 1)`` (offset column, row), after "line
#: from" or after what stands there (``wall (3, 4)``, ``adjacent obstacle (2, 2)``).
_COVER_CELL = re.compile(r"\b(line from|wall|obstacle|door|closed door) \((-?\d+), (-?\d+)\)")


def cover_words(text: str) -> str:
    """A cover line (``Cover.explain``, kept in an attack's ``modifiers``) with its hexes in
    the words the map and the hex boxes use: ``Orc 1 has partial cover (+2 AC) against
    Mayat (line from (5, 1)); from wall (3, 4)`` -> ``... (line from column 5, row 1); from
    wall at column 3, row 4``. The event keeps what it recorded; only the line changes."""
    def said(m: re.Match) -> str:
        where = f"column {m.group(2)}, row {m.group(3)}"
        return f"line from {where}" if m.group(1) == "line from" else f"{m.group(1)} at {where}"
    return _COVER_CELL.sub(said, str(text))


def plain_reason(text: str) -> str:
    """A Perseverance reason as a line says it: the headings it names at its end dropped
    and a bare number in parentheses said as damage: ``damaged (12) by an AOO while
    casting (What if my turn is interrupted ...?; Reactions & AOO:)`` -> ``damaged for 12
    by an AOO while casting``."""
    text = _HEADINGS.sub("", str(text))
    return re.sub(r"damaged \((\d+)\)", r"damaged for \1", text).strip()


#: A modifier of nothing in a dice expression (``1d20+0``), not before more digits.
_NO_MODIFIER = re.compile(r"(?<=\d)[+-]0(?![\d.])")


def dice_words(expr: Any) -> str:
    """A dice expression as a line says it: a modifier of 0 left out (issue 26, item 2: the
    GM's Heroic Action showed ``1d20+0``; 002_2a3a79475ca2a541.txt, "Heroic Action": "a
    d20 + the related ability modifier", which may be none): ``1d20+0`` -> ``1d20``,
    ``1d8+0+1d6`` -> ``1d8+1d6``; ``1d20+10`` as it is. The roll keeps what it rolled."""
    return _NO_MODIFIER.sub("", str(expr))
