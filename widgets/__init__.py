"""lfgcombat.widgets: the Jupyter UI of the kit (installed from the ``widgets/`` folder).

Widgets display and drive the engine; they hold no rules logic of their own.
"""

from .attackpanel import AttackPanel
from .battlemap import BattleMap
from .charsheet import CharacterSheet
from .dicelog import DiceLog
from .initiative import InitiativeTracker

__all__ = ["AttackPanel", "BattleMap", "CharacterSheet", "DiceLog", "InitiativeTracker"]
