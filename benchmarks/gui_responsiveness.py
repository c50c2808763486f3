"""GUI responsiveness: the longest event-loop stall while a full-catalog plan runs in the worker, the time from an
edit (a key press: Up in a number field, a whole value at once) to the updated view, the longest stall over those
edits, the CPU time of the plan in the worker and of the GUI thread per edit (wall times swing on a loaded machine;
CPU time less), and what showing a result costs the GUI thread, with the Plans tab and with the Charts tab in front
(hidden charts are drawn when their tab is shown), and the same for edits of a goal only (the deadline), whose plans
reuse the estimates. Every edit asks for inputs not planned before in the run (a value stepped up each time); then
the same field stepped back down, to inputs planned a moment ago (an undo, a value put back), apart. The edit mix: as
many edits of fields the estimates read (sequence length, training tokens) as of fields that only rank or price
plans (deadline, electricity price), its median the figure the 150 ms target is for.
Offscreen, with the app's style and palette hooks and its garbage collector set up as the app sets them up.
A stall is the time between two ticks of a 5 ms timer on the GUI thread (an upper bound on how long the window could
not answer input: it includes up to one tick of idle time before the work); every tick of every edit counts. Each
edit's own two stalls are told apart: its key press to the GUI thread free again (the edit handled, painted and its plan
started) and its result's arrival to the result shown; the longest is broken down into the GUI thread's own CPU,
its wait for a CPU while runnable (the kernel's run-queue delay, /proc/thread-self/schedstat: other programs on a
loaded machine) and the rest (waits for the interpreter lock, and the idle time before the work). The stalls are
also given less the GUI thread's waits for a CPU (a preempted holder of the interpreter lock stays in), and each key
press's stall less the GUI thread's CPU too: its waits for the interpreter lock.
`--before REF` (default: where this branch left main) measures that commit's code too, in a fresh process
before this tree's, in the same run; `--repeats N` runs both N times, in turn, and prints each run's figures.
Usage: python benchmarks/gui_responsiveness.py [--before REF] [--repeats N] | --this-tree-only"""

from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from statistics import median

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))
from revisions import ROOT, merge_base, tree_at

SUMMARY = "summary:"  # the line that carries a run's figures to the parent process


def run_queue_ms(others: bool = False) -> float:
    """How long this thread has waited, runnable, for a CPU (Linux's per-thread schedstat), or with `others` the
    process's other threads together; 0 where it is not kept."""
    try:
        if not others:
            with open("/proc/thread-self/schedstat", "rb") as stat:
                return int(stat.read().split()[1]) / 1e6
        waited = 0.0
        this = str(threading.get_native_id())
        for thread in os.listdir("/proc/self/task"):
            if thread != this:
                with open(f"/proc/self/task/{thread}/schedstat", "rb") as stat:
                    waited += int(stat.read().split()[1]) / 1e6
        return waited
    except (OSError, IndexError, ValueError):
        return 0.0


