"""What a tool's log measured, and the log's bytes read as text or JSON records: the parts every format shares.

A reading holds paths of `estimate`'s JSON with the values the log measured (the figures `calibrate` compares), the
scenario settings the log itself states (its input length, its concurrency) and, in plain English, how each figure
was taken; a file holds one reading per run it records."""

from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass
from datetime import UTC, datetime

from gpuplanner.core.base.errors import InputError
from gpuplanner.scenario_file import regular_file_size

FIELD = "log"
Record = dict[str, object]  # one JSON object a tool wrote (a benchmark run, a trainer's state), as it wrote it
Settings = dict[str, object]  # scenario keys (dotted) -> what a log states of its run; None: remove the key
RunEntry = dict[str, object]  # one run of the runs file `calibrate` reads: scenario, measured, source, date
MAX_LOG_BYTES = 256 << 20  # a long Megatron-LM run logs a few hundred MB at most; beyond, it is not a log
JSON_START = re.compile(r"\{|\[\s*(?:[{\]]|$)")  # an object, or an array of objects (or empty)
ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")  # torchtitan colours its step lines in a terminal


@dataclass(frozen=True)
class LogReading:
    """One run a log records: `measured` maps estimate's JSON paths to the values measured; `setup` maps scenario
    keys to what the log states of the run (None: remove the key, the log's setting replaces it); `notes` say how
    the figures were taken; `date` (YYYY-MM-DD) when the log dates its run; `label` tells the run apart in its file."""

    tool: str
    measured: dict[str, float]
    setup: Settings
    notes: tuple[str, ...] = ()
    date: str | None = None
    label: str = ""

    @property
    def serving(self) -> bool:
        """Whether the run served requests (its figures are inference.*) rather than trained."""
        return any(path.startswith("inference.") for path in self.measured)


def read_log_text(path: str) -> str:
    """The file as text (undecodable bytes replaced: logs mix in progress bars), ANSI colours removed; a folder, a
    device, an empty, binary or oversized file is an InputError naming the file."""
    size = regular_file_size(path, FIELD)
    if size > MAX_LOG_BYTES:
        raise InputError(FIELD, "{path} is {value:.0f} MB; a log of at most 256 MB is read", path=path,
                         value=size / 1e6)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_LOG_BYTES + 1)
    except OSError as exc:
        raise InputError(FIELD, "cannot read {path}: {exc}", path=path, exc=exc.strerror or exc) from None
    if not raw.strip():
        raise InputError(FIELD, "{path} is empty", path=path)
    if b"\x00" in raw[:8192]:
        raise foreign(path)
    return ANSI_ESCAPE.sub("", raw.decode("utf-8-sig", errors="replace"))


def json_records(text: str, path: str) -> list[Record] | None:
    """The JSON objects a file holds: one object, an array of them, or one per line (JSON Lines, as `--append-result`
    and `--output-file` write); None when the text is not JSON at all. A file cut short is an InputError."""
    stripped = text.strip()
    if not JSON_START.match(stripped):  # "[titan] step: 1", "[Rank 0] ..." open text logs
        return None
    try:
        whole = json.loads(stripped)
    except json.JSONDecodeError as exc:
        lines = [line for line in stripped.splitlines() if line.strip()]
        if len(lines) < 2 or not all(line.lstrip().startswith("{") for line in lines[:-1]):
            raise _cut_short(path, exc) from None
        records = []
        for number, line in enumerate(lines, 1):
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError as line_exc:
                raise _cut_short(path, line_exc, number) from None
        whole = records
    items = whole if isinstance(whole, list) else [whole]
    if not items or not all(isinstance(item, dict) for item in items):
        raise foreign(path)
    return items


def _cut_short(path: str, exc: json.JSONDecodeError, line: int | None = None) -> InputError:
    return InputError(FIELD, "{path}: the JSON is cut short or broken at line {line}, column {column} (a truncated "
                             "file?)", path=path, line=line if line is not None else exc.lineno, column=exc.colno)


def foreign(path: str) -> InputError:
    """The one error for a file of no format this reads."""
    return InputError(FIELD, "{path} is not a log this reads (vLLM or SGLang benchmark results, llama-bench JSON, "
                             "Megatron-LM, torchtitan or Hugging Face Trainer output)", path=path)


def incomplete(path: str, tool: str) -> InputError:
    """The one error for a file of a known format holding no complete measurement."""
    return InputError(FIELD, "{path}: {tool} output with no complete measurement (a truncated log?)", path=path,
                      tool=tool)


def number(record: Record, *keys: str) -> tuple[str, float] | None:
    """The first of `keys` whose value is a finite number (a numeric string like "inf" counts), with that key."""
    for key in keys:
        value = record.get(key)
        if isinstance(value, bool) or value is None:
            continue
        try:
            figure = float(value)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            continue
        if math.isfinite(figure):
            return key, figure
    return None


def positive(measured: dict[str, float], path: str, value: float | None, notes: list[str], what: str) -> None:
    """Keep `value` under `path` when it is a measurement (finite and above zero); say so when it is not."""
    if value is None:
        return
    if math.isfinite(value) and value > 0:
        measured[path] = value
    else:
        notes.append(f"{what} is {value:g}: not a measurement, left out")


def median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def steady(steps: list[tuple[int, float]]) -> tuple[list[float], str]:
    """The steady-state part of per-step figures (step number, value; every rank's line of a step counts): the
    first step logged is left out when more are (it holds warm-up: compilation, allocator growth, first loads)."""
    first = steps[0][0]
    kept = [value for step, value in steps if step != first]
    if kept:
        return kept, f"median of {len({step for step, _ in steps}) - 1} logged steps, the first ({first}) left out " \
                     "(warm-up)"
    return [value for _, value in steps], "the one logged step"


def file_date(path: str) -> str:
    """The day the file was last written, for a log that dates nothing itself."""
    return datetime.fromtimestamp(os.stat(path).st_mtime, tz=UTC).strftime("%Y-%m-%d")
