"""How the 70B plan's cost grows with the catalog: synthetic catalogs of 1x, 3x, 10x and 30x today's (every GPU,
server, cloud and availability row copied under new ids, the copies' servers and offers pointing at the copied GPUs:
the same shapes and prices, more of them), each planned in a fresh process for its time and peak RSS, by this tree's
code and by an earlier commit's (`--before REF`, default: the merge base with main) side by side, in one run.

The catalogs are temporary databases; the shipped catalog is never written."""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from revisions import merge_base, tree_at

ROOT = Path(__file__).resolve().parent.parent
FACTORS = (1, 3, 10, 30)
# The 70B plan of plan_timing, and the app's heaviest (wizard defaults: 2T tokens, no deadline: every count).
SCENARIOS = {
    "70B, 60-day deadline": {"task": "pretrain", "model": {"preset": "llama-2-70b"},
                             "constraints": {"deadline_days": 60}},
    "70B, 2T tokens, no deadline": {"task": "pretrain", "model": {"preset": "llama-2-70b"},
                                    "training": {"tokens": 2e12}, "constraints": {}},
}
REPEATS = 2  # plans per process after the first (warm median)
PROCESSES = 3
# Targets for the 10x catalog: in-process plan time and the whole process's peak RSS.
TARGET_10X_MS, TARGET_10X_MB = 1000.0, 200.0
# Rows that name a GPU: table -> the column(s) holding its id(s) (servers list several, ';'-separated).
GPU_REFERENCES = {"servers": "gpu_ids", "cloud_instances": "gpu_id", "availability": "gpu_id"}


def copy_id(row_id: str, copy: int) -> str:
    return f"{row_id}--copy{copy}"


# Price columns a copy changes (copy k at 1 + k/1000 times the original), so that no two listings cost the same:
# the plan prices every one of them, as it would prices gathered from many sellers and regions.
PRICE_COLUMNS = {"gpus": ("price_usd_low", "price_usd_high"), "servers": ("price_usd",),
                 "cloud_instances": ("on_demand_per_hour", "reserved_per_hour", "spot_per_hour")}


