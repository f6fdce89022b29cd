"""What the Encounter asks of a ``wounds`` combatant's record, as pure functions.

The encounter keeps a :class:`~lfgcombat.rulesets.wounds.turn.WoundsFighter` for each combatant
(``HealthModel.combatant``) and plays it through the ruleset's policies
(:mod:`lfgcombat.rulesets.wounds.ruleset`), which call these:

* :func:`encounter_attack` - one attack: 003_de0e94afd49609a7.txt, "Combat Statistics" (Nat 1
  -5, Nat 20 +5, the confirmation roll, the critical choice, Instant Kill for players),
  "Prowess is added directly to your Defense" (Defense, +4 in Total Defense), "Any attack
  made against a character wearing a shield" (the parry: the target's reaction), the weapon's
  riders (:mod:`lfgcombat.rulesets.wounds.riders`), and the hit taken
  (:meth:`WoundsFighter.take_attack
  <lfgcombat.rulesets.wounds.turn.WoundsFighter.take_attack>`: Barrier, Shell, Hit Points, Wounds);
* :func:`report` - what ``Encounter.state`` shows: HP, Wounds, Barrier, Shell, Total Defense,
  parries and AOO left, the initiative penalty;
* :func:`budget`, :func:`actions_left` - the turn in Half Actions.

Decisions where the text is open (inferred):

* The target parries an attack that hits (a miss needs no parry), whenever its shield has a
  parry left this turn, unless the attack says ``parry=False``; the parry roll is the
  target's melee attack bonus (STR + Prowess) with its Armor Check Penalty, rolled after the
  attack's own rolls (attack, confirmation, Instant Kill, damage); a deflected attack does
  nothing to the wielder (no damage, no Instant Kill) and its damage goes to the shield.
* "parries per turn": counted from the wielder's turn to its next one.
* The target's conditions (its record's, and those the encounter's effects give, such as
  Top-Down's flat-footed start) are the "Conditions" of its Defense
  (:func:`lfgcombat.rulesets.wounds.defense.condition_defense`); the attacker's change nothing (the
  attack formula names none): the attack says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lfgcombat.errors import IllegalActionError

from . import attacks as _attacks
from ._base import WoundsError, check_keys, made, rule
from .attacks import WoundsAttack
from .combatant import WoundsCombatant, WoundsCreatureOdds, prepare_attack
from .turn import WoundsFighter
from .defense import HALF_ACTIONS_PER_TURN

__all__ = ["SITUATION", "WoundsHit", "encounter_attack", "roller_attack", "report", "budget",
           "actions_left", "spend"]

#: The situation keys a wounds attack in the encounter takes.
SITUATION = ("critical_choice", "aimed_at", "airborne", "rider_target", "spare", "ranged",
             "widen", "parry", "attacker_conditions", "target_conditions", "defense_talents",
             "circumstance")
_PARRY = rule("Any attack made against a character wearing a shield")
_TURN = rule("Attacking an enemy usually involves spending your Half Action")


@dataclass(frozen=True)
class WoundsHit:
    """One attack in the encounter, rolled and taken.

    Attributes:
        attack: The rolled :class:`~lfgcombat.rulesets.wounds.attacks.WoundsAttack`.
        parried: The target deflected it with its shield (``parry_total`` its roll).
        target_after: The target's record afterwards (hit taken, or parry spent).
        events: What happened to the target (and its shield), in words.
        damage_types: The weapon's damage types (every part's), riders or not.
        text: The attack in words.
        ac: The target's Defense; ``bonus``: the attack bonus.
    """

    attack: WoundsAttack
    parried: bool
    parry_total: int | None
    target_after: WoundsFighter
    events: tuple[str, ...]
    damage_types: tuple[str, ...]
    text: str
    ac: int = 0
    bonus: int = 0

    @property
    def outcome(self) -> str:
        """``parried``, ``critical``, ``hit`` or ``miss``."""
        if self.parried:
            return "parried"
        return "critical" if self.attack.critical else "hit" if self.attack.hit else "miss"

    @property
    def dealt(self) -> int:
        """Damage that reached the target (Hit Points and Wounds; 0 when parried)."""
        return 0 if self.parried else self.attack.hp_damage + self.attack.wounds_damage


def _check(situation: dict[str, Any]) -> None:
    check_keys(situation, SITUATION, "a wounds attack")


def _parry(roller: Any, target: Any, record: WoundsFighter, a: WoundsAttack,
           allowed: bool) -> tuple[WoundsFighter, int | None, bool, list[str]]:
    shield = record.shield
    if not (allowed and a.hit and shield is not None and shield.parries_left > 0):
        return record, None, False, []
    t = WoundsCombatant.of(target)
    bonus = t.abilities["str"] + t.need_prowess()
    after, res = record.parry(roller, bonus, record.armor_check_penalty, a.total,
                              a.hp_damage + a.wounds_damage)
    state = res.shield.state
    words = (f"parry {res.total} vs {a.total}: "
             + (f"deflected; the shield takes {a.hp_damage + a.wounds_damage} "
                f"(Hardness {state.hardness}), {state.hp}/{state.max_hp} HP left"
                + (", broken" if state.broken else "") + (", destroyed" if state.destroyed
                                                         else "")
                if res.deflected else "not deflected"))
    return after, res.total, res.deflected, [words]


def _text(a: WoundsAttack, bonus: int, ac: int, choice: str, parried: bool) -> str:
    nat = a.roll.natural or 0
    adj = " (Nat 1: -5)" if nat == 1 else " (Nat 20: +5)" if nat == 20 else ""
    out = f"d20 {nat} {bonus:+d} = {a.total}{adj} vs Defense {ac}"
    if a.confirm is not None:
        out += f"; confirm d20 {a.confirm.natural}: " + ("confirmed" if a.critical
                                                           else "not confirmed")
    if a.critical:
        out += f", critical: {choice}"
    if a.instant_kill_roll is not None:
        out += f"; Instant Kill d20 {a.instant_kill_roll.total}" + (
            ": slain" if a.instant_kill else "")
    if parried:
        return out + "; parried"
    if a.hit:
        out += f"; {a.hp_damage} to HP" + (f", {a.wounds_damage} to Wounds ({a.location})"
                                           if a.wounds_damage else "")
    return out + ("" if a.hit else "; miss")


def encounter_attack(roller: Any, attacker: Any, target: Any, weapon: Any,
                     target_record: WoundsFighter, **situation: Any) -> WoundsHit:
    """One attack of ``attacker`` on ``target`` (their sheets) in the encounter.

    Args:
        roller: The encounter's dice.
        attacker, target: The creatures as they stand.
        weapon: The weapon.
        target_record: The target's record (its Total Defense, shield, vitals).
        situation: :data:`SITUATION` keys: ``critical_choice`` (``"multiply"`` or
            ``"wounds"``), ``aimed_at``, ``airborne``, ``rider_target``, ``spare``,
            ``ranged``, ``widen``, ``parry`` (``False``: the target does not parry),
            ``defense_talents`` and ``circumstance`` (the "Talents" and "Circumstance" terms
            of the target's "Defense = 10+ Prowess + Dex + Talents + Conditions +
            Circumstance").

    Raises:
        WoundsError: an unknown situation key or a missing or bad field; nothing is rolled.
    """
    situation = dict(situation)
    p, allowed, noted = _prepared(attacker, target, weapon, target_record, situation)
    choice = situation.get("critical_choice", "multiply")
    a = roller_attack(roller, p, situation,
                      (p.attacker.name, str(getattr(target, "name", target)), p.weapon.name))
    after, parry_total, parried, events = _parry(roller, target, target_record, a, allowed)
    types, resisted = p.damage.attack_words()
    if not parried and a.hit:
        after, taken = after.take_attack(roller, a, p.damage.riders)
        events += list(taken)
    text = _text(a, p.bonus, p.ac, choice, parried)
    if a.hit and not parried and resisted:
        text += f" ({'; '.join(resisted)})"
    if p.conditions.notes:
        text += f" (Defense: {'; '.join(p.conditions.notes)})"
    if noted:
        text += f" ({', '.join(noted)}: no effect under wounds)"
    return made(WoundsHit, a, parried, parry_total, after, tuple(events), types, text, p.ac,
                p.bonus)


def _prepared(attacker: Any, target: Any, weapon: Any, target_record: WoundsFighter,
              situation: dict[str, Any]) -> tuple[Any, bool, list[str]]:
    """The attack of :func:`encounter_attack` made ready to roll (its odds too,
    :func:`encounter_attack_odds`): the prepared attack against the target's Defense as
    its record has it (Total Defense, conditions, Acid's resistance penalty), whether the
    target may parry, and the attacker's conditions noted. Takes ``parry``,
    ``attacker_conditions`` and ``target_conditions`` out of ``situation``.

    Raises:
        WoundsError: an unknown situation key or a missing or bad field.
    """
    _check(situation)
    allowed = situation.pop("parry", True)
    if not isinstance(allowed, bool):
        raise WoundsError("parry", f"parry is True or False, not {allowed!r:.20}")
    noted = [str(c) for c in situation.pop("attacker_conditions", ())]
    on_target = tuple(dict.fromkeys((*sorted(target_record.conditions),
                                     *(str(getattr(c, "value", c))
                                       for c in situation.pop("target_conditions", ())))))
    p = prepare_attack(attacker, target, weapon, situation.get("ranged"), None,
                       target_record.total_defense, bool(situation.get("airborne", False)),
                       situation.get("rider_target"), bool(situation.get("spare", False)),
                       target_record.resistance_penalty, target_conditions=on_target,
                       defense_talents=situation.get("defense_talents", 0),
                       circumstance=situation.get("circumstance", 0))
    return p, allowed, noted


def encounter_attack_odds(attacker: Any, target: Any, weapon: Any,
                          target_record: WoundsFighter, **situation: Any
                          ) -> WoundsCreatureOdds:
    """The exact odds of :func:`encounter_attack` with the same arguments (no roller):
    the same prepared attack, so its ``ac`` is the Defense the roll is against
    (003_de0e94afd49609a7.txt, "Defense = 10+ Prowess + Dex + Talents + Conditions +
    Circumstance"). ``p_hit`` is the roll's; a shield's parry after a hit is not in it.

    Raises:
        WoundsError: as :func:`encounter_attack`; nothing is computed then.
    """
    situation = dict(situation)
    p, _allowed, _noted = _prepared(attacker, target, weapon, target_record, situation)
    choice = situation.get("critical_choice", "multiply")
    odds = _attacks.attack_odds(p.bonus, p.ac, p.damage.damage_parts(),
                                crit_range=max(_attacks.MIN_CRIT_RANGE, p.weapon.threat),
                                widen=situation.get("widen", 0),
                                multiplier=p.weapon.multiplier, critical_choice=choice,
                                player=p.attacker.player)
    return WoundsCreatureOdds(p.attacker.name, WoundsCombatant.of(target).name, p.weapon,
                              p.bonus, p.ac, str(p.damage), choice, odds, p.damage)


def roller_attack(roller: Any, p: Any, situation: dict[str, Any],
                  names: tuple[str, str, str] | None = None) -> WoundsAttack:
    """Roll the prepared attack ``p`` (:func:`lfgcombat.rulesets.wounds.combatant.prepare_attack`);
    ``names`` (attacker, target, weapon) go into the dice labels."""
    return _attacks.attack(roller, p.bonus, p.ac, p.damage.damage_parts(),
                           crit_range=max(_attacks.MIN_CRIT_RANGE, p.weapon.threat),
                           widen=situation.get("widen", 0), multiplier=p.weapon.multiplier,
                           critical_choice=situation.get("critical_choice", "multiply"),
                           player=p.attacker.player, aimed_at=situation.get("aimed_at"),
                           names=names)


def report(record: WoundsFighter) -> dict[str, Any]:
    """``hp``, ``max_hp``, ``status`` (``dead``; ``wounded`` at 0 HP, taking Wounds;
    ``conscious``), ``dead``, ``conditions`` and ``vitals``: ``wounds``, ``wounds_max``,
    ``barrier``, ``shell``, ``total_defense``, ``parries_left``, ``shield_hp``, ``aoo_left``,
    ``initiative_penalty``, ``resistance_penalty`` (Acid's). Kept on the record (a
    value; issue 24, "Fast"): each caller gets its own dict and lists."""
    kept = kept_report(record)
    return {**kept, "conditions": list(kept["conditions"]), "vitals": dict(kept["vitals"])}


def kept_report(record: WoundsFighter) -> dict[str, Any]:
    """:func:`report` as kept on the record (a value: read once), for reading only (never
    handed out, nor changed)."""
    kept: dict[str, Any] | None = record.__dict__.get("_report")
    if kept is None:
        kept = record.__dict__["_report"] = _report(record)
    return kept


def status(record: WoundsFighter) -> str:
    """:func:`report`'s ``status``: ``dead`` (0 Wounds), ``wounded`` (0 HP, taking Wounds:
    003_de0e94afd49609a7.txt, "When a character is subject to a damage-dealing effect") or
    ``conscious``, read from its vitals alone."""
    return "dead" if record.dead else "wounded" if record.vitals.hp == 0 else "conscious"


def _report(record: WoundsFighter) -> dict[str, Any]:
    """:func:`report`, read now."""
    v = record.vitals
    shield = record.shield
    return {"hp": int(v.hp or 0), "max_hp": v.max_hp, "status": status(record),
            "dead": record.dead,
            "conditions": sorted(record.conditions),
            "vitals": {"wounds": int(v.wounds or 0), "wounds_max": v.wounds_max,
                       "barrier": str(v.barrier) if v.barrier else None, "shell": v.shell,
                       "total_defense": record.total_defense,
                       "parries_left": None if shield is None else shield.parries_left,
                       "shield_hp": None if shield is None else int(shield.state.hp or 0),
                       "aoo_left": record.aoo_left,
                       "initiative_penalty": record.initiative_penalty,
                       "resistance_penalty": record.resistance_penalty}}


def budget(record: WoundsFighter) -> dict[str, Any] | None:
    """The turn as plain data (``None`` outside its turn): ``mode`` ``half_actions``,
    ``half_actions`` left, ``speed_ft``, ``move_left``, ``remaining_ft``,
    ``total_defense``."""
    if record.turn is None:
        return None
    return {"mode": "half_actions", "half_actions": record.turn.half_actions,
            "speed_ft": record.speed_now, "move_left": record.move_left,
            "remaining_ft": record.remaining_ft, "total_defense": record.total_defense}


def actions_left(record: WoundsFighter, upcoming: bool) -> dict[str, Any]:
    """The turn as ``ActionsLeft`` counts it: ``big`` the Half Actions left (each one an
    attack, a move of its speed, Total Defense...), ``attacks`` as many, ``reactions`` its
    AOO left; the notes give the parries and the feet; ``summary`` the turn in
    words (``2 Half · 1 AOO``, and the feet left on its turn). Kept on the record (a
    value), each caller getting its own dict."""
    key = "_actions_left_upcoming" if upcoming else "_actions_left"
    kept = record.__dict__.get(key)
    if kept is None:
        kept = record.__dict__[key] = _actions_left(record, upcoming)
    return dict(kept)


def _actions_left(record: WoundsFighter, upcoming: bool) -> dict[str, Any]:
    """:func:`actions_left` by what it reads of the record (the Half Actions, AOO and
    parries left, Total Defense, the feet left on its turn), counted once for those (issue
    24, "Fast": a record changes at every step, its count far less often)."""
    on_turn = record.turn is not None
    halves = record.turn.half_actions if record.turn is not None else (
        HALF_ACTIONS_PER_TURN if upcoming and not record.dead else 0)
    key = (halves, record.aoo_left,
           None if record.shield is None else record.shield.parries_left,
           bool(record.total_defense), record.remaining_ft if on_turn else None)
    found = _COUNTS.get(key)
    if found is None:
        if len(_COUNTS) >= _MAX_COUNTS:
            _COUNTS.clear()
        found = _COUNTS[key] = _counted(*key)
    return found


#: The counts :func:`_actions_left` made, by what they read (at most :data:`_MAX_COUNTS`).
_COUNTS: dict[tuple[Any, ...], dict[str, Any]] = {}
_MAX_COUNTS = 4096


def _counted(halves: int, aoo_left: int, parries_left: int | None, total_defense: bool,
             remaining_ft: int | None) -> dict[str, Any]:
    """:func:`_actions_left` of these readings, counted now (``None``: no shield; not its
    turn)."""
    notes = [f"Half Actions: {halves} ({_TURN})", f"AOO left this round: {aoo_left}"]
    if parries_left is not None:
        notes.append(f"parries left: {parries_left} ({_PARRY})")
    if total_defense:
        notes.append("in Total Defense (+4 Defense, no AOO)")
    if remaining_ft is not None:
        notes.append(f"movement left: {remaining_ft} ft")
    summary = f"{halves} Half · {aoo_left} AOO"
    if remaining_ft is not None:
        summary += f" · {remaining_ft} ft"
    # each Half Action may cast a spell (``cast_spell``): as many casts as Half Actions
    return {"big": halves, "attacks": halves, "spells": halves, "reactions": aoo_left,
            "notes": tuple(notes), "summary": summary}


#: The Half Actions :func:`spend` takes, in words (what its refusal says).
_HALF_WORDS = {"attack": "an attack", "standard_action": "a standard action",
               "cast_spell": "casting a spell"}


def spend(record: WoundsFighter, action: str) -> WoundsFighter:
    """Spend one Half Action (``attack``, ``standard_action``, ``cast_spell``), take Total
    Defense (``total_defense``) or use an AOO (``aoo``, out of turn).

    Raises:
        IllegalActionError: no Half Action (or AOO) left, or an action wounds has not.
    """
    if action == "total_defense":
        return record.take_total_defense()
    if action == "aoo":
        return record.make_aoo()
    if action in _HALF_WORDS:  # (the fighter's other fields, ``move_left`` too, as they are)
        return record.spend(_HALF_WORDS[action])
    raise IllegalActionError(f"{action!r} is not an action of the wounds turn (attack, "
                             "total_defense, standard_action, cast_spell, move)", _TURN)
