"""The widgets' close-fight parts: the InitiativeTracker's Close row calls the engine (and
shows its refusals), the AttackPanel shows the Knockdown odds, the CharacterSheet shows the
skills and special abilities. No rules in the widgets: each value shown is the engine's.

000_8d1d7816ee944f3b.txt, "Special Actions in Combat", "Momentum of Impact", "Special
Abilities – 4 Different Types".
"""

from __future__ import annotations

import pytest

pytest.importorskip("ipyleaflet")

from encounter.helpers import mk  # noqa: E402

from lfgcombat import HexMap, attack_odds  # noqa: E402
from lfgcombat.creature import load_example  # noqa: E402
from lfgcombat.engine import Encounter  # noqa: E402
from lfgcombat.widgets.initiative import InitiativeTracker  # noqa: E402
from lfgcombat.widgets.tracker_close import CLOSE_ACTIONS  # noqa: E402

FEAR = "Fear Burst (SLA): 3/day (SL2, WILL DC15[CHA])"


def tracker(seed: int = 1) -> InitiativeTracker:
    hero = mk("Hero", init=40, shield_rating=2, special_abilities=[FEAR],
              skills={"wrestling": 9})
    cs = [hero, mk("Orc")]
    m = HexMap(8, 5)
    m.place(cs[0], (2, 2), "party")
    m.place(cs[1], (3, 2), "orcs")
    return InitiativeTracker(Encounter(cs, map=m, seed=seed).start())


def attempt(t: InitiativeTracker, key: str, target: str | None = None,
            ability: str | None = None) -> None:
    """A close action as its Do it calls it, whether or not the row offers it now (issue 26:
    it offers only what the acting creature can take now)."""
    t._attempt(t.close_rows._close_call(t.encounter, key, target, ability))


def test_the_close_row_offers_every_new_action() -> None:
    t = tracker()
    keys = [v for _, v in CLOSE_ACTIONS]
    for k in ("wrestle:grab", "wrestle:trip", "wrestle:shove", "wrestle:pin", "shield_bash",
              "knockdown", "hit:grab", "follow_up", "pounce", "rake", "skill:demoralize",
              "skill:dirty_trick", "skill:feint", "skill:insult", "crushing_advance",
              "ability", "swallow_whole", "digest", "cut_free", "force_out", "regurgitate"):
        assert k in keys
    # offered now: what the Hero (a shield, Fear Burst) can take (issue 26)
    offered = [v for _, v in t.close_rows.action.options]
    assert {"wrestle:grab", "shield_bash", "ability", "skill:insult"} <= set(offered)
    assert not {"pounce", "rake", "digest", "swallow_whole"} & set(offered)
    assert ("Orc", "Orc") in t.close_rows.target.options
    assert (FEAR, "Fear Burst") in t.close_rows.ability.options


def test_a_click_calls_the_engine() -> None:
    t = tracker()
    t.close_rows.action.value = "wrestle:trip"
    t.close_rows.target.value = "Orc"
    t.close_rows.do.click()
    cmd = next(e for e in reversed(list(t.encounter.log)) if e.command)
    assert (cmd.kind, cmd.data["maneuver"], cmd.data["target"]) == ("wrestle", "trip", "Orc")
    assert "trip against Orc" in t.status_text


def test_an_ability_click_and_a_refusal() -> None:
    t = tracker()
    t.close_rows.action.value = "ability"
    t.close_rows.ability.value = "Fear Burst"
    t.close_rows.do.click()
    assert t.encounter.ability_uses("Hero", "Fear Burst") == 1
    before = t.encounter.snapshot()
    assert "ability" not in [v for _, v in t.close_rows.action.options]  # not now (issue 26)
    attempt(t, "ability", None, "Fear Burst")  # a second SLA this turn
    assert "Not allowed" in t.status_text and "only 1 SLA per turn" in t.status_text
    assert t.encounter.snapshot() == before
    attempt(t, "knockdown")
    assert "choose the target" in t.status_text


