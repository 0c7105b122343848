"""Ranked search over rules editions: BM25 over Snowball-stemmed words.

The index covers the editions a search is asked about. Building it costs more than searching
it, so :mod:`planarcli.rulebook.searchcache` keeps it on disk, keyed by the content of those
editions (see there); :class:`SearchIndex` builds it from loaded editions, turns it into
plain data (:meth:`SearchIndex.state`) and back (:meth:`SearchIndex.from_state`).

* A text that several editions hold word for word (most of 901 from 2024 on; rule 311.2 since
  2009) is one document, listed once under the best-placed edition with the others in
  ``also_in``: ``--edition all`` over 40 imported editions scores about as many documents as
  over none, and term statistics count it once.
* Words are stemmed with the Snowball stemmers of PyStemmer (English, French, Danish); query
  words are stemmed for every language in scope (from the index when they are words of its
  texts), and matched without accents when the accented form is not in the text.
* BM25 is weighted by coordination (the share of the query's words a text holds, each by its
  rarity), closeness of consecutive query words, exact word forms, and query words among a
  text's first words.
* Each lettered subrule is also indexed with its parent's words at a lower weight (901.15b
  inherits "Single Planar Deck Option"). A subrule gives details and exceptions: when its
  parent opens a special case (2009's 901.11 is about Two-Headed Giant) and the query says
  nothing of it, it ranks below the rule that states the thing for everyone (901.8). A
  subrule that matches all its parent matches and more ranks above the parent.
* A rule that only introduces its subrules ("..., with the following additions."), or a
  heading ("901.15 Single Planar Deck Option"), ranks below them. A rule held because 901
  cites it that says nothing of Planechase (810.8a, 706.1) ranks below the Planechase rules.
* A small table of general words users type (dice/die, 2HG, shared deck, in response...)
  adds alternatives at a lower weight; an English agent noun and its verb match each other
  (owner/owns); a word found nowhere is corrected to the closest corpus word
  (Damerau-Levenshtein: one edit in a short word, two in a long one).
* A rule number alone ("901.9", "rule 901.15a") puts that rule first; among other words
  ("exception to rule 113.8") it is a reference to look for.
* Glossary entries are documents too (id: the term, ``kind`` "glossary"), their term counting
  as a title; below the rules they sum up, unless the query is the term or asks what it is
  ("what is a phenomenon", "define planeswalk"): then the entry comes first, with the rules
  that say "<the thing> is ...".
* With several languages in scope, the query's language is the one whose texts hold most of
  its words: texts in other languages are down-weighted, and a stopword of the query's
  language stays one ("have" is also Danish).
* Other English editions rank a little below the current one.
* Each passage is also indexed with its phrasings (:mod:`planarcli.rulebook.phrasings`):
  the questions people type that it answers, in a field of their own whose BM25 score is
  added to the text's before the priors. They bridge players' words and the rules' ("hop",
  "scooped", "reroll"); a passage's phrasings serve the same passage in every edition whose
  text is alike enough (:meth:`SearchIndex._attach`).
* A query that names a document, a language or a year among several editions looks there
  first; one that asks how the rules used to be ranks first the texts no longer in force.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from planarcli.errors import UsageError
from planarcli.lazyre import lazy
from planarcli.rulebook.corpus import fold_accents

if TYPE_CHECKING:
    from planarcli.rulebook.corpus import Edition, EditionInfo
    from planarcli.rulebook.phrasings import Phrased

#: Bump when what the index holds or how texts are analysed changes: cached indexes of an
#: older version are rebuilt.
INDEX_VERSION = 9

BM25_K1 = 1.2
BM25_B = 0.75
PARENT_WEIGHT = 0.7
SYNONYM_WEIGHT = 0.6
TYPO_WEIGHT = 0.85
#: words this long or longer may be corrected by two edits, shorter ones by one
TYPO_LONG_WORD = 8
#: shorter words are corrected only for two letters swapped: most are English words the
#: rules do not use ("now" is not a misspelt "know")
TYPO_SHORTEST = 4
#: a misspelling as close to several corpus words stands for each of them (at most this many)
TYPO_CHOICES = 3
#: a query's unknown words corrected, at most (a query of many is not misspelt, it is junk)
TYPO_WORDS = 8
#: an English agent noun and its verb ("owner"/"owns", "controller"/"controls")
RELATIVE_WEIGHT = 1.0
#: query words found among the first few words of a text: the text is about them (rules
#: that state a thing start with it: "A planar die is ...", "The owner of a plane card is")
LEAD_WINDOW = 6
LEAD_WEIGHT = 0.15
#: ... and much more so when the query asks what something is ("what is the planar die":
#: "A planar die is a six-sided die")
DEFINITION_LEAD_WEIGHT = 0.25
#: ... and a rule that says "<the thing> is ..." (or is the heading naming it) is the answer
DEFINITION_BONUS = 2.0
ACCENT_WEIGHT = 1.0
#: a Danish compound headed by a query word ("fænomen": "fænomenkort"); both parts this long
COMPOUND_WEIGHT = 0.7
COMPOUND_SHORTEST = 4
#: a stopword that is a content word with an accent ("de" for "dé"): maybe meant, so a text
#: with it scores a little more, but one without it loses nothing
STOPWORD_ACCENT_WEIGHT = 0.5
EXACT_ID_BONUS = 1000.0
CHILD_ID_BONUS = 500.0
#: a rule named in a query that says more than its number
NAMED_RULE_BONUS = 2.0
PROXIMITY_WEIGHT = 1.0
PROXIMITY_WINDOW = 2
COORD_POWER = 1.0
#: In a question of at least LONG_QUERY words, a word a text holds with none of the others
#: within LONELY_WINDOW words counts at LONELY_WEIGHT.
LONG_QUERY = 6
LONELY_WINDOW = 3
LONELY_WEIGHT = 0.5
WINDOW = 8
#: The weight of the variant's name (the title of VARIANT_SECTION) among other words
VARIANT_SECTION = "901"
TITLE_WEIGHT = 0.2
#: Lettered subrules (901.9a) give details and exceptions; the numbered rule states the rule.
SUBRULE_PRIOR = 0.85
#: a subrule matching all its parent matches and more scores this much above the parent
COMPLETE_SUBRULE_LIFT = 1.02
#: ... when what it matches more is at least this share of the query (by rarity)
COMPLETE_SUBRULE_SHARE = 0.2
#: A subrule whose parent's distinctive words are not in the query (a 2HG detail asked about
#: in general) ranks this much lower still.
OUT_OF_CONTEXT_PRIOR = 0.45
#: A parent's word found in more than this share of the texts does not set it apart.
CONTEXT_SHARE = 0.25
#: A rule that only introduces its subrules ("... with the following additions.").
INTRODUCTION_PRIOR = 0.4
EXACT_FORM_WEIGHT = 0.3
#: A glossary entry's term words count this many times (the term is its title).
GLOSSARY_TERM_WEIGHT = 2.0
#: A glossary entry sums up rules in a sentence: the rules come first, unless the query asks
#: for the term itself.
GLOSSARY_PRIOR = 0.6
GLOSSARY_TERM_BONUS = 2.0
#: ... and above every rule when a longer question names it as what it asks about
NAMED_TERM_LIFT = 1.01
#: A rule the corpus holds because the Planechase rules cite it, that says nothing of
#: Planechase itself (810.8a on Two-Headed Giant teams, 706.1 on rolling dice).
OFF_TOPIC_PRIOR = 0.4
#: A rule that states a quantity, for a question that asks for one ("how many ...").
QUANTITY_BONUS = 1.3
#: A rule that states a condition ("If ...", "When ..."), for a question that asks what
#: follows from one ("what happens if ...").
CONSEQUENCE_BONUS = 1.2
#: Documents in a language that covers fewer of the query's words than the query's language.
OTHER_LANGUAGE_PRIOR = 0.25
#: Other English Comprehensive Rules editions, when the current one is searched alongside.
OLDER_EDITION_PRIOR = 0.9
#: a query that names a document or an edition among others ("in the Danish guide", "the
#: Tactical Multiplayer rules", "under the 2012 rules"): its texts rank above the others
NAMED_EDITION_BONUS = 5.0
#: how a query names the language of a translation or guide
LANGUAGE_NAMES = {
    "fr": ("french", "français", "francais", "française", "francaise", "fransk", "franske"),
    "da": ("danish", "dansk", "danske", "danois", "danoise", "denmark", "danmark"),
    "en": ("english", "anglais", "engelsk", "engelske"),
}
#: a query about how the rules used to be ("in the original rules", "before chaos ensues
#: existed", "under the old Two-Headed Giant rules"): texts no longer in force rank first
_PAST_RE = lazy(
    r"\b(?:old|older|oldest|original|originally|early|earliest|formerly|used\s+to"
    r"|back\s+when|no\s+longer|any\s?more|very\s+first|first\s+(?:version|edition|rules)"
    r"|ancien(?:ne)?s?|gamle|oprindelige?)\b",
    re.IGNORECASE,
)
#: the phrasings field (rules/phrasings: queries people type that a passage answers): its
#: BM25 score, added to the text's at this weight before the priors
AID_WEIGHT = 0.75
AID_K1 = 1.2
AID_B = 0.75
#: a passage's phrasings serve another edition's passage with the same id when their words
#: are this alike (Jaccard of their stem sets), or one with another id when this alike
AID_SAME_ID = 0.5
AID_MOVED = 0.8
#: between two phrasings of one passage in the aids column
AID_SEPARATOR = "|"

ENGLISH_CR = "comprehensive-rules"
#: stands between a glossary entry's term and its text in ``tokens`` (no word is "_")
_GAP = "_"


class SearchResult(NamedTuple):
    id: str
    edition: str
    lang: str
    score: float
    text: str
    #: other editions in the search with the same rule, word for word (shown once)
    also_in: tuple[str, ...] = ()
    #: "rule" or "glossary" (a glossary entry's id is its term)
    kind: str = "rule"


# --------------------------------------------------------------------------- words

_TOKEN_RE = re.compile(r"\d{3}\.\d+[a-z]?|[^\W_]+", re.UNICODE)
_RULE_NUMBER_RE = re.compile(r"^\d{3}(?:\.\d+[a-z]?)?$")
# Patterns used only to build an index, or for some queries, compile on first use: a search
# answered from the cached index does not pay for them.
_INTRODUCTION_RE = lazy(
    r"(?:following additions|the following|as follows|ajouts suivants|suivantes?)\W*$",
    re.IGNORECASE,
)


def _wordset(text: str) -> frozenset[str]:
    return frozenset(text.split())


STOPWORDS: dict[str, frozenset[str]] = {
    "en": _wordset(
        "a an and are as at be been but by can could do does doing did for from had has have"
        " how i if in into is it its it's me my of on or so such than that the their them then"
        " there these they this those to was what when where which while who whom why will with"
        " would you your yours we our us he she his her him"
        " many much happen happens happened get gets got should need needs want some about"
        " also just very really after only"
        # how people frame a question, not what it is about ("what exactly happens...",
        # "how does planeswalking work", "can I ever...")
        " exactly actually basically still ever always now else okay ok please tell know"
        " go goes going went gone done work works working someone somebody anyone anything"
        " something everything kind sort too like"
        # contractions typed without the apostrophe, and what is left of them with it
        " whats whens wheres whos hows thats theres dont doesnt didnt isnt arent cant wont"
        " im ive youre theyre don doesn didn isn aren ll ve re not"
    ),
    "fr": _wordset(
        "au aux avec ce ces cet cette dans de des du elle en est et il ils je la le les leur"
        " leurs lui ma mais me mes mon ne nous on ou où par pas pour qu que qui sa se ses son"
        " sur ta te tes ton tu un une vos votre vous y à d l c s n j m quoi quel quelle quels"
        " comment combien est-ce passe quand si peut peux puis dois doit sont ont ai as avez"
        " être avoir ça cela faut exactement vraiment alors donc toujours"
    ),
    "da": _wordset(
        "af at de dem den denne der deres det dette din dit du eller en end er et for fra har"
        " hun hvad hvis hvor hvordan hvem i jeg kan med men mig min mit ned nu når og om op på"
        " sig sin sine sit skal som til ud under var vi vil sker hvornår hvorfor hvilken"
        " hvilke mine være bliver må egentlig præcis altså altid mange meget"
    ),
}

#: Words that ask for a definition ("define planeswalk", "meaning of planar controller"):
#: not content, and they make a glossary entry whose term is the rest of the query the answer.
DEFINITION_WORDS = _wordset(
    "define definition defined meaning mean means meant explain explained term word"
    " signifie signification définition définir betyder betydning definition"
)

#: numbers as the texts spell them, 0 to 20 and the tens: "40 cards" is "forty cards",
#: "ten" is also "10"
_NUMBERS = {
    "en": "zero one two three four five six seven eight nine ten eleven twelve thirteen"
    " fourteen fifteen sixteen seventeen eighteen nineteen twenty"
    " thirty forty fifty sixty seventy eighty ninety",
    "fr": "zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze"
    " quinze seize dix-sept dix-huit dix-neuf vingt"
    " trente quarante cinquante soixante soixante-dix quatre-vingts quatre-vingt-dix",
    "da": "nul en to tre fire fem seks syv otte ni ti elleve tolv tretten fjorten femten"
    " seksten sytten atten nitten tyve"
    " tredive fyrre halvtreds tres halvfjerds firs halvfems",
}


#: Digit strings longer than this are searched as words, never turned into numbers.
MAX_NUMBER_DIGITS = 9


def _number_value(token: str, lang: str) -> int | None:
    """The number a digit string or a number word of ``lang`` stands for, or None."""
    if token.isascii() and token.isdigit():
        # No number word spells a longer one, and int() refuses 4,301 digits and more.
        return int(token) if len(token) <= MAX_NUMBER_DIGITS else None
    spelt = _NUMBERS.get(lang, "").split()
    if token in spelt:
        place = spelt.index(token)
        return place if place <= 20 else (place - 18) * 10
    return None


def _number_words(value: int, lang: str) -> list[str]:
    """``value`` as digits and as ``lang`` spells it (when it is in the table)."""
    spelt = _NUMBERS.get(lang, "").split()
    out = [str(value)]
    if not spelt:
        return out
    if 0 <= value <= 20:
        out.append(spelt[value])
    elif value % 10 == 0 and 30 <= value <= 90:
        out.append(spelt[value // 10 + 18])
    return out


#: irregular English forms, folded before stemming
_IRREGULAR = {
    "dice": "die",
    "phenomena": "phenomenon",
    "left": "leave",
    "won": "win",
    "lost": "lose",
    "began": "begin",
    "begun": "begin",
    "paid": "pay",
    "took": "take",
    "taken": "take",
}

#: general vocabulary users type -> words the rules use (applied to queries only)
SYNONYMS: dict[str, tuple[str, ...]] = {
    # English
    "2hg": ("two", "headed", "giant"),
    "thg": ("two", "headed", "giant"),
    "communal": ("single", "shared"),
    "shared": ("communal", "single"),
    "common": ("communal", "single"),
    "single": ("communal",),
    "one": ("single",),
    "pay": ("cost", "mana"),
    "price": ("cost", "mana"),
    "free": ("cost",),
    "costs": ("mana",),
    "cost": ("mana",),
    "minimum": ("least",),
    "min": ("least",),
    "maximum": ("more", "than"),
    "max": ("more", "than"),
    "limit": ("more", "least"),
    "size": ("least",),
    "owns": ("owner",),
    "own": ("owner",),
    "owner": ("owns",),
    "controls": ("controller",),
    "control": ("controller",),
    "quit": ("leave",),
    "concede": ("leave",),
    "concedes": ("leave",),
    "conceded": ("leave",),
    "dies": ("leave",),
    "eliminated": ("leave",),
    # a player who loses leaves the game (rule 800.4a)
    "lose": ("leave",),
    "loses": ("leave",),
    "losing": ("leave",),
    "start": ("starting", "begin"),
    "begin": ("start", "starting"),
    "first": ("starting",),
    "pw": ("planeswalk",),
    "planeswalker": ("planeswalk",),
    "symbol": ("face",),
    "face": ("symbol",),
    "blank": ("nothing",),
    "empty": ("blank",),
    "opponent": ("active", "player"),
    "opponents": ("active", "player"),
    "team": ("two", "headed", "giant"),
    "teammate": ("team",),
    "multiplayer": ("players",),
    "range": ("influence",),
    "melee": ("grand",),
    "mulligan": ("opening", "hands"),
    "zone": ("command",),
    "chaotic": ("chaos",),
    "plane": ("planar",),
    "planes": ("planar",),
    "deck": ("planar",),
    "again": ("previously", "times"),
    "second": ("times", "previously"),
    "twice": ("times", "previously"),
    "once": ("times",),
    "third": ("times", "previously"),
    # Magic players' words for what the rules spell out
    "flip": ("turn", "face"),
    "flips": ("turn", "face"),
    "flipped": ("turn", "face"),
    "reveal": ("turn", "face"),
    "reveals": ("turn", "face"),
    "revealed": ("turn", "face"),
    "throw": ("roll",),
    "toss": ("roll",),
    "reroll": ("roll", "times"),
    "rerolls": ("roll", "times"),
    "d6": ("six", "sided", "die"),
    "trigger": ("ability",),
    "response": ("stack",),
    "respond": ("stack",),
    # an ability that resolves leaves the stack ("... has triggered but not yet left the
    # stack")
    "resolve": ("left", "stack"),
    "resolves": ("left", "stack"),
    "resolved": ("left", "stack"),
    "copies": ("different", "name"),
    "copy": ("different", "name"),
    "duplicate": ("different", "name"),
    "duplicates": ("different", "name"),
    "singleton": ("different", "name"),
    "stay": ("remain",),
    "stays": ("remain",),
    "keep": ("retain",),
    "keeps": ("retain",),
    # French
    "dés": ("dé",),
    "jeter": ("lancer",),
    "lancé": ("lancer",),
    "prix": ("coût",),
    "payer": ("coûte", "mana"),
    "coût": ("coûte", "mana"),
    "commun": ("unique", "seul"),
    "partagé": ("commun", "unique"),
    "possède": ("propriétaire",),
    "propriétaire": ("possédés",),
    "contrôle": ("contrôleur",),
    "quitter": ("quitte",),
    # Danish
    "slå": ("kaste",),
    "slår": ("kaste",),
    "terninger": ("terning",),
    "koster": ("betale", "mana"),
    "pris": ("betale", "mana"),
    "fly": ("flykort",),
    "plan": ("flykort",),
    "kontrollerer": ("kontrollant",),
    "ejer": ("ejeren",),
}


_FOLDED_SYNONYMS: dict[str, tuple[str, ...]] = {}


def _folded_synonyms() -> dict[str, tuple[str, ...]]:
    """SYNONYMS keyed without accents, so "cout" finds the entry for "coût"."""
    if not _FOLDED_SYNONYMS:
        for word, alternatives in SYNONYMS.items():
            _FOLDED_SYNONYMS.setdefault(fold(word), alternatives)
    return _FOLDED_SYNONYMS


#: Snowball algorithm per language (PyStemmer names)
_ALGORITHMS = {"en": "english", "fr": "french", "da": "danish"}
_STEMMERS: dict[str, Any] = {}


def _stemmer(lang: str) -> Any:
    stemmer = _STEMMERS.get(lang)
    if stemmer is None:
        import Stemmer  # PyStemmer: the Snowball stemmers, in C

        stemmer = _STEMMERS[lang] = Stemmer.Stemmer(_ALGORITHMS.get(lang, "english"))
    return stemmer


def stemmer_version() -> str:
    """Which PyStemmer is installed (its file, size and time), without importing it: a new
    one may stem differently, so it keys the cached index."""
    import os
    from importlib.machinery import PathFinder

    spec = PathFinder.find_spec("Stemmer")
    if spec is None or not spec.origin:
        return "none"
    try:
        status = os.stat(spec.origin)
    except OSError:
        return spec.origin
    return f"{spec.origin}:{status.st_size}:{status.st_mtime_ns}"


def _snowball(word: str, lang: str) -> str:
    if lang == "en":
        word = _IRREGULAR.get(word, word)
        if word.endswith(("'s", "’s")):
            word = word[:-2]
    elif lang == "fr" and ("'" in word or "’" in word):
        word = re.split(r"['’]", word)[-1]
    term: str = _stemmer(lang).stemWord(word)
    return term


def stem_en(word: str) -> str:
    return stem(word, "en")


def stem_fr(word: str) -> str:
    return stem(word, "fr")


def stem_da(word: str) -> str:
    return stem(word, "da")


_STEM_CACHE: dict[tuple[str, str], str] = {}
_FOLD_CACHE: dict[str, str] = {}


def fold(word: str) -> str:
    """Lower case without accents ("Dé" → "de"), memoised: the vocabulary is small."""
    folded = _FOLD_CACHE.get(word)
    if folded is None:
        folded = _FOLD_CACHE[word] = fold_accents(word) if not word.isascii() else word.lower()
    return folded


def stem(word: str, lang: str) -> str:
    """The index term for ``word`` in ``lang`` (rule numbers are kept as they are)."""
    key = (lang, word)
    term = _STEM_CACHE.get(key)
    if term is None:
        term = word if _RULE_NUMBER_RE.match(word) else _snowball(word, lang)
        _STEM_CACHE[key] = term
    return term


def words(text: str) -> list[str]:
    """Lower-cased word and rule-number tokens; elisions split ("d'un" → "un")."""
    out: list[str] = []
    for token in _TOKEN_RE.findall(text.casefold().replace("’", "'")):
        if "'" in token:
            out.extend(_split_elision(token))
        else:
            out.append(token)
    return out


def _split_elision(token: str) -> list[str]:
    return [part for part in token.split("'") if len(part) > 1]


def content_words(text: str, lang: str) -> list[str]:
    """``words`` without stopwords and single letters."""
    stop = STOPWORDS.get(lang, frozenset())
    return [w for w in words(text) if w not in stop and (len(w) > 1 or w.isdigit())]


_DEFINITION_RE = lazy(
    r"^\W*(?:what\s+(?:is|are)|what's|whats|define|definition\s+of|meaning\s+of"
    r"|qu'est-ce\s+que?|c'est\s+quoi|que\s+(?:veut\s+dire|signifie)|hvad\s+(?:er|betyder))"
    # a term of one or two words, or two joined by "of", "de", "af" ("capacité de
    # transplanage")
    r"(?:\s+(?:an?|the|une?|le|la|les|l'|en|et))?\s*"
    r"\S+(?:\s+(?:of|de|du|des|af)\s+\S+|\s+\S+)?\W*$"
    r"|^\W*\S+(?:\s+\S+)?\s+(?:definition|meaning|means?)\W*$",
    re.IGNORECASE,
)
#: words without which a query cannot ask what something is
_DEFINITION_HINTS = _wordset(
    "what whats who define definition meaning mean means qu que qui quoi signifie hvad hvem betyder"
)
#: the stems of "card" ("what is a plane card" asks what a plane is)
_CARD_TERMS = frozenset({"card", "cart", "kort"})
#: words that may stand beside a rule number that is the whole question ("rule 901.9")
_RULE_WORDS = frozenset({"rule", "rules", "règle", "règles", "regel", "reglen", "see", "cf"})
#: "... who is the planar controller": the subject asked about
_SUBJECT_RE = lazy(
    r"\b(?:what|who|qui|hvem|hvad)\s+(?:is|are|est|er)\s+(.+?)\W*$"
    # asked inside a longer question: "explain what a phenomenon card is", "what does it
    # mean to planeswalk"
    r"|\bwhat\s+((?:an?|the)\s+\w+(?:\s+\w+)?)\s+(?:is|are)\b"
    r"|\bwhat\s+(?:does\s+it|it)\s+means?\s+to\s+(\w+)"
    # "what does chaos ensue mean", "c'est quoi un phénomène", "qu'est-ce qu'un plan",
    # "que signifie transplaner", "hvad betyder planeswalke"
    r"|\bwhat\s+does\s+(.+?)\s+mean\b"
    r"|\bc'est\s+quoi\s+(.+?)\W*$"
    r"|\bqu'est-ce\s+qu(?:e\s+|')(?:c'est\s+qu(?:e\s+|'))?(.+?)\W*$"
    r"|\bque\s+(?:veut\s+dire|signifie)\s+(.+?)\W*$"
    r"|\bhvad\s+betyder\s+(.+?)\W*$",
    re.IGNORECASE,
)
#: words that only stress a question ("who actually is ...", "what exactly happens"): left
#: out before its form is read
_FILLER_RE = lazy(
    r"\s+(?:actually|exactly|really|basically|even|just|ever|still|now|then|again|please)\b",
    re.IGNORECASE,
)
#: where the subject of "who is ..." ends and the case it is asked about begins
_SUBJECT_END_RE = lazy(
    r"\s*[,;?(]|\s+(?:in|during|when|if|under|with|for|dans|en|pendant|quand|si|avec|i|når|hvis"
    r"|med)\s",
    re.IGNORECASE,
)
#: a question that asks for a quantity ("how many", "combien", "hvor mange", "minimum")
_QUANTITY_RE = lazy(
    r"\b(?:how\s+(?:many|much|big|large)|number\s+of|minimum|maximum|min|max|at\s+(?:least|most)"
    r"|combien|nombre|au\s+(?:moins|plus)|hvor\s+(?:mange|meget|stort?)|antal|mindst|højst)\b",
    re.IGNORECASE,
)
#: a question that asks what follows from something ("what happens if ...")
_QUANTITY_HINTS = _wordset(
    "many much big large number min max least most combien nombre moins plus mange meget"
    " stor antal mindst højst"
)
_CONSEQUENCE_RE = lazy(
    r"\bwhat\s+(?:happens|happened|happen)\b|\bque\s+se\s+passe|\bhvad\s+sker",
    re.IGNORECASE,
)
_CONSEQUENCE_HINTS = _wordset("happen passe sker")
#: a rule that says what follows from something ("If the die roll is ...", "When a player ...")
_CONDITION_RE = lazy(r"^(?:if|when|whenever|si|quand|lorsqu|hvis|når)\b", re.IGNORECASE)
_SCOPE_RE = lazy(r"^(?:in|dans|i)\s[^,.]*\b(?:games?|parties?|spil)\b[^.]*,", re.IGNORECASE)


_PLANECHASE_RE = lazy(
    r"\b(?:plan|phenom|phénom|fænomen|chaos|kaos|flykort|transplan)", re.IGNORECASE
)


def _about_planechase(text: str) -> bool:
    """True for a text about Planechase (planes, the planar die, phenomena, chaos...)."""
    return bool(_PLANECHASE_RE.search(text))


def _is_heading(text: str) -> bool:
    """A title rather than a statement: a few words, no closing punctuation, or a colon
    that opens what follows ("At møde et fænomen:")."""
    stripped = text.strip().strip('“”"«» ')
    if stripped.endswith(":"):
        return 0 < len(stripped.split()) <= 6
    return len(text.split()) <= 6 and not text.rstrip().endswith((".", ".)", ":", "»", "”", '"'))


def _sets_scope(text: str, introduces: bool) -> bool:
    """True for a rule that opens a special case its subrules belong to: it introduces them
    ("A Two-Headed Giant Planechase game uses ... with the following additions."), it is a
    heading ("Single Planar Deck Option"), or it starts "In <some kind of> games, ..."."""
    return introduces or bool(_SCOPE_RE.match(text)) or _is_heading(text)


def _parent_id(rule_id: str) -> str | None:
    match = re.match(r"^(.*\d)[a-z]+$", rule_id)
    return match.group(1) if match else None


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

    FIELDS = (
        "edition_ids",
        "langs",
        "ids",
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
    )
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
    postings: dict[str, list[int] | bytes]
    df: dict[str, int]
    lang_df: dict[str, dict[str, int]]
    lang_size: dict[str, int]
    group_length: dict[str, float]
    #: each word of the texts and phrasings, and its stems (space-separated)
    surface: dict[str, str]
    #: per language with several in scope, the accent-free words of its texts
    vocabulary: dict[str, list[str]]
    #: each accent-free term, and the terms it stands for (space-separated)
    folded: dict[str, str]
    #: per language, each word of its texts and its stem: a query made of corpus words is
    #: stemmed without loading the stemmer
    stems: dict[str, dict[str, str]]
    #: the phrasings field: term -> documents and counts (position, count, position, ...),
    #: per language term -> distinct passages holding it, passages with phrasings, their
    #: mean length
    aid_postings: dict[str, list[int] | bytes]
    aid_df: dict[str, dict[str, int]]
    aid_size: dict[str, int]
    aid_length: dict[str, float]
    #: per edition (as in ``edition_ids``), the words a query names it by: a document's own
    #: words ("tactical", "eternities"), a translation's or guide's language ("danish")
    edition_names: list[list[str]]

    def __init__(
        self, editions: Sequence[Edition] = (), phrasings: Sequence[Phrased] | None = None
    ) -> None:
        """Index ``editions``, each passage with its ``phrasings`` (the bundled ones by
        default; pass ``()`` for none)."""
        #: read from the on-disk cache (see :mod:`planarcli.rulebook.searchcache`)
        self.cached = False
        self.infos: dict[str, EditionInfo] = {}
        self._sets: dict[str, frozenset[str]] = {}
        self._docs: dict[int, tuple[dict[str, float], _Positions]] = {}
        self._idf: dict[tuple[str, str | None], float] = {}
        self._folded: dict[str, tuple[str, frozenset[str]]] | None = None
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
            setattr(self, name, {} if name in _DICT_FIELDS else [])
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
            subrules = {_parent_id(rule.id) for rule in edition.rules}
            where: dict[str, int] = {}  # rule id -> document position, in this edition
            items = [(rule.id, rule.text, "rule") for rule in edition.rules]
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
                heading = content_words(rule_id, lang) if kind == "glossary" else []
                if heading:
                    words_of_lang.update(fold(word) for word in words(rule_id))
                tokens = [stem(word, lang) for word in heading]
                tokens += [_GAP] * (PROXIMITY_WINDOW + 1) if heading else []
                tokens += [stem(word, lang) for word in own]
                word_stems = self.stems.setdefault(lang, {})
                for word in (*heading, *own):
                    if not word.isdigit():
                        surface.setdefault(word, set()).add(stem(word, lang))
                        word_stems[word] = stem(word, lang)
                parent_id = _parent_id(rule_id) if kind == "rule" else None
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
                self.topical.append(
                    int(
                        info.kind != ENGLISH_CR
                        or rule_id.split(".")[0] == VARIANT_SECTION
                        or _about_planechase(f"{rule_id} {text} {parent_text}")
                    )
                )
                # a heading ("901 Planechase", "901.15 Single Planar Deck Option") or a rule
                # that only leads into its subrules ("... with the following additions.")
                introduces = _is_heading(text) or (
                    rule_id in subrules and bool(_INTRODUCTION_RE.search(text))
                )
                self.intro.append(int(kind == "rule" and introduces))
                self.aids.append("")
                self.aid_lengths.append(0)
                self.lengths.append(0.0)
        self.edition_names = self._names(editions)
        postings: dict[str, list[int]] = {}
        for position in range(len(self.ids)):
            terms, _ = self._doc(position)
            self.lengths[position] = sum(terms.values())
            for term in terms:
                postings.setdefault(term, []).append(position)
        self.postings = {term: found for term, found in postings.items()}
        self._statistics()
        self.surface = {word: " ".join(sorted(stems)) for word, stems in surface.items()}
        self.vocabulary = {lang: sorted(found) for lang, found in vocabulary.items()}

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
                signature = frozenset(self.tokens[position].split(" ")) - {_GAP, ""}
                best, chosen = 0.0, []
                size = len(signature)
                for source, source_id, numbers in by_kind.get((lang, kind), ()):
                    needed = AID_SAME_ID if source_id == rule_id else AID_MOVED
                    # sets of sizes m <= n are at most m/n alike: most pairs end here
                    other = len(source)
                    if min(size, other) < needed * max(size, other):
                        continue
                    alike = _jaccard(signature, source)
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

    def _aid_scores(self, weights: dict[str, float]) -> dict[int, float]:
        """BM25 of the query's terms over each document's phrasings."""
        scores: dict[int, float] = {}
        lengths = self.aid_lengths
        for term, weight in weights.items():
            packed = self.aid_postings.get(term)
            if not packed:
                continue
            found = _numbers(packed)
            idfs: dict[str, float] = {}
            for place in range(0, len(found), 2):
                position, tf = found[place], found[place + 1]
                lang = self.doc_langs[position]
                idf = idfs.get(lang)
                if idf is None:
                    n = self.aid_size.get(lang, 0)
                    df = self.aid_df.get(lang, {}).get(term, 0)
                    idf = idfs[lang] = math.log(1.0 + (n - df + 0.5) / (df + 0.5))
                norm = AID_K1 * (
                    1.0 - AID_B + AID_B * lengths[position] / (self.aid_length.get(lang) or 1.0)
                )
                part = weight * idf * tf * (AID_K1 + 1.0) / (tf + norm)
                scores[position] = scores.get(position, 0.0) + part
        return scores

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

    def _named_editions(self, query: str) -> tuple[set[int], set[str]]:
        """The editions in scope a query names (by their words, their language, or a year:
        the English editions that took effect that year, else the last one before), when it
        names some but not all; and the query's words that did the naming."""
        if len(self.edition_ids) < 2:
            return set(), set()
        said = {fold(word) for word in words(query)}
        named: set[int] = set()
        naming: set[str] = set()
        for number, names in enumerate(self.edition_names):
            hit = said.intersection(names)
            if hit:
                named.add(number)
                naming |= hit
        for year in sorted(
            w for w in said if len(w) == 4 and w.isdigit() and w[:2] in ("19", "20")
        ):
            dated = [
                (info.effective, number)
                for number, edition_id in enumerate(self.edition_ids)
                if (info := self.infos.get(edition_id)) is not None
                and info.kind == ENGLISH_CR
                and info.effective
            ]
            that_year = {number for effective, number in dated if effective[:4] == year}
            if not that_year:
                before = [(effective, number) for effective, number in dated if effective < year]
                that_year = {max(before)[1]} if before else set()
            if that_year:
                named |= that_year
                naming.add(year)
        if len(named) == len(self.edition_ids):
            return set(), set()
        return named, naming

    def _asks_the_past(self, query: str) -> set[str]:
        """The words by which a query asks how the rules used to be, when the editions
        searched hold the current one and older ones (else none)."""
        current = next((info.id for info in self.infos.values() if info.current), None)
        if current not in self.edition_ids or len(self.edition_ids) < 2:
            return set()
        return {
            fold(word) for match in _PAST_RE.compiled.finditer(query) for word in words(match[0])
        }

    def _doc(self, position: int) -> tuple[dict[str, float], _Positions]:
        """Term weights and word positions of one document (memoised; counted in C)."""
        known = self._docs.get(position)
        if known is not None:
            return known
        tokens = self.tokens[position].split(" ")
        heads = self.heads[position]
        terms: dict[str, float] = dict(Counter(tokens[heads:] if heads else tokens))
        for term in tokens[:heads]:
            terms[term] = terms.get(term, 0.0) + GLOSSARY_TERM_WEIGHT
        parent = self.parents[position]
        if parent >= 0:
            for term, count in Counter(self.tokens[parent].split(" ")).items():
                terms[term] = terms.get(term, 0.0) + count * PARENT_WEIGHT
        terms.pop(_GAP, None)
        terms.pop("", None)
        made = self._docs[position] = (terms, _Positions(tokens))
        return made

    def _statistics(self) -> None:
        # Document frequencies count a rule once however many editions hold it, whatever its
        # wording in each, and they are kept per language: searching every edition must not
        # make the words of repeated rules look common, nor let French and Danish texts
        # change how rare an English word looks.
        bags: dict[tuple[str, str, str], set[str]] = {}
        for position, rule_id in enumerate(self.ids):
            key = (self.doc_langs[position], self.kinds[position], rule_id)
            bags.setdefault(key, set()).update(self._doc(position)[0])
        every: dict[tuple[str, str], set[str]] = {}
        for (lang, kind, rule_id), bag in bags.items():
            every.setdefault((kind, rule_id), set()).update(bag)
            if kind == "glossary":
                continue  # entries are scored with the rules' statistics, not part of them
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
            if parent >= 0 and _sets_scope(self.texts[parent], bool(self.intro[parent])):
                section = (self.doc_langs[position], self.ids[position].split(".")[0])
                limit = sizes.get(section, 1) * CONTEXT_SHARE
                common = sections.get(section, {})
                parent_terms = {t for t in self.tokens[parent].split(" ") if t and t != _GAP}
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
        index.aids = []
        index._folded = None
        try:
            for name in cls.FIELDS:
                value = state[name]
                if not isinstance(value, dict if name in _DICT_FIELDS else list):
                    raise ValueError(f"{name} has the wrong type")
                setattr(index, name, value)
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
            value = self._idf[key] = math.log(1.0 + (n - df + 0.5) / (df + 0.5))
        return value

    def _vocabulary(self, lang: str) -> frozenset[str]:
        found = self._sets.get(lang)
        if found is None:
            found = self._sets[lang] = frozenset(self.vocabulary.get(lang, ()))
        return found

    # ----------------------------------------------------------------- query terms

    def _stem(self, word: str, lang: str) -> str:
        """``stem(word, lang)``, from the index when the word is one of its texts'."""
        known = self.stems.get(lang)
        term = known.get(word) if known is not None else None
        return term if term is not None else stem(word, lang)

    def _stems(self, token: str) -> set[str]:
        """Index terms that ``token`` may stand for, in any language in scope."""
        if _RULE_NUMBER_RE.match(token):
            return {token} if token in self.df else set()
        found = set()
        for lang in self.langs:
            if token in STOPWORDS.get(lang, frozenset()):
                continue
            term = self._stem(token, lang)
            if term in self.df or term in self.aid_postings:
                found.add(term)
        return found

    def _is_stopword(self, token: str) -> bool:
        return any(token in STOPWORDS.get(lang, frozenset()) for lang in self.langs)

    def query_terms(self, query: str) -> list[dict[str, float]]:
        return [group for _, group in self.query_groups(query)]

    def query_groups(self, query: str) -> list[tuple[str, dict[str, float]]]:
        """Weighted index terms per query word: stems, accent-free matches, synonyms, typos.

        One dict per content word of the query, in query order (for proximity scoring).
        """
        groups: list[tuple[str, dict[str, float]]] = []
        tokens: list[str] = []
        for raw in _TOKEN_RE.findall(query.casefold().replace("’", "'")):
            tokens.extend(_split_elision(raw) if "'" in raw else [raw])
        # a word that is a stopword in the query's language is one, even when it is a
        # content word in another language ("have" is Danish for "garden")
        strange = self.other_languages(query)
        query_stop = [
            STOPWORDS.get(lang, frozenset()) for lang in self.langs if lang not in strange
        ]
        misspelt: list[tuple[str, dict[str, float]]] = []
        joined = self._joined(tokens, query_stop)
        danish = "da" in self.langs and "da" not in strange
        for place, token in enumerate(tokens):
            if token in DEFINITION_WORDS:
                continue
            weights: dict[str, float] = {}

            def add(
                terms: Iterable[str], weight: float, weights: dict[str, float] = weights
            ) -> None:
                for term in terms:
                    weights[term] = max(weights.get(term, 0.0), weight)

            token = _IRREGULAR.get(token, token)
            stems = set() if any(token in stop for stop in query_stop) else self._stems(token)
            # "plane walk" typed for "planeswalk": both words stand for it
            add(joined.get(place, ()), TYPO_WEIGHT)
            add(joined.get(place - 1, ()), TYPO_WEIGHT)
            if danish and not any(token in stop for stop in query_stop):
                # "fænomen" is the head of "fænomenkort"
                add(self._compounds(token), COMPOUND_WEIGHT)
            if stems:
                add(stems, 1.0)
                add(self._relatives(token), RELATIVE_WEIGHT)
            elif self._is_stopword(token) or len(token) == 1:
                # "de" typed for "dé": restore a missing accent, but only onto a content word
                add(
                    (
                        t
                        for t in self.folded.get(fold(token), "").split()
                        if t != token and not self._is_stopword(t)
                    ),
                    STOPWORD_ACCENT_WEIGHT,
                )
            else:
                accentless = self._accent_matches(token)
                if accentless:
                    add(accentless, ACCENT_WEIGHT)
                elif (
                    not token.isdigit()
                    and not _RULE_NUMBER_RE.match(token)
                    and len(misspelt) < TYPO_WORDS
                ):
                    misspelt.append((token, weights))  # corrected below, in context
            if token.isdigit() or not self._is_stopword(token):
                # "40 cards": "at least forty"; "ten": "10"
                for lang in self.langs:
                    value = _number_value(token, lang)
                    if value is not None:
                        for spelt in _number_words(value, lang):
                            if spelt != token:
                                add(self._stems(spelt), 1.0)
            if weights or not self._is_stopword(token):
                for synonym in SYNONYMS.get(token) or _folded_synonyms().get(fold(token), ()):
                    add(self._stems(synonym) or self._accent_matches(synonym), SYNONYM_WEIGHT)
            if weights or (misspelt and misspelt[-1][1] is weights):
                groups.append((fold(token), weights))
        if misspelt:
            self._correct(misspelt, groups)
            groups = [(word, weights) for word, weights in groups if weights]
        return groups

    def _joined(self, tokens: list[str], stop: list[frozenset[str]]) -> dict[int, set[str]]:
        """For a word typed in two ("plane walk"), keyed by the place of its first half: the
        stems of the corpus word the two make together, or are one edit from."""
        out: dict[int, set[str]] = {}
        for place, (first, second) in enumerate(itertools.pairwise(tokens)):
            if not (first.isalpha() and second.isalpha()) or any(
                first in words or second in words for words in stop
            ):
                continue
            if self._stems(first) and self._stems(second):
                continue  # two words of the texts: meant as two
            whole = first + second
            found = self._stems(whole)
            if not found and len(whole) >= TYPO_LONG_WORD:
                for word in self._typo_words(whole):
                    if osa_distance(fold(whole), fold(word), 1) <= 1:
                        found = set(self.surface[word].split(" "))
                        break
            if found:
                out[place] = found
        return out

    def _compounds(self, token: str) -> set[str]:
        """Stems of the Danish compounds that ``token`` heads ("fænomen": "fænomenkort")."""
        if len(token) < COMPOUND_SHORTEST or not token.isalpha():
            return set()
        base = self._stem(token, "da")
        found = set()
        for word, term in self.stems.get("da", {}).items():
            if len(word) >= len(base) + COMPOUND_SHORTEST and word.startswith(base):
                found.add(term)
        return found

    def _correct(
        self,
        misspelt: list[tuple[str, dict[str, float]]],
        groups: list[tuple[str, dict[str, float]]],
    ) -> None:
        """Correct each misspelt word to the closest corpus word; among words as close, to
        the one found most often with the query's other words ("planer die": "planar",
        not "plane")."""
        context: set[int] = set()
        for _, weights in groups:
            for term, weight in weights.items():
                if weight >= 1.0:
                    context.update(_numbers(self.postings.get(term, b"")))
        for token, weights in misspelt:
            closest = self._typo_words(token)
            if not closest:
                continue
            if len(closest) > 1 and context:

                def together(word: str) -> int:
                    found: set[int] = set()
                    for term in self.surface[word].split(" "):
                        found.update(_numbers(self.postings.get(term, b"")))
                    return len(found & context)

                closest.sort(key=together, reverse=True)
            meant = closest[0]
            for term in self.surface[meant].split(" "):
                weights[term] = max(weights.get(term, 0.0), TYPO_WEIGHT)
            # "comunal" is "communal" in full: its synonyms, and its form for exact matches
            for synonym in SYNONYMS.get(meant) or _folded_synonyms().get(fold(meant), ()):
                for term in self._stems(synonym) or self._accent_matches(synonym):
                    weight = SYNONYM_WEIGHT * TYPO_WEIGHT
                    weights[term] = max(weights.get(term, 0.0), weight)
            for number, (_, group) in enumerate(groups):
                if group is weights:
                    groups[number] = (fold(meant), weights)

    def _relatives(self, token: str) -> set[str]:
        """Index terms of the English agent noun or verb of ``token`` ("owns" → "owner",
        "controller" → "control"), when the index holds them."""
        if "en" not in self.langs or not token.isalpha():
            return set()
        english = self.stems.get("en", {})
        base = self._stem(token, "en")
        candidates = [base + "er"]
        if token.endswith(("er", "ers")) and len(token) >= 5:
            candidates.append(token[: -3 if token.endswith("ers") else -2])
        # only words of the texts: their stems are in the index
        found = {english[word] for word in candidates if word in english}
        return {term for term in found if term != base and term in self.df}

    def _accent_matches(self, token: str) -> set[str]:
        found: set[str] = set()
        for lang in self.langs:
            term = fold(self._stem(fold(token), lang))
            found.update(self.folded.get(term, "").split())
        return found

    def _typo_matches(self, token: str) -> set[str]:
        """Stems of the corpus words closest to a misspelt ``token``: all of them when
        several are as close ("planer" is one letter from "planar" and from "plane")."""
        found: set[str] = set()
        for word in self._typo_words(token):
            found.update(self.surface[word].split(" "))
        return found

    def _typo_word(self, token: str) -> str | None:
        """The corpus word closest to a misspelt ``token`` (edit distance ≤ 1–2), or None."""
        closest = self._typo_words(token)
        return closest[0] if closest else None

    def _typo_words(self, token: str) -> list[str]:
        """The corpus words closest to a misspelt ``token`` (edit distance ≤ 1–2), the most
        alike and most frequent first. A short word is corrected only for two letters
        swapped ("dei" is "die"; "now" is not "know")."""
        short = len(token) < TYPO_SHORTEST
        # one edit in a short word, two in a long one: "copies" is not a misspelling of
        # "comes", "plainswalking" is one of "planeswalking"
        limit = 1 if len(token) <= TYPO_LONG_WORD - 1 else 2
        folded = fold(token)
        letters = frozenset(folded)
        best: list[tuple[int, float, int, str]] = []
        for word, (other, other_letters) in self._folded_words().items():
            if abs(len(other) - len(folded)) > limit:
                continue
            # each edit brings in at most one letter and takes out at most one: a word
            # with more letters of its own is further away (and needs no alignment)
            if len(letters - other_letters) > limit or len(other_letters - letters) > limit:
                continue
            if short and sorted(other) != sorted(folded):
                continue
            distance = osa_distance(folded, other, limit)
            if distance <= limit:
                overlap = _indel_similarity(folded, other)
                frequency = sum(self.df.get(s, 0) for s in self.surface[word].split(" "))
                best.append((distance, -overlap, -frequency, word))
        if not best:
            return []
        best.sort()
        nearest = best[0][0]
        return [word for distance, _, _, word in best[:TYPO_CHOICES] if distance == nearest]

    def _folded_words(self) -> dict[str, tuple[str, frozenset[str]]]:
        """Each corpus word, accent-free, with its letters (made once per index)."""
        known = self._folded
        if known is None:
            known = self._folded = {}
            for word in self.surface:
                other = fold(word)
                known[word] = (other, frozenset(other))
        return known

    # ----------------------------------------------------------------- ranking

    def search(self, query: str, limit: int = 10) -> list[SearchResult]:
        """The ``limit`` best documents for ``query``, best first."""
        import gc

        collecting = gc.isenabled()
        gc.disable()  # a search makes many small objects and no cycles
        try:
            return self._search(query, limit)
        finally:
            if collecting:
                gc.enable()

    def _search(self, query: str, limit: int) -> list[SearchResult]:
        surfaced = self._untitled(self.query_groups(query))
        named_editions, naming = self._named_editions(query)
        past = self._asks_the_past(query)
        naming |= past
        if naming and len(surfaced) > len(naming):
            # "in the Danish guide", "under the 2012 rules": where to look, not what for
            surfaced = [(word, group) for word, group in surfaced if word not in naming]
        groups = [group for _, group in surfaced]
        weights: dict[str, float] = {}
        for group in groups:
            for term, weight in group.items():
                weights[term] = max(weights.get(term, 0.0), weight)
        pairs = list(itertools.pairwise(groups))
        essential = [group for group in groups if max(group.values()) > STOPWORD_ACCENT_WEIGHT]
        numbers = [
            t for t in (normalise_token(x) for x in query.split()) if t and _RULE_NUMBER_RE.match(t)
        ]
        # "901.9", "rule 901.15a": that rule; "exception to rule 113.8": the rules that say
        # so, the rule named only a little above the others
        rest = [
            token
            for token in (normalise_token(x) for x in query.split())
            if token and token not in numbers and token not in _RULE_WORDS
        ]
        id_bonus, child_bonus = (
            (EXACT_ID_BONUS, CHILD_ID_BONUS) if not rest else (NAMED_RULE_BONUS, 0.0)
        )
        if numbers and not rest:
            # "rule 309.7": that rule or nothing, not every rule that says "rule"
            weights = {}
        strange = self.other_languages(query)
        asked = set(weights)
        reached: set[int] = set()  # the texts that hold a query word, or are a rule named
        for term in weights:
            reached.update(_numbers(self.postings.get(term, b"")))
        if numbers:
            reached.update(
                position
                for position, rule_id in enumerate(self.ids)
                if any(rule_id.startswith(number) for number in numbers)
            )
        aided = self._aid_scores(weights) if self.aid_postings else {}
        candidates = reached.union(aided)
        current = next((info.id for info in self.infos.values() if info.current), None)
        current_number = self.edition_ids.index(current) if current in self.edition_ids else -1
        hinted = not _DEFINITION_HINTS.isdisjoint(words(query))
        framed = _FILLER_RE.sub("", query.replace("’", "'")) if hinted else query
        subject = self._subject(framed) if hinted else None
        definition = self._defined_subject(*subject) if subject else None
        asks = bool(hinted and _DEFINITION_RE.search(framed))
        # "what does it mean to encounter a phenomenon" asks for more than a heading
        defines = asks or not DEFINITION_WORDS.isdisjoint(words(query))
        # the terms of what a longer question asks about ("could someone explain what a
        # phenomenon card is ..."): the glossary entry of that term answers it
        named = [self._stems(fold(word)) for word in subject[0]] if subject and not asks else []
        # (the patterns compile only for a query that may need them)
        lowered = query.lower()
        quantities = (
            self._quantity_words()
            if any(word in lowered for word in _QUANTITY_HINTS) and _QUANTITY_RE.search(query)
            else None
        )
        consequence = any(word in lowered for word in _CONSEQUENCE_HINTS) and bool(
            _CONSEQUENCE_RE.search(query)
        )
        lead_weight = DEFINITION_LEAD_WEIGHT if asks else LEAD_WEIGHT
        long_query = len(groups) >= LONG_QUERY
        owners: dict[str, tuple[int, ...]] = {}  # each term, the query words it stands for
        for number, group in enumerate(groups):
            for term in group:
                owners[term] = (*owners.get(term, ()), number)
        scores: dict[int, float] = {}
        defined: list[int] = []  # glossary entries of the term the question asks about
        covered: dict[int, frozenset[int]] = {}
        masses: dict[str, list[float]] = {}  # per language, each query word's rarity
        for position in candidates:
            lang = self.doc_langs[position]
            kind = self.kinds[position]
            rule_id = self.ids[position]
            aid = aided.get(position, 0.0)
            if position in reached:
                terms, where = self._doc(position)
                score = 0.0
                average = self.group_length.get(self.groups[position]) or 1.0
                norm = BM25_K1 * (1.0 - BM25_B + BM25_B * self.lengths[position] / average)
                if long_query:
                    # where the query's words stand in the text, in one pass over its words
                    placed = [
                        (place, number)
                        for place, token in enumerate(where.tokens)
                        if token in owners
                        for number in owners[token]
                    ]
                    lonely = self._lonely(placed, owners)
                else:
                    placed, lonely = [], set()
                for term, weight in weights.items():
                    tf = terms.get(term)
                    if tf:
                        part = weight * self.idf(term, lang) * tf * (BM25_K1 + 1.0) / (tf + norm)
                        score += part * LONELY_WEIGHT if term in lonely else part
                if score <= 0.0 and position not in aided and not numbers:
                    continue
                for left, right in pairs:
                    score += PROXIMITY_WEIGHT * self._near(where, lang, left, right)
                # the lead: a rule's first words, a glossary entry's term
                lead = LEAD_WINDOW if not self.heads[position] else self.heads[position]
                for group in groups:
                    best = 0.0
                    for term, weight in group.items():
                        found = where.get(term)
                        if found and found[0] < lead:
                            best = max(best, weight * self.idf(term, lang))
                    score += lead_weight * best
                if surfaced:
                    forms = self.forms[position]
                    for form, group in surfaced:
                        if f" {form} " in forms:
                            score += EXACT_FORM_WEIGHT * max(self.idf(t, lang) for t in group)
                covered[position] = frozenset(
                    number for number, group in enumerate(groups) if any(t in terms for t in group)
                )
                if groups:
                    # coordination: the share of the query's words the text holds, each weighted
                    # by its rarity
                    mass = masses.get(lang)
                    if mass is None:
                        mass = masses[lang] = [
                            max(self.idf(t, lang) for t in g)
                            if max(g.values()) > STOPWORD_ACCENT_WEIGHT
                            else 0.0
                            for g in groups
                        ]
                    got = [
                        share
                        for share, group in zip(mass, groups, strict=True)
                        if any(t in terms for t in group)
                    ]
                    score *= (sum(got) / (sum(mass) or 1.0)) ** COORD_POWER
                    if long_query:
                        # ... and how much of it one passage of the text says together
                        together = self._window_mass(placed, mass)
                        score *= 0.5 + 0.5 * together / (sum(got) or 1.0)
            else:
                # reached by its phrasings alone: none of the query's words is in the text
                score = 0.0
                covered[position] = frozenset()
            if not self.topical[position]:
                # a rule that says nothing of Planechase, unless players ask it of Planechase
                score *= OFF_TOPIC_PRIOR
            score += AID_WEIGHT * aid
            if kind == "glossary":
                score *= GLOSSARY_PRIOR
                if self._asks_for_term(position, essential):
                    score *= GLOSSARY_TERM_BONUS
                    if asks:
                        # "what is a phenomenon": the glossary says it in a sentence
                        score *= DEFINITION_BONUS
                elif named and self._names_term(position, named):
                    score *= GLOSSARY_TERM_BONUS * DEFINITION_BONUS
                    defined.append(position)
            if kind == "rule" and rule_id[-1:].isalpha():
                score *= SUBRULE_PRIOR
                context = self.context[position]
                if context and not asked.intersection(context.split(" ")):
                    score *= OUT_OF_CONTEXT_PRIOR
            if definition and kind == "rule" and definition.search(self.texts[position]):
                # "what is the planar die": "A planar die is a six-sided die."
                score *= DEFINITION_BONUS
            if (
                kind == "rule"
                and self.intro[position]
                and (defines or not self._names_heading(position, essential))
            ):
                # a heading answers a query that names it, but not one asking what it means
                score *= INTRODUCTION_PRIOR
            if quantities is not None and kind == "rule":
                # "how many cards ...": "at least ten", "no more than two"
                forms = self.forms[position]
                if any(f" {word} " in forms for word in quantities.get(lang, ())):
                    score *= QUANTITY_BONUS
            if consequence and kind == "rule" and _CONDITION_RE.match(self.texts[position]):
                # "what happens if I roll a blank": "If the die roll is a blank face, ..."
                score *= CONSEQUENCE_BONUS
            holders = self.editions[position]
            if (named_editions and not named_editions.isdisjoint(holders)) or (
                past and current_number not in holders and self.groups[position] == "en-cr"
            ):
                score *= NAMED_EDITION_BONUS
            else:
                if lang in strange:
                    score *= OTHER_LANGUAGE_PRIOR
                if (
                    current_number >= 0
                    and self.groups[position] == "en-cr"
                    and current_number not in self.editions[position]
                ):
                    score *= OLDER_EDITION_PRIOR
            scores[position] = score
        if defined and scores:
            # "could someone explain what a phenomenon card is ...": the question says what
            # it asks about, and the glossary entry of that term answers it first
            top = max(scores.values())
            for position in defined:
                scores[position] = max(scores[position], top * NAMED_TERM_LIFT)
        # A subrule that matches all its parent matches and more answers better than the
        # parent: "grand melee planar controller" is 901.14a, not 901.14.
        for position, score in list(scores.items()):
            parent = self.parents[position]
            parent_score = scores.get(parent, 0.0) if parent >= 0 else 0.0
            if parent_score > score and covered[position] > covered[parent]:
                # ... by words that matter: not "one" in "a third time in one turn"
                mass = masses[self.doc_langs[position]]
                more = sum(mass[number] for number in covered[position] - covered[parent])
                if more >= COMPLETE_SUBRULE_SHARE * sum(mass):
                    scores[position] = parent_score * COMPLETE_SUBRULE_LIFT
        # A document is listed under the best placed edition holding it: the current one,
        # else the newest English one, else the newest; ties in score go the same way.
        rank = self._edition_ranks()
        keyed: list[tuple[float, int, int, int]] = []
        for position, score in scores.items():
            rule_id = self.ids[position]
            for wanted in numbers:
                if rule_id == wanted:
                    score += id_bonus
                elif rule_id.startswith(wanted) and rule_id[len(wanted) :].isalpha():
                    score += child_bonus
            if score > 0.0:
                holders = self.editions[position]
                # under the edition the query names, when it holds the text
                preferred = [n for n in holders if n in named_editions] or holders
                shown = min(preferred, key=rank.__getitem__)
                keyed.append((-round(score, 6), rank[shown], position, shown))
        keyed.sort()
        out = []
        for negative, _, position, shown in keyed[:limit]:
            holders = self.editions[position]
            out.append(
                SearchResult(
                    self.ids[position],
                    self.edition_ids[shown],
                    self.doc_langs[position],
                    round(-negative, 3),
                    self.texts[position],
                    also_in=tuple(self.edition_ids[n] for n in holders if n != shown),
                    kind=self.kinds[position],
                )
            )
        return out

    def _subject(self, query: str) -> tuple[list[str], bool] | None:
        """For a query that asks what something is: the words of that thing, and whether it
        is a person ("who is ...")."""
        text = query.replace("’", "'")
        asked = _SUBJECT_RE.search(text)
        person = False
        if asked is not None:
            # "who is the planar controller in grand melee": the planar controller, in the
            # case the rest names
            found = next(group for group in asked.groups() if group)
            text = _SUBJECT_END_RE.compiled.split(found, maxsplit=1)[0]
            person = asked.group(0).lower().startswith(("who", "qui", "hvem"))
        elif not _DEFINITION_RE.search(text):
            return None
        subject = [
            word
            for word in words(text)
            if not self._is_stopword(word) and word not in DEFINITION_WORDS and len(word) > 1
        ]
        if not 0 < len(subject) <= 3:
            return None
        return subject, person

    def _defined_subject(self, subject: list[str], person: bool) -> re.Pattern[str]:
        """A pattern for a text that says what ``subject`` is: the subject followed by "is",
        "are", "means"."""
        subject = list(subject)
        known = set(self.surface)
        for number, word in enumerate(subject):
            if word not in known and not word.isdigit():
                subject[number] = self._typo_word(word) or word
        # the words as the question gave them, perhaps with a short word between ("capacité
        # de transplanage")
        said = r"(?:\W+\w{1,3})?\W+".join(re.escape(word) for word in subject)
        # "<the thing> is ...", and for a person also "... is a <the thing>" ("Each of them
        # is a planar controller.")
        named = (
            rf"|\b(?:is|are|est|sont|er)\s+"
            rf"(?:a|an|the|un|une|le|la|en|et)\s+{said}\b"
            if person
            else ""
        )
        # ... or that names it: 'known as the "planeswalking ability"', "Cela s'appelle la
        # « capacité de transplanage »"
        called = (
            rf"|\b(?:known\s+as|called|s'appelle|appelée?s?|kaldes|kaldet)\s+"
            rf"(?:(?:a|an|the|un|une|le|la|l'|en|et)\s*)?[\"“«'‘]?\s*{said}\b"
        )
        return re.compile(
            # "A planar die is ...", "A player's range of influence is ...", "Each turn
            # marker represents ..."
            rf"(?:^|[.:]\s|\b(?:a|an|the|to|each|un|une|le|la|en|et)\s|\w+['’]s\s){said}s?"
            rf"\s+(?:is|are|means|represents?|est|sont|er)\b{named}{called}",
            re.IGNORECASE,
        )

    def _edition_ranks(self) -> list[int]:
        """Per edition (by position in ``edition_ids``), its place: the current edition
        first, then English Comprehensive Rules editions newest first, then the others."""

        def place(number: int) -> tuple[int, int, str]:
            info = self.infos.get(self.edition_ids[number])
            if info is None:
                return (2, 1, "")
            newest = "".join(chr(0x10FFFF - ord(ch)) for ch in _date(info))
            return (0 if info.current else 1, 0 if info.kind == ENGLISH_CR else 1, newest)

        order = sorted(range(len(self.edition_ids)), key=place)
        rank = [0] * len(order)
        for place_number, number in enumerate(order):
            rank[number] = place_number
        return rank

    def _asks_for_term(self, position: int, groups: list[dict[str, float]]) -> bool:
        """True when the query is the glossary term ("what are chaos abilities", "define
        planeswalk", "phenominon"): its content words are the term's words."""
        heads = self.heads[position]
        title = self.tokens[position].split(" ")[:heads]
        if not title:
            return False
        # "what is a phenomenon card": the card is the term
        groups = [
            group for group in groups if not (_CARD_TERMS.intersection(group) and len(groups) > 1)
        ] or groups
        if len(title) != len(groups):
            return False
        return all(any(term in group for group in groups) for term in title)

    def _names_term(self, position: int, subject: list[set[str]]) -> bool:
        """True when what a question asks about is the glossary term, perhaps with one more
        word ("what a phenomenon card is" asks about the term "Phenomenon")."""
        heads = self.heads[position]
        title = self.tokens[position].split(" ")[:heads]
        if not title or not heads <= len(subject) <= heads + 1:
            return False
        return all(any(term in terms for terms in subject) for term in title)

    def _quantity_words(self) -> dict[str, list[str]]:
        """Per language, the words that state a quantity: numbers from two, spelt or as
        digits, folded ("one" and "a" say too little)."""
        out: dict[str, list[str]] = {}
        for lang in self.langs:
            spelt = _NUMBERS.get(lang, "").split()[2:]
            out[lang] = [fold(word) for word in spelt] + [str(n) for n in range(2, 100)]
        return out

    def _names_heading(self, position: int, groups: list[dict[str, float]]) -> bool:
        """True when the query is the title a heading gives ("single planar deck option" is
        901.15 "Single Planar Deck Option"): the heading is what it asks about."""
        if not _is_heading(self.texts[position]):
            return False
        title = self.tokens[position].split(" ")
        if len(title) != len(groups):
            return False
        return all(any(term in group for group in groups) for term in title)

    def other_languages(self, query: str) -> frozenset[str]:
        """The languages in scope that are evidently not the query's.

        The query's language is the one whose texts hold the most of its words (stopwords
        included: "how many ... can my ... have" is English even though "have" is a Danish
        word too), English on a tie; the other languages are down-weighted, not dropped.
        """
        if len(self.vocabulary) < 2:
            return frozenset()
        tokens = {
            fold(token)
            for token in words(query)
            if not token.isdigit() and not _RULE_NUMBER_RE.match(token)
        }
        if not tokens:
            return frozenset()
        cover = {
            lang: sum(1 for token in tokens if token in self._vocabulary(lang))
            for lang in self.vocabulary
        }
        best = max(cover.values())
        leaders = {lang for lang, count in cover.items() if count == best}
        if len(leaders) > 1 and "en" in leaders:
            # A word every language has ("deck", "planeswalk") decides nothing; the rules
            # are English first (the other texts are a translation and guides).
            leaders = {"en"}
        return frozenset(lang for lang in cover if lang not in leaders)

    def _untitled(
        self, surfaced: list[tuple[str, dict[str, float]]]
    ) -> list[tuple[str, dict[str, float]]]:
        """The query's words with the variant's name ("Planechase", "Planar Magic", the title
        of 901 in the editions searched) at TITLE_WEIGHT: every text is about it, so it
        says what a question is about, not which rule answers it."""
        if len(surfaced) < 2:
            return surfaced
        titles = {
            tuple(self.tokens[position].split(" "))
            for position, rule_id in enumerate(self.ids)
            if rule_id == VARIANT_SECTION and self.kinds[position] == "rule"
        }
        named: set[int] = set()
        for title in titles:
            size = len(title)
            for start in range(len(surfaced) - size + 1):
                if all(title[k] in surfaced[start + k][1] for k in range(size)):
                    named.update(range(start, start + size))
        if not named or len(named) == len(surfaced):
            return surfaced
        return [
            (word, {t: w * TITLE_WEIGHT for t, w in group.items()} if n in named else group)
            for n, (word, group) in enumerate(surfaced)
        ]

    @staticmethod
    def _window_mass(placed: list[tuple[int, int]], mass: list[float]) -> float:
        """The most of the query's rarity-weighted words (``placed``: where each word of the
        query stands in a text) found within WINDOW words."""
        placed = [(place, number) for place, number in placed if mass[number]]
        best = 0.0
        start = 0
        for end in range(len(placed)):
            while placed[end][0] - placed[start][0] >= WINDOW:
                start += 1
            inside = {number for _, number in placed[start : end + 1]}
            best = max(best, sum(mass[number] for number in inside))
        return best

    @staticmethod
    def _lonely(placed: list[tuple[int, int]], owners: dict[str, tuple[int, ...]]) -> set[str]:
        """In a long question, the terms a text holds only far from any other of the
        question's words: "normal" in "the normal game materials" is not what "a normal plane
        card" asks about. ``placed``: where each query word (by number) stands in the text;
        terms only a subrule's parent holds are not counted lonely."""
        present = {number for _, number in placed}
        if len(present) < 2:
            return set()
        close: set[int] = set()
        for (a, first), (b, second) in itertools.pairwise(placed):
            if first != second and b - a <= LONELY_WINDOW:
                close.add(first)
                close.add(second)
        # (two neighbours of different words are enough: each is near another word)
        return {
            term
            for term, numbers in owners.items()
            if numbers[0] in present and numbers[0] not in close
        }

    def _near(
        self,
        where: _Positions,
        lang: str,
        left: dict[str, float],
        right: dict[str, float],
    ) -> float:
        """IDF-weighted bonus when two consecutive query words are close in the text."""
        best = 0.0
        for a, wa in left.items():
            first = where.get(a)
            if not first:
                continue
            for b, wb in right.items():
                second = where.get(b)
                if not second or a == b:
                    continue
                if any(0 < abs(j - i) <= PROXIMITY_WINDOW for i in first for j in second):
                    best = max(best, wa * wb * min(self.idf(a, lang), self.idf(b, lang)))
        return best


