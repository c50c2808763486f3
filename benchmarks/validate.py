"""Print the accuracy tables: every covered published run, published vs predicted, error %."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from gpuplanner.calibration.replay import (
    SCALE_OUT_TITLE,
    energy_cases,
    finetune_cases,
    finetune_memory_cases,
    format_scale_out,
    format_table,
    fsdp_scale_out_cases,
    gpu_hour_cases,
    hf_full_finetune_memory_cases,
    inference_cases,
    memory_cases,
    run_cases,
    scale_out_rows,
    small_model_gpu_hour_cases,
    torchtune_flag_cases,
    training_cases,
    vision_cases,
)
from gpuplanner.catalog.store import Catalog

TABLES = (
    ("Training step time / throughput vs published runs", training_cases),
    ("Whole-run GPU-hours (published totals include failures and restarts; the estimates count the expected "
     "interruptions and checkpoints)",
     gpu_hour_cases),
    ("Whole-run GPU-hours of 1-3B models (judged apart: their totals run further above the estimates)",
     small_model_gpu_hour_cases),
    ("Inference latency / throughput vs published runs", inference_cases),
    ("Fine-tuning time and memory vs published runs", finetune_cases),
    ("Memory vs published files and runs", memory_cases),
    ("Fine-tuning peak memory vs published runs (allocated tensors, GiB)", finetune_memory_cases),
    ("Full fine-tuning memory in use under Hugging Face Transformers (GiB)", hf_full_finetune_memory_cases),
    ("Pure-bf16 full fine-tuning, eager and compiled (torchtune's optimization flags)", torchtune_flag_cases),
    ("Energy per run vs published figures", energy_cases),
    ("Image-model training throughput vs NVIDIA DeepLearningExamples", vision_cases),
)


def main() -> None:
    catalog = Catalog(overrides_path=None)
    started = time.perf_counter()
    count = 0
    for title, cases in TABLES:
        results = run_cases(cases(), catalog)
        count += len(results)
        print(title)
        print(format_table(results))
        print()
    scaling = run_cases(fsdp_scale_out_cases(), catalog)
    count += len(scaling)
    print(SCALE_OUT_TITLE)
    print(format_scale_out(scale_out_rows(scaling)))
    print()
    print("The same rows' throughput per GPU (their level, not judged: the scale-out above is)")
    print(format_table(scaling))
    print()
    striped = run_cases(fsdp_scale_out_cases(striped=True), catalog)
    count += len(striped)
    print(SCALE_OUT_TITLE + ", with assumptions.node_striped_collectives")
    print(format_scale_out(scale_out_rows(striped)))
    print()
    print(f"{count} cases evaluated in {time.perf_counter() - started:.2f} s")


if __name__ == "__main__":
    main()
