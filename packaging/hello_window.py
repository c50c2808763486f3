"""A minimal PySide6 + pyqtgraph window, frozen the same way, as the yardstick for bundle size and start time."""

import os
import sys
import time

started = time.perf_counter()
from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication, QMainWindow  # noqa: E402

app = QApplication(sys.argv)
import pyqtgraph as pg  # noqa: E402

window = QMainWindow()
plot = pg.PlotWidget()
plot.plot([1, 2, 3], [3, 1, 2])
window.setCentralWidget(plot)
window.show()


def done() -> None:
    window.grab()
    launched = os.environ.get("GPUPLANNER_LAUNCHED_AT")  # benchmarks/bundle.py: the clock from the launch
    since = f" ({time.time() - float(launched):.2f} s after launch)" if launched else ""
    print(f"smoke test: first paint after {time.perf_counter() - started:.2f} s{since}")
    app.quit()


QTimer.singleShot(0, done)
app.exec()
