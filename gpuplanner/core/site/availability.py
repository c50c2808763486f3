"""Where a GPU can be bought and a cloud offer rented: the region filter behind `constraints.region`.

For mainland China the question is US export control. ECCN 3A090 classifies a chip by its total processing
performance (TPP); what the catalog's sourced rows in `availability` say about a GPU (a domestic product, a licence
requirement announced for one chip) overrides the rule computed from its figures. Nothing here is legal advice:
each answer names its rule or source and date, and a chip the rule cannot place is "not confirmed", never a guess.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum

from gpuplanner.core.base.errors import InputError
from gpuplanner.core.base.messages import Bilingual, Message, msg
from gpuplanner.core.base.records import record
from gpuplanner.core.hardware.hardware import GPU

REGIONS = ("global", "cn-mainland")

# ECCN 3A090 (15 CFR 774, Supp. 1; BIS interim final rule of 2023-10-17, 88 FR 73458): 3A090.a covers TPP >= 4,800;
# below 1,600 neither 3A090.a nor .b applies; in between the die's performance density decides (not in the catalog).
TPP_CONTROLLED = 4800.0
TPP_OUTSIDE = 1600.0
# BIS final rule effective 2026-01-15: case-by-case review (not presumption of denial) for China of 3A090.a chips
# below TPP 21,000 and 6,500 GB/s of DRAM bandwidth (H200 / MI325X class).
TPP_CASE_BY_CASE = 21000.0
BANDWIDTH_CASE_BY_CASE_GBS = 6500.0
RULE_SOURCE = ("ECCN 3A090, BIS rules of 2023-10-17 (88 FR 73458) and 2026-01-15 (case-by-case review below TPP "
               "21,000 and 6,500 GB/s); summary: https://whatstrending.fenwick.com/post/"
               "bis-opens-door-increasing-ai-chip-exports-china")
RULE_DATE = "2026-01-15"

# Bit length of each dense figure in the catalog, for the TPP technical note of ECCN 3A090.
_BITS = {"fp32": 32, "bf16": 16, "fp16": 16, "fp8": 8, "int8": 8}

# Cloud region codes inside mainland China (Hong Kong and Macau are not): Alibaba Cloud "cn-*" except cn-hongkong;
# Tencent Cloud's mainland regions.
_MAINLAND_TENCENT = ("ap-beijing", "ap-shanghai", "ap-guangzhou", "ap-chengdu", "ap-chongqing", "ap-nanjing")


class Status(StrEnum):
    OPEN = "open"  # can be bought there: no export licence needed, or a domestic product
    LICENCE = "licence"  # a US export licence is needed; applications are reviewed case by case
    DENIED = "denied"  # a US export licence is needed and is presumed denied
    UNKNOWN = "unknown"  # the rule cannot place it from the catalog's figures and no source says


@record
class Availability:
    region: str
    status: Status
    reason: Message
    source: str
    as_of: str

    @property
    def can_buy(self) -> bool:
        return self.status == Status.OPEN


def check_region(region: str) -> str:
    if region not in REGIONS:
        raise InputError("constraints.region", "must be one of {join}", join=" | ".join(REGIONS))
    return region


def total_processing_performance(gpu: GPU) -> float | None:
    """TPP = 2 x MacTOPS x bit length, the highest over precisions (ECCN 3A090 technical note); dense TFLOP/s already
    count 2 operations per multiply-accumulate, so TPP = TFLOP/s x bits. None without any compute figure."""
    values = [value * _BITS[key] for key, value in gpu.dense_tflops.items() if key in _BITS and value]
    return max(values) if values else None


def rule_status(gpu: GPU) -> tuple[Status, Message]:
    """What ECCN 3A090 says for export to mainland China, from the GPU's figures alone."""
    tpp = total_processing_performance(gpu)
    if tpp is None:
        return Status.UNKNOWN, msg("not confirmed: the catalog has no compute figures to place it under the export "
                                   "rules")
    if tpp >= TPP_CONTROLLED:
        wide = gpu.memory_bandwidth_gbs is not None and gpu.memory_bandwidth_gbs >= BANDWIDTH_CASE_BY_CASE_GBS
        if tpp >= TPP_CASE_BY_CASE or wide:
            return Status.DENIED, msg("needs a US export licence, presumed denied (ECCN 3A090.a, TPP {tpp:,.0f})",
                                      tpp=tpp)
        return Status.LICENCE, msg("needs a US export licence, reviewed case by case since 2026-01-15 (ECCN "
                                   "3A090.a, TPP {tpp:,.0f})", tpp=tpp)
    if tpp < TPP_OUTSIDE:
        return Status.OPEN, msg("no US export licence needed (TPP {tpp:,.0f}, below ECCN 3A090)", tpp=tpp)
    return Status.UNKNOWN, msg("not confirmed: at TPP {tpp:,.0f} ECCN 3A090 turns on the die's performance density, "
                               "which the catalog does not have", tpp=tpp)


def gpu_availability(gpu: GPU, region: str, rows: Iterable[Mapping[str, object]]) -> Availability:
    """Whether `gpu` can be bought in `region`: a sourced catalog row if there is one, else the export rule."""
    if region == "global":
        return Availability(region, Status.OPEN, msg("no regional filter"), "", "")
    for row in rows:
        if row.get("gpu_id") == gpu.id and row.get("region") == region:
            try:
                status = Status(str(row.get("status")))
            except ValueError:
                status = Status.UNKNOWN  # a hand-edited row with a word this version does not know
            rule = Bilingual(str(row.get("rule") or ""), {"zh_CN": str(row.get("rule_zh") or "")})
            return Availability(region, status, _sourced_reason(status, rule),
                                str(row.get("source") or ""), str(row.get("as_of") or ""))
    status, reason = rule_status(gpu)
    return Availability(region, status, reason, RULE_SOURCE, RULE_DATE)


def _sourced_reason(status: Status, detail: str) -> Message:
    if status == Status.OPEN:
        return msg("can be bought there ({detail})", detail=detail)
    if status == Status.LICENCE:
        return msg("needs a US export licence ({detail})", detail=detail)
    if status == Status.DENIED:
        return msg("needs a US export licence, presumed denied ({detail})", detail=detail)
    return msg("not confirmed ({detail})", detail=detail)


# The catalog's region column holds the provider's own region code, or one of these words for what the source states
# instead; anything else a user typed is shown as typed.
OFFER_REGION_WORDS = {
    "": msg("region not stated"),
    "all": msg("every region of the provider (one price)"),
    "north-america": msg("North America"),
    "cn-mainland": msg("mainland China (region not stated)"),
}


def offer_region(code: str) -> Message | str:
    """A cloud offer's region for a reader: the provider's code as it is, or the words for a stated-instead value."""
    return OFFER_REGION_WORDS.get(code.strip(), code)


def in_region(cloud_region: str, region: str) -> bool:
    """Whether a cloud offer's region code lies in `region` (a code nobody stated lies in no region)."""
    if region == "global":
        return True
    code = cloud_region.strip().casefold()
    if "hongkong" in code or "hong kong" in code:
        return False
    return (code.startswith(("cn-", "mainland china")) or "(cn-" in code  # a user's "华北-北京 (cn-beijing)"
            or code.startswith(_MAINLAND_TENCENT))
