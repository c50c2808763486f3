"""Buy versus rent: capex, opex, cloud on-demand / reserved / spot, TCO, owned cost per GPU-hour, break-even
utilisation, payback, and cost per run or per million tokens. Prices carry their source and date; the ones
without a public source are labelled planning defaults for the user to replace."""

from __future__ import annotations

import datetime as _dt
import math
import re
from functools import lru_cache

from gpuplanner.core.base.kept import KeptByIdentity
from gpuplanner.core.base.messages import Message, msg
from gpuplanner.core.base.records import record

HOURS_PER_YEAR = 8760.0
CURRENCY_SYMBOLS = {"USD": "$", "CNY": "¥"}


@record
class CloudOfferBlock:
    provider: str
    instance: str
    region: str
    price_date: str
    source: str
    confidence: str = ""  # datasheet, vendor, secondary or estimate; "" for the user's own quote
    instances: int = 1  # how many of the instance the plan rents (whole instances)


QUOTE_PREFIX = "your quote"  # how the source of a price from the user's vendor quote begins


@record
class CostSummary:
    """Money figures in `currency`; None where a price is missing."""
    currency: str
    capex: float | None
    opex_per_year: float | None  # None where a part of it has no price to count from (maintenance, without capex)
    electricity_per_year: float | None
    it_mwh_per_year: float | None  # IT energy in a year, busy at the utilisation and idle the rest (the cost's basis)
    colocation_per_year: float | None
    maintenance_per_year: float | None
    tco: float | None
    years: float
    utilization: float
    owned_per_gpu_hour: float | None
    cloud_on_demand_per_gpu_hour: float | None
    cloud_reserved_per_gpu_hour: float | None
    cloud_spot_per_gpu_hour: float | None  # None where the provider rents no spot capacity
    cloud_reserved_estimated: bool  # from the on-demand price and a planning ratio, not a published rate
    cloud_spot_estimated: bool
    cloud_offer: CloudOfferBlock | None
    cloud_tco: float | None
    gpus_rented: int | None
    gpus_owned: int
    break_even_utilization: float | None
    payback_months: float | None
    payback_note: Message | None  # why there is no payback figure
    node_price_source: str | None
    notes: tuple[Message, ...]
    node_price_date: str | None = None  # when the purchase price held
    node_price_confidence: str | None = None  # datasheet, vendor, secondary or estimate
    run_cost_cloud_on_demand: float | None = None  # training: what the run costs
    run_cost_cloud_spot: float | None = None
    run_cost_owned: float | None = None
    run_cost_owned_with_capex: float | None = None
    per_million_tokens_cloud: float | None = None  # serving: per million output tokens
    per_million_tokens_owned: float | None = None


def currency_symbol(currency: str) -> str:
    return CURRENCY_SYMBOLS.get(currency, "")

@record
class Price:
    amount_usd: float
    source: str
    date: str = ""  # when the price held; "" or "undated ..." where the source gives no date
    sourced: bool = True  # False: a planning default the user should replace with a quote
    confidence: str = ""  # catalog.schema.CONFIDENCE_LEVELS; "" for the user's own quote
    listed_currency: str = "USD"  # what its source prices it in ("CNY + USD": GPUs quoted in CNY, a host in USD)

    @property
    def quoted(self) -> bool:
        """Priced from the user's own vendor quote (catalog/quotes.py writes the source this way)."""
        return QUOTE_PREFIX in self.source


@record
class CloudOffer:
    provider: str
    instance: str
    gpus: int
    usd_per_hour: float
    region: str
    price_date: str
    source: str
    confidence: str = ""  # catalog.schema.CONFIDENCE_LEVELS; "" for the user's own quote
    network_gbps: float | None = None  # the instance's published network bandwidth (None: not published)
    usd_reserved_per_hour: float | None = None  # a reserved rate the provider publishes (None: not published)
    usd_spot_per_hour: float | None = None  # a spot rate the provider publishes
    spot_tier: bool = True  # the provider rents spot capacity at all (Lambda: on-demand and reserved only)
    listed_currency: str = "USD"  # the currency the provider prices it in (the price is held in USD here)

    @property
    def usd_per_gpu_hour(self) -> float:
        return self.usd_per_hour / self.gpus


USD_TO_CNY_DATE = "2026-01-08"  # the day of the default exchange rate (CostAssumptions.usd_to_cny)

# Host platform (CPUs, memory, NVMe, NICs, chassis, PSUs) per node when no complete server price is in the
# catalog. No public list price was found for these classes: planning defaults, flagged in every plan.
HOST_PLATFORM_DEFAULT_USD = {"sxm8": 50_000.0, "pcie8": 20_000.0, "pcie4": 12_000.0, "workstation": 3_000.0}


