"""Turn choices by exact odds (issue 25, item 2): Power Attack, Aim, Fight Defensively and
Active Parry / Dodge, each a preference of :class:`~lfgcombat.prep.Tactics`, played by the
reference tier with a GM note saying why; the fast tier refuses them by name, and a run that
names no tier plays them on the reference tier, noted.

Rules at work (000_8d1d7816ee944f3b.txt): "Power Attack (Attack Action, No AOO)" (-2 to hit,
damage as if 2 die sizes larger, -2 AC until the next turn), "Aim (Big Action, Provokes
AOO)", "Fight Defensively (Big Action, No AOO)", "Active Defense - Active Parry & Active
Dodge".
"""

from __future__ import annotations

import pytest

from lfgcombat.creature import load_example
from lfgcombat.prep import PRESETS, compare, simulate
from lfgcombat.prep.spec import PrepError
from lfgcombat.prep.tactics import Tactics, TacticsError


def _orcs():
    return {"party": [load_example("wulfric")],
            "orcs": [load_example("orc").replace(name=f"Orc {i}") for i in (1, 2)]}


def _notes(enc) -> list[str]:
    return list(dict.fromkeys(e.data["text"] for e in enc.log if e.kind == "note"))


@pytest.fixture(scope="module")
def brutal():
    return simulate(_orcs(), 6, tactics="brutal", seed=5, progress=False, backend=None)


def test_a_run_with_turn_choices_falls_back_to_the_reference_tier_with_a_note(brutal):
    assert brutal.tier == "reference"
    assert any("does not play turn choices by exact odds" in n and "brutal" in n
               for n in brutal.notes)


def test_the_fast_tier_refuses_turn_choices_by_name():
    with pytest.raises(PrepError, match=r"side 'party' plays tactics brutal with turn "
                                        r"choices by exact odds \(power_attack, aim, charge\)"):
        simulate(_orcs(), 10, tactics={"party": "brutal"}, tier="fast", progress=False)


def test_brutal_power_attacks_and_the_log_says_why(brutal):
    enc = brutal.replay(0)
    powered = [e for e in enc.log if e.kind == "attack" and not e.command
               and "Power Attack" in str(e.data.get("text", ""))]
    assert powered, "the brutal tactics never Power Attacked"
    why = [n for n in _notes(enc) if "Power Attacks" in n]
    assert why and "by the exact odds P(drop)" in why[0] and "plain" in why[0]


def test_a_power_attack_is_chosen_only_when_the_exact_odds_say_so():
    """Against a foe it cannot miss by much, Power Attack's bigger die wins; the plain
    attack's higher chance to hit matters more against a hard target (AC 30)."""
    from lfgcombat.engine import Encounter
    from lfgcombat.prep.choices import choose_attack
    from lfgcombat.prep.run import prepare_run
    hero = load_example("wulfric")
    for ac, powered in ((-10, True), (12, False)):
        orc = load_example("orc").replace(bonuses=[{"to": "ac", "value": ac, "source": "test"}])
        scenario, spec = prepare_run({"a": [hero], "b": [orc]}, None, "brutal")
        enc = Encounter([hero, orc], sides=scenario.sides(), seed=1)
        enc.start()
        if enc.current != hero.name:
            enc.end_turn(next=hero.name)
        _, sit, why = choose_attack(scenario, enc, 0, 1, "longsword", 0, {}, [1],
                                    ["longsword", "greataxe"], spec.n_attacks)
        assert bool(sit.get("power_attack")) is powered, (ac, why)
        assert bool(why) is powered


def test_cautious_fights_defensively_or_parries_and_says_why():
    r = simulate(_orcs(), 6, tactics="cautious", seed=2, progress=False, backend=None)
    notes = [n for i in range(3) for n in _notes(r.replay(i))]
    assert any("Fights Defensively" in n and "caution 1" in n for n in notes)
    assert any("with Active Parry" in n for n in notes) or any(
        "Fights Defensively" in n for n in notes)


def test_the_choices_are_data_and_bad_ones_are_refused():
    assert PRESETS["cautious"].turn_choices == ("aim", "fight_defensively", "active_defense")
    assert PRESETS["focus_fire"].turn_choices == ()
    with pytest.raises(TacticsError, match="did you mean 'odds'"):
        Tactics(power_attack="odd")
    with pytest.raises(TacticsError, match="caution must be a number from 0"):
        Tactics(caution=-1)


def test_compare_of_tactics_with_turn_choices_plays_the_reference_tier():
    c = compare(_orcs(), 4, tactics=["focus_fire", "brutal"], seed=1, progress=False,
                backend=None)
    assert c.results[0].tier == "reference"


def test_the_panel_refuses_turn_choices_on_the_fast_tier_in_its_own_words():
    from lfgcombat.widgets.prep import PrepPanel
    panel = PrepPanel(party=["Wulfric"], foes=["Orc"], copies=1, n=20, seed=1)
    panel._tactics.value = "brutal"
    assert panel.run() is None
    assert "the fast tier cannot play these tactics" in panel.error
    assert "side &#x27;party&#x27; plays tactics brutal" in panel._status.value
    assert "Choose the reference tier (real encounters, every rule), or tactics without " \
           "turn choices" in panel._status.value
    assert "tier=" not in panel._status.value


def test_brutal_charges_on_a_map_and_says_why():
    """On the clearing, Orc 2 stands four hexes from the party: under ``brutal`` it Runs
    and makes a Charge Attack (+2 damage, "Charge Attack") instead of moving and striking,
    and the log says why; ``cautious`` (caution 1) never charges, since the run's AC cost
    cannot be read from the encounter to weigh it."""
    from lfgcombat import HexMap

    from .from_here_helpers import CLEARING, orcs
    party = [load_example("wulfric"), load_example("chessan")]
    foes = orcs(2)
    hmap = HexMap.from_text(CLEARING, creatures=party + foes)
    r = simulate({"party": party, "orcs": foes}, 3, tactics="brutal", map=hmap, seed=3,
                 progress=False, backend=None)
    enc = r.replay(0)
    charged = [e for e in enc.log if e.kind == "attack" and not e.command
               and e.data.get("charge")]
    assert charged and charged[0].actor == "Orc 2"
    why = [n for n in _notes(enc) if "to Charge with its greataxe" in n]
    assert why and "Orc 2 Runs at" in why[0] and "plain attack after a move" in why[0]
    calm = simulate({"party": party, "orcs": foes}, 2, tactics="cautious", map=hmap, seed=3,
                    progress=False, backend=None).replay(0)
    assert not [e for e in calm.log if e.kind == "attack" and e.data.get("charge")]
