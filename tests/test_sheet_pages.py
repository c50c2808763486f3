"""Sheet pagination (report.pages): a section heading moved to the next page keeps everything after it laid out,
drawn and counted in the pages (a workstation sheet once lost its closing warnings so)."""

from __future__ import annotations

import json

from PySide6.QtCore import QSizeF
from PySide6.QtGui import QTextDocument

from gpuplanner.catalog.store import Catalog
from gpuplanner.report.pages import MOVED_TO_NEXT_PAGE, _layout_reference, keep_headings_with_next
from gpuplanner.report.spec_sheet import SheetOptions, build_document
from gpuplanner.service import plan_for_scenario
from tests.test_spec_sheet import RTX_WORKSTATION


def moved_headings(document: QTextDocument) -> int:
    block, moved = document.begin(), 0
    while block.isValid():
        moved += block.blockFormat().hasProperty(MOVED_TO_NEXT_PAGE)
        block = block.next()
    return moved


def test_what_follows_a_moved_heading_is_laid_out_and_counted(qapp: object) -> None:
    result = plan_for_scenario(json.loads(json.dumps(RTX_WORKSTATION)), Catalog(), top=1)
    assert result.best is not None
    document = build_document(result.best, SheetOptions(), "", result)
    layout = document.documentLayout()
    layout.setPaintDevice(_layout_reference())
    moves = 0
    for height in range(600, 1400, 40):  # page heights: some put a heading at the foot of a page
        document.setPageSize(QSizeF(680, height))
        keep_headings_with_next(document)
        moves += moved_headings(document)
        last = document.lastBlock()
        assert layout.blockBoundingRect(last).height() > 0, height  # laid out, so drawn
        assert layout.blockBoundingRect(last).bottom() <= document.pageCount() * height, height
    assert moves
