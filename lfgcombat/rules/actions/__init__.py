"""000_8d1d7816ee944f3b.txt, "Actions in Combat", "Special Actions in Combat", "Reactions & AOO":
the action economy, the Action Tables, special actions, casting, skills, maneuvers.
"""
