"""CharacterSheet: edit a creature and watch every derived statistic follow.

Thin by design: each edit rebuilds the creature with :meth:`lfgcombat.Creature.from_dict`
(which validates it) and shows the engine's :meth:`~lfgcombat.Creature.stat` values with
their explanations. An invalid edit shows the engine's message beside the field and keeps
the last valid creature.

The statistics follow the sheet's ``ruleset`` (the creature's own ``ruleset`` key picks the
default; the ``ruleset`` dropdown switches): ``lfg`` shows HR, AC, HP, saves...;
``classic`` and ``wounds`` show the rows their engine modules compute
(:func:`lfgcombat.rulesets.classic.sheet.sheet_rows`: BAB, AC and its parts, CR, nonlethal,
disabled; :func:`lfgcombat.rulesets.wounds.sheet.sheet_rows`: Prowess, Defense, good and bad saves,
Wounds, Barrier, Shell, the parrying shield). The widget only displays them.
"""

from __future__ import annotations

import html
import os
import tempfile
from pathlib import Path
from typing import Any

import ipywidgets as W
import traitlets

from lfgcombat.rules.conditions.conditions import Condition
from lfgcombat.creature import (ABILITIES, STAT_NAMES, Creature, CreatureError, Kind, Size,
                                example_names, load_example)
from lfgcombat.errors import LfgError
from lfgcombat.rulesets import definition
from lfgcombat.rulesets.base import implemented
from lfgcombat.shortrepr import short
from lfgcombat.io.tables import load_table

__all__ = ["CharacterSheet"]

_SHOWN = ("hr", "ac", "ff_ac", "touch_ac", "ac_vs_crit", "max_hp", "injured_threshold",
          "temp_hp_cap", "fort", "ref", "will", "initiative_bonus", "melee_attack",
          "ranged_attack", "move_speed", "attacks_per_turn", "space", "reach")
_LABELS = {"hr": "HR", "ac": "AC", "ff_ac": "FFAC", "touch_ac": "TouchAC",
           "ac_vs_crit": "ACvsCrit", "max_hp": "Max HP", "injured_threshold": "Injured at",
           "temp_hp_cap": "Temp HP cap", "fort": "FORT", "ref": "REF", "will": "WILL",
           "initiative_bonus": "Initiative", "melee_attack": "Melee attack",
           "ranged_attack": "Ranged attack", "move_speed": "Move Speed",
           "attacks_per_turn": "Attacks/turn", "space": "Space (hexes)", "reach": "Reach (ft)"}
_NO_CLASS = "(monster: no class)"


def _rulesets() -> tuple[str, ...]:
    """The rulesets the sheet shows: every implemented one (each names its own rows,
    ``RulesetDefinition.sheet_rows``; lfg's are the creature's stats)."""
    return implemented()


def _own_rows(ruleset: str) -> Any:
    """The ruleset's own sheet rows function, ``None`` for the creature's own stats."""
    return definition(ruleset).sheet_rows


def _default_ruleset(c: Creature) -> str:
    """The ruleset a creature's sheet opens in: the first of its ``ruleset`` key the sheet
    shows (``lfg`` without one)."""
    return next((r for r in getattr(c, "ruleset", ()) if r in _rulesets()), "lfg")


def _row_html(key: str, label: str, value: Any, explain: str) -> str:
    """One statistic's row: its name, value and an opening "why"."""
    shown = "—" if value is None else html.escape(str(value))
    # one full-width cell per stat: the summary line holds name, value and "why";
    # an opened explanation takes the whole width of the table under it
    return (f"<tr class='lfg-stat-{key}'><td style='padding:1px 8px'><details>"
            f"<summary style='display:flex;gap:8px;cursor:pointer'>"
            f"<span style='flex:1 1 auto'>{html.escape(label)}</span>"
            f"<b class='lfg-value' style='min-width:3em;text-align:right'>{shown}</b>"
            f"<span class='lfg-why' style='min-width:3em'>▸ why</span></summary>"
            f"<pre style='margin:0 0 4px 0;font-size:11px;white-space:pre-wrap;"
            f"overflow-wrap:break-word'>{html.escape(explain)}</pre>"
            "</details></td></tr>")


def _lines(text: str) -> str:
    """Escaped text with its line breaks kept."""
    return "<br>".join(html.escape(line) for line in str(text).splitlines())


