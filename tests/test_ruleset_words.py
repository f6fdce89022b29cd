"""Issue 26, item 2, "Words from the ruleset": under ``classic`` and ``wounds`` every log line
and dice label names the actors, a card says the round in the ruleset's words, and every
refusal cites the ruleset's own text (classic: 002_2a3a79475ca2a541.txt, wounds:
003_de0e94afd49609a7.txt), never lfg's 000.
"""

from __future__ import annotations

import re

import pytest

from lfgcombat.rulesets.classic import attacks as classic_attacks
from lfgcombat.rulesets.classic.conditions import killing_blow
from lfgcombat.rulesets.classic.health import ClassicVitals
from lfgcombat.creature import load_example
from lfgcombat.dice import Roller
from lfgcombat.engine import Encounter
from lfgcombat.errors import IllegalActionError, LfgError
from lfgcombat.rulesets.wounds import attacks as wounds_attacks

CLASSIC, WOUNDS = "002_2a3a79475ca2a541.txt", "003_de0e94afd49609a7.txt"
OWN_TEXT = {"classic": CLASSIC, "wounds": WOUNDS}
NAMES = ("Wulfric", "Orc")


def fight(ruleset: str, seed: int = 3, orc_hp: int | None = None) -> Encounter:
    """Wulfric against an Orc, both written for ``ruleset``, started."""
    w = load_example("wulfric").replace(bab=5, prowess=3, good_saves=["fort", "will"])
    orc = load_example("orc").replace(bab=3, prowess=1, good_saves=["fort", "ref"])
    if orc_hp is not None:
        orc = orc.replace(current_hp=orc_hp)
    enc = Encounter([w, orc], sides={"party": ["Wulfric"], "orcs": ["Orc"]}, seed=seed,
                    ruleset=ruleset)
    return enc.start()


def other(enc: Encounter) -> str:
    return "Orc" if enc.current == "Wulfric" else "Wulfric"


def played(ruleset: str, seed: int = 3, turns: int = 6) -> Encounter:
    """A few turns of attacks (as many as the round allows) and end_turn()."""
    enc = fight(ruleset, seed)
    for _ in range(turns):
        for _ in range(2):
            try:
                enc.attack(enc.current, other(enc))
            except IllegalActionError:
                break
        enc.end_turn()
    return enc


@pytest.mark.parametrize("ruleset", ["classic", "wounds"])
@pytest.mark.parametrize("seed", [3, 11])
def test_every_dice_label_names_who_rolls(ruleset: str, seed: int) -> None:
    """Before: "attack vs AC 13", "damage", "slashing damage", "confirm the critical"
    named nobody (lfg's say "Wulfric attacks Orc with Longsword vs AC 13")."""
    enc = played(ruleset, seed)
    labels = [r.label or "" for r in enc.roller.history]
    assert len(labels) > 4
    nameless = [label for label in labels if not any(n in label for n in NAMES)]
    assert nameless == []
    attacks = [label for label in labels if " attacks " in label]
    assert attacks and all(re.match(r"(Wulfric|Orc) attacks (Orc|Wulfric) with \w+ vs "
                                     + ("AC" if ruleset == "classic" else "Defense"), a)
                           for a in attacks)


@pytest.mark.parametrize("ruleset", ["classic", "wounds"])
def test_every_log_line_names_its_actor_in_words(ruleset: str) -> None:
    """Every event a creature made says who (its actor or target by name), and no line
    of the ruleset's round shows an id ("Orc's round: normal", "half_actions")."""
    enc = played(ruleset)
    for e in enc.log:
        if e.command:
            continue
        text = e.describe()
        if e.actor or e.target:
            assert any(n in text for n in (e.actor, e.target) if n), text
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), text
        if e.kind == "turn_rules":
            assert "normal" not in text and "half_actions" not in text, text


def test_classic_done_card_says_the_round_is_done() -> None:
    """Before: a creature whose round was over showed "no round under way"."""
    enc = fight("classic")
    first = enc.current
    enc.attack(first, other(enc))
    enc.end_turn()
    left = enc.state(first).actions_left
    assert "no round under way" not in left.explain()
    assert "waits for the next round" in left.summary
    assert any(CLASSIC in n and "Character Round:" in n for n in left.notes)


def test_classic_round_words_name_the_action_not_its_id() -> None:
    """The card's round and a refusal say "Attack", "Cast a spell" as the text lists them
    ("Single Actions:"), not ``cast_spell``."""
    enc = fight("classic")
    cur = enc.current
    enc.cast(cur, spell_level=1, spell="bless")
    left = enc.state(cur).actions_left
    assert "cast_spell" not in left.explain() and "Cast a spell" in left.explain()
    with pytest.raises(IllegalActionError, match=r"already spent \(Cast a spell\)"):
        enc.attack(cur, other(enc))


