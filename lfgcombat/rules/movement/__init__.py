"""000_8d1d7816ee944f3b.txt, "Movement in Combat", "Other Types of Movement", "Fly Speed – Flight &
Maneuverability", "Falling & Falling Damage".
"""
