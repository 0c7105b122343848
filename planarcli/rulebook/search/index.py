"""The index: fields, postings and statistics of the passages a search covers.

:class:`SearchIndex` holds, for each distinct passage (a rule or a glossary entry of the
editions searched), its fields as plain columns, the postings of its terms, and the
statistics BM25 needs. Building it costs more than searching it, so
:mod:`planarcli.rulebook.searchcache` keeps it on disk, keyed by the content of those editions;
:meth:`SearchIndex.state` turns it into plain data and :meth:`SearchIndex.from_state` back.

* A text that several editions hold word for word (most of 901 from 2024 on; rule 311.2 since
  2009) is one document, listed once under the best-placed edition with the others in
  ``also_in``; term statistics count it once, per language.
* Each lettered subrule is also indexed with its parent's words at a lower weight (901.15b
  inherits "Single Planar Deck Option"); a subrule of a rule that opens a special case keeps
  the words that set that case apart as its ``context``.
* Glossary entries are documents too (id: the term, ``kind`` "glossary"), their term counting
  as a title.
* Each passage is also indexed with its phrasings (:mod:`planarcli.rulebook.phrasings`) in a
  field of its own; a passage's phrasings serve the same passage in every edition whose text
  is alike enough (:meth:`SearchIndex._attach`).

The index imports only :mod:`.analysis`, :mod:`.passages`, :mod:`.weights` and
:mod:`.wordmap` (its tables of words as stored) of the search: the layers above it
(:mod:`.expansion`, :mod:`.language`, :mod:`.query`, :mod:`.scoring`) take it as an
argument, and :func:`.scope.search_index` ties them together for one search.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from planarcli.rulebook.corpus import CARD_KINDS, ENGLISH_CR
from planarcli.rulebook.search import wordmap
from planarcli.rulebook.search.analysis import (
    DEFINITION_WORDS,
    STOPWORDS,
    content_words,
    fold,
    stem,
    words,
)
from planarcli.rulebook.search.passages import (
    ASIDE,
    INTRODUCTION_RE,
    about_planechase,
    aside_rules,
    is_heading,
    parent_of,
    sets_scope,
)
from planarcli.rulebook.search.weights import WEIGHTS
from planarcli.rulebook.search.wordmap import WordMap

if TYPE_CHECKING:
    from planarcli.rulebook.corpus import Edition, EditionInfo
    from planarcli.rulebook.phrasings import Phrased

#: Bump when what the index holds or how texts are analysed changes: cached indexes of an
#: older version are rebuilt.
INDEX_VERSION = 15

#: a glossary entry's term stands this many gaps before its text, so that no two words of
#: the two are near each other for :mod:`.scoring`'s proximity
PROXIMITY_WINDOW = 2
#: The variant's section (its title is "Planechase"; its rules are on topic)
VARIANT_SECTION = "901"
#: A parent's word found in more than this share of the texts does not set it apart.
CONTEXT_SHARE = 0.25
#: a passage's phrasings serve another edition's passage with the same id when their words
#: are this alike (Jaccard of their stem sets), or one with another id when this alike
AID_SAME_ID = 0.5
AID_MOVED = 0.8
#: between two phrasings of one passage in the aids column
AID_SEPARATOR = "|"
#: a ruling said word for word (quotes aside) of this many cards or more restates a rule
#: ("The controller of a face-up plane card is the player designated as the planar
#: controller")
RESTATED_ON = 3
#: curly quotes as straight ones (two rulings alike but for their quotes are one text)
QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"'})
#: how a query names the language of a translation or guide
LANGUAGE_NAMES = {
    "fr": ("french", "français", "francais", "française", "francaise", "fransk", "franske"),
    "da": ("danish", "dansk", "danske", "danois", "danoise", "denmark", "danmark"),
    "en": ("english", "anglais", "engelsk", "engelske"),
}
#: stands between a glossary entry's term and its text in ``tokens`` (no word is "_")
GAP = "_"


class SearchResult:
    """One result of a search (a plain class: a NamedTuple costs the search's start-up more)."""

    __slots__ = (
        "also_in",
        "card",
        "current",
        "current_since",
        "date",
        "edition",
        "id",
        "kind",
        "lang",
        "marks",
        "matched",
        "score",
        "snippet",
        "text",
        "type_line",
    )

    def __init__(
        self,
        id: str,
        edition: str,
        lang: str,
        score: float,
        text: str,
        also_in: tuple[str, ...] = (),
        kind: str = "rule",
        card: str | None = None,
        date: str | None = None,
        current: str | None = None,
        current_since: str | None = None,
        type_line: str | None = None,
    ) -> None:
        self.id = id
        self.edition = edition
        self.lang = lang
        self.score = score
        self.text = text
        #: other editions in the search with the same rule, word for word (shown once)
        self.also_in = also_in
        #: "rule", "glossary" (a glossary entry's id is its term), "ruling" (a card ruling)
        #: or "card" (a card's Oracle text)
        self.kind = kind
        #: a card ruling's or Oracle text's card (English name); a ruling's date; an Oracle
        #: text's type line
        self.card = card
        self.date = date
        self.type_line = type_line
        #: a translation's or guide's passage: the current English rule it corresponds to,
        #: and the effective date since which that rule is so worded
        self.current = current
        self.current_since = current_since
        #: the passage of ``text`` that holds the query's words (:mod:`.snippet`; None until
        #: the search gives it), the spans of those words in it, and the words of ``text``
        #: that matched (lower case)
        self.snippet: str | None = None
        self.marks: tuple[tuple[int, int], ...] = ()
        self.matched: tuple[str, ...] = ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SearchResult):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"SearchResult({shown})"


