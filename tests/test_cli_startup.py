"""What a `gpuplanner plan` process loads and runs with: only what a plan uses, and no cyclic garbage collector (a
command lives for one answer); the desktop app runs with it, what it starts with kept out of its passes."""

from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT

# Modules a text plan never uses: the PDF, spreadsheet and chart libraries, Qt, the calibration fit, the runs files'
# and the tools' log readers and the quote reader (imported by the commands that use them); temporary files (a
# command that writes a file imports them: with shutil's compressors and random, 3 ms of a start) and the CSV
# reader the catalog is built with; shutil and its compressors (argparse's help formatter imports it for the
# terminal's width).
NOT_FOR_A_PLAN = ("reportlab", "openpyxl", "pyqtgraph", "PySide6", "gpuplanner.calibration.fit",
                  "gpuplanner.calibration.runs", "gpuplanner.calibration_logs", "gpuplanner.catalog.quotes",
                  "gpuplanner.cli.usage_errors", "tempfile", "random", "csv", "shutil", "bz2", "lzma")

# The launcher as `gpuplanner` runs it, reporting at exit what was loaded and whether the collector ran.
PROBE = """
import atexit, gc, json, sys
atexit.register(lambda: print(json.dumps({"modules": sorted(sys.modules), "gc": gc.isenabled(),
                                          "frozen": gc.get_freeze_count()}), file=sys.stderr))
sys.argv = ["gpuplanner", *sys.argv[1:]]
from gpuplanner.__main__ import main
raise SystemExit(main())
"""


def plan_under(probe: str, tmp_path: Path, output: str) -> subprocess.CompletedProcess[str]:
    """`gpuplanner plan` of a 7B pretraining scenario in a fresh interpreter that runs `probe` around it."""
    scenario = tmp_path / "s.json"
    scenario.write_text(json.dumps({"task": "pretrain", "model": {"preset": "llama-2-7b"},
                                    "constraints": {"deadline_days": 30}}), encoding="utf-8")
    return subprocess.run([sys.executable, "-c", probe, "plan", str(scenario), "--format", output],
                          capture_output=True, text=True, cwd=REPO_ROOT, env=os.environ.copy(), timeout=120)


