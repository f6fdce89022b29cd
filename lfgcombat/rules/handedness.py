"""Handedness, two weapons, two shields, and the follow-up Reaction attack of natural weapons.

000_8d1d7816ee944f3b.txt, "Handedness & Using Both Hands (Two Weapon Fighting)":

* "You must choose if your character is left or right-handed"; the other hand is the
  off-hand; "The Ambidextrous Feat allows you to use either hand as your main hand." (The
  -2/-4 off-hand attack penalty and the -1 C.A.P. for alternating weapons already live in
  :func:`lfgcombat.rules.attacks.off_hand_penalty` and
  :func:`lfgcombat.rules.attacks.consecutive_attack_penalty`.)
* "Any Skill Checks made using only your Off-Hand suffer a -2 penalty."
* "Once per turn, if you strike a Flat-Footed enemy with your Main-Hand melee weapon, you may
  use a Reaction to make a single attack with your Off-Hand Weapon against the same foe
  (counts as an AOO)." "If you Fight Defensively (Ch9.2c), you gain a +1 Gear Bonus to Shield
  Rating." Two shields: "the full Shield Rating of your primary shield ... plus half the
  Shield Rating of the second shield", "-2 penalty on all Attack Rolls", no somatic spells;
  "Shields are not considered weapons".

000_8d1d7816ee944f3b.txt, "Natural Weapons (also called “Natural Attacks”)": with 2+ natural
weapons (or a wielded weapon and one), the same once-per-turn follow-up with the second
weapon ("Ex: A level 2 creature with both a Claw & Bite Attack who surprises a foe could make
a Claw Attack first, then spend a Reaction to make a Bite attack!"). "Common Natural
Weapons": "A tail can never target the same foe in a turn that was targeted with a bite";
"Pounce: You can make a two natural attacks as part of a single Big Action Charge Attack.
(The creature must have at least 2 different natural weapons)"; "Rake Attack: While in a
grapple, if you win a Wrestling check to damage or pin an opponent, you may spend a Reaction
to deal the listed slashing damage".
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import IllegalActionError, LfgError
from .bonuses import Bonus
from ..creature.parse import CreatureError
from ..creature.sections import Section, register_section
from .weapons import resolve_weapon, weapon_entries

__all__ = ["Hand", "HandednessError", "parse_handedness", "is_off_hand", "OFF_HAND_SKILL_PENALTY",
           "OFF_HAND", "off_hand_weapon_of", "hand_weapon", "HandWeapon",
           "FollowUp", "follow_up_attack", "TwoShields", "two_shields",
           "defensive_shield_bonus", "check_tail_target", "pounce_attacks", "check_rake",
           "alternating_strikes", "alternating_situation", "turn_attack_weapons"]

TEXT = "000_8d1d7816ee944f3b.txt"
RULE = f'{TEXT}, "Handedness & Using Both Hands (Two Weapon Fighting)"'
RULE_NATURAL = f'{TEXT}, "Natural Weapons (also called “Natural Attacks”)"'
RULE_COMMON = f'{TEXT}, "Common Natural Weapons"'
#: "Any Skill Checks made using only your Off-Hand suffer a -2 penalty."
OFF_HAND_SKILL_PENALTY = -2


class HandednessError(LfgError, ValueError):
    """A bad ``handedness`` value or argument (names the field)."""


class Hand(str, enum.Enum):
    """The main hand chosen at character creation
    (000_8d1d7816ee944f3b.txt, "Are you Right-Handed or Left-Handed?";
    000_8d1d7816ee944f3b.txt, "Handedness").

    The other hand is the off-hand (:func:`is_off_hand`;
    :func:`lfgcombat.rules.attacks.formulas.off_hand_penalty`).
    """

    RIGHT = "right"
    LEFT = "left"


def parse_handedness(value: Any, field: str = "handedness") -> Hand:
    """Read a creature's ``handedness:`` (``right``/``left``, also ``right-handed``).

    Raises:
        HandednessError: anything else, naming ``field``.
    """
    if isinstance(value, Hand):
        return value
    key = str(value).strip().lower().removesuffix("-handed").removesuffix(" handed")
    try:
        return Hand(key)
    except ValueError:
        raise HandednessError(f"{field}: 'right' or 'left' (the main hand), not "
                              f"{value!r:.40} ({RULE})") from None


def is_off_hand(hand: Hand | str, main: Hand | str, *, ambidextrous: bool = False) -> bool:
    """Whether ``hand`` is the off-hand (never with the Ambidextrous Feat)."""
    return not ambidextrous and parse_handedness(hand, "hand") is not parse_handedness(main)


@dataclass(frozen=True)
class FollowUp:
    """A permitted follow-up Reaction attack: the weapon, and that it counts as an AOO."""

    weapon: str
    counts_as_aoo: bool = True
    rule: str = ""


def follow_up_attack(*, weapons: Sequence[str], struck_with: str, struck_flat_footed: bool,
                     used_this_turn: bool, reaction_available: bool,
                     second: str | None = None, natural: bool = True) -> FollowUp:
    """The once-per-turn Reaction attack with the second weapon after striking a Flat-Footed
    foe with the primary (natural weapons) or main-hand weapon (two weapons).

    Args:
        weapons: The attacker's usable weapons, primary/main-hand first.
        struck_with: The weapon that just struck (must be the first of ``weapons``).
        struck_flat_footed: The foe struck was Flat-Footed.
        used_this_turn: The follow-up was already made this turn.
        reaction_available: The attacker has a Reaction left.
        second: The weapon for the follow-up (default: the next different one).
        natural: Natural weapons (else the two-weapon off-hand rule).

    Returns:
        The :class:`FollowUp`.

    Raises:
        IllegalActionError: any condition unmet, citing the heading.
    """
    rule = RULE_NATURAL if natural else RULE
    names = [str(w).strip().lower() for w in weapons]
    struck = str(struck_with).strip().lower()
    others = [w for w in names if w != struck]
    reasons = [(len(names) < 2 or not others, "needs 2+ weapons"),
               (not names or names[0] != struck,
                f"the strike must be with the {'primary' if natural else 'main-hand'} weapon "
                f"({names[0] if names else 'none'}), not {struck}"),
               (not struck_flat_footed, "the foe struck must be Flat-Footed"),
               (used_this_turn, "only once per turn"),
               (not reaction_available, "no Reaction left")]
    for bad, why in reasons:
        if bad:
            raise IllegalActionError(f"no follow-up attack: {why}", rule)
    pick = str(second).strip().lower() if second is not None else others[0]
    if pick not in others:
        raise IllegalActionError(f"no follow-up attack: {second!r} is not another of the "
                                 f"attacker's weapons ({', '.join(others)})", rule)
    return FollowUp(pick, True, rule)


@dataclass(frozen=True)
class TwoShields:
    """Wielding a shield in each hand: the Shield Rating and what it costs."""

    shield_rating: int
    attack_penalty: int = -2
    somatic_spells: bool = False
    rule: str = RULE


def two_shields(rating_a: int, rating_b: int) -> TwoShields:
    """The higher Shield Rating plus half the other (rounded down: inferred)."""
    for field, v in (("rating_a", rating_a), ("rating_b", rating_b)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise HandednessError(f"{field}: a Shield Rating >= 0, not {v!r:.40}")
    hi, lo = max(rating_a, rating_b), min(rating_a, rating_b)
    return TwoShields(hi + lo // 2)


def defensive_shield_bonus(*, two_weapons: bool, fighting_defensively: bool) -> int:
    """+1 Gear Bonus to Shield Rating when fighting defensively with a weapon in each hand."""
    return 1 if two_weapons and fighting_defensively else 0


def check_tail_target(target: str, bitten_this_turn: Sequence[str]) -> None:
    """A tail never targets a foe bitten this turn.

    Raises:
        IllegalActionError: citing "Common Natural Weapons".
    """
    if target in set(bitten_this_turn):
        raise IllegalActionError(f"a tail cannot strike {target!r}, bitten this turn",
                                 RULE_COMMON)


def pounce_attacks(natural_weapons: Sequence[str]) -> tuple[str, str]:
    """The two natural attacks of a Pounce (made in one Big Action Charge).

    000_8d1d7816ee944f3b.txt, "Pounce": "The creature must have at least 2 different natural
    weapons".

    Raises:
        IllegalActionError: fewer than 2 different natural weapons.
    """
    distinct = list(dict.fromkeys(str(w).strip().lower() for w in natural_weapons))
    if len(distinct) < 2:
        raise IllegalActionError("Pounce needs at least 2 different natural weapons",
                                 RULE_COMMON)
    return distinct[0], distinct[1]


def check_rake(*, in_grapple: bool, won_check: bool, purpose: str,
               reaction_available: bool) -> None:
    """A Rake: a Reaction after winning a grapple Wrestling check to damage or pin.

    Raises:
        IllegalActionError: any condition unmet. HandednessError: a bad ``purpose``.
    """
    if purpose not in ("damage", "pin", "other"):
        raise HandednessError(f"purpose: 'damage', 'pin' or 'other', not {purpose!r}")
    for bad, why in ((not in_grapple, "only while in a grapple"),
                     (not won_check, "only after winning the Wrestling check"),
                     (purpose == "other", "only after a check to damage or pin"),
                     (not reaction_available, "no Reaction left")):
        if bad:
            raise IllegalActionError(f"no Rake: {why}", RULE_COMMON)


# --------------------------------------------------------------------------- which hand


def _entry_name(entry: Any) -> str:
    if isinstance(entry, str):
        return entry.strip().lower()
    if isinstance(entry, Mapping):
        return str(entry.get("name", "")).strip().lower()
    return ""


def _parse_off_hand(raw: Any) -> str:
    if not isinstance(raw, str) or not raw.strip() or len(raw) > 80:
        raise CreatureError([("off_hand", "the name of the weapon held in the off hand (one "
                              f"of the creature's weapons), not {raw!r:.40} ({RULE})")])
    return raw.strip().lower()


def _check_off_hand(value: str | None, fields: Mapping[str, Any]) -> list[tuple[str, str]]:
    weapons = fields.get("weapons")
    if value is None or weapons is None:  # the weapons field was bad: reported there
        return []
    names = [_entry_name(w) for w in weapons]
    if value not in names:
        return [("off_hand", f"{value!r} is not one of the creature's weapons "
                             f"({', '.join(n for n in names if n) or 'none'}); name the "
                             f"weapon held in the off hand ({RULE})")]
    if len([n for n in names if n]) < 2:
        return [("off_hand", f"{value!r} is the creature's only weapon: a weapon in the off "
                             f"hand needs another in the main hand ({RULE})")]
    return []


def _register() -> Any:
    return register_section(Section(
        "off_hand", _parse_off_hand, default=None,
        show=lambda v: f"{v} (off hand: -2 on its attacks, -4 if one-handed)",
        label="Off hand", rule=RULE, check=_check_off_hand))


#: The creature file's ``off_hand:`` key: the weapon (one of ``weapons:``) held in the off
#: hand; the first other weapon is the main hand's. Read with :func:`off_hand_weapon_of`.
OFF_HAND = _register()


def off_hand_weapon_of(creature: Any) -> str | None:
    """The weapon the creature holds in its off hand (``off_hand:``), or ``None``."""
    found = getattr(creature, "sections", None)
    value = found.get("off_hand") if isinstance(found, Mapping) else None
    return str(value) if value else None


@dataclass(frozen=True)
class HandWeapon:
    """The weapon an attack is made with, and whether it is an off-hand attack.

    Attributes:
        weapon: The weapon's name (``None``: the attacker's default weapon).
        off_hand: An attack "made with only your Off-Hand" (-2, -4 with a one-handed
            weapon: :func:`lfgcombat.rules.attacks.off_hand_penalty`).
        why: The reason, in words (empty when the file says nothing of hands).
    """

    weapon: str | None
    off_hand: bool
    why: str = ""


def hand_weapon(creature: Any, weapon: str | None, hand: str | None) -> HandWeapon:
    """Which weapon strikes and with which hand, from the creature file's ``off_hand:``.

    "While wielding a weapon in each hand, you may choose to attack with either weapon
    whenever you strike"; "Any attacks made with only your Off-Hand suffer a -2 penalty
    (Wielding a 1-Handed weapon in your Off-hand increases this penalty to -4)"; "The
    Ambidextrous Feat allows you to use either hand as your main hand" (no penalty).

    Args:
        creature: The attacker (``weapons``, ``off_hand``, ``ambidextrous``).
        weapon: The weapon named for the attack (``None``: by ``hand``, else the main hand's).
        hand: ``main`` or ``off`` (``None``: the hand holding ``weapon``).

    Raises:
        IllegalActionError: a ``hand`` without an ``off_hand:`` in the file, or a weapon
            and a hand that disagree. HandednessError: a ``hand`` that is not main or off.
    """
    if hand is not None and hand not in ("main", "off"):
        raise HandednessError(f"hand: 'main' or 'off', not {hand!r:.40}")
    off = off_hand_weapon_of(creature)
    if off is None:
        if hand is not None:
            raise IllegalActionError(f"hand={hand!r}: the creature file names no weapon in "
                                     "the off hand (off_hand: <weapon>)", RULE)
        return HandWeapon(weapon, False)
    names = [_entry_name(w) for w in getattr(creature, "weapons", ())]
    main = next((n for n in names if n and n != off), None)
    if weapon is None:
        weapon = off if hand == "off" else main
    named = str(weapon).strip().lower()
    is_off = named == off
    if hand is not None and (hand == "off") != is_off:
        raise IllegalActionError(f"{weapon!r} is not the {hand} hand's weapon (main: {main}, "
                                 f"off: {off})", RULE)
    sections = getattr(creature, "sections", None)
    ambidextrous = bool(sections.get("ambidextrous")) if isinstance(sections, Mapping) else False
    if is_off and ambidextrous:  # the Ambidextrous Feat (close_keys.AMBIDEXTROUS)
        return HandWeapon(weapon, False, f"{off} in the off hand; Ambidextrous: no penalty")
    return HandWeapon(weapon, is_off, f"{off} in the off hand" if is_off else "")


# --------------------------------------------------------------------------- alternating


def _strike_weapon(creature: Any, weapon: Any) -> Any:
    """The :class:`~lfgcombat.rules.attacks.Weapon` an attack named ``weapon`` strikes with
    (``None``: the creature's first weapon, as the encounter's default); ``None`` when the
    kit cannot read it."""
    if weapon is None:
        first = next((w for w in weapon_entries(creature) if isinstance(w, Mapping)), None)
        weapon = None if first is None else first.get("name")
        if weapon is None:
            return None
    try:
        return resolve_weapon(creature, weapon)
    except LfgError:
        return None


def _may_alternate(creature: Any) -> tuple[bool, str]:
    """Whether the creature wields "multiple weapons at the same time", and under which
    heading: 2+ natural weapons, or a wielded melee weapon and a natural one ("Natural
    Weapons"), or a weapon in each hand (two one-handed or light melee weapons:
    "Handedness")."""
    natural = wielded = in_one_hand = 0
    for entry in weapon_entries(creature):
        w = _strike_weapon(creature, entry)
        if w is None or w.is_unarmed:
            continue
        if w.is_natural:
            natural += 1
        elif w.can_melee:
            wielded += 1
            in_one_hand += w.hands != "two"
    if natural >= 2 or (natural and wielded):
        return True, RULE_NATURAL
    return in_one_hand >= 2, RULE


def alternating_strikes(creature: Any, earlier: Sequence[Any], weapon: Any) -> int:
    """How many of the turn's attacks, this one included, were made with a different
    weapon than the attack before: each costs -1 Consecutive Attack Penalty instead of -2.

    000_8d1d7816ee944f3b.txt, "Consecutive Attacks": "When wielding multiple weapons at the
    same time, each Consecutive Attack made with a different weapon than the previous attack
    suffers a cumulative -1 Consecutive Attack Penalty" ("a weapon in each hand, using
    multiple natural weapons, a combination of wielded and natural weapons"); "Natural
    Weapons (also called “Natural Attacks”)": "only a -1 Consecutive Attack Penalty if you
    alternate strikes between different weapons"; "Handedness & Using Both Hands (Two
    Weapon Fighting)": "a cumulative -1". Both weapons of a switch must be melee or natural
    (a longbow is not wielded beside a sword); an earlier attack made without a weapon the
    kit can name (a Wrestling maneuver, a Shield Bash) never counts as a switch (inferred:
    conservative, the -2 stands).

    Args:
        creature: The attacker (its ``weapons:``).
        earlier: The weapons of the turn's earlier attacks, in order (names, ``None`` for
            the default weapon, ``"?"`` for an attack made with no weapon).
        weapon: This attack's weapon.

    Returns:
        The number of switches (0 for the turn's first attack).
    """
    if not earlier or not _may_alternate(creature)[0]:
        return 0
    chain = [_strike_weapon(creature, w) for w in (*earlier, weapon)]
    return sum(1 for a, b in zip(chain, chain[1:])
               if a is not None and b is not None and (a.is_natural or a.can_melee)
               and (b.is_natural or b.can_melee) and a.name.lower() != b.name.lower())


def alternating_situation(creature: Any, earlier: Sequence[Any], weapon: Any,
                          situation: Mapping[str, Any]) -> dict[str, Any]:
    """An attack's situation with its Consecutive Attack Penalty read from the turn's
    attacks (:func:`alternating_strikes`); a new dict. Every earlier attack a switch:
    ``alternating=True`` (-1 each); some of them: the -2 each stands and a bonus of +1 per
    switch is added to the attack, so the total is the text's cumulative count
    (:func:`lfgcombat.rules.attacks.consecutive_attack_penalty`).

    Raises:
        IllegalActionError: an ``alternating`` given that the turn's attacks contradict (it
            is the encounter's to set), citing the heading.
    """
    out = dict(situation)
    n = len(earlier)
    switches = alternating_strikes(creature, earlier, weapon)
    actual = bool(n) and switches == n
    given = out.get("alternating")
    if isinstance(given, bool) and given is not actual:  # a non-bool: Situation refuses it
        made = ", ".join(str(w) for w in earlier) or "none"
        raise IllegalActionError(
            f"alternating={given!r}: the encounter reads it from the turn's attacks (earlier "
            f"this turn: {made}; this one: {weapon}): "
            f"{switches} of {n} strike(s) switched weapons", _may_alternate(creature)[1])
    if actual:
        out["alternating"] = True
    elif switches:
        out["attack_bonuses"] = tuple(out.get("attack_bonuses", ())) + (Bonus(
            switches, None, f"C.A.P.: -1, not -2, for {switches} strike(s) with another "
            "weapon than the one before (Consecutive Attacks)"),)
    return out


def turn_attack_weapons(events: Sequence[Any], name: str, attacks: int) -> list[Any]:
    """The weapons of ``name``'s attacks on its turn, in order, read from the turn's events
    (for :func:`alternating_situation`): an ``attack`` of its own (not an AOO: "The
    Consecutive Attack Penalty applies separately to AOO") names its weapon (``None``: the
    default); an attack spent without one (a Wrestling maneuver, a Shield Bash) is ``"?"``.

    Args:
        events: The events since the turn began. name: The attacker.
        attacks: The attacks the turn has counted (the list is cut or padded to it).
    """
    out: list[Any] = []
    for e in events:
        if e.actor != name or e.command:
            continue
        if e.kind == "spend" and e.data.get("action") in ("attack", "wrestling_maneuver"):
            out.append("?")
        elif e.kind == "attack" and not e.data.get("aoo"):
            if out and out[-1] == "?":
                out[-1] = e.data.get("weapon")
            else:
                out.append(e.data.get("weapon"))
    if attacks <= 0:
        return []
    return (["?"] * (attacks - len(out)) + out)[-attacks:]
