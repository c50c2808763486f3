"""How many modules besides the field table spell each scenario field's key as a string.

A module spells a field when a string constant in it is the field's dotted path ("training.global_batch"), or when
it uses the field's key as a mapping key (`x["global_batch"]`, `.get("global_batch")`, `{"global_batch": ...}`)
beside its section's name (a root field: beside "model"), as code that builds or reads a scenario document does. A
root field's path is a plain word ("precision"), so as a constant it counts only where it names the field: the first
argument of InputError, require_int / require_positive, field, limits or Binding. The same word for something else
(a memory part "optimizer", a catalog row's "currency", a table column "precision") and prose that mentions a path
inside a longer message do not count. Prints the median and the worst fields; `--check` exits
non-zero when the median exceeds 1 or any field 3 (the house's target for one declaration per field).
"""

from __future__ import annotations

import ast
import statistics
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gpuplanner.core.scenario.fields import FIELDS  # noqa: E402

PACKAGE = ROOT / "gpuplanner"
TABLE = PACKAGE / "core" / "scenario" / "fields.py"
# The probe runs on GPU servers where GPU Planner is not installed, so it cannot read the table: it spells the keys
# of the scenarios it writes, and tests/test_probe.py checks each of them against the table (estimate takes them).
STANDALONE = PACKAGE / "probe.py"
MEDIAN_TARGET, WORST_TARGET = 1, 3


def _mapping_keys(tree: ast.AST) -> set[str]:
    """String constants used as mapping keys: subscripts, get / setdefault / pop, dict displays."""
    keys: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            keys.add(str(node.slice.value))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr in ("get", "setdefault", "pop") and node.args and \
                isinstance(node.args[0], ast.Constant):
            keys.add(str(node.args[0].value))
        elif isinstance(node, ast.Dict):
            keys |= {str(key.value) for key in node.keys if isinstance(key, ast.Constant)}
    return keys


NAMING_CALLS = ("InputError", "require_int", "require_positive", "field", "limits", "Binding")


def _constants(tree: ast.AST) -> set[str]:
    return {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)}


def _named(tree: ast.AST) -> set[str]:
    """First arguments of the calls that name a field."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            callee = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if callee in NAMING_CALLS:
                names.add(str(node.args[0].value))
    return names


def spellings() -> dict[str, set[str]]:
    """Each field's path → the modules (package-relative) that spell it."""
    found: dict[str, set[str]] = defaultdict(set)
    for path in sorted(PACKAGE.rglob("*.py")):
        if path in (TABLE, STANDALONE):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants, keys, named = _constants(tree), _mapping_keys(tree), _named(tree)
        name = str(path.relative_to(PACKAGE))
        for spec in FIELDS:
            beside = spec.section.rpartition(".")[2] if spec.section else "model"
            spelled = spec.path in (constants if spec.section else named)
            if spelled or (spec.key in keys and beside in keys):
                found[spec.path].add(name)
    return found


def main() -> int:
    found = spellings()
    counts = {spec.path: len(found.get(spec.path, ())) for spec in FIELDS}
    median = statistics.median(counts.values())
    worst = sorted(counts.items(), key=lambda item: -item[1])[:8]
    print(f"modules besides core/scenario/fields.py spelling a field key: median {median:g}, max {worst[0][1]}")
    for path, count in worst:
        print(f"  {count}  {path}: {', '.join(sorted(found.get(path, ())))}")
    if "--check" in sys.argv and (median > MEDIAN_TARGET or worst[0][1] > WORST_TARGET):
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
