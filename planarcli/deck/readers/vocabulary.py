"""The words the readers know a deck's parts and a table's columns by, in every language.

One place for every heading, section word and column name, folded (lower case, ``_`` and
``-`` as spaces, single spaces): the text reader's headings (``Planar Deck``, ``Plans``,
``次元デッキ``), the parts ``deck convert`` sorts a deck by (commander, sideboard, side parts),
Forge's ``[planes]`` sections, the columns of a CSV header and of a table pasted as text.
It imports nothing of planarcli: every reader and ``deck convert`` may use it without
loading another reader.
"""

from __future__ import annotations

import re

# ---------------------------------------------------------------------------------------
# Sections of a deck
# ---------------------------------------------------------------------------------------

#: Section names (folded) of a deck's parts besides its main deck and planar deck: its
#: commander, the sideboard where formats without a planar zone park the planar cards, and
#: the parts that are neither (a maybeboard, tokens, a scheme deck...: ``deck convert``
#: carries none of them). Here, not in the text reader that reads them, so that ``deck
#: convert`` of a Cockatrice, MTGO, Forge or JSON file does not load that reader.
COMMANDER_SECTIONS = frozenset({"commander", "commanders"})
CANDIDATE_SECTIONS = frozenset({"sideboard", "side", "side board", "sb"})
SIDE_PARTS = frozenset(
    {
        "display commander",
        "companion",
        "maybeboard",
        "maybe",
        "maybe board",
        "considering",
        "tokens",
        "token",
        "extras",
        "schemes",
        "scheme deck",
        "archenemy",
        "attractions",
        "contraptions",
        "sticker sheets",
        "stickers",
        "dungeon",
        "dungeons",
        "vanguard",
        "conspiracies",
        "about",
        "outside the game",
    }
)

#: Section names (folded: lower case, single spaces) that mean "the planar deck".
PLANAR_SECTIONS = frozenset(
    {
        "planar deck",
        "planar",
        "planes",
        "plane",
        "planechase",
        "planar cards",
        "planes and phenomena",
        "planes phenomena",
        "plane deck",
        "plane cards",
        "planechase deck",
        "communal planar deck",
        "planar deck communal",
        "single planar deck",
        "phenomena",
        "phenomenon",
        "planechase planes",
        "planechase cards",
        "planechase planes and phenomena",
        "planes and phenoms",
        "planes phenoms",
        "planes and phenomenons",
        "phenomenons",
        "phenoms",
        "phenom",
    }
)
#: Headings in other languages, per language: (planar deck, phenomena, main deck and
#: commander). The phenomena headings only continue a planar deck already open.
FOREIGN_HEADINGS: dict[str, tuple[frozenset[str], frozenset[str], frozenset[str]]] = {
    "ja": (
        frozenset({"次元デッキ", "次元"}),
        frozenset({"現象"}),
        frozenset({"メインデッキ", "統率者"}),
    ),
    "fr": (
        frozenset({"deck planaire", "plans", "deck de plans", "cartes plan"}),
        frozenset({"phénomènes", "phenomenes"}),
        frozenset({"deck principal", "commandant"}),
    ),
    "de": (
        frozenset({"planares deck", "planardeck", "planar deck", "ebenen", "ebenendeck"}),
        frozenset({"phänomene", "phaenomene"}),
        frozenset({"hauptdeck", "kommandeur"}),
    ),
    "es": (
        frozenset({"mazo de planos", "mazo planar", "planos"}),
        frozenset({"fenómenos", "fenomenos"}),
        frozenset({"mazo principal", "comandante"}),
    ),
    "it": (
        frozenset({"mazzo planare", "mazzo dei piani", "mazzo di piani", "piani"}),
        frozenset({"fenomeni"}),
        frozenset({"mazzo principale", "comandante"}),
    ),
    "pt": (
        frozenset({"deck planar", "grimório planar", "grimorio planar", "planos"}),
        frozenset({"fenômenos", "fenomenos"}),
        frozenset({"deck principal", "grimório principal", "grimorio principal", "comandante"}),
    ),
}
PLANAR_SECTIONS = PLANAR_SECTIONS.union(
    *(planar | phenomena for planar, phenomena, _ in FOREIGN_HEADINGS.values())
)
#: Planar section names that only continue a planar deck already open (``Planes (8)`` then
#: ``Phenomena (2)``); elsewhere they are a comment's words or a card line, as before.
CONTINUING_SECTIONS = frozenset(
    {"phenomena", "phenomenon", "phenomenons", "phenoms", "phenom"}
).union(*(phenomena for _, phenomena, _ in FOREIGN_HEADINGS.values()))
#: Section names that are some other part of a deck.
OTHER_SECTIONS = (
    frozenset(
        {
            "deck",
            "main",
            "main deck",
            "maindeck",
            "mainboard",
            "library",
            "lands",
            "land",
            "creatures",
            "creature",
            "instants",
            "sorceries",
            "artifacts",
            "enchantments",
            "planeswalkers",
            "battles",
            "spells",
            "other",
        }
    )
    .union(COMMANDER_SECTIONS, SIDE_PARTS)
    .union(*(other for _, _, other in FOREIGN_HEADINGS.values()))
)

