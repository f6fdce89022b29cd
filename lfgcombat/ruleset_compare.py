"""The same attacks under ``lfg``, ``classic`` and ``wounds``, side by side.

Each ruleset's own rules answer, through its policies: the attack odds
(:func:`lfgcombat.attack_odds.attack_odds` with ``ruleset=``), the attacks a round allows
(``definition(name).economy.attacks_per_turn``: 000_8d1d7816ee944f3b.txt, "Attacks Per
Turn"; 002_2a3a79475ca2a541.txt, "Single Actions:" - "characters can only attack once per
round"; 003_de0e94afd49609a7.txt, "Attacking an enemy usually involves spending your Half
Action"), and how much damage takes a creature out of the fight:

* ``lfg``: its Hit Points - "If you are struck to 0 Hit Points or less, you fall
  unconscious" (000_8d1d7816ee944f3b.txt, "Unconscious & Dying");
* ``classic``: its hit points - "When a hero drops to or below 0, they become disabled"
  (002_2a3a79475ca2a541.txt, "Stabilizing a Disabled Character");
* ``wounds``: its Hit Points and then its Wounds - at 0 Hit Points it still fights and
  takes Wound Damage; it is out at 0 Wounds (inferred, see :mod:`lfgcombat.wounds.health`).

``rounds_to_take_out`` divides that damage by the expected damage a round (every attack a
round allows at the same target): a rough reading for comparing rulesets, not a
simulation.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pandas as pd

from .attack_odds import attack_odds
from .errors import LfgError
from .rulesets import definition

__all__ = ["RULESETS", "compare_attack", "odds_table"]

#: The rulesets compared, in the order of their texts.
RULESETS = ("lfg", "classic", "wounds")


def _take_out(target: Any, ruleset: str) -> int:
    if ruleset == "wounds":
        from .wounds.combatant import WoundsCombatant
        w = WoundsCombatant.of(target)
        return w.hp + w.wounds_max
    return max(0, int(target.hp))


def compare_attack(attacker: Any, target: Any, weapon: str, ruleset: str, *,
                   critical_choice: str = "multiply") -> dict[str, Any]:
    """One attack's row under one ruleset (see the module docstring for the columns).

    Args:
        attacker, target: :class:`lfgcombat.Creature` values carrying the fields each
            ruleset needs (``bab``; ``prowess`` and ``good_saves``).
        weapon: The attacker's weapon.
        ruleset: ``"lfg"``, ``"classic"`` or ``"wounds"``.
        critical_choice: The wounds critical choice (``multiply`` or ``wounds``).

    Raises:
        LfgError: a ruleset not compared here, or a field a ruleset needs (named).
    """
    if ruleset not in RULESETS:
        raise LfgError(f"ruleset {ruleset!r:.30}: compare one of {', '.join(RULESETS)}")
    extra: dict[str, Any] = {"critical_choice": critical_choice} if ruleset == "wounds" else {}
    if ruleset == "lfg":
        odds: Any = attack_odds(attacker, target, weapon)
        bonus, ac = int(odds.setup.bonus), int(odds.setup.ac)
        per_attack = float(odds.expected_damage)
    else:
        odds = attack_odds(attacker, target, weapon, ruleset=ruleset, **extra)
        bonus, ac = odds.bonus, odds.ac
        per_attack = (float(sum(odds.expected[critical_choice])) if ruleset == "wounds"
                      else float(odds.expected_damage))
    attacks = definition(ruleset).economy.attacks_per_turn(int(attacker.level), 2)
    per_round = per_attack * attacks
    out = _take_out(target, ruleset)
    return {"ruleset": ruleset, "attacker": attacker.name, "target": target.name,
            "weapon": weapon, "bonus": bonus, "ac": ac, "p_hit": float(odds.p_hit),
            "p_crit": float(odds.p_crit), "expected_damage": per_attack,
            "attacks_per_round": attacks, "expected_per_round": per_round,
            "to_take_out": out,
            "rounds_to_take_out": out / per_round if per_round else float("inf")}


def odds_table(pairs: Iterable[tuple[Any, Any, str]],
               rulesets: Iterable[str] = RULESETS, *,
               critical_choice: str = "multiply") -> pd.DataFrame:
    """Every ``(attacker, target, weapon)`` under every ruleset, one row each.

    Args:
        pairs: The attacks.
        rulesets: Which rulesets (default all three).
        critical_choice: The wounds critical choice.

    Returns:
        A DataFrame with the columns of :func:`compare_attack`.

    Raises:
        LfgError: as :func:`compare_attack`.
    """
    chosen = list(rulesets)
    rows = [compare_attack(a, t, w, r, critical_choice=critical_choice)
            for a, t, w in pairs for r in chosen]
    return pd.DataFrame(rows)
