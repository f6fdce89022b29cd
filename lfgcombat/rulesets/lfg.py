"""The ``lfg`` ruleset: 000_8d1d7816ee944f3b.txt, every policy at its default.

The policies' defaults *are* the lfg rules (:mod:`lfgcombat.rulesets.policies` calls the
engine modules that hold them: combat_stats, vitals, damage, conditions); ``classic`` and
``wounds`` are registered here too, by name and text (refused for play), and registered
again, playable, by :mod:`lfgcombat.rulesets.classic` and :mod:`lfgcombat.rulesets.wounds`,
built by overriding what differs (see "How to add a ruleset" in :mod:`lfgcombat.rulesets`).
"""

from __future__ import annotations

import dataclasses

from .base import RulesetDefinition, register

__all__ = ["LFG_DEFINITION", "CLASSIC_DEFINITION", "WOUNDS_DEFINITION"]

LFG_DEFINITION = register(RulesetDefinition(
    name="lfg", text="000_8d1d7816ee944f3b.txt", aliases=("LFG", "000")))

CLASSIC_DEFINITION = register(dataclasses.replace(
    LFG_DEFINITION, name="classic", text="002_2a3a79475ca2a541.txt", aliases=("002",),
    implemented=False))

WOUNDS_DEFINITION = register(dataclasses.replace(
    LFG_DEFINITION, name="wounds", text="003_de0e94afd49609a7.txt", aliases=("003",),
    implemented=False))
