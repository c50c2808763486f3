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
    RL = "rl"  # RL post-training of a language model: GRPO, PPO (rollouts by a serving engine) or DPO (offline)


class RlAlgorithm(StrEnum):
    """The RL post-training algorithm (`rl.algorithm`)."""

    GRPO = "grpo"  # group-relative advantages over samples of one prompt, no critic (Shao et al. 2024, DeepSeekMath)
    PPO = "ppo"  # a critic (value model) trained beside the policy (Ouyang et al. 2022)
    DPO = "dpo"  # offline: chosen and rejected responses given, no rollout (Rafailov et al. 2023)


class RlPlacement(StrEnum):
    """Where an RL step's rollout engine runs (`rl.placement`)."""

    COLOCATED = "colocated"  # on the training GPUs, time-sharing their memory (verl's hybrid engine, TRL)
    SEPARATE = "separate"  # on GPUs of its own (OpenRLHF's and verl's split placement)


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
