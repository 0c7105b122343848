"""What ``rules search`` says when it finds nothing: :func:`no_results`, the error with a hint
of where a rule number asked for is numbered in that edition, or else of what the command
line did not say.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from planarcli.errors import NotFoundError, echoed
from planarcli.rulebook import corpus
from planarcli.rulebook.catalogue import load_edition
from planarcli.rulebook.ruleids import normalise_rule_id


def no_results(
    text: str, scope: Sequence[corpus.EditionInfo], edition: str | None, lang: str | None
) -> NotFoundError:
    """The error for a search of ``text`` in ``scope`` that found nothing: where a rule
    number asked for is numbered in that edition, or else what else to try."""
    # (the card rulings searched beside the current edition are not an edition)
    editions = [info for info in scope if info.kind != corpus.RULINGS] or list(scope)
    where = editions[0].id if len(editions) == 1 else f"{len(editions)} editions"
    named = re.fullmatch(r"(?:rules?|r[èe]gles?|regel(?:en)?)?\s*(\S+)", text, re.IGNORECASE)
    number = normalise_rule_id(named.group(1)) if named else None
    from planarcli.rulebook.history import renumbered_hint

    renumbered = (
        renumbered_hint(number, load_edition(editions[0]))
        if number is not None and len(editions) == 1
        else None
    )
    return NotFoundError(
        f"no results for {echoed(text)} in {where}",
        hint=renumbered or _search_hint(edition, lang),
    )


def _search_hint(edition: str | None, lang: str | None) -> str:
    """What else to try when a search finds nothing: what the command line did not say."""
    tries = ["other words"]
    if (edition or "").strip().lower() != "all" and not lang:
        tries.append("`--edition all`")
    if not lang:
        tries.append("`--lang fr` / `--lang da`")
    elif lang == "fr":
        tries.append("the English text (without `--lang`): the French text is rule 901 of 2010")
    elif lang == "da":
        tries.append("the English text (without `--lang`): the Danish text is a short guide")
    return "try " + ", ".join(tries[:-1]) + (", or " if len(tries) > 2 else " or ") + tries[-1]
