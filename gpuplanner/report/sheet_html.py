"""The sheet's building blocks: translated text, numbers in the plan's currency, and escaped HTML tables."""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from PySide6.QtCore import QCoreApplication

from gpuplanner.core.site.site import SiteBlock, desk_circuit
from gpuplanner.i18n import fill
from gpuplanner.i18n.messages import translated
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

    def at_least(self, value: float | None) -> str:
        """A minimum to order to, in whole units rounded up: a 21.46 kVA need printed "at least 21" is short."""
        return number(None if value is None else math.ceil(value - 1e-9), 0)


def rows(items: Sequence[tuple[str, ...]], header: tuple[str, ...] | None = None) -> str:
    head = ""
    if header:
        head = "<tr>" + "".join(f"<th align='left'>{escape(h)}</th>" for h in header) + "</tr>"
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in items)
    return f"<table class='grid' width='100%' cellspacing='0' cellpadding='3'>{head}{body}</table>"


def section(title: str, body: str, new_page: bool = False) -> str:
    style = " style='page-break-before: always'" if new_page else ""
    return f"<h2{style}>{escape(title)}</h2>{body}"


def wall_circuit_rows(site: SiteBlock) -> list[tuple[str, str]]:
    """A deskside workstation on its wall circuit (desk_circuit): the circuit, its outlet and whether the workstation
    fits on it, as the sheet and the app's details both show them (a tower has no rack or A/B feeds)."""
    circuit = desk_circuit(site)
    if circuit.fits is None:
        verdict = tr("n/a")
    elif circuit.fits:
        verdict = fill(tr("fits: %1 A of the circuit's %2 A continuous"), number(circuit.node_amps, 1),
                       number(circuit.usable_amps, 1))
    else:
        verdict = fill(tr("needs %1 A, more than the circuit's %2 A continuous: give it a dedicated, larger "
                          "circuit"), number(circuit.node_amps, 1), number(circuit.usable_amps, 1))
    return [(tr("Wall circuit"), fill(tr("%1 V %2 A, derated to %3 %: %4 kW continuous"), number(circuit.volts, 0),
                                      number(circuit.breaker_amps, 0), number(site.supply.derating * 100, 0),
                                      number(circuit.usable_kw, 2))),
            (tr("Wall outlet"), translated(site.facilities.feed_plug)),
            (tr("On that circuit"), verdict)]
