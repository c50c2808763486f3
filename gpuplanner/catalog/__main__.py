"""`python -m gpuplanner.catalog build` rebuilds catalog.db from resources/catalog/*.csv."""

from __future__ import annotations

import argparse
import sys

from gpuplanner.catalog.build import CatalogSourceError, build_catalog
from gpuplanner.paths import bundled_catalog_path, resource_path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gpuplanner.catalog")
    parser.add_argument("command", choices=["build"])
    parser.parse_args(argv)
    try:
        counts = build_catalog(resource_path("catalog"), bundled_catalog_path())
    except CatalogSourceError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"built {bundled_catalog_path()}: " + ", ".join(f"{n} {t}" for t, n in counts.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