def percentile(values: list[float], share: float) -> float:
    """The value `share` of the way up the sorted values (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure() -> None:
    """The measurement, in this process (the gpuplanner it imports)."""
    os.environ.setdefault("GPUPLANNER_DATA_DIR", tempfile.mkdtemp(prefix="gpuplanner-bench-"))
    from PySide6.QtCore import QElapsedTimer, QEventLoop, Qt, QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from gpuplanner.catalog.store import Catalog
    from gpuplanner.ui import planning_controller
    from gpuplanner.ui.contrast_style import use_contrast_style
    from gpuplanner.ui.main_window import MainWindow
    from gpuplanner.ui.settings import AppSettings

    worker_cpu_ms: list[float] = []  # each plan's CPU time in the worker thread
    job_started: list[float] = []  # when each plan began in the worker (perf_counter)
    plan = planning_controller.run_planning

    def timed_plan(*args, **kwargs):  # type: ignore[no-untyped-def]
        job_started.append(time.perf_counter())
        started = time.thread_time()
        try:
            return plan(*args, **kwargs)
        finally:
            worker_cpu_ms.append((time.thread_time() - started) * 1000)

    planning_controller.run_planning = timed_plan  # looked up by name when a job starts
    app = QApplication.instance() or QApplication([])
    use_contrast_style(app)  # the style and palette hooks as the app sets them up (gpuplanner.ui.app.run_gui)
    window = MainWindow(Catalog(), AppSettings())
    window.show()
    try:  # the collector as the app sets it up (gpuplanner.ui.app.run_gui)
        from gpuplanner.ui.collector import IdleCollector
        _collector = IdleCollector(window)  # (kept while the window lives)
    except ImportError:  # code from before it: the app froze what it had made at its start, as here
        gc.freeze()
    window.ensure_charts()
    app.processEvents()

    def wait_for_result() -> None:
        loop = QEventLoop()
        window.result_shown.connect(loop.quit)
        QTimer.singleShot(120_000, loop.quit)
        loop.exec()
        window.result_shown.disconnect(loop.quit)

    # Heaviest case the wizard offers: 70B pretraining, every GPU, every count.
    pages = window.wizard
    pages.model_page.preset.setCurrentIndex(pages.model_page.preset.findData("llama-2-70b"))
    pages.model_page.tokens_b.setValue(2000.0)
    window.debouncer.stop()
    gaps: list[float] = []  # wall ms between ticks
    busy: list[float] = []  # the GUI thread's own CPU ms between ticks: a loaded machine's waits left out
    queued: list[float] = []  # ms between ticks the GUI thread waited, runnable, for a CPU
    # ... and the app's other threads (the worker's): one preempted while it holds the interpreter lock keeps the GUI
    # thread's next call into Python waiting as long (a loaded machine's doing too)
    worker_queued: list[float] = []
    tick_at: list[float] = []  # when each tick ran (perf_counter)
    ticker = QTimer()
    ticker.setTimerType(Qt.TimerType.PreciseTimer)
    ticker.setInterval(5)
    clock = QElapsedTimer()
    cpu_at = [time.thread_time()]
    queue_at = [run_queue_ms()]
    worker_queue_at = [run_queue_ms(others=True)]

    def tick() -> None:
        gaps.append(clock.restart())
        tick_at.append(time.perf_counter())
        now, queue = time.thread_time(), run_queue_ms()
        busy.append((now - cpu_at[0]) * 1000)
        queued.append(queue - queue_at[0])
        worker = run_queue_ms(others=True)
        worker_queued.append(worker - worker_queue_at[0])
        cpu_at[0], queue_at[0], worker_queue_at[0] = now, queue, worker

    def next_tick() -> None:
        """Run the event loop until the ticker has ticked once more."""
        ticked = len(tick_at)
        while len(tick_at) == ticked:
            app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)

    def stall_around(instant: float) -> int:
        """The index of the stall (gap) that holds `instant`, -1 where no tick came after it."""
        for index, at in enumerate(tick_at):
            if at > instant:
                return index - 1 if index else -1
        return -1

    ticker.timeout.connect(tick)
    clock.start()
    ticker.start()
    started = time.perf_counter()
    window.recompute()
    wait_for_result()
    sweep_s = time.perf_counter() - started
    ticker.stop()
    stall_ms = max(gaps) if gaps else 0.0
    sweep_gaps = list(gaps)

    class Edits:
        """Key presses in one field, each a whole value planned at once: edit -> updated view, the longest
        event-loop stall, worker and GUI-thread CPU."""

        def __init__(self, box: object, key: Qt.Key, presses: int = 7) -> None:
            del worker_cpu_ms[:]
            self.times: list[float] = []
            self.gui_cpu_ms: list[float] = []
            self.results: list[object] = []  # each edit's result
            self.to_job_ms: list[float] = []  # edit -> its plan begins in the worker: the pause and the GUI's part
            gaps.clear()
            busy.clear()
            queued.clear()
            worker_queued.clear()
            tick_at.clear()
            tick_at.append(time.perf_counter())  # the first gap's start
            clock.start()
            cpu_at[0], queue_at[0], worker_queue_at[0] = (time.thread_time(), run_queue_ms(),
                                                            run_queue_ms(others=True))
            ticker.start()
            keys_at: list[float] = []
            shown_at: list[float] = []
            self.cpu_ms: list[float] = []  # each edit's CPU: its plan in the worker and the GUI thread's own
            for _ in range(presses):
                next_tick()  # the last result painted and the window idle for a tick, as before a person's next key
                jobs, planned = len(job_started), len(worker_cpu_ms)
                started, cpu = time.perf_counter(), time.thread_time()
                keys_at.append(started)
                QTest.keyClick(box, key)  # type: ignore[arg-type]
                wait_for_result()
                shown_at.append(time.perf_counter())
                self.times.append(time.perf_counter() - started)
                self.results.append(window.last_result)
                self.to_job_ms.append((job_started[-1] - started) * 1000 if len(job_started) > jobs else 0.0)
                self.gui_cpu_ms.append((time.thread_time() - cpu) * 1000)
                self.cpu_ms.append(self.gui_cpu_ms[-1] + sum(worker_cpu_ms[planned:]))
            next_tick()  # which ends the last result's stall
            ticker.stop()
            self.stall_ms, self.busy_ms = max(gaps), max(busy)
            self.stalls = list(gaps)  # every stall of these edits
            # ... less the GUI thread's own waits for a CPU (other programs'); the lock's holder preempted stays in
            self.net_stalls = [gap - wait for gap, wait in zip(gaps, queued, strict=True)]
            # ... and what is left of them once the GUI thread's own CPU is taken out too: its waits for the
            # interpreter lock (and the idle time before the work, under one tick)
            self.lock_waits = [gap - own - wait for gap, own, wait in zip(gaps, busy, queued, strict=True)]
            longest = gaps.index(self.stall_ms)
            # the longest stall: (wall, the GUI thread's CPU, its wait for a CPU)
            self.longest = (gaps[longest], busy[longest], queued[longest], worker_queued[longest])
            # each edit's stalls: its key press to the GUI thread free again; its result's arrival to shown
            self.key_stalls = [gaps[i] for i in map(stall_around, keys_at) if i >= 0]
            self.result_stalls = [gaps[i] for i in map(stall_around, shown_at) if i >= 0]
            key_at = {i for i in map(stall_around, keys_at) if i >= 0}
            result_at = {i for i in map(stall_around, shown_at) if i >= 0}
            net_longest = self.net_stalls.index(max(self.net_stalls))
            self.net_longest = (max(self.net_stalls), "a key press's" if net_longest in key_at else
                                "a result's" if net_longest in result_at else "while a plan ran")
            self.net_key_stalls = [self.net_stalls[i] for i in map(stall_around, keys_at) if i >= 0]
            self.net_result_stalls = [self.net_stalls[i] for i in map(stall_around, shown_at) if i >= 0]
            self.key_lock_waits = [self.lock_waits[i] for i in sorted(key_at)]
            self.worker_cpu_ms = list(worker_cpu_ms)

        def line(self) -> str:
            return (f"edit -> updated view median {median(self.times) * 1000:.0f} ms, max {max(self.times) * 1000:.0f} "
                    f"ms (target 150 ms), of which edit -> plan begins in the worker median "
                    f"{median(self.to_job_ms):.0f} ms; stalls: key press -> GUI free median "
                    f"{median(self.key_stalls):.0f} ms, max {max(self.key_stalls):.0f}; result -> shown median "
                    f"{median(self.result_stalls):.0f} ms, max {max(self.result_stalls):.0f}; longest stall "
                    f"{self.stall_ms:.0f} ms (target 30 ms), at most "
                    f"{self.busy_ms:.0f} ms of the GUI thread's own CPU between two ticks; CPU medians: plan in "
                    f"the worker {median(self.worker_cpu_ms or [0.0]):.0f} ms over {len(self.worker_cpu_ms)} jobs, "
                    f"GUI thread {median(self.gui_cpu_ms):.0f} ms an edit")

    def result_cost(edits: Edits) -> str:
        """GUI-thread time to show a result that has arrived (table, details and, when visible, charts), wall and
        CPU medians of five: the last two edits' results in turn, each unlike the one on screen (one shown again is
        cheaper)."""
        wall, cpu = [], []
        for turn in range(5):
            result = edits.results[-2 + turn % 2]  # the last edit's is on screen: the one before it first
            started, cpu_started = time.perf_counter(), time.thread_time()
            window._on_result(0, result)
            app.processEvents()
            wall.append((time.perf_counter() - started) * 1000)
            cpu.append((time.thread_time() - cpu_started) * 1000)
        return f"{median(wall):.0f} ms ({median(cpu):.0f} ms CPU)"

    seq_len = pages.model_page.seq_len
    window.tabs.setCurrentIndex(0)
    on_plans = Edits(seq_len, Qt.Key.Key_Up)
    shown_plans = result_cost(on_plans)
    stepped_back = Edits(seq_len, Qt.Key.Key_Down)  # back through the values just planned
    # The edit mix: as many edits of what the estimates read (the sequence length above, the training tokens) as of
    # what only ranks or prices plans (a goal: the deadline; a price: electricity), each a value not planned before.
    token_edits = Edits(pages.model_page.tokens_b, Qt.Key.Key_Up)
    # A goal edit (the deadline on the Budget page): the workload is the same, its estimates are reused.
    goal_edits = Edits(pages.budget_page.deadline, Qt.Key.Key_Up)
    electricity = pages.budget_page.electricity
    electricity.setValue(0.1)  # a price to step from (the new document has none)
    wait_for_result()
    price_edits = Edits(electricity, Qt.Key.Key_Up)
    window.tabs.setCurrentIndex(1)
    seq_len.setValue(seq_len.value() + 7)  # beyond the lengths planned on the Plans tab
    wait_for_result()
    on_charts = Edits(seq_len, Qt.Key.Key_Up)
    shown_charts = result_cost(on_charts)
    print("GUI responsiveness (offscreen)")
    print(f"  full-catalog 70B plan in the worker: {sweep_s:.2f} s; longest event-loop stall {stall_ms:.0f} ms "
          f"(target < 50 ms) over {len(sweep_gaps)} ticks")
    for where, edits, shown in (("Plans tab", on_plans, shown_plans), ("Charts tab", on_charts, shown_charts)):
        print(f"  {where}, sequence-length edits (Up: a length not planned before): {edits.line()}; showing a "
              f"result blocks the GUI thread {shown} (target 30 ms)")
    print(f"  Plans tab, training-token edits (Up: a total not planned before): {token_edits.line()}")
    print(f"  Plans tab, deadline edits (Up; same workload: estimates reused): {goal_edits.line()}")
    print(f"  Plans tab, electricity-price edits (Up; same workload: estimates reused): {price_edits.line()}")
    estimated = [t for edits in (on_plans, token_edits) for t in edits.times]
    ranked = [t for edits in (goal_edits, price_edits) for t in edits.times]
    mix = estimated + ranked
    mix_edits = (on_plans, token_edits, goal_edits, price_edits)
    stall = max(edits.stall_ms for edits in mix_edits)
    wall, own, waiting, worker_waiting = max((edits.longest for edits in mix_edits), key=lambda longest: longest[0])
    every = [gap for edits in mix_edits for gap in edits.stalls]
    key_stalls = [gap for edits in mix_edits for gap in edits.key_stalls]
    result_stalls = [gap for edits in mix_edits for gap in edits.result_stalls]
    net = [gap for edits in mix_edits for gap in edits.net_stalls]
    net_key = [gap for edits in mix_edits for gap in edits.net_key_stalls]
    net_result = [gap for edits in mix_edits for gap in edits.net_result_stalls]
    net_longest, net_where = max((edits.net_longest for edits in mix_edits), key=lambda longest: longest[0])
    key_lock = [wait for edits in mix_edits for wait in edits.key_lock_waits]
    cpu_estimated = [c for edits in (on_plans, token_edits) for c in edits.cpu_ms]
    cpu_ranked = [c for edits in (goal_edits, price_edits) for c in edits.cpu_ms]
    print(f"  Plans tab, the edit mix (half estimate-affecting: sequence length, tokens; half ranking-only: deadline, "
          f"electricity price; {len(mix)} edits): edit -> updated view median {median(mix) * 1000:.0f} ms (target "
          f"150 ms); estimate-affecting median {median(estimated) * 1000:.0f} ms, ranking-only median "
          f"{median(ranked) * 1000:.0f} ms; longest stall {stall:.0f} ms (target 30 ms); CPU an edit (its plan in the "
          f"worker and the GUI thread's own: the work behind the wall time, without a loaded machine's waits) median "
          f"{median(cpu_estimated + cpu_ranked):.0f} ms, estimate-affecting {median(cpu_estimated):.0f} ms, "
          f"ranking-only {median(cpu_ranked):.0f} ms")
    print(f"  Plans tab, the edit mix's stalls ({len(every)} ticks): median {median(every):.0f} ms, 99th percentile "
          f"{percentile(every, 0.99):.0f}, longest {stall:.0f} ms = {own:.0f} ms the GUI thread's own CPU + "
          f"{waiting:.0f} ms waiting for a CPU (other programs) + {wall - own - waiting:.0f} ms the rest (the "
          f"interpreter lock, the app's other threads, its holder among them, waited {worker_waiting:.0f} ms for a CPU "
          f"meanwhile, and idle before the work); key press -> GUI thread free median {median(key_stalls):.0f} ms, "
          f"90th percentile {percentile(key_stalls, 0.9):.0f}, max {max(key_stalls):.0f}; result -> shown median "
          f"{median(result_stalls):.0f} ms, 90th percentile {percentile(result_stalls, 0.9):.0f}, max "
          f"{max(result_stalls):.0f}; less the GUI thread's waits for a CPU: longest {net_longest:.0f} ms "
          f"({net_where}), 99th percentile {percentile(net, 0.99):.0f}, key press -> GUI free max {max(net_key):.0f}, "
          f"result -> shown max {max(net_result):.0f}; a key press's stall less the GUI thread's CPU and its waits for "
          f"one (its waits for the interpreter lock, and under a tick of idle): median {median(key_lock):.1f} ms, "
          f"max {max(key_lock):.1f}")
    print(f"  Plans tab, sequence length stepped back (Down: lengths planned a moment ago): {stepped_back.line()}")
    print(SUMMARY, json.dumps({"mix_median_ms": median(mix) * 1000, "estimated_median_ms": median(estimated) * 1000,
                               "ranked_median_ms": median(ranked) * 1000, "longest_stall_ms": stall,
                               "p99_stall_ms": percentile(every, 0.99), "key_stall_max_ms": max(key_stalls),
                               "result_stall_max_ms": max(result_stalls), "longest_own_cpu_ms": own,
                               "longest_cpu_wait_ms": waiting, "net_longest_ms": max(net),
                               "net_key_max_ms": max(net_key), "net_result_max_ms": max(net_result),
                               "key_lock_median_ms": median(key_lock), "key_lock_max_ms": max(key_lock)}))
    window.close_without_asking = True  # a benchmark: nobody answers a Save prompt
    window.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="the commit to compare with (default: where this branch left main)")
    parser.add_argument("--repeats", type=int, default=1, help="runs of each tree, in turn (default 1)")
    parser.add_argument("--this-tree-only", action="store_true", help="measure this tree's code alone")
    args = parser.parse_args(argv)
    if args.this_tree_only:
        measure()
        return
    before_ref = args.before or merge_base()
    runs: dict[str, list[dict[str, float]]] = {}
    with tempfile.TemporaryDirectory(prefix="gpuplanner-gui-bench-") as scratch:
        trees = {f"before ({before_ref[:10]})": tree_at(before_ref, Path(scratch) / "before"),
                 "after (this tree)": ROOT}
        for repeat in range(args.repeats):
            for label, tree in trees.items():  # each in a fresh process of its own code, one after the other
                done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--this-tree-only"],
                                      cwd=str(tree), env={**os.environ, "PYTHONPATH": str(tree)}, capture_output=True,
                                      text=True, check=False)
                if done.returncode != 0:
                    raise RuntimeError(done.stderr)
                lines = done.stdout.strip().splitlines()
                runs.setdefault(label, []).append(json.loads(lines[-1].removeprefix(SUMMARY)))
                if repeat == 0:
                    print(f"{label}: " + "\n".join(lines[:-1]), flush=True)
    if args.repeats > 1:
        print(f"Each run of the edit mix ({args.repeats} runs a tree, in turn): longest stall / 99th percentile / "
              f"longest key press -> GUI free / longest result -> shown; edit -> updated view median: the mix / "
              f"estimate-affecting / ranking-only, ms")
        for label, figures in runs.items():
            each = ", ".join(f"{run['longest_stall_ms']:.0f}/{run['p99_stall_ms']:.0f}/{run['key_stall_max_ms']:.0f}/"
                             f"{run['result_stall_max_ms']:.0f}; {run['mix_median_ms']:.0f}/"
                             f"{run['estimated_median_ms']:.0f}/{run['ranked_median_ms']:.0f}" for run in figures)
            longest = [run["longest_stall_ms"] for run in figures]
            print(f"  {label}: {each}; longest stall median {median(longest):.0f} ms, max {max(longest):.0f} ms")
        print("Less the GUI thread's waits for a CPU: longest stall / longest key press -> GUI free / longest "
              "result -> shown; a key press's waits for the interpreter lock (and idle under a tick): median / max, ms")
        for label, figures in runs.items():
            each = ", ".join(f"{run['net_longest_ms']:.0f}/{run['net_key_max_ms']:.0f}/{run['net_result_max_ms']:.0f}; "
                             f"{run['key_lock_median_ms']:.1f}/{run['key_lock_max_ms']:.1f}" for run in figures)
            longest = [run["net_longest_ms"] for run in figures]
            print(f"  {label}: {each}; longest median {median(longest):.0f} ms, max {max(longest):.0f} ms")


if __name__ == "__main__":
    main()
