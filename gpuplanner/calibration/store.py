"""The user's calibration on disk: `calibration.json` in the user-data folder (GPUPLANNER_DATA_DIR honoured), holding
the groups `gpuplanner calibrate` fitted and the runs they were fitted on. Absent: the published calibration."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, fields, replace
from pathlib import Path
from typing import Any

from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.record import Calibration, UserGroupFit, UserLayer
from gpuplanner.paths import user_data_dir
from gpuplanner.safe_write import replace_file

FILE_NAME = "calibration.json"
FORMAT = "gpuplanner-calibration"
VERSION = 1


RunDocument = Mapping[str, Any]  # one run as a runs file holds it: the user's own document, stored as given
StoredDocument = dict[str, Any]  # the stored file's content


class StoredCalibrationError(ValueError):
    """The stored calibration cannot be read: estimates fall back to the published one, and say why."""


def calibration_path() -> Path:
    return user_data_dir() / FILE_NAME


def save_calibration(layer: UserLayer, runs: Sequence[RunDocument]) -> Path:
    """Store the user's groups and the runs behind them (replacing what was stored)."""
    groups = [{"gpu": gpu, "width": width, "stack": stack, **asdict(fit)}
              for (gpu, width, stack), fit in layer.groups.items()]
    data = {"format": FORMAT, "version": VERSION, "groups": groups, "runs": [dict(run) for run in runs]}
    path = calibration_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    replace_file(path, (json.dumps(data, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))
    return path


def load_calibration(base: Calibration = PUBLISHED) -> Calibration:
    """The calibration estimates run on: `base` with the stored user groups over it, or `base` when none is
    stored. StoredCalibrationError when the file is there but cannot be read."""
    data = _read()
    if data is None:
        return base
    known = {f.name for f in fields(UserGroupFit)}
    try:
        groups = {(g["gpu"], g["width"], g["stack"]): _group_fit({k: v for k, v in g.items() if k in known})
                  for g in data["groups"]}
    except (KeyError, TypeError, ValueError) as error:
        raise StoredCalibrationError(f"{calibration_path()}: {error}") from None
    fits = list(groups.values())
    layer = UserLayer(groups, sum(f.runs for f in fits), tuple(sorted({d for f in fits for d in f.dates})))
    return replace(base, user=layer)


def _group_fit(values: dict[str, Any]) -> UserGroupFit:
    fit = UserGroupFit(**{**values, "dates": tuple(values["dates"])})
    if fit.runs < 1 or not all(isinstance(getattr(fit, n), int | float) and getattr(fit, n) > 0
                               for n in ("gemm", "prefill", "decode")):
        raise ValueError("a group's factors must be positive numbers")
    return fit


def reset_calibration() -> bool:
    """Remove the stored calibration (estimates return to the published one); False when none was stored."""
    path = calibration_path()
    if not path.exists():
        return False
    path.unlink()
    return True


def _read() -> StoredDocument | None:
    path = calibration_path()
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise StoredCalibrationError(f"{path}: {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("groups"), list) \
            or not isinstance(data.get("runs"), list):
        raise StoredCalibrationError(f"{path}: not a calibration gpuplanner stored")
    return data
