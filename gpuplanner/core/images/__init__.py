"""Image models: CNN, ViT and DiT training from parameters and FLOPs, diffusion U-Nets."""
