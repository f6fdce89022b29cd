"""Browser tests: JupyterLab driven by Debian's Chromium (see conftest.py)."""