_NOWHERE: list[int] = []


class _Positions:
    """Where each term stands in a document's words, found when first asked for."""

    __slots__ = ("found", "tokens")

    def __init__(self, tokens: list[str]) -> None:
        self.tokens = tokens
        self.found: dict[str, list[int]] = {}

    def get(self, term: str) -> list[int]:
        found = self.found
        if not found:
            # one pass over the words for every term: a query asks for several
            for place, token in enumerate(self.tokens):
                at = found.get(token)
                if at is None:
                    found[token] = [place]
                else:
                    at.append(place)
            found[""] = found.get("", [])  # marks the map as made, even for no words
        return found.get(term, _NOWHERE)


_DICT_FIELDS = frozenset(
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
    }
)


def _numbers(found: list[int] | bytes) -> Sequence[int]:
    """A posting list as built (a list) or as cached (bytes of unsigned 32-bit integers)."""
    return memoryview(found).cast("I") if isinstance(found, bytes) else found


def _jaccard(one: frozenset[str], other: frozenset[str]) -> float:
    union = len(one | other)
    return len(one & other) / union if union else 0.0


def _date(info: EditionInfo | None) -> str:
    return (info.effective if info is not None else None) or ""


def normalise_token(token: str) -> str:
    return token.strip(".,;:()[]\"'").lower()


