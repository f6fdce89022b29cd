"""The players' view (issue 26, item 3): what the players may know, and nothing more.

000_8d1d7816ee944f3b.txt, "Determine Awareness" and "AMBUSH! - What if you’re unaware?"
(the unaware), "Conditions – Full Details" (Invisible: "Cannot be seen"), "Locating
Targets" ("Line of Sight (LoS)"); the foes' health as the issue's three words, "unhurt",
"bloodied", "down" (:func:`lfgcombat.engine.players_view.health_word`), a fallen foe the same
dead or alive ("Unconscious & Dying", "Death", "NPC & Enemy Death").

The property: over random short fights under lfg, classic and wounds, with unaware,
Invisible, GM-hidden and walled-off foes, GM notes and rolls the GM makes behind the screen,
no name of a creature the party must not perceive, no foe's hit points, no foe's health
state beyond the three words (nor whether a fallen foe lives), no GM note and no GM roll
reaches any value of the view.
"""

from __future__ import annotations

import dataclasses
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lfgcombat import HexMap, LfgError
from lfgcombat.creature import load_example
from lfgcombat.engine import Encounter
from lfgcombat.engine.players_view import (HEALTH_STATES, HEALTH_WORDS, PlayersView,
                                           condition_name, health_word, perceived,
                                           players_view)

PARTY = ("Hero", "Ally")
FOES = ("Zorbag", "Quillith", "Murk", "Grisk")
#: Fields that may hold a whole number, by the dataclass field (or tuple position) name.
NUMBER_FIELDS = {"round", "map_size", "cells", "terrain"}
#: The foes' health words: exactly the issue's three (issue 26, item 3).
FOE_WORDS = {"unhurt", "bloodied", "down"}


def _fighters(ruleset_fields: bool = True) -> list:
    extra = dict(bab=3, prowess=1, good_saves=["fort", "ref"]) if ruleset_fields else {}
    hero = load_example("wulfric").replace(name="Hero", level=5, **extra)
    ally = load_example("chessan").replace(name="Ally", level=5, **extra)
    foes = [load_example("orc").replace(name=n, **extra) for n in FOES]
    return [hero, ally, *foes]


def fight(ruleset: str = "lfg", seed: int = 1, wall: bool = False,
          places: tuple = ((1, 1), (1, 3), (3, 1), (4, 3), (6, 2), (7, 4))) -> Encounter:
    """Hero and Ally against four orcs on an 8x5 map (a wall at column 5 with ``wall``)."""
    m = HexMap(8, 5)
    if wall:
        m.set_terrain([(5, r) for r in range(5)], "wall")
    cs = _fighters()
    for c, at in zip(cs, places):
        m.place(c, at, "party" if c.name in PARTY else "orcs")
    return Encounter(cs, map=m, ruleset=ruleset, seed=seed)


