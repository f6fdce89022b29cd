"""The kit's version and its rules revision: the one source of each.

``__version__`` is the package's version (pyproject.toml reads it; saves record it as
``engine``). It changes with a release, not with every rules fix on the way to one.

:data:`RULES_REVISION` numbers the rules the engine plays: saves record it (the header's
``"rules"``, :mod:`lfgcombat.engine.log.savefile`), so a save that replays differently under a newer
engine is refused *saying the rules changed since it was written* (and which event differs)
instead of calling it a damaged file or a bug. It is an explicit constant, not derived from
the code, because nothing can tell a rules fix from a refactor in the source: a hash of the
engine's files would change with every tidy-up. The rules *tables* (``data/*.csv``) are
fingerprinted automatically as well (:func:`lfgcombat.engine.log.savefile.rules_stamp`), so a table
edit is noticed even if nobody bumps the number.

Bump :data:`RULES_REVISION` by one in the commit that changes how a recorded command plays
out under the engine's code (another roll, a changed cap, an effect event added or
dropped): then every save written before that commit and touched by the change is refused
with "the rules changed since this save was written", and ``Encounter.load(path,
rederive=True)`` lists what differs. ``tools/make_golden.py`` refuses to rewrite a golden
fight that replays differently unless the revision was bumped.
"""

__version__ = "0.1.0"

#: The engine's rules revision (see the module docstring: bump it with a rules fix that
#: changes how a saved fight replays).
RULES_REVISION = 16
