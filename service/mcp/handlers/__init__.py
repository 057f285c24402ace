"""The tool handlers, one module per concern: writes to memories (`memories`), recall and what
is built on it (`recall`), the graph read as it is (`graph`), core memories and the org
(`core`). Each takes the tenant's `MemoryTools` and its validated arguments and answers a
JSON-ready `Result`."""
