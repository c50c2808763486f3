"""Serving engines (TensorRT-LLM, vLLM, SGLang, llama.cpp, Hugging Face generate) as profiles: what each achieves
on a GPU as shares of the datasheet peaks, how it admits requests to its KV cache, and the serving constants fitted on
published runs."""
from __future__ import annotations

from enum import StrEnum
from functools import lru_cache

from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.record import Calibration, ServingCalibration
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.base.records import record, replaced
from gpuplanner.core.hardware.hardware import GPU
from gpuplanner.core.models.model import ModelArch


class KvAdmission(StrEnum):
    """How an engine admits requests to its KV cache."""

    WHOLE_SEQUENCE = "whole-sequence"  # room for input + output reserved up front (no request is ever paused)
    IN_USE = "in-use"  # room for what the sequences hold now; requests pause or are preempted when it fills


@record
class EngineProfile:
    """What an inference engine achieves on a GPU, as shares of the datasheet peaks."""

    name: str
    prefill_efficiency: float  # achieved / dense peak FLOP/s while processing prompts
    decode_bandwidth_efficiency: float  # achieved / HBM bandwidth while generating
    # Share of GPU memory the engine lets weights, KV cache and workspace use; with kv_share_of_free, the share of
    # the memory left after the weights, workspace and context that the KV cache takes.
    memory_fraction: float
    quantization_block: int  # weights per 16-bit scale in integer formats
    basis: str
    # Share of a GDDR card's bandwidth decode reaches, where the engine reaches a different share there than on HBM
    # parts (None: the same as decode_bandwidth_efficiency).
    decode_bandwidth_efficiency_gddr: float | None = None
    # Time each layer of a forward pass costs whatever its size (kernel launches and synchronisation; engines that
    # replay CUDA graphs hide most of it): a floor under small models' per-token time.
    layer_overhead_s: float = 0.0
    # Time each layer costs in a pass that takes in prompt tokens, on top of layer_overhead_s: engines that replay
    # CUDA graphs for generation-only steps launch a prompt's kernels one by one (TensorRT-LLM).
    prompt_layer_overhead_s: float = 0.0
    # In-flight (continuous) batching: new prompts run in the same forward passes as the running sequences' decode
    # steps, sharing their weight reads (False: the batch's prompts first, then its decode steps).
    inflight_batching: bool = True
    # With in-flight batching, a new prompt runs in a forward pass of its own, before the running sequences' next
    # decode step, which waits for it (SGLang's scheduler: a new prefill batch first, mixed with decode only under
    # --enable-mixed-chunk); False: prompts ride in the decode passes and share their weight reads.
    prefill_pauses_decode: bool = False
    # The scheduler admits a request only with KV-cache room for its whole length, input + output (TensorRT-LLM's
    # default GUARANTEED_NO_EVICT policy); False: room for what it holds on average (vLLM, which preempts instead).
    reserves_whole_sequence: bool = False
    # The engine lets the user choose between the two admissions (TensorRT-LLM's capacity scheduler policy:
    # GUARANTEED_NO_EVICT, its default, or MAX_UTILIZATION); False: only its own.
    admission_choosable: bool = False
    # The KV cache takes memory_fraction of the memory free once the weights are loaded (TensorRT-LLM's
    # KvCacheConfig.free_gpu_memory_fraction, default 0.9); False: of the whole GPU (vLLM's gpu_memory_utilization).
    kv_share_of_free: bool = False
    # SM cycles each layer of a pass spends in its integer-weight GEMMs beyond reading the weights (W4A16 Marlin-style
    # kernels: MARLIN_LAYER_SM_CYCLES; 0: integer weights priced by their bytes alone).
    integer_layer_sm_cycles: float = 0.0
    # 8-bit integer weights run the same kernels as 4-bit ones and pay the same (vLLM's and SGLang's gptq_marlin takes
    # GPTQ's 8-bit type too); False: only 4-bit weights pay integer_layer_sm_cycles.
    int8_in_4_bit_kernels: bool = False
    # FP8 weights on a GPU without FP8 tensor cores run weight-only (W8A16) through its FP8 Marlin kernel and pay
    # integer_layer_sm_cycles too (vLLM: "For GPUs that lack FP8 hardware support, we can leverage the Marlin kernel for
    # fast weight-only FP8 quantization", model_executor/layers/quantization/utils/marlin_utils_fp8.py: 0.5's
    # fp8_marlin_gemm, later gptq_marlin with an FP8 weight type);
    # False: such weights are priced by their bytes alone.
    fp8_marlin_without_fp8_math: bool = False
    # Its 16-bit weights may run as CUDA-core GEMVs at few rows (core/serving/inference.gemm_time_s); False: its
    # unquantized linear layers call cuBLAS GEMMs, tensor cores and their tile of rows, at every batch size.
    sixteen_bit_gemv: bool = True
    # (latency, latency per further GPU) of its own all-reduce of few tokens over a scale-up fabric (None: NCCL's,
    # TP_ALLREDUCE_BASE_S and TP_ALLREDUCE_PER_GPU_S).
    allreduce_latency_s: tuple[float, float] | None = None
    # (vendor or architecture, share) pairs: on that vendor's parts (an architecture named: on its parts) its GEMMs
    # stream the weights at this share of the rate its weight and KV reads reach (decode_bandwidth_efficiency), its
    # port's kernels being other than the CUDA ones its shares were fitted with; a vendor not named streams them at
    # the full rate.
    weight_stream_share: tuple[tuple[str, float], ...] = ()
    # (vendor, share) pairs: on that vendor's parts its fused-MoE kernel multiplies FP8 experts at this share of the
    # rate the routed experts' grouped GEMMs reach elsewhere (core/serving/inference.expert_gemm_share); a vendor not
    # named, or experts in another format, keep the full rate.
    fp8_expert_share: tuple[tuple[str, float], ...] = ()
    # (vendor, seconds) pairs: time each layer's norm and activation kernels take on that vendor's parts at decode
    # rows, whatever their bytes, where its weight stream there is a timing of the GEMMs alone (weight_stream_share);
    # elsewhere the shares fitted on whole decode steps hold them.
    vendor_layer_kernels_s: tuple[tuple[str, float], ...] = ()
    # The most requests its scheduler runs at once by default, beyond what its KV cache admits (vLLM's max_num_seqs,
    # SGLang's max_running_requests, TensorRT-LLM's max_batch_size); requests past it, or past the cache, wait in its
    # queue and run as others finish. None: no scheduler of its own (a padded static batch, llama.cpp's slots), and a
    # batch beyond the cache does not fit.
    max_running_requests: int | None = None
    # Its default cap on a GPU of at least LARGE_GPU_GIB other than an A100, where that default is larger (None: the
    # same as max_running_requests).
    max_running_requests_large_gpu: int | None = None
    # Its cap grows with its KV token pool (SGLang's request pool, SGLANG_REQUESTS_PER_CONTEXT_OF_POOL requests for
    # each context length the pool holds, up to SGLANG_MAX_RUNNING_REQUESTS_CEILING, and at most half its tokens).
    running_requests_from_token_pool: bool = False
    # Its KV cache grows by concatenation: each decode step copies every layer's whole cache into a new tensor one
    # token longer (read and written once more a step); False: a preallocated (paged or static) cache written in place.
    kv_cache_copied_each_step: bool = False
    # Its attention takes K and V repeated for every query head (grouped-query attention materialised by a copy before
    # the kernel, which then reads the copy): each step writes and reads query-heads / KV-heads times the cache;
    # False: the kernel reads each KV head once for its group of query heads.
    kv_repeated_to_query_heads: bool = False
    # Host time each pass, and each sequence a pass schedules, costs with the GPU idle meanwhile (an engine whose
    # scheduler, output processing and API server run in step with the GPU: vLLM before 0.6, VLLM_0_5_HOST_S_PER_PASS
    # and VLLM_0_5_HOST_S_PER_SEQUENCE); 0: hidden behind the GPU's work.
    host_s_per_pass: float = 0.0
    host_s_per_sequence: float = 0.0
    # Its 16-bit GEMMs accumulate in FP16 (cuBLAS's CUBLAS_COMPUTE_16F): they run at the tensor cores'
    # FP16-accumulate rate, twice the FP32-accumulate rate the datasheet gives on GeForce cards (the same on
    # data-centre parts); False: FP32 accumulation, the datasheet's 16-bit rate.
    sixteen_bit_accumulate: bool = False
    # Passes of more rows than this convert each integer weight matrix to a 16-bit copy before a cuBLAS GEMM on it
    # (read the quantized weights, write the copy: dequantized_copy_s); None: integer weights are multiplied in
    # place at every row count.
    dequantizes_above_rows: int | None = None
    # Its decode steps replay captured CUDA graphs by default (vLLM, SGLang, TensorRT-LLM), and the user may turn them
    # off (inference.cuda_graphs: vLLM's --enforce-eager, SGLang's --disable-cuda-graph), every kernel then launched
    # from Python each step (eager_launch_s); False: the engine's own per-layer cost stands and there is no such mode.
    cuda_graphs: bool = False

    def running_request_cap(self, gpu: GPU) -> int | None:
        """The engine's default cap on requests in flight on this GPU (vLLM's get_batch_defaults reads the device's
        memory and name)."""
        large = (gpu.memory_gib or 0.0) >= LARGE_GPU_GIB and "a100" not in gpu.model.lower()
        if large and self.max_running_requests_large_gpu is not None:
            return self.max_running_requests_large_gpu
        return self.max_running_requests

    def forward_overhead_s(self, model: ModelArch, gpu: GPU, prompts: float = 0.0) -> float:
        """The fixed part of one forward pass, independent of batch and size: every pass pays layer_overhead_s a
        layer (and on this GPU's vendor's parts its vendor_layer_kernels_s) and the engine's host time a pass, and a
        pass taking in prompts (a share `prompts` of passes, at most all) the prompt launches too."""
        layer = self.layer_overhead_s + dict(self.vendor_layer_kernels_s).get(gpu.vendor, 0.0)
        return model.layers * (layer + self.prompt_layer_overhead_s * min(1.0, prompts)) + self.host_s_per_pass

    def weight_stream_share_on(self, gpu: GPU) -> float:
        """The share of its read rate the engine's GEMMs stream weights at on this GPU: its architecture's where the
        engine names it, else its vendor's."""
        shares = dict(self.weight_stream_share)
        return shares.get(gpu.architecture, shares.get(gpu.vendor, 1.0))

    def fp8_expert_share_on(self, gpu: GPU) -> float:
        """The share of the routed experts' grouped-GEMM rate the engine's fused-MoE kernel reaches with FP8 experts
        on this GPU's vendor's parts."""
        return dict(self.fp8_expert_share).get(gpu.vendor, 1.0)

    def bandwidth_efficiency(self, gpu: GPU) -> float:
        """The share of the GPU's memory bandwidth the engine's weight and KV reads reach."""
        if gpu.has_gddr_memory and self.decode_bandwidth_efficiency_gddr is not None:
            return self.decode_bandwidth_efficiency_gddr
        return self.decode_bandwidth_efficiency

    def kv_traffic_per_read(self, model: ModelArch) -> float:
        """Bytes a decode step moves for each byte of KV cache it attends over: 1 where the attention kernel reads the
        cache once; a concatenated cache is also read and written (2 more); K and V repeated for every query head are
        read once, written query-heads / KV-heads times, and that copy read by the kernel instead of the cache."""
        group = model.heads / max(1, model.kv_heads) if model.kv_heads else 1.0
        repeated = 1.0 + 2.0 * group if self.kv_repeated_to_query_heads and group > 1.0 else 1.0
        return repeated + (2.0 if self.kv_cache_copied_each_step else 0.0)