# --------------------------------------------------------------------------- index


class SearchIndex:
    """A BM25 index over the rules and glossary entries of one or more editions.

    All its data are plain lists and dicts of strings and numbers (see :meth:`state`), with
    one entry per distinct document in each column: ``ids``, ``texts``, ``doc_langs``,
    ``kinds``, ``editions`` (positions in ``edition_ids`` of the editions holding it),
    ``lengths``, ``groups`` (what its length is compared with), ``tokens`` (its stemmed words
    in order, space-separated: a glossary entry's term first, ``heads`` words long),
    ``parents`` (the position of a subrule's parent, or -1), ``forms`` (its accent-free words,
    space-separated), ``context`` (the terms that set a subrule's parent apart) and ``intro``
    (1 for a rule that only introduces its subrules). Strings load fast; term counts and
    positions are computed for the few documents a query reaches.
    """

    #: the fields each passage has one value of, in passage order
    COLUMNS = (
        "texts",
        "doc_langs",
        "kinds",
        "editions",
        "lengths",
        "groups",
        "tokens",
        "heads",
        "parents",
        "forms",
        "context",
        "intro",
        "topical",
        "aid_lengths",
        "notes",
    )
    #: every field of the stored state, in the order it is kept
    FIELDS = (
        "edition_ids",
        "langs",
        "ids",
        *COLUMNS,
        "postings",
        "df",
        "lang_df",
        "lang_size",
        "group_length",
        "surface",
        "vocabulary",
        "folded",
        "stems",
        "aid_postings",
        "aid_df",
        "aid_size",
        "aid_length",
        "edition_names",
        "cards",
        "restating",
    )

    edition_ids: list[str]
    langs: list[str]
    ids: list[str]
    texts: list[str]
    doc_langs: list[str]
    kinds: list[str]
    editions: list[list[int]]
    lengths: list[float]
    groups: list[str]
    tokens: list[str]
    heads: list[int]
    parents: list[int]
    forms: list[str]
    context: list[str]
    intro: list[int]
    topical: list[int]
    #: per document, the number of words of its phrasings (0 for none)
    aid_lengths: list[int]
    #: per document: a card ruling's "card|date", a translation's or guide's passage's
    #: "current|current_since" (the current English rule it is), else ""
    notes: list[str]
    postings: dict[str, list[int] | bytes] | WordMap
    df: dict[str, int]
    lang_df: dict[str, Mapping[str, int] | WordMap]
    lang_size: dict[str, int]
    group_length: dict[str, float]
    #: each word of the texts and phrasings, and its stems (space-separated)
    surface: Mapping[str, str] | WordMap
    #: per language with several in scope, the accent-free words of its texts
    vocabulary: dict[str, list[str] | WordMap]
    #: each accent-free term, and the terms it stands for (space-separated)
    folded: Mapping[str, str] | WordMap
    #: per language, each word of its texts and its stem: a query made of corpus words is
    #: stemmed without loading the stemmer (dicts while building; read from the stored state,
    #: :class:`.wordmap.WordMap`: a bucket of words unmarshalled when a word of it is asked)
    stems: dict[str, Mapping[str, str] | WordMap]
    #: the phrasings field: term -> documents and counts (position, count, position, ...),
    #: per language term -> distinct passages holding it, passages with phrasings, their
    #: mean length
    aid_postings: dict[str, list[int] | bytes] | WordMap
    aid_df: dict[str, Mapping[str, int] | WordMap]
    aid_size: dict[str, int]
    aid_length: dict[str, float]
    #: per edition (as in ``edition_ids``), the words a query names it by: a document's own
    #: words ("tactical", "eternities"), a translation's or guide's language ("danish")
    edition_names: list[list[str]]
    #: each card the index holds rulings or the Oracle text of (its English name), and the
    #: positions of those; and the rulings (positions) that restate a rule (see :meth:`_rulings`).
    #: Derived at build time and cached: a search naming a card reads them, not every ruling
    cards: dict[str, list[int]]
    restating: list[int]

    def __init__(
        self, editions: Sequence[Edition] = (), phrasings: Sequence[Phrased] | None = None
    ) -> None:
        """Index ``editions``, each passage with its ``phrasings`` (the bundled ones by
        default; pass ``()`` for none)."""
        #: read from the on-disk cache (see :mod:`planarcli.rulebook.searchcache`)
        self.cached = False
        self.infos: dict[str, EditionInfo] = {}
        self._sets: dict[str, Collection[str]] = {}
        self._docs: dict[int, tuple[dict[str, float], Positions]] = {}
        self._where: dict[int, Positions] = {}
        self._idf: dict[tuple[str, str | None], float] = {}
        self._folded: dict[str, tuple[str, frozenset[str]]] | None = None
        self._restating: frozenset[int] | None = None
        #: per document, the stems of its phrasings, space-separated, phrasings apart by
        #: AID_SEPARATOR ("" for none); kept while building, not in the cached state
        self.aids: list[str] = []
        self._build(editions)
        if phrasings is None:
            from planarcli.rulebook import phrasings as bundled

            phrasings = bundled.load()
        self._attach(phrasings)

    # ----------------------------------------------------------------- building

    def _build(self, editions: Sequence[Edition]) -> None:
        for name in self.FIELDS:
            setattr(self, name, {} if name in DICT_FIELDS else [])
        self.infos = {edition.info.id: edition.info for edition in editions}
        seen: dict[tuple[str, str, str, str], int] = {}
        vocabulary: dict[str, set[str]] = {}
        surface: dict[str, set[str]] = {}
        for number, edition in enumerate(editions):
            info = edition.info
            lang = info.lang
            self.edition_ids.append(info.id)
            if lang not in self.langs:
                self.langs.append(lang)
                vocabulary[lang] = {fold(word) for word in STOPWORDS.get(lang, ())}
            words_of_lang = vocabulary[lang]
            group = "en-cr" if info.kind == ENGLISH_CR and lang == "en" else info.id
            subrules = {parent_of(rule.id) for rule in edition.rules}
            asides = aside_rules(edition.closure)
            where: dict[str, int] = {}  # rule id -> document position, in this edition
            items = [(rule.id, rule.text, rule.kind) for rule in edition.rules]
            items += [(entry.term, entry.text, "glossary") for entry in edition.glossary]
            for rule_id, text, kind in items:
                key = (lang, kind, rule_id, " ".join(text.split()))
                known = seen.get(key)
                if known is not None:
                    self.editions[known].append(number)
                    if kind == "rule":
                        where[rule_id] = known
                    continue
                position = seen[key] = len(self.ids)
                if kind == "rule":
                    where[rule_id] = position
                words_of_lang.update(fold(word) for word in words(text))
                own = content_words(text, lang)
                card = edition.cards.get(rule_id) if kind in CARD_KINDS else None
                # a glossary entry's term, a ruling's card: the title of the text
                title = card[0] if card else rule_id if kind == "glossary" else ""
                heading = content_words(title, lang) if title else []
                if heading:
                    words_of_lang.update(fold(word) for word in words(title))
                tokens = [stem(word, lang) for word in heading]
                tokens += [GAP] * (PROXIMITY_WINDOW + 1) if heading else []
                tokens += [stem(word, lang) for word in own]
                word_stems = self.stems.setdefault(lang, {})
                for word in (*heading, *own):
                    if not word.isdigit():
                        surface.setdefault(word, set()).add(stem(word, lang))
                        word_stems[word] = stem(word, lang)
                parent_id = parent_of(rule_id) if kind == "rule" else None
                parent = where.get(parent_id, -1) if parent_id else -1
                self.ids.append(rule_id)
                self.texts.append(text)
                self.doc_langs.append(lang)
                self.kinds.append(kind)
                self.editions.append([number])
                self.groups.append(group)
                self.tokens.append(" ".join(tokens))
                self.heads.append(len(heading))
                self.parents.append(parent)
                self.forms.append(" " + " ".join(sorted({fold(w) for w in (*heading, *own)})) + " ")
                self.context.append("")
                parent_text = self.texts[parent] if parent >= 0 else ""
                # the Planechase section, a guide or variant article, a translation of 901:
                # about Planechase throughout; a rule held because 901 cites it: when it says so
                # (ASIDE: a general rule held because it names Planechase in passing)
                self.topical.append(
                    ASIDE
                    if kind == "rule" and rule_id in asides
                    else int(
                        info.kind != ENGLISH_CR
                        or rule_id.split(".")[0] == VARIANT_SECTION
                        or about_planechase(f"{rule_id} {text} {parent_text}")
                    )
                )
                # a heading ("901 Planechase", "901.15 Single Planar Deck Option") or a rule
                # that only leads into its subrules ("... with the following additions.")
                introduces = is_heading(text) or (
                    rule_id in subrules and bool(INTRODUCTION_RE.search(text))
                )
                self.intro.append(int(kind == "rule" and introduces))
                self.aids.append("")
                aligned = edition.aligned.get(rule_id)
                self.notes.append("|".join(card or aligned or ()))
                self.aid_lengths.append(0)
                self.lengths.append(0.0)
        self.edition_names = self._names(editions)
        self._rulings()
        postings: dict[str, list[int]] = {}
        for position in range(len(self.ids)):
            terms, _ = self.doc(position)
            self.lengths[position] = sum(terms.values())
            for term in terms:
                postings.setdefault(term, []).append(position)
        self.postings = {term: found for term, found in postings.items()}
        self._statistics()
        self.surface = {word: " ".join(sorted(stems)) for word, stems in surface.items()}
        self.vocabulary = {lang: sorted(found) for lang, found in vocabulary.items()}

    def _rulings(self) -> None:
        """``cards``: each card's rulings and Oracle text; ``restating``: the card rulings
        whose text, quotes aside, is a ruling of RESTATED_ON cards or more (it restates a
        rule)."""
        by_text: dict[str, list[int]] = {}
        for position, kind in enumerate(self.kinds):
            if kind in CARD_KINDS and self.notes[position]:
                card = self.notes[position].split("|")[0]
                self.cards.setdefault(card, []).append(position)
            if kind == "ruling":
                text = self.texts[position].translate(QUOTES)
                by_text.setdefault(text, []).append(position)
        self.restating = sorted(
            position
            for found in by_text.values()
            if len({self.notes[p].split("|")[0] for p in found}) >= RESTATED_ON
            for position in found
        )

    def _attach(self, phrasings: Sequence[Phrased]) -> None:
        """Give each document the phrasings written for its passage (see
        :mod:`planarcli.rulebook.phrasings`): those of the passage of the same language and
        kind whose text is the most alike (Jaccard of their stem sets), when it is alike
        enough: AID_SAME_ID for a passage with the document's id, AID_MOVED for one with
        another (a rule renumbered). Passages equally alike all give theirs (a rule that
        2009 and today word the same)."""
        if not phrasings or not self.ids:
            return
        from planarcli.rulebook import phrasings as bundled

        self._phrased: dict[tuple[int, str], list[tuple[str, str]]] = {}

        sources = bundled.source_editions(list(phrasings))
        # each source passage once: its signature, its text, and the entries written for it
        passages: dict[tuple[str, str, str], tuple[frozenset[str], str, list[int]]] = {}
        for number, entry in enumerate(phrasings):
            edition = sources.get(entry.edition)
            if edition is None:
                continue
            key = (entry.edition, entry.kind, entry.id)
            known = passages.get(key)
            if known is not None:
                known[2].append(number)
                continue
            lang = edition.info.lang
            if entry.kind == "rule":
                rule = edition.rule(entry.id)
                text = rule.text if rule is not None else None
            else:
                text = next((g.text for g in edition.glossary if g.term == entry.id), None)
            if text is None:
                continue
            heading = content_words(entry.id, lang) if entry.kind == "glossary" else []
            signature = frozenset(stem(w, lang) for w in (*heading, *content_words(text, lang)))
            passages[key] = (signature, " ".join(text.split()), [number])
        by_text: dict[tuple[str, str, str], list[tuple[str, list[int]]]] = {}
        by_kind: dict[tuple[str, str], list[tuple[frozenset[str], str, list[int]]]] = {}
        for (edition_id, kind, rule_id), (signature, text, numbers) in passages.items():
            lang = sources[edition_id].info.lang
            by_text.setdefault((lang, kind, text), []).append((rule_id, numbers))
            by_kind.setdefault((lang, kind), []).append((signature, rule_id, numbers))
        written: dict[int, list[str]] = {}
        aid_postings: dict[str, list[int]] = {}
        vocabulary = {lang: set(found) for lang, found in self.vocabulary.items()}
        surface = {word: set(stems.split(" ")) for word, stems in self.surface.items()}
        bags: dict[tuple[str, str, str], set[str]] = {}
        for position, rule_id in enumerate(self.ids):
            lang, kind = self.doc_langs[position], self.kinds[position]
            same = by_text.get((lang, kind, " ".join(self.texts[position].split())))
            if same:
                chosen = [number for _, numbers in same for number in numbers]
            else:
                signature = frozenset(self.tokens[position].split(" ")) - {GAP, ""}
                best, chosen = 0.0, []
                size = len(signature)
                for source, source_id, numbers in by_kind.get((lang, kind), ()):
                    needed = AID_SAME_ID if source_id == rule_id else AID_MOVED
                    # sets of sizes m <= n are at most m/n alike: most pairs end here
                    other = len(source)
                    if min(size, other) < needed * max(size, other):
                        continue
                    alike = jaccard(signature, source)
                    if alike < needed:
                        continue
                    if alike > best + 1e-9:
                        best, chosen = alike, list(numbers)
                    elif alike >= best - 1e-9:
                        chosen.extend(numbers)
            if not chosen:
                continue
            seen: set[str] = set()
            analysed: list[str] = []
            for number in chosen:
                # English questions about the Danish guide are English words
                said_in = phrasings[number].lang or lang
                if said_in not in self.langs:
                    continue  # no query in scope is read in that language
                for said, terms in self._analysed(phrasings[number], said_in, surface, vocabulary):
                    if said not in seen:
                        seen.add(said)
                        if terms:
                            analysed.append(terms)
            if not analysed:
                continue
            self.aids[position] = f" {AID_SEPARATOR} ".join(analysed)
            counts = Counter(" ".join(analysed).split(" "))
            self.aid_lengths[position] = sum(counts.values())
            for term, count in counts.items():
                aid_postings.setdefault(term, []).extend((position, count))
            bags.setdefault((lang, kind, rule_id), set()).update(counts)
            written[position] = analysed
        self.aid_postings = {term: found for term, found in aid_postings.items()}
        # statistics per language over distinct passages, as for the texts
        lengths: dict[str, list[float]] = {}
        for (lang, _, _), bag in bags.items():
            df = self.aid_df.setdefault(lang, {})
            self.aid_size[lang] = self.aid_size.get(lang, 0) + 1
            for term in bag:
                df[term] = df.get(term, 0) + 1
        for position in written:
            total = lengths.setdefault(self.doc_langs[position], [0.0, 0.0])
            total[0] += self.aid_lengths[position]
            total[1] += 1.0
        self.aid_length = {lang: value[0] / value[1] for lang, value in lengths.items()}
        self.surface = {word: " ".join(sorted(stems)) for word, stems in surface.items()}
        self.vocabulary = {lang: sorted(found) for lang, found in vocabulary.items()}
        if len(self.vocabulary) < 2:
            self.vocabulary = {}  # only read to tell the query's language among several
        self._sets = {}
        self._phrased = {}

    def _analysed(
        self,
        entry: Phrased,
        lang: str,
        surface: dict[str, set[str]],
        vocabulary: dict[str, set[str]],
    ) -> list[tuple[str, str]]:
        """Each phrasing of ``entry`` as its folded text and its stems (space-separated), read
        in ``lang``; its words join the index's words (once per entry and language, however
        many editions' passages it serves)."""
        key = (id(entry), lang)
        known = self._phrased.get(key)
        if known is not None:
            return known
        made: list[tuple[str, str]] = []
        word_stems = self.stems.setdefault(lang, {})
        folded = vocabulary.setdefault(lang, set())
        for text in entry.phrasings:
            own = [w for w in content_words(text, lang) if w not in DEFINITION_WORDS]
            terms = [stem(w, lang) for w in own]
            for word, term in zip(own, terms, strict=True):
                if not word.isdigit():
                    surface.setdefault(word, set()).add(term)
                    word_stems[word] = term
            folded.update(fold(w) for w in words(text))
            made.append((" ".join(text.casefold().split()), " ".join(terms)))
        self._phrased[key] = made
        return made

    def _names(self, editions: Sequence[Edition]) -> list[list[str]]:
        """Per edition, the words that name it in a query: for a document other than the
        English Comprehensive Rules, the words of its id and title that no English rule
        uses ("tactical", "eternities", "danish", "guide"), and its language's names."""
        ruled: set[str] = set()
        for position, group in enumerate(self.groups):
            if group == "en-cr":
                ruled.update(fold(word) for word in words(self.texts[position]))
        stop = set().union(*STOPWORDS.values())
        out: list[list[str]] = []
        for edition in editions:
            info = edition.info
            if info.kind == ENGLISH_CR and info.lang == "en":
                out.append([])
                continue
            found = {
                fold(word)
                for word in words(f"{info.id.replace('-', ' ')} {info.title}")
                if len(word) >= 5 and word.isalpha() and word not in stop
            }
            found = {word for word in found if word not in ruled}
            found.update(fold(word) for word in LANGUAGE_NAMES.get(info.lang, ()))
            out.append(sorted(found - {fold(w) for w in LANGUAGE_NAMES["en"]}))
        return out

    def doc(self, position: int) -> tuple[dict[str, float], Positions]:
        """Term weights and word positions of one document (memoised; counted in C)."""
        known = self._docs.get(position)
        if known is not None:
            return known
        tokens = self.tokens[position].split(" ")
        heads = self.heads[position]
        terms: dict[str, float] = dict(Counter(tokens[heads:] if heads else tokens))
        # a glossary entry's term counts as its other words do (a weight of its own added
        # nothing: see the ablation in rules/README.md); a card ruling's card name at
        # ``card_title``
        title = WEIGHTS["card_title"].weight if self.kinds[position] in CARD_KINDS else 1.0
        for term in tokens[:heads]:
            terms[term] = terms.get(term, 0.0) + title
        parent = self.parents[position]
        if parent >= 0:
            parent_weight = WEIGHTS["parent"].weight
            for term, count in Counter(self.tokens[parent].split(" ")).items():
                terms[term] = terms.get(term, 0.0) + count * parent_weight
        terms.pop(GAP, None)
        terms.pop("", None)
        made = self._docs[position] = (terms, Positions(tokens))
        return made

    def positions(self, position: int) -> Positions:
        """Where each term stands in one document's words (memoised)."""
        known = self._where.get(position)
        if known is None:
            known = self._where[position] = Positions(self.tokens[position].split(" "))
        return known

    def term_weights(self, position: int, terms: Iterable[str]) -> dict[str, float]:
        """The weight :meth:`doc` gives each of ``terms`` in one document, each a term it
        holds (as its postings say): a search asks for a few terms of each text it reaches,
        each counted in C in the text's words and its parent's, where :meth:`doc` makes the
        whole bag of both (a Python loop over the parent's words)."""
        tokens = self.positions(position).tokens
        heads = self.heads[position]
        parent = self.parents[position]
        if not heads and parent < 0:
            # a text of its own words only: each term's count in them
            return {term: count for term in terms if (count := tokens.count(term))}
        parent_tokens = self.positions(parent).tokens if parent >= 0 else None
        parent_weight = WEIGHTS["parent"].weight
        title = WEIGHTS["card_title"].weight if self.kinds[position] in CARD_KINDS else 1.0
        body = tokens[heads:] if heads else tokens
        out: dict[str, float] = {}
        for term in terms:
            # the same sums in the same order as :meth:`doc`'s
            count = body.count(term)
            weight: float | None = count if count else None
            for _ in range(tokens[:heads].count(term) if heads else 0):
                weight = (weight or 0.0) + title
            inherited = parent_tokens.count(term) if parent_tokens is not None else 0
            if inherited:
                weight = (weight or 0.0) + inherited * parent_weight
            if weight is not None:
                out[term] = weight
        return out

    def _statistics(self) -> None:
        # Document frequencies count a rule once however many editions hold it, whatever its
        # wording in each, and they are kept per language: searching every edition must not
        # make the words of repeated rules look common, nor let French and Danish texts
        # change how rare an English word looks.
        bags: dict[tuple[str, str, str], set[str]] = {}
        for position, rule_id in enumerate(self.ids):
            key = (self.doc_langs[position], self.kinds[position], rule_id)
            bags.setdefault(key, set()).update(self.doc(position)[0])
        every: dict[tuple[str, str], set[str]] = {}
        for (lang, kind, rule_id), bag in bags.items():
            every.setdefault((kind, rule_id), set()).update(bag)
            if kind != "rule":
                # glossary entries and card rulings are scored with the rules' statistics,
                # not part of them
                continue
            df = self.lang_df.setdefault(lang, {})
            self.lang_size[lang] = self.lang_size.get(lang, 0) + 1
            for term in bag:
                df[term] = df.get(term, 0) + 1
        for bag in every.values():
            for term in bag:
                self.df[term] = self.df.get(term, 0) + 1
        self.df[""] = len(every)  # the number of distinct rules and entries
        # Lengths are compared within a group (one document, or all English editions), so
        # that a rule scores as it does when its edition is searched alone.
        totals: dict[str, list[float]] = {}
        for position, group in enumerate(self.groups):
            if self.kinds[position] != "glossary":
                total = totals.setdefault(group, [0.0, 0.0])
                total[0] += self.lengths[position]
                total[1] += 1.0
        self.group_length = {key: value[0] / value[1] for key, value in totals.items()}
        folded: dict[str, set[str]] = {}
        for term in self.df:
            if term:
                folded.setdefault(fold(term), set()).add(term)
        self.folded = {key: " ".join(sorted(value)) for key, value in folded.items()}
        # A subrule of a rule that sets a scope (a Two-Headed Giant game, the single planar
        # deck option) has the words that set that scope apart from the rest of its section
        # as its context ("two headed giant", not "planar").
        sections: dict[tuple[str, str], dict[str, int]] = {}
        sizes: dict[tuple[str, str], int] = {}
        for position, rule_id in enumerate(self.ids):
            if self.kinds[position] == "rule":
                section = (self.doc_langs[position], rule_id.split(".")[0])
                sizes[section] = sizes.get(section, 0) + 1
                counts = sections.setdefault(section, {})
                for term in set(self.tokens[position].split(" ")):
                    counts[term] = counts.get(term, 0) + 1
        for position, parent in enumerate(self.parents):
            if parent >= 0 and sets_scope(self.texts[parent], bool(self.intro[parent])):
                section = (self.doc_langs[position], self.ids[position].split(".")[0])
                limit = sizes.get(section, 1) * CONTEXT_SHARE
                common = sections.get(section, {})
                parent_terms = {t for t in self.tokens[parent].split(" ") if t and t != GAP}
                self.context[position] = " ".join(
                    sorted(t for t in parent_terms if common.get(t, 0) <= limit)
                )

    # ----------------------------------------------------------------- plain data

    def state(self) -> dict[str, Any]:
        """The index as plain data (lists, dicts, strings, numbers), for the on-disk cache.
        Postings are packed as bytes of unsigned 32-bit integers: a few thousand small lists
        of numbers cost more to unmarshal than the rest of the index."""
        from array import array

        out = {name: getattr(self, name) for name in self.FIELDS}
        for name in ("postings", "aid_postings"):
            out[name] = {
                term: array("I", found).tobytes() if isinstance(found, list) else found
                for term, found in out[name].items()
            }
        # the tables of words in buckets, read as a query needs them (:mod:`.wordmap`)
        out.update(wordmap.tables_state(out))
        return out

    @classmethod
    def from_state(cls, state: dict[str, Any], infos: Sequence[EditionInfo]) -> SearchIndex:
        """The index :meth:`state` gave, over the editions ``infos`` (same ids, same order).

        Raises ValueError when ``state`` is not such an index.
        """
        index = cls.__new__(cls)
        index.cached = False
        index._idf = {}
        index._sets = {}
        index._docs = {}
        index._where = {}
        index.aids = []
        index._folded = None
        index._restating = None
        try:
            for name in cls.FIELDS:
                value = state[name]
                if not isinstance(value, dict if name in DICT_FIELDS else list):
                    raise ValueError(f"{name} has the wrong type")
                setattr(index, name, value)
            for name, tables in wordmap.tables_from_state(state).items():
                setattr(index, name, tables)
            count = len(index.ids)
            if any(len(getattr(index, name)) != count for name in cls.COLUMNS):
                raise ValueError("columns of different lengths")
        except (KeyError, TypeError) as error:
            raise ValueError(f"not a search index ({error})") from error
        if index.edition_ids != [info.id for info in infos]:
            raise ValueError("the index covers other editions")
        index.infos = {info.id: info for info in infos}
        return index

    # ----------------------------------------------------------------- statistics

    @property
    def distinct(self) -> int:
        return self.df.get("", 0)

    def idf(self, term: str, lang: str | None = None) -> float:
        """Inverse document frequency of ``term`` among the texts in ``lang`` (or all)."""
        key = (term, lang)
        value = self._idf.get(key)
        if value is None:
            if lang is None:
                n, df = self.distinct, self.df.get(term, 0)
            else:
                n, df = self.lang_size.get(lang, 0), self.lang_df.get(lang, {}).get(term, 0)
            value = self._idf[key] = bm25_idf(n, df)
        return value

    def restating_rulings(self) -> frozenset[int]:
        """The card rulings (positions) that restate a rule (``restating``, found when the
        index is built), made once per index; raises ValueError when they are not rulings
        of the index (a cached file that is not what it claims)."""
        known = self._restating
        if known is None:
            known = frozenset(self.restating)
            kinds = self.kinds
            if not all(
                type(p) is int and 0 <= p < len(kinds) and kinds[p] == "ruling" for p in known
            ):
                raise ValueError("the index's restating rulings are not its rulings")
            self._restating = known
        return known

    def vocabulary_set(self, lang: str) -> Collection[str]:
        found = self._sets.get(lang)
        if found is None:
            words = self.vocabulary.get(lang, ())
            # as stored, a table asked a bucket at a time (:mod:`.wordmap`)
            found = words if isinstance(words, WordMap) else frozenset(words)
            self._sets[lang] = found
        return found

    # ----------------------------------------------------------------- query terms

    def stem_word(self, word: str, lang: str) -> str:
        """``stem(word, lang)``, from the index when the word is one of its texts'."""
        known = self.stems.get(lang)
        term = known.get(word) if known is not None else None
        return term if term is not None else stem(word, lang)

    def edition_ranks(self) -> list[int]:
        """Per edition (by position in ``edition_ids``), its place: the current edition
        first, then English Comprehensive Rules editions newest first, then the others."""

        def place(number: int) -> tuple[int, int, str]:
            info = self.infos.get(self.edition_ids[number])
            if info is None:
                return (2, 1, "")
            newest = "".join(chr(0x10FFFF - ord(ch)) for ch in date(info))
            return (0 if info.current else 1, 0 if info.kind == ENGLISH_CR else 1, newest)

        order = sorted(range(len(self.edition_ids)), key=place)
        rank = [0] * len(order)
        for place_number, number in enumerate(order):
            rank[number] = place_number
        return rank


