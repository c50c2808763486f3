"""The estimation core: pure Python + numpy. Imports nothing from Qt, SQLite or the rest of the app."""
