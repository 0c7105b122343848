#!/usr/bin/env python3
"""Score the decklist readers on held-out pasted lists (benchmarks/pasted_heldout/).

    python benchmarks/score_pasted.py [--show-errors]

The lists there were written the way people paste them, after the readers for issue 16's
pasted forms (numbered lists, ``Name ×1``, headings with counts, an Arena ``Deck`` of
planes, a Japanese list in cp932) were done. Batch 1 (``h*``) was scored once (9 of 10) and
its one miss then fixed; batch 2 (``b2-*``), written after that fix, was scored once (6 of
8) and its misses (Markdown-bold headings, a ``PHENOMENA (2)`` heading) then fixed too;
batch 3 (``c3-*``), written after that, was scored once (8 of 10: inline ``// note``
comments, an Arena ``Deck`` of planes with a typo too far off to guess) and fixed; batch 4
(``d4-*``), written after that, was scored once (4 of 8: a code fence, ``1 - Akoum``
numbering, full-width Japanese numbering, ``> `` quotes) and fixed; batch 5 (``e5-*``),
written after that, was scored once (6 of 9: a list on one line, emoji before a heading, a
Japanese heading) and fixed. Those five are now regression checks rather than held-out
measures: 33 of 45 lists read right on first scoring across the batches, 45 of 45 after
the fixes. Batch 6 (``f6-*``), written after all of that, is the held-out measure of the
finished readers and was scored once: 7 of 10 (missed: ``1.Akoum`` without a space, a
table copied with a type column, ``---`` separator lines), then fixed (40 of 55 right on
first scoring across six batches). Batch 7 (``g7-*``), written after those fixes (Discord
name-and-time lines, Archidekt categories, Markdown task lists, a spreadsheet with set and
number columns, a TCGplayer cart with prices, BBCode card tags, ``Name (1)``, phone-notes
bullets, ``Name (plane)``, a CSV saved as .txt, a title with a note, German names), was
scored once: 6 of 12 (missed: a chat line above the list, ``- [x]`` task boxes, prices and
a total line, ``[c]...[/c]`` tags, ``Name (1)``, ``(phenomenon)`` and ``(plane)`` after a
name that is no card), then fixed in general forms (12 of 12). Batch 8 (``i8-*``), written
after those fixes in forms no earlier batch uses (Reddit ``[[Name]]``, Discord inline code,
``#1`` numbering, a semicolon spreadsheet with German column names, Spanish and Italian
headings, a type line after an em dash, a set's name in parentheses, checkmark emoji, ``Name:
1 copy``, old Mac CR line ends, Markdown links in a bulleted list), is the held-out measure
of the finished readers and was scored once: 2 of 12 (read right: ``[[Name]]`` and the CR
line ends; the other ten missed), then fixed in general forms (12 of 12). Batch 9
(``j9-*``), written after those fixes in forms no earlier batch uses (an HTML ``<ul>`` list,
keycap-emoji numbers, a sentence ending ``... Otaria and Chaotic Aether``, ``a)`` letter
numbering, indented notes under cards, Spanish printed names, ``[1] Akoum``, a JSON array
of names in a .txt, dot leaders ``Akoum ...... 1``, zero-width spaces, a list on one line
parted by ``/``, a plane's world in brackets ``1 Akoum [Zendikar]``), is the held-out
measure of the finished readers and was scored once: 3 of 12 (read right: Spanish
printed names, dot leaders, zero-width spaces; the other nine missed), then fixed in
general forms (12 of 12; 51 of 91 right on first scoring across nine batches). Batch 10
(``k10-*``), written on 2026-12-01 as typical pastes, scored once: 10 of 15 (missed: prose
lines above or below a list of bare names or ``* ``, ``1x `` or ``- `` lines in a Reddit
post, a Discord message, a forum reply, an email and a German list, read as unknown cards),
then fixed in a general form (prose anywhere in a list of marked lines, at the head or tail
of a list of bare names, a sign-off's signature): 15 of 15. Batch 10 is now a regression
check like the others (61 of 106 right on first scoring across ten batches, 106 of 106
after the fixes); there is no held-out batch left until a new one is written.
Batch 11 (``l11-*``), written on 2026-12-01 as typical pastes, scored once: 9 of 15 (missed:
a Discord name-and-time line and a chat line above bare names, a phone note's closing
``(...)`` remark, an email's bare-name signature, notes after names (`` - ``, `` <- ``,
`` — ``, ``(...)``), a swap explained in a sentence between the cards, a spreadsheet's
``Card<TAB>Type<TAB>Owned`` header row; 70 of 121 right on first scoring across eleven batches),
then fixed in general forms (a note after a card's name, a chat's name-and-time line, a
remark in parentheses, a sentence between bare names, a sign-off of up to four words with
the name under it, a heading row with columns of its own): 15 of 15 (121 of 121 after the
fixes). Batch 11 is now a regression check too; no held-out batch is left until a new one
is written.
Batch 12 (``m12-*``), written on 2026-12-01 as typical pastes, scored once: 3 of 15 (read
right: a Reddit post's indented list, a Moxfield and a TappedOut Commander list with the
planar deck under it; missed: a Discord ``[9:03 PM]`` stamp and ``+ Name, forgot it``, a
forum signature under ``--``, Google Keep ``☐``/``☑`` boxes, a Scryfall deck CSV's
``outside`` section, a sheet's ``In the deck?`` column, an email's ``Planes: A, B, ...``
sentence, French and German sign-offs, a note in ``[...]`` and after ``,`` or ``…``, a
sentence ending in ``:`` between cards, an MTGGoldfish table's ``Cards Total`` row, a
WhatsApp export's date-and-name prefixes; 73 of 136 right on first scoring across twelve
batches), then fixed in general forms (a chat's ``[9:03 PM]`` and ``+ Name, remark``, a
signature under ``--`` and an e-mail's quoted reply when no line of them is a card, check
boxes, sign-offs without a comma and ending in ``!``, notes after ``:``, ``,``, ``…`` and in
brackets that are no category, a sentence ending in ``:`` between names, a deck site's
``Cards Total`` row, chat-export prefixes, lists in sentences after ``Planes:``, Scryfall's
``outside`` section and a sheet's ``In the deck?`` column): 15 of 15 (136 of 136 after the
fixes). Batch 12 is now a regression check too; no held-out batch is left until a new one
is written.
Batch 13 (``n13-*``), written on 2026-12-01 as typical pastes, scored once: 7 of 15 (missed:
a Reddit post with ``1 Name`` lines ending in two spaces, a forum reply's ``Logged`` line
and signature, a phone note's closing remark, a Scryfall text view (name, type line, Oracle
text), a TappedOut MTGO ``.dek`` file, a sheet export with a ``#`` column and a
``Phenomena`` row, an e-mail's quoted earlier list and bare-name sign-off, a Commander list
with ``Name x1`` lines under ``~~ planar deck ~~``; 80 of 151 right on first scoring across
thirteen batches), then fixed in general forms (an MTGO ``.dek`` without sideboard rows read as
a bare list, a site's toolbar parted by `` · ``, headings framed with symbols, a card's type
line and rules text under its name, a sheet's ``#`` row numbers and heading rows, an e-mail's
quoted earlier list under its own and the bare name above it, SMF's ``Logged`` and phpBB's
rule before a signature, a bare list's head or tail of six words or more): 15 of 15 (151 of
151 after the fixes). Batch 13 is now a regression check too; no held-out batch is left
until a new one is written.
A list reads right when ``validate`` gives the expected verdict and its planar deck is the
expected cards (catalog names, one per copy, in any order).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HELDOUT = Path(__file__).resolve().parent / "pasted_heldout"
#: File-name prefix -> batch; batch 1 has the plain h* names.
BATCHES = {
    "b2": "batch 2",
    "c3": "batch 3",
    "d4": "batch 4",
    "e5": "batch 5",
    "f6": "batch 6",
    "g7": "batch 7",
    "i8": "batch 8",
    "j9": "batch 9",
    "k1": "batch 10",  # k10-* (the first two characters of the name)
    "l1": "batch 11",  # l11-*
    "m1": "batch 12",  # m12-*
    "n1": "batch 13",  # n13-*
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--show-errors", action="store_true")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from planarcli.cards.store import load_catalog
    from planarcli.deck.checks import DeckOptions
    from planarcli.deck.readers import read_decklist
    from planarcli.deck.readers.planar import find_planar_deck
    from planarcli.deck.validate import validate_file
    from planarcli.errors import PlanarError

    catalog = load_catalog(warn=False)
    expected = json.loads((HELDOUT / "expected.json").read_text("utf-8"))
    right: dict[str, int] = {}
    total: dict[str, int] = {}
    for name, want in sorted(expected.items()):
        batch = BATCHES.get(name[:2], "batch 1")
        total[batch] = total.get(batch, 0) + 1
        path = str(HELDOUT / name)
        try:
            planar = find_planar_deck(read_decklist(path), catalog)
            result = validate_file(path, catalog, DeckOptions())
        except PlanarError as error:
            print(f"{name}: wrong (unreadable: {error.message})")
            continue
        got = []
        for entry in planar.entries:
            card = catalog.lookup(entry.name)
            got += [card.name if card else entry.name] * entry.quantity
        ok = sorted(got) == sorted(want["planar"]) and result.valid == want["valid"]
        right[batch] = right.get(batch, 0) + ok
        if not ok or args.show_errors:
            detail = f" got valid={result.valid} {sorted(got)}" if not ok else ""
            print(f"{name}: {'right' if ok else 'wrong'}{detail}")
    for batch in sorted(total):
        print(f"{batch}: {right.get(batch, 0)} of {total[batch]} pasted lists read right")
    return 0


if __name__ == "__main__":
    sys.exit(main())
