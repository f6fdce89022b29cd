"""Attacks made in an encounter.

000_8d1d7816ee944f3b.txt, "Attack of Opportunity (AOO)", "Charge Attack", "Running in Combat –
Full Details:", "Line of Effect (LoE)", "Concealment - What is it?", "High Ground / Low
Ground", "Moving in Combat – Terrain, Creatures, & Other Issues" and "Knockout Strike". The
attack itself is :mod:`lfgcombat.rules.attacks` (given the encounter's ruleset); this
module adds what only the encounter knows: the map's cover, concealment and elevation, the
attack budget, a runner's angle, Charge, and the consequences (prone, dropped, disrupted
casters).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from lfgcombat.shortrepr import short
from .. import attacks as _attacks
from ..citations import cite as _rule
from ..conditions.conditions import Condition
from lfgcombat.creature import Creature
from lfgcombat.dice import Fortune, net_fortune
from lfgcombat.errors import IllegalActionError, LfgError
from ..health.vitals import Vitals
from .._citations import R_APT, R_BEGINNERS, R_DEATH, R_IGNORE, R_REACTIONS, R_RUN
from lfgcombat.engine.commands import command
from lfgcombat.engine.state import Effect, _int_or_none, _possessive
from . import resolve_weapon, WeaponError
from ..weapons import weapon_entries
from ..bonuses import Bonus, BonusType
from .map_reading import is_flanked, pair_reading, terrain_modifiers

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter

R_CHARGE = _rule("Charge Attack")
R_LOE = _rule("Line of Effect (LoE)")
R_CONCEALMENT = _rule("Concealment - What is it?")
R_DIFFICULT = _rule("Moving in Combat – Terrain, Creatures, & Other Issues") + \
    ', "Difficult Terrain"'
R_HIGH = _rule("High Ground / Low Ground")


#: A Charge Attack's "+2 Innate Bonus to melee & thrown weapon damage" ("Charge Attack").
CHARGE_DAMAGE_BONUS = 2


#: "Charge Attack: A melee or thrown weapon attack made on your turn directly after Running at
#: least 10 feet."
CHARGE_MIN_RUN_FT = 10


def _melee_entry(creature: Any, entry: Mapping[str, Any]) -> bool:
    """Whether a weapon entry strikes in melee ("Melee Attacks"): not marked ``ranged``,
    and melee by the weapons table when the table knows it (a shortbow is not)."""
    if entry.get("ranged"):
        return False
    try:
        return "melee" in resolve_weapon(creature, entry).uses
    except (WeaponError, LfgError):  # a weapon only this creature has: melee unless marked
        return True


# Combat: Attack commands and the situation an attack is made in.


def _attacks_module(st: Encounter) -> Any:
    """The module resolving attacks (:mod:`lfgcombat.rules.attacks`); it asks the ruleset in
    play (``ruleset=st.ruleset``) for every rule that differs between rulesets."""
    return _attacks


def _effects_situation(st: Encounter, name: str, target: str, situation: dict) -> list[Effect]:
    """Put the encounter's effects on both sides into ``situation``; return the aiming
    effects the attack uses up. The attacker: its attacks this turn, Aim (Fight
    Defensively's -4 is its effect's bonus, in the attacker's attack bonus already: the
    situation's ``fight_defensively`` is for odds of an attack not yet made, and would
    count it twice). The target: "Active Parry Rolls you make while fighting defensively
    ignore the -4 Attack Penalty" (000_8d1d7816ee944f3b.txt, "Fight Defensively (Big
    Action, No AOO)"); it may also Active Dodge."""
    f = st._f[name]
    situation["previous_attacks"] = f.turn.attacks
    aiming = [e for e in f.effects if e.lost_on_action]
    if aiming:
        situation.setdefault("aim", True)
    if any(e.kind == "fight_defensively" for e in st._f[target].effects):
        situation.setdefault("defender_fighting_defensively", True)
    return aiming


def _default_weapon(st: Encounter, name: str, melee: bool = False) -> Any:
    """The first of ``name``'s weapons (for an AOO, ``melee=True``: the first melee
    weapon, as the weapons table or the entry's ``ranged: true`` says: a shortbow
    listed first is passed over); a plain name (``weapons: ["longsword"]``) counts as
    ``{name: longsword}``."""
    view = st._view(name)
    for w in weapon_entries(view):
        if not isinstance(w, Mapping) or (melee and not _melee_entry(view, w)):
            continue
        return w.get("name")
    return None


