"""The headings of ``000_8d1d7816ee944f3b.txt`` the battle map cites, as citation strings.

Every refusal and explanation of :mod:`lfgcombat.battlemap` names its rule with one of
these: the rules file and a heading of it, built by :func:`lfgcombat.rules.citations.cite`.
"""

from __future__ import annotations

from lfgcombat.rules.citations import cite as _rule

TXT = "000_8d1d7816ee944f3b.txt"

R_SPACE = _rule("Space in Combat Gameplay")
R_MOVING = _rule("Moving in Combat – Terrain, Creatures, & Other Issues")
R_MOVEMENT = _rule("Movement in Combat")
R_STEP = _rule("What is a 5-Foot Step?")
R_RUN = _rule("Running in Combat – Full Details")
R_RETREAT = _rule("Retreat Action / Disengage")
R_TRADE = _rule("Trade Spaces Action")
R_AOO = _rule("What actions normally Provoke AOO?")
R_THREATEN = _rule("Reach & Threatened Area")
R_FLANK = _rule("Flanking / Being Flanked")
R_COVER = _rule("Determine Cover")
R_COVER_MORE = _rule("Cover - Additional Rules")
R_COVER_EX = _rule("Cover Examples")
R_HIGH = _rule("High Ground / Low Ground")
R_LOS = _rule("Locating Targets")
R_DISTANCE = _rule("Using the Battle Map – Measuring Distance in Combat")
R_SIZE = _rule("Creature Size: Size, Space, Reach")
R_CONDITIONS = _rule("Conditions – Full Details")
R_ILLEGAL = (_rule("Moving in Combat – Terrain, Creatures, & Other Issues")
             + ', "Accidental / Illegal Locations"')
R_HALF = R_DISTANCE + ', "Half Hex Rule"'
R_SQUARE = _rule("Option – Square Grid")