# vLLM's default max_num_seqs, the requests its scheduler runs at once: 256, and 1024 on a GPU of at least 70 GiB
# whose name is not an A100's (EngineArgs._set_default_max_num_seqs_and_batched_tokens_args / get_batch_defaults,
# vllm/engine/arg_utils.py, V1 engine; the V0 engine, vLLM up to 0.7, took 256 everywhere: EngineArgs.__post_init__,
# "256 if not envs.VLLM_USE_V1 else 1024").
VLLM_MAX_NUM_SEQS = 256


VLLM_MAX_NUM_SEQS_LARGE_GPU = 1024


LARGE_GPU_GIB = 70.0


# SGLang's max_running_requests by default: the smaller of half its token pool and its request pool, the pool's tokens
# over the model's context length x 512, within 2048 and 4096 (ModelRunner.init_memory_pool's max_num_reqs,
# python/sglang/srt/model_executor/model_runner.py). The floor stands where the model's context length is unknown.
SGLANG_MAX_RUNNING_REQUESTS = 2048


# TensorRT-LLM's max_batch_size by default, the most requests its in-flight batcher schedules at once: 2048
# (BuildConfig.max_batch_size, tensorrt_llm/builder.py at 008b2b8d, which trtllm-build, trtllm-serve and the LLM API
# start from; max_num_tokens 8192 beside it). Within it the capacity scheduler admits what the KV cache holds by its
# policy and the rest wait (GUARANTEED_NO_EVICT: each request's whole length; MAX_UTILIZATION: what they hold now).
# trtllm-bench sizes it per run instead: 0.12 from a table (tensorrt_llm/bench/build/benchmark_config.yml at
# 32ed92e4: 4096 for Llama-2-7b at TP 1), later releases from the KV cache the dataset's lengths fill, rounded up and
# capped at 4096 (calc_engine_setting / finetune_setting, tensorrt_llm/bench/build/tuning.py at 04cba882): at least
# what the cache holds, so there the cache binds.
TRTLLM_MAX_BATCH_SIZE = 2048


