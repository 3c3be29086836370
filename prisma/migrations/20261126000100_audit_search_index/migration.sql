-- The Audit Log's text search on an index (docs/decisions/0056-indexed-audit-search.md): an FTS5
-- table of each event's "searchText" under the event's own rowid, with the trigram tokenizer
-- (every three characters a token, ASCII and Unicode case folded). It only narrows the rows a
-- search reads; the search still tests "searchText" LIKE '%q%' on each, so its answers are the
-- scan's. Kept in step by triggers on "AuditEvent": every insert, update of "searchText" and
-- delete, including the rows a shop's deletion cascades to. A migration that rebuilds
-- "AuditEvent" (CREATE new_AuditEvent, copy, DROP, RENAME) drops these triggers and renumbers
-- the rows: it must create them again and refill the table as below.
CREATE VIRTUAL TABLE "AuditSearch" USING fts5(
    "searchText",
    tokenize = 'trigram case_sensitive 0',
    detail = 'none',
    columnsize = 0
);

-- the events recorded so far
INSERT INTO "AuditSearch" (rowid, "searchText") SELECT rowid, "searchText" FROM "AuditEvent";

CREATE TRIGGER "AuditEvent_search_insert" AFTER INSERT ON "AuditEvent" BEGIN
    INSERT OR REPLACE INTO "AuditSearch" (rowid, "searchText") VALUES (NEW.rowid, NEW."searchText");
END;

CREATE TRIGGER "AuditEvent_search_update" AFTER UPDATE OF "searchText" ON "AuditEvent" BEGIN
    INSERT OR REPLACE INTO "AuditSearch" (rowid, "searchText") VALUES (NEW.rowid, NEW."searchText");
END;

CREATE TRIGGER "AuditEvent_search_delete" AFTER DELETE ON "AuditEvent" BEGIN
    DELETE FROM "AuditSearch" WHERE rowid = OLD.rowid;
END;
