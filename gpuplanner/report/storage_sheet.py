"""The spec sheet's storage section: what to order (NVMe in each node, the shared store's capacity and bandwidth,
each node's CPU cores and memory) and the arithmetic behind each figure."""

from __future__ import annotations

from html import escape

from gpuplanner.core.results.results import Plan
from gpuplanner.core.site.storage import GB, TB, bytes_text, rate_text, storage_derivation
from gpuplanner.i18n import fill
from gpuplanner.i18n.messages import translated
from gpuplanner.report.sheet_html import Formatter, rows, section, tr


def storage_section(plan: Plan, fmt: Formatter) -> str:
    """A training plan's storage to order, with the lines that re-derive it ("" for a serving plan)."""
    storage = plan.estimate.storage
    if storage is None:
        return ""
    nvme = bytes_text(storage.local_tb_per_node * TB)
    if storage.server_nvme_tb is not None:
        nvme = fill(tr("%1 (the server has %2 TB)"), nvme, fmt.num(storage.server_nvme_tb, 2))
    cores = str(storage.cores_per_node)
    if storage.server_cores is not None:
        cores = fill(tr("%1 (the server has %2)"), cores, str(storage.server_cores))
    memory = fmt.num(storage.system_memory_gb_per_node, 0) + " GB"
    if storage.server_memory_gb is not None:
        memory = fill(tr("%1 (the server has %2 GB)"), memory, fmt.num(storage.server_memory_gb, 0))
    write = tr("n/a") if storage.write_gbs_needed is None else rate_text(storage.write_gbs_needed * GB)
    store = tr("none described") if storage.shared_store_gbs is None \
        else fmt.num(storage.shared_store_gbs, 1) + " GB/s"
    table = rows([
        (tr("NVMe per node"), nvme),
        (tr("NVMe write rate (the server's datasheet)"), tr("n/a") if storage.server_nvme_write_gbs is None
         else fmt.num(storage.server_nvme_write_gbs, 1) + " GB/s"),
        (tr("Shared store: capacity"), bytes_text(storage.shared_tb * TB)),
        (tr("Shared store: checkpoint write"), write),
        (tr("Data read, the whole job"), rate_text(storage.read_gbs * GB)),
        (tr("Shared store you described"), store),
        (tr("CPU cores per node"), cores),
        (tr("System memory per node"), memory),
    ], (tr("Order"), tr("Figure")))
    notes = "".join(f"<li>{escape(translated(line))}</li>" for line in (*storage_derivation(storage),
                                                                        *storage.limits))
    return section(tr("Storage and host"), table + f"<ul class='note'>{notes}</ul>")