NOWHERE: list[int] = []


class Positions:
    """Where each term stands in a document's words, found when first asked for: a query
    asks for a few terms of each text it reaches, so each is looked up on its own (the
    list's ``count`` and ``index`` run in C), never the whole text mapped."""

    __slots__ = ("found", "tokens")

    def __init__(self, tokens: list[str]) -> None:
        self.tokens = tokens
        self.found: dict[str, list[int]] = {}

    def get(self, term: str) -> list[int]:
        found = self.found.get(term)
        if found is None:
            tokens = self.tokens
            count = tokens.count(term)
            if count:
                found = [tokens.index(term)]
                for _ in range(count - 1):
                    found.append(tokens.index(term, found[-1] + 1))
            else:
                found = NOWHERE
            self.found[term] = found
        return found


DICT_FIELDS = frozenset(
    {
        "postings",
        "df",
        "lang_df",
        "lang_size",
        "group_length",
        "surface",
        "vocabulary",
        "folded",
        "stems",
        "aid_postings",
        "aid_df",
        "aid_size",
        "aid_length",
        "cards",
    }
)


def numbers_of(found: list[int] | bytes) -> Sequence[int]:
    """A posting list as built (a list) or as cached (bytes of unsigned 32-bit integers)."""
    return memoryview(found).cast("I") if isinstance(found, bytes) else found


def jaccard(one: frozenset[str], other: frozenset[str]) -> float:
    union = len(one | other)
    return len(one & other) / union if union else 0.0


def date(info: EditionInfo | None) -> str:
    return (info.effective if info is not None else None) or ""


def bm25_idf(n: int, df: int) -> float:
    """BM25's inverse document frequency of a term ``df`` of ``n`` documents hold."""
    return math.log(1.0 + (n - df + 0.5) / (df + 0.5))
