"""Vendor quotes: a CSV of `item, unit_price, currency, date, note` that replaces catalog prices in the user's own
overrides (the bundled catalog is never written).

A quote is read as written or refused: every line is checked first, and a line that cannot be read exactly (a `"`
left open, a number in another notation than the file's, a control character, a field over 200 characters, an item
twice, a date after today or over ten years old) is a bad line that names its line and column. The command line
refuses a file with any bad line; the app lists the bad lines beside what the good ones change and applies the good
ones on request. The good rows are stored in one transaction. A quoted price says so wherever a plan uses it.

Numbers are written with a decimal point (`1234.5`, `1,234.5`) unless the file's first line is `# decimal: comma`
(`1234,5`, `1.234,5`, `1 234,5`)."""

from __future__ import annotations

import datetime as _dt
import math
import re
from collections.abc import Callable

from gpuplanner.catalog.store import Catalog, Row
from gpuplanner.core.base.errors import CancelledError, InputError
from gpuplanner.core.base.messages import Message, msg
from gpuplanner.core.base.records import record
from gpuplanner.core.cost.cost import QUOTE_PREFIX

QUOTE_COLUMNS = ("item", "unit_price", "currency", "date", "note")
ITEM, PRICE, CURRENCY, DATE = range(1, 5)  # column numbers, as an error names them
QUOTE_TABLES = ("gpus", "servers", "cloud_instances")  # what a quote can price
MAX_QUOTE_LINES = 10_000
MAX_FIELD_CHARS = 200  # the longest field read (a note); longer is refused, never cut
MAX_PRICE = 1e9
OLDEST_QUOTE_YEARS = 10  # a quote dated earlier prices hardware of another generation: the date is a typo
# CNY per USD has stayed between 1.5 and 8.7 since 1980 (IMF International Financial Statistics); a rate outside
# 1 to 20 is a typo, and a CNY price is divided by it.
USD_TO_CNY_RANGE = (1.0, 20.0)
PROGRESS_EVERY = 500  # lines read between progress reports

# Line breaks end a line wherever they are: a field never spans lines, so a `"` left open cannot swallow the next.
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_DIRECTIVE = re.compile(r"#\s*decimal\s*:\s*(comma|point)", re.IGNORECASE)
# Control and invisible formatting characters (C0, DEL, C1, bidi marks and overrides, line/paragraph separators, a
# byte-order mark inside the text): none belongs in a quote, and each can hide or reorder what a reader sees.
CONTROL_CHARACTERS = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]")
# A number in each notation: digits with an optional decimal part, or grouped by thousands (every group 3 digits).
_NUMBER = {
    "point": re.compile(r"-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|-?\.\d+"),
    "comma": re.compile(r"-?(?:\d{1,3}(?P<group>[. \u00a0\u202f])\d{3}(?:(?P=group)\d{3})*|\d+)(?:,\d+)?|-?,\d+"),
}
_GROUPING = {"point": str.maketrans("", "", ","),  # drop the grouping commas
             "comma": str.maketrans(",", ".", ". \u00a0\u202f")}  # the decimal comma to a point; drop the groups


@record
class Quote:
    line: int
    table: str
    item: str
    unit_price: float
    currency: str
    date: str
    note: str


@record
class QuoteChange:
    """What one good line changes: the catalog's row it prices, its price before (in its currency, None when it
    has none) and the quoted price in USD, as the catalog keeps it."""
    quote: Quote
    row: Row
    old_price: float | None
    old_currency: str
    old_date: str
    new_usd: float


@record
class BadLine:
    """A line that is refused, where (column 0: the line as a whole) and why."""
    line: int
    column: int
    problem: Message

    def error(self) -> InputError:
        """The one line that names it, as an input error of the quote."""
        if not self.column:
            return InputError("quote", "line {line}: {problem}", line=self.line, problem=self.problem)
        return InputError("quote", "line {line}, column {column} ({name}): {problem}", line=self.line,
                          column=self.column, name=QUOTE_COLUMNS[self.column - 1], problem=self.problem)


@record
class QuoteReading:
    """A quote as read: the changes its good lines make and its bad lines, each in the file's order."""
    changes: tuple[QuoteChange, ...]
    bad: tuple[BadLine, ...]
    usd_to_cny: float


class _LineError(Exception):
    """Why a line is refused: the column at fault (0: the line as a whole) and the reason."""

    def __init__(self, column: int, problem: Message) -> None:
        super().__init__(str(problem))
        self.column, self.problem = column, problem


def check_usd_to_cny(rate: float) -> None:
    """The rate a CNY line is converted at: a finite number in USD_TO_CNY_RANGE."""
    low, high = USD_TO_CNY_RANGE
    if not (math.isfinite(rate) and low <= rate <= high):
        raise InputError("usd_to_cny", "must be between {low:g} and {high:g} CNY per USD, got {rate:g}: CNY prices are "
                                       "divided by it, and every rate since 1980 lies within", low=low, high=high,
                         rate=rate)


