"""GM prep's error: a fight GM prep cannot play, said in words (what was wrong, what to do)."""

from __future__ import annotations

from ..errors import LfgError

__all__ = ["PrepError"]


class PrepError(LfgError, ValueError):
    """A fight GM prep cannot simulate as asked (bad sides, ruleset, tier...)."""
