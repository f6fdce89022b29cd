"""Sphinx configuration of the rulebook site (``make docs``).

The site is built from the committed notebooks as they are (``nb_execution_mode = "off"``:
nothing is re-executed), the docstrings (autosummary + autodoc of :mod:`lfgcombat`), the rules
map (``make rulesmap`` writes ``rulesmap.md``) and the pages of this folder. No network but the
package index is needed: no intersphinx, no CDN scripts (ipywidgets' and MathJax's loaders are
off), a theme installed from PyPI (furo). ``notebooks`` here is a link to ``../notebooks``.
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
REPO = DOCS.parent
sys.path.insert(0, str(REPO))

import lfgcombat  # noqa: E402

project = "lfgcombat"
author = "the lfgcombat maintainers"
copyright = "lfgcombat maintainers"
release = version = lfgcombat.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
]
templates_path = ["_templates"]
exclude_patterns = ["_build", "**.ipynb_checkpoints", "notebooks/images/README*",
                    "api/_stale"]
root_doc = "index"

# --- notebooks: shown as committed ----------------------------------------------------------
nb_execution_mode = "off"
nb_merge_streams = True
# The widgets' JavaScript would come from a CDN: off. The notebooks keep no widget state
# (tools/run_notebooks.py strips it), so a widget's live view would be an empty gap: the
# site shows its text fallback instead (the widget-view output is left out for HTML).
nb_ipywidgets_js: dict = {}
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", None)]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
suppress_warnings = ["myst.header", "mystnb.unknown_mime_type", "misc.highlighting_failure",
                     "myst.xref_missing"]

# --- API reference --------------------------------------------------------------------------
autosummary_generate = True
autosummary_imported_members = False
autodoc_default_options = {"members": True, "show-inheritance": True}
# Type hints stay in the signatures, and objects make no entries of the table of contents:
# the theme's sidebar copies that table into every page, which made the build 3x slower.
autodoc_typehints = "signature"
toc_object_entries = False
autodoc_member_order = "bysource"
napoleon_google_docstring = True
napoleon_numpy_docstring = False
# api.md lists every public module (tests/test_docs.py keeps the list whole).
autosummary_ignore_module_all = True

# --- HTML -----------------------------------------------------------------------------------
html_theme = "furo"
html_title = f"lfgcombat {release}"
html_static_path = ["_static"]
html_css_files = ["lfgcombat.css"]  # wide tables: smaller type, long words wrapped
html_copy_source = False
html_show_sourcelink = False
html_extra_path = ["rulesmap.csv"]
# MathJax loads from a CDN only on a page with equations: none has any (myst's dollarmath is
# off), and tests/browser/test_docs_site.py fails on any request that leaves the site.