def split_line(line: str) -> list[str]:
    """The fields of one CSV line (RFC 4180 within the line: a field in `"` may hold commas and `""` for a `"`);
    raises _LineError naming the field that is not closed or not well formed."""
    if '"' not in line:
        return line.split(",")
    fields: list[str] = []
    at, end = 0, len(line)
    while True:
        opening = at + len(line[at:]) - len(line[at:].lstrip(" "))
        if opening < end and line[opening] == '"':
            parts, at = [], opening + 1
            while True:
                close = line.find('"', at)
                if close < 0:
                    raise _LineError(len(fields) + 1, msg('the " that opens this field is not closed on its line'))
                parts.append(line[at:close])
                if line.startswith('"', close + 1):  # "" is one "
                    parts.append('"')
                    at = close + 2
                    continue
                at = close + 1
                break
            fields.append("".join(parts))
            rest = len(line[at:]) - len(line[at:].lstrip(" "))
            at += rest
            if at == end:
                return fields
            if line[at] != ",":
                raise _LineError(len(fields), msg('text follows the " that closes this field'))
            at += 1
            continue
        comma = line.find(",", at)
        field = line[at:] if comma < 0 else line[at:comma]
        if '"' in field:
            raise _LineError(len(fields) + 1, msg('holds a " outside quotes: put the field in quotes and write each " '
                                            'twice'))
        fields.append(field)
        if comma < 0:
            return fields
        at = comma + 1


def parse_price(text: str, decimal: str) -> float:
    """A price written in the file's notation ("point": 1,234.5; "comma": 1.234,5); ValueError for anything else,
    1,5 and 25.000,50 in a decimal-point file included."""
    if not _NUMBER[decimal].fullmatch(text):
        raise ValueError(text)
    return float(text.translate(_GROUPING[decimal]))


def _price(text: str, decimal: str) -> float:
    try:
        price = parse_price(text, decimal)
    except ValueError:
        if decimal == "comma":
            raise _LineError(PRICE, msg("{text!r} is not a number as this file writes them (1.234,5, as its first "
                                        "line says)", text=text)) from None
        raise _LineError(PRICE, msg("{text!r} is not a number with a decimal point (1,234.5); a file that writes "
                                    "1.234,5 starts with the line # decimal: comma", text=text)) from None
    if not 0 < price <= MAX_PRICE:
        raise _LineError(PRICE, msg("must be above 0 and at most {most:g}", most=MAX_PRICE))
    return price


def _date(text: str, today: _dt.date) -> str:
    try:
        day = _dt.date.fromisoformat(text) if _ISO_DAY.fullmatch(text) else None
    except ValueError:  # 2026-02-30
        day = None
    if day is None:
        raise _LineError(DATE, msg("expects a date as YYYY-MM-DD, got {text!r}", text=text))
    if day > today:
        raise _LineError(DATE, msg("{date} is after today ({today}): a quote is dated the day it was given", date=text,
                          today=today.isoformat()))
    oldest = oldest_quote_day(today)
    if day < oldest:
        raise _LineError(DATE, msg("{date} is before {oldest}, over {years} years ago: check the date", date=text,
                          oldest=oldest.isoformat(), years=OLDEST_QUOTE_YEARS))
    return text


def oldest_quote_day(today: _dt.date) -> _dt.date:
    """The earliest date a quote may carry: OLDEST_QUOTE_YEARS before today (28 February for a 29th)."""
    return today.replace(year=today.year - OLDEST_QUOTE_YEARS, day=min(today.day, 28) if today.month == 2
                         else today.day)


def _old_price(table: str, row: Row) -> tuple[float | None, str]:
    """The price a quote replaces, in the currency the catalog gives it."""
    column = {"gpus": "price_usd_low", "servers": "price_usd", "cloud_instances": "on_demand_per_hour"}[table]
    value = row.get(column)
    currency = str(row.get("currency") or "USD") if table == "cloud_instances" else "USD"
    return (None if value is None else float(value)), currency


def _directive(lines: list[str]) -> tuple[str, int]:
    """The file's decimal notation and the index of its first line after a directive."""
    first = lines[0].strip() if lines else ""
    if not first.startswith("#"):
        return "point", 0
    found = _DIRECTIVE.fullmatch(first)
    if found is None:
        raise InputError("quote", "line 1: {text!r} is not a line this version reads; a first line starting with # "
                                  "says the file's decimals: # decimal: comma or # decimal: point",
                         text=first[:60])
    return found.group(1).lower(), 1


