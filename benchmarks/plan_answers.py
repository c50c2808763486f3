"""The planner's whole answers, before and after: the full JSON of `plan` (every key of the documented contract,
chart points included) for a dozen scenarios, by an earlier commit's code (`--before REF`, default: where this
branch left main) and by this tree's, each in a fresh process, and the keys where they differ. A change meant to
make the planner faster must print no difference.
Usage: python benchmarks/plan_answers.py [--before REF] [--keep DIR]"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from revisions import ROOT, merge_base, tree_at

# Each objective with and without a deadline, each deployment, mainland China, a budget, serving, MoE, a fixed GPU.
SCENARIOS: dict[str, dict[str, Any]] = {
    "70b-cheapest-60d": {"task": "pretrain", "model": {"preset": "llama-2-70b"}, "constraints": {"deadline_days": 60}},
    "70b-cheapest-no-deadline": {"task": "pretrain", "model": {"preset": "llama-2-70b"},
                                 "training": {"tokens": 2e12}, "constraints": {}},
    "13b-fastest-7d": {"task": "finetune", "model": {"preset": "llama-2-13b"}, "training": {"tokens": 1e9},
                       "constraints": {"objective": "fastest", "deadline_days": 7}},
    "8b-fastest-no-deadline-cloud": {"task": "pretrain", "model": {"preset": "llama-3.1-8b"}, "precision": "fp8",
                                     "training": {"tokens": 1e11},
                                     "constraints": {"objective": "fastest", "deployment": "cloud"}},
    "70b-tco-90d-on-prem": {"task": "pretrain", "model": {"preset": "llama-2-70b"},
                            "constraints": {"objective": "lowest-tco", "deadline_days": 90,
                                            "deployment": "on-prem"}},
    "7b-lora-budget-on-prem": {"task": "lora", "model": {"preset": "llama-2-7b"}, "seq_len": 2048,
                               "training": {"tokens": 2e8, "global_batch": 32},
                               "constraints": {"budget": 30000, "deployment": "on-prem"}},
    "13b-cheapest-budget-no-deadline": {"task": "finetune", "model": {"preset": "llama-2-13b"},
                                        "training": {"tokens": 5e9}, "constraints": {"budget": 200000}},
    "70b-cn-mainland-buy": {"task": "pretrain", "model": {"preset": "llama-2-70b"},
                            "constraints": {"deadline_days": 60, "deployment": "on-prem",
                                            "region": "cn-mainland", "currency": "CNY"}},
    "deepseek-r1-cn-mainland-buy": {"task": "inference", "model": {"preset": "deepseek-r1"},
                                    "inference": {"batch": 32, "input_tokens": 1024, "output_tokens": 1024,
                                                  "weight_dtype": "bf16", "kv_dtype": "bf16"},
                                    "constraints": {"deployment": "on-prem", "region": "cn-mainland",
                                                    "currency": "CNY"}},
    "70b-serving": {"task": "inference", "model": {"preset": "llama-3.1-70b"},
                    "inference": {"weight_dtype": "fp8", "kv_dtype": "fp8", "batch": 64},
                    "constraints": {"target_output_tokens_per_s": 5000}},
    "mixtral-moe-30d": {"task": "pretrain", "model": {"preset": "mixtral-8x7b"}, "training": {"tokens": 1e11},
                        "constraints": {"deadline_days": 30}},
    "qwen3-moe-rent-fastest": {"task": "pretrain", "model": {"preset": "qwen3-30b-a3b"},
                               "training": {"tokens": 5e10},
                               "constraints": {"objective": "fastest", "deployment": "cloud", "deadline_days": 20}},
    "70b-fixed-h100": {"task": "pretrain", "model": {"preset": "llama-2-70b"}, "hardware": {"gpu": "h100-sxm5-80gb"},
                       "constraints": {"deadline_days": 60}},
    "405b-90d": {"task": "pretrain", "model": {"preset": "llama-3.1-405b"}, "training": {"tokens": 2e12},
                 "constraints": {"deadline_days": 90}},
}
# Keys a pruned plan may change (the chart's scatter of every option), nothing else.
MAY_DIFFER = ("points", "points_pruned")


def answers() -> dict[str, str]:
    """This process's gpuplanner's JSON answer of each scenario (result_json, as `plan --format json` writes it)."""
    from gpuplanner.catalog.options import hardware_options
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.core.planning.plan import plan_catalog
    from gpuplanner.core.planning.plan_settings import plan_settings
    from gpuplanner.core.results.export import result_json
    from gpuplanner.service import scenario_from_data

    catalog = Catalog(overrides_path=None)
    found = {}
    for name, data in SCENARIOS.items():
        scenario = scenario_from_data(data, catalog)
        settings = plan_settings(scenario)
        found[name] = result_json(plan_catalog(scenario, hardware_options(catalog, settings.power, settings.region),
                                               settings))
    return found


def _answers_of(code: Path) -> dict[str, str]:
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--answers"], cwd=str(code),
                          env={**os.environ, "PYTHONPATH": str(code)}, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(done.stderr)
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def differences(before: Any, after: Any, path: str = "") -> list[str]:
    """The paths (a.b[3].c) where two JSON values differ."""
    if isinstance(before, dict) and isinstance(after, dict):
        return [found for key in sorted(set(before) | set(after))
                for found in (differences(before.get(key), after.get(key), f"{path}.{key}")
                              if key in before and key in after else [f"{path}.{key}"])]
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        return [found for index, (b, a) in enumerate(zip(before, after, strict=True))
                for found in differences(b, a, f"{path}[{index}]")]
    return [] if before == after else [path or "."]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="the commit to compare with (default: where this branch left main)")
    parser.add_argument("--keep", type=Path, help="write each scenario's two JSON answers here")
    parser.add_argument("--answers", action="store_true", help=argparse.SUPPRESS)  # the worker process
    args = parser.parse_args(argv)
    if args.answers:
        print(json.dumps(answers()))
        return 0
    before_ref = args.before or merge_base()
    with tempfile.TemporaryDirectory(prefix="gpuplanner-answers-") as scratch:
        before = _answers_of(tree_at(before_ref, Path(scratch) / "before"))
    after = _answers_of(ROOT)
    changed = 0
    print(f"plan answers, {len(SCENARIOS)} scenarios: before = {before_ref[:10]}, after = this tree")
    for name in SCENARIOS:
        old, new = json.loads(before[name]), json.loads(after[name])
        if args.keep is not None:
            args.keep.mkdir(parents=True, exist_ok=True)
            (args.keep / f"{name}.before.json").write_text(before[name], encoding="utf-8")
            (args.keep / f"{name}.after.json").write_text(after[name], encoding="utf-8")
        found = differences(old, new)
        allowed = [path for path in found if path.split(".")[1].split("[")[0] in MAY_DIFFER]
        other = [path for path in found if path not in allowed]
        changed += bool(other)
        identical = before[name] == after[name]
        print(f"  {name:<34} {'byte-identical' if identical else 'same answers' if not other else 'DIFFERENT'}"
              f"{f' ({len(allowed)} chart points differ)' if allowed else ''}"
              f"{(': ' + ', '.join(other[:5])) if other else ''}  plans {len(new['plans'])}, near misses "
              f"{len(new['near_misses'])}, pareto {len(new['pareto'])}")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