SGLANG_MAX_RUNNING_REQUESTS_CEILING = 4096


SGLANG_REQUESTS_PER_CONTEXT_OF_POOL = 512


# vLLM (0.21-0.23, 2026: CUDA graphs, no per-layer cost) reads weights at 0.78 of HBM bandwidth at batch 1: fitted on
# the A100 40GB run (vllm-llama31-8b-bf16-a100-40gb-sweep), judged on the H100 one (inferencebench-...-h100).
VLLM_HBM = 0.78


VLLM_PREFILL_SHARE = 0.9  # vLLM's prompt processing against TensorRT-LLM's: an assumption (no vLLM prompt run)


# vLLM-Ascend (the vLLM plugin that runs it on Huawei Ascend NPUs through torch_npu, ACLGraph replay by default since
# v0.9.1) streams a decode pass's weights at 0.375 of vLLM's share of the NPU's bandwidth: fitted on GPUStack's
# Qwen3-8B (BF16) on one 910B at concurrency 4 (vLLM-Ascend 0.9.1, mean TPOT 47.3 ms: 16.4 GB of weights a step at
# 0.35 TB/s of the catalog's 1.2); judged on the vLLM-Ascend suffix-decoding tutorial's Qwen3-32B at TP 4 on an
# Atlas 800T A2 (2026, the same 16.4 GB a NPU and a TPOT of 54-65 ms at concurrency 1-26) and on GPUStack's
# large-batch rows, whose KV-cache reads keep the full share. The cause is not published: the 910B's bandwidth
# itself is quoted at 0.9-1.6 TB/s by the compilations the catalog cites.
VLLM_ASCEND_WEIGHT_STREAM = 0.375


# vLLM on ROCm runs its FP8 linear layers at decode batches as hipBLASLt GEMMs (torch._scaled_mm) beyond the one row
# (four in later releases) its own skinny wvSplitKQ kernel takes (rocm_per_tensor_float_w8a8_scaled_mm_impl,
# vllm/model_executor/layers/quantization/kernels/scaled_mm/rocm.py), and hipBLASLt streams so few rows' weights well
# below the HBM's rate. Hugging Face and AMD timed it for Llama 3.1 405B FP8 at TP 8 on an MI300X ('Creating custom
# kernels for the AMD MI300', Hugging Face blog, 2025, 'Skinny GEMM kernel' table, Torch column at one row; CUDA
# graphs, several weight copies so none is cached): QKV (2304 x 16384), gate/up (13312 x 16384) and down
# (16384 x 6656) read 364.9 MB in 14.938 + 77.636 + 31.066 us, 2.95 TB/s, 0.557 of the MI300X's 5.3 TB/s (the three
# within 9 % of it at 8-32 rows). Over what vLLM's reads reach of a datasheet bandwidth (VLLM_HBM), 0.714: a kernel
# measurement, no serving run fitted; the vLLM runs on MI300X judge it.
ROCM_HIPBLASLT_SKINNY_FP8_STREAM = 364.9e6 / ((14.938 + 77.636 + 31.066) * 1e-6) / 5.3e12


