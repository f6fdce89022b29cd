"""The engine's lean reads and kept values (issue 24, item 6, "Fast") answer exactly what a
fresh computation answers, at every step of a fight under every ruleset GM prep plays.

Issue 24, "Fast": "Remove the waste the profile shows ... with caching keyed on what really
changes. The same fights, the same dice, the same events". Each read here is checked
against the full computation it stands in for, after every command of fights where
creatures are struck, drop, bleed, die and take their turns (000_8d1d7816ee944f3b.txt,
"Taking Your Turn", "Attacks Per Turn", "Unconscious & Dying", "Death"; the classic and
wounds rulesets' own health, 002_/003_ texts).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from lfgcombat import Encounter
from lfgcombat.creature import load_example
from lfgcombat.errors import IllegalActionError, LfgError

#: The fields classic and wounds need on the examples (as tests/bench/bench_engine.py).
_FIELDS = {"wulfric": dict(bab=5, prowess=3, good_saves=["fort", "will"]),
           "chessan": dict(bab=3, prowess=1, good_saves=["fort", "will"]),
           "orc": dict(bab=3, prowess=1, good_saves=["fort", "ref"])}


def _fight(ruleset: str, seed: int) -> Encounter:
    party = [load_example(n).replace(**_FIELDS[n]) for n in ("wulfric", "chessan")]
    orcs = [load_example("orc").replace(**_FIELDS["orc"], name=f"Orc {i}") for i in (1, 2, 3)]
    return Encounter(party + orcs, sides={"party": [c.name for c in party],
                                          "orcs": [c.name for c in orcs]},
                     ruleset=ruleset, seed=seed)


def _steps(enc: Encounter, rounds: int = 12) -> Iterator[str]:
    """Play ``enc``: each acting creature attacks the first foe standing while it has
    attacks, then hands over; yields after every command (and on to the aftermath)."""
    enc.start()
    yield "start"
    side = {n: enc.side(n) for n in enc.names}
    while enc.round <= rounds:
        for me in list(enc.acting):
            while enc.actions_left(me).attacks > 0:
                foes = [n for s, up in enc.standing().items() if s != side[me] for n in up]
                if not foes:
                    break
                try:
                    enc.attack(me, foes[0])
                except IllegalActionError:
                    break
                yield f"{me} attacks {foes[0]}"
        choices = enc.choices()
        enc.end_turn(next=choices[0] if choices else None)
        yield "end_turn"


def _check_every_step(enc: Encounter, check: Callable[[Encounter, str], None]) -> int:
    steps = 0
    for step in _steps(enc):
        for n in enc.names:
            check(enc, n)
        steps += 1
    return steps


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
@pytest.mark.parametrize("seed", [1, 7])
def test_standing_state_is_states_hp_status_dead_and_vitals(ruleset, seed):
    """``_standing_state`` (what GM prep's tactics read at every strike) is the same
    values as :meth:`Encounter.state` of the same creature, step after step."""
    seen: set[str] = set()

    def check(enc: Encounter, n: str) -> None:
        lean = enc._standing_state(n)
        full = enc.state(n)
        assert lean == {k: full[k] for k in ("hp", "status", "dead", "vitals")}, n
        seen.add(str(lean["status"]))
        lean["vitals"]["x"] = 1  # its own dict: changing it changes nothing kept
        assert "x" not in enc._standing_state(n)["vitals"]

    assert _check_every_step(_fight(ruleset, seed), check) > 20
    assert len(seen) > 1  # somebody dropped: the check saw more than one status


def test_a_kept_situation_is_the_situation_made_afresh():
    """``Situation.make`` keeps what plain keywords make (every attack of a fight asks for
    the same few): a kept situation equals one made afresh, and what make refuses it
    refuses every time, ``True`` for a number and ``1`` for a flag included ("Attack
    Rolls", "Consecutive Attacks", "Multiple Opponents")."""
    from lfgcombat.rules.attacks.situation import _MADE, Situation
    from lfgcombat.rules.bonuses import Bonus, BonusType
    from lfgcombat.rules.weapons import WeaponError

    gang = (Bonus(2, BonusType.TACTICAL, "gang up"),)
    cases = [{}, {"previous_attacks": 1}, {"previous_attacks": 1, "attack_bonuses": gang},
             {"fortune": "Fortunate", "distance_ft": 30}, {"cover": "partial"},
             {"attack_bonuses": [2]}, {"damage_type": "Slashing"}]
    for kwargs in cases * 2:  # the second time from what was kept
        made = Situation.make(**kwargs)
        assert made == Situation(**kwargs)
        assert made.changed() == Situation(**kwargs).changed()
    assert Situation.make(fortune="Fortunate").fortune == "fortunate"
    assert any(k for k in _MADE)  # plain keywords were kept
    # each refusal after its look-alike (equal as a dict key) was kept
    for good, bad in (({"distance_ft": 1}, {"distance_ft": True}),
                      ({"flanked": True}, {"flanked": 1}),
                      ({"aoo": False}, {"aoo": 0}),
                      ({"previous_attacks": 1}, {"previous_attacks": True}),
                      ({"previous_attacks": 1}, {"previous_attacks": -1})):
        Situation.make(**good)
        for _ in range(2):  # refused afresh and again
            with pytest.raises(WeaponError):
                Situation.make(**bad)
    assert Situation.make(distance_ft=1).distance_ft == 1  # 1 and True kept apart
    assert Situation.make(flanked=True).flanked is True


def _setup_words(setup) -> tuple:
    """What an :class:`~lfgcombat.rules.attacks.AttackSetup` says (its numbers and its
    account)."""
    return (setup.explain(), setup.line, setup.bonus.value, setup.ac.value,
            setup.confirm_ac.value, setup.fortune, setup.mode, setup.notes,
            setup.consequences, setup.miss_chance, setup.weapon, setup.damage)


@pytest.mark.parametrize("seed", [1])
def test_a_kept_attack_setup_is_the_setup_made_afresh(seed):
    """``prepare`` keeps the attacker's part of an attack (its weapon, mode, attack bonus)
    on the attacker, a frozen creature: at every step of a fight, each creature's attack
    on each foe, first and second of the turn ("Consecutive Attacks"), Power Attack and
    with a bonus, is what the same attack prepared on fresh copies of both creatures
    is, and what it refuses it refuses as often as it is asked ("Attack Rolls",
    "Special Actions in Combat")."""
    from lfgcombat.creature import Creature
    from lfgcombat.rules.attacks import prepare
    from lfgcombat.rules.bonuses import Bonus

    def fresh(c: Creature) -> Creature:
        return Creature.from_dict(c.to_dict())

    situations = [{}, {"previous_attacks": 1}, {"power_attack": True},
                  {"attack_bonuses": (Bonus(2, None, "gang up"),)}, {"aim": True},
                  {"flat_footed": True}, {"touch": True}, {"cover": "partial"},
                  {"distance_ft": 5, "ac_bonuses": (Bonus(-2, None, "running"),)},
                  {"knockout": True}, {"damage_bonus": 2}, {"precision": "1d6"}]
    checked = refused = 0
    enc = _fight("lfg", seed)
    for _ in _steps(enc, rounds=3):
        for me in enc.names:
            a = enc.creature(me)
            weapon = a.weapons[0]["name"]
            for foe in enc.names:
                t = enc.creature(foe)
                for sit in situations:
                    try:
                        fa = fresh(a)
                        want = _setup_words(prepare(fa, fa if t is a else fresh(t), weapon,
                                                    **sit))
                    except LfgError as exc:
                        for _ in range(2):  # refused, then refused again (nothing kept)
                            with pytest.raises(type(exc)) as got:
                                prepare(a, t, weapon, **sit)
                            assert str(got.value) == str(exc)
                        refused += 1
                        continue
                    for _ in range(2):  # made, then kept
                        assert _setup_words(prepare(a, t, weapon, **sit)) == want, (
                            me, foe, sit)
                    checked += 1
            with pytest.raises(IllegalActionError):  # its part kept: still not itself
                prepare(a, a, weapon)
    assert checked > 100 and refused > 10


@pytest.mark.parametrize("seed", [3, 11])
def test_kept_actions_left_is_the_count_made_afresh(seed):
    """``actions_left`` keeps its count on the creature's view, keyed on what else it
    reads: at every step of a seeded skirmish (attacks with Power Attack, moves, 5-foot
    steps, interrupts, conditions, heals, Aim, Fight Defensively, hand-overs: the golden
    skirmish's commands) and after undoing steps, every creature's count is the count
    made afresh ("Taking Your Turn", "Attacks Per Turn", "Interrupt Turn", "Agony /
    Agonized")."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    from make_golden import skirmish_start, skirmish_step
    from lfgcombat.rules.actions.economy import _count_actions_left

    def check(enc: Encounter) -> None:
        for n in enc.names:
            for _ in range(2):  # counted (or kept), then kept
                assert enc.actions_left(n) == _count_actions_left(
                    enc, n, enc._f[n], enc._view(n)), n
            # on its turn: one of the creatures acting now (the count reads the turns
            # under way once for this and for a turn still to come; issue 24, "Fast")
            assert enc.actions_left(n).on_turn == (n in enc.acting), n

    rng = random.Random(seed)
    enc = skirmish_start(seed)
    check(enc)
    for step in range(160):
        skirmish_step(enc, rng)
        check(enc)
        if step % 40 == 39:
            enc.undo(3)  # restored from a checkpoint: the count follows
            check(enc)


def test_a_kept_condition_text_reads_as_it_reads_afresh():
    """Condition texts a creature's conditions are written back as at every strike are
    read once: a creature made from them a second time (from what was kept) has the
    afflictions read afresh, and a bad text is refused every time
    (000_8d1d7816ee944f3b.txt, "Bleed X", "Weakened", "Conditions – Full Details")."""
    from lfgcombat.creature import CreatureError
    from lfgcombat.creature.parse import _READ_CONDITIONS
    from lfgcombat.rules.conditions.condition_stacking import Affliction, stack_afflictions

    orc = load_example("orc")
    texts = ["bleed 1", "Prone", "weakened 2", "stunned for 2 rounds", "bleed 2"]
    for _ in range(2):  # read, then kept
        got = orc.replace(conditions=texts)
        assert got.conditions == stack_afflictions(
            [Affliction.parse(t) for t in texts], orc.level)
    assert "Prone" in _READ_CONDITIONS
    for bad in (["bleed 99"], ["pronee"], ["bleed"]):
        for _ in range(2):
            with pytest.raises(CreatureError):
                orc.replace(conditions=bad)


def test_a_kept_damage_plan_follows_the_targets_max_hp_under_killer_criticals():
    """Killer Criticals' least damage reads the target's max HP
    (000_8d1d7816ee944f3b.txt, "Killer Criticals (Optional Rule)"): the plan kept on the
    attacker for one orc is not the plan for a tougher orc of the same name."""
    from lfgcombat import Ruleset
    from lfgcombat.creature import Creature
    from lfgcombat.rules.attacks import prepare

    brutal = Ruleset("lfg", killer_criticals=True)
    wulfric = load_example("wulfric")
    for max_hp in (10, 200, 10):
        orc = load_example("orc").replace(max_hp=max_hp)
        got = prepare(wulfric, orc, "longsword", ruleset=brutal).damage
        want = prepare(Creature.from_dict(wulfric.to_dict()), orc, "longsword",
                       ruleset=brutal).damage
        assert got == want and got.killer_minimum == want.killer_minimum, max_hp


def test_kept_actions_left_is_each_encounters_own():
    """The same creatures in two encounters, one taking the orcs' turn together as a group
    ("Groups of similar NPCs may act on the same turn", "Rounds, Initiative, & Turn
    Order"): each encounter's count is its own, asked in turn."""
    from lfgcombat.rules.actions.economy import _count_actions_left

    cs = [load_example("wulfric"), load_example("orc").replace(name="Orc 1"),
          load_example("orc").replace(name="Orc 2")]
    sides = {"party": ["Wulfric"], "orcs": ["Orc 1", "Orc 2"]}
    grouped = Encounter(cs, sides=sides, groups={"orcs": ["Orc 1", "Orc 2"]}, seed=2)
    alone = Encounter(cs, sides=sides, seed=2)
    grouped.start()
    alone.start()
    for enc in (grouped, alone, grouped, alone):
        choices = enc.choices()
        enc.end_turn(next=choices[0] if choices else None)
        for other in (grouped, alone):
            for n in other.names:
                assert other.actions_left(n) == _count_actions_left(
                    other, n, other._f[n], other._view(n)), n
