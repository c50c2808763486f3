"""The probe (gpuplanner/probe.py) really runs, on the CPU at tiny sizes, through the code a GPU server runs: one
file needing PyTorch and nothing of ours, writing runs whose scenarios `estimate` takes with the figures `calibrate`
compares. Skipped only where PyTorch is not installed."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from gpuplanner.core.base.errors import InputError
from gpuplanner.core.results.export import result_json
from gpuplanner.service import estimate_for_scenario, scenario_from_data
from tests.conftest import REPO_ROOT

PROBE = REPO_ROOT / "gpuplanner" / "probe.py"


@pytest.fixture(scope="module")
def probe() -> ModuleType:
    """The probe module: skipped, with the reason, only where PyTorch is not installed."""
    pytest.importorskip("torch", reason="PyTorch is not installed (requirements/probe.lock)")
    from gpuplanner import probe as module

    return module


def test_the_probe_imports_only_pytorch_and_the_standard_library() -> None:
    """The app hands the file to a GPU server that has PyTorch and nothing of ours."""
    imported = set()
    for node in ast.walk(ast.parse(PROBE.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, "a relative import"
            imported.add((node.module or "").split(".")[0])
    assert imported - set(sys.stdlib_module_names) == {"torch"}


def _estimate_paths(run: dict[str, object], gpu: str) -> dict[str, float]:
    """The estimate of the run's scenario on a catalog GPU, at each path the run measured."""
    from gpuplanner.cli.catalog import open_catalog

    scenario = json.loads(json.dumps(run["scenario"]))
    scenario["hardware"]["gpu"] = gpu
    figures = json.loads(result_json(estimate_for_scenario(scenario, open_catalog())))
    out = {}
    for path in run["measured"]:  # type: ignore[union-attr]
        value = figures
        for key in path.split("."):
            value = value[key]
        out[path] = value
    return out


