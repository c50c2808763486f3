"""One scenario, one answer, as typed records: results are frozen, the exporter is the only place that turns them
into the documented JSON, and the presentation code (the app's table, details and charts, the spec sheet, the CLI
text) reads attributes, never result keys by string."""

from __future__ import annotations

import ast
import dataclasses
import json
from pathlib import Path

import pytest

from gpuplanner.catalog.store import Catalog
from gpuplanner.core.results import results
from gpuplanner.core.results.export import result_json, to_data
from gpuplanner.records import _frozen_setattr
from gpuplanner.service import estimate_for_scenario, plan_for_scenario

PACKAGE = Path(__file__).resolve().parent.parent / "gpuplanner"
PRESENTATION = [PACKAGE / "ui" / name for name in ("details.py", "charts.py", "plans_model.py", "main_window.py")] + [
    PACKAGE / "report" / "spec_sheet.py", PACKAGE / "report" / "formatting.py", PACKAGE / "cli" / "plan.py",
    PACKAGE / "cli" / "estimate.py"]
SEVENTY_B = {"task": "pretrain", "model": {"preset": "llama-2-70b"}, "constraints": {"deadline_days": 60}}


def _record_types() -> list[type]:
    return [value for value in vars(results).values()
            if isinstance(value, type) and dataclasses.is_dataclass(value) and value.__module__ == results.__name__]


def _result_field_names() -> set[str]:
    names = {field.name for record in _record_types() for field in dataclasses.fields(record)}
    return names | {name for record in _record_types() for name, value in vars(record).items()
                    if isinstance(value, property)}


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog(overrides_path=None)


def test_every_result_record_is_frozen(catalog) -> None:
    assert len(_record_types()) >= 20
    # Each is a core.base.records.record: frozen as dataclass(frozen=True) is (the assignments below raise).
    assert all(record.__setattr__ is _frozen_setattr for record in _record_types())
    result = plan_for_scenario(SEVENTY_B, catalog, top=3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.plans[0].cost_metric = 0.0  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.plans[0].estimate.memory_gib_per_gpu.total = 0.0  # type: ignore[misc]


def test_the_plan_result_carries_the_scenario_it_answers(catalog) -> None:
    result = plan_for_scenario({**SEVENTY_B, "seq_len": 2048}, catalog, top=3)
    assert result.complete and result.scenario.seq_len == 2048 and result.scenario.model.name == "Llama-2-70B"
    exported = to_data(result)
    assert "scenario" not in exported and exported["complete"] is True  # the inputs are the user's file, not output


def test_the_exporter_writes_the_documented_keys_and_flattens_a_plans_estimate(catalog) -> None:
    result = plan_for_scenario(SEVENTY_B, catalog, top=3)
    data = json.loads(result_json(result))
    plan, typed = data["plans"][0], result.plans[0]
    # A plan carries its estimate's fields at its own level (DESIGN §6), and its own warnings win.
    assert plan["gpu"] == typed.gpu and plan["count"] == typed.count and plan["layout"]["tp"] == typed.layout.tp
    assert plan["training"]["days"] == plan["days"] == typed.days
    assert plan["warnings"] == [str(w) for w in typed.warnings]
    assert plan["alternatives"] and set(plan["alternatives"][0]) >= {"tp", "pp", "dp", "zero", "reason"}
    assert plan["site"]["supply"]["rack_kw_limit"] == result.limits.rack_kw
    estimate = json.loads(result_json(estimate_for_scenario(SEVENTY_B, catalog)))
    assert {"fits", "layout", "memory_gib_per_gpu", "training", "inference", "power", "energy_mwh",
            "warnings"} <= set(estimate)


def test_presentation_code_reads_no_result_field_by_string_key() -> None:
    """`plan["days"]`, `site.get("nodes")` and the like in the front ends: each is a place where the table, the
    chart and the sheet can drift apart, so none is left."""
    fields = _result_field_names()
    offenders = []
    for path in PRESENTATION:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            key = None
            if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
                key = node.slice.value
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
                  and node.args and isinstance(node.args[0], ast.Constant)):
                key = node.args[0].value
            if isinstance(key, str) and key in fields and not _is_words_table(node):
                offenders.append(f"{path.name}:{node.lineno} [{key!r}]")
    assert offenders == []


def _is_words_table(node: ast.AST) -> bool:
    """A lookup in a table of translated words (L["Time"], labels["total"]) is not a result field."""
    target = node.value if isinstance(node, ast.Subscript) else node.func.value  # type: ignore[attr-defined]
    return isinstance(target, ast.Name) and target.id in {"L", "labels", "words", "parts_label"}


def test_only_the_exporter_builds_json_from_results() -> None:
    """Results become JSON in one place: no other module calls json.dumps on a result or returns a result dict."""
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if path.name == "export.py":
            continue
        assert "finite_or_none" not in text, path
        assert "def result_json" not in text, path


def test_no_function_outside_the_exporter_returns_an_untyped_dict() -> None:
    """Results are records; the only plain JSON data are the exporter's output and the user's own documents (the
    scenario file, the JSON Schema), each under its own name."""
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        if path.name == "export.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.returns is not None:
                if node.name in ("_getstate", "__getstate__"):  # pickle's protocol: a record's fields, not a result
                    continue
                returned = ast.unparse(node.returns)
                if "dict[str, Any]" in returned or "dict[str, object]" in returned:
                    offenders.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.name} -> {returned}")
    assert offenders == []


@pytest.mark.parametrize("data", [SEVENTY_B, {"task": "inference", "model": {"preset": "llama-3.1-70b"},
                                              "constraints": {"target_output_tokens_per_s": 5000}}])
def test_the_json_text_is_what_json_dumps_writes_of_the_exported_data(catalog, data) -> None:
    """The exporter writes its indented JSON in one pass of its own: byte for byte json.dumps's text (indent 2,
    UTF-8 as is, strict), for whole plans and for the values a result can hold."""
    result = plan_for_scenario(data, catalog, top=5)
    assert result_json(result) == json.dumps(to_data(result), indent=2, ensure_ascii=False, allow_nan=False)
    odd = results.NextStep(action="gpu", message="国产 “GPU” \\ \u2028 \x00", gpu=None)
    values = [odd, {"nested": [[], {}, [{}], {"a": []}]}, (1, 2.5, -0.0, 1e-7, 1e16, 2**70, True, False, None),
              {"x": 0.1 + 0.2, "y": 123456789.123456789}]
    for value in values:
        assert result_json(value) == json.dumps(to_data(value), indent=2, ensure_ascii=False, allow_nan=False)
