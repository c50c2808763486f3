"""The tests' `run_cli` forks its commands from a server that has loaded the package (tests/cli_fork_server.py): a
forked command answers exactly as a fresh `python -m gpuplanner` does, in the call's folder and environment."""

from __future__ import annotations

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


def test_a_forked_command_reads_the_calls_environment_and_folder(tmp_path: Path, private_user_data: Path) -> None:
    """The command's environment is the call's exactly (a variable the server started with and the call lacks is
    gone), and it writes where the call's GPUPLANNER_DATA_DIR says, in the call's folder."""
    quote = tmp_path / "quote.csv"
    quote.write_text("item,unit_price,currency,date,note\ndgx-h100,289000,USD,2026-11-20,Reseller A\n",
                     encoding="utf-8")
    done = run_cli("import-quote", quote.name, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert private_user_data.is_dir() and any(private_user_data.iterdir())
    server = CliForkServer.get()
    assert server.env["GPUPLANNER_DATA_DIR"] != str(private_user_data)  # the session's folder, which stays as it was
    listed = run_cli("catalog", "servers", "--format", "json", cwd=tmp_path)
    assert "289000" in listed.stdout.replace(".0", "") and "Reseller A" in listed.stdout


def test_a_changed_startup_variable_gets_a_fresh_interpreter() -> None:
    """What Python reads as it starts (here the streams' encoding) cannot change in a forked process: such a call
    runs in a fresh interpreter, which honours it."""
    done = run_cli("--lang", "zh_CN", "plan", "--top", "x", env={"PYTHONIOENCODING": "ascii:backslashreplace"})
    assert done.returncode == 2
    assert "\\u53c2\\u6570" in done.stderr and "参数" not in done.stderr  # 参数, escaped by the stream
