"""Laying a spec sheet on pages: headings kept with what follows them, the pages painted on a printer or PDF at
the resolution the layout was made for, with a footer, on the paper sizes offered."""
from __future__ import annotations

from functools import cache

from PySide6.QtCore import QMarginsF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QFont,
    QImage,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QTextBlock,
    QTextCursor,
    QTextDocument,
    QTextFormat,
)

from gpuplanner import __version__
from gpuplanner.i18n import fill
from gpuplanner.report.fonts import report_font_family
from gpuplanner.report.sheet_html import tr

FOOTER_MM = 10.0
LAYOUT_DPI = 96.0


@cache
def _layout_reference() -> QImage:
    """A 96-dpi paint device for layout, so the sheet looks the same on every machine. Cached: the layout
    keeps a raw pointer to it."""
    reference = QImage(1, 1, QImage.Format.Format_RGB32)
    dots_per_meter = round(LAYOUT_DPI / 0.0254)
    reference.setDotsPerMeterX(dots_per_meter)
    reference.setDotsPerMeterY(dots_per_meter)
    return reference


# Marks a section heading that keep_headings_with_next moved to a new page (so another page size can undo it).
MOVED_TO_NEXT_PAGE = int(QTextFormat.Property.UserProperty) + 1


def keep_headings_with_next(document: QTextDocument) -> None:
    """A section heading never ends a page: where the block after it (its chart, table or list) starts on the
    next page, the heading starts that page too. QTextDocument has no keep-with-next; this lays the document out at
    its page size and moves such headings, after undoing the moves an earlier page size made."""
    page_height = document.pageSize().height()
    block = document.begin()
    while block.isValid():
        if block.blockFormat().hasProperty(MOVED_TO_NEXT_PAGE):
            restored = block.blockFormat()
            restored.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_Auto)
            restored.clearProperty(MOVED_TO_NEXT_PAGE)
            QTextCursor(block).setBlockFormat(restored)
            relay_out_from(document, block)
        block = block.next()
    if page_height <= 0:
        return
    layout = document.documentLayout()

    def page_of(block: QTextBlock) -> int:
        """The page its first line is drawn on (a line that does not fit is pushed down inside its block)."""
        line = block.layout().lineAt(0) if block.layout().lineCount() else None
        return int((layout.blockBoundingRect(block).top() + (line.y() if line else 0.0)) // page_height)

    block = document.begin()
    while block.isValid():
        following = block.next()
        if block.blockFormat().headingLevel() == 2 and following.isValid() and page_of(following) > page_of(block):
            moved = block.blockFormat()
            moved.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
            moved.setProperty(MOVED_TO_NEXT_PAGE, True)
            QTextCursor(block).setBlockFormat(moved)
            relay_out_from(document, block)
        block = following


def relay_out_from(document: QTextDocument, block: QTextBlock) -> None:
    """Lay the document out again from `block` on: a block format set through a cursor re-lays out that block
    alone, leaving the blocks after a moved heading unlaid (zero height, never drawn, and not counted in the
    pages: a sheet lost its warnings so)."""
    document.markContentsDirty(block.position(), document.characterCount() - block.position())


def render(document: QTextDocument, device: QPagedPaintDevice) -> int:
    """Draw the document page by page with a footer; returns the page count."""
    layout = device.pageLayout()
    resolution = device.logicalDpiX()
    page = layout.paintRectPixels(resolution)
    footer_px = FOOTER_MM / 25.4 * resolution
    body = QSizeF(page.width(), page.height() - footer_px)
    # Lay the document out at a fixed 96 dpi (whatever the screen), then scale it onto the device.
    scale = resolution / LAYOUT_DPI
    document.documentLayout().setPaintDevice(_layout_reference())
    document.setPageSize(QSizeF(body.width() / scale, body.height() / scale))
    keep_headings_with_next(document)
    pages = document.pageCount()
    painter = QPainter(device)
    family = report_font_family()
    try:
        for index in range(pages):
            if index:
                device.newPage()
            painter.save()
            painter.scale(scale, scale)
            painter.translate(0, -index * body.height() / scale)
            clip = QRectF(0, index * body.height() / scale, body.width() / scale, body.height() / scale)
            document.drawContents(painter, clip)
            painter.restore()
            painter.setFont(QFont(family, 7))
            footer = QRectF(0, page.height() - footer_px * 0.8, page.width(), footer_px * 0.8)
            painter.drawText(footer, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                             f"GPU Planner {__version__}")
            painter.drawText(footer, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                             fill(tr("Page %1 of %2"), str(index + 1), str(pages)))
    finally:
        painter.end()
    return pages


def page_size(name: str) -> QPageSize:
    return QPageSize(QPageSize.PageSizeId.Letter if name.lower() == "letter" else QPageSize.PageSizeId.A4)


# The sheet's margins (left, top, right, bottom, mm): the footer sits inside the bottom one's page body.
SHEET_MARGINS_MM = (15.0, 15.0, 15.0, 12.0)


def sheet_page_layout(name: str) -> QPageLayout:
    """The page the sheet is laid out on, for the PDF and the printer alike (the preview shows what either gives)."""
    return QPageLayout(page_size(name), QPageLayout.Orientation.Portrait, QMarginsF(*SHEET_MARGINS_MM),
                       QPageLayout.Unit.Millimeter)
