"""The core and the catalog run without Qt installed (napari-style purity check)."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import REPO_ROOT

BLOCK_QT = """
import importlib.abc, sys
class NoQt(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in ('PySide6', 'pyqtgraph', 'shiboken6'):
            raise ImportError('Qt is blocked for this test: ' + name)
        return None
sys.meta_path.insert(0, NoQt())
import pkgutil, importlib, gpuplanner.core, gpuplanner.catalog
for package in (gpuplanner.core, gpuplanner.catalog):
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + '.'):
        importlib.import_module(info.name)
import gpuplanner.cli.main, gpuplanner.cli.estimate, gpuplanner.cli.plan
from gpuplanner.cli.main import main
code = main(['catalog', 'gpus', '--format', 'json'])
assert code == 0, code
print('pure')
"""


def test_core_and_catalog_import_without_qt() -> None:
    done = subprocess.run([sys.executable, "-c", BLOCK_QT], capture_output=True, text=True, cwd=REPO_ROOT,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("pure")


def test_the_import_layers_cover_every_module() -> None:
    """The layered import contract (pyproject.toml) names every top-level module and package, or every module of a
    package whose parts sit in different layers (the calibration: the record below the core, the user's fitting above
    the service): none escapes it (the window once imported the estimate command through a loose module)."""
    import tomllib

    config = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    layers = next(c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers")["layers"]
    named = {part.strip() for layer in layers for part in layer.split("|")}
    package = REPO_ROOT / "gpuplanner"
    modules = {f"gpuplanner.{p.stem}" for p in package.glob("*.py") if p.stem != "__init__"}
    modules |= {f"gpuplanner.{p.parent.name}" for p in package.glob("*/__init__.py")}
    for init in package.glob("*/__init__.py"):
        parts = {f"gpuplanner.{init.parent.name}.{p.stem}" for p in init.parent.glob("*.py") if p.stem != "__init__"}
        if f"gpuplanner.{init.parent.name}" not in named and parts <= named:  # split over layers, every part named
            named = (named - parts) | {f"gpuplanner.{init.parent.name}"}
    assert modules == named


def test_the_core_layers_cover_every_core_module() -> None:
    """The core's layers contract names every module under gpuplanner/core, itself or by its package: a module added
    to the core sits in a named room, below what uses it and above what it uses."""
    import re
    import tomllib

    config = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"]
                    if c["type"] == "layers" and c.get("containers") == ["gpuplanner.core"])
    named = {part.strip("() ") for layer in contract["layers"] for part in re.split(r"[|:]", layer)}
    core = REPO_ROOT / "gpuplanner" / "core"
    modules = {".".join(p.relative_to(core).with_suffix("").parts) for p in core.rglob("*.py")
               if p.name != "__init__.py"}
    assert modules, core
    unnamed = {m for m in modules if not any(m == n or m.startswith(n + ".") for n in named)}
    assert unnamed == set()
