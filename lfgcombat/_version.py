"""The kit's version: the one source (pyproject.toml reads it; saves record it)."""

__version__ = "0.1.0"
