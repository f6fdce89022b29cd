"""The command registry (:mod:`lfgcombat.engine.commands`) and the typed state
(:class:`lfgcombat.engine.CombatantState`): issue 10's seams, with today's command names
and ``state(name)["hp"]`` kept (000_8d1d7816ee944f3b.txt, "COMBAT GAMEPLAY – OVERVIEW:").
"""

from __future__ import annotations

import pytest

from lfgcombat import LfgError
from lfgcombat.engine import CombatantState, Encounter, actions_table
from lfgcombat.engine.commands import COMMANDS, command, handler
from lfgcombat.rules.actions.special_actions import PROTECT_GOOD_COVER, PROTECT_SUPERIOR_COVER

from .helpers import _range_fight, duel, mk

#: Every command a saved log may hold (the names are part of the save format).
COMMAND_NAMES = {
    "start", "end_turn", "act_together", "interrupt", "ready", "move", "five_foot_step",
    "run", "retreat", "stand_up", "drop_prone", "trade_spaces", "draw", "act", "aim",
    "fight_defensively", "ignore_enemy", "protect", "cast", "attack", "damage", "heal",
    "temp_hp", "add_condition", "remove_condition", "note", "map_edit",
    # issue 14: the close fight
    "wrestle", "shield_bash", "knockdown", "crushing_advance", "skill_action", "use_ability",
    "follow_up", "hit_maneuver", "pounce", "rake", "swallow_whole", "digest", "cut_free",
    "force_out", "regurgitate", "step_through", "break_free"} | {
    # issue 15 (lfgcombat.rules.movement.other_movement, archery, breaking)
    "move_mode", "run_mode", "set_altitude", "volley", "open_door", "force_door",
    "attack_object", "flyer_falls", "break_object", "attack_held_object", "hurdle"} | {
    # issue 13: a ruleset's own round (lfgcombat.engine.ruleset_play)
    "heroic_action", "move_feet", "gain_barrier", "gain_shell"}


def test_every_command_has_one_registered_handler_in_its_rule_module():
    assert set(COMMANDS) == COMMAND_NAMES
    for name, fn in COMMANDS.items():
        assert fn.__name__ == f"_h_{name}"
        assert fn.__module__.startswith(("lfgcombat.engine.", "lfgcombat.rules."))
    assert COMMANDS["move"].__module__ == "lfgcombat.rules.movement.movement_play"
    assert COMMANDS["interrupt"].__module__ == "lfgcombat.rules.turns.interrupts"


def test_every_action_method_of_the_table_exists_on_the_facade():
    for method in set(actions_table()["method"]):
        assert callable(getattr(Encounter, method)), method


def test_unknown_and_duplicate_commands_are_refused():
    with pytest.raises(LfgError, match="unknown command 'teleport'"):
        handler("teleport")
    enc = duel().start()
    before = enc.snapshot()
    with pytest.raises(LfgError, match="unknown command"):
        enc._do("teleport", {"name": "Hero"})
    assert enc.snapshot() == before

    def _h_move(self, name, to, aoo):  # another module claiming "move"
        return None
    with pytest.raises(LfgError, match="registered twice"):
        command(_h_move)

    def not_a_handler(self):
        return None
    with pytest.raises(LfgError, match="_h_<command>"):
        command(not_a_handler)
    assert set(COMMANDS) == COMMAND_NAMES


def test_state_is_typed_and_still_reads_as_a_mapping():
    enc = duel().start()
    s = enc.state("Orc")
    assert isinstance(s, CombatantState)
    assert s.hp == s["hp"] == enc.creature("Orc").hp
    assert s.status == s["status"] == "conscious"
    assert s.actions_left == s["actions_left"]
    d = s.to_dict()
    assert isinstance(d, dict) and d["name"] == "Orc" and set(d) == set(s)
    assert dict(s)["side"] == "orcs" and "hp" in s and s.get("nope") is None
    with pytest.raises(KeyError):
        s["nope"]
    d["conditions"].append("prone")  # a copy: changes nothing
    assert "prone" not in enc.state("Orc").conditions
    with pytest.raises(AttributeError):
        s.hp = 1  # type: ignore[misc]


def test_the_map_situation_returns_new_values_and_leaves_its_arguments_alone():
    """"Determine Cover" / "Standing on Difficult Terrain imposes a -2 penalty on Attacks &
    -2AC": the map's additions come back as new values."""
    enc = _range_fight(terrain={"difficult": [(1, 2), (7, 2)]})
    situation = {"fortune": None}
    modifiers: list[str] = ["given"]
    new_situation, new_modifiers = enc._map_situation("Archer", "Orc", "ranged", situation,
                                                      modifiers, {})
    assert situation == {"fortune": None} and modifiers == ["given"]
    assert new_modifiers[0] == "given" and len(new_modifiers) > 1
    assert "attack_bonuses" in new_situation and "ac_bonuses" in new_situation


def test_protect_grants_superior_cover_when_the_protector_is_larger():
    """"Protect Action (Big Action, No AOO)": "You grant your ally Good Cover (+4AC) ...
    Superior Cover (+6AC) if ... you are at least 1 size category larger than them"."""
    assert (PROTECT_GOOD_COVER, PROTECT_SUPERIOR_COVER) == (4, 6)
    big = mk("Hero", init=40, size="large")
    small = mk("Ally", size="small")
    enc = Encounter([big, small, mk("Orc")],
                    sides={"party": ["Hero", "Ally"], "orcs": ["Orc"]}, seed=1).start()
    ac = enc.creature("Ally").ac.value
    enc.protect("Hero", "Ally")
    assert enc.creature("Ally").ac.value == ac + PROTECT_SUPERIOR_COVER
