"""Entry point of the frozen app (PyInstaller runs this file as __main__)."""

import sys

from gpuplanner.__main__ import main

sys.exit(main())
