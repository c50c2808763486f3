"""The user's measured runs, read from files: a runs file (`{"runs": [{"scenario": …, "measured": {"<dotted path
of estimate's JSON>": value}, "source": "…", "date": "YYYY-MM-DD"}]}`), or any format a registered reader knows
(the tool-log parsers plug in with `register_reader`). Every run is checked before anything is fitted or stored:
a bad file is refused whole, with one message naming the file and the field."""

from __future__ import annotations

import datetime
import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gpuplanner.calibration.store import RunDocument
from gpuplanner.catalog.quotes import CONTROL_CHARACTERS
from gpuplanner.core.base.errors import InputError

# The figures of estimate's JSON a measured run may give, and what each calibrates.
TRAINING_PATHS = ("training.tokens_per_s_per_gpu", "training.step_time_s")
SERVING_PATHS = ("inference.tpot_s", "inference.ttft_s", "inference.output_tokens_per_s",
                 "inference.output_tokens_per_s_per_gpu")
MEMORY_PATHS = ("memory_gib_per_gpu.total",)
MEASURED_PATHS = TRAINING_PATHS + SERVING_PATHS + MEMORY_PATHS


@dataclass(frozen=True)
class MeasuredRun:
    """One run the user measured: the scenario as `estimate` takes it, the figures measured (by their path in
    estimate's JSON), where they come from and when."""
    scenario: Mapping[str, Any]
    measured: Mapping[str, float]
    source: str
    date: str  # YYYY-MM-DD
    origin: str = ""  # the file and run it was read from, for messages ("runs.json: runs[2]")

    def document(self) -> RunDocument:
        """The run as a runs file holds it (what the store keeps)."""
        return {"scenario": self.scenario, "measured": self.measured, "source": self.source, "date": self.date}


# A reader: the runs a file holds, or None when the file is not in its format (the next reader is asked).
RunsReader = Callable[[Path], list[MeasuredRun] | None]
_READERS: list[RunsReader] = []


def register_reader(reader: RunsReader) -> None:
    """Let `calibrate` read another format (a tool's log, a probe's output): asked before the runs-file format."""
    if reader not in _READERS:
        _READERS.insert(0, reader)


def runs_from_path(path: Path) -> list[MeasuredRun]:
    """The measured runs a file holds: the registered readers' formats first, then a runs file."""
    for reader in _READERS:
        found = reader(path)
        if found is not None:
            return found
    return read_runs_file(path)


def read_runs_file(path: Path) -> list[MeasuredRun]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(path.name, "cannot be read: {reason}", reason=getattr(error, "strerror", None) or str(error)) \
            from None
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except ValueError as error:
        raise InputError(path.name, "is not valid JSON: {reason}", reason=str(error)) from None
    return parse_runs(data, path.name)


def _no_constant(word: str) -> float:
    raise ValueError(f"{word} is not a number JSON allows")


def parse_runs(data: object, origin: str) -> list[MeasuredRun]:
    """The runs of a runs file's content, each checked; InputError (its field names the file and the run) on the
    first that is wrong."""
    if not isinstance(data, dict) or not isinstance(data.get("runs"), list) or not data["runs"]:
        raise InputError(origin, "must hold a \"runs\" list of at least one run, each with scenario, measured, "
                                 "source and date")
    return [_run(item, f"{origin}: runs[{index}]") for index, item in enumerate(data["runs"])]


def _run(item: object, where: str) -> MeasuredRun:
    if not isinstance(item, dict):
        raise InputError(where, "must be an object with scenario, measured, source and date")
    unknown = sorted(set(item) - {"scenario", "measured", "source", "date"})
    if unknown:
        raise InputError(f"{where}.{unknown[0]}", "unknown key; a run has scenario, measured, source and date")
    scenario = item.get("scenario")
    if not isinstance(scenario, dict):
        raise InputError(f"{where}.scenario", "must be a scenario object, as estimate takes it")
    measured = item.get("measured")
    if not isinstance(measured, dict) or not measured:
        raise InputError(f"{where}.measured", "must give at least one measured figure: {paths}",
                         paths=", ".join(MEASURED_PATHS))
    values: dict[str, float] = {}
    for path, value in measured.items():
        if path not in MEASURED_PATHS:
            raise InputError(f"{where}.measured.{path}", "is not a figure calibrate reads; one of {paths}",
                             paths=", ".join(MEASURED_PATHS))
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) or value <= 0:
            raise InputError(f"{where}.measured.{path}", "must be a number greater than zero, got {value!r}",
                             value=value)
        values[path] = float(value)
    source = item.get("source", "")
    if not isinstance(source, str):
        raise InputError(f"{where}.source", "must be text")
    control = CONTROL_CHARACTERS.search(source)
    if control is not None:
        raise InputError(f"{where}.source", "holds the control character U+{code:04X} at character {at}; a source "
                                            "holds printable text only", code=ord(control.group()),
                         at=control.start() + 1)
    date = item.get("date")
    try:
        if not isinstance(date, str) or len(date) != len("YYYY-MM-DD"):
            raise ValueError
        day = datetime.date.fromisoformat(date)
    except ValueError:
        raise InputError(f"{where}.date", "must be a date as YYYY-MM-DD, got {value!r}", value=date) from None
    if day > datetime.date.today():
        raise InputError(f"{where}.date", "{value} is after today: a run is dated the day it was measured",
                         value=date)
    hardware = scenario.get("hardware")
    for key in ("gpu", "count"):
        if not isinstance(hardware, dict) or key not in hardware:
            raise InputError(f"{where}.scenario.hardware.{key}", "must be given: a measured run names the GPUs it ran "
                                                                 "on (without them the estimate chooses its own)")
    return MeasuredRun(scenario, values, source, date, where)


def refuse_repeats(runs: Sequence[MeasuredRun]) -> None:
    """InputError naming both runs when one repeats another (the same scenario and measured figures: a file given
    twice, a run pasted twice), which would count one measurement twice in the fit and its band."""
    seen: dict[str, MeasuredRun] = {}
    for run in runs:
        key = json.dumps([run.scenario, run.measured], sort_keys=True)
        if key in seen:
            raise InputError(run.origin, "repeats {first} (the same scenario and measured figures): give each run "
                                         "once", first=seen[key].origin)
        seen[key] = run
