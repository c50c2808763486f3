"""Shared test set-up: offscreen Qt, and a private user-data folder for every test."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO_ROOT = Path(__file__).resolve().parent.parent

# (title, table) pairs that accuracy tests register; printed after the run so every case's error is visible.
VALIDATION_TABLES: list[tuple[str, str]] = []


def pytest_terminal_summary(terminalreporter) -> None:
    for title, table in VALIDATION_TABLES:
        terminalreporter.section(title)
        terminalreporter.write_line(table)


@pytest.fixture(autouse=True)
def private_user_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Never touch the real user's overrides or settings."""
    folder = tmp_path / "userdata"
    monkeypatch.setenv("GPUPLANNER_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def catalog():
    from gpuplanner.catalog.store import Catalog

    return Catalog()


def run_cli(*args: str, cwd: Path = REPO_ROOT, env: dict[str, str] | None = None):
    import subprocess

    return subprocess.run([sys.executable, "-m", "gpuplanner", *args], capture_output=True, text=True, cwd=cwd,
                          env={**os.environ, **(env or {})}, timeout=120)
