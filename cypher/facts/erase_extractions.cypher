// Erasure (docs/adr/0018): delete the fact-extraction records of the memories (a failure's
// error may quote the model's reply); how many went.
// params: ids
UNWIND $ids AS id
MATCH (r:Extraction {memory_id: id})
WITH collect(r) AS gone
FOREACH (x IN gone | DELETE x)
RETURN size(gone) AS n
