-- Keeps clip_counts equal to a count over the user's non-draft clips, in the transaction of each change.
-- A row contributes (1, is_favorite, not has_files) while it is not a draft; an update takes the old
-- contribution off and puts the new one on, and only runs when one of the counted columns changed.
CREATE FUNCTION clip_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.is_draft THEN
    UPDATE clip_counts
       SET total = total - 1,
           favorites = favorites - OLD.is_favorite::int,
           text_only = text_only - (NOT OLD.has_files)::int
     WHERE user_id = OLD.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.is_draft THEN
    INSERT INTO clip_counts AS counts (user_id, total, favorites, text_only)
    VALUES (NEW.user_id, 1, NEW.is_favorite::int, (NOT NEW.has_files)::int)
    ON CONFLICT (user_id) DO UPDATE
       SET total = counts.total + 1,
           favorites = counts.favorites + EXCLUDED.favorites,
           text_only = counts.text_only + EXCLUDED.text_only;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER clips_counts_insert_delete AFTER INSERT OR DELETE ON clips
  FOR EACH ROW EXECUTE FUNCTION clip_counts_apply();
--> statement-breakpoint
CREATE TRIGGER clips_counts_update AFTER UPDATE ON clips
  FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id
     OR OLD.is_draft IS DISTINCT FROM NEW.is_draft
     OR OLD.is_favorite IS DISTINCT FROM NEW.is_favorite
     OR OLD.has_files IS DISTINCT FROM NEW.has_files)
  EXECUTE FUNCTION clip_counts_apply();
--> statement-breakpoint
INSERT INTO clip_counts (user_id, total, favorites, text_only)
SELECT user_id, count(*), count(*) FILTER (WHERE is_favorite), count(*) FILTER (WHERE NOT has_files)
  FROM clips
 WHERE NOT is_draft
 GROUP BY user_id;