def osa_distance(a: str, b: str, limit: int) -> int:
    """Optimal string alignment distance (edits and adjacent swaps), stopping past ``limit``."""
    if a == b:
        return 0
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        row_min = i
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                value = min(value, previous2[j - 2] + 1)
            current[j] = value
            row_min = min(row_min, value)
        if row_min > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1]


def _indel_similarity(a: str, b: str) -> float:
    """Share of letters in common, in order (as rapidfuzz's ``fuzz.ratio``, 0–1)."""
    if not a and not b:
        return 1.0
    rows = [0] * (len(b) + 1)
    for ch in a:
        diagonal = 0
        for j, other in enumerate(b, 1):
            above = rows[j]
            rows[j] = diagonal + 1 if ch == other else max(rows[j], rows[j - 1])
            diagonal = above
    return 2.0 * rows[-1] / (len(a) + len(b))


# --------------------------------------------------------------------------- scope


def search_scope(
    infos: Sequence[EditionInfo], edition: str | None, lang: str | None
) -> list[EditionInfo]:
    """Which editions a search covers (see cli-contract: ``--edition`` and ``--lang``)."""
    from planarcli.rulebook.corpus import resolve_edition

    if edition is None:
        chosen = list(infos) if lang else [resolve_edition("current", list(infos))]
    elif edition.strip().lower() == "all":
        chosen = list(infos)
    else:
        # an id, or a date: the edition in force that day, as `rules show` reads it
        chosen = [resolve_edition(edition, list(infos), by_date=True)]
    if lang:
        narrowed = [info for info in chosen if info.lang == lang]
        if not narrowed:
            langs = sorted({info.lang for info in infos})
            what = (
                f"edition {chosen[0].id} is in {chosen[0].lang!r}"
                if len(chosen) == 1
                else (f"no edition is in {lang!r}")
            )
            raise UsageError(
                f"{what}, not {lang!r}; languages available: {', '.join(langs)}",
                hint="drop --edition to search every edition in that language",
            )
        chosen = narrowed
    return chosen


