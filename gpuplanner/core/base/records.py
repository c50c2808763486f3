"""The core's typed records: `record` and its helpers, as gpuplanner.records makes them (it sits below the core, so
that the calibration the core runs on, gpuplanner.calibration.record, makes its records with it too)."""

from gpuplanner.records import FLATTENED, NOT_EXPORTED, built_from, record, replaced

__all__ = ["FLATTENED", "NOT_EXPORTED", "built_from", "record", "replaced"]
