// Range index on forgotten memories' ids (the archive the forgetting sweep keeps).
// params:
CREATE INDEX FOR (a:ForgottenMemory) ON (a.id)
