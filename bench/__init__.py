"""Benchmarks: scripts run as `python bench/<name>.py` (see bench/README.md)."""