def read_quote(text: str, catalog: Catalog, usd_to_cny: float, today: _dt.date | None = None,
               progress: Callable[[int, int], bool] | None = None) -> QuoteReading:
    """Read a quote CSV against the catalog: what each good line changes and why each bad line is refused.
    A file that is no quote at all (its header, no line, too many) raises InputError; `progress(done, total)`
    returning False stops the reading (CancelledError)."""
    check_usd_to_cny(usd_to_cny)
    today = today or _dt.date.today()
    lines = _LINE_BREAK.split(text)
    if lines and not lines[-1]:
        lines.pop()  # the final line break
    decimal, start = _directive(lines)
    while start < len(lines) and not lines[start].strip():
        start += 1
    if len(lines) > MAX_QUOTE_LINES:
        raise InputError("quote", "has {count:,} lines; at most {most:,} are read", count=len(lines),
                         most=MAX_QUOTE_LINES)
    try:
        header = [name.strip().lower() for name in split_line(lines[start])] if start < len(lines) else []
    except _LineError:
        header = []
    if header != list(QUOTE_COLUMNS):
        raise InputError("quote", "line {line}: the header must be {columns}", line=start + 1,
                         columns=",".join(QUOTE_COLUMNS))
    rows = {table: {str(row["id"]): row for row in catalog.rows(table)} for table in QUOTE_TABLES}
    changes: list[QuoteChange] = []
    bad: dict[int, BadLine] = {}
    first_line: dict[tuple[str, str], int] = {}
    total = len(lines)
    for index in range(start + 1, total):
        if progress is not None and index % PROGRESS_EVERY == 0 and not progress(index, total):
            raise CancelledError()
        line = lines[index]
        if not line.strip():
            continue
        number = index + 1
        try:
            quote = _read_line(number, line, rows, decimal, today)
        except _LineError as exc:
            bad[number] = BadLine(number, exc.column, exc.problem)
            continue
        key = (quote.table, quote.item)
        if key in first_line:  # which of two prices is meant cannot be told: both lines are refused
            earlier = first_line[key]
            twice = msg("{item} is quoted on line {first} and on line {second}: give each item once",
                        item=quote.item, first=earlier, second=number)
            bad[earlier] = BadLine(earlier, ITEM, twice)
            bad[number] = BadLine(number, ITEM, twice)
            continue
        first_line[key] = number
        row = rows[quote.table][quote.item]
        old, currency = _old_price(quote.table, row)
        usd = quote.unit_price if quote.currency == "USD" else quote.unit_price / usd_to_cny
        changes.append(QuoteChange(quote, row, old, currency, str(row.get("price_date") or ""), usd))
    if not changes and not bad:
        raise InputError("quote", "has no lines after the header")
    return QuoteReading(tuple(change for change in changes if change.quote.line not in bad),
                        tuple(bad[line] for line in sorted(bad)), usd_to_cny)


def _read_line(number: int, line: str, rows: dict[str, dict[str, Row]], decimal: str, today: _dt.date) -> Quote:
    """One data line as a quote; raises _LineError naming the column at fault."""
    fields = split_line(line)
    # Each field is searched only when the line holds a control character or is long enough to hold a long field.
    suspect = CONTROL_CHARACTERS.search(line) is not None or len(line) > MAX_FIELD_CHARS
    for column, value in enumerate(fields if suspect else (), start=1):
        control = CONTROL_CHARACTERS.search(value)
        if control is not None and column <= len(QUOTE_COLUMNS):
            raise _LineError(column, msg("holds the control character U+{code:04X} at character {at}; a quote "
                                         "holds printable text only", code=ord(control.group()),
                                         at=control.start() + 1))
        if len(value) > MAX_FIELD_CHARS and column <= len(QUOTE_COLUMNS):
            raise _LineError(column, msg("is {length:,} characters long; a field holds at most {most}",
                                         length=len(value), most=MAX_FIELD_CHARS))
    if len(fields) not in (len(QUOTE_COLUMNS) - 1, len(QUOTE_COLUMNS)):
        raise _LineError(0, msg("has {count} fields, not 5 (item, unit_price, currency, date, note); a note with a "
                                "comma goes in quotes", count=len(fields)))
    item, price_text, currency, date, note = [value.strip() for value in fields] + [""] * (5 - len(fields))
    table, _, name = item.partition(":") if ":" in item else ("", "", item)
    found = [t for t in QUOTE_TABLES if (not table or t == table) and name in rows[t]]
    if not found:
        raise _LineError(ITEM, msg("{item!r} is no GPU, server or cloud instance id in the catalog", item=item))
    if len(found) > 1:
        raise _LineError(ITEM, msg("{item!r} names more than one row; write it as TABLE:ID", item=item))
    price = _price(price_text, decimal)
    currency = currency.upper()
    if currency not in ("USD", "CNY"):
        raise _LineError(CURRENCY, msg("must be USD or CNY"))
    return Quote(number, found[0], name, price, currency, _date(date, today), note)


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


def apply_quote(reading: QuoteReading, catalog: Catalog,
                progress: Callable[[int, int], bool] | None = None) -> list[Quote]:
    """Store what the good lines change in the user's overrides, in one transaction (all of them or none);
    `progress(done, total)` returning False rolls it back (CancelledError)."""
    catalog.save_user_rows([(change.quote.table, quoted_row(change.row, change.quote, reading.usd_to_cny))
                            for change in reading.changes], progress=progress)
    return [change.quote for change in reading.changes]


def import_quotes(text: str, catalog: Catalog, usd_to_cny: float, today: _dt.date | None = None) -> list[Quote]:
    """All lines or none: a quote with a bad line raises the first one's InputError and stores nothing."""
    reading = read_quote(text, catalog, usd_to_cny, today)
    if reading.bad:
        raise reading.bad[0].error()
    return apply_quote(reading, catalog)