def test_the_probe_on_the_cpu_writes_runs_calibrate_reads(probe: ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "runs.json"
    assert probe.main(["--device", "cpu", "--size", "tiny", "--out", str(out)]) == 0
    document = json.loads(out.read_text(encoding="utf-8"))
    size = probe.SIZES["tiny"]
    facts = document["probe"]
    assert facts["calibratable"] is False and facts["catalog_gpu"] is None
    assert any("on the CPU" in note for note in facts["notes"])
    assert "one process" in document["microbenchmarks"]["all_reduce"]["skipped"]
    assert [g["dtype"] for g in document["microbenchmarks"]["gemm"]] == ["bf16"] * len(size.gemm_shapes)
    assert all(g["tflops"] > 0 for g in document["microbenchmarks"]["gemm"])
    assert document["microbenchmarks"]["memory_bandwidth_gbs"] > 0
    train, = document["runs"]
    step = train["measured"]["training.step_time_s"]
    assert step > 0 and "memory_gib_per_gpu.total" not in train["measured"]  # the CPU has no allocator peak
    assert train["measured"]["training.tokens_per_s_per_gpu"] == pytest.approx(size.micro_batch * size.seq_len / step)
    assert [run["scenario"]["inference"]["batch"] for run in document["reference_runs"]] == [1, size.decode_batch]
    assert all("engine" not in run["scenario"]["inference"] for run in document["reference_runs"])
    # A CPU is no catalog GPU: the scenario names the device, which estimate refuses, as the file says ...
    from gpuplanner.cli.catalog import open_catalog

    with pytest.raises(InputError):
        scenario_from_data(train["scenario"], open_catalog())
    # ... and on a catalog GPU each run is a scenario estimate takes, reporting every path measured.
    for run in [*document["runs"], *document["reference_runs"]]:
        assert set(_estimate_paths(run, "h100-sxm5-80gb")) == set(run["measured"])


def test_decode_runs_count_as_an_engines_only_when_asked(probe: ModuleType, tmp_path: Path) -> None:
    size = probe.SIZES["tiny"]
    decodes = {1: {"ttft_s": 0.01, "tpot_s": 0.002}}
    facts = {"name": "NVIDIA H100 80GB HBM3", "torch": "2.13.0", "driver": "570.86.15"}
    apart = probe.build_runs(size, facts, "h100-sxm5-80gb", {"step_time_s": 0.1, "peak_gib": 3.5}, decodes, None)
    counted = probe.build_runs(size, facts, "h100-sxm5-80gb", {"step_time_s": 0.1, "peak_gib": 3.5}, decodes,
                               "vllm")
    assert len(apart["runs"]) == 1 and len(apart["reference_runs"]) == 1
    assert [run["scenario"].get("inference", {}).get("engine") for run in counted["runs"]] == [None, "vllm"]
    assert apart["runs"][0]["measured"]["memory_gib_per_gpu.total"] == 3.5
    assert "driver 570.86.15" in apart["runs"][0]["source"]


def test_the_copied_file_runs_alone_under_torchrun_and_measures_the_all_reduce(
        probe: ModuleType, tmp_path: Path) -> None:
    """The file as the app saves it, run by torchrun with two processes (gloo on the CPU) and our package
    unimportable: the all-reduce is measured and only the first rank writes."""
    copy = tmp_path / "probe.py"
    shutil.copy(PROBE, copy)
    blocker = tmp_path / "sitecustomize.py"  # any `import gpuplanner` in the probe fails
    blocker.write_text("import sys\nsys.modules['gpuplanner'] = None\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "OMP_NUM_THREADS": "1"}
    done = subprocess.run([sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc-per-node", "2",
                           str(copy), "--device", "cpu", "--out", "runs.json"],  # --standalone: a free port
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    reduce = json.loads((tmp_path / "runs.json").read_text(encoding="utf-8"))["microbenchmarks"]["all_reduce"]
    assert reduce["ranks"] == 2 and reduce["backend"] == "gloo"
    assert reduce["bus_gbs"] == pytest.approx(probe.bus_bandwidth(reduce["algorithm_gbs"], 2)) and reduce["bus_gbs"] > 0


def test_device_names_map_to_catalog_gpus(probe: ModuleType) -> None:
    from gpuplanner.cli.catalog import open_catalog

    ids = {row["id"] for row in open_catalog().rows("gpus")}
    assert {gpu for _, gpu in probe.CATALOG_GPUS} <= ids
    names = {"NVIDIA H100 80GB HBM3": "h100-sxm5-80gb", "NVIDIA H100 PCIe": "h100-pcie-80gb",
             "NVIDIA H100 NVL": "h100-nvl-94gb", "NVIDIA H200": "h200-sxm-141gb", "NVIDIA H20": "h20",
             "NVIDIA A100-SXM4-80GB": "a100-sxm4-80gb", "NVIDIA A100-SXM4-40GB": "a100-sxm4-40gb",
             "NVIDIA A100 80GB PCIe": "a100-pcie-80gb", "NVIDIA L40S": "l40s", "NVIDIA L40": "l40", "NVIDIA L4": "l4",
             "NVIDIA A10": "a10", "NVIDIA GeForce RTX 4090": "rtx-4090", "Tesla V100-SXM2-32GB": "v100-sxm2-32gb",
             "Tesla V100-PCIE-32GB": "v100-pcie-32gb", "AMD Instinct MI300X": "mi300x", "NVIDIA B200": "b200",
             "NVIDIA GH200 480GB": "gh200", "NVIDIA RTX 6000 Ada Generation": "rtx-6000-ada"}
    assert {name: probe.catalog_gpu(name) for name in names} == names
    assert probe.catalog_gpu("Intel(R) Data Center GPU Max 1550") is None


def test_the_rate_formulas(probe: ModuleType) -> None:
    assert probe.bus_bandwidth(100.0, 8) == pytest.approx(175.0)  # 2 (n - 1) / n of nccl-tests
    assert probe.gemm_tflops(4096, 4096, 4096, 0.001) == pytest.approx(2 * 4096**3 / 1e-3 / 1e12)


def test_the_app_finds_the_probes_file_to_save() -> None:
    from gpuplanner.paths import probe_script_path

    assert probe_script_path().read_bytes() == PROBE.read_bytes()
    assert '"gpuplanner" / "probe.py"' in (REPO_ROOT / "packaging" / "gpuplanner.spec").read_text(encoding="utf-8")
