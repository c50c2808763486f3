"""Turn catalog rows into what the recommender needs per GPU: a server to put it in, a price, a cloud offer."""

from __future__ import annotations

import dataclasses
import re
import threading

from gpuplanner.catalog.schema import number, whole
from gpuplanner.catalog.store import Catalog, Row
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.base.messages import Message, msg
from gpuplanner.core.cost.cost import HOST_PLATFORM_DEFAULT_USD, CloudOffer, CostAssumptions, Price
from gpuplanner.core.hardware.hardware import GPU, Segment
from gpuplanner.core.planning.plan_settings import HardwareOptions
from gpuplanner.core.site.availability import gpu_availability, in_region
from gpuplanner.core.site.power_chain import supplies_carry_kw
from gpuplanner.core.site.site import AIR, LIQUID, NodeSpec, PowerAssumptions, server_cooling
from gpuplanner.core.training.workload import scale_out_port_gbps

# Generic chassis when the catalog has no server for a GPU: rack units from the catalog's own examples
# (DGX H100 8U for 8 SXM GPUs; ASRock Rack 4U8G for 8 PCIe cards; a tower workstation counted as 4U). Each is named
# generic wherever the plan names its server (report, sheet, app, JSON). A baseboard server holds the GPU's default
# node (GPU.default_gpus_per_node: its whole scale-up domain where that spans more than 8), at 1U a GPU beyond 8.
GENERIC_CHASSIS = {
    "sxm8": (8, 8, msg("generic 8-GPU SXM/OAM baseboard server (8U, as DGX H100)")),
    "pcie8": (8, 4, msg("generic 4U server with 8 PCIe GPUs (as ASRock Rack 4U8G)")),
    "workstation": (4, 4, msg("generic 4-GPU tower workstation (4U when racked)")),
}


# A server this tall is a whole rack (GB200 / GB300 NVL72: 48U, its own power shelves and manifolds).
RACK_SCALE_UNITS = 40
# An NVL72 rack's BMCs: 18 compute trays and 9 NVLink switch trays (NVIDIA DGX GB Rack Scale Systems User Guide,
# "Hardware Overview").
NVL72_MANAGED_TRAYS = 18 + 9


GENERIC_SOURCE = "generic chassis (no catalog server for this GPU)"
DESKSIDE_SOURCE = "tower workstation of its class (the catalog's servers for this GPU are rack servers)"


def _generic_nameplate(klass: str, gpu: GPU, gpus: int, power: PowerAssumptions) -> tuple[float | None, float, str]:
    """A generic chassis's maximum draw in kW, the part of it its GPUs do not draw, and how it was had, for its class:
    a workstation is its GPU boards, one CPU and its platform through the supply's losses; a rack server, its GPUs'
    TDP x the DGX ratio (None when the GPU's TDP is unknown)."""
    if klass == "workstation":
        host = power.workstation_host_kw()
        how = (f"nameplate = GPU boards + CPU {power.workstation_cpu_w:,.0f} W + platform "
               f"{power.workstation_platform_w:,.0f} W (planning value), / {power.workstation_psu_efficiency:.2f} "
               "supply efficiency: a tower's host does not grow with its GPUs")
        return (None if gpu.tdp_w is None else power.workstation_nameplate_kw(gpu.tdp_w, gpus)), host, how
    how = f"nameplate = GPU TDP x {power.nameplate_per_gpu_tdp:.2f} (DGX datasheets)"
    return (None if gpu.tdp_w is None else gpu.tdp_w * gpus * power.nameplate_per_gpu_tdp / 1000.0), 0.0, how


def chassis_class(gpu: GPU) -> str:
    if gpu.is_sxm_class:
        return "sxm8"
    if gpu.segment in (Segment.CONSUMER, Segment.WORKSTATION):
        return "workstation"
    return "pcie8"


