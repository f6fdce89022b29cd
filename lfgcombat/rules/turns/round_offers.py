"""Which of lfg's turn controls a creature's round has, by the ruleset in play (issue 26,
item 1, in part): the tracker offers only these.

The engine already decides it, and this module only asks it, in one place: a combatant
that its ruleset keeps a record of (``Ruleset.health.combatant``: classic, wounds) plays
its ruleset's own round - the economy's ``single_actions`` and a Move Action - and the
encounter refuses lfg's interrupts and readied actions for it ("no interrupts or readied
actions") and lfg's attack options (Power Attack, Charge, Active Parry / Dodge, lfg's
"thrown" are not part of its ruleset's attack); whether it makes Attacks of Opportunity is
its economy's ``aoo_problem`` on a fresh record (classic: "its round has no Attacks of Opportunity";
wounds: 1 + DEX modifier a round).

000_8d1d7816ee944f3b.txt: "Interrupt Turn", "Prepare to Interrupt – “Ready Action” (Big
Action)", "Power Attack (Attack Action, No AOO)", "Charge Attack", "Active Defense",
"Reactions & AOO:". 002_2a3a79475ca2a541.txt, "Character Round:" (its single actions);
003_de0e94afd49609a7.txt, "Attacking an enemy usually involves spending your Half Action",
"As mentioned in the previous Tip" (AOO).

:func:`of_no_use` says which of the actions a creature may take would do nothing for it
(the engine still takes them - saved fights replay as they were - but the tracker does
not offer them): Aim without a ranged or thrown weapon (000_8d1d7816ee944f3b.txt, "Aim
(Big Action, Provokes AOO)": "+1 Focus Bonus on your next ranged attack this turn").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..citations import cite
from lfgcombat.errors import LfgError

if TYPE_CHECKING:  # pragma: no cover
    from lfgcombat.engine import Encounter

__all__ = ["RoundOffers", "LFG_ATTACK_OPTIONS", "round_offers", "of_no_use"]

R_TURN = cite("Taking Your Turn: Your turn represents the actions you take during the 6 "
              "seconds of a combat round.")
#: lfg's attack options the tracker offers (the keys of ``Encounter.attack``'s situation).
LFG_ATTACK_OPTIONS = ("power_attack", "charge", "thrown", "active_defense")


@dataclass(frozen=True)
class RoundOffers:
    """What a creature's round has of lfg's turn controls.

    Attributes:
        name: The creature.
        lfg_round: It plays lfg's round (Big, Little, Free Actions and a Reaction).
        interrupts: It may try to interrupt a turn ("Interrupt Turn").
        ready: It may ready an action ("Prepare to Interrupt").
        attack_options: lfg's attack options its attacks take (:data:`LFG_ATTACK_OPTIONS`).
        aoo: It makes Attacks of Opportunity.
        single_actions: Its ruleset's own round (``()`` under lfg's round).
        rule: The text that says so (its ruleset's round).
    """

    name: str
    lfg_round: bool
    interrupts: bool
    ready: bool
    attack_options: tuple[str, ...]
    aoo: bool
    single_actions: tuple[str, ...]
    rule: str


def round_offers(enc: Encounter, name: str) -> RoundOffers:
    """What ``name``'s round has of lfg's turn controls (see the module docstring).

    Raises:
        LfgError: ``name`` is not in the fight.
    """
    if not isinstance(name, str) or name not in enc.names:
        raise LfgError(f"round_offers: no creature {name!r} in this fight; give one of "
                       f"{', '.join(enc.names)}")
    rs = enc.ruleset
    record = rs.health.combatant(enc.creature(name), rs)
    economy = rs.economy
    rule = str(getattr(economy, "rule", "") or rs.definition.text)
    if record is None:  # lfg's round, played by the encounter's own rules
        return RoundOffers(name, True, True, True, LFG_ATTACK_OPTIONS, True, (),
                           R_TURN)
    return RoundOffers(name, False, False, False, (), economy.aoo_problem(record) is None,
                       tuple(getattr(economy, "single_actions", ())), rule)


R_AIM = cite("Aim (Big Action, Provokes AOO)")
R_DOORS = cite("Doors")
#: The actions of ``data/actions.csv`` that need a door: "Unlock a lock with a key and open
#: the door", "Open/Close an Unlocked Door" (000_8d1d7816ee944f3b.txt, "Doors").
DOOR_ACTIONS = ("unlock_door", "open_close_door")


def of_no_use(enc: Encounter, name: str) -> dict[str, str]:
    """The actions ``name`` may take that would do nothing for it now, each with why in
    words (the tracker offers them not; the engine still takes them).

    Aim gives "+1 Focus Bonus on your next ranged attack this turn"
    (000_8d1d7816ee944f3b.txt, "Aim (Big Action, Provokes AOO)"): of no use to a creature
    without a weapon that makes a ranged attack (one that shoots, or can be thrown).
    The door actions of ``data/actions.csv`` (:data:`DOOR_ACTIONS`, 000_8d1d7816ee944f3b.txt,
    "Doors") are of no use on a battle map with no door (:meth:`HexMap.doors`); without a
    map the GM keeps the doors, so they stay offered.
    Only under lfg's round (a ruleset's own round has neither).

    Raises:
        LfgError: ``name`` is not in the fight.
    """
    if not round_offers(enc, name).lfg_round:
        return {}
    out = {} if _has_ranged(enc.creature(name)) else {
        "aim": f"Aim is of no use to {name}: it has no ranged or thrown weapon "
               f"(Aim gives +1 on the next ranged attack this turn) ({R_AIM})"}
    hexmap = getattr(enc, "map", None)
    if hexmap is not None and not hexmap.doors():
        for action in DOOR_ACTIONS:
            out[action] = f"there is no door on the map ({R_DOORS})"
    return out


def _has_ranged(creature: Any) -> bool:
    """``creature`` has a weapon that shoots or can be thrown (one the kit cannot read
    counts not: it is offered nowhere)."""
    from ..weapons import WeaponError, resolve_weapon, weapon_entries
    for entry in weapon_entries(creature):
        try:
            w = resolve_weapon(creature, entry)
        except WeaponError:
            continue
        if w.is_projectile or w.can_throw:
            return True
    return False
