"""Page 4: buy or rent, the GPU, and the site."""

from __future__ import annotations

from PySide6.QtCore import Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QWidget,
    QWizardPage,
)

from gpuplanner.catalog.store import Catalog
from gpuplanner.core.site.site import CHINA_IDC_CABINET_AMPS, china_idc_cabinet_kw
from gpuplanner.i18n import fill
from gpuplanner.i18n.messages import translated
from gpuplanner.ui.widgets import (
    choice_combo,
    fit_combo,
    float_spin,
    int_spin,
    select_data,
)
from gpuplanner.ui.wizard.binding import (
    ANY_GPU,
    Binding,
)
from gpuplanner.ui.wizard.common import limits


def _gpu_label(vendor: str, model: str) -> str:
    """A GPU as the list names it: vendor and model, the vendor once where the model already begins with it
    ("海光 DCU K100-AI", "Kunlunxin P800")."""
    return model if model.startswith(vendor.split(" (")[0]) else f"{vendor} {model}"


class DeploymentPage(QWizardPage):
    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Where will it run?"))
        self.setSubTitle(self.tr("Buy, rent or compare both; the site limits size racks, power and cooling."))
        form = QFormLayout(self)
        self.deployment = choice_combo(
            [("either", self.tr("Compare buying and renting")), ("on-prem", self.tr("Buy (on-premises)")),
             ("cloud", self.tr("Rent (cloud)"))], "either")
        self.region = choice_combo(
            [("global", self.tr("Anywhere")), ("cn-mainland", self.tr("Mainland China (export rules apply)"))],
            "global", self.tr("Only GPUs that can be bought there, and cloud offers located there; each plan says "
                              "which rule or source decides"))
        self.gpu = QComboBox(self)
        fit_combo(self.gpu)
        self.reload_gpus(catalog)
        self.gpu.setToolTip(self.tr("Restrict the plans to one GPU model, or let the planner compare them all."))
        self.count = int_spin(*limits("hardware.count", low=0), self.tr("0 = choose the count for me"))
        self.count.setSpecialValueText(self.tr("Automatic"))
        self.allow_consumer = QCheckBox(self.tr("Allow consumer (GeForce) cards"), self)
        self.allow_consumer.setChecked(True)
        self.allow_consumer.setToolTip(self.tr("GeForce cards are cheap but have no NVLink or ECC, and their driver "
                                               "licence forbids data-center deployment."))
        self.rack_kw = float_spin(*limits("constraints.site.rack_kw", low=0.1), 1,
                                  self.tr("Power the site allows per rack"), " kW")
        self.rack_units = int_spin(*limits("constraints.site.rack_units"), self.tr("Usable height of a rack"), " U")
        self.cooling = choice_combo([("air", self.tr("Air")), ("rear-door", self.tr("Rear-door heat exchanger")),
                                     ("cold-plate", self.tr("Direct liquid (cold plate)")),
                                     ("immersion", self.tr("Immersion"))], "air",
                                    self.tr("Each tier removes more heat per rack: air ~20 kW, rear-door ~40, cold "
                                            "plate ~160 (planning defaults; set your room's figure below)"))
        self.cooling_kw = float_spin(*limits("constraints.site.cooling_kw_per_rack", low=0.0), 0,
                                     self.tr("Heat your cooling removes from one rack (0 = the cooling type's "
                                             "default)"), " kW")
        self.cooling_kw.setSpecialValueText(self.tr("Cooling type's default"))
        cabinets = [(a, fill(self.tr("%1 A x 220 V = %2 kW"), str(a), f"{china_idc_cabinet_kw(a):.1f}"))
                    for a in CHINA_IDC_CABINET_AMPS]
        self.china_cabinet = choice_combo([(0, self.tr("No (rack kW above)")), *cabinets], 0,
                                          self.tr("Chinese IDC cabinets are sold by current at 220 V"))
        self.voltage = float_spin(*limits("constraints.site.supply.voltage"), 0,
                                  self.tr("Feed voltage (line-to-line for three-phase)"),
                                  " V")
        self.phase = choice_combo([(3, self.tr("Three-phase")), (1, self.tr("Single-phase"))], 3)
        self.amps = float_spin(*limits("constraints.site.supply.amps"), 0,
                               self.tr("Breaker rating per circuit"), " A")
        form.addRow(self.tr("Deployment"), self.deployment)
        form.addRow(self.tr("Region"), self.region)
        form.addRow(self.tr("GPU"), self.gpu)
        form.addRow(self.tr("GPU count"), self.count)
        form.addRow(self.allow_consumer)
        form.addRow(self.tr("Rack power"), self.rack_kw)
        form.addRow(self.tr("Rack height"), self.rack_units)
        form.addRow(self.tr("Cooling"), self.cooling)
        form.addRow(self.tr("Cooling limit per rack"), self.cooling_kw)
        form.addRow(self.tr("Chinese IDC cabinet"), self.china_cabinet)
        form.addRow(self.tr("Supply voltage"), self.voltage)
        form.addRow(self.tr("Phases"), self.phase)
        form.addRow(self.tr("Circuit breaker"), self.amps)
        self.china_cabinet.currentIndexChanged.connect(self._follow_cabinet)
        self.bindings = [
            Binding("constraints.deployment", self.deployment),
            Binding("constraints.region", self.region),
            # No GPU named: the plan compares the catalog's (the estimate's own default GPU is for one scenario).
            Binding("hardware.gpu", self.gpu, unset=ANY_GPU, fallback=lambda _task: ANY_GPU),
            Binding("hardware.count", self.count, unset=0),
            Binding("constraints.allow_consumer_gpus", self.allow_consumer),
            Binding("constraints.site.rack_kw", self.rack_kw),
            Binding("constraints.site.rack_units", self.rack_units),
            Binding("constraints.site.cooling", self.cooling),
            Binding("constraints.site.cooling_kw_per_rack", self.cooling_kw, unset=0.0),
            Binding("constraints.site.china_cabinet_amps", self.china_cabinet, unset=0),
            Binding("constraints.site.supply.voltage", self.voltage),
            Binding("constraints.site.supply.phase", self.phase),
            Binding("constraints.site.supply.amps", self.amps),
        ]

    @Slot()
    def _follow_cabinet(self) -> None:
        """A cabinet sold by current is its own single-phase 220 V circuit and power: the rack and supply fields
        do not apply while one is chosen."""
        free = not self.china_cabinet.currentData()
        for box in (self.rack_kw, self.voltage, self.phase, self.amps):
            box.setEnabled(free)


    def reload_gpus(self, catalog: Catalog) -> None:
        """The GPU list from the catalog, the user's own rows included. The choice is kept, and one no longer in the
        catalog (the user removed their entry) stays chosen, named as missing: the planner then marks it and plans
        nothing, where the list fell back to "Any GPU" unseen, unrecorded, and the saved file still named the GPU."""
        current = self.gpu.currentData() or ANY_GPU
        shown = self.gpu.currentText()
        self.gpu.blockSignals(True)
        self.gpu.clear()
        self.gpu.addItem(self.tr("Any GPU in the catalog"), ANY_GPU)
        for gpu in catalog.gpus():
            self.gpu.addItem(_gpu_label(translated(gpu.vendor), translated(gpu.model)), gpu.id)
        if self.gpu.findData(current) < 0:
            missing = self.tr("%1 (no longer in the catalog)")
            self.gpu.addItem(shown if shown.endswith(missing.replace("%1", "")) else fill(missing, shown), current)
        select_data(self.gpu, current)
        self.gpu.blockSignals(False)

