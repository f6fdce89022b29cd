"""000_8d1d7816ee944f3b.txt, "Taking Turns in Combat": awareness, initiative, turns and rounds,
interrupts and readied actions, what a turn allows.
"""
