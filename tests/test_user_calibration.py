"""`gpuplanner calibrate`: the user's own measured runs fitted over the published calibration, used by `estimate`
and `plan` (which say so), stored in the user-data folder, and reset to the published estimates exactly. Public runs
stand in for the user's: each is a scenario with the figure its source measured."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.user_calibration import hold_outs, judged, report
from gpuplanner.calibration.replay import as_measured_run, inference_cases, training_cases
from tests.conftest import VALIDATION_TABLES, run_cli


def _runs_file(tmp_path: Path, runs: list[dict], name: str = "runs.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"runs": runs}), encoding="utf-8")
    return path


def _public_runs(catalog, count: int) -> list[dict]:
    """H200 FP8 TensorRT-LLM v0.9.0 throughput per GPU (dense models) as a user's runs file would hold them."""
    cases = [c for c in inference_cases() if c.in_median and c.requests is None
             and c.run_id == "trtllm-v09-perf-tables" and c.scenario["hardware"]["gpu"] == "h200-sxm-141gb"
             and c.metric == "output_tokens_per_s_per_gpu" and "Mixtral" not in c.label][:count]
    return [{"scenario": c.scenario, "measured": {f"{c.block}.{c.metric}": c.published},
             "source": c.label, "date": f"2024-05-0{i + 1}"} for i, c in enumerate(cases)]


def test_calibrate_refits_the_group_estimate_says_so_and_reset_restores_the_published_estimates(
        tmp_path, private_user_data, catalog) -> None:
    """Three measured runs of one GPU and engine: per run before / measured / after, the group's constants moved,
    stored in GPUPLANNER_DATA_DIR; `estimate` then gives the "after" figure with "calibration": {"source": "user",
    "runs": 3, "dates": …} and says it in the text; another workload of that GPU moves too, another GPU does not;
    `--reset` gives back the published JSON byte for byte."""
    runs = _public_runs(catalog, 3)
    scenario = tmp_path / "s.json"
    scenario.write_text(json.dumps(runs[0]["scenario"]), encoding="utf-8")
    neighbour = tmp_path / "n.json"  # another workload of the same GPU and engine: batch 8, 1K tokens in and out
    serving = {**runs[0]["scenario"]["inference"], "batch": 8, "input_tokens": 1024, "output_tokens": 1024}
    neighbour.write_text(json.dumps({**runs[0]["scenario"], "inference": serving}), encoding="utf-8")
    other_gpu = tmp_path / "o.json"
    other_gpu.write_text(json.dumps({**runs[0]["scenario"], "hardware": {"gpu": "h100-sxm5-80gb", "count": 1}}),
                         encoding="utf-8")
    published = {p: run_cli("estimate", str(p), "--format", "json").stdout for p in (scenario, neighbour, other_gpu)}
    assert json.loads(published[scenario])["calibration"] == {"source": "published"}

    done = run_cli("calibrate", str(_runs_file(tmp_path, runs)))
    assert done.returncode == 0, done.stderr
    assert "before" in done.stdout and "measured" in done.stdout and "after" in done.stdout
    assert "h200-sxm-141gb · fp8 · tensorrt-llm" in done.stdout and (private_user_data / "calibration.json").exists()

    calibrated = json.loads(run_cli("estimate", str(scenario), "--format", "json").stdout)
    assert calibrated["calibration"] == {"source": "user", "runs": 3, "dates": ["2024-05-01", "2024-05-02",
                                                                                 "2024-05-03"]}
    measured = runs[0]["measured"]["inference.output_tokens_per_s_per_gpu"]
    before = json.loads(published[scenario])["inference"]["output_tokens_per_s_per_gpu"]
    after = calibrated["inference"]["output_tokens_per_s_per_gpu"]
    assert abs(after / measured - 1) < abs(before / measured - 1)
    assert f"{after:,.0f}" in done.stdout or f"{after:.4g}" in done.stdout  # the printed "after" is what estimate says
    text = run_cli("estimate", str(scenario)).stdout
    assert "calibrated on your 3 runs of 2024-05-01 – 2024-05-03" in text.splitlines()[1]
    moved = json.loads(run_cli("estimate", str(neighbour), "--format", "json").stdout)
    assert moved["calibration"]["source"] == "user"
    assert moved["inference"]["tpot_s"] != json.loads(published[neighbour])["inference"]["tpot_s"]
    assert run_cli("estimate", str(other_gpu), "--format", "json").stdout == published[other_gpu]
    shown = run_cli("calibrate", "--show").stdout
    assert "3 runs of 2024-05-01 – 2024-05-03" in shown

    assert run_cli("calibrate", "--reset").returncode == 0
    assert not (private_user_data / "calibration.json").exists()
    for path, text in published.items():
        assert run_cli("estimate", str(path), "--format", "json").stdout == text


