CREATE TABLE "device_sends" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"from_device_id" text,
	"from_name" text NOT NULL,
	"to_device_id" text NOT NULL,
	"text" text,
	"clip_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"acked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "receive_policy" text DEFAULT 'ask' NOT NULL;--> statement-breakpoint
ALTER TABLE "device_sends" ADD CONSTRAINT "device_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_sends" ADD CONSTRAINT "device_sends_from_device_id_devices_id_fk" FOREIGN KEY ("from_device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_sends" ADD CONSTRAINT "device_sends_to_device_id_devices_id_fk" FOREIGN KEY ("to_device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_sends" ADD CONSTRAINT "device_sends_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_sends_to_idx" ON "device_sends" USING btree ("to_device_id","created_at");--> statement-breakpoint
CREATE INDEX "device_sends_redeliver_idx" ON "device_sends" USING btree ("delivered_at");--> statement-breakpoint
CREATE INDEX "device_sends_expires_idx" ON "device_sends" USING btree ("expires_at");--> statement-breakpoint
-- The text a send holds while it waits counts in its sender's text_usage (the storage quota), as clip text
-- does (0015): added on insert, taken back when it is cleared (acknowledged) or the row goes.
CREATE FUNCTION device_sends_text_usage() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    delta := delta - coalesce(octet_length(OLD.text), 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    delta := delta + coalesce(octet_length(NEW.text), 0);
  END IF;
  -- Bytes taken back only ever update the row (as 0015 does): while a user is deleted, text_usage may be gone
  -- before the cascade reaches device_sends, and an insert would then name a user that no longer exists.
  IF delta < 0 THEN
    UPDATE text_usage SET bytes = bytes + delta WHERE user_id = coalesce(NEW.user_id, OLD.user_id);
  ELSIF delta > 0 THEN
    INSERT INTO text_usage AS usage (user_id, bytes)
    VALUES (NEW.user_id, delta)
    ON CONFLICT (user_id) DO UPDATE SET bytes = usage.bytes + EXCLUDED.bytes;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER device_sends_text_usage AFTER INSERT OR DELETE OR UPDATE OF text ON device_sends
  FOR EACH ROW EXECUTE FUNCTION device_sends_text_usage();
