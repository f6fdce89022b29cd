"""The encounter: initiative, turns, interrupts and readied actions, the action economy,
reactions and AOO, movement, attacks, casting, hit points and conditions over time, as a
replayable event log.

Rules: 000_8d1d7816ee944f3b.txt, from "COMBAT GAMEPLAY – OVERVIEW:" to "Conditions – Full
Details". One module per rule heading; each module's docstring names its headings:

========================  ==================================================================
module                    rules
========================  ==================================================================
``initiative``            Determine Awareness, AMBUSH!, Rounds, Initiative, & Turn Order,
                          Alternative Initiative Options #1 and #2 (via the ruleset's
                          :class:`~lfgcombat.rulesets.InitiativePolicy`)
``turns``                 Taking Your Turn, start-of-turn conditions (Bleed, Ablaze, Agony,
                          Stabilize when Dying), the end of a turn and of a round
``selection``             Initiative Problems: (declining a turn), acting together
``interrupts``            Interrupt Turn, Prepare to Interrupt (Ready Action)
``economy``               Actions in Combat, Big/Little/Swift/Free/Double/Full-Round
                          Actions, Attacks Per Turn
``reactions``             Reactions & AOO:, Attack of Opportunity, Multiple Opponents
``walk``                  What actions normally Provoke AOO? (the AOO strikes where it is
                          provoked along a path)
``movement``              Moving in Combat, 5-Foot Step, Running, Retreat, Prone, Trade
                          Spaces
``combat``                attacks in the encounter (cover, concealment, Charge Attack)
``special_actions``       Aim, Fight Defensively, Protect, Ignore an enemy, other actions
``casting``               Casting a Spell, an interrupted caster's Perseverance
``skill_checks``          Special Actions in Combat: skill bonuses, opposed checks, touch
                          attacks (the close fight's shared base)
``maneuvers``             Wrestling Skill - Maneuvers & More, Shield Bash, Wrestling against
                          much larger creatures
``close_situation``       Weird Situation - Using Two Shields, the tail's front hex and
                          facing, a Combat Feint's Flat-Footed (the close fight's part of
                          an attack's situation)
``momentum``              Momentum of Impact (Knockdown)
``crushing_advance``      Crushing Advance (A and B)
``skill_actions``         Demoralize, Dirty Tricks, Combat Feint, Insult
``abilities``             Special Abilities – 4 Different Types; the second weapon's
                          Reaction attack (Natural Weapons, Handedness)
``natural_weapons``       Common Natural Weapons: Grab/Trip/Shove on a hit, Pounce, Rake
``swallow_whole``         Swallow Whole, end to end
``health``                Injury, Unconscious & Dying, Death, Healing, Temporary HP
``effects``               Conditions – Full Details, effects over time, Cramped from space
``actions``               the Action Tables (data/actions.csv)
``replay``                the step machinery: command log, undo, fork, save, load
``commands``              the command registry (command name -> handler)
``state`` / ``roster``    typed values (TurnFrame, Effect, TurnBudget, ReadiedAction,
                          CombatantState...); combatants, sides, groups
``core``                  the :class:`Encounter` facade composing the above
========================  ==================================================================

How it works (DESIGN.md, "How data flows"): an :class:`Encounter` owns all changing state,
and that state is the replay of its :class:`~lfgcombat.log.EventLog`. Every public method is
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

Each rule module (:mod:`~lfgcombat.encounter.turns`, :mod:`~lfgcombat.encounter.movement`...)
is plain functions over the fight's state, the :class:`Encounter` (their first argument,
``st``); the Encounter lists the functions that are its methods (``attack =
combat.attack``) and the state they share (:mod:`lfgcombat.encounter.core`). What differs
between rulesets is asked of ``st.ruleset``'s policies (:mod:`lfgcombat.rulesets`), never of
a mode name.
"""

from __future__ import annotations

from .actions import ACTION_TYPES, ACTIONS_SCHEMA, actions_table
from .core import Encounter
from .initiative import INITIATIVE_MODES
from .state import ActionsLeft, CombatantState, InterruptResult

__all__ = ["Encounter", "ActionsLeft", "InterruptResult", "ACTIONS_SCHEMA", "actions_table",
           "ACTION_TYPES", "INITIATIVE_MODES", "CombatantState"]