@record
class CostAssumptions:
    years: float = 3.0
    utilization: float = 0.7  # share of hours the owned cluster does useful work
    currency: str = "USD"
    # CNY per USD: the China Foreign Exchange Trade System's central parity of USD_TO_CNY_DATE (7.0197, as MENAFN
    # reported it that day); the user sets their own.
    usd_to_cny: float = 7.0197
    electricity_per_kwh: float | None = None  # in `currency`; None: not priced
    pue: float = 1.3
    colocation_per_kw_month: float | None = None  # in `currency`
    colocation_per_rack_month: float | None = None  # in `currency`
    # DGX A100: 40,000 USD for 3-year support on a 199,000 USD list price = 6.7 % a year (DGX A100 user guide).
    maintenance_pct_per_year: float = 40_000.0 / 199_000.0 / 3.0 * 100.0
    # CoreWeave HGX H100: spot 19.71 vs on-demand 49.24 USD/h (pricing page, 2026-09-20) = 0.40.
    spot_price_ratio: float = 19.71 / 49.24
    # AWS p5 Capacity Block ~39.33 vs on-demand 55.04 USD/h (capacity-blocks page, late 2024) = 0.71.
    reserved_price_ratio: float = 39.33 / 55.04
    # Llama 3 405B: "> 90 % effective training time" through 466 interruptions (Llama 3 paper, Sec. 3.3.4).
    spot_restart_overhead: float = 0.10
    service_hours_share: float = 1.0  # share of the day a rented service runs and is paid for

    def from_usd(self, usd: float) -> float:
        return usd * (self.usd_to_cny if self.currency == "CNY" else 1.0)


def converted_price(amount: float, listed: str, currency: str, usd_to_cny: float) -> float:
    """A price listed in USD or CNY, in `currency` at the user's rate (CNY per USD)."""
    if listed == currency:
        return amount
    return amount * usd_to_cny if listed == "USD" else amount / usd_to_cny


@record
class CostInputs:
    gpus: int  # the GPUs the job runs on
    nodes: int
    racks: int
    node_price: Price | None
    network_usd: float | None
    it_kw_busy: float | None
    it_kw_idle: float | None
    cloud: CloudOffer | None
    gpus_bought: int | None = None  # the GPUs in the servers bought (whole servers); None: `gpus`

    @property
    def owned_gpus(self) -> int:
        return self.gpus if self.gpus_bought is None else max(self.gpus_bought, self.gpus)

    @property
    def rented_gpus(self) -> int:
        """Clouds rent whole instances: 1 GPU of an 8-GPU instance costs the whole instance."""
        if self.cloud is None:
            return self.gpus
        return math.ceil(self.gpus / self.cloud.gpus) * self.cloud.gpus


def purchase_cost(node_price: Price, nodes: int, assumptions: CostAssumptions,
                  network_usd: float | None = None) -> float:
    """Capex in the user's currency: the servers bought, and the network when it is priced."""
    return assumptions.from_usd(node_price.amount_usd * nodes + (network_usd or 0.0))


@record
class CloudTiers:
    """Reserved and spot prices per GPU-hour in the plan's currency: the provider's own where it publishes them,
    else the on-demand price times a planning ratio, marked estimated; no spot where the provider rents none."""

    reserved: float | None
    reserved_estimated: bool
    spot: float | None
    spot_estimated: bool


def cloud_tiers(offer: CloudOffer | None, on_demand: float | None, a: CostAssumptions) -> CloudTiers:
    if offer is None or on_demand is None:
        return CloudTiers(None, False, None, False)
    if offer.usd_reserved_per_hour is not None:
        reserved, reserved_estimated = a.from_usd(offer.usd_reserved_per_hour / offer.gpus), False
    else:
        reserved, reserved_estimated = on_demand * a.reserved_price_ratio, True
    if offer.usd_spot_per_hour is not None:
        spot, spot_estimated = a.from_usd(offer.usd_spot_per_hour / offer.gpus), False
    elif offer.spot_tier:
        spot, spot_estimated = on_demand * a.spot_price_ratio, True
    else:
        spot, spot_estimated = None, False
    return CloudTiers(reserved, reserved_estimated, spot, spot_estimated)


# Notes without values, the same on every plan they concern (a plan prices hundreds of options): made once.
NO_PRICE_NOTE = msg("No server or GPU price in the catalog for this GPU: capex, opex, TCO and the cost ranking "
                    "are n/a; the rest of the plan stands. To price it, import a vendor quote (File > Import a "
                    "vendor quote, or `gpuplanner import-quote`) or enter a price in the catalog tab.")
