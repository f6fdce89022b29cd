"""000_8d1d7816ee944f3b.txt, "Conditions (Sometimes called Status Effects)" and "Conditions – Full
Details": the conditions as data, how they stack, and effects over time in the encounter.
"""
