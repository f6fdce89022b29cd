"""Special actions in combat.

000_8d1d7816ee944f3b.txt, "Actions in Combat What can I do on my turn?" (the Action Tables'
rows performed with :meth:`act`), "Aim (Big Action, Provokes AOO)", "Fight Defensively (Big
Action, No AOO)", "Protect Action (Big Action, No AOO)", "Advanced Option - Ignore an enemy",
"Asleep / Sleeping" (waking a sleeper) and "Free Action".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..attacks.defense import FIGHTING_DEFENSIVELY
from ..attacks.formulas import COVER
from ..citations import cite as _rule
from ..conditions.conditions import Condition
from lfgcombat.errors import IllegalActionError
from .._citations import R_ACTIONS, R_BEGINNERS, R_DEATH, R_IGNORE, R_REACTIONS
from .actions import _action_row
from lfgcombat.engine.arguments import names_arg
from lfgcombat.engine.commands import command
from lfgcombat.engine.state import Effect

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter


R_IMMEDIATE = _rule("Immediate Action")
R_AIM = _rule("Aim (Big Action, Provokes AOO)")
R_FIGHT_DEF = _rule("Fight Defensively (Big Action, No AOO)")
R_PROTECT = _rule("Protect Action (Big Action, No AOO)")
#: The protected ally's Cover: "You grant your ally Good Cover (+4AC) against attacks from
#: all directions"; "You grant Superior Cover (+6AC) if you are wielding a Large Shield (or
#: larger) or if you are at least 1 size category larger than them" (R_PROTECT; only the
#: size clause is checked: a shield's size is not recorded). The bonuses are the cover
#: table's (:data:`lfgcombat.rules.attacks.formulas.COVER`, "Determine Cover"). The rule's list:
#: 000_8d1d7816ee944f3b.txt, "While Protecting:".
PROTECT_GOOD_COVER = COVER["good"]
PROTECT_SUPERIOR_COVER = COVER["superior"]
R_ABLAZE = _rule("Ablaze")
R_ASLEEP = _rule("Asleep / Sleeping")
R_KNOCKOUT = _rule("Knockout Strike (Attack Action, No AOO)")


# SpecialActions: Draw, act, free, Aim, Fight Defensively, Ignore an Enemy and Protect.


def draw(st: Encounter, name: str, item: str | None = None, *, shield: bool = False,
         aoo: Any = None) -> Encounter:
    """Draw or sheathe a weapon (or ready/stow a shield): a Little Action that provokes
    ("COMBAT ACTIONS for BEGINNERS"; "What actions normally Provoke AOO?";
    000_8d1d7816ee944f3b.txt, "Drawing a weapon": one of the Little Actions)."""
    st._do("draw", {"name": name, "item": item, "shield": bool(shield), "aoo": aoo})
    return st


@command
def _h_draw(st: Encounter, name: str, item: str | None, shield: bool, aoo: Any) -> None:
    action = "ready_stow_shield" if shield else "draw_sheathe_weapon"
    _h_act(st, name, action, None, aoo, item, None, _method="draw")


def act(st: Encounter, name: str, action: str, target: str | None = None, *, aoo: Any = None,
        note: str | None = None, ability: str | None = None) -> Encounter:
    """Take any action of the Action Tables (``data/actions.csv``) by name: it is spent
    by its type and, when it provokes, offers AOO to every threatening enemy.

    Actions with their own method (``move``, ``cast``, ``ready``...) must use it; an
    Immediate Action needs the ``ability`` that grants it ("Immediate Action").

    Args:
        name: Who acts (on its turn, except Reactions and Immediate Actions).
        action: The ``action`` key of ``data/actions.csv`` (e.g. ``"open_close_door"``).
        target: Whom it is aimed at, if anyone.
        aoo: Who takes the AOO offered (``None``, ``"all"`` or names).
        note: Free text recorded with it.
        ability: For an Immediate Action, the Feat or ability granting it.
    """
    st._do("act", {"name": name, "action": action, "target": target, "aoo": aoo,
                   "note": note, "ability": ability})
    return st


@command
def _h_act(st: Encounter, name: str, action: str, target: str | None, aoo: Any, note: str | None,
           ability: str | None, _method: str = "act") -> None:
    if st._fighter(name).rules is not None:  # a ruleset's record: its round's actions
        if aoo is not None or ability is not None or _method != "act":
            raise IllegalActionError(
                f"{action} (by its own lfg method, or with aoo= / ability=) is not part "
                f"of the {st.ruleset.name} round: its actions are "
                f"{', '.join(st.ruleset.economy.single_actions)} and a Move Action",
                st.ruleset.text)
        st._record_act(name, action, target, note)
        return
    _act_by_table(st, name, action, target, aoo, note, ability, _method)


def _act_by_table(st: Encounter, name: str, action: str, target: str | None, aoo: Any,
                  note: str | None, ability: str | None, _method: str) -> None:
    """``act`` under lfg: an action of ``data/actions.csv``, spent by its type."""
    row = _action_row(action)
    if not (row["method"] == _method or (row["method"] == "free" and _method == "act")):
        raise IllegalActionError(f"{action} has its own method: use "
                                 f"encounter.{row['method']}(...)", R_ACTIONS)
    if target is not None:
        st._fighter(target)
    type_ = row["type"]
    if type_ == "reaction":
        _act_reaction(st, name, action, target, note)
        return
    if type_ == "immediate":
        _act_immediate(st, name, action, target, note, ability)
        return
    st._actor(name)
    if action == "stop_drop_roll" and not st._has(name, Condition.ABLAZE):
        raise IllegalActionError(f"{name} is not ablaze", R_ABLAZE)
    if action in ("wake_up", "awaken_knocked_out"):
        _check_waking(st, name, action, target)
    st._check_spend(name, type_, action)
    provokers: list[str] = []
    if row["provokes"] == "yes" or (type_ in ("double", "full_round")
                                    and row["provokes"] != "no"):
        provokers = st._threatening_enemies(name)
    offered, take = st._provocation(name, provokers, aoo, action)
    st._spend(name, type_, action, target=target)
    if note:
        st._emit("note", actor=name, target=target, data={"text": note})
    _act_effects(st, name, action, type_, target)
    st._resolve_provocation(name, offered, take, action)


def _act_effects(st: Encounter, name: str, action: str, type_: str, target: str | None) -> None:
    """What an action does once paid: a Full-Round Action under way, Wake Up rousing
    the sleeper, a crossbow loaded ("COMBAT ACTIONS for BEGINNERS")."""
    f = st._f[name]
    if type_ == "full_round":
        f.full_round = action
        f.full_round_target = target
    if action == "wake_up" and target is not None:
        st._lose_condition(target, Condition.ASLEEP, why=f"roused by {name} (Wake Up)")
    if action == "load_ranged_weapon" and f.unloaded:
        st._emit("note", actor=name, data={
            "text": f"{name} loads its {', '.join(f.unloaded)}", "rule": R_BEGINNERS})
        f.unloaded = []


def _act_reaction(st: Encounter, name: str, action: str, target: str | None,
                  note: str | None) -> None:
    """A Reaction taken with :meth:`act` ("Reactions & AOO:"): spends the Reaction."""
    f = st._fighter(name)
    why = st._reaction_problem(name)
    if why:
        raise IllegalActionError(f"{name} cannot take the Reaction {action}: {why}",
                                 R_REACTIONS)
    f.reactions_used += 1
    st._emit("spend", actor=name, target=target, data={
        "action": action, "type": "reaction", "slot": "reaction", "note": note})


def _act_immediate(st: Encounter, name: str, action: str, target: str | None, note: str | None,
                   ability: str | None) -> None:
    """An Immediate Action, allowed only by an ``ability`` that says so."""
    f = st._fighter(name)
    if not ability:
        raise IllegalActionError("an Immediate Action \"may only be taken if you "
                                 "possess a Feat or other ability that indicates you "
                                 "may do so\": give ability=", R_IMMEDIATE)
    if f.dead:
        raise IllegalActionError(f"{name} is dead", R_DEATH)
    st._emit("spend", actor=name, target=target, data={
        "action": action, "type": "immediate", "slot": "immediate",
        "ability": ability, "note": note})


def _check_waking(st: Encounter, name: str, action: str, target: str | None) -> None:
    """Wake Up ("COMBAT ACTIONS for BEGINNERS": a Big Action) rouses a sleeping creature
    ("Asleep / Sleeping": "if roused (by sounds, discomfort, shaking, etc)");
    "Awakening a character knocked out in this manner requires a Full-Round Action spent
    attempting to awaken the creature" ("Knockout Strike (Attack Action, No AOO)"): it
    wakes when the Full-Round Action completes, at the start of the waker's next turn."""
    rule = R_ASLEEP if action == "wake_up" else R_KNOCKOUT
    if target is None or target == name:
        raise IllegalActionError(f"{action.replace('_', ' ')}: name the creature to wake "
                                 "(target=...)", rule)
    if st._f[target].dead:
        raise IllegalActionError(f"{target} is dead", R_DEATH)
    if action == "wake_up" and not st._has(target, Condition.ASLEEP):
        raise IllegalActionError(f"{target} is not asleep" + (
            " (knocked out: that takes awaken_knocked_out, a Full-Round Action)"
            if st._vitals(target).knocked_out else ""), rule)
    if action == "awaken_knocked_out":
        v = st._vitals(target)
        if not v.knocked_out or v.hp <= 0:
            why = ("at 0 HP or below: only healing above 0 HP brings it round"
                   if v.hp <= 0 else "not knocked out")
            raise IllegalActionError(f"{target} is {why}", rule)


