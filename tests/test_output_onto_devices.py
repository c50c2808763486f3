"""A file the user names for output that is a device or a pipe (`-o /dev/full`, `-o /dev/stdout`, a named pipe) is
written into, never renamed over: `calibrate-logs -o /dev/full` (run as root) replaced the system's /dev/full with
a regular file holding the runs, and said "Wrote one run to /dev/full" (exit 0). A folder that does not exist was an
internal error; both now exit 74 with one line, as `plan --pdf` does."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from gpuplanner.safe_write import replace_file
from tests.conftest import run_cli

LOG = Path(__file__).resolve().parent / "data" / "logs" / "megatron_train.log"
SCENARIO = '{"task": "pretrain", "model": {"preset": "mixtral-8x7b"}, "seq_len": 4096, ' \
           '"hardware": {"gpu": "h100-sxm5-80gb", "count": 16}, "training": {"global_batch": 128}}'


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_written_into_and_stays_a_pipe(tmp_path: Path) -> None:
    pipe = tmp_path / "runs.pipe"
    os.mkfifo(pipe)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(pipe.read_bytes()), daemon=True)
    reader.start()
    replace_file(pipe, b'{"runs": []}\n', lambda data: None)
    reader.join(timeout=30)
    assert stat.S_ISFIFO(os.stat(pipe).st_mode), "the pipe was replaced by a regular file"
    assert received == [b'{"runs": []}\n']
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_calibrate_logs_output_that_cannot_be_written_exits_74_in_one_line(tmp_path: Path) -> None:
    scenario = tmp_path / "s.json"
    scenario.write_text(SCENARIO, encoding="utf-8")
    for target in (tmp_path / "missing" / "runs.json", Path("/dev/full")):
        done = run_cli("calibrate-logs", "--scenario", str(scenario), str(LOG), "-o", str(target))
        assert done.returncode == 74, (target, done.stdout, done.stderr)
        assert len(done.stderr.strip().splitlines()) == 1 and "internal error" not in done.stderr
        assert str(target) in done.stderr and "Wrote" not in done.stdout
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)
