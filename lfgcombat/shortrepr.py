"""Short, safe reprs of user values for error messages.

Every error names the value that was wrong, but a value may be hostile: a 5,000-digit
number (``str()`` refuses it with a ValueError), a 100 MB text, a list nested 3,000 deep
(``repr()`` overflows the stack) or one that contains itself. :func:`short` shows any of
them in about 80 characters and never raises.
"""

from __future__ import annotations

import reprlib
from typing import Any

__all__ = ["short"]

_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxother = 3, 60, 60
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 6


def short(value: Any) -> str:
    """A short, safe ``repr`` for messages: long texts and lists are cut, huge numbers are
    described (``a 101-digit number``), and a value that cannot be shown is named by type.

    Args:
        value: Anything.

    Returns:
        At most about 80 characters.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        if value.bit_length() > 14_000:  # str() refuses over 4,300 digits
            return f"a number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
        return f"a {len(str(abs(value)))}-digit number"
    try:
        text = _REPR.repr(value)
    except (ValueError, RecursionError, TypeError):
        return f"a {type(value).__name__} value"
    return text if len(text) <= 80 else text[:77] + "..."