VLLM_ROCM_WEIGHT_STREAM = ROCM_HIPBLASLT_SKINNY_FP8_STREAM / VLLM_HBM


# hipBLASLt at one row on CDNA 4 (gfx950, MI355X): a 16-bit 8448 x 7168 GEMM (121.1 MB of weights) in 33.135 us,
# 3.66 TB/s, 0.457 of the MI355X's 8 TB/s (ROCm/aiter pull request 4772, 2026, its table against hipBLASLt BF16,
# M = 1): no more of its datasheet bandwidth than CDNA 3's 0.557 above. One shape, 16-bit, and its weights fit the
# part's 256 MB Infinity Cache, which the table does not say it flushed: a ceiling on what hipBLASLt streams from
# HBM there, so the share it gives is never the favourable one.
ROCM_CDNA4_HIPBLASLT_SKINNY_STREAM = 8448 * 7168 * 2 / 33.135e-6 / 8.0e12


VLLM_CDNA4_WEIGHT_STREAM = ROCM_CDNA4_HIPBLASLT_SKINNY_STREAM / VLLM_HBM


# vLLM's ports to other vendors' parts and the share of its read rate their kernels stream weights at (on AMD's,
# by architecture: CDNA 3's timing for every AMD part, CDNA 4's own on CDNA 4).
VLLM_PORT_WEIGHT_STREAM = (("Huawei", VLLM_ASCEND_WEIGHT_STREAM), ("AMD", VLLM_ROCM_WEIGHT_STREAM),
                           ("CDNA 4", VLLM_CDNA4_WEIGHT_STREAM))


# vLLM on ROCm runs an MoE layer's experts in its Triton fused-MoE kernel unless AITER is switched on
# (VLLM_ROCM_USE_AITER, off by default; vllm/model_executor/layers/fused_moe), and with FP8 experts that kernel
# multiplies them far below the rate a vendor-tuned one reaches: AMD measured AITER's block-scale fused MoE at up to
# 3 x the performance of what it replaces on MI300X ('AITER: AI Tensor Engine For ROCm', ROCm blogs, 2025-03,
# 'AITER block-scale fused MoE: up to 3x'). The grouped-GEMM shares (EXPERT_HALF_SHARE_COLUMNS_PER_SM_FLOP) are
# fitted on TensorRT-LLM's fused-MoE kernels, a vendor-tuned kernel: vLLM's FP8 experts on AMD parts run at a third
# of that, the slowest AMD's figure allows (the runs below are slower still). Judged on vLLM's Qwen3-30B-A3B-FP8
# offline runs on one MI300X (vLLM pull request 17530: 2.2-2.7 x fast without it, alike over 1,000- to
# 10,000-token prompts) and dstack's DeepSeek-R1 on eight (vLLM 0.7.3).
AITER_BLOCK_SCALE_FUSED_MOE_SPEEDUP = 3.0


VLLM_ROCM_FP8_EXPERT_SHARE = 1.0 / AITER_BLOCK_SCALE_FUSED_MOE_SPEEDUP


# vLLM's own residual-add + RMS norm and SiLU-and-multiply kernels on an MI300X take a fixed time at decode rows, in
# the same blog's tables ([rows, 16384] FP16 input, vLLM column): 5.51 us a norm and 3.84 us the activation at one
# row, 5.86 / 4.01 at 16 (a kernel's bytes at one row, about 0.1 MB, take some 0.03 us at the HBM's rate). A layer
# runs two norms and one activation. On ROCm the weight stream is the GEMMs' own timing (VLLM_ROCM_WEIGHT_STREAM),
# so these are priced beside it.
VLLM_ROCM_LAYER_KERNELS_S = 2 * 5.5145e-6 + 3.84116e-6


VLLM_PORT_LAYER_KERNELS_S = (("AMD", VLLM_ROCM_LAYER_KERNELS_S),)


# A small all-reduce (one decode token's activations) inside a node costs a fixed latency (kernel launch and the
# GPUs' flag exchange) and a little more for each further GPU. Fitted on gpt-fast's batch-1 tensor-parallel table
# (README, 'Tensor Parallelism': Llama-2-7B on 1-8 and 70B on 2-8 A100 80GB): its speed-ups over one GPU (7B) and
# two (70B) come within 5 % with 16 us and 1.5 us a further GPU (tests/test_inference.py).
TP_ALLREDUCE_BASE_S = 16e-6


TP_ALLREDUCE_PER_GPU_S = 1.5e-6


# llama.cpp (Dec 2023, no CUDA graphs) pays a fixed cost per layer of every forward pass and reaches a larger share
# of a GDDR card's bandwidth than of an HBM part's. Fitted on llama-bench's batch-1 decode (tg, no prompt): the GDDR
# share and the per-layer cost on the RTX 3090 and 4090 rows (F16 and Q4_0), the HBM share then on the A100 rows; the
# RTX A6000 / RTX 6000 Ada and H100 PCIe rows judge them (benchmarks/validate.py, "[fitted]" marks the others).
LLAMA_CPP_HBM = 0.62


