"""Repository methods written once, above the storage seam (issue 52).

A backend provides what only it can be — its query files, a runner of named reads
(`seam.RunsNamedReads`), a runner of atomic write steps (`seam.RunsWriteSteps`), how it packs
memories and edges into those steps, capability flags and its quirks — and the mixins here
implement contract methods over those runners, so no backend holds its own copy. Moved so far:
the walks (`walks`: `neighbourhood`, `traverse`), edge reads (`edge_reads`), the memory and
edge writes (`memory_writes`: `store_memories`, `link`, `unlink`, `update_memories`, the
cascade and reactivation writes), forgotten records, tombstones and configuration writes
(`lifecycle_records`), the rows of a fact write (`fact_writes`), and recall's reads that are
one named read each (`recall_reads`)."""
