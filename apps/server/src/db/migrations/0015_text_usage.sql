CREATE TABLE "text_usage" (
	"user_id" text PRIMARY KEY NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "text_usage" ADD CONSTRAINT "text_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Keeps text_usage equal to the UTF-8 bytes of each user's clip texts and authored room texts, in the
-- transaction of each change. octet_length reads a stored text's length without fetching the text.
CREATE FUNCTION text_usage_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed bigint := 0;
  added bigint := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    removed := octet_length(OLD.content);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    added := octet_length(NEW.content);
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.user_id = NEW.user_id THEN
    added := added - removed;
    removed := 0;
  END IF;
  IF removed <> 0 THEN
    UPDATE text_usage SET bytes = bytes - removed WHERE user_id = OLD.user_id;
  END IF;
  IF added <> 0 THEN
    INSERT INTO text_usage AS usage (user_id, bytes)
    VALUES (NEW.user_id, added)
    ON CONFLICT (user_id) DO UPDATE SET bytes = usage.bytes + EXCLUDED.bytes;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER clips_text_usage AFTER INSERT OR DELETE OR UPDATE OF content, user_id ON clips
  FOR EACH ROW EXECUTE FUNCTION text_usage_apply();
--> statement-breakpoint
CREATE TRIGGER room_content_text_usage AFTER INSERT OR DELETE OR UPDATE OF content, user_id ON room_content
  FOR EACH ROW EXECUTE FUNCTION text_usage_apply();
--> statement-breakpoint
INSERT INTO text_usage (user_id, bytes)
SELECT user_id, sum(bytes)
  FROM (SELECT user_id, octet_length(content) AS bytes FROM clips
        UNION ALL
        SELECT user_id, octet_length(content) FROM room_content) AS texts
 GROUP BY user_id
HAVING sum(bytes) > 0;