LLAMA_CPP_GDDR = 0.93


LLAMA_CPP_LAYER_OVERHEAD_S = 80e-6


# llama.cpp's CUDA backend (ggml-cuda.cu, early 2024: ggml_cuda_op_mul_mat_cublas, "convert src0 and src1 to fp16,
# multiply as fp16, convert dst to fp32") multiplies a prompt's matrices with cublasGemmEx in CUBLAS_COMPUTE_16F
# (FP16 accumulation), converting quantized weights to an FP16 copy first (to_fp16_cuda) wherever a pass has more
# rows than MMQ_MAX_BATCH_SIZE ("max batch size to use MMQ kernels when tensor cores are available": 32).
LLAMA_CPP_MMQ_MAX_ROWS = 32


# A decode pass of few tokens can multiply each weight matrix as a GEMV on the SMs' CUDA cores (no tensor-core tile
# of rows to fill), which keeps few bytes in flight per SM: its weight stream is bounded by the SMs x their clock, not
# only by HBM (Little's law: bytes in flight / memory latency). gpt-fast's Llama-2-7B at batch 1 on one A100 80GB
# reads 1,397 GB/s (README 'Benchmarks', 'Base' row): over the A100's 152 G SM cycles/s (19.5 TFLOP/s FP32 / 128 FLOP
# per SM cycle), 9.2 bytes per SM cycle (a floor: that A100 was power-limited to 330 W). Engines run the faster of the
# GEMV and the tensor-core GEMM (core/inference.gemm_time_s): the GEMV wins where the tensor cores are too slow to
# pay a tile's rows for one (the H20: 148 TFLOP/s BF16 for 4.0 TB/s), judged on the H20 batch-1 runs.
GEMV_BYTES_PER_SM_CYCLE = 9.2


# The most rows engines run as GEMVs rather than tensor-core GEMMs (an assumption: batched GEMV kernels, such as
# TensorRT-LLM's weight-only ones, are written for batches of a few rows; beyond, every engine runs GEMMs).
GEMV_MAX_ROWS = 4


# Integer weights (AWQ / GPTQ, W4A16 and W8A16) run Marlin kernels (vLLM's gptq_marlin / awq_marlin, which GPTQ and AWQ
# checkpoints are converted to at load: GPTQMarlinConfig.override_quantization_method; sgl-kernel carries the same):
# each GEMM's K is striped over the SMs and the blocks sharing an output slice reduce their partial sums one after
# another through L2 (csrc/quantization/gptq_marlin/gptq_marlin.cu, global_reduce: "we perform this reduction
# serially in L2 cache"), after filling a cp.async pipeline: a fixed amount of SM work per GEMM, whatever its size,
# and each GPU of a tensor-parallel group runs every layer's GEMMs on its slice. SM cycles a layer: fitted on
# SGLang's AWQ rows on an RTX PRO 6000 (treeru, 2026: 8B, 14B, 32B within 2 %), judged on the Qwen3 speed
# benchmark's AWQ rows on an H20 and the Qwen2.5 one's vLLM GPTQ / AWQ rows on A100s (benchmarks/unseen_runs.py).
# It replaces a cost per weight (9 FP32-pipe operations a weight, fitted on the same rows), which priced the 72B
# model's 4-bit decode at TP 2 50 % slow: each of its GPUs reads 0.95 TB/s of weights, more than the 7B model's
# one (0.85), where a cost per weight says less. The 72B model's 4-bit row on one GPU (0.68 TB/s, a third of its TP 2
# speed) stays 46 % fast: no per-GPU mechanism makes one GPU three times slower than two.
MARLIN_LAYER_SM_CYCLES = 12.5e6


# An MoE layer costs work beside reading its experts that no byte count sees: the router, its top-k, sorting the
# tokens by expert (moe_align_block_size) and the fused-MoE kernels' per-expert tiles, each a short kernel on few
# SMs. At batch 1 it is a fixed amount of SM work a layer, in SM cycles: fitted on SGLang's Qwen3-30B-A3B decode on
# an RTX PRO 6000 (treeru, 2026), judged on the Qwen3 speed benchmark's 30B-A3B and 235B-A22B rows on H20s (whose few
# SMs take it ~3 x longer: 60-80 us a layer against ~22). The form holds across parts: NVIDIA's aiconfigurator times
# SGLang 0.5.10's routing and fused-MoE op alone at batch 1 (systems/data/*/moe/sglang, commit 095f58a5; its latency
# over 12 expert shapes less their weights' read) at 5.6-8.7 M SM cycles a layer on A100, H100, H200, B200, L40S and
# RTX PRO 6000 (11-49 us), and the same at TP 1 to 8 on the HBM parts (4.4-9.0 M): the work does not split over
# tensor-parallel ranks. The op is about 40 % of the figure here, fitted end to end; the rest is outside it.
MOE_LAYER_SM_CYCLES = 16.5e6


