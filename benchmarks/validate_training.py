"""Print the accuracy tables: every covered published training run, published vs predicted, error %."""

from __future__ import annotations

import time

from gpuplanner.catalog.store import Catalog
from gpuplanner.validation import format_table, gpu_hour_cases, run_cases, training_cases


def main() -> None:
    catalog = Catalog(overrides_path=None)
    started = time.perf_counter()
    training = run_cases(training_cases(catalog), catalog)
    hours = run_cases(gpu_hour_cases(catalog), catalog)
    elapsed = time.perf_counter() - started
    print("Training step time / throughput vs published runs")
    print(format_table(training))
    print("\nWhole-run GPU-hours (published totals include failures and restarts: estimates should be lower)")
    print(format_table(hours))
    print(f"\n{len(training) + len(hours)} cases evaluated in {elapsed:.2f} s")


if __name__ == "__main__":
    main()
