"""GPU Planner's probe: measures this machine's GPU as the planner models it and writes a runs file that
`gpuplanner calibrate` reads (README: Calibrating to your hardware).

It needs PyTorch and nothing else of GPU Planner's, so this one file can be copied to a GPU server and run there:

    python probe.py                                   # GEMM rates, memory bandwidth, training steps, decode
    torchrun --nproc-per-node 8 probe.py              # the same, plus the all-reduce bus bandwidth of the node
    python -m gpuplanner.probe --device cpu --size tiny   # a quick check anywhere (what the test suite runs)

What it writes: "runs" (a small Llama-shaped model's training steps: step time, tokens/s, peak memory, each with the
scenario that describes that workload, as `estimate` takes it), "reference_runs" (batch-1 and batch-N decode of the
same model: plain PyTorch is no serving engine of the planner's, so they are runs only with --decode-engine), and
"microbenchmarks" (GEMM TFLOP/s at the planner's shapes in BF16 and FP8, memory bandwidth, all-reduce bus bandwidth)
with the device, the driver and PyTorch's version."""

from __future__ import annotations

import argparse
import datetime
import functools
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass

import torch
from torch import nn
from torch.nn import functional

PROBE_VERSION = 1
ENGINES = ("tensorrt-llm", "vllm", "sglang", "llama.cpp")

# The catalog id of a device by the name PyTorch reports (`gpuplanner catalog gpus`), the more specific name first.
CATALOG_GPUS = (
    (r"GH200", "gh200"), (r"GB300", "gb300"), (r"GB200", "gb200"), (r"B300", "b300"), (r"B200", "b200"),
    (r"B100", "b100"), (r"H200 NVL", "h200-nvl-141gb"), (r"H200", "h200-sxm-141gb"), (r"H100 NVL", "h100-nvl-94gb"),
    (r"H100 PCIe", "h100-pcie-80gb"), (r"H100", "h100-sxm5-80gb"), (r"H800", "h800-sxm5-80gb"), (r"H20\b", "h20"),
    (r"A100.*PCIe.*80|A100 80GB PCIe", "a100-pcie-80gb"), (r"A100.*40GB", "a100-sxm4-40gb"),
    (r"A100", "a100-sxm4-80gb"), (r"A800", "a800-sxm4-80gb"), (r"L40S", "l40s"), (r"L40\b", "l40"), (r"L20\b", "l20"),
    (r"\bL4\b", "l4"), (r"\bA10\b", "a10"), (r"\bA30\b", "a30"), (r"\bA40\b", "a40"),
    (r"RTX 6000 Ada", "rtx-6000-ada"), (r"RTX A6000", "rtx-a6000"), (r"RTX 5090", "rtx-5090"),
    (r"RTX 4090 D", "rtx-4090-d"), (r"RTX 4090", "rtx-4090"), (r"RTX 3090 Ti", "rtx-3090-ti"),
    (r"RTX 3090", "rtx-3090"), (r"\bT4\b", "t4"), (r"V100.*PCIE|V100-PCIE", "v100-pcie-32gb"),
    (r"V100", "v100-sxm2-32gb"), (r"MI355X", "mi355x"), (r"MI350X", "mi350x"), (r"MI325X", "mi325x"),
    (r"MI300X", "mi300x"), (r"MI250X", "mi250x"), (r"MI210", "mi210"),
)


@dataclass(frozen=True)
class Size:
    """The workloads' dimensions: `full` on a GPU (a 0.3B-parameter Llama-shaped model, the planner's GEMM shapes of
    an 8B layer), `tiny` for a CPU check in seconds."""

    layers: int
    hidden: int
    heads: int
    kv_heads: int
    ffn_hidden: int
    vocab: int
    seq_len: int
    micro_batch: int
    decode_batch: int
    input_tokens: int
    output_tokens: int
    gemm_shapes: tuple[tuple[int, int, int], ...]  # (m, n, k): tokens x outputs x inputs
    copy_bytes: int
    all_reduce_bytes: int
    warmup: int
    repeats: int


