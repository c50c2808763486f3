"""The headless contract under hostile input: exit 2 naming the field with one short, terminal-safe line; strict
JSON out; files that are not files refused without waiting; the PDF never lands anywhere it should not.
In-process (`main([...])`) so each case costs milliseconds."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gpuplanner.cli.main import main
from tests.conftest import REPO_ROOT

BASE = {"task": "pretrain", "model": {"preset": "llama-2-7b"}}
HUGE = int("9" * 400)


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def scenario_file(tmp_path: Path, data: object, name: str = "s.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return str(path)


def with_value(path: str, value: object) -> dict:
    data = json.loads(json.dumps(BASE))
    node = data
    *parents, key = path.split(".")
    for parent in parents:
        node = node.setdefault(parent, {})
    node[key] = value
    return data


def assert_one_line_error(code: int, err: str, field: str) -> None:
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) <= 200, err
    assert lines[0].startswith(f"gpuplanner: error: {field}:"), err


@pytest.mark.parametrize("command", ["estimate", "plan"])
@pytest.mark.parametrize(("field", "value"), [
    ("seq_len", HUGE), ("hardware.count", HUGE), ("training.tokens", HUGE), ("constraints.site.supply.amps", HUGE),
    ("training.global_batch", 0), ("inference.batch", 0), ("training.tokens", 1e308),
    ("constraints.site.airflow_delta_t_c", 0), ("constraints.site.airflow_delta_t_c", -1),
    ("constraints.site.supply.voltage", 5e-324), ("constraints.site.supply.amps", 1e-300),
    ("constraints.site.supply.derating", 1e-300), ("assumptions.dp_overlap", 1e30),
    ("constraints.site.reserved_units", -1), ("constraints.objective", "bogus"), ("constraints.currency", "EUR"),
    ("constraints.site.cooling", "ice"), ("constraints.site.pue", 0.5), ("inference.engine", "onnx"),
])
def test_bad_numbers_and_choices_exit_2_naming_the_field(capsys, tmp_path, command, field, value) -> None:
    code, _, err = run(capsys, command, scenario_file(tmp_path, with_value(field, value)), "--format", "json")
    assert_one_line_error(code, err, field)


def test_an_infinite_number_in_the_file_is_refused(capsys, tmp_path) -> None:
    text = json.dumps(BASE)[:-1] + ', "constraints": {"site": {"rack_max_kg": 1e999}}}'
    code, _, err = run(capsys, "plan", scenario_file(tmp_path, text))
    assert_one_line_error(code, err, "scenario")
    assert "too large" in err


def test_image_counts_of_zero_are_refused_by_plan_too(capsys, tmp_path) -> None:
    data = {"task": "vision", "model": {"preset": "resnet-50"}, "images": {"count": 0}}
    for command in ("estimate", "plan"):
        code, _, err = run(capsys, command, scenario_file(tmp_path, data))
        assert_one_line_error(code, err, "images.count")


def test_json_output_is_strict_and_payback_without_a_value_says_why(capsys, tmp_path) -> None:
    data = {**BASE, "hardware": {"gpu": "h100-sxm5-80gb", "count": 8},
            "constraints": {"deployment": "on-prem", "utilization": 0.05}}
    code, out, _ = run(capsys, "plan", scenario_file(tmp_path, data), "--format", "json", "--top", "1")
    assert code == 0

    def no_constants(name: str) -> float:
        raise AssertionError(f"{name} in the JSON output")

    result = json.loads(out, parse_constant=no_constants)
    cost = result["plans"][0]["cost"]
    assert cost["payback_months"] is None and "never pays back" in cost["payback_note"]
    floats = []

    def walk(value: object) -> None:
        if isinstance(value, float):
            floats.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(result)
    assert floats and all(math.isfinite(v) for v in floats)


def test_control_characters_and_bidi_marks_never_reach_the_terminal(capsys, tmp_path) -> None:
    data = {**BASE, "\u001b]0;PWNED\u0007": 1}
    code, _, err = run(capsys, "estimate", scenario_file(tmp_path, data))
    assert code == 2 and "\x1b" not in err and "\x07" not in err and "\\x1b]0;PWNED\\x07" in err
    data = {**BASE, "hardware": {"gpu": "evil\u202egpu" + "x" * 500}}
    code, _, err = run(capsys, "estimate", scenario_file(tmp_path, data))
    assert code == 2 and "\u202e" not in err and "\\u202e" in err and len(err.strip()) <= 200


def test_a_lone_surrogate_is_bad_input(capsys, tmp_path) -> None:
    text = '{"task": "pretrain", "model": {"preset": "llama-2-7b", "name": "\\ud800"}}'
    code, _, err = run(capsys, "estimate", scenario_file(tmp_path, text))
    assert_one_line_error(code, err, "model.name")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX FIFOs")
def test_a_fifo_or_a_device_is_refused_without_waiting(capsys, tmp_path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for path in (str(fifo), "/dev/zero", str(tmp_path)):
        code, _, err = run(capsys, "estimate", path)
        assert_one_line_error(code, err, "scenario")
        assert "not a regular file" in err
    code, _, err = run(capsys, "estimate", "bad\0name.json")
    assert_one_line_error(code, err, "scenario")


@pytest.mark.parametrize("where", ["missing-folder", "directory", "dev-full", "empty", "scenario-itself"])
def test_pdf_to_somewhere_it_cannot_go_exits_2_with_the_reason(capsys, tmp_path, where) -> None:
    scenario = scenario_file(tmp_path, {**BASE, "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}})
    target = {"missing-folder": str(tmp_path / "nope" / "sheet.pdf"), "directory": str(tmp_path),
              "dev-full": "/dev/full", "empty": "", "scenario-itself": scenario}[where]
    before = Path(scenario).read_bytes()
    code, out, err = run(capsys, "plan", scenario, "--pdf", target)
    assert_one_line_error(code, err, "--pdf")
    assert "wrote" not in err and out == ""
    assert Path(scenario).read_bytes() == before  # never overwritten


def test_pdf_into_a_read_only_folder(capsys, tmp_path, monkeypatch) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    scenario = scenario_file(tmp_path, {**BASE, "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}})
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, m: False if Path(p) == folder else real_access(p, m))
    code, _, err = run(capsys, "plan", scenario, "--pdf", str(folder / "sheet.pdf"))
    assert_one_line_error(code, err, "--pdf")
    assert "cannot write in" in err and not list(folder.iterdir())


def test_a_closed_pipe_ends_quietly() -> None:
    done = subprocess.run(f"'{sys.executable}' -m gpuplanner catalog gpus | head -1", shell=True, cwd=REPO_ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr
    assert done.stdout.startswith("id")


MILLION_H100 = {"task": "pretrain", "model": {"preset": "llama-3.1-8b"}, "training": {"global_batch": 4194304},
                "hardware": {"gpu": "h100-sxm5-80gb", "count": 1048576}}


def test_a_run_that_can_never_finish_is_no_plan_and_says_why(capsys, tmp_path) -> None:
    """1,048,576 H100 are interrupted every ~3 min, less than a restart takes: no plan (it ranked first at inf days
    and $inf), the GPU rejected with the reason, and JSON without a non-finite figure."""
    path = scenario_file(tmp_path, MILLION_H100)
    code, out, _ = run(capsys, "plan", path, "--format", "json")
    result = json.loads(out)
    assert code == 0 and result["plans"] == [] and result["near_misses"] == []
    [rejected] = result["rejected"]
    assert rejected["kind"] == "input" and "never finishes" in rejected["reason"]
    # 19.7 interruptions a million GPU-hours (Llama 3) on 1,048,576 GPUs: one every 3600 / 20.7 h^-1 = 174 s
    rate_per_hour = 419 / (16384 * 54 * 24) * 1048576
    assert f"every {3600 / rate_per_hour / 60:.0f} min" in rejected["reason"]
    code, out, _ = run(capsys, "plan", path, "--format", "text")
    assert "No plan with H100 SXM: on 1,048,576 GPUs" in out and "inf" not in out


def test_plan_columns_never_run_together(capsys, tmp_path) -> None:
    """A million GPUs that do make progress (no interruptions assumed): the text table keeps a space between the
    GPU, node and rack counts, which ran together as '1048576131072131072'."""
    data = {**MILLION_H100, "assumptions": {"interruptions_per_million_gpu_hours": 0}}
    code, out, _ = run(capsys, "plan", scenario_file(tmp_path, data), "--format", "text")
    assert code == 0
    header, first = out.splitlines()[1:3]
    assert first.split()[:2] == ["1", "h100-sxm5-80gb"]
    assert first.split()[3:6] == ["1048576", "131072", "131072"]
    words = first.split()
    assert all(math.isfinite(float(word.replace(",", "").lstrip("$"))) for word in (words[6], words[-1]))
    assert header.split()[3:6] == ["GPUs", "nodes", "racks"]
