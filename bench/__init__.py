"""Benchmarks: one suite a module, run as `python -m bench.<suite>` (see bench/README.md)."""
