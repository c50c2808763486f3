"""A table as an Office Open XML workbook (.xlsx, ECMA-376 Part 1 SpreadsheetML): one sheet, the first row bold and
frozen, numbers as numbers and text as inline strings, so an IT buyer can forward it as it is. Standard library only."""

from __future__ import annotations

import io
import math
import zipfile
from collections.abc import Sequence
from xml.sax.saxutils import escape

_CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    '<Override PartName="/xl/worksheets/sheet1.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
    '<Override PartName="/xl/styles.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
    '</Types>')
_ROOT_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" '
    'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" '
    'Target="xl/workbook.xml"/></Relationships>')
_WORKBOOK_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" '
    'Target="worksheets/sheet1.xml"/>'
    '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" '
    'Target="styles.xml"/></Relationships>')
# Two cell formats: 0 plain, 1 bold (the header).
_STYLES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>'
    '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>'
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>'
    '</fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
    '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>'
    '<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    '<xf numFmtId="3" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>'
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
    '</styleSheet>')
MAX_SHEET_NAME = 31  # Excel's limit on a sheet name
MAX_CELL_TEXT = 32767  # Excel's limit on a cell's text


def column_name(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


HEADER_STYLE, DECIMAL_STYLE, WHOLE_STYLE = 1, 2, 3  # bold; built-in formats 4 (#,##0.00) and 3 (#,##0)


def _cell(reference: str, value: object, style: int) -> str:
    styled = f' s="{style}"' if style else ""
    if isinstance(value, bool):
        return f'<c r="{reference}" t="b"{styled}><v>{int(value)}</v></c>'
    if isinstance(value, int | float) and math.isfinite(float(value)):
        # The full value is kept; a body cell shows it grouped, two decimals for a fraction (23.53810135192166
        # showed every digit).
        shown = style or (WHOLE_STYLE if isinstance(value, int) else DECIMAL_STYLE)
        return f'<c r="{reference}" s="{shown}"><v>{value!r}</v></c>'
    if value is None or value == "" or isinstance(value, float):
        return ""
    text = _printable(str(value))[:MAX_CELL_TEXT]
    return f'<c r="{reference}" t="inlineStr"{styled}><is><t xml:space="preserve">{escape(text)}</t></is></c>'


def _printable(text: str) -> str:
    """XML 1.0 refuses most control characters: catalog or user text keeps its tabs and line breaks only."""
    return "".join(ch for ch in text if ch in "\t\n\r" or ord(ch) >= 0x20)


def _sheet(rows: Sequence[Sequence[object]]) -> str:
    body = []
    for r, row in enumerate(rows, start=1):
        cells = "".join(_cell(f"{column_name(c)}{r}", value, HEADER_STYLE if r == 1 else 0)
                        for c, value in enumerate(row))
        body.append(f'<row r="{r}">{cells}</row>')
    frozen = ('<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" '
              'state="frozen"/></sheetView></sheetViews>') if rows else ""
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
            f'{frozen}<sheetData>{"".join(body)}</sheetData></worksheet>')


def workbook_bytes(rows: Sequence[Sequence[object]], sheet_name: str = "Plans") -> bytes:
    """The .xlsx file of these rows (the first one the header)."""
    name = escape(_printable(sheet_name).replace("/", " ").replace("\\", " ").replace("?", " ").replace("*", " ")
                  .replace("[", "(").replace("]", ")").replace(":", " ")[:MAX_SHEET_NAME] or "Sheet1", {'"': "&quot;"})
    workbook = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
                'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
                f'<sheets><sheet name="{name}" sheetId="1" r:id="rId1"/></sheets></workbook>')
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for part, text in (("[Content_Types].xml", _CONTENT_TYPES), ("_rels/.rels", _ROOT_RELS),
                           ("xl/workbook.xml", workbook), ("xl/_rels/workbook.xml.rels", _WORKBOOK_RELS),
                           ("xl/styles.xml", _STYLES), ("xl/worksheets/sheet1.xml", _sheet(rows))):
            archive.writestr(part, text.encode("utf-8"))
    return out.getvalue()