def _file_name(name: str) -> str:
    """A file name for a creature's name (``"Mayla the Wise"`` -> ``mayla_the_wise.yaml``)."""
    stem = "".join(ch if ch.isalnum() else "_" for ch in name.lower()).strip("_")
    return f"{stem or 'creature'}.yaml"


def _field_key(problem_field: str) -> str:
    """The form field an engine problem belongs to (``abilities.con`` -> ``con``)."""
    head = problem_field.split("[")[0]
    if head.startswith("abilities."):
        return head.split(".", 1)[1]
    if head.startswith("armor."):
        return "armor_" + head.split(".", 1)[1]
    return head.split(".")[0]


def _close_lines(c: Creature) -> str:
    """The close fight's lines of the sheet (skills, special abilities, the main hand, the
    Ambidextrous Feat, a second shield), as
    their sections write them (:mod:`lfgcombat.creature.close_keys`); nothing for a creature without
    them."""
    from lfgcombat.creature.close_keys import (AMBIDEXTROUS, HANDEDNESS, SECOND_SHIELD, SKILLS,
                                               SPECIAL_ABILITIES)
    lines = [f"<div class='lfg-sheet-{s.key}'>{html.escape(s.label)}: "
             f"{html.escape(s.show(s.of(c)))}</div>"
             for s in (SKILLS, SPECIAL_ABILITIES, HANDEDNESS, AMBIDEXTROUS, SECOND_SHIELD)
             if s.key in c.sections and s.show is not None]
    return "<div class='lfg-charsheet-close' style='margin-top:4px'>" + "".join(lines) + \
        "</div>" if lines else ""