def _total_cover(st: Encounter, attacker: str, target: str, weapon: Any,
                 situation: Mapping[str, Any]) -> str | None:
    """Why ``attacker`` cannot attack ``target`` through the map's walls (``None``: it
    can): "Total Cover blocks Line of Sight and Line of Effect"; "Most attacks require a
    direct, straight line of effect from attacker to the target" ("Line of Effect
    (LoE)")."""
    if st.map is None or attacker not in st._anchors or target not in st._anchors:
        return None
    mode = _attack_mode(st, attacker, weapon, situation)
    cv = pair_reading(st.map, attacker, target, mode == "ranged").cover
    if cv.level.name != "TOTAL":
        return None
    return (f"{target} has total cover against {attacker}: walls block every line from "
            f"{_possessive(attacker)} hex to any part of {_possessive(target)}, so the "
            "attack cannot reach it (the GM may rule an arrow over the wall: give "
            "cover=...)")


def _map_situation(st: Encounter, attacker: str, target: str, mode: str,
                   situation: Mapping[str, Any], modifiers: list[str],
                   use: Mapping[str, bool]) -> tuple[dict[str, Any], list[str]]:
    """What the battle map adds to an attack unless the caller said otherwise: the
    target's cover and concealment ("Determine Cover"; "Concealment"), high ground
    ("High Ground / Low Ground": +1 Tactical / -1 on melee attack rolls, +1 Innate
    ranged damage from 10 ft above) and Difficult Terrain under either creature
    ("Standing on Difficult Terrain imposes a -2 penalty on Attacks & -2AC",
    "Difficult Terrain") (all 000_8d1d7816ee944f3b.txt). ``cover=`` or ``concealment=``
    given by the caller win; ``high_ground=False`` / ``terrain=False`` on
    :meth:`attack` switch those off ("If you are unsure if a creature should earn a
    bonus or penalty ... do not apply this rule").

    Returns:
        New copies of ``situation`` and ``modifiers`` with the map's additions (the
        arguments are left as they were).
    """
    situation = dict(situation)
    modifiers = list(modifiers)
    m = st.map
    pair = pair_reading(m, attacker, target, mode == "ranged")
    cv = pair.cover
    if "cover" not in situation and cv.bonus:
        situation["cover"] = cv.bonus
        modifiers.append(cv.explain())
    if "concealment" not in situation and cv.concealment:
        situation["concealment"] = cv.concealment
        modifiers.append(f"{target} is in or behind fog: {cv.concealment}% miss chance "
                         f"({R_CONCEALMENT})")
    hg = pair.high_ground
    if use.get("high_ground", True):
        if mode == "melee" and hg.melee_attack:
            kind = BonusType.TACTICAL if hg.melee_attack > 0 else None
            situation["attack_bonuses"] = tuple(situation.get("attack_bonuses", ())) + (
                Bonus(hg.melee_attack, kind, "high ground" if hg.melee_attack > 0
                      else "low ground"),)
            modifiers.append(hg.explain())
        if mode == "ranged" and hg.ranged_damage:
            situation["damage_bonus"] = int(situation.get("damage_bonus", 0)) + \
                hg.ranged_damage
            modifiers.append(hg.explain())
    if use.get("terrain", True):
        mine = terrain_modifiers(m, attacker)["attack"]
        theirs = terrain_modifiers(m, target)["ac"]
        if mine:
            situation["attack_bonuses"] = tuple(situation.get("attack_bonuses", ())) + (
                Bonus(mine, None, "standing on difficult terrain"),)
            modifiers.append(f"{attacker} stands on difficult terrain: {mine} attack "
                             f"({R_DIFFICULT})")
        if theirs:
            situation["ac_bonuses"] = tuple(situation.get("ac_bonuses", ())) + (
                Bonus(theirs, None, "standing on difficult terrain"),)
            modifiers.append(f"{target} stands on difficult terrain: {theirs} AC "
                             f"({R_DIFFICULT})")
    return situation, modifiers


def _crossbow(st: Encounter, attacker: str, weapon: Any, situation: Mapping[str,
              Any]) -> str | None:
    """The crossbow's name when the attack shoots one (``None`` otherwise): "Shoot a
    loaded Crossbow" is a Little Action ("COMBAT ACTIONS for BEGINNERS"). Decision: a
    crossbow starts the fight loaded; a shot unloads it; ``load_ranged_weapon`` loads
    the creature's crossbows again. Bows and slings load as part of the attack."""
    w = st._weapon(attacker, weapon)
    if w is None:
        return None
    name = str(getattr(w, "name", "")).lower()
    if "crossbow" in name and w.is_projectile and not situation.get("thrown"):
        return name
    return None


