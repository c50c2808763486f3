"""The planning wizard: one module per page, each binding its widgets to scenario fields (binding.py)."""

from gpuplanner.ui.wizard.common import PageId, new_document
from gpuplanner.ui.wizard.wizard import ScenarioWizard

__all__ = ["PageId", "ScenarioWizard", "new_document"]
