"""Hit points as a value: damage, healing, temporary HP, dying, bleeding, death.

000_8d1d7816ee944f3b.txt, "Hit Points (HP) - Taking Damage, Injury, Death:" and the
conditions it sets off ("Bleed X", "Dying", "Weakened"). A :class:`Vitals` is frozen; every
transition (:meth:`Vitals.damage`, :meth:`Vitals.heal`, :meth:`Vitals.gain_temp_hp`,
:meth:`Vitals.bleed_tick`, :meth:`Vitals.stabilize`, ...) returns a new value whose
``events`` say what happened, and a refused transition raises
:class:`~lfgcombat.errors.IllegalActionError` naming the rule, leaving the old value as it
was. The rules, as the text states them:

* "Temporary Hit Points are lost first, before any damage strikes your actual Hit
  Points"; "You may never have more Temporary HP than 25% of your Maximum HP"; "Temporary
  Hit Points disappear in 1 hour and cannot be healed".
* Injured at or below the Injured Threshold (25% of max HP; none at 3 HP or fewer).
* "If you are struck to 0 Hit Points or less, you fall unconscious and gain +1 Weakened
  Stage. If struck to 0HP or less by a Slashing or Piercing weapon, you also gain Bleed 1;
  you are dying." "If your current Hit Point total is raised above 0HP, you regain
  consciousness."
* "A character dies if reduced to a negative number of HP equal to its CON Score" (PCs and
  bosses); "Goons, basic monsters, & most NPCs die when they reach (-Level) HP".
* Bleed X: X biological damage per round; stacks up to the creature's level; "After 10
  rounds of bleeding, the wound begins to clot, and the Bleed X amount is reduced by 1 per
  round" ("Bleed X").
* "Stabilize when Dying: If dying, you may attempt a DC20 FORT Save once per round to
  reduce the bleeding by 1. If the bleeding stops, you are unconscious while at 0HP or
  less, and you may heal naturally as if resting."
* "Healed HP are added to your current HP, up to your Maximum HP"; "Magical healing and HP
  healed from the Heal Skill reduce Bleed damage by the amount of HP healed" (Ex: Bleed 3
  healed +2HP is Bleed 1); "You cannot heal naturally if you are bleeding"; the dead are
  not brought back by healing.

Decisions where the text is open (each also in the method's docstring): the Weakened stage
is gained when a creature *falls* to 0 HP or less (not again for each later strike while
down), while every slashing or piercing strike that deals HP damage to a creature at 0 HP
or less adds Bleed 1 (the text's "struck to 0HP or less by a Slashing or Piercing weapon");
Temporary HP from several sources add up to the 25% cap (the text states only the cap).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

from lfgcombat.shortrepr import short
from ..conditions.conditions import MAX_WEAKENED_STAGE, Condition, bleed_cap
from ..damage import DamageType
from lfgcombat.dice import Roller
from ..citations import cite as _cite
from lfgcombat.errors import IllegalActionError, LfgError
from .saves import saving_throw

if TYPE_CHECKING:
    from lfgcombat.creature import Creature

__all__ = ["Vitals", "VitalsError", "STABILIZE_DC", "CLOT_AFTER_ROUNDS", "HEAL_SOURCES"]

TEXT = "000_8d1d7816ee944f3b.txt"
STABILIZE_DC = 20
CLOT_AFTER_ROUNDS = 10
#: Where healing comes from: magic and the Heal skill reduce Bleed; natural healing (and a
#: rest) is refused while bleeding.
HEAL_SOURCES = ("magic", "heal_skill", "natural")




#: ``(creature, ruleset) -> the ruleset's vitals``, set by :mod:`lfgcombat.rulesets` (which
#: sits above this module: no import back).
_RULESET_VITALS: Any = None


def set_ruleset_vitals(resolver: Any) -> None:
    """Install what :meth:`Vitals.from_creature` asks for a ruleset's vitals (called once,
    by :mod:`lfgcombat.rulesets`)."""
    global _RULESET_VITALS
    _RULESET_VITALS = resolver


class VitalsError(LfgError, ValueError):
    """A bad amount (negative, not a whole number) given to a transition."""


def _amount(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise VitalsError(f"{name} must be a whole number >= 0, not {value!r}")
    return value


@dataclass(frozen=True)
class Vitals:
    """A creature's hit points and the conditions that come with them.

    Build one with :meth:`from_creature`; write it back with :meth:`to_creature`.

    Attributes:
        name: Whose vitals.
        max_hp: Maximum HP.
        hp: Current HP (may be negative).
        temp_hp: Temporary HP.
        injured_threshold: 25% of max HP (``None``: 3 or fewer HP, no threshold).
        death_threshold: Dies at this HP or below (-CON score, or -level for goons).
        temp_hp_cap: The most Temporary HP it may have.
        level: Caps Bleed X.
        creature_type: ``living``, ``undead``, ``construct``...
        bleed: X of Bleed X.
        bleed_rounds: Rounds bled so far (clotting starts after 10).
        weakened: Weakened stage (0-5).
        knocked_out: Unconscious yet stable from a Knockout Strike (even above 0 HP).
        dead: Dead.
        extra: Other conditions gained from damage (``prone``, ``broken_arm``...).
        events: What the last transition did, in words.
    """

    name: str
    max_hp: int
    hp: int
    temp_hp: int = 0
    injured_threshold: int | None = None
    death_threshold: int = -10
    temp_hp_cap: int = 0
    level: int = 1
    creature_type: str = "living"
    bleed: int = 0
    bleed_rounds: int = 0
    weakened: int = 0
    knocked_out: bool = False
    dead: bool = False
    extra: tuple[str, ...] = ()
    events: tuple[str, ...] = ()

    # ----------------------------------------------------------------- building

    @classmethod
    def from_creature(cls, creature: Creature, ruleset: Any = None) -> Any:
        """The vitals of a :class:`lfgcombat.Creature` by a ruleset's health rules.

        Without ``ruleset`` (or with ``"lfg"``): these lfg :class:`Vitals` (its HP, temp HP,
        Bleed, Weakened; 000_8d1d7816ee944f3b.txt, "Hit Points (HP) - Taking Damage,
        Injury, Death:"). With ``ruleset="classic"`` or ``"wounds"`` (a name or a
        :class:`~lfgcombat.rulesets.Ruleset`): that ruleset's own vitals, as
        ``Ruleset(x).health.vitals(creature)`` builds them (issue 13's entry points:
        "``Vitals`` reporting ``wounds``, ``barrier``, ``shell``, ``nonlethal``,
        ``disabled`` where the ruleset has them"):
        :class:`~lfgcombat.rulesets.classic.health.ClassicVitals` (``nonlethal``, ``disabled``,
        ``stable``, ``mobile``; 002_2a3a79475ca2a541.txt, "Death", "Nonlethal Damage") or
        :class:`~lfgcombat.rulesets.wounds.health.WoundsVitals` (``wounds``, ``barrier``,
        ``shell``; 003_de0e94afd49609a7.txt, "When a character is subject to a
        damage-dealing effect").

        Args:
            creature: The creature as it stands.
            ruleset: ``None`` (lfg), a ruleset name or a :class:`~lfgcombat.rulesets.Ruleset`.

        Raises:
            StatError: a threshold of the creature is not a whole number (never for a
                creature built from a valid file).
            RulesetError: ``ruleset`` names no ruleset.
            RulesetFieldError: a ruleset given that the creature's ``ruleset`` key leaves
                out.

        Example:
            >>> from lfgcombat import Creature
            >>> orc = Creature.from_dict({"name": "Orc", "level": 2, "max_hp": 15})
            >>> Vitals.from_creature(orc, ruleset="classic").disabled
            False
        """
        if ruleset is not None:
            if _RULESET_VITALS is None:  # pragma: no cover - set by lfgcombat.rulesets
                raise VitalsError("the rulesets are not loaded; import lfgcombat first")
            return _RULESET_VITALS(creature, ruleset)
        return cls._lfg(creature)

    @classmethod
    def _lfg(cls, creature: Creature) -> "Vitals":
        """lfg's vitals of ``creature`` (:meth:`from_creature` without a ruleset); a
        creature is a frozen value, so its vitals are kept on it once made (issue 24,
        "Fast": they were made again at every look)."""
        kept = creature.__dict__.get("_lfg_vitals") if cls is Vitals else None
        if kept is not None:
            return kept
        made = cls._lfg_made(creature)
        if cls is Vitals:
            creature.__dict__["_lfg_vitals"] = made
        return made

    @classmethod
    def _lfg_made(cls, creature: Creature) -> "Vitals":
        """:meth:`_lfg` computed."""
        bleed = next((a.value for a in creature.conditions
                      if a.condition is Condition.BLEED and a.value is not None), 0)
        weak = next((a.value for a in creature.conditions
                     if a.condition is Condition.WEAKENED and a.value is not None), 0)
        own = {a.condition for a in creature.conditions}
        extra = tuple(c.value for c in (Condition.PRONE, Condition.BROKEN_ARM,
                                        Condition.BROKEN_LEG, Condition.BROKEN_RIBS,
                                        Condition.SEVERED_ARM, Condition.SEVERED_LEG)
                      if c in own)
        return cls(name=creature.name, max_hp=creature.max_hp.whole(), hp=creature.hp,
                   temp_hp=creature.temp_hp,
                   injured_threshold=creature.injured_threshold.whole_or_none(),
                   death_threshold=creature.death_threshold.whole(),
                   temp_hp_cap=creature.temp_hp_cap.whole(), level=creature.level,
                   creature_type=creature.creature_type.value, bleed=bleed, weakened=weak,
                   knocked_out=Condition.UNCONSCIOUS in own and creature.hp > 0,
                   dead=creature.is_dead, extra=extra)

    def to_creature(self, creature: Creature) -> Creature:
        """``creature`` with these HP, temp HP, Bleed, Weakened stage and conditions.

        Conditions that follow from HP (Injured, Unconscious, Dying) are derived by the
        creature itself and are not stored.
        """
        hp = min(self.hp, self.max_hp)
        same_hp = creature.current_hp == hp and creature.temp_hp == self.temp_hp
        if not creature.conditions and not self.extra and not self.bleed and \
                not self.weakened and not (self.knocked_out and self.hp > 0):
            if same_hp:  # nothing to write: the creature is these vitals (issue 24, "Fast")
                return creature
            return self._hp_to(creature, creature._with_hp(hp, self.temp_hp))  # none
        written = (Condition.BLEED, Condition.WEAKENED, Condition.UNCONSCIOUS,
                   *(Condition(x) for x in self.extra))  # (written below)
        keep = [str(a) for a in creature.conditions if a.condition not in written]
        conds = keep + list(self.extra)
        if self.bleed:
            conds.append(f"bleed {self.bleed}")
        if self.weakened:
            conds.append(f"weakened {self.weakened}")
        if self.knocked_out and self.hp > 0:
            conds.append("unconscious")
        # a creature holds one entry per condition, in the conditions' order (the order
        # Creature.replace stacks them in): the same entries in another order are the
        # conditions it has (issue 24, "Fast": "prone" written first read them all again)
        if sorted(conds) != sorted(str(a) for a in creature.conditions):
            return creature.replace(current_hp=hp, temp_hp=self.temp_hp, conditions=conds)
        # the conditions as they were: a damage changes the HP it changes (issue 24, "Fast"),
        # and vitals that change nothing the creature holds (a failed DC20 FORT Save to
        # stabilize, a look before a save) give the creature itself
        if same_hp:
            return creature
        return self._hp_to(creature, creature._with_hp(hp, self.temp_hp))

    @staticmethod
    def _hp_to(creature: Creature, made: Creature) -> Creature:
        """``made`` (``creature`` with other HP and the same conditions) keeping
        ``creature``'s lfg vitals but for the HP (:meth:`to_creature`)."""
        kept = creature.__dict__.get("_lfg_vitals")
        if kept is not None:  # its lfg vitals (_lfg_made's), but for the HP
            # (its death threshold the sheet's: kept's, made whole)
            hp = made.hp
            made.__dict__["_lfg_vitals"] = kept.evolved(
                hp=hp, temp_hp=made.temp_hp, dead=hp <= kept.death_threshold,
                knocked_out=hp > 0 and any(a.condition is Condition.UNCONSCIOUS
                                           for a in made.conditions))
        return made

    # ----------------------------------------------------------------- derived state

    @property
    def injured(self) -> bool:
        """At or below the Injured Threshold ("Injury & Injured Threshold")."""
        return self.injured_threshold is not None and self.hp <= self.injured_threshold

    @property
    def unconscious(self) -> bool:
        """At 0 HP or less (alive), or knocked out."""
        return not self.dead and (self.hp <= 0 or self.knocked_out)

    @property
    def dying(self) -> bool:
        """Unconscious at 0 HP or less and bleeding ("Dying")."""
        return not self.dead and self.hp <= 0 and self.bleed > 0

    @property
    def stable(self) -> bool:
        """Unconscious but not bleeding ("Stabilize when Dying")."""
        return self.unconscious and self.bleed == 0

    @property
    def conditions(self) -> tuple[str, ...]:
        """The conditions these vitals bring: ``dead``, ``dying``, ``unconscious``,
        ``helpless``, ``prone``, ``injured``, ``bleed X``, ``weakened N`` and the extras."""
        out: list[str] = []
        if self.dead:
            out.append("dead")
        else:
            if self.dying:
                out.append("dying")
            if self.unconscious:
                out += ["unconscious", "helpless", "prone"]
            if self.injured:
                out.append("injured")
        if self.bleed:
            out.append(f"bleed {self.bleed}")
        if self.weakened:
            out.append(f"weakened {self.weakened}")
        out += [x.replace("_", " ") for x in self.extra if x.replace("_", " ") not in out]
        return tuple(out)

    @property
    def state(self) -> str:
        """``dead``, ``dying``, ``stable`` (unconscious, not bleeding), ``injured`` or ``ok``."""
        if self.dead:
            return "dead"
        if self.dying:
            return "dying"
        if self.unconscious:
            return "stable"
        return "injured" if self.injured else "ok"

    def summary(self) -> str:
        """One line: name, HP of max HP, temporary HP and conditions."""
        temp = f" (+{self.temp_hp} temp)" if self.temp_hp else ""
        shown = self.conditions
        conds = f" [{', '.join(shown)}]" if shown else ""
        return f"{self.name}: HP {self.hp}/{self.max_hp}{temp}{conds}"

    def explain(self) -> str:
        """The state, then what the last transition did."""
        lines = [self.summary()]
        lines += [f"  {e}" for e in self.events]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<Vitals {self.summary()}>"

    # ----------------------------------------------------------------- transitions

    def _with(self, events: list[str], **changes: Any) -> "Vitals":
        return self.evolved(events=tuple(events), **changes)

    def evolved(self, **changes: Any) -> "Vitals":
        """``dataclasses.replace(self, **changes)`` of fields it names, made by copying
        (these vitals are checked values with nothing kept on them: issue 24, "Fast").

        Raises:
            TypeError: a name that is not a field (as ``replace`` does).
        """
        if type(self) is not Vitals or not _VITALS_FIELDS.issuperset(changes):
            return replace(self, **changes)  # (a subclass's checks; an unknown name refused)
        new = object.__new__(Vitals)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new

    def damage(self, amount: int, dtype: DamageType | str = "bludgeoning", *,
               struck: bool = True) -> "Vitals":
        """Take ``amount`` damage (already after resistances) of type ``dtype``.

        Temporary HP absorb it first; the rest comes off HP. Falling to 0 HP or less
        (from above 0) makes the creature unconscious (prone, helpless) and adds one
        Weakened stage ("Unconscious & Dying"); a slashing or piercing strike that deals
        HP damage and leaves it at 0 HP or less adds Bleed 1 (capped at its level, "Bleed
        X"); at or below the death threshold it dies ("Death", "NPC & Enemy Death").

        Args:
            amount: Damage, >= 0.
            dtype: Its type (slashing and piercing cause Bleed at 0 HP or less).
            struck: ``False`` for damage that is not a strike (a Bleed tick): it never
                adds Bleed.

        Returns:
            New vitals (these are unchanged).

        Raises:
            VitalsError: a negative or non-integer amount.
        """
        amount = _amount("damage", amount)
        dtype = DamageType.coerce(dtype)
        events: list[str] = []
        temp = self.temp_hp
        absorbed = min(temp, amount)
        rest = amount - absorbed
        if absorbed:
            temp -= absorbed
            events.append(f"{absorbed} absorbed by Temporary HP ({temp} left) "
                          f"({_cite('Temporary Hit Points (TempHP)')})")
        hp = self.hp - rest
        events.append(f"takes {rest} {dtype.value} damage: HP {self.hp} -> {hp}")
        bleed, weakened = self.bleed, self.weakened
        if (not self.injured and self.injured_threshold is not None
                and hp <= self.injured_threshold and hp > 0):
            events.append(f"Injured: HP {hp} at or below the Injured Threshold "
                          f"{self.injured_threshold} ({_cite('Injury & Injured Threshold')})")
        dead = self.dead
        if not dead and hp <= self.death_threshold:
            dead = True
            events.append(f"dies: HP {hp} at or below {self.death_threshold} "
                          f"({_cite('Death')}; {_cite('NPC & Enemy Death')})")
        elif not dead and hp <= 0:
            if self.hp > 0:
                weakened, more = self._falls_unconscious(hp)
                events += more
            if struck and rest > 0 and dtype in (DamageType.SLASHING, DamageType.PIERCING):
                bleed, more = self._struck_bleeding(hp, dtype)
                events += more
        return self._with(events, hp=hp, temp_hp=temp, bleed=bleed, weakened=weakened,
                          dead=dead, extra=self.extra,
                          bleed_rounds=self.bleed_rounds if bleed else 0)

    def _falls_unconscious(self, hp: int) -> tuple[int, list[str]]:
        """(the Weakened stage, events) of falling to ``hp`` <= 0 from above 0 HP."""
        events = [f"falls unconscious (prone, helpless) at {hp} HP "
                  f"({_cite('Unconscious & Dying')})"]
        if self.weakened < MAX_WEAKENED_STAGE:
            events.append(f"gains a Weakened stage: now Weakened {self.weakened + 1}")
            return self.weakened + 1, events
        events.append("already Weakened 5: takes 1d6 biological damage instead "
                      f"({_cite('Weakened, Stage 5+')}) - roll it and apply it")
        return self.weakened, events

    def _struck_bleeding(self, hp: int, dtype: DamageType) -> tuple[int, list[str]]:
        """(Bleed, events) after a slashing or piercing strike leaves it at ``hp`` <= 0."""
        new = min(self.bleed + 1, bleed_cap(self.level))
        if new > self.bleed:
            return new, [f"struck to {hp} HP by a {dtype.value} attack: Bleed {new}; "
                         f"dying ({_cite('Unconscious & Dying')})"]
        return new, [f"Bleed stays {self.bleed}: X cannot exceed the level "
                     f"({_cite('Bleed X')})"]

    def heal(self, amount: int, source: str = "magic") -> "Vitals":
        """Regain ``amount`` HP, never above the maximum.

        Magic and the Heal skill also reduce Bleed by the amount healed (Ex: Bleed 3 healed
        +2HP is Bleed 1); above 0 HP the creature regains consciousness ("Healing lost HP",
        "Unconscious & Dying").

        Args:
            amount: HP healed, >= 0.
            source: ``magic``, ``heal_skill`` or ``natural`` (a rest).

        Raises:
            IllegalActionError: healing the dead ("Death"), or natural healing while
                bleeding ("Healing lost HP").
            VitalsError: bad amount or source.
        """
        amount = _amount("healing", amount)
        if source not in HEAL_SOURCES:
            raise VitalsError(f"healing source must be one of {', '.join(HEAL_SOURCES)}, "
                              f"not {short(source)}")
        if self.dead:
            raise IllegalActionError(
                f"{self.name} is dead: a dead creature cannot be brought back to life by "
                "healing lost Hit Points; only effects that 'resurrect' can", _cite("Death"))
        if source == "natural" and self.bleed:
            raise IllegalActionError(
                f"{self.name} is bleeding (Bleed {self.bleed}): you cannot heal naturally "
                "while bleeding; stop the bleeding first (magic, the Heal skill, a DC20 FORT "
                "Save)", _cite("Healing lost HP"))
        events = []
        hp = min(self.max_hp, self.hp + amount)
        events.append(f"heals {amount} ({source.replace('_', ' ')}): HP {self.hp} -> {hp}"
                      + (f" (capped at max HP {self.max_hp})" if self.hp + amount > self.max_hp
                         else ""))
        bleed = self.bleed
        if bleed and source in ("magic", "heal_skill"):
            bleed = max(0, bleed - amount)
            events.append(f"Bleed {self.bleed} -> {bleed}: healing reduces Bleed by the HP "
                          f"healed ({_cite('Healing lost HP')})")
        knocked = self.knocked_out
        if self.unconscious and hp > 0:
            knocked = False
            events.append("regains consciousness: HP above 0")
        if self.injured and not (self.injured_threshold is not None
                                 and hp <= self.injured_threshold):
            events.append("no longer Injured: healed above the Injured Threshold")
        return self._with(events, hp=hp, bleed=bleed, knocked_out=knocked,
                          bleed_rounds=self.bleed_rounds if bleed else 0)

    def gain_temp_hp(self, amount: int) -> "Vitals":
        """Gain Temporary HP, up to 25% of max HP ("Temporary Hit Points (TempHP)").

        Ex: "A character with maximum 36HP may never have more than 9 Temporary HP."
        Several gains add up to the cap (inferred: the text states only the cap).
        """
        amount = _amount("temporary HP", amount)
        temp = min(self.temp_hp_cap, self.temp_hp + amount)
        note = (f" (capped: never more than 25% of max HP, {self.temp_hp_cap})"
                if self.temp_hp + amount > self.temp_hp_cap else "")
        return self._with([f"gains {amount} Temporary HP: {self.temp_hp} -> {temp}{note}"],
                          temp_hp=temp)

    def expire_temp_hp(self) -> "Vitals":
        """Temporary HP disappear (after 1 hour)."""
        return self._with([f"{self.temp_hp} Temporary HP disappear (they last 1 hour)"],
                          temp_hp=0)

    def bleed_tick(self) -> "Vitals":
        """One round of Bleed X: X biological damage; clotting after 10 rounds.

        "After 10 rounds of bleeding, the wound begins to clot, and the Bleed X amount is
        reduced by 1 per round" ("Bleed X"): rounds 1-10 deal X, round 11 deals X-1, ...
        A tick never adds Bleed. When the bleeding stops at 0 HP or less the creature is
        stable.
        """
        if not self.bleed or self.dead:
            return self._with(["no bleeding"])
        rounds = self.bleed_rounds + 1
        bleed = self.bleed
        events = []
        if rounds > CLOT_AFTER_ROUNDS:
            bleed -= 1
            events.append(f"round {rounds} of bleeding: the wound clots, Bleed "
                          f"{self.bleed} -> {bleed} ({_cite('Bleed X')})")
        out = self.evolved(bleed=bleed, bleed_rounds=rounds)
        if bleed:
            out = out.damage(bleed, DamageType.BIOLOGICAL, struck=False)
            events.append(f"Bleed {bleed}: " + "; ".join(out.events))
        if out.bleed == 0 and out.unconscious:
            events.append("the bleeding stops: unconscious but stable")
        return out.evolved(events=tuple(events), bleed_rounds=rounds if out.bleed else 0)

    def stabilize(self, saved: bool) -> "Vitals":
        """The result of a DC20 FORT Save to stabilize: on a success Bleed drops by 1.

        "If dying, you may attempt a DC20 FORT Save once per round to reduce the bleeding
        by 1" ("Stabilize when Dying"). Roll the save with :meth:`stabilize_check` or with
        :func:`lfgcombat.rules.health.saves.saving_throw` and pass the verdict here.

        Raises:
            IllegalActionError: the creature is not dying.
        """
        if not self.dying:
            raise IllegalActionError(
                f"{self.name} is not dying ({self.state}): the DC20 FORT Save to stabilize "
                "is made only while dying (0 HP or less and bleeding)",
                _cite("Stabilize when Dying"))
        if not saved:
            return self._with(["fails the DC20 FORT Save: still bleeding"])
        bleed = self.bleed - 1
        events = [f"passes the DC20 FORT Save: Bleed {self.bleed} -> {bleed}"]
        if bleed == 0:
            events.append("the bleeding stops: unconscious but stable; may heal naturally "
                          "as if resting")
        return self._with(events, bleed=bleed, bleed_rounds=self.bleed_rounds if bleed else 0)

    def stabilize_check(self, creature: Creature, roller: Roller) -> "Vitals":
        """Roll the DC20 FORT Save for ``creature`` (these vitals applied) and stabilize."""
        if not self.dying:
            return self.stabilize(True)  # raises with the rule
        result = saving_throw(self.to_creature(creature), "fort", STABILIZE_DC, roller,
                              label=f"{self.name} FORT Save to stabilize (DC {STABILIZE_DC})")
        out = self.stabilize(result.success)
        return out.evolved(events=(result.explain().splitlines()[0],) + out.events)

    def knock_out(self) -> "Vitals":
        """Unconscious yet stable, not bleeding (a Knockout Strike, "Special Actions in
        Combat"); awakens within 1d10 minutes or when roused."""
        if self.dead:
            raise IllegalActionError(f"{self.name} is dead", _cite("Death"))
        return self._with(["knocked unconscious yet stable (not bleeding out); awakens "
                           "within 1d10 minutes"], knocked_out=True)

    def wake(self) -> "Vitals":
        """End a knockout (a Full-Round Action spent rousing, smelling salts, ...).

        Raises:
            IllegalActionError: at 0 HP or less only healing wakes a creature.
        """
        if self.hp <= 0 or self.dead:
            raise IllegalActionError(
                f"{self.name} is at {self.hp} HP: only raising its HP above 0 wakes it",
                _cite("Unconscious & Dying"))
        return self._with(["wakes up"], knocked_out=False)

    def gain(self, condition: str) -> "Vitals":
        """Add a condition from damage (``prone``, ``broken_arm``, ``severed_leg``...)."""
        cond = Condition(condition).value
        extra = self.extra if cond in self.extra else self.extra + (cond,)
        if cond in ("broken_leg", "severed_leg") and "prone" not in extra:
            extra += ("prone",)
        return self._with([f"gains {cond.replace('_', ' ')}"], extra=extra)


#: The fields of :class:`Vitals` (:meth:`Vitals.evolved`).
_VITALS_FIELDS = frozenset(f.name for f in fields(Vitals))