def _attack_mode(st: Encounter, attacker: str, weapon: Any, situation: Mapping[str, Any]) -> str:
    """``melee`` or ``ranged`` (a projectile weapon, or a thrown one)."""
    w = st._weapon(attacker, weapon)
    if w is None:
        return "melee"  # prepare() refuses the weapon with the reason
    return "ranged" if w.is_projectile or situation.get("thrown") else "melee"


def _weapon(st: Encounter, attacker: str, weapon: Any) -> Any:
    """The attacks module's Weapon for ``weapon`` (``None`` if it names none: prepare()
    refuses it then, with the reason)."""
    try:
        return st._attacks_module().resolve_weapon(st._view(attacker), weapon)
    except LfgError:
        return None


def _running_toward(st: Encounter, runner: str, attacker: str, run: Mapping[str,
                    Any]) -> bool | None:
    """Was ``runner``'s run directly towards ``attacker``? Decision: within 30 degrees of
    the run's straight line, ahead of the runner (the text allows "A single turn of 30
    degrees or less" in a straight-line run); ``None`` without the map positions."""
    if st.map is None or attacker not in st._anchors or not run.get("from"):
        return None
    g = st.map.geometry
    a = g.to_pixel(st.map.cell(*run["from"]))
    b = g.to_pixel(st.map.cell(*run["to"]))
    c = g.to_pixel(st.map.token(attacker).anchor)
    d1 = (b[0] - a[0], b[1] - a[1])
    d2 = (c[0] - b[0], c[1] - b[1])
    n1, n2 = math.hypot(*d1), math.hypot(*d2)
    if n1 == 0 or n2 == 0:
        return False
    cos = (d1[0] * d2[0] + d1[1] * d2[1]) / (n1 * n2)
    return cos >= math.cos(math.radians(30)) - 1e-9


class PlannedAttack(NamedTuple):
    """An attack checked and computed but not yet rolled (:func:`_plan_attack`): the
    setup the dice resolve, the situation with what the encounter added, the modifiers'
    explanations, the Gang Up bonus and who ignores the target (a named tuple: made at
    every attack, issue 24, "Fast")."""

    setup: Any
    situation: dict[str, Any]
    modifiers: list[str]
    gang: int
    ignored: list[str]


def _plan_attack(st: Encounter, attacker: str, target: str, weapon: Any, situation: dict,
                 *, charge: bool = False, use_map: Mapping[str, bool] | None = None
                 ) -> PlannedAttack:
    """Check an attack and compute everything but the dice, in the situation the
    encounter knows; nothing changes, so a refusal here leaves the fight as it was.

    The encounter adds to the attack's situation what only it knows: the distance and
    flanking from the map, Gang Up, Retreat's Unfortunate attacks, the Run Action's AC
    ("-2 AC against Melee Attacks until the start of your next turn. You also suffer a -2
    Penalty to AC against Ranged Attacks if running directly towards the attacker. You
    gain a +2 Tactical Bonus on AC against Ranged Attacks from indirect angles"), a
    Charge Attack's +2 Innate damage, and "Ignore an enemy" (Flat-Footed against the
    ignored foe, which is Fortunate, counts for no Gang Up and cannot flank).
    """
    situation, modifiers, mode, ignored = st._encounter_situation(
        attacker, target, weapon, situation, use_map)
    gang = 0 if situation.get("aoo") else st.gang_up_bonus(attacker, target)
    if gang:
        situation["attack_bonuses"] = tuple(situation.get("attack_bonuses", ())) + (
            Bonus(gang, BonusType.TACTICAL, "gang up"),)
    situation, modifiers = st._against_a_runner(attacker, target, mode, situation,
                                                modifiers)
    attacker_view, situation, modifiers = st._charge_situation(
        attacker, target, mode, charge, situation, modifiers)
    setup = st._attacks_module().prepare(attacker_view, st._view(target), weapon,
                                         ruleset=st.ruleset, **situation)
    return PlannedAttack(setup, situation, modifiers, gang, ignored)