#: The last words of the planar headings ("deck", "planes", "phenomena"...).
HEADING_ENDS = frozenset(heading.split()[-1] for heading in PLANAR_SECTIONS)

_SPACES = re.compile(r"\s+")


def fold_heading(text: str) -> str:
    spaced = text.replace("_", " ").replace("-", " ").replace("&", " and ")
    return _SPACES.sub(" ", spaced).strip().casefold()


#: What joins the names of two parts into one heading: "Planes/Phenomena", "Planes +
#: Phenomena" (with a count each: "Planes (10) + Phenomena (1)").
HEADING_JOINERS = ("/", "+")
#: A part named, then what it holds in parentheses: "Sideboard (Planes)", "Extras (planar
#: deck)": the planar deck when what it holds is.
HOLDS_OPEN, HOLDS_CLOSE = "(", ")"


def _part_key(part: str) -> str:
    """One part of a joined heading, folded, without its count ("planes (10)" -> "planes")."""
    part = part.strip()
    if part.endswith((")", "]")):
        opening = part.rfind("(" if part.endswith(")") else "[")
        inside = part[opening + 1 : -1].split()
        if opening > 0 and inside and inside[0].isdigit() and len(inside) <= 2:
            part = part[:opening]  # "(10)", "(10 cards)", "[8]"
    return fold_heading(part)


def _joined_role(key: str) -> str | None:
    """ "planar" for a heading of planar parts joined ("planes / phenomena") or a part that
    holds the planar deck ("sideboard (planes)"), else None."""
    for joiner in HEADING_JOINERS:
        if joiner in key:
            keys = [_part_key(part) for part in key.split(joiner)]
            if all(k in PLANAR_SECTIONS for k in keys) and any(
                k not in CONTINUING_SECTIONS for k in keys
            ):
                return "planar"
            return None
    if key.endswith(HOLDS_CLOSE) and HOLDS_OPEN in key:
        opening = key.rfind(HOLDS_OPEN)
        held = fold_heading(key[opening + 1 : -1])
        head = key[:opening].strip()
        if held in PLANAR_SECTIONS and head and _known(head):
            return "planar"
    return None


def _known(key: str) -> bool:
    return key in PLANAR_SECTIONS or key in CANDIDATE_SECTIONS or key in OTHER_SECTIONS


def section_role(name: str) -> str | None:
    """ "planar", "candidate" or "other" for a known section name, else None."""
    if len(name) > LONGEST_SECTION and name.isprintable():
        # Folding keeps every character but white space, "_" and "-" (and a printable text's
        # only white space is " "): so many others make no section name. Spares folding the
        # sentence before a colon in a line of notes.
        kept = len(name) - name.count(" ") - name.count("_") - name.count("-")
        if kept > LONGEST_SECTION:
            return None
    key = fold_heading(name)
    if key in PLANAR_SECTIONS:
        return "planar"
    if key in CANDIDATE_SECTIONS:
        return "candidate"
    if key in OTHER_SECTIONS:
        return "other"
    if "/" in key or "+" in key or key.endswith(")"):
        return _joined_role(key)
    if " " in key:
        return _sided_role(key)
    return None


def _sided_role(key: str) -> str | None:
    """ "planar" for the sideboard named with the planar deck it holds, either way round
    ("sideboard planes", from ``Sideboard - Planes``; "planar sideboard"), else None."""
    for side in CANDIDATE_SECTIONS:
        if key.startswith(side + " ") and key[len(side) + 1 :] in PLANAR_SECTIONS:
            return "planar"
        if key.endswith(" " + side) and key[: -len(side) - 1] in PLANAR_SECTIONS:
            return "planar"
    return None


#: The longest section name (folded).
LONGEST_SECTION = max(map(len, PLANAR_SECTIONS | CANDIDATE_SECTIONS | OTHER_SECTIONS))

#: Forge's sections (lower case) that hold the planar deck.
FORGE_PLANAR_SECTIONS = frozenset({"planar", "planes", "plane", "planechase"})
#: Sections of ``key=value`` lines, not cards.
FORGE_INFO_SECTIONS = frozenset({"metadata", "general"})
#: Every section name Forge writes; used by format detection.
FORGE_SECTIONS = frozenset(
    {
        "metadata",
        "general",
        "main",
        "sideboard",
        "commander",
        "planar",
        "planes",
        "schemes",
        "conspiracy",
        "dungeon",
        "avatar",
        "attractions",
        "contraptions",
    }
)

