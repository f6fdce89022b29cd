"""Shared test doubles and maps of the battle-map tests (from the text's own examples:
000_8d1d7816ee944f3b.txt, "Cover Examples" and "Half Hex Rule")."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from lfgcombat.errors import IllegalActionError
from lfgcombat.battlemap.grid import Hex
from lfgcombat.battlemap import HexMap
from lfgcombat.creature import load_example


@dataclass(frozen=True)
class Mob:
    """A tiny test double of a creature: only what the map reads."""

    name: str
    size: str = "medium"
    speed: int = 30
    reach_ft: int | None = None
    threatens: bool = True
    conditions: tuple[str, ...] = ()


def open_map(w: int = 15, h: int = 11, **kw) -> HexMap:
    return HexMap(w, h, **kw)


def refused(m: HexMap, fn, *args, match: str | None = None, **kw) -> IllegalActionError:
    """Call ``fn``; it must raise IllegalActionError citing the text, and change nothing."""
    before = m.snapshot()
    with pytest.raises(IllegalActionError, match=match) as e:
        fn(*args, **kw)
    assert m.snapshot() == before
    assert e.value.rule and e.value.rule.startswith("000_8d1d7816ee944f3b.txt")
    return e.value


# --- flanking ------------------------------------------------------------------------------
def flank_map(target_size: str = "medium") -> HexMap:
    m = HexMap(15, 15)
    m.place(Mob("Enemy", target_size), (7, 7), side="foes")
    return m


def at(m: HexMap, name: str, offset: Hex, **kw) -> None:
    m.place(Mob(name, **kw), m.offset(m.token("Enemy").anchor + offset))


# --- cover: the "old cottage" example --------------------------------------------------------
COTTAGE = """\
# Cover Examples: "The adventuring party is attacked by pair of Orcs & a Troll at an old
# cottage with a small wooden shed." The wrecked cottage is the walled room on the left,
# the shed the 2x2 block in the middle, the tree the obstacle by Orc1.
grid: hex
terrain: |
  . . . . . . . . . . . . . . . . . . . .
   . . . . . . . o . . . . . . . . . . . .
  . . # # # # . . . . . . . . . . . . . .
   . # . . . # . . . . . . . . . . . . . .
  . # . . . # . . . . . . . . . . . . . .
   . # . . . # . . # # . . . . . . . . . .
  . # # # # . . . # # . . . . . . . . . .
   . . . . . . . . . . . . . . . . . . . .
  . . . . . . . . . . . . . . . . . . . .
   . . . . . . . . . . . . . . . . . . . .
  . . . . . . . . . . . . . . . . . . . .
   . . . . . . . . . . . . . . . . . . . .
  . . . . . . . . . . . . . . . . . . . .
creatures:
  - {name: Chessan, at: [3, 4], side: party}
  - {name: Mayat, at: [7, 8], side: party}
  - {name: Wulfric, at: [8, 8], side: party}
  - {name: Sokaris, at: [9, 4], side: party}
  - {name: Orc1, at: [8, 1], side: orcs}
  - {name: Orc2, at: [14, 6], side: orcs}
  - {name: Troll, at: [15, 8], side: orcs, size: large}
"""


# --- space: the Cramped condition; accidental / illegal locations ------------------------------
SPACE = "Space in Combat Gameplay"


def footprint_of(size: str, at) -> frozenset:
    """The footprint a creature of ``size`` would have at ``at`` (on a scratch map)."""
    m = open_map()
    return m.place(Mob("probe", size), at).cells


# --- the Half Hex Rule --------------------------------------------------------------------------
# The text's example: a hallway 10 feet wide running north-south. Our maps are pointy-top hexes
# in odd-r offset rows (odd rows shoved half a hex east). With the hallway's walls at x = 1.5
# and x = 3.5 hex widths: an even row's hex c spans [c - 0.5, c + 0.5], so columns 2 and 3 are
# whole hexes (row "# # . . #"); an odd row's hex c spans [c, c + 1], so column 1 keeps its
# eastern half, column 2 is whole and column 3 keeps its western half (row "# h . h #").
# The troll (Large: 3 hexes) fills row 1 across and one hex of row 2, facing the party.
HALLWAY = """\
# the 10-ft hallway of the Half Hex Rule's example
grid: hex
terrain: |
  # # . . #
   # h . h #
  # # . . #
   # h . h #
  # # . . #
   # h . h #
  # # . . #
creatures:
  - {name: Troll, at: [2, 1], side: monsters, size: large}
  - {name: Wulfric, at: [2, 3]}
  - {name: Sokaris, at: [3, 4]}
  - {name: Chessan, at: [2, 5]}
"""
HALF_RULE = "you can never have more space occupied than is available"


def hallway() -> HexMap:
    return HexMap.from_text(HALLWAY)


def skirmish(*, shaman: bool = True) -> HexMap:
    """A 9x6 open map: Mayat at (0, 2) and Wulfric at (3, 2) for the party, two orcs at
    (6, 2) and (6, 4) (and, with ``shaman``, the orc shaman at (8, 1)) for the orcs; a new
    map and new creatures at each call."""
    m = HexMap(9, 6)
    m.place(load_example("mayat"), (0, 2), side="party")
    m.place(load_example("wulfric"), (3, 2), side="party")
    m.place(load_example("orc").replace(name="Orc 1"), (6, 2), side="orcs")
    m.place(load_example("orc").replace(name="Orc 2"), (6, 4), side="orcs")
    if shaman:
        m.place(load_example("orc_shaman"), (8, 1), side="orcs")
    return m