def test_the_attack_panel_shows_knockdown_odds() -> None:
    from lfgcombat import Roller
    from lfgcombat.widgets.attackpanel import AttackPanel
    ogre, wulfric = load_example("ogre"), load_example("wulfric")
    panel = AttackPanel([ogre, wulfric], Roller(1), attacker="Ogre", target="Wulfric")
    want = attack_odds(ogre, wulfric, "greatclub").p_knockdown
    assert want > 0 and f"knocked prone</b> {want:.1%}" in panel._odds.value
    panel.choose(attacker="Wulfric", target="Ogre")  # smaller: no Knockdown, not shown
    assert "knocked prone" not in panel._odds.value


def test_the_sheet_shows_skills_and_abilities() -> None:
    from lfgcombat.widgets.charsheet import CharacterSheet
    sheet = CharacterSheet(load_example("dire_wolf"))
    text = sheet._stats.value
    assert "Skills: wrestling +10" in text and "Pounce (Ex)" in text and "Quadruped" in text
    sheet.creature = load_example("wulfric")  # none: no close-fight lines
    assert "lfg-charsheet-close" not in sheet._stats.value


def test_self_actions_need_no_target() -> None:
    t = tracker()
    attempt(t, "digest")
    assert "Not allowed" in t.status_text and "has swallowed nobody" in t.status_text
    t.close_rows.action.value = "crushing_advance"
    assert t.close_rows.target.layout.display == "none"
    t.close_rows.do.click()
    assert "type the hex" in t.status_text


def test_a_dirty_trick_picks_its_condition() -> None:
    t = tracker()
    rows = t.close_rows
    rows.action.value = "skill:dirty_trick"
    assert rows.condition.layout.display is None and ("blinded", "blinded") in rows.condition.options
    rows.target.value, rows.condition.value = "Orc", "blinded"
    rows.do.click()
    cmd = next(e for e in reversed(list(t.encounter.log)) if e.command)
    assert (cmd.kind, cmd.data["action"], cmd.data["condition"]) == ("skill_action",
                                                                    "dirty_trick", "blinded")
    rows.action.value = "wrestle:trip"
    assert rows.condition.layout.display == "none"


def test_a_feint_after_a_dirty_trick_carries_no_stale_condition() -> None:
    t = tracker()
    rows = t.close_rows
    rows.action.value = "skill:dirty_trick"
    rows.condition.value = "blinded"
    rows.action.value = "skill:feint"
    assert rows.condition.value == ""
    rows.target.value = "Orc"
    rows.do.click()
    assert "Not allowed" not in t.status_text


def _knocked_off(enc: Encounter) -> bool:
    return any(e.kind == "knockdown" and not e.command and e.data["failed_by"] > 0
               for e in enc.log)


def test_the_close_rows_knockdown_drops_a_flyer_on_the_map() -> None:
    """In a fight that leaves the Knockdown to the GM (``knockdown_after_strike=False``) the
    row passes no height: the engine reads the map's altitude ("Momentum of Impact": a flyer
    "drops 10 feet"; Clumsy or Poor 20), and the status shows the drop."""
    for seed in range(200):
        ogre = load_example("ogre")
        hero = mk("Hero", max_hp=300, movement="Move Speed 30, Fly 50 [poor]")
        m = HexMap(8, 5)
        m.place(ogre, (2, 2), "foes")
        m.place(hero, (4, 2), "party")
        m.set_altitude("Ogre", 30)
        m.set_altitude("Hero", 30)
        enc = Encounter([ogre, hero], map=m, seed=seed, knockdown_after_strike=False).start()
        if enc.current != "Ogre":
            continue  # the Hero ending a turn without flying would stall and fall (Fly Speed)
        enc.attack("Ogre", "Hero")
        t = InitiativeTracker(enc)
        t.close_rows.action.value = "knockdown"
        t.close_rows.target.value = "Hero"
        t.close_rows.do.click()
        if _knocked_off(enc):
            break
    else:
        raise AssertionError("no seed knocked the flyer off")
    assert enc.map.altitude("Hero") == 10
    assert "drops 20 ft and flies on" in t.status_text


