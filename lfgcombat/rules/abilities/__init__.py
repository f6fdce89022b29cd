"""000_8d1d7816ee944f3b.txt, "Special Abilities – 4 Different Types", "Common Natural Weapons",
"Special Natural Attacks", Swallow Whole.
"""
