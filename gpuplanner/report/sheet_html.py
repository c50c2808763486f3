"""The sheet's building blocks: translated text, numbers in the plan's currency, and escaped HTML tables."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from PySide6.QtCore import QCoreApplication

from gpuplanner.report.formatting import money, number

CONTEXT = ""  # module-level strings: pyside6-lupdate files them under the empty context


def tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


class Formatter:
    """Numbers, and money in the plan's currency."""

    def __init__(self, currency: str) -> None:
        self.currency = currency

    def num(self, value: float | None, decimals: int = 1) -> str:
        return number(value, decimals)

    def money(self, value: float | None, decimals: int = 0) -> str:
        return money(value, self.currency, decimals)


def rows(items: Sequence[tuple[str, ...]], header: tuple[str, ...] | None = None) -> str:
    head = ""
    if header:
        head = "<tr>" + "".join(f"<th align='left'>{escape(h)}</th>" for h in header) + "</tr>"
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in items)
    return f"<table class='grid' width='100%' cellspacing='0' cellpadding='3'>{head}{body}</table>"


def section(title: str, body: str, new_page: bool = False) -> str:
    style = " style='page-break-before: always'" if new_page else ""
    return f"<h2{style}>{escape(title)}</h2>{body}"
