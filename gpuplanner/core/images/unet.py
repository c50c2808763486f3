"""A diffusion U-Net's parameters, forward FLOPs and stored activations, counted from the architecture config its
authors publish (diffusers' `UNet2DConditionModel` config.json: Stable Diffusion 1.x / 2.x, SDXL).

The count walks the blocks in the order diffusers builds them (`UNet2DConditionModel.__init__`, get_down_block /
get_mid_block / get_up_block): ResNet blocks, cross-attention transformers, down- and up-samplers, the time and
SDXL's added (text, size) embeddings. FLOPs are 2 x multiply-adds of the convolutions, linear layers and attention
matmuls at the latent size (pixels / the VAE's factor of 8); normalisations, activations and softmax are left out
(a few per cent). The parameter count is exact: it reproduces the published totals (SD 1.5 859,520,964; SDXL
2,567,463,684), which checks the walk the FLOPs follow."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gpuplanner.core.base.errors import InputError
from gpuplanner.core.base.records import record
from gpuplanner.core.images.vision import ImageModel
from gpuplanner.core.models.model import config_object

# Stable Diffusion's VAE maps 8 x 8 pixels to one latent (Rombach et al. 2022, f = 8); every SD / SDXL U-Net works
# on that latent.
VAE_DOWNSCALE = 8
# CLIP's text context: 77 tokens (Radford et al. 2021), the cross-attention keys of SD 1.x / 2.x and SDXL.
TEXT_TOKENS = 77
# Bytes kept per stored activation element: 16-bit training (bf16 / fp16 autocast).
ACTIVATION_BYTES = 2
# Elements a transformer block keeps for backward, per token and per channel, with a memory-efficient (flash)
# attention that keeps no score matrix: the inputs of its three norms and of every linear layer, q / k / v and the
# attention output, and GEGLU's 8d projection and 4d product (the per-token terms of Korthikanti et al. 2022, eq. 2,
# without the s²-sized softmax and dropout terms).
TRANSFORMER_STORED_PER_CHANNEL = 24

# U-Net training runs its math at this share of the dense peak: fit to Dell's MLPerf Training v3.1 stable_diffusion
# runs (SD 2 base U-Net at 512 px, 8 x H100 SXM, 64 images per GPU: 545.7 ms a step of 512 images, the median of
# ten runs' training-step blocks); checked on NVIDIA's submissions of the round (published-runs.json: mlperf-t31-sd2-*).
UNET_EFFICIENCY = 0.287
# The per-GPU batches (images in one pass) those runs cover: below, the kernels are small and the step's fixed costs
# show (NVIDIA's 4 and 2 images a GPU ran at 46 and 27 images/s a GPU, not ~110), so the estimate is optimistic.
UNET_MIN_FITTED_MICRO_BATCH = 32
# Worst |error| of the check runs at fitted batches (NVIDIA, 64 x H100, 32 a GPU: +7.3 %), rounded up: one round
# of one benchmark, too few independent sources for a coverage quantile (core.results.uncertainty).
UNET_BAND_PCT = 8.0
UNET_VALIDATED_ARCHITECTURES = ("Hopper",)

DOWN_BLOCKS = {"DownBlock2D": False, "CrossAttnDownBlock2D": True}
UP_BLOCKS = {"UpBlock2D": False, "CrossAttnUpBlock2D": True}
MID_BLOCKS = ("UNetMidBlock2DCrossAttn", None)


@record
class UNetArch:
    """What of a UNet2DConditionModel config the count needs."""

    name: str
    in_channels: int
    out_channels: int
    block_out_channels: tuple[int, ...]
    layers_per_block: int
    down_attention: tuple[bool, ...]
    up_attention: tuple[bool, ...]
    mid_attention: bool
    transformer_layers: tuple[int, ...]  # per resolution level
    cross_attention_dim: int
    added_embedding_inputs: int | None  # SDXL's pooled text + size ids ("text_time"), else None
    sample_size: int  # latent side the model was trained at

    @property
    def time_embed_dim(self) -> int:
        return 4 * self.block_out_channels[0]

    @property
    def native_resolution(self) -> int:
        return self.sample_size * VAE_DOWNSCALE


@dataclass
class _Tally:
    """Running sums of the walk: parameters, forward FLOPs and stored activation elements (per image)."""

    params: int = 0
    flops: float = 0.0
    stored: float = 0.0

    def conv(self, c_in: int, c_out: int, kernel: int, pixels: int) -> None:
        self.params += c_in * c_out * kernel * kernel + c_out
        self.flops += 2.0 * c_in * c_out * kernel * kernel * pixels
        self.stored += c_in * pixels

    def linear(self, n_in: int, n_out: int, rows: int = 1, bias: bool = True) -> None:
        self.params += n_in * n_out + (n_out if bias else 0)
        self.flops += 2.0 * n_in * n_out * rows

    def norm(self, channels: int) -> None:
        self.params += 2 * channels

    def resnet(self, c_in: int, c_out: int, temb: int, pixels: int) -> None:
        """ResnetBlock2D: norm, SiLU, 3x3 conv, time projection, norm, SiLU, 3x3 conv, 1x1 shortcut if widths
        differ. Stored: the input, its normed and activated copies, the same three for the second half."""
        self.norm(c_in)
        self.conv(c_in, c_out, 3, pixels)
        self.linear(temb, c_out)
        self.norm(c_out)
        self.conv(c_out, c_out, 3, pixels)
        if c_in != c_out:
            self.params += c_in * c_out + c_out
            self.flops += 2.0 * c_in * c_out * pixels
        self.stored += 2.0 * c_in * pixels + 2.0 * c_out * pixels

    def transformer(self, channels: int, layers: int, context_dim: int, pixels: int) -> None:
        """Transformer2DModel with linear projections: GroupNorm, proj_in, `layers` BasicTransformerBlocks (self-
        attention, cross-attention over the text tokens, GEGLU feed-forward of 4x width), proj_out."""
        d, tokens = channels, pixels
        self.norm(channels)
        self.linear(channels, d, tokens)
        for _ in range(layers):
            self.norm(d)
            self.linear(d, 3 * d, tokens, bias=False)  # q, k, v
            self.flops += 2.0 * 2.0 * tokens * tokens * d  # q·k and scores·v
            self.linear(d, d, tokens)
            self.norm(d)
            self.linear(d, d, tokens, bias=False)  # cross-attention q
            self.linear(context_dim, 2 * d, TEXT_TOKENS, bias=False)  # its k, v from the text
            self.flops += 2.0 * 2.0 * tokens * TEXT_TOKENS * d
            self.linear(d, d, tokens)
            self.norm(d)
            self.linear(d, 8 * d, tokens)  # GEGLU: 2 x 4d
            self.linear(4 * d, d, tokens)
            self.stored += TRANSFORMER_STORED_PER_CHANNEL * d * tokens
        self.linear(d, channels, tokens)
        self.stored += 3.0 * channels * tokens  # the norm's input and output, proj_out's input


def _names(config: dict[str, object], key: str) -> tuple[str, ...]:
    value = config.get(key)
    return tuple(str(name) for name in value) if isinstance(value, list | tuple) else ()


def _ints(config: dict[str, object], key: str, count: int, default: object = None) -> tuple[int, ...]:
    value = config.get(key, default)
    values = value if isinstance(value, list | tuple) else [value] * count
    if len(values) != count or not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in values):
        raise InputError("model.unet_config", "{key} must be a positive whole number or one per block", key=key)
    return tuple(int(v) for v in values)  # type: ignore[arg-type]


def unet_from_config(config: dict[str, object], name: str) -> UNetArch:
    """The architecture of a diffusers UNet2DConditionModel config (SD 1.x, SD 2.x, SDXL); other block types are
    refused by name, since their parts would not be counted."""
    if config.get("_class_name", "UNet2DConditionModel") != "UNet2DConditionModel":
        raise InputError("model.unet_config", "{kind} is not a UNet2DConditionModel config",
                         kind=str(config.get("_class_name")))
    channels = _ints(config, "block_out_channels", len(config.get("block_out_channels") or ()) or 1)  # type: ignore[arg-type]
    levels = len(channels)
    down, up = (_names(config, key) for key in ("down_block_types", "up_block_types"))
    if len(down) != levels or len(up) != levels:
        raise InputError("model.unet_config", "down_block_types and up_block_types need one entry per "
                         "block_out_channels entry")
    for block in (*down, *up, config.get("mid_block_type", "UNetMidBlock2DCrossAttn")):
        if block not in DOWN_BLOCKS and block not in UP_BLOCKS and block not in MID_BLOCKS:
            raise InputError("model.unet_config", "block type {block} is not counted (known: CrossAttnDownBlock2D, "
                             "DownBlock2D, CrossAttnUpBlock2D, UpBlock2D, UNetMidBlock2DCrossAttn)", block=str(block))
    cross = config.get("cross_attention_dim", 1280)
    added = config.get("addition_embed_type")
    if added not in (None, "text_time") or config.get("class_embed_type") is not None or \
            config.get("encoder_hid_dim_type") is not None or not isinstance(cross, int):
        raise InputError("model.unet_config", "only SD-style conditioning is counted (cross_attention_dim a number, "
                         "addition_embed_type none or text_time, no class or encoder projections)")
    return UNetArch(
        name=name, in_channels=_ints(config, "in_channels", 1, 4)[0],
        out_channels=_ints(config, "out_channels", 1, 4)[0], block_out_channels=channels,
        layers_per_block=_ints(config, "layers_per_block", 1, 2)[0],
        down_attention=tuple(DOWN_BLOCKS[b] for b in down), up_attention=tuple(UP_BLOCKS[b] for b in up),
        mid_attention=config.get("mid_block_type", "UNetMidBlock2DCrossAttn") is not None,
        transformer_layers=_ints(config, "transformer_layers_per_block", levels, 1), cross_attention_dim=cross,
        added_embedding_inputs=(_ints(config, "projection_class_embeddings_input_dim", 1)[0]
                                if added == "text_time" else None),
        sample_size=_ints(config, "sample_size", 1, 64)[0])


def _walk(arch: UNetArch, latent: int) -> _Tally:
    """Build the U-Net in diffusers' order at a latent side of `latent`, tallying as it goes."""
    tally = _Tally()
    temb, channels = arch.time_embed_dim, arch.block_out_channels
    tally.linear(channels[0], temb)  # time embedding: two linear layers
    tally.linear(temb, temb)
    if arch.added_embedding_inputs is not None:
        tally.linear(arch.added_embedding_inputs, temb)
        tally.linear(temb, temb)
    side = latent
    tally.conv(arch.in_channels, channels[0], 3, side * side)
    previous = channels[0]
    for level, width in enumerate(channels):
        for layer in range(arch.layers_per_block):
            tally.resnet(previous if layer == 0 else width, width, temb, side * side)
            if arch.down_attention[level]:
                tally.transformer(width, arch.transformer_layers[level], arch.cross_attention_dim, side * side)
        previous = width
        if level < len(channels) - 1:
            side = (side + 1) // 2  # stride-2 3x3 convolution
            tally.conv(width, width, 3, side * side)
    if arch.mid_attention:
        tally.resnet(channels[-1], channels[-1], temb, side * side)
        tally.transformer(channels[-1], arch.transformer_layers[-1], arch.cross_attention_dim, side * side)
        tally.resnet(channels[-1], channels[-1], temb, side * side)
    reversed_channels = channels[::-1]
    previous = reversed_channels[0]
    for index, width in enumerate(reversed_channels):
        level = len(channels) - 1 - index
        skip_in = reversed_channels[min(index + 1, len(channels) - 1)]
        for layer in range(arch.layers_per_block + 1):
            skip = skip_in if layer == arch.layers_per_block else width
            tally.resnet((previous if layer == 0 else width) + skip, width, temb, side * side)
            if arch.up_attention[index]:
                tally.transformer(width, arch.transformer_layers[level], arch.cross_attention_dim, side * side)
        previous = width
        if index < len(channels) - 1:
            side *= 2  # nearest-neighbour upsampling, then a 3x3 convolution
            tally.conv(width, width, 3, side * side)
    tally.norm(channels[0])
    tally.conv(channels[0], arch.out_channels, 3, side * side)
    return tally


