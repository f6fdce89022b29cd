"""The engine: the :class:`Encounter` facade, its one plain state, the command registry,
the event log, replay, checkpoints and saves. The rules it plays live beside it, in
:mod:`lfgcombat.rules` (one package per part of the text, each module naming its
headings); the rulesets' own rules in :mod:`lfgcombat.rulesets`.

Rules: 000_8d1d7816ee944f3b.txt, from "COMBAT GAMEPLAY – OVERVIEW:" to "Conditions – Full
Details". Where each rule the Encounter plays lives (``rules.<package>.<module>``; a module
named ``*_play`` is the encounter's play of the pure rule maths beside it):

========================================  ======================================================
module                                    rules
========================================  ======================================================
``rules.turns.initiative``                Determine Awareness, AMBUSH!, Rounds, Initiative, &
                                          Turn Order, Alternative Initiative Options #1 and #2
                                          (via the ruleset's
                                          :class:`~lfgcombat.rulesets.InitiativePolicy`)
``rules.turns.turns``                     Taking Your Turn, start-of-turn conditions (Bleed,
                                          Ablaze, Agony, Stabilize when Dying), the end of a
                                          turn and round
``rules.turns.selection``                 Initiative Problems: (declining a turn), acting
                                          together
``rules.turns.interrupts``                Interrupt Turn, Prepare to Interrupt (Ready Action)
``rules.actions.economy``                 Actions in Combat, Big/Little/Swift/Free/Double/
                                          Full-Round Actions, Attacks Per Turn
``rules.actions.reactions``               Reactions & AOO:, Attack of Opportunity, Multiple
                                          Opponents
``rules.movement.walk``                   What actions normally Provoke AOO? (the AOO strikes
                                          where it is provoked along a path)
``rules.movement.movement_play``          Moving in Combat, 5-Foot Step, Running, Retreat,
                                          Prone, Trade Spaces
``rules.attacks.combat``                  attacks in the encounter (cover, concealment, Charge)
``rules.actions.special_actions``         Aim, Fight Defensively, Protect, Ignore an enemy,
                                          others
``rules.actions.casting``                 Casting a Spell, an interrupted caster's Perseverance
``rules.actions.skill_checks``            Special Actions in Combat: skill bonuses, opposed
                                          checks, touch attacks (the close fight's shared base)
``rules.actions.maneuvers_play``          Wrestling Skill - Maneuvers & More, Shield Bash,
                                          Wrestling against much larger creatures
``rules.actions.close_situation``         Weird Situation - Using Two Shields, the tail's front
                                          hex and facing, a Combat Feint's Flat-Footed
``rules.impact.momentum_play``            Momentum of Impact (Knockdown)
``rules.impact.crushing_advance``         Crushing Advance (A and B)
``rules.actions.skill_actions_play``      Demoralize, Dirty Tricks, Combat Feint, Insult
``rules.abilities.abilities_play``        Special Abilities – 4 Different Types; the second
                                          weapon's Reaction attack (Natural Weapons, Handedness)
``rules.abilities.natural_weapons_play``  Common Natural Weapons: Grab/Trip/Shove on a hit,
                                          Pounce, Rake
``rules.abilities.swallow_whole``         Swallow Whole, end to end
``rules.health.health``                   Injury, Unconscious & Dying, Death, Healing, Temporary
                                          HP
``rules.conditions.effects``              Conditions – Full Details, effects over time, Cramped
``rules.actions.actions``                 the Action Tables (data/actions.csv)
``engine.replay``                         the step machinery: command log, undo, fork, save,
                                          load
``engine.commands``                       the command registry (command name -> handler)
``engine.state`` / ``roster``             typed values (TurnFrame, Effect, TurnBudget,
                                          ReadiedAction, CombatantState...); combatants, sides
``engine.log``                            the typed events, the event log, the save file
``engine.encounter``                      the :class:`Encounter` facade listing the above
========================================  ======================================================

How it works (DESIGN.md, "How data flows"): an :class:`Encounter` owns all changing state,
and that state is the replay of its :class:`~lfgcombat.engine.log.EventLog`. Every public method is
one *step*: it validates, then appends a command event and the effect events it caused
(rolls, actions spent, HP changes, turns beginning). A method the rules forbid raises
:class:`~lfgcombat.errors.IllegalActionError` naming the rule and changes nothing.
:meth:`Encounter.undo` drops steps and replays the rest; :meth:`Encounter.save` writes the
log as JSON Lines; :meth:`Encounter.load` re-executes every command with the same seeded
:class:`~lfgcombat.dice.Roller` and checks that each effect comes out exactly as recorded,
so a damaged or hand-edited file is refused with its line number instead of yielding a
half-built encounter.

Decisions where the text leaves room are stated in the module that implements them
(initiative ties, interrupts, readied actions, durations, AOO along a path, Ignore an enemy,
Run angles, interrupted casters).

Each rule module (:mod:`~lfgcombat.rules.turns.turns`,
:mod:`~lfgcombat.rules.movement.movement_play`...)
is plain functions over the fight's state, the :class:`Encounter` (their first argument,
``st``); the Encounter lists the functions that are its methods (``attack =
combat.attack``) and the state they share (:mod:`lfgcombat.engine.encounter`). What differs
between rulesets is asked of ``st.ruleset``'s policies (:mod:`lfgcombat.rulesets`), never of
a mode name.
"""

from __future__ import annotations

from ..rules.actions.actions import ACTION_TYPES, ACTIONS_SCHEMA, actions_table
from .encounter import Encounter
from ..rules.turns.initiative import INITIATIVE_MODES
from .state import ActionsLeft, CombatantState, InterruptResult

__all__ = ["Encounter", "ActionsLeft", "InterruptResult", "ACTIONS_SCHEMA", "actions_table",
           "ACTION_TYPES", "INITIATIVE_MODES", "CombatantState"]
