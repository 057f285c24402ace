"""Repository methods written once, above the storage seam (issue 52).

A backend provides what only it can be — its query files, a runner of named reads
(`seam.RunsNamedReads`), its atomic writes, capability flags and its quirks — and the mixins
here implement contract methods over that runner, so no backend holds its own copy. Moved so
far: the walks (`walks`: `neighbourhood`, `traverse`), edge reads (`edge_reads`), the rows of a
fact write (`fact_writes`), and recall's reads that are one named read each (`recall_reads`)."""