SIZES = {
    # Llama-3-8B's GEMMs for a 4,096-token micro-batch (QKV, attention out, MLP up and gate, MLP down) and a
    # 32-sequence decode step's MLP up.
    "full": Size(layers=4, hidden=2048, heads=16, kv_heads=8, ffn_hidden=5632, vocab=32000, seq_len=2048,
                 micro_batch=4, decode_batch=32, input_tokens=512, output_tokens=64,
                 gemm_shapes=((4096, 6144, 4096), (4096, 4096, 4096), (4096, 28672, 4096), (4096, 4096, 14336),
                              (32, 28672, 4096)),
                 copy_bytes=1 << 30, all_reduce_bytes=256 << 20, warmup=3, repeats=10),
    "tiny": Size(layers=2, hidden=64, heads=4, kv_heads=2, ffn_hidden=176, vocab=256, seq_len=32, micro_batch=2,
                 decode_batch=4, input_tokens=16, output_tokens=8, gemm_shapes=((64, 96, 64), (64, 64, 176)),
                 copy_bytes=8 << 20, all_reduce_bytes=1 << 20, warmup=1, repeats=2),
}


def bus_bandwidth(algorithm_gbs: float, ranks: int) -> float:
    """All-reduce bus bandwidth: the algorithm bandwidth x 2(n-1)/n, the share of the data each link carries in a
    ring (NVIDIA nccl-tests, doc/PERFORMANCE.md), comparable across rank counts."""
    return algorithm_gbs * 2 * (ranks - 1) / ranks


def gemm_tflops(m: int, n: int, k: int, seconds: float) -> float:
    """A GEMM's rate: 2 m n k floating-point operations (a multiply and an add per term) over its time."""
    return 2 * m * n * k / seconds / 1e12


class Timer:
    """Median wall time of a callable on `device`, after warm-up, synchronising the GPU around each call."""

    def __init__(self, device: torch.device) -> None:
        self.device = device

    def sync(self) -> None:
        if self.device.type == "cuda":
            torch.cuda.synchronize(self.device)

    def median(self, run: Callable[[], object], warmup: int, repeats: int) -> float:
        for _ in range(warmup):
            run()
        times = []
        for _ in range(repeats):
            self.sync()
            start = time.perf_counter()
            run()
            self.sync()
            times.append(time.perf_counter() - start)
        return statistics.median(times)


# The model: Llama-shaped (RMSNorm, grouped-query attention, SwiGLU MLP, untied embeddings); no rotary embedding,
# which does no GEMM work and which the planner counts as none.

class RMSNorm(nn.Module):
    def __init__(self, width: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.ones(width))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * self.weight


class Block(nn.Module):
    def __init__(self, size: Size) -> None:
        super().__init__()
        self.heads, self.kv_heads, self.head_dim = size.heads, size.kv_heads, size.hidden // size.heads
        self.attention_norm, self.mlp_norm = RMSNorm(size.hidden), RMSNorm(size.hidden)
        self.qkv = nn.Linear(size.hidden, (size.heads + 2 * size.kv_heads) * self.head_dim, bias=False)
        self.out = nn.Linear(size.hidden, size.hidden, bias=False)
        self.gate_up = nn.Linear(size.hidden, 2 * size.ffn_hidden, bias=False)
        self.down = nn.Linear(size.ffn_hidden, size.hidden, bias=False)

    def forward(self, x: torch.Tensor, cache: list[torch.Tensor] | None = None, position: int = 0) -> torch.Tensor:
        batch, tokens, _ = x.shape
        q, k, v = self.qkv(self.attention_norm(x)).split(
            [self.heads * self.head_dim, self.kv_heads * self.head_dim, self.kv_heads * self.head_dim], dim=-1)
        q = q.view(batch, tokens, self.heads, self.head_dim).transpose(1, 2)
        k = k.view(batch, tokens, self.kv_heads, self.head_dim).transpose(1, 2)
        v = v.view(batch, tokens, self.kv_heads, self.head_dim).transpose(1, 2)
        if cache is not None:  # decode: keys and values of earlier tokens from the cache
            cache[0][:, :, position:position + tokens] = k
            cache[1][:, :, position:position + tokens] = v
            k, v = cache[0][:, :, :position + tokens], cache[1][:, :, :position + tokens]
        groups = self.heads // self.kv_heads
        k, v = k.repeat_interleave(groups, dim=1), v.repeat_interleave(groups, dim=1)
        attended = functional.scaled_dot_product_attention(q, k, v, is_causal=tokens > 1)
        x = x + self.out(attended.transpose(1, 2).reshape(batch, tokens, -1))
        gate, up = self.gate_up(self.mlp_norm(x)).chunk(2, dim=-1)
        return x + self.down(functional.silu(gate) * up)


