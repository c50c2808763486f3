"""Results: the typed records the core answers with, their JSON export and the bands they print."""