def free(st: Encounter, name: str, what: str = "speak", note: str | None = None) -> Encounter:
    """A Free Action (speak a short phrase, drop an item, change grip); "Up to 2 Free
    Actions may be made per turn; any Free Actions used beyond this number should be
    considered Swift Actions" (000_8d1d7816ee944f3b.txt, "Free Action")."""
    st._do("act", {"name": name, "action": what, "target": None, "aoo": None,
                   "note": note, "ability": None})
    return st


def aim(st: Encounter, name: str, *, aoo: Any = None) -> Encounter:
    """Aim: a Big Action that provokes; "+1 Focus Bonus on your next ranged attack this
    turn ... If you move, are struck with an attack, or take any other action before
    making the attack, you lose this bonus" (000_8d1d7816ee944f3b.txt, "Aim (Big
    Action, Provokes AOO)")."""
    st._do("aim", {"name": name, "aoo": aoo})
    return st


@command
def _h_aim(st: Encounter, name: str, aoo: Any) -> None:
    st._actor(name)
    st._check_spend(name, "big", "aim")
    offered, take = st._provocation(name, st._threatening_enemies(name), aoo, "aim")
    st._spend(name, "big", "aim")
    st._add_effect(name, Effect(label="aiming: +1 Focus on the next ranged attack",
                                bonuses=({"to": "ranged_attack", "value": 1,
                                          "type": "focus", "source": "aim"},),
                                ends="turn_end", on=name, lost_on_action=True,
                                rule=R_AIM))
    st._resolve_provocation(name, offered, take, "aim")


