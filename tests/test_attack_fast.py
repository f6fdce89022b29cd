"""Issue 24, item 6 ("Fast"; the lfg attack): what one attack now works out once and shares
must equal what was worked out afresh.

000_8d1d7816ee944f3b.txt, "Attack Rolls", "Damage in Combat", "Hit Points (HP) - Taking
Damage, Injury, Death:". The golden fights (``tests/test_golden.py``) prove the fights;
these tests pin each shortcut against the long way, after the state changes.
"""

from __future__ import annotations

import pytest

from lfgcombat import Encounter
from lfgcombat.creature import Creature, CreatureError, load_example
from lfgcombat.errors import IllegalActionError
from lfgcombat.rules.attacks import combat

_STATS = ("ac", "ff_ac", "hr", "max_hp", "injured_threshold", "death_threshold",
          "temp_hp_cap", "melee_attack", "actions")


def _readings(c: Creature) -> list[str]:
    return [repr(getattr(c, s)) for s in _STATS] + [repr(c.active_conditions.entries)]


@pytest.mark.parametrize("name", ["wulfric", "orc", "ogre", "chessan", "alligator", "spider"])
@pytest.mark.parametrize("conds", [[], ["prone"], ["bleed 1", "weakened 2"]])
@pytest.mark.parametrize("cur,temp", [(None, 0), (5, 0), (1, 1), (0, 0), (-3, 0)])
def test_with_hp_is_replace(name, conds, cur, temp):
    """``Creature._with_hp`` (a strike's copy) equals ``replace`` of the two keys: the same
    creature, the same readings (those handed on and those read afresh)."""
    c = load_example(name).replace(conditions=conds)
    if name in ("alligator", "spider"):
        assert c.sections  # its sections' checks are asked as replace asks them
    _readings(c)  # readings kept on c, to be handed on
    hp = c.hp if cur is None else cur
    fast = c._with_hp(hp, temp)
    full = Creature.from_dict({**c.to_dict(), "current_hp": hp, "temp_hp": temp})
    assert fast == full and repr(fast) == repr(full)
    assert fast.to_dict() == full.to_dict()
    assert _readings(fast) == _readings(full)


@pytest.mark.parametrize("cur,temp", [(10**6, 0), (99, 0), (5, 500), (5, -1), (True, 0),
                                      (5.0, 0), (-100_001, 0)])
def test_with_hp_refuses_as_replace(cur, temp):
    """A value ``replace`` refuses is refused the same way (the same words)."""
    c = load_example("orc")
    with pytest.raises(CreatureError) as fast:
        c._with_hp(cur, temp)
    with pytest.raises(CreatureError) as full:
        c.replace(current_hp=cur, temp_hp=temp)
    assert str(fast.value) == str(full.value)


def _fight(monkeypatch: pytest.MonkeyPatch | None) -> Encounter:
    """Wulfric against two orcs, attacking until one falls (a seeded fight); with
    ``monkeypatch``, every attack's damage worked out afresh by the HP seam."""
    if monkeypatch is not None:
        monkeypatch.setattr(combat, "_known_after", lambda result: None)
    enc = Encounter([load_example("wulfric"), load_example("orc").replace(name="Orc A"),
                     load_example("orc").replace(name="Orc B")],
                    sides={"party": ["Wulfric"], "foes": ["Orc A", "Orc B"]}, seed=7).start()
    for _ in range(60):
        name = enc.acting[0] if enc.acting else None
        if name is None:
            break
        foes = [n for n in ("Orc A", "Orc B") if not enc.state(n)["dead"]] \
            if name == "Wulfric" else ["Wulfric"]
        while foes and not enc.state(foes[0])["dead"] and enc.actions_left(name).attacks:
            try:
                enc.attack(name, foes[0])
            except IllegalActionError:
                break
        choices = enc.choices()
        enc.end_turn(next=choices[0] if choices else None)
    return enc


