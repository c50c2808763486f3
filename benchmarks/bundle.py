"""Bundle size and frozen start time of GPU Planner next to a minimal PySide6 + pyqtgraph window frozen the same
way. Needs `make package` first (it builds the app and the packaging venv); builds the yardstick itself."""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "build" / "dist"
PYINSTALLER = ROOT / ".venv-package" / "bin" / "pyinstaller"
RUNS = 7


def size_mb(folder: Path) -> float:
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink()) / 1e6


def _first_paint_once(executable: Path) -> tuple[float, float]:
    """(first paint by the program's own clock, first paint from the launch): the app's own clock starts after
    its command-line imports, the hello window's before PySide6, so only the second compares like with like."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "GPUPLANNER_DATA_DIR": str(ROOT / "build" / "bench-data"),
           "GPUPLANNER_LAUNCHED_AT": repr(time.time())}
    done = subprocess.run([str(executable), "--smoke-test"], capture_output=True, text=True, env=env,
                          timeout=120, check=True)
    found = re.search(r"first paint after ([\d.]+) s \(([\d.]+) s after launch\)", done.stdout)
    return float(found.group(1)), float(found.group(2))


def first_paints_s(first: Path, second: Path) -> tuple[tuple[float, float], tuple[float, float]]:
    """Median first paints (own clock, from launch) of each executable, their starts interleaved (a load change on
    this shared machine then falls on both, not on one of them)."""
    timings: tuple[list[tuple[float, float]], list[tuple[float, float]]] = ([], [])
    for _ in range(RUNS):
        timings[0].append(_first_paint_once(first))
        timings[1].append(_first_paint_once(second))
    return tuple(tuple(statistics.median(run[k] for run in runs) for k in (0, 1))  # type: ignore[return-value]
                 for runs in timings)


def main() -> int:
    app = DIST / "gpuplanner" / "gpuplanner"
    if not app.exists() or not PYINSTALLER.exists():
        print("bundle benchmark skipped: run `make package` first")
        return 0
    hello = DIST / "hello_window" / "hello_window"
    sources = ("pyinstaller_common.py", "hello_window.py", "hello_window.spec")
    if not hello.exists() or hello.stat().st_mtime < max((ROOT / "packaging" / name).stat().st_mtime
                                                         for name in sources):
        subprocess.run([str(PYINSTALLER), "--noconfirm", "--log-level", "ERROR", "--distpath", str(DIST),
                        "--workpath", str(ROOT / "build" / "work"), str(ROOT / "packaging" / "hello_window.spec")],
                       check=True)
    app_size, hello_size = size_mb(app.parent), size_mb(hello.parent)
    (app_own, app_paint), (hello_own, hello_paint) = first_paints_s(app, hello)
    print("Frozen bundle (PyInstaller one-dir), median of", RUNS, "offscreen starts each, interleaved; first paint "
          "from the launch (and by the program's own clock)")
    print(f"  GPU Planner      {app_size:6.0f} MB   first paint {app_paint:.2f} s ({app_own:.2f} s)")
    print(f"  hello window     {hello_size:6.0f} MB   first paint {hello_paint:.2f} s ({hello_own:.2f} s)")
    print(f"  ratio            {app_size / hello_size:6.2f} x  size, {app_paint / hello_paint:.2f} x start from the "
          f"launch (target: <= 1.2 x; {app_own / hello_own:.2f} x by the programs' own clocks, which start "
          "at different points)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
