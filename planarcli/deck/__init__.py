"""Deck checking: decklist readers (one per format, all giving the same Decklist), the deck
rules of each edition as data (``checks``), and the validate run over files and folders."""
