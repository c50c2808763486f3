"""`python -m gpuplanner` and the `gpuplanner` launcher."""

from __future__ import annotations

import atexit
import gc
import os
import sys
from collections.abc import MutableMapping


def main() -> int:
    # A command's process lives for one answer: the cyclic collector's passes over the records a plan builds (alive
    # until the report is written) took 8 % of a `gpuplanner plan` process's CPU time and found only the ~900
    # objects imports leave in cycles; reference counting frees everything else. The desktop app, which runs for
    # hours, turns it back on (cli.main.command_gui).
    gc.disable()
    one_blas_thread(os.environ)
    from gpuplanner.cli.main import main as cli_main

    code = cli_main(sys.argv[1:])
    if not gc.isenabled():  # a command, not the app (whose Qt objects are taken down as Python ends)
        end_now(code)
    return code


def one_blas_thread(environ: MutableMapping[str, str]) -> None:
    """Ask numpy's OpenBLAS, before numpy is imported, for one thread: it starts one a core at import (about 40 ms
    of a command's CPU on two cores, more on more), and the planner's numpy work is elementwise over small arrays and
    small dot products that never run BLAS in parallel. A setting the user made stands."""
    environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def end_now(code: int) -> None:
    """End a command's process here, without the interpreter's teardown of every module and object one by one
    (3 % of a `gpuplanner plan` process's instructions, what its plan and imports left behind): the exit functions
    run and the standard streams are flushed first, as at any exit (a command runs no threads of its own and
    writes its files whole, closed and synced). A flush that fails returns, and the ordinary exit reports it."""
    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    os._exit(code)


if __name__ == "__main__":
    raise SystemExit(main())
