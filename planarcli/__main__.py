"""The outermost entry point: the ``planarcli`` console script and ``python -m planarcli``.

It imports nothing but ``sys`` before it can handle Ctrl-C: a KeyboardInterrupt raised while
click and planarcli are still being imported (the first tenth of a second) is the same quiet
"planarcli: interrupted" and exit code 130 as one raised later, never a traceback.
"""

from __future__ import annotations

import sys

#: The exit code after Ctrl-C (128 + SIGINT, as shells report it); planarcli.cli says so too.
EXIT_INTERRUPTED = 130


def main() -> None:
    """Run planarcli; Ctrl-C at any moment exits 130 with one line on stderr."""
    try:
        from planarcli.cli import main as run

        run()
    except KeyboardInterrupt:
        try:
            sys.stderr.write("planarcli: interrupted\n")
            sys.stderr.flush()
        except (OSError, ValueError, KeyboardInterrupt):
            pass
        sys.exit(EXIT_INTERRUPTED)


if __name__ == "__main__":
    main()