def unet_params(arch: UNetArch) -> int:
    """Trainable parameters (the frozen text encoders and VAE are not the U-Net's)."""
    return _walk(arch, arch.sample_size).params


def unet_forward_flops(arch: UNetArch, resolution: int) -> float:
    """Forward FLOPs (2 x multiply-adds) of one image at `resolution` pixels a side."""
    return _walk(arch, max(1, resolution // VAE_DOWNSCALE)).flops


def unet_activation_bytes(arch: UNetArch, resolution: int) -> float:
    """16-bit activations one image keeps for backward at `resolution` pixels a side (estimated from the
    architecture: the inputs of every norm, activation, convolution and linear layer; flash attention)."""
    return _walk(arch, max(1, resolution // VAE_DOWNSCALE)).stored * ACTIVATION_BYTES


def unet_image_model(arch: UNetArch) -> ImageModel:
    """The U-Net as the image estimator's parameters-and-FLOPs model, at its native resolution."""
    resolution = arch.native_resolution
    return ImageModel(name=arch.name, params=float(unet_params(arch)),
                      gflops_fwd_per_sample=unet_forward_flops(arch, resolution) / 1e9,
                      base_resolution=resolution,
                      activation_mib_per_sample=unet_activation_bytes(arch, resolution) / 2**20,
                      math_efficiency=UNET_EFFICIENCY, unet=True)


def unet_from_config_file(path: str | Path) -> UNetArch:
    """Read a local diffusers U-Net config.json (the `unet/config.json` of a Stable Diffusion repository)."""
    path = Path(path)
    config = config_object(path, "model.unet_config")
    name = str(config.get("_name_or_path") or path.parent.parent.name or path.parent.name or "U-Net")
    return unet_from_config(config, name)
