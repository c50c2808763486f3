"""What the wizard's pages share: field ranges from the table, the page ids, and the document File → New shows."""

from __future__ import annotations

from enum import IntEnum

from PySide6.QtCore import QCoreApplication, QLocale

from gpuplanner.core.scenario.fields import field
from gpuplanner.core.scenario.scenario import ScenarioDocument, new_scenario
from gpuplanner.core.serving.engines import HF_GENERATE, engine_profile


def limits(path: str, scale: float = 1.0, *, low: float | None = None, high: float | None = None,
           initial: float | None = None) -> tuple[float, float, float]:
    """A number box's range and first value from the scenario field table (core/scenario/fields.py), in the box's unit
    (`scale`: 1e9 for a field in billions, 0.01 for one in percent). `low` replaces an exclusive minimum (or a 0 that
    means "none"); `high` caps what a spin box can hold; the first value is the field's documented default, 0 ("not
    set", "automatic") where the planner decides, or `initial`. Loading a document sets the value again."""
    spec = field(path)
    minimum = low if low is not None else (spec.minimum or 0.0) / scale
    maximum = (spec.maximum or 0.0) / scale if high is None else min(high, (spec.maximum or high) / scale)
    value = initial if initial is not None else 0.0 if spec.file_default is None else spec.default_number() / scale
    return minimum, maximum, value


# Tokens a fine-tuning task starts from in the wizard, in billions: a planning default for a fine-tuning set (a
# pretraining run's 2T tokens made a LoRA of 3,737 days); the user's own figure replaces it.
FINE_TUNING_TOKENS_B = 1.0


def task_tokens_b(task: str) -> float:
    """The tokens, in billions, the wizard gives a task it is switched to."""
    pretraining = field("training.tokens").default_number()
    return pretraining / 1e9 if task == "pretrain" else FINE_TUNING_TOKENS_B


# The deadline the app's first screen plans to: without one the cheapest plan for the default pretraining run was
# 4 RTX 5090 for 3,392 days.
NEW_DOCUMENT_DEADLINE_DAYS = 30.0


def new_document() -> ScenarioDocument:
    """What File → New shows: the default model, every page at the field table's defaults (the task's too), a
    30-day deadline, priced in CNY when the interface is Chinese."""
    currency = "CNY" if QLocale().territory() == QLocale.Country.China else "USD"
    return {"model": new_scenario()["model"],
            "constraints": {"currency": currency, "deadline_days": NEW_DOCUMENT_DEADLINE_DAYS}}


def merged(base: ScenarioDocument, over: ScenarioDocument) -> ScenarioDocument:
    """`base` with `over` laid on top, nested objects merged key by key (neither argument is changed)."""
    out = dict(base)
    for key, value in over.items():
        out[key] = merged(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) else value
    return out


def engine_label(name: str) -> str:
    """How the wizard lists an engine: its product name, which reads the same in every language, except Hugging Face
    generate, the library itself rather than a serving engine, which says so in the reader's language."""
    if name == HF_GENERATE:
        return QCoreApplication.translate("EngineLabel", "Hugging Face generate (no engine)")
    return engine_profile(name).name


class PageId(IntEnum):
    TASK = 0
    MODEL = 1
    PRECISION = 2
    DEPLOYMENT = 3
    BUDGET = 4
    ASSUMPTIONS = 5
    RL = 6  # shown after the model page, for task rl only (ModelPage.nextId)

