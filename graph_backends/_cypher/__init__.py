"""The Cypher repository code FalkorDB and Neo4j share, once."""
