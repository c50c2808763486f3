"""Scale-up fabrics read from the catalog's fabrics table into the typed record the estimator reads, and the check a
fabric row's figures pass.

A bundled GPU plans on the fabric row it names, or over PCIe where it names none: its link text is never read. A
user's GPU row that names no fabric (saved before rows named one, or typed in the editor's link field) keeps the
fabric earlier versions read from its link text, so nothing a user saved plans differently."""

from __future__ import annotations

import re

from gpuplanner.catalog.schema import COLLECTIVES, Row, whole
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.hardware.fabric import Collective, ScaleUpFabric

# Link names that earlier versions read as a scale-up fabric, and the NVLink generation in one.
_SCALE_UP_WORDS = ("nvlink", "infinity fabric", "roce", "hccs")
_NVLINK_GENERATION = re.compile(r"nvlink\s*(\d+)", re.IGNORECASE)
SHARE_COLUMNS = tuple(f"{collective}_busbw_share" for collective in COLLECTIVES)


def fabric_from_row(row: Row) -> ScaleUpFabric | None:
    """The scale-up fabric a fabrics row states, with the scale-out NIC port its servers give each GPU where the row
    states one; None for a row that states no scale-up domain (a link generation, a host bus, a scale-out network or
    a switch)."""
    if row.get("scale_up_domain") is None:
        return None
    shares = {Collective(collective): float(value)
              for collective, column in zip(COLLECTIVES, SHARE_COLUMNS, strict=True)
              if (value := row.get(column)) is not None}
    return ScaleUpFabric(id=str(row["id"]), name=str(row["name"]), domain=whole(row["scale_up_domain"]),
                         reduces_in_switch=bool(row.get("in_switch_reduction")), busbw_share=shares,
                         source=str(row.get("scale_up_source") or ""),
                         nic_gbps_per_gpu=None if (nic := row.get("nic_gbps_per_gpu")) is None else float(nic),
                         point_to_point=bool(row.get("point_to_point")))


def check_fabric_row(row: Row) -> None:
    """A fabric row's scale-up figures are possible: a domain of one GPU or more, shares of the link above 0 and at
    most 1. Raises InputError naming the column."""
    domain = row.get("scale_up_domain")
    if domain is not None and int(domain) < 1:
        raise InputError("fabrics.scale_up_domain", "must be at least {minimum}, got {value}", minimum=1,
                         value=domain)
    for column in SHARE_COLUMNS:
        share = row.get(column)
        if share is not None and not 0.0 < float(share) <= 1.0:
            raise InputError(f"fabrics.{column}", "must be above 0 and at most {maximum}", maximum=1)


def check_pcie_busbw_share(row: Row) -> None:
    """A GPU row's measured bus-bandwidth share over PCIe is above 0 and at most 1. Raises InputError."""
    share = row.get("pcie_busbw_share")
    if share is not None and not 0.0 < float(share) <= 1.0:
        raise InputError("gpus.pcie_busbw_share", "must be above 0 and at most {maximum}", maximum=1)


def fabric_from_link_text(text: str) -> ScaleUpFabric | None:
    """The fabric earlier versions read from a GPU row's link name, for a user's row that names none: NVLink,
    Infinity Fabric, RoCE or HCCS joins 8 GPUs (an NVL72 domain 72, a 4-way bridge 4, a bridge pairs); an NVLink of
    the fourth generation or later across 8 or more reduces in its switch (NVLink SHARP)."""
    folded = text.casefold()
    if not any(word in folded for word in _SCALE_UP_WORDS):
        return None
    if "nvl72" in folded:
        domain = 72
    elif "4-way" in folded:
        domain = 4
    elif "bridge" in folded or "pairs" in folded:
        domain = 2
    else:
        domain = 8
    generation = _NVLINK_GENERATION.search(text)
    in_switch = generation is not None and int(generation.group(1)) >= 4 and domain >= 8
    return ScaleUpFabric(id="", name=text, domain=domain, reduces_in_switch=in_switch)
