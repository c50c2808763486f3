"""Page 5: money, deadline or throughput target, and what is ranked first."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QFormLayout,
    QPushButton,
    QWidget,
    QWizardPage,
)

from gpuplanner.core.scenario.fields import field
from gpuplanner.ui.widgets import (
    choice_combo,
    float_spin,
)
from gpuplanner.ui.wizard.binding import (
    SERVING,
    TRAINING,
    Binding,
)
from gpuplanner.ui.wizard.common import NEW_DOCUMENT_DEADLINE_DAYS, limits


class BudgetPage(QWizardPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Budget and goals"))
        self.setSubTitle(self.tr("Zero means no limit. Prices in the catalog are approximate and dated; edit them "
                                 "in the catalog tab."))
        form = QFormLayout(self)
        self.currency = choice_combo([("USD", "USD ($)"), ("CNY", "CNY (¥)")], "USD")
        self.budget = float_spin(*limits("constraints.budget", low=0.0), 0,
                                 self.tr("Most you will spend (0 = no limit)"))
        self.budget.setSpecialValueText(self.tr("No limit"))
        self.deadline = float_spin(*limits("constraints.deadline_days", low=0.0, initial=NEW_DOCUMENT_DEADLINE_DAYS), 1,
                                   self.tr("Training must finish within (0 = no deadline)"),
                                   self.tr(" days"))
        self.deadline.setSpecialValueText(self.tr("No deadline"))
        self.target = float_spin(*limits("constraints.target_output_tokens_per_s", low=0.0), 0,
                                 self.tr("Output tokens per second the service must deliver"))
        self.target.setSpecialValueText(self.tr("No target"))
        self.objective = choice_combo([("cheapest", self.tr("Cheapest")), ("fastest", self.tr("Fastest")),
                                       ("lowest-tco", self.tr("Lowest total cost of ownership"))], "cheapest")
        self.years = float_spin(*limits("constraints.years", low=0.1), 1,
                                self.tr("Amortisation period for TCO"), self.tr(" years"))
        self.electricity = float_spin(*limits("constraints.site.electricity_price"), 3,
                                      self.tr("Electricity price per kWh in the chosen currency (0 = not priced)"))
        self.electricity.setSpecialValueText(self.tr("Not priced"))
        self.pue = float_spin(*limits("constraints.site.pue"), 2,
                              self.tr("Power usage effectiveness: facility power / IT power"))
        self.utilization = float_spin(*limits("constraints.utilization", 0.01, low=1.0), 0,
                                      self.tr("Share of hours the owned cluster is busy"), " %")
        rate = field("constraints.usd_to_cny")
        self.usd_to_cny = float_spin(*limits(rate.path, low=0.001), 4,
                                     self.tr("CNY per USD: the central parity of 2026-01-08 unless you set your own"))
        form.addRow(self.tr("Currency"), self.currency)
        form.addRow(self.tr("Budget"), self.budget)
        form.addRow(self.tr("Deadline"), self.deadline)
        form.addRow(self.tr("Throughput target"), self.target)
        form.addRow(self.tr("Rank by"), self.objective)
        form.addRow(self.tr("Amortise over"), self.years)
        form.addRow(self.tr("Electricity"), self.electricity)
        form.addRow(self.tr("PUE"), self.pue)
        form.addRow(self.tr("Utilisation"), self.utilization)
        form.addRow(self.tr("USD to CNY"), self.usd_to_cny)
        self.expert = QPushButton(self.tr("Expert settings…"), self)
        self.expert.setToolTip(self.tr("The assumptions behind every estimate (efficiencies, failure rates, power "
                                       "factors): the defaults are right for most jobs"))
        form.addRow(self.expert)
        self.bindings = [
            Binding("constraints.currency", self.currency),
            Binding("constraints.budget", self.budget, unset=0.0),
            Binding("constraints.deadline_days", self.deadline, unset=0.0, tasks=TRAINING),
            Binding("constraints.target_output_tokens_per_s", self.target, unset=0.0, tasks=SERVING),
            Binding("constraints.objective", self.objective),
            Binding("constraints.years", self.years),
            Binding("constraints.site.electricity_price", self.electricity, unset=0.0),
            Binding("constraints.site.pue", self.pue),
            Binding("constraints.utilization", self.utilization, unit=0.01),
            Binding("constraints.usd_to_cny", self.usd_to_cny),
        ]

    def nextId(self) -> int:  # noqa: N802
        """The last page of the path: Finish plans; the expert page is opened on purpose (its button)."""
        return -1

    def set_task(self, task: str) -> None:
        """A deadline is for training; a throughput target is for serving: each shows only where it applies."""
        form = self.layout()
        if not isinstance(form, QFormLayout):
            raise TypeError("the budget page is laid out as a form")
        for binding in self.bindings:
            form.setRowVisible(binding.widget, binding.applies(task))