def _resolve_attack(st: Encounter, attacker: str, target: str, weapon: Any,
                    situation: dict, *, charge: bool = False,
                    use_map: Mapping[str, bool] | None = None,
                    planned: PlannedAttack | None = None) -> Any:
    """The one seam to the attacks issue: roll with the encounter's roller, log every
    roll, apply the damage through :meth:`_apply_damage` and the attack's other
    consequences on the target's Vitals (a Knockout Strike, a Perfect Critical's limb).

    ``planned`` is the attack as :func:`_plan_attack` checked it (before anything was
    spent); without it the attack is planned here.
    """
    if planned is None:
        planned = _plan_attack(st, attacker, target, weapon, situation, charge=charge,
                               use_map=use_map)
    situation, modifiers, gang, ignored = (planned.situation, planned.modifiers,
                                           planned.gang, planned.ignored)
    seen = len(st.roller.history)
    result = planned.setup.resolve(st.roller)
    known = _known_after(result)
    after = known[1] if known is not None else result.target_after if result.hit else None
    dealt = result.damage_by_type  # (a new dict at each read: read once)
    against, outcome = _int_or_none(result.setup.ac), result.outcome
    # the attack roll (the first) says what it was against and how it went, so each
    # row of log.to_dataframe() reads alone; the other rolls (damage...) say nothing
    st._log_rolls(seen, actor=attacker, target=target, against=against, outcome=outcome,
                  only_first=True)
    st._emit("attack", actor=attacker, target=target, data={
        "weapon": weapon if isinstance(weapon, (str, type(None))) else str(weapon),
        "outcome": outcome, "hit": result.hit, "critical": result.critical,
        "against": against,
        "bonus": _int_or_none(result.setup.bonus),
        "gang_up": gang, "aoo": bool(situation.get("aoo")), "charge": charge,
        "modifiers": modifiers,
        "damage": dict(dealt), "why": result.why,
        "text": str(result.explain()) if hasattr(result, "explain") else ""})
    if not situation.get("aoo") and attacker not in st._gang.get(target, []) \
            and attacker not in ignored:
        st._gang.setdefault(target, []).append(attacker)
    if result.hit:
        st._deal_attack_damage(attacker, target, dealt, known=known)
        if after is not None and not st._f[target].dead:
            _attack_consequences(st, target, after, attacker)
    st._knockdown_after(attacker, target, weapon, situation, result, charge)  # momentum
    return result


def _known_after(result: Any) -> tuple[Vitals, Vitals] | None:
    """``(the target's vitals before, after)`` of the attack's one strike (one damage type,
    taken > 0, no roll set off beyond the damage), worked out once and kept as its
    :attr:`~lfgcombat.rules.attacks.AttackResult.target_after` (the explanation's last
    line): :meth:`_apply_damage` then deals it without working it out again (issue 24,
    "Fast"), if the vitals before are the ones it reads; ``None`` for any other attack."""
    return result._one_strike()


def _deal_attack_damage(st: Encounter, attacker: str, target: str,
                        damage_by_type: Mapping[str, int],
                        known: tuple[Vitals, Vitals] | None = None) -> None:
    """A hit's damage, type by type, through the one HP seam (:meth:`_apply_damage`);
    negative energy damage heals ("Positive Energy ... heals the living"). ``known``: the
    vitals before and after the one damage (:func:`_known_after`), if worked out."""
    for dtype, amount in damage_by_type.items():
        if st._f[target].dead:
            break
        if amount > 0:
            st._apply_damage(target, amount, dtype, struck=True, source=attacker,
                             known=known)
        elif amount < 0:
            old = st._vitals(target)
            new = old.heal(-amount, "magic")
            st._emit("heal", target=target, data={
                "amount": -amount, "hp_before": old.hp, "hp_after": new.hp,
                "bleed_before": old.bleed, "bleed_after": new.bleed,
                "source": f"{dtype} energy", "events": list(new.events)})
            st._commit_vitals(target, old, new, why=f"{dtype} energy")


