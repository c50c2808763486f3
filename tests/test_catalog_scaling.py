"""A catalog that lists the same parts again (another id, another name, its own price) is planned at the cost of the
parts that differ: listings alike in every figure an estimate reads share one estimate and one layout search, and the
answer is exactly the one each listing would get estimated alone."""

from __future__ import annotations

import dataclasses
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

import gpuplanner.core.planning.plan_evaluation as evaluation
import gpuplanner.core.planning.plan_shapes as shapes
from benchmarks.plan_timing import EXAMPLES
from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.catalog.options import hardware_options
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.base.kept import KeptByIdentity
from gpuplanner.core.estimates.estimate import estimate
from gpuplanner.core.hardware.hardware import GPU
from gpuplanner.core.planning.plan_evaluation import estimate_once, scenario_on_option
from gpuplanner.core.planning.plan_settings import plan_settings
from gpuplanner.core.results.export import to_data
from gpuplanner.core.site.site import NodeSpec, plan_site
from gpuplanner.service import plan_for_scenario, scenario_from_data

REPO_ROOT = Path(__file__).resolve().parent.parent
PRETRAIN_FP8 = {"task": "pretrain", "model": {"preset": "llama-2-70b"}, "precision": "fp8",
                "constraints": {"deadline_days": 60}}
SCENARIOS = {
    "70B pretrain in FP8, 60-day deadline": PRETRAIN_FP8,
    "70B pretrain, no deadline": {"task": "pretrain", "model": {"preset": "llama-2-70b"}, "constraints": {}},
    **{name: EXAMPLES[name] for name in ("7B LoRA, 30k USD on-prem", "70B serving, 5000 tok/s")},
}
COPIED = ("a100-sxm4-80gb", "h100-sxm5-80gb", "l40s", "rtx-3090-ti", "mi300x")  # servers in the catalog and generic


