"""Message boxes that show their text as text: catalog, scenario and user strings never reach Qt's rich-text
auto-detection (a GPU id `<img src=file:///dev/zero>` must print, not load). One place for every box the app
shows, so tests intercept `QMessageBox.exec` alone."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
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


# Share of the screen's height a dialog may take: its title bar and the desktop's panels need the rest.
DIALOG_SCREEN_SHARE = 0.9


def resize_within_screen(dialog: QWidget, width: int, height: int, parent: QWidget | None = None) -> None:
    """Resize a dialog to the size it wants, within the screen it opens on (at 1280 x 720 the print preview asked
    for 1000 px and its page buttons were off the screen)."""
    screen = (parent.screen() if parent is not None else None) or QGuiApplication.primaryScreen()
    if screen is None:
        dialog.resize(width, height)
        return
    room = screen.availableGeometry()
    dialog.resize(min(width, room.width()), min(height, int(room.height() * DIALOG_SCREEN_SHARE)))