class CharacterSheet(W.VBox):
    """An editable character sheet for a :class:`~lfgcombat.Creature`.

    Args:
        creature: The creature to start from.
        ruleset: ``"lfg"``, ``"classic"`` or ``"wounds"``: whose statistics the sheet shows
            (default: the first the creature's ``ruleset`` key lists, else ``lfg``).

    Attributes:
        creature: The last valid creature (a traitlet: observe it, or set it to load another).
        ruleset: The ruleset whose statistics are shown (a traitlet).
        error: The message of the last rejected edit ("" when the sheet is valid).
    """

    creature = traitlets.Instance(Creature)
    ruleset = traitlets.Unicode("lfg")
    error = traitlets.Unicode("")

    def __init__(self, creature: Creature, ruleset: str | None = None,
                 **kwargs: Any) -> None:
        if not isinstance(creature, Creature):
            raise TypeError(f"CharacterSheet needs a lfgcombat.Creature, not "
                            f"{type(creature).__name__}; try Creature.from_dict({{...}}) or "
                            "lfgcombat.creature.load_example('rock')")
        self._syncing = False
        self._fields: dict[str, W.ValueWidget] = self._make_fields()
        self._errors = {k: W.HTML(layout=W.Layout(margin="0 0 0 6px", max_width="22em"))
                        for k in self._fields}
        for key, widget in self._fields.items():
            widget.add_class(f"lfg-field-{key}")
            widget.continuous_update = False
            widget.observe(self._on_edit, "value")
        self._add = W.Dropdown(options=["add a condition…"] + [c.value for c in Condition],
                               description="add", layout=W.Layout(width="17.5em"),
                               style={"description_width": "4em"})
        self._add.observe(self._on_add_condition, "value")
        self._summary = W.HTML()
        # the statistics take the room left; an opened "why" wraps inside it and never
        # squeezes the form
        self._stats = W.HTML(layout=W.Layout(flex="1 1 0", min_width="22em"))
        self._stats.add_class("lfg-charsheet-stats")
        self._status = W.HTML()
        self._ruleset = W.Dropdown(options=list(_rulesets()), description="ruleset",
                                   layout=W.Layout(width="14em"),
                                   style={"description_width": "5em"})
        self._ruleset.add_class("lfg-charsheet-ruleset")
        self._ruleset.observe(lambda ch: setattr(self, "ruleset", ch["new"]), "value")
        self._make_file_controls()
        super().__init__(children=[W.HBox([self._summary, self._ruleset]),
                                   W.HBox([self._form(), self._stats],
                                          layout=W.Layout(align_items="flex-start")),
                                   self._status], **kwargs)
        self.add_class("lfg-charsheet")
        if ruleset is not None and ruleset not in _rulesets():
            raise ValueError(f"ruleset must be one of {', '.join(_rulesets())}, not "
                             f"{short(ruleset)}")
        self._pinned = ruleset
        self._following = False
        self.creature = creature

    @traitlets.validate("ruleset")
    def _check_ruleset(self, proposal: dict) -> str:
        if proposal["value"] not in _rulesets():
            raise traitlets.TraitError(f"ruleset must be one of {', '.join(_rulesets())}, "
                                       "not "
                                       f"{short(proposal['value'])}")
        return str(proposal["value"])

    @traitlets.observe("ruleset")
    def _on_ruleset(self, change: dict) -> None:
        if not self._following:  # the user's choice stays over the next edits
            self._pinned = change["new"]
        self._ruleset.value = change["new"]
        if self.creature is not None:
            self._show(self.creature)

    @staticmethod
    def _make_fields() -> dict[str, W.ValueWidget]:
        """One input per creature field, by the key its errors are reported under."""
        classes = [_NO_CLASS] + list(load_table("classes")["class"])
        # each description box fits its label with room to spare at JupyterLab's font
        # (a label wider than its box is cut on the left: "peed ft")
        num = dict(layout=W.Layout(width="11em"), style={"description_width": "7em"})
        # a dropdown's box must fit its longest option ("diminutive", "enemy")
        pick = dict(layout=W.Layout(width="14em"), style={"description_width": "4em"})
        return {
            "name": W.Text(description="name", layout=W.Layout(width="21em"),
                           style={"description_width": "7em"}),
            "class": W.Dropdown(options=classes, description="class",
                                layout=W.Layout(width="21em"), style={"description_width": "7em"}),
            "level": W.IntText(description="level", **num),
            "size": W.Dropdown(options=[s.value for s in Size], description="size", **pick),
            "kind": W.Dropdown(options=[k.value for k in Kind], description="kind", **pick),
            "speed": W.IntText(description="speed ft", **num),
            **{a: W.IntText(description=a.upper(), **num) for a in ABILITIES},
            "armor_rating": W.IntText(description="armor", **num),
            "armor_vs_crit": W.IntText(description="vs crit", **num),
            "shield_rating": W.IntText(description="shield", **num),
            "natural_armor": W.IntText(description="natural", **num),
            "conditions": W.Text(description="conditions", placeholder="prone, bleed 2, weakened 3",
                                 layout=W.Layout(width="32em"),
                                 style={"description_width": "8em"}),
        }

    def _make_file_controls(self) -> None:
        """The file name box and the Save, Load and Import buttons."""
        self._path = W.Text(placeholder="rock", description="file",
                            tooltip="a .yaml/.json file, or an example's name to load "
                                    "(rock, orc, ogre...)",
                            layout=W.Layout(width="21em"), style={"description_width": "7em"})
        self._path.add_class("lfg-charsheet-file")
        self._save = W.Button(description="Save", icon="download", layout=W.Layout(width="7em"))
        self._load = W.Button(description="Load", icon="upload", layout=W.Layout(width="7em"))
        self._upload = W.FileUpload(accept=".yaml,.yml,.json", multiple=False,
                                    description="Import")
        self._save.on_click(lambda _: self.save(self._path.value))
        self._load.on_click(lambda _: self.load(self._path.value))
        self._upload.observe(self._on_upload, "value")

    def _form(self) -> W.VBox:
        """The form: each field beside its error, in rows, then the file controls."""
        def row(*keys: str) -> W.HBox:
            return W.HBox([W.HBox([self._fields[k], self._errors[k]]) for k in keys])

        return W.VBox(layout=W.Layout(flex="0 0 auto"), children=[
            row("name"), row("class"), row("level", "size", "kind"), row("speed"),
            row("str", "dex", "con"), row("int", "wis", "cha"),
            row("armor_rating", "armor_vs_crit"), row("shield_rating", "natural_armor"),
            W.HBox([self._fields["conditions"], self._add, self._errors["conditions"]]),
            W.HBox([self._path, self._save, self._load, self._upload]),
        ])

    # -- engine -> form ------------------------------------------------------------------

    @traitlets.observe("creature")
    def _on_creature(self, change: dict) -> None:
        self._fill(change["new"])
        wanted = self._pinned or _default_ruleset(change["new"])
        if wanted != self.ruleset:
            self._following = True
            try:
                self.ruleset = wanted  # shows it
            finally:
                self._following = False
        else:
            self._show(change["new"])

    def _fill(self, c: Creature) -> None:
        d = c.to_dict()
        values = {
            "name": d["name"], "class": d.get("class") or _NO_CLASS, "level": d["level"],
            "size": d["size"], "kind": d["kind"], "speed": d["speed"],
            **{a: d["abilities"][a] for a in ABILITIES},
            "armor_rating": d["armor"]["rating"], "armor_vs_crit": d["armor"]["vs_crit"],
            "shield_rating": d["shield_rating"], "natural_armor": d["natural_armor"],
            "conditions": ", ".join(d.get("conditions", [])),
        }
        self._syncing = True
        try:
            with self.hold_sync():
                for key, value in values.items():
                    self._fields[key].value = value
                for err in self._errors.values():
                    err.value = ""
        finally:
            self._syncing = False

    def _show(self, c: Creature) -> None:
        own = _own_rows(self.ruleset) is not None  # its own sheet: no lfg figures on top
        self._summary.value = f"<b>{html.escape(c.title() if own else c.summary())}</b>"
        if _own_rows(self.ruleset) is not None:
            self._stats.value = self._ruleset_html(c)
            return
        rows = []
        for name in _SHOWN:
            stat = c.stat(name)
            rows.append(_row_html(name, _LABELS[name], stat.value, stat.explain()))
        conditions = ", ".join(a.condition.value for a in c.active_conditions) \
            if hasattr(c, "active_conditions") else ""
        cond_line = (f"<div style='margin-top:4px'>active conditions: "
                     f"{html.escape(conditions) or 'none'}</div>")
        self._stats.value = ("<table style='border-collapse:collapse;font-size:12px;"
                             "table-layout:fixed;width:100%'>"
                             + "".join(rows) + "</table>" + cond_line + _close_lines(c))

    def _ruleset_html(self, c: Creature) -> str:
        """The statistics of the ``classic`` or ``wounds`` sheet, as the engine computes
        them; a bad ruleset field is shown in their place."""
        try:
            rows = _own_rows(self.ruleset)(c)
        except LfgError as err:
            return (f"<div class='lfg-error' style='color:#b42318;white-space:pre-wrap'>"
                    f"{_lines(str(err))}</div>")
        written = getattr(c, "ruleset", ())
        note = "" if not written or self.ruleset in written else (
            f"<div class='lfg-ruleset-note' style='color:#9c4221'>{html.escape(c.name)} is "
            f"written for {html.escape(', '.join(written))}, not {self.ruleset}</div>")
        return (f"<div class='lfg-ruleset-{self.ruleset}' style='font-size:12px'>"
                f"<b>{self.ruleset}</b></div>" + note
                + "<table style='border-collapse:collapse;font-size:12px;"
                "table-layout:fixed;width:100%'>"
                + "".join(_row_html(r.key, r.label, r.value, r.explain) for r in rows)
                + "</table>")

    # -- form -> engine ------------------------------------------------------------------

    def _form_dict(self) -> dict:
        f = {k: w.value for k, w in self._fields.items()}
        d = self.creature.to_dict()
        d.update(name=f["name"], level=f["level"], size=f["size"], kind=f["kind"],
                 speed=f["speed"], shield_rating=f["shield_rating"],
                 natural_armor=f["natural_armor"])
        d["abilities"] = {a: f[a] for a in ABILITIES}
        d["armor"] = {**d.get("armor", {}), "rating": f["armor_rating"],
                      "vs_crit": f["armor_vs_crit"]}
        if f["class"] == _NO_CLASS:
            d.pop("class", None)
        else:
            d["class"] = f["class"]
        conditions = [p.strip() for p in f["conditions"].split(",") if p.strip()]
        if conditions:
            d["conditions"] = conditions
        else:
            d.pop("conditions", None)
        return d

    def _on_edit(self, _change: dict) -> None:
        if self._syncing:
            return
        self.apply(self._form_dict())

    def apply(self, d: dict) -> bool:
        """Try a new creature dict: on success it becomes the sheet's creature; on failure
        every problem is shown beside its field and the last valid creature stays.

        Returns:
            Whether the change was accepted.
        """
        try:
            new = Creature.from_dict(d)
        except CreatureError as err:
            self.error = str(err)
            for box in self._errors.values():
                box.value = ""
            for field, message in err.problems:
                key = _field_key(field)
                box = self._errors.get(key)
                text = (f"<div style='color:#b42318;white-space:pre-wrap'>"
                        f"⚠ {_lines(message)}</div>")
                if box is not None:
                    box.value = text
            self._error(f"{err}\nThe sheet keeps the last valid values.")
            return False
        self.error = ""
        self._status.value = ""
        self.creature = new
        return True

    def _on_add_condition(self, change: dict) -> None:
        if change["new"] == self._add.options[0]:
            return
        current = self._fields["conditions"].value
        self._fields["conditions"].value = ", ".join(p for p in (current, change["new"]) if p)
        self._add.value = self._add.options[0]

    # -- files ---------------------------------------------------------------------------

    def _error(self, message: str) -> None:
        """Show a message in the status line, every line of it."""
        self._status.value = (f"<div class='lfg-error' style='color:#b42318;"
                              f"white-space:pre-wrap'>{_lines(message)}</div>")

    def _is_path(self, path: Any) -> bool:
        """Whether ``path`` is a file name; anything else (a number, a list) is refused in the
        status line, shown short (a 5,000-digit number cannot be printed whole)."""
        if path is None or isinstance(path, (str, os.PathLike)):
            return True
        self._error(f"a file name must be text, not {short(path)}; type a file name such as "
                    "rock.yaml")
        return False

    def save(self, path: str) -> None:
        """Write the current creature to ``path`` (``.yaml``/``.yml``/``.json``); an empty
        name or a folder that does not exist is refused in the status line."""
        if not self._is_path(path):
            return
        if not str(path or "").strip():
            self._error("Save: type a file name in the 'file' box first (e.g. "
                        f"{_file_name(self.creature.name)}).")
            return
        try:
            written = self.creature.save(path)
        except LfgError as err:
            self._error(str(err))
            return
        except OSError as err:
            self._error(f"cannot save {path!r}: {err.strerror or err}; check the folder "
                        "exists and can be written")
            return
        self._status.value = (f"<span title='{html.escape(str(Path(written).resolve()))}'>"
                              f"saved {html.escape(str(path))}</span>")

    def load(self, path: str, *, shown_as: str | None = None) -> None:
        """Replace the creature with the one in ``path`` (or the example named so, e.g.
        ``rock``); a bad file changes nothing.

        Args:
            path: A ``.yaml``/``.yml``/``.json`` file, or an example's name.
            shown_as: The name messages use for the file (an upload's own name).
        """
        if not self._is_path(path):
            return
        name = shown_as or str(path or "").strip()
        if not str(path or "").strip():
            self._error("Load: type a file name in the 'file' box first (e.g. mayla.yaml), "
                        f"or an example's name ({', '.join(example_names()[:4])}...).")
            return
        example = Path(str(path)).stem.lower()
        try:
            if not Path(path).exists() and shown_as is None and example in example_names():
                self.creature = load_example(example)
                self._status.value = f"loaded the example {html.escape(example)}"
                return
            self.creature = Creature.load(path)
        except LfgError as err:
            self._error(str(err).replace(str(path), name))
            return
        except Exception as err:  # noqa: BLE001 - shown in the sheet, never in the kernel
            self._error(f"cannot load {name!r}: {type(err).__name__}: {err}")
            return
        self._status.value = f"loaded {html.escape(name)}"

    def _on_upload(self, change: dict) -> None:
        for item in change["new"]:
            shown = Path(str(item.get("name") or "upload.yaml")).name
            suffix = Path(shown).suffix or ".yaml"
            with tempfile.TemporaryDirectory() as tmp:
                target = Path(tmp) / f"upload{suffix}"
                target.write_bytes(bytes(item["content"]))
                self.load(str(target), shown_as=shown)

    def __repr__(self) -> str:
        c = self.creature
        who = c.character_class or f"{c.size.value} monster"
        return f"CharacterSheet({c.name}, level {c.level} {who})"


# Keep STAT_NAMES referenced so a renamed statistic fails loudly here, not in a browser.
assert set(_SHOWN) <= set(STAT_NAMES)
