"""Notices that mean lost or set-aside data (a damaged catalog edits database moved aside, a failing autosave, a
recovered session): kept in a bar at the top of the window until the user dismisses them, never replaced by the
next status message."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget


class NoticeBar(QFrame):
    dismissed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("noticeBar")
        self.setStyleSheet("#noticeBar { background: #f8d7da; border: 1px solid #f1aeb5; } "
                           "#noticeBar QLabel { color: #58151c; }")
        self.label = QLabel(self)
        self.label.setTextFormat(Qt.TextFormat.PlainText)  # notices quote paths and catalog text
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.dismiss_button = QPushButton(self.tr("Dismiss"), self)
        self.dismiss_button.clicked.connect(self.dismiss)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.dismiss_button, 0, Qt.AlignmentFlag.AlignTop)
        self.notices: list[str] = []
        self.setVisible(False)

    def add(self, text: str) -> None:
        """Show `text` beside any notices not yet dismissed (each once)."""
        if text and text not in self.notices:
            self.notices.append(text)
            self.label.setText("\n".join(self.notices))
        self.setVisible(bool(self.notices))

    @Slot()
    def dismiss(self) -> None:
        self.notices.clear()
        self.label.clear()
        self.setVisible(False)
        self.dismissed.emit()