def test_the_close_row_shows_the_insults_refusal() -> None:
    """An insulted Orc's Wrestling maneuver at another is refused in the status, naming the
    rule ("force them to attack you next turn"), and nothing changes."""
    for seed in range(60):
        hero = mk("Hero", init=40, skills={"perform": 30})
        cs = [hero, mk("Ally"), mk("Orc")]
        m = HexMap(8, 5)
        m.place(cs[0], (2, 2), "party")
        m.place(cs[2], (3, 2), "orcs")
        m.place(cs[1], (4, 2), "party")
        enc = Encounter(cs, map=m, seed=seed).start()
        enc.skill_action("Hero", "insult", "Orc", condition="must_attack")
        if any(e.kind == "maneuver" and e.data["success"] for e in enc.log):
            enc.end_turn(next="Orc")
            break
    else:
        raise AssertionError("no seed won the Insult")
    t = InitiativeTracker(enc)
    before = enc.snapshot()
    t.close_rows.action.value = "wrestle:trip"
    # the menu offers only the target the engine takes (issue 26, item 2): Hero, not Ally
    assert [v for _l, v in t.close_rows.target.options if v] == ["Hero"]
    t._attempt(t.close_rows._close_call(enc, "wrestle:trip", "Ally"))  # asked in code
    assert "Not allowed" in t.status_text and "must attack Hero" in t.status_text
    assert "force them to attack you next turn" in t.status_text
    assert enc.snapshot() == before


# ------------------------------------------------------------------ every action, browser-free


#: The engine command each Close-row action key calls (the key's part before ":").
_KIND = {"wrestle": "wrestle", "hit": "hit_maneuver", "skill": "skill_action",
         "ability": "use_ability"}


def _close_command_kinds() -> set[str]:
    """Every close-fight command the engine records (lfgcombat.engine.log.close's commands)."""
    from lfgcombat.engine.log import close
    return {getattr(close, n).KIND for n in close.__all__ if n.endswith("Command")}


def test_the_close_row_offers_every_close_fight_command() -> None:
    """Each close-fight command of the engine ("Special Actions in Combat", "Momentum of
    Impact", "Crushing Advance", "Common Natural Weapons", "Special Abilities – 4 Different
    Types") has an action in the row, with every maneuver, on-hit maneuver and skill
    action."""
    keys = [v for _, v in CLOSE_ACTIONS]
    assert len(keys) == len(set(keys))
    reached = {_KIND.get(k.partition(":")[0], k.partition(":")[0]) for k in keys}
    assert reached == _close_command_kinds()
    from lfgcombat.rules.actions.skill_actions import SkillAction
    assert {f"wrestle:{m}" for m in ("grab", "trip", "shove", "pin")} <= set(keys)
    assert {f"hit:{m}" for m in ("grab", "trip", "shove")} <= set(keys)
    assert {f"skill:{a.value}" for a in SkillAction} <= set(keys)


@pytest.mark.parametrize("key", [k for _, k in CLOSE_ACTIONS])
def test_every_close_action_reaches_the_engine(key: str) -> None:
    """A click on any action calls the engine: its command is recorded, or the engine's
    refusal (naming the rule) is shown and nothing changes - never a widget error."""
    t = tracker()
    rows = t.close_rows
    rows.to.value = "4, 2"
    before = t.encounter.snapshot()
    commands = len(t.encounter.log.commands)
    attempt(t, key, "Orc", "Fear Burst" if key == "ability" else None)
    kind = _KIND.get(key.partition(":")[0], key.partition(":")[0])
    cmds = t.encounter.log.commands
    if len(cmds) > commands:
        assert cmds[-1].kind == kind
    else:
        assert t.status_text.startswith("Not allowed") or "Not allowed" in t.status_text, \
            t.status_text
        assert "000_8d1d7816ee944f3b.txt" in t.status_text
        assert t.encounter.snapshot() == before


def test_the_close_row_steals_with_a_dirty_trick() -> None:
    """The Dirty Trick's ``steal`` shows the item field and passes it to the engine."""
    t = tracker()
    rows = t.close_rows
    rows.action.value = "skill:dirty_trick"
    assert rows.item.layout.display == "none"
    rows.condition.value = "steal"
    assert rows.item.layout.display is None
    rows.target.value = "Orc"
    rows.item.value = "longsword"
    rows.do.click()
    cmd = t.encounter.log.commands[-1]
    assert (cmd.kind, cmd.data["condition"], cmd.data["item"]) == ("skill_action", "steal",
                                                                    "longsword")
