"""Vendor quotes: a CSV of `item, unit_price, currency, date, note` that replaces catalog prices in the user's own
overrides (the bundled catalog is never written). Every line is checked before anything is stored, and the rows
are stored in one transaction: a bad line changes nothing. A quoted price says so wherever a plan uses it."""

from __future__ import annotations

import csv
import datetime as _dt
import io
import math

from gpuplanner.catalog.store import Catalog, Row
from gpuplanner.core.cost import QUOTE_PREFIX
from gpuplanner.core.errors import InputError
from gpuplanner.core.records import record

QUOTE_COLUMNS = ("item", "unit_price", "currency", "date", "note")
QUOTE_TABLES = ("gpus", "servers", "cloud_instances")  # what a quote can price
MAX_QUOTE_LINES = 10_000


@record
class Quote:
    line: int
    table: str
    item: str
    unit_price: float
    currency: str
    date: str
    note: str


def _field(line: int, column: str) -> str:
    return f"quote line {line}, {column}"


def read_quotes(text: str, catalog: Catalog) -> list[Quote]:
    """Parse and check a quote CSV against the catalog; raises InputError naming the line and the column."""
    reader = csv.DictReader(io.StringIO(text))
    if reader.fieldnames is None or [name.strip().lower() for name in reader.fieldnames] != list(QUOTE_COLUMNS):
        raise InputError("quote header", "must be {columns}", columns=",".join(QUOTE_COLUMNS))
    ids = {table: {str(row["id"]) for row in catalog.rows(table)} for table in QUOTE_TABLES}
    quotes = []
    for line, raw in enumerate(reader, start=2):
        if line > MAX_QUOTE_LINES:
            raise InputError("quote", "has more than {most} lines", most=MAX_QUOTE_LINES)
        values = {key.strip().lower(): (value or "").strip() for key, value in raw.items() if key is not None}
        item = values["item"]
        table, _, name = item.partition(":") if ":" in item else ("", "", item)
        found = [t for t in QUOTE_TABLES if (not table or t == table) and name in ids[t]]
        if not found:
            raise InputError(_field(line, "item"), "{item!r} is no GPU, server or cloud instance id in the catalog",
                             item=item)
        if len(found) > 1:
            raise InputError(_field(line, "item"), "{item!r} names more than one row; write it as TABLE:ID",
                             item=item)
        try:
            price = float(values["unit_price"].replace(",", ""))
        except ValueError:
            raise InputError(_field(line, "unit_price"), "expects a number, got {text!r}",
                             text=values["unit_price"]) from None
        if not math.isfinite(price) or price <= 0 or price > 1e9:
            raise InputError(_field(line, "unit_price"), "must be above 0 and at most 1e9")
        currency = values["currency"].upper()
        if currency not in ("USD", "CNY"):
            raise InputError(_field(line, "currency"), "must be USD or CNY")
        try:
            date = _dt.date.fromisoformat(values["date"]).isoformat()
        except ValueError:
            raise InputError(_field(line, "date"), "expects a date as YYYY-MM-DD, got {text!r}",
                             text=values["date"]) from None
        quotes.append(Quote(line, found[0], name, price, currency, date, values["note"][:200]))
    if not quotes:
        raise InputError("quote", "has no lines after the header")
    return quotes


def cny_price_note(amount_cny: float, usd_to_cny: float) -> str:
    """How a price given in CNY was turned into the USD the catalog keeps (it names the original and the rate)."""
    return f"{amount_cny:,.2f} CNY at {usd_to_cny:g} CNY/USD"


def quoted_row(row: Row, quote: Quote, usd_to_cny: float) -> Row:
    """The catalog row with the quote's price (in USD, as the catalog keeps prices) and its source."""
    usd = quote.unit_price if quote.currency == "USD" else quote.unit_price / usd_to_cny
    original = "" if quote.currency == "USD" else "; " + cny_price_note(quote.unit_price, usd_to_cny)
    source = f"{QUOTE_PREFIX} of {quote.date}{original}" + (f": {quote.note}" if quote.note else "")
    values = {key: value for key, value in row.items() if key != "origin"}
    # The price is the user's own: dated by the quote, with no catalog confidence (the plan says it is theirs).
    if quote.table == "gpus":
        values.update(price_usd_low=usd, price_usd_high=usd, price_source=source, price_date=quote.date,
                      price_confidence=None)
    elif quote.table == "servers":
        values.update(price_usd=usd, price_source=source, price_date=quote.date, price_confidence=None)
    else:
        values.update(on_demand_per_hour=usd, currency="USD", price_date=quote.date, confidence=None,
                      source=f"{values.get('source') or ''}; price: {source}".lstrip("; "))
    return values


def import_quotes(text: str, catalog: Catalog, usd_to_cny: float) -> list[Quote]:
    """Check every line, then store every quoted row in the user's overrides in one transaction."""
    if not (0 < usd_to_cny < 1000):
        raise InputError("usd_to_cny", "must be above 0 and below 1000")
    quotes = read_quotes(text, catalog)
    rows = [(quote.table, quoted_row(catalog.row(quote.table, quote.item), quote, usd_to_cny)) for quote in quotes]
    catalog.save_user_rows(rows)
    return quotes