# ---------------------------------------------------------------------------------------
# Columns of a CSV header and of a table pasted as text
# ---------------------------------------------------------------------------------------

#: Header cells (folded: lower case, ``_``/``-`` as spaces, single spaces) for each column.
#: The name and quantity columns as German, French, Spanish, Italian and Portuguese
#: spreadsheets head them (``Anzahl;Karte;Edition``, ``Quantité;Carte``).
FOREIGN_NAME_COLUMNS = frozenset(
    {"karte", "kartenname", "carte", "nom", "nom de la carte", "carta", "nombre", "nome"}
)
FOREIGN_QUANTITY_COLUMNS = frozenset(
    {
        "anzahl",
        "menge",
        "quantité",
        "quantite",
        "qté",
        "cantidad",
        "quantità",
        "quantita",
        "qtà",
        "quantidade",
        "qtd",
    }
)
CSV_NAME_COLUMNS = frozenset(
    {"name", "card name", "cardname", "card", "card title", "plane", "planes", "phenomenon"}
    | {"plane / phenomenon", "plane/phenomenon", "planes / phenomena", "planes/phenomena"}
    | {"plane or phenomenon", "planes and phenomena", "plane / phenomena"}
).union(FOREIGN_NAME_COLUMNS)
#: A card-name column that is a CSV header alone (``Name``): no heading word ("Planes").
CSV_NAME_ALONE = frozenset({"name", "card name", "cardname"})
CSV_QUANTITY_COLUMNS = frozenset(
    {"count", "quantity", "qty", "amount", "copies", "number", "num", "#", "qnty"}
).union(FOREIGN_QUANTITY_COLUMNS)
SECTION_COLUMNS = frozenset(
    {"board", "section", "category", "categories", "zone", "deck section", "type of board"}
)
#: Columns that give a card's printing (kept for ``deck convert``; not used to find the header).
SET_COLUMNS = frozenset(
    {"edition", "set", "set code", "setcode", "edition code", "édition", "edición", "edizione"}
)
COLLECTOR_COLUMNS = frozenset({"collector number", "collector #", "collector", "cn"})
#: A column saying whether the row's card is in the deck (a tracker sheet's "In the deck?"
#: yes/no): a row marked no is no card of the deck.
INCLUDED_COLUMNS = frozenset(
    {"in the deck", "in deck", "included", "include", "in use", "playing", "im deck"}
    | {"dans le deck", "en el mazo", "nel mazzo", "no deck"}
)
#: What may follow such a heading: "In the deck?", "In deck (y/n)".
INCLUDED_TAIL = ("?", "(y/n)", "(yes/no)", "(j/n)", "(o/n)", "(s/n)")
#: The values that mark a row as out of the deck (folded); an empty cell leaves it in.
LEFT_OUT = frozenset({"no", "n", "false", "0", "nein", "non", "nee", "out", "cut", "✗", "✘", "❌"})
#: Scryfall's deck export puts the cards kept "outside the game" in its ``outside`` section,
#: where players keep a planar deck (the site has no planar section): its planes and
#: phenomena are picked out by type, as from a sideboard.
OUTSIDE_SECTIONS = frozenset({"outside", "outside the game"})

#: CSV quantity headings that may head a column of row numbers instead ("#", "No.", "Nr.").
NUMBERING_COLUMNS = frozenset({"#", "no", "no.", "nr", "nr.", "number", "num", "n°", "nº"})

#: Column headings of a table copied from a spreadsheet, a forum or a deck site (folded).
TABLE_NAME_COLUMNS = frozenset(
    {"name", "card", "card name", "cards", "plane", "planes", "title"}
).union(FOREIGN_NAME_COLUMNS)
TABLE_QUANTITY_COLUMNS = frozenset(
    {"qty", "qty.", "quantity", "count", "copies", "amount", "#", "x", "no", "no.", "n", "num"}
).union(FOREIGN_QUANTITY_COLUMNS)
TABLE_OTHER_COLUMNS = frozenset(
    {
        "type",
        "types",
        "type line",
        "card type",
        "set",
        "set code",
        "set name",
        "edition",
        "édition",
        "edición",
        "edizione",
        "collector number",
        "number",
        "rarity",
        "notes",
        "note",
        "comment",
        "comments",
        "price",
        "cmc",
        "mana value",
        "mana cost",
        "color",
        "colour",
        "foil",
        "finish",
        "condition",
        "language",
        "lang",
        "id",
        "board",
        "category",
        "owned",
        "status",
        "location",
        "owner",
        "artist",
        "world",
        "subtype",
        "value",
        "date added",
    }
)

#: Table name columns that are also what a row's type cell says: no sign of a heading row
#: beside cells the reader does not know.
TYPE_WORDS = frozenset({"plane", "planes"})