class LlamaShaped(nn.Module):
    def __init__(self, size: Size) -> None:
        super().__init__()
        self.embed = nn.Embedding(size.vocab, size.hidden)
        self.blocks = nn.ModuleList(Block(size) for _ in range(size.layers))
        self.norm = RMSNorm(size.hidden)
        self.head = nn.Linear(size.hidden, size.vocab, bias=False)

    def forward(self, tokens: torch.Tensor, caches: list[list[torch.Tensor]] | None = None,
                position: int = 0) -> torch.Tensor:
        x = self.embed(tokens)
        for index, block in enumerate(self.blocks):
            x = block(x, caches[index] if caches is not None else None, position)
        return self.head(self.norm(x))


def model_fields(size: Size) -> dict[str, object]:
    """The model as a scenario's architecture (README: Scenario file)."""
    return {"layers": size.layers, "hidden": size.hidden, "heads": size.heads, "kv_heads": size.kv_heads,
            "ffn_hidden": size.ffn_hidden, "vocab": size.vocab, "gated_mlp": True, "tied_embeddings": False}


# The measurements --------------------------------------------------------------------------------------------

def measure_gemms(size: Size, device: torch.device, timer: Timer) -> tuple[list[dict[str, object]], list[str]]:
    results, notes = [], []
    for m, n, k in size.gemm_shapes:
        a = torch.randn(m, k, device=device, dtype=torch.bfloat16)
        b = torch.randn(k, n, device=device, dtype=torch.bfloat16)
        seconds = timer.median(functools.partial(torch.matmul, a, b), size.warmup, size.repeats)
        results.append({"dtype": "bf16", "m": m, "n": n, "k": k, "tflops": gemm_tflops(m, n, k, seconds)})
    if fp8_supported(device):
        for m, n, k in size.gemm_shapes:
            a = torch.randn(m, k, device=device).to(torch.float8_e4m3fn)
            b = torch.randn(n, k, device=device).to(torch.float8_e4m3fn).t()  # column-major, as _scaled_mm takes
            one = torch.tensor(1.0, device=device)
            scaled = functools.partial(torch._scaled_mm, a, b, scale_a=one, scale_b=one, out_dtype=torch.bfloat16)
            seconds = timer.median(scaled, size.warmup, size.repeats)
            results.append({"dtype": "fp8", "m": m, "n": n, "k": k, "tflops": gemm_tflops(m, n, k, seconds)})
    else:
        notes.append("FP8 GEMM: not measured (it needs an NVIDIA GPU of compute capability 8.9 or newer)")
    return results, notes


def fp8_supported(device: torch.device) -> bool:
    return device.type == "cuda" and torch.version.cuda is not None and hasattr(torch, "_scaled_mm") and \
        torch.cuda.get_device_capability(device) >= (8, 9)


def measure_copy_bandwidth(size: Size, device: torch.device, timer: Timer) -> float:
    """Memory bandwidth in GB/s: a copy reads and writes every byte once."""
    source = torch.empty(size.copy_bytes, dtype=torch.uint8, device=device)
    target = torch.empty_like(source)
    seconds = timer.median(lambda: target.copy_(source), size.warmup, size.repeats)
    return 2 * size.copy_bytes / seconds / 1e9


