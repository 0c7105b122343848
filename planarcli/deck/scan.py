"""Which files a ``validate`` run reads: the command line's paths, expanded.

A path is a file, ``-`` (standard input), a directory (searched recursively) or a glob.
Nothing is passed over in silence: every path a directory search leaves out that could have
been a decklist is a *skipped* item with its reason (``validate -v`` lists them), and a
folder or link that cannot be read is an *error* item, which becomes a result with an error
finding (exit 2). Files whose extension is not a decklist extension are not candidates and
are not listed.

``--exclude`` patterns are matched against the path relative to the argument it was found
under, with forward slashes: ``*`` and ``?`` within one path segment, ``**`` across any
number of segments, ``[abc]`` a character class. A pattern without a slash matches a name at
any depth (``drafts`` leaves out every folder or file called drafts); a pattern that matches
a folder leaves out everything below it. Patterns read from a configuration file are matched
against the path relative to the folder of that file instead (as ruff does), whatever path is
validated. Excludes apply to what a directory or glob finds, and to a file named on the
command line only with ``--force-exclude`` (pre-commit and CI name files they picked by a
pattern: such a file is then judged as a search judges what it finds).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable

from planarcli.deck.readers import DECKLIST_SUFFIXES
from planarcli.lazyre import lazy
from planarcli.records import record

_GLOB_CHARS = frozenset("*?[")
#: Folders a directory search never enters (besides hidden ones): tool and package folders.
TOOL_DIRS = frozenset({"node_modules", "__pycache__", "venv", "site-packages"})

#: Files a directory search passes over: text and JSON files every repository has.
_NOT_A_DECK = lazy(
    r"(?i)^(readme|license|licence|copying|notice|authors|contributors|changelog|changes|"
    r"history|todo|requirements[\w.-]*|constraints[\w.-]*|robots|cmakelists|package|"
    r"package-lock|composer|tsconfig[\w.-]*|jsconfig|renovate|tslint|deno|manifest)\.(txt|json)$"
)


@record
class ScanItem:
    """One path a command-line argument yields.

    ``kind`` is "file" (to validate), "skipped" (left out, with ``reason``) or "error"
    (cannot be searched or read: ``reason`` says why, ``code`` is the finding code).
    ``scanned`` is True for files found by a directory search or a glob, False for files
    named on the command line.
    """

    path: str
    kind: str
    reason: str | None = None
    scanned: bool = False
    code: str = "unreadable-file"
    missing: bool = False  # an error item for a path that does not exist
    format: str | None = None  # a skipped file: the reader that would have read it, if one


@record
class Expansion:
    """What one command-line argument gave."""

    argument: str
    items: tuple[ScanItem, ...]
    searched: bool  # a directory or glob: "found no decklist" is then an error


#: Why a symbolic link to a folder is skipped, by a folder search and by a glob alike.
LINKED_FOLDER = "a symbolic link to a folder: links are not followed"


def compile_excludes(patterns: Iterable[str]) -> list[tuple[str, re.Pattern[str]]]:
    """(pattern, regex) pairs for ``--exclude`` patterns (see the module docstring)."""
    return [(pattern, re.compile(glob_to_regex(pattern))) for pattern in patterns if pattern]


class Excludes:
    """The exclusions of one run: ``given`` patterns (``--exclude``) match the path relative
    to the argument it was found under; ``configured`` ones (a configuration file's
    ``exclude``) match the path relative to ``base``, the folder of that file. ``force``:
    they apply to files named on the command line too (``--force-exclude``). Which
    configured patterns left something out is counted, for ``-v``."""

    def __init__(
        self,
        given: Iterable[str] = (),
        configured: Iterable[str] = (),
        base: str | None = None,
        *,
        force: bool = False,
    ) -> None:
        self.given = compile_excludes(given)
        self.configured = compile_excludes(configured) if base is not None else []
        self.base = os.path.abspath(base) if base is not None else None
        self.force = force
        self.hits: set[str] = set()
        self.consulted = False  # whether any path was matched against the configured patterns
        self._base_resolved: str | None = None  # ``base`` with its symbolic links resolved

    def match(self, path: str, relative: str) -> str | None:
        """The first pattern that leaves ``path`` out (``relative``: the path relative to
        the argument, with forward slashes), or None."""
        hit = excluded_by(relative, self.given) if self.given else None
        if hit is None and self.configured:
            assert self.base is not None
            self.consulted = True
            try:
                inside = os.path.relpath(os.path.abspath(path), self.base)
                if inside.startswith(".."):
                    # Reached through a symbolic link to the project (the working directory,
                    # where the file was found, is the real folder): compare real folders.
                    # The file's own name is kept, so a linked file is judged where it sits.
                    folder, name = os.path.split(os.path.abspath(path))
                    real = os.path.join(os.path.realpath(folder), name)
                    inside = os.path.relpath(real, self._real_base())
            except ValueError:  # another drive (Windows)
                return None
            inside = inside.replace(os.sep, "/")
            if inside == "." or inside == "..":
                return None
            patterns = self.configured
            if inside.startswith("../"):
                # Outside the file's folder: only a pattern that climbs out of it too
                # (``../decks/archive/**`` in ci/planarcli.toml) can name the path.
                patterns = [p for p in patterns if p[0].replace("\\", "/").startswith("../")]
            hit = excluded_by(inside, patterns) if patterns else None
            if hit is not None:
                self.hits.add(hit)
        return hit

    def _real_base(self) -> str:
        assert self.base is not None
        if self._base_resolved is None:
            self._base_resolved = os.path.realpath(self.base)
        return self._base_resolved

    def unmatched(self) -> list[str]:
        """The configured patterns that left nothing out in this run (none when no path was
        matched against them: files named without ``--force-exclude``)."""
        if not self.consulted:
            return []
        return [pattern for pattern, _ in self.configured if pattern not in self.hits]


def glob_to_regex(pattern: str) -> str:
    """A regex that matches the relative paths ``pattern`` means (full match)."""
    text = pattern.replace("\\", "/").strip()
    while text.startswith("./"):
        text = text[2:]
    text = text.rstrip("/") or "**"
    if "/" not in text:
        text = "**/" + text  # a bare name matches at any depth
    elif text.startswith("/"):
        text = text.lstrip("/")  # anchored at the argument
    out: list[str] = []
    index = 0
    while index < len(text):
        char = text[index]
        if text.startswith("**/", index):
            out.append("(?:.*/)?")
            index += 3
        elif text.startswith("**", index):
            out.append(".*")
            index += 2
        elif char == "*":
            out.append("[^/]*")
            index += 1
        elif char == "?":
            out.append("[^/]")
            index += 1
        elif char == "[":
            end = text.find("]", index + 2)
            if end == -1:
                out.append(re.escape(char))
                index += 1
                continue
            body = text[index + 1 : end]
            negate = body[:1] in ("!", "^")
            if negate:
                body = body[1:]
            body = body.replace("\\", "\\\\").replace("^", "\\^")
            out.append(f"[^/{body}]" if negate else f"[{body}]")  # as ?, never a "/"
            index = end + 1
        else:
            out.append(re.escape(char))
            index += 1
    return "".join(out)


def excluded_by(relative: str, excludes: list[tuple[str, re.Pattern[str]]]) -> str | None:
    """The first pattern that leaves ``relative`` (a path with forward slashes) out: one
    that matches it, or a folder above it."""
    if not excludes:
        return None
    parts = relative.split("/")
    prefixes = ["/".join(parts[: end + 1]) for end in range(len(parts))]
    for pattern, regex in excludes:
        if any(regex.fullmatch(prefix) for prefix in prefixes):
            return pattern
    return None


def expand_inputs(
    paths: Iterable[str], *, exclude: Iterable[str] | Excludes = ()
) -> list[Expansion]:
    """What each command-line path yields, in order. Nothing raises: a missing path, an
    unreadable folder, a broken link are error items."""
    excludes = exclude if isinstance(exclude, Excludes) else Excludes(exclude)
    return [_expand(path, excludes) for path in paths]


def _expand(path: str, excludes: Excludes) -> Expansion:
    if path == "-":
        return Expansion(path, (ScanItem(path, "file"),), False)
    if os.path.islink(path) and not os.path.exists(path):
        item = ScanItem(path, "error", _broken_link(path))
        return Expansion(path, (item,), False)
    if os.path.isdir(path):
        items: list[ScanItem] = []
        _search_folder(path, "", excludes, items)
        return Expansion(path, tuple(items), True)
    if os.path.exists(path) or _cannot_look(path):
        # A path that cannot even be looked at (a folder above it without search
        # permission) exists as far as we know: reading it says why it cannot be read.
        if excludes.force and os.path.exists(path):
            return Expansion(path, (_picked_file(path, excludes),), False)
        return Expansion(path, (ScanItem(path, "file"),), False)
    if _GLOB_CHARS.intersection(path):
        return Expansion(path, tuple(_glob(path, excludes)), True)
    missing = ScanItem(path, "error", "no such file or directory", code="no-input", missing=True)
    return Expansion(path, (missing,), False)


def _picked_file(path: str, excludes: Excludes) -> ScanItem:
    """A file named on the command line with ``--force-exclude``: picked by a tool's
    pattern (pre-commit, CI), not by the user, so the exclusions apply to it and it is
    judged as a search judges what it finds (a file that is not a decklist is skipped)."""
    relative = os.path.normpath(path).replace(os.sep, "/")
    hit = excludes.match(path, relative)
    if hit is not None:
        return ScanItem(path, "skipped", f"excluded: matches {hit!r}")
    name = os.path.basename(path)
    if os.path.splitext(name)[1].lower() not in DECKLIST_SUFFIXES:
        reason = f"not a decklist extension ({' '.join(DECKLIST_SUFFIXES)})"
        return ScanItem(path, "skipped", reason)
    is_file = os.path.isfile(path)
    return _file_item(path, name, is_link=os.path.islink(path), is_file=is_file)


def _cannot_look(path: str) -> bool:
    """Whether ``os.stat`` fails for ``path`` for another reason than its absence (EACCES
    on a folder above it, say): ``os.path.exists`` says False for both."""
    try:
        os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError:
        return True
    except ValueError:  # an embedded NUL byte
        return False
    return False


def _glob(pattern: str, excludes: Excludes) -> list[ScanItem]:
    """The files a glob finds, judged as a directory search judges what it finds: a glob
    is a search too (``'decks/**'`` must not fail on the logo or the price list that
    ``validate decks/`` passes over)."""
    import glob

    parts = pattern.replace("\\", "/").split("/")
    fixed = []
    for part in parts:
        if _GLOB_CHARS.intersection(part):
            break
        fixed.append(part)
    base = "/".join(fixed)
    # glob passes over a folder it cannot read without a word: find those it needed.
    items = _unreadable_folders(base, parts[len(fixed) :], excludes)
    links: set[str] = set()
    for match in sorted(glob.glob(pattern, recursive=True)):
        if os.path.isdir(match) or not os.path.lexists(match):
            continue  # (glob answers "nope/" for "nope/**" when there is no nope/)
        relative = os.path.relpath(match, base or ".").replace(os.sep, "/")
        hit = excludes.match(match, relative)
        if hit is not None:
            items.append(ScanItem(match, "skipped", f"excluded: matches {hit!r}"))
            continue
        folders = relative.split("/")[:-1]
        if any(folder.startswith(".") and folder not in (".", "..") for folder in folders):
            items.append(ScanItem(match, "skipped", "in a hidden folder"))
            continue
        if any(folder in TOOL_DIRS for folder in folders):
            items.append(ScanItem(match, "skipped", "in a tool or package folder"))
            continue
        link = _linked_folder(base, relative)
        if link is not None:  # glob follows links to folders; a search does not
            if link not in links:
                links.add(link)
                items.append(ScanItem(link, "skipped", LINKED_FOLDER))
            continue
        name = os.path.basename(match)
        if os.path.splitext(name)[1].lower() not in DECKLIST_SUFFIXES:
            items.append(
                ScanItem(
                    match,
                    "skipped",
                    f"not a decklist extension ({' '.join(DECKLIST_SUFFIXES)})",
                )
            )
            continue
        is_file = os.path.isfile(match)
        items.append(_file_item(match, name, is_link=os.path.islink(match), is_file=is_file))
    return items


def _linked_folder(base: str, relative: str) -> str | None:
    """The first folder between ``base`` and the file at ``relative`` below it that is a
    symbolic link (as the folder search would have come to it), or None."""
    folder = base
    for name in relative.split("/")[:-1]:
        folder = os.path.join(folder, name) if folder else name
        if os.path.islink(folder):
            return folder
    return None


def _unreadable_folders(base: str, segments: list[str], excludes: Excludes) -> list[ScanItem]:
    """Error items for the folders below ``base`` that a glob of these path ``segments``
    has to read but cannot (glob itself passes over them in silence). Hidden, tool and
    excluded folders and links are not entered, as glob and the folder search do not."""
    import fnmatch

    found: list[ScanItem] = []

    def enters(depth: int, name: str) -> bool:
        """Whether the pattern goes on below a folder ``name`` at this depth."""
        if "**" in segments[: depth + 1]:
            return True
        return depth < len(segments) - 1 and fnmatch.fnmatchcase(name, segments[depth])

    def walk(folder: str, relative: str, depth: int) -> None:
        try:
            with os.scandir(folder or ".") as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
        except (FileNotFoundError, NotADirectoryError):
            return  # nothing there to match: "no file matches this pattern"
        except OSError as error:
            found.append(
                ScanItem(
                    folder,
                    "error",
                    f"cannot read this folder ({error.strerror or error}), so the decklists "
                    "in it were not checked: fix its permissions, or leave it out with "
                    "--exclude",
                    code="unreadable-folder",
                )
            )
            return
        for entry in entries:
            if entry.name.startswith(".") or entry.name in TOOL_DIRS:
                continue
            try:
                if not entry.is_dir(follow_symlinks=False):
                    continue
            except OSError:
                continue
            rel = f"{relative}/{entry.name}" if relative else entry.name
            below = os.path.join(folder, entry.name)
            if enters(depth, entry.name) and excludes.match(below, rel) is None:
                walk(below, rel, depth + 1)

    if segments:
        walk(base, "", 0)
    return found


def _search_folder(folder: str, relative: str, excludes: Excludes, items: list[ScanItem]) -> None:
    """Items for everything below ``folder``: its files first (sorted), then its folders."""
    try:
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=lambda entry: entry.name)
    except OSError as error:
        items.append(
            ScanItem(
                folder,
                "error",
                f"cannot read this folder ({error.strerror or error}), so the decklists in it "
                "were not checked: fix its permissions, or leave it out with --exclude",
                code="unreadable-folder",
            )
        )
        return
    folders: list[tuple[str, str]] = []
    for entry in entries:
        path = os.path.join(folder, entry.name)
        rel = f"{relative}/{entry.name}" if relative else entry.name
        problem: OSError | None = None
        is_link = False
        try:
            is_link = entry.is_symlink()
            is_dir = entry.is_dir()  # follows links
            is_file = not is_dir and entry.is_file()
        except OSError as error:  # a loop of links, a path that cannot be looked at
            is_dir = is_file = False
            problem = error
        # Judged by its name like any other entry: what is no candidate, or is excluded,
        # is left alone even when it cannot be looked at.
        candidate = is_dir or os.path.splitext(entry.name)[1].lower() in DECKLIST_SUFFIXES
        if not candidate:
            continue
        hit = excludes.match(path, rel)
        if hit is not None:
            items.append(ScanItem(path, "skipped", f"excluded: matches {hit!r}"))
            continue
        if problem is not None and not is_link:
            items.append(
                ScanItem(
                    path,
                    "error",
                    f"cannot look at this path ({problem.strerror or problem})",
                    code="unreadable-file",
                )
            )
            continue
        if is_dir:
            if is_link:
                items.append(ScanItem(path, "skipped", LINKED_FOLDER))
            elif entry.name.startswith("."):
                items.append(ScanItem(path, "skipped", "a hidden folder"))
            elif entry.name in TOOL_DIRS:
                items.append(ScanItem(path, "skipped", "a tool or package folder"))
            else:
                folders.append((path, rel))
            continue
        items.append(_file_item(path, entry.name, is_link=is_link, is_file=is_file))
    for path, rel in folders:
        _search_folder(path, rel, excludes, items)


def _broken_link(path: str) -> str:
    """Why the symbolic link ``path`` leads nowhere: a missing target, or a loop of links."""
    import errno

    try:
        os.stat(path)
    except OSError as error:
        if error.errno == errno.ELOOP:
            return "symbolic link loop (the links point at each other, never at a file)"
    return "broken symbolic link (its target is missing)"


def _file_item(path: str, name: str, *, is_link: bool, is_file: bool) -> ScanItem:
    """What a search makes of a file with a decklist extension that no pattern excludes."""
    if is_link and not os.path.exists(path):
        return ScanItem(path, "error", _broken_link(path))
    if name.startswith("."):
        return ScanItem(path, "skipped", "a hidden file")
    if not is_file:
        return ScanItem(path, "skipped", "not a regular file (a FIFO, socket or device)")
    if _NOT_A_DECK.match(name):
        return ScanItem(path, "skipped", "a README, licence or package file, not a decklist")
    from planarcli.deck.gate import passed_over

    gated = passed_over(path, os.path.splitext(name)[1].lower())
    if gated is not None:
        return ScanItem(path, "skipped", gated.reason, format=gated.format)
    return ScanItem(path, "file", scanned=True)
