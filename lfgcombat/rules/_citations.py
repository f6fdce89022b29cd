"""Citations shared by several encounter modules.

Each rule module keeps the ``R_*`` constants only it uses next to its rules; the headings
cited from more than one module live here (a leaf module, so the rule modules never import
each other). Every constant is a citation (the rules file, then the heading in quotes)
built by :func:`lfgcombat.rules.citations.cite`.
"""

from __future__ import annotations

from .citations import cite as _rule

R_ORDER = _rule("Rounds, Initiative, & Turn Order: 1 Round represents 6 seconds of combat.")
R_TURN = _rule("Taking Your Turn: Your turn represents the actions you take during the 6 "
               "seconds of a combat round.")
R_INTERRUPT_DETAILS = _rule("Interrupt Turn – Details and Clarifications:")
R_READY = _rule("Prepare to Interrupt – “Ready Action” (Big Action): You prepare to do "
                "something when a specific trigger event occurs.")
R_PROBLEMS = _rule("Initiative Problems:")
R_TOP_DOWN = _rule("Alternative Initiative Option #2 – Top-Down Initiative: "
                   "(Highest to lowest)")
R_ACTIONS = _rule("Actions in Combat What can I do on my turn?")
R_SWIFT = _rule("Swift Action (LAs): A Little Action that is so quick and easy that it does "
                "not provoke AOO.")
R_FREE = _rule("Free Action")
R_APT = _rule("Attacks Per Turn")
R_REACTIONS = _rule("Reactions & AOO:")
R_PROVOKE = _rule("What actions normally Provoke AOO?")
R_RUN = _rule("Running in Combat – Full Details:")
R_STEP = _rule("What is a 5-Foot Step?")
R_GANG_UP = _rule("Multiple Opponents")
R_CONDITIONS = _rule("Conditions – Full Details")
R_DEATH = _rule("Death")
R_IGNORE = _rule("Advanced Option - Ignore an enemy")
R_PAUSED = _rule("What if my turn is interrupted by an Interrupt Turn?")
R_INJURY = _rule("Injury & Injured Threshold")
R_BEGINNERS = _rule("COMBAT ACTIONS for BEGINNERS")
