-- btree_gin lets one GIN index hold the owner's id beside the text's trigrams, so a search looks only at
-- the searcher's clips however many other users the server has. Trusted since PostgreSQL 13, like pg_trgm.
CREATE EXTENSION IF NOT EXISTS btree_gin;
