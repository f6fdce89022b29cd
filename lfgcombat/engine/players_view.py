"""What the players may know of a fight: the players' view (issue 26, item 3).

A value computed from an :class:`~lfgcombat.engine.Encounter` for one side (the party):
the creatures the party can perceive, where they stand on the map, the order of play, their
Ready/Done cards and conditions, and the foes' health as words. What the GM alone knows
never enters it, so a widget that draws it (``lfgcombat.widgets.PlayersView``) cannot leak
it:

* **Unaware creatures.** 000_8d1d7816ee944f3b.txt, "Determine Awareness": "Before any
  attacks are made, the GM determines who is and is not aware of what is about to happen";
  "AMBUSH! - What if you’re unaware?": the unaware "do not get to take a turn during the
  Surprise Round". A creature of another side that is unaware
  (``Encounter.state(name).aware`` is ``False``) is not in the view until it becomes aware
  (the second round); before the fight starts (round 0), when the GM has not yet
  determined awareness, no creature of another side is.
* **Hidden creatures.** "Invisible: Cannot be seen" ("Conditions – Full Details"; wounds
  plays lfg's conditions, classic has no Invisible), "Line of Sight (LoS): The ability to
  locate your target visually ... Total Concealment & Total Cover block Line of Sight"
  ("Locating Targets"): a creature of another side is hidden when it is Invisible, when no
  conscious party member on the map has line of sight to it
  (:meth:`lfgcombat.HexMap.line_of_sight`; inferred: an unconscious, dying or dead party
  member sees nothing - "Unconscious: Your body has shut down", "Conditions – Full
  Details" - so a party with nobody awake on the map sees nobody there), or when the GM
  says so (``hidden=``: a creature that made its Hide check, or that the GM has not
  revealed yet; "The GM determines awareness and the position of all the
  combatants", "COMBAT GAMEPLAY – OVERVIEW").
* **Exact foe HP.** A foe's health is one of the issue's three words (:func:`health_word`:
  "unhurt", "bloodied", "down"); only the party's own cards carry hit points, and only
  theirs the conditions that tell where hit points stand (:data:`HEALTH_STATES`: Injured,
  Dying, Disabled ...).
* **Whether a fallen foe lives.** The texts give the players no way to tell a dead foe
  from a dying, stable or unconscious one: death comes at a number the GM keeps
  (000_8d1d7816ee944f3b.txt, "Death": "a negative number of HP equal to its CON Score";
  "NPC & Enemy Death": goons die at (-Level) HP, "Boss villains ... may use the PC rules
  for dying", the GM's choice; 002_2a3a79475ca2a541.txt, "Death": -10 HP), and the dead
  and the unconscious lie alike ("Bodies of dead & unconscious Medium Size+ creatures
  cause Difficult Terrain where they lie", "Moving in Combat – Terrain, Creatures, & Other
  Issues"). So a fallen foe's card is "down" and nothing more, "Done", never acting, never
  said to go next - whether it is dead, or alive and taking its turns (bleeding, saving to
  stabilize): a dead foe has no turn, so a turn shown would tell that it lives. "dead" is
  for the party's own.
* **The GM's notes and rolls.** The view holds no log line and no roll: the notes
  (``Encounter.note``) and every roll stay with the GM. (The engine has no secret roll of
  its own: every roll is logged; the view shows none of them.)

A text that would name a creature the party cannot perceive (a condition given "by" it)
says "someone unseen" instead.

* **The Surprise Round** is named only while a party member is aware or the party sees
  someone act in it ("AMBUSH! - What if you’re unaware?").
* **Whose turn it is.** While a creature the party cannot perceive takes its turn, the
  view shows what it shows whenever no perceived creature acts (before the start, or the
  turn of a creature that fell on it): nobody acting and nobody to go next (who goes next
  is the acting creature's choice, "Rounds, Initiative, & Turn Order"). A screen that
  showed "nobody acting" with the hidden actor's choices told the players that someone
  unseen was taking a turn, and whom it could pick.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import LfgError

if TYPE_CHECKING:  # pragma: no cover
    from . import Encounter

__all__ = ["HEALTH_WORDS", "HEALTH_STATES", "HIDING_CONDITIONS", "SeenCard", "SeenToken",
           "PlayersView", "players_view", "perceived", "health_word", "condition_name"]

#: The health words, from best to worst (see :func:`health_word`): exactly the three the
#: issue names (issue 26, item 3: "foes' health as words ("unhurt", "bloodied", "down")").
HEALTH_WORDS = ("unhurt", "bloodied", "down")
#: Conditions that hide a creature from sight, as the first word of their label, lower case
#: (000_8d1d7816ee944f3b.txt, "Conditions – Full Details": "Invisible: Cannot be seen").
HIDING_CONDITIONS = frozenset({"invisible"})
#: The conditions that tell a creature's health state - where its hit points stand, or
#: whether a fallen creature lives - as the first word of their label, lower case. A foe's
#: card leaves them out (its health word says what the players see); the party's own keep
#: them. 000_8d1d7816ee944f3b.txt, "Injury & Injured Threshold" (Injured: HP at or below a
#: quarter), "Unconscious & Dying" (at 0 HP or less), "Stabilize when Dying", "Death";
#: 002_2a3a79475ca2a541.txt, "• Disabled" ("at or below zero (0) hit points"),
#: "Stabilizing a Disabled Character", "Death".
HEALTH_STATES = frozenset({"injured", "dying", "unconscious", "stable", "disabled", "dead"})
#: What a text says instead of the name of a creature the party cannot perceive.
UNSEEN = "someone unseen"


@dataclass(frozen=True)
class SeenCard:
    """One creature the party perceives, as the players see it.

    Attributes:
        name: The creature.
        side: Its side.
        ours: It is one of the party.
        health: A word of :data:`HEALTH_WORDS`.
        hp: Its hit points (the party's own only; ``None`` for everyone else).
        max_hp: Its maximum hit points (the party's own only).
        conditions: Its conditions by name (:func:`condition_name`); a foe's without
            :data:`HEALTH_STATES`, a fallen foe's none.
        card: ``"Ready"`` or ``"Done"`` ("Selective Initiative – Suggestion"); a fallen
            foe's ``"Done"``.
        acting: It is acting now (never a fallen foe).
    """

    name: str
    side: str
    ours: bool
    health: str
    hp: int | None
    max_hp: int | None
    conditions: tuple[str, ...]
    card: str
    acting: bool


@dataclass(frozen=True)
class SeenToken:
    """A perceived creature on the map: its hexes as ``(col, row)`` offsets."""

    name: str
    side: str
    ours: bool
    cells: tuple[tuple[int, int], ...]
    down: bool


@dataclass(frozen=True)
class PlayersView:
    """What the players may know of the fight now (plain values only).

    Attributes:
        party: The players' side.
        round: The round (0 before the start).
        surprise: It is the Surprise Round.
        acting: The perceived creatures acting now (empty while no perceived creature
            acts, whoever acts; a fallen foe's turn is not shown).
        next: The perceived creatures that may go next, as if the unseen and the fallen
            foes were not in the fight (:func:`_next_up`; empty while no perceived
            creature acts).
        cards: The perceived creatures in order of play (highest Initiative Check first,
            then those that have not rolled, in the encounter's order).
        tokens: The perceived creatures on the map.
        map_size: The map's ``(width, height)`` in hexes, or ``None`` without a map.
        terrain: The map's cells that are not plain ground: ``(col, row, terrain)``.
        over: The fight is over (:attr:`~lfgcombat.engine.Encounter.over`: at most one side
            stands); nobody is then named acting or next.
    """

    party: str
    round: int
    surprise: bool
    acting: tuple[str, ...]
    next: tuple[str, ...]
    cards: tuple[SeenCard, ...]
    tokens: tuple[SeenToken, ...]
    map_size: tuple[int, int] | None
    terrain: tuple[tuple[int, int, str], ...]
    over: bool = False


def _hiding(conditions: list[str]) -> bool:
    return any(str(c).split(" ", 1)[0].lower() in HIDING_CONDITIONS for c in conditions)


def _party_check(enc: Encounter, party: str) -> None:
    sides = list(dict.fromkeys(enc.side(n) for n in enc.names))
    if party not in sides:
        raise LfgError(f"players_view: {party!r} is not a side of this fight; give one of "
                       f"{', '.join(map(repr, sides))}")


def perceived(enc: Encounter, party: str, hidden: Any = ()) -> list[str]:
    """The creatures the party can perceive now, in the encounter's order (module
    docstring: the party's own always; another side's once the fight has started, when
    aware, not Invisible, not in ``hidden`` and, on a map, seen by a conscious party member
    on it: a party with nobody awake on the map sees no one there).

    Args:
        enc: The encounter.
        party: The players' side.
        hidden: Names the GM hides from the players (any iterable of names).

    Raises:
        LfgError: ``party`` is not a side, or ``hidden`` names nobody in the fight.
    """
    _party_check(enc, party)
    hide = {hidden} if isinstance(hidden, str) else set(hidden or ())
    unknown = sorted(str(h) for h in hide if h not in enc.names)
    if unknown:
        raise LfgError(f"players_view: hidden= names nobody in this fight: "
                       f"{', '.join(unknown)}; give creatures of {', '.join(enc.names)}")
    m = enc.map
    # the party's sight on the map: its members on it, those not awake seeing nothing (an
    # unconscious, dying or dead creature perceives nothing: a party with nobody awake on
    # the map sees no one there; a party with nobody on the map is not judged by sight)
    ours = [n for n in enc.names if enc.side(n) == party and n in m] if m is not None else []
    seers = [n for n in ours if enc.state(n).status == "conscious"]
    out = []
    for n in enc.names:
        if enc.side(n) == party:
            out.append(n)
            continue
        if not enc.round or n in hide:  # round 0: awareness not yet determined
            continue
        s = enc.state(n)
        if not s.aware or _hiding(s.conditions):
            continue
        if ours and n in m and not any(m.line_of_sight(p, n) for p in seers):
            continue
        out.append(n)
    return out


def health_word(enc: Encounter, name: str) -> str:
    """A creature's health as the players may know it, one of :data:`HEALTH_WORDS`:

    * ``down``: not standing (``Encounter.standing``: unconscious, dying, stable, dead,
      classic's disabled) - alive or dead alike (module docstring);
    * ``bloodied``: standing, having taken damage (below its maximum hit points or Wounds,
      or with nonlethal damage): the players saw it struck. None of the three texts names
      a "bloodied" state or a mark the players could see between unhurt and down (lfg's
      own, Injured at a quarter, is a number the GM keeps: :data:`HEALTH_STATES`), so the
      word says "struck" and no share of its hit points;
    * ``unhurt``: otherwise.
    """
    side = enc.side(name)
    if name not in enc.standing().get(side, []):
        return "down"
    s = enc.state(name)
    v = s.vitals or {}
    shares = [(s.hp, s.max_hp)]
    if isinstance(v.get("wounds"), int) and isinstance(v.get("wounds_max"), int):
        shares.append((v["wounds"], v["wounds_max"]))
    if any(now < top for now, top in shares) or (v.get("nonlethal") or 0) > 0:
        return "bloodied"
    return "unhurt"


def condition_name(label: Any) -> str:
    """A condition as the players' screen shows it: its name, without the engine's account
    of why (``injured (HP 2 at or below the Injured Threshold 9)`` -> ``injured``), which
    would tell a foe's exact HP (the party's own HP is on their cards)."""
    return re.sub(r"\s*\(.*\)\s*$", "", str(label)).strip() or str(label)


def _scrub(text: str, unseen: list[str]) -> str:
    """``text`` with every unseen creature's name replaced by :data:`UNSEEN` (longest
    names first, whole words only)."""
    for n in sorted(unseen, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(n)}(?!\w)", UNSEEN, text)
    return text


def _order(enc: Encounter, names: list[str]) -> list[str]:
    """Highest Initiative Check first; those without one after, in the encounter's order."""
    index = {n: i for i, n in enumerate(enc.names)}
    init = {n: enc.state(n).initiative for n in names}
    return sorted(names, key=lambda n: (init[n] is None, -(init[n] or 0), index[n]))


def players_view(enc: Encounter, party: str, hidden: Any = ()) -> PlayersView:
    """The fight as the players may know it (see the module docstring for what is left out).

    Args:
        enc: The encounter.
        party: The players' side (``enc.side("Wulfric")``).
        hidden: Creatures the GM hides from the players (names).

    Returns:
        A :class:`PlayersView` of plain values.

    Raises:
        LfgError: ``party`` is not a side of the fight, or ``hidden`` names nobody in it.
    """
    seen = perceived(enc, party, hidden)
    unseen = [n for n in enc.names if n not in seen]
    health = {n: health_word(enc, n) for n in seen}
    # a fallen foe's turn is not shown (module docstring: alive or dead alike)
    turns = [n for n in seen if enc.side(n) == party or health[n] != "down"]
    over = bool(enc.round) and enc.over
    acting = set() if over else set(enc.acting) & set(turns)
    cards = [_card(enc, n, party, health[n], n in acting, unseen)
             for n in _order(enc, seen)]
    shown_acting = tuple(n for n in seen if n in acting)
    # Who may go next is the acting creature's choice: shown only while the party perceives
    # it, so a hidden creature's turn looks like any moment without a visible actor.
    nxt = _next_up(enc, turns) if shown_acting else []
    tokens: list[SeenToken] = []
    size: tuple[int, int] | None = None
    terrain: tuple[tuple[int, int, str], ...] = ()
    m = enc.map
    if m is not None:
        size = (int(m.width), int(m.height))
        terrain = tuple(sorted((*m.offset(c), str(getattr(t, "value", t)))
                               for c, t in m.terrain_cells().items()
                               if str(getattr(t, "value", t)) != "normal"))
        down = {n for n, word in health.items() if word == "down"}
        for tok in m.tokens():
            if tok.name in seen:
                tokens.append(SeenToken(
                    name=tok.name, side=tok.side, ours=tok.side == party,
                    cells=tuple(sorted(_pair(m.offset(c)) for c in tok.cells)),
                    down=tok.name in down))
    # the Surprise Round is named only when the party takes part in it knowingly (one of
    # it is aware) or sees someone act in it: with the party unaware and only the unseen
    # acting, the words "Surprise Round" alone would tell of the ambush
    aware = any(enc.state(n).aware for n in enc.names if enc.side(n) == party)
    surprise = bool(enc.surprise_round) and (aware or bool(shown_acting))
    return PlayersView(party=party, round=int(enc.round), surprise=surprise,
                       acting=shown_acting,
                       next=tuple(dict.fromkeys(nxt)), cards=tuple(cards),
                       tokens=tuple(tokens), map_size=size, terrain=terrain, over=over)


def _card(enc: Encounter, name: str, party: str, health: str, acting: bool,
          unseen: list[str]) -> SeenCard:
    """One perceived creature's card (:class:`SeenCard`): the party's own whole; a foe's
    without :data:`HEALTH_STATES`; a fallen foe's "down", "Done" and nothing more."""
    s = enc.state(name)
    ours = s.side == party
    if ours:
        conditions = (("dead",) if s.dead else
                      tuple(_scrub(condition_name(c), unseen) for c in s.conditions))
    elif health == "down":
        conditions = ()
    else:
        conditions = tuple(_scrub(c, unseen) for c in map(condition_name, s.conditions)
                           if c.split(" ", 1)[0].lower() not in HEALTH_STATES)
    return SeenCard(name=name, side=s.side, ours=ours, health=health,
                    hp=int(s.hp) if ours else None, max_hp=int(s.max_hp) if ours else None,
                    conditions=conditions,
                    card="Done" if s.done or (not ours and health == "down") else "Ready",
                    acting=acting)


def _next_up(enc: Encounter, seen: list[str]) -> list[str]:
    """Who may go next, as if the creatures not in ``seen`` (those the party cannot
    perceive, and fallen foes) were not in the fight (so "may go next" never goes quiet
    because the next one is unseen, nor names a fallen foe, which would tell it lives).

    The initiative policy's own choice ("Rounds, Initiative, & Turn Order"; Top-Down's
    order, "Alternative Initiative Option #2") over the perceived units still to act: the
    next perceived one in a fixed order; under Selective Initiative, with only unseen ones
    left, every perceived creature, as at a round's end. Nobody after an interrupt turn
    ("Turn order & selection goes back to the person who was interrupted").
    """
    frames = enc._frames
    if len(frames) != 1:
        return []

    def shown(unit: str) -> bool:
        return any(n in seen for n in enc.members(unit))

    left = [u for u in enc._units_to_act(exclude=enc._frame_units(frames[-1])) if shown(u)]
    policy = enc.initiative_policy
    units = policy.choices(enc, left)
    if not left and getattr(policy, "fixed_order", False):
        units = [u for u in enc._order_units_alive() if shown(u)][:1]
    return [n for u in units for n in enc.members(u) if n in seen]


def _pair(offset: Any) -> tuple[int, int]:
    """A map offset as a plain ``(column, row)`` pair."""
    col, row = offset
    return int(col), int(row)
