"""`python -m gpuplanner` and the `gpuplanner` launcher."""

from __future__ import annotations

import sys


def main() -> int:
    from gpuplanner.cli.main import main as cli_main

    return cli_main(sys.argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
