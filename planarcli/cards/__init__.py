"""The card reference: the catalog of planes and phenomena, name folding, the Scryfall client,
sync, and random deck generation."""
