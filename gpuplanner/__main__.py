"""`python -m gpuplanner` and the `gpuplanner` launcher."""

from __future__ import annotations

import gc
import sys


def main() -> int:
    # A command's process lives for one answer: the cyclic collector's passes over the records a plan builds (alive
    # until the report is written) took 8 % of a `gpuplanner plan` process's CPU time and found only the ~900
    # objects imports leave in cycles; reference counting frees everything else. The desktop app, which runs for
    # hours, turns it back on (cli.main.command_gui).
    gc.disable()
    from gpuplanner.cli.main import main as cli_main

    return cli_main(sys.argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