def measure_all_reduce(size: Size, device: torch.device, timer: Timer) -> dict[str, object]:
    import torch.distributed as dist

    ranks = dist.get_world_size()
    tensor = torch.ones(size.all_reduce_bytes // 2, dtype=torch.bfloat16, device=device)
    seconds = timer.median(lambda: dist.all_reduce(tensor), size.warmup, size.repeats)
    algorithm = size.all_reduce_bytes / seconds / 1e9
    return {"ranks": ranks, "bytes": size.all_reduce_bytes, "backend": dist.get_backend(),
            "algorithm_gbs": algorithm, "bus_gbs": bus_bandwidth(algorithm, ranks)}


def measure_training(size: Size, device: torch.device, timer: Timer) -> dict[str, float | None]:
    """AdamW steps of the model on random tokens in BF16 autocast (FP32 master weights): the median step time and,
    on a GPU, the peak memory PyTorch's allocator reserved."""
    torch.manual_seed(0)
    model = LlamaShaped(size).to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    tokens = torch.randint(0, size.vocab, (size.micro_batch, size.seq_len + 1), device=device)

    def step() -> None:
        with torch.autocast(device.type, dtype=torch.bfloat16):
            logits = model(tokens[:, :-1])
        loss = functional.cross_entropy(logits.float().reshape(-1, size.vocab), tokens[:, 1:].reshape(-1))
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)

    if device.type == "cuda":
        torch.cuda.reset_peak_memory_stats(device)
    seconds = timer.median(step, size.warmup, size.repeats)
    peak = torch.cuda.max_memory_reserved(device) / 2**30 if device.type == "cuda" else None
    return {"step_time_s": seconds, "peak_gib": peak}


