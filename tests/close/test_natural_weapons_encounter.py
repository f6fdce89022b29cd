"""Natural weapons' special attacks in an encounter: Grab/Trip/Shove on a hit, Ram/Gore's
Shove, Pounce, Rake and the tail rule.

000_8d1d7816ee944f3b.txt, "Common Natural Weapons".
"""

from __future__ import annotations

from encounter.helpers import mk, refused

from lfgcombat import HexMap
from lfgcombat.creature import load_example
from lfgcombat.engine import Encounter

from .test_encounter_close import first_seed, last, replays


def _beast(seed: int, *, weapons, abilities=(), size="large", level=4, **kw) -> Encounter:
    beast = mk("Beast", level=level, cls=None, max_hp=60, weapons=weapons, init=40, size=size,
               special_abilities=list(abilities), skills={"wrestling": 12}, **kw)
    prey = mk("Prey", level=2, max_hp=200)
    m = HexMap(10, 6)
    m.place(beast, (2, 2), "beasts")
    m.place(prey, (4, 2), "party")
    return Encounter([beast, prey], map=m, seed=seed).start()


def _hit(weapon: str, **kw):
    def make(seed: int) -> Encounter:
        enc = _beast(seed, **kw)
        enc.attack("Beast", "Prey", weapon)
        return enc
    return make


def test_a_trip_on_a_hit_and_only_with_the_ability(tmp_path) -> None:
    enc = first_seed(_hit("strong bite", weapons=[{"name": "strong bite"}],
                          abilities=["Trip (Ex)"]), lambda e: last(e, "attack").data["hit"])
    enc.hit_maneuver("Beast", "Prey", "trip")
    ev = last(enc, "maneuver")
    assert ev.data["touch"] is None and ev.data["margin"] is not None
    assert ev.data["success"] == ("prone" in enc.state("Prey").conditions)
    refused(enc, enc.hit_maneuver, "Beast", "Prey", "trip", match="already tried")
    replays(enc, tmp_path)
    plain = first_seed(_hit("strong bite", weapons=[{"name": "strong bite"}]),
                       lambda e: last(e, "attack").data["hit"])
    refused(plain, plain.hit_maneuver, "Beast", "Prey", "grab", match="does not allow")


def test_gore_shoves_without_an_ability() -> None:
    enc = first_seed(_hit("gore", weapons=[{"name": "gore"}]),
                     lambda e: last(e, "attack").data["hit"])
    enc.hit_maneuver("Beast", "Prey", "shove")
    assert last(enc, "maneuver").data["maneuver"] == "shove"


def test_no_maneuver_after_a_miss() -> None:
    enc = first_seed(_hit("gore", weapons=[{"name": "gore"}]),
                     lambda e: not last(e, "attack").data["hit"])
    refused(enc, enc.hit_maneuver, "Beast", "Prey", "shove", match="did not hit")


def test_pounce_two_natural_attacks_in_one_charge(tmp_path) -> None:
    wolf = load_example("dire_wolf")
    prey = mk("Prey", level=2, max_hp=200)
    m = HexMap(12, 6)
    m.place(wolf, (1, 2), "wolves")
    m.place(prey, (7, 2), "party")
    enc = Encounter([wolf, prey], map=m, seed=2).start()
    if enc.current != "Dire Wolf":
        enc.end_turn()
    enc.run("Dire Wolf", (5, 2))
    enc.attack("Dire Wolf", "Prey", "strong bite", charge=True)
    enc.pounce("Dire Wolf", "Prey")
    atk = last(enc, "attack")
    assert atk.data["weapon"] == "claw" and atk.data["charge"]
    refused(enc, enc.pounce, "Dire Wolf", "Prey", match="already pounced")
    replays(enc, tmp_path)


def test_pounce_needs_a_charge_and_the_ability() -> None:
    enc = first_seed(_hit("claw", weapons=[{"name": "claw"}, {"name": "bite"}],
                          abilities=["Pounce (Ex)"]), lambda e: True)
    refused(enc, enc.pounce, "Beast", "Prey", match="not a Charge Attack")
    no = _beast(1, weapons=[{"name": "claw"}, {"name": "bite"}])
    refused(no, no.pounce, "Beast", "Prey", match="no Pounce")


def test_no_rake_without_the_ability_or_a_won_check() -> None:
    enc = _adjacent(1, abilities=())
    refused(enc, enc.rake, "Beast", "Prey", match="no Rake")
    raker = _adjacent(1)
    refused(raker, raker.rake, "Beast", "Prey", match="only while in a grapple")


def _adjacent(seed: int, abilities=("Rake (Ex)",)) -> Encounter:
    beast = mk("Beast", level=10, cls=None, max_hp=60, weapons=[{"name": "claw"}],
               init=40, special_abilities=list(abilities), skills={"wrestling": 40})
    prey = mk("Prey", level=2, max_hp=200)
    m = HexMap(8, 5)
    m.place(beast, (2, 2), "beasts")
    m.place(prey, (3, 2), "party")
    return Encounter([beast, prey], map=m, seed=seed).start()


