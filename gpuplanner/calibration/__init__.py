"""Calibration as a value: the record of fitted constants the estimator takes (record.py), the published fit it
defaults to (published.py, from the generated published_fit.py), and what each constant was fitted on."""
