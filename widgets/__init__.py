"""lfgcombat.widgets: the Jupyter UI of the kit (installed from the ``widgets/`` folder).

Widgets display and drive the engine; they hold no rules logic of their own.
"""

from .battlemap import BattleMap
from .charsheet import CharacterSheet
from .dicelog import DiceLog

__all__ = ["BattleMap", "CharacterSheet", "DiceLog"]
