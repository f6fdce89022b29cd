"""Swallow Whole in an encounter, end to end.

000_8d1d7816ee944f3b.txt, "Common Natural Weapons" (Swallow Whole): held in the mouth since
the turn began, a Big Action Wrestling check, 1d4[b]+1d4[acid] a round (+1 die size per size
above Large), cutting free for 1/10 of max HP with a DC15 check, regurgitation, the DC30 way
back out.
"""

from __future__ import annotations

from encounter.helpers import mk, refused

from lfgcombat import HexMap
from lfgcombat.engine import Encounter

from .test_encounter_close import first_seed, last, replays


def _fight(seed: int) -> Encounter:
    """A Huge toad (a level 10 monster) grabs at a Small halfling, on the toad's turn."""
    toad = mk("Toad", level=10, cls=None, max_hp=150, size="huge", init=40,
              weapons=[{"name": "bite"}], skills={"wrestling": 25})
    hal = mk("Halfling", level=3, size="small", max_hp=200, weapons=["dagger"],
             skills={"acrobatics": 30})
    m = HexMap(10, 6)
    m.place(toad, (2, 2), "toads")
    m.place(hal, (4, 2), "party")
    enc = Encounter([toad, hal], map=m, seed=seed).start()
    enc.wrestle("Toad", "Halfling", "grab")
    return enc


def _held(seed: int) -> Encounter:
    """The toad holds the halfling and its next turn has begun."""
    enc = _fight(seed)
    if last(enc, "maneuver").data["success"]:
        enc.end_turn().end_turn(next="Toad")
    return enc


def _swallowed(seed: int) -> Encounter:
    enc = _held(seed)
    if enc.grappler_of("Halfling") == "Toad" and enc.current == "Toad":
        enc.swallow_whole("Toad", "Halfling")
    return enc


def test_not_on_the_turn_of_the_grab() -> None:
    enc = first_seed(_fight, lambda e: e.grappler_of("Halfling") == "Toad")
    refused(enc, enc.swallow_whole, "Toad", "Halfling", match="since the start of the turn")


def test_swallow_digest_cut_free_and_regurgitate(tmp_path) -> None:
    enc = first_seed(_swallowed, lambda e: e.swallowed_by("Halfling") == "Toad")
    state = enc.swallowed_state("Halfling")
    assert state.damage_each_round == "1d6 [b] + 1d6 [acid]" and state.cut_needed == 15
    assert "grappled" in enc.state("Halfling").conditions
    assert "grappled" not in enc.state("Toad").conditions
    hp = enc.state("Halfling").hp
    enc.digest("Toad")
    assert enc.state("Halfling").hp < hp
    refused(enc, enc.digest, "Toad", match="already took this round's damage")
    enc.end_turn()  # the halfling cuts (Acrobatics +30: it always passes DC15)
    for _ in range(12):
        enc.cut_free("Halfling", "dagger")
        if enc.swallowed_state("Halfling").regurgitate_next_turn:
            break
        enc.end_turn(next="Toad").end_turn()  # a round passes
    assert last(enc, "swallow").data["cut_dealt"] >= 15
    assert not last(enc, "swallow").data["will_eat_again"]
    enc.end_turn(next="Toad")
    enc.regurgitate("Toad", "Halfling", to=(5, 2))
    assert enc.swallowed_by("Halfling") is None
    assert "grappled" not in enc.state("Halfling").conditions
    replays(enc, tmp_path)


def test_refusals() -> None:
    enc = first_seed(_swallowed, lambda e: e.swallowed_by("Halfling") == "Toad")
    refused(enc, enc.swallow_whole, "Toad", "Halfling", match="already swallowed")
    refused(enc, enc.cut_free, "Toad", match="not swallowed")
    enc.end_turn()
    refused(enc, enc.cut_free, "Halfling", "club", match="light slashing or piercing")