# A routed expert's grouped GEMM reaches width / (width + W) x rows / (rows + R) of a dense GEMM's rate, its width the
# expert's FFN columns on one GPU (ffn_hidden / TP), its rows the tokens routed to it, and W in proportion to the dense
# FLOPs an SM issues a cycle (a tile's fixed cycles, pipeline fill and epilogue, against the math its columns give):
# W = 0.135 x that. Fitted on NVIDIA's aiconfigurator, which times TensorRT-LLM 1.3.0rc20's fused-MoE op alone
# (systems/data/{h100_sxm,h200_sxm,b200_sxm}/moe/trtllm/1.3.0rc20 at 095f58a5; BF16 and FP8, balanced routing, no EP,
# 16-16,384 columns, at least 256 rows an expert): one W factor for the six tables within 0.106 of a log median,
# each table's widest experts at 0.76-0.93 of its peak (the share here is capped at the dense rate), W = 510 columns
# on H100 in BF16, 1,020 in FP8, 1,040 / 2,070 on B200 (the six tables' own fits: 525-925 and 900-1,625).
# DeepSeek-V3's experts at TP 8 (256 columns) reach 0.075 of H200's FP8 peak there, at EP 8 (2,048) 0.29,
# Mixtral's at TP 2 (7,168) 0.70 of H100's. B200's NVFP4 experts fit W = 1,300 with the widest at 0.30 of the peak:
# at 768 columns (Qwen3-30B-A3B) 0.11 of the peak, where this form gives 0.16 of TensorRT-LLM's FP4 share (0.08).
EXPERT_HALF_SHARE_COLUMNS_PER_SM_FLOP = 0.135


# The dense tensor FLOPs an H100 SM issues a cycle by math width (NVIDIA H100 Tensor Core GPU Architecture
# whitepaper: four tensor cores of 512 dense FP16 FMA a clock, twice that in FP8): the width half-share's basis where
# a part's SMs are unknown (another vendor's). FP4 math, which Hopper lacks, at twice FP8's rate as on Blackwell.
HOPPER_TENSOR_FLOP_PER_SM_CYCLE = {"16-bit": 4096.0, "fp8": 8192.0, "fp4": 16384.0}


EXPERT_ROWS_HALF_SHARE = 32.0  # R above: the same fit


# SGLang (0.4.6-0.5.8: FlashInfer attention, CUDA graphs for decode, sgl-kernel GEMMs) reads a GDDR card's weights at
# a larger share of its bandwidth than vLLM's HBM share: fitted on its BF16 rows on an RTX PRO 6000 (treeru, 2026;
# 8B, 14B, 32B read at 1.49-1.57 TB/s of 1.79). Its HBM share is vLLM's (its HBM runs, on H20s, are bound by the
# tensor cores' tiles or the SMs).
SGLANG_GDDR = 0.88


# SGLang's tensor-parallel all-reduces of few tokens run a one-shot custom kernel over NVLink peer memory instead of
# NCCL: vLLM's custom all-reduce kernel, which sgl-kernel carries, took 8.8 / 8.5 / 9.3 us at 2 / 4 / 8 H100s for
# 4 KB (sgl-project/sglang pull request 2904, 'unit test performance in H100', its 'vllm' table; SGLang's own one-shot
# kernel there, 3.7-5.7 us). Fitted as a latency and a part per further GPU; without a scale-up fabric the engine
# falls back to NCCL (core/serving/inference.allreduce_latency_s).
SGLANG_ALLREDUCE_BASE_S = 8.5e-6


SGLANG_ALLREDUCE_PER_GPU_S = 0.1e-6


# TensorRT-LLM's weight-only (W4A16 / W8A16) layers at decode batches run its batched CUDA-core GEMVs
# (cpp/tensorrt_llm/kernels/weightOnlyBatchedGemv), and LMDeploy TurboMind's 4-bit layers its own GEMM
# (src/turbomind/kernels/gemm_s_f16/gemm_s4_f16.cu, its tile picked per shape): each block dequantizes its output
# columns' weights in registers and reduces them over the whole K itself, with no partial sums reduced serially
# through L2 as Marlin's are. Their integer weights are priced by their bytes and scales alone (no
# MARLIN_LAYER_SM_CYCLES).


# The kernels one decoder layer of a serving engine launches at a decode step when it runs eagerly (no CUDA graphs),
# as vLLM's Llama-family layer calls them (vllm/model_executor/models/llama.py LlamaDecoderLayer, V1's FlashAttention
# backend): the fused residual-add RMS norm twice, the QKV, output, gate-up and down GEMMs, the rotary kernel, the
# KV-cache write and the attention kernel, SiLU-and-multiply. SGLang's and TensorRT-LLM's PyTorch layers run the same
# fused kernels. A tensor-parallel layer adds its two all-reduces; an MoE layer runs the router GEMM, top-k, the
# token-to-expert alignment, two grouped expert GEMMs, the activation and the top-k sum (vLLM's fused_moe) where a
# dense MLP runs three.
EAGER_KERNELS_PER_LAYER = 10
EAGER_TP_KERNELS_PER_LAYER = 2
EAGER_MOE_EXTRA_KERNELS_PER_LAYER = 4


HF_GENERATE = "hf"
VLLM_BEFORE_0_6 = "vllm-0.5"  # vLLM's releases before 0.6 (its 0.5 line), whose host work held the GPU up

