"""The scenario field table is the one source: the parser accepts exactly its keys, and the README's table and
the shipped JSON Schema are generated from it (stale copies fail here: run scripts/scenario_docs.py)."""

from __future__ import annotations

import json
import statistics

import pytest

from gpuplanner.catalog.store import Catalog
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.scenario.fields import (
    BY_PATH,
    FIELDS,
    MODEL_KEYS,
    UNET_MODEL_PROPERTIES,
    ConstraintSettings,
    InferenceSettings,
    TrainingSettings,
    scenario_schema,
    unique,
)
from gpuplanner.core.scenario.scenario import new_scenario
from gpuplanner.service import scenario_from_data
from scripts.field_spelling import MEDIAN_TARGET, WORST_TARGET, spellings
from scripts.scenario_docs import README, readme_with_table, schema_text
from scripts.scenario_docs import SCHEMA as SCHEMA_FILE

IMAGE_FIELD = "images."


def document_with(path: str, value: object) -> dict:
    """A scenario that sets one field (an image field on an image task, which alone takes them)."""
    document: dict = {"model": {"preset": "llama-2-7b"}}
    if path.startswith(IMAGE_FIELD):
        document = {"task": "vision", "model": {"preset": "resnet-50"}}
    node = document
    *sections, key = path.split(".")
    for part in sections:
        node = node.setdefault(part, {})
    node[key] = value
    return document


def test_a_path_declared_twice_is_refused() -> None:
    with pytest.raises(ValueError, match=r"training\.tokens is declared twice"):
        unique((BY_PATH["training.tokens"], BY_PATH["seq_len"], BY_PATH["training.tokens"]))
    assert len(FIELDS) == len(BY_PATH)


@pytest.mark.parametrize("spec", [spec for spec in FIELDS if spec.maximum is not None], ids=lambda spec: spec.path)
def test_the_parser_refuses_every_value_above_a_declared_maximum(spec, catalog: Catalog) -> None:
    too_big = spec.maximum * 10 + 1
    with pytest.raises(InputError) as refused:
        scenario_from_data(document_with(spec.path, int(too_big) if spec.kind is int else float(too_big)), catalog)
    assert refused.value.field == spec.path


@pytest.mark.parametrize("section", sorted({spec.section for spec in FIELDS if spec.section}))
def test_every_section_refuses_a_key_the_table_does_not_declare(section: str, catalog: Catalog) -> None:
    with pytest.raises(InputError) as refused:
        scenario_from_data(document_with(f"{section}.no_such_key", 1), catalog)
    assert refused.value.field == f"{section}.no_such_key"


def test_the_new_document_parses_into_the_declared_defaults(catalog: Catalog) -> None:
    scenario = scenario_from_data(new_scenario(), catalog)
    assert scenario.constraints == ConstraintSettings() and scenario.inference == InferenceSettings()
    assert scenario.training == TrainingSettings(paged_optimizer=False)  # the task's recipe decides, not the table


def test_the_readme_table_and_the_schema_file_are_current() -> None:
    readme = README.read_text(encoding="utf-8")
    assert readme_with_table(readme) == readme, "run scripts/scenario_docs.py"
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text(), "run scripts/scenario_docs.py"


def test_the_schema_mirrors_the_table_and_the_new_document_defaults() -> None:
    schema = scenario_schema()
    assert set(schema["properties"]["model"]["properties"]) == set(MODEL_KEYS) | set(UNET_MODEL_PROPERTIES)
    defaults = new_scenario()

    def walk(data: dict, prefix: str = "") -> None:
        for key, value in data.items():
            path = f"{prefix}{key}"
            if isinstance(value, dict) and path != "model":
                walk(value, f"{path}.")
            elif path in BY_PATH:
                assert BY_PATH[path].default == value, path  # File → New shows the documented default

    walk(defaults)
    node = schema["properties"]["constraints"]["properties"]["site"]["properties"]["supply"]["properties"]
    assert node["voltage"] == {"type": "number", "minimum": 90.0, "maximum": 1000.0, "default": 400.0,
                               "description": "line-to-line for three-phase, in V"}
    json.dumps(schema, allow_nan=False)


def test_a_field_key_is_spelled_in_one_module_besides_the_table_and_never_in_more_than_three() -> None:
    found = spellings()
    counts = [len(modules) for modules in found.values()] + [0] * (len(FIELDS) - len(found))
    assert statistics.median(counts) <= MEDIAN_TARGET and max(counts) <= WORST_TARGET, \
        "run scripts/field_spelling.py to see where"


def test_each_section_reads_its_annotations_as_get_type_hints_resolves_them() -> None:
    """The section records' annotations, looked up by name without compiling them, are the types get_type_hints
    gives (a union in another order, an enum taken for its name's string or a section missed would differ here)."""
    import dataclasses
    import typing

    from gpuplanner.core.scenario.fields import ScenarioSettings, _attributes, _is_section, _named_types

    sections, pending = [], [ScenarioSettings]
    while pending:
        section = pending.pop()
        sections.append(section)
        pending += [hint for hint in _attributes(section).values() if _is_section(hint)]
    assert len(sections) > 10
    for section in sections:
        resolved, hints = _attributes(section), typing.get_type_hints(section)
        assert list(resolved) == [attribute.name for attribute in dataclasses.fields(section)]
        assert all(resolved[name] == hints[name] and type(resolved[name]) is type(hints[name]) for name in resolved)
    assert _named_types("tuple[int, ...]", {}) is None and _named_types("Unknown | None", {}) is None
