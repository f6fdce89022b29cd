"""Citations of the rules text: every rule in the kit names its file and heading.

``cite("Flanking")`` gives ``000_8d1d7816ee944f3b.txt, "Flanking"``, the form the data
tables' ``source`` column and every :class:`~lfgcombat.errors.IllegalActionError` use.
:func:`headings_only` is what people read: a citation that quotes a paragraph's first words
(``"Big Actions (BA): Big Actions require ..."``) shows its heading alone (``"Big Actions
(BA)"``), while the recorded citation (a saved event's ``rule``) stays as it was.
"""

from __future__ import annotations

import re

__all__ = ["TEXT", "cite", "headings_only", "heading_of", "read_under"]

#: The main rules text (ruleset ``lfg``), in ``../shared/seeds/``.
TEXT = "000_8d1d7816ee944f3b.txt"

#: ``file, "heading"`` inside any text (the files are ``NNN_<16 hex>.txt``).
_CITATION = re.compile(r'(?P<file>\d{3}_[0-9a-f]{16}\.txt), "(?P<heading>[^"]+)"')
#: A heading followed by the paragraph it opens: ``Heading: Sentence...`` (the sentence
#: begins with a capital or a digit and runs on for more than three words).
_PARAGRAPH = re.compile(r"^(?P<heading>[^:]{3,}?): (?P<rest>[A-Z0-9][^:]*\S.*)$")
#: Headings that say nothing alone: the paragraph's first words stay (002's "Optional: If a
#: character goes below 0 HP").
_VAGUE = frozenset({"Optional", "Note", "Example"})
#: Paragraphs cited by their first words that sit under no heading of their own, by
#: ``(file, first words)``: the heading they are read under (issue 26, item 2), declared by
#: the ruleset whose text it is (:func:`read_under`). A save keeps the citation it recorded;
#: only what people read changes.
_UNDER: dict[tuple[str, str], str] = {}


def cite(*headings: str, file: str = TEXT) -> str:
    """``file, "heading"`` for each heading, joined with ``"; "``."""
    return "; ".join(f'{file}, "{h}"' for h in headings)


def heading_of(heading: str) -> str:
    """A cited heading as people read it: ``"Big Actions (BA): Big Actions require a
    decent amount ..."`` (the text's line, cited by its first words) -> ``"Big Actions
    (BA)"``; ``"Momentum of Impact: Bigger Creatures hitting Smaller Creatures"`` or a
    heading without a paragraph (``"Flanking"``) is kept (four words or fewer after the
    colon are part of the heading)."""
    m = _PARAGRAPH.match(heading.strip())
    if m is None or len(m.group("rest").split()) <= 4 or m.group("heading") in _VAGUE:
        return heading
    return m.group("heading")


def read_under(file: str, heading: str, *first_words: str) -> None:
    """Show the citations of ``file`` that quote ``first_words`` (paragraphs with no heading
    of their own) as ``heading``, the heading they are read under.

    Raises:
        ValueError: a paragraph already read under another heading.
    """
    for words in first_words:
        if _UNDER.get((file, words), heading) != heading:
            raise ValueError(f"{file}, {words!r} is already read under {_UNDER[file, words]!r}")
        _UNDER[file, words] = heading
    _SHOWN.clear()


def headings_only(text: str) -> str:
    """``text`` with every citation in it (``file, "heading"``) naming its heading alone
    (:func:`heading_of`), not the first words of the paragraph under it (issue 26, item 2:
    a new user read whole paragraphs in refusals)."""
    if ".txt" not in text:
        return text
    shown = _SHOWN.get(text)
    if shown is None:
        if len(_SHOWN) >= _SHOWN_MAX:
            _SHOWN.clear()
        shown = _SHOWN[text] = _CITATION.sub(
            lambda m: f'{m.group("file")}, "{_shown(m["file"], m["heading"])}"', text)
    return shown


#: :func:`headings_only` of the texts already shown (the same few notes are shown at every
#: step: issue 24, "Fast"); emptied when a heading is declared (:func:`read_under`).
_SHOWN: dict[str, str] = {}
_SHOWN_MAX = 4096


def _shown(file: str, heading: str) -> str:
    """The heading people read for ``heading`` of ``file`` (:data:`_UNDER`, else
    :func:`heading_of`)."""
    return _UNDER.get((file, heading)) or heading_of(heading)