def test_rake_follows_a_won_grapple_check(tmp_path) -> None:
    def grabbed(seed: int) -> Encounter:
        enc = _adjacent(seed)
        enc.wrestle("Beast", "Prey", "grab")
        return enc
    enc = first_seed(grabbed, lambda e: last(e, "maneuver").data["success"])
    hp = enc.state("Prey").hp
    enc.rake("Beast", "Prey")
    assert enc.state("Prey").hp < hp and enc.state("Beast").reaction_used
    refused(enc, enc.rake, "Beast", "Prey", match="Reaction|already raked")
    replays(enc, tmp_path)


def test_the_tail_never_strikes_the_foe_bitten_this_turn() -> None:
    """"(Ex: An alligator could not effectively bite & tail slap the same creature)"."""
    gator = load_example("alligator").replace(level=15)  # attacks enough for both
    prey = mk("Prey", level=2, max_hp=200)
    m = HexMap(8, 5)
    m.place(gator, (2, 2), "beasts")
    m.place(prey, (3, 2), "party")
    enc = Encounter([gator, prey], map=m, seed=1).start()
    if enc.current != "Alligator":
        enc.end_turn()
    enc.attack("Alligator", "Prey", "bite")
    refused(enc, enc.attack, "Alligator", "Prey", "smack", match="bitten this turn")


def test_the_viper_s_sting_injects_its_poison_only_after_damage(tmp_path) -> None:
    """"Sting: A basic attack with a piercing natural weapon that also injects a poison if the
    strike deals damage" ("Common Natural Weapons"): the viper's Poison (FORT DC11)."""
    def stung(seed: int) -> Encounter:
        viper = load_example("viper")
        hiker = mk("Hiker", level=2, max_hp=60)
        m = HexMap(6, 4)
        m.place(viper, (2, 1), "snakes")
        m.place(hiker, (3, 1), "party")
        enc = Encounter([viper, hiker], map=m, seed=seed).start(aware=["Viper"])
        enc.attack("Viper", "Hiker", "sting")
        return enc
    enc = first_seed(stung, lambda e: last(e, "attack").data["hit"])
    enc.use_ability("Viper", "Poison", "Hiker", action="none")
    ev = last(enc, "ability")
    assert ev.data["dc"] == 11 and ev.data["save"] == "FORT"
    assert ev.data["outcome"].startswith(("used: Hiker saves", "used: Hiker fails"))
    replays(enc, tmp_path)
    missed = first_seed(stung, lambda e: not last(e, "attack").data["hit"])
    refused(missed, missed.use_ability, "Viper", "Poison", "Hiker", action="none",
            match="needs a sting")


def test_ram_and_gore_add_2_innate_to_the_shove() -> None:
    """"A Creature with one of these abilities normally gains a +2 or higher Innate Bonus to
    their Wrestling Skill" (Ram or Gore; Grab/Trip/Shove)."""
    enc = first_seed(_hit("gore", weapons=[{"name": "gore"}]),
                     lambda e: last(e, "attack").data["hit"])
    enc.hit_maneuver("Beast", "Prey", "shove")
    assert last(enc, "maneuver").data["bonus"] == 12 + 2


def _gator_moved_east(prey_at: tuple[int, int]) -> Encounter:
    """The Alligator steps east (1,2) -> (2,2): it faces east; Prey stands at ``prey_at``."""
    gator = load_example("alligator").replace(level=15)
    prey = mk("Prey", level=2, max_hp=200)
    m = HexMap(8, 5)
    m.place(gator, (1, 2), "beasts")
    m.place(prey, prey_at, "party")
    enc = Encounter([gator, prey], map=m, seed=1).start()
    if enc.current != "Alligator":
        enc.end_turn()
    enc.move("Alligator", (2, 2))
    return enc


def test_a_tail_does_not_strike_the_hex_directly_in_front(tmp_path) -> None:
    """"A tail attack cannot normally strike a target in the hex directly in front of you
    (GM Discretion)" ("Common Natural Weapons"): the front is the way the creature last
    moved itself (inferred: the kit has no facing); the GM may allow it; a foe beside it
    takes the tail."""
    enc = _gator_moved_east((3, 2))
    assert tuple(enc.map.offset(enc.map.token("Alligator").anchor)) == (2, 2)
    refused(enc, enc.attack, "Alligator", "Prey", "smack", match="directly in front")
    refused(enc, enc.attack, "Alligator", "Prey", "smack", tail_in_front="yes",
            match="tail_in_front")
    enc.attack("Alligator", "Prey", "smack", tail_in_front=True)   # the GM's discretion
    assert last(enc, "attack").data["weapon"] == "smack"
    replays(enc, tmp_path)
    beside = _gator_moved_east((2, 3))
    beside.attack("Alligator", "Prey", "smack")
    assert last(beside, "attack").target == "Prey"
    # the bite (not a tail) strikes the hex in front as always
    _gator_moved_east((3, 2)).attack("Alligator", "Prey", "bite")


def test_no_facing_before_a_creature_moves() -> None:
    """A creature that has not moved has no known front: the tail is the GM's call."""
    gator = load_example("alligator").replace(level=15)
    prey = mk("Prey", level=2, max_hp=200)
    m = HexMap(8, 5)
    m.place(gator, (2, 2), "beasts")
    m.place(prey, (3, 2), "party")
    enc = Encounter([gator, prey], map=m, seed=1).start()
    if enc.current != "Alligator":
        enc.end_turn()
    assert enc.facing("Alligator") is None
    enc.attack("Alligator", "Prey", "smack")