def _encounter_situation(st: Encounter, attacker: str, target: str, weapon: Any,
                         situation: Mapping[str, Any], use_map: Mapping[str, bool] | None
                         ) -> tuple[dict[str, Any], list[str], str, list[str]]:
    """The attack's situation with what the encounter knows (new values; the arguments
    are left alone): an effect's attack fortune, "Ignore an enemy", and the map's
    distance, flanking, cover, high ground and terrain. Returns the situation, the
    modifiers' explanations, the attack mode and who ignores the target."""
    st._check_tail(attacker, target, weapon, situation)
    situation = dict(situation)
    modifiers: list[str] = []
    f = st._f[attacker]
    for e in f.effects:
        d = e.info
        if d.get("attack_fortune"):
            if "fortune" not in situation:
                situation["fortune"] = d["attack_fortune"]
    mode = _attack_mode(st, attacker, weapon, situation)
    ignored = st._ignored_by(target)
    if attacker in ignored:
        situation["flat_footed"] = True
        luck = net_fortune([situation.get("fortune"), Fortune.FORTUNATE])
        situation["fortune"] = luck.value if luck else None
        modifiers.append(f"{target} ignores {attacker}: Flat-Footed against it, "
                         f"{attacker} Fortunate, no Gang Up, cannot flank ({R_IGNORE})")
    if st.map is not None and attacker in st._anchors and target in st._anchors:
        if "distance_ft" not in situation:
            situation["distance_ft"] = pair_reading(st.map, attacker, target,
                                                    mode == "ranged").distance
        if "flanked" not in situation:
            situation["flanked"] = is_flanked(st.map, target, ignored)
        situation, modifiers = st._map_situation(attacker, target, mode, situation,
                                                 modifiers, dict(use_map or {}))
        situation, modifiers = st._flight_situation(attacker, target, situation,
                                                    modifiers)
    situation, modifiers = st._close_fight_situation(attacker, target, situation,
                                                     modifiers)
    return situation, modifiers, mode, ignored


def _against_a_runner(st: Encounter, attacker: str, target: str, mode: str,
                      situation: dict[str, Any], modifiers: list[str]
                      ) -> tuple[dict[str, Any], list[str]]:
    """A running target's AC ("Running in Combat – Full Details:"): "-2 AC against
    Melee Attacks"; "-2 ... against Ranged Attacks if running directly towards the
    attacker"; "+2 Tactical Bonus on AC against Ranged Attacks from indirect angles".
    Returns new values when it adds to them, else the ones given (issue 24, "Fast": a
    target that did not run, most, changes nothing: nothing copied)."""
    run = next((e.info for e in st._f[target].effects if e.kind == "run"), None)
    ac: Bonus | None
    if run is not None:
        if mode == "melee":
            ac = Bonus(-2, None, "running: -2 AC against melee")
        else:
            toward = _running_toward(st, target, attacker, run)
            ac = (None if toward is None else
                  Bonus(-2, None, "running directly towards the attacker: -2 AC against "
                                  "ranged") if toward else
                  Bonus(2, BonusType.TACTICAL, "running: +2 Tactical AC against ranged "
                                               "attacks from indirect angles"))
        if ac is not None:
            situation = dict(situation)
            situation["ac_bonuses"] = tuple(situation.get("ac_bonuses", ())) + (ac,)
            modifiers = [*modifiers, f"{target} {ac.source} ({R_RUN})"]
    return situation, modifiers


def _charge_situation(st: Encounter, attacker: str, target: str, mode: str, charge: bool,
                      situation: dict[str, Any], modifiers: list[str]
                      ) -> tuple[Creature, dict[str, Any], list[str]]:
    """A Charge Attack's "+2 Innate Bonus to melee & thrown weapon damage", and no
    running penalty for a weapon thrown straight at the target ("Charge Attack").
    Returns the attacker as it attacks and new values of the situation and modifiers for a
    Charge (without one, the ones given: issue 24, "Fast", nothing copied)."""
    f = st._f[attacker]
    attacker_view = st._view(attacker)
    if charge:
        situation = dict(situation)
        modifiers = list(modifiers)
        situation["damage_bonus"] = int(situation.get("damage_bonus", 0)) + \
            CHARGE_DAMAGE_BONUS
        modifiers.append(f"Charge Attack: +{CHARGE_DAMAGE_BONUS} Innate damage "
                         f"({R_CHARGE})")
        own = next((e.info for e in f.effects if e.kind == "run"), {})
        if mode == "ranged" and _running_toward(st, attacker, target, own):
            attacker_view = _view_without(st, attacker, "run")
            modifiers.append("Charge Attack thrown directly at the target: no -2 "
                             f"running penalty ({R_CHARGE})")
    return attacker_view, situation, modifiers


