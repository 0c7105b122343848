"""planarcli: Planechase planar decks, plane cards and the Planechase rules, from a shell."""

__version__ = "0.5.0"
