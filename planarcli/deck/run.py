"""One ``planarcli validate`` run: :func:`run_validate`.

The command fills a :class:`ValidateRequest` (what the command line and a configuration
file asked), and gets a :class:`ValidateRun` for its renderers, or a
:class:`~planarcli.errors.UsageError` naming where a bad value came from (an option, or a
key of the configuration file). The run is the pipeline (:mod:`planarcli.deck.validate`) or
``--fix`` (:mod:`planarcli.deck.fix`, built on the pipeline), so it sits above both. The
notes said before the run (an edition in the future, a date read as the edition in force, an
imported edition worded otherwise) go through the ``say`` the command passes, so that they
come out before anything loading the catalog says. Nothing here imports click.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from planarcli.deck.checks import DeckOptions, resolve_deck_rules
from planarcli.deck.findings import FileResult
from planarcli.deck.validate import exit_code, validate_inputs
from planarcli.errors import UsageError, printable
from planarcli.records import record

if TYPE_CHECKING:
    from planarcli.cards.model import CatalogSource
    from planarcli.deck.scan import Excludes


@record
class ValidateRequest:
    """What ``planarcli validate`` is asked, its options filled from the configuration file
    where the command line left them out."""

    paths: tuple[str, ...]
    output_format: str
    edition: str
    communal: bool | None  # None: neither the command line nor the file said (--players implies it)
    players: int | None
    variant: str | None
    input_format: str | None
    exclude: tuple[str, ...]
    force_exclude: bool
    no_planar_deck: str
    config_path: str | None  # the configuration file read (None: none)
    from_config: frozenset[str]  # the options it gave
    verbose: bool = False
    quiet: bool = False
    fix: bool = False  # --fix (or --diff)
    diff: bool = False  # --diff: show what --fix would write, write nothing


@record
class ValidateRun:
    """What a run found: the results in command-line order, the exit code they give, and
    what the renderers say of the run (the edition applied, the card data, the file)."""

    request: ValidateRequest
    results: list[FileResult]
    verdict: int
    edition_id: str  # the edition whose deck rules were applied
    players: int | None  # the players of a communal deck (None: not communal)
    source: CatalogSource  # where the card data came from
    cards: int  # how many cards it holds
    config_shown: str | None  # the configuration file, as the user best recognises it
    fixes: tuple[str, ...]  # what --fix did (or --diff would do), one line each
    notes: tuple[str, ...]  # after the fixes, on stderr: unused exclusions, unreadable files

    @property
    def mode(self) -> dict[str, object]:
        return {
            "rules": self.edition_id,
            "communal": self.players is not None,
            "players": self.players,
            "variant": self.request.variant,
        }

    @property
    def card_data(self) -> dict[str, object]:
        return {
            "source": self.source.kind,
            "path": self.source.location,
            "cards": self.cards,
            "created": self.source.created,
        }

    @property
    def diff_text(self) -> str:
        """The unified diff of every file --fix would change (empty: none)."""
        return "".join(str(result.extra.get("diff", "")) for result in self.results)


def run_validate(request: ValidateRequest, say: Callable[[str], None]) -> ValidateRun:
    """Judge (or fix) every file ``request`` names; ``say`` prints a note on stderr."""
    from planarcli.cards.store import load_catalog
    from planarcli.deck.readers import FORMATS

    if not request.paths:
        raise UsageError("no decklist given: name files, directories, or - for standard input")
    edition_id, players = checked_mode(request)
    if request.communal is None and players is not None:
        say(_implied_communal_note(request, players))
    input_format = request.input_format
    if input_format is not None and input_format not in FORMATS:
        raise UsageError(
            f"--input-format {input_format!r}: choose from {', '.join(sorted(FORMATS))}"
        )
    for note in edition_notes(request.edition.strip(), edition_id, players is not None):
        say(note)
    options = DeckOptions(
        edition=request.edition, communal_players=players, variant=request.variant
    )
    excludes = _excludes(request)
    catalog = load_catalog()
    paths = list(request.paths)
    fixes: list[str] = []
    if request.fix:
        from planarcli.deck.fix import describe_fixes, fix_inputs

        if request.diff and request.output_format in ("github", "sarif"):
            raise UsageError(
                f"--diff prints a diff: use --format text or json, not {request.output_format}"
            )
        results, outcomes = fix_inputs(
            paths,
            catalog,
            options,
            input_format=input_format,
            write=not request.diff,
            exclude=excludes,
            no_planar_deck=request.no_planar_deck,
        )
        fixes = describe_fixes(outcomes, written=not request.diff)
    else:
        results = validate_inputs(
            paths,
            catalog,
            options,
            input_format=input_format,
            exclude=excludes,
            no_planar_deck=request.no_planar_deck,
        )
    return ValidateRun(
        request=request,
        results=results,
        verdict=exit_code(results),
        edition_id=edition_id,
        players=players,
        source=catalog.source,
        cards=len(catalog),
        config_shown=_shown(request.config_path),
        fixes=tuple(fixes),
        notes=tuple(_notes_after(request, excludes, results)),
    )


def _shown(config_path: str | None) -> str | None:
    if config_path is None:
        return None
    from planarcli.deck.config import shown_path

    return shown_path(config_path)


def _excludes(request: ValidateRequest) -> Excludes:
    """The run's exclusions: ``--exclude`` patterns are relative to the argument a path was
    found under; a configuration file's are relative to that file's folder."""
    from planarcli.deck.scan import Excludes

    patterns = tuple(request.exclude)
    force = request.force_exclude
    if "exclude" in request.from_config and request.config_path is not None:
        base = os.path.dirname(os.path.abspath(request.config_path))
        return Excludes(configured=patterns, base=base, force=force)
    return Excludes(patterns, force=force)


def _notes_after(
    request: ValidateRequest, excludes: Excludes, results: list[FileResult]
) -> list[str]:
    """The lines said on stderr after the run: with -v, the configured exclusions that left
    nothing out; the first finding of each file that could not be read (or fixed)."""
    notes = []
    if request.verbose and request.config_path is not None:
        from planarcli.deck.config import shown_path

        for pattern in excludes.unmatched():
            notes.append(
                f"planarcli: note: {shown_path(request.config_path)}: exclude pattern "
                f"{pattern!r} matched nothing (configured patterns are relative to the folder "
                "of the configuration file)"
            )
    for result in results:
        if (not result.readable or result.not_fixed) and not result.skipped:
            finding = result.findings[0]
            where = f"{result.path}:{finding.line}" if finding.line else result.path
            notes.append(f"planarcli: error: {printable(f'{where}: {finding.message}')}")
    return notes


# --------------------------------------------------------------------------- the request


def checked_mode(request: ValidateRequest) -> tuple[str, int | None]:
    """The edition applied and the number of players of a communal deck (None: not
    communal), or a UsageError naming where the bad value came from."""
    from planarcli.deck.config import shown_path

    where = ""
    if request.config_path is not None:
        shown = shown_path(request.config_path)
        where = f"{shown}: [tool.planarcli]" if shown.endswith("pyproject.toml") else shown
    from_config = request.from_config
    communal, players = request.communal, request.players
    if communal is None:  # not said either way: a number of players can only mean communal
        communal = players is not None
    if communal and players is None:
        if "communal" in from_config:
            raise UsageError(
                f"{where}: communal = true needs players = N (at least 2) in the file, "
                "or --players N"
            )
        raise UsageError("--communal needs --players N (the number of players, at least 2)")
    if players is not None and not communal:
        if "players" in from_config:
            raise UsageError(f"{where}: players goes with communal = true (or --communal)")
        raise UsageError("--players goes with --communal (the single planar deck option)")
    if players is not None and players < 2:
        if "players" in from_config:
            raise UsageError(
                f"{where}: players = {players}: a communal planar deck needs at least 2 players"
            )
        raise UsageError(f"--players {players}: a communal planar deck needs at least 2 players")
    try:
        edition_id, _ = resolve_deck_rules(request.edition)
    except UsageError as error:
        if "edition" not in from_config:
            raise
        message = error.message.replace("--rules ", f"{where}: rules = ", 1)
        if error.hint:  # one line naming file and key, the editions known included
            message += f" ({error.hint})"
        raise UsageError(message) from None
    return edition_id, players if communal else None


def _implied_communal_note(request: ValidateRequest, players: int) -> str:
    """The note that a number of players without --communal judged the communal deck."""
    if "players" in request.from_config and request.config_path is not None:
        from planarcli.deck.config import shown_path

        said = f"{shown_path(request.config_path)}: players = {players} without communal = true"
    else:
        said = f"--players {players} without --communal"
    return (
        f"planarcli: note: {said}: each file is judged as the single communal planar deck "
        f"for {players} players (the single planar deck option)"
    )


# --------------------------------------------------------------------------- edition notes


def edition_notes(asked: str, edition_id: str, communal: bool) -> Iterator[str]:
    """What to say on stderr of the edition applied, before the run: rules dated after today
    (not in force yet), a date that is no edition's (the edition in force that day), an
    imported edition whose deck rule reads otherwise than planarcli's checks know it."""
    # one after the other: what reading an imported edition says comes after the notes before
    yield from _future(asked)
    yield from _year(asked)
    yield from _in_force(asked, edition_id)
    yield from _unknown_wordings(edition_id, communal)


