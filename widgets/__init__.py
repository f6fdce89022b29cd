"""lfgcombat.widgets: the Jupyter UI of the kit (installed from the ``widgets/`` folder).

Widgets display and drive the engine; they hold no rules logic of their own.
"""

try:  # the widget libraries come with the lab extra, not with the engine's core install
    import ipyleaflet  # noqa: F401
    import ipywidgets  # noqa: F401
except ImportError as _missing:  # pragma: no cover - exercised by tests/test_packaging.py
    raise ImportError(
        f"lfgcombat.widgets needs the Jupyter widget libraries ({_missing.name} is not "
        "installed); the core install is the engine alone. Install the lab extra: "
        "pip install 'lfgcombat[lab]'"
    ) from _missing

from .attackpanel import AttackPanel
from .battlemap import BattleMap
from .charsheet import CharacterSheet
from .dicelog import DiceLog
from .initiative import InitiativeTracker
from .players import PlayersScreen

__all__ = ["AttackPanel", "BattleMap", "CharacterSheet", "DiceLog", "InitiativeTracker",
           "PlayersScreen"]