def test_an_attacks_damage_shared_with_the_hp_seam_is_the_damage_worked_out_afresh(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The vitals an attack works out for its explanation (``target_after``) and hands to
    the HP seam give the very events, HP and creatures the seam works out itself
    ("Taking Damage", "Unconscious & Dying")."""
    shared = _fight(None)
    hits = [e for e in shared.log if e.kind == "damage"]
    assert len(hits) >= 5  # the fight struck blows
    fresh = _fight(monkeypatch)
    assert [e.to_json() for e in shared.log] == [e.to_json() for e in fresh.log]
    for name in ("Wulfric", "Orc A", "Orc B"):
        assert shared.creature(name) == fresh.creature(name)
        assert shared.state(name) == fresh.state(name)


@pytest.mark.parametrize("conds", [[], ["invisible"], ["blinded"], ["terrified"],
                                   ["blinded", "invisible", "prone"], ["fortunate"],
                                   ["terrified", "unfortunate"]])
def test_a_condition_sets_kept_readings_are_read_afresh(conds):
    """The miss chances and the attackers' fortune a creature's conditions in effect keep
    ("Concealment - What is it?", "Conditions – Full Details") equal those worked out
    again from the entries, and a creature with other conditions reads its own."""
    from lfgcombat.dice import net_fortune
    c = load_example("orc")
    for now in ([], conds, []):
        c = c.replace(conditions=now)
        cs = c.active_conditions
        for _ in range(2):  # read, then read kept
            assert cs.miss_chance == max((e.spec.miss_chance for e in cs), default=0)
            assert cs.attackers_miss_chance == max(
                (e.spec.attackers_miss_chance for e in cs), default=0)
            assert cs.attackers_melee_fortune == net_fortune(
                e.spec.attackers_melee_fortune for e in cs)


def test_an_insulted_creature_is_held_to_its_insulter_only_on_its_turn():
    """"force them to attack you next turn" (the Insult): the check reads the effects first;
    a creature without the insult attacks whom it likes, one with it is refused another
    target on its turn (the same refusal as before)."""
    from lfgcombat.rules.conditions.effects import Effect
    enc = Encounter([load_example("wulfric"), load_example("orc").replace(name="Orc A"),
                     load_example("orc").replace(name="Orc B")],
                    sides={"party": ["Wulfric"], "foes": ["Orc A", "Orc B"]}, seed=3).start()
    while enc.acting[0] != "Wulfric":
        choices = enc.choices()
        enc.end_turn(next=choices[0] if choices else None)
    assert enc._insult_problem("Wulfric", "Orc B") is None
    assert enc._insult_problem("Nobody", "Orc B") is None
    enc._add_effect("Wulfric", Effect(label="insulted by Orc A", kind="insulted",
                                      ends="turn_end", on="Wulfric", rule="Insult",
                                      data={"by": "Orc A", "must_attack": "Orc A"}))
    assert "must attack Orc A" in enc._insult_problem("Wulfric", "Orc B")
    assert enc._insult_problem("Wulfric", "Orc A") is None


@pytest.mark.parametrize("seed", [0, 1, "fight 7"])
def test_a_rollers_dice_are_one_randrange_per_die_from_its_seed(seed):
    """The roller draws each die as ``randrange(sides) + 1`` of ``random.Random(seed)``, in
    order (saved fights replay by the seed): the quicker draw of one die is the same."""
    import random

    from lfgcombat.dice import Roller, parse
    roller, rng = Roller(seed), random.Random(seed)
    for expr in ["1d20+7", "1d8+3", "2d6", "1d1", "1d1000", "3d4+1d6-2", "-1d4"] * 30:
        faces = [rng.randrange(d.sides) + 1 for d in parse(expr).dice for _ in range(d.count)]
        r = roller.roll(expr)
        assert list(r.faces) == faces
        assert r.total == sum(d.sign * f for d, f in zip(
            [d for d in parse(expr).dice for _ in range(d.count)], faces)) + parse(expr).constant


def test_with_hp_asks_the_sections_checks_as_replace_does():
    """A section whose check reads the HP (a toy: "no HP below its value") refuses a
    change of HP alone as ``replace`` refuses it, and lets a good one through."""
    from lfgcombat.creature.sections import Section, registered

    def check(value, fields):
        cur = fields["current_hp"]
        if cur is not None and cur < value:
            yield "current_hp", f"below the toy floor {value}"

    toy = Section("toy_floor", lambda raw: int(raw), default=0, check=check)
    with registered(toy):
        c = Creature.from_dict({**load_example("orc").to_dict(), "toy_floor": 2})
        assert c._with_hp(5, 0) == c.replace(current_hp=5, temp_hp=0)
        with pytest.raises(CreatureError) as fast:
            c._with_hp(1, 0)
        with pytest.raises(CreatureError) as full:
            c.replace(current_hp=1, temp_hp=0)
        assert str(fast.value) == str(full.value) and "toy floor" in str(fast.value)


@pytest.mark.parametrize("conds,hp", [([], 40), ([], 5), (["prone"], 5), (["bleed 1"], -2),
                                      (["stunned for 2 rounds", "staggered"], 3),
                                      (["weakened 2", "prone"], 0)])
def test_a_remembered_condition_set_is_the_set_worked_out_afresh(conds, hp):
    """The conditions in effect remembered for the same conditions and the same reasons
    from HP (Injured, Unconscious, Dying: "Injury & Injured Threshold", "Unconscious &
    Dying") equal those worked out again, after the HP and the conditions change."""
    from lfgcombat.creature.hit_points import hp_conditions
    from lfgcombat.rules.conditions.condition_effects import _resolve, resolve
    base = load_example("wulfric")
    for now, cur in (([], None), (conds, hp), ([], hp), (conds, None), (conds, hp)):
        c = base.replace(conditions=now, current_hp=cur)
        fresh = _resolve(c.conditions, hp_conditions(c))
        got = c.active_conditions
        assert got is resolve(c.conditions, hp_conditions(c))  # remembered
        assert got.entries == fresh.entries and got.superseded == fresh.superseded
        assert _readings(c) == _readings(Creature.from_dict(c.to_dict()))


@pytest.mark.parametrize("name", ["alligator", "orc"])
def test_a_sheets_sections_get_as_a_mapping_gets(name):
    """``SheetSections.get`` reads the store as ``Mapping.get`` reads the mapping: a stored
    key's value, else the default given (``None`` without one)."""
    from collections.abc import Mapping
    found = load_example(name).sections
    for key in ("skills", "special_abilities", "second_shield", "nothing"):
        for default in ((), ("d",)):
            assert found.get(key, *default) == Mapping.get(found, key, *default)


def test_a_damage_type_read_from_text_again_is_the_type_read_afresh():
    """``DamageType.coerce`` remembers the texts it read ("Damage Abbreviations"): each
    name and abbreviation, in any case, gives the type it gave the first time, and an
    unknown text is refused every time."""
    from lfgcombat.rules.damage import DamageError, DamageType, _COERCED
    texts = [t for m in DamageType for t in (m.value, m.abbreviation, m.value.upper(),
                                             f" {m.abbreviation.lower()} ", "+" + m.value)]
    texts += ["bio-pois", "BIO-POIS"]
    _COERCED.clear()
    first = [DamageType.coerce(t) for t in texts]
    assert [DamageType.coerce(t) for t in texts] == first
    for t, m in zip(texts, first):
        assert m is (DamageType.BIOLOGICAL if "pois" in t.lower() else next(
            x for x in DamageType if t.strip().lower().lstrip("+") in
            (x.value, x.abbreviation.lower())))
    for _ in range(2):
        with pytest.raises(DamageError):
            DamageType.coerce("nope")


def test_a_sizes_order_read_once_is_the_tables():
    """Each size's steps from Medium ("Creature Size: Size, Space, Reach"), read once, are
    those of its row of ``data/sizes.csv``."""
    from lfgcombat.creature.size import Size
    for size in Size:
        assert size.order == int(size.row["order"])
    assert Size.SMALL.order == -1 and Size.MEDIUM.order == 0 and Size.LARGE.order == 1