def generic_chassis(gpu: GPU, gpus: int | None = None) -> tuple[int, int, Message] | None:
    """The generic chassis a GPU without a catalog server is planned in, with `gpus` GPUs (None: its class's): how
    many GPUs it holds, its rack units and its name. None where no generic chassis can stand in: a superchip module
    (its node, a 1U GH200 server or a 72-GPU NVL72 rack, is its server's) or a baseboard whose node would be a whole
    rack; the GPU then needs a catalog server row."""
    klass = chassis_class(gpu)
    class_gpus, units, label = GENERIC_CHASSIS[klass]
    if klass != "sxm8":
        return gpus or class_gpus, units, label
    if gpu.is_superchip:
        return None
    gpus = gpus or gpu.default_gpus_per_node
    if gpus <= class_gpus:
        return gpus, units, label
    units = gpus * units // class_gpus  # 1U a GPU, as a DGX H100's 8 in 8U
    if units >= RACK_SCALE_UNITS:
        return None
    return gpus, units, msg("generic {gpus}-GPU SXM/OAM baseboard server ({units}U, 1U a GPU as DGX H100)",
                            gpus=gpus, units=units)


def server_host_class(gpu: GPU, gpus_per_server: int) -> str:
    """The host-platform class of a catalog rack server that has no price of its own: an SXM / OAM baseboard
    server, a PCIe server of up to four GPUs, or one of more."""
    if gpu.is_sxm_class:
        return "sxm8"
    return "pcie4" if gpus_per_server <= 4 else "pcie8"


def _planning_price(count: int, gpu: GPU, host: float, usd_to_cny: float) -> Message:
    """Where a server price made of the GPUs' price and a planning-default host comes from, in words that
    translate (the GPU price's own source stays as its catalog row names it; a CNY quote keeps its CNY figure)."""
    source = gpu.price_source.strip()
    if gpu.price_usd_low is None and (cny := gpu.price_cny_mid) is not None:
        return msg("{count} x {model} at {price:,.0f} CNY ({source}) + host platform {host:,.0f} USD (planning "
                   "default)", count=count, model=gpu.model, price=cny, source=source or "n/a", host=host)
    if source:
        return msg("{count} x {model} at {price:,.0f} USD ({source}) + host platform {host:,.0f} USD (planning "
                   "default)", count=count, model=gpu.model, price=gpu.price_usd_mid(usd_to_cny), source=source,
                   host=host)
    return msg("{count} x {model} at {price:,.0f} USD + host platform {host:,.0f} USD (planning default)",
               count=count, model=gpu.model, price=gpu.price_usd_mid(usd_to_cny), host=host)


def _listed_with_host(gpu: GPU) -> str:
    """The currencies a server price made of the GPUs and a planning-default host (USD) is listed in."""
    return "CNY + USD" if gpu.price_usd_low is None and gpu.price_cny_low is not None else "USD"


def _float_or_none(row: Row, key: str) -> float | None:
    value = row.get(key)
    return None if value is None else float(value)


def _rows_for(catalog_rows: list[Row], gpu: GPU) -> list[Row]:
    return [row for row in catalog_rows if gpu.id in str(row.get("gpu_ids") or "").split(";")]


def _int_or_none(row: Row, key: str) -> int | None:
    value = row.get(key)
    return None if value is None else int(value)


def _supplies_kw(row: Row) -> float | None:
    """What a server's N+M supplies carry with the redundant ones failed (core.site.power_chain.supplies_carry_kw)."""
    supplies, psu_w = _int_or_none(row, "psu_count"), _float_or_none(row, "psu_w")
    return supplies_carry_kw(supplies, psu_w, f"{row.get('psu_redundancy') or ''} {row.get('psu') or ''}")


