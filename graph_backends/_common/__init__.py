"""Code every backend shares: record decoding, BM25 arithmetic, the κ_max cache."""