BAD_RUNS = [
    ("{not json", "is not valid JSON"),
    (json.dumps({"runs": []}), 'must hold a "runs" list'),
    (json.dumps({"runs": [{"scenario": {"task": "inference"}, "measured": {"training.mfu": 0.4},
                           "date": "2024-01-01"}]}), "runs[0].measured.training.mfu"),
    (json.dumps({"runs": [{"scenario": {"task": "inference"}, "measured": {"inference.tpot_s": -1},
                           "date": "2024-01-01"}]}), "must be a number greater than zero"),
    (json.dumps({"runs": [{"scenario": {"task": "inference"}, "measured": {"inference.tpot_s": 0.01},
                           "date": "last week"}]}), "runs[0].date"),
    (json.dumps({"runs": [{"scenario": {"task": "inference", "model": {"preset": "no-such-model"},
                                        "hardware": {"gpu": "h100-sxm5-80gb"}},
                           "measured": {"inference.tpot_s": 0.01}, "date": "2024-01-01"}]}), "runs[0].scenario."),
    (json.dumps({"runs": [{"scenario": {"task": "pretrain", "model": {"preset": "llama-3.1-8b"},
                                        "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}},
                           "measured": {"inference.tpot_s": 0.01}, "date": "2024-01-01"}]}),
     "a serving figure needs an inference scenario"),
]


@pytest.mark.parametrize(("content", "said"), BAD_RUNS)
def test_a_bad_runs_file_gets_one_clear_line_and_nothing_is_stored(tmp_path, private_user_data, content,
                                                                   said) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    done = run_cli("calibrate", str(path))
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and said in done.stderr, done.stderr
    assert not (private_user_data / "calibration.json").exists()



def test_calibrate_reads_a_tools_log_against_the_scenario_it_ran(tmp_path, private_user_data) -> None:
    """`calibrate --scenario S.json LOG`: a vLLM benchmark_serving result (a real public file) is read as a run of
    the scenario and fitted; a training log given with a serving scenario is refused in one line, nothing stored."""
    logs = Path(__file__).parent / "data" / "logs"
    scenario = tmp_path / "serving.json"
    scenario.write_text(json.dumps({"task": "inference", "model": {"preset": "llama-3.2-3b"},
                                    "hardware": {"gpu": "h100-sxm5-80gb", "count": 1}}), encoding="utf-8")
    wrong = run_cli("calibrate", "--scenario", str(scenario), str(logs / "megatron_train.log"))
    assert wrong.returncode == 2 and len(wrong.stderr.strip().splitlines()) == 1 and "training" in wrong.stderr
    assert not (private_user_data / "calibration.json").exists()
    done = run_cli("calibrate", "--scenario", str(scenario), str(logs / "vllm_benchmark_serving.json"))
    assert done.returncode == 0, done.stderr
    assert "inference.tpot_s" in done.stdout and "h100-sxm5-80gb · 16-bit · vllm" in done.stdout
    stored = json.loads((private_user_data / "calibration.json").read_text(encoding="utf-8"))
    assert json.dumps(stored).count("vllm_benchmark_serving.json") >= 1

def test_held_out_runs_of_one_gpu_move_closer_once_a_user_calibrates_on_a_few_others(catalog) -> None:
    """Public runs of one GPU stand in for a user's cluster: the published fit is remade without their sources, then
    in turns every few of them calibrate and the rest are judged before and after. TensorRT-LLM v0.9.0 on H200 runs
    apart from the fit on the other TensorRT-LLM sources, the A100 Megatron runs apart from the fit on the other
    Ampere runs: the offset goes, the held-out runs come closer on average, and both end within their targets."""
    from benchmarks.accuracy_targets import SERVING_MEDIAN_PCT, TRAINING_MEDIAN_PCT

    for hold_out, target in zip(hold_outs(), (TRAINING_MEDIAN_PCT, SERVING_MEDIAN_PCT), strict=True):
        result = judged(hold_out, catalog)
        VALIDATION_TABLES.append((f"Calibrated on your runs, judged on the held-out ones: {hold_out.title}",
                                  report(hold_out, result)))
        assert len(result.rows) >= 2 * len(hold_out.cases)
        _, mean_before, mean_after = result.means()
        _, offset_before, offset_after = result.biases()
        assert mean_after < mean_before
        assert abs(offset_after) <= max(abs(offset_before) / 2, 1.0)
        assert result.medians()[2] <= target


def test_a_group_with_enough_runs_takes_its_band_from_their_leave_one_out_errors(catalog) -> None:
    """With MIN_RUNS_FOR_BAND runs or more the group's band is the largest error of each run estimated with the
    factor fitted on the others, never under the fit's own largest error, at n / (n + 1) coverage; fewer runs keep
    the published band."""
    from gpuplanner.calibration.fit import MIN_RUNS_FOR_BAND, calibrate_runs, figure
    from gpuplanner.calibration.runs import parse_runs
    from gpuplanner.core.estimates.estimate import estimate

    runs = parse_runs({"runs": _public_runs(catalog, 4)}, "runs.json")
    fitted = calibrate_runs(runs, catalog)
    (fit,) = fitted.calibration.user.groups.values()
    assert fit.band_coverage == pytest.approx(4 / 5) and fit.serving_band_pct is not None
    in_sample = max(abs(r.after / r.measured - 1) * 100 for r in fitted.results)
    assert fit.serving_band_pct >= in_sample
    few = calibrate_runs(runs[:MIN_RUNS_FOR_BAND - 1], catalog)
    (thin,) = few.calibration.user.groups.values()
    assert thin.serving_band_pct is None
    from gpuplanner.calibration.fit import prepare

    item = prepare(runs[0], catalog)
    result = estimate(item.scenario, item.node, calibration=fitted.calibration)
    assert result.inference.uncertainty_basis == "user_runs"
    assert result.inference.uncertainty_pct == pytest.approx(fit.serving_band_pct)
    assert figure(result, "inference.output_tokens_per_s_per_gpu") == pytest.approx(fitted.results[0].after)


def test_the_training_gemm_factor_moves_neighbouring_training_workloads(catalog) -> None:
    """One A100 training run measured 20 % slower than its published time refits that GPU's GEMM efficiency: a
    larger model on it, with the same stack, is estimated slower too."""
    from gpuplanner.calibration.fit import calibrate_runs, prepare
    from gpuplanner.calibration.runs import parse_runs
    from gpuplanner.core.estimates.estimate import estimate

    cases = {c.run_id: c for c in training_cases()}
    small, large = cases["megatron2021-t1-gpt-1p7b"], cases["megatron2021-t1-gpt-7p5b"]
    (run,) = parse_runs({"runs": [{"scenario": small.scenario, "date": "2021-04-01",
                                   "measured": {"training.step_time_s": small.published * 1.2}}]}, "runs.json")
    fitted = calibrate_runs([run], catalog)
    (fit,) = fitted.calibration.user.groups.values()
    assert fit.gemm < 1.0
    neighbour = prepare(as_measured_run(large), catalog)
    assert neighbour.group == prepare(run, catalog).group
    published = estimate(neighbour.scenario, neighbour.node).training.step_time_s
    assert estimate(neighbour.scenario, neighbour.node, calibration=fitted.calibration).training.step_time_s \
        > published


def test_two_runs_of_a_group_that_disagree_are_met_halfway(catalog) -> None:
    """Two A100 runs, one measured 20 % slower than its estimate and one as estimated: the GEMM factor corrects by the
    geometric mean, so the two end about as far off each way (a fit on the mean |log| is flat between them and could
    stop anywhere there, one run exact and the other 20 % off)."""
    import math

    from gpuplanner.calibration.fit import calibrate_runs, prepare
    from gpuplanner.calibration.runs import parse_runs
    from gpuplanner.core.estimates.estimate import estimate

    cases = {c.run_id: c for c in training_cases()}
    documents = []
    for run_id, slower in (("megatron2021-t1-gpt-39p1b", 1.2), ("megatron2021-t1-gpt-145p6b", 1.0)):
        run = as_measured_run(cases[run_id])
        item = prepare(run, catalog)
        estimated = estimate(item.scenario, item.node).training.step_time_s
        documents.append({**run.document(), "measured": {"training.step_time_s": estimated * slower}})
    fitted = calibrate_runs(parse_runs({"runs": documents}, "runs.json"), catalog)
    first, second = (math.log(r.after / r.measured) for r in fitted.results)
    assert first < -0.05 and second > 0.05
    assert abs(first + second) < 0.01


def test_tools_calibrate_fits_shows_applies_and_resets_in_the_app(qtbot, main_window, private_user_data, tmp_path,
                                                                  catalog, monkeypatch) -> None:
    """Tools → Calibrate…: choose a runs file, read the before / measured / after table, Apply (stored; the plan
    of that GPU says it in the details and the plans table's tooltip), then Reset (published again)."""
    from PySide6.QtCore import Qt

    import gpuplanner.ui.calibrate_dialog as dialog_module
    from gpuplanner.calibration.published import PUBLISHED
    from gpuplanner.ui.plans_model import PLAN_ROLE
    from tests.conftest import compute

    window = main_window
    runs = _public_runs(catalog, 3)
    path = _runs_file(tmp_path, runs)
    monkeypatch.setattr(dialog_module, "open_files", lambda *_args: [str(path)])
    tools = next(a.menu() for a in window.menuBar().actions() if a.menu() and a.text() == "&Tools")
    next(a for a in tools.actions() if a.text() == "&Calibrate…").trigger()
    dialog = window.calibrate_dialog
    qtbot.waitExposed(dialog)
    assert not dialog.apply_button.isEnabled() and not dialog.reset_button.isEnabled()
    qtbot.mouseClick(dialog.choose, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(dialog.apply_button.isEnabled, timeout=60_000)  # fitted in the background
    assert dialog.table.rowCount() == 3
    assert dialog.table.item(0, 3).text() == f"{runs[0]['measured']['inference.output_tokens_per_s_per_gpu']:,.0f}"
    assert dialog.table.item(0, 1).text() == "Output tokens/s per GPU"  # the figure in words, not its JSON path
    assert "H200 SXM · fp8 · tensorrt-llm" in dialog.moved.text()  # the GPU by its name, not its id
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert (private_user_data / "calibration.json").exists() and window.calibration.user is not None

    window.wizard.load_scenario(runs[0]["scenario"])
    result = compute(qtbot, window)
    assert result.calibration.source == "user" and result.plans[0].estimate.calibration.source == "user"
    assert "calibrated on your 3 runs of 2024-05-01 – 2024-05-03" in window.details.toPlainText()
    model = window.plans_view.model()
    row = next(r for r in range(model.rowCount()) if model.index(r, 0).data(PLAN_ROLE) is not None)
    assert "calibrated on your 3 runs" in model.index(row, 0).data(Qt.ItemDataRole.ToolTipRole)

    next(a for a in tools.actions() if a.text() == "&Calibrate…").trigger()
    dialog = window.calibrate_dialog
    qtbot.waitExposed(dialog)
    qtbot.mouseClick(dialog.reset_button, Qt.MouseButton.LeftButton)
    assert not (private_user_data / "calibration.json").exists() and window.calibration is PUBLISHED
    assert compute(qtbot, window).plans[0].estimate.calibration.source == "published"


def test_a_stored_calibration_that_cannot_be_read_is_said_and_the_published_one_used(tmp_path,
                                                                                      private_user_data) -> None:
    """A damaged calibration.json never stops an estimate: one note on stderr naming the file and the way out, the
    published estimate; `calibrate` with nothing to do says what it takes (exit 2)."""
    scenario = tmp_path / "s.json"
    scenario.write_text(json.dumps({"task": "inference", "model": {"preset": "llama-3.1-8b"},
                                    "hardware": {"gpu": "h100-sxm5-80gb", "count": 1}}), encoding="utf-8")
    published = run_cli("estimate", str(scenario), "--format", "json").stdout
    private_user_data.mkdir(parents=True, exist_ok=True)
    (private_user_data / "calibration.json").write_text("{broken", encoding="utf-8")
    done = run_cli("estimate", str(scenario), "--format", "json")
    assert done.returncode == 0 and done.stdout == published
    assert len(done.stderr.splitlines()) == 1 and "calibrate --reset" in done.stderr
    nothing = run_cli("calibrate")
    assert nothing.returncode == 2 and "--show or --reset" in nothing.stderr


def test_the_calibrate_dialog_says_a_bad_file_and_offers_nothing_to_apply(qtbot, private_user_data, tmp_path,
                                                                          catalog) -> None:
    """A file that is not a runs file is read in the background and said by name in the dialog; Apply stays off
    and nothing is stored."""
    from gpuplanner.calibration.published import PUBLISHED
    from gpuplanner.ui.calibrate_dialog import CalibrateDialog

    bad = tmp_path / "bad.json"
    bad.write_text('{"runs": []}', encoding="utf-8")
    dialog = CalibrateDialog(catalog, PUBLISHED)
    qtbot.addWidget(dialog)
    dialog.load([bad])
    qtbot.waitUntil(lambda: "Not read" in dialog.status.text(), timeout=30_000)
    assert "bad.json" in dialog.status.text() and not dialog.apply_button.isEnabled()
    assert dialog.table.rowCount() == 0 and not (private_user_data / "calibration.json").exists()


def test_the_calibrate_dialog_names_figures_and_gpus_in_chinese(qtbot, private_user_data, tmp_path, catalog,
                                                                  monkeypatch) -> None:
    """In the Chinese interface the table names each measured figure in Chinese and the refitted group by the GPU's
    name (it showed "inference.output_tokens_per_s_per_gpu" and "h200-sxm-141gb")."""
    from PySide6.QtCore import Qt

    from gpuplanner.calibration.published import PUBLISHED
    from gpuplanner.calibration.runs import MEASURED_PATHS
    from gpuplanner.i18n.language import install_translations
    from gpuplanner.ui import calibrate_dialog as dialog_module
    from gpuplanner.ui.calibrate_dialog import CalibrateDialog

    path = _runs_file(tmp_path, _public_runs(catalog, 3))
    monkeypatch.setattr(dialog_module, "open_files", lambda *_args: [str(path)])
    try:
        install_translations("zh_CN")
        dialog = CalibrateDialog(catalog, PUBLISHED)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.mouseClick(dialog.choose, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(dialog.apply_button.isEnabled, timeout=60_000)
        figures = {dialog.table.item(row, 1).text() for row in range(dialog.table.rowCount())}
        assert figures == {"单卡输出 token/秒"}
        assert set(dialog._figure_words()) == set(MEASURED_PATHS)  # every figure a runs file may give has words
        assert dialog.moved.text().startswith("H200 SXM · fp8 · tensorrt-llm：")
        dialog.reject()
    finally:
        install_translations("en")
