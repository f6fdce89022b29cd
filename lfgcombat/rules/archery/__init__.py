"""000_8d1d7816ee944f3b.txt, "Archery & Ranged Attacks"."""
