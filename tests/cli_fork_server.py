"""A fork server for the tests' `run_cli`: one interpreter imports what `python -m gpuplanner` imports as it starts,
then forks a process per command, which takes the command's folder, environment and arguments as a fresh
`python -m gpuplanner` would and ends with its exit status. A fresh interpreter costs ~0.3 s of CPU per command
(Python, numpy, the package); a fork, a few milliseconds. The whole suite (`-n 2 --dist loadgroup`, two cores
shared with other work) took 283 s of CPU with a fresh interpreter per command, 242-261 s forked.

Requests come one JSON line at a time on stdin ({"args", "cwd", "env", "stdout", "stderr", "timeout"}); each answer
is one JSON line on stdout ({"returncode"} or {"timed_out": true}). The server ends when stdin closes.

Nothing the preloaded modules hold is read from the environment, the locale or the clock as they are imported
(gpuplanner.paths reads GPUPLANNER_DATA_DIR / XDG_DATA_HOME when asked, the CLI's language is chosen per command,
Qt is imported only by the commands that need it, in the child); what Python itself reads at start-up (the streams'
encoding, PYTHON* variables) is fixed here, so `run_cli` sends a command whose start-up variables differ to a
fresh interpreter instead (conftest.STARTUP_VARIABLES)."""

from __future__ import annotations

import importlib
import json
import os
import sys
import time
import traceback


def run_child(request: dict) -> None:
    """In the forked child: become `python -m gpuplanner ARGS` in the request's folder and environment; never
    returns."""
    code = 1
    try:
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        devnull = os.open(os.devnull, os.O_RDONLY)
        out = os.open(request["stdout"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        err = os.open(request["stderr"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        for source, target in ((devnull, 0), (out, 1), (err, 2)):
            os.dup2(source, target)
            os.close(source)
        sys.path[0] = os.getcwd()  # what `python -m` puts first
        import runpy

        sys.argv = ["-m", *request["args"]]  # runpy names the module's file in argv[0], as `python -m` does
        try:
            runpy.run_module("gpuplanner", run_name="__main__", alter_sys=True)
            code = 0
        except SystemExit as ending:  # as the interpreter turns SystemExit into an exit status
            if ending.code is None:
                code = 0
            elif isinstance(ending.code, int):
                code = ending.code
            else:
                print(ending.code, file=sys.stderr)
                code = 1
        except BaseException:  # an uncaught exception: the traceback and status 1, as a fresh process shows them
            traceback.print_exc()
            code = 1
        import atexit

        atexit._run_exitfuncs()
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except (OSError, ValueError):
            code = 120  # what the interpreter reports when its last flush fails
    finally:
        os._exit(code & 0xFF)


def wait(child: int, timeout: float) -> dict:
    """The child's exit status, or the child killed past `timeout` seconds."""
    deadline = time.monotonic() + timeout
    pause = 0.001
    while True:
        pid, status = os.waitpid(child, os.WNOHANG)
        if pid:
            return {"returncode": os.waitstatus_to_exitcode(status)}
        if time.monotonic() > deadline:
            os.kill(child, 9)
            os.waitpid(child, 0)
            return {"timed_out": True}
        time.sleep(pause)
        pause = min(pause * 2, 0.02)


def serve() -> None:
    sys.path[0] = os.getcwd()  # the repository, as for `python -m gpuplanner` run there
    import gpuplanner  # what `python -m gpuplanner` loads before it runs gpuplanner/__main__.py
    import gpuplanner.cli.main  # noqa: F401  what main() imports first

    # What every command's parser imports (cli.main.build_parser: the sub-commands and, through them, the estimate,
    # the planner and the scenario), ~0.12 s of CPU a command; modules of constants and functions, nothing read from
    # the environment as they load.
    for name in ("calibrate_logs", "calibration", "estimate", "plan"):
        importlib.import_module(f"gpuplanner.cli.{name}")

    sys.stdout.write("ready\n")
    sys.stdout.flush()
    for line in sys.stdin:
        request = json.loads(line)
        child = os.fork()
        if child == 0:
            run_child(request)
        sys.stdout.write(json.dumps(wait(child, request["timeout"])) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve()