def _attack_consequences(st: Encounter, target: str, after: Vitals, attacker: str) -> None:
    """What the attack's :attr:`~lfgcombat.rules.attacks.AttackResult.target_after` holds
    beyond HP: a knockout ("Knockout Strike"), a Perfect Critical's broken or severed
    limb."""
    if not after.knocked_out and not after.extra and st._f[target].rules is None:
        return  # nothing beyond HP (issue 24, "Fast": the target's vitals not read again)
    old = st._vitals(target)
    new = old
    if after.knocked_out and not old.knocked_out and not old.unconscious:
        new = new.knock_out()
    for x in after.extra:
        if x not in new.extra:
            new = new.gain(x)
    if new is not old:
        prone_before = st._has(target, Condition.PRONE)
        st._commit_vitals(target, old, new, why=f"{attacker}'s attack")
        if new.knocked_out and not prone_before and not st._has(target, Condition.PRONE):
            st._gain(target, "prone", by=None, why="knocked unconscious: falls prone")


def _view_without(st: Encounter, name: str, kind: str) -> Creature:
    """``name`` as it stands, without the effects of one kind (a thrown Charge Attack
    directly at its target drops the running penalty)."""
    f = st._f[name]
    keep = [e for e in f.effects if e.kind != kind]
    conds = [c for e in keep for c in e.conditions]
    bonuses = [dict(b) for e in keep for b in e.bonuses]
    base = f.creature
    return base.replace(conditions=[str(a) for a in base.conditions] + conds,
                        bonuses=[b.to_dict() for b in base.bonuses] + bonuses)


def attack(st: Encounter, attacker: str, target: str, weapon: Any = None, **situation: Any
           ) -> Any:
    """Attack: a Big Action (level 10-14 once per turn, 15+ always, two attacks with one).

    000_8d1d7816ee944f3b.txt, "Attacking enemies": one of the common uses of a Big Action.

    The attack itself is :func:`lfgcombat.rules.attacks.attack`, rolled with this encounter's
    roller (every roll logged) and its damage applied through the encounter's one damage
    seam. The encounter adds what only it knows: the Consecutive Attack Penalty across
    the turn ("Attacks Per Turn"; ``previous_attacks``), Gang Up's Tactical Bonus
    ("Multiple Opponents"), from the map the distance, flanking, cover and concealment,
    high ground and Difficult Terrain underfoot (an attack through walls, Total Cover,
    is refused: "Total Cover blocks Line of Sight and Line of Effect"), Fight
    Defensively and Aim, Retreat's Unfortunate attacks, and Power Attack's -2 AC until
    the start of the attacker's next turn.

    Args:
        attacker: The creature acting now.
        target: Whom it attacks.
        weapon: A weapon name or entry (default: the attacker's first weapon).
        **situation: Keys of :class:`lfgcombat.rules.attacks.Situation` (``power_attack``,
            ``cover``, ``concealment``, ``active_defense``...), except those the
            encounter sets itself (``aoo``, ``previous_attacks``,
            ``consecutive_penalty``); ``cover=``/``concealment=`` replace the map's;
            ``high_ground=False``/``terrain=False`` leave the map's high ground or
            Difficult Terrain out; and ``charge=True`` for a Charge Attack
            (000_8d1d7816ee944f3b.txt, "Charge Attack": "A melee or thrown weapon attack
            made on your turn directly after Running at least 10 feet"; "+2 Innate
            Bonus to melee & thrown weapon damage"; thrown directly at the target along
            the run, no -2 running penalty). The Wrestling part of a charge is not
            modelled.

    Returns:
        The :class:`lfgcombat.rules.attacks.AttackResult`.

    Raises:
        IllegalActionError: not its turn, no attack left, or the attack rules refuse it
            (out of reach...); nothing changes.
    """
    return st._do("attack", {"name": attacker, "target": target, "weapon": weapon,
                             "situation": situation})


class CheckedAttack(NamedTuple):
    """An attack of the encounter checked and planned, nothing spent or rolled
    (:func:`_check_attack`): the plan, the weapon, the situation as the encounter completed
    it, the loaded crossbow shot (if one), Charge, the map's switches, the aiming effects
    it uses up and the target's Active Defense (a named tuple, as :class:`PlannedAttack`)."""

    planned: PlannedAttack
    weapon: Any
    situation: dict[str, Any]
    crossbow: str | None
    charge: bool
    use_map: dict[str, bool]
    aiming: list[Effect]
    defense: Any