def _future(edition_id: str) -> list[str]:
    """Rules dated after today are not in force yet: say which rules are applied instead."""
    from planarcli.deck.checks import current_edition, today

    if edition_id[:1].isdigit() and edition_id[:10] > today():
        return [
            f"planarcli: warning: --rules {edition_id} is a date in the future; the newest "
            f"deck rules planarcli knows (those of {current_edition()}) are applied"
        ]
    return []


def _year(asked: str) -> list[str]:
    """A bare year: say which edition of it (or before it) was taken."""
    from planarcli.deck.checks import today

    if (
        len(asked) == 4 and asked.isascii() and asked.isdigit() and asked <= today()[:4]
    ):  # (a future year: warned)
        from planarcli.deck.checks import year_note

        return [year_note(asked)[1]]
    return []


def _in_force(asked: str, edition_id: str) -> list[str]:
    """A date that is no edition's: say which edition was in force that day (it is the one
    the report names). A date in the future has its own warning (:func:`_future`)."""
    from planarcli.deck.checks import today

    dated = asked[:1].isdigit() and len(asked) == 10 and asked <= today()
    if dated and edition_id < asked:  # (an edition of that very date is no note)
        return [
            f"planarcli: note: --rules {asked}: the rules in force that day are those of the "
            f"{edition_id} edition"
        ]
    return []


def _unknown_wordings(edition_id: str, communal: bool) -> list[str]:
    """An imported edition whose deck rule reads in a way planarcli's checks were not
    written from: the limits applied come from planarcli's table, so say which."""
    from planarcli.deck.checks import limits_text, unknown_wordings

    _, rules = resolve_deck_rules(edition_id)
    return [
        f"planarcli: warning: rule {rule_id} of edition {edition_id} (imported) is worded "
        "otherwise than planarcli's deck checks know it; they apply the limits of its "
        f"wording in force since {rules.since} ({limits_text(rules, communal)})"
        for rule_id in unknown_wordings(edition_id, rules, communal)
    ]
