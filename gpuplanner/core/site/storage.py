"""Storage and host sizing of a training run: how many terabytes its dataset and checkpoints take (on each node's
local NVMe and on the shared store), how fast it must read its data and write its checkpoints, and the CPU cores and
system memory a node needs to feed its GPUs. Pure arithmetic on the estimate's throughput and the scenario's
`storage` section; every rule is stated here with its source, and the result carries the figures that re-derive it.
"""

from __future__ import annotations

import math
from enum import StrEnum

from gpuplanner.core.base.messages import Message, msg
from gpuplanner.core.base.records import record

GB, TB = 1e9, 1e12

# Tokenized text is stored as one integer per token: uint16 when every id fits (vocabulary under 65,500), else
# int32 (Megatron-LM / fairseq indexed datasets, `__best_fitting_dtype`). Raw UTF-8 English is about 4 bytes a
# token for a BPE tokenizer (OpenAI tokenizer guide: "1 token ~= 4 chars in English"): give bytes_per_token 4 to size
# a store of untokenized text.
UINT16_VOCAB_LIMIT = 65_500


def bytes_per_token(vocab: int | None) -> float:
    """Bytes a stored token takes: 2 (uint16) when the vocabulary fits, else 4 (int32)."""
    return 2.0 if vocab is not None and vocab < UINT16_VOCAB_LIMIT else 4.0


# ImageNet-1k's training set as distributed: ILSVRC2012_img_train.tar, 147,897,477,120 bytes for 1,281,167 JPEGs
# (image-net.org download page), 115.4 KB an image at ImageNet's own sizes (training crops 224-256 px from them).
IMAGENET_TRAIN_BYTES, IMAGENET_TRAIN_IMAGES = 147_897_477_120, 1_281_167
IMAGENET_JPEG_BYTES = IMAGENET_TRAIN_BYTES / IMAGENET_TRAIN_IMAGES
IMAGENET_TRAIN_RESOLUTION = 256  # the side the ImageNet recipes resize to before their 224 px crop (Goyal et al. 2017)


def bytes_per_image(resolution: int) -> float:
    """Bytes an image takes on disk: ImageNet's mean JPEG, and at a training resolution above ImageNet's the same
    JPEG bytes per pixel over the larger image (a dataset kept at the resolution it trains at)."""
    return IMAGENET_JPEG_BYTES * max(1.0, (resolution / IMAGENET_TRAIN_RESOLUTION) ** 2)


# JPEG decoding and augmentation on the CPU (PyTorch DataLoader, libjpeg-turbo, RandomResizedCrop at 224 px): 50-200
# images/s a core by resolution (systemoverflow.com, "Production Data Pipeline Design and Throughput"); MosaicML
# found its PyTorch loader capped an 8 x A100 ResNet-50 node at ~17,800 images/s (mosaicml.com/blog/composer-ffcv-
# faster-together, 2022), which at this rate takes 119 cores: a two-socket server's. The upper middle of the range.
IMAGES_PER_S_PER_LOADER_CORE = 150.0
# Tokenized text needs no decoding: each GPU's process and its loader workers (Megatron-LM's --num-workers defaults
# to 2) a core each.
TEXT_LOADER_WORKERS_PER_GPU = 2
# A training server's host: "at least 16 cores so the CPU is not the bottleneck" and "system memory 2-4 x the GPUs'
# memory" (the server-sizing rules the plan states; DGX H100: 112 cores, 2 TB for 640 GB of HBM = 3.2 x).
MIN_CORES_PER_NODE = 16
SYSTEM_MEMORY_PER_GPU_MEMORY = 2.0

# torchtitan keeps the latest 10 checkpoints unless told otherwise (checkpoint.keep_latest_k = 10; it refuses 1,
# as the newest may still be being written when the job fails).
CHECKPOINTS_KEPT = 10
# The share of the training time a checkpoint may stall it: a planning target, not a measurement (edit it).
CHECKPOINT_SHARE = 0.05


