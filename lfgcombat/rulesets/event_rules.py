"""Which rule each line of the log plays, by ruleset (issue 26, item 2: "Every log line,
dice label ... cites the ruleset's own text").

An attack, its damage and its rolls are recorded without a citation (their events have no
``rule`` field, and a save replays them unchanged), so a view of the log asks the ruleset
that played them: :meth:`EventRules.cite` gives the citation of an ``attack``, a ``damage``
or a ``roll`` line (a roll by what its label says it is for: an attack roll, a damage roll,
a critical's confirmation, a miss chance...). Each ruleset declares its own in its package
(``lfg``'s below, from 000_8d1d7816ee944f3b.txt, "Attack Rolls" and "Damage in Combat").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..rules.citations import cite

__all__ = ["EventRules", "LFG_CONDITION_RULE", "LFG_EVENT_RULES", "LFG_MOVE_RULE", "inferred"]


@dataclass(frozen=True)
class EventRules:
    """The citations of a ruleset's attack, damage and roll lines.

    Attributes:
        attack: An ``attack`` line's citation.
        damage: A ``damage`` line's citation.
        rolls: ``(word, citation)`` pairs: a roll whose label holds the word (in lower case)
            cites that rule; the first that matches wins.
        roll: Any other roll's citation, after an initiative roll's (the initiative
            policy's ``rule``: :meth:`~lfgcombat.rulesets.Ruleset.cite_event`) (``None``: the
            view cites the rule of the step the roll belongs to, else the ruleset's text).
        lines: ``(kind, citation)`` pairs: the citation of another kind of line that
            records none of its own (a cast spell, an action spent, a ruleset's single
            action, a turn's start and end, health, a condition, an effect, a move; issue
            26, item 2).
        states: ``(word, citation)`` pairs: a ``damage`` or ``health`` line whose changes
            of state (its ``events``, in words: ``disabled``, ``dead``, ``nonlethal``...)
            hold the word (in one of them) cites that rule, every such rule once, in this
            order; before :attr:`damage` and the ``health`` line of :attr:`lines` (issue
            26, item 2: a hit that leaves a creature standing cites no rule of dying).
        down: The citation of a ``damage`` or ``health`` line at 0 HP or less that changed
            no state :attr:`states` names (``None``: as any other line of its kind).
        status: ``(status, words)`` pairs: a ``vitals`` line of that status said in the
            ruleset's words, ``words`` formatted with ``who`` and ``hp`` (wounds' death:
            "its Wounds ran out").
    """

    attack: str
    damage: str
    rolls: tuple[tuple[str, str], ...] = ()
    roll: str | None = None
    lines: tuple[tuple[str, str], ...] = ()
    states: tuple[tuple[str, str], ...] = ()
    down: str | None = None
    status: tuple[tuple[str, str], ...] = ()

    def cite(self, kind: str, label: str | None = None, states: Sequence[str] = (),
             hp: int | None = None) -> str | None:
        """The citation of a line of ``kind`` (``attack``, ``damage``, a ``roll`` whose label
        says what it is for; another kind or roll: ``None``, its event carries its own
        ``rule``, or see :attr:`roll`).

        Args:
            kind: The event's kind.
            label: A roll's label (what it is for).
            states: A ``damage`` or ``health`` line's changes of state, in words
                (:attr:`states`).
            hp: A ``damage`` or ``health`` line's HP after it (:attr:`down`).
        """
        if kind in _HP_LINES:
            by_state = self._by_state(states, hp)
            if by_state is not None:
                return by_state
        if kind == "attack":
            return self.attack
        if kind == "damage":
            return self.damage
        if kind != "roll":
            return next((rule for k, rule in self.lines if k == kind), None)
        words = str(label or "").lower()
        return next((rule for word, rule in self.rolls if word in words), None)

    def _by_state(self, states: Sequence[str], hp: int | None) -> str | None:
        """:attr:`states`' citations of ``states`` joined with ``; `` (each once), else
        :attr:`down` at ``hp`` 0 or less, else ``None``."""
        found: list[str] = []
        for word, rule in self.states:
            if rule not in found and any(word in str(said) for said in states):
                found.append(rule)
        if found:
            return "; ".join(found)
        return self.down if hp is not None and hp <= 0 else None

    def words(self, status: str) -> str | None:
        """The ruleset's words for a ``vitals`` line of ``status`` (:attr:`status`), a
        format of ``who`` and ``hp``; ``None``: the line's own."""
        return next((w for s, w in self.status if s == status), None)


