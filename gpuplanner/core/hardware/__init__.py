"""Hardware: the accelerator types the estimator reasons about."""
