"""Import a 10,000-line vendor quote with `gpuplanner import-quote` (a fresh process each time) against the 2 s
target (its CPU time: user + system, which a busy machine does not inflate, and its wall time), and in the app
(offscreen): from the file chosen to the prices stored, its preview applied at once, with
the longest stall of the window's event loop. The quote prices 9,999 cloud instances of the user's own (a catalog
grown by the user's rows: a quote gives each item once), dated today. `--before REV` runs the same file on the same
catalog with REV's code in the same run, so the figures compare on one machine (a quadratic import runs for minutes:
REV's command line is timed once); `--lines N` times a quote of N lines instead.
Usage: python benchmarks/quote_import.py [--before REV] [--lines N]"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this tree's package, whatever the environment has installed
sys.path.insert(0, str(ROOT / "benchmarks"))
from revisions import tree_at  # noqa: E402

LINES = 10_000  # the header and 9,999 items: the most a quote may have
TARGET_S = 2.0  # for a quote of LINES lines
REPEATS = 3  # runs of this tree's command line (the median is shown); the --before revision's runs once
# The app, in a process of the tree under test: File > Import a vendor quote, the preview (where there is one)
# applied at once. Prints the seconds to "Imported", the longest gap between 5 ms ticks of the event loop outside
# the catalog tab's refresh, and the seconds that refresh (re-sorting the table the quote changed) took.
APP_PROBE = """
import os, sys, time
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtCore import QElapsedTimer, QTimer
from PySide6.QtWidgets import QApplication
app = QApplication([])
from gpuplanner.catalog.store import Catalog
from gpuplanner.ui.main_window import MainWindow
from gpuplanner.ui.settings import AppSettings
window = MainWindow(Catalog(), AppSettings())
window.show()
app.processEvents()
gaps, refresh, clock, ticker = [0], [0.0], QElapsedTimer(), QTimer()
reload_tables = window.reload_catalog_tables

def timed_reload():
    gaps.append(clock.restart())
    reload_tables()
    refresh.append(clock.restart() / 1000)

window.reload_catalog_tables = timed_reload
ticker.setInterval(5)
ticker.timeout.connect(lambda: gaps.append(clock.restart()))
clock.start()
ticker.start()
started = time.perf_counter()
window.import_quote_file(sys.argv[1])
while "Imported" not in window.status.text():
    preview = getattr(window, "quote_preview", None)
    if preview is not None and preview.isVisible():
        preview.accept()
    app.processEvents()
    time.sleep(0.001)
    if time.perf_counter() - started > 600:
        raise SystemExit("no import after 600 s")
seconds = time.perf_counter() - started
app.processEvents()
print(seconds, max(gaps), sum(refresh))
window.close_without_asking = True
window.close()
"""


def _seed(data_dir: Path, count: int) -> None:
    """The user's catalog edits with `count` cloud instances of their own (ids quote-bench-00000…)."""
    from gpuplanner.catalog.store import Catalog

    catalog = Catalog(overrides_path=data_dir / "overrides.db")
    template = {key: value for key, value in catalog.rows("cloud_instances")[0].items() if key != "origin"}
    catalog.save_user_rows([("cloud_instances", {**template, "id": f"quote-bench-{i:05d}", "on_demand_per_hour": 10.0,
                                                 "currency": "USD"}) for i in range(count)])


def _quote(path: Path, count: int) -> None:
    day = dt.date.today().isoformat()
    lines = ["item,unit_price,currency,date,note"]
    lines += [f"quote-bench-{i:05d},{12 + i % 97}.25,USD,{day},reseller quote {i}" for i in range(count)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run(tree: Path, argv: list[str], seeded: Path, scratch: Path, name: str) -> tuple[float, float, str]:
    """Wall time, CPU time (user + system: what a busy machine does not inflate) and stdout of `argv` run from
    `tree`, into a fresh copy of the seeded catalog."""
    data_dir = scratch / name
    shutil.copytree(seeded, data_dir)
    env = {**os.environ, "GPUPLANNER_DATA_DIR": str(data_dir), "PYTHONPATH": str(tree)}
    started, cpu = time.perf_counter(), _cpu_seconds()
    done = subprocess.run([sys.executable, *argv], cwd=tree, env=env, capture_output=True, check=False)
    seconds, cpu = time.perf_counter() - started, _cpu_seconds() - cpu
    if done.returncode != 0:
        raise RuntimeError(f"{tree}: {done.stderr.decode(errors='replace')}")
    return seconds, cpu, done.stdout.decode()


def _median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", metavar="REV", help="also time this git revision, in the same run")
    parser.add_argument("--lines", type=int, default=LINES, help="lines of the quote, its header included")
    args = parser.parse_args(argv)
    lines = max(2, min(args.lines, LINES))
    with tempfile.TemporaryDirectory(prefix="gpuplanner-quote-bench-") as scratch_name:
        scratch = Path(scratch_name)
        seeded, quote = scratch / "seeded", scratch / "quote.csv"
        _seed(seeded, lines - 1)
        _quote(quote, lines - 1)
        trees = {"this tree": ROOT}
        if args.before:
            trees = {f"before ({args.before})": tree_at(args.before, scratch / "before"), **trees}
        target = f"{TARGET_S:8.1f}" if lines == LINES else f"{'-':>8}"
        print(f"quote import ({lines:,} lines, {lines - 1:,} items; command line: a fresh `gpuplanner import-quote`, "
              f"median of {REPEATS} for this tree; app: once, offscreen)", flush=True)
        header = (f"  {'code':<24}{'CLI s':>8}{'CPU s':>8}{'target':>8}{'CPU/target':>11}{'app s':>8}"
                  f"{'longest GUI stall ms':>22}{'table refresh s':>17}")
        print(header, flush=True)
        for number, (label, tree) in enumerate(trees.items()):
            repeats = REPEATS if tree == ROOT else 1
            runs = [_run(tree, ["-m", "gpuplanner", "import-quote", str(quote)], seeded, scratch,
                         f"cli-{number}-{run}") for run in range(repeats)]
            cli, cli_cpu = _median([run[0] for run in runs]), _median([run[1] for run in runs])
            _, _, out = _run(tree, ["-c", APP_PROBE, str(quote)], seeded, scratch, f"app-{number}")
            app_s, stall_ms, refresh_s = (float(value) for value in out.split()[-3:])
            ratio = f"{cli_cpu / TARGET_S:10.2f}x" if lines == LINES else f"{'-':>11}"
            print(f"  {label:<24}{cli:8.2f}{cli_cpu:8.2f}{target}{ratio}{app_s:8.2f}{stall_ms:22.0f}"
                  f"{refresh_s:17.2f}", flush=True)
        print(f"  (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs: on a busy machine the wall times "
              "grow, the CPU time does not)")


if __name__ == "__main__":
    main()
