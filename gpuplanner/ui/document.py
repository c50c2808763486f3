"""The open scenario as a document: its file, its unsaved edits (an undo stack whose clean state is "saved"),
and the session file that brings unsaved work back after a restart without binding it to an old path."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QUndoCommand

from gpuplanner.core.base.records import record

SESSION_FORMAT = 2  # 1: the bare scenario dict (older releases)


def changed_keys(before: dict[str, Any], after: dict[str, Any], prefix: str = "") -> frozenset[str]:
    """Dotted paths of the values that differ between two scenarios."""
    keys: set[str] = set()
    for key in before.keys() | after.keys():
        a, b = before.get(key), after.get(key)
        if isinstance(a, dict) and isinstance(b, dict):
            keys |= changed_keys(a, b, f"{prefix}{key}.")
        elif a != b:
            keys.add(prefix + key)
    return frozenset(keys)


def edit_inputs_text() -> str:
    """The name of a wizard edit in the Edit menu ("Undo Edit inputs"), in the current language: a history carried
    into a window of another language is named anew (the English menu read "Undo 修改输入")."""
    return QCoreApplication.translate("ScenarioEdit", "Edit inputs")


class ScenarioEdit(QUndoCommand):
    """One wizard edit, from the scenario before it to the one after. Consecutive edits of the same fields
    (typing a number, spinning a box) merge into one step until the step is closed (the keyboard left the field):
    a value entered, left and entered again is two steps."""

    def __init__(self, before: dict[str, Any], after: dict[str, Any], apply: Callable[[dict[str, Any]], None],
                 text: str, *, mergeable: bool = True) -> None:
        super().__init__(text)
        self.before, self.after, self.apply = before, after, apply
        self.fields = changed_keys(before, after)
        self.mergeable = mergeable  # a step carried over from another window keeps its own place in the history
        self.closed = False
        self._first = True

    def id(self) -> int:
        return 1 if self.mergeable else -1

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802
        if self.closed or not isinstance(other, ScenarioEdit) or other.fields != self.fields:
            return False
        self.after = other.after
        return True

    def redo(self) -> None:
        if self._first:  # the widgets already show it
            self._first = False
            return
        self.apply(self.after)

    def undo(self) -> None:
        self.apply(self.before)


@record
class UndoHistory:
    """A window's undo steps (scenario before, after), where it stands in them and which step was saved."""

    edits: tuple[tuple[dict[str, Any], dict[str, Any]], ...]
    index: int
    clean_index: int


@record
class Session:
    scenario: dict[str, Any]
    path: str | None  # the file the document was bound to
    modified: bool  # unsaved edits at the time: restored as a recovered, untitled document


def session_json(session: Session) -> str:
    return json.dumps({"format": SESSION_FORMAT, "path": session.path, "modified": session.modified,
                       "scenario": session.scenario}, indent=2, ensure_ascii=False)


def parse_session(data: object) -> Session:
    """A session file's content; an older bare-scenario autosave is unsaved work of unknown origin."""
    if isinstance(data, dict) and data.get("format") == SESSION_FORMAT and isinstance(data.get("scenario"), dict):
        path = data.get("path")
        return Session(data["scenario"], path if isinstance(path, str) and path else None,
                       bool(data.get("modified", True)))
    if isinstance(data, dict):
        return Session(data, None, True)
    raise ValueError("not a session")