def _refusals(ruleset: str) -> dict[str, IllegalActionError]:
    """The refusals a classic or wounds fight meets, each from a fresh fight."""
    calls = {
        "attack itself": lambda e: e.attack(e.current, e.current),
        "out of turn": lambda e: e.attack(other(e), e.current),
        "one attack too many": lambda e: [e.attack(e.current, other(e)) for _ in range(3)],
        "bad spell level": lambda e: e.cast(e.current, spell_level=-1),
        "interrupt": lambda e: e.interrupt(other(e)),
        "ready": lambda e: e.ready(e.current, "when it moves"),
        "too far": lambda e: e.move_feet(e.current, 500),
        "not an action": lambda e: e.act(e.current, "aid_another"),
    }
    out: dict[str, IllegalActionError] = {}
    for what, call in calls.items():
        enc = fight(ruleset)
        with pytest.raises(IllegalActionError) as got:
            call(enc)
        out[what] = got.value
    enc = fight(ruleset)
    enc.damage("Orc", 200)
    actor = enc.current
    with pytest.raises(IllegalActionError) as got:
        if actor == "Orc":
            enc.attack("Orc", "Wulfric")
        else:
            enc.attack("Wulfric", "Orc")
    out["dead"] = got.value
    return out


@pytest.mark.parametrize("ruleset", ["classic", "wounds"])
def test_refusals_cite_the_rulesets_own_text(ruleset: str) -> None:
    """Before: out of turn, a dead combatant and an interrupt cited 000 (lfg's "Taking
    Your Turn", "Death", "Interrupt Turn"); wounds' third Half Action cited lfg's "Total
    Defense" heading."""
    for what, err in _refusals(ruleset).items():
        assert err.rule and OWN_TEXT[ruleset] in err.rule, (what, str(err))
        assert "000_" not in str(err), (what, str(err))
        if what not in ("not an action", "bad spell level"):  # these name arguments
            assert not re.search(r"\b[a-z]+_[a-z_]+\b", str(err).split(" (0")[0]), \
                (what, str(err))


def test_wounds_half_action_refusal_cites_half_actions_not_total_defense() -> None:
    enc = fight("wounds")
    cur = enc.current
    enc.attack(cur, other(enc))
    enc.attack(cur, other(enc))
    before = len(enc.log)
    with pytest.raises(IllegalActionError, match="no Half Action left") as got:
        enc.attack(cur, other(enc))
    assert got.value.rule is not None and "Total Defense" not in got.value.rule
    assert "Attacking an enemy usually involves spending your Half Action" in got.value.rule
    assert len(enc.log) == before  # refused: nothing changed


def test_wounds_cast_is_a_half_action_not_developer_text() -> None:
    """Before: cast under wounds raised "WoundsEconomy.cast: this ruleset keeps no
    combatant record" though the wounds turn lists ``cast_spell`` as a Half Action."""
    enc = fight("wounds")
    cur = enc.current
    enc.cast(cur, spell_level=1, spell="bless")
    assert enc.state(cur).actions_left.big == 1
    spell = [e for e in enc.log if e.kind == "spell"][-1]
    assert spell.actor == cur and "bless" in spell.describe()


def test_rolls_of_a_rulesets_round_name_who_rolls() -> None:
    """A Heroic Action's rolls (and any roll the ruleset makes for a creature in its round:
    Confused, Bleed, Concentration...) name the creature."""
    enc = fight("classic")
    cur = enc.current
    enc.heroic_action(cur, "str", 1)
    labels = [r.label or "" for r in enc.roller.history[-2:]]
    assert labels and all(label.startswith(f"{cur}: Heroic Action") for label in labels)


def test_attack_functions_name_the_actors_when_told() -> None:
    """The ruleset modules' own attack functions: bare labels without names (as before),
    the actors' names with them."""
    bare = classic_attacks.attack(Roller(1), 5, 10, "1d8")
    assert bare.roll.label == "attack vs AC 10"
    named = classic_attacks.attack(Roller(1), 5, 10, "1d8", names=("Ana", "Bo", "club"))
    assert named.roll.label == "Ana attacks Bo with club vs AC 10"
    assert [r.label for r in named.damage_rolls] == ["Ana's club damage to Bo"]
    w = wounds_attacks.attack(Roller(1), 5, 10, "1d8", names=("Ana", "Bo", "club"))
    assert w.roll.label == "Ana attacks Bo with club vs Defense 10"
    roller = Roller(2)
    kb = killing_blow(roller, "1d8", ClassicVitals(30).damage(31), 0, names=("Ana", "Bo"))
    labels = [r.label or "" for r in roller.history]
    assert labels[0] == "Ana's killing blow damage to Bo"
    assert kb.save is None or kb.save.label == f"Bo FORT vs killing blow DC {kb.dc}"


def test_refusals_leave_the_fight_unchanged() -> None:
    enc = fight("classic")
    before = [e.describe() for e in enc.log]
    with pytest.raises(LfgError):
        enc.attack(other(enc), enc.current)
    assert [e.describe() for e in enc.log] == before
