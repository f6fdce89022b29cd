"""Size categories (000_8d1d7816ee944f3b.txt, "Creature Size: Size, Space, Reach").

:class:`Size` is a closed set; the numbers of each size (space, reach, the attack and AC
modifier) are rules data in ``data/sizes.csv``. This module imports neither creatures nor
attacks, so both can build on it (``lfgcombat.creature`` re-exports :class:`Size`).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping
from typing import Any

from ..io.tables import load_table, records

__all__ = ["Size"]


@functools.lru_cache(maxsize=1)
def _size_rows() -> dict[str, dict[str, Any]]:
    return {r["size"]: r for r in records(load_table("sizes"))}


@functools.lru_cache(maxsize=1)
def _size_orders() -> dict["Size", int]:
    """Each size's ``order`` of ``data/sizes.csv``, read once (every attack's Gang Up and
    reach compare two: issue 24, "Fast")."""
    return {size: int(_size_rows()[size.value]["order"]) for size in Size}


class Size(str, enum.Enum):
    """Size categories (000_8d1d7816ee944f3b.txt, "Creature Size: Size, Space, Reach";
    000_8d1d7816ee944f3b.txt, "Size: The Size Category of the creature.": Diminutive to
    Gargantuan).

    Space, reach and the size modifiers come from ``data/sizes.csv`` (:attr:`row`); a
    member is a creature's 000_8d1d7816ee944f3b.txt, "Creature Size" (its Size Category).
    """

    DIMINUTIVE = "diminutive"  #: 16 fit in a hex; reach 0
    TINY = "tiny"              #: 4 fit in a hex; reach 0
    SMALL = "small"            #: 1 hex, reach 5 ft; +1 to attack and AC
    MEDIUM = "medium"          #: 1 hex, reach 5 ft; the standard size
    LARGE = "large"            #: 3 hexes, reach 10 ft; -1 to attack and AC
    HUGE = "huge"              #: 7 hexes, reach 10-15 ft
    GARGANTUAN = "gargantuan"  #: 10-12 hexes, reach up to 20 ft

    @property
    def row(self) -> Mapping[str, Any]:
        """This size's row of ``data/sizes.csv``."""
        return _size_rows()[self.value]

    @property
    def code(self) -> str:
        """``D``, ``T``, ``S``, ``M``, ``L``, ``H`` or ``G``."""
        return str(self.row["code"])

    @functools.cached_property
    def order(self) -> int:
        """Steps from Medium (Small -1, Large +1); kept on the member once read (issue 24,
        "Fast": every attack's Gang Up, reach and Knockdown compare two)."""
        return _size_orders()[self]

    @classmethod
    def coerce(cls, value: "Size | str") -> "Size":
        """Accept a member, its name or its one-letter code, any case.

        Args:
            value: ``Size.LARGE``, ``"large"``, ``"L"``...

        Returns:
            The member.

        Raises:
            ValueError: anything else.
        """
        if isinstance(value, Size):
            return value
        if isinstance(value, str):
            key = value.strip().lower()
            for m in cls:
                if key == m.value or (len(key) == 1 and key == m.code.lower()):
                    return m
        raise ValueError(value)
