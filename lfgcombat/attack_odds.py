"""Exact odds of an attack: kept importable here; the code is :mod:`lfgcombat.attacks.odds`.

000_8d1d7816ee944f3b.txt: "Attack Rolls", "Critical Hits", "Perfect Critical (Optional
Rule)", "Killer Criticals (Optional Rule)", "Concealment - What is it?", "Active Defense
Limitations:", "Resistance - Damage Resistance (DR), Elemental Resistance, Energy
Resistance" - see :mod:`lfgcombat.attacks.odds`.
"""

from __future__ import annotations

from .attacks.odds import AttackOdds, attack_odds, odds_for

__all__ = ["AttackOdds", "attack_odds", "odds_for"]
