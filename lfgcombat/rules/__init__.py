"""The rules of play, one package per heading of 000_8d1d7816ee944f3b.txt: in each, the encounter's
rule modules (functions over the fight's state ``st``; a module with a twin is ``<name>_play``)
beside the pure rule maths of that heading.
"""
