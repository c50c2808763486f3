"""The closed vocabularies a scenario and its answer share: what is done with the model, how a plan gets its GPUs,
and why a GPU has no plan. String enums: each member is its word in files, JSON and the CLI."""

from __future__ import annotations

from enum import StrEnum


class Task(StrEnum):
    PRETRAIN = "pretrain"
    FINETUNE = "finetune"
    LORA = "lora"
    QLORA = "qlora"
    INFERENCE = "inference"
    VISION = "vision"  # image classification training (CNN, ViT)
    DIFFUSION = "diffusion"  # diffusion model training (U-Net, DiT)


class Deployment(StrEnum):
    """How a plan gets its GPUs."""

    ON_PREM = "on-prem"  # bought
    CLOUD = "cloud"  # rented


class Rejection(StrEnum):
    """Why a GPU has no plan at all."""

    PRICE = "price"  # nothing to price the deployment by
    INPUT = "input"  # the job cannot be estimated on it (the reason says what)
    MEMORY = "memory"  # no layout fits at any count searched
    FIGURE = "figure"  # the catalog lacks a figure the estimate needs