@torch.no_grad()
def measure_decode(size: Size, device: torch.device, timer: Timer, batch: int) -> dict[str, float]:
    """Greedy decode of `batch` sequences with a key-value cache, weights in BF16: the prefill of the prompt (the
    time to the first token) and the median time of one more token."""
    torch.manual_seed(0)
    model = LlamaShaped(size).to(device=device, dtype=torch.bfloat16).eval()
    head_dim, length = size.hidden // size.heads, size.input_tokens + size.output_tokens
    prompt = torch.randint(0, size.vocab, (batch, size.input_tokens), device=device)

    def fresh_caches() -> list[list[torch.Tensor]]:
        return [[torch.zeros(batch, size.kv_heads, length, head_dim, device=device, dtype=torch.bfloat16)
                 for _ in range(2)] for _ in range(size.layers)]

    caches = fresh_caches()
    ttft = timer.median(lambda: model(prompt, caches, 0).argmax(-1), size.warmup, size.repeats)
    steps: list[float] = []
    for _ in range(max(size.repeats // 2, 1)):
        caches = fresh_caches()
        token = model(prompt, caches, 0)[:, -1:].argmax(-1)
        for position in range(size.input_tokens, length - 1):
            timer.sync()
            start = time.perf_counter()
            token = model(token, caches, position)[:, -1:].argmax(-1)
            timer.sync()
            steps.append(time.perf_counter() - start)
    return {"ttft_s": ttft, "tpot_s": statistics.median(steps)}


# The runs file -----------------------------------------------------------------------------------------------

def device_facts(device: torch.device) -> dict[str, object]:
    if device.type == "cuda":
        properties = torch.cuda.get_device_properties(device)
        name = properties.name
        facts: dict[str, object] = {"name": name, "memory_gib": properties.total_memory / 2**30,
                                    "compute_capability": f"{properties.major}.{properties.minor}",
                                    "cuda": torch.version.cuda, "hip": getattr(torch.version, "hip", None),
                                    "driver": driver_version()}
    else:
        name = platform.processor() or platform.machine() or "CPU"
        facts = {"name": f"CPU ({name})", "cores": os.cpu_count()}
    facts.update({"torch": torch.__version__, "python": platform.python_version(), "host": platform.node()})
    return facts


def driver_version() -> str | None:
    """The GPU driver's version, as nvidia-smi or rocm-smi report it; None when neither answers."""
    for command in (["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
                    ["rocm-smi", "--showdriverversion"]):
        if shutil.which(command[0]) is None:
            continue
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=20, check=False)
        except (OSError, subprocess.SubprocessError):
            continue
        lines = [line.strip() for line in done.stdout.splitlines() if line.strip()]
        if done.returncode == 0 and lines:
            return lines[0]
    return None


def catalog_gpu(name: str) -> str | None:
    return next((gpu for pattern, gpu in CATALOG_GPUS if re.search(pattern, name, flags=re.I)), None)


def build_runs(size: Size, facts: dict[str, object], gpu: str | None, training: dict[str, float | None],
               decodes: dict[int, dict[str, float]], decode_engine: str | None) -> dict[str, list[dict[str, object]]]:
    """The measured workloads as runs: each scenario is the workload the probe ran, on this device."""
    today = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")
    hardware = {"gpu": gpu or str(facts["name"]), "count": 1}
    driver = f", driver {facts['driver']}" if facts.get("driver") else ""
    where = f"{facts['name']}, PyTorch {facts['torch']}{driver}"
    tokens = size.micro_batch * size.seq_len
    step = training["step_time_s"]
    if step is None:
        raise ValueError("no training step was timed")
    measured: dict[str, float] = {"training.step_time_s": step, "training.tokens_per_s_per_gpu": tokens / step}
    if training["peak_gib"] is not None:
        measured["memory_gib_per_gpu.total"] = training["peak_gib"]
    train = {"scenario": {"task": "pretrain", "model": model_fields(size), "seq_len": size.seq_len,
                          "precision": "bf16", "stack": "fsdp",
                          "training": {"global_batch": size.micro_batch, "micro_batch": size.micro_batch,
                                       "optimizer": "adamw", "recompute": "none", "zero": 0,
                                       "tokens": tokens * 1000},
                          "parallelism": {"tp": 1, "pp": 1, "dp": 1}, "hardware": hardware},
             "measured": measured, "date": today,
             "source": f"gpuplanner probe {PROBE_VERSION}: AdamW steps of a Llama-shaped model in BF16 autocast, "
                       f"plain PyTorch, on {where}"}
    decode_runs = []
    for batch, figures in decodes.items():
        inference: dict[str, object] = {"batch": batch, "input_tokens": size.input_tokens,
                                        "output_tokens": size.output_tokens, "weight_dtype": "bf16",
                                        "kv_dtype": "bf16"}
        if decode_engine:
            inference["engine"] = decode_engine
        decode_runs.append({
            "scenario": {"task": "inference", "model": model_fields(size), "precision": "bf16",
                         "inference": inference, "parallelism": {"tp": 1}, "hardware": hardware},
            "measured": {"inference.ttft_s": figures["ttft_s"], "inference.tpot_s": figures["tpot_s"]},
            "date": today,
            "source": f"gpuplanner probe {PROBE_VERSION}: greedy decode of {batch} sequence(s), plain PyTorch with a "
                      f"key-value cache (no serving engine), on {where}"})
    if decode_engine:
        return {"runs": [train, *decode_runs], "reference_runs": []}
    return {"runs": [train], "reference_runs": decode_runs}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="probe", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="probe-runs.json", help="the runs file to write (default %(default)s)")
    parser.add_argument("--device", choices=["cuda", "cpu"], default=None,
                        help="where to measure (default: the GPU when PyTorch sees one)")
    parser.add_argument("--size", choices=sorted(SIZES), default=None,
                        help="full (default on a GPU) or tiny (default on the CPU: a check, not a calibration)")
    parser.add_argument("--decode-engine", choices=ENGINES, default=None,
                        help="count the decode runs as this serving engine's (they are plain PyTorch: by default "
                             "they are kept apart, as reference_runs)")
    args = parser.parse_args(argv)
    device = torch.device(args.device or ("cuda" if torch.cuda.is_available() else "cpu"))
    if device.type == "cuda" and not torch.cuda.is_available():
        print("probe: error: no GPU PyTorch can use (--device cpu measures the CPU)", file=sys.stderr)
        return 2
    size = SIZES[args.size or ("full" if device.type == "cuda" else "tiny")]
    ranks = int(os.environ.get("WORLD_SIZE", "1"))
    rank = int(os.environ.get("RANK", "0"))
    if device.type == "cuda":
        device = torch.device("cuda", int(os.environ.get("LOCAL_RANK", "0")))
        torch.cuda.set_device(device)
    timer = Timer(device)
    notes: list[str] = []
    all_reduce: dict[str, object]
    if ranks > 1:
        import torch.distributed as dist

        dist.init_process_group("nccl" if device.type == "cuda" else "gloo")
        all_reduce = measure_all_reduce(size, device, timer)
        dist.destroy_process_group()
        if rank != 0:
            return 0
    else:
        all_reduce = {"skipped": "one process: run under torchrun --nproc-per-node N for the all-reduce"}
    facts = device_facts(device)
    gpu = catalog_gpu(str(facts["name"])) if device.type == "cuda" else None
    print(f"probe: measuring {facts['name']} ({size_name(size)} sizes)", file=sys.stderr)
    gemms, gemm_notes = measure_gemms(size, device, timer)
    notes += gemm_notes
    bandwidth = measure_copy_bandwidth(size, device, timer)
    training = measure_training(size, device, timer)
    decodes = {batch: measure_decode(size, device, timer, batch) for batch in sorted({1, size.decode_batch})}
    if device.type == "cpu":
        notes.append("measured on the CPU: no catalog GPU ran it, so calibrate cannot fit these runs (a check of "
                     "the probe, not a calibration)")
    elif gpu is None:
        notes.append(f"{facts['name']} is no GPU of the planner's catalog: set hardware.gpu in the runs to its "
                     "catalog id (gpuplanner catalog gpus) if it is one of them, or calibrate cannot fit them")
    if size is SIZES["tiny"] and device.type == "cuda":
        notes.append("tiny sizes: launch overheads, not the GPU's rates, set these times")
    document = {"probe": {"version": PROBE_VERSION, "size": size_name(size), "device": facts, "catalog_gpu": gpu,
                          "calibratable": gpu is not None and size is SIZES["full"], "notes": notes},
                "microbenchmarks": {"gemm": gemms, "memory_bandwidth_gbs": bandwidth, "all_reduce": all_reduce,
                                    "sizes": asdict(size)},
                **build_runs(size, facts, gpu, training, decodes, args.decode_engine)}
    text = json.dumps(document, indent=2, allow_nan=False) + "\n"
    with open(args.out, "w", encoding="utf-8") as handle:
        handle.write(text)
    for line in summary(document):
        print(line, file=sys.stderr)
    runs = document["runs"]
    count = len(runs) if isinstance(runs, list) else 0
    print(f"probe: wrote {args.out}: {count} run(s) for gpuplanner calibrate", file=sys.stderr)
    return 0


def size_name(size: Size) -> str:
    return next(name for name, known in SIZES.items() if known is size)


def summary(document: dict[str, object]) -> list[str]:
    bench = document["microbenchmarks"]
    assert isinstance(bench, dict)
    lines = [f"  GEMM {g['dtype']} {g['m']}x{g['n']}x{g['k']}: {g['tflops']:.3g} TFLOP/s" for g in bench["gemm"]]
    lines.append(f"  memory bandwidth: {bench['memory_bandwidth_gbs']:.3g} GB/s")
    reduce = bench["all_reduce"]
    lines.append(f"  all-reduce: {reduce['bus_gbs']:.3g} GB/s bus bandwidth over {reduce['ranks']} ranks"
                 if "bus_gbs" in reduce else f"  all-reduce: {reduce['skipped']}")
    for run in [*document["runs"], *document["reference_runs"]]:  # type: ignore[misc]
        figures = ", ".join(f"{path} {value:.4g}" for path, value in run["measured"].items())
        lines.append(f"  {run['scenario']['task']}: {figures}")
    return lines


if __name__ == "__main__":
    sys.exit(main())
