"""Skills in combat, inside an encounter: a combatant's skill bonus and opposed checks.

000_8d1d7816ee944f3b.txt, "Special Actions in Combat" ("Certain Skills can provide you with
additional Actions in Combat"; every skill action is an opposed check) and "Attack Rolls"
(the Unarmed Melee Touch Attack a Wrestling maneuver or a Shield Bash opens with). The pure
rules are :mod:`lfgcombat.rules.actions.skills` (one opposed check, ties settled by
:data:`lfgcombat.rules.actions.skills.TIE_RULE`) and :mod:`lfgcombat.rules.actions.maneuvers`; this
module rolls them
with the encounter's roller, logs every roll, and reads the combatant as it stands now (its
conditions' skill penalties apply through :meth:`lfgcombat.Creature.skill_modifier`).

The defender picks what it opposes with ("vs Sense Motive or Tactics"...): ``resist_with``
names it, and without it the defender uses its best option (decision: the kit plays the
defender's choice well).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from lfgcombat.creature.close_keys import skills_of
from lfgcombat.errors import IllegalActionError
from .maneuvers import TouchAttack, touch_attack
from .skills import RULE as R_SKILLS
from .skills import OpposedResult, SkillError, canonical_skill, opposed, skill_bonus
from .skill_actions import SkillAction

if TYPE_CHECKING:
    from lfgcombat.engine.encounter import Encounter
    from lfgcombat.creature.stats import Stat

__all__ = ["SAVE_OPTIONS"]

#: Defences that are saving throws, not skills.
SAVE_OPTIONS = {"will save": "will", "ref save": "ref", "fort save": "fort"}


# SkillChecks: A combatant's skill bonus now, its defence against a skill action, opposed checks.


def skill(st: Encounter, name: str, skill: str, extra: Mapping[str, int] | None = None, *,
          off_hand: bool = False, ability: str | None = None) -> Stat:
    """``name``'s bonus on a skill check now, explained: its ``skills:`` total (0 when
    the skill is not listed) and what its conditions add (Cramped's -2 on Physical
    Skills...), plus named situational bonuses (``extra``). ``off_hand``: the check is
    made using only the off hand: "Any Skill Checks made using only your Off-Hand suffer
    a -2 penalty" (000_8d1d7816ee944f3b.txt, "Handedness & Using Both Hands (Two Weapon
    Fighting)"; not with the Ambidextrous Feat).

    A ruleset whose economy has its own ``skill_bonus`` (``classic``: d20 + the ability
    modifier against DC 15 by default, 002_2a3a79475ca2a541.txt, "Skill Checks";
    :meth:`lfgcombat.rulesets.classic.ruleset.ClassicEconomy.skill_bonus`) answers instead,
    ``ability`` picking the ability modifier (default the skill table's).

    Raises:
        SkillError: an unknown skill (with a "did you mean"), a non-bool ``off_hand``,
            ``ability`` under a ruleset whose skill checks add no ability modifier.
        ClassicError: under classic, a bad ``ability`` or ``off_hand=True``.
        LfgError: unknown name.
    """
    f = st._fighter(name)
    own = getattr(st.ruleset.economy, "skill_bonus", None)
    if own is not None and f.rules is not None:
        return own(f.creature, f.rules, skill, extra=extra, ability=ability,
                   off_hand=off_hand)
    if ability is not None:
        raise SkillError(f"ability={ability!r:.20}: a {st.ruleset.name} skill bonus is "
                         "the creature's skills: total (it holds the ability already); "
                         "leave ability out", "ability")
    return skill_bonus(st._view(name), skill, skills_of(st._f[name].creature),
                       extra=extra, off_hand=off_hand)


def _defense(st: Encounter, target: str, options: Sequence[str], choice: str | None,
             rule: str) -> tuple[str, Stat]:
    """What ``target`` opposes with: ``choice`` (one of ``options``) or its best.

    Raises:
        IllegalActionError: a choice that is not one of the options.
    """
    stats: dict[str, Stat] = {}
    for opt in options:
        if opt in SAVE_OPTIONS:
            stats[opt] = st._view(target).saving_throw(SAVE_OPTIONS[opt])
        else:
            stats[opt] = st.skill(target, opt)
    if choice is None:
        best = max(options, key=lambda o: int(stats[o].value or 0))
        return best, stats[best]
    key = str(choice).strip().lower().replace("_", " ")
    if key not in SAVE_OPTIONS:
        try:
            key = canonical_skill(key, "resist_with")
        except ValueError:
            pass
    if key not in stats:
        raise IllegalActionError(f"resist_with: {target} opposes with "
                                 f"{' or '.join(options)}, not {choice!r:.40}", rule)
    return key, stats[key]


def _opposed(st: Encounter, actor: str, target: str, a: Stat, b: Stat, *, a_label: str,
             b_label: str, a_extra: int = 0) -> OpposedResult:
    """Roll ``a`` (+``a_extra``) against ``b`` with the encounter's roller; log both."""
    seen = len(st.roller.history)
    result = opposed(int(a.value or 0) + a_extra, int(b.value or 0),
                     a_fortune=a.fortune, b_fortune=b.fortune, roller=st.roller,
                     a_label=a_label, b_label=b_label)
    st._log_rolls(seen, actor=actor, target=target)
    return result


def _insult_problem(st: Encounter, name: str, target: str) -> str | None:
    """Why ``name`` may not attack ``target`` now: an Insult "force[s] them to attack you
    next turn" (:mod:`lfgcombat.rules.actions.skill_actions_play`); ``None`` when it may.

    Only on the insulted creature's own turn (a Reaction on another's turn is free);
    attacking any living insulter is allowed; a dead insulter frees it."""
    f = st._f.get(name)
    if f is None or not any(e.kind == "insulted" for e in f.effects):
        return None  # (read first: the turn's members are the dearer question)
    if not st._frames or name not in st._frame_members(st._frames[-1]):
        return None
    insulters = {str(e.data["must_attack"]): e.rule for e in f.effects
                 if e.kind == "insulted" and e.data and e.data.get("must_attack")}
    alive = {n: rule for n, rule in insulters.items() if n in st._f and not st._f[n].dead}
    if not alive or target in alive:
        return None
    who = " or ".join(sorted(alive))
    return (f"{name} was insulted by {who} and must attack {who} this turn, not {target} "
            f"({next(iter(alive.values()))}: \"force them to attack you next turn\")")


def _check_insult(st: Encounter, name: str, target: str) -> None:
    """Refuse an attack the Insult forbids (:meth:`_insult_problem`).

    Raises:
        IllegalActionError: ``name`` must attack its insulter this turn.
    """
    why = st._insult_problem(name, target)
    if why:
        raise IllegalActionError(why, SkillAction.INSULT.rule)


def _touch_ac_changes(st: Encounter, name: str, target: str) -> list[tuple[int, str]]:
    """What the map does to ``target``'s TouchAC against ``name``'s touch attack:
    "Any “Bonus to AC” (or penalty) also applies to FFAC, TouchAC, and ACvsCrit unless
    indicated otherwise" ("What are the other kinds of AC? (FFAC, TouchAC, ACvsCrit)"),
    so Flanking's "-2 penalty to AC" ("Flanking / Being Flanked"; an ignored attacker
    cannot flank: "Advanced Option - Ignore an enemy") and a melee Cover Bonus to AC
    ("Cover - What is it?") count as in any attack (:meth:`CombatRules.
    _encounter_situation`). Fight Defensively needs nothing here: its -4 on attack rolls
    and +2 Dodge Bonus to AC ("A Dodge Bonus to AC adds to AC, ACvsCrit, & TouchAC") are
    effects on the combatants' views. Total cover gives no number (the reach check and
    the GM decide)."""
    if st.map is None or name not in st._anchors or target not in st._anchors:
        return []
    out: list[tuple[int, str]] = []
    if st.map.is_flanked(target, ignored=st._ignored_by(target)):
        out.append((-2, f"{target} flanked: -2 AC"))
    cover = st.map.cover(name, target, ranged=False)
    if cover.bonus:
        out.append((int(cover.bonus), f"{cover.level} cover: +{cover.bonus} AC"))
    return out


def _touch_attack(st: Encounter, name: str, target: str) -> TouchAttack:
    """The Unarmed Melee Touch Attack ("A Natural 20 on an Attack Roll is always a
    success. A Natural 1 ... always a failure", "Attack Rolls"), logged, against the
    TouchAC the map changes (:meth:`_touch_ac_changes`: flanking, cover).

    Raises:
        IllegalActionError: an Insult forces ``name`` to attack another (nothing is
            rolled).
    """
    st._check_insult(name, target)
    me, them = st._view(name), st._view(target)
    bonus = int(me.attack_bonus("melee").value or 0)
    ac = int(them.touch_ac.value or 0)
    # the maneuver is already counted among the turn's attacks: "Additional attacks made
    # on your Turn suffer a -2 Consecutive Attack Penalty" ("Consecutive Attacks")
    earlier = max(0, st._f[name].turn.attacks - 1)
    bonus -= 2 * earlier
    notes = [f"C.A.P. {-2 * earlier}: {earlier} earlier attack(s) this turn"] \
        if earlier else []
    for change, why in _touch_ac_changes(st, name, target):
        ac += change
        notes.append(why)
    seen = len(st.roller.history)
    t = touch_attack(bonus, max(ac, 0), roller=st.roller,
                     fortune=me.attack_bonus("melee").fortune, note="; ".join(notes))
    st._log_rolls(seen, actor=name, target=target, against=ac,
                  outcome="hit" if t.hit else "miss")
    return t


def _skills_rule() -> str:
    return R_SKILLS
