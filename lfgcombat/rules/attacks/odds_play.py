"""The exact odds of an attack as the encounter would roll it now
(:meth:`lfgcombat.engine.Encounter.attack_odds`): the situation completed exactly as the
attack command completes it, then computed instead of rolled.

000_8d1d7816ee944f3b.txt, "Attacks Per Turn": under lfg's rules the command's own checks
and plan (:func:`lfgcombat.rules.attacks.combat._check_attack`: the map's distance, flanking,
cover, concealment, high ground and terrain, Gang Up, Aim, Fight Defensively, Run, Charge,
the Active Defense) give the :class:`~lfgcombat.rules.attacks.AttackSetup` the dice would
resolve, and :func:`lfgcombat.rules.attacks.odds.odds_for` its odds. Under a ruleset with
records (``classic``, ``wounds``) the situation is the one
:func:`lfgcombat.engine.ruleset_play._record_plan` hands the attack policy (the map's
distance and flanking, the effects' conditions) and the odds are the policy's
``encounter_attack_odds``. Nothing is spent, rolled or logged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lfgcombat.engine.arguments import check_command
from lfgcombat.engine.log import jsonable
from lfgcombat.engine.state import _int_or_none
from .odds import odds_for

if TYPE_CHECKING:  # pragma: no cover
    from lfgcombat.engine.encounter import Encounter

__all__ = ["AttackPreview", "attack_odds", "attack_preview"]


@dataclass(frozen=True)
class AttackPreview:
    """An attack as the encounter would roll it now (:func:`attack_preview`).

    Attributes:
        odds: Its exact odds (:func:`attack_odds`).
        against: The AC (or Defense) the roll is against: the ``against`` the attack's log
            line will carry.
        modifiers: What the encounter adds to it, in words, as the attack's log line will
            list them (the map's cover and flanking, "Orc is Flanked"...).
        gang_up: Gang Up's Tactical Bonus (000_8d1d7816ee944f3b.txt, "Multiple
            Opponents"; 0 without one).
    """

    odds: Any
    against: int | None
    modifiers: tuple[str, ...]
    gang_up: int = 0


def attack_odds(st: Encounter, attacker: str, target: str, weapon: Any = None,
                **situation: Any) -> Any:
    """The exact odds of ``attacker``'s attack on ``target`` as :meth:`attack` with the
    same arguments would roll it now.

    Args:
        attacker: The creature acting now.
        target: Whom it attacks.
        weapon: A weapon name or entry (default: the attacker's first weapon).
        **situation: As :meth:`attack` takes them.

    Returns:
        Under lfg's rules an :class:`~lfgcombat.rules.attacks.odds.AttackOdds` (its
        ``setup`` the attack the dice would resolve); under a ruleset with records, the
        policy's odds. Both carry ``bonus``, ``ac`` (what the roll is against), ``p_hit``,
        ``p_crit`` and ``expected_damage``.

    Raises:
        IllegalActionError: the attack command would refuse it now (the same words);
            nothing changes.
    """
    return attack_preview(st, attacker, target, weapon, **situation).odds


def attack_preview(st: Encounter, attacker: str, target: str, weapon: Any = None,
                   **situation: Any) -> AttackPreview:
    """:func:`attack_odds` with what the attack's log line will say of its situation:
    the AC it is against, the modifiers and Gang Up (an :class:`AttackPreview`).

    Raises:
        IllegalActionError: as :func:`attack_odds`; nothing changes.
    """
    args = {"name": attacker, "target": target, "weapon": weapon, "situation": situation}
    check_command("attack", args)
    args = jsonable(args)
    name, weapon, situation = args["name"], args["weapon"], dict(args["situation"])
    if st._fighter(name).rules is not None:  # a ruleset's record: its attack policy
        plan = st._record_plan(name, target, weapon, situation)
        odds = st.ruleset.attack_resolution.encounter_attack_odds(
            st._view(name), st._view(target), plan.weapon, attacker_record=plan.spent,
            target_record=st._f[target].rules, **plan.situation)
        return AttackPreview(odds, int(odds.ac), tuple(f"{target} is {c}"
                                                       for c in plan.extra))
    planned = st._check_attack(name, target, weapon, situation).planned
    return AttackPreview(odds_for(planned.setup), _int_or_none(planned.setup.ac),
                         tuple(str(m) for m in planned.modifiers), int(planned.gang or 0))
