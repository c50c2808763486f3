"""The window's document: open, save, autosave, recent files, the session a crash leaves, undo history and
dropped files. A mixin of MainWindow: it reads the window's wizard, undo stack and settings."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from PySide6.QtCore import (
    QCoreApplication,
    QMimeData,
    Qt,
    Slot,
)
from PySide6.QtGui import (
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
)

from gpuplanner.core.base.errors import InputError
from gpuplanner.core.scenario.scenario import ScenarioDocument
from gpuplanner.i18n import fill
from gpuplanner.i18n.messages import translated_error
from gpuplanner.i18n.write_errors import failure_reason
from gpuplanner.safe_write import replace_file
from gpuplanner.scenario_file import load_scenario_json
from gpuplanner.service import scenario_from_data
from gpuplanner.ui.dialogs import Button, ask_save_discard_cancel, warn
from gpuplanner.ui.document import (
    ScenarioEdit,
    Session,
    UndoHistory,
    edit_inputs_text,
    parse_session,
    session_json,
)
from gpuplanner.ui.file_dialogs import open_file, save_file
from gpuplanner.ui.widgets import mark_invalid
from gpuplanner.ui.window_parts import WindowParts
from gpuplanner.ui.wizard import new_document

log = logging.getLogger(__name__)


def _dropped_scenario(mime: QMimeData) -> str | None:
    """The one local .json file being dropped, if that is what it is."""
    urls = mime.urls() if mime.hasUrls() else []
    if len(urls) == 1 and urls[0].isLocalFile() and urls[0].toLocalFile().lower().endswith(".json"):
        return urls[0].toLocalFile()
    return None


def _accept_as_copy(event: QDropEvent) -> str | None:
    """A scenario file dragged or dropped that the source lets us copy: taken as a copy, whatever the source
    proposed (a move would let a file manager delete the user's file once the window has read it); its path."""
    path = _dropped_scenario(event.mimeData())
    if path is None or not event.possibleActions() & Qt.DropAction.CopyAction:
        return None
    event.setDropAction(Qt.DropAction.CopyAction)
    event.accept()
    return path


def write_failure(exc: OSError) -> str:
    """Why a file was not written, in the window's language."""
    return failure_reason(exc, lambda text: QCoreApplication.translate("", text))


class DocumentActions(WindowParts):
    """Opening, saving and recovering the scenario document."""

    # --- scenario files --------------------------------------------------------------------------------------
    def write_json_atomically(self, path: str, text: str, *, sync_folder: bool = True) -> str | None:
        """Write the whole text file or nothing; the reason on failure."""
        return self.write_atomically(path, text.encode("utf-8"), sync_folder=sync_folder)

    @staticmethod
    def write_atomically(path: str, data: bytes, *, sync_folder: bool = True) -> str | None:
        """Write the whole file or nothing, verified before the old one is replaced (safe_write.replace_file; Qt's
        QSaveFile reported success for a file a full disk had cut short); the reason on failure."""
        try:
            replace_file(path, data, sync_folder=sync_folder)
        except OSError as exc:
            return write_failure(exc)
        return None

    def _session_text(self) -> str:
        return session_json(Session(self.wizard.scenario(), self.current_path,
                                    not self.undo_stack.isClean() or self.recovered))

    def autosave(self) -> None:
        """Keep the session (document path, unsaved or not, scenario) so a restart loses nothing: written now, after
        any write autosave_soon asked for."""
        self.session_writer.flush()
        self._autosaved(self.write_json_atomically(str(self.settings.session_path), self._session_text(),
                                                   sync_folder=False))

    def autosave_soon(self) -> None:
        """autosave, the file written off the window's thread (an edit's): the window goes on meanwhile."""
        self.session_writer.write(str(self.settings.session_path), self._session_text().encode("utf-8"))

    @Slot(object)
    def _session_written(self, error: OSError | None) -> None:
        self._autosaved(None if error is None else write_failure(error))

    def _autosaved(self, problem: str | None) -> None:
        """Say once per failing streak that the session cannot be kept (never a modal box)."""
        if problem is None:
            self._autosave_failing = False
            return
        log.warning("autosave to %s failed: %s", self.settings.session_path, problem)
        text = fill(self.tr("Autosave failed (%1): %2. Your inputs are still on screen; save them with File → "
                            "Save as."), str(self.settings.session_path), problem)
        self.show_message(text)
        if not self._autosave_failing:  # once per failing streak, not on every edit; never a modal box
            self._autosave_failing = True
            self.notices.add(text)

    def _update_title(self) -> None:
        if self.current_path:
            name = Path(self.current_path).name
        elif self.recovered:
            name = self.tr("Recovered scenario (unsaved)")
        else:
            name = self.tr("Untitled")
        self.setWindowTitle(fill(self.tr("%1[*] — GPU Planner"), name))
        self.setWindowModified(not self.undo_stack.isClean() or self.recovered)

    def is_modified(self) -> bool:
        return not self.undo_stack.isClean() or self.recovered

    def _bind(self, path: str | None, *, recovered: bool = False) -> None:
        """The document now lives in `path` (None: untitled) with nothing unsaved (unless recovered)."""
        self.current_path = path
        self.recovered = recovered
        self.example_banner.setVisible(False)
        self.undo_stack.clear()
        self._update_title()

    def maybe_save(self) -> bool:
        """Before the document goes away: True to go on (saved or discarded), False to stay."""
        if not self.is_modified():
            return True
        name = Path(self.current_path).name if self.current_path else self.tr("this scenario")
        answer = ask_save_discard_cancel(self, self.tr("Unsaved changes"),
                                         fill(self.tr("Save the changes to %1 first?"), name))
        if answer == Button.Save:
            return self.save()
        self._discarded = answer == Button.Discard
        return self._discarded

    def load_file(self, path: str, *, ask: bool = True) -> bool:
        """Open a scenario file; a bad one is reported and changes nothing."""
        if ask and not self.maybe_save():
            return False
        try:
            data = load_scenario_json(path)
            scenario_from_data(data, self.catalog)
        except InputError as exc:
            warn(self, self.tr("Cannot open scenario"),
                 fill(self.tr("%1 was not loaded: %2"), Path(path).name, translated_error(exc)))
            return False
        assert isinstance(data, dict)
        self._apply_scenario(data)
        self._bind(path)
        self.settings.add_recent_file(path)
        self._refresh_recent_menu()
        self.autosave()
        return True

    @Slot()
    def new_scenario(self) -> bool:
        """A new, untitled document at the documented defaults."""
        if not self.maybe_save():
            return False
        self._apply_scenario(new_document())
        self.wizard.restart()  # a new document starts at the first page, not the one the last was left on
        self._bind(None)
        self.autosave()
        return True

    @Slot()
    def close_scenario(self) -> bool:
        return self.new_scenario()

    @Slot()
    def open_dialog(self) -> None:
        if not self.maybe_save():
            return
        path = open_file(self, self.tr("Open scenario"), self.tr("Scenarios (*.json)"))
        if path:
            self.load_file(path, ask=False)

    @Slot()
    def save(self) -> bool:
        """Write the file named in the title; an untitled or recovered document asks where (Save as)."""
        if self.current_path is None:
            return self.save_as()
        return self.save_to(self.current_path)

    @Slot()
    def save_as(self) -> bool:
        if self._field_not_saveable(self.current_path or self.tr("this scenario")):
            return False
        path = save_file(self, self.tr("Save scenario"), self.current_path or "scenario.json",
                         self.tr("Scenarios (*.json)"))
        return bool(path) and self.save_to(path)

    def _field_not_saveable(self, name: str) -> bool:
        """Whether a field shows typed text that is not a value, said to the user (the field marked): the file would
        get the field's last value instead, one the screen no longer shows (typing "1e400" passes 1e4), and be
        marked saved."""
        problems = self.wizard.field_problems()
        if not problems:
            return False
        widget, message = problems[0]
        mark_invalid(widget, message)
        text = fill(self.tr("%1 was not saved: a field holds text that is not a value (%2). Correct the highlighted "
                            "field, then save."), Path(name).name, message)
        self.show_message(text)
        warn(self, self.tr("Not saved"), text)
        return True

    def save_to(self, path: str) -> bool:
        if self._field_not_saveable(path):
            return False
        problem = self.write_json_atomically(path, json.dumps(self.wizard.scenario(), indent=2, ensure_ascii=False))
        if problem is not None:
            warn(self, self.tr("Not saved"),
                 fill(self.tr("Could not write %1: %2"), path, problem))
            return False
        self.current_path = path
        self.recovered = False
        self.undo_stack.setClean()
        self._update_title()
        self.settings.add_recent_file(path)
        self._refresh_recent_menu()
        self.autosave()
        self.show_message(fill(self.tr("Saved %1"), path))
        return True

    def _refresh_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = self.settings.recent_files()
        for path in files:
            action = self.recent_menu.addAction(path)
            action.triggered.connect(lambda _=False, p=path: self.load_file(p))
        self.recent_menu.setEnabled(bool(files))

    def adopt_document(self, scenario: ScenarioDocument, path: str | None, *, recovered: bool,
                       history: UndoHistory, page: int | None = None) -> None:
        """Take over another window's document (a language switch): unsaved edits stay unsaved (its undo steps and
        where it was saved among them), its title stays its own (an untitled document with edits read "Recovered
        scenario (unsaved)" after a switch), and the wizard stays on its page."""
        self._apply_scenario(scenario)
        self._bind(path, recovered=recovered)
        self._restore_history(history)
        if page is not None:
            self.wizard.show_page(page)

    def undo_history(self) -> UndoHistory:
        stack = self.undo_stack
        edits = [stack.command(i) for i in range(stack.count())]
        return UndoHistory(tuple((e.before, e.after) for e in edits if isinstance(e, ScenarioEdit)),
                           stack.index(), stack.cleanIndex())

    def _restore_history(self, history: UndoHistory) -> None:
        """The same steps, bound to this window: pushed as done, then walked back to where the other stood."""
        stack = self.undo_stack
        for before, after in history.edits:
            stack.push(ScenarioEdit(before, after, self._apply_scenario, edit_inputs_text(), mergeable=False))
        if 0 <= history.clean_index <= stack.count():
            stack.setIndex(history.clean_index)
            stack.setClean()
        stack.setIndex(history.index)

    def restore_session(self) -> None:
        """Bring back the last session: a saved document reopens bound to its file; unsaved work comes back as a
        recovered, untitled document (Save asks where), never silently bound to an old path."""
        geometry = self.settings.geometry()
        if geometry is not None:
            self.restoreGeometry(geometry)
        self.fit_to_screen()
        path = self.settings.session_path
        if not path.exists():  # a first start: the defaults, shown as an example
            self.example_banner.setVisible(True)
            return
        try:
            session = parse_session(load_scenario_json(str(path)))
            scenario_from_data(session.scenario, self.catalog)
        except (InputError, ValueError, OSError) as exc:  # OSError: not a file (a folder), unreadable
            log.warning("autosaved session ignored: %s", exc)
            self.notices.add(fill(self.tr("The autosaved scenario in %1 could not be restored (%2); defaults are "
                                          "shown and the file is left as it is."), str(path), str(exc)))
            return
        if session.path and not session.modified and Path(session.path).is_file() \
                and self.load_file(session.path, ask=False):
            return
        self._apply_scenario(session.scenario)
        if session.modified or session.path:
            self._bind(None, recovered=True)
            if session.path:
                self.notices.add(fill(self.tr("Unsaved changes to %1 from your last session were recovered; the file "
                                         "itself was not changed."), Path(session.path).name))

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802
        _accept_as_copy(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:  # noqa: N802
        _accept_as_copy(event)

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802
        path = _accept_as_copy(event)
        if path is not None:
            self.load_file(path)
