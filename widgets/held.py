"""Draw once for many changes: the hold shared by the BattleMap and the DiceLog (issue 26,
item 5, "the widget redraws only what changed": a step under an InitiativeTracker changes
the map twice and rolls up to three dice; the page gets one drawing of each)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager


class HeldDrawing:
    """``draw()`` now, or - inside :meth:`hold` - once, at the end of the outermost hold,
    if it was asked for there."""

    def __init__(self, draw: Callable[[], None]) -> None:
        self._draw = draw
        self._held = 0
        self._stale = False

    def ask(self) -> None:
        """Draw now, or at the end of the hold under way."""
        if self._held:
            self._stale = True
        else:
            self._draw()

    @contextmanager
    def hold(self) -> Iterator[None]:
        """Draws asked inside wait for one at the end. Nests."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
            if not self._held and self._stale:
                self._stale = False
                self._draw()
