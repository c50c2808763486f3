"""Output lengths that spread about their mean (inference.output_length_distribution): a set of requests submitted at
once lasts until its longest request ends, its batch thinning out on the way."""

from __future__ import annotations

import pytest

from gpuplanner.core.estimates.estimate import estimate
from gpuplanner.core.serving.lengths import OutputLengths, decode_survival, drain_schedule
from gpuplanner.service import scenario_from_data


def offline(requests: int, lengths: str, gpu: str = "h100-sxm5-80gb") -> dict:
    return {"task": "inference", "model": {"preset": "llama-3.1-8b"}, "precision": "fp16",
            "inference": {"batch": requests, "input_tokens": 224, "output_tokens": 194, "weight_dtype": "fp8",
                          "kv_dtype": "bf16", "engine": "vllm", "max_running_requests": 1024,
                          "output_length_distribution": lengths},
            "hardware": {"gpu": gpu, "count": 1}, "parallelism": {"tp": 1}}


def tokens_per_s(catalog, scenario: dict) -> float:
    serving = estimate(scenario_from_data(scenario, catalog), alternatives=False).inference
    assert serving is not None
    return serving.output_tokens_per_s


def test_the_sharegpt_shape_keeps_the_scenarios_mean() -> None:
    """The shape is scaled to the mean asked for: 1 + the expected decode steps is the mean length."""
    for mean in (50, 194, 1000):
        survival = decode_survival(OutputLengths.SHAREGPT, mean)
        assert 1.0 + survival.sum() == pytest.approx(mean, rel=1e-9)
        assert survival[0] <= 1.0 and all(survival[:-1] >= survival[1:])  # a survival function
        assert len(survival) > 3 * mean  # the longest reply is several times the mean


def test_a_set_of_spread_requests_lasts_about_as_long_as_its_longest_and_longer_with_more_of_them() -> None:
    """All admitted at once: fixed lengths end together after mean - 1 decode steps; spread ones go on until the
    longest ends, which takes longer the more requests there are (the expected maximum of more draws), and the
    decode tokens stay those of the mean."""
    fixed = drain_schedule(320, 1024, 194, OutputLengths.FIXED)
    assert 193 <= fixed.expected_steps <= 193 + 193 / 64 + 1  # to the schedule's resolution, a 64th of the longest
    spans = []
    for requests in (8, 64, 512):
        run = drain_schedule(requests, 1024, 194, OutputLengths.SHAREGPT)
        assert float(run.steps @ run.batch) == pytest.approx(requests * 193, rel=1e-6)
        spans.append(run.expected_steps)
    longest = len(decode_survival(OutputLengths.SHAREGPT, 194))
    assert 193 < spans[0] < spans[1] < spans[2] < longest


def test_a_dataset_run_lasts_longer_than_one_of_fixed_lengths_and_the_more_so_the_more_requests(catalog) -> None:
    """At equal mean output, the run of spread lengths reads every weight for each of its tail's near-empty steps: it
    lasts longer than the fixed-length run, and the time it adds grows with the requests sent at once (a longer tail
    for the same mean), while the default, fixed, is what the planner gave before."""
    added = []
    for requests in (8, 64, 320):
        fixed = requests * 194 / tokens_per_s(catalog, offline(requests, "fixed"))
        spread = requests * 194 / tokens_per_s(catalog, offline(requests, "sharegpt"))
        assert spread > 1.5 * fixed
        added.append(spread - fixed)
    assert 0.0 < added[0] < added[1] < added[2]
    plain = offline(320, "fixed")
    del plain["inference"]["output_length_distribution"]
    assert tokens_per_s(catalog, plain) == tokens_per_s(catalog, offline(320, "fixed"))


def test_a_queue_of_spread_requests_keeps_the_engine_full_until_it_drains(catalog) -> None:
    """More requests than the engine runs: a slot freed by a short request takes the next one at once, so the tail
    is paid once for the whole queue, and the longer the queue the smaller its share of the run."""
    short = drain_schedule(2_000, 256, 194, OutputLengths.SHAREGPT)
    long = drain_schedule(20_000, 256, 194, OutputLengths.SHAREGPT)
    full = 193 / 256  # decode steps a request costs at the full admission
    assert short.expected_steps / 2_000 > long.expected_steps / 20_000 > full
    assert long.expected_steps / 20_000 == pytest.approx(full, rel=0.05)
