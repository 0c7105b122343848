"""Configuration files: defaults for command options, read from TOML.

Where: ``[tool.planarcli]`` in a ``pyproject.toml``, or the top level of a ``planarcli.toml``
or ``.planarcli.toml``, in the working directory or the nearest folder above it that has
one (first found wins; in one folder ``planarcli.toml`` comes before ``.planarcli.toml``,
which comes before ``pyproject.toml``). A ``pyproject.toml`` without a ``[tool.planarcli]``
table does not count: the search goes on above it, as ruff's does. The search goes up to
the root of the file system.

Cost: finding costs a few ``stat`` calls per folder. TOML is parsed only when a file is
there, and a ``pyproject.toml`` is first scanned for the bytes that could start a
``tool.planarcli`` table, so the usual pyproject of a Python project is passed over
without parsing it (and without importing the TOML parser).

Keys are the long option names, with dashes or underscores alike. Which keys exist and what
their values may be is the command's business: it passes a ``spec``. A bad key or value is a
UsageError naming the file and the key (one line, exit 2).
"""

from __future__ import annotations

import os
from typing import Any

from planarcli.boundedio import read_limited
from planarcli.errors import UsageError
from planarcli.lazyre import lazy
from planarcli.records import field, record

#: File names looked for in each folder, in order of preference.
CONFIG_NAMES = ("planarcli.toml", ".planarcli.toml", "pyproject.toml")
#: A configuration file holding more is refused (a pyproject.toml is a few kB; /dev/zero as
#: --config is endless).
MAX_CONFIG_BYTES = 8 * 1024 * 1024

#: Bytes that can open a [tool.planarcli] table, or define it inline or with dotted keys:
#: ``[tool.planarcli]``, ``tool.planarcli.rules = ...``, ``[tool]`` or ``tool = {...}``.
_MAY_HAVE_TABLE = lazy(
    r"""(?m)tool["']?[ \t]*\.[ \t]*["']?planarcli|^[ \t]*\[[ \t]*["']?tool["']?[ \t]*\]"""
    r"""|^[ \t]*["']?tool["']?[ \t]*="""
)


@record
class Config:
    """Option defaults from one configuration file (``path`` None: no file was used)."""

    path: str | None = None
    values: dict[str, Any] = field(default_factory=dict)


def shown_path(path: str) -> str:
    """The path as the user best recognises it: relative inside the working directory."""
    try:
        relative = os.path.relpath(path)
    except (ValueError, OSError):  # another drive on Windows; no working directory
        return path
    return path if relative.startswith("..") else relative


def find_config(start: str | None = None) -> tuple[str, dict[str, Any]] | None:
    """The nearest configuration file from ``start`` (default: the working directory)
    upwards, with its planarcli table; None when there is none."""
    try:
        folder = os.path.abspath(start or os.getcwd())
    except OSError:  # the working directory was removed: there is nothing to walk up from
        return None
    while True:
        for name in CONFIG_NAMES:
            path = os.path.join(folder, name)
            if not os.path.isfile(path):
                continue
            table = _read_table(path)
            if table is not None:
                return path, table
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def _read_table(path: str, *, named: bool = False) -> dict[str, Any] | None:
    """The planarcli settings in ``path``: a pyproject's ``[tool.planarcli]`` table (None
    when it has none), or the whole of any other file."""
    shown = shown_path(path)
    try:
        with open(path, "rb") as handle:
            data = read_limited(handle, MAX_CONFIG_BYTES)
    except OSError as error:
        raise UsageError(
            f"{shown}: cannot read the configuration file ({error.strerror})"
        ) from None
    if len(data) > MAX_CONFIG_BYTES:
        raise UsageError(
            f"{shown}: holds more than {MAX_CONFIG_BYTES // (1024 * 1024)} MiB, too much for a "
            "configuration file"
        )
    is_pyproject = os.path.basename(path) == "pyproject.toml"
    # A UTF-16 file (a byte-order mark: Windows Notepad's "Unicode") is scanned as such, so
    # that a table in it is found and refused as no TOML rather than passed over in silence.
    utf16 = data[:2] in (b"\xff\xfe", b"\xfe\xff")
    scanned = data.decode("utf-16" if utf16 else "utf-8", "replace")
    if not utf16 and ("\ufffd" in scanned or "\x00" in scanned) and _not_text(data):
        # Junk bytes (a binary or damaged file) can hold no table the scan would find, but
        # they are no configuration either: passing over them dropped the table the file
        # was meant to hold (its exclusions) in silence, as malformed TOML does not.
        raise UsageError(f"{shown}: not UTF-8 text, so not a TOML file")
    if is_pyproject and not _MAY_HAVE_TABLE.search(scanned):
        if named:
            raise UsageError(f"{shown}: has no [tool.planarcli] table")
        return None
    document = _parse_toml(data, shown)
    if not is_pyproject:
        return document
    tool = document.get("tool")
    table = tool.get("planarcli") if isinstance(tool, dict) else None
    if table is None:
        if named:
            raise UsageError(f"{shown}: has no [tool.planarcli] table")
        return None
    if not isinstance(table, dict):
        raise UsageError(f"{shown}: tool.planarcli must be a table ([tool.planarcli])")
    return table


