"""The outermost entry point: the ``planarcli`` console script and ``python -m planarcli``.

Two things happen here and nowhere else:

- Ctrl-C. Only ``sys`` is imported before the ``try``: a KeyboardInterrupt raised while
  click and planarcli are still being imported (the first tenth of a second) is the same
  quiet "planarcli: interrupted" and exit code 130 as one raised later, never a traceback.
- The exit. Once the command is done and its output flushed, the process ends with
  ``os._exit``: tearing the interpreter down (freeing every module, class and card object,
  a last garbage collection) is about an eighth of a ``validate deck.txt`` run and changes
  nothing a user can see. planarcli holds no open file, thread or ``atexit`` handler by
  then: every file it writes is written and closed (or atomically replaced) inside the
  command. Under coverage measurement, which saves its data at exit, the exit is the usual
  one.
"""

from __future__ import annotations

import sys

#: The exit code after Ctrl-C (128 + SIGINT, as shells report it); planarcli.cli says so too.
EXIT_INTERRUPTED = 130
#: The exit code when the output cannot be written (as planarcli.cli.main reports it).
EXIT_USAGE = 2


def main() -> None:
    """Run planarcli; Ctrl-C at any moment exits 130 with one line on stderr."""
    code: object = 0
    try:
        from planarcli.cli import main as run

        run()
    except KeyboardInterrupt:
        _write_stderr("planarcli: interrupted\n")
        code = EXIT_INTERRUPTED
    except SystemExit as stop:
        code = stop.code
    except BaseException as stop:  # SIGTERM or SIGHUP while a file was replaced
        from planarcli.termination import Terminated

        if not isinstance(stop, Terminated):
            raise
        _write_stderr(f"planarcli: terminated (signal {stop.signum}); nothing half-written\n")
        stop.end_process()
    _exit(code)


def _write_stderr(text: str) -> None:
    try:
        sys.stderr.write(text)
        sys.stderr.flush()
    except (OSError, ValueError, KeyboardInterrupt):
        pass


def _exit(code: object) -> None:
    """End the process with ``code`` (as ``sys.exit`` reads it) once the output is out."""
    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code
    else:  # sys.exit("message"): the message on stderr, exit 1
        _write_stderr(f"{code}\n")
        status = 1
    if "coverage" in sys.modules:  # coverage writes its data at exit: exit the usual way
        sys.exit(status)
    import os

    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except BrokenPipeError:
        pass  # the reader went away (`| head`): what it did not read is not wanted
    except OSError as error:  # a full disk, a closed terminal
        _write_stderr(f"planarcli: error: cannot write the output: {error.strerror or error}\n")
        status = EXIT_USAGE
    except (ValueError, KeyboardInterrupt):  # a closed stream; Ctrl-C at the very end
        pass
    os._exit(status)


if __name__ == "__main__":
    main()
