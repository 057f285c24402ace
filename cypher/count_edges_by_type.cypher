// Number of memory–memory edges of each type.
// params:
MATCH (:Memory)-[r]->(:Memory)
RETURN type(r) AS type, count(r) AS n
