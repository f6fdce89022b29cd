"""Skills in combat: the skills the combat chapter rolls, and one opposed check for all of them.

000_8d1d7816ee944f3b.txt, "Special Actions in Combat": "Certain Skills can provide you with
additional Actions in Combat" (Demoralize: Intimidate vs Sense Motive or Intimidate; Dirty
Tricks: Sleight of Hand vs Sense Motive or Tactics; Combat Feint: Bluff vs Sense Motive or
Tactics; Insult: Perform vs Sense Motive or a WILL Save; Wrestling: opposed Wrestling), and
"Momentum of Impact" ("Knockdown: The creature struck must make Wrestling or Acrobatics
check"). The skills chapter (Ch 4) is not among the texts, so ``data/skills.csv`` lists the
skills this chapter names with a category (physical, mobility, mental) and ability that are
marked ``inferred`` there.

A creature's ``skills:`` mapping gives each skill's total bonus (:func:`validate_skills`).

Opposed checks (:func:`opposed`): each side rolls d20 + its bonus (Fortunate/Unfortunate
allowed); the higher total wins. Ties are resolved one way for every opposed roll in the
kit (inferred: the text gives no tie rule): **the higher bonus wins a tied total, and when
the bonuses are equal too, side ``b`` (the defender, the one resisting) wins** - the d20
convention that the higher modifier wins a tie, with the defender keeping the status quo
instead of a re-roll so that one roll per side settles every check. :func:`opposed_odds`
gives the exact probabilities over the 400 pairs of d20 faces.
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pandas as pd

from lfgcombat.dice import Fortune, Roll, Roller
from lfgcombat.errors import LfgError
from lfgcombat.dice.odds import pmf
from lfgcombat.shortrepr import short
from lfgcombat.io.tables import Column, Schema, load_table, register_schema
from lfgcombat.creature.stats import Stat, Term

__all__ = ["SkillError", "SKILLS_SCHEMA", "skills_table", "skill_names", "skill_category",
           "skill_ability",
           "canonical_skill", "validate_skills", "OpposedResult", "OpposedOdds", "opposed",
           "opposed_odds", "TIE_RULE", "skill_bonus"]

TEXT = "000_8d1d7816ee944f3b.txt"
RULE = f'{TEXT}, "Special Actions in Combat"'
#: How a tied opposed check is settled (inferred; see the module docstring).
TIE_RULE = ("inferred: a tied total goes to the higher bonus; equal bonuses too -> side b "
            "(the defender) wins")

SKILLS_SCHEMA = Schema(key="skill", columns={
    "skill": Column("str", unique=True, pattern=r"[a-z&() ]+"),
    "category": Column("choice", choices=("physical", "mobility", "mental")),
    "ability": Column("choice", choices=("str", "dex", "con", "int", "wis", "cha")),
    "source": Column("source"),
})
register_schema("skills", SKILLS_SCHEMA)

#: Bonuses beyond this are refused as typos (inferred: level 20 totals stay far below).
MAX_BONUS = 100


class SkillError(LfgError, ValueError):
    """An unknown skill or a bad skill bonus.

    Attributes:
        field: The input at fault, e.g. ``skills.wrestlng``.
    """

    def __init__(self, message: str, field: str) -> None:
        self.field = field
        super().__init__(f"{field}: {message}")


def skills_table() -> pd.DataFrame:
    """``data/skills.csv``: ``skill``, ``category``, ``ability``, ``source``."""
    return load_table("skills")


@functools.lru_cache(maxsize=1)
def _rows() -> dict[str, dict[str, Any]]:
    return {str(r["skill"]): {str(k): v for k, v in r.items()}
            for r in skills_table().to_dict("records")}


def skill_names() -> list[str]:
    """Every skill of ``data/skills.csv``, in table order (lower case)."""
    return list(_rows())


def _key(name: str) -> str:
    return " ".join(name.strip().lower().replace("_", " ").split())


def canonical_skill(name: Any, field: str = "skill") -> str:
    """The table name of a skill, any case (``"Sense_Motive"`` -> ``"sense motive"``).

    Raises:
        SkillError: not text, or not a skill of the table (with a "did you mean").
    """
    if not isinstance(name, str):
        raise SkillError(f"a skill name is text, not {short(name)}", field)
    key = _key(name)
    compact = key.replace(" ", "")
    for skill in _rows():
        if key == skill or compact == skill.replace(" ", ""):
            return skill
    close = difflib.get_close_matches(key, list(_rows()), n=1, cutoff=0.6) \
        if len(key) <= 60 else []
    hint = f"did you mean {close[0]!r}? " if close else ""
    raise SkillError(f"unknown skill {short(name)}; {hint}the skills are "
                     f"{', '.join(_rows())} (data/skills.csv)", field)


def skill_category(name: str) -> str:
    """``physical``, ``mobility`` or ``mental`` (inferred in ``data/skills.csv``)."""
    return str(_rows()[canonical_skill(name)]["category"])


def skill_ability(name: str) -> str:
    """The ability of a skill of ``data/skills.csv`` (read once; raises as
    :func:`canonical_skill`)."""
    return str(_rows()[canonical_skill(name)]["ability"])


def validate_skills(skills: Any, field: str = "skills") -> dict[str, int]:
    """Check a creature's ``skills:`` mapping (skill name -> total bonus).

    Args:
        skills: A mapping such as ``{"Wrestling": 7, "acrobatics": 3}`` (or ``None``).
        field: The name used in error messages.

    Returns:
        A new dict keyed by the table names, values as ints.

    Raises:
        SkillError: not a mapping, an unknown skill (with a "did you mean"), the same skill
            twice, or a bonus that is not a whole number within +-:data:`MAX_BONUS`.
    """
    if skills is None:
        return {}
    if not isinstance(skills, Mapping):
        raise SkillError(f"give a mapping of skill name -> total bonus, such as "
                         f"{{wrestling: 5}}, not {skills!r:.60}", field)
    out: dict[str, int] = {}
    for name, bonus in skills.items():
        where = f"{field}.{name[:60] if isinstance(name, str) else short(name)}"
        skill = canonical_skill(name, where)
        if skill in out:
            raise SkillError(f"{skill!r} is given twice; give each skill once", where)
        if isinstance(bonus, bool) or not isinstance(bonus, int):
            raise SkillError(f"a skill bonus is a whole number, not {bonus!r:.40}", where)
        if abs(bonus) > MAX_BONUS:
            raise SkillError(f"bonus {short(bonus)} is outside -{MAX_BONUS}..{MAX_BONUS}",
                             where)
        out[skill] = int(bonus)
    return out


# --------------------------------------------------------------------------- opposed checks


@dataclass(frozen=True)
class OpposedResult:
    """One opposed check, settled.

    Attributes:
        a_roll, b_roll: The two d20 rolls (with their bonuses).
        a_bonus, b_bonus: The bonuses rolled.
        winner: ``"a"`` or ``"b"``.
        margin: ``a total - b total`` (a win "by 5+" is ``margin >= 5``).
        tie: The totals were equal (settled by :data:`TIE_RULE`).
    """

    a_roll: Roll
    b_roll: Roll
    a_bonus: int
    b_bonus: int
    winner: str
    margin: int
    tie: bool

    @property
    def a_wins(self) -> bool:
        """Side a (the one acting) won."""
        return self.winner == "a"

    def a_wins_by(self, k: int) -> bool:
        """Side a won with a total at least ``k`` above b's (``k >= 1``)."""
        return self.a_wins and self.margin >= k

    def explain(self) -> str:
        """Both rolls, the winner (by its roll's label, else ``a``/``b``) and the margin on
        one line."""
        tie = f"; tie: {TIE_RULE}" if self.tie else ""
        won = self.a_roll if self.a_wins else self.b_roll
        return (f"{self.a_roll.explain()} vs {self.b_roll.explain()}: "
                f"{won.label or self.winner} wins "
                f"(margin {self.margin:+d}{tie})")


