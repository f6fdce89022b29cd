"""Saving Throws: FORT, REF and WILL against a Save DC, rolled and as exact odds.

000_8d1d7816ee944f3b.txt, "Saving Throws":

* "If the Saving Throw meets or exceeds the Save DC, the Saving Throw is successful."
* "Most Spells & SLA have a Save DC of (10+Spell Level+CastingAbilityMod)" - Ex: "I cast SL2
  'Hold Animal' on the bear. I have a +3 WISMod, so total WILL Save DC 15".
* 000_8d1d7816ee944f3b.txt, "The 3 Types of Saving Throws – FORT, REF, WILL:":
  "FORT Save = 1d20 + FORT Save Rating + CONMod", REF with DEXMod, WILL with WISMod (the
  bonus itself is :meth:`lfgcombat.Creature.saving_throw`).
* "A helpless character automatically fails REF Saves."
* "A willing creature targeted by a spell may choose to be affected without rolling."
* "Some spells & abilities say 'Save for Half.' This means that if you pass the indicated
  Save, you take half damage." Elemental/Energy Resistance applies after the halving
  ("Resolve any Saving Throw results before applying Elemental Resistance").

Under another ruleset (``ruleset=``): ``wounds`` (003_de0e94afd49609a7.txt, "Some effects
don't directly target your armor or shield") saves with "Fortitude (CON)", "Reflex (WIS)" and
"Will (CHA)", "two good saves, and one as your bad save" by Hit Dice (the creature's
``good_saves``; :mod:`lfgcombat.rulesets.wounds.saves` has the rebuilt table), "roll 1d20 and add
your total bonus (Base Save + Ability Score Modifier)" - no automatic success or failure on
a natural 20 or 1, no helpless REF failure and no Fortunate/Unfortunate (the text has none);
``classic`` (002_2a3a79475ca2a541.txt) gives no base saves: its "DC12 Fortitude check to
stabilize" is d20 + the creature's CON modifier (inferred), so its saves are 1d20 + the
CON / DEX / WIS modifier >= DC, nothing automatic, the same the classic Encounter rolls
(:meth:`lfgcombat.rulesets.classic.turn.ClassicFighter.save_bonus`), with the classic conditions'
saving throw modifiers ("Conditions": Shaken "-2 penalty to all rolls", Frightened and
Sickened -2, Energy-Drained -1 a negative level): those the creature's file lists and those
given with ``conditions=`` (``["Shaken"]``, ``["Energy-Drained 2"]``).

Natural 20 / natural 1: the chapter states "always a success / always a failure" for Attack
Rolls only ("Attack Rolls - Automatic Success & Failure"). For saves the kit follows the d20
convention the text builds on (inferred): a natural 20 always saves and a natural 1 always
fails.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from lfgcombat.shortrepr import short
from ..bonuses import Bonus, stack
from ..damage import Applied, DamageType, Resistances, apply_resistance
from lfgcombat.dice import Fortune, Roll, Roller, net_fortune
from lfgcombat.errors import LfgError
from lfgcombat.dice.odds import pmf

if TYPE_CHECKING:
    from lfgcombat.creature import Creature, Stat
    from lfgcombat.rulesets import Ruleset

__all__ = ["SaveError", "SaveResult", "save_dc", "saving_throw", "save_odds",
           "save_for_half", "damage_after_save", "SAVES"]

TEXT = "000_8d1d7816ee944f3b.txt"
SAVES = ("fort", "ref", "will")
_RULE = f'{TEXT}, "Saving Throws"'


class SaveError(LfgError, ValueError):
    """A save name, DC or modifier that cannot be used."""


def _check_int(name: str, value: object, lo: int = -100, hi: int = 1000) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise SaveError(f"{name} must be a whole number from {lo} to {hi}, not {short(value)}")
    return value


def save_dc(spell_level: int, ability_mod: int, base: int = 10) -> int:
    """The Save DC of a spell or SLA: ``10 + Spell Level + CastingAbilityMod``.

    000_8d1d7816ee944f3b.txt, "Saving Throws";
    000_8d1d7816ee944f3b.txt, "Save DC": "Most Spells & SLA have a Save DC of
    (10+Spell Level+CastingAbilityMod)". Ex: SL2 Hold Animal with +3 WISMod
    is DC 15.

    Raises:
        SaveError: a value that is not a whole number (spell levels run 0 to 9 and more).
    """
    _check_int("spell_level", spell_level, 0, 20)
    _check_int("ability_mod", ability_mod, -10, 50)
    _check_int("base", base, 0, 100)
    return base + spell_level + ability_mod


def _which(which: str) -> str:
    key = str(which).strip().lower()
    key = {"fortitude": "fort", "reflex": "ref"}.get(key, key)
    if key not in SAVES:
        raise SaveError(f"unknown saving throw {short(which)}; one of fort, ref, will")
    return key


@dataclass(frozen=True)
class SaveResult:
    """One Saving Throw: the roll, the bonus, the DC and the verdict.

    Attributes:
        name: Who saved.
        which: ``fort``, ``ref`` or ``will``.
        dc: The Save DC.
        bonus: The save bonus (the creature's plus situational bonuses).
        roll: The d20 roll (``None`` when no roll is made: helpless REF, willing).
        success: Passed the save.
        why: What decided it (``"natural 20"``, ``"helpless: fails REF automatically"``...).
        lines: The explanation of the bonus.
        rule: The rule it was rolled by (lfg's "Saving Throws", or the ruleset's).
    """

    name: str
    which: str
    dc: int
    bonus: int
    roll: Roll | None
    success: bool
    why: str
    lines: tuple[str, ...] = ()
    rule: str = _RULE

    @property
    def total(self) -> int | None:
        """The save roll's total (``None`` when nothing was rolled)."""
        return None if self.roll is None else self.roll.total

    def halve(self, amount: int) -> int:
        """Damage after this save for a "Save for Half" effect (see :func:`save_for_half`)."""
        return save_for_half(amount, self.success)

    def explain(self) -> str:
        """The save as readable lines."""
        verdict = "passes" if self.success else "fails"
        head = f"{self.name}: {self.which.upper()} Save vs DC {self.dc} -> {verdict} ({self.why})"
        out = [head]
        if self.roll is not None:
            out.append("  " + self.roll.explain())
        out += [f"  {line}" for line in self.lines]
        out.append(f"  ({self.rule})")
        return "\n".join(out)

    def __repr__(self) -> str:
        return f"<SaveResult {self.explain().splitlines()[0]}>"


def _save_bonus(creature: Creature, which: str,
                bonuses: Iterable[Bonus | int]) -> tuple[Stat, int, tuple[str, ...]]:
    stat = creature.saving_throw(which)
    base = [ln.bonus for ln in stat.bonuses.lines] if stat.bonuses is not None else []
    extra = [b if isinstance(b, Bonus) else Bonus(_check_int("bonus", b), None, "situation")
             for b in bonuses]
    stacked = stack(base + extra)
    value = sum(t.value for t in stat.terms) + stacked.total
    lines = [f"{t.value:+d} {t.label}" for t in stat.terms]
    lines += [f"{ln.counted:+d} {ln.bonus.source or 'untyped'} ({ln.note})" for ln in stacked.lines]
    return stat, value, tuple(lines)


class SavingThrows:
    """A ruleset's saving throws: the ``saves`` slot of its
    :class:`~lfgcombat.rulesets.RulesetDefinition` (issue 24, item 3: asked of the ruleset,
    never found by its name). This base is lfg's: this module's own rules (the class's Save
    Rating, a natural 20 saves and a natural 1 fails). A ruleset with saves of its own
    subclasses it with ``own = True``, its ``rule`` and its :meth:`bonus`; with
    ``takes_conditions`` its bonus also takes ``conditions=`` (its own condition names, as
    classic's: 002_2a3a79475ca2a541.txt, "Conditions").
    """

    #: Whether the ruleset rolls saves of its own (else this module's rules).
    own: bool = False
    #: Whether its own bonus takes ``conditions=``.
    takes_conditions: bool = False
    #: The citation of its saving throws.
    rule: str = ""

    def bonus(self, creature: Any, which: str, bonuses: Iterable[Bonus | int],
              fortune: Fortune | str | None, conditions: tuple[str, ...] | None = None
              ) -> tuple[int, tuple[str, ...]]:
        """The ruleset's own save bonus and its lines (no natural 20 or 1 rule).

        Raises:
            NotImplementedError: always, for lfg's saves (``own`` is ``False``).
        """
        raise NotImplementedError("lfg's saves are this module's own rules")


#: Turns a ruleset (or its name or alias) into its name and its :class:`SavingThrows`;
#: :mod:`lfgcombat.rulesets` sets it when it loads (this module sits below the rulesets
#: and does not import them).
_RESOLVE: list[Callable[[Any], tuple[str, SavingThrows]]] = []


def takes_own_conditions(ruleset: "Ruleset | str") -> bool:
    """Whether ``ruleset``'s own saves take its own condition names (``conditions=``), as
    classic's do (002_2a3a79475ca2a541.txt, "Conditions"): an encounter then rolls a
    combatant's saves from its ruleset record, not its lfg sheet."""
    own = _own_saves(ruleset)
    return own is not None and own[1].takes_conditions


def _bonus_of(own: tuple[str, SavingThrows] | None, creature: Any, which: str,
              bonuses: Iterable[Bonus | int], fortune: Fortune | str | None,
              conditions: Iterable[str] | None) -> tuple[int, tuple[str, ...]] | None:
    """The ruleset's own save bonus (``None``: lfg's rules), given ``conditions``.

    Raises:
        SaveError: ``conditions`` under a ruleset whose saves do not take them.
    """
    if conditions is not None and (own is None or not own[1].takes_conditions):
        name = "lfg" if own is None else own[0]
        raise SaveError(f"conditions= gives a ruleset's own conditions (classic: "
                        f"002_2a3a79475ca2a541.txt, \"Conditions\"); under {name} the "
                        "creature's own conditions count (its file's conditions:, "
                        "Creature.gain): leave conditions out")
    if own is None:
        return None
    if conditions is not None:
        return own[1].bonus(creature, which, bonuses, fortune, conditions=tuple(conditions))
    return own[1].bonus(creature, which, bonuses, fortune)


def set_ruleset_resolver(resolve: Callable[[Any], tuple[str, SavingThrows]]) -> None:
    """How a ``ruleset=`` argument is turned into a ruleset's name and saves (raising for
    an unknown one); set by :mod:`lfgcombat.rulesets`."""
    _RESOLVE[:] = [resolve]


def _own_saves(ruleset: "Ruleset | str | None") -> tuple[str, SavingThrows] | None:
    """The ruleset's name and its own save rules, or ``None`` for this module's (``lfg``,
    a ruleset whose ``saves`` slot is lfg's).

    Raises:
        RulesetError: not a ruleset or the name of one.
    """
    if ruleset is None or not _RESOLVE:
        return None
    name, rules = _RESOLVE[0](ruleset)
    return (name, rules) if rules.own else None


def saving_throw(creature: Creature, which: str, dc: int, roller: Roller, *,
                 fortune: Fortune | str | None = None, bonuses: Iterable[Bonus | int] = (),
                 willing: bool = False, label: str | None = None,
                 ruleset: "Ruleset | str | None" = None,
                 conditions: Iterable[str] | None = None) -> SaveResult:
    """Roll a Saving Throw for a creature.

    000_8d1d7816ee944f3b.txt, "Saving Throws (Saves) - What are Saves?": 1d20 plus the
    class's Save Rating (and modifiers) against the Save DC.

    Args:
        creature: A :class:`lfgcombat.Creature`.
        which: ``fort``, ``ref`` or ``will``.
        dc: The Save DC.
        roller: The seeded :class:`~lfgcombat.dice.Roller`.
        fortune: Fortunate/Unfortunate from the situation (combined with the creature's
            conditions; the two cancel).
        bonuses: Situational bonuses/penalties (stacked with the creature's own).
        willing: A willing creature "may choose to be affected without rolling": no roll,
            the save fails.
        label: The roll's label in the dice log.
        ruleset: The ruleset (``None``: ``lfg``): ``wounds`` rolls 1d20 + base save by
            Hit Dice + FORT CON / REF WIS / WILL CHA, with no natural 20 or 1 rule;
            ``classic`` 1d20 + the CON / DEX / WIS modifier and its conditions.
        conditions: Under ``classic``: classic conditions besides those of the creature's
            file (``["Shaken"]``, ``["Energy-Drained 2"]``).

    Returns:
        :class:`SaveResult`.

    Raises:
        SaveError: unknown save or bad DC (nothing is rolled).
        WoundsError: under ``wounds``, a creature without ``good_saves`` (named).
        ClassicError: under ``classic``, a condition that is not a classic one.
    """
    which = _which(which)
    _check_int("dc", dc, -100, 1000)
    own = _own_saves(ruleset)
    found = _bonus_of(own, creature, which, bonuses, fortune, conditions)
    if own is not None and found is not None:
        return _own_saving_throw(own, found, creature, which, dc, roller, willing=willing,
                                 label=label)
    return _lfg_saving_throw(creature, which, dc, roller, fortune=fortune, bonuses=bonuses,
                             willing=willing, label=label)


def _lfg_saving_throw(creature: Creature, which: str, dc: int, roller: Roller, *,
                      fortune: Fortune | str | None, bonuses: Iterable[Bonus | int],
                      willing: bool, label: str | None) -> SaveResult:
    """lfg's save (:func:`saving_throw` under lfg, or a ruleset whose ``saves`` are lfg's):
    1d20 + the Save Rating and modifiers, a natural 20 saves and a natural 1 fails."""
    stat, value, lines = _save_bonus(creature, which, bonuses)
    if willing:
        return SaveResult(creature.name, which, dc, value, None, False,
                          "willing: affected without rolling", lines)
    if stat.auto_fail:
        return SaveResult(creature.name, which, dc, value, None, False,
                          "helpless: a helpless character automatically fails REF Saves",
                          lines)
    luck = net_fortune([stat.fortune, Fortune.coerce(fortune)])
    sign = "+" if value >= 0 else "-"
    r = roller.roll(f"1d20{sign}{abs(value)}", fortune=luck,
                    label=label or f"{creature.name} {which.upper()} Save vs DC {dc}")
    if r.natural == 20:
        ok, why = True, "natural 20 always saves (d20 convention, inferred)"
    elif r.natural == 1:
        ok, why = False, "natural 1 always fails (d20 convention, inferred)"
    else:
        ok = r.total >= dc
        why = f"{r.total} {'>=' if ok else '<'} {dc}"
    return SaveResult(creature.name, which, dc, value, r, ok, why, lines)


def _own_saving_throw(own: tuple[str, SavingThrows], found: tuple[int, tuple[str, ...]],
                      creature: Creature, which: str, dc: int, roller: Roller, *,
                      willing: bool, label: str | None) -> SaveResult:
    """A save by a ruleset's own bonus (``found``: its value and lines): 1d20 + bonus >=
    DC, nothing automatic."""
    name, rule = own[0], own[1].rule
    value, lines = found
    if willing:
        return SaveResult(creature.name, which, dc, value, None, False,
                          "willing: affected without rolling", lines, rule)
    sign = "+" if value >= 0 else "-"
    r = roller.roll(f"1d20{sign}{abs(value)}",
                    label=label or f"{creature.name} {which.upper()} Save vs DC {dc}")
    ok = r.total >= dc
    return SaveResult(creature.name, which, dc, value, r, ok,
                      f"{r.total} {'>=' if ok else '<'} {dc} ({name}: no natural 20 or 1 "
                      "rule)",
                      lines, rule)


def save_odds(creature: Creature, which: str, dc: int, *, fortune: Fortune | str | None = None,
              bonuses: Iterable[Bonus | int] = (),
              ruleset: "Ruleset | str | None" = None,
              conditions: Iterable[str] | None = None) -> float:
    """The exact probability that a creature passes a Saving Throw.

    Same rules as :func:`saving_throw` (natural 20 saves, natural 1 fails, helpless fails
    REF), computed from the d20's 20 faces (and Fortunate/Unfortunate); under ``ruleset=
    "wounds"`` 1d20 + its wounds bonus >= DC, nothing automatic; under ``"classic"`` 1d20
    + its ability modifier and classic conditions (``conditions=``, as
    :func:`saving_throw`) >= DC.

    Example:
        >>> from lfgcombat.creature import load_example
        >>> orc = load_example("orc").replace(ruleset=["classic"], bab=3)
        >>> save_odds(orc, "ref", 15, ruleset="classic", conditions=["Shaken"])
        0.2

    Returns:
        P(success), a float in [0, 1].
    """
    which = _which(which)
    _check_int("dc", dc, -100, 1000)
    own = _own_saves(ruleset)
    found = _bonus_of(own, creature, which, bonuses, fortune, conditions)
    if found is not None:
        return min(20, max(0, 21 - (dc - found[0]))) / 20
    stat, value, _ = _save_bonus(creature, which, bonuses)
    if stat.auto_fail:
        return 0.0
    luck = net_fortune([stat.fortune, Fortune.coerce(fortune)])
    faces = pmf("1d20", luck, exact=True)  # summed exactly, rounded once: 0.45, not 0.4499...
    return float(sum((p for n, p in zip(faces.index.tolist(), faces.tolist())
                      if n == 20 or (n != 1 and n + value >= dc)), Fraction(0)))


def save_for_half(amount: int, saved: bool) -> int:
    """"Save for Half": half damage (rounded down) on a successful save.

    000_8d1d7816ee944f3b.txt, "Saving Throws" and "Elemental Resistance X" (Ex: 21 halved
    to 10).
    """
    _check_int("amount", amount, 0, 10**7)
    return amount // 2 if saved else amount


def damage_after_save(amount: int, dtype: DamageType | str, resistances: Resistances | None,
                      saved: bool, *, half: bool = True, creature_type: str = "living"
                      ) -> Applied:
    """Damage from a saving-throw effect: halve on a save first, then apply resistance.

    000_8d1d7816ee944f3b.txt, "Elemental Resistance X": "Resolve any Saving Throw results
    before applying Elemental Resistance." Ex: "Elec Resist 5 ... fails the REF Save for a
    21 damage Lightning Bolt ... takes only 16 ... passed ... halved to 10, then 5 of that
    is resisted, so the character takes only 5".

    Args:
        amount: The damage rolled.
        dtype: Its type.
        resistances: The target's resistances.
        saved: Did the save succeed.
        half: A "Save for Half" effect (else a successful save ignores all effects: 0).
        creature_type: ``living``, ``undead``, ``construct`` or ``object``.
    """
    _check_int("amount", amount, 0, 10**7)
    if saved and not half:
        return Applied(DamageType.coerce(dtype), amount, amount, 0,
                       "save passed: the effect is ignored")
    after = save_for_half(amount, saved) if half else amount
    applied = apply_resistance(after, dtype, resistances, creature_type=creature_type)
    if saved:
        return Applied(applied.type, amount, amount - applied.taken, applied.taken,
                       f"halved by the save to {after}; {applied.note}")
    return applied
