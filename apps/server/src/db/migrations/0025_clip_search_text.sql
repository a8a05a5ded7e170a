-- Clip search reads a stored lowercased copy of the text and file names (empty for an encrypted clip), under
-- its own trigram index: a LIKE on the copy instead of an ILIKE lowercasing every candidate row. Adding the
-- column rewrites the clips table once.
DROP INDEX "clips_user_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "search_text" text GENERATED ALWAYS AS (case when "clips"."encrypted" then '' else lower("clips"."content" || E'\n' || "clips"."file_names") end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "clips_user_search_text_trgm_idx" ON "clips" USING gin ("user_id","search_text" gin_trgm_ops);