def _check_attack(st: Encounter, name: str, target: str, weapon: Any, situation: dict
                  ) -> CheckedAttack:
    """Everything :meth:`attack` checks and computes before it spends or rolls anything
    (000_8d1d7816ee944f3b.txt, "Attacks Per Turn", "Active Defense"): the attack command
    plays it, :func:`lfgcombat.rules.attacks.odds_play.attack_odds` gives its odds. Nothing
    changes here.

    Raises:
        IllegalActionError: the attack is refused now.
    """
    st._actor(name)
    weapon, situation = st._close_attack_options(name, target, weapon,
                                                 situation)  # maneuvers.py
    _, weapon = st._attack_weapon(name, target, weapon)
    crossbow = st._check_attack_budget(name, weapon, situation)
    situation, charge, use_map = st._attack_options(name, weapon, situation)
    if "cover" not in situation:  # a GM who gives cover= (an arrow over a wall) decides
        blocked = _total_cover(st, name, target, weapon, situation)
        if blocked:
            raise IllegalActionError(blocked, R_LOE)
    aiming = st._effects_situation(name, target, situation)
    defense = situation.get("active_defense")
    if defense is not None:  # "Active Parry" / "Active Dodge" spend the target's Reaction
        why = st._reaction_problem(target)
        if why:
            raise IllegalActionError(f"{target} cannot use Active {str(defense).title()}: "
                                     f"{why}", R_REACTIONS)
        # "If you have multiple Reactions, you suffer a -2 cumulative penalty to your
        # Active Defense Roll each additional time you use an Active Defense in a single
        # round" ("Active Defense").
        situation["defense_uses"] = st._f[target].defenses_this_round
    planned = _plan_attack(st, name, target, weapon, situation, charge=charge,
                           use_map=use_map)
    return CheckedAttack(planned, weapon, situation, crossbow, charge, use_map, aiming, defense)


@command
def _h_attack(st: Encounter, name: str, target: str, weapon: Any, situation: dict) -> Any:
    if st._fighter(name).rules is not None:  # a ruleset's record: its attack policy
        return st._record_attack(name, target, weapon, situation)
    # check the attack is allowed before anything is spent (nothing is rolled or
    # changed when it is refused)
    c = _check_attack(st, name, target, weapon, situation)
    weapon, situation, defense = c.weapon, c.situation, c.defense
    st._spend_attack(name, target, c.crossbow)
    if defense is not None:
        st._f[target].reactions_used += 1
        st._f[target].defenses_this_round += 1
        st._emit("spend", actor=target, target=name, data={
            "action": f"active_{defense}", "type": "reaction", "slot": "reaction",
            "rule": R_REACTIONS})
    result = st._resolve_attack(name, target, weapon, situation, charge=c.charge,
                                use_map=c.use_map, planned=c.planned)
    st._accuracy_by_volume(name, target, weapon, situation, result)  # archery.py
    for e in c.aiming:
        st._end_effect(name, e, "the aimed attack was made")
    if situation.get("power_attack"):
        st._add_effect(name, Effect(
            label="power attack: -2 AC",
            bonuses=({"to": "ac", "value": -2, "source": "power attack"},),
            ends="turn_start", on=name,
            rule=_rule("Power Attack (Attack Action, No AOO)")))
    return result


def _attack_weapon(st: Encounter, name: str, target: str, weapon: Any) -> tuple[Any, Any]:
    """The attack module and the weapon (the creature's first by default); refuses
    attacking itself or the dead."""
    st._fighter(target)
    st._check_insult(name, target)
    if target == name:
        raise IllegalActionError(f"{name} cannot attack itself", R_APT)
    if st._f[target].dead:
        raise IllegalActionError(f"{target} is already dead", R_DEATH)
    mod = st._attacks_module()
    if mod is None:
        raise LfgError("attack rolls need lfgcombat.rules.attacks (issue 4), which is not "
                       "installed; resolve the attack by hand and apply it with damage()")
    if weapon is None:
        weapon = st._default_weapon(name)
        if weapon is None:
            raise IllegalActionError(f"{name} has no weapon; name one (e.g. 'unarmed')",
                                     R_APT)
    return mod, weapon


