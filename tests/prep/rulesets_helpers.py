"""Creatures written for all three rulesets, for GM prep's tests under classic and wounds.

The fields each ruleset needs (notebook 32): ``bab`` (002_2a3a79475ca2a541.txt, "How to
attack another creature"), ``prowess`` and ``good_saves`` (003_de0e94afd49609a7.txt,
"Prowess is added directly to your Defense", "You possess two inherent adjustments to your
Saving Throws"): a full BAB for fighters, Prowess about half the level (inferred, as in
notebook 32).
"""

from __future__ import annotations

from lfgcombat.creature import Creature, load_example

#: Example name -> the fields classic and wounds need.
FIELDS = {"wulfric": dict(bab=10, prowess=5, good_saves=["fort", "will"]),
          "mayat": dict(bab=10, prowess=5, good_saves=["fort", "ref"]),
          "goblin": dict(bab=1, prowess=0, good_saves=["ref", "will"]),
          "orc": dict(bab=3, prowess=1, good_saves=["fort", "ref"])}


def written(example: str, **changes) -> Creature:
    """The example ``example`` with the fields of :data:`FIELDS` (and ``changes``)."""
    return load_example(example).replace(**FIELDS[example], **changes)


def strong_vs_weak() -> dict[str, list[Creature]]:
    """Two level-10 heroes against two goblins: the heroes win under any ruleset."""
    return {"party": [written("wulfric"), written("mayat")],
            "goblins": [written("goblin", name=f"Goblin {i}") for i in (1, 2)]}


def orc_brawl() -> dict[str, list[Creature]]:
    """Two orcs against two orcs: long, even fights in which creatures go down, fight on
    at 0 HP (wounds) and get up again (classic's mobile)."""
    return {"red": [written("orc", name="Orc A"), written("orc", name="Orc C")],
            "blue": [written("orc", name="Orc B"), written("orc", name="Orc D")]}


def orc_duel() -> dict[str, list[Creature]]:
    """One orc against another."""
    return {"red": [written("orc", name="Orc A")], "blue": [written("orc", name="Orc B")]}
