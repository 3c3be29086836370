-- The Audit Log's text search on an index (docs/decisions/0056-indexed-audit-search.md): a GIN
-- trigram index (pg_trgm, shipped with PostgreSQL, trusted: the database's owner may create it)
-- serves "searchText" LIKE '%q%' itself, so the query and its answers stay the scan's. The index
-- is built over the rows there are now and kept in step by PostgreSQL with every write.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "AuditEvent_searchText_trgm_idx" ON "AuditEvent" USING GIN ("searchText" gin_trgm_ops);
