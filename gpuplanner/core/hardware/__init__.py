"""Hardware: the accelerator types the estimator reasons about and the scale-up fabrics that join them."""
