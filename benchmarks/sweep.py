"""Full-catalog layout sweep for a 70B pretraining scenario: every GPU x counts 1..4096 x every layout, each layout's
memory and step time (the planner itself times only the layouts that run or nearly fit)."""

from __future__ import annotations

import time

from gpuplanner.catalog.store import Catalog
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.estimates.result_parts import supported_precision
from gpuplanner.core.hardware.hardware import Precision
from gpuplanner.core.training.layout import search_layouts
from gpuplanner.core.training.performance import training_step_time
from gpuplanner.core.training.workload import Assumptions, Cluster, TrainingWorkload

COUNTS = [1 << k for k in range(13)]  # 1 ... 4096


def sweep(catalog: Catalog) -> tuple[int, int, int]:
    model = catalog.model("llama-2-70b")
    assumptions = Assumptions()
    layouts = fitting = searches = 0
    for gpu in catalog.gpus():
        try:
            precision, _ = supported_precision(gpu, Precision.BF16)
        except InputError:
            continue  # no published peak at all (e.g. a card with only an FP32 figure)
        workload = TrainingWorkload(model, seq_len=4096, global_batch=1024, tokens=2e12, precision=precision)
        for count in COUNTS:
            try:
                cluster = Cluster(gpu, count, min(8, count))
                search = search_layouts(workload, cluster, assumptions, runner_up_times=False)
            except InputError:
                continue
            training_step_time(workload, cluster, search.layouts, assumptions)
            searches += 1
            layouts += len(search.layouts)
            fitting += int(search.fits.sum())
            search.best_index()
    return searches, layouts, fitting


def main(repeats: int = 5) -> None:
    catalog = Catalog(overrides_path=None)
    gpus = catalog.gpus()
    sweep(catalog)  # warm-up (imports, catalog cache)
    timings = []
    for _ in range(repeats):
        started = time.perf_counter()
        searches, layouts, fitting = sweep(catalog)
        timings.append(time.perf_counter() - started)
    best, median = min(timings), sorted(timings)[len(timings) // 2]
    print(f"Full-catalog sweep, Llama-2-70B pretraining: {len(gpus)} GPUs x counts 1..4096 = {searches} searches,"
          f" {layouts:,} layouts ({fitting:,} fit)")
    print(f"  time: best {best * 1000:.0f} ms, median {median * 1000:.0f} ms over {repeats} runs"
          f" ({layouts / best / 1e6:.2f} M layouts/s)")


if __name__ == "__main__":
    main()
