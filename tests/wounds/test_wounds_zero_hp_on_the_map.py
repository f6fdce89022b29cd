"""A wounds creature at 0 HP fights on with its Wounds, on the battle map too (issue 13).

003_de0e94afd49609a7.txt, "When a character is subject to a damage-dealing effect": the
Hit Points go first, then the Wounds; at 0 HP a creature is ``wounded``, not lfg's
Unconscious (000_8d1d7816ee944f3b.txt, "Unconscious & Dying"), so it still threatens ("As
mentioned in the previous Tip": "Whenever a creature moves through your threatened area,
they risk provoking an Attack of Opportunity from you"), moves by its Half Actions
("Attacking an enemy usually involves spending your Half Action") and blocks a foe's way.
The encounter's view of it is a RecordSheet (lfgcombat/engine/record_sheet.py) that
reads its health by the wounds policy (HealthModel.map_standing). Under lfg nothing changes.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_wounds_aoo_on_move import TEXT, ash, on_map, orc, refused, since, turn_of

from encounter.helpers import duel
from lfgcombat import Creature, Encounter, HexMap
from lfgcombat.engine.record_sheet import RecordSheet
from lfgcombat.errors import IllegalActionError

HALF = f'{TEXT}, "Attacking an enemy usually involves spending your Half Action"'
LFG_HP = {"unconscious", "helpless", "prone", "dying", "injured"}


def wounded(enc, name="Orc"):
    """``name`` at 0 HP with all its Wounds left."""
    enc.damage(name, enc.state(name).hp)
    s = enc.state(name)
    assert (s.hp, s.status, s.dead) == (0, "wounded", False)
    assert s.vitals["wounds"] == s.vitals["wounds_max"] > 0
    return enc


def test_at_0_hp_it_has_none_of_lfg_s_hit_point_conditions_and_still_threatens():
    enc = wounded(turn_of(on_map([ash()], [orc()]), "Ash"))
    view = enc.creature("Orc")
    assert isinstance(view, RecordSheet) and isinstance(view, Creature)
    assert not {c.condition.value for c in view.active_conditions} & LFG_HP
    assert view.threatens and not view.is_dead
    tok = enc.map.token("Orc")
    assert tok.threatens and not tok.helpless
    assert enc.map.token("Ash").anchor in enc.map.threatened("Orc")
    assert enc.state("Orc").conditions == []


def test_an_enemy_walking_away_from_it_provokes_its_aoo():
    """"Whenever a creature moves through your threatened area, they risk provoking an
    Attack of Opportunity from you": the Orc at 0 HP strikes Ash walking away."""
    enc = wounded(turn_of(on_map([ash()], [orc()]), "Ash"))
    mark = len(enc.log)
    enc.move("Ash", (6, 1), aoo="all")
    offers = since(enc, mark, "aoo_offered")
    assert [(e.actor, e.target, e.data["taken"]) for e in offers] == [("Orc", "Ash", True)]
    assert [(e.actor, e.target) for e in since(enc, mark, "attack") if not e.command] == \
        [("Orc", "Ash")]
    assert enc.state("Orc").vitals["aoo_left"] == 0


def test_it_moves_on_the_map_by_its_half_actions_and_the_fight_replays(tmp_path: Path):
    enc = wounded(on_map([ash()], [orc()], at={"Ash": (1, 1), "Orc": (6, 4)}))
    turn_of(enc, "Orc")
    assert len(enc.reachable("Orc")) > 0
    enc.move("Orc", (8, 4))
    enc.move("Orc", (8, 7))
    assert enc.map.offset(enc.map.token("Orc").anchor) == (8, 7)
    assert [e.data["feet"] for e in enc.log if e.kind == "moved" and e.actor == "Orc"] == \
        [10, 15]
    assert enc.state("Orc").budget["half_actions"] == 1
    again = Encounter.load(enc.save(tmp_path / "wounded.jsonl"))
    assert again.snapshot() == enc.snapshot()
    assert again.map.token("Orc").threatens


