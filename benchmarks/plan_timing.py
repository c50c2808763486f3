"""Time `plan` on the example scenarios against the issue-15 targets, each as a ratio measured in this run:
in-process (first call, then warm median of 5), the whole `gpuplanner plan` process against `python -c "import
numpy"`, and the process's peak RSS."""

from __future__ import annotations

import compileall
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gpuplanner.catalog.options import hardware_options
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.plan import plan_catalog
from gpuplanner.core.plan_settings import plan_settings
from gpuplanner.service import scenario_from_data

EXAMPLES = {
    "70B pretrain, 60-day deadline": {"task": "pretrain", "model": {"preset": "llama-2-70b"},
                                      "constraints": {"deadline_days": 60}},
    "7B LoRA, 30k USD on-prem": {"task": "lora", "model": {"preset": "llama-2-7b"}, "seq_len": 2048,
                                 "training": {"tokens": 2e8, "global_batch": 32},
                                 "constraints": {"budget": 30000, "deployment": "on-prem"}},
    "70B serving, 5000 tok/s": {"task": "inference", "model": {"preset": "llama-3.1-70b"},
                                "inference": {"weight_dtype": "fp8", "kv_dtype": "fp8", "batch": 64},
                                "constraints": {"target_output_tokens_per_s": 5000}},
}
TARGET_MS = {"70B pretrain, 60-day deadline": 50.0, "70B serving, 5000 tok/s": 10.0}
# The issue states the 70B target both ways: 50 ms, and at most 0.5 x the interpreter's start with numpy (the
# machine-independent form, measured in the same run).
TARGET_NUMPY_RATIO = {"70B pretrain, 60-day deadline": 0.5}
PROCESS_RATIO_TARGET, RSS_TARGET_MIB = 2.5, 60.0
REPEATS = 5
# Whole processes vary more on a shared machine than calls in one: more of them, interleaved with numpy's start.
PROCESS_REPEATS = 9


def _median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def _process_seconds(argv: list[str], repeats: int = REPEATS) -> tuple[float, float]:
    """Median wall time of a fresh process, and its peak RSS in MiB (Linux reports ru_maxrss in KiB)."""
    times, rss = [], 0.0
    for _ in range(repeats):
        started = time.perf_counter()
        done = subprocess.run(argv, capture_output=True, check=False)
        times.append(time.perf_counter() - started)
        if done.returncode != 0:
            raise RuntimeError(done.stderr.decode(errors="replace"))
        rss = max(rss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0)
    return _median(times), rss


def main() -> None:
    catalog = Catalog(overrides_path=None)
    numpy_s, _ = _process_seconds([sys.executable, "-c", "import numpy"])
    print("plan timing (catalog-wide recommendation; in-process, ms)")
    print(f"  {'scenario':<32}{'first':>8}{'warm':>8}{'target':>8}{'ratio':>8}{'/numpy':>8}{'target':>8}  plans  #1")
    for label, data in EXAMPLES.items():
        runs = []
        for _ in range(REPEATS + 1):
            started = time.perf_counter()
            scenario = scenario_from_data(data, catalog)
            settings = plan_settings(scenario)
            result = plan_catalog(scenario, hardware_options(catalog, settings.power, settings.region), settings)
            runs.append(time.perf_counter() - started)
        first, warm = runs[0] * 1000, _median(runs[1:]) * 1000
        best = result.best
        top = f"{best.count} x {best.gpu} ({best.deployment})" if best else "no plan"
        target = TARGET_MS.get(label)
        ratio = f"{warm / target:7.1f}x" if target else "       -"
        target_text = f"{target:8.0f}" if target else "       -"
        per_numpy = warm / (numpy_s * 1000)
        numpy_target = TARGET_NUMPY_RATIO.get(label)
        numpy_target_text = f"{numpy_target:7.2f}x" if numpy_target else "       -"
        print(f"  {label:<32}{first:8.0f}{warm:8.0f}{target_text}{ratio}{per_numpy:7.2f}x{numpy_target_text}  "
              f"{result.evaluated:5d}  {top}")
    print(f"  (/numpy: warm time over `python -c \"import numpy\"`, {numpy_s * 1000:.0f} ms in this run)")
    # An installed copy has its bytecode compiled (pip compiles on install, the frozen app ships .pyc files); a
    # source tree under PYTHONDONTWRITEBYTECODE recompiles every edited module at each start, which is not what a
    # user waits for. numpy's bytecode was compiled when it was installed.
    compileall.compile_dir(str(Path(__file__).resolve().parent.parent / "gpuplanner"), quiet=1)
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "70b.json"
        path.write_text(json.dumps(EXAMPLES["70B pretrain, 60-day deadline"]), encoding="utf-8")
        env_cli = [sys.executable, "-m", "gpuplanner", "plan", str(path), "--format", "json"]
        os.environ.setdefault("GPUPLANNER_DATA_DIR", scratch)
        # Interleaved with numpy's start, so both medians see the same load on this machine.
        plan_runs, numpy_runs, rss = [], [], 0.0
        for _ in range(PROCESS_REPEATS):
            numpy_runs.append(_process_seconds([sys.executable, "-c", "import numpy"], repeats=1)[0])
            seconds, peak = _process_seconds(env_cli, repeats=1)
            plan_runs.append(seconds)
            rss = max(rss, peak)
        plan_s, start_s = _median(plan_runs), _median(numpy_runs)
    print(f"  whole `gpuplanner plan` process, 70B (bytecode compiled): {plan_s * 1000:.0f} ms = "
          f"{plan_s / start_s:.1f}x `python -c \"import numpy\"` ({start_s * 1000:.0f} ms, interleaved; "
          f"target {PROCESS_RATIO_TARGET:g}x)")
    print(f"  peak RSS of those processes: {rss:.0f} MiB (target {RSS_TARGET_MIB:g} MiB)")


if __name__ == "__main__":
    main()
