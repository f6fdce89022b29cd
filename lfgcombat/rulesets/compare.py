"""The same attacks under ``lfg``, ``classic`` and ``wounds`` (or any registered ruleset),
side by side.

Each ruleset's own rules answer, through its policies: the attack odds
(:func:`lfgcombat.rules.attacks.odds.attack_odds` with ``ruleset=``), the attacks a round allows
(``definition(name).economy.attacks_per_turn``: 000_8d1d7816ee944f3b.txt, "Attacks Per
Turn"; 002_2a3a79475ca2a541.txt, "Single Actions:" - "characters can only attack once per
round"; 003_de0e94afd49609a7.txt, "Attacking an enemy usually involves spending your Half
Action"), and how much damage takes a creature out of the fight:

* ``lfg``: its Hit Points - "If you are struck to 0 Hit Points or less, you fall
  unconscious" (000_8d1d7816ee944f3b.txt, "Unconscious & Dying");
* ``classic``: its hit points - "When a hero drops to or below 0, they become disabled"
  (002_2a3a79475ca2a541.txt, "Stabilizing a Disabled Character");
* ``wounds``: its Hit Points and then its Wounds - at 0 Hit Points it still fights and
  takes Wound Damage; it is out at 0 Wounds (inferred, see :mod:`lfgcombat.rulesets.wounds.health`).

Each is the ruleset's health model's :meth:`~lfgcombat.rulesets.HealthModel.take_out`:
this module names no ruleset.

``rounds_to_take_out`` divides that damage by the expected damage a round (every attack a
round allows at the same target): a rough reading for comparing rulesets, not a
simulation.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pandas as pd

from ..rules.attacks.odds import attack_odds
from ..errors import LfgError
from . import definition
from .base import implemented

__all__ = ["compared_rulesets", "compare_attack", "odds_table"]


def compared_rulesets() -> tuple[str, ...]:
    """The rulesets compared by default: every implemented ruleset with exact attack odds,
    in the order they were registered (their texts' order: ``lfg``, ``classic``,
    ``wounds``, then any registered since)."""
    return tuple(n for n in implemented() if definition(n).has_exact_attack_odds)


def compare_attack(attacker: Any, target: Any, weapon: str, ruleset: str, *,
                   critical_choice: str = "multiply") -> dict[str, Any]:
    """One attack's row under one ruleset (see the module docstring for the columns).

    Each answer is the ruleset's own: its exact odds (``bonus``, ``ac``, ``p_hit``,
    ``p_crit``, ``expected_damage``: the fields every ruleset's odds carry), its economy's
    attacks a round, its health model's damage to take the target out
    (``HealthModel.take_out``).

    Args:
        attacker, target: :class:`lfgcombat.Creature` values carrying the fields each
            ruleset needs (``bab``; ``prowess`` and ``good_saves``).
        weapon: The attacker's weapon.
        ruleset: A registered ruleset's name (``"lfg"``, ``"classic"``, ``"wounds"``...).
        critical_choice: The critical's choice, for a ruleset whose attack policy offers
            one (its ``critical_choices``: wounds' ``multiply`` or ``wounds``).

    Raises:
        LfgError: an unknown ruleset, one without exact attack odds or that does not say
            what takes a creature out (named), or a field a ruleset needs (named).
    """
    spec = definition(ruleset)
    choices = getattr(spec.attacks, "critical_choices", ())
    extra: dict[str, Any] = {"critical_choice": critical_choice} if choices else {}
    odds: Any = attack_odds(attacker, target, weapon, ruleset=spec.name, **extra)
    per_attack = float(odds.expected_damage)
    attacks = spec.economy.attacks_per_turn(int(attacker.level), 2)
    per_round = per_attack * attacks
    out = spec.health.take_out(target)
    return {"ruleset": spec.name, "attacker": attacker.name, "target": target.name,
            "weapon": weapon, "bonus": int(odds.bonus), "ac": int(odds.ac),
            "p_hit": float(odds.p_hit), "p_crit": float(odds.p_crit),
            "expected_damage": per_attack,
            "attacks_per_round": attacks, "expected_per_round": per_round,
            "to_take_out": out,
            "rounds_to_take_out": out / per_round if per_round else float("inf")}


def odds_table(pairs: Iterable[tuple[Any, Any, str]],
               rulesets: Iterable[str] | None = None, *,
               critical_choice: str = "multiply") -> pd.DataFrame:
    """Every ``(attacker, target, weapon)`` under every ruleset, one row each.

    Args:
        pairs: The attacks.
        rulesets: Which rulesets (default :func:`compared_rulesets`: every implemented
            ruleset with exact attack odds).
        critical_choice: The critical's choice where a ruleset offers one.

    Returns:
        A DataFrame with the columns of :func:`compare_attack`.

    Raises:
        LfgError: as :func:`compare_attack`.
    """
    chosen = list(compared_rulesets() if rulesets is None else rulesets)
    if not chosen:
        raise LfgError("odds_table needs at least one ruleset")
    rows = [compare_attack(a, t, w, r, critical_choice=critical_choice)
            for a, t, w in pairs for r in chosen]
    return pd.DataFrame(rows)
