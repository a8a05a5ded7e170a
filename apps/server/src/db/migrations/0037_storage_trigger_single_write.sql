-- The stored-bytes triggers of 0035 took an UPDATE as "remove the old bytes, add the new": two UPDATEs of the
-- same users row in one statement, even when nothing changed (a writer taking its storage turn sets
-- text_usage.bytes = bytes). An update that keeps its account now applies one difference, and none at all
-- when the bytes are unchanged; only a row moving to another account touches both accounts.
CREATE OR REPLACE FUNCTION users_stored_bytes_move(old_account text, old_bytes bigint, new_account text, new_bytes bigint)
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF old_account IS NOT DISTINCT FROM new_account THEN
    PERFORM users_stored_bytes_add(new_account, new_bytes - old_bytes);
  ELSE
    PERFORM users_stored_bytes_add(old_account, -old_bytes);
    PERFORM users_stored_bytes_add(new_account, new_bytes);
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_stored_bytes_from_text() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_account text;
  old_bytes bigint := 0;
  new_account text;
  new_bytes bigint := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    old_account := OLD.user_id;
    old_bytes := OLD.bytes;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    new_account := NEW.user_id;
    new_bytes := NEW.bytes;
  END IF;
  PERFORM users_stored_bytes_move(old_account, old_bytes, new_account, new_bytes);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_stored_bytes_from_clip_file() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_account text;
  old_bytes bigint := 0;
  new_account text;
  new_bytes bigint := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    old_account := OLD.user_id;
    old_bytes := OLD.size;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    new_account := NEW.user_id;
    new_bytes := NEW.size;
  END IF;
  PERFORM users_stored_bytes_move(old_account, old_bytes, new_account, new_bytes);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A room's file counts for the member who put it there, as the quota counts it (only rows with a stored file).
CREATE OR REPLACE FUNCTION users_stored_bytes_from_room_file() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_account text;
  old_bytes bigint := 0;
  new_account text;
  new_bytes bigint := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.storage_key IS NOT NULL THEN
    old_account := OLD.user_id;
    old_bytes := coalesce(OLD.file_size, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.storage_key IS NOT NULL THEN
    new_account := NEW.user_id;
    new_bytes := coalesce(NEW.file_size, 0);
  END IF;
  PERFORM users_stored_bytes_move(old_account, old_bytes, new_account, new_bytes);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A desktop block (its file and its text) counts for the desktop's owner; a LAN desktop has none.
CREATE OR REPLACE FUNCTION users_stored_bytes_from_desktop_item() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_account text;
  old_bytes bigint := 0;
  new_account text;
  new_bytes bigint := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT owner_id INTO old_account FROM desktops WHERE id = OLD.desktop_id;
    old_bytes := coalesce(OLD.file_size, 0) + octet_length(OLD.content);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT owner_id INTO new_account FROM desktops WHERE id = NEW.desktop_id;
    new_bytes := coalesce(NEW.file_size, 0) + octet_length(NEW.content);
  END IF;
  PERFORM users_stored_bytes_move(old_account, old_bytes, new_account, new_bytes);
  RETURN NULL;
END;
$$;
