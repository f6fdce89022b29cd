"""Special abilities and the second weapon's Reaction attack, in an encounter.

000_8d1d7816ee944f3b.txt, "Special Abilities – 4 Different Types": an SLA is "a Big Action
that Provokes AOO. You may only use 1 SLA per turn", "You may use a SLA on the same turn in
which you cast a spell from a spellcasting class", its DC is (10+Spell Level+AbilityMod),
and "If damaged or Grappled while attempting to activate a SLA, you must make a (DC10+[2xSL])
Perseverance Check. If you fail, your SLA fails & 1 daily use is wasted. (If you take 10+
Damage, add +5DC)"; a Su ability activated with an action only "once per round"; damage never
interrupts a Natural, Ex or Su ability, and they need no Perseverance while grappled. The
line is parsed by :func:`lfgcombat.rules.abilities.abilities.parse_ability` (the creature's
``special_abilities:``).

"Natural Weapons (also called “Natural Attacks”)" and "Handedness & Using Both Hands (Two
Weapon Fighting)": "Once per turn, if you strike a Flat-Footed enemy with your Main-Hand melee
weapon, you may use a Reaction to make a single attack with your Off-Hand Weapon against the
same foe (counts as an AOO)" - and the same with a second natural weapon ("Ex: A level 2
creature with both a Claw & Bite Attack who surprises a foe could make a Claw Attack first,
then spend a Reaction to make a Bite attack!"): :meth:`AbilitiesRules.follow_up`.

Decisions: uses "per day" count over the whole encounter (a fight happens within one day;
earlier uses are the GM's to note); the uses are read from the log, so replay needs no extra
state. A non-SLA ability takes the action its description gives (``action=``, default a Big
Action; ``"none"`` for one that takes no action) and provokes nothing. With a ``target`` and
a save in the line, the target rolls it against the DC; what the ability then does is the
GM's (the engine records the save). The foe counts as Flat-Footed for the follow-up when it
is Flat-Footed now or the strike was made against its Flat-Footed AC (``flat_footed=True``,
surprise, a Combat Feint). The main hand holds the
first weapon listed (``handedness:`` says which hand that is); a two-weapon follow-up is an
off-hand attack (-2, -4 with a one-handed weapon: :func:`lfgcombat.rules.attacks.off_hand_penalty`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .abilities import (RULE, AbilityType, SpecialAbility, activation, check_activation,
                        needs_perseverance, sla_dc, sla_dc_note, sla_perseverance_dc)
from lfgcombat.creature.close_keys import CloseKeysError, ability_named
from ..conditions.conditions import Condition
from lfgcombat.errors import IllegalActionError
from ..handedness import RULE as R_HANDS
from ..handedness import follow_up_attack, hand_weapon, off_hand_weapon_of, RULE_NATURAL
from lfgcombat.engine.log import Event
from .._citations import R_DEATH, R_REACTIONS
from lfgcombat.engine.arguments import show
from lfgcombat.engine.commands import command
from lfgcombat.creature.stats import Stat, Term
from ..health.saves import saving_throw
from ..weapons import resolve_weapon, weapon_entries

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter
    from lfgcombat.creature.stats import Stat

__all__ = ["ABILITY_ACTIONS"]

#: The actions a non-SLA ability may take ("the action required ... will be indicated").
ABILITY_ACTIONS = ("big", "little", "swift", "free", "reaction", "none")


# Abilities: ``use_ability`` (uses tracked), ``ability_uses``, and ``follow_up``.

# ------------------------------------------------------------------ reading the log


def _turn_events(st: Encounter, name: str) -> list[Event]:
    """The events since ``name``'s turn (or its group's) last began."""
    log = st._log
    unit = st._f[name].unit
    for i in range(len(log) - 1, -1, -1):  # the last one: read from the end (issue 24)
        e = log[i]
        if e.kind == "turn_start" and e.turn == unit:
            return log[i:]
    return log[0:]


def ability_uses(st: Encounter, name: str, ability: str) -> int:
    """How many times ``name`` has used ``ability`` (wasted uses included) in the
    period its line counts (the whole fight for ``/day`` and ``/encounter``, this
    round for ``/round``)."""
    st._fighter(name)
    ab = _ability(st, name, ability)
    return _uses(st, name, ab)


def _uses(st: Encounter, name: str, ab: SpecialAbility) -> int:
    return len([e for e in st._log if e.kind == "ability" and e.actor == name
                and e.data.get("ability") == ab.name
                and (ab.per != "round" or e.round == st.round)])


def _ability(st: Encounter, name: str, ability: str) -> SpecialAbility:
    if not isinstance(ability, str):
        raise IllegalActionError(f"ability: the ability's name as text, not "
                                 f"{show(ability)}", RULE)
    try:
        return ability_named(st._f[name].creature, ability)
    except CloseKeysError as exc:
        raise IllegalActionError(str(exc), RULE) from None

# ------------------------------------------------------------------ use_ability


def use_ability(st: Encounter, name: str, ability: str, target: str | None = None, *,
                action: str | None = None, aoo: Any = None) -> Encounter:
    """Use one of the creature's special abilities (its ``special_abilities:`` line).

    Args:
        name: The creature (acting now, unless the ability takes a Reaction or no
            action).
        ability: The ability's name (``"Fear Burst"``).
        target: A creature it is aimed at: it rolls the line's save against the DC.
        action: For a Natural/Ex/Su ability, the action its description gives (one of
            :data:`ABILITY_ACTIONS`; default ``big``). An SLA is always a Big Action.
        aoo: Who takes the AOO an SLA provokes.

    Raises:
        IllegalActionError: an ability it does not have, no uses left, a second SLA this
            turn, a second action-activated Su ability this round, no action left;
            nothing changes.
    """
    st._do("use_ability", {"name": name, "ability": ability, "target": target,
                           "action": action, "aoo": aoo})
    return st


def _ability_action(st: Encounter, ab: SpecialAbility, action: str | None) -> str:
    if ab.kind is AbilityType.SLA:
        if action not in (None, "big"):
            raise IllegalActionError(f"an SLA is a Big Action, not {action!r:.20}", RULE)
        return "big"
    act = "big" if action is None else str(action).strip().lower()
    if act not in ABILITY_ACTIONS:
        raise IllegalActionError(f"action: one of {', '.join(ABILITY_ACTIONS)}, not "
                                 f"{action!r:.20}", RULE)
    return act


def _check_use(st: Encounter, name: str, ab: SpecialAbility, act: str) -> None:
    events = st._turn_events(name)
    sla_now = any(e.kind == "ability" and e.actor == name and e.data.get("type") == "SLA"
                  for e in events)
    su_now = any(e.kind == "ability" and e.actor == name and e.data.get("type") == "Su"
                 and e.data.get("action") != "none" and e.round == st.round
                 for e in st._log)
    check_activation(ab, uses_spent=_uses(st, name, ab), sla_used_this_turn=sla_now,
                     su_used_this_round=su_now and act != "none")


@command
def _h_use_ability(st: Encounter, name: str, ability: str, target: str | None, action: str | None,
                   aoo: Any) -> None:
    f = st._fighter(name)
    if f.dead:
        raise IllegalActionError(f"{name} is dead", R_DEATH)
    ab = _ability(st, name, ability)
    act = _ability_action(st, ab, action)
    if target is not None:
        st._fighter(target)
        if ab.name.lower() == "poison":
            _check_sting(st, name, target)
    _check_use(st, name, ab, act)
    if act not in ("reaction", "none"):
        st._actor(name)
        st._check_spend(name, act, "use_ability")
    elif act == "reaction" and st._reaction_problem(name):
        raise IllegalActionError(f"{name} cannot take a Reaction: "
                                 f"{st._reaction_problem(name)}", R_REACTIONS)
    provokes = activation(ab).provokes
    offered, take = st._provocation(
        name, st._threatening_enemies(name) if provokes else [], aoo, "use_ability")
    hurt_before = f.damage_taken
    _pay(st, name, act, target)
    st._resolve_provocation(name, offered, take, "use_ability")
    if f.dead:
        return
    hurt = f.damage_taken - hurt_before
    outcome = st._perseverance(name, ab, hurt)
    dc_stat = st.ability_dc(name, ab.name)
    dc = None if dc_stat is None else int(dc_stat.value or 0)
    if outcome == "used" and target is not None and ab.save and dc is not None:
        outcome = _target_save(st, name, target, ab, dc)
    data = {"ability": ab.name, "type": ab.kind.value, "action": act, "uses": ab.uses,
            "per": ab.per, "used": _uses(st, name, ab) + 1, "dc": dc, "save": ab.save,
            "outcome": outcome, "rule": RULE}
    if dc_stat is not None and dc_stat.notes:  # a listed DC that is not 10+SL+mod
        data["dc_note"] = "; ".join(dc_stat.notes)
    st._emit("ability", actor=name, target=target, data=data)


def _check_sting(st: Encounter, name: str, target: str) -> None:
    """"Sting: ... injects a poison if the strike deals damage" ("Common Natural
    Weapons"): a hit this turn on ``target`` with a poison weapon that dealt damage
    (000_8d1d7816ee944f3b.txt, "Sting")."""
    for e in reversed(st._turn_events(name)):
        if e.kind == "attack" and not e.command and e.actor == name and \
                e.target == target and e.data.get("hit") and \
                sum((e.data.get("damage") or {}).values()) > 0:
            weapon = st._weapon(name, e.data.get("weapon"))
            if weapon is not None and "poison" in weapon.traits:
                return
    raise IllegalActionError(f"{name}'s poison needs a sting that dealt {target} damage "
                             "this turn", f'{RULE.split(",")[0]}, "Common Natural Weapons"')


def _pay(st: Encounter, name: str, act: str, target: str | None) -> None:
    if act == "none":
        return
    if act == "reaction":
        st._f[name].reactions_used += 1
        st._emit("spend", actor=name, target=target, data={
            "action": "use_ability", "type": "reaction", "slot": "reaction",
            "rule": R_REACTIONS})
        return
    st._spend(name, act, "use_ability", target=target)


def _perseverance(st: Encounter, name: str, ab: SpecialAbility, hurt: int) -> str:
    """An SLA damaged or grappled while activating: Perseverance or it is wasted."""
    grappled = st._has(name, Condition.GRAPPLED)
    if not needs_perseverance(ab, damaged=hurt > 0, grappled=grappled):
        return "used"
    dc = sla_perseverance_dc(int(ab.spell_level or 0), hurt)
    stat = st.skill(name, "perseverance")
    seen = len(st.roller.history)
    bonus = int(stat.value or 0)
    r = st.roller.roll(f"1d20{bonus:+d}", stat.fortune,
                       label=f"{name}: Perseverance DC {dc} ({ab.name})")
    ok = r.total >= dc
    st._log_rolls(seen, actor=name, against=dc, outcome="success" if ok else "failure")
    why = "grappled" if grappled else f"{hurt} damage"
    return "used" if ok else f"wasted: failed Perseverance DC {dc} ({why})"


def _dc(st: Encounter, name: str, ab: SpecialAbility) -> int | None:
    """The listed DC, or for an SLA with a DC ability 10+SL+mod."""
    stat = st.ability_dc(name, ab.name)
    return None if stat is None else int(stat.value or 0)


def ability_dc(st: Encounter, name: str, ability: str) -> Stat | None:
    """The save DC of ``name``'s ability, explained; ``None`` when its line gives none.

    The listed DC is used; an SLA's line without one but with its DC ability gets
    "(10+Spell Level+AbilityMod)" (000_8d1d7816ee944f3b.txt, "Special Abilities – 4
    Different Types"). A listed SLA DC that disagrees with 10+SL+mod for this creature
    is kept and the explanation says so in a note (:func:`lfgcombat.rules.abilities.abilities.
    sla_dc_note`; the ``ability`` event records it as ``dc_note``).

    Raises:
        CloseKeysError: no such ability. LfgError: unknown name.
    """
    st._fighter(name)
    ab = _ability(st, name, ability)
    mod = (st._f[name].creature.ability_mod(ab.dc_ability.lower())
           if ab.dc_ability else None)
    if ab.dc is not None:
        note = sla_dc_note(ab, mod) if mod is not None else None
        return Stat(f"{ab.name} DC", ab.dc, (Term("listed DC", ab.dc),),
                    notes=(note,) if note else (), rule=RULE)
    if ab.kind is AbilityType.SLA and ab.dc_ability and mod is not None:
        sl = int(ab.spell_level or 0)
        return Stat(f"{ab.name} DC", sla_dc(sl, mod),
                    (Term("base", 10), Term(f"SL{sl}", sl),
                     Term(f"{ab.dc_ability} mod", mod)),
                    rule=f"{RULE}: SLA Spell Save DC = 10+Spell Level+AbilityMod")
    return None


def _target_save(st: Encounter, name: str, target: str, ab: SpecialAbility, dc: int) -> str:
    seen = len(st.roller.history)
    subject, ruleset = st._save_subject(target)
    save = saving_throw(subject, str(ab.save).lower(), dc, st.roller, ruleset=ruleset,
                        label=f"{target}: {ab.save} DC {dc} vs {ab.name}")
    st._log_rolls(seen, actor=target, target=name, against=dc,
                  outcome="success" if save.success else "failure")
    return f"used: {target} {'saves' if save.success else 'fails its save'}"

# ------------------------------------------------------------------ follow-up attack


def follow_up(st: Encounter, name: str, target: str, weapon: str | None = None) -> Any:
    """The Reaction attack with the second weapon (counts as an AOO): once per turn,
    after striking a Flat-Footed foe with the primary natural weapon or the main-hand
    weapon (000_8d1d7816ee944f3b.txt, "Natural Weapons"; "Handedness & Using Both
    Hands").

    Args:
        name: The creature whose turn it is.
        target: The foe it just struck.
        weapon: The second weapon (default: the next of its weapons).

    Returns:
        The attack's :class:`~lfgcombat.rules.attacks.AttackResult`.

    Raises:
        IllegalActionError: no strike with the primary weapon on a Flat-Footed foe this
            turn, already used this turn, no Reaction, no second weapon.
    """
    return st._do("follow_up", {"name": name, "target": target, "weapon": weapon})


def _last_primary_strike(st: Encounter, name: str, target: str, events: list[Event]
                         ) -> tuple[Event | None, bool]:
    """The last hit of ``name``'s own attacks on ``target`` this turn, and whether the
    foe was Flat-Footed for it."""
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if e.kind == "attack" and not e.command and e.actor == name \
                and not e.data.get("aoo"):
            if e.target != target or not e.data.get("hit"):
                return None, False
            cmd = next((c for c in reversed(events[:i + 1]) if c.command
                        and c.step == e.step), None)
            sit = (cmd.data.get("situation") or {}) if cmd is not None else {}
            # struck against its Flat-Footed AC (surprise, a Combat Feint...)
            ff = bool(sit.get("flat_footed")) or "FFAC" in str(e.data.get("why", ""))
            return e, ff
    return None, False


@command
def _h_follow_up(st: Encounter, name: str, target: str, weapon: str | None) -> Any:
    f = st._actor(name)
    st._fighter(target)
    if st._f[target].dead:
        raise IllegalActionError(f"{target} is dead", R_DEATH)
    st._check_insult(name, target)
    v = st._view(name)
    names = [str(w.get("name")) for w in weapon_entries(v) if isinstance(w, Mapping)]
    off = off_hand_weapon_of(v)  # off_hand: main hand's weapon first, the off hand's next
    if off is not None:
        main = str(hand_weapon(v, None, "main").weapon).strip().lower()
        names.sort(key=lambda n: (n.strip().lower() != main, n.strip().lower() != off))
        if weapon is not None and str(weapon).strip().lower() != off:
            raise IllegalActionError(f"no follow-up attack: the Reaction attack is the "
                                     f"off hand's weapon ({off}), not {weapon!r:.40}",
                                     R_HANDS)
    natural = bool(names) and resolve_weapon(v, names[0]).is_natural
    events = st._turn_events(name)
    strike, ff_then = _last_primary_strike(st, name, target, events)
    used = any(e.kind == "spend" and e.actor == name and e.data.get("action") == "follow_up"
               for e in events)
    if strike is None:
        raise IllegalActionError(f"no follow-up attack: {name} has not hit {target} with "
                                 "its last attack this turn", RULE_NATURAL if natural
                                 else R_HANDS)
    flat = ff_then or Condition.FLAT_FOOTED in st._view(target).active_conditions
    struck = strike.data.get("weapon") or (names[0] if names else "")
    plan = follow_up_attack(weapons=names, struck_with=str(struck),
                            struck_flat_footed=flat,
                            used_this_turn=used,
                            reaction_available=st._reaction_problem(name) is None,
                            second=weapon, natural=natural)
    pick = next(n for n in names if n.strip().lower() == plan.weapon)
    f.reactions_used += 1
    f.aoo_this_round += 1
    st._emit("spend", actor=name, target=target, data={
        "action": "follow_up", "type": "reaction", "slot": "reaction",
        "rule": RULE_NATURAL if natural else R_HANDS})
    situation: dict[str, Any] = {"aoo": True,
                                 "consecutive_penalty": -2 * (f.aoo_this_round - 1)}
    if not natural:  # the off-hand weapon: -2, or -4 with a one-handed weapon
        # (none with the Ambidextrous Feat, when the file names the off hand)
        situation["off_hand"] = hand_weapon(v, pick, None).off_hand if off else True
    return st._resolve_attack(name, target, pick, situation)
