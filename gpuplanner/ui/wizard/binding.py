"""One wizard widget bound to one scenario field: reading the widget into the file, showing a file's value, and
marking the field all come from the binding a page declares next to the widget."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtWidgets import QAbstractSpinBox, QCheckBox, QComboBox, QDoubleSpinBox, QSpinBox, QWidget

from gpuplanner.core.scenario.fields import Field, ScenarioDocument, field

AUTO = "auto"  # a choice box's "the planner decides" item
ANY_GPU = "any"
LLM_TRAINING = frozenset({"pretrain", "finetune", "lora", "qlora"})
IMAGE_TRAINING = frozenset({"vision", "diffusion"})
RL = frozenset({"rl"})  # RL post-training: a language model trained on its own rollouts
TRAINING = LLM_TRAINING | IMAGE_TRAINING | RL
SERVING = frozenset({"inference"})
ADAPTERS = frozenset({"lora", "qlora"})


@dataclass(frozen=True)
class Binding:
    """`unset`: the widget value that leaves the field out of the file (0 for "no limit", AUTO); `tasks`: the tasks
    whose file holds the field (None: all); `unit`: the file's value of one shown unit (1e9 for tokens shown in
    billions, 0.001 for seconds shown in ms); `fallback`: what to show when neither the file nor the field table
    gives a value (the task's recipe, the preset's resolution) or where the page means otherwise (no GPU named:
    any GPU)."""

    path: str
    widget: QWidget
    unset: object = None
    tasks: frozenset[str] | None = None
    unit: float = 1.0
    fallback: Callable[[str], object] | None = None  # of the task

    @property
    def spec(self) -> Field:
        return field(self.path)

    def applies(self, task: str) -> bool:
        return self.tasks is None or task in self.tasks

    def _shown(self) -> Any:
        widget = self.widget
        if isinstance(widget, QCheckBox):
            return widget.isChecked()
        if isinstance(widget, QComboBox):
            return widget.currentData()
        if isinstance(widget, QSpinBox | QDoubleSpinBox):
            return widget.value()
        raise TypeError(f"{self.path}: a {type(widget).__name__} is not a field widget")

    def _is_unset(self, shown: Any) -> bool:
        if self.unset is None:
            return False
        if isinstance(self.widget, QAbstractSpinBox) and hasattr(self.widget, "decimals"):
            return abs(shown - self.unset) <= 0.5 * 10 ** -self.widget.decimals()
        return bool(shown == self.unset)

    def value(self) -> object | None:
        """What the file holds for the widget as it is (None: left out)."""
        shown = self._shown()
        if self._is_unset(shown):
            return None
        if isinstance(self.widget, QCheckBox):
            return shown
        if isinstance(self.widget, QComboBox):
            return self.spec.kind(shown)
        scaled = shown * self.unit if self.unit >= 1 else shown / round(1 / self.unit)
        return int(scaled) if self.spec.kind is int else float(scaled)

    def show(self, document: ScenarioDocument, task: str) -> None:
        """Show the document's value: the file's, else the page's fallback, else the field table's default, else
        unset."""
        value = lookup(document, self.path)
        if value is None and self.fallback is not None:
            value = self.fallback(task)
        if value is None:
            value = self.spec.file_default
        widget = self.widget
        if isinstance(widget, QCheckBox):
            widget.setChecked(bool(value))
        elif isinstance(widget, QComboBox):
            index = -1 if value is None else next(
                (i for i in range(widget.count()) if widget.itemData(i) != self.unset
                 and self.spec.kind(widget.itemData(i)) == self.spec.kind(value)), -1)
            widget.setCurrentIndex(index if index >= 0 else widget.findData(self.unset))
        elif isinstance(widget, QSpinBox):
            widget.setValue(int(self._shown_number(value)))  # what Qt did with a float: truncated
        elif isinstance(widget, QDoubleSpinBox):
            widget.setValue(self._shown_number(value))

    def _shown_number(self, value: object) -> float:
        """A spin box's number for the file's value: `unset` for none, else the value in shown units."""
        number = self.unset if value is None else value
        if not isinstance(number, int | float):
            raise TypeError(f"{self.path}: {number!r} is not a number")
        if value is None:
            return number
        return number / self.unit if self.unit >= 1 else number * round(1 / self.unit)


def lookup(document: ScenarioDocument, path: str) -> object | None:
    """The value at a dotted path of a scenario document (None where it has none)."""
    node: Any = document
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node