def scaled_catalog(source: Path, factor: int, target: Path) -> Path:
    """A copy of `source` with its GPU, server, cloud and availability rows `factor` times over: copy k of each row
    has id '<id>--copy<k>', names the GPUs of copy k (the model keeps its name, marked '(copy k)') and its prices
    are 1 + k/1000 times the original's (PRICE_COLUMNS)."""
    shutil.copyfile(source, target)
    with sqlite3.connect(target) as db:
        for table in ("gpus", *GPU_REFERENCES):
            columns = [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
            rows = db.execute(f"SELECT {', '.join(columns)} FROM {table}").fetchall()
            for copy in range(1, factor):
                for row in rows:
                    values = dict(zip(columns, row, strict=True))
                    values["id"] = copy_id(str(values["id"]), copy)
                    if table == "gpus":
                        values["model"] = f"{values['model']} (copy {copy})"
                    for column in PRICE_COLUMNS.get(table, ()):
                        if values.get(column) is not None:
                            values[column] = float(values[column]) * (1.0 + copy / 1000.0)
                    reference = GPU_REFERENCES.get(table)
                    if reference and values.get(reference):
                        values[reference] = ";".join(copy_id(gpu, copy) for gpu in str(values[reference]).split(";"))
                    db.execute(f"INSERT INTO {table} ({', '.join(values)}) VALUES ({', '.join('?' * len(values))})",
                               tuple(values.values()))
    return target


def measure(catalog_path: Path, scenario_name: str) -> dict[str, float | str]:
    """In this process: the scenario's plan on the catalog at `catalog_path` (the first, with the catalog's options
    built, and the warm median, ms), the plans evaluated, a digest of the result's JSON, and the process's peak RSS
    (MiB; Linux reports ru_maxrss in KiB)."""
    from gpuplanner.catalog.options import hardware_options
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.core.planning.plan import plan_catalog
    from gpuplanner.core.planning.plan_settings import plan_settings
    from gpuplanner.core.results.export import result_json
    from gpuplanner.service import scenario_from_data

    catalog = Catalog(bundled_path=catalog_path, overrides_path=None)
    times, cpu = [], []
    for _ in range(REPEATS + 1):
        started, started_cpu = time.perf_counter(), time.process_time()
        scenario = scenario_from_data(SCENARIOS[scenario_name], catalog)
        settings = plan_settings(scenario)
        result = plan_catalog(scenario, hardware_options(catalog, settings.power, settings.region), settings)
        times.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
    warm, warm_cpu = sorted(times[1:]), sorted(cpu[1:])
    return {"first_ms": times[0], "warm_ms": warm[len(warm) // 2], "warm_cpu_ms": warm_cpu[len(warm_cpu) // 2],
            "evaluated": result.evaluated,
            "answer": hashlib.sha256(result_json(result).encode()).hexdigest(),
            "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0}


def _in_process(code: Path, catalog_path: Path, scenario_name: str) -> dict[str, float | str]:
    """`measure` in a fresh process importing `code`'s gpuplanner (its own peak RSS, no warm caches)."""
    env = {**os.environ, "PYTHONPATH": str(code)}
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--measure", str(catalog_path),
                           "--scenario", scenario_name], env=env, cwd=str(code), capture_output=True, text=True,
                          check=False)
    if done.returncode != 0:
        raise RuntimeError(done.stderr)
    return json.loads(done.stdout.splitlines()[-1])


def _medians(runs: list[dict[str, float | str]]) -> dict[str, float | str]:
    """Each figure's median over the runs (the answer digests must all agree)."""
    middle = len(runs) // 2
    answers = {run["answer"] for run in runs}
    return {"first_ms": sorted(float(run["first_ms"]) for run in runs)[middle],
            "warm_ms": sorted(float(run["warm_ms"]) for run in runs)[middle],
            "warm_cpu_ms": sorted(float(run["warm_cpu_ms"]) for run in runs)[middle],
            "peak_mb": sorted(float(run["peak_mb"]) for run in runs)[middle],
            "evaluated": runs[0]["evaluated"], "answer": answers.pop() if len(answers) == 1 else "varies"}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--before", help="the commit to compare with (default: the merge base with main)")
    parser.add_argument("--factors", default=",".join(map(str, FACTORS)), help="catalog sizes, comma-separated")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)  # the worker process
    parser.add_argument("--scenario", default=next(iter(SCENARIOS)), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure is not None:
        print(json.dumps(measure(args.measure, args.scenario)))
        return
    factors = [int(f) for f in args.factors.split(",")]
    before_ref = args.before or merge_base()
    with tempfile.TemporaryDirectory(prefix="gpuplanner-scaling-") as scratch:
        directory = Path(scratch)
        before_code = tree_at(before_ref, directory / "before")
        print(f"catalog scaling: each catalog planned in {PROCESSES} fresh processes per code, before = "
              f"{before_ref[:10]} and after = this tree alternating; medians. first: the first plan (the catalog's "
              f"options built), warm: median of the {REPEATS} after it, wall clock and the process's CPU time (the "
              f"steadier on a shared machine); MB: the process's peak RSS")
        catalogs = []
        for factor in factors:
            path = scaled_catalog(ROOT / "catalog.db", factor, directory / f"catalog-{factor}x.db")
            with sqlite3.connect(path) as db:
                counts = tuple(db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
                               for table in ("gpus", "cloud_instances"))
            catalogs.append((factor, path, counts))
        for name in SCENARIOS:
            print(f"  {name}")
            print(f"  {'catalog':>8}{'GPUs':>6}{'offers':>7}{'plans':>7} |{'first ms':>16}{'warm ms':>16}"
                  f"{'warm CPU ms':>23}{'peak MB':>14} | same JSON")
            print(f"  {'':>28} |{'before':>9}{'after':>7}{'before':>9}{'after':>7}{'before':>9}{'after':>7}{'ratio':>7}"
                  f"{'before':>8}{'after':>6} |")
            for factor, path, (gpus, offers) in catalogs:
                runs: dict[str, list[dict[str, float | str]]] = {"before": [], "after": []}
                for _ in range(PROCESSES):  # alternating, so both see the same load on a shared machine
                    runs["before"].append(_in_process(before_code, path, name))
                    runs["after"].append(_in_process(ROOT, path, name))
                before, after = _medians(runs["before"]), _medians(runs["after"])
                same = "yes" if before["answer"] == after["answer"] != "varies" else "NO"
                print(f"  {factor:>7}x{gpus:>6}{offers:>7}{after['evaluated']:>7} |{before['first_ms']:>9.0f}"
                      f"{after['first_ms']:>7.0f}{before['warm_ms']:>9.0f}{after['warm_ms']:>7.0f}"
                      f"{before['warm_cpu_ms']:>9.0f}{after['warm_cpu_ms']:>7.0f}"
                      f"{float(before['warm_cpu_ms']) / float(after['warm_cpu_ms']):>6.1f}x"
                      f"{before['peak_mb']:>8.0f}{after['peak_mb']:>6.0f} | {same}")
        print(f"  targets, 10x catalog: <= {TARGET_10X_MS:g} ms and <= {TARGET_10X_MB:g} MB peak")


if __name__ == "__main__":
    main()
