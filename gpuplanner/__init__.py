"""GPU Planner: which GPU servers to buy or rent for an AI job, how it runs, what it costs."""

# The one place the version is written: pyproject.toml reads it (setuptools dynamic metadata), the app shows it
# (a static string: no importlib.metadata lookup at start-up).
__version__ = "0.1.0"