# vLLM before 0.6 ran its API server, scheduler and output processing (detokenising, stop checks) in one process, in
# step with the GPU: a cost each pass and a cost each sequence it schedules ("vLLM v0.6.0: 2.7x Throughput Improvement
# and 5x Latency Reduction", vLLM blog, 2024-09-05: output processing 'increasing as batch sizes grew'). Two of the
# blog's figures for Llama 3 8B on one H100 set the two. 'Llama3 8B can generate 1 token every 13 ms under light
# load': against the planner's 6.17 ms GPU step at batch 1 (BF16), 6.83 ms of host time for a pass of one sequence.
# Its profile of the throughput run (500 ShareGPT prompts at once, 202 in and 179 out on average) found the GPU busy
# 38 % of the time: the planner prices that run (256 requests at once as vLLM 0.5 ran, ShareGPT's lengths) at 10.04 s
# of GPU time in 797 passes over 89,500 scheduled sequences, so the host took 62/38 x 10.04 = 16.38 s =
# 797 x per pass + 89,500 x per sequence. Hence 6.71 ms a pass and 0.123 ms a sequence. Judged on the blog's Llama 3
# 70B on 4 H100: 1.64 x the GPU time (the blog's v0.5.3 -> v0.6.0 throughput gain there: 1.8 x).
VLLM_0_5_HOST_S_PER_PASS = 6.71e-3
VLLM_0_5_HOST_S_PER_SEQUENCE = 1.23e-4


# Hugging Face Transformers' generate() runs the model eagerly, op by op from Python (no CUDA graphs): at small
# batches the GPU waits on the host's dispatch of each layer's few dozen kernels. PyTorch's "GPT, Fast" post (Nov
# 2023, 'Starting Point (25.5 tok/s)') measures a plain eager Llama-2-7B at 25.5 tokens/s on an A100 80GB at batch 1:
# 39.2 ms a token, of which reading its 13.5 GB takes 9.6 ms at the A100's GEMV stream (GEMV_BYTES_PER_SM_CYCLE):
# 29.6 ms over 32 layers, 0.92 ms a layer of host-bound time.
HF_EAGER_LAYER_OVERHEAD_S = 0.92e-3


def hf_generate(calibration: ServingCalibration) -> EngineProfile:
    """Hugging Face Transformers' generate() (eager PyTorch, no CUDA graphs): serving with the library itself, and
    the RL rollout engine of TRL and OpenRLHF without vLLM. Prompts run cuBLAS GEMMs and SDPA's fused attention (vLLM's
    prompt share); each decode step pays the host's eager dispatch a layer (HF_EAGER_LAYER_OVERHEAD_S), copies its KV
    cache one token longer (DynamicCache.update's torch.cat, transformers/cache_utils.py) and repeats grouped K and V
    for every query head before attention (repeat_kv, models/llama/modeling_llama.py); a padded static batch (every
    sequence of a batch runs until its longest ends, its KV cache sized for the whole length up front)."""
    return EngineProfile("Hugging Face generate", VLLM_PREFILL_SHARE * calibration.trtllm_prefill, VLLM_HBM, 1.0,
                         128, "eager per-layer cost from PyTorch's GPT, Fast eager baseline (Llama-2-7B, A100); "
                              "prompt and weight-read shares: vLLM's; KV cache concatenated each step and repeated "
                              "for every query head; a padded static batch that reserves each sequence's whole length",
                         layer_overhead_s=HF_EAGER_LAYER_OVERHEAD_S, inflight_batching=False,
                         reserves_whole_sequence=True, kv_cache_copied_each_step=True,
                         kv_repeated_to_query_heads=True)


def vllm(calibration: ServingCalibration) -> EngineProfile:
    """vLLM: TensorRT-LLM's fitted prompt share scaled, its own decode share, kernels and ports, its scheduler's
    default cap on running requests (more on large GPUs)."""
    return EngineProfile("vLLM", VLLM_PREFILL_SHARE * calibration.trtllm_prefill, VLLM_HBM, 0.90, 128,
                         "prompt processing: an assumption, 90 % of the TensorRT-LLM profile; decode: fitted on a vLLM "
                         "0.23 batch-1 run on an A100 40GB, judged on a vLLM 0.21 run on an H100; weight stream on "
                         "AMD parts: hipBLASLt's FP8 GEMMs timed at decode rows on an MI300X (Hugging Face / AMD), "
                         "and on CDNA 4 a hipBLASLt timing at one row on gfx950, judged on vLLM runs there; FP8 "
                         "experts on AMD parts: its Triton fused-MoE kernel at a third of a tuned kernel's rate (AMD's "
                         "AITER figure); on Huawei parts: fitted on a vLLM-Ascend run",
                         integer_layer_sm_cycles=MARLIN_LAYER_SM_CYCLES, int8_in_4_bit_kernels=True,
                         weight_stream_share=VLLM_PORT_WEIGHT_STREAM, vendor_layer_kernels_s=VLLM_PORT_LAYER_KERNELS_S,
                         fp8_expert_share=(("AMD", VLLM_ROCM_FP8_EXPERT_SHARE),),
                         fp8_marlin_without_fp8_math=True, max_running_requests=VLLM_MAX_NUM_SEQS,
                         max_running_requests_large_gpu=VLLM_MAX_NUM_SEQS_LARGE_GPU, cuda_graphs=True)


def vllm_before_0_6(calibration: ServingCalibration) -> EngineProfile:
    """vLLM before 0.6: today's vLLM kernels and memory shares (vllm), its host work in step with the GPU
    (VLLM_0_5_HOST_S_PER_PASS, VLLM_0_5_HOST_S_PER_SEQUENCE) and its V0 scheduler's 256 requests at once on every
    GPU."""
    return replaced(vllm(calibration), name="vLLM < 0.6",
                    basis="vLLM's prompt and decode shares; host time a pass and a scheduled sequence from the vLLM "
                          "0.6.0 blog (Llama 3 8B on an H100: 13 ms a token under light load, the GPU busy 38 % of "
                          "the time on its throughput run)",
                    max_running_requests_large_gpu=None, host_s_per_pass=VLLM_0_5_HOST_S_PER_PASS,
                    host_s_per_sequence=VLLM_0_5_HOST_S_PER_SEQUENCE)