class CheckpointFormat(StrEnum):
    FULL = "full"  # sharded model and optimizer states (torch DCP, DeepSpeed): resumable
    WEIGHTS = "weights"  # the 16-bit weights only (an export for evaluation or serving): not resumable


@record
class StorageBlock:
    """What a training run asks of storage and of each node's host, with what limits it."""
    # Capacity
    dataset_tb: float
    dataset_basis: str  # given | tokens | images
    bytes_per_sample: float | None  # per token or image (None: the dataset's size was given)
    samples: float | None  # tokens or images in one pass over the dataset
    epochs: float  # passes over the dataset the run makes
    checkpoint_format: str
    checkpoint_tb: float  # one checkpoint
    checkpoints_kept: int
    export_tb: float  # one 16-bit copy of the weights (evaluation, conversion): shared scratch
    shared_tb: float  # dataset + checkpoints kept + export
    local_tb_per_node: float  # a copy of the dataset and the node's shard of one checkpoint (staging)
    server_nvme_tb: float | None  # the server's local NVMe (catalog)
    # Bandwidth
    read_gbs: float  # the whole job, at the estimated throughput
    read_gbs_per_node: float
    read_tb_total: float  # over the run: the dataset times its passes
    checkpoint_write_s: float  # at the bandwidth the goodput model used
    write_gbs: float  # that bandwidth, for the whole job
    write_basis: str  # shared-store (the user's) | assumed (a share of Llama 3's storage per GPU)
    write_allowed_s: float | None  # the longest write within `checkpoint_share` of the interval
    write_gbs_needed: float | None
    checkpoint_share: float
    checkpoint_interval_min: float | None
    interruption_interval_h: float | None  # mean time between interruptions of the whole job
    shared_store_gbs: float | None  # the user's shared store (None: none described)
    server_nvme_write_gbs: float | None  # the server's local NVMe (catalog; None: not published)
    samples_per_s: float  # tokens/s or images/s the estimate gives
    reads_images: bool  # the samples are images (else tokens)
    nodes: int
    # Host
    gpus_per_node: int  # the job's GPUs in one node
    gpu_memory_gb_per_node: float
    loader_cores_per_node: float
    cores_per_node: int
    server_cores: int | None
    system_memory_gb_per_node: float
    server_memory_gb: float | None
    limits: tuple[Message, ...]  # what limits the rates, in words
    warnings: tuple[Message, ...]


@record
class StorageInputs:
    """The run as storage sizing reads it (built from the scenario and the estimate: result_parts.storage_for)."""
    gpus: int
    nodes: int
    gpus_per_node: int
    samples_per_s: float  # tokens/s or images/s
    images: bool
    dataset_samples: float  # tokens trained on (one pass unless the dataset's size says more) or images per epoch
    epochs: float  # image passes (text: from the dataset's size)
    bytes_per_sample: float
    dataset_tb: float | None  # the user's
    compute_s: float
    checkpoint_bytes: float  # one checkpoint in its format (what goodput charges)
    export_bytes: float  # every weight in 16-bit
    checkpoint_format: CheckpointFormat
    checkpoints_kept: int
    checkpoint_share: float
    interval_given: bool  # the user set the checkpoint interval
    checkpoint_interval_min: float  # goodput's: the user's, else Young's
    checkpoint_write_s: float  # goodput's
    write_gbs: float  # the bandwidth goodput's write time is at
    shared_store_gbs: float | None
    interruptions_per_day: float
    gpu_memory_gb: float  # one GPU's
    server_nvme_tb: float | None = None
    server_nvme_write_gbs: float | None = None
    server_cores: int | None = None
    server_memory_gb: float | None = None