NO_ELECTRICITY_PRICE_NOTE = msg("Electricity price not given: opex excludes energy.")
NETWORK_NOT_PRICED_NOTE = msg("Scale-out network (switches, optics, cables) is not priced.")


def _price_note(price: Price) -> Message | None:
    """What a purchase price's note says of where it comes from (None: a sourced catalog price)."""
    if not price.sourced and price.quoted:  # the user's GPUs, a default host
        return msg("Server price from your quote for the GPUs, with the host platform at a planning default: "
                   "{source}. Quote the host platform too.", source=price.source)
    if not price.sourced:
        return msg("Server price uses a planning default: {source}. Replace it with a quote.", source=price.source)
    if price.quoted:
        return msg("Server price from your quote: {source}.", source=price.source)
    return None


# _price_note by the price object (a record: its fields never change): every plan of a server words the same note.
_price_notes_kept: KeptByIdentity[Message | None] = KeptByIdentity(1024)


def cost_summary(inputs: CostInputs, assumptions: CostAssumptions, run_gpu_hours: float | None = None,
                 output_tokens_per_s: float | None = None) -> CostSummary:
    """All money figures in `assumptions.currency`; None where a price is missing."""
    a = assumptions
    notes: list[Message] = []
    capex = None
    price = inputs.node_price
    if price is not None:
        capex = purchase_cost(price, inputs.nodes, a, inputs.network_usd)
        price_note = _price_notes_kept.get((price,), (), lambda: _price_note(price))
        if price_note is not None:
            notes.append(price_note)
        if inputs.network_usd is None and inputs.nodes > 1:
            notes.append(NETWORK_NOT_PRICED_NOTE)
    else:
        notes.append(NO_PRICE_NOTE)

    electricity = None
    # One basis for the energy and its cost: busy at the utilisation's share of the year, idle the rest.
    it_mwh_per_year = None
    if inputs.it_kw_busy is not None and inputs.it_kw_idle is not None:
        average_kw = inputs.it_kw_busy * a.utilization + inputs.it_kw_idle * (1 - a.utilization)
        it_mwh_per_year = average_kw * HOURS_PER_YEAR / 1000.0
    if a.electricity_per_kwh is not None and it_mwh_per_year is not None:
        electricity = it_mwh_per_year * 1000.0 * a.pue * a.electricity_per_kwh
    elif a.electricity_per_kwh is None and capex is None:  # opex is n/a below; energy would be the next gap
        notes.append(msg("Electricity price not given: the energy cost is n/a too. Enter a price per kWh "
                         "(Electricity on the Budget and goals page, or constraints.site.electricity_price in the "
                         "scenario) to cost it."))
    elif a.electricity_per_kwh is None:
        notes.append(NO_ELECTRICITY_PRICE_NOTE)
    colocation = 0.0
    if a.colocation_per_kw_month is not None and inputs.it_kw_busy is not None:
        colocation += a.colocation_per_kw_month * inputs.it_kw_busy * 12
    if a.colocation_per_rack_month is not None:
        colocation += a.colocation_per_rack_month * inputs.racks * 12
    maintenance = None if capex is None else capex * a.maintenance_pct_per_year / 100.0
    # Without a purchase price the maintenance (a share of it) is unknown, so opex is too: a sum without it would read
    # as the favourable value ($0 a year with no electricity price either). An unpriced energy stays a labelled gap.
    opex = None if maintenance is None else (electricity or 0.0) + colocation + maintenance
    tco = None if capex is None or opex is None else capex + opex * a.years
    # Per GPU-hour of what is owned, and the same hours rented, so the two compare like for like.
    owned_gpu_hours = inputs.owned_gpus * HOURS_PER_YEAR * a.years * a.utilization
    owned_per_gpu_hour = None if tco is None else tco / owned_gpu_hours

    cloud_per_gpu_hour = None if inputs.cloud is None else a.from_usd(inputs.cloud.usd_per_gpu_hour)
    break_even = None
    payback_months = None
    payback_note = None
    if tco is not None and opex is not None and cloud_per_gpu_hour:
        break_even = tco / (inputs.owned_gpus * HOURS_PER_YEAR * a.years * cloud_per_gpu_hour)
        monthly_saving = cloud_per_gpu_hour * inputs.owned_gpus * HOURS_PER_YEAR / 12 * a.utilization - opex / 12
        if monthly_saving > 0 and capex is not None:
            payback_months = capex / monthly_saving
        else:  # no finite value: say why instead of printing infinity
            payback_note = msg("never pays back: at {utilization:.0%} utilisation, running it costs more per month "
                               "than renting the same GPU-hours", utilization=a.utilization)

    tiers = cloud_tiers(inputs.cloud, cloud_per_gpu_hour, a)
    run: dict[str, float | None] = {}
    if run_gpu_hours is not None:
        # The job holds every GPU of what was rented or bought for its whole wall-clock time.
        run_hours = run_gpu_hours / inputs.gpus
        rented_hours = run_hours * inputs.rented_gpus
        run["run_cost_cloud_on_demand"] = None if cloud_per_gpu_hour is None else rented_hours * cloud_per_gpu_hour
        run["run_cost_cloud_spot"] = None if tiers.spot is None else (
            rented_hours * (1 + a.spot_restart_overhead) * tiers.spot)
        run["run_cost_owned"] = None if owned_per_gpu_hour is None else (
            run_hours * inputs.owned_gpus * owned_per_gpu_hour)
        # Bought for this run alone: the purchase plus the running costs while it runs.
        run["run_cost_owned_with_capex"] = None if capex is None or opex is None else (
            capex + opex * run_hours / HOURS_PER_YEAR)
    if output_tokens_per_s:
        per_hour_tokens = output_tokens_per_s * 3600.0
        run["per_million_tokens_cloud"] = None if cloud_per_gpu_hour is None else (
            cloud_per_gpu_hour * inputs.rented_gpus / per_hour_tokens * 1e6)
        run["per_million_tokens_owned"] = None if owned_per_gpu_hour is None else (
            owned_per_gpu_hour * inputs.owned_gpus / per_hour_tokens * 1e6)
    offer = inputs.cloud
    return CostSummary(
        currency=a.currency,
        capex=capex, opex_per_year=opex, electricity_per_year=electricity, it_mwh_per_year=it_mwh_per_year,
        colocation_per_year=colocation or None, maintenance_per_year=maintenance,
        tco=tco, years=a.years, utilization=a.utilization,
        owned_per_gpu_hour=owned_per_gpu_hour,
        cloud_on_demand_per_gpu_hour=cloud_per_gpu_hour,
        cloud_reserved_per_gpu_hour=tiers.reserved, cloud_reserved_estimated=tiers.reserved_estimated,
        cloud_spot_per_gpu_hour=tiers.spot, cloud_spot_estimated=tiers.spot_estimated,
        cloud_offer=None if offer is None else CloudOfferBlock(
            provider=offer.provider, instance=offer.instance, region=offer.region, price_date=offer.price_date,
            source=offer.source, confidence=offer.confidence, instances=math.ceil(inputs.gpus / offer.gpus)),
        # Rented for training, the hours an owned cluster would work; a service the hours a day it runs.
        cloud_tco=None if cloud_per_gpu_hour is None else (
            cloud_per_gpu_hour * inputs.rented_gpus * HOURS_PER_YEAR * a.years
            * (a.service_hours_share if output_tokens_per_s else a.utilization)),
        gpus_rented=inputs.rented_gpus if offer is not None else None, gpus_owned=inputs.owned_gpus,
        break_even_utilization=break_even,
        payback_months=payback_months, payback_note=payback_note,
        node_price_source=None if inputs.node_price is None else inputs.node_price.source,
        node_price_date=None if inputs.node_price is None else inputs.node_price.date,
        node_price_confidence=None if inputs.node_price is None else inputs.node_price.confidence,
        notes=tuple(notes),
        **run,
    )


