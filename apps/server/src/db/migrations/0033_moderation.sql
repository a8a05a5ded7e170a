CREATE TABLE "content_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text
);
--> statement-breakpoint
CREATE TABLE "takedowns" (
	"id" text PRIMARY KEY NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"reason" text NOT NULL,
	"taken_down_by" text,
	"taken_down_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedowns" ADD CONSTRAINT "takedowns_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedowns" ADD CONSTRAINT "takedowns_taken_down_by_users_id_fk" FOREIGN KEY ("taken_down_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_reports_item_idx" ON "content_reports" USING btree ("item_kind","item_id");--> statement-breakpoint
CREATE INDEX "content_reports_open_idx" ON "content_reports" USING btree ("created_at") WHERE "content_reports"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "takedowns_in_force_unique" ON "takedowns" USING btree ("item_kind","item_id") WHERE "takedowns"."restored_at" is null;--> statement-breakpoint
CREATE INDEX "takedowns_owner_idx" ON "takedowns" USING btree ("owner_id");