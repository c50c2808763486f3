"""The ranked plans as a Qt table model (display formatting only; every figure comes from the core)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtWidgets import QApplication, QStyle

from gpuplanner.core.base.choices import Deployment
from gpuplanner.core.estimates.result_parts import MIN_MEMORY_HEADROOM, memory_is_tight
from gpuplanner.core.planning.plan_goals import rented_cost
from gpuplanner.core.results.results import Plan
from gpuplanner.core.training.workload import Layout
from gpuplanner.i18n import fill
from gpuplanner.i18n.calibration import calibration_text
from gpuplanner.i18n.durations import duration_text
from gpuplanner.i18n.layout_words import images_trained
from gpuplanner.i18n.messages import translated
from gpuplanner.i18n.plan_marks import deployment_marked
from gpuplanner.report.formatting import money, precision_text
from gpuplanner.ui.dialogs import plain_tooltip

NOT_APPLICABLE = "—"
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
PLAN_ROLE = Qt.ItemDataRole.UserRole + 2
_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_DECORATION = int(Qt.ItemDataRole.DecorationRole)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
_CELL_ROLES = frozenset({_DISPLAY, int(SORT_ROLE)})  # answered from the cells made once a result
_ROLES_ANSWERED = frozenset({_DISPLAY, int(SORT_ROLE), int(PLAN_ROLE), _DECORATION, _ALIGNMENT,
                             int(Qt.ItemDataRole.ToolTipRole)})
_LEFT_ALIGNED = frozenset({"gpu", "deployment", "layout"})
_RIGHT_ALIGNED = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

ModelIndex = QModelIndex | QPersistentModelIndex


def _layout_text(layout: Layout) -> str:
    return f"TP{layout.tp}·PP{layout.pp}·DP{layout.dp}·Z{layout.zero}"



def _tight(plan: Plan) -> bool:
    return memory_is_tight(plan.memory.total, plan.memory.capacity)

class PlansTableModel(QAbstractTableModel):
    # What decides comes first (a 1280-px window shows GPU, count, time and cost); the detail columns follow.
    COLUMNS = ("rank", "gpu", "deployment", "count", "speed", "cost", "capex", "cloud", "tco", "nodes", "layout",
               "precision", "memory", "power", "racks", "warnings")

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._plans: list[Plan] = []
        self._currency = "USD"
        # Each cell's (text, sort key), made once a result: the view asks for them on every paint and the sorting
        # proxy on every comparison.
        self._cells: dict[tuple[int, str], tuple[str, Any]] = {}
        self._headers = {
            "rank": self.tr("#"), "gpu": self.tr("GPU"), "deployment": self.tr("Where"), "count": self.tr("GPUs"),
            "nodes": self.tr("Nodes"), "layout": self.tr("Layout"), "precision": self.tr("Precision"),
            "memory": self.tr("Memory / GPU"),
            "speed": self.tr("Time or throughput"), "power": self.tr("IT power"), "racks": self.tr("Racks"),
            "cost": self.tr("Cost (ranked by)"), "capex": self.tr("Capex"), "cloud": self.tr("Cloud cost"),
            "tco": self.tr("TCO"),
            "warnings": self.tr("Warnings"),
        }

    def set_plans(self, plans: Sequence[Plan], currency: str) -> None:
        self.beginResetModel()
        self._plans = list(plans)
        self._currency = currency
        self._cells.clear()
        self.endResetModel()

    def plan_at(self, row: int) -> Plan:
        return self._plans[row]

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._plans)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal \
                and 0 <= section < len(self.COLUMNS):
            return self._headers[self.COLUMNS[section]]
        return None

    def _money(self, value: float | None) -> str:
        return money(value, self._currency)

    def _value(self, plan: Plan, column: str) -> tuple[str, Any]:
        """(display text, sort key) for one cell."""
        locale = QLocale()
        site, cost = plan.site, plan.cost
        if column == "rank":
            return str(plan.rank or ""), plan.rank or 0
        if column == "gpu":
            return translated(plan.gpu_name), translated(plan.gpu_name)
        if column == "deployment":
            word = self.tr("Buy") if plan.deployment == Deployment.ON_PREM else self.tr("Rent")
            return deployment_marked(plan, word, QCoreApplication.translate), plan.deployment
        if column in ("count", "racks"):
            value = plan.count if column == "count" else site.racks
            return locale.toString(int(value)), value
        if column == "nodes":
            return locale.toString(int(site.nodes)), site.nodes
        if column == "layout":
            if images_trained(plan.estimate) and plan.layout.tp == plan.layout.pp == 1:
                return (fill(self.tr("DP %1 · %2 images/pass"), plan.layout.dp, plan.layout.micro_batch),
                        plan.layout.dp)
            return _layout_text(plan.layout), plan.layout.tp * 1000 + plan.layout.pp
        if column == "precision":
            text = precision_text(plan)
            return text, text
        if column == "memory":
            memory = plan.memory
            return (fill(self.tr("%1 / %2 GiB"), locale.toString(memory.total, "f", 1),
                         locale.toString(memory.capacity, "f", 0))), memory.total
        if column == "speed":
            if plan.days is not None:
                days = duration_text(plan.days, QCoreApplication.translate,
                                     lambda value, decimals: locale.toString(value, "f", decimals))
                training = plan.training
                if training is not None and training.images_per_s and not training.tokens_per_s:
                    days = fill(self.tr("%1 (%2 images/s)"), days, locale.toString(training.images_per_s, "f", 0))
                return days, plan.days
            assert plan.inference is not None
            rate = plan.inference.output_tokens_per_s
            return fill(self.tr("%1 tok/s"), locale.toString(rate, "f", 0)), -rate
        if column == "power":
            kw = site.it_kw_expected
            return (self.tr("n/a") if kw is None else locale.toString(kw, "f", 1) + " kW"), kw or 0.0
        if column == "cost":
            return self._money(plan.cost_metric), math.inf if plan.cost_metric is None else plan.cost_metric
        owned = plan.owned
        if (column in ("capex", "tco") and not owned) or (column == "cloud" and owned):
            return NOT_APPLICABLE, float("inf")  # a rented plan buys nothing; an owned one rents nothing
        if column == "capex":
            return self._money(cost.capex), cost.capex if cost.capex is not None else float("inf")
        if column == "cloud":
            rent = rented_cost(plan)
            return self._money(rent), rent if rent is not None else float("inf")
        if column == "tco":
            return self._money(cost.tco), cost.tco if cost.tco is not None else float("inf")
        count = len(plan.warnings)
        return (locale.toString(count) if count else ""), count

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # A view asks for about ten roles of every cell it sizes or paints (a result's column fit: ~1,300 calls):
        # the roles the table has nothing for are answered first.
        if role not in _ROLES_ANSWERED:
            return None
        row = index.row()  # (-1 for an invalid index)
        if not 0 <= row < len(self._plans):
            return None
        column = self.COLUMNS[index.column()]
        if role in _CELL_ROLES:
            cell = self._cells.get((row, column))
            if cell is None:
                cell = self._cells[row, column] = self._value(self._plans[row], column)
            return cell[0] if role == _DISPLAY else cell[1]
        if role == _ALIGNMENT:
            return None if column in _LEFT_ALIGNED else _RIGHT_ALIGNED
        plan = self._plans[row]
        if role == PLAN_ROLE:
            return plan
        if role == _DECORATION:
            if (column == "warnings" and plan.warnings) or (column == "memory" and _tight(plan)):
                # A plan with almost no memory left can rank first: the caution is in the row, not only in the details.
                return QApplication.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
            return None
        if column == "memory" and _tight(plan):  # (the tooltip)
            return plain_tooltip(fill(self.tr("%1 of %2 GiB: under %3 % headroom, allocator fragmentation or a longer "
                                              "sequence can run out of memory"), f"{plan.memory.total:.1f}",
                                      f"{plan.memory.capacity:g}", f"{MIN_MEMORY_HEADROOM * 100:g}"))
        if column == "warnings":
            return plain_tooltip("\n".join(translated(w) for w in plan.warnings))
        reasons = self.tr("; ").join(translated(r) for r in plan.rank_reasons)
        calibrated = calibration_text(plan.estimate.calibration, QCoreApplication.translate)
        if calibrated:
            reasons += "\n" + calibrated
        return plain_tooltip(f"{translated(plan.gpu_name)}\n{reasons}" if column == "gpu" else reasons)
