"""Output lengths that differ from request to request, and the run they make when a set of requests is submitted at
once (an offline dataset run): the engine admits what it can, admits more as requests end, and the run lasts until
the longest one ends, its batch thinning out on the way, each of those late steps still reading every weight.

The schedule is worked out in expectation (a mean-field count of the requests running, by how long they have run),
in blocks of decode steps, and depends only on the requests, the admission, the mean length and the shape: it is
cached, and a GPU's step times are laid over it (core.serving.inference.dataset_run).
"""

from __future__ import annotations

import math
from enum import StrEnum
from functools import lru_cache

import numpy as np

from gpuplanner.core.base.records import record


class OutputLengths(StrEnum):
    FIXED = "fixed"  # every request generates the scenario's output tokens
    SHAREGPT = "sharegpt"  # spread as a ShareGPT benchmark run's replies are (SHAREGPT_OUTPUT_QUANTILES)


# The tokens each request of a ShareGPT dataset run generated, by quantile (0, 5 %, ..., 95 %, 98 %, 99 %, 100 %):
# the 216 requests that returned text in LambdaLabsML/vllm-benchmark results/prompt_320/1xH100-80GB-SXM/
# Meta-Llama-3.1-8B-FP8_tp1_len2048.json at a4f9f43 (vLLM's benchmark_serving.py, 320 ShareGPT prompts at once, each
# reply capped at its conversation's, sample_sharegpt_requests keeping prompt <= 1024 and prompt + reply <= 2048):
# mean 203.5, median 183, the longest 780. A scenario's lengths are these scaled to its mean.
SHAREGPT_OUTPUT_QUANTILES = (
    (0.0, 1), (0.05, 4), (0.10, 8), (0.15, 15), (0.20, 22), (0.25, 26), (0.30, 46), (0.35, 79), (0.40, 118),
    (0.45, 149), (0.50, 183), (0.55, 206), (0.60, 234), (0.65, 260), (0.70, 290), (0.75, 316), (0.80, 355),
    (0.85, 392), (0.90, 478), (0.95, 522), (0.98, 606), (0.99, 695), (1.0, 780))
# Blocks the longest request's decode steps are cut into: the schedule's resolution (and its cost, one small
# numpy step a block).
BLOCKS_PER_LONGEST = 64
# Rounds of admission simulated one by one before the rest of a long queue is taken at the steady state (by then the
# requests running have lost the order they were admitted in).
SIMULATED_ROUNDS = 6


@lru_cache(maxsize=64)
def decode_survival(shape: OutputLengths, mean_tokens: int) -> np.ndarray:
    """P(a request still needs decode step i), i = 0, 1, ...: its length L (the prompt's pass gives the first token,
    then L - 1 decode steps), the shape's quantile function scaled so the mean length is `mean_tokens`."""
    if shape == OutputLengths.FIXED:
        return np.ones(max(mean_tokens - 1, 0))
    share, tokens = (np.array(column, dtype=float) for column in zip(*SHAREGPT_OUTPUT_QUANTILES, strict=True))
    relative = tokens / float(np.sum(np.diff(share) * (tokens[1:] + tokens[:-1]) / 2.0))  # mean 1 as interpolated
    longest = max(math.ceil(relative[-1] * mean_tokens), 1)
    steps = np.arange(1, longest + 1, dtype=float)  # P(L > i + 1) for decode step i
    survival = 1.0 - np.interp(steps, relative * mean_tokens, share)
    # Lengths are whole tokens: the survival above is rescaled so that 1 + its sum (the mean length) is mean_tokens.
    total = float(survival.sum())
    return survival * ((mean_tokens - 1) / total) if total > 0 else survival


@record
class DrainSchedule:
    """The decode steps of a dataset run, block by block: the steps with at least one request running (`steps`), the
    mean batch of those steps (`batch`) and the mean tokens generated so far by the requests in them (`age`); and the
    steady-state part of a long queue taken at once (`steady_steps` at the full admission, `steady_age`)."""
    steps: np.ndarray
    batch: np.ndarray
    age: np.ndarray
    steady_steps: float
    steady_age: float

    @property
    def expected_steps(self) -> float:
        """How many decode steps the run lasts, in expectation."""
        return float(self.steps.sum()) + self.steady_steps


@lru_cache(maxsize=256)
def drain_schedule(requests: int, admitted: int, mean_tokens: int, shape: OutputLengths) -> DrainSchedule:
    """`requests` submitted at once, at most `admitted` running, lengths of `shape` with mean `mean_tokens`: the
    first `admitted` start together, and each block the slots freed admit queued requests. The requests run
    independently, so the steps with a batch are the share of a block at which at least one runs (1 - the product of
    each one's chance of not running: a single request's steps are its own length), the batch the mean over them: the
    run's tail of near-empty steps, which a mean length alone leaves out, lasts about as long as the longest of the
    requests."""
    survival = decode_survival(shape, mean_tokens)
    admitted = max(min(admitted, requests), 1)
    block = max(1, math.ceil(len(survival) / BLOCKS_PER_LONGEST))
    blocks = max(1, math.ceil(len(survival) / block))
    padded = np.zeros(blocks * block + block)
    padded[:len(survival)] = survival
    occupancy = padded[:blocks * block].reshape(blocks, block).sum(axis=1)  # steps run in block j after admission
    alive = np.concatenate(([1.0], padded[block:blocks * block + 1:block]))  # running at the start of block j
    ended = alive[:-1] - alive[1:]  # share ending within block j
    offsets = np.arange(blocks, dtype=float) * block + block / 2.0  # mean tokens generated during block j
    mean_steps = float(survival.sum())
    simulated = min(requests, admitted * (SIMULATED_ROUNDS + 1))
    queue = float(simulated - admitted)
    admissions = [float(admitted)]
    steps, batch, age = [], [], []
    while True:
        recent = np.array(admissions[::-1][:blocks])
        depth = len(recent)
        tokens = float(recent @ occupancy[:depth])
        if tokens <= 1e-9 and queue <= 0.0:
            break
        # P(no request runs at a step of the block): each of a cohort's requests runs at one of its steps with its
        # share of the block's steps, independently of the others.
        idle = float(np.prod((1.0 - np.minimum(occupancy[:depth] / block, 1.0)) ** recent))
        with_batch = block * (1.0 - idle)
        steps.append(with_batch)
        batch.append(tokens / with_batch if with_batch > 0 else 0.0)
        age.append(float(recent @ (occupancy[:depth] * offsets[:depth])) / tokens if tokens > 0 else 0.0)
        freed = float(recent @ ended[:depth])
        taken = min(queue, freed)
        queue -= taken
        admissions.append(taken)
    # The queue beyond the simulated rounds runs at the full admission in steady state, its requests' mean age the
    # length-biased one, E[L^2] / 2E[L] of the decode steps (the inspection paradox).
    rest_steps = (requests - simulated) * mean_steps / admitted
    index = np.arange(1, len(survival) + 1, dtype=float)
    steady_age = float(((2.0 * index - 1.0) * survival).sum() / (2.0 * mean_steps)) if mean_steps > 0 else 0.0
    return DrainSchedule(np.array(steps), np.array(batch), np.array(age), rest_steps, steady_age)
