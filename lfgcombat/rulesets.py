"""Rulesets: which text the kit plays by, and the optional rules switched on.

The three rules texts are three rulesets (``shared/seeds/README.md``): ``lfg`` (the main
chapter, 000_8d1d7816ee944f3b.txt), ``classic`` (002_2a3a79475ca2a541.txt) and ``wounds``
(003_de0e94afd49609a7.txt). A :class:`Ruleset` is a frozen value: a name and the optional
rules of that text, each a switch that is off by default. Engine functions take a
``ruleset=`` argument and ask it, never a global.

Only ``lfg`` is implemented so far; asking for ``classic`` or ``wounds`` raises a clear
:class:`~lfgcombat.errors.LfgError` instead of silently playing by the wrong rules.

Switches of ``lfg`` (000_8d1d7816ee944f3b.txt):

* ``killer_criticals`` - "Killer Criticals (Optional Rule)": a Critical Hit deals at least
  multiplier x 10% of the target's maximum HP.
* ``perfect_critical`` - "Perfect Critical (Optional Rule)": a Nat20 on the confirmation
  roll deals maximum physical damage and may break or sever a limb.
* ``advanced_five_foot_step`` - "5-Foot Step" (the advanced option).
* ``initiative`` - ``selective`` (the default), ``round_by_round`` or ``top_down``
  ("Alternative Initiative #1 / #2").
* ``grid`` - ``hex`` (the default) or ``square`` ("Square Grid" option).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from .errors import LfgError

__all__ = ["Ruleset", "RulesetError", "RULESET_NAMES", "IMPLEMENTED", "LFG", "coerce_ruleset"]

#: The rulesets the kit knows (one per rules text).
RULESET_NAMES: tuple[str, ...] = ("lfg", "classic", "wounds")
#: The rulesets implemented so far.
IMPLEMENTED: tuple[str, ...] = ("lfg",)
_TEXTS = {"lfg": "000_8d1d7816ee944f3b.txt", "classic": "002_2a3a79475ca2a541.txt",
          "wounds": "003_de0e94afd49609a7.txt"}
_CHOICES = {"initiative": ("selective", "round_by_round", "top_down"),
            "grid": ("hex", "square")}


class RulesetError(LfgError, ValueError):
    """An unknown ruleset, one not implemented yet, or a bad switch value."""


@dataclass(frozen=True)
class Ruleset:
    """A ruleset and its optional-rule switches (all off by default).

    Args:
        name: ``"lfg"`` (``"classic"`` and ``"wounds"`` are named but not implemented yet).
        killer_criticals: 000_8d1d7816ee944f3b.txt, "Killer Criticals (Optional Rule)".
        perfect_critical: 000_8d1d7816ee944f3b.txt, "Perfect Critical (Optional Rule)".
        advanced_five_foot_step: the advanced 5-Foot Step option ("5-Foot Step").
        initiative: ``selective`` / ``round_by_round`` / ``top_down``.
        grid: ``hex`` / ``square``.

    Raises:
        RulesetError: unknown name, a name not implemented yet, or a bad switch value.

    Example:
        >>> Ruleset("lfg", killer_criticals=True).killer_criticals
        True
    """

    name: str = "lfg"
    killer_criticals: bool = False
    perfect_critical: bool = False
    advanced_five_foot_step: bool = False
    initiative: str = "selective"
    grid: str = "hex"

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or self.name.strip().lower() not in RULESET_NAMES:
            raise RulesetError(f"unknown ruleset {self.name!r}; the rulesets are "
                               + ", ".join(f"{n!r} ({_TEXTS[n]})" for n in RULESET_NAMES))
        name = self.name.strip().lower()
        object.__setattr__(self, "name", name)
        if name not in IMPLEMENTED:
            raise RulesetError(
                f"ruleset {name!r} ({_TEXTS[name]}) is not implemented yet; use "
                "Ruleset('lfg') (000_8d1d7816ee944f3b.txt), optionally with "
                "killer_criticals=True / perfect_critical=True")
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in _CHOICES:
                if value not in _CHOICES[f.name]:
                    raise RulesetError(f"{f.name} must be one of "
                                       f"{', '.join(_CHOICES[f.name])}, not {value!r}")
            elif f.type in ("bool", bool) and not isinstance(value, bool):
                raise RulesetError(f"{f.name} is a switch: True or False, not {value!r}")

    @property
    def text(self) -> str:
        """The rules file this ruleset implements."""
        return _TEXTS[self.name]

    def switches(self) -> dict[str, object]:
        """The optional rules and their settings (everything but the name)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "name"}

    def killer_critical_minimum(self, multiplier: int, max_hp: int) -> int | None:
        """The least damage a Critical Hit deals under Killer Criticals (``None`` when off).

        000_8d1d7816ee944f3b.txt, "Killer Criticals (Optional Rule)": "x2 ... at least 20%
        Maximum HP ... x3 ... 30% ... x4 deals 40%, x5 deals 50%"; "find 10% of your foe's
        max health, then double or triple that number as needed for your multiplier. (Ex:
        62HP maximum = 6HP for 10%, 12 HP for 20%, 18HP for 30%)". So 10% is rounded down
        first, then multiplied: ``floor(max_hp / 10) x multiplier`` (52 HP, x2 -> 10; 74 HP,
        x3 -> 21, the text's two examples).
        """
        if not self.killer_criticals:
            return None
        return (max_hp // 10) * multiplier

    def describe(self) -> str:
        """One line: the name and the switches that are on."""
        on = [k for k, v in self.switches().items() if v is True]
        other = [f"{k}={v}" for k, v in self.switches().items()
                 if not isinstance(v, bool) and v != _CHOICES[k][0]]
        extra = ", ".join(on + other)
        return f"{self.name} ({self.text})" + (f" with {extra}" if extra else "")


#: The default ruleset: LFG with every optional rule off.
LFG = Ruleset("lfg")


def coerce_ruleset(value: "Ruleset | str | None") -> Ruleset:
    """A :class:`Ruleset` from itself, its name, or ``None`` (the default ``lfg``).

    Raises:
        RulesetError: anything else.
    """
    if value is None:
        return LFG
    if isinstance(value, Ruleset):
        return value
    if isinstance(value, str):
        return Ruleset(value)
    raise RulesetError(f"ruleset must be a Ruleset or a name such as 'lfg', not {value!r}")
