"""000_8d1d7816ee944f3b.txt, "Hit Points (HP) - Taking Damage, Injury, Death:" and "Saving Throws":
hit points as a value, in the encounter, and saving throws.
"""
