"""The planner's own cost as the machine instructions a warm plan executes, by this tree's code and by an earlier
commit's (`--before REF`, default: where this branch left main), side by side: valgrind's instruction count does not
move with the load of a shared machine, where CPU time does by a factor of two. Each count is of a fresh process
under `valgrind --tool=callgrind`: (the instructions of 1 + K plans - those of 1 plan) / K is one warm plan's
(catalog load, imports and the first plan's caches cancel out); bytecode is compiled first in both trees.
Usage: python benchmarks/plan_instructions.py [--before REF] [--plans K]"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from revisions import ROOT, merge_base, tree_at

# plan_timing's scenarios with a target: the 70B pretrain under a deadline, and serving.
SCENARIOS = {
    "70B pretrain, 60-day deadline": {"task": "pretrain", "model": {"preset": "llama-2-70b"},
                                      "constraints": {"deadline_days": 60}},
    "70B serving, 5000 tok/s": {"task": "inference", "model": {"preset": "llama-3.1-70b"},
                                "inference": {"weight_dtype": "fp8", "kv_dtype": "fp8", "batch": 64},
                                "constraints": {"target_output_tokens_per_s": 5000}},
}
WARM_PLANS = 3
COLLECTED = re.compile(r"Collected : (\d+)")


def plan_repeatedly(name: str, times: int) -> None:
    """The worker: `times` plans of the scenario on the shipped catalog, in this process."""
    from gpuplanner.catalog.options import hardware_options
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.core.planning.plan import plan_catalog
    from gpuplanner.core.planning.plan_settings import plan_settings
    from gpuplanner.service import scenario_from_data

    catalog = Catalog(overrides_path=None)
    for _ in range(times):
        scenario = scenario_from_data(SCENARIOS[name], catalog)
        settings = plan_settings(scenario)
        plan_catalog(scenario, hardware_options(catalog, settings.power, settings.region), settings)


def instructions(code: Path, name: str, times: int) -> int:
    """Instructions of a fresh process importing `code`'s gpuplanner and planning the scenario `times` times."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                           str(Path(__file__).resolve()), "--worker", name, "--times", str(times)],
                          cwd=str(code), env={**os.environ, "PYTHONPATH": str(code), "PYTHONHASHSEED": "0"},
                          capture_output=True, text=True, check=False)
    found = COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise RuntimeError(done.stderr[-2000:])
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="the commit to compare with (default: where this branch left main)")
    parser.add_argument("--plans", type=int, default=WARM_PLANS, help="warm plans counted (K)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--times", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker is not None:
        plan_repeatedly(args.worker, args.times)
        return 0
    if shutil.which("valgrind") is None:
        print("plan_instructions: valgrind is not installed (it counts the instructions)", file=sys.stderr)
        return 2
    before_ref = args.before or merge_base()
    with tempfile.TemporaryDirectory(prefix="gpuplanner-instructions-") as scratch:
        trees = {"before": tree_at(before_ref, Path(scratch) / "before"), "after": ROOT}
        for tree in trees.values():
            compileall.compile_dir(str(tree / "gpuplanner"), quiet=1)
        print(f"plan instructions (valgrind callgrind; one warm plan = (1 + {args.plans} plans - 1 plan) / "
              f"{args.plans}, fresh processes; before = {before_ref[:10]}, after = this tree)")
        print(f"  {'scenario':<32}{'before':>16}{'after':>16}{'after/before':>14}   first-plan process before / after")
        for name in SCENARIOS:
            warm: dict[str, float] = {}
            first: dict[str, int] = {}
            for label, tree in trees.items():
                first[label] = instructions(tree, name, 1)
                warm[label] = (instructions(tree, name, 1 + args.plans) - first[label]) / args.plans
            print(f"  {name:<32}{warm['before'] / 1e6:>14,.1f} M{warm['after'] / 1e6:>14,.1f} M"
                  f"{warm['after'] / warm['before']:>13.3f}x   {first['before'] / 1e6:,.0f} M / "
                  f"{first['after'] / 1e6:,.0f} M")
    return 0


if __name__ == "__main__":
    sys.exit(main())