#: The lines of a creature's hit points, cited by what happened to it (:attr:`EventRules.states`).
_HP_LINES = frozenset({"damage", "health"})


#: lfg's conditions ("Conditions – Full Details") and movement ("Movement in Combat")
#: headings: another ruleset whose text has no such rule reads them marked "inferred for"
#: it (:func:`inferred`).
LFG_CONDITION_RULE = cite("Conditions – Full Details")
LFG_MOVE_RULE = cite("Movement in Combat")
#: lfg's flanking heading (the battle map's "is flanked" line; wounds reads it inferred).
LFG_FLANK_RULE = cite("Flanking / Being Flanked")


def inferred(rule: str, what: str, ruleset: str) -> str:
    """An lfg citation read for ``ruleset`` (its text has no rule of ``what``), marked as
    the kit marks it elsewhere: ``000_…, "…" (lfg's conditions: inferred for wounds)``."""
    return f"{rule} (lfg's {what}: inferred for {ruleset})"


#: lfg's (000_8d1d7816ee944f3b.txt): an attack plays "Attack Rolls", its damage "Damage in
#: Combat"; a confirmation "Critical Hits", a miss chance "Concealment - What is it?", an
#: interrupt's opposed initiative "Interrupt Turn", a tie's roll-off "Initiative Problems:";
#: a spell cast "Casting Spells & using Magic Abilities (SLA/Su)", an action spent and a
#: turn's start and end "Taking Your Turn"; a health line (a line that records no rule of
#: its own) "Hit Points (HP) - Taking Damage, Injury, Death:", a condition or effect line
#: "Conditions – Full Details", a move "Movement in Combat", a round's start and end
#: "Rounds, Initiative, & Turn Order"; an interrupt's outcome "Interrupt Turn"; the map's
#: flanking line "Flanking / Being Flanked".
LFG_EVENT_RULES = EventRules(
    attack=cite("Attack Rolls"), damage=cite("Damage in Combat"),
    rolls=(("miss chance", cite("Concealment - What is it?")),
           ("confirm", cite("Critical Hits")),
           ("damage", cite("Damage in Combat")),
           ("interrupt", cite("Interrupt Turn")),
           ("shield bash", cite("Shield Bash (Attack Action, No AOO)")),
           ("touch attack", cite("Wrestling Skill - Maneuvers & More (Big Action, AOO)")),
           ("wrestling", cite("Wrestling Skill - Maneuvers & More (Big Action, AOO)")),
           ("tie-break", cite("Initiative Problems:")),
           (" attacks ", cite("Attack Rolls")),
           ("save", cite("Saving Throws"))),
    lines=(("spell", cite("Casting Spells & using Magic Abilities (SLA/Su)")),
           ("spend", cite("Taking Your Turn")), ("turn_start", cite("Taking Your Turn")),
           ("turn_end", cite("Taking Your Turn")),
           ("health", cite("Hit Points (HP) - Taking Damage, Injury, Death:")),
           ("condition", LFG_CONDITION_RULE), ("effect_start", LFG_CONDITION_RULE),
           ("effect_end", LFG_CONDITION_RULE), ("moved", LFG_MOVE_RULE),
           ("round_start", cite("Rounds, Initiative, & Turn Order")),
           ("round_end", cite("Rounds, Initiative, & Turn Order")),
           ("interrupt", cite("Interrupt Turn")), ("flanking", LFG_FLANK_RULE)))
