"""Attacks of Opportunity per round in the ``wounds`` ruleset.

003_de0e94afd49609a7.txt, "As mentioned in the previous Tip": "You may make a number of
Attacks of Opportunity each round equal to 1 + your Dexterity modifier (minimum 0), and you
may gain further Attacks of Opportunity by selecting the Combat Reflexes Universal Talent."

Decisions where the text is open (inferred): "(minimum 0)" applies to the Dexterity
modifier's part, so a creature always has at least 1; the number Combat Reflexes adds is
not in the text and is passed in (``combat_reflexes``, default +1 a time the talent is
taken).
"""

from __future__ import annotations

from ._base import check_int

__all__ = ["aoo_per_round"]


def aoo_per_round(dex_mod: int, combat_reflexes: int = 0, in_total_defense: bool = False) -> int:
    """1 + max(0, DEX modifier) + the AOOs Combat Reflexes adds; 0 in Total Defense.

    Example:
        >>> aoo_per_round(3), aoo_per_round(-2), aoo_per_round(1, combat_reflexes=1)
        (4, 1, 3)

    Raises:
        WoundsError: naming ``dex_mod`` or ``combat_reflexes`` when not a whole number
            (``combat_reflexes`` >= 0).
    """
    count = 1 + max(0, check_int("dex_mod", dex_mod)) + check_int(
        "combat_reflexes", combat_reflexes, 0)
    return 0 if in_total_defense else count