def allowed_write_s(share: float, interval_min: float | None, mtbf_s: float | None) -> float | None:
    """The longest checkpoint write that stalls the run for at most `share` of its time: share x the interval the
    user gives, else the write time at which Young's interval sqrt(2 x write x MTBF) makes write / interval = share,
    i.e. 2 x share^2 x MTBF (Young 1974). None when nothing fails and no interval is given."""
    if interval_min is not None:
        return share * interval_min * 60.0
    if mtbf_s is None:
        return None
    return 2.0 * share * share * mtbf_s


def loader_cores(images: bool, samples_per_s_per_node: float, gpus_per_node: int) -> float:
    """CPU cores a node's data loaders take: images decoded on the CPU at IMAGES_PER_S_PER_LOADER_CORE, text at
    TEXT_LOADER_WORKERS_PER_GPU workers a GPU."""
    if images:
        return samples_per_s_per_node / IMAGES_PER_S_PER_LOADER_CORE
    return float(TEXT_LOADER_WORKERS_PER_GPU * gpus_per_node)


def storage_plan(run: StorageInputs) -> StorageBlock:
    """Capacity, bandwidth and host of the run, and the warnings a senior engineer would give."""
    per_sample = run.bytes_per_sample
    if run.dataset_tb is not None:
        dataset_bytes, basis = run.dataset_tb * TB, "given"
    else:
        dataset_bytes, basis = run.dataset_samples * per_sample, "images" if run.images else "tokens"
    read_bps = run.samples_per_s * per_sample
    read_total = read_bps * run.compute_s
    epochs = run.epochs if run.images else (read_total / dataset_bytes if dataset_bytes > 0 else 1.0)
    checkpoint = run.checkpoint_bytes
    shared = dataset_bytes + checkpoint * run.checkpoints_kept + run.export_bytes
    local = dataset_bytes + checkpoint / run.nodes
    mtbf_s = 86400.0 / run.interruptions_per_day if run.interruptions_per_day > 0 else None
    allowed = allowed_write_s(run.checkpoint_share, run.checkpoint_interval_min if run.interval_given else None,
                              mtbf_s)
    write_s = run.checkpoint_write_s
    interval_min = run.checkpoint_interval_min if math.isfinite(run.checkpoint_interval_min) else None
    node_read = read_bps / run.nodes
    cores_loading = loader_cores(run.images, run.samples_per_s / run.nodes, run.gpus_per_node)
    cores = max(MIN_CORES_PER_NODE, math.ceil(run.gpus_per_node + cores_loading))
    memory = SYSTEM_MEMORY_PER_GPU_MEMORY * run.gpu_memory_gb * run.gpus_per_node
    limits: list[Message] = []
    warnings: list[Message] = []
    store = run.shared_store_gbs
    if store is not None:
        limits.append(msg("checkpoints written to the shared store at its {gbs:,.1f} GB/s", gbs=store))
        if read_bps > store * GB:
            warnings.append(msg(
                "The job reads {need:,.2f} GB/s of training data, more than the shared store's {have:,.1f} GB/s: "
                "copy the dataset to each node's NVMe, or plan a faster store.", need=read_bps / GB, have=store))
    else:
        limits.append(msg("checkpoints written at {per_gpu} per GPU (Llama 3's 2 TB/s for 16,384 GPUs; no shared "
                          "store described)", per_gpu=rate_text(run.write_gbs / run.gpus * GB)))
    if mtbf_s is not None and write_s > mtbf_s:
        warnings.append(msg(
            "A checkpoint takes {write:,.0f} min to write, longer than the {mtbf:,.0f} min between interruptions on "
            "{gpus:,} GPUs: the job would lose every checkpoint it starts. Plan faster storage or fewer GPUs.",
            write=write_s / 60.0, mtbf=mtbf_s / 60.0, gpus=run.gpus))
    if run.server_nvme_tb is not None and local > run.server_nvme_tb * TB:
        warnings.append(msg(
            "The dataset and a checkpoint shard take {need:,.1f} TB a node, more than its {have:,.1f} TB of local "
            "NVMe: stream the data from the shared store (sized below) or add drives.", need=local / TB,
            have=run.server_nvme_tb))
    if run.server_cores is not None and run.server_cores < cores:
        warnings.append(msg("Decoding the images on the CPU wants {cores} CPU cores a node; the server has {have}: "
                            "loading may hold the GPUs back. Decode on the GPUs (NVIDIA DALI) or store the images "
                            "smaller.", cores=cores, have=run.server_cores) if run.images else
                        msg("The data loaders and GPU processes want {cores} CPU cores a node; the server has "
                            "{have}: loading may hold the GPUs back.", cores=cores, have=run.server_cores))
    return StorageBlock(
        dataset_tb=dataset_bytes / TB, dataset_basis=basis,
        bytes_per_sample=None if basis == "given" else per_sample,
        samples=None if basis == "given" else run.dataset_samples, epochs=epochs,
        checkpoint_format=run.checkpoint_format.value, checkpoint_tb=checkpoint / TB,
        checkpoints_kept=run.checkpoints_kept, export_tb=run.export_bytes / TB, shared_tb=shared / TB,
        local_tb_per_node=local / TB, server_nvme_tb=run.server_nvme_tb,
        read_gbs=read_bps / GB, read_gbs_per_node=node_read / GB, read_tb_total=read_total / TB,
        checkpoint_write_s=write_s, write_gbs=run.write_gbs,
        write_basis="shared-store" if store is not None else "assumed",
        write_allowed_s=allowed, write_gbs_needed=None if allowed is None else checkpoint / allowed / GB,
        checkpoint_share=run.checkpoint_share, checkpoint_interval_min=interval_min,
        interruption_interval_h=None if mtbf_s is None else mtbf_s / 3600.0,
        shared_store_gbs=store, server_nvme_write_gbs=run.server_nvme_write_gbs,
        samples_per_s=run.samples_per_s, reads_images=run.images, nodes=run.nodes, gpus_per_node=run.gpus_per_node,
        gpu_memory_gb_per_node=run.gpu_memory_gb * run.gpus_per_node, loader_cores_per_node=cores_loading,
        cores_per_node=cores, server_cores=run.server_cores,
        system_memory_gb_per_node=memory, server_memory_gb=run.server_memory_gb,
        limits=tuple(limits), warnings=tuple(warnings))


