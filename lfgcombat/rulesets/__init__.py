"""Rulesets: which text the kit plays by, and the optional rules switched on.

The three rules texts are three rulesets (``shared/seeds/README.md``): ``lfg`` (the main
chapter, 000_8d1d7816ee944f3b.txt), ``classic`` (002_2a3a79475ca2a541.txt) and ``wounds``
(003_de0e94afd49609a7.txt). A :class:`Ruleset` is a frozen value: a name and the optional
rules of that text, each a switch that is off by default. Engine functions take a
``ruleset=`` argument and ask it, never a global.

All three are implemented: the Encounter plays ``lfg`` on the creature's sheet, and
``classic`` and ``wounds`` through each combatant's record (below). A ruleset registered with
``implemented=False`` raises a clear :class:`~lfgcombat.errors.LfgError` instead of silently
playing by the wrong rules.

Switches of ``lfg`` (000_8d1d7816ee944f3b.txt):

* ``killer_criticals`` - "Killer Criticals (Optional Rule)": a Critical Hit deals at least
  multiplier x 10% of the target's maximum HP.
* ``perfect_critical`` - "Perfect Critical (Optional Rule)": a Nat20 on the confirmation
  roll deals maximum physical damage and may break or sever a limb.
* ``advanced_five_foot_step`` - "5-Foot Step" (the advanced option).
* ``initiative`` - ``selective`` (the default), ``round_by_round`` or ``top_down``
  ("Alternative Initiative #1 / #2"), each an :class:`InitiativePolicy`.
* ``grid`` - ``hex`` (the default) or ``square`` ("Square Grid" option).
* ``top_down_flat_footed`` - Top-Down's "Any creature who has not yet acted in combat is
  considered Flat-Footed" (on by default).

Built from policies (the way python-chess builds variants by overriding hooks): a
:class:`RulesetDefinition` names its text and aliases and holds one policy per slot -
``initiative`` (:mod:`~lfgcombat.rulesets.initiative`), ``economy``, ``attacks``, ``health``,
``damage``, ``conditions`` (:mod:`~lfgcombat.rulesets.policies`). The ``lfg`` policies
delegate to the engine modules that hold each rule (:mod:`lfgcombat.rulesets.lfg`).

Where the engine asks each slot (of the ruleset in play, never a module directly):

============================  ==============================================================
slot (``Ruleset`` property)   asked by
============================  ==============================================================
``initiative_policy``         the encounter's turn order, interrupts, readied actions; its
                              options (``Encounter(initiative=...)``) are the definition's
                              ``initiative`` mapping, its default ``default_initiative``
``economy``                   every count of attacks a turn allows (``turn_attacks``), how
                              they spread over Big Actions, Free Actions per turn
``attack_resolution``         :func:`lfgcombat.rules.attacks.prepare` (Killer Criticals' minimum)
``health``                    every :class:`~lfgcombat.rules.health.vitals.Vitals` the encounter and
                              the
                              attacks build (``health.vitals(creature)``)
``damage_model``              damage types the encounter reads (``Encounter.damage``)
``condition_catalogue``       conditions the encounter reads by name (``add_condition``,
                              ``remove_condition``), from the catalogue's own table
============================  ==============================================================

A ruleset whose combatants carry state of their own (``classic``: disabled / stable /
mobile hit points and a round of one single action) returns a *record* from
``health.combatant(creature, ruleset)`` (``None`` under lfg); the encounter keeps it on the
combatant and plays it through the record hooks (:mod:`lfgcombat.engine.ruleset_play`):
``economy.start_turn / spend / move / end_turn / budget / actions_left / heroic /
single_actions``, ``attack_resolution.encounter_attack`` (an :class:`EncounterAttack`),
``health.take_damage / heal / stabilize / report`` and ``condition_catalogue.add_to /
remove_from``. Each base (lfg) hook refuses: lfg keeps no record.

How to add a ruleset
--------------------

1. Write the policies that differ, each a subclass of the lfg one overriding only the hooks
   whose rules differ, with the text and heading they implement in the docstring (e.g.
   ``class WoundsHealth(HealthModel)`` whose ``vitals()`` builds the wounds track).
2. Put the ruleset's own tables under ``data/<name>/`` (e.g. ``data/wounds/conditions.csv``)
   and point its :class:`ConditionCatalogue` at them (``data_file=``).
3. Give it a package of its own, ``lfgcombat/<name>/`` (``classic/``, ``wounds/``): its pure
   rules, one module per heading of its text; its policies, its definition and the
   :func:`register` call in ``<name>/ruleset.py``; its creature file keys in
   ``<name>/fields.py``, registered when imported; its saves are the ``saves`` slot (a
   :class:`~lfgcombat.rules.health.saves.SavingThrows` subclass). Define it from lfg,
   replacing only those slots::

       WOUNDS = register(dataclasses.replace(
           LFG_DEFINITION, name="wounds", text="003_de0e94afd49609a7.txt",
           aliases=("003",), health=WoundsHealth(),
           conditions=ConditionCatalogue("wounds/conditions.csv")))

   This package (the generic machinery) never imports a ruleset: the built-in ones are
   imported once where the kit is assembled, ``lfgcombat/__init__.py``, so that every
   import of the kit finds them registered; a plugin's ruleset registers itself when the
   plugin is imported. (A ruleset not playable yet is registered with
   ``implemented=False``.) Add a notebook showing it.
   A test or a plugin registers one for a while with ``with registered(definition): ...``
   (removed again on leaving the block) or :func:`register` and :func:`unregister`.
4. Tests: known answers from its text (citing file and heading), and the shared encounter
   tests run under it; ``tests/test_golden.py`` keeps the lfg fights replaying unchanged.
   ``tests/rulesets/test_contract.py`` is the pattern: a toy ruleset overriding every slot,
   and the encounter and the attack functions obeying each override.
"""

