"""Neo4j 5: the repository with tenancy by property, its fact and recall halves."""
