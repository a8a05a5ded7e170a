-- Trigram matching for the clip search (ILIKE '%term%'), which a b-tree index cannot serve.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it without superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
