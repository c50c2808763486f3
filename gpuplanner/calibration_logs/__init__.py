"""Measured runs from the files benchmark and training tools write, for `calibrate`: each log's figures as paths of
`estimate`'s JSON, joined with the user's scenario of the run into the runs file `calibrate` reads
({"runs": [{"scenario", "measured", "source", "date"}]}).

`read_measured(path)` recognises the format by its content (never by the file name); `runs_from_logs(scenario,
logs)` gives the runs. A file of no known format, or one cut short, is an InputError naming the file."""

from __future__ import annotations

import copy
import os
from collections.abc import Sequence

from gpuplanner.calibration_logs.reading import (
    FIELD,
    LogReading,
    RunEntry,
    file_date,
    foreign,
    json_records,
    read_log_text,
)
from gpuplanner.calibration_logs.serving import (
    is_llama_bench,
    is_one_batch_record,
    is_one_batch_text,
    is_serving_benchmark,
    llama_bench_readings,
    one_batch_records,
    one_batch_text,
    serving_readings,
)
from gpuplanner.calibration_logs.training import (
    is_megatron,
    is_torchtitan,
    is_trainer_results,
    is_trainer_state,
    megatron_readings,
    torchtitan_readings,
    trainer_results_readings,
    trainer_state_readings,
)
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.scenario.fields import ScenarioDocument
from gpuplanner.scenario_file import load_scenario_json

__all__ = ["LogReading", "RunEntry", "read_measured", "runs_from_logs"]

MAX_SOURCE = 600  # characters of the run's "source" text


def read_measured(path: str) -> list[LogReading]:
    """The runs a tool's output file records, each with what it measured and what it says of its setup."""
    text = read_log_text(path)
    records = json_records(text, path)
    if records is not None:
        first = records[0]
        if is_trainer_state(first):
            return trainer_state_readings(first, path)
        if is_trainer_results(first):
            return trainer_results_readings(first, path)
        if is_llama_bench(first):
            return llama_bench_readings(records, path)
        if is_one_batch_record(first):
            return one_batch_records(records, path)
        if is_serving_benchmark(first):
            return serving_readings(records, path)
        raise foreign(path)
    whole = text if text.endswith("\n") else text[: text.rfind("\n") + 1]  # a line cut mid-write is no figure
    if is_megatron(text):
        return megatron_readings(whole, path)
    if is_torchtitan(text):
        return torchtitan_readings(whole, path)
    if is_one_batch_text(text):
        return one_batch_text(whole, path)
    raise foreign(path)


def runs_from_logs(scenario_path: str, log_paths: Sequence[str]) -> list[RunEntry]:
    """One run per measurement in the logs: the scenario file with the settings each log states (its lengths, its
    concurrency, its engine: what was measured ran so), what it measured, where it came from and when."""
    if not log_paths:
        raise InputError(FIELD, "no log file given")
    scenario = load_scenario_json(scenario_path)
    if not isinstance(scenario, dict):
        raise InputError("scenario", "must be a JSON object")
    serving = scenario.get("task") == "inference"
    runs = []
    for path in log_paths:
        for reading in read_measured(path):
            if reading.serving != serving:
                if reading.serving:
                    raise InputError(FIELD, "{path}: {tool} measures serving, but the scenario's task is {task}",
                                     path=path, tool=reading.tool, task=scenario.get("task", "pretrain"))
                raise InputError(FIELD, "{path}: {tool} measures training, but the scenario's task is inference",
                                 path=path, tool=reading.tool)
            runs.append(run_of(scenario, reading, path))
    return runs


def run_of(scenario: ScenarioDocument, reading: LogReading, path: str) -> RunEntry:
    """The runs-file entry of one reading over the user's scenario."""
    merged = copy.deepcopy(scenario)
    changed = []
    for key, value in reading.setup.items():
        before = _pop_or_set(merged, key.split("."), value)
        if before is not _ABSENT and before != value and value is not None:
            changed.append(f"{key} {before!r} -> {value!r}")
    notes = list(reading.notes)
    if changed:
        notes.append("from the log, replacing the scenario's: " + ", ".join(changed))
    date = reading.date
    if date is None:
        date = file_date(path)
        notes.append("dated by the file's modification day")
    where = os.path.basename(path) + (f" ({reading.label})" if reading.label else "")
    source = f"{reading.tool}: {where}" + ("; " + "; ".join(notes) if notes else "")
    return {"scenario": merged, "measured": dict(reading.measured),
            "source": source if len(source) <= MAX_SOURCE else source[: MAX_SOURCE - 1] + "…", "date": date}


_ABSENT = object()


def _pop_or_set(data: ScenarioDocument, keys: list[str], value: object) -> object:
    """Set data[k1][k2]... = value (None removes it); the value it replaced, or _ABSENT."""
    for key in keys[:-1]:
        inner = data.get(key)
        if not isinstance(inner, dict):
            if value is None:
                return _ABSENT
            inner = {}
            data[key] = inner
        data = inner
    before = data.get(keys[-1], _ABSENT)
    if value is None:
        data.pop(keys[-1], None)
    else:
        data[keys[-1]] = value
    return before