def _nameplate(row: Row, gpu: GPU, count: int, power: PowerAssumptions) -> tuple[float | None, tuple[str, ...]]:
    """A server's maximum draw in kW, with how it was had: its published maximum; else what its N+M supplies carry
    with the redundant ones failed; else its GPUs' TDP x the planning factor; None when none is known."""
    published = _float_or_none(row, "max_power_w")
    if published is not None:
        return published / 1000.0, ()
    carried = _supplies_kw(row)
    if carried is not None:
        return carried, (f"nameplate = what {row.get('psu_redundancy')} supplies of {_float_or_none(row, 'psu_w'):,.0f}"
                         f" W carry with the redundant ones failed, {carried:g} kW (no maximum input published)",)
    if gpu.tdp_w is not None:
        return gpu.tdp_w * count * power.nameplate_per_gpu_tdp / 1000.0, (
            f"nameplate = GPU TDP x {power.nameplate_per_gpu_tdp:.2f} (DGX datasheets): the server's maximum power "
            "is not published",)
    return None, ()


def _servers_for(catalog_rows: list[Row], gpu: GPU, gpus: int | None = None) -> list[Row]:
    """The catalog's servers a GPU can be racked in (height known) with `gpus` GPUs (any where None): those that
    publish their maximum power, then those whose supplies bound it, then those that publish their supplies or
    weight, then those known by their height and GPUs alone (for these the maximum is derived from the GPUs, as for a
    generic chassis, and said so; the rest of the server is its vendor's own); priced first at each step."""
    rows = [row for row in _rows_for(catalog_rows, gpu) if row.get("rack_units")
            and (gpus is None or row.get("gpu_count") == gpus)]
    # Best known first: a published maximum, then one its supplies bound, then a server's own supplies or weight.
    return sorted(rows, key=lambda row: (row.get("max_power_w") is None, _supplies_kw(row) is None,
                                         not (row.get("psu_w") or row.get("weight_kg")),
                                         row.get("price_usd") is None))


def stated_cooling(catalog_rows: list[Row], gpu: GPU) -> Row | None:
    """A catalog server row that states how the GPU's servers are cooled when every row naming the GPU agrees it is
    by liquid (a part shipped liquid-cooled only, as the MI355X); None otherwise."""
    rows = [row for row in _rows_for(catalog_rows, gpu) if str(row.get("cooling") or "").strip()]
    liquid = [row for row in rows if server_cooling(str(row["cooling"])) == LIQUID]
    return liquid[0] if liquid and len(liquid) == len(rows) else None


# "4x OSFP serving 8x single-port ConnectX-7": the node's scale-out ports sit two to a cage (NVIDIA DGX H100 / B200
# user guides, "Networking").
_CAGES = re.compile(r"(\d+)\s*x\s*OSFP\b[^;]*?\bserving\s+(\d+)\s*x", re.IGNORECASE)


