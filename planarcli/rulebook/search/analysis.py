"""Analysis: how a text becomes index terms (tokens, folding, stemming) and the tables that
widen a query word (stopwords, numbers, irregular forms, synonyms), plus the edit distance
typo correction uses.

Words are stemmed with the Snowball stemmers of PyStemmer (English, French, Danish).
"""

from __future__ import annotations

import re
from typing import Any

from planarcli.rulebook.ruleids import fold_accents

TOKEN_RE = re.compile(r"\d{3}\.\d+[a-z]?|[^\W_]+", re.UNICODE)
RULE_NUMBER_RE = re.compile(r"^\d{3}(?:\.\d+[a-z]?)?$")


def wordset(text: str) -> frozenset[str]:
    return frozenset(text.split())


STOPWORDS: dict[str, frozenset[str]] = {
    "en": wordset(
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
    "fr": wordset(
        "au aux avec ce ces cet cette dans de des du elle en est et il ils je la le les leur"
        " leurs lui ma mais me mes mon ne nous on ou où par pas pour qu que qui sa se ses son"
        " sur ta te tes ton tu un une vos votre vous y à d l c s n j m quoi quel quelle quels"
        " comment combien est-ce passe quand si peut peux puis dois doit sont ont ai as avez"
        " être avoir ça cela faut exactement vraiment alors donc toujours"
    ),
    "da": wordset(
        "af at de dem den denne der deres det dette din dit du eller en end er et for fra har"
        " hun hvad hvis hvor hvordan hvem i jeg kan med men mig min mit ned nu når og om op på"
        " sig sin sine sit skal som til ud under var vi vil sker hvornår hvorfor hvilken"
        " hvilke mine være bliver må egentlig præcis altså altid mange meget"
    ),
}

#: Words that ask for a definition ("define planeswalk", "meaning of planar controller"):
#: not content, and they make a glossary entry whose term is the rest of the query the answer.
DEFINITION_WORDS = wordset(
    "define definition defined meaning mean means meant explain explained term word"
    " signifie signification définition définir betyder betydning definition"
)

#: numbers as the texts spell them, 0 to 20 and the tens: "40 cards" is "forty cards",
#: "ten" is also "10"
NUMBERS = {
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


def number_value(token: str, lang: str) -> int | None:
    """The number a digit string or a number word of ``lang`` stands for, or None."""
    if token.isascii() and token.isdigit():
        # No number word spells a longer one, and int() refuses 4,301 digits and more.
        return int(token) if len(token) <= MAX_NUMBER_DIGITS else None
    spelt = NUMBERS.get(lang, "").split()
    if token in spelt:
        place = spelt.index(token)
        return place if place <= 20 else (place - 18) * 10
    return None


def number_words(value: int, lang: str) -> list[str]:
    """``value`` as digits and as ``lang`` spells it (when it is in the table)."""
    spelt = NUMBERS.get(lang, "").split()
    out = [str(value)]
    if not spelt:
        return out
    if 0 <= value <= 20:
        out.append(spelt[value])
    elif value % 10 == 0 and 30 <= value <= 90:
        out.append(spelt[value // 10 + 18])
    return out


#: irregular English forms, folded before stemming
IRREGULAR = {
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
    # timing slang: "sorcery speed" is when the active player has priority in a main phase
    # with the stack empty (116.2i, 901.9), "instant speed" any time one has priority
    "speed": ("priority", "main", "phase"),
    "timing": ("priority", "phase"),
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
    "proprio": ("propriétaire",),
    "proprios": ("propriétaire",),
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
    "bunke": ("dæk",),
    "bunken": ("dæk",),
}


_FOLDED_SYNONYMS: dict[str, tuple[str, ...]] = {}


def folded_synonyms() -> dict[str, tuple[str, ...]]:
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
        word = IRREGULAR.get(word, word)
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


def fold_words(words: list[str]) -> list[str]:
    """:func:`fold` of each of ``words`` (memoised as it is), the words not yet folded
    folded as one text: case folding and NFKD read letter by letter (a line break, which
    no word holds, stops NFKD's reordering of marks), so each word folds as it does alone;
    and the marks dropped are found among the text's distinct letters, not letter by letter
    (a typo's candidates fold the whole vocabulary's accented words at once)."""
    import unicodedata

    cache = _FOLD_CACHE
    new = [word for word in dict.fromkeys(words) if word not in cache]
    if new:
        text = unicodedata.normalize("NFKD", "\n".join(new).casefold())
        marks = {ord(ch): None for ch in set(text) if unicodedata.combining(ch)}
        cache.update(zip(new, text.translate(marks).split("\n"), strict=True))
    return list(map(cache.__getitem__, words))


def stem(word: str, lang: str) -> str:
    """The index term for ``word`` in ``lang`` (rule numbers are kept as they are)."""
    key = (lang, word)
    term = _STEM_CACHE.get(key)
    if term is None:
        term = word if RULE_NUMBER_RE.match(word) else _snowball(word, lang)
        _STEM_CACHE[key] = term
    return term


def words(text: str) -> list[str]:
    """Lower-cased word and rule-number tokens; elisions split ("d'un" → "un")."""
    out: list[str] = []
    for token in TOKEN_RE.findall(text.casefold().replace("’", "'")):
        if "'" in token:
            out.extend(split_elision(token))
        else:
            out.append(token)
    return out


def split_elision(token: str) -> list[str]:
    return [part for part in token.split("'") if len(part) > 1]


def content_words(text: str, lang: str) -> list[str]:
    """``words`` without stopwords and single letters."""
    stop = STOPWORDS.get(lang, frozenset())
    return [w for w in words(text) if w not in stop and (len(w) > 1 or w.isdigit())]


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


def indel_similarity(a: str, b: str) -> float:
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


#: French and Danish words players type -> the English rules' words: a question in French or
#: Danish about today's rules also reaches the English rules (applied to queries only, and
#: only with English texts in scope). Keys are folded (no accents).
TRANSLATIONS: dict[str, tuple[str, ...]] = {
    # French
    "plan": ("plane",),
    "plans": ("plane",),
    "planaire": ("planar",),
    "planaires": ("planar",),
    "lancer": ("roll",),
    "lance": ("roll",),
    "lancez": ("roll",),
    "lances": ("roll",),
    "phenomene": ("phenomenon",),
    "phenomenes": ("phenomenon",),
    "transplaner": ("planeswalk",),
    "transplane": ("planeswalk",),
    "transplanes": ("planeswalk",),
    "transplanage": ("planeswalking",),
    "symbole": ("symbol",),
    "capacite": ("ability",),
    "capacites": ("ability",),
    "declenche": ("trigger",),
    "declencher": ("trigger",),
    "declenchee": ("triggered",),
    "pile": ("stack",),
    "controle": ("control",),
    "controleur": ("controller",),
    "proprietaire": ("owner",),
    "proprio": ("owner",),
    "bibliotheque": ("library",),
    "commandement": ("command",),
    "carte": ("card",),
    "cartes": ("card",),
    "cout": ("cost",),
    "joueur": ("player",),
    "joueurs": ("player",),
    "equipe": ("team",),
    "coequipier": ("teammate",),
    "partie": ("game",),
    "quitte": ("leave",),
    "quitter": ("leave",),
    "tour": ("turn",),
    "visible": ("face", "up"),
    "rencontrer": ("encounter",),
    "rencontre": ("encounter",),
    "sous-type": ("subtype",),
    "soustype": ("subtype",),
    "sort": ("spell",),
    "etat": ("state",),
    "melange": ("shuffle",),
    "melanger": ("shuffle",),
    "couper": ("cut",),
    "vierge": ("blank",),
    "seul": ("single",),
    "unique": ("single",),
    "commun": ("single",),
    "dessous": ("bottom",),
    "dessus": ("top",),
    "horodatage": ("timestamp",),
    "supplementaire": ("supplementary",),
    "effet": ("effect",),
    "effets": ("effect",),
    "source": ("source",),
    "chaos": ("chaos",),
    "signification": ("meaning",),
    "deux": ("two", "both"),
    "ancien": ("previous",),
    "adversaire": ("opponent",),
    "equipier": ("teammate",),
    # players' French beside the 2010 text's words (issue 24 item 4, round 2): what the French
    # text lacks (phenomena, new objects, countering) is only in today's English rules
    "limite": ("more", "than"),
    "contrecarrer": ("counter",),
    "contrecarre": ("counter",),
    "objet": ("object",),
    "nouvel": ("new",),
    "nouveau": ("new",),
    "cachee": ("face", "down"),
    "retourne": ("turn",),
    # "tomber sur un phénomène" is to encounter it (the French text says it only of the die)
    "tombe": ("encounter",),
    "tomber": ("encounter",),
    "reste": ("remain",),
    "rester": ("remain",),
    "restent": ("remain",),
    "detruire": ("destroy",),
    "principale": ("main",),
    # "sous-type" is read as two words: its first says it
    "sous": ("subtype",),
    # the variants' French names: "Bagarre générale" is Grand Melee, "Géant à deux têtes"
    # Two-Headed Giant (the 2010 French rules' words)
    "bagarre": ("grand", "melee"),
    "geant": ("giant",),
    "geants": ("giant",),
    "tete": ("headed",),
    "tetes": ("headed",),
    # Danish
    # the variants' Danish names: "to-hovedet kæmpe" is Two-Headed Giant
    "kæmpe": ("giant",),
    "kaempe": ("giant",),
    "kampe": ("giant",),
    "hovedet": ("headed",),
    "tohovedet": ("two", "headed"),
    "fly": ("plane",),
    "flyet": ("plane",),
    "flykort": ("plane", "card"),
    "flykortet": ("plane", "card"),
    "flykortene": ("plane", "card"),
    "planet": ("plane",),
    "terning": ("die",),
    "terningen": ("die",),
    "kaste": ("roll",),
    "slaa": ("roll",),
    "sla": ("roll",),
    "fænomen": ("phenomenon",),
    "faenomen": ("phenomenon",),
    "fanomen": ("phenomenon",),
    "faenomener": ("phenomenon",),
    "fanomener": ("phenomenon",),
    "kaos": ("chaos",),
    "planeswalke": ("planeswalk",),
    "symbolet": ("symbol",),
    "evne": ("ability",),
    "evnen": ("ability",),
    "evner": ("ability",),
    "udloses": ("trigger",),
    "udloser": ("trigger",),
    "stakken": ("stack",),
    "kontrollerer": ("control",),
    "kontrollant": ("controller",),
    "ejer": ("owner",),
    "ejeren": ("owner",),
    "bibliotek": ("library",),
    "kommandozonen": ("command", "zone"),
    "kortet": ("card",),
    "dæk": ("deck",),
    "daek": ("deck",),
    "koster": ("cost",),
    "spiller": ("player",),
    "spilleren": ("player",),
    "spillerne": ("player",),
    "holdet": ("team",),
    "holdkammerat": ("teammate",),
    "spillet": ("game",),
    "forlader": ("leave",),
    "opad": ("face", "up"),
    "nedad": ("face", "down"),
    "undertype": ("subtype",),
    "faelles": ("single",),
    "fælles": ("single",),
    "enkelt": ("single",),
    "mindst": ("least",),
    "kilde": ("source",),
    "reagere": ("respond",),
    "effekter": ("effect",),
    "varer": ("until",),
    "betydning": ("meaning",),
    "begge": ("both",),
    "billedsiden": ("face",),
    "modstander": ("opponent",),
    # players' Danish beside the guide's words (issue 24 item 4, round 2; not "møder", to
    # meet, whose stem folds to the French "mode", nor "ens", alike, the French "en")
    "bunke": ("deck",),
    "bunken": ("deck",),
    "fase": ("phase",),
    "fasen": ("phase",),
    "hovedfase": ("main", "phase"),
    "hovedfasen": ("main", "phase"),
    "kamp": ("combat",),
    "kampfase": ("combat", "phase"),
    "kampfasen": ("combat", "phase"),
    "objekt": ("object",),
    "nyt": ("new",),
    "vendes": ("turn",),
    "vendt": ("turn",),
    "tom": ("blank",),
    "tomme": ("blank",),
    "ødelægge": ("destroy",),
    "odelaegge": ("destroy",),
    "ligger": ("remain",),
    "forsvinder": ("planeswalk",),
}
