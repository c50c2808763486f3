"""Model architectures: parameter counts, FLOPs, adapters and memory-bound operators."""