def fight_defensively(st: Encounter, name: str) -> Encounter:
    """Fight Defensively (000_8d1d7816ee944f3b.txt, "While fighting defensively"): a Big Action,
    no AOO; "-4 penalty on Attack Rolls and ... +2
    Dodge Bonus to AC until the start of your next turn"; "You must be wielding a melee
    weapon (or otherwise threaten your area)"; "You may not choose to fight defensively
    if you have already made an attack or cast a spell on your turn"
    (000_8d1d7816ee944f3b.txt, "Fight Defensively (Big Action, No AOO)")."""
    st._do("fight_defensively", {"name": name})
    return st


@command
def _h_fight_defensively(st: Encounter, name: str) -> None:
    f = st._actor(name)
    v = st._view(name)
    if not v.threatens:
        raise IllegalActionError(f"{name} does not threaten its area now (no melee "
                                 "weapon, or a condition such as Prone)",
                                 R_FIGHT_DEF)
    if f.turn.attacks or f.turn.cast_this_turn:
        did = "attacked" if f.turn.attacks else "cast a spell"
        raise IllegalActionError(f"{name} already {did} this turn", R_FIGHT_DEF)
    if any(e.kind == "fight_defensively" for e in f.effects):
        raise IllegalActionError(f"{name} is already fighting defensively", R_FIGHT_DEF)
    st._check_spend(name, "big", "fight_defensively")
    st._spend(name, "big", "fight_defensively")
    st._add_effect(name, Effect(kind="fight_defensively",
                                label="fighting defensively: -4 attack, +2 Dodge AC",
                                bonuses=({"to": "attack", "value": -4,
                                          "source": FIGHTING_DEFENSIVELY},
                                         {"to": "ac", "value": 2, "type": "dodge",
                                          "source": FIGHTING_DEFENSIVELY}),
                                ends="turn_start", on=name, rule=R_FIGHT_DEF))


