"""File dialogs that open where the user last was: the folder of the last file opened or saved through any of them,
else the home folder (they opened in the program's own folder, wherever it was started from)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget

from gpuplanner.ui.settings import AppSettings


def start_folder() -> Path:
    """The last folder used, while it exists; else the home folder."""
    last = AppSettings().last_folder()
    return last if last is not None and last.is_dir() else Path.home()


def _remember(path: str) -> str:
    if path:
        settings = AppSettings()
        settings.set_last_folder(Path(path).parent if not Path(path).is_dir() else Path(path))
        settings.sync()
    return path


def open_file(parent: QWidget | None, title: str, filters: str) -> str:
    path, _ = QFileDialog.getOpenFileName(parent, title, str(start_folder()), filters)
    return _remember(path)


def open_files(parent: QWidget | None, title: str, filters: str) -> list[str]:
    paths, _ = QFileDialog.getOpenFileNames(parent, title, str(start_folder()), filters)
    if paths:
        _remember(paths[0])
    return paths


def save_file(parent: QWidget | None, title: str, name: str, filters: str) -> str:
    """`name`: a file name (placed in the start folder) or a whole path (a document's own, kept)."""
    suggested = Path(name) if Path(name).is_absolute() else start_folder() / name
    path, _ = QFileDialog.getSaveFileName(parent, title, str(suggested), filters)
    return _remember(path)


def choose_folder(parent: QWidget | None, title: str) -> str:
    return _remember(QFileDialog.getExistingDirectory(parent, title, str(start_folder())))
