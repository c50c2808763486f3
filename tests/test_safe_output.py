"""Nothing the user already has is lost when a file is written (spec sheet, plans CSV / workbook, scenario): a full
disk leaves the old file as it was and says so; a link stays a link. Tested on a real full file system (a small
tmpfs) where this user may mount one, else with the same limit enforced at the system-call boundary."""

from __future__ import annotations

import errno
import json
import os
import re
import shutil
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from gpuplanner import safe_write
from gpuplanner.cli.main import main
from gpuplanner.report.spec_sheet import pdf_problem
from gpuplanner.safe_write import UnverifiedWriteError, replace_file

SCENARIO = {"task": "pretrain", "model": {"preset": "llama-2-7b"}, "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}}
DISK_BYTES = 1024 * 1024
ROOM_LEFT = 48 * 1024  # less than any spec sheet (about 140 KB), more than the file system's own bookkeeping


class NearlyFullDisk:
    """A folder whose file system has about ROOM_LEFT bytes left once `fill()` is called: a real 1 MiB tmpfs when
    this user may mount one (root), else a plain folder where os.write fails with ENOSPC past that many bytes (the
    limit a full disk puts on the same system call)."""

    def __init__(self, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.folder = folder
        self.monkeypatch = monkeypatch
        folder.mkdir()
        self.real = _mount_tmpfs(folder)
        self.filler = folder / "filler"

    def fill(self, room: int = ROOM_LEFT) -> None:
        """Leave `room` bytes (a multiple of the 4 KiB page a tmpfs counts in)."""
        if self.real:
            free = os.statvfs(self.folder).f_bavail * os.statvfs(self.folder).f_frsize
            with open(self.filler, "wb") as handle:
                handle.write(b"\0" * max(0, free - room))
            return
        self.filler.write_bytes(b"")
        left = [room]
        real_write = os.write

        def write(handle: int, data) -> int:  # type: ignore[no-untyped-def]
            try:
                inside = os.readlink(f"/proc/self/fd/{handle}").startswith(str(self.folder))
            except OSError:
                inside = False
            if not inside:
                return real_write(handle, data)
            if left[0] <= 0:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            count = real_write(handle, bytes(data[: left[0]]))
            left[0] -= count
            return count

        self.monkeypatch.setattr(os, "write", write)

    def free(self) -> None:
        self.filler.unlink()
        self.monkeypatch.undo()

    def stray_files(self) -> list[str]:
        """Anything left beside the user's files (a temporary file a failed write should have removed)."""
        return sorted(p.name for p in self.folder.iterdir() if p.name.startswith("."))

    def close(self) -> None:
        if self.real:
            subprocess.run(["umount", "-l", str(self.folder)], check=False, capture_output=True, timeout=30)


def _mount_tmpfs(folder: Path) -> bool:
    if os.name != "posix" or os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={DISK_BYTES}", "tmpfs", str(folder)],
                          capture_output=True, timeout=30, check=False)
    return done.returncode == 0


@pytest.fixture
def disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[NearlyFullDisk]:
    full = NearlyFullDisk(tmp_path / "disk", monkeypatch)
    yield full
    monkeypatch.undo()
    full.close()


def scenario_file(tmp_path: Path) -> str:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(SCENARIO), encoding="utf-8")
    return str(path)


# --- the spec sheet from the command line ---------------------------------------------------------------------

@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_full_disk_keeps_the_old_sheet_and_exits_74(capsys, tmp_path, disk, language) -> None:
    """A nearly full disk replaced a good sheet with a cut-short one no reader opens, printing "wrote … (2 pages)"
    and exiting 0: the write is now verified before it replaces anything."""
    scenario = scenario_file(tmp_path)
    sheet = disk.folder / "sheet.pdf"
    assert main(["plan", scenario, "--pdf", str(sheet)]) == 0
    capsys.readouterr()
    good = sheet.read_bytes()
    assert len(good) > 2 * ROOM_LEFT and pdf_problem(good, 2) is None
    disk.fill()
    code = main(["plan", scenario, "--pdf", str(sheet), "--lang", language])
    out, err = capsys.readouterr()
    assert code == 74, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("gpuplanner: error: --pdf: "), err
    said = {"en": ("could not be written (the disk is full)", "a file already there is unchanged"),
            "zh_CN": ("无法写入", "（磁盘已满）", "原有文件保持不变")}[language]
    assert all(words in lines[0] for words in said) and str(sheet) in lines[0], lines[0]
    assert out == "" and "wrote" not in err
    assert sheet.read_bytes() == good  # the old sheet, byte for byte
    assert disk.stray_files() == []  # the temporary file is gone
    disk.free()
    assert main(["plan", scenario, "--pdf", str(sheet)]) == 0  # room again: written
    assert pdf_problem(sheet.read_bytes(), 2) is None


