"""GM prep: "how deadly is this fight?" - many simulated fights, honest statistics.

:func:`simulate` plays a fight many times and reports P(win) per side, P(draw), the rounds,
per creature P(dropped), P(dead), HP lost, damage dealt and kills, and who felled whom, each
probability with a 95% Wilson interval. :func:`compare` plays rule variants on common random
numbers and reports the differences; :func:`sweep` runs a grid of parameters, and any
fight of any grid point replays directly (:meth:`Sweep.replay`, :meth:`Sweep.result`).

The fight on the table: :func:`simulate` and :func:`compare` also take an
:class:`~lfgcombat.Encounter`, before it starts or in the middle of a fight, and play it on
to its end from where it stands (its map, HP, conditions, round, whose turn, actions spent)
on the reference tier; each fight's ``replay(i)`` begins with the encounter's own log
(:mod:`.from_here`; the InitiativeTracker's "Chances from here" readout is
``lfgcombat.widgets.chances``). "How much do tactics matter?":
``compare(sides, tactics=["focus_fire", "spread_out"])`` plays the same fights under each
named preset (:data:`PRESETS`) with paired differences and their intervals.

Two tiers, one set of rules: the reference tier plays real :class:`~lfgcombat.Encounter`
fights (:mod:`.reference`); the fast tier is a compiled kernel (:mod:`.kernel`, numba with a
plain-Python fallback) for a declared subset of the rules, its numbers derived from the
engine (:mod:`.spec`); tests hold the tiers together statistically and against exact
answers (:mod:`.exact`). Any simulated fight of either tier replays exactly as a real
encounter (:meth:`SimResult.replay`, :mod:`.replay`). Tactics are small documented policies
(:mod:`.tactics`).

Rulesets: ``lfg`` (000_8d1d7816ee944f3b.txt) on both tiers - the reference tier plays all
three of its initiative systems, the fast tier Selective Initiative; ``classic``
(002_2a3a79475ca2a541.txt) and ``wounds`` (003_de0e94afd49609a7.txt) on both tiers too: the
fast tier plays them on the open field on compiled kernels of their own
(:mod:`.kernel_classic`, :mod:`.kernel_wounds`, fed by the engine's exact odds), refusing by
name what it leaves out (then ``tier=None`` picks the reference tier, with a note), and
:func:`exact_duel` stays lfg's; their creatures carrying the fields each needs
(``bab``; ``prowess`` and ``good_saves``: refused up front with the Encounter's own
message). Who is still fighting, "dropped", HP lost and damage dealt follow each ruleset
(:mod:`.standing`): under wounds a creature at 0 HP fights on with its Wounds, dropped is
dead and HP lost counts Wounds; under classic 0 HP is Disabled (a mobile hero fights on).
:func:`compare` plays ``rulesets=["lfg", "classic", "wounds"]`` on the same seeds and
:func:`sweep` takes a ``ruleset`` axis.

The fast tier plays the common starting conditions whose effect is a static change to its
numbers (Prone, Flat-Footed, Weakened 1-4...: ``FAST_TIER_CONDITIONS``) and refuses the
others, naming the reference tier. With Perfect Critical on it plays a creature's first
injury (a broken or severed limb, broken ribs: 000_8d1d7816ee944f3b.txt, "Perfect Critical
(Optional Rule)", "Broken Bones – Arm/Leg/Ribs", "Severed Limbs") with the engine's numbers
for the injured creature (:mod:`.injuries`); a fight in which an injured creature is
injured again it hands over to the reference tier at that strike, which plays it on from
the same dice (:func:`.replay.hand_over`); the result's ``notes`` count those (about one
fight in a thousand in a party-against-orcs fight).

Limits (:mod:`.limits`): a run plays at most a million fights, keeps at most ten million
combatant results, a fight has at most 100 combatants, a sweep 1,000 points, an exact duel
500 HP a side; each refusal says what to do instead. Before a big run a short timed pilot
estimates how long it will take: the progress bar shows it, and above two minutes a
:class:`LongRunWarning` says so before the run starts.
"""

from .compare import Comparison, Sweep, compare, sweep
from .exact import exact_duel
from .kernel import NUMBA_ACTIVE
from .limits import LongRunWarning
from .replay import ReplayError, ScriptedEncounter
from .result import SimResult, wilson
from .run import simulate
from .spec import FAST_TIER_CONDITIONS, PrepError
from .tactics import ARCHER_POLICIES, PRESETS, TARGET_POLICIES, Tactics

__all__ = ["simulate", "compare", "sweep", "SimResult", "Comparison", "Sweep", "Tactics",
           "TARGET_POLICIES", "ARCHER_POLICIES", "PrepError", "ReplayError",
           "ScriptedEncounter", "wilson", "exact_duel", "NUMBA_ACTIVE",
           "FAST_TIER_CONDITIONS", "LongRunWarning", "PRESETS"]
