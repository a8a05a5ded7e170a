ALTER TABLE "desktops" ADD COLUMN "items_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A desktop's answer is remembered under this number (desktop.service getDesktop): every write to its blocks,
-- from any node or path, moves it on in the write's own transaction, so reading it is one column of the
-- desktop's row instead of a pass over its 500 blocks.
CREATE FUNCTION desktop_items_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE desktops SET items_version = items_version + 1 WHERE id = OLD.desktop_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.desktop_id IS DISTINCT FROM OLD.desktop_id) THEN
    UPDATE desktops SET items_version = items_version + 1 WHERE id = NEW.desktop_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER desktop_items_version AFTER INSERT OR UPDATE OR DELETE ON desktop_items
  FOR EACH ROW EXECUTE FUNCTION desktop_items_version_bump();
