"""planarcli: Planechase planar decks, plane cards and the Planechase rules, from the command line."""

__version__ = "0.1.0"
