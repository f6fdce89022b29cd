"""The Action Tables: ``data/actions.csv``.

000_8d1d7816ee944f3b.txt, "Actions in Combat What can I do on my turn?", "Big Actions (BA)",
"Little Actions (LA)", "Swift Action", "Free Action", "Immediate Action", "Double Action
(DA)", "Full-Round Action (FRA)". The text's tables did not survive; the rows are rebuilt from
the lists the text gives, every value it does not state marked ``inferred:`` in ``source``.
"""

from __future__ import annotations

import functools
from typing import Any

import pandas as pd

from lfgcombat.shortrepr import short
from lfgcombat.io import tables
from lfgcombat.errors import IllegalActionError
from lfgcombat.io.tables import Column, Schema
from .._citations import R_ACTIONS

#: Action types of "Actions in Combat" (the text's Action Tables, rebuilt in data/actions.csv).
#: ``little`` is 000_8d1d7816ee944f3b.txt, "Little Actions (LA)" (the beginners' list:
#: 000_8d1d7816ee944f3b.txt, "LITTLE ACTIONS"); ``swift`` the Little Actions that do not provoke
#: (the table 000_8d1d7816ee944f3b.txt, "Swift Actions").
ACTION_TYPES = ("big", "little", "swift", "free", "immediate", "reaction", "double",
                "full_round")


#: Schema of ``data/actions.csv``. Its ``provokes`` column is the tables' column
#: 000_8d1d7816ee944f3b.txt, "Provoke AOO" (yes, no, or qualified in the description).
ACTIONS_SCHEMA = Schema(key="action", columns={
    "action": Column("str", pattern=r"[a-z][a-z0-9_]*"),
    "name": Column("str"),
    "type": Column("choice", choices=ACTION_TYPES),
    "provokes": Column("choice", choices=("yes", "no", "qualified")),
    "counts_as_attack": Column("bool"),
    "method": Column("choice", choices=(
        "attack", "cast", "act", "move", "run", "stand_up", "aim", "fight_defensively",
        "ready", "protect", "trade_spaces", "five_foot_step", "draw", "drop_prone", "free",
        "interrupt", "retreat", "ignore_enemy")),
    "notes": Column("str", nullable=True),
    "source": Column("source"),
})


tables.register_schema("actions", ACTIONS_SCHEMA)


def actions_table() -> pd.DataFrame:
    """The Action Tables (``data/actions.csv``): action, name, type, provokes,
    counts_as_attack, method (the :class:`Encounter` method that performs it), notes, source.

    The text's "Action Tables" did not survive (its headings "Big Actions",
    000_8d1d7816ee944f3b.txt, "Little Actions", "Swift Actions", "Full-Round Actions" are
    empty); the rows are rebuilt from
    the lists the text does give, and every value the text does not state is marked
    ``inferred:`` in ``source``. The rows are the text's tables
    (000_8d1d7816ee944f3b.txt, "Action Tables") and the type column holds its kinds:
    000_8d1d7816ee944f3b.txt, "Big Actions"; 000_8d1d7816ee944f3b.txt, "Swift Action (LAs)" (Little
    Actions that do not provoke AOO); 000_8d1d7816ee944f3b.txt, "Full-Round Actions".
    """
    return tables.load_table("actions")


@functools.lru_cache(maxsize=1)
def _actions() -> dict[str, dict[str, Any]]:
    t = actions_table()
    return {r["action"]: dict(r) for _, r in t.iterrows()}


def _action_row(action: str) -> dict[str, Any]:
    rows = _actions()
    if action not in rows:
        import difflib
        close = difflib.get_close_matches(action, list(rows), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise IllegalActionError(f"unknown action {short(action)}{hint}; the actions are those of "
                                 f"data/actions.csv: {', '.join(rows)}", R_ACTIONS)
    return rows[action]
