"""The training cases' grid predictions are kept by the digest of everything they are computed from
(calibration/refit.score_cases): read back while nothing changed, estimated afresh once anything did."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from gpuplanner.calibration import refit
from gpuplanner.calibration.replay import prepare, training_cases
from tests.conftest import REPO_ROOT


@pytest.fixture
def two_cases():
    return [case for case in training_cases() if case.in_median][:2]


def test_kept_predictions_are_read_back_and_a_changed_digest_estimates_afresh(tmp_path, two_cases, catalog,
                                                                               monkeypatch) -> None:
    """The kept file is what a second run reads (planted figures come back); under another code digest the same
    cases are estimated again, equal to an estimate made with no cache at all, and the older file goes."""
    fresh = [s.predicted for s in refit.score_cases(catalog, two_cases, cache=None, shipped=None)]
    assert [s.predicted for s in refit.score_cases(catalog, two_cases, cache=tmp_path, shipped=None)] == fresh
    [kept] = tmp_path.glob("training-predictions-*.json")
    planted = {key: [[1.0] * len(predicted), moe] for key, (predicted, moe) in json.loads(kept.read_text()).items()}
    kept.write_text(json.dumps(planted), encoding="utf-8")
    assert all(s.predicted == (1.0,) * len(refit.GRID)
               for s in refit.score_cases(catalog, two_cases, cache=tmp_path, shipped=None))
    monkeypatch.setattr(refit, "code_digest", lambda: "another-code")
    assert [s.predicted for s in refit.score_cases(catalog, two_cases, cache=tmp_path, shipped=None)] == fresh
    # what the code before the change kept is removed
    assert [p.name for p in tmp_path.iterdir()] == ["training-predictions-another-code.json"]


def test_the_shipped_predictions_are_read_only_under_the_code_they_were_made_by(tmp_path, two_cases, catalog,
                                                                               monkeypatch) -> None:
    """A fresh checkout reads the predictions the repository keeps (calibration/training_predictions.json, as
    write_shipped_predictions writes it) instead of estimating each case's grid; under another code digest it
    estimates afresh, equal to an estimate made with no cache at all, and writes nothing into the repository's file."""
    fresh = refit.score_cases(catalog, two_cases, cache=None, shipped=None)
    shipped = tmp_path / "training_predictions.json"
    monkeypatch.setattr(refit, "score_cases", lambda *args, **kwargs: fresh)
    refit.write_shipped_predictions(catalog, shipped)
    monkeypatch.undo()
    stored = json.loads(shipped.read_text(encoding="utf-8"))
    assert stored["code"] == refit.code_digest()
    assert stored["predictions"] == {s.key: [list(s.predicted), list(s.moe_predicted)] for s in fresh}
    assert [s.key for s in fresh] == [refit.prediction_key(case, catalog) for case in two_cases]
    planted = {key: [[1.0] * len(predicted), moe] for key, (predicted, moe) in stored["predictions"].items()}
    shipped.write_text(json.dumps({"code": stored["code"], "predictions": planted}), encoding="utf-8")
    assert all(s.predicted == (1.0,) * len(refit.GRID)
               for s in refit.score_cases(catalog, two_cases, cache=tmp_path / "cache", shipped=shipped))
    assert not (tmp_path / "cache").exists()  # everything was read: nothing new to keep
    monkeypatch.setattr(refit, "code_digest", lambda: "another-code")
    assert refit.shipped_predictions(shipped) == {}
    assert [s.predicted for s in refit.score_cases(catalog, two_cases, cache=None, shipped=shipped)] == \
        [s.predicted for s in fresh]
    assert json.loads(shipped.read_text(encoding="utf-8"))["predictions"] == planted


def test_the_code_digest_changes_with_any_file_of_the_package(tmp_path: Path) -> None:
    package = tmp_path / "gpuplanner"
    (package / "core").mkdir(parents=True)
    (package / "core" / "a.py").write_text("X = 1\n", encoding="utf-8")
    first = refit.code_digest(package)
    assert refit.code_digest(package) == first
    (package / "core" / "a.py").write_text("X = 2\n", encoding="utf-8")
    second = refit.code_digest(package)
    (package / "b.py").write_text("", encoding="utf-8")
    assert len({first, second, refit.code_digest(package)}) == 3


def test_the_case_digest_follows_the_case_and_the_catalog_rows_it_uses(two_cases, catalog) -> None:
    case = two_cases[0]
    prepared = prepare(case, catalog)
    digest = refit.case_digest(prepared)
    longer = {**case.scenario, "seq_len": case.scenario.get("seq_len", 2048) * 2}
    assert refit.case_digest(prepare(replace(case, scenario=longer), catalog)) != digest
    faster = replace(prepared.scenario.gpu, memory_bandwidth_gbs=prepared.scenario.gpu.memory_bandwidth_gbs * 1.1)
    assert refit.case_digest(replace(prepared, scenario=replace(prepared.scenario, gpu=faster))) != digest


def test_the_case_digests_are_alike_in_every_process(catalog) -> None:
    """A set's repr follows string hashes, which differ from process to process: another process (another hash
    seed) gives every training case the same digest, or no run would ever read what the last one kept."""
    here = [refit.case_digest(prepare(case, catalog)) for case in training_cases() if case.in_median]
    there = subprocess.run(
        [sys.executable, "-c", "import json; from gpuplanner.calibration import refit; "
         "from gpuplanner.calibration.replay import prepare, training_cases; "
         "from gpuplanner.catalog.store import Catalog; catalog = Catalog(); "
         "print(json.dumps([refit.case_digest(prepare(c, catalog)) for c in training_cases() if c.in_median]))"],
        cwd=REPO_ROOT, env={**os.environ, "PYTHONHASHSEED": "0"}, capture_output=True, text=True, timeout=120,
        check=True)
    assert json.loads(there.stdout) == here


def test_the_serving_fits_digest_is_alike_in_every_process(catalog) -> None:
    """The shipped serving fits are found by the same kind of digest: a scenario holding a set would otherwise give
    another digest in a process with another hash seed, and that process would refit serving from scratch."""
    from gpuplanner.calibration.refit_serving import fit_inputs_hash, serving_cases

    here = fit_inputs_hash(serving_cases(catalog))
    there = subprocess.run(
        [sys.executable, "-c", "from gpuplanner.calibration.refit_serving import fit_inputs_hash, serving_cases; "
         "from gpuplanner.catalog.store import Catalog; print(fit_inputs_hash(serving_cases(Catalog())))"],
        cwd=REPO_ROOT, env={**os.environ, "PYTHONHASHSEED": "0"}, capture_output=True, text=True, timeout=120,
        check=True)
    assert there.stdout.strip() == here
