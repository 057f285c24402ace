// Full-text index over each fact's "subject predicate object" text (the fact full-text leg).
// params:
CREATE FULLTEXT INDEX FOR (f:Fact) ON (f.text)
