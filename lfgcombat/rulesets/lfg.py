"""The ``lfg`` ruleset: 000_8d1d7816ee944f3b.txt, every policy at its default.

The policies' defaults *are* the lfg rules (:mod:`lfgcombat.rulesets.policies` calls the
engine modules that hold them: combat_stats, vitals, damage, conditions). The other rulesets
are built from it by overriding what differs, each in its own package, and register
themselves when imported (``classic``: :mod:`lfgcombat.rulesets.classic.ruleset`; ``wounds``:
:mod:`lfgcombat.rulesets.wounds.ruleset`; see "How to add a ruleset" in :mod:`lfgcombat.rulesets`).
"""

from __future__ import annotations

from .base import RulesetDefinition, register

__all__ = ["LFG_DEFINITION"]

LFG_DEFINITION = register(RulesetDefinition(
    name="lfg", text="000_8d1d7816ee944f3b.txt", aliases=("LFG", "000")))
