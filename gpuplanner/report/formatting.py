"""Numbers and money as the app, the plan details and the spec sheet show them: in the user's locale, with
"n/a" (translated) for an unknown value."""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication, QLocale

from gpuplanner.core.base.messages import Message
from gpuplanner.core.cost.cost import currency_symbol, price_date_words
from gpuplanner.core.models.model import ModelArch
from gpuplanner.core.results.results import Plan
from gpuplanner.core.training.workload import Layout
from gpuplanner.i18n import fill
from gpuplanner.i18n.catalog_words import price_source_words
from gpuplanner.i18n.layout_words import layout_text, training_layout_text
from gpuplanner.i18n.messages import term, translated


def plan_layout(plan: Plan) -> str:
    """The plan's parallel layout in the current language (i18n.layout_words: training and serving worded apart)."""
    return layout_text(plan.estimate, _translate)


def training_layout(layout: Layout, images: bool = False) -> str:
    """A training layout (a runner-up's) in the current language; `images`: an image model's."""
    return training_layout_text(layout, _translate, images)


def _translate(context: str, text: str) -> str:
    return QCoreApplication.translate(context, text)


def knob_words() -> dict[str, str]:
    """The layout knobs a software stack fixes or the search sets, in words of the current language."""
    translate = QCoreApplication.translate
    return {"tp": translate("Formatting", "Tensor-parallel degree"), "pp": translate("Formatting", "Pipeline stages"),
            "zero": translate("Formatting", "ZeRO stages"), "dp": translate("Formatting", "Data-parallel degree"),
            "cp": translate("Formatting", "Context-parallel degree"),
            "ep": translate("Formatting", "Expert-parallel degree"),
            "micro_batch": translate("Formatting", "Micro-batch"),
            "recompute": translate("Formatting", "Recompute"),
            "recompute_layers": translate("Formatting", "Layers recomputed"),
            "sequence_parallel": translate("Formatting", "Sequence parallelism"),
            "virtual_stages": translate("Formatting", "Interleaved pipeline stages")}


def stack_profile_text(name: str) -> str:
    """A software stack profile's name; the default ("modern", no stack chosen) in words."""
    return QCoreApplication.translate("Formatting", "best of the modern stacks (none chosen)") if name == "modern" \
        else name


def not_available() -> str:
    return QCoreApplication.translate("", "n/a")


def number(value: float | None, decimals: int = 1) -> str:
    return not_available() if value is None else QLocale().toString(float(value), "f", decimals)


def expected_count(value: float | None) -> str:
    """An expected count (interruptions over a run) to 3 significant figures, as the CLI's report prints it: 0.0869
    stays 0.0869, where whole numbers would say 0 of an event the run can expect; 1,000 and more in whole numbers."""
    if value is None:
        return not_available()
    return number(value, 0) if abs(value) >= 1000 else QLocale().toString(float(value), "g", 3)


LABELLED_MANTISSAS = (1, 2, 5)  # a log axis labels 1, 2 and 5 of each decade; the other ticks stay unlabelled

# How a large count is abbreviated: thousands, millions, billions, trillions in English; 万 (1e4), 亿 (1e8) and
# 万亿 (1e12) in Chinese, which groups by four digits.
MAGNITUDES = {"en": ((1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "k")),
              "zh": ((1e12, "万亿"), (1e8, "亿"), (1e4, "万"))}


MAGNITUDE_WORDS = {"en": ((1e12, " trillion"), (1e9, " billion"), (1e6, " million")),
                   "zh": ((1e12, " 万亿"), (1e8, " 亿"), (1e4, " 万"))}


def _language() -> str:
    """The current language's key (QLocale's default, set with the translations)."""
    return "zh" if QLocale().language() == QLocale.Language.Chinese else "en"


def magnitudes() -> tuple[tuple[float, str], ...]:
    return MAGNITUDES[_language()]


def count_words(value: float) -> str:
    """A large count in words of the current language: 2e12 is "2.0 trillion" in English and "2 万亿" in
    Chinese, 2e11 "200.0 billion" / "2000 亿"."""
    language = _language()
    for size, word in MAGNITUDE_WORDS[language]:
        if value >= size * (1 - 1e-9):
            return f"{value / size:.1f}{word}" if language == "en" else f"{value / size:.4g}{word}"
    return f"{value:,.0f}"


def count_text(value: float) -> str:
    """A large count as read in the current language: 2e12 is "2T" in English and "2万亿" in Chinese, 2e11
    "200B" / "2000亿" (three significant digits)."""
    for size, suffix in magnitudes():
        if value >= size * (1 - 1e-9):
            scaled = value / size  # up to 9,999 of a Chinese unit: "5000万", never "5e+03万"
            return f"{scaled:.3g}{suffix}" if scaled < 1000 else f"{scaled:.0f}{suffix}"
    return f"{value:.3g}" if value < 1000 else f"{value:.0f}"  # 1000 in Chinese (below 万), never "1e+03"


