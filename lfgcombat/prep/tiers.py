"""Which tier of GM prep plays a run: the rulesets the fast tier plays, its own kernels for
``classic`` and ``wounds``, and the choice (with its note) when a run names no tier.

Moved out of :mod:`lfgcombat.prep.spec` (kept importable from there); the tactics the fast
tier does not play (the exact-odds turn choices of :mod:`lfgcombat.prep.choices`) send a run
that names no tier to the reference tier here too (:func:`choose_tier`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..rulesets import LFG_DEFINITION, Ruleset
from ..errors import LfgError
from ..rulesets.base import definition, implemented
from .errors import PrepError

if TYPE_CHECKING:  # pragma: no cover
    from .spec import Scenario

__all__ = ["fast_tier_plays", "own_kernel", "fast_rulesets", "plays_lfg_text",
           "LFG_ONLY_CHOICES", "prep_choices", "fast_ruleset_words", "choose_tier",
           "reference_only", "tactics_reference_only", "tactics_problems"]

# ---------------------------------------------------------------------- other rulesets
_SLOTS = ("economy", "attacks", "health", "damage", "conditions")


def fast_tier_plays(ruleset: Ruleset) -> bool:
    """Whether the fast tier plays ``ruleset``: a ruleset built from lfg's policies in
    every slot (``lfg``, or a toy that changes only its name: the kernel of
    :mod:`~lfgcombat.prep.kernel`), or ``classic`` and ``wounds``, each with a kernel of
    its own (:func:`own_kernel`). The exact duel plays lfg's only (:func:`check_fast_tier`).
    The reference tier plays every implemented ruleset."""
    return _plays_lfg_kernel(ruleset) or own_kernel(ruleset) is not None


def _plays_lfg_kernel(ruleset: Ruleset) -> bool:
    """Whether ``ruleset`` is built from lfg's policies in every slot (lfg's kernel)."""
    spec, lfg = ruleset.definition, LFG_DEFINITION
    return (all(getattr(spec, s) == getattr(lfg, s) for s in _SLOTS)
            and dict(spec.initiative) == dict(lfg.initiative))


def _kernel_module(ruleset: Ruleset) -> Any:
    """The module building the numbers of the compiled kernel ``ruleset``'s definition
    names (:attr:`~lfgcombat.rulesets.RulesetDefinition.fast_kernel`; ``None``: none):
    GM prep asks the ruleset, it names none."""
    import importlib
    path = ruleset.definition.fast_kernel
    return importlib.import_module(path) if path else None


def _own_definition(ruleset: Ruleset) -> str | None:
    """The name of the ruleset whose own kernel plays ``ruleset``'s definition: the one its
    kernel module was written for (its ``RULESET``), when ``ruleset`` has that very
    definition (a ruleset built from it with other policies has not)."""
    module = _kernel_module(ruleset)
    if module is None:
        return None
    owner = str(module.RULESET)
    return owner if ruleset.definition == definition(owner) else None


def own_kernel(ruleset: Ruleset) -> str | None:
    """The name of the ruleset with a kernel of its own that plays ``ruleset``
    (``classic``, ``wounds``: its definition, with its own initiative - classic's Top-Down,
    wounds' Round-by-Round; ``None``: lfg's kernel or none)."""
    name = _own_definition(ruleset)
    if name is None or ruleset.initiative != Ruleset(name).initiative:
        return None
    return name


def _not_fast_words(ruleset: Ruleset) -> str:
    """``ruleset`` in a list of what the fast tier does not play: its name, and the
    initiative when that alone keeps its own kernel out."""
    name = _own_definition(ruleset)
    if name is None:
        return ruleset.name
    return (f"{ruleset.name} with initiative={ruleset.initiative!r} (its kernel plays "
            f"{Ruleset(name).initiative!r})")


def _own_kernel(ruleset: Ruleset) -> Any:
    """The builder of the numbers of ``ruleset``'s own kernel (``None``: lfg's kernel)."""
    name = own_kernel(ruleset)
    if name is None:
        return None
    return getattr(_kernel_module(ruleset), f"{name}_spec")


def _own_problems(scenario: Scenario) -> list[str]:
    """What the own kernel of the scenario's ruleset does not play (its module's
    ``<name>_problems``), after the Encounter's own refusal of a creature lacking the
    ruleset's fields."""
    rs = scenario.ruleset
    name = str(own_kernel(rs))
    ruleset_encounter(scenario)  # a creature lacking the ruleset's fields: its words
    return list(getattr(_kernel_module(rs), f"{name}_problems")(scenario))


def ruleset_encounter(scenario: Scenario) -> Any:
    """A real :class:`~lfgcombat.Encounter` of ``scenario`` (not started), built to check
    that the ruleset can play its creatures.

    Raises:
        PrepError: the Encounter's own refusal (a creature lacking a field the ruleset
            needs - ``bab`` for classic, ``prowess`` for wounds - or not written for it),
            naming each creature and field.
    """
    from ..engine import Encounter
    try:
        return Encounter(list(scenario.creatures), sides=scenario.sides(),
                         ruleset=scenario.ruleset, seed=0)
    except LfgError as exc:
        raise PrepError(f"GM prep cannot play this fight under {scenario.ruleset.name}: "
                        f"{exc}") from None


def fast_rulesets() -> tuple[str, ...]:
    """The implemented rulesets the fast tier plays (:func:`fast_tier_plays`), for words."""
    return tuple(n for n in implemented() if fast_tier_plays(Ruleset(n)))


