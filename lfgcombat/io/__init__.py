"""Reading and writing files: hostile YAML/JSON data files under caps, atomic saves, the rules
tables (``data/*.csv``) and the creature files. (The save-file format of a fight is
:mod:`lfgcombat.engine.log.savefile`.)
"""