#: a query is read up to this many words: the rest of a pasted page would cost seconds
#: (each unknown word is corrected against the corpus) and says nothing more
QUERY_WORDS = 64
_CONTROL_RE = lazy(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")


def check_query(query: str, limit: int) -> None:
    if not query.strip():
        raise UsageError("the search query is empty", hint="for example: planar die cost")
    if not query.isprintable() and _CONTROL_RE.search(query):
        raise UsageError(
            "the search query holds control characters, so it is not text (binary data?)",
            hint="search for words, for example: planar die cost",
        )
    if limit < 1:
        raise UsageError("--limit must be at least 1")


def trim_query(query: str) -> tuple[str, bool]:
    """``query`` up to its QUERY_WORDS-th word, and whether anything was left out."""
    for count, match in enumerate(_TOKEN_RE.finditer(query), 1):
        if count > QUERY_WORDS:
            return query[: match.start()].rstrip(), True
    return query, False


def search(
    query: str, editions: Sequence[Edition], lang: str | None = None, limit: int = 10
) -> list[SearchResult]:
    """The ``limit`` best rules for ``query`` across ``editions``, best first (no cache)."""
    check_query(query, limit)
    query, _ = trim_query(query)
    scope = [e for e in editions if lang is None or e.info.lang == lang]
    return SearchIndex(scope).search(query, limit)
