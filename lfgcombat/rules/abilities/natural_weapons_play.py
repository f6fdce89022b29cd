"""Natural weapons' special attacks in an encounter: Grab/Trip/Shove on a hit, Ram and Gore's
Shove, Pounce and Rake (000_8d1d7816ee944f3b.txt, "Special Natural Attacks").

000_8d1d7816ee944f3b.txt, "Common Natural Weapons": "Grab/Trip/Shove (Attack): The listed
attack allows an attempted Grab/Trip/Shove Wrestling maneuver on successful hit"; Ram or
Gore: "A successful attack activates a Shove Maneuver (Opposed Wrestling Check)"; "Pounce:
You can make a two natural attacks as part of a single Big Action Charge Attack. (The
creature must have at least 2 different natural weapons)"; "Rake Attack: While in a grapple,
if you win a Wrestling check to damage or pin an opponent, you may spend a Reaction to deal
the listed slashing damage". The tail rule ("A tail can never target the same foe in a turn
that was targeted with a bite") is checked for every attack in
:meth:`~lfgcombat.rules.actions.maneuvers_play.ManeuversRules._encounter_situation`.

Decisions: a creature lists the special attacks it has as abilities (``Grab (Ex)``, ``Trip
(Ex)``, ``Pounce (Ex)``, ``Rake (Ex)``; the weapons' ``shove`` trait gives Ram and Gore
theirs); each follows the creature's last attack this turn (on-hit maneuvers: once per
strike, a natural weapon that hit; Pounce: a Charge Attack with a natural weapon); Rake's
"listed slashing damage" is its claws' damage dice plus its STR mod (at least 1), rolled
without an attack roll. "A Creature with one of these abilities normally gains a +2 or higher
Innate Bonus to their Wrestling Skill" (Ram or Gore; Grab/Trip/Shove): +2 Innate on the
on-hit check, beside the ``skills:`` total (which then leaves it out). A Sting "injects a
poison if the strike deals damage": the creature's ``Poison`` ability used on a target
(:meth:`~lfgcombat.rules.abilities.abilities_play.AbilitiesRules.use_ability`) needs such a hit this
turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from lfgcombat.engine.log.savefile import clip
from lfgcombat.creature.close_keys import abilities_of
from ..conditions.conditions import Condition
from lfgcombat.errors import IllegalActionError, LfgError
from ..handedness import RULE_COMMON, check_rake, pounce_attacks
from lfgcombat.engine.log import Event
from ..actions.maneuvers import Maneuver, maneuver_on_hit
from .._citations import R_DEATH, R_REACTIONS
from lfgcombat.engine.commands import command
from ..weapons import weapon_entries

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter

__all__ = ["is_tail"]


def is_tail(weapon: Any) -> bool:
    """A tail: ``smack`` (tail smack) or any weapon named ``tail ...``."""
    name = str(weapon or "").strip().lower()
    return name == "smack" or name.startswith("tail")


# NaturalWeapons: ``hit_maneuver``, ``pounce`` and ``rake``.


def _has_ability(st: Encounter, name: str, ability: str) -> bool:
    return any(a.name.lower() == ability for a in abilities_of(st._f[name].creature))


def _last_own_attack(st: Encounter, name: str) -> Event | None:
    for e in reversed(st._turn_events(name)):
        if e.kind == "attack" and not e.command and e.actor == name and \
                not e.data.get("aoo"):
            return e
    return None

# ------------------------------------------------------------------ on a hit


def hit_maneuver(st: Encounter, name: str, target: str, maneuver: str, *, to: Any = None,
                 resist_with: str | None = None) -> Any:
    """The Grab, Trip or Shove a natural weapon's hit allows (no touch attack: opposed
    Wrestling at once), 000_8d1d7816ee944f3b.txt, "Common Natural Weapons".

    The on-hit maneuver of 000_8d1d7816ee944f3b.txt, "Grab/Trip/Shove (Attack)", and the Shove a
    hit of 000_8d1d7816ee944f3b.txt, "Ram or Gore" activates (with the +2 Innate Wrestling bonus).

    Args:
        name: The attacker, on its turn, right after a hit with a natural weapon.
        target: The foe it hit.
        maneuver: ``grab``, ``trip`` or ``shove`` (Ram and Gore shove; the others need
            the ability, e.g. ``Trip (Ex)``).
        to: Where a Shove puts the foe. resist_with: The foe's choice.

    Raises:
        IllegalActionError: no such hit, already used on it, a maneuver the creature
            lacks, sizes that forbid it; nothing changes.
    """
    return st._do("hit_maneuver", {"name": name, "target": target,
                                   "maneuver": maneuver, "to": to,
                                   "resist_with": resist_with})


@command
def _h_hit_maneuver(st: Encounter, name: str, target: str, maneuver: str, to: Any,
                    resist_with: str | None) -> None:
    st._actor(name)
    try:
        m = Maneuver.coerce(maneuver)
    except LfgError as exc:
        raise IllegalActionError(str(exc), RULE_COMMON) from None
    strike = _last_own_attack(st, name)
    if strike is None or strike.target != target or not strike.data.get("hit"):
        raise IllegalActionError(f"{name}'s last attack this turn did not hit "
                                 f"{clip(str(target), 60)}", RULE_COMMON)
    weapon = st._weapon(name, strike.data.get("weapon"))
    if weapon is None or not weapon.is_natural:
        raise IllegalActionError("only a natural weapon's hit activates a maneuver",
                                 RULE_COMMON)
    if any(e.kind == "maneuver" and not e.command and e.actor == name
           and e.seq > strike.seq for e in st._log):
        raise IllegalActionError("that hit's maneuver was already tried", RULE_COMMON)
    allowed = m is Maneuver.SHOVE and "shove" in weapon.traits or \
        _has_ability(st, name, m.value)
    if not allowed:
        raise IllegalActionError(f"{name}'s {weapon.name} does not allow a {m.value} on a "
                                 f"hit (list '{m.value.title()} (Ex)' among its "
                                 "special_abilities, or use a ram or gore to shove)",
                                 RULE_COMMON)
    if st._f[target].dead:
        raise IllegalActionError(f"{target} is dead", R_DEATH)
    choice, defense = st._defense(target, ("wrestling",) if m is Maneuver.GRAB
                                  else ("wrestling", "acrobatics"), resist_with,
                                  RULE_COMMON)
    shove_to = st._shove_cell(name, target, to) if m is Maneuver.SHOVE else None
    seen = len(st.roller.history)
    r = maneuver_on_hit(m, attacker_size=st._view(name), target_size=st._view(target),
                        wrestling=int(st.skill(name, "wrestling",
                                               {"Grab/Trip/Shove (innate)": 2}).value
                                      or 0),
                        defense=int(defense.value or 0), roller=st.roller)
    st._log_rolls(seen, actor=name, target=target)
    check = r.check
    st._emit("maneuver", actor=name, target=target, data={
        "maneuver": m.value, "touch": None, "touch_ac": None,
        "bonus": check.a_bonus if check else None, "defense": int(defense.value or 0),
        "defended_with": choice, "margin": check.margin if check else None,
        "success": r.success, "effect": r.effect, "rule": r.rule})
    if r.success:
        st._maneuver_effect(name, target, m, shove_to)

# ------------------------------------------------------------------ Pounce


def pounce(st: Encounter, name: str, target: str) -> Any:
    """Pounce: the second natural attack of a Charge Attack (part of the same Big
    Action), with a natural weapon other than the first one's
    (000_8d1d7816ee944f3b.txt, "Pounce").

    Returns:
        The second attack's :class:`~lfgcombat.rules.attacks.AttackResult`.

    Raises:
        IllegalActionError: no Pounce ability, no Charge Attack with a natural weapon
            on ``target`` just made, fewer than 2 different natural weapons, already
            pounced this turn.
    """
    return st._do("pounce", {"name": name, "target": target})


@command
def _h_pounce(st: Encounter, name: str, target: str) -> Any:
    f = st._actor(name)
    st._fighter(target)
    st._check_insult(name, target)
    if not _has_ability(st, name, "pounce"):
        raise IllegalActionError(f"{name} has no Pounce (list 'Pounce (Ex)' among its "
                                 "special_abilities)", RULE_COMMON)
    strike = _last_own_attack(st, name)
    if strike is None or strike.target != target or not strike.data.get("charge"):
        raise IllegalActionError(f"{name}'s last attack was not a Charge Attack on "
                                 f"{target}", RULE_COMMON)
    if any(e.kind == "spend" and e.actor == name and e.data.get("action") == "pounce"
           for e in st._turn_events(name)):
        raise IllegalActionError(f"{name} already pounced this turn", RULE_COMMON)
    natural = [str(w.get("name")) for w in weapon_entries(st._view(name))
               if isinstance(w, Mapping) and getattr(st._weapon(name, w.get("name")),
                                                     "is_natural", False)]
    first = str(strike.data.get("weapon") or (natural[0] if natural else ""))
    if first.lower() not in (n.lower() for n in natural):
        raise IllegalActionError("the Charge Attack was not made with a natural weapon",
                                 RULE_COMMON)
    pounce_attacks(natural)  # refuses fewer than 2 different natural weapons
    second = next(n for n in natural if n.lower() != first.lower())
    if st._f[target].dead:
        raise IllegalActionError(f"{target} is dead", R_DEATH)
    st._emit("spend", actor=name, target=target, data={
        "action": "pounce", "type": "big", "slot": "second attack of the Charge",
        "rule": RULE_COMMON})
    f.update_turn(attacks=f.turn.attacks + 1)
    return st._resolve_attack(name, target, second,
                              {"previous_attacks": f.turn.attacks - 1,
                               "alternating": True}, charge=True)

# ------------------------------------------------------------------ Rake


def rake(st: Encounter, name: str, target: str) -> Any:
    """Rake: a Reaction dealing the claws' slashing damage after winning a Wrestling
    check in a grapple (a Pin, or a Grab's check) against ``target``
    (000_8d1d7816ee944f3b.txt, "Rake Attack").

    Raises:
        IllegalActionError: no Rake ability, no such win just now, no Reaction left.
    """
    return st._do("rake", {"name": name, "target": target})


@command
def _h_rake(st: Encounter, name: str, target: str) -> None:
    st._fighter(name)
    st._fighter(target)
    st._check_insult(name, target)
    if not _has_ability(st, name, "rake"):
        raise IllegalActionError(f"{name} has no Rake Attack (list 'Rake (Ex)' among its "
                                 "special_abilities)", RULE_COMMON)
    last = next((e for e in reversed(list(st._log)) if e.kind == "maneuver"
                 and not e.command and e.actor == name), None)
    won = last is not None and last.target == target and bool(last.data.get("success"))
    purpose = "pin" if last is not None and last.data.get("maneuver") in ("pin", "grab") \
        else "other"
    check_rake(in_grapple=st._has(name, Condition.GRAPPLED), won_check=won,
               purpose=purpose, reaction_available=st._reaction_problem(name) is None)
    if any(e.kind == "spend" and e.actor == name and e.data.get("action") == "rake"
           and e.seq > last.seq for e in st._log if last is not None):
        raise IllegalActionError("that win already raked", RULE_COMMON)
    claws = next((st._weapon(name, w.get("name")) for w in
                  weapon_entries(st._view(name)) if isinstance(w, Mapping)
                  and "s" in str(getattr(st._weapon(name, w.get("name")), "spec", ""))
                  and getattr(st._weapon(name, w.get("name")), "is_natural", False)),
                 None)
    if claws is None:
        raise IllegalActionError(f"{name} has no slashing natural weapon to rake with",
                                 RULE_COMMON)
    st._f[name].reactions_used += 1
    st._emit("spend", actor=name, target=target, data={
        "action": "rake", "type": "reaction", "slot": "reaction", "rule": R_REACTIONS})
    mod = st._view(name).ability_mod("str")
    r = st._roll(f"{claws.damage}{mod:+d}" if mod else str(claws.damage),
                 label=f"{name}: rake ({claws.name})", actor=name, target=target)
    st._apply_damage(target, max(1, r.total), "slashing", struck=True, source=name)
