"""boundedio: the size limit holds while reading, for a file that reports no size or less
than it holds (issue 22.3)."""

from __future__ import annotations

import io
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from planarcli.boundedio import read_limited

needs_dev_zero = pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")


@pytest.mark.parametrize("size", [0, 1, 99, 100, 101, 5000])
def test_a_regular_file_reads_whole_or_one_byte_past_the_limit(tmp_path: Path, size: int) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"x" * size)
    with path.open("rb") as handle:
        data = read_limited(handle, 100)
    assert data == b"x" * min(size, 101)


@needs_dev_zero
def test_a_device_that_reports_size_zero_stops_one_byte_past_the_limit() -> None:
    started = time.monotonic()
    with open("/dev/zero", "rb") as handle:
        assert os.fstat(handle.fileno()).st_size == 0
        data = read_limited(handle, 3 * 1024 * 1024 + 5)
    assert len(data) == 3 * 1024 * 1024 + 6
    assert time.monotonic() - started < 10


def test_a_file_larger_than_it_was_announced_is_cut_one_byte_past_the_limit() -> None:
    handle = io.BytesIO(b"y" * 10_000)
    assert read_limited(handle, 4096, announced=10) == b"y" * 4097  # type: ignore[arg-type]


def test_a_fifo_is_read_to_its_end_within_the_limit(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this platform")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)

    def feed() -> None:
        with fifo.open("wb") as out:
            for _ in range(50):
                out.write(b"z" * 1000)

    writer = threading.Thread(target=feed)
    writer.start()
    with fifo.open("rb") as handle:
        data = read_limited(handle, 1_000_000)
    writer.join()
    assert data == b"z" * 50_000


@needs_dev_zero
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rules", "import", "/dev/zero"], "holds more than 20 MB"),
        (["validate", "/dev/zero"], "larger than 16 MiB"),
    ],
)
def test_dev_zero_as_an_input_is_one_line_and_exit_2(
    run_cli: Callable[..., object], args: list[str], message: str
) -> None:
    started = time.monotonic()
    result = run_cli(*args)
    assert result.exit_code == 2, result  # type: ignore[attr-defined]
    assert message in result.stderr, result  # type: ignore[attr-defined]
    assert "Traceback" not in result.stderr  # type: ignore[attr-defined]
    assert time.monotonic() - started < 30


@needs_dev_zero
def test_a_configuration_file_is_read_with_a_limit(tmp_path: Path) -> None:
    """--config refuses a device before reading; a found config that is a link to one is read
    with the limit (it reports size 0), never without end."""
    from planarcli.deck import config
    from planarcli.errors import UsageError

    link = tmp_path / "planarcli.toml"
    link.symlink_to("/dev/zero")
    started = time.monotonic()
    with pytest.raises(UsageError, match="too much for a configuration file"):
        config._read_table(str(link))
    assert time.monotonic() - started < 30
