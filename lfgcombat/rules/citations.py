"""Citations of the rules text: every rule in the kit names its file and heading.

``cite("Flanking")`` gives ``000_8d1d7816ee944f3b.txt, "Flanking"``, the form the data
tables' ``source`` column and every :class:`~lfgcombat.errors.IllegalActionError` use.
"""

from __future__ import annotations

__all__ = ["TEXT", "cite"]

#: The main rules text (ruleset ``lfg``), in ``../shared/seeds/``.
TEXT = "000_8d1d7816ee944f3b.txt"


def cite(*headings: str, file: str = TEXT) -> str:
    """``file, "heading"`` for each heading, joined with ``"; "``."""
    return "; ".join(f'{file}, "{h}"' for h in headings)
