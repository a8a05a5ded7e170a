CREATE TABLE "clip_views" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clip_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"clip_id" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"device" text NOT NULL,
	"browser" text NOT NULL,
	"viewer_id" text,
	"spent_view" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "share_id" text;--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "share_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "share_max_views" integer;--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "share_views_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "share_spent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "share_password_hash" text;--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "share_state" text;--> statement-breakpoint
ALTER TABLE "clip_views" ADD CONSTRAINT "clip_views_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clip_views" ADD CONSTRAINT "clip_views_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clip_views_clip_idx" ON "clip_views" USING btree ("clip_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "clips_share_id_idx" ON "clips" USING btree ("share_id");--> statement-breakpoint
CREATE INDEX "clips_share_expiry_idx" ON "clips" USING btree ("share_expires_at") WHERE "clips"."share_expires_at" is not null and "clips"."share_state" is null;--> statement-breakpoint
CREATE INDEX "clips_share_spent_idx" ON "clips" USING btree ("share_spent_at") WHERE "clips"."share_spent_at" is not null and "clips"."share_state" is null;--> statement-breakpoint
-- Every link already handed out (/clips/<clip id>) keeps working: a clip's share id starts as its own id.
UPDATE "clips" SET "share_id" = "id";--> statement-breakpoint
-- ...and so does every clip made from now on, whichever path inserts it; only the owner's DELETE (null)
-- and a later PUT (a new random id) of /api/clipboard/:id/share change it.
CREATE FUNCTION clips_default_share_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.share_id := coalesce(NEW.share_id, NEW.id);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER clips_default_share_id BEFORE INSERT ON "clips"
  FOR EACH ROW EXECUTE FUNCTION clips_default_share_id();