def log_tick_label(value: float, every: bool = False) -> str:
    """A log-axis tick as a reader reads it ("200k", "1M", "20", "0.5"), or "" between the 1-2-5 ticks, where
    labels would crowd (9, 8, 7 and 6 sit within a fifth of a decade of each other); `every`: label it anyway."""
    if value <= 0:
        return ""
    exponent = math.floor(math.log10(value) + 1e-9)
    mantissa = value / 10.0 ** exponent
    if not every and min(abs(mantissa - m) for m in LABELLED_MANTISSAS) > 1e-6 * mantissa:
        return ""
    return count_text(value)


def log_tick_labels(values: list[float]) -> list[str]:
    """Labels for a log axis's ticks: the 1-2-5 ones, or every one where that would leave fewer than two."""
    labels = [log_tick_label(v) for v in values]
    return labels if sum(1 for label in labels if label) >= 2 else [log_tick_label(v, every=True) for v in values]


def precision_text(plan: Plan) -> str:
    """The precision the estimate used, and what was asked for when it fell back (e.g. "BF16 (FP8 requested)")."""
    used = plan.estimate.precision.upper()
    requested = plan.estimate.precision_requested.upper()
    if requested != used:
        return fill(QCoreApplication.translate("Formatting", "%1 (%2 requested)"), used, requested)
    return used or not_available()


def confidence_text(confidence: str) -> str:
    """A catalog confidence code as words ("vendor datasheet"), "n/a" where none is given."""
    return term(confidence) if confidence else not_available()


def price_basis_text(plan: Plan) -> str:
    """How far the price a plan is costed by can be trusted, and when it held ("vendor document, 2025-06")."""
    confidence, date = plan.price_basis
    return fill(QCoreApplication.translate("Formatting", "%1, %2"), confidence_text(confidence),
                translated(price_date_words(date)))


def purchase_price_source(plan: Plan) -> str:
    """Where the purchase price a plan is costed by comes from, as the details and the sheet show it
    (i18n.catalog_words.price_source_words); "" where the plan is rented, unpriced, or priced by a planning default
    (a translated message, which its cost note already words)."""
    source = plan.cost.node_price_source
    if not plan.owned or not source or isinstance(source, Message):
        return ""
    server, colon, citation = source.partition(": ")  # options.node_for writes "MODEL: price_source"
    return price_source_words(citation if colon and server and server in str(plan.site.node) else source)


def currency_name(currency: str) -> str:
    """A currency as a header, an axis or a note names it in the user's language (人民币 / 美元 in Chinese)."""
    names = {"CNY": QCoreApplication.translate("CatalogTableModel", "CNY"),
             "USD": QCoreApplication.translate("CatalogTableModel", "USD")}
    return names.get(currency, currency)


def money(value: float | None, currency: str, decimals: int = 0) -> str:
    """Whole units for prices and totals; `decimals=2` for small unit prices (per GPU-hour, per million tokens)."""
    return not_available() if value is None else currency_symbol(currency) + number(value, decimals)


def model_summary(model: ModelArch) -> str:
    """A preset's architecture in a few lines, as the model page shows it under the preset's name: widths, heads,
    experts, attention variant, parameter count."""
    def whole(value: float) -> str:
        return QLocale().toString(int(value))

    lines = [fill(QCoreApplication.translate("Formatting", "%1 layers · hidden %2 · MLP %3 · vocabulary %4"),
                  whole(model.layers), whole(model.hidden), whole(model.ffn_hidden), whole(model.vocab))]
    if model.is_mla:
        lines.append(fill(QCoreApplication.translate(
            "Formatting", "%1 heads of %2 · latent attention (MLA): K and V cached as %3 + %4 values"),
            whole(model.heads), whole(model.qk_head_dim), whole(model.kv_lora_rank), whole(model.rope_head_dim)))
    else:
        lines.append(fill(QCoreApplication.translate("Formatting", "%1 heads of %2 · %3 KV heads"),
                          whole(model.heads), whole(model.qk_head_dim), whole(model.kv_heads)))
    if model.is_moe:
        experts = fill(QCoreApplication.translate("Formatting", "%1 experts, %2 per token"), whole(model.experts),
                       whole(model.experts_per_token))
        if model.shared_experts:
            experts += fill(QCoreApplication.translate("Formatting", " + %1 shared"), whole(model.shared_experts))
        if model.dense_layers:
            experts += fill(QCoreApplication.translate("Formatting", " · %1 dense layers (MLP %2)"),
                            whole(model.dense_layers), whole(model.dense_width))
        groups, chosen = model.routing_groups
        if chosen < groups:
            experts += fill(QCoreApplication.translate("Formatting", " · routed within %1 of %2 expert groups"),
                            whole(chosen), whole(groups))
        lines.append(experts)
    if model.sliding_window is not None and model.sliding_layers:
        lines.append(fill(QCoreApplication.translate("Formatting", "sliding window of %1 tokens on %2 of %3 layers"),
                          whole(model.sliding_window), whole(model.sliding_layers), whole(model.layers)))
    billions = number(model.total_params / 1e9)
    if model.is_moe:
        lines.append(fill(QCoreApplication.translate("Formatting", "%1 B parameters, %2 B active per token"),
                          billions, number(model.active_params / 1e9)))
    else:
        lines.append(fill(QCoreApplication.translate("Formatting", "%1 B parameters"), billions))
    return "\n".join(lines)
