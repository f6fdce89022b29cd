"""000_8d1d7816ee944f3b.txt, "Momentum of Impact: Bigger Creatures hitting Smaller Creatures":
Knockdown and Crushing Advance.
"""
