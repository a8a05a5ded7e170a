-- The room content filters' counts read indexes: `type` beside the room, and the search's text and file
-- names through trigrams within the room (pg_trgm and btree_gin, as clips search within one user's clips).
CREATE INDEX "room_content_room_type_idx" ON "room_content" USING btree ("room_id","type");--> statement-breakpoint
CREATE INDEX "room_content_room_search_trgm_idx" ON "room_content" USING gin ("room_id","content" gin_trgm_ops,"file_name" gin_trgm_ops);
