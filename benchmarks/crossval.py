"""Print the leave-one-group-out tables of the training and serving models and, with `--write`, regenerate
gpuplanner/calibration/published_fit.py (`make recalibrate` runs it and prints what moved), and once that file is
settled keep the serving fits under the digest of their inputs (calibration/serving_fits.json) and the training
cases' predictions under the digest of the code (calibration/training_predictions.json) for a fresh checkout's
`make test`. The fit itself is the package's (gpuplanner/calibration/refit.py and refit_serving.py).

Usage: .venv/bin/python benchmarks/crossval.py [--write]
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from gpuplanner.calibration.refit import (
    SHIPPED_PREDICTIONS,
    cross_validate,
    format_bands,
    format_report,
    generated_source,
    score_cases,
    write_shipped_predictions,
)
from gpuplanner.calibration.refit_serving import (
    SHIPPED_FITS,
    cross_validate_serving,
    format_serving_bands,
    format_serving_report,
    serving_cases,
    write_shipped_fits,
)
from gpuplanner.catalog.store import Catalog

OUTPUT = Path(__file__).resolve().parent.parent / "gpuplanner" / "calibration" / "published_fit.py"


def main(argv: list[str]) -> int:
    catalog = Catalog(overrides_path=None)
    rows = cross_validate(score_cases(catalog))
    print("Training step time / throughput: shipped constants, refit on all (both in-sample), and")
    print("leave-one-group-out (out-of-sample), error % of the prediction against the published value")
    print(format_report(rows))
    serving = cross_validate_serving(serving_cases(catalog))
    print()
    print("Serving: shipped constants, refit on every TensorRT-LLM run (both in-sample), and leave-one-group-out")
    print(format_serving_report(*serving))
    print()
    print("Training bands (80 % coverage over independence groups), each group left out of the bands it is checked "
          "against")
    print(format_bands(rows))
    print()
    print("Serving bands (80 % coverage over independence groups), each group left out of the bands it is checked "
          "against")
    print(format_serving_bands(serving[1]))
    if "--write" in argv:
        text = generated_source(rows, serving)
        changed = text != OUTPUT.read_text(encoding="utf-8")
        OUTPUT.write_text(text, encoding="utf-8")
        print(f"wrote {OUTPUT}")
        if changed and "--second-pass" not in argv:
            # The serving fit reads the training calibration this file ships (imported above): once more, on what
            # was just written, so one --write leaves the file settled (training does not read serving's part).
            return subprocess.call([sys.executable, __file__, "--write", "--second-pass"])
        if not changed:  # settled: the serving fits were made on what the file now holds
            write_shipped_fits(serving_cases(catalog))
            print(f"wrote {SHIPPED_FITS}")
            write_shipped_predictions(catalog)
            print(f"wrote {SHIPPED_PREDICTIONS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
