"""`make recalibrate`: refit the calibration on the published runs, regenerate calibration/published_fit.py (the
fitted constants, the leave-one-group-out errors and the bands), serving_fits.json and training_predictions.json (the
serving fits and the training cases' predictions `make test` reads back while their inputs are unchanged), re-record the
search golden, and print what moved:
constants and bands, chosen layouts and step times of the sampled searches, and the ranked plans. The diff is for a
reviewer to read before committing; nothing here judges it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CONSTANTS = ROOT / "gpuplanner" / "calibration" / "published_fit.py"
GOLDEN = ROOT / "tests" / "data" / "search_golden.json"


def constants(text: str) -> dict[str, Any]:
    """The generated module's top-level values."""
    values: dict[str, Any] = {}
    exec(compile(text, str(CONSTANTS), "exec"), {}, values)  # our own generated file
    return {k: v for k, v in values.items() if k.isupper()}


def changed_constants(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    lines = []
    for name in sorted(set(before) | set(after)):
        old, new = before.get(name), after.get(name)
        if old == new:
            continue
        if isinstance(old, dict) and isinstance(new, dict):
            for key in sorted(set(old) | set(new), key=str):
                if old.get(key) != new.get(key):
                    lines.append(f"  {name}[{key!r}]: {old.get(key)!r} -> {new.get(key)!r}")
        else:
            lines.append(f"  {name}: {old!r} -> {new!r}")
    return lines


def changed_layouts(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    def key(record: dict[str, Any]) -> tuple[str, str, int]:
        return record["scenario"], record["gpu"], record["count"]

    old = {key(r): r for r in before["layouts"]}
    lines, moved = [], []
    for record in after["layouts"]:
        previous = old.get(key(record))
        if previous is None or "step_time_s" not in record or "step_time_s" not in previous:
            continue
        change = record["step_time_s"] / previous["step_time_s"] - 1.0
        if abs(change) > 1e-3:
            moved.append(change)
        if record["layout"] != previous["layout"]:
            lines.append(f"  layout {key(record)}: {previous['layout']} -> {record['layout']}")
    if moved:
        lines.insert(0, f"  {len(moved)} of {len(after['layouts'])} sampled step times moved, "
                        f"{min(moved):+.1%} .. {max(moved):+.1%}")
    added = set(map(key, after["layouts"])) ^ set(old)
    if added:
        lines.append(f"  {len(added)} sampled searches appear or vanish (the catalog's options changed)")
    return lines


def changed_plans(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    lines = []
    for name in sorted(after["plans"]):
        old, new = before["plans"].get(name), after["plans"][name]
        if old == new:
            continue
        lines.append(f"  {name}:")
        for i in range(max(len(old or []), len(new))):
            o = (old or [])[i] if i < len(old or []) else None
            n = new[i] if i < len(new) else None
            if o != n:
                lines.append(f"    #{i + 1}: {describe(o)} -> {describe(n)}")
    return lines


def describe(plan: dict[str, Any] | None) -> str:
    if plan is None:
        return "(none)"
    text = f"{plan['count']} x {plan['gpu']} {plan['deployment']}"
    if plan.get("days") is not None:
        text += f", {plan['days']:.2f} days"
    if plan.get("cost") is not None:
        text += f", cost {plan['cost']:,.0f}"
    return text


def main() -> int:
    python = sys.executable
    before_constants = constants(CONSTANTS.read_text(encoding="utf-8"))
    before_golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    for command in ([python, str(ROOT / "benchmarks" / "crossval.py"), "--write"],
                    [python, str(ROOT / "scripts" / "record_search_golden.py"), str(GOLDEN)]):
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        if done.returncode:
            sys.stderr.write(done.stdout + done.stderr)
            return done.returncode
    after_constants = constants(CONSTANTS.read_text(encoding="utf-8"))
    after_golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    for title, lines in (("Constants and bands (calibration/published_fit.py)",
                          changed_constants(before_constants, after_constants)),
                         ("Sampled searches (tests/data/search_golden.json)",
                          changed_layouts(before_golden, after_golden)),
                         ("Ranked plans (tests/data/search_golden.json)", changed_plans(before_golden, after_golden))):
        print(title)
        print("\n".join(lines) if lines else "  nothing moved")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
