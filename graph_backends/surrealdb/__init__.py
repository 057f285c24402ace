"""SurrealDB through its SDK: the repository, its fact and recall halves, SurrealQL in
`surrealql/`."""
