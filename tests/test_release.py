"""Release basics: every installed package comes from a hash-pinned lock, and every shipped component's licence
ships with it."""

from __future__ import annotations

import re
import subprocess
import tomllib
from importlib import metadata

import pytest

from gpuplanner.licenses import own_licence_path, third_party_components
from tests.conftest import REPO_ROOT

LOCKS = {name: REPO_ROOT / "requirements" / f"{name}.lock" for name in ("app", "dev", "package")}
PIN = re.compile(r"^([A-Za-z0-9_.-]+)==([^ ;\\]+)(?:\s*;[^\\]*)?\s*\\$", re.M)


def pins(lock: str) -> dict[str, str]:
    return {name.lower().replace("_", "-"): version for name, version in PIN.findall(LOCKS[lock].read_text())}


def declared() -> dict[str, str]:
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]
    requirements = project["dependencies"] + [r for extra in project["optional-dependencies"].values() for r in extra]
    pairs = [r.split("==") for r in requirements]
    assert all(len(p) == 2 for p in pairs), f"every requirement is pinned with ==: {requirements}"
    return {name.lower().replace("_", "-"): version for name, version in pairs}


def test_every_lock_entry_carries_hashes() -> None:
    for lock, path in LOCKS.items():
        entries = re.split(r"\n(?=[A-Za-z])", path.read_text().strip())
        assert len(entries) == len(pins(lock)) > 10
        for entry in entries:
            assert "--hash=sha256:" in entry, f"{path.name}: {entry.splitlines()[0]} has no hash"


def test_the_locks_agree_with_pyproject_and_each_other() -> None:
    app, dev, package = pins("app"), pins("dev"), pins("package")
    for name, version in declared().items():
        assert dev[name] == version, name
    assert {"pip", "setuptools", "pyside6-essentials", "shiboken6", "numpy", "pyqtgraph"} <= set(app)
    assert {"pytest", "pyinstaller"} <= set(dev) and "pytest" not in package and "pyinstaller" in package
    for name, version in app.items():
        assert dev[name] == version == package[name], name


def test_the_virtual_environment_holds_exactly_the_locked_versions() -> None:
    for name, version in pins("dev").items():
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:  # a package another platform needs (markers in the lock)
            continue
        assert installed == version, f"{name}: installed {installed}, locked {version}"


def test_every_shipped_package_has_its_licence_listed_and_shipped() -> None:
    components = {c.name.lower().replace("_", "-"): c for c in third_party_components()}
    shipped = {name: version for name, version in pins("app").items() if name not in ("pip", "setuptools")}
    assert set(shipped) <= set(components), "run `make lock` to refresh resources/licenses"
    for name, version in shipped.items():
        assert components[name].version == version, name
    for component in components.values():
        assert component.licence and component.texts, component.name
        for text in component.texts:
            assert text.is_file() and text.stat().st_size > 200, text
    qt = components["pyside6-essentials"]
    assert "LGPL-3.0" in qt.licence and any("LESSER GENERAL PUBLIC LICENSE" in t.read_text() for t in qt.texts)
    font = components["wenquanyi micro hei (font)"]
    assert any("Apache License" in t.read_text() and "Version 2.0" in t.read_text() for t in font.texts)


def test_our_own_licence_is_declared_and_shipped() -> None:
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT"
    assert own_licence_path().read_text().startswith("MIT License")
    assert metadata.metadata("gpuplanner")["License-Expression"] == "MIT"
    spec = (REPO_ROOT / "packaging" / "gpuplanner.spec").read_text()
    assert '"LICENSE"' in spec and '"licenses"' in spec


def test_the_repository_holds_no_build_artefacts() -> None:
    tracked = subprocess.run(["git", "ls-files"], cwd=REPO_ROOT, capture_output=True, text=True, check=True).stdout
    stray = [f for f in tracked.splitlines() if re.search(r"\.(whl|tar\.gz|zip|egg|pyc|so|dll|exe|deb|dmg)$", f)]
    assert stray == []


@pytest.mark.parametrize("workflow", ["ci.yml"])
def test_installers_are_built_only_after_the_tests_on_every_platform(workflow: str) -> None:
    text = (REPO_ROOT / ".github" / "workflows" / workflow).read_text()
    jobs = re.findall(r"^  ([a-z-]+):$", text, re.M)
    assert {"test-linux", "test-macos", "test-windows"} <= set(jobs)
    for job in (j for j in jobs if j.startswith("package-")):
        block = text.split(f"  {job}:", 1)[1]
        assert "needs: [test-linux, test-macos, test-windows]" in block.split("steps:", 1)[0], job
    assert "pip install ." not in text.replace("--no-build-isolation .", "")  # every install goes through a lock
