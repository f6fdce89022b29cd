"""The encounter tests, one module per rule module of lfgcombat.engine."""