def test_it_blocks_a_foe_s_way_as_a_standing_foe_does():
    """"enemies block unless helpless" (000_8d1d7816ee944f3b.txt, "Moving in Combat –
    Terrain, Creatures, & Other Issues"): in a one-hex corridor Ash cannot get past the Orc
    at 0 HP, as lfg's Unconscious orc would let it; the way is refused, nothing changes."""
    m = HexMap(8, 1)
    m.place(ash(), (0, 0), "party")
    m.place(orc(), (3, 0), "foes")
    enc = Encounter([ash(), orc()], sides={"party": ["Ash"], "foes": ["Orc"]}, map=m,
                    ruleset="wounds", seed=4).start()
    wounded(turn_of(enc, "Ash"))
    assert (5, 0) not in {enc.map.offset(c) for c in enc.reachable("Ash")}
    before = enc.snapshot()
    with pytest.raises(IllegalActionError, match="cannot reach"):
        enc.move("Ash", (5, 0))
    assert enc.snapshot() == before
    enc.move("Ash", (2, 0))                      # up to it, still free


def test_at_0_wounds_it_is_dead_threatens_nothing_and_provokes_nothing():
    enc = turn_of(on_map([ash()], [orc()]), "Ash")
    enc.damage("Orc", enc.state("Orc").hp + enc.state("Orc").vitals["wounds"])
    assert enc.state("Orc").dead
    tok = enc.map.token("Orc")
    assert not tok.threatens and tok.helpless and enc.creature("Orc").is_dead
    mark = len(enc.log)
    enc.move("Ash", (6, 1), aoo="all")
    assert not since(enc, mark, "aoo_offered")


def test_a_move_longer_than_the_half_actions_left_is_refused_by_the_turn():
    """"Attacking an enemy usually involves spending your Half Action": a path longer than
    the feet the Half Actions leave is refused in the turn's words, naming the feet asked
    and left (not the map's "cannot reach ... with 45 ft"), and nothing changes."""
    m = HexMap(30, 8)
    m.place(ash(), (1, 4), "party")
    m.place(orc(), (28, 0), "foes")
    enc = Encounter([ash(), orc()], sides={"party": ["Ash"], "foes": ["Orc"]}, map=m,
                    ruleset="wounds", seed=4).start()
    turn_of(enc, "Ash").move("Ash", (4, 4))
    assert enc.state("Ash").budget["remaining_ft"] == 45
    err = refused(enc, enc.move, "Ash", (20, 4),
                  match=r"Ash can move 45 ft more this turn .*, not 80")
    assert err.rule == HALF and "cannot reach" not in str(err)
    with pytest.raises(IllegalActionError, match="off the 30x8 map"):
        enc.move("Ash", (40, 4))                 # not a path at all: the map's words stand


def test_under_lfg_a_creature_at_0_hp_is_still_unconscious_on_the_map():
    """lfg unchanged ("Unconscious & Dying"): at 0 HP the orc is Unconscious, so helpless,
    threatening nothing and unable to move; its view is the plain sheet, and the
    encounter's reachable is the map's."""
    enc = duel(map_=True).start()
    enc.damage("Orc", enc.state("Orc").hp)
    view = enc.creature("Orc")
    assert type(view) is Creature
    assert {"unconscious", "helpless"} <= {c.condition.value for c in view.active_conditions}
    tok = enc.map.token("Orc")
    assert not tok.threatens and tok.helpless
    assert len(enc.map.reachable("Orc")) == 0
    assert enc.reachable("Hero") == enc.map.reachable("Hero")
    with pytest.raises(IllegalActionError, match="unconscious and cannot move"):
        enc.map.move("Orc", (5, 1))


def test_reachable_refuses_a_bad_action_or_a_name_off_the_map():
    enc = on_map([ash()], [orc()])
    with pytest.raises(IllegalActionError, match="action is one of move, .*not 'fly'"):
        enc.reachable("Ash", "fly")
    off = Encounter([ash(), orc()], sides={"party": ["Ash"], "foes": ["Orc"]},
                    ruleset="wounds", seed=4)
    with pytest.raises(IllegalActionError, match="no battle map"):
        off.reachable("Ash")
