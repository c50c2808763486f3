"""Check that the package replays every case of the former benchmarks/replay.py (read from git at REVISION) the same,
in the same order; with --write, first (re)write each published run's `replay` blocks in
resources/reference/published-runs.json (and vision-runs.json) from that module's hand-typed cases: how the blocks
were made, and how a branch that still edits benchmarks/replay.py is merged (resolve published-runs.json to the
branch's runs, then --write with its revision).

Usage: PYTHONPATH=. .venv/bin/python scripts/replay_blocks.py REVISION [--write]
"""

from __future__ import annotations

import json
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RUNS = ROOT / "resources" / "reference" / "published-runs.json"
# The case sets of the former module: each its <name>_cases(catalog), but for the pairs of gpt_fast_moe_pairs()
# (kept in order, a pair after a pair). A set the module at that revision lacks is skipped.
SETS = ("training", "gpu_hour", "small_model_gpu_hour", "fsdp_scale_out", "inference", "gpt_fast_moe", "memory",
        "finetune_memory", "hf_full_finetune_memory", "torchtune_flag", "finetune", "energy", "diffusion", "vision")
# Where the cases of runs published-runs.json does not hold go (NVIDIA's DeepLearningExamples tables), a run each.
OTHER = ROOT / "resources" / "reference" / "vision-runs.json"


def old_cases(old: types.ModuleType, name: str, catalog: Any) -> list[Any] | None:
    if name == "gpt_fast_moe":
        return [case for pair in old.gpt_fast_moe_pairs() for case in pair] if hasattr(old, "gpt_fast_moe_pairs") \
            else None
    cases = getattr(old, f"{name}_cases", None)
    return None if cases is None else cases(catalog)


