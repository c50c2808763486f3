"""GPU Planner: which GPU servers to buy or rent for an AI job, how it runs, what it costs."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("gpuplanner")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"
