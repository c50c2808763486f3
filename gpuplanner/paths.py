"""Where bundled resources and the user's own data live, in a source tree and in a frozen build.

No Qt here: the CLI and the catalog use these paths too.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_DIR_NAME = "gpuplanner"


def resource_root() -> Path:
    """The folder holding `resources/` and `catalog.db`: the repository root, or PyInstaller's bundle."""
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root)
    return Path(__file__).resolve().parent.parent


def resource_path(*parts: str) -> Path:
    return resource_root().joinpath("resources", *parts)


def bundled_catalog_path() -> Path:
    return resource_root() / "catalog.db"


def probe_script_path() -> Path:
    """The probe's one file, which the app hands the user to run on a GPU server (it needs PyTorch, which the app
    does not): the source in the repository, a data file in PyInstaller's bundle (packaging/gpuplanner.spec)."""
    return resource_root() / "gpuplanner" / "probe.py"


def user_data_dir() -> Path:
    """The platform's per-user data folder; `GPUPLANNER_DATA_DIR` overrides it (tests, portable installs)."""
    override = os.environ.get("GPUPLANNER_DATA_DIR")
    if override:
        return Path(override)
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share"))
    return base / APP_DIR_NAME


def user_overrides_path() -> Path:
    return user_data_dir() / "overrides.db"
