"""`make bench`: every benchmark in one command."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bundle
import catalog_scaling
import conflicts
import crossval
import gui_responsiveness
import plan_instructions
import plan_timing
import quote_import
import sweep
import validate

if __name__ == "__main__":
    validate.main()
    print()
    crossval.main([])
    print()
    conflicts.main()
    print()
    sweep.main()
    print()
    plan_timing.main([])
    print()
    plan_instructions.main([])  # (says so where valgrind is not installed)
    print()
    catalog_scaling.main([])
    print()
    gui_responsiveness.main([])
    print()
    quote_import.main([])
    print()
    bundle.main()  # (after `make package`; says so otherwise)
