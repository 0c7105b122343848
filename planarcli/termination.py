"""SIGTERM and SIGHUP while planarcli replaces a file: clean up, then die of the signal.

A CI runner that cancels a job sends SIGTERM; a closed terminal sends SIGHUP. Their default
action ends the process at once, which would leave the hidden temporary file of a
``--fix`` or ``deck convert -o`` beside the deck. While :func:`signals_raise` is active,
these signals raise :class:`Terminated` instead (as Ctrl-C raises KeyboardInterrupt), so
the writer's ``except BaseException`` removes its temporary file; the outermost entry point
then ends the process by the same signal (:meth:`Terminated.end_process`), so that the
parent sees a process terminated by SIGTERM or SIGHUP, as it asked for.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterator
from typing import Any


class Terminated(BaseException):
    """A termination signal arrived; carries its number."""

    def __init__(self, signum: int) -> None:
        super().__init__(f"terminated by signal {signum}")
        self.signum = signum

    def end_process(self) -> None:
        """Die of the signal, its default action restored (never returns where it can)."""
        import signal

        signal.signal(self.signum, signal.SIG_DFL)
        os.kill(os.getpid(), self.signum)
        raise SystemExit(128 + self.signum)  # where the signal does not end the process


_SIGNALS = ("SIGTERM", "SIGHUP")


def _numbers() -> list[int]:
    import signal

    return [getattr(signal, name) for name in _SIGNALS if hasattr(signal, name)]


def _raise(signum: int, _frame: Any) -> None:
    raise Terminated(signum)


@contextlib.contextmanager
def signals_raise() -> Iterator[None]:
    """While the block runs, SIGTERM and SIGHUP raise :class:`Terminated` (in the main
    thread, the only one Python delivers signals to; elsewhere nothing changes)."""
    import signal

    numbers = _numbers()
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {number: signal.signal(number, _raise) for number in numbers}
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


@contextlib.contextmanager
def held_back() -> Iterator[None]:
    """While the block runs, SIGTERM and SIGHUP wait (blocked), and arrive when it ends:
    for a step that must finish once begun (where the platform can block signals)."""
    import signal

    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None:  # pragma: no cover - Windows
        yield
        return
    numbers = _numbers()
    mask(signal.SIG_BLOCK, numbers)
    try:
        yield
    finally:
        mask(signal.SIG_UNBLOCK, numbers)
