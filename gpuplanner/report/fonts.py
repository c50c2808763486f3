"""The bundled CJK font, registered from its real file path so PDFs embed it (searchable, selectable text)."""

from __future__ import annotations

from functools import cache

from gpuplanner.paths import resource_path

BUNDLED_FONT_FILE = "wqy-microhei.ttc"  # WenQuanYi Micro Hei, Apache-2.0 (resources/fonts/*COPYRIGHT.txt)
FALLBACK_FAMILY = "Sans Serif"


@cache
def report_font_family() -> str:
    """Register the bundled font once; returns its family name (Latin and Chinese glyphs)."""
    from PySide6.QtGui import QFontDatabase

    font_id = QFontDatabase.addApplicationFont(str(resource_path("fonts", BUNDLED_FONT_FILE)))
    families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
    return families[0] if families else FALLBACK_FAMILY