PRICE_STALE_DAYS = 365  # a price older than 12 months is flagged in the plan that uses it


# A price's date as the catalog writes it (strptime's %Y-%m-%d, %Y-%m or %Y; strptime itself costs a plan process 7
# ms to import its locale tables).
_PRICE_DATE = re.compile(r"(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?")


@lru_cache(maxsize=512)  # a plan reads the same few dates hundreds of times
def price_day(price_date: str) -> _dt.date | None:
    """The day a price held: "2025-06-05", "2025-06" (its first day) or "2025" (1 January); None when undated."""
    found = _PRICE_DATE.fullmatch(price_date.strip())
    if found is None:
        return None
    year, month, day = found.groups()
    try:
        return _dt.date(int(year), int(month or 1), int(day or 1))
    except ValueError:  # "2025-13", "2025-02-30"
        return None


def price_span(price_date: str) -> tuple[_dt.date, _dt.date] | None:
    """The first and last day a price may have held, for a source bounded on both sides ("2026-05-07/2026-12-04",
    ISO 8601's interval form: a snapshot no older than its first day, read on its last); None for anything else."""
    start, slash, end = price_date.strip().partition("/")
    if not slash:
        return None
    first, last = price_day(start), price_day(end)
    return None if first is None or last is None or last < first else (first, last)


