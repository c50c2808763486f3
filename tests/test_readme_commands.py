"""The README's first screen, run as a newcomer would: `make run` in a fresh copy of the repository.

The copy holds exactly what a clone of this tree would (tracked files plus new ones git does not ignore), and no
`.venv`: `make run` must install everything from the lock on its own (pip's download cache may make it quicker).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT

pytestmark = pytest.mark.skipif(sys.platform != "linux" or shutil.which("make") is None,
                                reason="the README's commands are for Linux with make")


@pytest.fixture(scope="module")
def fresh_clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"], cwd=REPO_ROOT,
                            check=True, capture_output=True).stdout.decode().split("\0")
    clone = tmp_path_factory.mktemp("clone") / "gpuplanner"
    for name in filter(None, listed):
        source = REPO_ROOT / name
        if source.is_file():
            (clone / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, clone / name)
    assert not (clone / ".venv").exists()
    return clone


def run_make(clone: Path, *args: str, display: str | None, timeout: float) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "VIRTUAL_ENV", "PYTHONPATH")}
    env["GPUPLANNER_DATA_DIR"] = str(clone.parent / "userdata")
    if display is not None:
        env["DISPLAY"] = display
    return subprocess.run(["make", *args], cwd=clone, env=env, capture_output=True, text=True, timeout=timeout,
                          stdin=subprocess.DEVNULL)


def test_make_run_without_a_display_prints_the_recommended_plan(fresh_clone: Path) -> None:
    done = run_make(fresh_clone, "run", display=None, timeout=900)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "No display found: running the headless demo" in done.stdout
    assert "#1 in detail:" in done.stdout
    assert "Plans ranked" in done.stdout
    assert (fresh_clone / ".venv" / "bin" / "gpuplanner").exists()
    assert "Traceback" not in done.stderr and "Fatal Python error" not in done.stderr


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="needs Xvfb (make test installs it)")
def test_make_run_under_a_virtual_display_opens_the_window_and_exits_cleanly(fresh_clone: Path) -> None:
    # -displayfd: Xvfb picks a free display number and writes it once it accepts connections
    with subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", "1400x900x24", "-nolisten", "tcp"],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True) as server:
        try:
            assert server.stdout is not None
            display = ":" + server.stdout.readline().strip()
            done = run_make(fresh_clone, "run", "ARGS=--smoke-test", display=display, timeout=900)
        finally:
            server.terminate()
            server.wait(10)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "platform xcb" in done.stdout  # a real window on the X display, not the offscreen fallback
    assert "smoke test: first paint after" in done.stdout
    assert "Fatal Python error" not in done.stderr and "Traceback" not in done.stderr