def test_a_plan_process_loads_only_what_a_plan_uses_and_runs_without_the_collector(tmp_path: Path) -> None:
    done = plan_under(PROBE, tmp_path, "text")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Plans ranked (")  # the plan was made and reported
    report = json.loads(done.stderr.strip().splitlines()[-1])
    loaded = [name for name in report["modules"] if any(name == n or name.startswith(n + ".") for n in NOT_FOR_A_PLAN)]
    assert loaded == []
    assert report["gc"] is False


def test_the_desktop_app_runs_with_the_collector(monkeypatch: pytest.MonkeyPatch) -> None:
    """`gpuplanner gui` (and a bare `gpuplanner` on a desktop) turns the collector back on before the window opens:
    the app runs for hours."""
    import gpuplanner.ui.app as app
    from gpuplanner.cli.main import command_gui

    seen: list[bool] = []
    monkeypatch.setattr(app, "run_gui", lambda *_args, **_kwargs: seen.append(gc.isenabled()) or 0)
    was = gc.isenabled()
    gc.disable()
    try:
        assert command_gui(argparse.Namespace(smoke_test=False, lang=None)) == 0
    finally:
        if was:
            gc.enable()
    assert seen == [True]


def test_the_app_runs_with_the_collector_and_what_it_starts_with_out_of_its_passes() -> None:
    """The window's start (`--smoke-test`: the whole path to the first result) leaves the collector on, the objects
    made before the first plan frozen (a full pass over them, one every few plans, held a thread 100-300 ms)."""
    done = subprocess.run([sys.executable, "-c", PROBE, "--smoke-test"], capture_output=True, text=True,
                          cwd=REPO_ROOT, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "first result after" in done.stdout
    report = json.loads(done.stderr.strip().splitlines()[-1])
    assert report["gc"] is True
    assert report["frozen"] > 10_000  # the modules, the catalog and the window's objects


# A command as the launcher runs it, with an exit function and an object that speaks when it is taken down.
ENDING_PROBE = """
import atexit, sys
class Kept:
    def __del__(self):
        sys.stderr.write("taken down\\n")
kept = Kept()
atexit.register(lambda: sys.stderr.write("exit functions ran\\n"))
sys.argv = ["gpuplanner", *sys.argv[1:]]
from gpuplanner.__main__ import main
raise SystemExit(main())
"""


def test_a_command_ends_once_its_answer_is_written_without_taking_every_object_down(tmp_path: Path) -> None:
    """A command's process ends when its answer is out (gpuplanner.__main__.end_now): the exit functions run and the
    whole answer is written, but the interpreter does not take down its modules and objects one by one (3 % of a
    plan process's instructions); the exit code is the command's."""
    done = plan_under(ENDING_PROBE, tmp_path, "json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["plans"]  # all of it, flushed before the end
    assert "exit functions ran" in done.stderr and "taken down" not in done.stderr
    refused = subprocess.run([sys.executable, "-c", ENDING_PROBE, "plan", str(tmp_path / "missing.json")],
                             capture_output=True, text=True, cwd=REPO_ROOT, env=os.environ.copy(), timeout=120)
    assert refused.returncode == 2 and "file not found" in refused.stderr and "exit functions ran" in refused.stderr


@pytest.mark.parametrize("columns", [None, "120", "0", "wide"])
def test_the_help_wraps_at_the_width_shutil_gives(monkeypatch: pytest.MonkeyPatch, columns: str | None) -> None:
    """The help formatter reads the terminal's width as shutil.get_terminal_size does (COLUMNS, else the terminal,
    else 80) without importing shutil."""
    import shutil

    from gpuplanner.cli.main import terminal_columns

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns() == shutil.get_terminal_size().columns


@pytest.mark.parametrize("words", [
    ["plan", "s.json", "--top", "3", "--format", "json"], ["--lang", "zh_CN", "estimate", "s.json"],
    ["--lang=en", "plan", "s.json", "--lang", "zh_CN", "--pdf", "x.pdf"], ["catalog", "gpus"],
    ["calibration", "why", "efficiency"], ["--smoke-test", "gui", "--lang", "en"], ["demo"], []])
def test_a_command_line_parses_alike_with_its_sub_command_alone(words: list[str]) -> None:
    """A command line that names its sub-command is parsed with that sub-command's parser alone, to the same
    arguments as with every sub-command's."""
    from gpuplanner.cli.main import build_parser, named_command

    alone = build_parser(named_command(words))
    assert named_command(words) is not None or words == []
    assert vars(alone.parse_args(words)) == vars(build_parser().parse_args(words))


def test_each_sub_command_named_alone_builds_exactly_the_commands_it_is_listed_with() -> None:
    """SUB_COMMANDS lists the names each adding function registers: a name listed that its function does not add would
    leave that command line without its parser, one added but not listed would be read with the whole parser."""
    import argparse

    from gpuplanner.cli.main import SUB_COMMANDS, build_parser

    every: set[str] = set()
    for names, _add in SUB_COMMANDS:
        for name in names:
            sub = next(a for a in build_parser(name)._actions if isinstance(a, argparse._SubParsersAction))
            assert set(sub.choices) == set(names), (name, sorted(sub.choices))
        every.update(names)
    whole = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert set(whole.choices) == every


# The launcher as above, reporting at exit the OpenBLAS thread count numpy was imported under.
BLAS_PROBE = """
import atexit, os, sys
atexit.register(lambda: print("BLAS " + str(os.environ.get("OPENBLAS_NUM_THREADS")), file=sys.stderr))
sys.argv = ["gpuplanner", *sys.argv[1:]]
from gpuplanner.__main__ import main
raise SystemExit(main())
"""


@pytest.mark.parametrize(("users", "used"), [(None, "1"), ("3", "3")])
def test_a_command_starts_numpy_with_one_blas_thread_unless_the_user_set_some(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, users: str | None, used: str) -> None:
    """OpenBLAS starts a thread a core at numpy's import, which a plan never uses: a command asks for one before
    numpy loads; a count the user set is kept."""
    if users is None:
        monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    else:
        monkeypatch.setenv("OPENBLAS_NUM_THREADS", users)
    done = plan_under(BLAS_PROBE, tmp_path, "text")
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().splitlines()[-1] == f"BLAS {used}"
