"""Whether a screen is attached, and the offscreen Qt platform when none is (no Qt imported here)."""

from __future__ import annotations

import os
import sys


def has_display() -> bool:
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def use_offscreen_without_display() -> None:
    """Qt aborts at start without a platform; with no screen, draw offscreen (an explicit QT_QPA_PLATFORM wins)."""
    if not has_display():
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
