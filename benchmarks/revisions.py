"""An earlier commit's code beside this tree's, for benchmarks that measure before and after in one run: its package,
catalog and resources unpacked from git (nothing is checked out; the repository and its worktrees are left as they
are)."""

from __future__ import annotations

import subprocess
import tarfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def tree_at(revision: str, folder: Path) -> Path:
    """`revision`'s gpuplanner package, catalog.db and resources/ under `folder` (returned)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision, "gpuplanner", "catalog.db", "resources"],
                             capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def merge_base() -> str:
    """Where this branch left main (HEAD where there is no main)."""
    found = subprocess.run(["git", "-C", str(ROOT), "merge-base", "HEAD", "main"], capture_output=True, text=True,
                           check=False)
    return found.stdout.strip() or "HEAD"
