"""Which edition is current, and which edition a name, a date or a year means.

The current edition is the newest English Comprehensive Rules edition (bundled or imported)
whose effective date is not after today. (A newer official file is the better answer to
"what are the rules now?"; one imported ahead of its date is not in effect yet.) The
catalogue (:mod:`planarcli.rulebook.catalogue`) marks it with this rule; a name given on the
command line (``current``, an id, a date) is read into an edition of a list by
:func:`resolve_edition`.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence

from planarcli.errors import UsageError, echoed
from planarcli.rulebook.corpus import EditionInfo
from planarcli.rulebook.ruleids import plain_query


def choose_current(
    english: Sequence[tuple[str, str | None]], manifest_current: str | None, today: str | None
) -> str | None:
    """Which English Comprehensive Rules edition is current, from (id, effective) pairs.

    The newest one in effect ``today`` (an ISO date; the local date by default): an edition
    dated after today, imported ahead of time, is not current yet. With no dated edition in
    effect, the manifest's ``current``; failing that, the oldest one.
    """
    if today is None:
        import time  # built in, unlike datetime: nothing to load on the start-up path

        today = time.strftime("%Y-%m-%d")
    in_effect = [(effective, edition_id) for edition_id, effective in english if effective]
    now = [item for item in in_effect if item[0] <= today]
    if now:
        return max(now)[1]
    if manifest_current is not None:
        return manifest_current
    return min(in_effect)[1] if in_effect else None


def available_ids(editions: list[EditionInfo]) -> str:
    return ", ".join(info.id for info in editions)


def resolve_edition(
    name: str, editions: list[EditionInfo], *, by_date: bool = False
) -> EditionInfo:
    """The edition called ``name``: ``current``, an id (case-insensitive), or (``by_date``) a
    date or a bare year (:func:`year_edition`: the newest edition of that year, said on
    stderr).

    With ``by_date``, a date that is no edition's id means the rules in force that day, as
    ``validate --rules DATE`` reads it: the newest English Comprehensive Rules edition
    available whose effective date is not after it. Which one was taken is said on stderr,
    since an edition planarcli does not have may have come out in between. A date before the
    first Planechase rules, or no valid date, is an error listing the ids that exist.
    """
    wanted = plain_query(name).strip().lower()  # a pasted "２０２６-01-16\u200b" too
    if wanted == "current":
        return next(info for info in editions if info.current)
    for info in editions:
        if info.id.lower() == wanted:
            return info
    if by_date and re.fullmatch(r"\d{4}", wanted):
        taken, note = year_edition(wanted, editions)
        print(note, file=sys.stderr)
        return taken
    if wanted == "all":  # `rules search --edition all`, given to a command that reads one
        raise UsageError(
            "'all' (every edition at once) is for `rules search --edition all`; this command "
            f"reads one edition; available editions: {available_ids(editions)}",
            hint="use `current`, one of the ids above, or a date (the rules in force that day)",
        )
    if by_date and re.fullmatch(r"\d{4}-\d{2}-\d{2}", wanted) and day_number(wanted) is None:
        raise UsageError(  # "2012-13-01": no day to find the rules in force on
            f"no rules edition with id {name}, and {wanted} is not a date (YYYY-MM-DD); "
            f"available editions: {available_ids(editions)}",
            hint="give a real day, such as 2012-06-01 (the rules in force that day), or one of "
            "the ids above",
        )
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", wanted):
        in_force = in_force_on(wanted, editions) if by_date else None
        if in_force is not None:
            print(
                f"planarcli: note: {wanted} is no edition's date; using {in_force.id}, the "
                "newest edition available that was in effect that day",
                file=sys.stderr,
            )
            return in_force
        message = f"no rules edition with id {name}; available editions: {available_ids(editions)}"
        hint = "import the official rules file of that date with `planarcli rules import`"
        if by_date and day_number(wanted) is not None:
            first = min(
                (i.effective for i in editions if i.is_english_cr and i.effective), default=None
            )
            message = f"no Planechase rules were in effect on {wanted}" + (
                f"; the first edition available is {first}" if first else ""
            )
            hint = "the Planechase rules (section 901) first appeared on 2009-09-04"
    else:
        message = (
            f"unknown rules edition {echoed(name)}; available editions: {available_ids(editions)}"
        )
        hint = "use `current`, one of the ids above, or see `planarcli rules editions`"
        spelt = re.fullmatch(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})", wanted)
        if by_date and spelt is not None:
            # "2012/06/01", "2012-6-1": a date, written another way
            year, month, day = spelt.groups()
            hint = f"write the date as {year}-{int(month):02d}-{int(day):02d}"
        elif by_date:
            hint = (
                "use `current`, one of the ids above, or a date as YYYY-MM-DD (the rules in "
                "force that day); see `planarcli rules editions`"
            )
    raise UsageError(message, hint=hint)


def year_edition(
    year: str, editions: list[EditionInfo], asked: str = ""
) -> tuple[EditionInfo, str]:
    """The edition a bare year means, and the note that says which it is: the newest English
    Comprehensive Rules edition of that year, or, where the year has none, the newest before
    it. ``asked`` names the option in the note ("--rules 2012: ..."). A year before the
    first Planechase rules is a usage error."""
    dated = sorted(
        (info.effective, info.id, info)
        for info in editions
        if info.is_english_cr and info.effective
    )
    of_year = [item for item in dated if item[0][:4] == year]
    before = [item for item in dated if item[0][:4] < year]
    where = f"{asked} {year}" if asked else year
    if of_year:
        taken = of_year[-1][2]
        return taken, (
            f"planarcli: note: {where}: read as {taken.id}, the newest edition of {year}"
        )
    if before:
        taken = before[-1][2]
        return taken, (
            f"planarcli: note: {where}: no edition is of {year}; read as {taken.id}, the "
            f"newest edition before it"
        )
    first = dated[0][0] if dated else None
    raise UsageError(
        f"no Planechase rules were in effect in {year}"
        + (f"; the first edition available is {first}" if first else ""),
        hint="the Planechase rules (section 901) first appeared on 2009-09-04",
    )


def in_force_on(day: str, editions: list[EditionInfo]) -> EditionInfo | None:
    """The newest English Comprehensive Rules edition in effect on ``day`` (an ISO date)."""
    if day_number(day) is None:
        return None
    dated = [
        (info.effective, info.id, info)
        for info in editions
        if info.is_english_cr and info.effective and info.effective <= day
    ]
    return max(dated)[2] if dated else None


def day_number(effective: str | None) -> int | None:
    """Days since 0001-01-01 of an ISO date, or None when there is no (valid) date."""
    if not effective:
        return None
    import datetime

    try:
        return datetime.date.fromisoformat(effective[:10]).toordinal()
    except ValueError:
        return None
