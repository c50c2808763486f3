"""`gpuplanner calibrate` on the runs files a hurried user writes: a figure in the wrong unit, a run pasted twice (or
a file given twice), a date not yet come, a terminal escape in a source, a source pasted whole. Each is refused in one
line on stderr (exit 2) with nothing stored, or, where harmless, printed so the report stays readable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpuplanner.calibration.replay import training_cases
from gpuplanner.core.base.errors import InputError
from tests.conftest import run_cli


def _run(**changes: object) -> dict:
    """A published A100 Megatron run as a user's runs file holds it, 10 % slower than published."""
    case = next(c for c in training_cases() if c.run_id == "megatron2021-t1-gpt-1p7b")
    return {"scenario": case.scenario, "measured": {"training.step_time_s": case.published * 1.1},
            "source": "our cluster", "date": "2026-10-01", **changes}


def _file(tmp_path: Path, runs: list[dict], name: str = "runs.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"runs": runs}), encoding="utf-8")
    return path


def _refused(done, data: Path, *words: str) -> None:
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "internal error" not in done.stderr
    assert all(word in done.stderr for word in words), done.stderr
    assert not (data / "calibration.json").exists()


def test_a_step_time_of_1e308_s_is_refused_as_a_slip_not_an_internal_error(tmp_path, private_user_data) -> None:
    """1e308 s made the fit's ratio underflow to 0 and log1p(-1) raise: "internal error (ValueError: math domain
    error)" and a crash log. Now it is named with the estimate it is compared with."""
    runs = _file(tmp_path, [_run(measured={"training.step_time_s": 1e308})])
    _refused(run_cli("calibrate", str(runs)), private_user_data, "runs[0].measured.training.step_time_s",
             "1e+308", "times off the estimate")
    assert not (private_user_data / "logs").exists()


@pytest.mark.parametrize("measured", [{"training.step_time_s": 1e-300}, {"training.tokens_per_s_per_gpu": 1e15},
                                      {"training.tokens_per_s_per_gpu": 1e-9}, {"memory_gib_per_gpu.total": 1e12},
                                      {"memory_gib_per_gpu.total": 0.001}])
def test_a_figure_no_calibration_comes_near_is_refused(catalog, measured: dict[str, float]) -> None:
    """These were fitted and stored: the GEMM factor pinned at its bound (x 3 or x 0.333), or 1e12 GiB added to
    every estimate of the GPU's memory."""
    from gpuplanner.calibration.fit import calibrate_runs
    from gpuplanner.calibration.runs import parse_runs

    runs = parse_runs({"runs": [_run(measured=measured)]}, "runs.json")
    with pytest.raises(InputError, match="times off the estimate") as refused:
        calibrate_runs(runs, catalog)
    assert refused.value.field == f"runs.json: runs[0].measured.{next(iter(measured))}"


def test_a_run_given_twice_is_refused_naming_both(tmp_path, private_user_data) -> None:
    """A run pasted twice, a file copied, or the same file named twice, counted one measurement as two runs ("2
    runs") in the fit and in what the estimates cite."""
    once = _file(tmp_path, [_run()])
    _refused(run_cli("calibrate", str(once), str(tmp_path / "." / "runs.json")), private_user_data, "runs.json",
             "given twice")
    copy = _file(tmp_path, [_run()], "copy.json")
    _refused(run_cli("calibrate", str(once), str(copy)), private_user_data, "copy.json: runs[0]", "repeats",
             "runs.json: runs[0]")
    twice = _file(tmp_path, [_run(), _run(source="pasted again")], "twice.json")
    _refused(run_cli("calibrate", str(twice)), private_user_data, "twice.json: runs[1]", "twice.json: runs[0]")


def test_a_run_dated_after_today_is_refused() -> None:
    """"2999-01-01" was stored, and the estimates said "calibrated on your 1 runs of 2999-01-01"."""
    from gpuplanner.calibration.runs import parse_runs

    with pytest.raises(InputError, match="after today") as refused:
        parse_runs({"runs": [_run(date="2999-01-01")]}, "runs.json")
    assert refused.value.field == "runs.json: runs[0].date"
    assert parse_runs({"runs": [_run(date="2021-04-01")]}, "runs.json")[0].date == "2021-04-01"


@pytest.mark.parametrize("source", ["a\x1b[31mred", "our \u202ecluster", "line\nbreak"])
def test_a_control_character_in_a_source_is_refused(source: str) -> None:
    """An ESC or a bidi override went to the terminal in the report's table, recolouring or reordering what a reader
    sees, as a quote's fields are refused for."""
    from gpuplanner.calibration.runs import parse_runs

    with pytest.raises(InputError, match="control character") as refused:
        parse_runs({"runs": [_run(source=source)]}, "runs.json")
    assert refused.value.field == "runs.json: runs[0].source"


def test_the_report_table_shows_a_long_source_cut_and_a_memory_overhead_with_its_sign() -> None:
    """A 100,000-character source made every line of the table as wide; a negative memory overhead read
    "memory overhead GiB/GPU + -18.7"."""
    from gpuplanner.calibration.record import UserGroupFit
    from gpuplanner.cli.calibration import SOURCE_CHARS, fit_words, short_source

    assert short_source("x" * 100_000) == "x" * (SOURCE_CHARS - 1) + "…"
    assert short_source("torchtitan: train.log; tokens/s: median of 9 steps") == "torchtitan: train.log"
    words = fit_words(UserGroupFit(1, ("2024-04-06",), gemm=1.69, memory_gib=-18.7))
    assert "GiB/GPU -18.7" in words and "+ -" not in words
    assert "GiB/GPU +2.5" in fit_words(UserGroupFit(1, ("2024-04-06",), memory_gib=2.5))


def test_calibration_why_takes_every_constant_as_its_refusal_lists_it() -> None:
    """The refusal lists "efficiency CDNA 3 fp8" and "efficiency Da Vinci 16-bit", but typed so (unquoted) the
    architecture came as two words and was refused; "efficiency hopper 16-bit" was refused for its case."""
    from gpuplanner.calibration.published import PUBLISHED
    from gpuplanner.cli.calibration import constant_keys, written_key

    known = constant_keys(PUBLISHED)
    for key in known:
        listed = " ".join(key)
        assert written_key(listed.split(), known) == key
        assert written_key(listed.upper().split(), known) == key
    assert written_key(["efficiency", "CDNA 3", "fp8"], known) == ("efficiency", "CDNA 3", "fp8")
    assert written_key(["efficiency", "Hopper"], known) == ("efficiency", "Hopper")  # names none: refused as typed
    done = run_cli("calibration", "why", "efficiency", "Da", "Vinci", "16-bit")
    assert done.returncode == 0 and done.stdout.startswith("efficiency Da Vinci 16-bit = "), done.stderr
    refused = run_cli("calibration", "why", "efficiency", "Hopper")
    assert refused.returncode == 2 and "efficiency Hopper 16-bit" in refused.stderr


def test_one_run_is_said_as_one_run(tmp_path, private_user_data) -> None:
    """A single run read "Calibrated on 1 runs in 1 groups", "published band kept (1 runs; …)", "1 runs of …" and
    each estimate then said "calibrated on your 1 runs of 2026-10-01"."""
    scenario = tmp_path / "s.json"
    scenario.write_text(json.dumps(_run()["scenario"]), encoding="utf-8")
    for done in (run_cli("calibrate", str(_file(tmp_path, [_run()]))), run_cli("calibrate", "--show"),
                 run_cli("estimate", str(scenario))):
        assert done.returncode == 0, done.stderr
        assert "1 runs" not in done.stdout and "1 groups" not in done.stdout
    assert "calibrated on your run of 2026-10-01" in done.stdout
    two = [_run(), _run(scenario={**_run()["scenario"], "seq_len": 1024}, date="2026-10-02")]
    fitted = run_cli("calibrate", str(_file(tmp_path, two, "two.json"))).stdout
    assert "Calibrated on 2 runs in one group" in fitted and "2 runs of 2026-10-01 – 2026-10-02" in fitted


@pytest.mark.parametrize("key", ["gpu", "count"])
def test_a_run_that_does_not_name_its_gpus_is_refused(key: str) -> None:
    """A run without hardware was estimated on the GPUs estimate chose (16 H100 for a 32-A100 Megatron run) and that
    GPU's GEMM factor fitted to x 3 and stored."""
    from gpuplanner.calibration.runs import parse_runs

    run = _run()
    run["scenario"] = {**run["scenario"], "hardware": {k: v for k, v in run["scenario"]["hardware"].items()
                                                       if k != key}, "parallelism": {}}
    with pytest.raises(InputError, match="names the GPUs it ran on") as refused:
        parse_runs({"runs": [run]}, "runs.json")
    assert refused.value.field == f"runs.json: runs[0].scenario.hardware.{key}"