def _bonus(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SkillError(f"a check bonus is a whole number, not {value!r:.40}", field)
    return int(value)


def _tie_winner(a_bonus: int, b_bonus: int) -> str:
    return "a" if a_bonus > b_bonus else "b"


def opposed(a_bonus: int, b_bonus: int, *, a_fortune: Fortune | str | None = None,
            b_fortune: Fortune | str | None = None, roller: Roller,
            a_label: str = "a", b_label: str = "b") -> OpposedResult:
    """Roll an opposed check: ``1d20+a_bonus`` against ``1d20+b_bonus``.

    000_8d1d7816ee944f3b.txt, "Special Actions in Combat" ("Roll an opposed check vs ...").
    Ties follow :data:`TIE_RULE` (inferred).

    Args:
        a_bonus: The acting side's total bonus.
        b_bonus: The resisting side's total bonus.
        a_fortune, b_fortune: Fortunate/Unfortunate for each side (after cancelling).
        roller: The :class:`~lfgcombat.dice.Roller` (a rolls first).
        a_label, b_label: Labels for the two rolls.

    Returns:
        The :class:`OpposedResult`.

    Raises:
        SkillError: a bonus that is not a whole number. DiceError: a bad fortune.
    """
    a, b = _bonus(a_bonus, "a_bonus"), _bonus(b_bonus, "b_bonus")
    a_fortune, b_fortune = Fortune.coerce(a_fortune), Fortune.coerce(b_fortune)
    ra = roller.roll(f"1d20{a:+d}" if a else "1d20", a_fortune, label=a_label)
    rb = roller.roll(f"1d20{b:+d}" if b else "1d20", b_fortune, label=b_label)
    margin = ra.total - rb.total
    if margin:
        winner = "a" if margin > 0 else "b"
    else:
        winner = _tie_winner(a, b)
    return OpposedResult(ra, rb, a, b, winner, margin, margin == 0)


@dataclass(frozen=True)
class OpposedOdds:
    """Exact odds of an opposed check.

    Attributes:
        p_a_wins, p_b_wins: The two outcomes (they sum to 1).
        margins: ``P(a total - b total = m)`` for every margin ``m``, as a Series.
        a_bonus, b_bonus: The bonuses compared.
    """

    p_a_wins: float | Fraction
    p_b_wins: float | Fraction
    margins: pd.Series
    a_bonus: int
    b_bonus: int

    #: The margins as fractions behind float figures, so sums are rounded once.
    fractions: Mapping[int, Fraction] | None = field(default=None, repr=False, compare=False)

    def p_a_wins_by(self, k: int) -> float | Fraction:
        """P(side a wins with a total at least ``k`` above b's), ``k >= 1``."""
        if self.fractions is not None:
            p = sum((p for m, p in self.fractions.items() if m >= max(1, int(k))), Fraction(0))
            return p if isinstance(self.p_a_wins, Fraction) else float(p)
        return sum((p for m, p in zip(self.margins.index.tolist(), self.margins.tolist())
                    if m >= max(1, int(k))),
                   start=self.margins.iloc[0] * 0)


def opposed_odds(a_bonus: int, b_bonus: int, *, a_fortune: Fortune | str | None = None,
                 b_fortune: Fortune | str | None = None, exact: bool = False) -> OpposedOdds:
    """Exact odds of :func:`opposed`, over the 400 pairs of d20 faces.

    Args:
        a_bonus, b_bonus: As in :func:`opposed`.
        a_fortune, b_fortune: As in :func:`opposed` (the d20 distribution of the better or
            worse of two rolls, :func:`lfgcombat.dice.odds.pmf`).
        exact: :class:`fractions.Fraction` probabilities instead of floats.

    Returns:
        The :class:`OpposedOdds`.

    Raises:
        SkillError: a bonus that is not a whole number. DiceError: a bad fortune.
    """
    a, b = _bonus(a_bonus, "a_bonus"), _bonus(b_bonus, "b_bonus")
    # summed as fractions, rounded once at the end: 0.7375, not 0.7374999999999997
    pa = pmf("1d20", Fortune.coerce(a_fortune), exact=True)
    pb = pmf("1d20", Fortune.coerce(b_fortune), exact=True)
    margins: dict[int, Any] = {}
    faces_a = list(zip(pa.index.tolist(), pa.tolist()))
    faces_b = list(zip(pb.index.tolist(), pb.tolist()))
    for fa, qa in faces_a:
        for fb, qb in faces_b:
            m = (fa + a) - (fb + b)
            margins[m] = margins.get(m, 0) + qa * qb
    win = sum((p for m, p in margins.items() if m > 0), start=Fraction(0))
    if _tie_winner(a, b) == "a":
        win += margins.get(0, 0)
    lose, exact_margins = 1 - win, margins
    if not exact:
        margins = {m: float(p) for m, p in margins.items()}
        win, lose = float(win), float(lose)
    series = pd.Series(dict(sorted(margins.items())), name="P(margin)",
                       dtype=object if exact else float)
    series.index.name = "margin"
    return OpposedOdds(win, lose, series, a, b, fractions=exact_margins)


_STAT_KIND = {"mental": "skill", "physical": "physical_skill", "mobility": "mobility_skill"}


def skill_bonus(creature: Any, skill: str, skills: Mapping[str, int] | None = None,
                *, extra: Mapping[str, int] | None = None, off_hand: bool = False) -> Any:
    """A creature's bonus on one skill check, explained.

    The ``skills:`` total (0 if the skill is not listed: untrained, inferred) plus what the
    creature's conditions and typed ``d20`` bonuses add to checks of the skill's category
    (:meth:`lfgcombat.Creature.skill_modifier`: Cramped's -2 Physical Skills, the Mobility
    Penalty...), plus named situational bonuses (``extra``, e.g. ``{"Charge (innate)": 2}``),
    and "Any Skill Checks made using only your Off-Hand suffer a -2 penalty"
    (000_8d1d7816ee944f3b.txt, "Handedness & Using Both Hands (Two Weapon Fighting)";
    ``off_hand``; never with the Ambidextrous Feat, "use either hand as your main hand").
    Mobility skills also take the shields' Mobility Penalties
    (:func:`shield_mobility_penalties`: "You suffer the cumulative
    Mobility Penalty of both shields", "Weird Situation - Using Two Shields at the same
    time").

    Args:
        creature: The :class:`~lfgcombat.Creature`.
        skill: A skill of ``data/skills.csv``.
        skills: The creature's ``skills:`` mapping (validated here).
        extra: Situational bonuses by label.
        off_hand: The check is made using only the off hand.

    Returns:
        A :class:`~lfgcombat.creature.Stat` named after the skill.

    Raises:
        SkillError: unknown skill, bad mapping, bad extra bonus or a non-bool ``off_hand``.
    """
    if not isinstance(off_hand, bool):
        raise SkillError(f"True or False (a check made using only the off hand), not "
                         f"{off_hand!r:.40}", "off_hand")
    if extra is not None and not isinstance(extra, Mapping):
        raise SkillError(f"named situational bonuses such as {{'Charge (innate)': 2}}, not "
                         f"{short(extra)}", "extra")
    name = canonical_skill(skill)
    listed = validate_skills(skills)
    mod = creature.skill_modifier(_STAT_KIND[skill_category(name)])
    terms = [Term(f"{name} (skills:)", listed.get(name, 0))]
    for label, value in (extra or {}).items():
        terms.append(Term(str(label), _bonus(value, f"extra.{str(label)[:60]}")))
    if skill_category(name) == "mobility":
        terms += [Term(label, value) for label, value in shield_mobility_penalties(creature)]
    if off_hand:
        # imported here: handedness registers the creature file's off_hand key, which
        # comes after the rulesets' keys (lfgcombat/__init__.py)
        from ..handedness import OFF_HAND_SKILL_PENALTY
        sections = getattr(creature, "sections", None)  # the Ambidextrous Feat's key
        ambidextrous = bool(sections.get("ambidextrous")) if isinstance(sections,
                                                                         Mapping) else False
        if not ambidextrous:
            terms.append(Term("using only the off hand", OFF_HAND_SKILL_PENALTY))
    total = sum(t.value for t in terms) + int(mod.value or 0)
    return Stat(name, total, tuple(terms), mod.bonuses, rule=RULE, fortune=mod.fortune)


def shield_mobility_penalties(creature: Any) -> list[tuple[str, int]]:
    """``(label, penalty)`` of the shields' Mobility Penalties the creature suffers on
    Mobility skill checks: its shield's (``shield_mobility_penalty``), and with a second
    shield carried that one's too: "You suffer the cumulative Mobility Penalty of both
    shields" (000_8d1d7816ee944f3b.txt, "Weird Situation - Using Two Shields at the same
    time"). Penalties of 0 are left out."""
    found = getattr(creature, "sections", None)
    sections = found if isinstance(found, Mapping) else {}
    out = []
    first = int(sections.get("shield_mobility_penalty", 0))
    if first:
        out.append(("shield's Mobility Penalty (inferred: equipment data)", first))
    second = sections.get("second_shield")
    if second and second["shield_rating"] and second["mobility_penalty"]:
        out.append(("second shield's Mobility Penalty (two shields: cumulative)",
                    int(second["mobility_penalty"])))
    return out
