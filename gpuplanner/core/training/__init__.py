"""Training: the workload, memory, step time, layout search, collectives, FLOPs and goodput."""
