"""Measure the activation memory a CNN keeps for backward, per image, with PyTorch autograd's saved-tensor
hooks (distinct storages counted once). Prints parameters and MiB per sample for the catalog's CNN presets.

Run in any environment with torch (CPU is enough):  python scripts/measure_cnn_activations.py
Architectures follow the papers (He et al. 2016 Table 1; Tan & Le 2019 Table 1) and reproduce torchvision's
parameter counts exactly, which the script checks."""

from __future__ import annotations

import torch
from torch import nn


def conv_bn(cin: int, cout: int, k: int, stride: int = 1, groups: int = 1, act: type[nn.Module] | None = nn.ReLU):
    layers: list[nn.Module] = [nn.Conv2d(cin, cout, k, stride, k // 2, groups=groups, bias=False), nn.BatchNorm2d(cout)]
    if act is not None:
        layers.append(act())
    return nn.Sequential(*layers)


class Bottleneck(nn.Module):
    def __init__(self, cin: int, width: int, stride: int) -> None:
        super().__init__()
        cout = width * 4
        self.body = nn.Sequential(conv_bn(cin, width, 1), conv_bn(width, width, 3, stride),
                                  conv_bn(width, cout, 1, act=None))
        self.down = conv_bn(cin, cout, 1, stride, act=None) if stride != 1 or cin != cout else nn.Identity()
        self.relu = nn.ReLU()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.relu(self.body(x) + self.down(x))


def resnet50() -> nn.Module:
    layers: list[nn.Module] = [conv_bn(3, 64, 7, 2), nn.MaxPool2d(3, 2, 1)]
    cin = 64
    for width, blocks, stride in ((64, 3, 1), (128, 4, 2), (256, 6, 2), (512, 3, 2)):
        for index in range(blocks):
            layers.append(Bottleneck(cin, width, stride if index == 0 else 1))
            cin = width * 4
    layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(2048, 1000)]
    return nn.Sequential(*layers)


class SqueezeExcite(nn.Module):
    def __init__(self, channels: int, reduced: int) -> None:
        super().__init__()
        self.gate = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Conv2d(channels, reduced, 1), nn.SiLU(),
                                  nn.Conv2d(reduced, channels, 1), nn.Sigmoid())

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * self.gate(x)


class MBConv(nn.Module):
    def __init__(self, cin: int, cout: int, expand: int, k: int, stride: int) -> None:
        super().__init__()
        mid = cin * expand
        layers: list[nn.Module] = [] if expand == 1 else [conv_bn(cin, mid, 1, act=nn.SiLU)]
        layers += [conv_bn(mid, mid, k, stride, groups=mid, act=nn.SiLU), SqueezeExcite(mid, max(1, cin // 4)),
                   conv_bn(mid, cout, 1, act=None)]
        self.body = nn.Sequential(*layers)
        self.residual = stride == 1 and cin == cout

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.body(x) if self.residual else self.body(x)


def efficientnet_b0() -> nn.Module:
    layers: list[nn.Module] = [conv_bn(3, 32, 3, 2, act=nn.SiLU)]
    cin = 32
    for expand, k, stride, cout, repeats in ((1, 3, 1, 16, 1), (6, 3, 2, 24, 2), (6, 5, 2, 40, 2), (6, 3, 2, 80, 3),
                                             (6, 5, 1, 112, 3), (6, 5, 2, 192, 4), (6, 3, 1, 320, 1)):
        for index in range(repeats):
            layers.append(MBConv(cin, cout, expand, k, stride if index == 0 else 1))
            cin = cout
    layers += [conv_bn(320, 1280, 1, act=nn.SiLU), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(1280, 1000)]
    return nn.Sequential(*layers)


def saved_activation_bytes(model: nn.Module, resolution: int, dtype: torch.dtype) -> int:
    model = model.to(dtype).train()
    storages: dict[int, int] = {}
    parameters = {p.data_ptr() for p in model.parameters()}

    def pack(tensor: torch.Tensor) -> torch.Tensor:
        pointer = tensor.untyped_storage().data_ptr()
        if pointer not in parameters:
            storages[pointer] = tensor.untyped_storage().nbytes()
        return tensor

    image = torch.randn(1, 3, resolution, resolution, dtype=dtype)
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda tensor: tensor):
        model(image).sum().backward()
    return sum(storages.values())


def main() -> None:
    print(f"torch {torch.__version__}; one 224x224 image; bf16 weights and activations")
    for name, build, published in (("resnet-50", resnet50, 25_557_032), ("efficientnet-b0", efficientnet_b0,
                                                                         5_288_548)):
        model = build()
        params = sum(p.numel() for p in model.parameters())
        assert params == published, f"{name}: {params} parameters, torchvision has {published}"
        mib = saved_activation_bytes(model, 224, torch.bfloat16) / 2**20
        print(f"{name}: {params:,} parameters (matches torchvision), {mib:.1f} MiB activations per image")


if __name__ == "__main__":
    main()
