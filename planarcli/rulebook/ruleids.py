"""Rule ids and glossary terms: as a user types them (``"Rule 901.3a."``, full-width digits,
``"ruling:Spatial Merging.2"``, "planar dice") and as a rule's text cites them ("See rule
311", "rules 614 and 615"). Plain text in, plain text out: no edition is read here.
"""

from __future__ import annotations

import re

from planarcli.errors import UsageError, echoed
from planarcli.lazyre import lazy

# compiled on first use: `rules search` answered from its cached index needs none of these
_ID_RE = lazy(
    r"^(?:rules?\s+|règles?\s+|regel(?:en)?\s+)?([0-9]{3}(?:\.[0-9]+[a-z]?)?|[a-z][\w-]*\.[0-9]+"
    r"|ruling:[a-z0-9-]+(?:\.[0-9]+)?)\.?$"
)


def normalise_rule_id(text: str) -> str | None:
    """``"Rule 901.3a."`` → ``"901.3a"``, ``"ruling:Spatial Merging.2"`` →
    ``"ruling:spatial-merging.2"``; None when ``text`` does not look like a rule id."""
    text = plain_query(text).strip()
    named = ruling_named(text)
    if named is not None:
        text = RULING_PREFIX + ruling_slug(named)
    elif any(ch in text for ch in "()[]§, ") or text[:2].lower() == "cr":
        text = _loose_id(text)
    match = _ID_RE.match(text.lower())
    return match.group(1) if match else None


#: How a card ruling's id begins ("ruling:spatial-merging.2"); written in any case.
RULING_PREFIX = "ruling:"


def ruling_named(text: str) -> str | None:
    """What follows ``ruling:`` (in any case) in ``text``, stripped of surrounding space first:
    "Ruling:Spatial Merging.2" → "Spatial Merging.2"; None when ``text`` is no ruling id."""
    text = text.strip()
    if text[: len(RULING_PREFIX)].lower() != RULING_PREFIX:
        return None
    return text[len(RULING_PREFIX) :]


def term_forms(folded: str) -> tuple[str, ...]:
    """The glossary names a folded term may be written for: itself, singular or plural
    ("phenomenons", "planar decks"), "-ies" for "-y" ("chaos abilities"), "dice" for "die"
    ("planar dice"), and without a last "card(s)" ("phenomenon card")."""
    forms = [folded, folded.rstrip("s"), folded + "s"]
    if folded.endswith("ies"):
        forms.append(folded[:-3] + "y")
    if folded.endswith("dice"):
        forms.append(folded[:-4] + "die")
    for card in (" cards", " card"):
        if folded.endswith(card) and len(folded) > len(card):
            forms.append(folded[: -len(card)])
    return tuple(dict.fromkeys(forms))


def _loose_id(text: str) -> str:
    """A rule id as judges and players write it, as planarcli reads it: "(901.3a)" and
    "901.3a)" (quoted from a "See rule" reference), "CR 901.3" and "§ 901.3", "901,3" (a
    decimal comma), "901.3 a" → "901.3a"; anything else unchanged."""
    loose = text.strip().strip("()[]").strip()
    loose = re.sub(r"^(?:cr(?=[\s\d])|§)\s*", "", loose, flags=re.IGNORECASE)
    loose = re.sub(r"^(\d{3}),(\d+)", r"\1.\2", loose)
    loose = re.sub(r"^(\d{3}\.\d+) ([a-z])\b", r"\1\2", loose, flags=re.IGNORECASE)
    return loose if re.match(r"^\d{3}\b", loose) else text


def plain_query(text: str) -> str:
    """``text`` as typed, less what a copy from a web page or chat adds unseen: compatibility
    forms become plain ones (NFKC: full-width "９０１．３" is "901.3", a no-break space a
    space) and invisible format characters (a zero-width space, a byte-order mark, a
    direction mark) are dropped. ASCII text is returned as it is, at no cost."""
    if text.isascii():
        return text
    import unicodedata

    text = unicodedata.normalize("NFKC", text)
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def check_text(text: str, command: str) -> None:
    """A :class:`UsageError` for ``text`` that holds control characters (an escape sequence,
    binary data, bytes the locale cannot decode): not a rule id or term, as `rules search`
    says of such a query. ``command`` is the one the hint shows (``rules show``)."""
    if not text.isprintable() and re.search(
        r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]", text
    ):
        raise UsageError(
            f"the rule id or term {echoed(text)} holds control characters, so it is not text",
            hint=f"for example `planarcli {command} 901.3`",
        )


def ruling_slug(name: str) -> str:
    """A card name (and a ruling's place) as in a ruling id, the way scripts/build_rules.py
    makes it: "Spatial Merging.2" → "spatial-merging.2", "Æther Flues" → "aether-flues"."""
    place = re.search(r"\.(\d+)\s*$", name)
    if place is not None:
        name = name[: place.start()]
    folded = fold_accents(name.casefold().translate(_SLUG_LETTERS))
    slug = re.sub(r"[^a-z0-9]+", "-", folded).strip("-")
    return slug + (f".{place.group(1)}" if place is not None else "")


#: letters NFKD does not take apart ("æ" is one letter, not a + e with a mark)
_SLUG_LETTERS = str.maketrans({"æ": "ae", "œ": "oe", "ø": "o", "ß": "ss", "đ": "d", "ł": "l"})


def fold_accents(text: str) -> str:
    """Case-folded text without accents ("Dé" → "de")."""
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


# --------------------------------------------------------------------------- references

_NUMBER = r"\d{3}(?:\.\d+[a-z]?)?(?![\d])"
# Spelled out in both cases rather than re.IGNORECASE, which costs twice as much to compile
# (and this compiles on every `rules show`).
_REFERENCE_RE = lazy(
    r"(?:\b[Rr]ules?|\b[Rr]ègles?|\b[Ss]ections?|\b[Ss]ee|\b[Cc]f\.)\s+(" + _NUMBER + ")"
)
#: a number listed after a reference: "rules 614 and 615", "rules 403.3, 603.6a, 603.6d",
#: "rules 903.6–903.11", "règles 800.4a et 800.4c"
_LISTED_PATTERN = r"(?:,|,? and|,? or|,? et|,? ou| and| or| et| ou|\s*[–-])\s*(" + _NUMBER + ")"


def find_references(text: str) -> list[str]:
    """The rule ids that ``text`` refers to ("See rule 311", "Cf. règle 115.2f", "rules 614
    and 615"), in order, each once."""
    seen: dict[str, None] = {}
    for match in _REFERENCE_RE.compiled.finditer(text):
        seen.setdefault(match.group(1), None)
        end = match.end()
        while True:
            listed = re.compile(_LISTED_PATTERN).match(text, end)  # re caches the compiled
            if listed is None:
                break
            seen.setdefault(listed.group(1), None)
            end = listed.end()
    return list(seen)