def test_forcing_the_way_out_and_it_will_eat_again() -> None:
    enc = first_seed(_swallowed, lambda e: e.swallowed_by("Halfling") == "Toad")
    enc.end_turn()
    enc.force_out("Halfling")  # Acrobatics +30 against DC30: always
    state = enc.swallowed_state("Halfling")
    assert state.regurgitate_next_turn and state.will_eat_again
    assert last(enc, "swallow").data["dc"] == 30


def _digests(enc: Encounter) -> list:
    return [e for e in enc.log if e.kind == "swallow" and not e.command
            and e.data["step"] == "digest"]


def test_the_round_damage_comes_at_the_start_of_the_swallowers_turn(tmp_path) -> None:
    """"A swallowed creature ... takes 1d4[b] +1d4[acid] damage each round" ("Common Natural
    Weapons", Swallow Whole): the swallower's next turn deals it by itself, once, without a
    ``digest`` command; a ``digest`` that round is refused and changes nothing."""
    enc = first_seed(_swallowed, lambda e: e.swallowed_by("Halfling") == "Toad")
    assert _digests(enc) == []  # swallowed after this turn began: the GM's digest, if any
    enc.end_turn()  # the halfling's turn: it does nothing
    hp = enc.state("Halfling").hp
    enc.end_turn(next="Toad")
    got = _digests(enc)
    assert len(got) == 1 and got[0].actor == "Toad" and got[0].data["damage"] >= 2
    assert enc.state("Halfling").hp == hp - got[0].data["damage"]
    assert not any(e.command and e.kind == "digest" for e in enc.log)
    refused(enc, enc.digest, "Toad", match="already took this round's damage")
    enc.end_turn().end_turn(next="Toad")  # another round: again
    assert len(_digests(enc)) == 2
    replays(enc, tmp_path)


def test_no_round_damage_once_regurgitated() -> None:
    """Out of the swallower (forced out, regurgitated): no more damage at its turn start."""
    enc = first_seed(_swallowed, lambda e: e.swallowed_by("Halfling") == "Toad")
    enc.end_turn()
    enc.force_out("Halfling")  # Acrobatics +30 against DC30: always
    enc.end_turn(next="Toad")  # still inside at the turn's start: this round's damage
    assert len(_digests(enc)) == 1
    enc.regurgitate("Toad", "Halfling", to=(5, 2))
    enc.end_turn().end_turn(next="Toad")
    assert len(_digests(enc)) == 1 and enc.swallowed_by("Halfling") is None


def _anchor(enc: Encounter, name: str) -> tuple[int, int]:
    return tuple(enc.map.offset(enc.map.token(name).anchor))


def test_the_swallowed_token_moves_with_the_swallower(tmp_path) -> None:
    """A swallowed creature is inside the swallower ("A swallowed creature cannot
    breathe ..."): on the map its token stands on the swallower's hex, goes where the
    swallower goes (``moved`` with ``action: carried``), and is put on the nearest legal hex
    when regurgitated without ``to`` ("Common Natural Weapons", Swallow Whole)."""
    enc = first_seed(_swallowed, lambda e: e.swallowed_by("Halfling") == "Toad")
    assert _anchor(enc, "Halfling") == _anchor(enc, "Toad") == (2, 2)
    carried = last(enc, "moved")
    assert carried.actor == "Halfling" and carried.data["action"] == "carried"
    enc.end_turn().end_turn(next="Toad")
    enc.move("Toad", (6, 3))
    assert _anchor(enc, "Halfling") == _anchor(enc, "Toad") == (6, 3)
    assert last(enc, "moved").data["action"] == "carried"
    replays(enc, tmp_path)
    enc.regurgitate("Toad", "Halfling")
    spat = _anchor(enc, "Halfling")
    assert spat not in {tuple(enc.map.offset(c)) for c in enc.map.footprint("Toad")}
    assert enc.map.distance("Toad", "Halfling") <= 5
    enc.end_turn()
    replays(enc, tmp_path)
