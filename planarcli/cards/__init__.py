"""The card reference: every plane and phenomenon, how names are read, and where the data
comes from. One module per job:

- ``model``: the card model (``Card``; ``CatalogSource``, where card data came from and how
  old it is; the results of looking a name up);
- ``catalog``: ``Catalog``, the cards indexed by exact, folded and printed name, which answer
  those names;
- ``names``: how names are folded (case, accents, punctuation, umlaut-free German);
- ``resolve``: name resolution beyond the indexes (typos, fuzzy guesses, "another Magic
  card" by ``magicnames``), imported only for an unknown name, and the one confident guess
  `cards show` and `validate --fix` share;
- ``filters``: filtering by kind, set and subtype;
- ``store``: loading and caching the bundled snapshot and the synced cache, the card a name
  denotes in them (``look_up``), and the official rulings bundled with the snapshot
  (``snapshot_rulings``);
- ``search``: `cards search`'s query language;
- ``scryfall`` and ``sync``: the Scryfall client and `cards sync`;
- ``deckgen``: random planar decks.

Rendering lives in ``planarcli.report.cards`` (one card) and ``planarcli.report.catalog``
(tables, data info, sync); the command line in ``planarcli.commands.cards``.
"""