def ignore_enemy(st: Encounter, name: str, foes: str | Iterable[str]) -> Encounter:
    """Ignore an enemy (or several): a Swift Action, for 1 round.

    000_8d1d7816ee944f3b.txt, "Advanced Option - Ignore an enemy": "You must use a swift
    action on your turn to designate the foe (or foes) you will ignore for 1 round. You
    are considered Flat-Footed against this foe (even if you normally cannot be
    Flat-Footed). In addition, an enemy you ignore is Fortunate on all attacks made
    against you. Their attacks do not count towards the number of attackers this round,
    and they cannot cause you to be Flanked." Decisions: "1 round" lasts until the start
    of your next turn; being Flat-Footed against the foe, you take no Reactions against
    it (no AOO, Active Defense or interrupt: "Flat-Footed ... You cannot take
    Reactions"); an ignored foe gains no Gang Up bonus against you.

    Args:
        name: The creature ignoring (on its turn).
        foes: One enemy or several.
    """
    names = names_arg("ignore_enemy", "foes", foes)
    st._do("ignore_enemy", {"name": name, "foes": names})
    return st


@command
def _h_ignore_enemy(st: Encounter, name: str, foes: list[str]) -> None:
    f = st._actor(name)
    if not foes:
        raise IllegalActionError("name the foe (or foes) to ignore", R_IGNORE)
    for foe in foes:
        st._fighter(foe)
        if st._f[foe].side == f.side:
            raise IllegalActionError(f"{foe} is not an enemy of {name}", R_IGNORE)
        if st._f[foe].dead:
            raise IllegalActionError(f"{foe} is dead", R_IGNORE)
    if len(set(foes)) != len(foes):
        raise IllegalActionError("a foe is named twice", R_IGNORE)
    st._check_spend(name, "swift", "ignore_enemy")
    st._spend(name, "swift", "ignore_enemy")
    for e in list(f.effects):  # a new designation replaces the last one
        if e.kind == "ignore_enemy":
            st._end_effect(name, e, "a new designation")
    st._add_effect(name, Effect(
        kind="ignore_enemy",
        label=f"ignoring {', '.join(foes)}: Flat-Footed against "
              f"{'them' if len(foes) > 1 else 'it'}, "
              f"{'they are' if len(foes) > 1 else 'it is'} Fortunate, no Gang Up or "
              "flanking",
        ends="turn_start", on=name, data={"ignored": list(foes)}, rule=R_IGNORE))


def protect(st: Encounter, name: str, ally: str) -> Encounter:
    """The Protect Action: a Big Action, no AOO, until the start of your next turn.

    000_8d1d7816ee944f3b.txt, "Protect Action (Big Action, No AOO)": the ally gets Good
    Cover (+4 AC), Superior Cover (+6) if you are at least one size larger; you are
    Cramped; the ally has -2 on attack rolls; "You must be the same size or larger".
    "You must be standing in the same space as the ally" - decision: the battle map
    does not let two same-size allies end in one hex, so the ally must be in your space
    or adjacent to you.
    """
    st._do("protect", {"name": name, "target": ally})
    return st


@command
def _h_protect(st: Encounter, name: str, target: str) -> None:
    st._actor(name)
    if st._f[name].rules is not None:  # a ruleset's round without it: one refusal, its own
        st._check_spend(name, "big", "protect")
    st._fighter(target)
    if target == name or st._f[target].side != st._f[name].side:
        raise IllegalActionError(f"{target} is not an ally of {name}", R_PROTECT)
    if st._f[target].dead:
        raise IllegalActionError(f"{target} is dead", R_PROTECT)
    me, them = st._view(name), st._view(target)
    if me.size.order < them.size.order:
        raise IllegalActionError(f"{name} ({me.size.value}) is smaller than {target} "
                                 f"({them.size.value})", R_PROTECT)
    if st.map is not None and name in st._anchors and target in st._anchors:
        if st.map.distance(name, target) > 5:
            raise IllegalActionError(f"{target} is {st.map.distance(name, target)} ft "
                                     f"away; stand with it first", R_PROTECT)
    st._check_spend(name, "big", "protect")
    st._spend(name, "big", "protect", target=target)
    cover = (PROTECT_SUPERIOR_COVER if me.size.order > them.size.order
             else PROTECT_GOOD_COVER)
    st._add_effect(target, Effect(
        label=f"protected by {name}: +{cover} Cover AC, -2 attack",
        bonuses=({"to": "ac", "value": cover, "type": "cover",
                  "source": f"protected by {name}"},
                 {"to": "attack", "value": -2, "source": f"protected by {name}"}),
        ends="turn_start", on=name, rule=R_PROTECT))
    st._add_effect(name, Effect(label=f"protecting {target}: Cramped",
                                conditions=("cramped",), ends="turn_start", on=name,
                                rule=R_PROTECT))
