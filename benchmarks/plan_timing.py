"""Time `plan` on the example scenarios against their targets, each as a ratio measured in this run: in-process
(first call, then warm median of 5, wall clock and CPU time), the whole `gpuplanner plan` process against
`python -c "import numpy"` (wall clock and the child's CPU time: on a shared machine the CPU time is the steadier), and
the process's peak RSS; by this tree's code and by an earlier commit's (`--before REF`, default: where this branch
left main) side by side, each in fresh processes, alternating.
Usage: python benchmarks/plan_timing.py [--before REF]"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from revisions import ROOT, merge_base, tree_at

from gpuplanner.catalog.options import hardware_options
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.planning.plan import plan_catalog
from gpuplanner.core.planning.plan_settings import plan_settings
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
# Warm CPU time of a plan in-process: the 70B plan's on today's catalog (80 ms, the ten-times-the-catalog targets'
# start), the serving plan's 10 ms.
TARGET_MS = {"70B pretrain, 60-day deadline": 80.0, "70B serving, 5000 tok/s": 10.0}
# The issue states the 70B target both ways: 50 ms, and at most 0.5 x the interpreter's start with numpy (the
# machine-independent form, measured in the same run).
TARGET_NUMPY_RATIO = {"70B pretrain, 60-day deadline": 0.5}
PROCESS_RATIO_TARGET, RSS_TARGET_MIB = 2.5, 60.0
REPEATS = 5
# Whole processes vary more on a shared machine than calls in one: more of them, interleaved with numpy's start.
PROCESS_REPEATS = 9


def _median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def _children_cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _process_seconds(argv: list[str], repeats: int = REPEATS, cwd: Path | None = None) -> tuple[float, float, float]:
    """Median wall time of a fresh process, its median CPU time (user + system, of the child alone) and its peak RSS
    in MiB (Linux reports ru_maxrss in KiB)."""
    times, cpu, rss = [], [], 0.0
    for _ in range(repeats):
        started, started_cpu = time.perf_counter(), _children_cpu_s()
        done = subprocess.run(argv, capture_output=True, check=False, cwd=cwd)
        times.append(time.perf_counter() - started)
        cpu.append(_children_cpu_s() - started_cpu)
        if done.returncode != 0:
            raise RuntimeError(done.stderr.decode(errors="replace"))
        rss = max(rss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0)
    return _median(times), _median(cpu), rss


def measure() -> dict[str, dict[str, float | int | str]]:
    """In this process: each example's plan, the first (its catalog options built) and the warm median of REPEATS
    after it (ms, wall clock and CPU time), the plans evaluated and the best."""
    catalog = Catalog(overrides_path=None)
    figures: dict[str, dict[str, float | int | str]] = {}
    for label, data in EXAMPLES.items():
        runs, cpu = [], []
        for _ in range(REPEATS + 1):
            started, started_cpu = time.perf_counter(), time.process_time()
            scenario = scenario_from_data(data, catalog)
            settings = plan_settings(scenario)
            result = plan_catalog(scenario, hardware_options(catalog, settings.power, settings.region), settings)
            runs.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - started_cpu) * 1000)
        best = result.best
        figures[label] = {"first": runs[0], "warm": _median(runs[1:]), "warm_cpu": _median(cpu[1:]),
                          "plans": result.evaluated,
                          "top": f"{best.count} x {best.gpu} ({best.deployment})" if best else "no plan"}
    return figures


def _measured_in(code: Path) -> dict[str, dict[str, float | int | str]]:
    """`measure` in a fresh process importing `code`'s gpuplanner."""
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--measure"], cwd=str(code),
                          env={**os.environ, "PYTHONPATH": str(code)}, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(done.stderr)
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def _medians(runs: list[dict[str, dict[str, float | int | str]]]) -> dict[str, dict[str, float | int | str]]:
    return {label: {**runs[0][label], **{key: _median([float(run[label][key]) for run in runs])
                                         for key in ("first", "warm", "warm_cpu")}} for label in runs[0]}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="the commit to compare with (default: where this branch left main)")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)  # the worker process
    args = parser.parse_args(argv)
    if args.measure:
        print(json.dumps(measure()))
        return
    before_ref = args.before or merge_base()
    with tempfile.TemporaryDirectory(prefix="gpuplanner-plan-timing-") as scratch:
        trees = {"before": tree_at(before_ref, Path(scratch) / "before"), "after": ROOT}
        # An installed copy has its bytecode compiled (pip compiles on install, the frozen app ships .pyc files); a
        # source tree under PYTHONDONTWRITEBYTECODE recompiles every edited module at each start, which is not what
        # a user waits for. numpy's bytecode was compiled when it was installed.
        for tree in trees.values():
            compileall.compile_dir(str(tree / "gpuplanner"), quiet=1)
        runs: dict[str, list[dict[str, dict[str, float | int | str]]]] = {name: [] for name in trees}
        for _ in range(3):  # fresh processes, alternating, so both see the same load on a shared machine
            for name, tree in trees.items():
                runs[name].append(_measured_in(tree))
        before, after = _medians(runs["before"]), _medians(runs["after"])
        numpy_s, _, _ = _process_seconds([sys.executable, "-c", "import numpy"])
        print(f"plan timing (catalog-wide recommendation; in-process, ms; before = {before_ref[:10]}, after = this "
              f"tree; medians of 3 fresh processes each, alternating)")
        print(f"  {'scenario':<32}{'first':>14}{'warm':>14}{'warm CPU':>20}{'target':>8}{'/numpy':>8}{'target':>8}"
              f"  plans  #1")
        print(f"  {'':<32}{'before':>8}{'after':>6}{'before':>8}{'after':>6}{'before':>8}{'after':>6}{'ratio':>6}")
        for label in EXAMPLES:
            b, a = before[label], after[label]
            target = TARGET_MS.get(label)
            numpy_target = TARGET_NUMPY_RATIO.get(label)
            print(f"  {label:<32}{b['first']:8.0f}{a['first']:6.0f}{b['warm']:8.0f}{a['warm']:6.0f}"
                  f"{b['warm_cpu']:8.0f}{a['warm_cpu']:6.0f}{float(b['warm_cpu']) / float(a['warm_cpu']):5.2f}x"
                  f"{target if target else '-':>8}{float(a['warm']) / (numpy_s * 1000):7.2f}x"
                  f"{numpy_target if numpy_target else '-':>8}  {a['plans']:5d}  {a['top']}")
        print(f"  (target: of the warm CPU time; /numpy: this tree's warm time over `python -c \"import numpy\"`, "
              f"{numpy_s * 1000:.0f} ms in this run; ratio: before's warm CPU time over this tree's)")
        path = Path(scratch) / "70b.json"
        path.write_text(json.dumps(EXAMPLES["70B pretrain, 60-day deadline"]), encoding="utf-8")
        os.environ.setdefault("GPUPLANNER_DATA_DIR", scratch)
        # Interleaved with numpy's start, so every median sees the same load on this machine.
        process: dict[str, list[float]] = {"numpy": [], **{name: [] for name in trees}}
        process_cpu: dict[str, list[float]] = {name: [] for name in process}
        rss: dict[str, float] = dict.fromkeys(trees, 0.0)
        for _ in range(PROCESS_REPEATS):
            seconds, cpu, _ = _process_seconds([sys.executable, "-c", "import numpy"], repeats=1)
            process["numpy"].append(seconds)
            process_cpu["numpy"].append(cpu)
            for name, tree in trees.items():
                os.environ["PYTHONPATH"] = str(tree)
                seconds, cpu, peak = _process_seconds([sys.executable, "-m", "gpuplanner", "plan", str(path),
                                                       "--format", "json"], repeats=1, cwd=tree)
                process[name].append(seconds)
                process_cpu[name].append(cpu)
                rss[name] = max(rss[name], peak)
        os.environ.pop("PYTHONPATH", None)
        start_s, start_cpu = _median(process["numpy"]), _median(process_cpu["numpy"])
        for name in trees:
            plan_s, plan_cpu = _median(process[name]), _median(process_cpu[name])
            print(f"  whole `gpuplanner plan` process, 70B (bytecode compiled), {name}: {plan_s * 1000:.0f} ms wall = "
                  f"{plan_s / start_s:.2f}x `python -c \"import numpy\"` ({start_s * 1000:.0f} ms), CPU "
                  f"{plan_cpu * 1000:.0f} ms = {plan_cpu / start_cpu:.2f}x ({start_cpu * 1000:.0f} ms); medians of "
                  f"{PROCESS_REPEATS}, interleaved; target {PROCESS_RATIO_TARGET:g}x")
        print(f"  peak RSS of those processes: before {rss['before']:.0f} MiB, after {rss['after']:.0f} MiB (target "
              f"{RSS_TARGET_MIB:g} MiB; a child's peak, as getrusage reports the largest child so far)")


if __name__ == "__main__":
    main()
