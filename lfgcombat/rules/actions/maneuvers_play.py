"""Wrestling maneuvers and the Shield Bash in an encounter.

000_8d1d7816ee944f3b.txt, "Wrestling Skill - Maneuvers & More (Big Action, AOO)": "Make an
Unarmed Melee Touch Attack Roll against your target. If your Touch Attack hits, use an
opposed Wrestling check to attempt to affect your foe" - Grab (both creatures Grappled: "A
swallowed creature keeps the grappled condition, while the creature that did the swallowing
does not", "Common Natural Weapons"), Trip (Prone), Shove (5 ft) and Pin (a foe it already
grapples); "Wrestling against much larger creatures" (no Pin of a creature 2+ sizes larger,
no grapple of one 3+ larger); "Shield Bash (Attack Action, No AOO)".

The rolls are :mod:`lfgcombat.rules.actions.maneuvers`' rules, rolled here with the encounter's
dice.
Decisions: a maneuver needs an attack left this turn (``data/actions.csv`` counts it as an
attack) and, on a map, the target within the actor's melee reach; the defender opposes with
Wrestling or (Shield Bash, Trip, Shove) Acrobatics, its best unless ``resist_with`` says; a
Shove moves the foe to ``to`` (a hex next to it) or straight away from the actor, a GM
placement that provokes nothing ("Accidental / Illegal Locations"); a creature with a
Shield Rating holds a Light or larger shield (the creature file names no shield category).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..citations import cite
from ..conditions.conditions import Condition
from lfgcombat.errors import IllegalActionError
from .maneuvers import (RULE_BASH, RULE_WRESTLING, SHOVE_FT, Maneuver, ManeuverError,
                        charge_wrestling_bonus, check_wrestle_sizes)
from .._citations import R_APT, R_DEATH
from lfgcombat.engine.commands import command
from lfgcombat.engine.state import Effect

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter
    from .skills import OpposedResult
    from lfgcombat.creature.stats import Stat

__all__ = []

_R_GRAPPLED = cite("Grappled Condition")
RULE_TAIL = cite("Common Natural Weapons")
#: Moves that do not turn a creature (done to it, or standing up in place): :meth:`facing`.
_NOT_TURNING = ("displaced", "shoved", "regurgitated", "stand_up", "carried",
                "trade_spaces")


#: What a defender may oppose each maneuver with.
RESIST = {"grab": ("wrestling",), "pin": ("wrestling",), "trip": ("wrestling", "acrobatics"),
          "shove": ("wrestling", "acrobatics"), "shield_bash": ("wrestling", "acrobatics")}


# Maneuvers: Wrestle (grab, trip, shove, pin) and Shield Bash; who grapples whom.


def wrestle(st: Encounter, attacker: str, target: str, maneuver: str, *, to: Any = None,
            resist_with: str | None = None, aoo: Any = None) -> Encounter:
    """A Wrestling maneuver: Big Action, provokes AOO; touch attack, then opposed
    Wrestling (000_8d1d7816ee944f3b.txt, "Wrestling Skill - Maneuvers & More").

    Args:
        attacker: The creature acting now.
        target: The foe (within the attacker's melee reach on a map).
        maneuver: ``"grab"`` (both Grappled), ``"trip"`` (Prone), ``"shove"`` (5 ft)
            or ``"pin"`` (a foe it grapples becomes Pinned).
        to: Where a Shove puts the foe (a hex next to it; default straight away).
        resist_with: The defender's choice (``wrestling``, or ``acrobatics`` against a
            Trip or Shove); default its best.
        aoo: Who takes the AOO the maneuver provokes (``None``, ``"all"`` or names).

    Raises:
        IllegalActionError: not its turn, no attack left, out of reach, sizes that
            forbid it ("Wrestling against much larger creatures"), a Pin of a foe it
            does not grapple; nothing changes.
    """
    st._do("wrestle", {"name": attacker, "target": target, "maneuver": maneuver,
                       "to": to, "resist_with": resist_with, "aoo": aoo})
    return st


@command
def _h_wrestle(st: Encounter, name: str, target: str, maneuver: str, to: Any,
               resist_with: str | None, aoo: Any) -> None:
    try:
        m = Maneuver.coerce(maneuver)
    except ManeuverError as exc:
        raise IllegalActionError(str(exc), RULE_WRESTLING) from None
    _check_maneuver(st, name, target, m)
    choice, defense = st._defense(target, RESIST[m.value], resist_with, RULE_WRESTLING)
    shove_to = st._shove_cell(name, target, to) if m is Maneuver.SHOVE else None
    extra = _charge_extra(st, name, m.value)
    st._check_spend(name, "big", "wrestling_maneuver")
    offered, take = st._provocation(name, st._threatening_enemies(name), aoo,
                                    "wrestling_maneuver")
    st._spend(name, "big", "wrestling_maneuver", target=target)
    st._f[name].update_turn(attacks=st._f[name].turn.attacks + 1)
    st._resolve_provocation(name, offered, take, "wrestling_maneuver")
    if _cannot_go_on(st, name):
        return
    choice, defense = st._defense(target, RESIST[m.value], choice, RULE_WRESTLING)
    touch = st._touch_attack(name, target)
    if not touch.hit:
        _maneuver_event(st, name, target, m.value, touch, None, choice, defense, None,
                        RULE_WRESTLING)
        return
    check = st._opposed(name, target, st.skill(name, "wrestling", extra), defense,
                        a_label=f"{name}: Wrestling ({m.value})",
                        b_label=f"{target}: {choice}")
    effect = m.effect if check.a_wins else None
    _maneuver_event(st, name, target, m.value, touch, check, choice, defense, effect,
                    RULE_WRESTLING)
    if check.a_wins:
        st._maneuver_effect(name, target, m, shove_to)


def _check_maneuver(st: Encounter, name: str, target: str, m: Maneuver) -> None:
    """Refuse a maneuver before anything is spent."""
    f = st._actor(name)
    st._fighter(target)
    if target == name or st._f[target].side == f.side:
        raise IllegalActionError(f"{target} is not a foe of {name}", RULE_WRESTLING)
    if st._f[target].dead:
        raise IllegalActionError(f"{target} is dead", R_DEATH)
    check_wrestle_sizes(st._view(name), st._view(target), m)
    if m is Maneuver.PIN and st.grappler_of(target) != name:
        raise IllegalActionError(f"a Pin needs {target} already Grappled by {name} "
                                 "(inferred from the Rake Attack's \"while in a grapple "
                                 "... pin\")", RULE_WRESTLING)
    if m is Maneuver.GRAB and st.grappler_of(target) == name:
        raise IllegalActionError(f"{name} already grapples {target}", RULE_WRESTLING)
    _check_reach(st, name, target, RULE_WRESTLING)
    if st.actions_left(name).attacks <= 0:
        raise IllegalActionError(f"{name} has no attack left this turn (a Wrestling "
                                 "maneuver counts as one)", R_APT)


def _charge_extra(st: Encounter, name: str, action: str) -> dict[str, int] | None:
    """A Charge's "+2 Innate Bonus to ... any Wrestling check made to knock an opponent
    over" (000_8d1d7816ee944f3b.txt, "Charge Attack"): a Trip or a Shield Bash made
    directly after Running at least 10 feet."""
    t = st._f[name].turn
    bonus = charge_wrestling_bonus(action, charging=t.last_action == "run"
                                   and t.run_ft >= 10)
    return {"Charge (innate)": bonus} if bonus else None


def _check_reach(st: Encounter, name: str, target: str, rule: str) -> None:
    """The target within melee reach; two creatures in one grapple always reach each
    other (a Grappled creature threatens nothing, yet wrestles its partner)."""
    if name == st.grappler_of(target) or target == st.grappler_of(name):
        return
    if st.map is not None and name in st._anchors and target in st._anchors:
        if not st.map.threatens_creature(name, target):
            raise IllegalActionError(f"{target} is not within {name}'s melee reach "
                                     f"({st.map.distance(name, target)} ft away)", rule)


def _cannot_go_on(st: Encounter, name: str) -> bool:
    """An AOO dropped the actor: the maneuver is lost (logged)."""
    if st._f[name].dead or st._vitals(name).unconscious:
        st._emit("note", actor=name, data={
            "text": f"{name} is down: its maneuver is lost", "rule": RULE_WRESTLING})
        return True
    return False


def _maneuver_event(st: Encounter, name: str, target: str, what: str, touch: Any,
                    check: OpposedResult | None, choice: str, defense: Stat,
                    effect: str | None, rule: str, bonus: int = 0) -> None:
    st._emit("maneuver", actor=name, target=target, data={
        "maneuver": what, "touch": touch.roll.total if touch is not None else None,
        "touch_ac": touch.touch_ac if touch is not None else None,
        "bonus": (check.a_bonus if check is not None else None),
        "defense": int(defense.value or 0), "defended_with": choice,
        "margin": check.margin if check is not None else None,
        "success": bool(check is not None and check.a_wins), "effect": effect,
        "rule": rule})


def _maneuver_effect(st: Encounter, name: str, target: str, m: Maneuver, shove_to: Any) -> None:
    if m is Maneuver.GRAB:
        st._gain(target, "grappled", by=name, why=f"grabbed by {name}")
        if not st._has(name, Condition.GRAPPLED):
            st._gain(name, "grappled", by=name, why=f"grappling {target}")
    elif m is Maneuver.TRIP:
        if not st._has(target, Condition.PRONE):
            st._gain(target, "prone", by=name, why=f"tripped by {name}")
    elif m is Maneuver.PIN:
        st._gain(target, "pinned", by=name, why=f"pinned by {name}")
    else:
        _shove(st, name, target, shove_to)

# ------------------------------------------------------------------ who grapples whom


def grappler_of(st: Encounter, name: str) -> str | None:
    """Who grapples ``name`` now (``None``: nobody): the creature whose Grab made it
    Grappled, as long as it still is (read from the log, so replay needs no extra
    state)."""
    st._fighter(name)
    if not (st._has(name, Condition.GRAPPLED) or st._has(name, Condition.PINNED)):
        return None
    for e in reversed(list(st._log)):
        if e.kind == "condition" and e.target == name and e.data.get("change") == \
                "gained" and str(e.data.get("condition", "")).startswith("grappled"):
            by = e.actor
            return by if by != name else None
    return None


def break_free(st: Encounter, name: str, *, resist_with: str | None = None) -> Encounter:
    """Break out of a grapple: an opposed Wrestling check against the grappler
    (000_8d1d7816ee944f3b.txt, "Grappled Condition": "You cannot move from your hex
    without succeeding an opposed Wrestling check"; "Pinned": the same, Unfortunate).
    Decisions: a Big Action that provokes nothing (a Grappled creature's foes in the
    grapple threaten nothing); ``resist_with`` is the escaper's choice of Wrestling or
    Acrobatics (its best by default: the d20 escape); a win ends the grapple for both.

    Raises:
        IllegalActionError: ``name`` is not held in a grapple, or it is not its turn.
    """
    st._do("break_free", {"name": name, "resist_with": resist_with})
    return st


@command
def _h_break_free(st: Encounter, name: str, resist_with: str | None) -> None:
    st._actor(name)
    holder = st.grappler_of(name)
    if holder is None:
        raise IllegalActionError(f"{name} is not held in anyone's grapple",
                                 _R_GRAPPLED)
    choice, mine = st._defense(name, ("wrestling", "acrobatics"), resist_with,
                               _R_GRAPPLED)
    st._check_spend(name, "big", "break_free")
    st._spend(name, "big", "break_free", target=holder)
    check = st._opposed(name, holder, mine, st.skill(holder, "wrestling"),
                        a_label=f"{name}: {choice} (break free)",
                        b_label=f"{holder}: wrestling")
    st._emit("maneuver", actor=name, target=holder, data={
        "maneuver": "break_free", "touch": None, "touch_ac": None,
        "bonus": check.a_bonus, "defense": check.b_bonus, "defended_with": "wrestling",
        "margin": check.margin, "success": check.a_wins,
        "effect": "free" if check.a_wins else None, "rule": _R_GRAPPLED})
    if not check.a_wins:
        return
    for cond in (Condition.PINNED, Condition.GRAPPLED):
        if st._has(name, cond):
            st._lose_condition(name, cond, why=f"broke free of {holder}")
    still = [n for n in st._f if n != holder and st.grappler_of(n) == holder]
    if not still and st._has(holder, Condition.GRAPPLED):
        st._lose_condition(holder, Condition.GRAPPLED, why=f"{name} broke free")

# ------------------------------------------------------------------ the shove


def _shove_cell(st: Encounter, name: str, target: str, to: Any) -> Any:
    """Where a Shove puts ``target``: ``to`` (next to it) or straight away from
    ``name``; ``None`` without a map."""
    if st.map is None or target not in st._anchors:
        if to is not None:
            raise IllegalActionError("a Shove to a hex needs the battle map",
                                     RULE_WRESTLING)
        return None
    here = st.map.token(target).anchor
    if to is not None:
        try:
            cell = st.map.as_cell(tuple(to) if isinstance(to, list) else to)
        except (TypeError, ValueError) as exc:
            raise IllegalActionError(f"to: a hex [col, row], not {to!r:.40} ({exc})",
                                     RULE_WRESTLING) from None
        if st.map.geometry.distance_ft(here, cell) != SHOVE_FT:
            raise IllegalActionError(f"a Shove moves the foe {SHOVE_FT} ft: give a hex "
                                     f"next to {target}", RULE_WRESTLING)
        return cell
    me = st.map.token(name).anchor
    best = max(st.map.geometry.neighbors(here),
               key=lambda c: (st.map.geometry.distance(c, me),
                              -st.map.geometry.distance(c, here)))
    return best


def _shove(st: Encounter, name: str, target: str, cell: Any) -> None:
    if cell is None:
        st._emit("note", actor=name, target=target, data={
            "text": f"{target} is shoved {SHOVE_FT} ft (no battle map: move it by hand)",
            "rule": RULE_WRESTLING})
        return
    start = st.map.token(target).anchor
    rel = st.map.relocate(target, cell, path=[start, cell])
    st._emit("moved", actor=target, data={
        "action": "shoved", "path": [list(st.map.offset(start)),
                                     list(st.map.offset(rel.cell))],
        "feet": SHOVE_FT if rel.cell != start else 0, "feet_left": 0,
        "continued": False, "notes": [f"by {name}"]})

# ------------------------------------------------------------------ Shield Bash


def shield_bash(st: Encounter, name: str, target: str, *, resist_with: str | None = None,
                to: Any = None) -> Encounter:
    """A Shield Bash: an attack (Attack Action, no AOO) with a Light or larger shield.

    000_8d1d7816ee944f3b.txt, "Shield Bash": an Unarmed Melee Touch Attack; "If you roll
    a Nat20 on your Touch Attack, you gain a +5 Innate Bonus on your opposed Wrestling
    check"; Wrestling vs the target's Wrestling or Acrobatics: a win knocks it Prone, a
    win by 5+ also deals (1+STRMod) [b] and shoves it 5 ft (``to``); "You lose your
    Shield Rating to AC against all other enemies besides the target ... until the start
    of your next turn".

    Raises:
        IllegalActionError: no shield (Shield Rating 0), no attack left, out of reach,
            not a foe; nothing changes.
    """
    st._do("shield_bash", {"name": name, "target": target, "resist_with": resist_with,
                           "to": to})
    return st


def shield_bash_problem(st: Encounter, name: str) -> str:
    """Why ``name`` can never Shield Bash with the gear it has ("" when it can):
    000_8d1d7816ee944f3b.txt, "Shield Bash" needs a Light or larger shield (Shield Rating
    above 0). The check :func:`shield_bash` refuses with."""
    if int(st._f[name].creature.shield_rating) <= 0:
        return (f"{name} has no shield (Shield Rating 0): a Shield Bash needs a Light or "
                "larger shield")
    return ""


@command
def _h_shield_bash(st: Encounter, name: str, target: str, resist_with: str | None, to: Any) -> None:
    f = st._actor(name)
    st._fighter(target)
    if target == name or st._f[target].side == f.side:
        raise IllegalActionError(f"{target} is not a foe of {name}", RULE_BASH)
    if st._f[target].dead:
        raise IllegalActionError(f"{target} is dead", R_DEATH)
    rating = int(st._f[name].creature.shield_rating)
    no_shield = shield_bash_problem(st, name)
    if no_shield:
        raise IllegalActionError(no_shield, RULE_BASH)
    _check_reach(st, name, target, RULE_BASH)
    if st.actions_left(name).attacks <= 0:
        raise IllegalActionError(f"{name} has no attack left this turn", R_APT)
    choice, defense = st._defense(target, RESIST["shield_bash"], resist_with, RULE_BASH)
    shove_to = st._shove_cell(name, target, to)
    extra = _charge_extra(st, name, "shield_bash")
    st._spend_attack(name, target, None)
    st._add_effect(name, Effect(
        kind="shield_bash", label=f"shield bash: no Shield Rating against anyone but "
                                  f"{target}", ends="turn_start", on=name,
        data={"target": target, "rating": rating}, rule=RULE_BASH))
    touch = st._touch_attack(name, target)
    if not touch.hit:
        _maneuver_event(st, name, target, "shield_bash", touch, None, choice, defense,
                        None, RULE_BASH)
        return
    nat20 = 5 if touch.natural == 20 else 0
    check = st._opposed(name, target, st.skill(name, "wrestling", extra), defense,
                        a_label=f"{name}: Shield Bash Wrestling"
                        + (" (+5 Innate, Nat 20)" if nat20 else ""),
                        b_label=f"{target}: {choice}", a_extra=nat20)
    big = check.a_wins_by(5)
    effect = ("prone, (1+STRMod) [b] and shoved 5 ft" if big else "prone"
              if check.a_wins else None)
    _maneuver_event(st, name, target, "shield_bash", touch, check, choice, defense,
                    effect, RULE_BASH)
    if check.a_wins and not st._has(target, Condition.PRONE):
        st._gain(target, "prone", by=name, why=f"shield bash by {name}")
    if big:
        damage = max(1, 1 + st._view(name).ability_mod("str"))
        st._apply_damage(target, damage, "bludgeoning", struck=True, source=name)
        if not st._f[target].dead:
            _shove(st, name, target, shove_to)