from __future__ import annotations

from typing import Any

from ..rules.health import saves as _saves
from ..rules.health import vitals as _vitals
from .base import (
    Ruleset,
    RulesetDefinition,
    RulesetError,
    definition,
    implemented,
    names,
    register,
    registered,
    unregister,
)
from .initiative import (
    INITIATIVE_POLICIES,
    InitiativePolicy,
    RoundByRoundInitiative,
    SelectiveInitiative,
    TopDownInitiative,
)
from .fields import check_written_for
from .lfg import LFG_DEFINITION
from .reminders import TurnReminders
from .policies import (
    ActionEconomy,
    AttackResolution,
    ConditionCatalogue,
    DamageModel,
    EncounterAttack,
    HealthModel,
    MapStanding,
)

__all__ = ["Ruleset", "RulesetError", "LFG", "coerce_ruleset",
           "RulesetDefinition", "register", "unregister", "registered", "definition",
           "names", "implemented", "LFG_DEFINITION",
           "InitiativePolicy", "SelectiveInitiative", "RoundByRoundInitiative",
           "TopDownInitiative", "INITIATIVE_POLICIES", "ActionEconomy", "AttackResolution",
           "HealthModel", "DamageModel", "ConditionCatalogue", "EncounterAttack",
           "MapStanding", "TurnReminders"]

#: The default ruleset: LFG with every optional rule off.
LFG = Ruleset("lfg")


def coerce_ruleset(value: "Ruleset | str | None") -> Ruleset:
    """A :class:`Ruleset` from itself, its name, or ``None`` (the default ``lfg``).

    Raises:
        RulesetError: anything else.
    """
    if value is None:
        return LFG
    if isinstance(value, Ruleset):
        return value
    if isinstance(value, str):
        return Ruleset(value)
    raise RulesetError(f"ruleset must be a Ruleset or a name such as 'lfg', not {value!r}")


def _ruleset_saves(value: "Ruleset | str") -> "tuple[str, _saves.SavingThrows]":
    rules = coerce_ruleset(value)
    return rules.name, definition(rules.name).saves


_saves.set_ruleset_resolver(_ruleset_saves)  # saves sits below the rulesets (no import back)


def _ruleset_vitals(creature: Any, ruleset: "Ruleset | str") -> Any:
    """``Vitals.from_creature(creature, ruleset=...)``: the ruleset's health model's vitals
    (lfg's :class:`~lfgcombat.rules.health.vitals.Vitals`, classic's ``ClassicVitals``, wounds'
    ``WoundsVitals``), refusing a creature not written for it (:mod:`.fields`)."""
    rules = coerce_ruleset(ruleset)
    check_written_for(creature, rules.name)
    return rules.health.vitals(creature)


_vitals.set_ruleset_vitals(_ruleset_vitals)  # vitals sits below the rulesets too