def _check_attack_budget(st: Encounter, name: str, weapon: Any, situation: Mapping[str, Any]
                         ) -> str | None:
    """An attack left this turn ("Attacks Per Turn"), or a loaded crossbow shot as a
    Little Action ("COMBAT ACTIONS for BEGINNERS"); returns the crossbow, if one."""
    f = st._f[name]
    crossbow = _crossbow(st, name, weapon, situation)
    left = st.actions_left(name)
    if crossbow is not None:
        if crossbow in f.unloaded:
            raise IllegalActionError(
                f"{_possessive(name)} {crossbow} is not loaded: act({name!r}, "
                "'load_ranged_weapon') first (a Little Action that provokes AOO)",
                R_BEGINNERS)
        total = st.ruleset.economy.turn_attacks(st._view(name))
        if f.turn.attacks >= total:
            raise IllegalActionError(f"{name} has made its {total} attack(s) this turn",
                                     R_APT)
        st._check_spend(name, "little", "shoot_loaded_crossbow")
    elif left.attacks <= 0:
        raise IllegalActionError(f"{name} has no attack left this turn "
                                 f"({f.turn.attacks} made; {left.explain()})", R_APT)
    for key in _ENCOUNTER_KEYS if situation else ():
        if key in situation:
            raise IllegalActionError(f"{key} is the encounter's to set (it counts the "
                                     "attacks of the turn, the AOO and the Active "
                                     "Defenses of the round)", R_APT)
    return crossbow


#: The situation's keys only the encounter sets (:func:`_check_attack_budget`).
_ENCOUNTER_KEYS = ("aoo", "previous_attacks", "consecutive_penalty", "defense_uses")


def _attack_options(st: Encounter, name: str, weapon: Any, situation: Mapping[str, Any]
                    ) -> tuple[dict[str, Any], bool, dict[str, bool]]:
    """The encounter's own options taken out of ``situation`` (a new dict): ``charge``
    ("Charge Attack") and the map's ``high_ground`` / ``terrain`` switches."""
    f = st._f[name]
    situation = dict(situation)
    charge = situation.pop("charge", False)
    use_map = {"high_ground": situation.pop("high_ground", True),
               "terrain": situation.pop("terrain", True)}
    for k, v in use_map.items():
        if not isinstance(v, bool):
            raise IllegalActionError(f"{k} is True (apply the map's {k.replace('_', ' ')}) "
                                     f"or False, not {short(v)}", R_HIGH if k == "high_ground"
                                     else R_DIFFICULT)
    if not isinstance(charge, bool):
        raise IllegalActionError(f"charge is True or False, not {short(charge)}", R_CHARGE)
    if charge:
        if f.turn.last_action != "run" or f.turn.run_ft < CHARGE_MIN_RUN_FT:
            raise IllegalActionError(
                f"{name} did not just run at least {CHARGE_MIN_RUN_FT} feet ("
                + (f"it ran {f.turn.run_ft} ft" if f.turn.last_action == "run" else
                   f"its last action was {f.turn.last_action or 'nothing'}")
                + "): a Charge Attack is \"made on your turn directly after Running at "
                "least 10 feet\"", R_CHARGE)
        if _attack_mode(st, name, weapon, situation) == "ranged" and \
                not situation.get("thrown"):
            raise IllegalActionError("a Charge Attack is \"A melee or thrown weapon "
                                     "attack\", not a shot", R_CHARGE)
    return situation, charge, use_map


def _spend_attack(st: Encounter, name: str, target: str, crossbow: str | None) -> None:
    """Spend what the attack costs: a Little Action for a loaded crossbow, the second
    attack of a Big Action, or a Big Action (which may bring a second attack: "Attacks
    Per Turn", asked of the ruleset's action economy)."""
    f = st._f[name]
    changes: dict[str, Any] = {}
    if crossbow is not None:
        st._spend(name, "little", "shoot_loaded_crossbow", target=target)
        f.unloaded.append(crossbow)
    elif f.turn.riders > 0:
        changes = {"riders": f.turn.riders - 1}  # (one copy of the turn, below)
        st._emit("spend", actor=name, target=target, data={
            "action": "attack", "type": "big", "slot": "second attack of the Big Action",
            "rule": R_APT})
    else:  # the Big Action, its second attack and the attack counted in one copy of
        # the turn's budget (issue 24, "Fast": two were made)
        eco = st.ruleset.economy
        level = st._view(name).level
        once = eco.double_once_per_turn(level)
        turn = f.turn
        changes = {"attacks": turn.attacks + 1}
        if eco.two_attacks_per_big_action(level) and not (once and turn.double_attack_used):
            changes.update(riders=1, double_attack_used=turn.double_attack_used or once)
        st._spend(name, "big", "attack", target=target, more=changes)
        return
    f.update_turn(attacks=f.turn.attacks + 1, last_action="attack", **changes)