def ports_per_cage(networking: str) -> int:
    """Scale-out NIC ports a transceiver cage of the node serves, from the catalog's networking text (1 unless it
    says its cages serve more ports than there are cages)."""
    found = _CAGES.search(networking)
    return max(1, int(found.group(2)) // int(found.group(1))) if found and int(found.group(1)) else 1


def catalog_server(row: Row, gpu: GPU, power: PowerAssumptions,
                   usd_to_cny: float = CostAssumptions.usd_to_cny) -> tuple[NodeSpec, Price | None]:
    """A catalog server row as the node a GPU is planned in, with its price: its own, else its GPUs' price and a
    planning-default host."""
    gpu_price = gpu.price_usd_mid(usd_to_cny)
    count = whole(row["gpu_count"])
    price = None
    if (listed_usd := _float_or_none(row, "price_usd")) is not None:
        price = Price(listed_usd, f"{row['model']}: {row.get('price_source') or row['source']}",
                      str(row.get("price_date") or ""), confidence=str(row.get("price_confidence") or ""))
    elif gpu_price is not None:
        host = HOST_PLATFORM_DEFAULT_USD[server_host_class(gpu, count)]
        price = Price(gpu_price * count + host, _planning_price(count, gpu, host, usd_to_cny), gpu.price_date,
                      sourced=False, confidence=gpu.price_confidence, listed_currency=_listed_with_host(gpu))
    nameplate_kw, derived = _nameplate(row, gpu, count, power)
    node = NodeSpec(name=f"{row['vendor']} {row['model']}", gpus=count, rack_units=whole(row["rack_units"]),
                    nameplate_kw=nameplate_kw, derived=derived,
                    weight_kg=_float_or_none(row, "weight_kg"),
                    psu=str(row.get("psu") or ""), cpu=str(row.get("cpu") or ""),
                    system_memory_gb=_float_or_none(row, "system_memory_gb"),
                    cpu_cores=_int_or_none(row, "cpu_cores"),
                    local_nvme_tb=_float_or_none(row, "local_nvme_tb"),
                    local_nvme_write_gbs=_float_or_none(row, "local_nvme_write_gbs"),
                    networking=str(row.get("networking") or ""), cooling=str(row.get("cooling") or "air"),
                    price_usd=None if price is None else price.amount_usd, source=str(row["source"]),
                    psu_count=_int_or_none(row, "psu_count"),
                    psu_w=_float_or_none(row, "psu_w"), psu_redundancy=str(row.get("psu_redundancy") or ""),
                    confidence=str(row.get("confidence") or ""),
                    rack_scale=whole(row["rack_units"]) >= RACK_SCALE_UNITS,
                    management_ports=NVL72_MANAGED_TRAYS if count == 72 else 1,
                    scale_out_ports_per_cage=ports_per_cage(str(row.get("networking") or "")))
    return node, price


def node_or_none(gpu: GPU, servers: list[Row], power: PowerAssumptions, gpus: int | None = None,
                 usd_to_cny: float = CostAssumptions.usd_to_cny) -> tuple[NodeSpec, Price | None] | None:
    """The server a GPU is planned in: the catalog's (with `gpus` GPUs, where the user fixed how many a node holds),
    else a generic chassis of its class with that many GPUs (generic_chassis); None where neither holds it."""
    matches = _servers_for(servers, gpu, gpus)
    if matches:
        return catalog_server(matches[0], gpu, power, usd_to_cny)
    generic = generic_chassis(gpu, gpus)
    if generic is None:
        return None
    return _generic_node(gpu, chassis_class(gpu), *generic, servers, power, usd_to_cny)


def node_for(gpu: GPU, servers: list[Row], power: PowerAssumptions, gpus: int | None = None,
             usd_to_cny: float = CostAssumptions.usd_to_cny) -> tuple[NodeSpec, Price | None]:
    """node_or_none's server; raises InputError for a GPU no generic chassis stands in for and no catalog server
    holds."""
    found = node_or_none(gpu, servers, power, gpus, usd_to_cny)
    if found is None:
        raise InputError("servers", "no catalog server holds {model}, and a generic chassis cannot stand in "
                         "for a {form} (its node size and rack units are its server's): add a server row for it",
                         model=gpu.model, form=gpu.form_factor or "part")
    return found


def _generic_node(gpu: GPU, klass: str, gpus: int, units: int, label: Message, servers: list[Row],
                  power: PowerAssumptions, usd_to_cny: float) -> tuple[NodeSpec, Price | None]:
    """A generic chassis of class `klass` holding `gpus` of the GPU in `units` rack units, with its price: the GPUs'
    and a planning-default host."""
    gpu_price = gpu.price_usd_mid(usd_to_cny)
    cooled = stated_cooling(servers, gpu)
    nameplate, host_kw, how = _generic_nameplate(klass, gpu, gpus, power)
    memory = None if gpu.memory_gib is None else 2.0 * gpu.memory_gib * gpus  # 2-4x GPU memory is common
    name = msg("{chassis} with {gpus} x {model}", chassis=label, gpus=gpus, model=gpu.model)
    source = GENERIC_SOURCE
    if cooled is not None:
        source += f"; cooled by liquid as {cooled['vendor']} {cooled['model']} ({cooled['source']})"
    node = NodeSpec(name=name, gpus=gpus, rack_units=units, nameplate_kw=nameplate, host_kw=host_kw,
                    system_memory_gb=memory, source=source, cooling=LIQUID if cooled is not None else AIR,
                    tower=klass == "workstation", confidence="estimate", generic=True,
                    derived=(how, "system memory = 2 x GPU memory"))
    price = None
    if gpu_price is not None:
        host = HOST_PLATFORM_DEFAULT_USD[klass]
        price = Price(gpu_price * gpus + host, _planning_price(gpus, gpu, host, usd_to_cny), gpu.price_date,
                      sourced=False, confidence=gpu.price_confidence, listed_currency=_listed_with_host(gpu))
    return node, price


def _usd_per_hour(row: Row, usd_to_cny: float) -> float | None:
    """A cloud row's hourly price in USD: as listed, or converted from CNY at the user's rate (None: another
    currency, which this version cannot convert)."""
    price = number(row["on_demand_per_hour"])
    currency = row.get("currency")
    if currency == "USD":
        return price
    return price / usd_to_cny if currency == "CNY" else None


def cloud_offers(gpu: GPU, offers: list[Row], region: str = "global",
                 usd_to_cny: float = CostAssumptions.usd_to_cny) -> list[CloudOffer]:
    """The GPU's offers from inside `region` when there is one there (else from anywhere, which the planner then
    marks as outside the region), cheapest per GPU-hour first; "global" leaves out the clouds in mainland China.
    Offers listed in CNY count at the user's exchange rate, which round-trips a CNY plan to the listed price."""
    usable = [(row, usd) for row in offers if row.get("gpu_id") == gpu.id and row.get("on_demand_per_hour")
              and (usd := _usd_per_hour(row, usd_to_cny)) is not None]
    if region == "global":
        # Clouds in mainland China rent only to accounts verified there (real-name registration, PRC Cybersecurity
        # Law art. 24): their offers are for the cn-mainland region, not a buyer anywhere.
        usable = [(row, usd) for row, usd in usable if not in_region(str(row.get("region") or ""), "cn-mainland")]
    local = [(row, usd) for row, usd in usable if in_region(str(row.get("region") or ""), region)]
    chosen = sorted(local or usable, key=lambda item: item[1] / whole(item[0]["gpu_count"]))
    return [_offer(row, usd, usd_to_cny) for row, usd in chosen]


# Providers that rent no spot capacity: Lambda lists on-demand and reserved prices only (lambda.ai/instances,
# read 2026-09-20, the catalog's Lambda rows).
NO_SPOT_TIER = frozenset({"Lambda"})


def _offer(row: Row, usd: float, usd_to_cny: float) -> CloudOffer:
    return CloudOffer(provider=str(row["provider"]), instance=str(row["instance"]), gpus=whole(row["gpu_count"]),
                      usd_per_hour=usd, region=str(row.get("region") or ""),
                      price_date=str(row.get("price_date") or "undated"), source=str(row["source"]),
                      confidence=str(row.get("confidence") or ""),
                      network_gbps=_float_or_none(row, "network_gbps"),
                      usd_reserved_per_hour=_tier_usd(row, "reserved_per_hour", usd_to_cny),
                      usd_spot_per_hour=_tier_usd(row, "spot_per_hour", usd_to_cny),
                      spot_tier=str(row["provider"]) not in NO_SPOT_TIER,
                      listed_currency=str(row.get("currency") or "USD"))


def _tier_usd(row: Row, column: str, usd_to_cny: float) -> float | None:
    """A published reserved or spot rate in USD an hour, from the row's own currency (None: not published)."""
    value = row.get(column)
    if value is None:
        return None
    return float(value) if row.get("currency") == "USD" else float(value) / usd_to_cny


# The options of the last few (catalog state, power, region, rate): a plan re-reads them on every edit, and they are
# immutable records, so one build serves every plan until the catalog changes (Catalog.version()).
_BUILT: dict[tuple[object, ...], tuple[HardwareOptions, ...]] = {}
_BUILT_KEPT = 4
_BUILT_LOCK = threading.Lock()  # a plan being cancelled in the worker and the next one may overlap


def hardware_options(catalog: Catalog, power: PowerAssumptions, region: str = "global",
                     usd_to_cny: float = CostAssumptions.usd_to_cny) -> list[HardwareOptions]:
    """Every GPU the catalog can estimate, with its server, rentals and availability in `region`."""
    key = (catalog.bundled_path, catalog.overrides_path, id(catalog), catalog.version(), power, region, usd_to_cny)
    with _BUILT_LOCK:
        built = _BUILT.get(key)
    if built is None:
        built = tuple(_built_options(catalog, power, region, usd_to_cny))
        with _BUILT_LOCK:
            while len(_BUILT) >= _BUILT_KEPT:
                del _BUILT[next(iter(_BUILT))]
            _BUILT[key] = built
    return list(built)


def _built_options(catalog: Catalog, power: PowerAssumptions, region: str,
                   usd_to_cny: float) -> list[HardwareOptions]:
    # Each GPU's rows, found in one pass over each table (in table order) rather than one pass per GPU.
    servers: dict[str, list[Row]] = {}
    for row in catalog.rows("servers"):
        for gpu_id in dict.fromkeys(str(row.get("gpu_ids") or "").split(";")):
            servers.setdefault(gpu_id, []).append(row)
    offers, statements = _by_gpu(catalog.rows("cloud_instances")), _by_gpu(catalog.rows("availability"))
    options = []
    for gpu in catalog.gpus():
        # Without its memory figures a GPU cannot be estimated: kept, with what it lacks, for the plan to list.
        missing = tuple(name for name, value in (("memory capacity", gpu.memory_gib),
                                                 ("memory bandwidth", gpu.memory_bandwidth_gbs)) if value is None)
        own_servers = servers.get(gpu.id, [])
        klass = chassis_class(gpu)
        racked_in = _servers_for(own_servers, gpu)
        racked = bool(racked_in)
        found = node_or_none(gpu, own_servers, power, usd_to_cny=usd_to_cny)
        if found is None:
            # Listed as lacking its server; the baseboard stand-in below is never planned (plan_catalog drops it).
            missing += ("server",)
            found = _generic_node(gpu, klass, *GENERIC_CHASSIS[klass], own_servers, power, usd_to_cny)
        node, price = found
        # The other real servers of as many GPUs, for a site whose limits the first cannot be shown to meet.
        chassis = tuple(catalog_server(row, gpu, power, usd_to_cny) for row in racked_in[1:]
                        if row.get("gpu_count") == node.gpus)
        # A consumer or workstation card with a catalog rack server (eight blower cards in 4U, four Workstation
        # Edition cards in 5U) still goes in a tower when a plan needs no more GPUs than the tower holds.
        deskside, deskside_price = (node_for(gpu, [], power, usd_to_cny=usd_to_cny)
                                    if racked and gpu.segment in (Segment.CONSUMER, Segment.WORKSTATION)
                                    else (None, None))
        if deskside is not None:  # a tower chosen for a few cards, not a stand-in: a catalog server holds the GPU
            deskside = dataclasses.replace(deskside, generic=False, source=DESKSIDE_SOURCE)
        offered = cloud_offers(gpu, offers.get(gpu.id, []), region, usd_to_cny)
        options.append(HardwareOptions(
            gpu=gpu, node=node, node_price=price, cloud=offered[0] if offered else None, cloud_offers=tuple(offered),
            availability=gpu_availability(gpu, region, statements.get(gpu.id, [])),
            nic_gbps=scale_out_port_gbps(gpu),
            whole_nodes_only=klass == "sxm8" or racked,
            gpu_price_usd=gpu.price_usd_mid(usd_to_cny), host_price_usd=HOST_PLATFORM_DEFAULT_USD[klass],
            missing=missing, deskside=deskside, deskside_price=deskside_price, chassis=chassis))
    return options


def _by_gpu(rows: list[Row]) -> dict[str, list[Row]]:
    """Rows by the GPU they name (`gpu_id`), each GPU's in table order."""
    found: dict[str, list[Row]] = {}
    for row in rows:
        found.setdefault(str(row.get("gpu_id")), []).append(row)
    return found
