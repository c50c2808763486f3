"""The scenario field table is the one source: the parser accepts exactly its keys, and the README's table and
the shipped JSON Schema are generated from it (stale copies fail here: run scripts/scenario_docs.py)."""

from __future__ import annotations

import json

from gpuplanner.core.fields import BY_PATH, FIELDS, scenario_schema
from gpuplanner.core.scenario import MODEL_KEYS, SCHEMA, SITE_KEYS, SUPPLY_KEYS, new_scenario
from gpuplanner.core.workload import Assumptions
from scripts.scenario_docs import README, readme_with_table, schema_text
from scripts.scenario_docs import SCHEMA as SCHEMA_FILE


def parser_paths() -> set[str]:
    paths = set()
    for section, spec in SCHEMA.items():
        if section in ("model", "assumptions"):
            continue
        if isinstance(spec, dict):
            paths |= {f"{section}.{key}" for key in spec if key != "site"}
        else:
            paths.add(section)
    paths |= {f"constraints.site.{key}" for key in SITE_KEYS if key != "supply"}
    paths |= {f"constraints.site.supply.{key}" for key in SUPPLY_KEYS}
    paths |= {f"assumptions.{name}" for name in Assumptions.__dataclass_fields__}
    return paths


def test_the_table_has_exactly_the_keys_the_parser_accepts() -> None:
    assert {f.path for f in FIELDS} == parser_paths()
    assert len(FIELDS) == len(BY_PATH)


def test_the_readme_table_and_the_schema_file_are_current() -> None:
    readme = README.read_text(encoding="utf-8")
    assert readme_with_table(readme) == readme, "run scripts/scenario_docs.py"
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text(), "run scripts/scenario_docs.py"


def test_the_schema_mirrors_the_table_and_the_new_document_defaults() -> None:
    schema = scenario_schema()
    assert set(schema["properties"]["model"]["properties"]) == set(MODEL_KEYS)
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
