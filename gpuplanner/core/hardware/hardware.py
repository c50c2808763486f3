"""Accelerator types the estimator reasons about (filled from the catalog, never from guesses)."""

from __future__ import annotations

from dataclasses import field
from enum import StrEnum

import numpy as np

from gpuplanner.core.base.messages import Message, msg
from gpuplanner.core.base.records import record
from gpuplanner.core.hardware.fabric import Collective, ScaleUpFabric


class Precision(StrEnum):
    FP32 = "fp32"
    TF32 = "tf32"
    BF16 = "bf16"
    FP16 = "fp16"
    FP8 = "fp8"
    FP4 = "fp4"  # NVFP4 / MXFP4 tensor cores (Blackwell, CDNA 4)


def validation_width(precision: Precision) -> str:
    """The math width a run is calibrated and validated in: "fp8", "fp4", else "16-bit" (every wider width)."""
    return precision.value if precision in (Precision.FP8, Precision.FP4) else "16-bit"


class Segment(StrEnum):
    DATACENTER = "datacenter"
    WORKSTATION = "workstation"
    CONSUMER = "consumer"


GDDR_ECC_RESERVE = 0.0625  # share of GDDR DRAM that holds ECC bits when ECC is on (CUDA Best Practices Guide)


@record
class GPU:
    """One accelerator model with its datasheet figures; None means "no source found", shown as n/a."""

    id: str
    vendor: str
    model: str
    architecture: str
    form_factor: str
    segment: Segment
    memory_gib: float | None
    memory_bandwidth_gbs: float | None
    dense_tflops: dict[str, float | None] = field(default_factory=dict)  # by precision, plus "int8" TOPS
    tdp_w: float | None = None
    interconnect: str = ""  # the link's name as its source writes it, shown (the estimator reads `fabric`)
    interconnect_gbs: float | None = None  # bidirectional per GPU, GB/s
    fabric: ScaleUpFabric | None = None  # its scale-up fabric (catalog fabrics.csv); None: PCIe only
    pcie_gen: int | None = None
    # NCCL's achieved bus bandwidth between these cards over PCIe, over the link's one-way peak, where a run measured
    # it (GeForce cards: no GPU peer-to-peer, collectives staged through host memory); None: the link efficiency.
    pcie_busbw_share: float | None = None
    ecc: bool | None = None
    mig: str = ""
    release_year: int | None = None
    price_usd_low: float | None = None
    price_usd_high: float | None = None
    price_cny_low: float | None = None  # a price its source quotes in CNY (then no USD price is given)
    price_cny_high: float | None = None
    price_source: str = ""
    price_date: str = ""  # when the price held ("" or "undated ..." where the source gives no date)
    price_confidence: str = ""  # catalog.schema.CONFIDENCE_LEVELS
    source: str = ""
    confidence: str = ""  # of the figures above
    as_of: str = ""
    notes: str = ""
    memory_type: str = ""  # "HBM3", "GDDR6X (ECC)", ...
    # The vendor-measured max-achievable dense GEMM rate by precision (fp16, bf16, fp8), where published.
    max_achievable_tflops: dict[str, float | None] = field(default_factory=dict)
    # The share of its architecture's best-sustaining part's GEMM clock this part holds under dense GEMM load, by
    # precision: its max-achievable rate over its datasheet peak, over the best such ratio of a part of its
    # architecture (the catalog works it out: sustained_gemm_shares). 1 where nothing was measured.
    sustained_gemm_share: dict[str, float] = field(default_factory=dict)

    @property
    def usable_memory_gib(self) -> float | None:
        """What software can allocate: a data-center GDDR part runs with ECC on, which takes 6.25 % of its DRAM
        (CUDA C++ Best Practices Guide, "Device Memory Spaces"; a T4 shows 15,079 MiB of its 16 GiB in nvidia-smi).
        HBM keeps its ECC out of band; workstation cards ship with ECC off."""
        if self.memory_gib is None:
            return None
        if self.has_gddr_memory and self.ecc and self.segment == Segment.DATACENTER:
            return self.memory_gib * (1.0 - GDDR_ECC_RESERVE)
        return self.memory_gib

    @property
    def has_gddr_memory(self) -> bool:
        """Graphics memory (GDDR) rather than stacked HBM: engines reach a different share of its bandwidth."""
        return self.memory_type.strip().upper().startswith("GDDR")

    def peak_tflops(self, precision: Precision) -> float | None:
        return self.dense_tflops.get(precision.value)

    def maf_share(self, precision: Precision) -> float | None:
        """Max-achievable GEMM rate over the datasheet peak in this precision, where both are known."""
        measured, peak = self.max_achievable_tflops.get(precision.value), self.peak_tflops(precision)
        return measured / peak if measured and peak else None

    @property
    def is_sxm_class(self) -> bool:
        """Socketed modules (SXM/OAM) that ship on 8-GPU baseboards with a switched scale-up fabric."""
        form = self.form_factor.casefold()  # a user's "sxm" is an SXM module too
        return any(word in form for word in ("sxm", "oam", "superchip"))

    @property
    def is_superchip(self) -> bool:
        """A CPU+GPU superchip module (GH200, GB200, GB300): its node is the server or rack built around it (a 1U
        GH200 server, a 72-GPU NVL72 rack), not an 8-GPU baseboard."""
        return "superchip" in self.form_factor.casefold()

    @property
    def has_scale_up_fabric(self) -> bool:
        """True when GPUs in a node talk over NVLink-class links rather than PCIe only: the row names a fabric and
        gives the GPU's link bandwidth on it."""
        return self.fabric is not None and bool(self.interconnect_gbs)

    @property
    def pcie_gbs_bidirectional(self) -> float:
        """PCIe x16 bandwidth (bidirectional GB/s) by generation: 32/64/128/256 for Gen3..Gen6."""
        generation = self.pcie_gen or 4
        return 32.0 * 2 ** (generation - 3)

    @property
    def scale_up_domain(self) -> int:
        """How many GPUs one scale-up fabric joins (its catalog row: a bridge joins pairs or 4, a baseboard switch
        all 8, an NVL72 rack 72); 1 without one."""
        return self.fabric.domain if self.fabric is not None and self.has_scale_up_fabric else 1

    @property
    def default_gpus_per_node(self) -> int:
        """GPUs per node when neither the scenario nor a catalog server says: the whole scale-up domain where it
        spans more than eight (an NVL72 rack's 72, a 16-GPU switched baseboard's 16), otherwise the eight of an HGX /
        OAM baseboard or a typical PCIe server. A generic baseboard chassis holds as many (catalog.options)."""
        return max(8, self.scale_up_domain)

    @property
    def reduces_in_switch(self) -> bool:
        """The GPU's fabric sums an all-reduce inside its switch (NVLink SHARP; its catalog row says so)."""
        return self.fabric is not None and self.fabric.reduces_in_switch and self.has_scale_up_fabric

    def busbw_share(self, collective: Collective) -> float | None:
        """The achieved bus bandwidth over the fabric link's one-way peak a published run measured for this
        collective on this GPU's fabric; None: not measured (the scenario's link efficiency applies)."""
        return self.fabric.busbw_share.get(collective) if self.has_scale_up_fabric and self.fabric else None

    @property
    def fabric_domain(self) -> int:
        """How many GPUs the scale-up fabric spans; 0 without one (every group talks over PCIe)."""
        return self.scale_up_domain if self.has_scale_up_fabric else 0

    @property
    def fabric_peer_gbs(self) -> float:
        """Bidirectional GB/s a GPU reaches to each further peer of a group on its fabric: one of its domain - 1 links
        where the fabric links GPUs point to point (ScaleUpFabric.point_to_point), else its whole fabric bandwidth
        (a switch gives any group all of it)."""
        whole = self.interconnect_gbs or 0.0
        if self.fabric is not None and self.fabric.point_to_point and self.fabric_domain > 1:
            return whole / (self.fabric_domain - 1)
        return whole

    def group_link_gbs(self, group_size: np.ndarray | int) -> np.ndarray:
        """Bidirectional GB/s per GPU inside groups of node peers: the fabric if it spans the group, else PCIe."""
        return group_link_gbs(group_size, self.fabric_domain, self.interconnect_gbs or 0.0,
                              self.pcie_gbs_bidirectional, self.fabric_peer_gbs)

    @property
    def price_cny_mid(self) -> float | None:
        """The middle of a price range its source quotes in CNY (None: none quoted in CNY)."""
        return _middle(self.price_cny_low, self.price_cny_high)

    def price_usd_mid(self, usd_to_cny: float) -> float | None:
        """The middle of the price range in USD: as listed, or a CNY quote at the user's rate (as a CNY cloud price
        counts), so a plan in CNY reads the quoted figure back. None: no price."""
        usd = _middle(self.price_usd_low, self.price_usd_high)
        if usd is not None:
            return usd
        cny = self.price_cny_mid
        return None if cny is None else cny / usd_to_cny


