"""The tests' `run_cli` forks its commands from a server that has loaded the package (tests/cli_fork_server.py): a
forked command answers exactly as a fresh `python -m gpuplanner` does, in the call's folder and environment."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests.conftest import CliForkServer, run_cli

COMMANDS = [
    ["catalog", "gpus", "--format", "json"],  # the catalog, with the test's user-data folder (none written yet)
    ["--lang", "zh_CN", "plan", "--top", "x"],  # argparse's own error, in Chinese: Qt loaded in the command only
    ["estimate", "missing.json"],  # bad input, named relative to the command's folder
    ["--version"],
]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda args: " ".join(args))
def test_a_forked_command_answers_as_a_fresh_process(args: list[str], tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Exit status, stdout and stderr are those of a fresh interpreter's, to the byte. Running the package's
    __main__ from a server that had imported it printed runpy's "found in sys.modules" warning on every command's
    stderr."""
    forked = run_cli(*args, cwd=tmp_path)
    monkeypatch.setenv("GPUPLANNER_TEST_FRESH_PROCESSES", "1")
    fresh = run_cli(*args, cwd=tmp_path)
    assert (forked.returncode, forked.stdout, forked.stderr) == (fresh.returncode, fresh.stdout, fresh.stderr)
    assert forked.args == fresh.args


def test_a_forked_command_reads_the_calls_environment_and_folder(tmp_path: Path) -> None:
    """The command's environment is the call's exactly: without GPUPLANNER_DATA_DIR (which the server started with)
    its edits go under XDG_DATA_HOME, and the file named relative to the call's folder is found there."""
    quote = tmp_path / "quote.csv"
    quote.write_text("item,unit_price,currency,date,note\ndgx-h100,289000,USD,2026-11-20,Reseller A\n",
                     encoding="utf-8")
    server = CliForkServer.get()
    assert "GPUPLANNER_DATA_DIR" in server.env  # the session's folder (conftest.session_user_data)
    env = {key: value for key, value in os.environ.items() if key != "GPUPLANNER_DATA_DIR"}
    env["XDG_DATA_HOME"] = str(tmp_path / "xdg")
    command = [sys.executable, "-m", "gpuplanner"]
    done = server.run([*command, "import-quote", quote.name], tmp_path, env)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "xdg" / "gpuplanner" / "overrides.db").is_file()
    listed = server.run([*command, "catalog", "servers", "--format", "json"], tmp_path, env)
    assert "your quote of 2026-11-20: Reseller A" in listed.stdout
    unchanged = server.run([*command, "catalog", "servers", "--format", "json"], tmp_path, dict(os.environ))
    assert unchanged.returncode == 0 and "Reseller A" not in unchanged.stdout


def test_a_changed_startup_variable_gets_a_fresh_interpreter() -> None:
    """What Python reads as it starts (here the streams' encoding) cannot change in a forked process: such a call
    runs in a fresh interpreter, which honours it."""
    done = run_cli("--lang", "zh_CN", "plan", "--top", "x", env={"PYTHONIOENCODING": "ascii:backslashreplace"})
    assert done.returncode == 2
    assert "\\u53c2\\u6570" in done.stderr and "参数" not in done.stderr  # 参数, escaped by the stream