def walk(value, path=()):
    """Every leaf of a view with the path of field names leading to it."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from walk(getattr(value, f.name), path + (f.name,))
    elif isinstance(value, tuple):
        for item in value:
            yield from walk(item, path)
    else:
        yield path, value


def check_secrets(enc: Encounter, view: PlayersView, hidden: set, notes: list[str]) -> None:
    """The view holds plain values; no unseen name, no foe HP, no note."""
    must_hide = set(hidden)
    awake = [p for p in PARTY if enc.state(p).status == "conscious"]  # who can look
    for n in FOES:
        s = enc.state(n)
        if not s.aware or any(str(c).lower().startswith("invisible") for c in s.conditions):
            must_hide.add(n)
        if not any(enc.map.line_of_sight(p, n) for p in awake):  # out of the party's sight
            must_hide.add(n)
    foe_hp = {enc.state(n).hp for n in FOES} | {enc.state(n).max_hp for n in FOES}
    for path, leaf in walk(view):
        assert leaf is None or type(leaf) in (str, int, bool), (path, type(leaf))
        if isinstance(leaf, str):
            for n in must_hide:
                assert n not in leaf, f"{n} (hidden) leaks at {path}: {leaf!r}"
            for note in notes:
                assert note not in leaf, f"a GM note leaks at {path}"
            assert not re.search(r"\bHP\b", leaf, re.I), (path, leaf)
        elif isinstance(leaf, int) and not isinstance(leaf, bool):
            ours = path[:1] == ("cards",) and path[-1] in ("hp", "max_hp")
            assert ours or NUMBER_FIELDS & set(path), f"a number at {path}: {leaf}"
    for card in view.cards:
        assert card.health in HEALTH_WORDS
        assert card.name not in must_hide
        if not card.ours:
            assert card.hp is None and card.max_hp is None
            check_foe_card(card)
    for token in view.tokens:
        assert token.name not in must_hide
    check_turn_fields(enc, view, hidden)
    del foe_hp  # (the foes' numbers are checked by field above: no int outside NUMBER_FIELDS)


def check_foe_card(card) -> None:
    """A foe's card: one of the issue's three health words, no condition that tells its
    health state (Injured tells HP at or below a quarter, Disabled 0 HP, Dying/Unconscious/
    Stable/Dead below 0 - the GM's numbers), and a fallen foe's card the same whether it is
    dead, dying, stable or unconscious: nothing on it but "down" (and it never acts)."""
    assert card.health in FOE_WORDS, f"{card.name}: {card.health!r}"
    states = [c for c in card.conditions if condition_name(c).split(" ")[0].lower()
              in HEALTH_STATES]
    assert not states, f"{card.name} shows its health state: {states}"
    if card.health == "down":
        assert (card.conditions, card.card, card.acting) == ((), "Done", False), card


def check_turn_fields(enc: Encounter, view: PlayersView, hidden: set) -> None:
    """Who acts and who may go next tell nothing while no perceived creature acts.

    While a hidden or unaware creature takes its turn, the view's ``acting``, ``next`` and
    the cards' ``acting`` hold the same as at every other moment when no creature the
    party perceives is acting (before the start, the turn of a creature that died on it):
    nobody acting, nobody named to go next. So a players' screen cannot tell a hidden
    creature's turn from any other no-one-visible moment. A fallen foe's turn (its
    bleeding, its saves to stabilize) is shown the same way, and it is never said to go
    next: a dead foe has no turn, so either would tell the players it lives. While a
    perceived creature acts, someone perceived is always said to go next (but under Round-by-Round, where nobody is
    chosen at a round's end, and after an interrupt turn).
    """
    down = {c.name for c in view.cards if not c.ours and c.health == "down"}
    seen = set(perceived(enc, "party", hidden)) - down  # a fallen foe's turn is not shown
    assert view.over == (bool(enc.round) and enc.over)  # then nobody acts or goes next
    visible_actors = [] if view.over else [n for n in enc.acting if n in seen]
    assert not down & set(view.next), f"a fallen foe is said to go next: {view.next}"
    assert set(view.acting) == set(visible_actors), (view.acting, enc.acting)
    if not visible_actors:
        assert (view.acting, view.next) == ((), ()), (
            f"nobody the party sees acts ({enc.acting}), yet acting={view.acting} "
            f"next={view.next}")
        assert not any(c.acting for c in view.cards)
        if not any(enc.state(n).aware for n in PARTY):
            assert not view.surprise, "an unaware party is told of the Surprise Round"
    elif len(enc._frames) == 1 and not enc.initiative_policy.rolls_each_round:
        # Selective and Top-Down always have someone to go next; an unseen one is not said,
        # so the party's perceived ones are (never a quiet "next" that marks a hidden one)
        assert view.next, f"{view.acting} acts and nobody is said to go next"


# -- known answers ---------------------------------------------------------------------------
def test_unaware_foes_are_left_out_until_they_become_aware():
    """"Creatures unaware of combat do not roll Initiative and do not get to take a turn
    during the Surprise Round" ("AMBUSH!"); from round 2 they are in the fight (and in view)."""
    enc = fight()
    enc.start(aware=["Hero", "Ally", "Zorbag", "Quillith", "Murk"])
    v = players_view(enc, "party")
    assert "Grisk" not in [c.name for c in v.cards] + [t.name for t in v.tokens]
    assert {"Zorbag", "Quillith", "Murk"} <= {c.name for c in v.cards}
    while enc.round == 1:
        enc.end_turn(next=enc.choices()[0]) if enc.choices() else enc.end_turn()
    assert "Grisk" in [c.name for c in players_view(enc, "party").cards]


@pytest.mark.parametrize("fate", ["unconscious", "dead"])
def test_a_party_with_nobody_awake_on_the_map_sees_nobody_there(fate):
    """Behind the wall at column 5, Murk and Grisk are seen by nobody; with Hero and Ally
    knocked out (or killed), the party sees no foe at all - the view did show the walled-off
    foes once no party member was left to look ("Unconscious: Your body has shut down",
    "Conditions – Full Details"; inferred: an unconscious creature perceives nothing)."""
    enc = fight(wall=True)
    enc.start()
    seen = {c.name for c in players_view(enc, "party").cards}
    assert seen >= {"Zorbag", "Quillith"} and not seen & {"Murk", "Grisk"}
    for n in PARTY:
        enc.damage(n, enc.state(n).hp + (1 if fate == "unconscious" else 500))
    assert {enc.state(n).status for n in PARTY} <= {"unconscious", "dying", "dead"}
    view = players_view(enc, "party")
    assert {c.name for c in view.cards} == set(PARTY)
    assert {t.name for t in view.tokens} <= set(PARTY)
    check_secrets(enc, view, set(), [])


def test_an_ambush_of_the_unseen_is_not_named_a_surprise_round():
    """The party unaware and only creatures it cannot perceive acting: the players' screen
    does not say "Surprise Round" (that alone would tell of the ambush, "AMBUSH! - What if
    you’re unaware?"); once the party sees an ambusher act, or with an aware party, it
    does."""
    enc = fight()
    enc.start(aware=list(FOES))
    assert enc.surprise_round and not set(enc.acting) & set(PARTY)
    assert not players_view(enc, "party", hidden=FOES).surprise
    assert players_view(enc, "party").surprise  # it sees an orc act
    aware = fight()
    aware.start(aware=["Hero", *FOES])
    assert players_view(aware, "party", hidden=FOES).surprise


def test_before_the_start_only_the_party_is_in_view():
    """"Before any attacks are made, the GM determines who is and is not aware"
    ("Determine Awareness"): until the fight starts, no foe is shown."""
    enc = fight()
    assert perceived(enc, "party") == ["Hero", "Ally"]
    assert perceived(enc.start(), "party") == enc.names


def test_invisible_gm_hidden_and_walled_off_foes_are_left_out():
    """Invisible ("Cannot be seen"), the GM's hidden=, and no line of sight from any party
    member ("Total Cover block[s] Line of Sight")."""
    enc = fight(wall=True)
    enc.start()
    enc.add_condition("Zorbag", "invisible")
    # Murk (6, 2) and Grisk (7, 4) stand behind the wall at column 5; Quillith at (4, 3)
    assert perceived(enc, "party") == ["Hero", "Ally", "Quillith"]
    assert perceived(enc, "party", hidden=["Quillith"]) == ["Hero", "Ally"]
    assert enc.map.line_of_sight("Quillith", "Hero")
    assert not any(enc.map.line_of_sight(p, n) for p in PARTY for n in ("Murk", "Grisk"))
    enc.remove_condition("Zorbag", "invisible")
    assert "Zorbag" in perceived(enc, "party")


def test_the_party_is_always_in_view_with_its_hit_points_and_foes_get_words():
    """A foe's health is one of the issue's three words: "unhurt" untouched, "bloodied" once
    it has taken damage (a scratch or half its hit points: the players saw it struck, and
    no text gives them a finer mark), "down" once it no longer stands."""
    enc = fight()
    enc.start()
    hp = enc.state("Zorbag").max_hp
    enc.damage("Zorbag", 1)
    enc.damage("Murk", hp // 2)
    enc.damage("Quillith", hp + 5)
    v = players_view(enc, "party")
    cards = {c.name: c for c in v.cards}
    assert cards["Hero"].hp == enc.state("Hero").hp and cards["Hero"].ours
    assert (cards["Grisk"].health, cards["Zorbag"].health, cards["Murk"].health,
            cards["Quillith"].health) == ("unhurt", "bloodied", "bloodied", "down")
    assert cards["Zorbag"].hp is None and cards["Zorbag"].max_hp is None
    assert health_word(enc, "Quillith") == "down"
    assert HEALTH_WORDS == ("unhurt", "bloodied", "down")


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_a_foe_s_health_is_one_of_three_words_and_no_health_state(ruleset):
    """Foes at every depth of harm - a scratch, the Injured Threshold, 0 HP, below 0, past
    death - read only "unhurt", "bloodied" or "down", and their cards carry no condition
    that tells the GM's numbers ("injured": HP at or below a quarter, 000 "Injury & Injured
    Threshold"; "dying", "unconscious", 000 "Unconscious & Dying"; "Disabled", 002 "•
    Disabled": "at or below zero (0) hit points"). The party's own keep their whole state."""
    enc = fight(ruleset, seed=3).start()
    mx = enc.state("Zorbag").max_hp
    for n, left in zip(FOES, (mx - 1, 2, 0, -1)):
        enc.damage(n, enc.state(n).hp - left, "slashing")
    enc.damage("Hero", enc.state("Hero").hp - 2, "slashing")
    view = players_view(enc, "party")
    foes = [c for c in view.cards if not c.ours]
    assert {c.health for c in foes} <= FOE_WORDS and len(foes) == 4
    for card in foes:
        check_foe_card(card)
    hero = next(c for c in view.cards if c.name == "Hero")
    assert hero.conditions == tuple(condition_name(c) for c in enc.state("Hero").conditions)
    if ruleset == "lfg":  # the party sees its own Injured (HP 2)
        assert "injured" in hero.conditions
    # wounds: at 0 HP and below a creature fights on, its damage on its Wounds
    fallen = "bloodied" if ruleset == "wounds" else "down"
    assert {c.name: c.health for c in foes} == {
        "Zorbag": "bloodied", "Quillith": "bloodied", "Murk": fallen, "Grisk": fallen}


@pytest.mark.parametrize("ruleset", ["lfg", "classic"])
def test_a_fallen_foe_looks_the_same_dead_or_alive(ruleset):
    """Murk falls dying (below 0 HP, bleeding; classic: unconscious), Grisk dead. The texts
    give the players no way to tell them apart: death comes at a number the GM keeps (000
    "Death": "a negative number of HP equal to its CON Score"; "NPC & Enemy Death": goons at
    (-Level) HP, "Boss villains ... may use the PC rules for dying"; 002 "Death": -10), and
    the dead and the unconscious lie alike ("Bodies of dead & unconscious Medium Size+
    creatures cause Difficult Terrain where they lie"). So their cards and tokens are the
    same but for the name, round after round: "down", no conditions, "Done"; and the dying
    one's turns (its bleeding, its saves) are never shown, nor is it said to go next (a dead
    one has no turn)."""
    enc = fight(ruleset, seed=3).start()
    enc.damage("Murk", enc.state("Murk").hp + 1, "slashing")
    enc.damage("Grisk", enc.state("Grisk").hp + 200, "slashing")
    assert not enc.state("Murk").dead and enc.state("Grisk").dead
    murk_acted = False
    for _ in range(14):
        v = players_view(enc, "party")
        cards = {c.name: dataclasses.replace(c, name="") for c in v.cards}
        tokens = {t.name: (t.down, t.side) for t in v.tokens}
        if not enc.state("Murk").dead and cards["Murk"].health == "down":
            assert cards["Murk"] == cards["Grisk"], (cards["Murk"], cards["Grisk"])
            assert tokens["Murk"] == tokens["Grisk"]
            assert cards["Murk"] == dataclasses.replace(cards["Murk"], conditions=(),
                                                        card="Done", acting=False)
            assert "Murk" not in v.acting + v.next
            murk_acted = murk_acted or "Murk" in enc.acting
        check_turn_fields(enc, v, set())
        choices = enc.choices()
        enc.end_turn(next=choices[0]) if choices else enc.end_turn()
    assert murk_acted, "the dying Murk had a turn the players did not see"


def test_a_dead_foe_reads_down_and_a_dead_companion_dead():
    """A dead orc is "down" on the players' screen with nothing else (not "dead": see
    test_a_fallen_foe_looks_the_same_dead_or_alive; nor "helpless, injured, prone,
    unconscious", what its HP would bring); a dead companion's card says "dead" (the party
    keeps its own state whole)."""
    enc = fight()
    enc.start(aware=list(PARTY + FOES))
    foe = FOES[0]
    enc.damage(foe, 500)
    enc.damage("Ally", 500)
    assert enc.state(foe).dead and enc.state("Ally").dead
    cards = {c.name: c for c in players_view(enc, "party").cards}
    assert (cards[foe].health, cards[foe].conditions) == ("down", ())
    assert (cards["Ally"].health, cards["Ally"].conditions) == ("down", ("dead",))


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_a_hidden_creatures_turn_looks_like_any_moment_without_a_visible_actor(ruleset):
    """While the GM-hidden Murk acts, the view says what it says before the start: nobody
    acting, nobody to go next - not "Acting: —" with the hidden actor's choices (which
    told the players that someone unseen was taking a turn)."""
    enc = fight(ruleset, 3)
    before = players_view(enc, "party", ["Murk"])
    enc.start()
    for _ in range(12):
        if "Murk" in enc.acting:
            break
        choices = enc.choices()
        enc.end_turn(next="Murk" if "Murk" in choices else choices[0]) if choices \
            else enc.end_turn()
    assert enc.acting == ["Murk"]
    assert enc.choices(), "Murk has creatures to choose from (or a next in order)"
    v = players_view(enc, "party", ["Murk"])
    assert (v.acting, v.next) == (before.acting, before.next) == ((), ())
    assert not any(c.acting for c in v.cards)
    check_turn_fields(enc, v, {"Murk"})


def test_who_goes_next_is_said_as_if_the_unseen_were_not_there():
    """"may go next" never goes quiet because the next creature is hidden: under classic's
    fixed order (Top-Down, "Alternative Initiative Option #2") it names the next creature
    the party perceives; under Selective Initiative, with only unseen creatures left to act,
    the perceived ones, as at a round's end ("The creature who acted last in the previous
    round selects who goes first in the next round ... you may select yourself")."""
    enc = fight("classic", 3)
    enc.start()
    while enc.choices() != ["Murk"]:
        enc.end_turn()
    assert enc.choices() == ["Murk"] and enc.current != "Murk"
    seen_order = [n for n in enc._order if n != "Murk"]
    after = seen_order[(seen_order.index(enc.current) + 1) % len(seen_order)]
    assert players_view(enc, "party", ["Murk"]).next == (after,)

    enc = fight("lfg", 3)
    enc.start()
    hidden = ["Zorbag", "Quillith", "Murk", "Grisk"]
    while any(n not in hidden for n in enc.choices()):
        enc.end_turn(next=next(n for n in enc.choices() if n not in hidden))
    assert enc.choices() and set(enc.choices()) <= set(hidden)
    assert enc.current not in hidden
    v = players_view(enc, "party", hidden)
    assert v.next == ("Hero", "Ally"), "as at a round's end: the party, the chooser too"


def test_a_name_in_a_condition_of_an_unseen_creature_is_said_as_someone_unseen():
    from lfgcombat.engine.players_view import UNSEEN, _scrub
    assert _scrub("grappled by Zorbag", ["Zorbag"]) == f"grappled by {UNSEEN}"
    assert _scrub("Zorbagson", ["Zorbag"]) == "Zorbagson"  # whole names only


def test_bad_party_or_hidden_is_refused_saying_what_to_give():
    enc = fight()
    with pytest.raises(LfgError, match="not a side of this fight.*'party'"):
        players_view(enc, "heroes")
    with pytest.raises(LfgError, match="names nobody in this fight: Nobody"):
        players_view(enc, "party", hidden=["Nobody"])


def test_the_view_is_frozen_plain_values():
    v = players_view(fight().start(), "party")
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.round = 5  # type: ignore[misc]
    assert v.map_size == (8, 5) and len(v.tokens) == 6


# -- the property ----------------------------------------------------------------------------
ACTIONS = st.lists(st.tuples(st.sampled_from(("attack", "damage", "note", "end", "move",
                                              "condition", "roll")),
                             st.integers(0, 5), st.integers(0, 40)), min_size=1, max_size=8)


def _step(enc: Encounter, kind: str, who: int, amount: int, notes: list[str]) -> None:
    names = enc.names
    acting = enc.acting[0] if enc.acting else None
    try:
        if kind == "attack" and acting:
            enc.attack(acting, names[who])
        elif kind == "damage":
            enc.damage(names[who], amount)
        elif kind == "note":
            text = f"SECRET{len(notes)}x{amount}"
            notes.append(text)
            enc.note(f"GM: {text}")
        elif kind == "roll":  # a roll the GM makes behind the screen (a foe's Stealth)
            text = f"SECRETROLL{len(notes)} Stealth of {names[who]}"
            notes.append(text)
            enc.roller.roll(f"1d20+{amount}", label=text)
        elif kind == "end":
            choices = enc.choices()
            enc.end_turn(next=choices[who % len(choices)]) if choices else enc.end_turn()
        elif kind == "move" and acting:
            enc.move(acting, (amount % 8, who % 5))
        elif kind == "condition":
            enc.add_condition(names[who], ("prone", "invisible", "bleed 2")[amount % 3])
    except LfgError:
        pass


@settings(max_examples=30, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(ruleset=st.sampled_from(("lfg", "classic", "wounds")), seed=st.integers(0, 10**6),
       unaware=st.sets(st.sampled_from(FOES), max_size=3),
       hidden=st.sets(st.sampled_from(FOES), max_size=2), wall=st.booleans(),
       invisible=st.sampled_from((None, *FOES)), actions=ACTIONS)
def test_no_hidden_fact_reaches_the_players_view(ruleset, seed, unaware, hidden, wall,
                                                 invisible, actions):
    enc = fight(ruleset, seed, wall)
    enc.start(aware=[n for n in enc.names if n not in unaware])
    if invisible and ruleset != "classic":  # classic has no Invisible condition
        enc.add_condition(invisible, "invisible")
    notes: list[str] = []
    check_secrets(enc, players_view(enc, "party", hidden), hidden, notes)
    for kind, who, amount in actions:
        _step(enc, kind, who, amount, notes)
        check_secrets(enc, players_view(enc, "party", hidden), hidden, notes)


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_a_hurt_foe_s_conditions_show_their_names_and_no_hp(ruleset):
    """A creature at its Injured Threshold or below 0 never shows the engine's "(HP 2 at or
    below the Injured Threshold 9)" on the players' screen (a new user read a dead orc's HP
    -3 there): the party's own Injured shows as ``injured``; a foe's not at all (its health
    word says what the players see)."""
    enc = fight(ruleset, seed=3).start()
    party = enc.side("Hero")
    foes = [n for n in enc.names if enc.side(n) != party]
    for n, left in zip(foes, (2, -3)):
        enc.damage(n, enc.state(n).hp - left, "slashing")
    enc.damage("Hero", enc.state("Hero").hp - 2, "slashing")
    view = players_view(enc, party)
    shown = [c for card in view.cards for c in card.conditions]
    assert shown or ruleset != "lfg", "the Hero shows its own Injured"  # (wounds, classic:
    # no Injured condition)
    assert not any(re.search(r"\bHP\b|\d+\s*/\s*\d+|-3\b", c) for c in shown), shown


# -- the widgets' words, through public API only (notebooks 30 and 31) -----------------------
def test_the_screens_show_their_words_through_public_properties():
    """``PlayersScreen.shown_text`` and ``InitiativeTracker.shown_text``: what each shows,
    as words, read-only (notebooks 30 and 31 printed private widgets before)."""
    from lfgcombat.widgets import InitiativeTracker, PlayersScreen
    enc = fight()
    tracker = InitiativeTracker(enc)
    players = PlayersScreen(enc, "party", hidden=["Murk"])
    assert players.shown_text == {"round": "Not started", "cards": players.shown_text["cards"],
                                  "map": "Hero, Ally"}
    enc.start()
    enc.damage("Zorbag", 1)
    words = players.shown_text
    assert words["round"].startswith("Round 1 Acting: ") and "<" not in words["cards"]
    assert "Zorbag Ready bloodied" in words["cards"] and "Murk" not in str(words)
    assert set(words["map"].split(", ")) == {"Hero", "Ally", "Zorbag", "Quillith", "Grisk"}
    shown = tracker.shown_text
    assert set(shown) == {"round", "cards", "actions", "reminders", "hidden"}
    assert shown["round"].startswith("Round 1 Acting: ") and "Murk" in shown["cards"]
    assert not any("<" in text for text in shown.values())
    with pytest.raises(AttributeError):
        players.shown_text = {}  # type: ignore[misc]


def test_a_door_s_trap_and_lock_and_a_chest_s_contents_stay_with_the_gm():
    """The map model's only facts the party may not know are a door's trap and lock and a
    chest's contents (000_8d1d7816ee944f3b.txt, "Breaking down doors, walls, & other
    barricades": "any active traps on the door"; "Breaking Open a Treasure Chest"); its
    terrain has no secret or GM-only kind (a closed door is a door to all; fog, the text's
    concealment by "fog, foliage, rain, illusions, and darkness", is seen as such). The
    players' view draws the door as a door and nothing of the rest."""
    from lfgcombat.widgets import PlayersScreen
    enc = fight()
    enc.map.set_door((2, 0), lock=3, trap="poison needle SECRETTRAP")
    enc.map.place_object("strongbox", (0, 4), items=["SECRETVIAL"])
    enc.start()
    view = players_view(enc, "party")
    assert (2, 0, "door") in view.terrain
    leaves = [leaf for _path, leaf in walk(view)]
    assert not any(isinstance(x, str) and ("SECRET" in x or "strongbox" in x) for x in leaves)
    screen = PlayersScreen(enc, "party")
    sent = "".join(w.value for w in screen.children)
    assert not re.search(r"SECRET|strongbox|needle|\btrap\b|\block\b", sent, re.I)


def test_a_fallen_party_sees_nobody_behind_the_wall():
    """Sight is the party's on the map: with every party member dead, no one of them has
    line of sight, so the foes walled off from them stay out of view (before, a party with
    no living member on the map stopped the sight check and showed every aware foe, the
    walled-off ambushers too)."""
    enc = fight(wall=True)
    enc.start()
    for n in PARTY:
        enc.damage(n, 1000)
    assert all(enc.state(n).dead for n in PARTY)
    seen = perceived(enc, "party")
    assert "Murk" not in seen and "Grisk" not in seen, seen
    assert set(PARTY) <= set(seen)


@pytest.mark.parametrize("ruleset", ["lfg", "classic", "wounds"])
def test_after_the_last_foe_falls_the_screen_says_the_fight_is_over(ruleset):
    """Once at most one side stands (:attr:`Encounter.over`) nobody is named acting or to
    go next, and the players' screen says the fight is over (a new user saw "may go
    next: ..." under the tracker's "fight is over" banner)."""
    pytest.importorskip("ipywidgets")
    from lfgcombat.widgets.players import PlayersScreen

    enc = fight(ruleset).start()
    screen = PlayersScreen(enc)
    assert not players_view(enc, "party").over
    for name in enc.names:
        while enc.side(name) == "orcs" and not enc.state(name).dead:
            enc.damage(name, 500)
    assert enc.over
    v = players_view(enc, "party")
    assert v.over and v.acting == () and v.next == () and not any(c.acting for c in v.cards)
    screen.refresh()
    words = screen.shown_text["round"]
    assert "The fight is over" in words and "may go next" not in words
