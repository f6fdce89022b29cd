"""Sight in three dimensions (lfgcombat.battlemap.sight's docstring): bodies are columns of
their size's height (data/sizes.csv, "Creature Size Category Table"); a wall of some height
is passed over, hides the lower part (cover) or hides all, by the band of lines between
the two bodies. 000_8d1d7816ee944f3b.txt, "Determine Cover", "Line of Sight (LoS)", "Cover -
Additional Rules", "High Ground & Ranged Attacks" ("High ground may allow you to shoot over
some pieces of cover")."""

from __future__ import annotations

import pytest

from lfgcombat import HexMap
from lfgcombat.battlemap.values import CoverLevel
from encounter.helpers import mk

#: A wall across column 4, 10 ft tall; the archer at (1, 1), the target at (7, 1).
WALL = "terrain: |\n" + "".join(
    "  " + " ".join("#" if c == 4 else "." for c in range(9)) + "\n" for _ in range(3)
) + "wall_height: 10\n"


def two(a_alt: int = 0, t_alt: int = 0, t_at: tuple[int, int] = (7, 1),
        text: str = WALL, t_size: str | None = None) -> HexMap:
    m = HexMap.from_text(text)
    m.place(mk("Archer"), (1, 1), "a", altitude=a_alt)
    m.place(mk("Orc", size=t_size) if t_size else mk("Orc"), t_at, "b", altitude=t_alt)
    return m


def test_two_medium_creatures_on_the_ground_are_hidden_behind_a_10_ft_wall() -> None:
    """Their heads (5.5 ft) are under the wall's top: every line is stopped."""
    m = two()
    assert m.cover("Archer", "Orc").level is CoverLevel.TOTAL
    assert not m.line_of_sight("Archer", "Orc")


def test_from_altitude_the_archer_sees_over_the_wall() -> None:
    """At 15 ft its feet are above the wall; the line from its feet to the Orc's feet meets
    the wall (3 of 6 hexes along) at 7.5 ft: the wall hides the Orc's lower part (cover, not
    total). At 25 ft that line crosses at 12.5 ft: over the wall, no cover from it."""
    m = two(a_alt=15)
    c = m.cover("Archer", "Orc")
    assert m.line_of_sight("Archer", "Orc") and c.level is not CoverLevel.TOTAL
    assert c.level is not CoverLevel.NONE
    high = two(a_alt=25)
    assert high.cover("Archer", "Orc").level is CoverLevel.NONE


def test_right_behind_the_wall_the_target_stays_hidden_from_altitude() -> None:
    """The Orc pressed against the wall (5, 1): from 15 ft, lines to it cross the wall
    3/4 of the way, at 3.75 ft (feet) to 5.5 ft (heads): under the top, hidden."""
    m = two(a_alt=15, t_at=(5, 1))
    assert not m.line_of_sight("Archer", "Orc")
    assert m.line_of_sight("Archer", "Orc") is False
    assert two(a_alt=40, t_at=(5, 1)).line_of_sight("Archer", "Orc")  # high enough


def test_large_creatures_see_each_other_over_a_wall_that_hides_medium_ones() -> None:
    """A Large creature is 11 ft tall (the middle of 9-13 ft): two of them see each other's
    heads over the 10-ft wall (with cover); two Medium ones (5.5 ft) do not."""
    assert not two().line_of_sight("Archer", "Orc")
    m = HexMap.from_text(WALL)
    m.place(mk("Ogre", size="large"), (1, 1), "a")
    m.place(mk("Troll", size="large"), (7, 1), "b")
    assert m.line_of_sight("Ogre", "Troll")
    assert m.cover("Ogre", "Troll").level not in (CoverLevel.NONE, CoverLevel.TOTAL)


def test_a_creature_gives_cover_only_where_its_body_meets_the_lines() -> None:
    """A Medium flyer over the middle of the line: at 5 ft its body (5-10.5 ft) meets the
    lines (0-5.5 ft) and gives cover; at 10 ft it is above them all."""
    m = HexMap(9, 3)
    m.place(mk("Archer"), (1, 1), "a")
    m.place(mk("Orc"), (7, 1), "b")
    m.place(mk("Bat"), (4, 1), "b", altitude=5)
    assert m.cover("Archer", "Orc").level is not CoverLevel.NONE
    m.set_altitude("Bat", 10)
    assert m.cover("Archer", "Orc").level is CoverLevel.NONE


@pytest.mark.parametrize("a_alt, t_alt", [(0, 0), (20, 20)])
def test_full_height_walls_hide_at_any_altitude(a_alt: int, t_alt: int) -> None:
    m = two(a_alt, t_alt, text=WALL.replace("wall_height: 10\n", ""))
    assert not m.line_of_sight("Archer", "Orc")


def test_on_flat_ground_cover_reads_as_in_two_dimensions() -> None:
    """Without altitudes every band reaches the ground: a small creature in between still
    counts as in the way where the 2D rule has it (smaller ones give no cover there)."""
    m = HexMap(9, 3)
    m.place(mk("Archer"), (1, 1), "a")
    m.place(mk("Orc"), (7, 1), "b")
    m.place(mk("Ogre", size="large"), (4, 1), "b")
    assert m.cover("Archer", "Orc").level is not CoverLevel.NONE
