"""Estimates: one scenario evaluated for its task (training, serving, image models, RL) and the parts they share."""
