ALTER TABLE "users" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stored_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_last_seen_idx" ON "users" USING btree ("last_seen_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_stored_bytes_idx" ON "users" USING btree ("stored_bytes" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- users.stored_bytes follows every change of what the storage quota sums (lib/storage-quota.ts), in the
-- transaction of the change. Only UPDATEs of users: while an account is deleted its row may go before the
-- cascade reaches its files, and the update then simply matches nothing.
CREATE FUNCTION users_stored_bytes_add(account text, delta bigint) RETURNS void LANGUAGE sql AS $$
  UPDATE users SET stored_bytes = stored_bytes + delta WHERE id = account AND delta <> 0;
$$;
--> statement-breakpoint
CREATE FUNCTION users_stored_bytes_from_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM users_stored_bytes_add(OLD.user_id, -OLD.bytes);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM users_stored_bytes_add(NEW.user_id, NEW.bytes);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER text_usage_stored_bytes AFTER INSERT OR DELETE OR UPDATE OF bytes, user_id ON text_usage
  FOR EACH ROW EXECUTE FUNCTION users_stored_bytes_from_text();
--> statement-breakpoint
CREATE FUNCTION users_stored_bytes_from_clip_file() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM users_stored_bytes_add(OLD.user_id, -OLD.size);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM users_stored_bytes_add(NEW.user_id, NEW.size);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER clip_files_stored_bytes AFTER INSERT OR DELETE OR UPDATE OF size, user_id ON clip_files
  FOR EACH ROW EXECUTE FUNCTION users_stored_bytes_from_clip_file();
--> statement-breakpoint
-- A room's file counts for the member who put it there, as the quota counts it (only rows with a stored file).
CREATE FUNCTION users_stored_bytes_from_room_file() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.storage_key IS NOT NULL THEN
    PERFORM users_stored_bytes_add(OLD.user_id, -coalesce(OLD.file_size, 0));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.storage_key IS NOT NULL THEN
    PERFORM users_stored_bytes_add(NEW.user_id, coalesce(NEW.file_size, 0));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER room_content_stored_bytes AFTER INSERT OR DELETE OR UPDATE OF file_size, storage_key, user_id
  ON room_content FOR EACH ROW EXECUTE FUNCTION users_stored_bytes_from_room_file();
--> statement-breakpoint
-- A desktop block (its file and its text) counts for the desktop's owner; a LAN desktop has none.
CREATE FUNCTION users_stored_bytes_from_desktop_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM users_stored_bytes_add(owner_id, -(coalesce(OLD.file_size, 0) + octet_length(OLD.content)))
      FROM desktops WHERE id = OLD.desktop_id AND owner_id IS NOT NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM users_stored_bytes_add(owner_id, coalesce(NEW.file_size, 0) + octet_length(NEW.content))
      FROM desktops WHERE id = NEW.desktop_id AND owner_id IS NOT NULL;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER desktop_items_stored_bytes AFTER INSERT OR DELETE OR UPDATE OF file_size, content, desktop_id
  ON desktop_items FOR EACH ROW EXECUTE FUNCTION users_stored_bytes_from_desktop_item();
--> statement-breakpoint
UPDATE users SET stored_bytes = totals.bytes
  FROM (SELECT user_id, sum(bytes) AS bytes
          FROM (SELECT user_id, bytes FROM text_usage
                UNION ALL SELECT user_id, size FROM clip_files
                UNION ALL SELECT user_id, coalesce(file_size, 0) FROM room_content WHERE storage_key IS NOT NULL
                UNION ALL SELECT d.owner_id, coalesce(i.file_size, 0) + octet_length(i.content)
                            FROM desktop_items i JOIN desktops d ON d.id = i.desktop_id
                           WHERE d.owner_id IS NOT NULL) AS stored
         GROUP BY user_id) AS totals
 WHERE users.id = totals.user_id;
--> statement-breakpoint
-- Until an account calls again, its newest device's last seen is the best answer there is.
UPDATE users SET last_seen_at = seen.at
  FROM (SELECT user_id, max(last_seen_at) AS at FROM devices GROUP BY user_id) AS seen
 WHERE users.id = seen.user_id;