def old_module(revision: str) -> types.ModuleType:
    source = subprocess.run(["git", "show", f"{revision}:benchmarks/replay.py"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    module = types.ModuleType("old_replay")
    sys.modules["old_replay"] = module
    exec(compile(source, "old_replay.py", "exec"), module.__dict__)
    return module


def trace_notes(old: types.ModuleType) -> dict[int, str]:
    """The comment above the code that made each case (why its scenario reads as it does), by the case's id: the
    nearest block of full-line comments above the line that built it, within its paragraph (up to a blank line)."""
    lines = subprocess.run(["git", "show", f"{REVISION[0]}:benchmarks/replay.py"], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.splitlines()
    made: dict[int, str] = {}
    keep: list[Any] = []
    original = old.Case

    def case(*args: Any, **kwargs: Any) -> Any:
        made_case = original(*args, **kwargs)
        frame = sys._getframe(1)
        helpers: list[str] = []  # the docstrings of the old module's helpers that built it (mlperf_lora_case, ...)
        while frame is not None and not (frame.f_code.co_filename == "old_replay.py"
                                         and frame.f_code.co_name.endswith("_cases")):
            helper = getattr(old, frame.f_code.co_name, None) if frame.f_code.co_filename == "old_replay.py" else None
            if helper is not None and helper.__doc__:
                helpers.append(" ".join(helper.__doc__.split()))
            frame = frame.f_back
        if frame is not None and frame.f_code.co_name.startswith("_"):  # a private set of cases: its docstring
            helpers.append(" ".join((getattr(old, frame.f_code.co_name).__doc__ or "").split()))
        if frame is not None:
            index = frame.f_lineno - 1
            comment: list[str] = []
            while index >= 0 and lines[index].strip() and not lines[index].lstrip().startswith("def "):
                text = lines[index].strip()
                if text.startswith("#"):
                    comment.insert(0, text.lstrip("#").strip())
                elif comment:
                    break
                index -= 1
            made[id(made_case)] = " ".join([*comment, *(h for h in helpers if h)])
        keep.append(made_case)
        return made_case

    old.Case = case
    return made


REVISION = ["HEAD"]


def main(argv: list[str]) -> int:
    from gpuplanner.catalog.store import Catalog

    if len(argv) < 2:
        print(__doc__)
        return 2
    REVISION[0] = argv[1]
    old = old_module(REVISION[0])
    catalog = Catalog(overrides_path=None)
    if "--write" not in argv:
        return check(old, catalog)
    conversions: dict[float, dict[str, Any]] = {}

    def eq3(batch: int, seq: int, layers: int, hidden: int, vocab: int, gpus: int, tflops: float) -> float:
        value = original_eq3(batch, seq, layers, hidden, vocab, gpus, tflops)
        conversions[value] = {"conversion": "megatron_2021_eq3", "reported": tflops}
        return value

    def palm(model: dict[str, Any], seq: int, tflops: float, catalog: Any) -> float:
        value = original_palm(model, seq, tflops, catalog)
        conversions[value] = {"conversion": "palm_model_flops", "reported": tflops}
        return value

    def steady(run: dict[str, Any]) -> float:
        value = original_steady(run)
        conversions[value] = {"conversion": "mlperf_steady_state"}
        return value

    original_eq3, original_palm = old.megatron_step_time_s, old._tokens_from_tflops
    original_steady = old._steady_state_tokens_per_s_per_gpu
    old.megatron_step_time_s, old._tokens_from_tflops, old._steady_state_tokens_per_s_per_gpu = eq3, palm, steady
    notes = trace_notes(old)
    runs = json.loads(RUNS.read_text(encoding="utf-8"))
    by_id = {run["id"]: run for run in runs}
    for run in runs:
        run.pop("replay", None)
    others: list[dict[str, Any]] = []
    weak = by_id["megatron-readme-h100-weak-scaling-table"]
    for row in weak["results"]["rows"]:
        _size, _heads, hidden, layers, *_rest, tflops, _mfu, _aggregate = row
        conversions[tflops * 1e12 / old.megatron_core_flops_per_token(layers, hidden, 131072, 4096)] = {
            "conversion": "megatron_core_model_flops", "reported": tflops}
    for name in SETS:
        cases = old_cases(old, name, catalog)
        for order, case in enumerate(cases or ()):
            path = case.metric if case.block == "root" else f"{case.block}.{case.metric}"
            block: dict[str, Any] = {"set": name, "order": order, "label": case.label, "scenario": case.scenario}
            converted = conversions.get(case.published)
            if converted and name == "training":
                block["converted"] = {"path": path, **converted}
            else:
                block["measured"] = {path: case.published}
            block["derivation"] = case.derivation
            if notes.get(id(case)):
                block["why"] = notes[id(case)]
            if case.tier != "A":
                block["tier"] = case.tier
            if not case.in_median:
                block["in_median"] = False
            if case.requests is not None:
                block["requests"] = case.requests
            if case.run_id not in by_id:  # a run of its own, cited by its derivation
                others.append({"id": case.run_id, "source": {"title": case.derivation}})
                by_id[case.run_id] = others[-1]
            by_id[case.run_id].setdefault("replay", []).append(block)
    RUNS.write_text(json.dumps(runs, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    OTHER.write_text(json.dumps(others, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return check(old, catalog)


def check(old: types.ModuleType, catalog: Any) -> int:
    """Every case of every set the same as the former module's, in the same order."""
    from gpuplanner.calibration import replay

    replay._runs_text.cache_clear()
    replay._cases.cache_clear()
    bad = 0
    for name in SETS:
        before = old_cases(old, name, catalog)
        if before is None:
            continue
        after = replay.cases(name)
        for a, b in zip(before, after, strict=True):
            if (a.run_id, a.label, a.scenario, a.metric, a.published, a.derivation, a.tier, a.in_median, a.block,
                    a.requests) != (b.run_id, b.label, b.scenario, b.metric, b.published, b.derivation, b.tier,
                                    b.in_median, b.block, b.requests):
                print(f"{name}: {a.label} differs:\n  {a}\n  {b}")
                bad += 1
        print(f"{name}: {len(before)} cases checked")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main(sys.argv))
