ALTER TABLE "clip_counts" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The counts' trigger (0004) also moves the user's version, at every change of one of their clips, in the
-- change's transaction: an answer of their history remembered under a version stays true until it moves.
-- An update that keeps its account applies its difference in one UPDATE; a draft's first write makes the
-- user's row (zeros), so that its later changes move a version too.
CREATE OR REPLACE FUNCTION clip_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.user_id = NEW.user_id THEN
    UPDATE clip_counts
       SET total = total + (NOT NEW.is_draft)::int - (NOT OLD.is_draft)::int,
           favorites = favorites + (NOT NEW.is_draft AND NEW.is_favorite)::int
                                 - (NOT OLD.is_draft AND OLD.is_favorite)::int,
           text_only = text_only + (NOT NEW.is_draft AND NOT NEW.has_files)::int
                                 - (NOT OLD.is_draft AND NOT OLD.has_files)::int,
           version = version + 1
     WHERE user_id = NEW.user_id;
    IF FOUND THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE clip_counts
       SET total = total - (NOT OLD.is_draft)::int,
           favorites = favorites - (NOT OLD.is_draft AND OLD.is_favorite)::int,
           text_only = text_only - (NOT OLD.is_draft AND NOT OLD.has_files)::int,
           version = version + 1
     WHERE user_id = OLD.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO clip_counts AS counts (user_id, total, favorites, text_only, version)
    VALUES (NEW.user_id, (NOT NEW.is_draft)::int, (NOT NEW.is_draft AND NEW.is_favorite)::int,
            (NOT NEW.is_draft AND NOT NEW.has_files)::int, 1)
    ON CONFLICT (user_id) DO UPDATE
       SET total = counts.total + EXCLUDED.total,
           favorites = counts.favorites + EXCLUDED.favorites,
           text_only = counts.text_only + EXCLUDED.text_only,
           version = counts.version + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- PostgreSQL fires a table's AFTER triggers in the order of their names. Now that every change of a clip
-- writes the user's counts row, the counts' triggers are named to fire after clips_text_usage, so that every
-- write takes the user's rows in one order: text_usage (and users), then clip_counts. A file write takes
-- text_usage first (its quota's turn), then changes the clip: a save or a create taking clip_counts first
-- would deadlock against it.
DROP TRIGGER clips_counts_update ON clips;
--> statement-breakpoint
DROP TRIGGER clips_counts_insert_delete ON clips;
--> statement-breakpoint
CREATE TRIGGER clips_versioned_counts_insert_delete AFTER INSERT OR DELETE ON clips
  FOR EACH ROW EXECUTE FUNCTION clip_counts_apply();
--> statement-breakpoint
CREATE TRIGGER clips_versioned_counts_update AFTER UPDATE ON clips
  FOR EACH ROW EXECUTE FUNCTION clip_counts_apply();
