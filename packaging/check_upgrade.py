"""Upgrade check for a built package: the user's catalog edits live outside the install and survive a
reinstall, and the installed catalog.db is never written.

Usage: python packaging/check_upgrade.py APP_FIRST_INSTALL APP_SECOND_INSTALL
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from gpuplanner.catalog.store import Catalog

ROW = {"id": "upgrade-check-gpu", "vendor": "Acme", "model": "Upgrade Check X1", "architecture": "Test",
       "segment": "datacenter", "memory_gib": 48, "memory_bandwidth_gbs": 1000, "bf16_tflops": 100, "tdp_w": 300,
       "source": "packaging/check_upgrade.py", "as_of": "2026-11-29"}


def user_gpu_ids(app: Path, data_dir: Path) -> set[str]:
    env = {**os.environ, "GPUPLANNER_DATA_DIR": str(data_dir)}
    done = subprocess.run([str(app), "catalog", "gpus", "--format", "json"], env=env, capture_output=True,
                          text=True, check=True)
    return {str(row["id"]) for row in json.loads(done.stdout)}


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main(first: Path, second: Path) -> int:
    with tempfile.TemporaryDirectory() as folder:
        data_dir = Path(folder)
        os.environ["GPUPLANNER_DATA_DIR"] = str(data_dir)  # where the app itself will look
        Catalog().save_user_row("gpus", ROW)
        bundled = first.parent / "_internal" / "catalog.db"
        before = sha256(bundled)
        assert ROW["id"] in user_gpu_ids(first, data_dir), "the installed app does not see the user's row"
        assert sha256(bundled) == before, "the installed catalog.db was written"
        assert ROW["id"] in user_gpu_ids(second, data_dir), "the user's row did not survive the reinstall"
    print("upgrade check: the user's catalog row survives a reinstall; the installed catalog.db is unchanged")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2])))