def _listed_again(tmp_path: Path) -> Path:
    """The bundled catalog with COPIED listed again: new GPU ids and models, dearer by 3 %, their servers, rentals
    and availability rows copied to name them."""
    path = tmp_path / "catalog.db"
    shutil.copyfile(REPO_ROOT / "catalog.db", path)
    with sqlite3.connect(path) as db:
        db.row_factory = sqlite3.Row
        new = {gpu: f"{gpu}-resold" for gpu in COPIED}

        def insert(table: str, row: dict) -> None:
            db.execute(f"INSERT INTO {table} ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                       tuple(row.values()))

        for row in map(dict, db.execute(f"SELECT * FROM gpus WHERE id IN ({', '.join('?' * len(COPIED))})",
                                        COPIED)):
            insert("gpus", {**row, "id": new[row["id"]], "model": f"{row['model']} (resold)",
                            "price_usd_low": row["price_usd_low"] and row["price_usd_low"] * 1.03,
                            "price_usd_high": row["price_usd_high"] and row["price_usd_high"] * 1.03})
        for row in map(dict, db.execute("SELECT * FROM servers").fetchall()):
            named = str(row["gpu_ids"] or "").split(";")
            if any(gpu in new for gpu in named):
                insert("servers", {**row, "id": f"{row['id']}-resold",
                                   "gpu_ids": ";".join(new.get(gpu, gpu) for gpu in named),
                                   "price_usd": row["price_usd"] and row["price_usd"] * 1.03})
        for table in ("cloud_instances", "availability"):
            for row in map(dict, db.execute(f"SELECT * FROM {table}").fetchall()):
                if row["gpu_id"] in new:
                    prices = {column: row[column] and row[column] * 1.03 for column in
                              ("on_demand_per_hour", "reserved_per_hour", "spot_per_hour") if column in row}
                    insert(table, {**row, **prices, "id": f"{row['id']}-resold", "gpu_id": new[row["gpu_id"]]})
    return path


@pytest.fixture(scope="module")
def resold(tmp_path_factory) -> Catalog:
    return Catalog(bundled_path=_listed_again(tmp_path_factory.mktemp("resold")), overrides_path=None)


def _never_shared(monkeypatch) -> None:
    """Every GPU and server field counted as a figure: no two listings are alike, each is estimated alone (the
    parts' shape numbers kept from earlier plans were worked out with the labels left out: none is read)."""
    monkeypatch.setattr(shapes, "LABEL_FIELDS", {GPU: frozenset(), NodeSpec: frozenset()})
    monkeypatch.setattr(shapes, "_part_numbers", KeptByIdentity(4096))


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_listings_alike_plan_as_if_each_were_estimated_alone(resold, monkeypatch, name) -> None:
    shared = plan_for_scenario(SCENARIOS[name], resold, top=5)
    _never_shared(monkeypatch)
    alone = plan_for_scenario(SCENARIOS[name], resold, top=5)
    assert json.dumps(to_data(shared), sort_keys=True) == json.dumps(to_data(alone), sort_keys=True)
    words = [(str(w), w.template) for p in (*shared.plans, *shared.near_misses) for w in p.warnings]
    assert words == [(str(w), w.template) for p in (*alone.plans, *alone.near_misses) for w in p.warnings]
    if name.startswith("70B pretrain in FP8"):  # the copies are planned, each under its own name
        assert {p.gpu for p in shared.points} >= {f"{gpu}-resold" for gpu in COPIED if gpu != "rtx-3090-ti"}


def test_listings_alike_are_estimated_once(resold, monkeypatch) -> None:
    calls: list[str] = []
    real = evaluation.estimate

    def counting(trial, node, alternatives=True, search=None, calibration=PUBLISHED):
        if not alternatives:  # the planner's own estimates (a plan shown is estimated in full for its runner-ups)
            calls.append(trial.gpu.id)
        return real(trial, node, alternatives=alternatives, search=search, calibration=calibration)

    monkeypatch.setattr(evaluation, "estimate", counting)
    plan_for_scenario(PRETRAIN_FP8, resold)
    assert calls and not any(gpu.endswith("-resold") for gpu in calls)  # each copy's figures were estimated already
    shared = len(calls)
    calls.clear()
    _never_shared(monkeypatch)
    plan_for_scenario(PRETRAIN_FP8, resold)
    assert sum(gpu.endswith("-resold") for gpu in calls) > 0 and len(calls) > shared


def test_a_shared_estimate_names_its_own_gpu_in_every_warning(resold) -> None:
    """FP8 on an A100 falls back to BF16 with a warning naming the GPU: the copy's names the copy."""
    scenario = scenario_from_data(PRETRAIN_FP8, resold)
    options = {o.gpu.id: o for o in hardware_options(resold, plan_settings(scenario).power)}
    original, copy = options["a100-sxm4-80gb"], options["a100-sxm4-80gb-resold"]
    cache = shapes.EstimateCache()
    first = estimate_once(scenario, original, 64, cache, PUBLISHED)
    shared = estimate_once(scenario, copy, 64, cache, PUBLISHED)
    alone = estimate(scenario_on_option(scenario, copy, 64), copy.node, alternatives=False)
    assert first is not None and shared is not None and shared is not first
    assert any(copy.gpu.model in w for w in shared.warnings)
    assert not any(original.gpu.model + " " in w + " " and copy.gpu.model not in w for w in shared.warnings)
    assert to_data(shared) == to_data(alone)
    assert [(str(w), w.template, w.params) for w in shared.warnings] == \
           [(str(w), w.template, w.params) for w in alone.warnings]


def test_a_shared_site_block_names_and_prices_its_own_server(resold) -> None:
    """An RTX 3090 Ti has no catalog server: its generic workstation is named after it, and the copy's after the copy.
    Sized once, the copy's block reads as plan_site sizes it for the copy's own server."""
    scenario = scenario_from_data(PRETRAIN_FP8, resold)
    settings = plan_settings(scenario)
    options = {o.gpu.id: o for o in hardware_options(resold, settings.power)}
    original = options["rtx-3090-ti"]
    node = dataclasses.replace(options["rtx-3090-ti-resold"].node, price_usd=9000.0)  # as a user prices it
    assert original.node.name != node.name and original.node.price_usd != node.price_usd
    limits = dataclasses.replace(settings.site, rack_kw=2.0)  # a rack too small for the server: warnings name it
    settings = dataclasses.replace(settings, site=limits)
    cache = shapes.EstimateCache()
    first = evaluation.site_of(cache, original.node, 4, original.gpu.tdp_w, settings, 4, original.nic_gbps, 16)
    shared = evaluation.site_of(cache, node, 4, original.gpu.tdp_w, settings, 4, original.nic_gbps, 16)
    alone = plan_site(node, 4, original.gpu.tdp_w, limits, settings.power, 4, original.nic_gbps, 16)
    assert len(cache.sites) == 1 and shared.warnings and any(node.name in w for w in shared.warnings)
    assert shared == alone and to_data(shared) == to_data(alone) and shared.node_price_usd == 9000.0
    assert [(str(w), w.template) for w in shared.warnings] == [(str(w), w.template) for w in alone.warnings]
    assert to_data(first) == to_data(plan_site(original.node, 4, original.gpu.tdp_w, limits, settings.power, 4,
                                               original.nic_gbps, 16))


def _other_labels(part, labels: frozenset[str]):
    """The part with every label field changed (and a GPU's figures said to be estimates where they were not)."""
    changes = {}
    for name in labels:
        value = getattr(part, name)
        changes[name] = 1000.0 if value is None else value * 1.5 if isinstance(value, float) else f"{value} (other)"
        if name == "confidence":  # the one value an estimate words a warning for
            changes[name] = "estimate" if value != "estimate" else "datasheet"
    return dataclasses.replace(part, **changes)


@pytest.mark.parametrize("name", ["70B pretrain in FP8, 60-day deadline", "70B serving, 5000 tok/s"])
@pytest.mark.parametrize("gpu_id", ["a100-sxm4-80gb", "h100-sxm5-80gb", "mi300x", "l40s", "rtx-3090-ti"])
def test_no_estimate_reads_a_label_field(name, gpu_id) -> None:
    """Every field LABEL_FIELDS leaves out of the shape can change without changing the estimate but for its
    labels: the estimate of a GPU and server with all of them changed is the original's, relabelled."""
    catalog = Catalog(overrides_path=None)
    scenario = scenario_from_data(SCENARIOS[name], catalog)
    option = next(o for o in hardware_options(catalog, plan_settings(scenario).power) if o.gpu.id == gpu_id)
    other = dataclasses.replace(option, gpu=_other_labels(option.gpu, shapes.LABEL_FIELDS[GPU]),
                                node=_other_labels(option.node, shapes.LABEL_FIELDS[NodeSpec]))
    assert shapes.part_shape(other.gpu) == shapes.part_shape(option.gpu)
    count = None if scenario.task.value == "inference" else 64
    mine = estimate(scenario_on_option(scenario, option, count), option.node, alternatives=False)
    alone = estimate(scenario_on_option(scenario, other, count), other.node, alternatives=False)
    shared = shapes.relabelled(mine, option.gpu, other.gpu)
    assert to_data(shared) == to_data(alone)
    assert [(str(w), w.template) for w in shared.warnings] == [(str(w), w.template) for w in alone.warnings]
