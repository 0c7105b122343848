"""Deck checking: the deck rules of each edition as data, the checks, and the validate run
over files and folders."""
