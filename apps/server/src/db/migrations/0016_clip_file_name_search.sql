-- Clip search matches the names of a clip's files as well as its text: the names are kept on the clip
-- (one a line, written with has_files by every file change) so one trigram index within the user serves both.
DROP INDEX "clips_user_content_trgm_idx";--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "file_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "clips" SET "file_names" = (
  SELECT string_agg("name", E'\n' ORDER BY "created_at", "id") FROM "clip_files" WHERE "clip_id" = "clips"."id"
) WHERE "has_files";--> statement-breakpoint
CREATE INDEX "clips_user_search_trgm_idx" ON "clips" USING gin ("user_id","content" gin_trgm_ops,"file_names" gin_trgm_ops);