def plays_lfg_text(ruleset: Ruleset) -> bool:
    """Whether ``ruleset`` plays the main text's (000_8d1d7816ee944f3b.txt) rules, Momentum
    of Impact's Knockdown among them; the classic and wounds texts have none."""
    return ruleset.text == LFG_DEFINITION.text


#: What GM prep offers only under the main text: its optional rules Killer Criticals and
#: Perfect Critical (000_8d1d7816ee944f3b.txt, "Killer Criticals (Optional Rule)", "Perfect
#: Critical (Optional Rule)") and Momentum of Impact's Knockdown ("Momentum of Impact
#: (Different Sizes, Knockdown, Crushing Advance)"); the classic and wounds texts have none.
LFG_ONLY_CHOICES: tuple[str, ...] = ("killer_criticals", "perfect_critical", "knockdown")


def prep_choices(ruleset: Ruleset) -> dict[str, tuple[str, ...]]:
    """What GM prep offers under ``ruleset`` (for a panel to show, without rules of its
    own): ``tiers``, the tiers that play it (the reference tier only where
    :func:`fast_tier_plays` says no), and ``off``, the choices of :data:`LFG_ONLY_CHOICES`
    it refuses there (those of a ruleset not playing the main text)."""
    tiers = ("fast", "reference") if fast_tier_plays(ruleset) else ("reference",)
    return {"tiers": tiers, "off": () if plays_lfg_text(ruleset) else LFG_ONLY_CHOICES}


def fast_ruleset_words(ruleset: Ruleset, what: str = "the fast tier") -> str:
    """Why ``what`` (the fast tier, the exact duel) does not play ``ruleset`` (one
    :func:`fast_tier_plays` refuses), for messages."""
    if what == "the exact duel":
        return (f"the {ruleset.name} ruleset ({ruleset.text}): the exact duel plays lfg's "
                "rules only (its Markov chain is lfg's: Hit Rating against AC, Attacks Per "
                "Turn, unconscious and dying at 0 HP)")
    if _own_definition(ruleset) is not None:
        return (f"the {ruleset.name} ruleset ({ruleset.text}) with "
                f"{_not_fast_words(ruleset).split(' with ', 1)[1]}: {what} plays "
                f"{ruleset.name}'s own initiative only")
    return (f"the {ruleset.name} ruleset ({ruleset.text}): {what} plays "
            f"{', '.join(fast_rulesets())} only (lfg's kernel, and one of their own for "
            f"{', '.join(n for n in implemented() if definition(n).fast_kernel)})")


def choose_tier(tier: str | None, rulesets: Sequence[Ruleset], tactics: Any = None
                ) -> tuple[Any, str | None]:
    """The tier a run plays on, and the note saying why when it was not asked for.

    Args:
        tier: As given (kept, and checked later); ``None`` (the default of
            :func:`~lfgcombat.prep.simulate`): the fast tier when it plays every ruleset
            of the run, else the reference tier, the only one that can.
        rulesets: The run's rulesets (one, or a comparison's variants).
        tactics: The run's tactics as given (a name, a :class:`~lfgcombat.prep.Tactics`,
            a mapping side -> tactics, or a comparison's list): tactics with turn choices
            by exact odds (:mod:`lfgcombat.prep.choices`) send the run to the reference
            tier too, noted (:func:`tactics_reference_only`).

    Returns:
        ``(tier, note)``: the note (for the result's ``notes``) when ``None`` picked the
        reference tier, else ``None``.
    """
    if tier is not None:
        return tier, None
    why = reference_only(rulesets) or tactics_reference_only(tactics)
    if why is None:
        return "fast", None
    return "reference", f"{why}; pass tier='reference' to choose it yourself"


def reference_only(rulesets: Sequence[Ruleset]) -> str | None:
    """Why only the reference tier plays ``rulesets`` (some that :func:`fast_tier_plays`
    refuses), in words for a note or a panel; ``None`` when the fast tier plays them all."""
    other = list(dict.fromkeys(_not_fast_words(r) for r in rulesets
                               if not fast_tier_plays(r)))
    if not other:
        return None
    return (f"Played on the reference tier (real encounters, every rule; tens of "
            f"milliseconds to a few tenths of a second a fight): the fast tier plays "
            f"{', '.join(fast_rulesets())} only, not {', '.join(other)}")


def tactics_reference_only(tactics: Any) -> str | None:
    """Why only the reference tier plays ``tactics`` (some with turn choices by exact
    odds, which the fast tier does not play), for a note; ``None`` when it plays them."""
    from .tactics import turn_choice_labels
    which = turn_choice_labels(tactics)
    if not which:
        return None
    return (f"Played on the reference tier (real encounters, every rule; tens of "
            f"milliseconds to a few tenths of a second a fight): the fast tier does not play "
            f"turn choices by exact odds, and the tactics {'; '.join(which)} make them")


def tactics_problems(scenario: Scenario) -> list[str]:
    """The tactics of ``scenario`` the fast tier does not play (turn choices by exact
    odds, :mod:`lfgcombat.prep.choices`), one sentence per side."""
    return [f"side {side!r} plays tactics {t.label} with turn choices by exact odds "
            f"({', '.join(t.turn_choices)}), which the reference tier alone plays"
            for side, t in zip(scenario.side_names, scenario.tactics) if t.turn_choices]
