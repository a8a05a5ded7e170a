DROP INDEX "clips_content_trgm_idx";--> statement-breakpoint
CREATE INDEX "clips_user_content_trgm_idx" ON "clips" USING gin ("user_id","content" gin_trgm_ops);