def _not_text(data: bytes) -> bool:
    """Whether ``data`` is no UTF-8 text: bytes that do not decode (not a replacement
    character written as such), or a NUL, which no text file holds."""
    try:
        return "\x00" in data.decode("utf-8")
    except UnicodeDecodeError:
        return True


def _parse_toml(data: bytes, shown: str) -> dict[str, Any]:
    import sys

    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    try:
        # A byte-order mark (Windows editors write one) is no TOML statement: drop it.
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise UsageError(f"{shown}: not UTF-8 text, so not a TOML file") from None
    try:
        document: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise UsageError(f"{shown}: not valid TOML ({error})") from None
    except RecursionError:
        # tomllib recurses once per nested array or inline table: hundreds deep exhaust it.
        raise UsageError(f"{shown}: not valid TOML (arrays or tables nested too deep)") from None
    except ValueError:
        # An integer of 4,301 digits or more: int() refuses it, tomllib lets that through.
        raise UsageError(f"{shown}: not valid TOML (a number with too many digits)") from None
    return document


#: What a key's value may be: a type (str, bool, int), ``list`` (a list of strings), or a
#: tuple of the allowed strings.
Spec = dict[str, Any]


def load_config(spec: Spec, *, path: str | None = None, start: str | None = None) -> Config:
    """The configuration for a command whose keys are described by ``spec``: from ``path``
    when one is named (``--config``), else the nearest file found from ``start`` upwards.
    Raises UsageError naming the file and the key for anything wrong."""
    if path is not None:
        if not os.path.isfile(path):
            what = (
                "is a directory"
                if os.path.isdir(path)
                else "is not a regular file"
                if os.path.exists(path)
                else "does not exist"
            )
            raise UsageError(f"--config {path}: {what}; name a TOML configuration file")
        table = _read_table(path, named=True)
        assert table is not None  # named=True raises instead
        found = path
    else:
        located = find_config(start)
        if located is None:
            return Config()
        found, table = located
    return Config(found, check_values(table, spec, shown_path(found)))


def _where(shown: str) -> str:
    if os.path.basename(shown) == "pyproject.toml":
        return f"{shown}: [tool.planarcli]"
    return shown


def check_values(table: dict[str, Any], spec: Spec, shown: str) -> dict[str, Any]:
    """``table``'s values under the spec's key names (dashes), checked."""
    where = _where(shown)
    values: dict[str, Any] = {}
    for written, value in table.items():
        key = written.replace("_", "-")
        if key not in spec:
            if key == "tool" and os.path.basename(shown) != "pyproject.toml":
                raise UsageError(
                    f"{where}: [tool.planarcli] belongs in pyproject.toml; in this file the "
                    "keys stand at the top level (rules = ..., not under a table)"
                )
            known = ", ".join(sorted(spec))
            raise UsageError(f"{where}: unknown key {written!r} (known keys: {known})")
        if key in values:
            raise UsageError(f"{where}: key {key!r} is given twice (with - and with _)")
        values[key] = _check_value(key, value, spec[key], where)
    return values


def _check_value(key: str, value: Any, kind: Any, where: str) -> Any:
    def bad(expected: str) -> UsageError:
        if isinstance(value, (dict, list)):
            shown = type(value).__name__
        elif hasattr(value, "isoformat"):  # a TOML date or time, as the file writes it
            shown = value.isoformat()
        else:
            shown = repr(value)
        return UsageError(f"{where}: {key} = {shown}: {expected}")

    if isinstance(kind, tuple):
        if not isinstance(value, str) or value not in kind:
            raise bad(f"expected one of {', '.join(repr(k) for k in kind)}")
        return value
    if kind is bool:
        if not isinstance(value, bool):
            raise bad("expected true or false")
        return value
    if kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad("expected a whole number")
        return value
    if kind is list:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise bad('expected a list of strings, such as ["drafts/**"]')
        return tuple(value)
    if not isinstance(value, str) and not isinstance(value, (dict, list, bool, int, float)):
        import datetime

        # `rules = 2012-06-01` unquoted is a TOML date: the date it names, as "2012-06-01".
        if type(value) is datetime.date:
            return value.isoformat()
    if not isinstance(value, str) or not value.strip():
        raise bad("expected a string")
    return value
