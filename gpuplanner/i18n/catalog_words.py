"""A catalog row's power supplies and price source as the app, the plan details and the spec sheet show them: the
structured facts (supply count × rating, input voltage, redundancy; a price from the user's own quote and the rate it
was converted at) worded by the app in the user's language, and the source's own text kept verbatim, labelled as the
source's words. A reader in Chinese then reads the app in Chinese and can still check a citation as it was written."""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication, QLocale

from gpuplanner.core.cost.cost import QUOTE_PREFIX
from gpuplanner.i18n.placeholders import fill

# An input voltage range as datasheets write it: "200-240 V", "200–240 V", "200 to 240 V" (or one value, "277 V").
_VOLTS = re.compile(r"(?<![\d.])(\d{3})\s*(?:-|–|to)\s*(\d{3})\s*V\b|(?<![\d.,])(\d{3})\s*V(?:AC)?\b")
# A CNY figure and its rate as the catalog keeps them beside a USD price (catalog.quotes.cny_price_note).
_CNY = r"([\d,]+(?:\.\d+)?) CNY at (\d+(?:\.\d+)?) CNY/USD"
# The user's own quote as catalog.quotes.quoted_row writes its source: "your quote of DATE[; CNY note][: note]".
# A plan's server price names its server first ("MODEL: your quote of ...", options.node_for).
_QUOTE = re.compile(rf"(?:([^:]*?): )?{re.escape(QUOTE_PREFIX)} of (\S+?)(?:; {_CNY})?(?:: (.*))?", re.DOTALL)
# A price typed in CNY in the entry dialog: its source followed by "(CNY note[; CNY note])".
_TYPED_CNY = re.compile(rf"(.*?)\s*\(({_CNY}(?:; {_CNY})*)\)", re.DOTALL)


def tr(text: str) -> str:
    return QCoreApplication.translate("", text)  # module-level: lupdate files these under the empty context


def _watts(value: float) -> str:
    return QLocale().toString(float(value), "f", 0)


def supply_input_volts(text: str) -> str:
    """The input voltage a power-supply description states ("6x 3000 W @ 200-240 V" -> "200–240 V"); "" when none."""
    found = _VOLTS.search(text)
    if found is None:
        return ""
    low, high, single = found.groups()
    return f"{low}–{high} V" if low else f"{single} V"


def supply_words(count: int | None, watts: float | None, redundancy: str, text: str = "") -> str:
    """A server's power supplies in the user's language from the catalog's structured columns (psu_count, psu_w,
    psu_redundancy), with the input voltage its description states; "" when the columns give neither count nor
    rating (the description is then all there is: show it as the source's words)."""
    if count and watts:
        parts = [fill(tr("%1 × %2 W"), count, _watts(watts))]
    elif watts:
        parts = [fill(tr("%1 W supplies, count not given"), _watts(watts))]
    elif count:
        parts = [fill(tr("%1 supplies, rating not given"), count)]
    else:
        return ""
    if volts := supply_input_volts(text):
        parts.append(volts)
    if re.fullmatch(r"\d+\s*\+\s*0", redundancy.strip()):  # "1+0": every supply carries load, none spare
        parts.append(tr("no redundant supply"))
    elif redundancy.strip():  # "5+1 or 3+3": the schemes a server may be ordered with
        schemes = re.split(r"\s+or\s+", redundancy.strip())
        parts.append(fill(tr("%1 redundant"), tr(" or ").join(schemes)))
    return tr(", ").join(parts)


def source_words(text: str) -> str:
    """A source's own text, kept as written and labelled as its words in the user's language."""
    return fill(tr("the source's words: “%1”"), text.strip())


def supply_cell(count: int | None, watts: float | None, redundancy: str, text: str) -> str:
    """A server's supplies as a table cell shows them: the app's words, or the source's labelled where the structured
    columns are empty; "" when the row says nothing of its supplies."""
    return supply_words(count, watts, redundancy, text) or (source_words(text) if text.strip() else "")


def _cny_words(amount: str, rate: str) -> str:
    return fill(tr("listed at %1 CNY, converted at %2 CNY per USD"), amount, rate)


def price_source_words(source: str) -> str:
    """A price's source in the user's language: the user's own quote (its date, the CNY figure and rate it was
    converted at, and the note the user wrote, as written) in the app's words; a catalog citation as the source's
    words, with any CNY figure the entry dialog added worded by the app. "" for no source."""
    text = source.strip()
    if not text:
        return ""
    if text == "n/a":  # what a message writes where its price names no source
        return tr("n/a")
    quote = _QUOTE.fullmatch(text)
    if quote is not None:
        server, date, amount, rate, note = quote.groups()
        words = (server + tr(": ") if server else "") + fill(tr("your quote of %1"), date)
        if amount:
            words += tr("; ") + _cny_words(amount, rate)
        return words + (tr(": ") + note.strip() if note and note.strip() else "")
    typed = _TYPED_CNY.fullmatch(text)
    if typed is not None:
        figures = re.findall(_CNY, typed.group(2))
        cny = tr("; ").join(_cny_words(amount, rate) for amount, rate in figures)
        return (source_words(typed.group(1)) + tr("; ") + cny) if typed.group(1).strip() else cny
    return source_words(text)