def oldest_price_day(price_date: str) -> _dt.date | None:
    """The oldest day a price may date from: its day, or the first of a span's; None when undated."""
    span = price_span(price_date)
    return span[0] if span is not None else price_day(price_date)


_READ_ON = re.compile(r"read (\S+)")


def _undated_words(text: str) -> Message | str:
    """What an undated price's text says besides "undated": "read 2026-11" of "undated (read 2026-11)" (as a message,
    its word translated), "SkyPilot catalog copy" of "SkyPilot catalog copy (undated)" (the source's own words)."""
    text = text.replace("(undated)", "").strip()
    if text.casefold().startswith("undated"):
        text = text[len("undated"):].strip()
        if text.startswith("(") and text.endswith(")") and text.count("(") == 1:  # "(read 2026-11)", one pair
            text = text[1:-1].strip()
    read = _READ_ON.fullmatch(text)
    if read is not None:
        return msg("read {day}", day=read.group(1))
    return text or msg("no date")


def price_date_words(price_date: str) -> Message | str:
    """A price's date as the app, the spec sheet and the command line show it: the date, or for an undated price
    "undated" with what the catalog says of it ("undated (read 2026-12-01)"), as a message each translates."""
    text = price_date.strip()
    if not text:
        return msg("undated")
    if price_day(text) is not None:
        return text
    span = price_span(text)
    if span is not None:
        return msg("between {start} and {end}", start=span[0].isoformat(), end=span[1].isoformat())
    return msg("undated ({date})", date=_undated_words(text))


def _price_age(price_date: str, today: _dt.date) -> tuple[str, Message | str] | None:
    """("undated", what the catalog says of it), ("old", its date) or ("span", the first day of its span) when a price
    is undated or may be over 12 months old on `today`; None when it is current."""
    text = price_date.strip()
    span = price_span(text)
    parsed = span[0] if span is not None else price_day(text)
    if parsed is None:
        return "undated", _undated_words(text)
    if (today - parsed).days <= PRICE_STALE_DAYS:
        return None
    return ("span", parsed.isoformat()) if span is not None else ("old", text)


def price_age_note(price_date: str, today: _dt.date) -> Message | None:
    """A note when a rental price is undated or may be over 12 months old on `today` (None when it is current)."""
    age = _price_age(price_date, today)
    if age is None:
        return None
    kind, words = age
    if kind == "undated":
        return msg("The rental price is undated ({date}): check the provider's price page before relying on it.",
                   date=words)
    if kind == "span":
        return msg("The rental price may date from as early as {date}, over 12 months ago: check the provider's "
                   "current price.", date=words)
    return msg("The rental price is from {date}, over 12 months ago: check the provider's current price.",
               date=words)


def conversion_note(listed: str, assumptions: CostAssumptions, rental: bool) -> Message | None:
    """A plan's price shown in another currency than its source's: which, at what rate, and whose rate (None when
    the currencies are the same)."""
    if listed == assumptions.currency:
        return None
    what = msg("The rental price") if rental else msg("The purchase price")
    if assumptions.usd_to_cny == CostAssumptions.usd_to_cny:
        return msg("{what} is listed in {listed} and shown in {currency} at {rate:g} CNY per USD (CFETS central "
                   "parity of {date}): set your own rate for a current figure.", what=what, listed=listed,
                   currency=assumptions.currency, rate=assumptions.usd_to_cny, date=USD_TO_CNY_DATE)
    return msg("{what} is listed in {listed} and shown in {currency} at your rate of {rate:g} CNY per USD.",
               what=what, listed=listed, currency=assumptions.currency, rate=assumptions.usd_to_cny)


def purchase_price_age_note(price: Price, today: _dt.date) -> Message | None:
    """A note when the purchase price a plan uses is undated or may be over 12 months old (None when current): the
    catalog's price or the user's own quote alike, since a quote ages as a list price does."""
    age = _price_age(price.date, today)
    if age is None:
        return None
    kind, words = age
    if kind == "undated":
        return msg("The purchase price is undated ({date}): ask a vendor for a quote before relying on it.",
                   date=words)
    if kind == "span":
        return msg("The purchase price may date from as early as {date}, over 12 months ago: ask a vendor for a "
                   "current quote.", date=words)
    return msg("The purchase price is from {date}, over 12 months ago: ask a vendor for a current quote.",
               date=words)