def build_engines(calibration: ServingCalibration, fit_sources: tuple[str, ...]) -> dict[str, EngineProfile]:
    """The engine profiles, TensorRT-LLM's (and vLLM's prompt share) from the fitted calibration (fitted on the
    sources `fit_sources` names)."""
    return {
        "tensorrt-llm": EngineProfile("TensorRT-LLM", calibration.trtllm_prefill, calibration.trtllm_hbm, 0.90, 128,
                                      "fit to " + "; ".join(fit_sources) + "; KV room reserved for each "
                                      "request's whole length (its default GUARANTEED_NO_EVICT scheduler), 90 % of the "
                                      "memory free after the weights (free_gpu_memory_fraction); CUDA graphs for "
                                      "generation-only steps",
                                      reserves_whole_sequence=True, admission_choosable=True, kv_share_of_free=True,
                                      prompt_layer_overhead_s=calibration.trtllm_prompt_layer_s,
                                      max_running_requests=TRTLLM_MAX_BATCH_SIZE, cuda_graphs=True),
        "vllm": vllm(calibration),
        # SGLang (RadixAttention scheduler, FlashInfer kernels, CUDA graphs for decode; its --mem-fraction-static,
        # 0.88 by default, takes the weights and the KV pool). Its unquantized linear layers are torch's F.linear,
        # a cuBLAS GEMM at any batch (UnquantizedLinearMethod.apply, python/sglang/srt/layers/linear.py); FP8 and
        # 4-bit weights run its own kernels (sgl-kernel, Marlin). Its scheduler runs a waiting prompt as a prefill batch
        # of its own before the next decode step ("Run prefill first if possible", Scheduler.get_next_batch_to_run,
        # python/sglang/srt/managers/scheduler.py; mixed batches only under --enable-mixed-chunk, off by default).
        "sglang": EngineProfile("SGLang", VLLM_PREFILL_SHARE * calibration.trtllm_prefill, VLLM_HBM, 0.88, 128,
                                "decode: fitted on SGLang 0.5.8's batch-1 rows on an RTX PRO 6000 (GDDR share, 4-bit "
                                "dequantization, MoE layer work), judged on SGLang 0.4.6's on H20s (Qwen3 speed "
                                "benchmark); HBM share and prompt processing: vLLM's (no SGLang prompt run); memory: "
                                "--mem-fraction-static's default 0.88 of the GPU for weights and KV pool",
                                decode_bandwidth_efficiency_gddr=SGLANG_GDDR,
                                integer_layer_sm_cycles=MARLIN_LAYER_SM_CYCLES, int8_in_4_bit_kernels=True,
                                sixteen_bit_gemv=False, prefill_pauses_decode=True,
                                allreduce_latency_s=(SGLANG_ALLREDUCE_BASE_S, SGLANG_ALLREDUCE_PER_GPU_S),
                                max_running_requests=SGLANG_MAX_RUNNING_REQUESTS,
                                running_requests_from_token_pool=True, cuda_graphs=True),
        "llama.cpp": EngineProfile("llama.cpp", 0.22, LLAMA_CPP_HBM, 1.0, 32,
                                   "fit to llama-bench results (XiongjieDai, Dec 2023): pp and tg, F16 and Q4_0; "
                                   "decode on HBM parts (A100) and GDDR cards (RTX 3090, 4090) apart, with a "
                                   "per-layer cost",
                                   decode_bandwidth_efficiency_gddr=LLAMA_CPP_GDDR,
                                   layer_overhead_s=LLAMA_CPP_LAYER_OVERHEAD_S,
                                   sixteen_bit_accumulate=True, dequantizes_above_rows=LLAMA_CPP_MMQ_MAX_ROWS,
                                   reserves_whole_sequence=True),  # each slot's context window is allocated up front
        HF_GENERATE: hf_generate(calibration),
        VLLM_BEFORE_0_6: vllm_before_0_6(calibration),
    }


@lru_cache(maxsize=32)
def engines_of(calibration: Calibration) -> dict[str, EngineProfile]:
    """The engine profiles a calibration gives (built once per calibration)."""
    return build_engines(calibration.serving, calibration.serving_fit_sources)


ENGINE_NAMES = tuple(build_engines(PUBLISHED.serving, ()))  # every engine a scenario may name


# The engines an RL step can generate its rollouts with (`rl.engine`): the serving engines that RL frameworks drive,
# and Hugging Face generate.
ROLLOUT_ENGINE_NAMES = ("vllm", "sglang", HF_GENERATE)


def engine_admission(profile: EngineProfile) -> KvAdmission:
    """The admission an engine runs by default."""
    return KvAdmission.WHOLE_SEQUENCE if profile.reserves_whole_sequence else KvAdmission.IN_USE


def engine_profile(name: str, calibration: Calibration = PUBLISHED) -> EngineProfile:
    """The engine's profile under `calibration` (the published one unless handed another)."""
    try:
        return engines_of(calibration)[name]
    except KeyError:
        raise InputError("inference.engine", "must be one of {join}, got {name!r}",
                         join=' | '.join(ENGINE_NAMES), name=name) from None