def test_a_sheet_onto_a_link_writes_the_file_it_points_to(capsys, tmp_path) -> None:
    """`--pdf link.pdf` replaced the link with a file and left the old sheet where the link pointed."""
    scenario = scenario_file(tmp_path)
    elsewhere = tmp_path / "shared"
    elsewhere.mkdir()
    target = elsewhere / "sheet.pdf"
    target.write_bytes(b"last week's sheet")
    target.chmod(0o640)
    link = tmp_path / "sheet.pdf"
    link.symlink_to(target)
    assert main(["plan", scenario, "--pdf", str(link)]) == 0
    assert "(2 pages)" in capsys.readouterr().err
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert pdf_problem(target.read_bytes(), 2) is None
    assert stat.S_IMODE(target.stat().st_mode) == 0o640  # the file keeps its permissions
    assert [p.name for p in elsewhere.iterdir()] == ["sheet.pdf"]
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_a_pdf_is_complete_only_with_its_header_end_and_every_page(capsys, tmp_path) -> None:
    scenario = scenario_file(tmp_path)
    sheet = tmp_path / "sheet.pdf"
    assert main(["plan", scenario, "--pdf", str(sheet)]) == 0
    capsys.readouterr()
    whole = sheet.read_bytes()
    assert pdf_problem(whole, 2) is None
    assert pdf_problem(whole[: len(whole) // 2], 2) == "no %%EOF end-of-file marker"
    assert pdf_problem(whole, 3) == "2 pages in the file, 3 drawn"
    assert pdf_problem(b"\0" * 8 + whole[8:], 2) == "no %PDF- header"
    # A file cut where a reader would still find an end marker, but no page tree: not a sheet either.
    assert pdf_problem(b"%PDF-1.4\n%%EOF\n", 2) == "None pages in the file, 2 drawn"


# --- the one helper every writer uses ---------------------------------------------------------------------------

def test_a_write_the_disk_refuses_leaves_the_old_file_and_no_temporary(disk) -> None:
    old = disk.folder / "plans.csv"
    old.write_bytes(b"status,GPU\nranked,H100\n")
    disk.fill()
    with pytest.raises(OSError) as refused:
        replace_file(old, b"x" * (4 * ROOM_LEFT))
    assert refused.value.errno == errno.ENOSPC
    assert old.read_bytes() == b"status,GPU\nranked,H100\n" and disk.stray_files() == []


def test_short_writes_are_continued_and_the_result_read_back(tmp_path, monkeypatch) -> None:
    """A system call may take fewer bytes than offered without an error: the rest is written, not dropped."""
    real_write = os.write
    calls = []

    def at_most_1000(handle: int, data) -> int:  # type: ignore[no-untyped-def]
        calls.append(len(data))
        return real_write(handle, bytes(data[:1000]))

    monkeypatch.setattr(os, "write", at_most_1000)
    data = os.urandom(25_000)
    replace_file(tmp_path / "a.bin", data)
    monkeypatch.undo()
    assert (tmp_path / "a.bin").read_bytes() == data and len(calls) == 25


def test_a_file_that_fails_its_check_replaces_nothing(tmp_path) -> None:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(b"the old sheet")
    with pytest.raises(UnverifiedWriteError, match="no %%EOF"):
        replace_file(path, b"%PDF-1.4 cut short", lambda data: pdf_problem(data, 1))
    assert path.read_bytes() == b"the old sheet" and [p.name for p in tmp_path.iterdir()] == ["sheet.pdf"]


def test_the_file_and_then_its_folder_reach_the_disk(tmp_path, monkeypatch) -> None:
    """fsync of the file before the rename (its content is on the device) and of the folder after it (the rename
    itself survives a power cut)."""
    synced: list[tuple[str, str]] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(handle: int) -> None:
        synced.append(("folder" if stat.S_ISDIR(os.fstat(handle).st_mode) else "file", "synced"))
        real_fsync(handle)

    def replace(source, target) -> None:  # type: ignore[no-untyped-def]
        synced.append(("rename", "done"))
        real_replace(source, target)

    monkeypatch.setattr(safe_write.os, "fsync", fsync)
    monkeypatch.setattr(safe_write.os, "replace", replace)
    replace_file(tmp_path / "scenario.json", b"{}")
    assert [what for what, _ in synced] == ["file", "rename", "folder"]
    synced.clear()  # the window's autosave, rewritten on every edit, leaves the rename to the system
    replace_file(tmp_path / "session.json", b"{}", sync_folder=False)
    assert [what for what, _ in synced] == ["file", "rename"]


# --- the window: spec sheet, plans and scenario on a full disk ----------------------------------------------------

EVERY_GPU = {"task": "pretrain", "model": {"preset": "llama-2-7b"}}  # every catalog GPU: 595 rows, an 80 KB CSV


@pytest.fixture
def window(qtbot, main_window):
    main_window.wizard.load_scenario(EVERY_GPU)
    with qtbot.waitSignal(main_window.result_shown, timeout=60_000):
        main_window.debouncer.stop()
        main_window.recompute()
    return main_window


def test_the_app_keeps_the_old_sheet_on_a_full_disk_and_says_so(qtbot, window, disk, message_boxes,
                                                                 monkeypatch) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QFileDialog

    sheet = disk.folder / "spec-sheet.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(sheet), ""))
    qtbot.mouseClick(window.pdf_button, Qt.MouseButton.LeftButton)
    good = sheet.read_bytes()
    pages = int(re.search(r"\((\d+) pages\)", window.status.text()).group(1))
    assert pdf_problem(good, pages) is None and len(good) > 2 * ROOM_LEFT and message_boxes.shown == []
    disk.fill()
    qtbot.mouseClick(window.pdf_button, Qt.MouseButton.LeftButton)
    (title, text, _), = message_boxes.shown
    assert title == "Spec sheet not written"
    assert str(sheet) in text and "(the disk is full); a file already there is unchanged" in text, text
    assert sheet.read_bytes() == good and disk.stray_files() == []


@pytest.mark.parametrize(("kind", "room"), [("csv", 16 * 1024), ("xlsx", 16 * 1024), ("scenario", 0)])
def test_plans_and_scenarios_on_a_full_disk_keep_the_old_file(qtbot, window, disk, message_boxes, kind,
                                                              room) -> None:
    """Qt's QSaveFile reported success for the 80 KB plans CSV (and the 32 KB workbook) a disk with 16 KiB left had
    cut short, and renamed it over the old file: the exports and the scenario now share the verified write (a
    scenario is smaller than a page, so its disk is left with no room at all)."""
    path = disk.folder / f"mine.{'json' if kind == 'scenario' else kind}"
    path.write_bytes(b"what the user had")
    disk.fill(room)
    if kind == "scenario":
        assert not window.save_to(str(path))
    else:
        assert not (window.write_plans_csv if kind == "csv" else window.write_plans_xlsx)(str(path))
    (title, text, _), = message_boxes.shown
    assert title in ("Not exported", "Not saved") and str(path) in text, text
    assert path.read_bytes() == b"what the user had" and disk.stray_files() == []


def test_charts_exported_onto_a_full_disk_keep_the_old_files(qtbot, window, disk, message_boxes) -> None:
    """Each chart image was saved straight over its old file, whose existence was the only check: a full disk
    left it cut short (or empty) and the export said it had written them."""
    assert window.write_charts(disk.folder)
    before = {p.name: p.read_bytes() for p in disk.folder.iterdir()}
    assert len(before) == 2 * len(window.charts.plots())
    disk.fill(0)
    assert not window.write_charts(disk.folder)
    (title, text, _), = message_boxes.shown
    assert title == "Not exported" and str(disk.folder) in text, text
    assert {p.name: p.read_bytes() for p in disk.folder.iterdir() if p.name != "filler"} == before
    assert disk.stray_files() == []



@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize(("language", "said"), [
    ("en", "gpuplanner: error: the output could not be written: the disk is full"),
    ("zh_CN", "gpuplanner: error: 无法写出输出：磁盘已满"),
])
def test_a_report_onto_a_full_disk_says_why_in_the_users_language(tmp_path, language: str, said: str) -> None:
    """`plan s.json > /dev/full` exits 74 with one line in the language asked for; the Chinese line ended in the
    system's English, 'No space left on device'."""
    with open("/dev/full", "w", encoding="utf-8") as full:
        done = subprocess.run([sys.executable, "-m", "gpuplanner", "--lang", language, "plan",
                               scenario_file(tmp_path)], stdout=full, stderr=subprocess.PIPE, text=True, timeout=120,
                              env={**os.environ, "GPUPLANNER_DATA_DIR": str(tmp_path / "user")})
    assert done.returncode == 74
    assert done.stderr.strip().splitlines() == [said]
