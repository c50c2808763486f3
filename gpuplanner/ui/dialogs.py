"""Message boxes that show their text as text: catalog, scenario and user strings never reach Qt's rich-text
auto-detection (a GPU id `<img src=file:///dev/zero>` must print, not load). One place for every box the app
shows, so tests intercept `QMessageBox.exec` alone."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

Button = QMessageBox.StandardButton


def message_box(parent: QWidget | None, icon: QMessageBox.Icon, title: str, text: str,
                buttons: Button = Button.Ok, default: Button = Button.NoButton) -> Button:
    box = QMessageBox(icon, title, text, buttons, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    if default != Button.NoButton:
        box.setDefaultButton(default)
    return Button(box.exec())


def warn(parent: QWidget | None, title: str, text: str) -> None:
    message_box(parent, QMessageBox.Icon.Warning, title, text)


def ask_save_discard_cancel(parent: QWidget | None, title: str, text: str) -> Button:
    return message_box(parent, QMessageBox.Icon.Question, title, text,
                       Button.Save | Button.Discard | Button.Cancel, Button.Save)


def confirm_removal(parent: QWidget | None, title: str, text: str) -> bool:
    """Remove or Cancel, Cancel the default: a removal the user did not mean is not one keystroke away."""
    return message_box(parent, QMessageBox.Icon.Question, title, text, Button.Yes | Button.Cancel,
                       Button.Cancel) == Button.Yes


def plain_tooltip(text: str) -> str:
    """A tooltip that shows `text` literally (Qt guesses rich text from a tooltip's content)."""
    return "" if not text else "<p style='white-space:pre-wrap'>" + html.escape(text) + "</p>"