def bytes_text(count: float) -> str:
    """A size in the unit that reads best (decimal, as drives are sold): "4 TB", "965.7 GB", "115 KB"."""
    for size, unit in ((1e15, "PB"), (1e12, "TB"), (1e9, "GB"), (1e6, "MB"), (1e3, "KB")):
        if count >= size:
            return f"{count / size:,.4g} {unit}"
    return f"{count:,.0f} bytes"


def rate_text(bytes_per_s: float) -> str:
    """A rate in the unit that reads best: "1.08 GB/s", "2.31 MB/s", "56 KB/s" (never "5.59e-05 GB/s")."""
    return bytes_text(bytes_per_s).replace(" bytes", " B") + "/s"


def storage_derivation(block: StorageBlock) -> tuple[Message, ...]:
    """The storage figures with the arithmetic behind them, one line each (the plan's details, the CLI, the sheet)."""
    lines: list[Message] = []
    dataset = bytes_text(block.dataset_tb * TB)
    if block.dataset_basis == "given":
        lines.append(msg("Dataset {size} (given); passes over it: {epochs:,.3g}", size=dataset, epochs=block.epochs))
    elif block.dataset_basis == "images":
        lines.append(msg("Dataset {size} = {samples:,.0f} images x {each} an image; passes over it: {epochs:,.3g}",
                         size=dataset, samples=block.samples, each=bytes_text(block.bytes_per_sample or 0),
                         epochs=block.epochs))
    else:
        lines.append(msg("Dataset {size} = {samples:,.0f} tokens x {bytes:g} bytes a token; passes over it: "
                         "{epochs:,.3g}", size=dataset, samples=block.samples, bytes=block.bytes_per_sample or 0,
                         epochs=block.epochs))
    per_sample = block.read_gbs * GB / block.samples_per_s if block.samples_per_s else 0.0
    figures = {"rate": rate_text(block.read_gbs * GB), "samples": block.samples_per_s, "bytes": per_sample,
               "node": rate_text(block.read_gbs_per_node * GB), "total": bytes_text(block.read_tb_total * TB)}
    lines.append(msg("Read {rate} = {samples:,.0f} images/s x {bytes:,.0f} bytes ({node} a node; {total} over the "
                     "run)", **figures) if block.reads_images else
                 msg("Read {rate} = {samples:,.0f} tokens/s x {bytes:g} bytes ({node} a node; {total} over the run)",
                     **figures))
    what = msg("trained weights and optimizer states") if block.checkpoint_format == CheckpointFormat.FULL \
        else msg("16-bit weights only")
    lines.append(msg("Shared store {shared} = checkpoint {checkpoint} ({what}) x {kept} kept + 16-bit export {export} "
                     "+ dataset {dataset}", shared=bytes_text(block.shared_tb * TB),
                     checkpoint=bytes_text(block.checkpoint_tb * TB), what=what, kept=block.checkpoints_kept,
                     export=bytes_text(block.export_tb * TB), dataset=dataset))
    local = msg("Local NVMe {local} a node = dataset {dataset} + 1/{nodes} of a checkpoint",
                local=bytes_text(block.local_tb_per_node * TB), dataset=dataset, nodes=block.nodes)
    if block.server_nvme_tb is not None:
        local = msg("{line}; the server has {have}", line=local, have=bytes_text(block.server_nvme_tb * TB))
    lines.append(local)
    write = msg("Checkpoint write {seconds:,.1f} s at {rate}, one every {interval:,.0f} min",
                seconds=block.checkpoint_write_s, rate=rate_text(block.write_gbs * GB),
                interval=block.checkpoint_interval_min or 0.0) if block.checkpoint_interval_min is not None else \
        msg("Checkpoint write {seconds:,.1f} s at {rate}", seconds=block.checkpoint_write_s,
            rate=rate_text(block.write_gbs * GB))
    lines.append(write)
    if block.server_nvme_write_gbs is not None:
        shard_gb = block.checkpoint_tb * 1e3 / block.nodes
        lines.append(msg("The server's NVMe writes a node's checkpoint shard ({shard:,.4g} GB) in {seconds:,.1f} s at "
                         "{gbs:,.3g} GB/s", shard=shard_gb, seconds=shard_gb / block.server_nvme_write_gbs,
                         gbs=block.server_nvme_write_gbs))
    if block.write_allowed_s is not None and block.write_gbs_needed is not None:
        lines.append(msg("Within {share:.0%} of the time a write may take {allowed:,.0f} s: the store must write "
                         "{need} (checkpoint / allowed time)", share=block.checkpoint_share,
                         allowed=block.write_allowed_s, need=rate_text(block.write_gbs_needed * GB)))
    host = msg("Host a node: {cores} CPU cores = {gpus} GPU processes + {loader:,.0f} data-loader cores (min "
               "{floor}); {memory:,.0f} GB memory = {factor:g} x {gpu_memory:,.0f} GB of GPU memory",
               cores=block.cores_per_node, gpus=block.gpus_per_node, loader=block.loader_cores_per_node,
               floor=MIN_CORES_PER_NODE, memory=block.system_memory_gb_per_node, factor=SYSTEM_MEMORY_PER_GPU_MEMORY,
               gpu_memory=block.gpu_memory_gb_per_node)
    if block.server_cores is not None and block.server_memory_gb is not None:
        host = msg("{line} (the server: {cores} cores, {memory:,.0f} GB)", line=host, cores=block.server_cores,
                   memory=block.server_memory_gb)
    lines.append(host)
    return tuple(lines)
