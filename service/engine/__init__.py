"""The pure engine: scores, lifecycle, supersession, fact planning and time, conflict hints,
auto-link rules, summaries and the engine settings. No I/O: time, randomness and configuration
come in as arguments; it imports only `schema`, the standard library and pydantic."""