def pcie_tensor_parallel_warning(gpu: GPU, pcie_only: Message) -> Message:
    """What a plan says of tensor parallelism priced over PCIe: `pcie_only` where the part has no scale-up fabric,
    or, where its catalog row names one but no achieved rate of it (the Ascend 910B's HCCS), that it is priced as
    PCIe for want of that rate (a bound, not the part's own speed)."""
    if gpu.fabric is None:
        return pcie_only
    return msg("{gpu} joins its GPUs by {fabric}, but no achieved rate of it is published: tensor parallelism is "
               "priced as over PCIe here, which may be slower than the part runs it.", gpu=gpu.model,
               fabric=gpu.fabric.name)


def _middle(low: float | None, high: float | None) -> float | None:
    """The middle of a price range (a single price where no upper end is given)."""
    return None if low is None else (low + (high or low)) / 2


MEASURED_PRECISIONS = ("fp16", "bf16", "fp8")  # the widths vendors publish max-achievable GEMM rates for


def sustained_gemm_shares(gpus: list[GPU]) -> dict[str, dict[str, float]]:
    """For each GPU with a vendor-measured max-achievable GEMM rate (AMD's MAF, ROCm blog 'Measuring Max-Achievable
    FLOPs - Part 2'), the share of its architecture's best part's sustained GEMM clock it holds, by precision: parts
    of one architecture with the same datasheet peak sustain different clocks under their power limits (MI300X at
    750 W: 1230 MHz in FP8, MI325X at 1000 W: 1464 MHz). GPU id -> precision -> share (at most 1)."""
    best: dict[tuple[str, str], float] = {}
    for gpu in gpus:
        for key in MEASURED_PRECISIONS:
            share = gpu.maf_share(Precision(key))
            if share is not None:
                best[gpu.architecture, key] = max(share, best.get((gpu.architecture, key), 0.0))
    shares: dict[str, dict[str, float]] = {}
    for gpu in gpus:
        for key in MEASURED_PRECISIONS:
            share = gpu.maf_share(Precision(key))
            if share is not None:
                shares.setdefault(gpu.id, {})[key] = share / best[gpu.architecture, key]
    return shares


def group_link_gbs(group_size: np.ndarray | int, fabric_domain: np.ndarray | float, fabric_gbs: np.ndarray | float,
                   pcie_gbs: np.ndarray | float, peer_gbs: np.ndarray | float | None = None) -> np.ndarray:
    """Bidirectional GB/s per GPU inside groups of node peers: the fabric where it spans the group (fabric_domain
    GPUs; 0: none), else PCIe. On a point-to-point fabric a group of n uses its n - 1 links to the others, `peer_gbs`
    each (GPU.fabric_peer_gbs; None: a switched fabric, all of it). Each figure one value, or one per row (GPUs of
    several kinds evaluated together)."""
    group = np.asarray(group_size)
    fabric = fabric_gbs if peer_gbs is None else np.minimum(fabric_gbs, np.maximum(group - 1, 1) * peer_gbs)
    return np.where(group <= fabric_domain, fabric, pcie_gbs)
